"""Move instructions specialised when compiled (compiler/moving.py): each is written for its case (fixed
slot, top or bottom, knowledge to carry, a whole zone at once) and plays exactly as the general
instruction, which moves card by card and works the slot out at each move (moving.SPECIALISE off):
zones, knowledge, variables, events, legal moves, at every step, for small files and every bundled game."""

import inspect
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.compiler import moving
from cardrules.resources import bundled_games

# Every kind of move: whole zones into hidden, owner and public zones, knowledge from `reveal` and from
# face-up cards taken into hands, a passed hand (owner to owner), lists of cards from one zone or from
# several (all of a hand, part of it), a trigger, a bottom move, a family member named by a constant,
# columns that open, `mover` kept per card, deals.
RULES = """\
game "T"
players 2..3
attribute suit: red > blue
attribute rank: 1..6
cards: suit * rank -> stock
text: rank suit
zone stock: stack, hidden
zone hand: per_player, owner, row
zone aside: per_player, owner, row
zone table: row, public
zone heap: per suit, stack, public
zone lines: per suit, columns, public
var moves = 0
var last = none
setup:
  shuffle stock
  deal 3 from stock to hand
turn:
  choose:
    draw only if not empty(stock):
      move top(stock) to hand(me)
    play(card in hand(me)):
      move card to table
    set_aside(card in hand(me)):
      move card to aside(me)
    pass_on only if not empty(aside(me)):
      move aside(me) to hand(left(me))
    collect only if not empty(table):
      move table to hand(me)
    bury only if not empty(table):
      move table to stock at bottom
    heap_red(card in hand(me) where suit == red):
      move card to heap(red)
    line(card in hand(me)):
      move card to lines(card.suit)
    restock only if not empty(heap(red)):
      move heap(red) to stock
      shuffle stock
    peek only if not empty(stock):
      reveal top(stock) to [me]
    swap_hands only if not empty(hand(me)):
      move hand(me) to aside(me)
    regroup only if not empty(lines(blue)):
      move lines(blue) to table
    sort only if not empty(hand(me)):
      move sorted(hand(me)) to hand(me)
    give_high only if not empty(hand(me)):
      move hand(me) where rank > 3 to aside(left(me))
    fish only if not empty(stock):
      move stock where rank == 1 to hand(me)
    gather only if not empty(table):
      move concat([aside(p) for p in players]) + table to hand(me)
    deal_round only if count(stock) >= 4:
      deal 1 from stock to hand
    otherwise wait:
      pass
  set moves = moves + 1
on move card to table where card.rank == 6:
  set last = mover(card)
  say "a six", card, "from", mover(card)
end when moves >= 60:
  win players
"""


def plans(game) -> list:
    """The plans of the game's move instructions, in program order."""
    return [step.plan for step in game.program if hasattr(step, "plan")]


def general(text: str, monkeypatch, options=None):
    """The game compiled with every move the general way (card by card, the slot at each move)."""
    with monkeypatch.context() as m:
        m.setattr(moving, "SPECIALISE", False)
        return cardrules.load_source(text, "t.rules", options) if isinstance(text, str) else cardrules.load(*text)


def same(a, b) -> None:
    """The same position, card for card (values compared by how they print: each compile makes its own
    attribute values)."""
    assert a.zones == b.zones and a.known == b.known and repr(a.vars) == repr(b.vars)
    assert (a.pc, a.me, a.terminal, a.winners, a.turns, a.eliminated) == (b.pc, b.me, b.terminal, b.winners, b.turns,
                                                                           b.eliminated)
    assert a.opened == b.opened and repr(a.stack) == repr(b.stack) and repr(a.locals) == repr(b.locals)
    assert [e.text for e in a.events] == [e.text for e in b.events]
    if not a.terminal:
        assert [repr(x) for x in a.legal_actions()] == [repr(x) for x in b.legal_actions()]


def play_both(fast, slow, players: int, seed: int, steps: int, quiet: bool = False) -> None:
    a, b = fast.new_initial_state(players, seed), slow.new_initial_state(players, seed)
    a.quiet = b.quiet = quiet
    rng = random.Random(seed)
    same(a, b)
    for _ in range(steps):
        if a.is_terminal():
            break
        pick = rng.randrange(len(a.legal_actions()))
        a.apply_action(pick)
        b.apply_action(pick)
        same(a, b)
        a.where.clear()  # the hint is shared by nobody here: a cleared one must play the same
        for slot, zone in enumerate(a.zones):
            if slot % 2:
                a.where.update(dict.fromkeys(zone, slot))


def test_a_named_destination_is_written_in_no_slot_function(monkeypatch):
    game = cardrules.load_source(RULES, "t.rules")
    fixed = {p.slot for p in plans(game) if p.slot >= 0}
    assert game.zone_slot(game.zone("table"), 2) in fixed and game.zone_slot(game.zone("stock"), 2) in fixed
    heap_red = next(slot for slot in range(len(game.zones)) if game.zone_at(slot, 2).name == "red"
                    and game.zone_at(slot, 2).family == "heap")
    assert heap_red in fixed  # `heap(red)`: a family member named by a constant
    for step in game.program:
        if hasattr(step, "plan") and step.plan.slot >= 0:
            assert "dest(" not in step.source and f"slot = {step.plan.slot}" in step.source
    computed = [p for p in plans(game) if p.slot < 0]
    assert computed and all(p.slot == -1 for p in computed)  # hand(me), aside(me), lines(card.suit)
    assert not any(p.slot >= 0 for p in plans(general(RULES, monkeypatch)))


