"""A rules text with a syntax error at a line -> the text with that line's item cut out, so that parsing again
finds the next independent error (never one the cut made).

The parser stops at the first error. To report the others, the logical line holding the error (with the block
it opens) is replaced by a neutral placeholder of the same height, keeping every line number, and the text is
parsed again. A failure on the very next line may be the cut's doing (an `elif` left without its `if`, a block
left empty, a line split in two): that placeholder is refused and the next one tried; when none fits, the
enclosing item is cut instead, and at the top level the next item is cut along with it.
"""

from __future__ import annotations

from typing import Callable

import attrs

from ..diagnostics import Diagnostic

MAX_ERRORS = 20  # syntax errors reported for one file
MAX_ATTEMPTS = 80  # parses tried while recovering, whatever the file
# What an indented item may be replaced by: nothing, a statement, an option of a `choose`, a case action's
# clause, a case definition's clause.
PLACEHOLDERS = ("", "pass", "pass: pass", "x: pass", "x: 0")


@attrs.frozen
class Failure:
    """A parse that failed: its diagnostic, and where the parser stood (line, column) when it gave up;
    None when it gave up at the end of the file."""

    diagnostic: Diagnostic
    at: tuple[int, int] | None


Attempt = Callable[[str], Failure | None]  # parse a text: its first error, or None when it parses


def more_errors(text: str, first: Failure, attempt: Attempt) -> list[Diagnostic]:
    """The independent syntax errors after `first` (up to MAX_ERRORS in all), in the order found."""
    lines = text.split("\n")
    found: list[Diagnostic] = []
    failure: Failure | None = first
    budget = [MAX_ATTEMPTS]
    while failure is not None and failure.at is not None and len(found) + 1 < MAX_ERRORS:
        repaired = _repair(lines, failure.at[0], attempt, budget)
        if repaired is None:
            break
        lines, failure = repaired
        if failure is not None:
            found.append(failure.diagnostic)
    return found


def _repair(lines: list[str], line: int, attempt: Attempt, budget: list[int]):
    """The lines with the item at `line` (1-based) cut out, and the first failure of the result; None when
    no cut is sure not to cause the next failure (or the budget of attempts is spent)."""
    if not 1 <= line <= len(lines):
        return None
    starts = logical_starts(lines)
    start, end = region(lines, starts, starts[line - 1])
    while budget[0] > 0:
        indent = _indent(lines[start])
        # The first line of a block sets the block's indentation: a blank would let the next line set another.
        before = _previous(lines, starts, start)
        first = before is None or _indent(lines[before]) < indent
        for placeholder in (PLACEHOLDERS[1:] if first else PLACEHOLDERS) if indent else ("",):
            budget[0] -= 1
            trial = lines[:start] + [" " * indent + placeholder if placeholder else ""] + [""] * (end - start)
            trial += lines[end + 1:]
            failure = attempt("\n".join(trial))
            if failure is None or not _suspect(failure, trial, starts, end, inside=bool(indent)):
                return trial, failure
        if indent:  # cut the item that holds this one instead
            outer = enclosing(lines, starts, start)
            if outer is None:
                return None
            start, end = region(lines, starts, outer)
        else:  # a top-level item garbled the next one too (a line split in two): cut both
            following = _following(lines, starts, end)
            if following is None:
                return None
            end = region(lines, starts, following)[1]
    return None


def _suspect(failure: Failure, lines: list[str], starts: list[int], end: int, inside: bool) -> bool:
    """Whether the cut before line index `end` may have caused the failure: the parser gave up before the end
    of the next logical line (an `elif` left without its `if`, a block left empty or a line end or block end,
    which is placed on the line before it); at the top level, where items are independent, only on its first
    token (the previous item was left unfinished). An error further on is independent of the cut."""
    following = _following(lines, starts, end)
    if failure.at is None or following is None:
        return True
    if not inside:
        return failure.at <= (following + 1, _indent(lines[following]) + 1)
    last = following
    while last + 1 < len(lines) and starts[last + 1] == following:
        last += 1
    return failure.at[0] <= last + 1


def _previous(lines: list[str], starts: list[int], start: int) -> int | None:
    """The index of the last logical line with code before line index `start`."""
    return next((i for i in range(start - 1, -1, -1) if starts[i] == i and _is_code(lines[i])), None)


def _following(lines: list[str], starts: list[int], end: int) -> int | None:
    """The index of the first logical line with code after line index `end`."""
    return next((i for i in range(end + 1, len(lines)) if starts[i] == i and _is_code(lines[i])), None)


def _is_code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def logical_starts(lines: list[str]) -> list[int]:
    """For each line (by index), the index of the line its logical line starts on: lines inside open
    brackets or after a trailing backslash continue the line before, as the parser reads them."""
    starts: list[int] = []
    depth, continued, current = 0, False, 0
    for index, line in enumerate(lines):
        if depth == 0 and not continued:
            current = index
        starts.append(current)
        depth = max(depth + _bracket_change(line), 0)
        continued = line.rstrip().endswith("\\")
    return starts


def _bracket_change(line: str) -> int:
    """How many brackets a line opens minus those it closes, outside quoted texts and comments."""
    change, quoted = 0, False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif char == "#":
            break
        elif char in "([":
            change += 1
        elif char in ")]":
            change -= 1
    return change


def region(lines: list[str], starts: list[int], start: int) -> tuple[int, int]:
    """The logical line starting at index `start` and the block it opens: (first, last) line indexes."""
    indent, end = _indent(lines[start]), start
    for index in range(start + 1, len(lines)):
        if starts[index] != index:  # a continuation: it goes with the logical line it continues
            if starts[index] <= end:
                end = index
            continue
        if not _is_code(lines[index]):
            continue
        if _indent(lines[index]) <= indent:
            break
        end = index
    return start, end


def enclosing(lines: list[str], starts: list[int], start: int) -> int | None:
    """The index of the logical line whose block holds the one starting at `start`, if any."""
    indent = _indent(lines[start])
    for index in range(start - 1, -1, -1):
        if starts[index] == index and _is_code(lines[index]) and _indent(lines[index]) < indent:
            return index
    return None
