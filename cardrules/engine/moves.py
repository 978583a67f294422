"""What a player types -> one of the legal moves: a move's text, or a cell `x,y` for a move naming it.

Kept apart from the command line so that any front end reads moves the same way.
"""

from __future__ import annotations

import re
from typing import Sequence

from .actions import Action
from .zones.grid import Cell, parse_cell

_SPACES = re.compile(r"\s+")
_COMMA = re.compile(r"\s*,\s*")


def normalise(text: str) -> str:
    """Lower case, single spaces, no spaces around commas (`Place 2, -1` -> `place 2,-1`)."""
    return _COMMA.sub(",", _SPACES.sub(" ", text.strip().lower()))


def names_cells(actions: Sequence[Action]) -> bool:
    return any(isinstance(v, Cell) for action in actions for v in action.values)


def find_move(actions: Sequence[Action], entry: str) -> Action | None:
    """The legal move written as `entry`: its text, or a cell `x,y` (also `(x, y)`) when exactly one
    move names that cell. None when nothing, or more than one move, matches."""
    wanted = normalise(entry)
    for action in actions:
        if normalise(action.text) == wanted:
            return action
    cell = parse_cell(wanted)
    if cell is None:
        return None
    naming = [a for a in actions if cell in [v for v in a.values if isinstance(v, Cell)]]
    return naming[0] if len(naming) == 1 else None


def entry_hint(actions: Sequence[Action]) -> str:
    """How a move may be typed, for a prompt: `1-5 or its text`, and `or a cell x,y` where it applies."""
    cells = ", a cell x,y" if names_cells(actions) else ""
    return f"1-{len(actions)}{cells} or its text"
