"""A position in a rules file -> its hover text: a declared or local name's declaration with the comments written
above it, a builtin's usage and description, or a keyword's entry of the language reference."""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types

from ..language.builtins import FUNCTIONS, NAMES
from .document import WORD, Analysis
from .names import Found, lookup
from .reference import builtin_hover, keyword_hover


def hover(analysis: Analysis, line: int, column: int) -> types.Hover | None:
    """The hover of the name or keyword at a 0-based position, or None (a comment, a text, an unknown word)."""
    text = analysis.text
    word = text.word_at(line, column)
    if word is None or not text.in_code(line, word[1]):
        return None
    name, start, end = word
    value = _text_of(analysis, name, line, start)
    if value is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value),
                       range=text.range(line, start, end))


def _text_of(analysis: Analysis, name: str, line: int, start: int) -> str | None:
    """Names first, as the checker looks them up; a line's first word may be a keyword that is also a builtin
    name (`players 2..4` declares, `players` elsewhere is every seat)."""
    found = lookup(analysis, name, line, start)
    if found is not None:
        return describe(analysis, found)
    phrases = keyword_phrases(analysis.text.lines[line], start)
    entry = next((entry for phrase in phrases if (entry := keyword_hover(phrase))), None)
    if entry and not analysis.text.lines[line][:start].strip() and name not in FUNCTIONS:
        return entry
    if name in FUNCTIONS or name in NAMES:
        return builtin_hover(name)
    return entry


def keyword_phrases(line: str, start: int) -> list[str]:
    """The phrases of up to three words of a line that contain the word starting at `start`, longest first
    (`round setup`, `only if`, `not in`), words separated by spaces only."""
    words = [(m.group(), m.start(), m.end()) for m in WORD.finditer(line)]
    here = next(i for i, w in enumerate(words) if w[1] == start)
    phrases = []
    for size in (3, 2, 1):
        for first in range(here - size + 1, here + 1):
            window = words[first:first + size]
            if first < 0 or len(window) < size:
                continue
            if all(line[a[2]:b[1]].isspace() for a, b in zip(window, window[1:])):
                phrases.append(" ".join(w[0] for w in window))
    return phrases


def describe(analysis: Analysis, found: Found) -> str:
    """A name's hover: the line that binds it, what it is and where, and the comments above its declaration."""
    source = analysis.source(found.span.path or analysis.text.path) or analysis.text
    line = source.lines[found.span.line - 1].strip() if 0 < found.span.line <= len(source.lines) else found.name
    parts = [f"```cardrules\n{_code_only(line)}\n```", _what(analysis, found, source.path)]
    if found.node is not None:
        comments = source.comments_above(found.span.line)
        if found.attribute is not None and not comments:
            comments = source.comments_above(found.attribute.span.line)
        if comments:
            parts.append("\n".join(comments))
    return "\n\n".join(parts)


def _what(analysis: Analysis, found: Found, path: str) -> str:
    where = "" if path == analysis.text.path else f" in `{Path(path).name}` (the game this file extends)"
    if found.attribute is not None:
        names = [v.name for v in found.attribute.values]
        rank = names.index(found.name) + 1
        return (f"*value of the attribute `{found.attribute.name}`*{where}: {rank} of {len(names)}, "
                f"highest first ({' > '.join(names)})")
    return f"*{found.kind}*{where}"


def _code_only(line: str) -> str:
    """A line without its trailing comment (a `#` inside a text stays)."""
    return re.sub(r'^((?:[^"#]|"[^"]*")*)#.*$', r"\1", line).rstrip()
