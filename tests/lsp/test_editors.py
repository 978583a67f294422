"""The editor files of editors/: the TextMate grammar is valid JSON and scopes every keyword of the lark grammar and
every builtin (so that highlighting follows the language), and the VS Code extension points at it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardrules.language.builtins import FUNCTIONS, NAMES
from cardrules.lsp.completion import DECLARATION_KEYWORDS, OTHER_KEYWORDS, STATEMENT_KEYWORDS
from cardrules.resources import grammar_path

EDITORS = Path(__file__).resolve().parents[2] / "editors"
TEXTMATE = EDITORS / "cardrules.tmLanguage.json"


def grammar_keywords() -> set[str]:
    """Every word the lark grammar writes as a literal ("move", "at bottom" gives "at" and "bottom")."""
    text = re.sub(r"//[^\n]*", "", grammar_path().read_text(encoding="utf-8"))
    literals = re.findall(r'"([^"\n]*)"', text)  # in order, so that `","` closes before the next one opens
    return {word for literal in literals if re.fullmatch(r"[a-z_ ]+", literal) for word in literal.split()}


def patterns(node) -> list[tuple[str, str]]:
    """(scope, regular expression) of every `match` rule of a TextMate grammar, captures giving their own scopes."""
    found = []
    if isinstance(node, dict):
        if "match" in node:
            scopes = [node.get("name", "")] + [c.get("name", "") for c in node.get("captures", {}).values()]
            found += [(scope, node["match"]) for scope in scopes if scope]
        for value in node.values():
            found += patterns(value)
    elif isinstance(node, list):
        for value in node:
            found += patterns(value)
    return found


def scopes_of(word: str, after: str = "") -> set[str]:
    """The scopes of the rules whose expression matches exactly `word` (followed by `after`) at a line's start."""
    grammar = json.loads(TEXTMATE.read_text(encoding="utf-8"))
    return {scope for scope, regex in patterns(grammar)
            if (m := re.match(regex, word + after)) and word in m.groups() + (m.group(0).strip(),)}


def test_the_grammar_is_json_for_rules_files():
    grammar = json.loads(TEXTMATE.read_text(encoding="utf-8"))
    assert grammar["scopeName"] == "source.cardrules" and "rules" in grammar["fileTypes"]
    for _, regex in patterns(grammar):
        re.compile(regex)  # the expressions use only what Python's and Oniguruma's syntaxes share


def test_the_lark_grammars_keywords_are_known():
    words = grammar_keywords()
    assert {"move", "choose", "extends", "simultaneously", "afterwards", "bottom"} <= words  # the reading works


@pytest.mark.parametrize("word", sorted(grammar_keywords()))
def test_every_keyword_of_the_language_is_highlighted_as_one(word):
    assert any(scope.startswith("keyword.") for scope in scopes_of(word)), \
        f"'{word}' is a keyword of grammar/cardrules.lark: add it to editors/cardrules.tmLanguage.json"


@pytest.mark.parametrize("word", sorted(grammar_keywords()))
def test_every_keyword_of_the_language_is_completed(word):
    offered = {w for phrase in DECLARATION_KEYWORDS + STATEMENT_KEYWORDS + OTHER_KEYWORDS for w in phrase.split()}
    assert word in offered, f"'{word}' is a keyword of grammar/cardrules.lark: add it to cardrules/lsp/completion.py"


@pytest.mark.parametrize("name", sorted(FUNCTIONS) + ["a_definition"])
def test_every_call_is_highlighted(name):
    """A builtin added later is still highlighted as a call: adding one does not need these files."""
    assert "entity.name.function.call.cardrules" in scopes_of(name, "(x)")


def test_the_builtins_highlighted_as_such_are_builtins():
    grammar = json.loads(TEXTMATE.read_text(encoding="utf-8"))
    (regex,) = [r for scope, r in patterns(grammar) if scope == "support.function.builtin.cardrules"]
    listed = set(re.findall(r"[a-z_]+", regex.split("(?=")[0])) - {"b"}
    assert {"count", "highest", "top", "best"} <= listed <= set(FUNCTIONS)
    assert {"count", "top"} <= vim_words("cardrulesFunction") <= set(FUNCTIONS)


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_builtin_name_is_highlighted(name):
    assert scopes_of(name) & {"constant.language.cardrules", "variable.language.cardrules"}, \
        f"'{name}' is a builtin name: add it to editors/cardrules.tmLanguage.json"


def test_a_declaration_keyword_mid_line_is_a_name():
    """`players 2..4` declares; `count(players)` reads the builtin name."""
    assert "keyword.other.declaration.cardrules" in scopes_of("players", " 2..4")
    grammar = json.loads(TEXTMATE.read_text(encoding="utf-8"))
    line = "def n = count(players)"
    hits = {scope for scope, regex in patterns(grammar) for m in re.finditer(regex, line)
            if m.group(0) == "players"}
    assert hits == {"variable.language.cardrules"}


def test_the_vs_code_extension_uses_the_grammar_and_starts_the_server():
    package = json.loads((EDITORS / "package.json").read_text(encoding="utf-8"))
    contributes = package["contributes"]
    assert contributes["languages"][0]["extensions"] == [".rules"]
    grammar = contributes["grammars"][0]
    assert grammar["scopeName"] == "source.cardrules" and (EDITORS / grammar["path"]).resolve() == TEXTMATE
    assert (EDITORS / contributes["languages"][0]["configuration"]).is_file()
    json.loads((EDITORS / "language-configuration.json").read_text(encoding="utf-8"))
    assert (EDITORS / package["main"]).is_file()
    assert contributes["configuration"]["properties"]["cardrules.server.command"]["default"] == ["cardrules", "lsp"]


VIM = EDITORS / "vim" / "syntax" / "cardrules.vim"


def vim_words(group: str | None = None) -> set[str]:
    """The words a Vim syntax file names: in `syn keyword` lists and in the alternatives of `syn match` patterns
    (of one highlight group, or of all)."""
    words: set[str] = set()
    for line in VIM.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) > 3 and parts[0] == "syn" and (group is None or parts[2] == group):
            if parts[1] == "keyword":
                words.update(parts[3:])
            elif parts[1] == "match":
                pattern = re.sub(r"\\z[se]|\\[swhd]", " ", " ".join(parts[3:]))  # Vim's \ze, \s, ...: not words
                words.update(re.findall(r"[a-z_]+", pattern))
    return words


def test_the_vim_syntax_knows_every_keyword_and_builtin():
    missing = (grammar_keywords() | set(NAMES)) - vim_words()  # names: `me`, `players`, ...
    assert not missing, f"add {sorted(missing)} to editors/vim/syntax/cardrules.vim"
    assert "cardrulesCall" in VIM.read_text(encoding="utf-8")  # any call, a builtin added later too
    detect = (EDITORS / "vim" / "ftdetect" / "cardrules.vim").read_text(encoding="utf-8")
    assert "*.rules set filetype=cardrules" in detect  # `set`: Vim's own detection takes *.rules for 'hog'
