"""A family member named by an attribute value (`pile(red)`) is one slot (reads.Key): a definition reading only
that member is kept until that member changes, not until any member does. A name that is bound (a parameter,
a comprehension's variable) or a value that is no key of the family read stays every member's; the kept values
are right at every step (CHECK_MEMO compares each hit with its body)."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.compiler.codegen import CHECK_MEMO
from cardrules.compiler.listing import game_source
from cardrules.compiler.reads import Key, Stamp, definition_reads, slot_reads

RULES = """\
game "Members"
players 2..3
attribute color: red > blue > green
attribute shape: round > square
attribute rank: 1..5
cards: color * rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: per color, public
zone heap: per shape, public
def reds = count(pile(red))
def red_top = top(pile(red))
def red_ranks = [tally(c).rank for c in pile(red)]
def of(k) = count(pile(k))
def blue_count = of(blue)
def shadow(red) = count(pile(red))
def elsewhere = [count(pile(k)) for k in [blue, green]]
def mixed = count(pile(red)) + count(heap(round))

setup:
  shuffle deck
  deal 3 from deck to hand

turn:
  choose:
    play(c in hand(me), k in keys(pile)):
      move c to pile(k)
    draw only if count(deck) > 0:
      deal 1 from deck to hand(me)
    ask only if count(red_ranks) >= 0 and blue_count >= 0 and mixed >= 0:
      pass
  if empty(deck) and empty(hand(me)):
    win me
"""


def stamps() -> dict:
    rules = cardrules.prepare_source(RULES.replace("tally(c)", "c"), "members.rules")
    return slot_reads(rules.symbols, definition_reads(rules.symbols))


def test_a_member_named_by_a_value_is_that_member():
    got = stamps()
    assert got["reds"] == Stamp(frozenset({("zone", "pile", Key("red"))}))
    assert got["red_ranks"] == Stamp(frozenset({("zone", "pile", Key("red"))}))
    assert got["blue_count"] == Stamp(frozenset({("zone", "pile", Key("blue"))}))  # through a parameter
    assert got["mixed"] == Stamp(frozenset({("zone", "pile", Key("red")), ("zone", "heap", Key("round"))}))


def test_a_bound_name_or_a_loop_is_every_member():
    got = stamps()
    assert got["shadow"] == Stamp(frozenset({("zone", "pile", 0)}))  # the parameter `red`, not the colour
    assert ("zone", "pile", None) in got["elsewhere"].slots


def test_the_stamp_reads_the_members_slot_alone():
    rules = cardrules.prepare_source(RULES.replace("tally(c)", "c"), "members.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    assert "# reds: reads zone pile; kept in the state until pile(red) changes" in source
    assert "# elsewhere: reads zone pile; kept in the state until pile changes" in source
    assert "# blue_count: reads zone pile; kept in the state until pile(blue) changes" in source
    assert "# mixed: reads zone heap, zone pile; kept in the state until heap(round) or pile(red) changes" in source
    # the slots themselves: red is the family's first member, round the heap's
    reds = source[source.index("def d0(s):"):]
    assert "t = s.zver[" in reds.split("\n\n")[0] and "sum(" not in reds.split("\n\n")[0]


RED = 1  # pile(red)'s slot: the first zone after the deck


def _play(game, seed: int) -> list:
    state = game.new_initial_state(2, seed)
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal() and len(seen) < 200:
        legal = state.legal_actions()
        seen.append([str(a) for a in legal])
        state.apply_action(rng.choice(legal))
    return seen


def test_kept_until_the_member_changes(tally):
    """Asked once a step: worked out again (each red card tallied) only after the red pile changed; a move into
    another pile, a deal or a draw leaves the kept value (the whole family's stamp worked it out again)."""
    game = cardrules.load_source(RULES, "members.rules")
    state = game.new_initial_state(2, 1)
    rng = random.Random(1)
    last, kept_across_other_moves = None, 0
    for _ in range(150):
        if state.is_terminal():
            break
        red = list(state.zones[RED])
        before = len(tally)
        game.call(state, "red_ranks")
        worked = len(tally) - before
        if red == last and red:
            assert worked == 0
            kept_across_other_moves += 1
        elif red != last:
            assert worked == len(red)
        last = red
        state.apply_action(rng.choice(state.legal_actions()))
    assert kept_across_other_moves > 10


@pytest.mark.parametrize("seed", range(4))
def test_same_moves_and_no_stale_value(monkeypatch, tally, seed):
    monkeypatch.setenv(CHECK_MEMO, "1")
    checked = cardrules.load_source(RULES, "members.rules")
    monkeypatch.delenv(CHECK_MEMO)
    plain = cardrules.load_source(RULES, "members.rules")
    assert _play(checked, seed) == _play(plain, seed)