def test_deal_and_shuffle_of_named_zones_hold_their_slot():
    game = cardrules.load_source(RULES, "t.rules")
    for step in game.program:
        if step.__name__ in ("deal", "shuffle"):
            cells = inspect.getclosurevars(step).nonlocals
            assert cells["fixed"] == game.zone_slot(game.zone("stock"), 2)
            assert cells.get("source", cells.get("zone")) is None


def test_each_move_is_written_for_its_case():
    game = cardrules.load_source(RULES, "t.rules")
    by_carry = {p.carry for p in plans(game)}
    assert by_carry == {"never", "when known", "always"}
    whole = [p for p in plans(game) if p.whole]
    assert len(whole) == 6  # aside(me), table twice, heap(red), hand(me), lines(blue)
    table = game.zone_slot(game.zone("table"), 2)
    into_table = [step for step in game.program if hasattr(step, "plan") and step.plan.slot == table]
    assert into_table and all(step.plan.triggers and "fire(" in step.source for step in into_table)
    assert all("follow" not in step.source and "take_zone(s, from_slot, -1" in step.source
               for step in into_table if step.plan.whole)


def test_a_whole_zone_moves_with_one_version_bump_and_its_order():
    game = cardrules.load_source(RULES, "t.rules")
    s = game.new_initial_state(2, 3)
    for _ in range(3):
        s.apply_action(next(a for a in s.legal_actions() if a.name == "play"))
        if s.me == 1:
            s.apply_action("draw")
    table = game.zone_slot(game.zone("table"), 2)
    hand = game.zone_slot(game.zone("hand"), 2, s.me)
    cards, held = s.zones[table][:], s.zones[hand][:]
    versions = s.zver[:]
    s.apply_action("collect")
    assert s.zones[table] == [] and s.zones[hand] == held + cards
    assert s.zver[table] == versions[table] + 1 and s.zver[hand] == versions[hand] + 1


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 100_000), players=st.integers(2, 3), quiet=st.booleans())
def test_specialised_moves_play_as_the_general_ones(seed, players, quiet):
    with pytest.MonkeyPatch.context() as m:
        fast = cardrules.load_source(RULES, "t.rules")
        slow = general(RULES, m)
    play_both(fast, slow, players, seed, 120, quiet)


GAMES = sorted(bundled_games())


@settings(max_examples=30, deadline=None, database=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 100_000), extra=st.integers(0, 2))
def test_every_bundled_game_plays_the_same_either_way(load_game, name, seed, extra):
    fast = load_game(name)
    with pytest.MonkeyPatch.context() as m:
        slow = general((name,), m)
    players = min(fast.min_players + extra, fast.max_players)
    play_both(fast, slow, players, seed, 150)


# Deals while some card is known: from a stack nobody sees (everyone watches its order) a card nobody knows
# goes in one slice; from a row nobody sees a knower may lose track of the row's other cards: card by card.
KNOWN_DEALS = """\
game "K"
players 2..3
attribute rank: 1..20
cards: rank -> stock
zone stock: stack, hidden
zone pool: row, hidden
zone hand: per_player, owner, row
var moves = 0
setup:
  shuffle stock
  deal 4 from stock to pool
turn:
  choose:
    peek only if not empty(stock):
      reveal top(stock) to me
    peek_deep only if count(stock) > 2:
      reveal stock[1] to me
    peek_pool only if not empty(pool):
      reveal pool to me
    deal_stock only if count(stock) >= 3:
      deal 1 from stock to hand
    deal_pool only if count(pool) >= 3:
      deal 1 from pool to hand
    refill only if not empty(stock):
      move top(stock) to pool
  set moves = moves + 1
end when moves >= 40:
  win players
"""


def test_a_deal_of_cards_nobody_knows_from_a_stack_goes_plainly_while_others_are_known(monkeypatch):
    fast = cardrules.load_source(KNOWN_DEALS, "t.rules")
    slow = general(KNOWN_DEALS, monkeypatch)
    plainly, real = [], moving._deal_plainly

    def spy(s, src_slot, slots, rounds):
        plainly.append((bool(s.known), src_slot))
        return real(s, src_slot, slots, rounds)
    monkeypatch.setattr(moving, "_deal_plainly", spy)
    for seed in range(30):
        play_both(fast, slow, 2 + seed % 2, seed, 60)
    stock, pool = fast.zone_slot(fast.zone("stock"), 2), fast.zone_slot(fast.zone("pool"), 2)
    assert (True, stock) in plainly  # some card was known: the stack's deal went in one slice all the same
    assert (True, pool) not in plainly  # from the row: card by card, so knowers lose track as follow says
