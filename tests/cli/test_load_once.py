"""A command parses, resolves and checks its game once whatever the options, and compiles it once per
option set it plays (cardrules.prepare)."""

from __future__ import annotations

from collections import Counter

import pytest

import cardrules
from cardrules import checked


@pytest.fixture
def counted(monkeypatch) -> Counter:
    """How often the façade parses a file, checks rules and compiles a game (without the disk cache, which
    would spare the parse and the check of a file loaded before: tests/package/test_cache.py)."""
    monkeypatch.setenv("CARDRULES_NO_CACHE", "1")
    counts: Counter = Counter()

    def counting(name, real):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return wrapper

    # the façade parses and checks; CheckedRules.compile (cardrules/checked.py) compiles
    for module, name in ((cardrules, "parse"), (cardrules, "check"), (checked, "compile_game")):
        monkeypatch.setattr(module, name, counting(name, getattr(module, name)))
    return counts


BOTS = ["--seat", "0=random", "--seat", "1=random", "--seed", "3"]


@pytest.mark.parametrize("args, compiles", [
    (["play", "red7", "-o", "advanced", *BOTS], 1),
    (["play", "red7", *BOTS], 1),
    (["legal", "red7", "-o", "advanced", "--position", "docs/examples/red7-t1.json"], 1),
    (["explain", "red7", "-o", "expert"], 1),
    (["simulate", "red7", "-o", "advanced", "--games", "2"], 1),
    (["compare", "red7", "red7", "-o:b", "advanced", "--games", "2"], 2),
    (["validate", "red7", "--playouts", "1"], 4),  # advanced and expert, each on and off
    (["validate", "red7", "-o", "advanced", "-p", "3", "--playouts", "1"], 2),
])
def test_a_command_parses_and_checks_once(invoke, counted, args, compiles, monkeypatch):
    monkeypatch.chdir(cardrules.find_game("red7").parent.parent)
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert counted == {"parse": 1, "check": 1, "compile_game": compiles}


def test_a_variant_parses_itself_and_the_game_it_extends_once(invoke, counted):
    assert invoke("play", "red7-short-match", "-o", "advanced", *BOTS).exit_code == 0
    assert counted == {"parse": 2, "check": 1, "compile_game": 1}


def test_an_unknown_option_is_reported_without_compiling(invoke, counted):
    result = invoke("play", "red7", "-o", "expertt", *BOTS)
    assert result.exit_code == 2
    assert "Red7 has no option 'expertt'" in result.output
    assert "Its options are advanced (yes/no) and expert (yes/no)" in result.output
    assert counted == {"parse": 1, "check": 1}


def test_prepare_keeps_what_load_needs():
    rules = cardrules.prepare("red7")
    assert rules.name == "red7" and rules.title == "Red7" and (rules.min_players, rules.max_players) == (2, 4)
    assert rules.option_docs == cardrules.load("red7").option_docs and rules.errors == []
    assert rules.option_values({"advanced": "yes"}) == {"advanced": True, "expert": False}
    game = rules.compile({"advanced": True})
    assert game.options == cardrules.load("red7", {"advanced": True}).options and game.name == "red7"
    broken = cardrules.prepare_source(open(rules.path).read().replace("zone deck", "zone dekc"), "broken.rules")
    assert broken.errors
    with pytest.raises(cardrules.RulesError):
        broken.compile()
