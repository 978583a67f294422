"""Memory and CPU-time budgets (cardrules/budgets.py, docs/limits.md): a runaway expression stops at its rules
line within the memory budget, a long run stops with a message when its CPU time is spent, with or without
worker processes, and bad budget values are command-line errors. Real processes: a budget is a limit of the
operating system on the whole process, which a test must not put on pytest's own."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from cardrules import budgets

CLI = [sys.executable, "-c", "from cardrules.cli import main; main()"]

RUNAWAY = """\
game "Runaway"
players 2..2

attribute number: 1..3
cards: number -> deck
text: number

zone deck: stack, hidden
zone hand: per_player, owner

var total = 0

def grid = [[a * b for a in 1..10000] for b in 1..10000]

setup:
  deal 1 from deck to hand

turn:
  choose:
    grow:
      set total = count(grid)
      win me

end when false:
  win players
"""


def cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def runaway(tmp_path):
    path = tmp_path / "runaway.rules"
    path.write_text(RUNAWAY)
    return path


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["play", "--seat", "0=random", "--seat", "1=random"],
                                     ["validate", "--playouts", "1"]])
def test_a_list_built_in_one_expression_stops_at_its_line_within_the_memory_budget(runaway, command):
    done = cli("--max-memory", "300M", command[0], str(runaway), *command[1:])
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "it needed more memory than the command may use" in output
    assert f"{runaway.name}:21:" in output  # the `set total = count(grid)` line
    assert "Traceback" not in output and "unexpected" not in output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_run_stops_when_its_cpu_time_is_spent(jobs):
    # A warm start first (the rules checked and compiled, in the disk cache): the budget is for the run. A cold
    # start on a loaded machine (bytecode, parser, compile) could spend the 1 s before the command begins.
    assert cli("simulate", "red7", "--games", "1").returncode == 0
    began = time.monotonic()
    done = cli("--max-cpu", "1", "simulate", "red7", "--games", "1000000", "--jobs", jobs, "--json")
    assert done.returncode == 1, done.stderr
    assert "CPU-time budget (1 s per process)" in done.stdout  # --json: the error is in the JSON
    assert "Traceback" not in done.stderr
    assert time.monotonic() - began < 240  # a million games would take hours; under load the start alone took 70-86 s


def test_without_a_cpu_budget_the_same_run_is_not_stopped():
    done = cli("--max-cpu", "none", "simulate", "red7", "--games", "3")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--max-memory", "1K", "at least 64M"), ("--max-memory", "lots", "is not a size"),
    ("--max-cpu", "-3", "is not a number of seconds"), ("--max-cpu", "nan", "is not a number of seconds"),
])
def test_a_bad_budget_is_a_command_line_error(option, value, words):
    done = cli(option, value, "list")
    assert done.returncode == 2
    assert words in done.stderr


def test_sizes_and_seconds_in_words():
    assert budgets.parse_size("4G") == 4 * 1024**3
    assert budgets.parse_size("500m") == 500 * 1024**2
    assert budgets.parse_size("2.5GiB") == int(2.5 * 1024**3)
    assert budgets.parse_size("none") is None
    assert budgets.size_words(4 * 1024**3) == "4G"
    assert budgets.parse_seconds("1.5") == 1.5
    assert budgets.parse_seconds("none") is None


def test_help_states_the_budgets():
    done = cli("--help")
    assert "--max-memory" in done.stdout and "--max-cpu" in done.stdout
    assert "4G" in done.stdout


def test_a_spent_cpu_budget_leaves_time_to_report_and_exit():
    """Past the budget the kernel signals every CPU second, and Python's exit restores SIGXCPU's default (it kills):
    the command that caught the first signal must not be killed, or interrupted again, while it reports."""
    script = """
import time
from cardrules import budgets
budgets.set_budgets(memory=None, cpu=1)
try:
    while True:
        pass
except budgets.CpuBudgetSpent:
    pass
start = time.process_time()
while time.process_time() - start < 2.5:  # a slow report and exit: more than the next signal's second
    pass
print("reported")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout.strip()) == (0, "reported"), done.stderr[-2000:]


def test_a_command_that_ends_near_its_cpu_budget_is_not_killed_as_it_exits():
    """The run's budget may run out in the command after a worker's report, as it exits (exit -24 was seen):
    the end of a command moves the budget past what the exit needs."""
    script = """
import time
from cardrules.cli import main
for budget in ("none", "1"):  # the first run fills the disk cache: the second is over in well under a second
    try:
        main(["--max-cpu", budget, "simulate", "red7", "--games", "1", "--json"])
    except SystemExit:
        pass
start = time.process_time()
while time.process_time() - start < 2.5:  # a slow exit: past the budget set for the command
    pass
print("exited")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout.strip().splitlines()[-1]) == (0, "exited"), done.stderr[-2000:]
