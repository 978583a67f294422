"""The `grid` kind: cards lying on cells (x, y) of a plane, one stack per cell, and the geometry over them.

A grid zone is one slot of `State.zones` like any other zone, but the slot holds a `Grid` instead
of a list. A `Grid` answers the few list operations the engine applies to every zone (`card in
zone`, `zone.remove(card)`, iteration, `len`, `zone[:]` for a copy), so taking a card out of a cell,
counting every card of the game and cloning a state need no special case. Only the cells that hold
cards are stored: a cell exists from the first card that enters it until its last card leaves.

x grows to the right and y grows downward, as on a page; cells are listed in reading order (by
row, then by column). `GridKind`, at the end, is the kind itself: a zone laid out by cell, viewed,
saved and read from a position file cell by cell, and drawn as a board (`grid_lines`).
"""

from __future__ import annotations

from bisect import bisect_left
from operator import itemgetter
from types import FunctionType
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ...limits import MAX_DIGITS
from ...values import Card
from ..specs import RuleFailure
from . import Declared, Part, Problem, ZoneKind, count_words
from .keyed import DIRECTIONS, IDENTITY_EQUAL, KEEP_IDLE, MAX_KEYED, Keyed, all_runs

if TYPE_CHECKING:
    from ..positions import PositionReader
    from ..specs import ZoneSpec
    from ..state import State

AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


_cell = tuple.__new__  # _cell(Cell, (x, y)): a Cell made without a Python call, for the grid's own bookkeeping


class Cell(tuple):
    """A grid position (x, y). Equal to, and hashed like, the plain tuple (x, y); written `x,y`."""

    __slots__ = ()

    def __new__(cls, x: int, y: int) -> "Cell":
        return tuple.__new__(cls, (x, y))

    def __repr__(self) -> str:
        return f"{self[0]},{self[1]}"

    def __reduce__(self):
        return (Cell, (self[0], self[1]))


# A cell's place in reading order, (y, x): a C function, as sorting and bisecting call it often.
reading_order = itemgetter(1, 0)


_AROUND: dict[tuple, frozenset[Cell]] = {}  # cell -> its 8 neighbours, made once per cell (a layout reuses few)


def _around(cell: tuple) -> frozenset[Cell]:
    """The 8 cells around a cell, as Cells, from a cache the grids share (kept small: cells are few). A
    frozenset, so that the cells around one that are empty, or not yet on the frontier, are one set
    difference in C (`set.difference` with a dictionary or a set looks up only the 8 and keeps their hashes)."""
    near = _AROUND.get(cell)
    if near is None:
        if len(_AROUND) >= 100_000:
            _AROUND.clear()
        x, y = cell
        near = _AROUND[cell] = frozenset(_cell(Cell, (x + dx, y + dy)) for dx, dy in AROUND)
    return near


def _touches(cell: tuple, stacks: dict) -> bool:
    """Whether an occupied cell touches `cell` by an edge or a corner."""
    return len(_around(cell).difference(stacks)) < 8


def as_cell(value: Any) -> Cell | None:
    """A pair of whole numbers as a Cell, or None for anything else (a card, a bool, a list)."""
    if type(value) is Cell:  # the usual case (a cell of a listed move): no generator to run
        return value
    if isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value):
        return Cell(value[0], value[1])
    return None


def parse_cell(text: str) -> Cell | None:
    """`2,-1`, `2, -1` or `(2,-1)` -> Cell(2, -1); None when the text is not a cell."""
    parts = text.strip().removeprefix("(").removesuffix(")").split(",")
    if len(parts) != 2 or any(len(part.strip().lstrip("+-")) > MAX_DIGITS for part in parts):
        return None
    try:
        return Cell(int(parts[0]), int(parts[1]))
    except ValueError:
        return None


