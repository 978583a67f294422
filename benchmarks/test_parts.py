"""benchmarks/parts.py splits random games' CPU time into starting, listing and applying (tiny numbers here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "parts.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600)


def test_each_game_and_hand_written_game_gets_a_row_with_its_three_parts():
    done = run("--game", "red7", "--game", "crazy-eights", "-p", "2", "--seconds", "0.05", "--handwritten", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout[done.stdout.index("["):])
    assert [(r["game"], r["players"]) for r in rows] == [
        ("red7", 2), ("red7 by hand", 2), ("crazy-eights", 2), ("crazy-eights by hand", 2)]
    for row in rows:
        assert row["games"] > 0 and row["decisions_per_game"] > 1
        assert min(row["new_us_per_game"], row["listing_us_per_game"], row["applying_us_per_game"]) > 0
        per_game = row["listing_us_per_decision"] * row["decisions_per_game"]
        assert abs(per_game - row["listing_us_per_game"]) <= 0.02 * row["listing_us_per_game"] + 1


def test_a_player_count_a_game_does_not_allow_is_skipped_and_an_unknown_game_refused():
    skipped = run("--game", "red7", "-p", "9", "--seconds", "0.05")
    assert skipped.returncode == 0 and "outside 2..4, skipped" in skipped.stderr and "red7" not in skipped.stdout
    refused = run("--game", "nosuch")
    assert refused.returncode == 2 and "not a bundled game: nosuch" in refused.stderr
