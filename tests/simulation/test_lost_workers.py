"""A `--jobs` worker killed half way through sending a chunk's records (the out-of-memory killer can strike then).

The executor's result thread had read the message's length and waited for the rest, which never came: the pipe
does not reach its end while this process (and any other worker) holds its write end, so the executor never
looked at its processes and never broke. The run waited forever and SIGTERM joined the stuck thread (an orphan
`simulate --jobs 2` ran 90 minutes). Each run here is a real command in its own process group, killed whole if
it does not end in time, so that a hang fails the test instead of hanging it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.process_groups import checkout_env, finish

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers and /proc: Linux only")

# The command, with its workers' result sending sabotaged: a worker's first chunk of records goes out as its
# length and half its bytes, then the worker SIGKILLs itself (after leaving a mark, so the test knows). Workers
# are forked from the command, so they inherit the patch; `blind` also stops the runner noticing lost workers
# itself (the state of the orphan when SIGTERM came).
SABOTAGED = """
import os, signal, struct, sys
from multiprocessing import connection
from cardrules.simulation import runner

real_run_chunk, mark = runner.run_chunk, sys.argv.pop(1)
if sys.argv.pop(1) == "blind":
    runner._lost_process = lambda processes: None

def send_half(self, buf):
    body = bytes(buf)
    self._send(struct.pack("!i", len(body)) + body[: len(body) // 2])
    open(mark, "w").close()
    os.kill(os.getpid(), signal.SIGKILL)

def run_chunk(plan, start, stop):
    records = real_run_chunk(plan, start, stop)
    connection.Connection._send_bytes = send_half  # this worker's next message is its records
    return records

runner.run_chunk = run_chunk
from cardrules.cli import main
main()
"""



def _start(mark: Path, jobs: int, blind: bool = False, games: int = 1000000) -> subprocess.Popen:
    command = [sys.executable, "-c", SABOTAGED, str(mark), "blind" if blind else "seeing", "simulate", "red7",
               "--games", str(games), "--jobs", str(jobs), "--json"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=checkout_env(),
                            start_new_session=True)


def _wait_for(mark: Path, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while not mark.exists() and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    if not mark.exists():
        os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError(f"no worker was sabotaged: {process.communicate()[1].decode()}")


@linux_only
@pytest.mark.parametrize("jobs", [2, 3])
def test_a_worker_killed_while_sending_records_stops_the_run_with_one_line(tmp_path, jobs):
    """With 3 jobs the other worker holds the pipe's write end too: only noticing the dead process helps."""
    mark = tmp_path / "sabotaged"
    process = _start(mark, jobs)
    returncode, out, err = finish(process, 60)
    assert mark.exists()
    assert returncode == 1, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: a --jobs worker process was lost (killed by SIGKILL"), err
    report = json.loads(out)
    assert report["interrupted"] is True and 0 < report["games"] < 1000000


@linux_only
@pytest.mark.parametrize("stop, code", [("sigterm", 143), ("ctrl-c", 130)])
def test_a_signal_stops_a_run_whose_result_thread_is_stuck_in_a_message(tmp_path, stop, code):
    """The orphan's state: the result thread blocked in the middle of a message, the lost worker unnoticed.
    Stopping must not wait for that thread."""
    mark = tmp_path / "sabotaged"
    process = _start(mark, 2, blind=True)
    _wait_for(mark, process)
    time.sleep(0.3)  # the result thread has read the length and waits for the rest
    if stop == "sigterm":
        process.send_signal(signal.SIGTERM)
    else:
        os.killpg(process.pid, signal.SIGINT)
    returncode, out, err = finish(process, 30)
    assert returncode == code, err
    assert "Traceback" not in err, err
    assert json.loads(out)["interrupted"] is True


def test_the_pipe_workers_send_results_through_is_found_and_closed_here():
    """_close_result_writer reaches into CPython's executor (private names): if a Python moves them, the
    orphan's hang comes back silently, so this Python must have them."""
    import concurrent.futures

    from cardrules.simulation import runner

    executor = concurrent.futures.ProcessPoolExecutor(1)
    try:
        runner._close_result_writer(executor)
        assert executor._result_queue._writer.closed
    finally:
        executor.shutdown(wait=True)
