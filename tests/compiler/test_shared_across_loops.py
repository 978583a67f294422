"""Parts shared across a loop of generated code (compiler/subexpressions.py, Env.around, quantifiers.py): a part
that reads no loop's name is worked out once for the whole evaluation, with its occurrences before the loop; each
turn of a quantifier's loop shares its own repeated parts. A part that reads the loop's name is never shared
across turns; a part is still worked out only when reached, in the order of the code, and fails where it did.
The bundled games list the same moves at every step with the sharing switched off."""

from __future__ import annotations

import random
import re

import pytest

import cardrules
from cardrules.compiler import codegen, compile_game
from cardrules.compiler.listing import game_source
from cardrules.resources import bundled_games

from .pile_game import PLAY, pile_game
from .tally import CALLS

RULES = pile_game("Around", "2..4", copies=2, variables="var bad = 0\n").replace("OPTION", PLAY)
# `size(p)` is written into its callers; `key(p)` calls it twice alike, so it is written in where parts are shared.
KEYED = ("def size(p) = tally(count(hand(p)))\n"
         "def key(p) = (size(p), size(p) * 10)\n"
         "def ahead(p) = size(p) > 0 and all([key(p) >= key(x) for x in players where x != p])\n")
pytestmark = pytest.mark.usefixtures("tally")  # tally.py: counts the calls in CALLS


def text(defs: str, guard: str = "true") -> str:
    return RULES.replace("DEFS", defs).replace("GUARD", guard)


def load(defs: str, guard: str = "true") -> cardrules.Game:
    return cardrules.load_source(text(defs, guard), "a.rules")


def source(defs: str, guard: str = "true") -> str:
    rules = cardrules.prepare_source(text(defs, guard), "a.rules")
    return game_source(rules.rules, rules.symbols, {}, rules.sources, "around")


def definition(listing: str, name: str) -> str:
    """The generated body of a definition, found by the comment the listing writes above it."""
    return re.search(rf"^# {name}: [^\n]*\n(def d[0-9]+_body\(.*?)(?=^def )", listing, re.S | re.M)[1]


def sizes(state, players: int) -> list[int]:
    return [len(state.zone_cards("hand", p)) for p in range(players)]


