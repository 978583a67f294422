"""benchmarks/playouts.py times random games with and without the playout (tiny numbers here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "playouts.py"


# A rules file the playout does not play: a sentence told to some seats only.
UNCOVERED = """game "Looping"
players 2
attribute number: 1..9
cards: number -> deck
zone deck: stack, hidden
zone pile: stack, public
turn:
  choose "Flip":
    flip:
      move top(deck) to pile
      say me, "flips" to [me]
end when count(deck) < 3:
  win me
on move card to pile where card.number > 5 and not empty(deck):
  move top(deck) to pile
"""


def test_a_covered_game_gets_a_row_with_both_rates_and_an_uncovered_one_says_so(tmp_path):
    uncovered = tmp_path / "looping.rules"
    uncovered.write_text(UNCOVERED)
    done = subprocess.run([sys.executable, str(SCRIPT), "--game", "crazy-eights", "--game", str(uncovered), "-p", "2",
                           "--rounds", "1", "--slice", "0.05"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()
    eights = next(line.split() for line in rows if line.startswith("crazy-eights"))
    assert eights[1] == "2" and int(eights[2]) > 0 and int(eights[3]) > 0 and float(eights[4]) > 0
    assert any(str(uncovered) in line and "played on the engine" in line for line in rows)
