"""What a grid keeps about its layout (occupied cells, bounds, frontier) as cards are laid and taken, and
`within(g, q, n)`, the test it answers from the bounds; on small rules files written for the test."""

from __future__ import annotations

import json
import random

import pytest

import cardrules
from cardrules.engine.positions import load_position
from cardrules.engine.saves import load_state, save_state
from cardrules.engine.zones.grid import AROUND, Cell, Grid

# Cards are laid within 4 x 3 and taken off again, so cells are filled and emptied, bounds grow and
# shrink, and the frontier changes both ways; `probe` reads what the grid keeps.
SLIDES = """\
game "Slides"
players 2..3
attribute color: red "r" > blue "b"
attribute dots: 1..4
cards: dots * color copies 2 -> pile
order: dots, color
text: color dots
zone pile: stack, hidden
zone board: grid, public
zone hand: per_player, owner
var result = none
def spots = [cell(0, 0)] if empty(cells(board)) else [q for q in frontier(board) where within(board, q, 4, 3)]
def probe = [cells(board), frontier(board), [within(board, q, 3) for q in neighbours(cell(0, 0))]]
setup:
  shuffle pile
  deal 5 from pile to hand
turn:
  choose:
    place(card in hand(me), q in spots):
      move card to board(q)
    take(q in cells(board)) only if count(cells(board)) > 2:
      move top(board(q)) to hand(me)
end when count(pile) == 0 and false:
  win []
"""

BOARD = {"0,0": ["r1"], "1,0": ["b2", "r2"], "2,0": ["r3"], "1,1": ["b4"], "0,2": ["b1"], "2,2": ["r4"]}


@pytest.fixture(scope="module")
def slides() -> cardrules.Game:
    return cardrules.load_source(SLIDES, "slides.rules")


def evaluate(game: cardrules.Game, expr: str, board: dict):
    probe = cardrules.load_source(SLIDES.replace("var result = none", f"def value = {expr}"), "probe.rules")
    return probe.call(load_position(probe, {"players": 2, "zones": {"board": board}}), "value")


def fresh_frontier(grid: Grid) -> list[Cell]:
    """The frontier worked out from the occupied cells alone, as it was before grids kept it."""
    found = {(x + dx, y + dy) for x, y in grid.stacks for dx, dy in AROUND} - set(grid.stacks)
    return [Cell(x, y) for y, x in sorted((y, x) for x, y in found)]


def fresh_bounds(grid: Grid) -> tuple:
    xs, ys = [x for x, _ in grid.stacks], [y for _, y in grid.stacks]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else ()


@pytest.mark.parametrize("expr, expected", [
    # BOARD spans x 0..2 and y 0..2: a 3 x 3 square
    ("within(board, cell(1, 1), 3)", True),
    ("within(board, cell(3, 1), 3)", False),  # 4 across
    ("within(board, cell(3, 1), 4)", True),
    ("within(board, cell(1, -1), 3)", False),  # 4 down
    ("within(board, cell(-1, -1), 4)", True),
    ("within(board, cell(-2, 0), 4)", False),  # 5 across
    ("within(board, cell(3, 1), 4, 3)", True),
    ("within(board, cell(1, 3), 4, 3)", False),
    ("within(board, cell(1, 1), 2)", False),  # the layout alone is 3 x 3 already
    ("within(board, (5, 5), 6)", True),  # a cell written as a tuple
    ("[q for q in frontier(board) where within(board, q, 3)]", [(0, 1), (2, 1), (1, 2)]),  # the holes inside
    ("frontier(board, 3)", [(0, 1), (2, 1), (1, 2)]),
    ("frontier(board, 4, 3)", [(-1, 0), (3, 0), (-1, 1), (0, 1), (2, 1), (3, 1), (-1, 2), (1, 2), (3, 2)]),
    ("frontier(board, 2)", []),
])
def test_within(slides, expr, expected):
    assert evaluate(slides, expr, BOARD) == expected


def test_within_on_an_empty_grid_takes_any_area_of_a_cell_or_more(slides):
    assert evaluate(slides, "[within(board, cell(7, -3), 1), within(board, cell(0, 0), 1, 1)]", {}) == [True, True]


def test_within_agrees_with_the_box_of_the_cells_and_frontier_with_a_size_with_within(slides):
    rng = random.Random(3)
    for _ in range(40):
        cells = {f"{rng.randint(-3, 3)},{rng.randint(-3, 3)}" for _ in range(rng.randint(1, 6))}
        cards = rng.sample([f"{color}{dots}" for color in "rb" for dots in range(1, 5)], len(cells))
        board = {cell: [card] for cell, card in zip(sorted(cells), cards)}
        expr = ("[[[within(board, q, w, h) == (box(cells(board) + [q])[0] <= w and box(cells(board) + [q])[1] <= h) "
                "for w in 1..7] for h in 1..7] for q in frontier(board) + cells(board) + [cell(9, 9)]]")
        assert all(all(all(row) for row in square) for square in evaluate(slides, expr, board))
        expr = ("[[frontier(board, w, h) == [q for q in frontier(board) where within(board, q, w, h)] "
                "for w in 1..7] for h in 1..7]")
        assert all(all(row) for row in evaluate(slides, expr, board))