def switched_off(monkeypatch) -> None:
    """Compile as before: nothing shared across a loop's turns, nor within one."""
    monkeypatch.setattr(codegen.Env, "outside", lambda env: None)
    monkeypatch.setattr(codegen.Emitter, "turn", lambda g: None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_call_before_the_loop_and_in_a_written_in_definition_is_worked_out_once(players):
    game = load(KEYED)
    state = game.new_initial_state(players, 0)
    n = sizes(state, players)
    for seat in range(players):
        CALLS.clear()
        state.kept.clear()
        assert game.call(state, "ahead", seat) is True  # every hand holds 3 cards
        # size(seat) once (before the loop and in key(seat)), size(x) once for each other seat
        assert CALLS == [n[seat], *(n[x] for x in range(players) if x != seat)]


def test_the_listing_keeps_the_part_before_the_loop_and_one_per_turn():
    body = definition(source(KEYED), "ahead")
    assert "_body(s, v" not in body  # key(x) is written in, not called
    loop = body[body.index("for v"):]
    turn = re.findall(r"^ +(t[0-9]+) = MISSING$", loop, re.M)
    assert len(turn) == 1  # size(x): reset at each turn
    whole = re.findall(r"^    (t[0-9]+) = MISSING$", body[:body.index("for v")], re.M)
    assert len(whole) >= 2  # size(p) and key(p) (whose own parts are size(p)'s local)
    # tally(count(hand(.))) kept in two locals, one for p, one for x (each written at every place it is read)
    assert len(set(re.findall(r"(t[0-9]+) := \(k[0-9]+\(len\(", body))) == 2


def test_a_part_reading_the_loops_name_is_not_shared_across_turns():
    # `size(x)` differs at each turn; `size(0)` (a number, not the parameter) is the same all through.
    defs = ("def size(p) = tally(count(hand(p)))\n"
            "def fair(p) = all([size(x) + size(0) >= size(x) for x in players])\n")
    game = load(defs)
    for players in (2, 3):
        state = game.new_initial_state(players, 1)
        CALLS.clear()
        state.kept.clear()
        assert game.call(state, "fair", 1) is True
        n = sizes(state, players)
        assert CALLS == [n[0], n[0], *(n[x] for x in range(1, players))]  # size(0) once; size(x) once per turn


def test_a_part_first_reached_in_the_loop_is_worked_out_once_and_only_when_reached():
    # (The loops read the parameter: a loop reading none is a function of the state of its own, Emitter.shared_part.)
    # Seat 1: the left side is false, the loop works tally(count(pile)) out at its first turn only. Seat 0: the
    # left side works it out; the loop reads it. An empty loop never works it out.
    defs = ("def late(p) = (p == 0 and tally(count(pile)) > 5)"
            " or all([tally(count(pile)) > x for x in [0, 0, 0] where p == p])\n"
            "def none_at_all(p) = all([tally(count(pile)) > x for x in [] where p == 0])\n")
    game = load(defs)
    state = game.new_initial_state(2, 0)
    for seat in (0, 1):
        CALLS.clear()
        assert game.call(state, "late", seat) is True
        assert CALLS == [1]
    CALLS.clear()
    assert game.call(state, "none_at_all", 0) is True and CALLS == []


def test_a_failing_part_fails_at_its_guard_and_only_when_reached():
    # `tally(10 // bad)` is written before the loop and in it, behind a test some cards pass.
    defs = ("def risky(c) = c.rank > LOW"
            " and (tally(10 // bad) > 0 or any([tally(10 // bad) > x + c.rank for x in [1, 2]]))\n")
    quiet = load(defs.replace("LOW", "5"), "not risky(c)")
    assert len(quiet.new_initial_state(2, 0).legal_actions()) == 4
    rules = text(defs.replace("LOW", "0"), "not risky(c)")
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        cardrules.load_source(rules, "a.rules").new_initial_state(2, 0).legal_actions()
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.code == "R302"
    assert rules.splitlines()[diagnostic.span.line - 1].strip().startswith("play(c in hand(me))")


def test_a_keyword_argument_shares_nothing_of_the_evaluation_around():
    # `by:` is a function of its own (a lambda): tally(count(pile)) inside it is worked out at each call.
    defs = "def best_rank(p) = tally(count(pile)) + sum(hand(p), by: rank + tally(count(pile)))\n"
    listing = source(defs)
    function = definition(listing, "best_rank").split("lambda ")[1]
    assert re.search(r"k[0-9]+\(len\(s\.zones\[", function) and ":=" not in function
    game = load(defs)
    state = game.new_initial_state(2, 0)
    CALLS.clear()
    game.call(state, "best_rank", 0)
    assert len(CALLS) == 1 + len(state.zone_cards("hand", 0))


@pytest.mark.parametrize("name", [*bundled_games(), "around"])
def test_the_same_moves_with_and_without_sharing_across_loops(name, monkeypatch):
    if name == "around":
        rules = cardrules.prepare_source(text(KEYED + "def fair(p) = all([key(x) >= key(p) for x in active])\n",
                                              "ahead(me) or fair(me)"), "a.rules")
    else:
        rules = cardrules.prepare(name)
    shared = compile_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    with monkeypatch.context() as patched:
        switched_off(patched)
        plain = compile_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    seeds = range(6 if name in ("punto", "lost-cities", "hearts", "go-fish") else 12)
    assert same_games(shared, plain, seeds) > 0


def same_games(a_game: cardrules.Game, b_game: cardrules.Game, seeds: range) -> int:
    """Random games on two compiles of one game (2 or 3 players), the legal moves compared at every decision and the
    states at the end (each compile has its own symbols: values compared by their text); the moves compared."""
    compared = 0
    for seed in seeds:
        players = max(a_game.min_players, min(a_game.max_players, 2 + seed % 2))
        a, b = a_game.new_initial_state(players, seed=seed), b_game.new_initial_state(players, seed=seed)
        chooser = random.Random(seed)
        while not a.is_terminal():
            moves = a.legal_actions()
            assert [m.text for m in moves] == [m.text for m in b.legal_actions()]
            compared += len(moves)
            pick = chooser.randrange(len(moves))
            a.apply_action(pick)
            b.apply_action(pick)
        assert b.is_terminal() and a.zones == b.zones and a.winners == b.winners
        assert repr(a.vars) == repr(b.vars) and repr(a.locals) == repr(b.locals)
    return compared
