"""The keys and runs a grid keeps for `lines(g, q, by:)` and `segments(g, by:)` (engine/zones/keyed.py) agree with
both worked out from scratch, over random layouts changed card by card, copies, and key functions it cannot keep."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.engine.zones.grid import Cell, Grid, g_lines, g_segments

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
SHADES = ("a", "b", "c")


def shade(card):  # no closure: the grid keeps its keys
    return SHADES[card % 3]


def parity(card):
    return card % 2


def ref_lines(stacks: dict, cell, by) -> list[list]:
    """The four lines through an occupied cell, from the definition."""
    if cell not in stacks:
        return []
    key, (x, y), out = by(stacks[cell][-1]), cell, []
    for dx, dy in DIRECTIONS:
        first = 0
        while (x + (first - 1) * dx, y + (first - 1) * dy) in stacks and \
                by(stacks[(x + (first - 1) * dx, y + (first - 1) * dy)][-1]) == key:
            first -= 1
        last = 0
        while (x + (last + 1) * dx, y + (last + 1) * dy) in stacks and \
                by(stacks[(x + (last + 1) * dx, y + (last + 1) * dy)][-1]) == key:
            last += 1
        out.append([stacks[(x + k * dx, y + k * dy)][-1] for k in range(first, last + 1)])
    return out


def ref_segments(stacks: dict, by) -> list[list]:
    """Every maximal run of two or more equal keys, by first cell in reading order, then direction."""
    out = []
    for x, y in sorted(stacks, key=lambda c: (c[1], c[0])):
        for dx, dy in DIRECTIONS:
            before = (x - dx, y - dy)
            if before in stacks and by(stacks[before][-1]) == by(stacks[(x, y)][-1]):
                continue
            line = ref_lines(stacks, (x, y), by)[DIRECTIONS.index((dx, dy))]
            if len(line) >= 2:
                out.append(line)
    return out


def closure_key(salt: int):
    return lambda card: SHADES[(card + salt) % 3]  # closes over `salt`: worked out at every call


def check(grid: Grid, rng: random.Random) -> None:
    stacks = {cell: cards[:] for cell, cards in grid.stacks.items()}
    for by in (shade, parity, closure_key(0)):
        assert g_segments(grid, by) == ref_segments(stacks, by)
        for cell in list(stacks)[:4] + [Cell(rng.randint(-3, 3), rng.randint(-3, 3))]:
            assert g_lines(grid, cell, by) == ref_lines(stacks, cell, by)


# An operation: lay a card on a cell (on top, or under its cards), take one off, copy the grid and go on
# with the copy or the original (checking later that the other kept its own), or ask the kept keys. With
# `always`, the keys are asked after every operation, so they are kept up to date rather than dropped.
operation = st.tuples(st.sampled_from(["lay", "lay", "lay", "under", "take", "take", "copy", "ask"]),
                      st.integers(0, 4), st.integers(0, 4), st.integers(0, 10_000))


@settings(max_examples=200, deadline=None)
@given(st.lists(operation, min_size=1, max_size=80), st.booleans(), st.integers(0, 2**16))
def test_kept_keys_lines_and_segments_agree_with_the_definition(operations, always, seed):
    rng = random.Random(seed)
    grid, next_card, kept = Grid(), 0, []
    for kind, x, y, pick in operations:
        if kind in ("lay", "under"):
            grid.put(Cell(x, y), [next_card], bottom=kind == "under")
            next_card += 1
        elif kind == "take" and grid.where:
            cards = sorted(grid.where)
            grid.remove(cards[pick % len(cards)])
        elif kind == "copy":
            copy = grid.copy()
            if pick % 2:  # go on with the copy, or with the original
                grid, copy = copy, grid
            kept.append((copy, {cell: cards[:] for cell, cards in copy.stacks.items()}))
        if always or kind == "ask":
            check(grid, rng)
    check(grid, rng)
    for other, stacks in kept:  # each grid left behind kept its own cards, keys and runs
        assert other.stacks == stacks
        check(other, rng)


def test_keys_are_dropped_when_nobody_asks_and_worked_out_again():
    grid, rng = Grid(), random.Random(4)
    for card in range(30):
        grid.put(Cell(rng.randint(0, 4), rng.randint(0, 4)), [card])
    check(grid, rng)
    assert grid.keyed(shade) is not None
    for card in range(30, 40):  # changes with nobody asking: the kept keys go
        grid.put(Cell(rng.randint(0, 4), rng.randint(0, 4)), [card])
    assert grid._keyed is None
    check(grid, rng)


def test_a_key_that_fails_fails_where_it_is_met_as_without_keeping():
    def fussy(card):
        if card == 7:
            raise ValueError("no key for 7")
        return card % 2

    grid = Grid()
    for card, cell in enumerate([(0, 0), (1, 0), (2, 0), (0, 1)]):
        grid.put(Cell(*cell), [card])
    assert g_segments(grid, fussy) == ref_segments(grid.stacks, fussy)
    grid.put(Cell(5, 5), [7])  # far from (0, 0): its lines never read it
    assert g_lines(grid, Cell(0, 0), fussy) == ref_lines(grid.stacks, Cell(0, 0), fussy)
    with pytest.raises(ValueError, match="no key for 7"):
        g_segments(grid, fussy)
    grid.remove(7)
    assert g_segments(grid, fussy) == ref_segments(grid.stacks, fussy)


# Through a rules file: a key that reads nothing but the card (kept) and one that reads the state (not kept)
# give the same lines and segments at every step of random games, in clones too.
TILES = """\
game "Tiles"
players 2..3
attribute color: red "r" > blue "b" > green "g"
attribute dots: 1..4
cards: dots * color copies 2 -> pile
order: dots, color
text: color dots
zone pile: stack, hidden
zone board: grid, public
zone hand: per_player, owner
def spots = [cell(0, 0)] if empty(cells(board)) else frontier(board, 4) + cells(board)
def kept = [segments(board, by: color), [lines(board, q, by: color) for q in cells(board)]]
def fresh = [segments(board, by: color if count(hand(me)) >= 0 else dots),
             [lines(board, q, by: color if count(hand(me)) >= 0 else dots) for q in cells(board)]]
