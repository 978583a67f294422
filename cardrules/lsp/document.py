"""An open rules text -> what every feature reads: its lines, its diagnostics, the last rules of it that parsed
(merged with the game it extends, through the façade), words at positions, and spans as editor ranges.

Spans count lines and columns from 1 in characters (code points); an editor counts from 0 in the units the
client and server agreed on (UTF-16 by default). The conversion is the workspace's position codec (pygls),
so that a line with a non-ASCII text (`"—"`) still gets its ranges right.
"""

from __future__ import annotations

import re
from typing import Protocol, Sequence

import attrs
from lsprotocol import types

from .. import CheckedRules, RulesError, prepare_source
from ..diagnostics import Diagnostic, Span
from ..language import nodes

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Codec(Protocol):
    """The conversions of pygls' PositionCodec that the features use."""

    def position_to_client_units(self, lines: Sequence[str], position) -> types.Position: ...

    def position_from_client_units(self, lines: Sequence[str], position: types.Position): ...


@attrs.frozen
class Text:
    """One file's text as the editor sees it."""

    path: str
    text: str
    codec: Codec
    lines: tuple[str, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "lines", tuple(self.text.splitlines()) or ("",))

    def position(self, line: int, column: int) -> types.Position:
        """A 0-based line and character offset -> the editor's position."""
        line = max(line, 0)
        if line >= len(self.lines):
            return types.Position(line=len(self.lines), character=0)
        return self.codec.position_to_client_units(self.lines, types.Position(line=line, character=max(column, 0)))

    def range(self, line: int, start: int, end: int, end_line: int | None = None) -> types.Range:
        return types.Range(start=self.position(line, start), end=self.position(line if end_line is None else end_line,
                                                                                end))

    def span_range(self, span: Span) -> types.Range:
        """A span -> its range; a span without an end covers the word (or the character) it starts at."""
        if span.line <= 0:
            return self.range(0, 0, 0)
        line, column = span.line - 1, max(span.column - 1, 0)
        if span.end_line >= span.line and (span.end_line, span.end_column) > (span.line, span.column):
            return self.range(line, column, span.end_column - 1, span.end_line - 1)
        word = self.word_at(line, column)
        return self.range(line, column, word[2] if word and word[1] == column else column + 1)

    def end(self) -> types.Position:
        """The position after the last character of the text."""
        if self.text.endswith(("\n", "\r")) or not self.text:
            return self.position(len(self.lines), 0)
        return self.position(len(self.lines) - 1, len(self.lines[-1]))

    def server_position(self, position: types.Position) -> tuple[int, int]:
        """The editor's position -> a 0-based line and character offset."""
        if position.line >= len(self.lines):
            return position.line, 0
        converted = self.codec.position_from_client_units(self.lines, position)
        return converted.line, converted.character

    def word_at(self, line: int, column: int) -> tuple[str, int, int] | None:
        """The name under (or just before) a position: (word, start, end), or None."""
        if not 0 <= line < len(self.lines):
            return None
        for match in WORD.finditer(self.lines[line]):
            if match.start() <= column <= match.end():
                return match.group(), match.start(), match.end()
        return None

    def name_range(self, span: Span, name: str, before: str = "") -> types.Range:
        """Where `name` is written in a declaration or statement: its first whole-word use from the span's start
        (after the pattern `before`, as `for\\s+` for a loop's variable), or the span's start when it is not there."""
        pattern = re.compile(rf"{before}\b({re.escape(name)})\b")
        last = max(span.end_line, span.line)
        for line in range(max(span.line - 1, 0), min(last, len(self.lines))):
            start = span.column - 1 if line == span.line - 1 else 0
            if match := pattern.search(self.lines[line], max(start, 0)):
                return self.range(line, match.start(1), match.end(1))
        return self.span_range(Span(span.line, span.column))

    def in_code(self, line: int, column: int) -> bool:
        """Whether a position is in code: not in a comment nor inside a text ("...")."""
        if not 0 <= line < len(self.lines):
            return False
        quoted = False
        for char in self.lines[line][:column]:
            if char == '"':
                quoted = not quoted
            elif char == "#" and not quoted:
                return False
        return not quoted

    def comments_above(self, line: int) -> list[str]:
        """The comment lines right above a 1-based line (no blank line between), without their `#`."""
        found: list[str] = []
        number = line - 2
        while 0 <= number < len(self.lines) and self.lines[number].lstrip().startswith("#"):
            found.append(self.lines[number].lstrip()[1:].strip())
            number -= 1
        return found[::-1]


@attrs.frozen
class Analysis:
    """A rules text checked once: every diagnostic `cardrules check` gives, and the rules when they parse."""

    text: Text
    diagnostics: tuple[Diagnostic, ...]
    checked: CheckedRules | None  # None: the text does not parse (the server keeps the last rules that did)

    def source(self, path: str) -> Text | None:
        """Another file the rules come from (the game this one extends), as text, or None."""
        if path == self.text.path:
            return self.text
        if self.checked is None or path not in self.checked.sources:
            return None
        return Text(path, self.checked.sources[path], self.text.codec)

    def own(self, decl) -> bool:
        """Whether a declaration is written in this file (not in the game it extends)."""
        return decl.span.path in ("", self.text.path)

    def declarations(self) -> tuple[nodes.Decl, ...]:
        return self.checked.rules.declarations if self.checked is not None else ()


def analyse(text: str, path: str, codec: Codec, previous: Analysis | None = None) -> Analysis:
    """Check a text as `cardrules check` does (`check_source` is this same call). While a line is half typed the
    text does not parse: completion and hover then use the last rules that did (`previous`), or, for a file
    opened half typed, the rules without the lines that do not parse."""
    source = Text(path, text, codec)
    try:
        checked = prepare_source(text, path)
    except RulesError as exc:
        if previous is not None and previous.checked is not None:
            return Analysis(source, exc.diagnostics, previous.checked)
        return Analysis(source, exc.diagnostics, _without(source, exc.diagnostics))
    return Analysis(source, checked.diagnostics, checked)


def _without(source: Text, problems: Sequence[Diagnostic]) -> CheckedRules | None:
    """The rules of a text whose lines with a syntax error are blanked (so that every span stays), if they parse."""
    bad = {d.span.line - 1 for d in problems if d.path == source.path}
    if not bad:
        return None
    lines = ["" if number in bad else line for number, line in enumerate(source.text.split("\n"))]
    try:
        return prepare_source("\n".join(lines), source.path)
    except RulesError:
        return None
