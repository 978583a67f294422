"""benchmarks/instructions.py: callgrind's count read back, a game's share worked out, a clear stop without
valgrind; and the fixed number of games commits.py's child plays for it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import commits  # noqa: E402
import instructions  # noqa: E402

CALLGRIND_TAIL = """==5884== Events    : Ir
==5884== Collected : 1894738563
==5884==
==5884== I   refs:      1,894,738,563
"""


def test_the_count_is_read_from_callgrinds_summary():
    assert instructions.refs(CALLGRIND_TAIL) == 1_894_738_563
    with pytest.raises(ValueError):
        instructions.refs("==1== some other output\n")


def test_a_game_costs_the_difference_between_playing_n_games_and_none_over_n_after_a_plain_first_run(
        monkeypatch):
    asked = []

    def fake_counted(command, cwd, playout, tool=instructions.CALLGRIND):
        asked.append((command, playout, tool))
        # a first run costs more (bytecode and caches written): only the plain run before the counted ones may
        return 5_000_000 + 1_234 * int(command[-1]) + 900_000 * (len(asked) == 1)

    monkeypatch.setattr(instructions, "counted", fake_counted)
    assert instructions.per_game(lambda n: ["play", str(n)], 50, HERE, playout=True) == 1_234
    callgrind = instructions.CALLGRIND
    assert asked == [(["play", "0"], True, ()), (["play", "50"], True, callgrind), (["play", "0"], True, callgrind)]


def test_without_valgrind_the_script_says_what_is_missing_not_a_traceback(tmp_path):
    env = {**os.environ, "PATH": str(tmp_path)}  # nothing on the PATH: no valgrind
    done = subprocess.run([sys.executable, str(HERE / "instructions.py"), "--games", "1"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode != 0
    assert "valgrind" in done.stderr and "not on the PATH" in done.stderr and "Traceback" not in done.stderr


def test_commits_child_plays_the_number_of_games_it_is_given():
    for asked in ("0", "3"):
        done = subprocess.run([sys.executable, "-c", commits.CHILD, str(HERE.parent), "red7", "2", f"games={asked}"],
                              capture_output=True, text=True, timeout=300, cwd=HERE.parent,
                              env={**os.environ, "BENCH_PLAYOUT": "1"})
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == [asked]


def test_the_start_up_is_a_whole_warm_command_counted_in_the_checkout_beside_the_floors(monkeypatch, capsys):
    asked = []

    def fake_counted(command, cwd, playout, tool=instructions.CALLGRIND):
        asked.append((command[2:], cwd, tool))
        costs = {"pass": 40, instructions.FLOORS["Python's start, attrs, typer and rich imported"]: 400}
        return costs.get(command[2], 700) if tool else 0

    monkeypatch.setattr(instructions, "counted", fake_counted)
    row = instructions.main(["--start-up", "--game", "punto", "--old", str(HERE.parent)])
    command = [instructions.START_UP, "simulate", "punto", "--games", "1"]
    callgrind, root = instructions.CALLGRIND, HERE.parent.resolve()
    # each checkout's plain (warming) run before its counted one, run in the checkout
    assert asked[:4] == [(command, root, ()), (command, root, callgrind)] * 2
    assert [a[0] for a in asked[4:]] == [[code] for code in instructions.FLOORS.values()]
    assert row[0]["start_up"] == 700 and row[0]["old_per_new"] == 1.0 and row[0]["Python's start"] == 40
    assert "(57% of the command)" in capsys.readouterr().out  # the libraries: 400 of 700
