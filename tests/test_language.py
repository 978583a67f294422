"""Semantics of individual language constructs, on small rules files written for the test."""

import pytest

import cardrules

HEAD = """\
game "T"
players 2..2
attribute rank: 1..6
cards: rank -> deck
zone deck: stack, public
zone pile: stack, public
zone hand: per_player, owner
"""
TAIL = """\
turn:
  choose:
    go:
      win me
"""


def game_with(body: str, tail: str = TAIL):
    return cardrules.load_source(HEAD + body + tail, "t.rules")


def value_of(expr: str, setup: str = ""):
    game = game_with(f"var result = 0\nsetup:\n  pass\n{setup}  set result = {expr}\n")
    state = game.new_initial_state(2)
    return state.vars[0]


@pytest.mark.parametrize("expr, expected", [
    ("min([3, 1, 2])", 1), ("max(3, 9, 2)", 9), ("count(deck where rank > 4)", 2),
    ("sum(deck, by: rank)", 21), ("sum([1, 2, 3])", 6), ("count(groups(deck, by: rank % 2))", 2),
    ("[count(r) for r in runs(deck where rank != 3, by: rank)]", [2, 3]),
    ("count(largest(runs(deck where rank != 3, by: rank)))", 3),
    ("highest(deck).rank", 6), ("lowest(deck).rank", 1), ("top(pile)", None), ("empty(pile)", True),
    ("7 // 2 + 7 % 2 * 10", 13), ("2 if 1 > 2 else 3", 3), ("[8, 7, 6][num_players - 1]", 7),
    ("(1, 2) < (1, 3)", True), ("not (1 in [1, 2])", False), ("3 not in [1, 2]", True),
    ("left(1)", 0), ("right(0)", 1), ("best(players, by: -it)", 0),
    ("[rank for c in sorted(deck, by: -rank) where c.rank > 4]", None),
])
def test_expression_values(expr, expected):
    if expected is None and expr.startswith("top"):
        assert not value_of(expr)
        return
    if expected is None:
        with pytest.raises(cardrules.RulesError):
            value_of(expr)  # `rank` alone is not the comprehension variable's attribute
        return
    assert value_of(expr) == expected


def test_variables_start_after_cards_are_placed():
    game = game_with("var total = count(deck)\n")
    assert game.new_initial_state(2).vars[0] == 6


def test_move_at_bottom_keeps_the_order_of_the_moved_cards():
    game = game_with("setup:\n  move [top(deck), bottom(deck)] to pile\n  move deck to pile at bottom\n")
    state = game.new_initial_state(2)
    assert [game.card_texts[c] for c in state.zone_cards("pile")] == ["2", "3", "4", "5", "6", "1"]


def test_option_default_must_be_a_literal():
    diags = cardrules.check_source(HEAD + "option speed = 1 + 1\n" + TAIL, "t.rules")
    assert [d.code for d in diags if d.severity == "error"] == ["E213"]


def test_option_values_are_typed():
    game = cardrules.load_source(HEAD + 'option fast "Play fast" = false\nvar v = fast\n' + TAIL, "t.rules",
                                 options={"fast": "yes"})
    assert game.options == {"fast": True} and game.option_docs["fast"] == (False, "Play fast")
    with pytest.raises(cardrules.RulesError, match="needs a value like"):
        cardrules.load_source(HEAD + "option fast = false\nvar v = fast\n" + TAIL, "t.rules", {"fast": "maybe"})


def test_show_errors_point_at_the_show_line():
    game = game_with('show "Top": top(pile).rank + 1\n')
    state = game.new_initial_state(2)
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        state.shows()
    assert info.value.diagnostics[0].span.line == 8


def test_afterwards_guard_searches_later_decisions():
    # `play` is legal only if some later choice can leave pile's top card above 4.
    body = """\
setup:
  deal 1 from deck to hand
turn:
  choose:
    play(card in hand(me)) only if top(pile).rank > 4 afterwards:
      move card to pile
      choose:
        more(extra in deck where rank > 4):
          move extra to pile
        done:
          pass
    skip:
      pass
after turn:
  win me
"""
    game = cardrules.load_source(HEAD + body, "t.rules")
    state = game.new_initial_state(2)
    assert [a.name for a in state.legal_actions()] == ["play", "skip"]
    state.apply_action("play " + game.describe(state.zone_cards("hand", 0)[0]))
    assert [a.name for a in state.legal_actions()][-1] == "done"
