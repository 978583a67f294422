"""A position in a rules file -> where the name there is defined: a local name's binding, a declaration of this
file or of the game it extends (in that file), or, on an `extends` line, the extended file itself."""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types

from .. import find_game
from .document import Analysis
from .names import lookup

_EXTENDS = re.compile(r'^\s*extends\s+"([^"]*)"')


def definition(analysis: Analysis, uri: str, line: int, column: int) -> types.Location | None:
    """The location that the name (or `extends` line) at a 0-based position points to, or None."""
    text = analysis.text
    if 0 <= line < len(text.lines) and (match := _EXTENDS.match(text.lines[line])):
        return _extended_file(match.group(1), text.path)
    word = text.word_at(line, column)
    if word is None or not text.in_code(line, word[1]):
        return None
    found = lookup(analysis, word[0], line, word[1])
    if found is None:
        return None
    path = found.span.path or text.path
    source = analysis.source(path)
    if source is None:
        return None
    target = uri if path == text.path else file_uri(path)
    return types.Location(uri=target, range=source.name_range(found.span, found.name, found.before))


def _extended_file(name: str, path: str) -> types.Location | None:
    try:
        parent = find_game(name, path)
    except FileNotFoundError:
        return None
    start = types.Position(line=0, character=0)
    return types.Location(uri=file_uri(str(parent)), range=types.Range(start=start, end=start))


def file_uri(path: str) -> str:
    return Path(path).resolve().as_uri()
