"""Signals -> exceptions and exit codes: Ctrl-C and SIGTERM stop every command the same clean way.

Python turns Ctrl-C (SIGINT) into KeyboardInterrupt, but SIGTERM (what `kill`, systemd and CI runners
send) kills the process on the spot: no report, no cleanup, worker processes left behind. `catch_signals`
makes SIGTERM raise `Terminated`, a KeyboardInterrupt, so every path that stops cleanly on Ctrl-C (the
runners stop their workers and keep the games finished so far) does the same on SIGTERM; `exit_code`
then tells which signal it was, by the shell's convention: 130 for SIGINT, 143 for SIGTERM. A second
signal while the first is handled stops the process at once, without the report.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading

SIGINT_EXIT = 128 + signal.SIGINT  # 130
SIGTERM_EXIT = 128 + signal.SIGTERM  # 143

_received: list[int] = []  # the signals that stopped this command, first first


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived; handled wherever Ctrl-C is."""


def _stop_now() -> None:
    """A second signal while the first is being handled: the user wants out, report or not. Worker
    processes are already gone (the runners stop them with signals held) or die with their parent."""
    try:
        os.write(2, b"\nstopped\n")
    finally:
        os._exit(exit_code())


def _on_sigterm(signum: int, _frame) -> None:
    again = bool(_received)
    _received.append(signum)
    if again:
        _stop_now()
    raise Terminated()


def _on_sigint(signum: int, frame) -> None:
    again = bool(_received)
    _received.append(signum)
    if again:
        _stop_now()
    signal.default_int_handler(signum, frame)


def catch_signals() -> None:
    """Route SIGINT and SIGTERM through KeyboardInterrupt (only the main thread may set handlers)."""
    _received.clear()
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # a background job that ignores Ctrl-C keeps doing so
        signal.signal(signal.SIGINT, _on_sigint)
    signal.signal(signal.SIGTERM, _on_sigterm)


def exit_code() -> int:
    """The exit status of a command stopped by a signal: 143 after SIGTERM, else 130."""
    return SIGTERM_EXIT if signal.SIGTERM in _received else SIGINT_EXIT


def leave_if_interrupted(code: int | None) -> None:
    """After a command stopped by a signal: flush what it printed and leave at once, with its code.
    Python's own shutdown takes a moment and puts the default handlers back first, so a second Ctrl-C
    then would kill the process by the signal (status -2) instead of exiting 130."""
    if code not in (SIGINT_EXIT, SIGTERM_EXIT):
        return
    gc.collect()  # a stopped pool's queues release their semaphores (else multiprocessing warns of leaks)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)
