"""Hover text comes from docs/language.md: the entries are found by their headings, and every statement and
declaration keyword has one."""

from __future__ import annotations

from cardrules.lsp.completion import DECLARATION_KEYWORDS, STATEMENT_KEYWORDS
from cardrules.lsp.reference import heading_keys, index_reference, keyword_entries

SAMPLE = """\
# Title

## 2. Declarations

### zone

Zones hold cards.

### if, elif, else

Branches.

### on move (triggers)

After a move.

---

## 5. Expressions

### Calls and `by:`

Keys.

### Lists and tuples

Not a keyword.

## 6. Built-in names and functions

### Names

A table, not an entry.
"""


def test_headings_name_their_keywords():
    assert heading_keys("if, elif, else") == ["if", "elif", "else"]
    assert heading_keys("on move (triggers)") == ["on move"]
    assert heading_keys("action and case actions") == ["action", "case actions"]
    assert heading_keys("Filters: `where`, `it` and bare attribute names") == ["where", "it"]
    assert heading_keys("Grid zones") == []


def test_an_entry_is_its_heading_and_the_text_under_it():
    entries = index_reference(SAMPLE)
    assert entries["zone"] == "**zone**\n\nZones hold cards."
    assert entries["elif"] == entries["if"] == "**if, elif, else**\n\nBranches."
    assert entries["on move"] == "**on move (triggers)**\n\nAfter a move."  # the rule `---` is not kept
    assert entries["by"] == "**Calls and `by:`**\n\nKeys."
    assert "Names" not in entries and "names" not in entries and "tuples" not in entries


def test_every_statement_and_declaration_keyword_has_an_entry_in_the_reference():
    entries = keyword_entries()
    missing = [k for k in DECLARATION_KEYWORDS + STATEMENT_KEYWORDS if k not in entries]
    assert not missing, f"docs/language.md has no `### ...` entry for {missing}"
