"""The legal moves of a `choose` as the generated listers give them (compiler/enumeration.py): every
combination of the binders' lists, in their order, whose guards hold; a guard that reads no later binder
rules out a whole branch before its lists are worked out; errors point at the guard that failed."""

import itertools

import pytest

import cardrules

HEAD = """\
game "T"
players 2..2
attribute color: red > blue
attribute rank: 1..3
cards: color * rank -> deck
zone deck: stack, public
zone hand: per_player, owner, row
zone pile: stack, public
var flag = true
var bad = 0

setup:
  deal 2 from deck to hand

turn:
  choose:
"""


def load(options: str, rest: str = "") -> cardrules.Game:
    return cardrules.load_source(HEAD + options + "    pass:\n      pass\n" + rest, "t.rules")


def texts(state) -> list[str]:
    return [action.text for action in state.legal_actions()]


def hand_cards(state) -> list[tuple[str, int]]:
    """(text, rank) of the cards of the player to move, in the hand's order."""
    game = state.game
    return [(game.card_texts[card], game.card_json(card)["rank"]) for card in state.zone_cards("hand", state.me)]


def test_two_binders_and_their_guards_give_every_candidate_in_order():
    game = load("    pair(a in hand(me), b in hand(me) where it != a) only if a.rank <= b.rank only if flag:\n"
                "      move a to pile\n")
    state = game.new_initial_state(2, seed=3)
    cards = hand_cards(state)
    expected = [f"pair {a[0]} {b[0]}" for a, b in itertools.permutations(cards, 2) if a[1] <= b[1]]
    assert texts(state) == expected + ["pass"]
    assert [action.option for action in state.legal_actions()] == [0] * len(expected) + [1]


def test_a_guard_of_no_binder_that_is_false_rules_the_option_out_before_its_lists():
    # The second list cannot be worked out, but with `flag` false no candidate of the option could be legal.
    options = "    pair(a in hand(me), b in [hand(me)][5]) only if flag:\n      pass\n"
    game = cardrules.load_source(HEAD.replace("setup:\n", "setup:\n  set flag = false\n") + options
                                 + "    pass:\n      pass\n", "t.rules")
    assert texts(game.new_initial_state(2, seed=1)) == ["pass"]
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        texts(load(options).new_initial_state(2, seed=1))
    assert caught.value.diagnostics[0].code == "R308"  # with `flag` true the option cannot list its moves


def test_a_guard_that_fails_is_reported_at_its_line_only_when_a_candidate_reaches_it():
    options = "    take(c in pile) only if [1, 2][bad] > 0:\n      pass\n"
    text = HEAD.replace("setup:\n", "setup:\n  set bad = 5\n") + options + "    pass:\n      pass\n"
    game = cardrules.load_source(text, "t.rules")
    assert texts(game.new_initial_state(2, seed=1)) == ["pass"]  # the pile is empty: the guard is never judged
    text = text.replace("deal 2 from deck to hand", "deal 2 from deck to hand\n  move top(deck) to pile")
    game = cardrules.load_source(text, "t.rules")
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        texts(game.new_initial_state(2, seed=1))
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.code == "R302"
    assert text.splitlines()[diagnostic.span.line - 1].strip().startswith("take(c in pile)")


def test_a_failing_guard_after_a_false_one_is_not_judged():
    options = "    take(c in hand(me)) only if c.rank == 9 only if [1, 2][bad] > 0:\n      pass\n"
    game = cardrules.load_source(HEAD.replace("setup:\n", "setup:\n  set bad = 5\n") + options
                                 + "    pass:\n      pass\n", "t.rules")
    assert texts(game.new_initial_state(2, seed=1)) == ["pass"]


def test_afterwards_guards_with_and_without_when():
    options = ("    put(c in hand(me)) only if count(pile) <= 1 afterwards when c.rank == 3 "
               "only if c.rank > 0 afterwards:\n      move c to pile\n")
    game = load(options)
    state = game.new_initial_state(2, seed=2)
    cards = hand_cards(state)
    assert texts(state) == [f"put {text}" for text, rank in cards] + ["pass"]  # the pile is empty
    state.apply_action(0)
    later = hand_cards(state)  # one card on the pile: a third card would make two
    assert texts(state) == [f"put {text}" for text, rank in later if rank != 3] + ["pass"]


def test_the_part_of_a_guard_that_reads_no_binder_rules_the_option_out_before_its_lists():
    options = "    pair(a in hand(me), b in [hand(me)][5]) only if a != b and flag:\n      pass\n"
    game = cardrules.load_source(HEAD.replace("setup:\n", "setup:\n  set flag = false\n") + options
                                 + "    pass:\n      pass\n", "t.rules")
    assert texts(game.new_initial_state(2, seed=1)) == ["pass"]
    game = load("    pair(a in hand(me), b in hand(me)) only if a != b and flag and a.rank <= b.rank:\n      pass\n")
    state = game.new_initial_state(2, seed=4)
    cards = hand_cards(state)
    expected = [f"pair {a[0]} {b[0]}" for a, b in itertools.permutations(cards, 2) if a[1] <= b[1]]
    assert texts(state) == expected + ["pass"]
