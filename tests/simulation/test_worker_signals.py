"""A signal that reaches a `--jobs` worker in the instant after it was forked, before it set its own handlers.

A forked worker starts as a copy of the command, with the command's handlers (Ctrl-C and SIGTERM raise
KeyboardInterrupt there). A signal handled in that instant raised outside multiprocessing's guard, and the
worker went on as a second copy of the command (in the suite, a pool stopped at once sent its new worker
SIGTERM: the suite hung waiting for a worker that had lost it). Here each run is a real command whose
fork sends the new worker the signal itself, as soon as it exists; the command must give one report, and stop
cleanly, however its workers were hit."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.process_groups import checkout_env, finish

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux only")

# The command, with os.fork sending the new process a signal at once (a mark tells the test it forked).
SIGNALLED_AT_FORK = """
import os, signal, sys

signalled, mark = getattr(signal, sys.argv.pop(1)), sys.argv.pop(1)
real_fork = os.fork

def fork():
    pid = real_fork()
    if pid == 0:
        open(mark, "a").close()
        os.kill(os.getpid(), signalled)
    return pid

os.fork = fork
from cardrules.cli import main
main()
"""

# The command, with its workers ignoring SIGTERM (as one that lost it would): stopping the pool must not wait.
DEAF_WORKERS = """
import signal
from cardrules.simulation import runner

real_start = runner._start_worker

def start_deaf():
    real_start()
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

runner._start_worker = start_deaf
runner.STOP_SECONDS = 0.5  # the grace period, short here
from cardrules.cli import main
main()
"""


def _run(script: str, *args: str, seconds: float = 120) -> tuple[int, str, str]:
    process = subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=checkout_env(), start_new_session=True)
    return finish(process, seconds)


def _command(games: int) -> list[str]:
    return ["simulate", "red7", "--games", str(games), "--jobs", "2", "--seed", "5", "--json"]


@linux_only
def test_a_ctrl_c_at_a_workers_first_instant_is_ignored_like_any_other(tmp_path):
    """A worker ignores Ctrl-C (the command stops the pool): also one that came before its handlers were set."""
    mark = tmp_path / "forked"
    returncode, out, err = _run(SIGNALLED_AT_FORK, "SIGINT", str(mark), *_command(200))
    assert mark.exists(), err  # the workers were forked here, so the patched fork ran
    assert returncode == 0, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    report = json.loads(out)  # one report: no worker went on as a copy of the command
    assert report["games"] == 200 and report["interrupted"] is False


@linux_only
def test_a_sigterm_at_a_workers_first_instant_ends_that_worker(tmp_path):
    """SIGTERM ends a worker, also in its first instant: the command says it lost it, once."""
    mark = tmp_path / "forked"
    returncode, out, err = _run(SIGNALLED_AT_FORK, "SIGTERM", str(mark), *_command(100000))
    assert mark.exists(), err
    assert returncode == 1, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: a --jobs worker process was lost (killed by SIGTERM"), err
    report = json.loads(out)
    assert report["interrupted"] is True and report["games"] < 100000


@linux_only
def test_workers_that_ignore_sigterm_are_killed_when_the_run_stops(tmp_path):
    """The run is over (its games played) and the pool is stopped: a worker deaf to SIGTERM is killed after the
    grace period, so the command ends instead of waiting for it."""
    returncode, out, err = _run(DEAF_WORKERS, *_command(50), seconds=60)
    assert returncode == 0, err
    assert json.loads(out)["games"] == 50
