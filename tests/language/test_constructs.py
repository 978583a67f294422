"""Semantics of individual language constructs, on small rules files written for the test."""

import pytest

import cardrules
from cardrules.engine import OptionDoc

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
    ("highest([2, 9, 4])", 9), ("lowest([2, 9, 4])", 2), ("highest(pile) == none", True),
    ("lowest(pile) == none", True), ("highest([count(pile)]) + lowest([5, count(deck)])", 5),
    ("7 // 2 + 7 % 2 * 10", 13), ("2 if 1 > 2 else 3", 3), ("[8, 7, 6][num_players - 1]", 7),
    ("(1, 2) < (1, 3)", True), ("not (1 in [1, 2])", False), ("3 not in [1, 2]", True),
    ("left(1)", 0), ("right(0)", 1), ("best(players, by: -it)", 0),
    ("[rank for c in sorted(deck, by: -rank) where c.rank > 4]", None),
    ("any([c.rank > 5 for c in deck])", True), ("all([c.rank < 3 for c in deck])", False),
    ("not empty(deck where rank > 6)", False), ("all([c.rank > 0 for c in deck where c.rank > 4])", True),
    # any/all stop at the first element that decides: the division by zero is never reached
    ("all([10 // x > 20 for x in [1, 0]])", False), ("any([10 // x > 4 for x in [1, 0]])", True),
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


def test_move_at_bottom_keeps_the_order_of_the_moved_cards(card_texts):
    game = game_with("setup:\n  move [top(deck), bottom(deck)] to pile\n  move deck to pile at bottom\n")
    state = game.new_initial_state(2)
    assert card_texts(state, "pile") == ["2", "3", "4", "5", "6", "1"]


def test_option_default_must_be_a_literal():
    diags = cardrules.check_source(HEAD + "option speed = 1 + 1\n" + TAIL, "t.rules")
    assert [d.code for d in diags if d.severity == "error"] == ["E213"]


def test_option_values_are_typed():
    game = cardrules.load_source(HEAD + 'option fast "Play fast" = false\nvar v = fast\n' + TAIL, "t.rules",
                                 options={"fast": "yes"})
    assert game.options == {"fast": True} and game.option_docs["fast"] == OptionDoc(False, "Play fast")
    with pytest.raises(cardrules.RulesError, match="option 'fast' accepts true or false, not 'maybe'"):
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


TRIGGER_GAME = """\
game "Echo"
players 2..2
attribute rank: 1..6
cards: rank -> deck
zone deck: stack, hidden
zone pile: stack, public
zone hand: per_player, owner
zone kept: per_player, public
var rounds = 0
setup:
  shuffle deck
round setup:
  set rounds = rounds + 1
  move concat([hand(p) for p in players] + [kept(p) for p in players] + [pile]) to deck
  deal 2 from deck to hand
turn:
  choose:
    keep(card in hand(me)):
      move card from_hand_marker
    drop:
      eliminate me
on move card from hand to kept where card.rank % 2 == 0:
  choose:
    also(extra in hand(me)):
      move extra to kept(me)
    enough:
      pass
end when count(active) == 1:
  if rounds < 3:
    new round
  win active
"""


def echo():
    text = TRIGGER_GAME.replace("move card from_hand_marker", "move card to kept(me)")
    return cardrules.load_source(text, "echo.rules")


def find_state(game, predicate):
    for seed in range(200):
        state = game.new_initial_state(2, seed)
        if predicate(state):
            return state
    raise AssertionError("no seed gives the wanted deal")


def test_trigger_runs_after_a_matching_move_and_can_ask_for_choices():
    game = echo()
    state = find_state(game, lambda s: game.card_attrs["rank"][s.zone_cards("hand", 0)[0]] % 2 == 0)
    even = state.zone_cards("hand", 0)[0]
    state.apply_action(f"keep {game.describe(even)}")
    assert [a.name for a in state.legal_actions()] == ["also", "enough"]
    state.apply_action("enough")
    assert state.current_player() == 1 and state.stack == []


def test_trigger_does_not_run_when_its_condition_fails():
    game = echo()
    state = find_state(game, lambda s: game.card_attrs["rank"][s.zone_cards("hand", 0)[0]] % 2 == 1)
    state.apply_action(f"keep {game.describe(state.zone_cards('hand', 0)[0])}")
    assert state.current_player() == 1


