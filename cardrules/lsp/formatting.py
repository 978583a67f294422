"""A rules text -> the edit that gives it `cardrules fmt`'s layout: one edit of the whole text, none when it is
already laid out or does not parse (the diagnostics say why)."""

from __future__ import annotations

from lsprotocol import types

from ..authoring.fmt import FormatError, format_text
from ..diagnostics import RulesError
from .document import Text


def formatting(text: Text) -> list[types.TextEdit]:
    try:
        formatted = format_text(text.text, text.path)
    except (RulesError, FormatError):
        return []
    if formatted == text.text:
        return []
    whole = types.Range(start=types.Position(line=0, character=0), end=text.end())
    return [types.TextEdit(range=whole, new_text=formatted)]
