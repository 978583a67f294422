"""Hard stops, with real signals and real processes: Ctrl-C and SIGTERM stop a pool run cleanly (a report,
the right exit code, no process left behind); a closed input or output ends in one line, not a traceback."""

from __future__ import annotations

import ast
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.process_groups import alive, checkout_env, finish

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-c", "from cardrules.cli import main; main()"]
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")



def _start_pool_run(jobs: int = 2) -> subprocess.Popen:
    """A long pool run in its own process group, returned once its workers are playing."""
    process = subprocess.Popen([*CLI, "simulate", "red7", "--games", "1000000", "--jobs", str(jobs), "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=checkout_env(),
                               start_new_session=True)
    deadline = time.monotonic() + 60
    # the command, which plays a share itself, and its J-1 workers (forked from it on Linux; a forkserver and a
    # resource tracker with threads)
    while len(alive(process.pid)) < jobs and time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the command ended before its pool started: {process.communicate()[1].decode()}")
        time.sleep(0.1)
    if len(alive(process.pid)) < jobs:  # fail, and leave none of its processes running
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError("the pool never started")
    time.sleep(0.5)
    return process


@linux_only
@pytest.mark.parametrize("stop, code", [("ctrl-c", 130), ("sigterm", 143), ("ctrl-c twice", 130)])
def test_an_interrupted_pool_run_reports_and_leaves_no_worker(stop, code):
    process = _start_pool_run()
    if stop == "sigterm":
        process.send_signal(signal.SIGTERM)  # what kill and CI runners send to the command alone
    else:
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group
        if stop == "ctrl-c twice":
            time.sleep(0.02)
            os.killpg(process.pid, signal.SIGINT)
    returncode, out, err = finish(process, 60, "of being stopped")
    assert returncode == code, err
    assert "Traceback" not in err and "unexpected" not in err, err
    if stop == "ctrl-c twice":  # the second one stops at once: the report may be cut, but is never followed by another
        assert '"error"' not in out
        return
    report = json.loads(out)
    assert report["interrupted"] is True and report["requested"] == 1000000
    assert report["games"] < 1000000


@linux_only
def test_a_worker_killed_outright_stops_the_run_with_one_line_and_exit_1():
    """SIGKILL (the out-of-memory killer) to one worker: a multiprocessing pool lost the task it was playing
    and the command waited forever; now the run stops, reports the games finished, says why, exits 1."""
    process = _start_pool_run()
    workers = [pid for pid in alive(process.pid) if pid != process.pid]
    os.kill(workers[0], signal.SIGKILL)
    returncode, out, err = finish(process, 60, "of being stopped")  # a run that waits forever fails here
    assert returncode == 1, err
    assert "Traceback" not in err and "unexpected" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: a --jobs worker process was lost (killed by SIGKILL"), err
    report = json.loads(out)  # what was done is kept
    assert report["interrupted"] is True and 0 < report["games"] < 1000000
    assert f"stopped after {report['games']:,} games".replace(",", "") in lines[0].replace(",", "")


def _run(*args: str, shell_tail: str = "") -> subprocess.CompletedProcess:
    command = " ".join(["'" + a + "'" for a in [*CLI, *args]]) + shell_tail
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=checkout_env(), timeout=120)


@linux_only
def test_a_closed_standard_input_is_one_line_and_exit_1():
    result = _run("play", "red7", "--seed", "3", shell_tail=" <&-")
    assert result.returncode == 1
    assert "standard input is closed" in result.stderr and "Traceback" not in result.stderr
    assert "unexpected" not in result.stderr


@linux_only
@pytest.mark.parametrize("args", [("list",), ("simulate", "red7", "--games", "5", "--json")])
def test_a_full_disk_or_closed_output_is_one_line_and_exit_1(args):
    full = _run(*args, shell_tail=" >/dev/full")
    assert full.returncode == 1, full.stderr
    assert full.stderr.strip() == "error: cannot write the output: No space left on device"
    closed = _run(*args, shell_tail=" >&-")
    assert closed.returncode == 1 and "standard output or standard error is closed" in closed.stderr



ACCENTED = "gagne la manche \u00e9t\u00e9 \u2013"  # a `say` text: a string literal in the generated source


@pytest.mark.parametrize("args", [("validate",), ("explain",), ("compile",), ("simulate", "--games", "3")])
def test_text_standard_output_cannot_encode_is_written_with_escapes(tmp_path, args):
    """Under an encoding without a rules file's own characters (a title's dash under latin-1), every command
    writes them as backslash escapes instead of stopping with an UnicodeEncodeError; `compile`'s source stays
    Python, its string literals the same values."""
    from cardrules.resources import bundled_games

    text = bundled_games()["red7"].read_text().replace('game "Red7"', 'game "Red7 \u2013 dash"')
    path = tmp_path / "dash.rules"
    path.write_text(text.replace('"wins round"', f'"{ACCENTED}"'), encoding="utf-8")
    env = checkout_env() | {"PYTHONIOENCODING": "latin-1"}
    done = subprocess.run([*CLI, args[0], str(path), *args[1:]], capture_output=True, env=env, timeout=120)
    out, err = done.stdout.decode("latin-1"), done.stderr.decode("latin-1")
    assert done.returncode == 0, err
    assert "Red7 \\u2013 dash" in out and "Traceback" not in err
    if args[0] == "compile":
        literals = {n.value for n in ast.walk(ast.parse(out)) if isinstance(n, ast.Constant)}
        assert ACCENTED in literals or f"{ACCENTED} " in literals

def test_runs_and_games_have_declared_sizes(invoke, tmp_path):
    from cardrules.limits import MAX_GAMES, MAX_JOBS, MAX_PLAYERS

    too_many = invoke("simulate", "red7", "--games", str(MAX_GAMES + 1))
    # click's range check (typer < 0.29, pyproject.toml): "10000001 is not in the range 1<=x<=10000000."
    assert too_many.exit_code == 2 and f"<=x<={MAX_GAMES}" in _unboxed(too_many.output)
    jobs = invoke("simulate", "red7", "--games", "2", "--jobs", str(MAX_JOBS + 1))
    assert jobs.exit_code == 2 and f"<=x<={MAX_JOBS}" in _unboxed(jobs.output)
    rules = tmp_path / "crowd.rules"
    rules.write_text((ROOT / "games" / "red7.rules").read_text().replace("players 2..4", "players 2..1000000"))
    checked = invoke("check", rules)
    assert checked.exit_code == 1 and f"a game has at most {MAX_PLAYERS} players, not 1000000" in checked.output


def _unboxed(output: str) -> str:
    """A usage error's text without the box rich draws around it and without line breaks."""
    return "".join(output.replace("│", " ").split())


def _ray_processes(tmp: Path) -> list[int]:
    """Every process of the Ray instance that keeps its files under `tmp` (RAY_TMPDIR), from /proc: those
    that name it, and their descendants (a worker renames itself `ray::run_chunk_timed` while it plays)."""
    named, parents = set(), {}
    for entry in Path("/proc").iterdir():
        try:
            if not entry.name.isdigit():
                continue
            stat = (entry / "stat").read_text()
            parents[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
            if str(tmp) in (entry / "cmdline").read_bytes().decode(errors="replace"):
                named.add(int(entry.name))
        except (OSError, ValueError):
            continue
    found, grew = set(named), True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        found |= more
        grew = bool(more)
    return sorted(found)


def _task_cpu(tmp: Path) -> dict[int, float]:
    """CPU seconds spent so far by each Ray worker running a task (a worker renames itself by its task)."""
    spent = {}
    for pid in _ray_processes(tmp):
        try:
            if b"run_chunk" in Path(f"/proc/{pid}/cmdline").read_bytes():
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                spent[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
        except (OSError, IndexError, ValueError):
            continue
    return spent


def _wait_for_play(tmp: Path, process: subprocess.Popen, seconds: float, deadline: float) -> None:
    """Return once the Ray workers together have spent `seconds` of CPU since each started its first task.
    A worker's CPU before that (starting Ray's worker, some 1.5-2 s) is not play: counting it had let the
    signal come before any chunk was back on a loaded machine (the report had 0 games). At the deadline the
    test fails with what it saw, rather than signalling a run that never started playing."""
    started: dict[int, float] = {}
    latest: dict[int, float] = {}  # (a worker between two tasks may show as idle for a moment: its play still counts)
    played = 0.0
    while played < seconds:
        if process.poll() is not None:
            raise AssertionError(f"the command ended early: {process.communicate()[1]}")
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise AssertionError(f"the Ray workers had played {played:.1f} CPU s of games (workers seen: "
                                 f"{len(started)}) when the wait ran out (its processes were killed)")
        for pid, cpu in _task_cpu(tmp).items():
            started.setdefault(pid, cpu)
            latest[pid] = cpu
        played = sum(cpu - started[pid] for pid, cpu in latest.items())
        time.sleep(0.2)


@linux_only
@pytest.mark.xdist_group("ray")  # one local Ray instance at a time (pyproject.toml runs tests on every core)
@pytest.mark.parametrize("stop, code", [("ctrl-c", 130), ("sigterm", 143)])
def test_an_interrupted_ray_run_reports_and_leaves_no_ray_process(stop, code):
    """Ray replaced the command's SIGTERM handler with its own (exit 15, a stack dump, no report)."""
    tmp = Path(tempfile.mkdtemp(prefix="ray", dir="/tmp"))  # short: Ray's socket paths must fit in 107 bytes
    try:
        _interrupt_ray_run(tmp, stop, code)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _interrupt_ray_run(tmp: Path, stop: str, code: int) -> None:
    process = subprocess.Popen([*CLI, "simulate", "red7", "--games", "1000000", "--backend", "ray", "--jobs", "2",
                                "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(checkout_env(), RAY_TMPDIR=str(tmp)), start_new_session=True)
    # Signal only once the workers have played long enough that chunks (each about 0.1 s) have come back: a
    # fixed wait after the first worker appeared was too short on a loaded machine.
    _wait_for_play(tmp, process, 4.0, time.monotonic() + 180)
    if stop == "sigterm":
        process.send_signal(signal.SIGTERM)
    else:
        os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == code, err
    assert "Traceback" not in err and "SIGTERM received" not in err, err
    report = json.loads(out)
    assert report["interrupted"] is True and 0 < report["games"] < 1000000
    deadline = time.monotonic() + 20
    while _ray_processes(tmp) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _ray_processes(tmp), "Ray processes left running after the command exited"
