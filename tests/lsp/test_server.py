"""The language server driven with LSP messages, as an editor drives it (tests/lsp/client.py): diagnostics as
`cardrules check` gives them, hover, go to definition, completion, formatting and the outline."""

from __future__ import annotations

import time
from pathlib import Path

import cardrules
from cardrules.authoring.fmt import format_text
from cardrules.lsp import server
from cardrules.lsp.completion import DECLARATION_KEYWORDS, STATEMENT_KEYWORDS

from .conftest import BASE, CHILD, where

REPO = Path(__file__).resolve().parents[2]
SETTLE_WAIT = 1.5  # seconds: longer than the settle time the test sets


def test_the_server_says_what_it_can_do(client):
    caps = client.capabilities
    assert caps["hoverProvider"] and caps["definitionProvider"] and caps["documentSymbolProvider"]
    assert caps["documentFormattingProvider"]
    assert caps["completionProvider"]["triggerCharacters"] == ["."]


# ---- diagnostics --------------------------------------------------------------------------------------------
def _expected(text: str, path: Path) -> list[tuple]:
    """What `cardrules check` says of a text: (code, severity, 0-based line, column, end line, end column)."""
    out = []
    for diag in cardrules.check_source(text, str(path)):
        span = diag.span
        out.append((diag.code, 1 if diag.severity == "error" else 2, span.line - 1, span.column - 1))
    return out


def _got(diagnostics: list[dict]) -> list[tuple]:
    return [(d["code"], d["severity"], d["range"]["start"]["line"], d["range"]["start"]["character"])
            for d in diagnostics]


def test_diagnostics_are_those_of_check_with_their_codes_and_ranges(client, game):
    base, _ = game
    text = BASE.replace("move card to pile", "move card to piles")
    text = text.replace("var drops = 0", "var drops = 0\nvar idle = 0")
    uri = client.open(base, text)
    diagnostics = client.diagnostics(uri)
    assert _got(diagnostics) == _expected(text, base)
    unknown = next(d for d in diagnostics if d["code"] == "E221")
    line, column = where(text, "piles")
    assert unknown["range"] == {"start": {"line": line, "character": column},
                                "end": {"line": line, "character": column + len("piles")}}
    assert unknown["message"].startswith("unknown zone 'piles'") and unknown["source"] == "cardrules"
    assert any(d["code"].startswith("W") and d["severity"] == 2 for d in diagnostics)  # the unused variable


def test_diagnostics_follow_the_text_as_it_is_typed(client, game):
    base, _ = game
    uri = client.open(base)
    assert client.diagnostics(uri) == []
    broken = BASE.replace("shuffle deck", "shuffle deck +")  # half typed: a syntax error
    client.change(uri, broken)
    diagnostics = client.diagnostics(uri)
    assert diagnostics and _got(diagnostics) == _expected(broken, base)
    assert diagnostics[0]["code"].startswith("E1")  # a syntax error's code
    client.change(uri, BASE, version=3)
    assert client.diagnostics(uri) == []
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert client.diagnostics(uri) == []


def test_a_problem_in_the_extended_game_is_shown_on_the_extends_line(client, game):
    base, child = game
    text = CHILD.replace("def playable(card) =", "def playable(card, extra) =")  # base calls it with one argument
    uri = client.open(child, text)
    diagnostics = client.diagnostics(uri)
    expected = cardrules.check_source(text, str(child))
    assert [d["code"] for d in diagnostics] == [d.code for d in expected]
    in_base = [(got, want) for got, want in zip(diagnostics, expected) if want.path == str(base)]
    assert in_base
    for got, want in in_base:
        assert got["range"]["start"] == {"line": 0, "character": 0}
        assert got["message"].startswith(f"{base}:{want.span.line}:{want.span.column}: ")
        (related,) = got["relatedInformation"]
        assert related["location"]["uri"] == base.resolve().as_uri() and related["message"] == want.message
        assert related["location"]["range"]["start"] == {"line": want.span.line - 1, "character": want.span.column - 1}


def test_ranges_count_in_the_editors_units(client, game):
    base, _ = game
    text = BASE.replace('show "To beat": top(pile)', 'show "🂡 To beat": top(piles)')
    uri = client.open(base, text)
    unknown = next(d for d in client.diagnostics(uri) if d["code"] == "E274")
    line, column = where(text, "piles")
    assert unknown["range"]["start"] == {"line": line, "character": column + 1}  # 🂡 is two UTF-16 units


# ---- hover ----------------------------------------------------------------------------------------------------
def _hover(client, uri: str, text: str, needle: str, nth: int = 0, offset: int = 0) -> str | None:
    result = client.at("textDocument/hover", uri, *where(text, needle, nth, offset))
    return result["contents"]["value"] if result else None


def test_hover_describes_builtins_from_their_records(client, game):
    base, _ = game
    uri = client.open(base)
    assert "count(xs)" in _hover(client, uri, BASE, "count(")
    assert "the number of elements of a list or zone" in _hover(client, uri, BASE, "count(")
    assert "the turn player" in _hover(client, uri, BASE, "hand(me)", offset=5)


