"""Robustness: broken rules files get diagnostics, never a traceback.

Hypothesis mutates the bundled rules files — deleting, duplicating, swapping and replacing tokens
and lines, and changing indentation — and checks that

- `check_source` and `load_source` raise nothing but `RulesError` (a `RulesRuntimeError` included),
  and every diagnostic points at a real place: line >= 1, column >= 1, and a line that exists in
  the file it names;
- a mutated file that loads can be set up and played a few random moves with nothing but
  `RulesError` going wrong;
- a mutated file that parses is formatted by `cardrules fmt` to the same rules, idempotently, and one
  that checks is explained (`explain --json`) the same before and after.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.authoring.explain import explain_text
from cardrules.authoring.fmt import format_text
from cardrules.language.syntax import parse
from cardrules.resources import bundled_games, bundled_variants

FILES = sorted({**bundled_games(), **bundled_variants()}.values())
TEXTS = {path: path.read_text(encoding="utf-8") for path in FILES}
TOKEN = re.compile(r'"[^"\n]*"|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|//|->|\.\.|==|!=|<=|>=|\S')
VOCABULARY = ["def", "var", "zone", "option", "turn:", "choose:", "only if", "afterwards", "when", "where",
              "in", "for", "repeat:", "stop", "win", "move", "to", "deal", "from", "set", "=", "==", ":", ",",
              "(", ")", "[", "]", ".", "..", "-", "+", "*", "//", "%", "<", ">", "not", "and", "or", "if", "else",
              "it", "me", "none", "true", "false", "0", "-1", "99999999999999999999", '"x"', "[]", "()",
              "count", "top", "highest", "by:", "label", "per_player", "owner", "hidden", "new round",
              "round setup:", "on move", "end when", "next player:", "first player:", "show", "\\", "#", "\t"]
# benchmarks/fuzz.py sets CARDRULES_FUZZ_EXAMPLES for long runs, with fresh random examples each time
_LONG = int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "0"))
SETTINGS = settings(max_examples=_LONG or 40, deadline=None, derandomize=not _LONG,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def mutate(text: str, steps: list[tuple[str, int, int, int]]) -> str:
    """Apply mutation steps (kind, a, b, c), the numbers taken modulo what is there."""
    for kind, a, b, c in steps:
        if kind.startswith("line"):
            lines = text.split("\n")
            i, j = a % len(lines), b % len(lines)
            if kind == "line-delete":
                del lines[i]
            elif kind == "line-duplicate":
                lines.insert(i, lines[i])
            elif kind == "line-swap":
                lines[i], lines[j] = lines[j], lines[i]
            elif kind == "line-replace":
                lines[i] = lines[j]
            elif kind == "line-indent":
                lines[i] = " " * (c % 7) + lines[i].lstrip(" ")
            text = "\n".join(lines)
        else:
            tokens = list(TOKEN.finditer(text))
            if not tokens:
                continue
            t, u = tokens[a % len(tokens)], tokens[b % len(tokens)]
            if kind == "token-delete":
                text = text[:t.start()] + text[t.end():]
            elif kind == "token-duplicate":
                text = text[:t.end()] + " " + t.group() + text[t.end():]
            elif kind == "token-swap" and t.start() < u.start() and t.end() <= u.start():
                text = text[:t.start()] + u.group() + text[t.end():u.start()] + t.group() + text[u.end():]
            elif kind == "token-replace":
                text = text[:t.start()] + VOCABULARY[c % len(VOCABULARY)] + text[t.end():]
            elif kind == "token-copy":
                text = text[:t.start()] + u.group() + text[t.end():]
    return text


KINDS = ["line-delete", "line-duplicate", "line-swap", "line-replace", "line-indent", "token-delete",
         "token-duplicate", "token-swap", "token-replace", "token-copy"]
STEP = st.tuples(st.sampled_from(KINDS), st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 1_000))
MUTANTS = st.tuples(st.sampled_from(FILES), st.lists(STEP, min_size=1, max_size=3))


def _lines_of(path: str, own_path: str, own_text: str) -> int | None:
    if path == own_path:
        return len(own_text.splitlines()) or 1
    file = Path(path)
    return len(file.read_text(encoding="utf-8").splitlines()) if file.is_file() else None


def _assert_located(diagnostics, path: str, text: str) -> None:
    for d in diagnostics:
        where = f"{d.path}:{d.span.line}:{d.span.column} {d.code} {d.message}"
        assert d.span.line >= 1 and d.span.column >= 1, where
        count = _lines_of(d.path, path, text)
        assert count is not None, f"the diagnostic names no readable file: {where}"
        assert d.span.line <= max(count, 1) + 1, f"line beyond the end of the file: {where}"


@SETTINGS
@given(MUTANTS)
def test_mutated_files_get_located_diagnostics(playout, mutant):
    source, steps = mutant
    text = mutate(TEXTS[source], steps)
    path = str(source)  # the same place, so `extends` and relative paths still resolve
    diagnostics = cardrules.check_source(text, path)
    _assert_located(diagnostics, path, text)
    try:
        game = cardrules.load_source(text, path)
    except cardrules.RulesError as exc:
        _assert_located(exc.diagnostics, path, text)
        assert any(d.severity == "error" for d in diagnostics) or exc.diagnostics, "load failed without a reason"
        return
    assert not [d for d in diagnostics if d.severity == "error"], "load accepted a file that check rejects"
    try:
        playout(game.new_initial_state(game.min_players, seed=1), len(text), limit=30)
    except cardrules.RulesError as exc:  # RulesRuntimeError: with the line of the rules file
        _assert_located(exc.diagnostics, path, text)


@SETTINGS
@given(MUTANTS)
def test_formatting_a_mutated_file_keeps_its_meaning(mutant):
    source, steps = mutant
    text = mutate(TEXTS[source], steps)
    try:
        original = parse(text, "m.rules")
    except cardrules.RulesError:
        return
    formatted = format_text(text, "m.rules")
    assert parse(formatted, "m.rules") == original
    assert format_text(formatted, "m.rules") == formatted
    path = str(source)  # where `extends` resolves
    try:
        explained = _meaning(explain_text(text, path).to_json())
    except cardrules.RulesError:  # parses but does not check: nothing to explain
        return
    assert _meaning(explain_text(formatted, path).to_json()) == explained  # what `explain --json` prints


def _meaning(explained: dict) -> str:
    """`explain --json` without its line references ("the end condition on line 87"): fmt may move a line
    (putting back the blank line before a block), which changes where, not what."""
    return re.sub(r"\bline \d+", "line #", json.dumps(explained))


# ---------------------------------------------------------------------------------------------
# Crashes found while writing these tests, fixed in the core; kept as plain regression tests.

RED7 = TEXTS[next(p for p in FILES if p.name == "red7.rules")]


def test_a_huge_deck_is_an_error_not_a_hang():
    # `1..7` mistyped: building 10**20 cards would never finish
    for mistake, code in (("attribute number: 1..99999999999999999999", "E106"),  # more digits than a file may hold
                          ("attribute number: 1..9999999", "E214")):
        text = RED7.replace("attribute number: 1..7", mistake)
        assert [d.code for d in cardrules.check_source(text, "x.rules")] == [code]
    text = RED7.replace("cards: number * color -> deck", "cards: number * color copies 99999999999 -> deck")
    diagnostics = cardrules.check_source(text, "x.rules")
    assert [d.code for d in diagnostics] == ["E214"] and "at most 10000" in diagnostics[0].message


def test_deep_nesting_is_an_error_not_a_recursion_error():
    for expr in ("not " * 1000 + "true", " + ".join(["1"] * 3000), "-" * 500 + "1", "[" * 3000 + "]" * 3000):
        text = RED7 + "def deep = " + expr + "\nshow \"Deep\": deep\n"
        diagnostics = cardrules.check_source(text, "x.rules")
        assert [d.code for d in diagnostics] == ["E105"]
        _assert_located(diagnostics, "x.rules", text)


def test_nesting_below_the_limit_runs():
    for expr, shown in (("not " * 90 + "true", "true"), (" + ".join(["1"] * 90), "90")):
        game = cardrules.load_source(RED7 + "def deep = " + expr + "\nshow \"Deep\": deep\n", "x.rules")
        assert ("Deep", shown) in game.new_initial_state(2, 1).shows()


EIGHTS = TEXTS[next(p for p in FILES if p.name == "crazy-eights.rules")]


def _run(playout, text: str) -> None:
    game = cardrules.load_source(text, "x.rules")
    playout(game.new_initial_state(3, seed=1), 1, limit=100)


def test_a_binder_list_that_cannot_be_computed_is_a_rules_error(playout):
    text = EIGHTS.replace("play(card in hand(me))", "play(card in [hand(me)][5])")
    try:
        _run(playout, text)
    except cardrules.RulesRuntimeError as exc:
        diagnostic = exc.diagnostics[0]
        assert diagnostic.code == "R308" and "could not be listed" in diagnostic.message
        assert text.splitlines()[diagnostic.span.line - 1].strip().startswith("choose ")
    else:
        raise AssertionError("the broken binder was not reported")


def test_the_first_player_must_be_a_seat(playout):
    # A card where a seat is expected is refused by check (E401); hidden in a list of mixed kinds, at run time.
    text = EIGHTS.replace("first player: (hand_number - 1) % num_players", "first player: top(stock)")
    assert [d.code for d in cardrules.check_source(text, "x.rules") if d.severity == "error"] == ["E401"]
    for value in ("99", "-1", "none", "[top(stock), 0][0]"):
        text = EIGHTS.replace("first player: (hand_number - 1) % num_players", f"first player: {value}")
        try:
            _run(playout, text)
        except cardrules.RulesRuntimeError as exc:
            diagnostic = exc.diagnostics[0]
            assert "must be a seat from 0 to 2" in diagnostic.message, value
            assert "first player:" in text.splitlines()[diagnostic.span.line - 1]
        else:
            raise AssertionError(f"first player: {value} was accepted")
