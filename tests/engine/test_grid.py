"""Grid zones, the geometry functions, sides, and everything around them (positions, saves, views, the
renderer, typing a cell), on small rules files written for the test."""

from __future__ import annotations

import json
import random

import pytest
from rich.console import Console

import cardrules
from cardrules.cli.render import CardPainter, cell_marks, render_view
from cardrules.engine.moves import find_move
from cardrules.engine.positions import load_position
from cardrules.engine.saves import load_state, save_state
from cardrules.engine.zones.grid import Cell, Grid, grid_lines, parse_cell

TILES = """\
game "Tiles"
players 2..4
attribute color: red "r" > blue "b"
attribute dots: 1..4
cards: dots * color copies 2 -> pile
order: dots, color
text: color dots
zone pile: stack, hidden
zone board: grid, public
zone hand: per_player, owner
var result = none
sides: [[0, 2], [1, 3]] if num_players == 4 else [[p] for p in players]
def spots = [cell(0, 0)] if empty(cells(board)) else frontier(board)
setup:
  shuffle pile
  deal 4 from pile to hand
turn:
  choose:
    place(card in hand(me), q in spots) only if max(box(cells(board) + [q])) <= 4:
      move card to board(q)
      if any([count(l) >= 3 for l in lines(board, q, by: color)]):
        win me
end when all([empty(hand(p)) for p in players]):
  win []
"""


@pytest.fixture(scope="module")
def tiles() -> cardrules.Game:
    return cardrules.load_source(TILES, "tiles.rules")


def evaluate(expr: str, board: dict, players: int = 2):
    """The value of `expr` in a position with `board` ("x,y" -> cards) laid out."""
    probe = cardrules.load_source(TILES.replace("var result = none", f"def value = {expr}"), "probe.rules")
    return probe.call(load_position(probe, {"players": players, "zones": {"board": board}}), "value")


BOARD = {"0,0": ["r1"], "1,0": ["b2", "r2"], "2,0": ["r3"], "1,1": ["b4"], "0,2": ["b1"], "2,2": ["r4"]}


