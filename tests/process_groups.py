"""A command run in its own process group, as the stop-and-kill tests run it: which of its processes still
run, and its end awaited so that a command that hangs fails the test and leaves nothing running."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def checkout_env() -> dict[str, str]:
    """This environment with this checkout first on PYTHONPATH: a child Python imports the cardrules under test."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))


def alive(pgid: int) -> list[int]:
    """The processes of a process group still running (zombies run nothing), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split() if stat else []  # after "pid (name) "
        if fields and int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def finish(process: subprocess.Popen, seconds: float, what: str = "") -> tuple[int, str, str]:
    """The command's exit status and output; a command that does not end within `seconds` (of `what`, e.g.
    "of being stopped") fails the test, and neither it nor any of its processes is left running."""
    try:
        out, err = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError(f"the command did not end within {seconds} s{' ' + what if what else ''} "
                             "(its processes were killed)") from None
    deadline = time.monotonic() + 10
    while alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = alive(process.pid)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"processes left running after the command exited: {left}"
    return process.returncode, out.decode(), err.decode()
