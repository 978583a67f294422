"""The memo keyed by reads (docs/performance.md), in its checking mode: with CARDRULES_CHECK_MEMO=1 every memo
hit is computed again and compared, so a change of the state that does not bump the versions a memo stamp
reads raises StaleMemo. Random playouts of every bundled game and variant, player count and yes/no option
set run in that mode, asking every definition at every decision; and a change made behind the engine's
back is caught (the check can fail)."""

from __future__ import annotations

import itertools
import random

import pytest

import cardrules
from cardrules.compiler.codegen import CHECK_MEMO, StaleMemo
from cardrules.engine.positions import load_position
from cardrules.engine.saves import load_state, save_state
from cardrules.resources import bundled_games, bundled_variants

GAMES = {**bundled_games(), **bundled_variants()}
MAX_DECISIONS = 400


@pytest.fixture(autouse=True)
def checking(monkeypatch):
    monkeypatch.setenv(CHECK_MEMO, "1")


def option_sets(game) -> list[dict]:
    """Every on/off combination of the yes/no options, left out where `for players` refuses it (any count)."""
    switches = [name for name, doc in game.option_docs.items() if isinstance(doc.default, bool)]
    return [dict(zip(switches, values)) for values in itertools.product([False, True], repeat=len(switches))]


def ask_everything(game, state) -> None:
    """Every definition without parameters, and every one-parameter one for each seat: memo hits across moves."""
    for name, spec in game.definitions.items():
        for args in [()] if spec.params == 0 else [(p,) for p in range(state.n)] if spec.params == 1 else []:
            try:
                game.call(state, name, *args)
            except StaleMemo:
                raise
            except Exception:
                pass  # a definition that does not apply here (top of an empty zone, a card expected)


def playout(game, players: int, seed: int) -> None:
    try:
        state = game.new_initial_state(players, seed)
    except ValueError:
        return  # an option refused with this many players
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            return
        ask_everything(game, state)
        if rng.random() < 0.1:  # a clone, a save and a restored save go on as the state would
            state = load_state(game, save_state(state)) if rng.random() < 0.5 else state.clone()
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_playouts_never_hit_a_stale_memo(load_game, name):
    base = load_game(GAMES[name])
    for options in option_sets(base):
        game = load_game(GAMES[name], options)
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(2):
                playout(game, players, seed)


def test_bots_searching_never_hit_a_stale_memo():
    """Determinized worlds, afterwards searches and trial moves: a few ismcts and greedy decisions."""
    from cardrules.bots.base import make_agent
    for name in ("red7", "hearts", "the-game", "punto"):
        game = cardrules.load(name)
        state = game.new_initial_state(game.min_players, 3)
        agents = [make_agent("greedy", game, 0, 1), make_agent("ismcts:iterations=30", game, 1, 2)]
        for turn in range(12):
            if state.is_terminal():
                break
            state.apply_action(agents[turn % 2].choose(state))
            ask_everything(game, state)


def test_a_position_never_hits_a_stale_memo():
    game = cardrules.load("red7")
    data = {"players": 2, "to_move": 0, "zones": {"palette": [["y4", "o4"], ["g6"]],
                                                  "hand": [["o1", "v1", "i3"], ["b2", "b3"]]}}
    state = load_position(game, data)
    ask_everything(game, state)
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        ask_everything(game, state)


SMALL = """game "Memo"
players 2
attribute rank: 1..6
cards: rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner
def size(p) = count(hand(p))
setup:
  deal 2 from deck to hand
turn:
  choose:
    draw:
      move top(deck) to hand(me)
end when empty(deck):
  win me
"""


def test_a_change_behind_the_engines_back_is_caught():
    """A zone changed without its version bumped: the checking mode sees that the kept value is stale."""
    game = cardrules.load_source(SMALL, "memo.rules")
    state = game.new_initial_state(2, 0)
    assert game.call(state, "size", 0) == 2
    state.zone_cards("hand", 0).append(state.zone_cards("deck").pop())
    with pytest.raises(StaleMemo, match="size"):
        game.call(state, "size", 0)
    state.invalidate()  # the way to say the zones changed from outside the rules
    assert game.call(state, "size", 0) == 3
    state.apply_action(0)  # a move bumps the versions it changes
    assert game.call(state, "size", 0) == 4