class Grid:
    """The cards of one grid zone: `stacks` maps each occupied cell to its cards, bottom first, and
    `where` maps each card to its cell, so finding a card is one dictionary look-up.

    A grid also keeps what the geometry functions ask at every turn, changed only when a cell is
    filled or emptied (a card put on a covered cell changes none of it): the occupied cells in
    reading order, the layout's bounds, and the frontier (the empty cells touching the layout). Each
    is worked out on first use and kept up to date from then on, so a game that never asks pays
    nothing; a copy takes them along. A list kept in reading order has beside it the list of its
    cells' places in that order, (y, x), so that finding where a cell goes compares those tuples in C
    instead of calling a key function at every step of the search (a new cell is put in at every turn)."""

    __slots__ = ("stacks", "where", "_order", "_okeys", "_bounds", "_fset", "_front", "_fkeys", "_asked", "_fit",
                 "_keyed", "_kshared")

    def __init__(self, stacks: dict[Cell, list[Card]] | None = None, where: dict[Card, Cell] | None = None):
        self.stacks = stacks if stacks is not None else {}
        self.where = where if where is not None else {}
        # The occupied cells in reading order and their places (y, x), kept until a cell is added or emptied:
        # a rules file asks for them (`cells(grid)`) at every turn, and far more often than the cells change.
        self._order: list[Cell] | None = None
        self._okeys: list[tuple] | None = None
        # (least x, least y, greatest x, greatest y) of the occupied cells, () for none; None until asked.
        self._bounds: tuple | None = None
        # The frontier: its cells as a set, and in reading order with their places (y, x); None until asked.
        self._fset: set[Cell] | None = None
        self._front: list[Cell] | None = None
        self._fkeys: list[tuple] | None = None
        # Whether the frontier was asked since a cell was last emptied: cells emptied one after another
        # with nobody asking (a layout cleared at the end of a round) drop it, to be worked out once again.
        self._asked = False
        # The last `frontier(g, w, h)` asked, as (w, h, its cells), until a cell is filled or emptied: a card
        # laid on a covered cell changes no cell's place, and the next player asks the same again.
        self._fit: tuple | None = None
        # The keys of the occupied cells under each pure key function asked so far (`Keyed`, see `keyed`), kept
        # up to date as cells change; shared with copies until either changes (`_kshared`).
        self._keyed: list[Keyed] | None = None
        self._kshared = False

    def copy(self) -> "Grid":
        grid = Grid({cell: cards[:] for cell, cards in self.stacks.items()}, dict(self.where))
        grid._order, grid._okeys = self._order, self._okeys  # never changed in place, only replaced
        grid._bounds = self._bounds  # a tuple
        grid._fit = self._fit  # its list is never changed in place, only replaced
        if self._fset is not None:  # changed in place: each grid has its own
            grid._fset, grid._front, grid._fkeys = set(self._fset), self._front[:], self._fkeys[:]
            grid._asked = self._asked
        if self._keyed is not None:  # shared until one of the two changes a cell (see _own_keyed)
            grid._keyed = self._keyed
            grid._kshared = self._kshared = True
        return grid

    def __getitem__(self, index: slice) -> "Grid":
        # State.clone copies every zone with `zone[:]`; a grid copies its stacks.
        if index != slice(None):
            raise TypeError("a grid can only be copied whole")
        return self.copy()

    def __contains__(self, card: object) -> bool:
        return card in self.where

    def __len__(self) -> int:
        return len(self.where)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self.stacks == other.stacks

    __hash__ = None  # mutable, like the lists the other zones are

    def __repr__(self) -> str:
        return f"Grid({self.stacks!r})"

    def remove(self, card: Card) -> None:
        cell = self.where.pop(card)
        cards = self.stacks[cell]
        cards.remove(card)
        if not cards:
            del self.stacks[cell]
            self._emptied(cell)
        if self._keyed is not None:
            self._rekey(cell)

    def put(self, cell: Cell, cards: list[Card], bottom: bool = False) -> None:
        """Lay cards on a cell (on top, or under its cards keeping their order); empty cells stay absent."""
        if not cards:
            return
        stack = self.stacks.get(cell)
        if stack is None:
            stack = self.stacks[cell] = []
            self._filled(cell)
        if bottom:
            stack[0:0] = cards
        else:
            stack.extend(cards)
        for card in cards:
            self.where[card] = cell
        if self._keyed is not None:
            self._rekey(cell)

    def cells(self) -> list[Cell]:
        if self._order is None:
            self._order = sorted(self.stacks, key=reading_order)
            self._okeys = list(map(reading_order, self._order))
        return self._order[:]

    def cards(self) -> list[Card]:
        """Every card of the grid: cell by cell in reading order, each stack bottom first."""
        return [card for cell in self.cells() for card in self.stacks[cell]]

    def stack(self, cell: Any) -> list[Card]:
        """The cards on a cell, bottom first (an empty list for an empty cell); read-only."""
        return self.stacks.get(cell, [])

    # ---- what the grid keeps about its layout ----------------------------------------------------
    def bounds(self) -> tuple:
        """(least x, least y, greatest x, greatest y) of the occupied cells; () for an empty grid."""
        if self._bounds is None:
            if self.stacks:
                xs = [x for x, _ in self.stacks]
                ys = [y for _, y in self.stacks]
                self._bounds = (min(xs), min(ys), max(xs), max(ys))
            else:
                self._bounds = ()
        return self._bounds

    def frontier(self) -> list[Cell]:
        """The empty cells touching an occupied cell by an edge or a corner, in reading order; read-only."""
        if self._front is None:
            stacks = self.stacks
            near: set[Cell] = set()
            for cell in stacks:
                near.update(_around(cell))
            near.difference_update(stacks)
            self._fset = near
            self._front = sorted(near, key=reading_order)
            self._fkeys = list(map(reading_order, self._front))
        self._asked = True
        return self._front

    # ---- the keys of the cells under a key function (`segments`) ---------------------------------------
    def keyed(self, by: Callable[[Any], Any]) -> "Keyed | None":
        """The keys of the occupied cells under `by`, kept from now on as cards are laid and taken (each
        change works out its cell's key again, and its runs if kept: keyed.py); None when `by` cannot be kept:
        not a plain function, or one with a closure (it may read a state), or one that fails on a card.

        A rules file's `by:` is compiled to a lambda; one that reads nothing but its card (a card's
        attribute, a pure definition) has no closure and is the same code at every call, so its keys
        can be kept: they are looked up by the code object. A lambda reading the state closes over it."""
        if by.__class__ is not FunctionType or by.__closure__ is not None or by.__defaults__ is not None:
            return None
        code = by.__code__
        keyed = self._keyed
        if keyed is not None:
            for entry in keyed:
                if entry.code is code:
                    entry.idle = 0
                    return entry if entry.keys is not None else None
            if len(keyed) >= MAX_KEYED:
                return None
        try:
            keys = {cell: by(cards[-1]) for cell, cards in self.stacks.items()}
        except Exception:  # worked out at the call, as without keeping: an error shows where it is met
            keys = None
        entry = Keyed(code, by, keys)
        self._own_keyed().append(entry)
        return entry if keys is not None else None

    def _own_keyed(self) -> "list[Keyed]":
        """This grid's own list of kept keys (a copy's list is copied before its first change)."""
        if self._keyed is None:
            self._keyed = []
        elif self._kshared:
            self._keyed = [entry.copy() for entry in self._keyed]
            self._kshared = False
        return self._keyed

    def _rekey(self, cell: Cell) -> None:
        """A cell's top card changed, or the cell was emptied: its key under each kept function, again.
        Keys nobody asked for over several changes in a row (a layout cleared at the end of a round, a
        function asked only now and then) are dropped instead, to be worked out once when next asked."""
        stacks = self.stacks
        cards = stacks.get(cell)
        top = cards[-1] if cards else None
        idle = False
        for entry in self._own_keyed():
            entry.idle += 1
            if entry.idle > KEEP_IDLE:
                idle = True
            else:
                entry.change(cell, top, stacks)
        if idle:
            self._keyed = [entry for entry in self._keyed if entry.idle <= KEEP_IDLE] or None

    def _filled(self, cell: Cell) -> None:
        """A card went onto an empty cell: the cell joins the layout."""
        self._fit = None
        x, y = cell
        place = (y, x)
        order = self._order
        if order is not None:  # shared with copies: replaced, never changed in place
            order, okeys = order[:], self._okeys[:]
            at = bisect_left(okeys, place)
            order.insert(at, cell)
            okeys.insert(at, place)
            self._order, self._okeys = order, okeys
        bounds = self._bounds
        if bounds:
            x0, y0, x1, y1 = bounds
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                self._bounds = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
        elif bounds is not None:  # the first cell
            self._bounds = (x, y, x, y)
        fset = self._fset
        if fset is None:
            return
        front, fkeys = self._front, self._fkeys
        if cell in fset:  # it was on the frontier
            fset.remove(cell)
            at = bisect_left(fkeys, place)
            del front[at], fkeys[at]
        # the cells around it that are empty and new to the frontier: two set differences in C
        for near in _around(cell).difference(self.stacks).difference(fset):
            fset.add(near)
            place = (near[1], near[0])
            at = bisect_left(fkeys, place)
            front.insert(at, near)
            fkeys.insert(at, place)

    def _emptied(self, cell: Cell) -> None:
        """The last card left a cell: the cell leaves the layout."""
        self._fit = None
        x, y = cell
        order = self._order
        if order is not None:
            order, okeys = order[:], self._okeys[:]
            at = bisect_left(okeys, (y, x))
            del order[at], okeys[at]
            self._order, self._okeys = order, okeys
        bounds = self._bounds
        if bounds and (x in (bounds[0], bounds[2]) or y in (bounds[1], bounds[3])):
            self._bounds = None  # worked out again when asked
        fset = self._fset
        if fset is None:
            return
        if not self._asked:  # the second cell emptied with nobody asking in between
            self._fset = self._front = self._fkeys = None
            return
        self._asked = False
        front, fkeys, stacks = self._front, self._fkeys, self.stacks
        for near in _around(cell):  # a cell of the frontier next to it that touches no other leaves it
            if near in fset and not _touches(near, stacks):
                fset.remove(near)
                at = bisect_left(fkeys, (near[1], near[0]))
                del front[at], fkeys[at]
        if _touches(cell, stacks):  # the cell itself joins the frontier
            fset.add(cell)
            at = bisect_left(fkeys, (y, x))
            front.insert(at, cell)
            fkeys.insert(at, (y, x))


