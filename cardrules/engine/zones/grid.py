"""Grid zones: cards lying on cells (x, y) of a plane, one stack per cell, and the geometry over them.

A grid zone is one slot of `State.zones` like any other zone, but the slot holds a `Grid` instead
of a list. A `Grid` answers the few list operations the engine applies to every zone (`card in
zone`, `zone.remove(card)`, iteration, `len`, `zone[:]` for a copy), so taking a card out of a cell,
counting every card of the game and cloning a state need no special case. Only the cells that hold
cards are stored: a cell exists from the first card that enters it until its last card leaves.

x grows to the right and y grows downward, as on a page; cells are listed in reading order (by
row, then by column).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from ...values import Card

# The four line directions: horizontal, vertical, diagonal and anti-diagonal.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


class Cell(tuple):
    """A grid position (x, y). Equal to, and hashed like, the plain tuple (x, y); written `x,y`."""

    __slots__ = ()

    def __new__(cls, x: int, y: int) -> "Cell":
        return tuple.__new__(cls, (x, y))

    def __repr__(self) -> str:
        return f"{self[0]},{self[1]}"

    def __reduce__(self):
        return (Cell, (self[0], self[1]))


def reading_order(cell: tuple) -> tuple:
    return (cell[1], cell[0])


def as_cell(value: Any) -> Cell | None:
    """A pair of whole numbers as a Cell, or None for anything else (a card, a bool, a list)."""
    if isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value):
        return value if type(value) is Cell else Cell(value[0], value[1])
    return None


def parse_cell(text: str) -> Cell | None:
    """`2,-1`, `2, -1` or `(2,-1)` -> Cell(2, -1); None when the text is not a cell."""
    parts = text.strip().removeprefix("(").removesuffix(")").split(",")
    if len(parts) != 2:
        return None
    try:
        return Cell(int(parts[0]), int(parts[1]))
    except ValueError:
        return None


class Grid:
    """The cards of one grid zone: `stacks` maps each occupied cell to its cards, bottom first, and
    `where` maps each card to its cell, so finding a card is one dictionary look-up."""

    __slots__ = ("stacks", "where", "_order")

    def __init__(self, stacks: dict[Cell, list[Card]] | None = None, where: dict[Card, Cell] | None = None):
        self.stacks = stacks if stacks is not None else {}
        self.where = where if where is not None else {}
        # The occupied cells in reading order, kept until a cell is added or emptied: a rules file
        # asks for them (`cells(grid)`) at every turn, and far more often than the cells change.
        self._order: list[Cell] | None = None

    def copy(self) -> "Grid":
        grid = Grid({cell: cards[:] for cell, cards in self.stacks.items()}, dict(self.where))
        grid._order = self._order  # never changed in place, only replaced
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
            self._order = None

    def put(self, cell: Cell, cards: list[Card], bottom: bool = False) -> None:
        """Lay cards on a cell (on top, or under its cards keeping their order); empty cells stay absent."""
        if not cards:
            return
        stack = self.stacks.get(cell)
        if stack is None:
            stack = self.stacks[cell] = []
            self._order = None
        if bottom:
            stack[0:0] = cards
        else:
            stack.extend(cards)
        for card in cards:
            self.where[card] = cell

    def cells(self) -> list[Cell]:
        if self._order is None:
            self._order = sorted(self.stacks, key=reading_order)
        return self._order[:]

    def cards(self) -> list[Card]:
        """Every card of the grid: cell by cell in reading order, each stack bottom first."""
        return [card for cell in self.cells() for card in self.stacks[cell]]

    def stack(self, cell: Any) -> list[Card]:
        """The cards on a cell, bottom first (an empty list for an empty cell); read-only."""
        return self.stacks.get(cell, [])


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


def g_cells(grid: Grid) -> list[Cell]:
    return grid.cells()


def g_frontier(grid: Grid) -> list[Cell]:
    """The empty cells that touch an occupied cell by an edge or a corner, in reading order."""
    stacks = grid.stacks
    found = {(x + dx, y + dy) for (x, y) in stacks for dx, dy in AROUND}
    found.difference_update(stacks)
    return [Cell(x, y) for y, x in sorted((y, x) for x, y in found)]


def _keys(grid: Grid, by: Callable[[Any], Any]) -> dict[tuple, Any]:
    """Each occupied cell's key, computed from its top card."""
    return {cell: by(cards[-1]) for cell, cards in grid.stacks.items()}


def g_lines(grid: Grid, cell: Any, by: Callable[[Any], Any]) -> list[list[Card]]:
    """Through an occupied cell, in each of the four directions, the maximal run of consecutive
    occupied cells whose keys equal the cell's: their top cards, in the direction's order (left to
    right; top to bottom for the vertical). No lines for an empty cell."""
    stacks = grid.stacks
    if cell not in stacks:
        return []

    def key_at(place: tuple) -> Any:  # only the cells on the four lines: a win check runs after every move
        cards = stacks.get(place)
        return by(cards[-1]) if cards else _NO_KEY

    key = key_at(cell)
    x, y = cell
    out = []
    for dx, dy in DIRECTIONS:
        back = 0
        while key_at((x - (back + 1) * dx, y - (back + 1) * dy)) == key:
            back += 1
        ahead = 0
        while key_at((x + (ahead + 1) * dx, y + (ahead + 1) * dy)) == key:
            ahead += 1
        out.append([stacks[(x + k * dx, y + k * dy)][-1] for k in range(-back, ahead + 1)])
    return out


def g_segments(grid: Grid, by: Callable[[Any], Any]) -> list[list[Card]]:
    """Every maximal run of two or more consecutive occupied cells with equal keys, in any of the four
    directions: their top cards. Runs are listed by their first cell in reading order, then by
    direction; a run crossing or touching another is listed on its own."""
    stacks = grid.stacks
    keys = _keys(grid, by)
    out = []
    for (x, y) in grid.cells():
        key = keys[(x, y)]
        for dx, dy in DIRECTIONS:
            if keys.get((x - dx, y - dy), _NO_KEY) == key:
                continue  # not the first cell of its run
            length = 1
            while keys.get((x + length * dx, y + length * dy), _NO_KEY) == key:
                length += 1
            if length >= 2:
                out.append([stacks[(x + k * dx, y + k * dy)][-1] for k in range(length)])
    return out


class _NoKey:
    """Stands for an empty cell's key: equal to no key at all (not even none)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None


_NO_KEY = _NoKey()
