"""A `show` line's or a variable's value -> the words a player reads for it (`State.shows`, the terminal's table).

Values per seat are written against the seats' names (`P0 0 · P1 0 · P2 8`, not `[0, 0, 8]`); a value
the checker found to be a seat is written `P1` even when it was worked out as a number (`ShowSpec.seat`,
`VarSpec.seat`); a keyed variable lists its keys with their values (`asc1 keep · desc2 good`), leaving
out the keys whose value is `none`. Nothing here knows a game: the marks come from the compiled specs.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..values import Seat
from .specs import ShowSpec, VarSpec
from .zones.grid import Cell

SEPARATOR = " · "
NOTHING_SET = "none"  # a keyed variable whose every value is `none`
_NUMBER = re.compile(r"(?<![\w.-])(\d+)(?![\w.])")  # a whole number standing alone in a value's text


def seat_words(text: str) -> str:
    """A seat's value as text, its numbers written as seats: `0` -> `P0`, `[0, 2]` -> `[P0, P2]`."""
    return _NUMBER.sub(r"P\1", text)


def as_seats(value: Any) -> Any:
    """A value the checker found to be a seat (or seats), its numbers made seats: `say` writes them `P1`."""
    if type(value) is int:
        return Seat(value)
    if isinstance(value, list | tuple) and not isinstance(value, Cell):
        return [as_seats(v) for v in value]
    return value


def against_seats(texts: list[str]) -> str:
    """One text per seat, in seat order -> `P0 3 · P1 5`."""
    return SEPARATOR.join(f"{Seat(seat)!r} {text}" for seat, text in enumerate(texts))


def keyed(entries: dict[str, Any], seat: bool = False) -> str:
    """A keyed variable's entry of a view (key -> value text) -> `asc1 keep · desc2 good`."""
    shown = [f"{key} {seat_words(str(v)) if seat else v}" for key, v in entries.items() if v != NOTHING_SET]
    return SEPARATOR.join(shown) if shown else NOTHING_SET


def variable_text(spec: VarSpec, value: Any) -> str:
    """One seat's (or the shared) value of a variable, as a view gives it, for the table."""
    if isinstance(value, dict):
        return keyed(value, spec.seat)
    return seat_words(str(value)) if spec.seat else str(value)


def show_text(spec: ShowSpec, value: Any, write: Callable[[Any], str]) -> str:
    """A `show` line's value for the table; `write` writes one value as the reader may know it."""
    def one(v: Any, top: bool) -> str:
        """A value; a list at the top (the line's value, or one seat's) without brackets: `P0 red, green`."""
        if spec.seat and type(v) is int:  # a seat worked out as a number
            return write(Seat(v))
        if isinstance(v, list | tuple) and not isinstance(v, Cell) and (spec.seat or top):
            listed = ", ".join(one(x, False) for x in v)
            return (listed or NOTHING_SET) if top else f"[{listed}]"
        return write(v)

    if spec.per_seat and isinstance(value, list | tuple):
        return against_seats([one(v, True) for v in value])
    return one(value, True)