def test_hover_on_a_keyword_is_its_entry_of_the_language_reference(client, game):
    base, _ = game
    uri = client.open(base)
    assert _hover(client, uri, BASE, "shuffle deck").startswith("**shuffle**")
    assert _hover(client, uri, BASE, "zone deck").startswith("**zone**")
    assert _hover(client, uri, BASE, "players 2").startswith("**players**")  # the declaration, not the builtin
    assert _hover(client, uri, BASE, "only if", offset=5).startswith("**choose**")
    assert _hover(client, uri, BASE, "end when", offset=4).startswith("**end when**")
    assert _hover(client, uri, BASE, "Climb: play") is None  # a comment


def test_hover_on_a_declared_name_shows_its_declaration_and_the_comments_above_it(client, game):
    base, _ = game
    uri = client.open(base)
    value = _hover(client, uri, BASE, "hand(me)")
    assert "zone hand: per_player, owner" in value and "*zone*" in value
    assert "Each player's cards, seen by their owner only." in value
    value = _hover(client, uri, BASE, "playable(card):")
    assert "def playable(card) = card > top(pile)" in value and "beats its top card" in value
    value = _hover(client, uri, BASE, "spades", 0)
    assert "value of the attribute `suit`" in value and "1 of 3" in value and "Suits, highest first." in value
    assert "*binder*" in _hover(client, uri, BASE, "card to pile")


def test_hover_on_a_name_of_the_extended_game_says_where_it_is(client, game):
    _, child = game
    uri = client.open(child)
    value = _hover(client, uri, CHILD, "top(pile)", offset=4)
    assert "zone pile: stack, public" in value and "`base.rules` (the game this file extends)" in value


# ---- go to definition -----------------------------------------------------------------------------------------
def _definition(client, uri: str, text: str, needle: str, nth: int = 0, offset: int = 0):
    return client.at("textDocument/definition", uri, *where(text, needle, nth, offset))


def _location(path: Path, text: str, needle: str, nth: int = 0, offset: int = 0, length: int | None = None) -> dict:
    line, column = where(text, needle, nth, offset)
    end = column + (length if length is not None else len(needle))
    return {"uri": path.resolve().as_uri(), "range": {"start": {"line": line, "character": column},
                                                      "end": {"line": line, "character": end}}}


def test_definition_of_declared_and_local_names(client, game):
    base, _ = game
    uri = client.open(base)
    assert _definition(client, uri, BASE, "pile)") == _location(base, BASE, "pile:", length=4)
    assert _definition(client, uri, BASE, "drop_out(me)") == _location(base, BASE, "drop_out")
    assert _definition(client, uri, BASE, "playable(card):") == _location(base, BASE, "playable")
    assert _definition(client, uri, BASE, "spades", 0) == _location(base, BASE, "spades")
    # the parameter, the binder: the name where it is bound, not another name of the same spelling
    assert _definition(client, uri, BASE, "card > top") == _location(base, BASE, "card)", 0, length=4)
    assert _definition(client, uri, BASE, "card to pile") == _location(base, BASE, "card in", length=4)
    assert _definition(client, uri, BASE, "eliminate p", offset=10) == _location(base, BASE, "p):", 0, length=1)
    assert _definition(client, uri, BASE, "count(") is None  # a builtin is written nowhere


def test_definition_goes_into_the_extended_file(client, game):
    base, child = game
    uri = client.open(child)
    assert _definition(client, uri, CHILD, "top(pile)", offset=4) == _location(base, BASE, "pile:", length=4)
    assert _definition(client, uri, CHILD, "== spades", offset=3) == _location(base, BASE, "spades")
    assert _definition(client, uri, CHILD, "playable") == _location(child, CHILD, "playable")  # replaced here
    start = {"line": 0, "character": 0}
    assert _definition(client, uri, CHILD, "base.rules") == {"uri": base.resolve().as_uri(),
                                                              "range": {"start": start, "end": start}}


def test_definition_into_a_bundled_game(client, tmp_path):
    variant = REPO / "games" / "variants" / "red7-violet-below-five.rules"
    text = variant.read_text(encoding="utf-8")
    uri = client.open(variant)
    red7 = REPO / "games" / "red7.rules"
    found = _definition(client, uri, text, "number <")
    assert found == _location(red7, red7.read_text(encoding="utf-8"), "number", 0)


# ---- completion ---------------------------------------------------------------------------------------------------
def _labels(client, uri: str, line: int, character: int) -> dict[str, int]:
    items = client.at("textDocument/completion", uri, line, character)["items"]
    return {item["label"]: item["kind"] for item in items}


def _typed(client, path: Path, before: str, typed: str) -> tuple[str, tuple[int, int]]:
    """The file with `typed` written right after `before`; the cursor at its end."""
    text = BASE.replace(before, before + typed, 1)
    uri = client.open(path, text)
    client.diagnostics(uri)
    line, column = where(text, before + typed, offset=len(before + typed))
    return uri, (line, column)


