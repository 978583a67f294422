"""Variants: a rules file that extends another replaces named parts and keeps the rest."""

from pathlib import Path

import cardrules
from cardrules.engine.positions import load_position
from cardrules.resources import bundled_variants

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_bundled_variants_check_clean_and_play(playout):
    assert set(bundled_variants()) >= {"red7-short-match", "red7-violet-below-five"}
    for name, path in bundled_variants().items():
        diagnostics = cardrules.check_source(path.read_text(), str(path))
        assert [d for d in diagnostics if d.severity == "error"] == [], name
        game = cardrules.load(name)
        for players in (2, 3, 4):
            assert playout(game.new_initial_state(players, players), players).winners


def test_short_match_changes_the_target_and_the_default_only():
    game = cardrules.load("red7-short-match")
    assert game.options == {"advanced": True, "expert": False}
    assert cardrules.load("red7-short-match", {"expert": True}).options["expert"] is True
    # P0 has 22 points and will win the round with r3 (red): 22 + 3 = 25 reaches the 2-player target.
    position = {"players": 2, "to_move": 1,
                "zones": {"scored": [["r7", "o7", "y7", "g1"], []], "palette": [["r3"], ["b2"]],
                          "hand": [["v1"], ["v2"]]}}
    state = load_position(game, position)
    state.apply_action("fold")
    assert state.is_terminal() and state.winners == [0]
    # The same position in the original advanced game (target 40) goes on to a new round.
    original = load_position(cardrules.load("red7", {"advanced": True}), position)
    original.apply_action("fold")
    assert not original.is_terminal()


def test_violet_clause_is_replaced_and_the_other_rules_kept(texts):
    rule_violet = {"canvas": ["v7"]}
    for name, p0_wins in (("red7", False), ("red7-violet-below-five", True)):
        game = cardrules.load(name)
        # Violet: P0 {o4, y4} against P1 {v3}. Below 4 only v3 counts; below 5 P0 has two cards.
        state = load_position(game, {"zones": {**rule_violet, "palette": [["o4", "y4"], ["v3"]],
                                               "hand": [["i7"], ["b1"]]}})
        state.apply_action("palette i7")
        state.apply_action("end")
        assert state.eliminated[0] is (not p0_wins), name
    # Red is untouched: P0 {r6} beats P1 {o6}.
    game = cardrules.load("red7-violet-below-five")
    state = load_position(game, {"zones": {"palette": [["r6"], ["o6"]], "hand": [["v1"], ["b1"]]}})
    assert [a.text for a in state.legal_actions() if a.name == "canvas"] == []
    assert "palette v1" in texts(state)


def test_merge_rules(tmp_path):
    write(tmp_path, "base.rules", """\
game "Base"
players 2..2
option fast = false
attribute rank: 1..4
cards: rank -> deck
zone deck: stack, public
zone hand: per_player, owner
def points(p) = count(hand(p))
def kind(r) by r:
  low "Low": 1
  high "High": 2
attribute band: low > high
turn:
  choose:
    take:
      move top(deck) to hand(me)
end when empty(deck):
  win players
""")
    child = write(tmp_path, "child.rules", """\
extends "base.rules"
option fast = true
def kind(r) by r:
  high "Higher": 3
cards: rank * band -> deck
""")
    game = cardrules.load(child)
    assert game.title == "Base" and game.options == {"fast": True}
    assert len(game.cards) == 8  # the child's deck replaced the parent's
    rules = cardrules.parse_resolved(child.read_text(), str(child))
    case = next(d for d in rules.declarations if getattr(d, "name", None) == "kind")
    assert [(c.key, c.label) for c in case.clauses] == [("low", "Low"), ("high", "Higher")]


def test_errors_point_into_the_right_file(tmp_path):
    child = write(tmp_path, "child.rules", 'extends "red7"\ndef target = [25, 20, 15][num_player - 2]\n')
    diagnostics = cardrules.check_source(child.read_text(), str(child))
    errors = [d for d in diagnostics if d.severity == "error"]
    assert [(Path(d.path).name, d.span.line) for d in errors] == [("child.rules", 2)]


def test_missing_parent_and_cycles_are_reported(tmp_path):
    missing = write(tmp_path, "m.rules", 'extends "nowhere"\n')
    assert [d.code for d in cardrules.check_source(missing.read_text(), str(missing))] == ["E503"]
    loop = write(tmp_path, "loop.rules", 'extends "loop.rules"\n')
    assert [d.code for d in cardrules.check_source(loop.read_text(), str(loop))] == ["E502"]
