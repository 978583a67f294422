"""Every rules example in docs/language.md must be valid cardrules.

How the examples are checked
----------------------------
Every fenced block whose info string is exactly ``cardrules`` is checked. A block is classified
by its first line that is neither blank nor a comment:

* **complete file** -- the line is ``game "..."`` and the block has a ``turn:`` procedure: the
  block must parse, ``check_source`` must report no errors, and seeded random games of it, for
  every allowed number of players, must run to the end;
* **declarations** -- the line starts a declaration (``players 2..4``, ``attribute``, ``cards:``,
  ``card NAME:``, ``order:``, ``text:``, ``zone``, ``option``, ``var``, ``def``, ``setup:``,
  ``turn:``, ``after turn:``, ``next player:``, ``end when``, ``show "..."``, ``sides:``): the block is parsed
  as a rules file on its own (it may use names declared elsewhere, so it is not name-checked);
* **statements** -- the line starts a statement (``move``, ``deal``, ``shuffle``, ``eliminate``,
  ``set``, ``first player:``, ``win``, ``pass``, ``stop``, ``if``, ``for``, ``repeat``, ``reveal``,
  ``choose``): the block is indented into the body of a ``turn:`` and parsed;
* **expressions** -- anything else: every line is one expression (an indented line continues the
  expression above), parsed as ``def _example = EXPRESSION``.

Blocks in the section "How Red7 is written" are excerpts of ``games/red7.rules`` and must also
appear in that file word for word, so the walkthrough cannot drift from the real game; so must
the Punto and Seven7s walkthroughs quote ``games/punto.rules`` and ``games/seven7s.rules``.

Blocks tagged ``cardrules-planned`` describe constructs the engine does not run yet; they are
not parsed. Any other ``cardrules-...`` tag is an error, so a typo cannot hide an example.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardrules import check_source, load_source
from cardrules.diagnostics import RulesError
from cardrules.language import builtins as language_builtins
from cardrules.language.syntax import parse

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "language.md"
RED7 = REPO / "games" / "red7.rules"
GRAMMAR = REPO / "grammar" / "cardrules.lark"
RED7_SECTION = "How Red7 is written"
BUILTINS_SECTION = "6. Built-in names and functions"
PUNTO = REPO / "games" / "punto.rules"
SEVEN7S = REPO / "games" / "seven7s.rules"

_FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.S | re.M)
_SECTION = re.compile(r"^## (.+)$", re.M)
_ROW = re.compile(r"^\| (.+?) \| (.+) \|$", re.M)

_DECLARATION = re.compile(
    r'(extends\s+"|game\s+"|players\s+\d|attribute\s+\w+\s*:|cards\s*:|card\s+\w+(\s+"[^"]*")?\s*:|order\s*:'
    r'|text\s*:|zone\s+\w+|option\s+\w+|var\s+\w+|def\s+\w+\s*[(=]|setup\s*:|turn\s*:'
    r'|after\s+turn\s*:|round\s+setup\s*:|on\s+move\b|result\s+"|next\s+player\s*:|end\s+when\b|show\s+"|sides\s*:|holds\s+\w+|limit\s+\w+\s+\d'
    r'|action\s+\w+|reveal\s+at\s+end\s*:)')
_STATEMENT = re.compile(r"(move|deal|shuffle|eliminate|set|win|lose|pass|stop|if|for|repeat|while|choose|say|do|reveal"
                        r"|let|reset|new\s+round)\b"
                        r"|first\s+player\s*:")


class Block:
    def __init__(self, tag: str, text: str, line: int, section: str):
        self.tag, self.text, self.line, self.section = tag, text, line, section

    @property
    def kind(self) -> str:
        first = next((ln for ln in self.text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")),
                     "")
        if first.startswith('game "') and re.search(r"^turn\s*:", self.text, re.M):
            return "file"
        if _DECLARATION.match(first):
            return "declarations"
        if _STATEMENT.match(first):
            return "statements"
        return "expressions"

    def __repr__(self) -> str:
        return f"docs/language.md:{self.line}"


def _blocks() -> list[Block]:
    text = DOC.read_text(encoding="utf-8")
    fences = list(_FENCE.finditer(text))
    # '## ' lines inside code blocks are comments, not headings.
    sections = [(m.start(), m.group(1)) for m in _SECTION.finditer(text)
                if not any(f.start() <= m.start() < f.end() for f in fences)]
    out = []
    for m in fences:
        section = next((title for pos, title in reversed(sections) if pos < m.start()), "")
        out.append(Block(m.group(1).strip(), m.group(2), text.count("\n", 0, m.start()) + 2, section))
    return out


BLOCKS = _blocks()
EXAMPLES = [b for b in BLOCKS if b.tag == "cardrules"]


def _parse(text: str, where: Block) -> None:
    try:
        parse(text, str(where))
    except RulesError as exc:
        pytest.fail(f"example at {where} ({where.kind}) does not parse:\n{exc}\n--- as parsed:\n{text}")


def _as_turn(text: str) -> str:
    return "turn:\n" + "".join(f"  {line}\n" if line.strip() else "\n" for line in text.splitlines())


def _expressions(text: str) -> list[str]:
    exprs: list[str] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0] in " \t" and exprs:
            exprs[-1] += "\n" + line
        else:
            exprs.append(line)
    return exprs


def test_doc_has_examples_of_every_kind() -> None:
    kinds = {b.kind for b in EXAMPLES}
    assert kinds == {"file", "declarations", "statements", "expressions"}


def test_only_known_tags() -> None:
    unknown = [(b, b.tag) for b in BLOCKS if b.tag.startswith("cardrules") and b.tag not in
               ("cardrules", "cardrules-planned")]
    assert not unknown, f"unknown code block tags: {unknown}"


@pytest.mark.parametrize("block", EXAMPLES, ids=repr)
def test_example_is_valid(block: Block) -> None:
    kind = block.kind
    if kind in ("file", "declarations"):
        _parse(block.text, block)
    elif kind == "statements":
        _parse(_as_turn(block.text), block)
    else:
        exprs = _expressions(block.text)
        assert exprs, f"empty example at {block}"
        for expr in exprs:
            _parse(f"def _example = {expr}\n", block)
    if kind == "file":
        errors = [d for d in check_source(block.text, str(block)) if d.severity == "error"]
        assert not errors, "\n".join(f"{block}: {d.code} {d.message} (line {d.span.line})" for d in errors)


@pytest.mark.parametrize("block", [b for b in EXAMPLES if b.kind == "file"], ids=repr)
def test_complete_files_play_to_the_end(playout, block: Block) -> None:
    game = load_source(block.text, str(block))
    for players in range(game.min_players, game.max_players + 1):
        state = playout(game.new_initial_state(players, seed=players), players, limit=10_000)
        assert state.is_terminal(), f"{block}: a {players}-player game did not end"


def test_red7_walkthrough_quotes_the_real_file() -> None:
    source = RED7.read_text(encoding="utf-8")
    excerpts = [b for b in EXAMPLES if RED7_SECTION in b.section]
    assert excerpts, f"no examples found in the section '{RED7_SECTION}'"
    position = 0
    for block in excerpts:
        found = source.find(block.text, position)
        assert found >= 0, (f"the excerpt at {block} is not in games/red7.rules (in this order); "
                            "update the walkthrough:\n" + block.text)
        position = found + len(block.text)


def test_punto_walkthrough_quotes_the_real_file():
    source = PUNTO.read_text(encoding="utf-8")
    section = "How the other games are written"
    excerpts = [b for b in EXAMPLES if section in b.section and b.text.lstrip().startswith(("# Where", "turn:"))]
    assert len(excerpts) == 2
    position = 0
    for block in excerpts:
        found = source.find(block.text, position)
        assert found >= 0, f"the excerpt at {block} is not in games/punto.rules (in this order):\n{block.text}"
        position = found + len(block.text)


def test_seven7s_walkthrough_quotes_the_real_file():
    """docs/language.md's Seven7s section copies games/seven7s.rules, in order: it cannot drift."""
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("### Seven7s — now written"):]
    blocks = re.findall(r"^```cardrules\n(.*?)^```", section, re.S | re.M)
    assert len(blocks) >= 5
    source, position = SEVEN7S.read_text(encoding="utf-8"), 0
    for block in blocks:
        found = source.find(block, position)
        assert found >= 0, "not in games/seven7s.rules (in this order):\n" + block
        position = found + len(block)