def test_new_round_brings_everyone_back_and_runs_round_setup():
    game = echo()
    state = game.new_initial_state(2, seed=4)
    state.apply_action("drop")
    assert state.vars[0] == 2 and state.eliminated == [False, False] and not state.is_terminal()
    assert all(len(state.zone_cards("hand", p)) == 2 for p in (0, 1))
    assert sorted(c for z in state.zones for c in z) == list(game.cards)


def test_new_round_needs_a_round_setup():
    text = TRIGGER_GAME.replace("round setup:", "after turn:").replace("move card from_hand_marker",
                                                                       "move card to kept(me)")
    codes = [d.code for d in cardrules.check_source(text, "echo.rules") if d.severity == "error"]
    assert codes == ["E255"]


def test_guard_with_when_is_waived_when_its_condition_fails():
    body = """\
setup:
  deal 2 from deck to hand
turn:
  choose:
    play(card in hand(me)) only if false when card.rank > 3:
      move card to pile
    skip:
      win me
"""
    game = cardrules.load_source(HEAD + body, "t.rules")
    state = game.new_initial_state(2, seed=0)
    low = [game.describe(c) for c in state.zone_cards("hand", 0) if game.card_attrs["rank"][c] <= 3]
    assert sorted(a.text for a in state.legal_actions() if a.name == "play") == sorted(f"play {t}" for t in low)


def test_save_and_load_inside_a_trigger():
    from cardrules.engine.saves import load_state, save_state
    game = echo()
    state = find_state(game, lambda s: game.card_attrs["rank"][s.zone_cards("hand", 0)[0]] % 2 == 0)
    state.apply_action(f"keep {game.describe(state.zone_cards('hand', 0)[0])}")
    assert state.stack
    assert load_state(game, save_state(state)) == state


def test_otherwise_is_offered_only_when_nothing_else_is_legal():
    body = """\
setup:
  deal 1 from deck to hand
turn:
  choose:
    play(card in hand(me)) only if card.rank > 3:
      move card to pile
    otherwise:
      eliminate me
after turn:
  if count(active) == 1:
    win active
"""
    game = cardrules.load_source(HEAD + body, "t.rules")
    for seed in range(12):
        state = game.new_initial_state(2, seed)
        rank = game.card_attrs["rank"][state.zone_cards("hand", 0)[0]]
        names = [a.name for a in state.legal_actions()]
        assert names == (["play"] if rank > 3 else ["otherwise"])


def test_say_reports_what_the_last_move_did():
    body = """\
setup:
  deal 1 from deck to hand
turn:
  choose:
    play(card in hand(me)):
      say me, "plays", card, "on a pile of", count(pile)
      move card to pile
after turn:
  if empty(hand(0)) and empty(hand(1)):
    win players
"""
    game = cardrules.load_source(HEAD + body, "t.rules")
    state = game.new_initial_state(2, seed=3)
    card = state.zone_cards("hand", 0)[0]
    state.apply_action(0)
    assert [event.text for event in state.events] == [f"P0 plays {game.card_labels[card]} on a pile of 0"]
    copy = state.clone()
    state.apply_action(0)
    assert state.events == [state.events[0]] and state.events[0].text.startswith("P1 plays")
    assert copy.events == [] and copy == copy.clone()


def test_cached_pure_definitions_tell_lists_from_tuples():
    """A definition that reads only its arguments is cached across states by their values: a list
    and a tuple with the same elements must not share an entry."""
    game = game_with("def same(x) = x == [1, 2]\nvar result = []\nsetup:\n"
                     "  set result = [same([1, 2]), same((1, 2)), same(cell(1, 2)), same([1, 2]), same([2, 1])]\n")
    state = game.new_initial_state(2)
    assert state.vars[0] == [True, False, False, True, False]
    again = game.new_initial_state(2, seed=1)  # a new state, answered from the cache
    assert again.vars[0] == [True, False, False, True, False]


def test_a_single_player_count_is_a_range_of_one():
    """`players 4` is `players 4..4`: the game is for exactly that many, and fmt keeps the line as written."""
    from cardrules.authoring.fmt import format_text

    text = HEAD.replace("players 2..2", "players 3") + TAIL
    game = cardrules.load_source(text, "t.rules")
    assert (game.min_players, game.max_players) == (3, 3)
    assert format_text(text) == text
    assert cardrules.load_source(text.replace("players 3", "players 3..3"), "t.rules").max_players == 3
    diagnostics = cardrules.check_source(HEAD.replace("players 2..2", "players 0") + TAIL, "t.rules")
    assert [d.code for d in diagnostics if d.severity == "error"] == ["E210"]