# ---- geometry: the language's grid functions --------------------------------------------------
def g_cell(x: int, y: int) -> Cell:
    if type(x) is not int or type(y) is not int:
        raise TypeError("a cell is made of two whole numbers")
    return Cell(x, y)


def g_neighbours(cell: tuple) -> list[Cell]:
    """The 8 cells around a cell, touching it by an edge or a corner, in reading order."""
    x, y = cell
    return [Cell(x + dx, y + dy) for dx, dy in AROUND]


def g_box(cells: list) -> tuple[int, int]:
    """(width, height) of the smallest rectangle holding every cell; (0, 0) for no cells."""
    if not cells:
        return (0, 0)
    xs, ys = zip(*cells)
    return (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def g_within(grid: Grid, cell: Any, width: Any, height: Any = None) -> bool:
    """Whether the occupied cells of `grid` and `cell` fit in a rectangle `width` cells across and
    `height` (without it, `width`) cells down: a card laid on `cell` keeps the layout that small.
    Answered from the bounds the grid keeps: a few comparisons, whatever the size of the layout."""
    if height is None:
        height = width
    if type(width) is not int or type(height) is not int:
        raise RuleFailure("'within' needs the size of the area as a whole number of cells")
    if type(cell) is not Cell:
        cell = as_cell(cell)
        if cell is None:
            raise RuleFailure("'within' needs a cell, a pair of whole numbers (x, y), as its second argument")
    bounds = grid._bounds
    if bounds is None:
        bounds = grid.bounds()
    if not bounds:
        return width >= 1 and height >= 1
    x, y = cell
    x0, y0, x1, y1 = bounds
    return ((x1 if x1 > x else x) - (x0 if x0 < x else x) < width
            and (y1 if y1 > y else y) - (y0 if y0 < y else y) < height)


def g_cells(grid: Grid) -> list[Cell]:
    return grid.cells()


def g_frontier(grid: Grid, width: Any = None, height: Any = None) -> list[Cell]:
    """The empty cells that touch an occupied cell by an edge or a corner, in reading order; with a
    size, only those where a card keeps the layout within `width` x `height` (see g_within)."""
    if width is None:
        return grid.frontier()[:]
    if height is None:
        height = width
    if type(width) is not int or type(height) is not int:
        raise RuleFailure("'frontier' needs the size of the area as a whole number of cells")
    fit = grid._fit
    if fit is not None and fit[0] == width and fit[1] == height:
        return fit[2][:]
    fitting = _fitting(grid, width, height)
    grid._fit = (width, height, fitting)
    return fitting[:]  # the caller's own list


def _fitting(grid: Grid, width: int, height: int) -> list[Cell]:
    """The frontier's cells where a card keeps the layout within `width` x `height` (a list of its own)."""
    cells = grid.frontier()
    if not cells:
        return []
    x0, y0, x1, y1 = grid.bounds()
    if x1 - x0 >= width or y1 - y0 >= height:  # the layout alone is too large already
        return []
    # The frontier lies within one cell of the layout. While the layout is narrower than the area, any
    # column of it fits; once it is as wide, only its own columns do (the same for rows: in reading
    # order, the layout's own rows are one slice of the frontier).
    if y1 - y0 == height - 1:
        places = grid._fkeys
        cells = cells[bisect_left(places, (y0, x0 - 1)):bisect_left(places, (y1 + 1, x0 - 1))]
    if x1 - x0 == width - 1:
        return [cell for cell in cells if x0 <= cell[0] <= x1]
    return cells[:]


RAY = 8  # cells along each direction from a cell that `lines` keeps made (a longer line goes on cell by cell)
_RAYS: dict[tuple, tuple] = {}  # cell -> for each direction of DIRECTIONS, (the cells behind it, the cells ahead)


def _rays(cell: tuple) -> tuple:
    """For each line direction, the RAY cells behind `cell` (nearest first) and the RAY ahead of it, made once
    per cell (a cache the grids share, kept small): a walk along a line makes no cells."""
    rays = _RAYS.get(cell)
    if rays is None:
        if len(_RAYS) >= 10_000:  # 72 tuples a cell: a smaller cache than _around's
            _RAYS.clear()
        x, y = cell
        rays = _RAYS[cell] = tuple(
            (tuple((x - k * dx, y - k * dy) for k in range(1, RAY + 1)),
             tuple((x + k * dx, y + k * dy) for k in range(1, RAY + 1))) for dx, dy in DIRECTIONS)
    return rays


def g_lines(grid: Grid, cell: Any, by: Callable[[Any], Any]) -> list[list[Card]]:
    """Through an occupied cell, in each of the four directions, the maximal run of consecutive
    occupied cells whose keys equal the cell's: their top cards, in the direction's order (left to
    right; top to bottom for the vertical). No lines for an empty cell.

    The keys are worked out as the lines are walked, not kept (see `Grid.keyed`): a win check reads a
    dozen cells after a move, and keeping the keys up to date would cost a key per change besides.
    A key that equals only itself (an attribute value, none) is compared by identity, as its `==`
    would answer, without calling that `==` (written in Python) for every card read."""
    get = grid.stacks.get
    cards = get(cell)
    if not cards:
        return []
    top = cards[-1]
    key = by(top)
    alone = key.__class__ in IDENTITY_EQUAL  # `==` with this key is `is`, whatever the other side
    out = []
    for direction, (back, ahead) in enumerate(_rays(cell)):
        line = []
        for near in back:
            cards = get(near)
            if not cards:
                break
            other = by(cards[-1])
            if other is not key and (alone or not other == key):
                break
            line.append(cards[-1])
        else:
            _beyond(get, by, key, cell, direction, -1, line)
        line.reverse()
        line.append(top)
        for near in ahead:
            cards = get(near)
            if not cards:
                break
            other = by(cards[-1])
            if other is not key and (alone or not other == key):
                break
            line.append(cards[-1])
        else:
            _beyond(get, by, key, cell, direction, 1, line)
        out.append(line)
    return out


def _beyond(get: Callable, by: Callable, key: Any, cell: tuple, direction: int, sign: int, line: list) -> None:
    """A line longer than the cells `_rays` made: it goes on from RAY + 1 cells away, one cell at a time."""
    dx, dy = DIRECTIONS[direction]
    x, y = cell
    k = RAY + 1
    while (cards := get((x + sign * k * dx, y + sign * k * dy))) and by(cards[-1]) == key:
        line.append(cards[-1])
        k += 1


def g_segments(grid: Grid, by: Callable[[Any], Any]) -> list[list[Card]]:
    """Every maximal run of two or more consecutive occupied cells with equal keys, in any of the four
    directions: their top cards. Runs are listed by their first cell in reading order, then by
    direction; a run crossing or touching another is listed on its own. Kept with the keys, each
    change redoing the runs through its cell (a bot's evaluation asks after every move it tries)."""
    keyed = grid.keyed(by)
    if keyed is None:
        keys = {cell: by(cards[-1]) for cell, cards in grid.stacks.items()}
        return [run for _, run in sorted(all_runs(keys, grid.stacks).items())]
    return keyed.segments_of(grid.stacks)


# ---- the kind ------------------------------------------------------------------------------------
class GridKind(ZoneKind):
    """A single shared, public zone whose cards lie on cells: its container is a `Grid`."""

    name = "grid"
    noun = "grid"
    by_cell = True

    def problems(self, zone: Declared) -> list[Problem]:
        if zone.properties & {"per_player", "hidden", "owner", "others"} or zone.family is not None:
            return [("E237", "a grid zone is one shared, public zone (its cards lie face up on the table)")]
        return []

    def describe(self, zone: Declared) -> str:
        return "a grid — a stack on each cell (x, y) that holds cards; everyone sees its cards"

    def container(self) -> Grid:
        return Grid()

    def put(self, zone: Grid, cards: list[Card], cell: Any = None) -> None:
        zone.put(cell, cards)

    def parts(self, zone: Grid) -> list[Part]:
        return [(cell, zone.stacks[cell][:]) for cell in zone.cells()]

    def cards_code(self, zone: str, cell: str | None = None) -> str:
        # the grid alone is the list of its cards; a function of the grid (`cells(grid)`) reads the Grid itself
        # a cell's stack straight from the dictionary (never an empty list: an empty cell is absent)
        return f"{zone}.cards()" if cell is None else f"({zone}.stacks.get({cell}) or [])"

    def view(self, state: "State", cards: Grid, sees: bool, viewer: int) -> dict[str, list[str]]:
        """Everyone sees a grid: each occupied cell "x,y" -> its cards, bottom first."""
        texts = state.game.card_texts
        return {repr(cell): [texts[c] for c in cards.stacks[cell]] for cell in cards.cells()}

    def read_position(self, reader: "PositionReader", spec: "ZoneSpec", content: Any, where: str) -> list[Part]:
        """A grid is an object of cells: "x,y" -> the cards on that cell, bottom to top."""
        if not isinstance(content, dict):
            reader.problem(f'{where}: \'{spec.name}\' is a grid: give an object of cells, such as '
                           f'{{"0,0": ["{reader.game.card_texts[-1]}"]}}', f'"{spec.name}"')
            return []
        cells: dict[Cell, list[Card]] = {}
        for key, cards in content.items():
            cell = parse_cell(key)
            if cell is None:
                reader.problem(f"{where}: '{key}' is not a cell: write it as \"x,y\" with whole numbers, "
                               f"such as \"2,-1\"", f'"{key}"')
            elif cell in cells:
                reader.problem(f"{where}: cell {key} is listed twice", f'"{key}"')
            else:
                cells[cell] = reader.cards(cards, f"{where}.{key}")
        return list(cells.items())

    def render(self, painter: Any, contents: dict, marks: dict | None = None, seat: int | None = None
               ) -> tuple[Any, list[Any]]:
        """The number of cards, then the board (`grid_lines`) with the move numbers of `marks`."""
        from rich.text import Text

        count = sum(len(cards) for cards in contents.values())
        return Text(count_words(count), style="dim"), grid_lines(painter, contents, marks)


SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def grid_lines(painter: Any, contents: dict, marks: dict[Cell, int] | None = None) -> list[Any]:
    """A grid zone's view ("x,y" -> cards) as a board of rich lines: x across the top, y down the
    side, each cell's top card coloured with the height of its stack as a small number, and one
    empty cell of margin around the cards. Empty cells that a move names show that move's number;
    a card a move names is underlined."""
    from rich.text import Text

    marks = marks or {}
    stacks = {cell: cards for key, cards in contents.items() if (cell := parse_cell(key)) is not None}
    if not stacks and not marks:
        return [Text("    empty", style="dim")]
    every = list(stacks) + list(marks)
    xs = range(min(c[0] for c in every) - 1, max(c[0] for c in every) + 2)
    ys = range(min(c[1] for c in every) - 1, max(c[1] for c in every) + 2)
    texts = [str(cards[-1]) + (str(len(cards)).translate(SUPERSCRIPT) if len(cards) > 1 else "")
             for cards in stacks.values() if cards]
    width = max([len(t) for t in texts] + [len(str(x)) for x in xs] + [len(str(m)) for m in marks.values()]) + 1
    side = max(len(str(y)) for y in ys) + 5
    header = Text()  # no style for the whole line: cells keep their own colours
    header.append("y\\x".rjust(side), style="dim")
    for x in xs:
        header.append(str(x).rjust(width), style="dim")
    lines = [header]
    for y in ys:
        row = Text()
        row.append(str(y).rjust(side), style="dim")
        for x in xs:
            row.append_text(_grid_cell(painter, stacks.get((x, y)), marks.get((x, y)), width))
        lines.append(row)
    return lines


def _grid_cell(painter: Any, cards: list | None, mark: int | None, width: int) -> Any:
    from rich.text import Text

    if not cards:
        if mark is not None:
            return Text(str(mark).rjust(width), style="cyan")
        return Text("·".rjust(width), style="dim")
    top = str(cards[-1])
    depth = str(len(cards)).translate(SUPERSCRIPT) if len(cards) > 1 else ""
    style = painter.style(top) + (" underline" if mark is not None else "")
    return Text.assemble(" " * (width - len(top) - len(depth)), (top, style), (depth, "dim"))
