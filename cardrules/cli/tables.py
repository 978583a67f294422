"""A rich Table -> the same table drawn within the terminal's width without cutting a header or a word.

Rich narrows a table that is too wide by cutting cells with an ellipsis, headers included ("playe…"),
while a column that does not wrap keeps all its width. A fitted table that is too wide gives each column
the width of its longest word (header or cell; of its longest line for a column that does not wrap), then
shares the room left among the columns that want more, so rich wraps at spaces ("mean" / "turns") instead
of cutting. Only when even the longest words do not fit is the table left to rich.
"""

from __future__ import annotations

import textwrap
from typing import Iterator

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text


class Fitted:
    """A table whose column widths are chosen for the width it is drawn at (see the module's doc)."""

    def __init__(self, table: Table):
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        columns = self.table.columns
        given = [column.width for column in columns]
        natural, floor = [], []
        for column in columns:
            sizes = [Measurement.get(console, options, cell) for cell in (column.header, *column.cells)]
            natural.append(max(size.maximum for size in sizes))
            floor.append(max(size.maximum if column.no_wrap else size.minimum for size in sizes))
        budget = options.max_width - self._overhead(console, options)
        if budget < sum(natural) and sum(floor) <= budget:
            for column, width in zip(columns, share(natural, floor, budget)):
                column.width = width
        yield self.table
        for column, width in zip(columns, given):
            column.width = width

    def _overhead(self, console: Console, options: ConsoleOptions) -> int:
        """The width of the table's rules and padding: drawn with every column one character wide."""
        columns = self.table.columns
        given = [column.width for column in columns]
        for column in columns:
            column.width = 1
        lines = Segment.split_lines(console.render(self.table, options))  # not cropped, as render_lines would
        drawn = max((Segment.get_line_length(line) for line in lines), default=0)
        for column, width in zip(columns, given):
            column.width = width
        return drawn - len(columns)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)


def share(natural: list[int], floor: list[int], budget: int) -> list[int]:
    """Column widths within `budget`: each its floor, and the rest shared in proportion to what each wants more
    (never more than its natural width)."""
    widths = list(floor)
    spare = budget - sum(floor)
    wants = [n - f for n, f in zip(natural, floor)]
    total = sum(wants)
    if total <= 0:
        return widths
    for i, want in enumerate(wants):
        widths[i] += min(want, spare * want // total)
    leftover = budget - sum(widths)
    for i in sorted(range(len(widths)), key=lambda i: widths[i] - natural[i]):  # the most wanting first
        extra = min(leftover, natural[i] - widths[i])
        widths[i] += extra
        leftover -= extra
    return widths


def fitted(table: Table) -> Fitted:
    """`table`, drawn within the terminal without cutting a header or a word where that can be done."""
    return Fitted(table)


class Wrapped:
    """A line of words wrapped at spaces to the width it is drawn at, the later lines indented: also where the
    whole output is printed with `soft_wrap` (which keeps a plain Text on one line, however long)."""

    def __init__(self, words: str, indent: str = "  ", style: str = ""):
        self.words, self.indent, self.style = words, indent, style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        for line in textwrap.wrap(self.words, width=max(options.max_width, 20), subsequent_indent=self.indent,
                                  break_long_words=False, break_on_hyphens=False):
            yield Text(line, style=self.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(len(word) for word in self.words.split() or [""]), len(self.words))
