"""Number ranges `low..high`: the list they stand for at run time (bounded, since a rules file is untrusted)
and the checker's look at ranges whose bounds the file fixes."""

from __future__ import annotations

from typing import Any

from ..diagnostics import Span
from ..engine.specs import RuleFailure
from ..limits import MAX_RANGE
from ..values import Card, Seat
from . import nodes
from .constants import fold


def number_range(low: Any, high: Any) -> list[int]:
    """`low..high`: the whole numbers from low to high, both included; empty when high < low."""
    for bound in (low, high):
        if isinstance(bound, bool | Card | Seat) or not isinstance(bound, int):
            what = "a card" if isinstance(bound, Card) else "a seat" if isinstance(bound, Seat) else \
                "true or false" if isinstance(bound, bool) else "a list" if isinstance(bound, list) else \
                "none" if bound is None or type(bound).__name__ == "_Nothing" else "a value that is not a number"
            raise RuleFailure(f"a range 'low..high' needs whole numbers, and one of its ends is {what}")
    if high - low + 1 > MAX_RANGE:
        raise RuleFailure(f"the range {int(low)}..{int(high)} has {int(high) - int(low) + 1} numbers; "
                          f"a range may have at most {MAX_RANGE}")
    return list(range(int(low), int(high) + 1))


def range_problem(e: nodes.Range, defs: dict[str, nodes.DefDecl]) -> tuple[str, str, Span] | None:
    """(code, message, where) when the file fixes a range's ends and there are too many numbers between
    them (ends that are not numbers are the kind check's: language/kinds.py)."""
    low, high = fold(e.low, defs), fold(e.high, defs)
    numbers = all(type(value) is int for value in (low, high))
    if numbers and high - low + 1 > MAX_RANGE:
        return ("E266", f"the range {low}..{high} has {high - low + 1} numbers; a range may have at most "
                f"{MAX_RANGE}", e.span)
    return None
