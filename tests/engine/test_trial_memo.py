"""What the in-place trials of the generated listers keep (compiler/trials.py): a definition the `afterwards`
guard calls whose memo stamp reads a slot the trial moves a card out of or into could never be read again
(both slots are bumped once the card is back, and versions only grow), so the trial calls its body and keeps
nothing; a definition the move leaves alone is kept as before, for the next trial and the real move. The
moves listed are those of the general search on a clone, in the same order, also in the memo's checking mode."""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules
from cardrules.compiler.codegen import CHECK_MEMO

# `keep` moves to kept(me), which `heavy(me)` reads: its trial stores nothing. `drop` moves to the pile, which
# `heavy` does not read: its value after the trial is that of the state, kept for every other card and the move.
RULES = """\
game "Trial memo"
players 2..3
attribute color: red > blue > green
attribute rank: 1..8
cards: color * rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: stack, public
zone kept: per_player, public
def heavy(p) = sum(kept(p), by: rank) > 9

setup:
  shuffle deck
  deal 5 from deck to hand

turn:
  choose:
    keep(c in hand(me)) only if not heavy(me) afterwards:
      move c to kept(me)
    drop(c in hand(me)) only if not heavy(me) afterwards:
      move c to pile
    draw only if count(deck) > 0:
      move top(deck) to hand(me)

end when empty(deck) or count(pile) >= 6:
  win best(players, by: count(kept(it)))
"""


def listed(rules: str, option: str) -> tuple[cardrules.Game, object, list]:
    game = cardrules.load_source(rules.replace("    drop(c in hand(me)) only if not heavy(me) afterwards:\n"
                                               "      move c to pile\n", "") if option == "keep" else
                                 rules.replace("    keep(c in hand(me)) only if not heavy(me) afterwards:\n"
                                               "      move c to kept(me)\n", ""))
    state = game.new_initial_state(2, 3)
    state.kept.clear()
    return game, state, state.legal_actions()


def test_a_trial_that_moves_a_card_into_what_a_guard_reads_keeps_nothing():
    game, state, actions = listed(RULES, "keep")
    assert [a.name for a in actions] == ["keep"] * 5 + ["draw"]
    assert state.kept == {}  # before: one entry per card, each stamped with versions that can never come back


def test_a_trial_that_leaves_what_a_guard_reads_keeps_its_value():
    game, state, actions = listed(RULES, "drop")
    assert [a.name for a in actions] == ["drop"] * 5 + ["draw"]
    assert len(state.kept) == 1  # heavy(me) for the first card, read again by the four others


def without_straight_moves(game: cardrules.Game) -> cardrules.Game:
    decisions = {pc: attrs.evolve(d, options=tuple(attrs.evolve(o, straight=None) for o in d.options))
                 for pc, d in game.decisions.items()}
    return attrs.evolve(game, decisions=decisions)


@pytest.mark.parametrize("checking", [False, True])
def test_the_moves_are_those_of_the_search_on_a_clone(monkeypatch, checking):
    if checking:
        monkeypatch.setenv(CHECK_MEMO, "1")
    game = cardrules.load_source(RULES)
    searched = without_straight_moves(game)
    for seed in range(30):
        state, other, rng = game.new_initial_state(2, seed), searched.new_initial_state(2, seed), random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            assert [a.text for a in actions] == [a.text for a in other.legal_actions()]
            action = rng.choice(actions)
            state.apply_action(action)
            other.apply_action(action.text)
        assert state.winners == other.winners
