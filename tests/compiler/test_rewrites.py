"""Expressions both back ends write as cheaper equal ones (compiler/rewrites.py): `empty(S where a == V)` becomes
`V not in [x.a for x in S]`, whose list reads no V and is worked out once inside a loop over V. The tests hold the
shapes it takes and leaves, the values it gives against the cards themselves, and both back ends' code."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler.listing import game_source
from cardrules.compiler.rewrites import ELEMENT, empty_as_membership
from cardrules.language import nodes
from cardrules.language.syntax import parse
from cardrules.simulation import Plan, play_game
from cardrules.simulation.runner import _played_out
from cardrules.simulation.seeds import deal_seed

from .pile_game import pile_game

ATTRIBUTES = {"rank": {}, "color": {}}


def expr(text: str) -> nodes.Expr:
    return parse(f"def _e = {text}\n", "e.rules").declarations[0].body


def constant(e: nodes.Expr) -> tuple[bool, object]:
    return (True, e.value) if isinstance(e, nodes.Int) else (False, None)


@pytest.mark.parametrize("text, value", [("empty(hand(me) where rank == r)", "r"),
                                         ("empty(hand(me) where r == rank)", "r"),
                                         ("empty(pile where it.color == r)", "r"),
                                         ("empty(pile where rank == 3)", 3)])
def test_an_equality_filter_under_empty_becomes_a_membership(text, value):
    cheaper = empty_as_membership(expr(text), {"r"}, ATTRIBUTES, constant)
    assert isinstance(cheaper, nodes.Compare) and cheaper.op == "not in"
    assert cheaper.left == (nodes.Name(value) if isinstance(value, str) else nodes.Int(value))
    values = cheaper.right
    assert isinstance(values, nodes.Comprehension) and values.var == ELEMENT and values.condition is None
    assert isinstance(values.element, nodes.Attr) and values.element.obj == nodes.Name(ELEMENT)


@pytest.mark.parametrize("text, bound", [
    ("empty(hand(me) where rank == r)", set()),  # r unknown here: perhaps a name the filter reads per element
    ("empty(hand(me) where rank == color)", {"r"}),  # two attributes of the same element
    ("empty(hand(me) where rank == it)", {"r"}),
    ("empty(hand(me) where rank == rank)", {"r"}),
    ("empty(hand(me) where rank == r)", {"r", "rank"}),  # `rank` bound around: not the element's
    ("empty(hand(me) where rank > r)", {"r"}),
    ("empty(hand(me) where rank == count(pile))", {"r"}),  # a call: worked out once it might fail unasked
    ("empty(hand(me) where rank == r and color == r)", {"r"}),
    ("count(hand(me) where rank == r) == 0", {"r"}),
    ("empty(hand(me))", {"r"}),
])
def test_other_shapes_are_left_as_written(text, bound):
    e = expr(text)
    assert not isinstance(e, nodes.Call) or empty_as_membership(e, bound, ATTRIBUTES, constant) is None


RULES = pile_game("Rewrites", "2..3").replace("DEFS", (
    "def held(p) = [r for r in 1..5 where not empty(hand(p) where rank == r)]\n"
    "def without(p) = [k for k in [red, blue] where empty(hand(p) where k == it.color)]\n")).replace(
    "OPTION", "play(c in hand(me)) only if c.rank in held(left(me)) or c.color in without(left(me)):\n"
              "      move c to pile")


def test_the_values_are_the_filters():
    """Every legal play, on the engine, is a card whose rank the next player holds or whose colour they lack."""
    game = cardrules.load_source(RULES, "r.rules")
    for players in (2, 3):
        for seed in range(40):
            state = game.new_initial_state(players, seed)
            mine = [game.card_json(c) for c in state.zone_cards("hand", state.me)]
            theirs = [game.card_json(c) for c in state.zone_cards("hand", (state.me + 1) % players)]
            ranks, colors = {c["rank"] for c in theirs}, {c["color"] for c in theirs}
            expected = sorted(f"play {c['color']} {c['rank']}" for c in mine
                              if c["rank"] in ranks or c["color"] not in colors)
            played = sorted(a.text for a in state.legal_actions() if a.text.startswith("play"))
            assert played == expected, (players, seed)


def test_the_playout_plays_the_engines_games():
    game = cardrules.load_source(RULES, "r.rules")
    plan = Plan.make("r.rules", {}, 3, ["random"] * 3, 5, 30)
    for index in range(30):
        by_playout = _played_out(game, plan, index, deal_seed(plan.seed, index))
        assert by_playout is not None and by_playout == play_game(game, plan, index, playout=False)


def test_both_back_ends_build_the_hands_values_once_per_call():
    rules = cardrules.prepare_source(RULES, "r.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, "rewrites")
    engine, playout = source.split("# ---- The playout")
    for code in (engine, cardrules.load_source(RULES, "r.rules").playout.source):
        memberships = [line for line in code.splitlines() if " not in (" in line and ":= [" in line]
        assert len(memberships) == 2, code  # held and without: each list kept in a local, asked per value
        assert all(".get(v" in line.split(":= [")[1] for line in memberships)  # (the element's attribute)
    assert "# ---- The playout" not in playout


def test_an_error_inside_is_told_as_without_the_rewrite(monkeypatch):
    """The list's source fails (a seat that is not there): the same message at the same place either way."""
    from cardrules.compiler import codegen, playout_exprs

    failing = RULES.replace("held(left(me))", "held(count(pile) + 4)")
    told = []
    for rewritten in (True, False):
        if not rewritten:
            monkeypatch.setattr(codegen, "empty_as_membership", lambda *args: None)
            monkeypatch.setattr(playout_exprs, "empty_as_membership", lambda *args: None)
        game = cardrules.load_source(failing + ("" if rewritten else "# without\n"), "r.rules")
        assert (" not in (" in game.playout.source) is rewritten
        with pytest.raises(cardrules.RulesRuntimeError) as caught:
            game.new_initial_state(2, 1).legal_actions()
        told.append(str(caught.value))
    assert told[0] == told[1] and "r.rules:" in told[0]
