"""The `row` kind: cards spread out side by side, none of them on top."""

from __future__ import annotations

from . import ZoneKind


class RowKind(ZoneKind):
    """A list of cards, bottom first, like every zone; a row's order is nobody's business (a hand's
    order is the order its cards were drawn in), so the known cards of a row a player cannot see
    are listed in card order. Every hook is `ZoneKind`'s own."""

    name = "row"
    noun = "row"
