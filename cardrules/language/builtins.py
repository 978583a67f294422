"""The language's built-in functions: their signatures (for `check`) and implementations (for `compile`)."""

from __future__ import annotations

from typing import Any, Callable

import attrs

from ..engine.zones.grid import (
    g_box,
    g_cell,
    g_cells,
    g_frontier,
    g_lines,
    g_neighbours,
    g_segments,
)
from ..values import NOTHING


@attrs.frozen
class Builtin:
    name: str
    min_args: int
    max_args: int
    lazy: tuple[str, ...] = ()  # keyword arguments evaluated once per element, with `it` bound
    doc: str = ""
    grid: bool = False  # the first argument names a grid zone: the function reads its cells


def _group_key(group: list) -> tuple:
    return (len(group), max(group) if group else NOTHING)


def b_count(xs):
    return len(xs)


def b_highest(xs):
    return max(xs) if xs else NOTHING


def b_lowest(xs):
    return min(xs) if xs else NOTHING


def b_top(xs):
    return xs[-1] if xs else NOTHING


def b_bottom(xs):
    return xs[0] if xs else NOTHING


def b_empty(xs):
    return len(xs) == 0


def b_all(xs):
    return all(xs)


def b_any(xs):
    return any(xs)


def b_largest(groups):
    return max(groups, key=_group_key) if groups else []


def b_abs(x):
    return abs(x)


def b_best(xs, by: Callable[[Any], Any] | None = None):
    if not xs:
        return NOTHING
    return max(xs, key=by) if by else max(xs)


def b_sum(xs, by: Callable[[Any], Any] | None = None):
    return sum(by(x) for x in xs) if by else sum(xs)


def b_groups(xs, by: Callable[[Any], Any]):
    out: dict[Any, list] = {}
    for x in xs:
        out.setdefault(by(x), []).append(x)
    return list(out.values())


def b_runs(xs, by: Callable[[Any], Any]):
    """Maximal runs of consecutive key values, one element per value (the highest element)."""
    kept: dict[int, Any] = {}
    for x in xs:
        k = by(x)
        if k not in kept or x > kept[k]:
            kept[k] = x
    runs: list[list] = []
    previous = None
    for k in sorted(kept):
        if previous is not None and k == previous + 1:
            runs[-1].append(kept[k])
        else:
            runs.append([kept[k]])
        previous = k
    return runs


def b_sorted(xs, by: Callable[[Any], Any] | None = None):
    return sorted(xs, key=by) if by else sorted(xs)


def b_concat(lists):
    """One list of the elements of several lists, in order."""
    return [x for sub in lists for x in sub]


def b_min(*xs):
    """min(a, b, ...) or min(list)."""
    return min(xs[0]) if len(xs) == 1 and isinstance(xs[0], list | tuple) else min(xs)


def b_max(*xs):
    return max(xs[0]) if len(xs) == 1 and isinstance(xs[0], list | tuple) else max(xs)


# name -> (signature, implementation). Lazy arguments arrive as one-argument functions.
FUNCTIONS: dict[str, tuple[Builtin, Callable]] = {
    "count": (Builtin("count", 1, 1, doc="number of elements"), b_count),
    "highest": (Builtin("highest", 1, 1, doc="highest element (cards by the declared order), or none"), b_highest),
    "lowest": (Builtin("lowest", 1, 1, doc="lowest element, or none"), b_lowest),
    "top": (Builtin("top", 1, 1, doc="last (top) card of a zone, or none"), b_top),
    "bottom": (Builtin("bottom", 1, 1, doc="first (bottom) card of a zone, or none"), b_bottom),
    "empty": (Builtin("empty", 1, 1, doc="true when there are no elements"), b_empty),
    "all": (Builtin("all", 1, 1, doc="true when every element is true"), b_all),
    "any": (Builtin("any", 1, 1, doc="true when some element is true"), b_any),
    "largest": (Builtin("largest", 1, 1, doc="the longest list; ties by its highest element"), b_largest),
    "abs": (Builtin("abs", 1, 1), b_abs),
    "best": (Builtin("best", 1, 1, ("by",), "element with the highest key (first on ties), or none"), b_best),
    "sum": (Builtin("sum", 1, 1, ("by",), "sum of the elements or of their keys"), b_sum),
    "groups": (Builtin("groups", 1, 1, ("by",), "lists of elements sharing a key"), b_groups),
    "runs": (Builtin("runs", 1, 1, ("by",), "maximal runs of consecutive key values"), b_runs),
    "sorted": (Builtin("sorted", 1, 1, ("by",), "elements in ascending order of key"), b_sorted),
    "concat": (Builtin("concat", 1, 1, doc="the elements of several lists, as one list"), b_concat),
    "min": (Builtin("min", 1, 9), b_min),
    "max": (Builtin("max", 1, 9), b_max),
    # Grid geometry (see engine/grid.py): cells are (x, y) pairs, the key of a cell is computed from its top card.
    "cell": (Builtin("cell", 2, 2, doc="the cell (x, y)"), g_cell),
    "neighbours": (Builtin("neighbours", 1, 1, doc="the 8 cells around a cell, diagonals included"), g_neighbours),
    "box": (Builtin("box", 1, 1, doc="(width, height) of the bounding box of some cells"), g_box),
    "cells": (Builtin("cells", 1, 1, doc="the occupied cells of a grid", grid=True), g_cells),
    "frontier": (Builtin("frontier", 1, 1, doc="the empty cells touching an occupied one", grid=True), g_frontier),
    "lines": (Builtin("lines", 2, 2, ("by",), "the runs of equal keys through a cell, in 4 directions", grid=True),
              g_lines),
    "segments": (Builtin("segments", 1, 1, ("by",), "every run of 2 or more equal keys on a grid", grid=True),
                 g_segments),
}

# Functions that need the game state; implemented in `compile`.
STATE_FUNCTIONS: dict[str, Builtin] = {
    "left": Builtin("left", 1, 1, doc="the next seat in turn order"),
    "right": Builtin("right", 1, 1, doc="the previous seat in turn order"),
    "eliminated": Builtin("eliminated", 1, 1, doc="true when the player is out of the round"),
    "label": Builtin("label", 2, 2, doc="the label of a case definition's clause for a key"),
    "owner": Builtin("owner", 1, 1, doc="the seat whose per-player zone holds a card, or none"),
    "words": Builtin("words", 1, 9, doc="the values written out and joined by spaces; none is left out"),
    "next_seat": Builtin("next_seat", 2, 2, doc="the first of the given seats after a seat in turn order"),
    "keys": Builtin("keys", 1, 1, doc="the keys of a zone family; of a 'columns' family, the columns that "
                    "exist, oldest first"),
    "values": Builtin("values", 1, 1, doc="the values of an attribute, in the order declared"),
    "knows": Builtin("knows", 2, 2, doc="whether a player sees a card or was shown it where it lies"),
    "side": Builtin("side", 1, 1, doc="the seats of a player's side (team), the player included"),
    "random": Builtin("random", 1, 1, doc="an element chosen at random (from the game's seed), or none; "
                      "statements only"),
}

REQUIRED_KEYWORDS = {"groups": ("by",), "runs": ("by",), "lines": ("by",), "segments": ("by",)}

CONSTANTS = {"true": True, "false": False, "none": NOTHING}
STATE_NAMES = ("me", "players", "active", "num_players", "sides")
