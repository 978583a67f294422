"""benchmarks/commits.py compares two checkouts end to end (here the same one twice, on tiny numbers)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "commits.py"
ROOT = SCRIPT.parent.parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600)


def test_two_checkouts_give_a_row_per_game_with_both_sides_and_their_ratio():
    done = run(str(ROOT), str(ROOT), "--game", "red7", "--game", "crazy-eights", "-p", "3", "--seconds", "0.05",
               "--rounds", "2", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout[done.stdout.index("["):])
    assert [(r["game"], r["players"]) for r in rows] == [("red7", 3), ("crazy-eights", 3)]
    for row in rows:
        assert len(row["old"]) == len(row["new"]) == 2 and min(row["old"] + row["new"]) > 0
        assert abs(row["ratio"] - statistics.median(row["new"]) / statistics.median(row["old"])) < 1e-9
        paired = sorted(n / o for o, n in zip(row["old"], row["new"]))
        assert row["round_ratios"] == paired
        assert f"(rounds x{paired[0]:.2f}-x{paired[-1]:.2f})" in done.stdout
    assert "new/old x" in done.stdout


def test_options_reach_the_game_and_a_bad_one_is_reported_not_a_traceback():
    good = run(str(ROOT), str(ROOT), "--game", "red7", "-o", "advanced=true", "--seconds", "0.05", "--rounds", "1")
    assert good.returncode == 0, good.stderr
    bad = run(str(ROOT), str(ROOT), "--game", "red7", "-o", "nosuch=true", "--seconds", "0.05", "--rounds", "1")
    assert bad.returncode != 0 and "red7 2p failed" in bad.stderr and "nosuch" in bad.stderr


def test_a_directory_that_is_not_a_checkout_is_refused(tmp_path):
    done = run(str(tmp_path), str(ROOT))
    assert done.returncode == 2 and "is not a cardrules checkout" in done.stderr


def test_with_playout_a_checkout_plays_its_games_by_playout():
    done = run(str(ROOT), str(ROOT), "--game", "crazy-eights", "-p", "2", "--seconds", "0.05", "--rounds", "1",
               "--playout", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout[done.stdout.index("["):])
    assert rows[0]["game"] == "crazy-eights" and min(rows[0]["old"] + rows[0]["new"]) > 0
