"""Compiled games in the disk cache (cardrules/game_store.py, CheckedRules.compile_cached): a command that plays a
game it compiled before reads it back instead of compiling, and plays exactly the same games with it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import cardrules
from cardrules import checked, cli, game_store
from cardrules.compiler import codegen

from ..engine.test_blame import RULES as FAILING
from ..process_groups import checkout_env
from .conftest import entries


@pytest.fixture(autouse=True)
def plain_compiles(monkeypatch):
    """No compile switch set from outside: a test sets the one it needs (the cache directory is `where`)."""
    monkeypatch.delenv(codegen.CHECK_MEMO, raising=False)


@pytest.fixture
def no_compiling(monkeypatch):
    """From now on, compiling fails the test: the game must come from the cache."""
    def refuse(*args, **kwargs):
        raise AssertionError("compiled again: the cached game was not used")
    return lambda: monkeypatch.setattr(checked, "compile_game", refuse)


def simulate(*args: str) -> str:
    result = CliRunner().invoke(cli.app, ["simulate", *args, "--games", "4", "--seed", "7", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    out.pop("timing", None)
    return json.dumps(out, sort_keys=True)


def option_sets(name: str) -> list[dict[str, bool]]:
    """The default options, and every yes/no option switched on."""
    docs = cardrules.prepare(name).option_docs
    switches = {o: True for o, doc in docs.items() if isinstance(doc.default, bool)}
    return [{}] + ([switches] if switches else [])


GAMES = sorted({**cardrules.resources.bundled_games(), **cardrules.resources.bundled_variants()})


@pytest.mark.parametrize("name", GAMES)
def test_every_bundled_game_comes_back_from_the_cache_and_plays_the_same_games(where, no_compiling, name):
    rules, fresh = cardrules.prepare(name), {}
    for options in option_sets(name):
        flags = [arg for option in options for arg in ("-o", f"{option}=true")]
        for players in sorted({rules.min_players, rules.max_players}):
            if not rules.option_refusals(options, players):
                fresh[tuple(flags), players] = simulate(name, "-p", str(players), *flags)
    assert len(entries(where, "game")) == len({flags for flags, _ in fresh})  # one per option set, any count
    no_compiling()
    for (flags, players), out in fresh.items():
        assert simulate(name, "-p", str(players), *flags) == out


def test_a_failing_step_is_blamed_alike_on_a_cached_game(where, tmp_path, monkeypatch):
    """The game read back does not hold the compiler: the first failing step compiles the rules again, once,
    and that compile's blamer names the same part as the game compiled in this process did."""
    path = tmp_path / "blame.rules"
    path.write_text(FAILING.replace("STMT", "set total = total * 2 + ([none, 1][0] + 1)"), encoding="utf-8")
    compiles = []

    def counted(*args, **kwargs):
        compiles.append(args)
        return compile_game(*args, **kwargs)
    compile_game = checked.compile_game
    monkeypatch.setattr(checked, "compile_game", counted)

    def failure(game: cardrules.Game) -> cardrules.Diagnostic:
        with pytest.raises(cardrules.RulesRuntimeError) as info:
            game.new_initial_state(2, seed=1)
        return info.value.diagnostics[0]
    made = failure(cardrules.prepare(path).compile_cached({}))
    assert len(compiles) == 1
    game = cardrules.prepare(path).compile_cached({})
    assert len(compiles) == 1  # read back, not compiled
    again = failure(game)
    assert made.code == again.code == "R300" and "[none, 1][0] is none" in made.message
    assert (again.message, again.span) == (made.message, made.span)
    assert len(compiles) == 2
    failure(game)
    assert len(compiles) == 2  # the blamer compiled once serves every later failure


def test_a_game_read_back_holds_no_syntax_tree(where):
    """What play needs only: the compiler and the rules' nodes stay out of the entry (they explain failures)."""
    cardrules.prepare("red7").compile_cached({})
    data = entries(where, "game")[0].read_bytes()
    assert b"cardrules.language.nodes" not in data and b"Blamer" not in data


def test_a_switch_that_changes_the_code_is_in_the_key(where, monkeypatch):
    cardrules.prepare("red7").compile_cached({})
    monkeypatch.setenv(codegen.CHECK_MEMO, "1")
    cardrules.prepare("red7").compile_cached({})
    assert len(entries(where, "game")) == 2


def test_the_library_compiles_afresh(where, monkeypatch):
    cardrules.load("red7")
    cardrules.load("red7")
    assert entries(where, "game") == []  # only the commands read compiled games back (tests patch the compiler)


def test_an_entry_that_cannot_be_read_is_compiled_again(where, monkeypatch):
    made = cardrules.prepare("red7").compile_cached({})
    monkeypatch.setattr(game_store, "loads", lambda data, blame: 1 / 0)
    again = cardrules.prepare("red7").compile_cached({})
    assert again is not made and again.title == made.title and len(entries(where, "game")) == 1


def test_what_cannot_be_carried_is_not_cached():
    def local():  # a closure of a module that is not cardrules': nothing says where its globals come from
        return 1
    assert game_store.dumps({"step": local}) is None
    space: dict = {}
    exec("def f(s):\n    return 1\n", space)  # noqa: S102 - a generated function, as the compiler makes one
    stray = space.pop("f")  # no longer its namespace's own: it could not be found again by name
    assert game_store.dumps([stray]) is None
    space["f"] = stray
    assert game_store.loads(game_store.dumps([stray]))[0](None) == 1