def test_the_kept_layout_is_the_layout_through_play_clones_saves_and_positions(slides):
    slot = slides.zone("board").index
    for seed in range(12):
        state = slides.new_initial_state(2 + seed % 2, seed)
        rng = random.Random(seed)
        copies = []
        for _ in range(60):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            grid = state.zones[slot]
            assert grid.frontier() == fresh_frontier(grid) and grid.bounds() == fresh_bounds(grid)
            assert grid.cells() == sorted(grid.stacks, key=lambda c: (c[1], c[0]))
            if rng.random() < 0.2:
                copies.append((state.clone(), slides.call(state, "probe")))
        saved = load_state(slides, json.loads(json.dumps(save_state(state))))
        assert slides.call(saved, "probe") == slides.call(state, "probe")
        assert saved.legal_actions() == state.legal_actions()
        for copy, probe in copies:  # a clone kept its own layout while the original went on
            assert slides.call(copy, "probe") == probe
            grid = copy.zones[slot]
            assert grid.frontier() == fresh_frontier(grid) and grid.bounds() == fresh_bounds(grid)


def test_a_determinized_copy_keeps_the_grid(slides):
    state = slides.new_initial_state(2, 5)
    rng = random.Random(5)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    sample = state.determinize(0, random.Random(1))
    assert slides.call(sample, "probe") == slides.call(state, "probe")


def test_a_grid_built_from_a_position_knows_its_layout(slides):
    state = load_position(slides, {"players": 2, "zones": {"board": BOARD}})
    grid = state.zones[slides.zone("board").index]
    assert grid.bounds() == (0, 0, 2, 2) and grid.frontier() == fresh_frontier(grid)
    cards = grid.stacks[(2, 2)][:]
    for card in cards:  # the corner leaves: the bounds shrink
        grid.remove(card)
    assert grid.bounds() == (0, 0, 2, 2) and (2, 2) in grid.frontier()  # (2, 0) and (0, 2) still span it
    for cell in [(2, 0)]:
        for card in grid.stacks[cell][:]:
            grid.remove(card)
    assert grid.bounds() == (0, 0, 1, 2) and grid.frontier() == fresh_frontier(grid)


def test_within_stops_the_listing_of_moves_when_the_cell_is_not_one():
    # Where check cannot tell the kind (an element of a list of mixed kinds), the call stops the game.
    text = SLIDES.replace("where within(board, q, 4, 3)]", "where within(board, [q, 1][1], 4, 3)]")
    game = cardrules.load_source(text, "t.rules")
    state = game.new_initial_state(2, seed=1)
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(cardrules.RulesRuntimeError, match="'within' needs a cell") as info:
        state.legal_actions()
    assert [(d.code, d.span.line) for d in info.value.diagnostics] == [("R308", 18)]  # the choose


@pytest.mark.parametrize("call", ["within(board, q, [4, q][0], [q, 3][0])", "q in frontier(board, [q, 3][0])"])
def test_a_size_that_is_no_number_stops_the_game(call):
    text = SLIDES.replace("where within(board, q, 4, 3)]", f"where {call}]")
    game = cardrules.load_source(text, "t.rules")
    state = game.new_initial_state(2, seed=1)
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(cardrules.RulesRuntimeError, match="needs the size of the area as a whole number"):
        state.legal_actions()


@pytest.mark.parametrize("call, code", [
    ("within(board, q, 0)", "E435"),
    ("q in frontier(board, 0)", "E435"),
    ("q in frontier(board, 3, [1])", "E407"),
    ("within(board, q, 4, -1)", "E435"),
    ("within(hand(me), q, 4)", "E279"),
    ("within(board, q)", "E280"),
    ("within(board, q, 1, 2, 3)", "E280"),
    ("within(board, q, red)", "E407"),
])
def test_misuse_is_reported_where_it_is(call, code):
    text = SLIDES.replace("where within(board, q, 4, 3)]", f"where {call}]")
    errors = [d for d in cardrules.check_source(text, "t.rules") if d.severity == "error"]
    assert [d.code for d in errors] == [code] and errors[0].span.line == 12


def test_a_layout_cleared_and_laid_again_keeps_its_frontier_right():
    grid, rng = Grid(), random.Random(2)
    cards = list(range(40))
    for card in cards:  # lay, asking now and then, so both the kept and the worked-out-again paths run
        grid.put(Cell(rng.randint(-3, 3), rng.randint(-3, 3)), [card])
        if rng.random() < 0.3:
            assert grid.frontier() == fresh_frontier(grid) and grid.bounds() == fresh_bounds(grid)
    rng.shuffle(cards)
    for i, card in enumerate(cards):  # taken off one by one, asking after some of them only
        grid.remove(card)
        if i % 7 == 0:
            assert grid.frontier() == fresh_frontier(grid) and grid.bounds() == fresh_bounds(grid)
            assert grid.cells() == sorted(grid.stacks, key=lambda c: (c[1], c[0]))
    assert grid.frontier() == [] and grid.bounds() == () and grid.cells() == []
    grid.put(Cell(5, 5), [0])
    assert grid.frontier() == fresh_frontier(grid) and grid.bounds() == (5, 5, 5, 5)


def test_the_kept_frontier_within_an_area_is_the_one_worked_out_through_changes_and_copies():
    # frontier(g, w, h) is kept until a cell is filled or emptied: cards laid on covered cells, taken off
    # them, and copies going on their own must all still see the frontier worked out from the cells.
    from cardrules.engine.zones.grid import g_frontier, g_within

    rng = random.Random(8)
    grids, card = [Grid()], 0
    for step in range(600):
        grid = rng.choice(grids)
        roll = rng.random()
        if roll < 0.55 or not grid.where:
            grid.put(Cell(rng.randint(0, 4), rng.randint(0, 3)), [card], bottom=rng.random() < 0.2)
            card += 1
        elif roll < 0.9:
            grid.remove(rng.choice(sorted(grid.where)))
        elif len(grids) < 6:
            grids.append(grid.copy())
        for w, h in ((4, 3), (4, 3), (4, 4), (5, 4), (6, 6)) if step % 5 == 0 else ((4, 3),):
            expected = [q for q in fresh_frontier(grid) if g_within(grid, q, w, h)]
            assert g_frontier(grid, w, h) == expected
