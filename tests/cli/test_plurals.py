"""Counts in the commands' words agree with their nouns: "1 player", "1 game", never "1 players" or "game(s)"."""

from __future__ import annotations

import re

SOLO = '''game "Solo"
players 1..1
attribute n: 1..3
cards: n -> deck
zone deck: stack, hidden
zone hand: per player, public
turn:
  move top(deck) to hand(me)
end when empty(deck):
  win [me]
'''


def test_a_game_for_one_player(invoke, tmp_path):
    path = tmp_path / "solo.rules"
    path.write_text(SOLO, encoding="utf-8")
    result = invoke("play", path, "-p", "2")
    assert result.exit_code == 2 and "Solo is for 1 player, not 2" in result.output
    result = invoke("play", path, "--seat", "1=random")
    assert result.exit_code == 2 and "with 1 player the seats are 0 to 0" in result.output
    assert "Players\n  1 player\n" in invoke("explain", path, env={"COLUMNS": "200"}).output.replace("• ", "")


def test_one_game_and_one_player_count(invoke):
    out = invoke("simulate", "red7", "--games", "1", "--seed", "1").output
    assert "of 1 game " in out and not re.search(r"(?<![\d.])1 games\b(?!/)", out)
    out = invoke("validate", "red7", "--playouts", "1", "-p", "2", env={"COLUMNS": "200"}).output
    assert "playouts: 1 random game for each of 1 player count and 4 option combinations" in out
    assert "checks: 0 errors, 0 warnings" in out and "(s)" not in out
