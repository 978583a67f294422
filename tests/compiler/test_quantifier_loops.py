"""`all(...)` and `any(...)` of a comprehension where a statement can take them (the whole body of a definition,
a side of `and`/`or`, under `not`, a part of `if ... else`) become plain loops that stop at the first deciding
element (compiler/quantifiers.py): the same values, parts worked out only when the expression would, and a
failing part reported where it was."""

from __future__ import annotations

import random
import re

import pytest

import cardrules
from cardrules.compiler.listing import game_source

RULES = """\
game "Quantifiers"
players 2..3
attribute color: red > blue
attribute rank: 1..5
cards: color * rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner, row
zone pile: stack, public
var bad = 0
def ahead(p) = count(hand(p)) > 0 and all([count(hand(p)) > count(hand(q)) for q in players where q != p])
def some_red(p) = any([c.color == red and c.rank > 1 for c in hand(p)])
def mixed(p) = not all([c.color == red for c in hand(p)]) or empty(pile)
def verdict(p) = count(hand(p)) if any([c.rank == 5 for c in hand(p)]) else -1
def risky(p) = empty(hand(p)) or any([c.rank // bad > 0 for c in hand(p)])

setup:
  shuffle deck
  deal 3 from deck to hand
  move top(deck) to pile

turn:
  choose:
    play(c in hand(me)):
      move c to pile
    draw only if count(deck) > 0:
      move top(deck) to hand(me)
    pass:
      pass
end when count(pile) > 8 or empty(deck):
  win me
"""


def rank_color(state, seat):
    return [(state.game.card_json(c)["rank"], state.game.card_json(c)["color"])
            for c in state.zone_cards("hand", seat)]


def test_the_bodies_are_loops():
    rules = cardrules.prepare_source(RULES, "q.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, "quantifiers")
    bodies = re.findall(r"def d[0-9]+_body\(s, p[0-9]+\):\n(?:    .*\n)+", source)
    looped = [b for b in bodies if "break" in b]
    assert len(looped) == 5  # ahead, some_red, mixed, verdict, risky
    assert all(re.search(r"^ +for v[0-9]+ in ", b, re.M) for b in looped)  # a statement, no generator left
    assert not any(" for v" in line for b in looped for line in b.splitlines() if "return" in line)


def test_the_values_are_those_worked_out_by_hand():
    game = cardrules.load_source(RULES, "q.rules")
    rng = random.Random(5)
    for seed in range(15):
        n = 2 + seed % 2
        state = game.new_initial_state(n, seed)
        while not state.is_terminal():
            hands = [rank_color(state, p) for p in range(n)]
            pile_empty = not state.zone_cards("pile")
            for p in range(n):
                hand = hands[p]
                others = [len(hands[q]) for q in range(n) if q != p]
                assert game.call(state, "ahead", p) == (len(hand) > 0 and all(len(hand) > o for o in others))
                assert game.call(state, "some_red", p) == any(color == "red" and r > 1 for r, color in hand)
                assert game.call(state, "mixed", p) == (not all(color == "red" for _, color in hand) or pile_empty)
                assert game.call(state, "verdict", p) == (len(hand) if any(r == 5 for r, _ in hand) else -1)
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_part_is_worked_out_only_when_reached_and_fails_in_its_place():
    game = cardrules.load_source(RULES, "q.rules")
    state = game.new_initial_state(2, 0)
    with pytest.raises(ZeroDivisionError):  # `bad` is 0 and the hand is not empty: the division runs
        game.call(state, "risky", 0)
    guarded = RULES.replace("    play(c in hand(me)):", "    play(c in hand(me)) only if risky(me):")
    text = guarded.replace("  move top(deck) to pile\n", "  move top(deck) to pile\n  move hand(me) to deck\n")
    quiet = cardrules.load_source(text, "q.rules").new_initial_state(2, 0)  # an empty hand: `or` stops at once
    assert [a.text for a in quiet.legal_actions()] == ["draw", "pass"]
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        cardrules.load_source(guarded, "q.rules").new_initial_state(2, 0).legal_actions()
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.code == "R302"
    assert guarded.splitlines()[diagnostic.span.line - 1].strip().startswith("play(c in hand(me))")
