"""Comparisons by identity (compiler/identity.py): `==` / `!=` with a side that is certainly an attribute value or
`none` is written `is` / `is not`; every other comparison keeps `==`; the moves allowed are the same either way."""

from __future__ import annotations

import random
import re

import pytest

import cardrules
from cardrules.compiler import codegen
from cardrules.compiler.listing import game_source
from cardrules.resources import bundled_games
from cardrules.simulation import runner
from cardrules.simulation.runner import Plan, play_game
from cardrules.simulation.seeds import deal_seed

from ..engine.side_by_side import play_side_by_side

RULES = """\
game "Compared"
players 2..2
attribute color: red > blue > green
attribute rank: 1..4
cards: color * rank -> deck
zone deck: stack, public
zone hand: per_player, owner, row
zone pile: stack, public
var named = none
var turns = 0
def chosen = named
def lucky = red
setup:
  deal 3 from deck to hand

turn:
  choose:
    play(c in hand(me)) only if GUARD:
      move c to pile
      set named = c.color
      set turns = turns + 1
    pass:
      set named = none
      set turns = turns + 1
end when turns > 7 or empty(hand(me)):
  win me
"""


def guard_line(guard: str) -> str:
    """The generated test of the play option's guard, compiled now."""
    rules = cardrules.prepare_source(RULES.replace("GUARD", guard), "c.rules")
    listing = game_source(rules.rules, rules.symbols, {}, rules.sources, "compared")
    line = next(line for line in listing.splitlines() if line.strip().startswith("if (not"))
    return line.replace(" is not MISSING", "")  # the lazy locals' test (subexpressions.py), not a comparison


@pytest.mark.parametrize("guard, identity", [
    ("c.color == red", "is"),
    ("c.color != top(pile).color", "is not"),
    ("top(pile).color == c.color", "is"),
    ("c.color == none", "is"),
    ("named == lucky", "is"),  # a definition folded into a colour
    ("count(hand(me) where color == blue) > 0", "is"),  # `color` of the card a where walks
])
def test_a_side_that_is_certainly_a_value_compares_by_identity(guard, identity):
    line = guard_line(guard)
    assert f" {identity} " in line and "==" not in line and "!=" not in line, line


def playout_listing(guard: str) -> str:
    """The playout's listing of the turn's options, the guard's test in it (compiler/playout_exprs.py)."""
    game = cardrules.load_source(RULES.replace("GUARD", guard), "c.rules")
    assert game.playout is not None
    source = game.playout.source
    listing = source[source.index("turns += 1"):source.index(".append((1, ))")]
    return listing.replace(" is not MISSING", "")  # the lazy locals' test (subexpressions.py), not a comparison


@pytest.mark.parametrize("guard, identity", [
    ("named != red", "is not"),  # a symbol: the engine's writer names it, not the options' fold
    ("named == lucky", "is"),  # a definition without parameters giving a colour, written into its callers
    ("c.color == none", "is"),
])
def test_the_playout_compares_by_identity_where_the_engine_does(guard, identity):
    listing = playout_listing(guard)
    assert f" {identity} " in listing and "==" not in listing and "!=" not in listing, listing
    assert f" {identity} " in guard_line(guard)
    game = cardrules.load_source(RULES.replace("GUARD", guard), "c.rules")
    plan = Plan.make("c.rules", {}, 2, ["random"] * 2, 5, 40)
    for index in range(40):  # the playout's records are the engine's (tests/compiler/test_playout.py in general)
        by_playout = runner._played_out(game, plan, index, deal_seed(plan.seed, index))
        assert by_playout is not None and by_playout == play_game(game, plan, index, playout=False), index


@pytest.mark.parametrize("guard", [
    "c.rank == 2",  # a number-valued attribute
    "c.rank != turns",
    "named == chosen",  # a variable and a definition: either could be anything the checker cannot see
    "turns == 0",
])
def test_other_comparisons_keep_equality(guard):
    line = guard_line(guard)
    assert re.search(r"(==|!=)", line) and not re.search(r"\bis (not )?k\d", line), line


GUARDS = ["c.color == red or c.color != top(pile).color", "top(pile).color == none or c.color == top(pile).color",
          "c.color != named and named != none or turns == 0"]


@pytest.mark.parametrize("guard", GUARDS)
def test_the_same_moves_are_allowed_with_and_without_identity(guard, monkeypatch):
    rules = RULES.replace("GUARD", guard)
    with_identity = cardrules.load_source(rules, "c.rules")
    assert " is " in guard_line(guard)
    monkeypatch.setattr(codegen, "by_identity", lambda *args: None)
    without = cardrules.load_source(rules + "\n", "c.rules")  # another text: compiled afresh, not from a cache
    assert " is " not in guard_line(guard)
    assert plays_alike(with_identity, without) > 20  # the guard let cards be played, not only passes


def plays_alike(first: cardrules.Game, second: cardrules.Game) -> int:
    """Random games played on both builds, the same moves listed at every step and the same winners; how many
    of the moves made were plays."""
    plays = 0
    for seed in range(30):
        a, b = first.new_initial_state(2, seed), second.new_initial_state(2, seed)
        rng = random.Random(seed)
        for _ in range(100):  # every turn counts: the game ends within 8 turns
            if a.is_terminal():
                break
            moves = [str(m) for m in a.legal_actions()]
            assert moves == [str(m) for m in b.legal_actions()], (seed, moves)
            pick = rng.randrange(len(moves))
            plays += moves[pick].startswith("play")
            a.apply_action(a.legal_actions()[pick])
            b.apply_action(b.legal_actions()[pick])
        assert b.is_terminal() and a.winners == b.winners
    return plays


