"""A pure definition's cache read with a key built for the kinds its arguments are known to have at the call site
(compiler/pure_keys.py): the same entries as the general wrapper's, the same values, and the general wrapper where
a kind is not known. The bundled games list the same moves at every step without it."""

from __future__ import annotations

import re

import pytest

import cardrules
from cardrules.compiler import codegen, compile_game
from cardrules.compiler.listing import game_source
from cardrules.resources import bundled_games

from .pile_game import PLAY, pile_game
from .tally import CALLS
from .test_shared_across_loops import same_games

RULES = pile_game("Keys", "2..3").replace("OPTION", PLAY)
# `sized` reads nothing of the state: cached for the game by its arguments' values (a loop: not written in).
DEFS = ("def sized(cards, k) = tally(count([c for c in cards where c.rank > k]))\n"
        "def rule = top(pile).rank\n"
        "def by_zone(p) = sized(hand(p), 0)\n"  # a list and a number: the keyed wrapper
        "def by_rule(p) = sized(hand(p), rule)\n"  # rule's body is an attribute: a value
        "def by_name(cards) = sized(cards, 0)\n")  # a parameter: its kind is unknown, the general wrapper
pytestmark = pytest.mark.usefixtures("tally")  # tally.py: counts the calls in CALLS


def text(guard: str = "true") -> str:
    return RULES.replace("DEFS", DEFS).replace("GUARD", guard)


def listing() -> str:
    rules = cardrules.prepare_source(text(), "k.rules")
    return game_source(rules.rules, rules.symbols, {}, rules.sources, "keys")


def body(source: str, name: str) -> str:
    return re.search(rf"^# {name}: [^\n]*\n(def d[0-9]+_body\(.*?)(?=^def )", source, re.S | re.M)[1]


def test_the_call_site_picks_the_wrapper_for_its_arguments_kinds():
    source = listing()
    assert re.search(r"d[0-9]+_lv\(s, s\.zones\[", body(source, "by_zone"))
    assert re.search(r"d[0-9]+_lv\(s, s\.zones\[", body(source, "by_rule"))
    assert re.search(r"d[0-9]+\(s, p[0-9]+, 0\)", body(source, "by_name"))
    assert re.search(r"^def d[0-9]+_lv\(s, a0, a1\):\n    key = \(tuple\(a0\), a1, \)$", source, re.M)


def test_the_keyed_and_the_general_wrapper_share_their_entries():
    game = cardrules.load_source(text(), "k.rules")
    state = game.new_initial_state(2, 0)
    hand = state.zone_cards("hand", 1)
    CALLS.clear()
    assert game.call(state, "by_zone", 1) == len(hand)
    assert CALLS == [len(hand)]
    assert game.call(state, "by_name", list(hand)) == len(hand)  # the same key: no new computation
    assert game.call(state, "by_zone", 1) == len(hand)
    assert CALLS == [len(hand)]
    assert game.call(state, "by_name", list(hand[:2])) == 2 and CALLS == [len(hand), 2]  # another key


def test_a_tuple_argument_is_not_mistaken_for_a_list():
    # The general wrapper tags a tuple; the keyed one is only used where the argument is a list: no collision.
    game = cardrules.load_source(text(), "k.rules")
    state = game.new_initial_state(2, 0)
    hand = state.zone_cards("hand", 0)
    CALLS.clear()
    game.call(state, "by_name", tuple(hand))
    game.call(state, "by_zone", 0)
    assert CALLS == [len(hand), len(hand)]


@pytest.mark.parametrize("name", [*bundled_games(), "keys"])
def test_the_same_moves_with_and_without_keyed_wrappers(name, monkeypatch):
    if name == "keys":
        rules = cardrules.prepare_source(text("by_zone(me) > by_rule(me) - 2 and by_name(hand(me)) > 0"), "k.rules")
    else:
        rules = cardrules.prepare(name)
    keyed = compile_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    with monkeypatch.context() as patched:
        patched.setattr(codegen, "keyed_call", lambda *args: None)
        plain = compile_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    seeds = range(6 if name in ("punto", "lost-cities", "hearts", "go-fish") else 12)
    assert same_games(keyed, plain, seeds) > 0


def test_the_playout_calls_the_same_keyed_wrappers_over_one_table(monkeypatch):
    """The playout (playout_exprs.Exprs.keyed_call) picks the wrapper for its arguments' kinds as the engine does:
    a zone and a value give `d_sized_lv`, a parameter the general wrapper; both read one table, so a key worked
    out through one is not worked out again through the other; and the games are the engine's."""
    from cardrules.simulation import runner
    from cardrules.simulation.runner import Plan, play_game
    from cardrules.simulation.seeds import deal_seed

    monkeypatch.setenv("CARDRULES_PLAYOUT", "always")
    game = cardrules.load_source(text("by_zone(me) > by_rule(me) - 2 and by_name(hand(me)) > 0"), "k.rules")
    source = game.playout.source
    assert re.search(r"d_sized_lv\(Z\[b_hand \+ ", source)  # by_zone and by_rule, written in place
    assert re.search(r"d_sized\(p[0-9]+, 0\)", source)  # in by_name's body: a parameter
    general = re.search(r"^    def d_sized\(.*?\n            return (k[0-9]+)\[key\]$", source, re.M | re.S)[1]
    keyed = re.search(r"^    def d_sized_lv\(a0, a1\):\n        key = \(tuple\(a0\), a1, \)\n"
                      r"        try:\n            return (k[0-9]+)\[key\]$", source, re.M)[1]
    assert keyed == general
    plan = Plan.make("k.rules", {}, 2, ["random"] * 2, 5, 20)
    table = game.playout.__globals__[general]
    table.clear()
    CALLS.clear()
    records = [runner._played_out(game, plan, i, deal_seed(plan.seed, i)) for i in range(20)]
    assert None not in records and len(CALLS) == len(table) > 0  # each key worked out once, by either wrapper
    assert records == [play_game(game, plan, i, playout=False) for i in range(20)]