def test_functions_and_values_keep_their_identity():
    space: dict = {"K": object()}
    exec("def f(s):\n    return K\ndef g(s):\n    return f(s)\n", space)  # noqa: S102 - as the compiler does
    shared = space["K"]
    f, k, g, k_again = game_store.loads(game_store.dumps([space["f"], shared, space["g"], shared]))
    assert k is k_again and f(None) is k and g(None) is k
    assert f.__globals__ is g.__globals__


def test_a_namespace_reached_before_its_functions_is_their_globals():
    space: dict = {"K": 3}
    exec("def f(s):\n    return K\n", space)  # noqa: S102 - as the compiler does
    loaded, f = game_store.loads(game_store.dumps([space, space["f"]]))  # as the blame's compiler holds its own
    assert f.__globals__ is loaded and f(None) == 3


def test_a_command_reads_back_the_game_it_asked_for_before_without_the_checked_rules(where, monkeypatch):
    """`played_before`: the same file and options as given (typed alike) give the game compiled before, without
    preparing the rules; other options, or none asked before, give None (the caller then goes the usual way)."""
    assert cardrules.played_before("red7", {"expert": "true"}) is None  # nothing asked yet
    made = cardrules.prepare("red7").compile_cached({"expert": "true"})
    monkeypatch.setattr(cardrules, "prepare", lambda *args: pytest.fail("prepared the rules"))
    monkeypatch.setattr(checked, "compile_game", lambda *args: pytest.fail("compiled"))
    again = cardrules.played_before("red7", {"expert": "true"})
    assert again is not None and again is not made and again.options == made.options == {"advanced": False,
                                                                                         "expert": True}
    assert again.rules_digest == made.rules_digest
    assert cardrules.played_before("red7", {"expert": True}) is None  # typed otherwise: asked for the first time
    assert cardrules.played_before("red7", {}) is None
    assert cardrules.played_before("no such game", {}) is None


def test_a_request_is_not_read_back_once_a_file_it_extends_changed(where, tmp_path):
    base, variant = tmp_path / "base.rules", tmp_path / "variant.rules"
    base.write_text(FAILING.replace("STMT", "set total = total + 1"), encoding="utf-8")
    variant.write_text('extends "base.rules"\n\ngame "Variant"\n', encoding="utf-8")
    made = cardrules.prepare(variant).compile_cached({})
    assert cardrules.played_before(variant, {}).title == made.title == "Variant"
    base.write_text(FAILING.replace("STMT", "set total = total + 2"), encoding="utf-8")
    assert cardrules.played_before(variant, {}) is None
    base.unlink()
    assert cardrules.played_before(variant, {}) is None


def test_a_failing_step_of_a_game_read_back_by_request_is_blamed_alike(where, tmp_path):
    """The game came back without its checked rules: the blamer prepares them (from the cache) and compiles."""
    path = tmp_path / "blame.rules"
    path.write_text(FAILING.replace("STMT", "set total = total * 2 + ([none, 1][0] + 1)"), encoding="utf-8")

    def failure(game: cardrules.Game) -> cardrules.Diagnostic:
        with pytest.raises(cardrules.RulesRuntimeError) as info:
            game.new_initial_state(2, seed=1)
        return info.value.diagnostics[0]
    made = failure(cardrules.load(path))
    cardrules.prepare(path).compile_cached({})
    again = failure(cardrules.played_before(path, {}))
    assert made.code == again.code == "R300" and "[none, 1][0] is none" in again.message
    assert (again.message, again.span) == (made.message, made.span)


def test_every_bundled_game_read_back_plays_without_the_compiler_or_the_language(tmp_path):
    """A game read back holds only what play needs: in a fresh process that imports the engine and the store
    alone, every bundled game (every yes/no option on, where it has some) plays a random game, importing no
    module of the compiler but those a game holds objects of (compiler/runtime.py, scope.py) and none of the
    language."""
    for name in GAMES:
        (tmp_path / f"{name}.game").write_bytes(game_store.dumps(cardrules.load(name, option_sets(name)[-1])))
    script = """
import random, sys
from pathlib import Path
from cardrules import game_store
before = set(sys.modules)
for path in sorted(Path(sys.argv[1]).glob("*.game")):
    game = game_store.loads(path.read_bytes())
    for players in range(game.min_players, game.max_players + 1):
        try:
            state, pick = game.new_initial_state(players, seed=3), random.Random(3)
        except ValueError:  # an option switched on that this player count refuses
            continue
        while not state.is_terminal():
            state.apply_action(pick.choice(state.legal_actions()))
        print(path.stem, players, state.returns())
        break
print(sorted(m for m in set(sys.modules) - before if m.startswith(("cardrules.compiler", "cardrules.language"))))
"""
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                            timeout=300, env=checkout_env())
    assert result.returncode == 0, result.stderr[-3000:]
    *played, imported = result.stdout.splitlines()
    assert sorted(line.split()[0] for line in played) == GAMES
    assert imported == "['cardrules.compiler.runtime', 'cardrules.compiler.scope']"