setup:
  shuffle pile
  deal 6 from pile to hand
turn:
  choose:
    place(card in hand(me), q in spots):
      move card to board(q)
    take(q in cells(board)) only if count(cells(board)) > 3:
      move top(board(q)) to hand(me)
end when empty(hand(me)):
  win [me]
"""


def test_kept_and_worked_out_keys_agree_through_play_and_clones():
    game = cardrules.load_source(TILES, "tiles.rules")
    for seed in range(10):
        state = game.new_initial_state(2 + seed % 2, seed)
        rng, copies = random.Random(seed), []
        for step in range(50):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            if step % 3 == 0 or step > 40:
                kept = game.call(state, "kept")
                assert kept == game.call(state, "fresh")
                if rng.random() < 0.3:
                    copies.append((state.clone(), kept))
        for copy, kept in copies:  # each clone kept its own keys and runs while the original went on
            assert game.call(copy, "kept") == kept == game.call(copy, "fresh")
            if not copy.is_terminal():
                copy.apply_action(rng.choice(copy.legal_actions()))
                assert game.call(copy, "kept") == game.call(copy, "fresh")


def test_lines_longer_than_the_cells_made_ahead_and_keys_equal_only_to_themselves_in_lines_and_segments():
    # `lines` walks cells made in advance (grid.RAY of them each way) and goes on cell by cell past them; a key
    # that is an attribute value or none is compared by identity. Both against the definition, with keys of
    # every kind mixed on one layout (values of two attributes, none, numbers, lists).
    from cardrules.engine.zones.grid import RAY
    from cardrules.values import NOTHING, Sym

    red, blue, other = Sym("color", "red", 0, "r"), Sym("color", "blue", 1, "b"), Sym("size", "big", 0, None)
    keys = [red, blue, other, NOTHING, 0, 1, [1], [1], True]
    rng = random.Random(3)
    for trial in range(40):
        grid, card = Grid(), 0
        span = 3 * RAY + 2
        for x in range(-span, span):  # a long row and a long diagonal, then scattered cards
            for cell in (Cell(x, 0), Cell(x, x)):
                if cell not in grid.stacks:
                    grid.put(cell, [card])
                    card += 1
        for _ in range(60):
            grid.put(Cell(rng.randint(-span, span), rng.randint(-3, 3)), [card])
            card += 1
        colours = {c: (red if rng.random() < 0.9 else rng.choice(keys)) if trial % 2 else rng.choice(keys)
                   for c in range(card)}

        def by(c):
            return colours[c]
        stacks = {cell: cards[:] for cell, cards in grid.stacks.items()}
        for cell in [Cell(0, 0), Cell(RAY + 1, RAY + 1), Cell(-RAY - 2, 0)] + rng.sample(sorted(stacks), 20):
            assert g_lines(grid, cell, by) == ref_lines(stacks, cell, by)
        assert g_segments(grid, by) == ref_segments(stacks, by)
        assert max(len(line) for line in g_lines(grid, Cell(0, 0), lambda c: 0)) > 2 * RAY
