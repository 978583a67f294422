"""docs/language.md and the builtin registry -> the hover text of keywords and builtins (Markdown), by name.

The language reference is the one place that explains each construct, so hover text is read from it
rather than written again: every `### heading` of the declaration, procedure, statement and expression
sections is an entry, filed under the keywords its heading names (`### if, elif, else` under `if`, `elif`
and `else`; `### on move (triggers)` under `on move`; `### Calls and `by:`` under `by`). Builtins are
described by their registry records, whose `usage` and `doc` are their rows of the reference's tables
(tests/language/test_docs.py holds the two together).
"""

from __future__ import annotations

import functools
import re

from ..language.builtins import FUNCTIONS, NAMES
from ..resources import language_doc_path

# The reference's sections whose entries explain a keyword (matched by their title, not their number).
SECTIONS = ("Declarations", "Procedures and the turn loop", "Statements", "Expressions")
# Keywords explained inside another keyword's entry.
ALIASES = {"only if": "choose", "otherwise": "choose", "afterwards": "choose", "when": "choose",
           "copies": "cards", "reset on move": "var", "internal": "var", "at bottom": "move",
           "simultaneously for": "simultaneously"}

_SECTION = re.compile(r"^## (?:\d+\. )?(.+?)\s*$")
_ENTRY = re.compile(r"^### (.+?)\s*$")
_PHRASE = re.compile(r"^[a-z]+(?: [a-z]+)*$")


def heading_keys(heading: str) -> list[str]:
    """The keywords an entry's heading names: its `quoted` words if it has some, else, when it starts in lower
    case, its phrases separated by commas and 'and' (a parenthesis is a remark, not a keyword); a heading
    in words ("Grid zones") names none."""
    quoted = re.findall(r"`([^`]+)`", heading)
    if quoted:
        return [q.rstrip(":") for q in quoted if _PHRASE.match(q.rstrip(":"))]
    if not heading[:1].islower():
        return []
    plain = re.sub(r"\(.*?\)", "", heading)
    pieces = [p.strip() for part in plain.split(",") for p in part.split(" and ")]
    return [p for p in pieces if _PHRASE.match(p)]


def index_reference(text: str) -> dict[str, str]:
    """A reference text -> keyword -> its entry (the heading and the text under it, up to the next one)."""
    entries: dict[str, str] = {}
    section, keys, body = "", [], []

    def close() -> None:
        if keys:
            entry = body[0] + "\n\n" + "\n".join(body[1:]).strip().rstrip("-").strip()
            for key in keys:
                entries.setdefault(key, entry)

    for line in text.splitlines():
        if (match := _SECTION.match(line)) or (match := _ENTRY.match(line)) or line.strip() == "---":
            close()
            keys, body = [], []
            if match and match.re is _SECTION:
                section = match.group(1)
            elif match and section in SECTIONS:
                keys, body = heading_keys(match.group(1)), [f"**{match.group(1)}**"]
            continue
        body.append(line)
    close()
    for alias, key in ALIASES.items():
        if key in entries:
            entries.setdefault(alias, entries[key])
    return entries


@functools.lru_cache(maxsize=1)
def keyword_entries() -> dict[str, str]:
    """The language reference's entries by keyword (read once)."""
    try:
        text = language_doc_path().read_text(encoding="utf-8")
    except OSError:  # an install without the reference: hover still describes builtins and names
        return {}
    return index_reference(text)


def builtin_hover(name: str) -> str | None:
    """A builtin function's usage and description, or a builtin name's; None for any other name."""
    if name in FUNCTIONS:
        record = FUNCTIONS[name]
        return f"```cardrules\n{record.usage}\n```\n\nBuilt-in function: {record.doc}"
    if name in NAMES:
        return f"```cardrules\n{name}\n```\n\nBuilt-in name: {NAMES[name].doc}"
    return None


def keyword_hover(phrase: str) -> str | None:
    """The reference's entry for a keyword or a keyword phrase (`round setup`), or None."""
    return keyword_entries().get(phrase)