@pytest.mark.parametrize("expr, expected", [
    ("cells(board)", [(0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (2, 2)]),  # reading order: by row, then column
    ("count(board)", 7),
    ("[c.dots for c in board(cell(1, 0))]", [2, 2]),
    ("board(cell(5, 5))", []),
    ("top(board((1, 0))).color", "red"),
    ("box(cells(board))", (3, 3)),
    ("box([])", (0, 0)),
    ("neighbours(cell(0, 0))", [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]),
    ("frontier(board) == [q for q in frontier(board) where count(board(q)) == 0]", True),
    ("cell(1, 2) in frontier(board) and cell(3, 3) in frontier(board) and cell(4, 0) not in frontier(board)",
     True),
    ("[[c.dots for c in l] for l in lines(board, cell(1, 0), by: color)]", [[1, 2, 3], [2], [2], [2]]),
    ("[[c.dots for c in l] for l in lines(board, cell(1, 1), by: color)]", [[4], [4], [4], [1, 4]]),
    ("lines(board, cell(9, 9), by: color)", []),
    ("[[c.dots for c in l] for l in segments(board, by: color)]", [[1, 2, 3], [1, 4]]),
    ("[[c.dots for c in l] for l in segments(board, by: dots % 2)]", [[2, 4], [4, 4]]),
])
def test_geometry(expr, expected):
    value = evaluate(expr, BOARD)
    if isinstance(expected, str):
        assert value.name == expected
    else:
        assert value == expected


def test_frontier_is_every_empty_cell_touching_a_card():
    value = evaluate("frontier(board)", {"0,0": ["r1"], "2,0": ["b1"]})
    expected = sorted({(x + dx, y + dy) for x, y in [(0, 0), (2, 0)] for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
                      - {(0, 0), (2, 0)}, key=lambda c: (c[1], c[0]))
    assert value == expected and all(type(c) is Cell for c in value)


def test_moves_lay_cards_on_cells_and_take_them_off(tiles):
    state = tiles.new_initial_state(2, seed=1)
    first = state.legal_actions()[0]
    assert first.text.endswith(" 0,0")
    state.apply_action(first)
    board = state.zones[state.game.zone("board").index]
    assert isinstance(board, Grid) and board.cells() == [(0, 0)] and len(board) == 1
    card = board.stacks[(0, 0)][0]
    board.remove(card)
    assert board.stacks == {} and board.where == {} and card not in board


def test_random_games_keep_every_card_and_stay_in_the_window(tiles):
    for seed in range(30):
        for n in (2, 4):
            state = tiles.new_initial_state(n, seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                board = state.zones[tiles.zone("board").index]
                assert sorted(c for z in state.zones for c in z) == list(range(16))
                assert max(cardrules.engine.zones.grid.g_box(board.cells())) <= 4
            if n == 4 and state.winners:
                assert state.winners in ([0, 2], [1, 3])  # `win me` is a win for my side


def test_clone_save_and_load_keep_the_grid(tiles):
    state = tiles.new_initial_state(2, seed=4)
    rng = random.Random(4)
    for _ in range(5):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy == state
    slot = tiles.zone("board").index
    assert copy.zones[slot] is not state.zones[slot]
    copy.apply_action(copy.legal_actions()[0])
    assert copy != state and len(state.zones[slot]) == 5
    saved = json.loads(json.dumps(save_state(state)))
    again = load_state(tiles, saved)
    assert again == state and again.zones[slot].stacks == state.zones[slot].stacks
    saved["cells"][0][0] = 0  # a grid cell in a zone that is not a grid
    with pytest.raises(cardrules.RulesError, match="grid"):
        load_state(tiles, saved)


def test_views_show_the_grid_by_cell(tiles):
    state = load_position(tiles, {"players": 2, "zones": {"board": {"1,-1": ["r1", "b3"], "0,0": ["b2"]}}})
    assert state.view(1).zones["board"] == {"1,-1": ["r1", "b3"], "0,0": ["b2"]}


@pytest.mark.parametrize("board, message", [
    (["r1"], "give an object of cells"),
    ({"1;2": ["r1"]}, "'1;2' is not a cell"),
    ({"0,0": ["r1"], " 0, 0": ["b1"]}, "listed twice"),
    ({"0,0": ["r9"]}, 'no card "r9"'),
])
def test_bad_grids_in_positions(tiles, board, message):
    with pytest.raises(cardrules.RulesError, match=message):
        load_position(tiles, {"players": 2, "zones": {"board": board}})


def test_cells_are_written_x_comma_y_and_read_back():
    assert repr(Cell(2, -1)) == "2,-1" and Cell(2, -1) == (2, -1) and hash(Cell(0, 0)) == hash((0, 0))
    assert parse_cell("2,-1") == parse_cell(" (2, -1) ") == (2, -1)
    assert parse_cell("2") is None and parse_cell("a,b") is None and parse_cell("1,2,3") is None


def test_a_cell_typed_as_x_y_picks_the_move_naming_it(tiles):
    state = load_position(tiles, {"players": 2, "zones": {"board": {"0,0": ["r1"]}, "hand": [["b2"], []]}})
    legal = state.legal_actions()
    assert find_move(legal, "1,1").text == "place b2 1,1"
    assert find_move(legal, "(1, 1)").text == "place b2 1,1"
    assert find_move(legal, "PLACE b2 1, 1").text == "place b2 1,1"
    assert find_move(legal, "5,5") is None
    two = load_position(tiles, {"players": 2, "zones": {"board": {"0,0": ["r1"]}, "hand": [["b2", "b3"], []]}})
    assert find_move(two.legal_actions(), "1,1") is None  # two cards could go there: say which


def test_the_board_is_drawn_with_coordinates_marks_and_colours(tiles):
    state = load_position(tiles, {"players": 2, "zones": {"board": {"0,0": ["r1", "b2"]}, "hand": [["r3"], []]}})
    marks = cell_marks(state.legal_actions())
    assert marks[(1, 1)] == len(marks) == 8 and (0, 0) not in marks  # the 8 cells around, in reading order
    console = Console(record=True, width=80, color_system="truecolor")
    console.print(render_view(tiles, state.view(0), CardPainter(tiles, "truecolor"), marks=marks))
    text = console.export_text()
    board = text.splitlines()[text.splitlines().index("  board:  2 cards") + 1:][:6]
    assert board[0].split() == ["y\\x", "-2", "-1", "0", "1", "2"]
    assert board[3].split() == ["0", "·", "4", "b2²", "5", "·"]
    lines = grid_lines(CardPainter(tiles), {"0,0": ["r1", "b2"]})
    assert [line.plain for line in lines][2].split() == ["0", "·", "b2²", "·"]
    assert lines[2].style == ""
    styled = [span.style for span in lines[2].spans]
    assert any("dodger_blue1" in str(style) for style in styled)


@pytest.mark.parametrize("rules, message", [
    ("zone board: grid, public\nzone board2: grid, hidden\n", "a grid zone is one shared, public zone"),
    ("zone board: grid, public\nzone b2: grid, row\n", "a zone has one kind"),
])
def test_checker_rejects_grids_it_cannot_run(rules, message):
    text = TILES.replace("zone board: grid, public\n", rules)
    diagnostics = cardrules.check_source(text, "t.rules")
    assert any(message in d.message for d in diagnostics if d.severity == "error")


@pytest.mark.parametrize("statement", ["shuffle board", "deal 1 from board to hand", "move card to board"])
def test_statements_that_need_a_cell(statement):
    text = TILES.replace("      move card to board(q)\n", f"      {statement}\n      move card to board(q)\n")
    diagnostics = cardrules.check_source(text, "t.rules")
    assert any(d.code == "E264" for d in diagnostics)


def test_a_move_to_something_that_is_not_a_cell_stops_with_the_rules_line():
    text = TILES.replace("move card to board(q)", "move card to board(card)")
    assert [d.code for d in cardrules.check_source(text, "t.rules") if d.severity == "error"] == ["E407"]
    # Where check cannot tell the kind (an element of a list of mixed kinds), the move stops the game.
    text = TILES.replace("move card to board(q)", "move card to board([card, q][0])")
    game = cardrules.load_source(text, "t.rules")
    state = game.new_initial_state(2, seed=1)
    with pytest.raises(cardrules.RulesRuntimeError, match="a grid cell is a pair of whole numbers"):
        state.apply_action(state.legal_actions()[0])


def test_sides_must_split_the_seats():
    game = cardrules.load_source(TILES.replace("[[0, 2], [1, 3]] if num_players == 4 else", "[[0, 1]] if true else"),
                                 "t.rules")
    state = game.new_initial_state(4, seed=1)
    with pytest.raises(cardrules.RulesRuntimeError, match="'sides' must list every seat exactly once"):
        state.sides()
    assert cardrules.load_source(TILES, "t.rules").new_initial_state(3).sides() == [[0], [1], [2]]


def test_without_sides_every_seat_plays_alone():
    game = cardrules.load_source(TILES.replace("sides: [[0, 2], [1, 3]] if num_players == 4 else [[p] for p in "
                                               "players]\n", ""), "t.rules")
    state = game.new_initial_state(4, seed=1)
    assert state.sides() == [[0], [1], [2], [3]]