def test_completion_at_the_start_of_a_line_offers_keywords(client, game):
    base, _ = game
    uri, at = _typed(client, base, "show \"To beat\": top(pile)\n", "zo")
    labels = _labels(client, uri, *at)
    assert set(DECLARATION_KEYWORDS) <= set(labels) and "move" not in labels
    uri, at = _typed(client, base, "  shuffle deck\n", "  de")
    labels = _labels(client, uri, *at)
    assert set(STATEMENT_KEYWORDS) <= set(labels) and "zone" not in labels
    assert {"deck", "count", "drops"} <= set(labels)


def test_completion_of_attributes_and_their_values(client, game):
    base, _ = game
    uri, at = _typed(client, base, "def playable(card) = card > top(pile)", " and card.")
    assert set(_labels(client, uri, *at)) == {"suit", "number"}
    uri, at = _typed(client, base, "def playable(card) = card > top(pile)", " and card.suit == h")
    assert set(_labels(client, uri, *at)) == {"spades", "hearts", "clubs"}
    uri, at = _typed(client, base, "def playable(card) = card > top(pile)", " and card.number == d")
    assert {"drops", "count"} <= set(_labels(client, uri, *at))  # a range's values are numbers: the usual names


def test_completion_of_zone_properties(client, game):
    base, _ = game
    uri, at = _typed(client, base, "zone pile: stack, ", "")
    labels = _labels(client, uri, *at)
    assert {"stack", "hidden", "public", "owner", "per_player", "per"} <= set(labels) and "deck" not in labels


def test_completion_of_names(client, game):
    base, _ = game
    uri, at = _typed(client, base, "      do ", "")
    assert set(_labels(client, uri, *at)) == {"drop_out"}
    uri, at = _typed(client, base, "def playable(card) = card > top(pile)", " and count(h")
    labels = _labels(client, uri, *at)
    assert {"hand", "pile", "deck"} <= set(labels) and labels["hand"] == 9  # zones (kind Module)
    assert {"playable", "drops", "spades", "suit", "count", "highest", "me", "players", "card"} <= set(labels)
    assert labels["count"] == 3 and labels["card"] == 6  # a builtin function; the parameter, a variable
    assert "drop_out" not in labels and "zone" not in labels


def test_no_completion_in_a_comment(client, game):
    base, _ = game
    uri = client.open(base)
    assert _labels(client, uri, *where(BASE, "Climb: play", offset=5)) == {}


# ---- formatting and the outline -------------------------------------------------------------------------------
def test_formatting_gives_fmts_layout(client, game):
    base, _ = game
    messy = BASE.replace("zone pile: stack, public", "zone   pile :stack,public").replace("win active", "win   active")
    uri = client.open(base, messy)
    options = {"tabSize": 2, "insertSpaces": True}
    edits = client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": options})
    assert len(edits) == 1 and edits[0]["newText"] == format_text(messy) == BASE
    assert edits[0]["range"]["start"] == {"line": 0, "character": 0}
    assert edits[0]["range"]["end"] == {"line": BASE.count("\n"), "character": 0}
    client.change(uri, BASE)
    assert client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": options}) == []
    client.change(uri, BASE + "turn turn\n", version=3)  # does not parse: nothing to do
    assert client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": options}) == []


def test_the_outline_lists_the_files_own_declarations(client, game):
    base, child = game
    uri = client.open(base)
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    names = [s["name"] for s in symbols]
    assert names == ['game "Climb"', "suit", "number", "deck", "pile", "hand", "drops", "playable", "drop_out",
                     "setup", "turn", "end when", 'show "To beat"']
    suit = symbols[1]
    assert [c["name"] for c in suit["children"]] == ["spades", "hearts", "clubs"]
    assert suit["kind"] == 10 and symbols[3]["kind"] == 18 and symbols[7]["kind"] == 12  # enum, array, function
    assert suit["selectionRange"] == _location(base, BASE, "suit", 0)["range"]
    uri = client.open(child)
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert [s["name"] for s in symbols] == ['game "Climb: spades high"', "playable"]


# ---- typing -----------------------------------------------------------------------------------------------------
def test_a_burst_of_changes_is_checked_once_and_requests_see_the_latest_text(client, game, monkeypatch):
    monkeypatch.setattr(server, "SETTLE", 1.0)  # longer than the test takes to type: no timer fires in between
    base, _ = game
    uri = client.open(base)
    assert client.diagnostics(uri) == []
    for version, cut in enumerate(range(5, 0, -1), start=2):  # five keystrokes, faster than the settle time
        client.change(uri, BASE + "def extra = drops + 1"[:-cut], version)
    client.change(uri, BASE + "def extra = drops + 1\n", 7)
    hovered = _hover(client, uri, BASE + "def extra = drops + 1\n", "extra")  # asked before the settle time
    assert "def extra = drops + 1" in hovered and "*definition*" in hovered
    # the last text's, once: `extra` is not used (a check of a cut text, `def extra = drops +`, has an error)
    assert [d["code"] for d in client.diagnostics(uri)] == ["W202"]
    time.sleep(SETTLE_WAIT)
    assert client.notifications.empty()  # the pending check was dropped: the hover's check was of the same text
