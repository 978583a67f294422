"""A part of a definition's body that loops and reads none of its parameters, in the playout
(playout_exprs.Exprs.shared_part): asked by every call of the definition, as `may_follow(c)` asks whether the hand
holds the suit led for each card c, it is worked out once while the game stands, as the engine's code does
(codegen.Emitter.shared_part), and the games stay the engine's."""

from __future__ import annotations

from random import Random

import pytest

import cardrules
from cardrules.compiler import playout_exprs
from cardrules.compiler.listing import game_source
from cardrules.engine import playouts
from cardrules.simulation import Plan, play_game
from cardrules.simulation.runner import _played_out
from cardrules.simulation.seeds import agent_seed, deal_seed

from .pile_game import pile_game
from .tally import CALLS

RULES = pile_game("Parts", "2..3", copies=2).replace("DEFS", (
    "def may(c) = c.rank > 2 if any([tally(x.rank) == 1 for x in hand(me)]) else c.color == top(pile).color\n")
).replace("OPTION", "play(c in hand(me)) only if may(c):\n      move c to pile")
pytestmark = pytest.mark.usefixtures("tally")


def test_the_part_is_a_function_kept_by_the_definitions_version():
    source = cardrules.load_source(RULES, "parts.rules").playout.source
    assert "def d_part1_body():" in source and "def d_part1():" in source
    may = source[source.index("def d_may_body"):source.index("kv_may =")]
    assert "d_part1()" in may and "tally" not in may  # the definition calls the part; the part holds the loop
    kept = source[source.index("def d_part1():"):]
    version = source[source.index("def d_may(p"):].split("key = kv_may, ")[1].split("\n")[0]
    assert f"key = kv_part1, {version}" in kept  # kept by what the definition's own value is kept by


def test_the_part_is_worked_out_once_a_listing_not_once_a_card(monkeypatch):
    game = cardrules.load_source(RULES, "parts.rules")
    asked = []
    for shared in (True, False):
        if not shared:
            monkeypatch.setattr(playout_exprs.Exprs, "shareable", lambda self, e, env: False)
            game = cardrules.load_source(RULES + "# not shared\n", "parts.rules")
            assert "d_part1" not in game.playout.source
        CALLS.clear()
        for seed in range(20):
            bits = [Random(agent_seed(1, seed, seat)).getrandbits for seat in range(2)]
            playouts.play(game, 2, deal_seed(1, seed), bits, 1000)
        asked.append(len(CALLS))
    assert 0 < asked[0] < asked[1] / 2  # three cards in hand: the part once a listing, not once a card


@pytest.mark.parametrize("players", [2, 3])
def test_the_playout_plays_the_engines_games(players):
    game = cardrules.load_source(RULES, "parts.rules")
    plan = Plan.make("parts.rules", {}, players, ["random"] * players, 3, 30)
    for index in range(30):
        by_playout = _played_out(game, plan, index, deal_seed(plan.seed, index))
        assert by_playout is not None and by_playout == play_game(game, plan, index, playout=False), index


def test_a_part_is_named_apart_from_the_rules_own_definitions():
    taken = RULES.replace("tally(x.rank)", "x.rank").replace("def may(c)",
                                                             "def part1_body = 3\ndef part2 = 4\ndef may(c)")
    source = cardrules.load_source(taken, "parts.rules").playout.source
    heads = [line.strip() for line in source.splitlines() if line.strip().startswith("def d_part")]
    assert heads == ["def d_part3_body():", "def d_part3():"]  # d_part1_body and d_part2 are the rules' own


def test_the_compiled_source_says_whose_part_each_function_is():
    """`cardrules compile` shows a part's function with a comment naming its definition and line, in both back
    ends (the engine's `uN`, the playout's `d_partN`), and what the playout's keeps it by."""
    line = 1 + RULES.splitlines().index(next(x for x in RULES.splitlines() if x.startswith("def may(c)")))
    game = cardrules.load_source(RULES, "parts.rules")
    comment = next(x for x in game.playout.source.splitlines() if x.strip().startswith("# d_part1:"))
    assert f"a part of may (line {line}) that reads none of its parameters" in comment
    assert comment.endswith("worked out again when the zones or the player to move change")
    rules = cardrules.prepare_source(RULES, "parts.rules")
    listing = game_source(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    heads = [x for x in listing.splitlines() if x.startswith("# u") and ": a part of" in x]
    assert heads and all(f"a part of may (line {line}) that" in x for x in heads)
    assert all(listing.splitlines()[i + 1].startswith("def u") for i, x in enumerate(listing.splitlines())
               if x in heads)
