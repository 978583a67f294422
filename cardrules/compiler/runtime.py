"""What a compiled game holds and calls while it is played, besides the engine: imported without the rest of the
compiler, so that a game read back from the disk cache (game_store.py) plays with the engine's modules and this.

Only plain data and small functions live here; nothing reads the rules' syntax tree."""

from __future__ import annotations

from typing import Any

import attrs

from .scope import Label


class StaleMemo(AssertionError):
    """A memoised value differs from the value computed again (CARDRULES_CHECK_MEMO=1): some change of
    the state did not bump the versions a memo stamp reads (engine/state.py)."""


def stale(name: str, kept: Any, fresh: Any) -> None:
    """Generated code's check of a kept value against the value computed again (codegen's `STALE`)."""
    if kept.__class__ is not fresh.__class__ or kept != fresh:
        raise StaleMemo(f"the memo of '{name}' kept {kept!r}, computed again {fresh!r}")


@attrs.frozen
class MovePlan:
    """What the compiler decided about one `move` instruction (moving.py writes its code from this)."""

    slot: int  # the destination's slot when it is fixed; -1: worked out at each move (`dest`)
    bottom: bool  # under the zone's cards
    carry: str  # knowledge a card may take along: "never" (everyone sees where it goes), "when known"
    # (from where nobody sees it: only while some card is known), "always"
    one: bool  # a lone card has its own branch (no list made); False: every move goes card by card
    whole: bool  # the cards may be a zone's own list: then it is emptied at once (take_zone)
    opens: bool  # a card entering the empty destination opens it (zones.note_opened)
    moved: bool  # something is kept per moved card (percard.move_hook)
    triggers: bool  # some `on move` declaration listens to the destination
    next_pc: int  # where the instruction goes on


class Trigger:
    """An `on move` declaration: where it listens, its card's slot, its condition, its body (procedures.py)."""

    __slots__ = ("source", "zone", "slot", "condition", "body", "span")

    def __init__(self, source, zone, slot, condition, span=None):
        self.source, self.zone, self.slot, self.condition = source, zone, slot, condition
        self.body = Label()
        self.span = span
