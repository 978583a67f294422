"""The `columns` kind: a zone family whose members exist while they hold cards, in the order they were opened.

The family's members are ordinary zone slots (one per key, like any family) holding lists; a card
entering an empty member opens it. What the kind adds is the order, kept in `State.opened` by the
machinery every kind that opens its members in order shares (`note_opened`, `open_slots` in this
package's `__init__`), and its look: members side by side, oldest first.
"""

from __future__ import annotations

from typing import Any

from . import Declared, Problem, ZoneKind, seen


class ColumnsKind(ZoneKind):
    name = "columns"
    noun = "column"
    opens_in_order = True

    def problems(self, zone: Declared) -> list[Problem]:
        if zone.family is None:
            return [("E238", "a 'columns' zone is a family of columns, one per value of an attribute: "
                     f"declare it 'zone {zone.name}: per KEY, columns'")]
        return []

    def describe(self, zone: Declared) -> str:
        return f"a column for each {zone.family}, there while it holds cards (opened by its first card) — {seen(zone)}"

    def render_family(self, painter: Any, members: dict[str, Any]) -> tuple[Any, list[Any]]:
        """The members as labelled columns side by side, oldest first, each from its first card
        down to its last; every card with its colour word, for terminals that cannot show colours."""
        from rich.padding import Padding
        from rich.text import Text

        return Text(""), [Padding(columns_table(painter, members), (0, 0, 0, 4), expand=False)]


def columns_table(painter: Any, members: dict[str, Any]) -> Any:
    """A family's members (key -> its view entry) as a rich table, or "none yet"."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    if not members:
        return Text("none yet", style="dim")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    cells: list[list[Any]] = []
    for key, contents in members.items():
        cards = list(contents) if isinstance(contents, list) else []
        count = len(cards) if isinstance(contents, list) else int(contents.get("count", 0))
        table.add_column(Text.assemble((key, "bold"), (f" ({count})", "dim")), no_wrap=True)
        cells.append([painter.card_with_colour(card) for card in cards])
    for row in range(max(len(column) for column in cells)):
        table.add_row(*[column[row] if row < len(column) else Text("") for column in cells])
    return table
