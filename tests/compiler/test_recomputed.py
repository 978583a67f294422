"""Definitions cheaper to compute again than to keep (compiler/inlining.recomputed): small, loop-free, one
parameter at most, calling only definitions cached for the game. Their calls keep nothing in the state;
a definition that loops, or calls one kept by the state, is kept as before; the values are the same."""

from __future__ import annotations

import random

import cardrules
from cardrules.compiler.listing import game_source
from cardrules.values import NOTHING

RULES = """\
game "Recomputed"
players 2..3
attribute color: red > blue > green
attribute rank: 1..6
cards: color * rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: stack, public
def best_of(cards, rule) by rule:
  red "Highest": cards where it == highest(cards)
  blue "Low ones": cards where rank < 3
  green "Every card": cards
def rule = top(pile).color
def chosen(p) = best_of(hand(p), rule)
def strength(p) = (count(chosen(p)), highest(chosen(p)))
def ahead(p) = all([strength(p) > strength(q) for q in players where q != p])

setup:
  shuffle deck
  deal 4 from deck to hand
  move top(deck) to pile

turn:
  choose:
    play(c in hand(me)):
      move c to pile
    draw only if count(deck) > 0:
      move top(deck) to hand(me)

end when empty(deck) or count(pile) >= 10:
  win best(players, by: count(hand(it)))
"""


def kept_by(game, state, name: str) -> int:
    state.kept.clear()
    game.call(state, name, 0)
    return len(state.kept)


def test_a_definition_calling_only_cached_ones_keeps_nothing():
    game = cardrules.load_source(RULES)
    state = game.new_initial_state(2, 1)
    assert kept_by(game, state, "strength") == 0  # best_of is cached for the game, chosen written in
    assert kept_by(game, state, "ahead") == 1  # a loop: kept, and strength inside it recomputed


def test_the_listing_says_so():
    rules = cardrules.prepare_source(RULES, "recomputed.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, "recomputed")
    assert "# strength: reads zone hand, zone pile; computed at each call" in source
    assert "# ahead: reads players, zone hand, zone pile; kept in the state" in source


def test_the_values_are_those_worked_out_by_hand():
    game = cardrules.load_source(RULES)
    rng = random.Random(3)
    for seed in range(20):
        state = game.new_initial_state(2, seed)
        while not state.is_terminal():
            rule = game.card_attrs["color"][state.zones[game.zone("pile").index][-1]]
            for p in range(2):
                hand = state.zones[game.shared_zones + game.zone("hand").index * 2 + p]
                chosen = [c for c in hand if c == max(hand)] if str(rule) == "red" else \
                    [c for c in hand if game.card_attrs["rank"][c] < 3] if str(rule) == "blue" else list(hand)
                assert game.call(state, "strength", p) == (len(chosen), max(chosen) if chosen else NOTHING)
            state.apply_action(rng.choice(state.legal_actions()))