def _builtin_rows() -> dict[str, str]:
    """The tables of the section "Built-in names and functions": each code span of a row's first
    cell (`me`, `best(xs, by: key)`) -> the row's second cell."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(f"## {BUILTINS_SECTION}"):]
    section = section[:section.index("\n## ")]
    rows = {}
    for first, second in _ROW.findall(section):
        for code in re.findall(r"`([^`]+)`", first):
            rows[code] = second
    return rows


def test_every_builtin_function_is_documented() -> None:
    """Each function of the registry has its row, `usage` | doc, word for word: the docs and the
    record (which an editor shows on hover) say the same."""
    rows = _builtin_rows()
    functions = language_builtins.FUNCTIONS.values()
    missing = [f.name for f in functions if f.usage not in rows]
    assert not missing, f"docs/language.md does not document: {', '.join(missing)}"
    differ = [f"{f.usage}: {f.doc!r} != {rows[f.usage]!r}" for f in functions if rows[f.usage] != f.doc]
    assert not differ, "the docs' row and the record's doc differ:\n" + "\n".join(differ)


def test_every_builtin_name_is_documented() -> None:
    rows = _builtin_rows()
    names = language_builtins.NAMES.values()
    missing = [n.name for n in names if n.name not in rows]
    assert not missing, f"docs/language.md does not document: {', '.join(missing)}"
    differ = [f"{n.name}: {n.doc!r} != {rows[n.name]!r}" for n in names if rows[n.name] != n.doc]
    assert not differ, "the docs' row and the record's doc differ:\n" + "\n".join(differ)


def test_every_keyword_appears_in_a_checked_example() -> None:
    """Each keyword of the grammar is shown in at least one example that the tests parse."""
    grammar = GRAMMAR.read_text(encoding="utf-8")
    keywords = set(re.findall(r'"([a-z][a-z ]*)"', grammar))
    code = "\n".join(b.text for b in EXAMPLES)
    missing = sorted(k for k in keywords if not re.search(rf"\b{k}\b", code))
    assert not missing, f"no checked example uses: {', '.join(missing)}"