@pytest.mark.parametrize("guard, chain", [
    ("any([k in [red, green] for k in [blue, green]])", "{v} is {k} or {v} is {k}"),  # a loop's name
    ("any([k not in [red, none] for k in [blue, green]])", "{v} is not {k} and {v} is not {k}"),
])
def test_membership_of_a_name_in_a_few_values_is_a_chain_of_identities(guard, chain):
    line = guard_line(guard)
    pattern = re.escape(chain).replace(r"\{k\}", r"k\d+").replace(r"\{v\}", r"v\d+")
    assert re.search(pattern, line) and not re.search(r"\(v\d+ (not )?in k\d", line), line


@pytest.mark.parametrize("guard", ["c.color in [red, blue]", "c.color not in [red, none, green, blue, red]"])
def test_membership_of_a_certain_value_is_a_sets(guard):
    rules = cardrules.prepare_source(RULES.replace("GUARD", guard), "c.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, "compared")
    name = re.search(r"\.get\(v\d+, NOTHING\) (?:not )?in (k\d+)\)", guard_line(guard)).group(1)
    assert re.search(rf"^# {name} = frozenset\(", source, re.MULTILINE), source[-2000:]


@pytest.mark.parametrize("guard", [
    "c.rank in [1, 2]",  # numbers: == is not identity
    "named in [red, blue, green, red, blue]",  # a variable past MAX_ALTERNATIVES: maybe a list, no set
    "chosen in [red, blue]",  # a definition: code not cheap to write twice, maybe a list
])
def test_other_memberships_keep_the_tuple(guard):
    line = guard_line(guard)
    assert re.search(r" in k\d+", line) and not re.search(r" is k\d+ or ", line), line


@pytest.mark.parametrize("guard", ["c.color in [red, blue]", "c.color not in [red, none] or turns == 0",
                                   "any([k in [red, green] for k in [c.color, named]])"])
def test_the_same_moves_are_allowed_with_and_without_the_chain(guard, monkeypatch):
    rules = RULES.replace("GUARD", guard)
    with_chain = cardrules.load_source(rules, "c.rules")
    monkeypatch.setattr(codegen, "membership", lambda *args: None)
    without = cardrules.load_source(rules + "\n", "c.rules")
    assert re.search(r" in k\d+", guard_line(guard))
    plays_alike(with_chain, without)


# A loop's name walking a constant list of values (identity.walks_values, Env.valued): a binder's, a comprehension's.
BINDERS = RULES.replace("play(c in hand(me))", "play(c in hand(me), k in KS)")


def lister_source(guard: str, ks: str = "[red, blue, none]") -> str:
    """The generated source of the game with the play option's second binder walking `ks`."""
    rules = cardrules.prepare_source(BINDERS.replace("GUARD", guard).replace("KS", ks), "b.rules")
    return game_source(rules.rules, rules.symbols, {}, rules.sources, "binders")


@pytest.mark.parametrize("guard, ks, code", [
    ("named != k", "[red, blue, none]", r"\(s\.vars\[\d+\] is not v\d+\)"),  # a binder over values
    ("any([named == j for j in [red, none]])", "[red]", r"s\.vars\[\d+\] is v\d+"),  # a comprehension's name
    ("any([j == turns for j in [blue, green]])", "[red]", r"v\d+ is s\.vars\[\d+\]"),  # either side
])
def test_a_name_walking_values_compares_by_identity(guard, ks, code):
    assert re.search(code, lister_source(guard, ks))


@pytest.mark.parametrize("guard, ks, code", [
    ("turns != k", "[1, 2]", r"s\.vars\[\d+\] != v\d+"),  # numbers
    ("chosen != k", "[red, named]", r"!= v\d+"),  # a variable in the list: not known when compiled
    ("chosen != k", "[red, blue, 3]", r"!= v\d+"),  # one element is a number
    ("any([turns != k for k in [1, 2]]) or named == k", "[red, blue]", r"s\.vars\[\d+\] != v\d+"),  # shadowed
])
def test_a_name_walking_anything_else_keeps_equality(guard, ks, code):
    assert re.search(code, lister_source(guard, ks))


def _without_walks_values(monkeypatch) -> None:
    from cardrules.compiler import enumeration, quantifiers
    for module in (codegen, enumeration, quantifiers):
        monkeypatch.setattr(module, "walks_values", lambda *args: False)


def test_the_same_moves_are_allowed_with_and_without_names_walking_values(monkeypatch):
    text = BINDERS.replace("GUARD", "named != k and any([named != j for j in [red, blue]])").replace("KS",
                                                                                                   "[red, none]")
    fast = cardrules.load_source(text, "b.rules")
    _without_walks_values(monkeypatch)
    slow = cardrules.load_source(text + "\n", "b.rules")
    assert play_side_by_side(fast, slow, range(20), counts=1) > 200


@pytest.mark.parametrize("name,options", [(name, {}) for name in sorted(bundled_games())]
                         + [("the-game", {"extreme": True})])
def test_every_bundled_game_lists_the_same_moves_with_and_without_names_walking_values(monkeypatch, name,
                                                                                          options):
    path = bundled_games()[name]
    fast = cardrules.load(path, options)
    _without_walks_values(monkeypatch)
    slow = cardrules.load_source(path.read_text() + "\n", str(path), options)
    seeds = range(3 if name in ("punto", "hearts", "lost-cities") else 6)
    counts = min(2, fast.max_players - fast.min_players + 1)
    assert play_side_by_side(fast, slow, seeds, counts, low=fast.min_players) > 0
