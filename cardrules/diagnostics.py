"""Diagnostics as data (severity, code, message, span) and their text and JSON renderings."""

from __future__ import annotations

import functools
import re
from typing import Iterable, Literal

import attrs

from .converter import register, to_json

Severity = Literal["error", "warning"]


@attrs.frozen
class Span:
    """A region of a source file; lines and columns count from 1."""

    line: int
    column: int
    end_line: int = 0
    end_column: int = 0
    path: str = attrs.field(default="", eq=False)  # the file, when declarations of several files merge


@attrs.frozen
class Diagnostic:
    severity: Severity
    code: str
    message: str
    span: Span
    path: str = "<rules>"
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return to_json(self)


def _diagnostic_json(diag: Diagnostic) -> dict:
    """The JSON form: the file first and the span's start only (editors and scripts read these keys)."""
    return {"file": diag.path, "line": diag.span.line, "column": diag.span.column, "severity": diag.severity,
            "code": diag.code, "message": diag.message, "notes": list(diag.notes)}


register(Diagnostic, _diagnostic_json)


class RulesError(Exception):
    """Raised when a rules file (or a file made for it) cannot be used; carries every diagnostic."""

    def __init__(self, diagnostics: Iterable[Diagnostic], sources: dict[str, str] | None = None):
        self.diagnostics = tuple(diagnostics)
        self.sources = dict(sources or {})
        super().__init__(render_all(self.diagnostics, self.sources, color=False))

    def __reduce__(self):
        # A worker process sends its error back pickled; the default rebuilds it from the rendered
        # text, which is not a list of diagnostics, and the pool's result thread dies on it.
        return type(self), (self.diagnostics, self.sources)


class RulesRuntimeError(RulesError):
    """A rules file did something impossible while a game was running."""


def error(code: str, message: str, span: Span, path: str = "<rules>", notes: tuple[str, ...] = ()) -> Diagnostic:
    return Diagnostic("error", code, message, span, span.path or path, notes)


def warning(code: str, message: str, span: Span, path: str = "<rules>", notes: tuple[str, ...] = ()) -> Diagnostic:
    return Diagnostic("warning", code, message, span, span.path or path, notes)


def render(diag: Diagnostic, source: str | None, color: bool = False) -> str:
    """`path:line:col: error: message`, then the source line and a caret under the column."""
    sev = diag.severity
    if color:
        sev = f"\x1b[1;31m{sev}\x1b[0m" if sev == "error" else f"\x1b[1;33m{sev}\x1b[0m"
    out = [f"{diag.path}:{diag.span.line}:{diag.span.column}: {sev}: {diag.message}"]
    lines = _lines(source) if source is not None else ()
    if 1 <= diag.span.line <= len(lines):
        text = lines[diag.span.line - 1].expandtabs(1)
        out.append(f"  {text}")
        width = 1
        if diag.span.end_line == diag.span.line and diag.span.end_column > diag.span.column:
            width = diag.span.end_column - diag.span.column
        out.append("  " + " " * (diag.span.column - 1) + "^" * width)
    out.extend(f"  note: {note}" for note in diag.notes)
    return "\n".join(out)


@functools.lru_cache(maxsize=8)
def _lines(source: str) -> tuple[str, ...]:
    # Splitting the source once, not once per diagnostic, keeps a file with thousands of them linear.
    return tuple(source.splitlines())


def render_all(diags: Iterable[Diagnostic], sources: dict[str, str], color: bool = False) -> str:
    return "\n".join(render(d, sources.get(d.path), color) for d in diags)


def explain_exception(exc: Exception) -> str:
    """What went wrong when a rules file's expression failed, in a player's words."""
    match exc:
        case ZeroDivisionError():
            return "division by zero"
        case IndexError():
            return "an index is outside the list"
        case MemoryError():
            return "it needed more memory than the command may use (its budget: `cardrules --max-memory`)"
        case TypeError() if (words := _type_error_in_words(str(exc))) is not None:
            return words
        case TypeError() | AttributeError() | KeyError():
            return "a value of the wrong kind was used (for example a card where a number was expected, " \
                   "or 'none')"
        case _:
            return str(exc) or type(exc).__name__


# Python's names of the language's values (values.py), in the language's words.
_VALUE_WORDS = {"int": "a number", "bool": "true or false", "str": "a text", "list": "a list", "tuple": "a tuple",
                "Card": "a card", "Seat": "a seat", "Sym": "an attribute value", "_Nothing": "none",
                "Unseen": "a card nobody sees", "NoneType": "nothing"}
_TYPE_ERRORS = (  # Python's message -> the language's, with the kinds of the values involved
    (re.compile(r"unsupported operand type\(s\) for ([^:]+): '(\w+)' and '(\w+)'"),
     "'{0}' cannot work on {1} and {2}"),
    (re.compile(r"'([<>=!]+)' not supported between instances of '(\w+)' and '(\w+)'"),
     "'{0}' cannot compare {1} with {2}"),
    (re.compile(r"bad operand type for unary (.): '(\w+)'"), "'{0}' cannot work on {1}"),
    (re.compile(r"object of type '(\w+)' has no len\(\)"), "{0} has no length: 'count' and 'empty' need a list"),
    (re.compile(r"'(\w+)' object is not iterable"), "{0} is not a list, where a list is needed"),
    (re.compile(r"'(\w+)' object is not subscriptable"), "{0} is not a list, so '[...]' cannot pick from it"),
)


def _type_error_in_words(message: str) -> str | None:
    """A TypeError of the generated code as the kinds involved ("'+' cannot work on none and a number")."""
    for pattern, words in _TYPE_ERRORS:
        found = pattern.search(message)
        if found is not None:
            named = [found.group(1)] if "{1}" in words else []
            kinds = [_VALUE_WORDS.get(name, f"a {name}") for name in found.groups()[len(named):]]
            return words.format(*named, *kinds)
    return None
