"""Rules text -> the same rules in the one canonical layout (`cardrules fmt`); never changes meaning.

The canonical layout
--------------------
1. Blocks are indented by 2 spaces per level. A line continued inside brackets keeps its place:
   aligned one column after an open bracket of the line above if it was, otherwise at the same
   distance from its statement as before (at least 2 columns further in). A line continued with a
   backslash keeps it.
2. One space around binary operators (`+ - * // % == != < <= > >= = -> >`) and between words;
   one space after a comma or a colon; no space before a comma or a colon, inside brackets, around
   `.` and `..`, after a leading minus, or between a name and the bracket that calls or indexes it
   (`hand(me)`, `xs[0]`).
3. Comments are kept. A comment on its own line is indented like the block it stands in: the
   deepest block whose indentation is not right of the comment, but not shallower than the line
   after it nor deeper than the line before it (or the block that line opens). A comment after
   code is written two spaces after it. Comment text is kept as written, without trailing spaces.
4. Blank lines: runs of blank lines become one; none at the start or end of the file, none
   directly after a line that opens an indented block, none inside brackets; exactly one before
   the first top-level line that follows an indented block (so every multi-line procedure,
   trigger or case definition is set apart from what comes after it).
5. No trailing spaces, `\\n` line ends, and one final newline. Long lines are not wrapped.

`format_text` checks its own work: the formatted text must parse to the same AST as the original
(spans aside), or it raises `FormatError` instead of returning it. It is idempotent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import nodes

if TYPE_CHECKING:  # the parser (lark) is imported when a text is formatted, not by every command
    from ..language.syntax import LayoutToken

INDENT = 2
_OPEN = {"(", "["}
_CLOSE = {")", "]"}
_NO_SPACE_BEFORE = {")", "]", ",", ":", ".", ".."}
_NO_SPACE_AFTER = {"(", "[", ".", ".."}
_INDEXABLE = {"NAME", "INT", "STRING"}  # a `[` right after these (or after `)`/`]`) indexes


class FormatError(Exception):
    """The formatter could not keep the meaning of a file (a bug in fmt, reported, never written)."""


def _option_name_positions(rules: nodes.RulesFile) -> set[tuple[int, int]]:
    """Where option names of `choose` stand: keywords there (`end(...)`) are names, not keywords."""
    return {(node.span.line, node.span.column) for node in nodes.walk(rules) if isinstance(node, nodes.Option)}


def _space(prev: LayoutToken, tok: LayoutToken, names: set[tuple[int, int]]) -> str:
    """The space written between two tokens of one line."""
    if tok in _NO_SPACE_BEFORE or prev in _NO_SPACE_AFTER or prev.type == "MINUS":
        return ""
    if tok == "(" and (prev.type == "NAME" or (prev.line, prev.column) in names):
        return ""
    if tok == "[" and (prev.type in _INDEXABLE or prev in _CLOSE):
        return ""
    return " "


class _Writer:
    def __init__(self, names: set[tuple[int, int]]):
        self.names = names
        self.out: list[str] = []
        self.line: str | None = None  # the output line being built
        self.prev: LayoutToken | None = None  # the previous code token of this logical line
        self.last_line = 0  # source line of the previous code token
        self.stack = [0]  # source indentation of the open blocks
        self.brackets: list[tuple[int, int]] = []  # open brackets: (source column, output column)
        self.logical = (0, 0)  # the logical line's first token: (source column, output column)
        self.continuation: int | None = None  # output column of the next line inside brackets
        self.blank = False  # a blank line is due before the next line
        self.opened = False  # the last line opened an indented block: no blank line after it
        self.top_blank = False  # returned to the top level after a block: a blank line is due there

    # -- lines
    def start_line(self, depth: int) -> None:
        """Write the blank line that is due, if any, before a line at `depth`."""
        if depth == 0 and self.top_blank:
            self.blank, self.top_blank = True, False
        if self.blank and self.out and not self.opened:
            self.out.append("")
        self.blank = self.opened = False

    def emit(self, text: str, depth: int) -> None:
        self.start_line(depth)
        self.out.append(text.rstrip())

    def finish_line(self) -> None:
        if self.line is not None:
            self.out.append(self.line.rstrip())
            self.line = None

    def continued_column(self, source_column: int) -> int:
        """Where a line that continues inside brackets (or after a backslash) starts."""
        if self.brackets and source_column == self.brackets[-1][0] + 1:
            return self.brackets[-1][1] + 1
        shifted = source_column + self.logical[1] - self.logical[0]
        return max(shifted, self.logical[1] + INDENT)

    # -- tokens
    def code(self, tok: LayoutToken) -> None:
        column = tok.column - 1
        if self.line is None and self.continuation is not None:  # a new line inside brackets
            self.line = " " * self.continuation
            self.continuation = None
        elif self.line is None:  # a new logical line
            depth = len(self.stack) - 1
            self.start_line(depth)
            self.line = " " * (INDENT * depth)
            self.logical = (column, len(self.line))
        elif tok.line > self.last_line:  # continued with a backslash
            self.line += " \\"
            self.finish_line()
            self.line = " " * self.continued_column(column)
        elif self.prev is not None:
            self.line += _space(self.prev, tok, self.names)
        if tok in _OPEN:
            self.brackets.append((column, len(self.line)))
        elif tok in _CLOSE and self.brackets:
            self.brackets.pop()
        self.line += tok
        self.prev, self.last_line = tok, tok.line

    def comment(self, tok: LayoutToken) -> None:
        text = tok.rstrip()
        if self.line is not None and self.line.strip():
            self.line += "  " + text
        else:  # a comment on the first line of the file
            self.emit(text, 0)

    def newline(self, tok: LayoutToken, more_code: bool) -> None:
        parts = tok.split("\n")
        middle, next_indent = parts[1:-1], len(parts[-1]) - len(parts[-1].lstrip(" "))
        self.finish_line()
        if self.brackets:  # a line break inside brackets: the statement goes on
            self.continuation = self.continued_column(next_indent)
            for part in middle:
                if part.strip():
                    self.out.append(" " * self.continuation + part.strip())
            return
        self.prev = None
        old = list(self.stack)
        if not more_code:
            next_indent = 0
        levels = old + ([next_indent] if next_indent > old[-1] else [])
        if next_indent > old[-1]:
            self.stack.append(next_indent)
            self.opened = True
        else:
            while next_indent < self.stack[-1]:
                self.stack.pop()
            if len(old) > 1 and len(self.stack) == 1:
                self.top_blank = True
        for part in middle:
            if not part.strip():
                self.blank = True
                continue
            column = len(part) - len(part.lstrip())
            depth = max(i for i, level in enumerate(levels) if level <= column)
            depth = min(max(depth, len(self.stack) - 1), len(levels) - 1)
            self.emit(" " * (INDENT * depth) + part.strip(), depth)
        if not more_code:
            self.blank = False

    def text(self) -> str:
        self.finish_line()
        while self.out and not self.out[-1]:
            self.out.pop()
        return "\n".join(self.out) + "\n" if self.out else ""


def format_text(text: str, path: str = "<rules>") -> str:
    """The canonical layout of a rules text. Raises `RulesError` if it does not parse, and
    `FormatError` if formatting would change its meaning."""
    from ..language.syntax import layout_tokens, parse

    text = text.replace("\r\n", "\n")
    original = parse(text, path)
    tokens = layout_tokens(text, path)
    writer = _Writer(_option_name_positions(original))
    code_left = sum(1 for t in tokens if t.type not in ("COMMENT", "_NL"))
    for tok in tokens:
        if tok.type == "COMMENT":
            writer.comment(tok)
        elif tok.type == "_NL":
            writer.newline(tok, code_left > 0)
        else:
            code_left -= 1
            writer.code(tok)
    result = writer.text()
    try:
        same = parse(result, path) == original
    except Exception as exc:  # the formatted text must parse; anything else is a bug here
        raise FormatError(f"formatting {path} would make it unreadable ({exc}); the file is left as it is") from None
    if not same:
        raise FormatError(f"formatting {path} would change its meaning; the file is left as it is")
    return result
