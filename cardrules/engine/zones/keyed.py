"""A grid's cells under one pure key function: each cell's key and the runs of equal keys, kept as cells change.

`segments(g, by: key)` lists the runs of equal keys of the cards on top of the cells. A grid keeps,
for each key function it was asked about (`Grid.keyed`), a `Keyed`: the key of every occupied cell,
worked out once and then again only for a cell whose top card changed, and the runs of two or more
equal keys in the four directions, each change redoing only the runs along the four lines through
its cell. A run is kept as its list of top cards, so `segments` only sorts and copies them: a bot's
evaluation asks for them after every move it tries (`lines(g, q, by:)` reads a few cells and keeps
nothing)."""

from __future__ import annotations

from types import CodeType
from typing import Any, Callable

from ...values import NOTHING, Sym

MAX_KEYED = 8  # key functions a grid keeps keys for (a rules file has a few `by:` of `lines` and `segments`)
KEEP_IDLE = 3  # changes in a row a grid keeps a key function's keys up to date for without their being asked

# Values whose `==` is identity (values.py writes it out in Python): a key of these is compared with `is`,
# which is what its `==` answers whatever the other side is.
IDENTITY_EQUAL = (Sym, NOTHING.__class__)

# The four line directions: horizontal, vertical, diagonal and anti-diagonal.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


class _NoKey:
    """Stands for an empty cell's key: equal to no key at all (not even none)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None


NO_KEY = _NoKey()

# A run is kept as (y, x, direction's number) of its first cell -> its top cards, in order along the
# direction: sorted, the runs come by their first cell in reading order, then by direction, as `segments`
# lists them. A run's list is never changed in place (a change puts a new one): copies share them.
Runs = dict[tuple[int, int, int], list]


class Keyed:
    """The keys of a grid's occupied cells under one key function (`code` is its code, `by` the function):
    cell -> the key of its top card, or None once the function failed on a card; the runs of equal keys
    (None until segments are asked); and how many changes there were since the keys were last asked for."""

    __slots__ = ("code", "by", "keys", "runs", "idle")

    def __init__(self, code: CodeType, by: Callable[[Any], Any], keys: dict | None, runs: Runs | None = None,
                 idle: int = 0):
        self.code, self.by, self.keys, self.runs, self.idle = code, by, keys, runs, idle

    def copy(self) -> "Keyed":
        """A copy to change on its own (the runs' lists are never changed in place: shared)."""
        return Keyed(self.code, self.by, None if self.keys is None else dict(self.keys),
                     None if self.runs is None else dict(self.runs), self.idle)

    def change(self, cell: tuple, top: Any, stacks: dict) -> None:
        """The top card of `cell` is now `top` (None: the cell was emptied); `stacks` are the grid's, changed."""
        keys = self.keys
        if keys is None:
            return
        old = keys.get(cell, NO_KEY)
        if top is None:
            keys.pop(cell, None)
            new = NO_KEY
        else:
            try:
                new = keys[cell] = self.by(top)
            except Exception:  # given up: the next call works its keys out itself, and meets the error
                self.keys = self.runs = None
                return
        if self.runs is not None:
            _rerun(self.runs, keys.get, stacks, cell, old, new)

    def segments_of(self, stacks: dict) -> list[list]:
        """The segments: each run's top cards, in order along its direction; the caller's own lists."""
        if self.runs is None:
            self.runs = all_runs(self.keys, stacks)
        return [run[:] for _, run in sorted(self.runs.items())]  # the caller's own lists: the kept ones never change


def _cards(stacks: dict, x: int, y: int, dx: int, dy: int, length: int) -> list:
    """The top cards of `length` cells from (x, y) along (dx, dy)."""
    run = []  # a loop, not a comprehension: most runs are two or three cards long
    for _ in range(length):
        run.append(stacks[(x, y)][-1])
        x += dx
        y += dy
    return run


def _rerun(runs: Runs, key_at: Callable, stacks: dict, cell: tuple, old: Any, new: Any) -> None:
    """The key of `cell` went from `old` to `new` (NO_KEY: empty): along each direction, the runs through
    the cell or ending next to it are dropped as they were and put in as they are. The cells on either
    side keep their keys, so each side is walked once, for both."""
    x, y = cell
    for direction, (dx, dy) in enumerate(DIRECTIONS):
        # an empty cell's marker is passed by identity: comparing it would call its Python __eq__
        before = key_at((x - dx, y - dy), NO_KEY)
        back = 0  # the run of equal keys ending just before the cell, and its length
        if before is not NO_KEY:
            back = 1
            while (other := key_at((x - (back + 1) * dx, y - (back + 1) * dy), NO_KEY)) is not NO_KEY \
                    and other == before:
                back += 1
        after = key_at((x + dx, y + dy), NO_KEY)
        ahead = 0  # the run starting just after it
        if after is not NO_KEY:
            ahead = 1
            while (other := key_at((x + (ahead + 1) * dx, y + (ahead + 1) * dy), NO_KEY)) is not NO_KEY \
                    and other == after:
                ahead += 1
        for key, put in ((old, False), (new, True)):
            joins_before = key is not NO_KEY and back and before == key
            joins_after = key is not NO_KEY and ahead and after == key
            found = []  # (first cell's x, y, length)
            if back >= 2 and not joins_before:
                found.append((x - back * dx, y - back * dy, back))
            if ahead >= 2 and not joins_after:
                found.append((x + dx, y + dy, ahead))
            if joins_before or joins_after:
                first = back if joins_before else 0
                found.append((x - first * dx, y - first * dy, first + 1 + (ahead if joins_after else 0)))
            for fx, fy, length in found:
                if put:
                    runs[(fy, fx, direction)] = _cards(stacks, fx, fy, dx, dy, length)
                else:
                    runs.pop((fy, fx, direction), None)


def all_runs(keys: dict, stacks: dict) -> Runs:
    """Every run of two or more equal keys, from the keys of all the occupied cells."""
    key_at = keys.get
    runs: Runs = {}
    for (x, y), key in keys.items():
        alone = key.__class__ in IDENTITY_EQUAL  # `==` with this key is `is`: its Python `==` is not called
        for direction, (dx, dy) in enumerate(DIRECTIONS):
            other = key_at((x - dx, y - dy), NO_KEY)
            if other is key or not alone and other is not NO_KEY and other == key:
                continue  # not the first cell of its run
            length = 1
            while (other := key_at((x + length * dx, y + length * dy), NO_KEY)) is key \
                    or not alone and other is not NO_KEY and other == key:
                length += 1
            if length >= 2:
                runs[(y, x, direction)] = _cards(stacks, x, y, dx, dy, length)
    return runs
