"""States -> how good they are for each player: material, the default estimate, the file's chance(p)."""

from __future__ import annotations

import math
from typing import Any, Callable

from ..engine import Action, Game, IllegalAction, State
from .base import AgentError

HEURISTIC = "heuristic"  # a rules file may declare `def heuristic(p) = ...`: higher is better for p
CHANCE = "chance"  # and `def chance(p) = ...`: p's chance of winning from here, in percent
PRIVATE_WEIGHT = 1.0  # default heuristic: a card you hold that others cannot see (a move in reserve)
PUBLIC_WEIGHT = 0.5  # default heuristic: a card in your own public zone (position on the table)
SOFTNESS = 0.5  # default estimate: material difference that makes one player e (2.7) times likelier to win


def material(state: State, player: int) -> float:
    """Cards a player owns: held privately (weight 1) and shown in their own public zones (weight 1/2).

    Only zone sizes are used, which every player can see."""
    game, n = state.game, state.n
    total = 0.0
    for spec in game.zones:
        if spec.per_player:
            weight = PUBLIC_WEIGHT if spec.visibility == "public" else PRIVATE_WEIGHT
            total += weight * len(state.zones[game.zone_slot(spec, n, player)])
    return total


def estimate(state: State) -> list[float]:
    """A guess at each player's chance of winning, summing to 1 (the default heuristic).

    Over: the returns. Otherwise eliminated players get 0 and the players still in share the
    win in proportion to exp(material / SOFTNESS): more cards in reserve, more chances to go on.
    """
    if state.terminal:
        return state.returns()
    active = [p for p in range(state.n) if not state.eliminated[p]]
    if not active:
        return [0.0] * state.n
    scores = {p: material(state, p) for p in active}
    top = max(scores.values())
    weights = {p: math.exp((s - top) / SOFTNESS) for p, s in scores.items()}
    total = sum(weights.values())
    return [weights.get(p, 0.0) / total for p in range(state.n)]


def declares(game: Game, name: str) -> bool:
    """Whether the rules file defines `name(p)`, a function of one player, for the agents to read."""
    declared = game.definitions.get(name)
    return declared is not None and declared.params == 1


def estimator(game: Game) -> Callable[[State], list[float]]:
    """How the search values a position it stops at: each player's chance of winning, in [0, 1].

    The rules file's `chance(p)` (percent, clipped to 0..100) where it declares one, else the
    default `estimate`. A finished game gives its returns and an eliminated player 0 either way."""
    if not declares(game, CHANCE):
        return estimate

    def chances(state: State) -> list[float]:
        if state.terminal:
            return state.returns()
        return [0.0 if state.eliminated[p] else percent(game.call(state, CHANCE, p, again=p > 0), game)
                for p in range(state.n)]
    return chances


def percent(value: Any, game: Game) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AgentError(f"{game.path}: '{CHANCE}(p)' must give a number from 0 to 100, not {value!r}")
    return min(100.0, max(0.0, float(value))) / 100.0


def lost(state: State, player: int) -> bool:
    return state.eliminated[player] or (state.terminal and player not in state.winners)


def kept(state: State, player: int) -> float:
    """What the best rollout policy keeps by ending its turn in `state`: its material, or
    everything if it has won."""
    return math.inf if state.terminal and player in state.winners else material(state, player)


def turn_over(state: State, player: int, turn: int) -> bool:
    return state.terminal or state.turns != turn or state.current_player() != player


def free_move(world: State, action: Action) -> bool:
    """Whether `action`, made on `world`, changes variables only: it moves no card, tells nobody a card,
    puts nobody out, does not end the game and leaves the same player to move in the same turn (a
    signal). Such a move can be made again and again without the game going anywhere."""
    after = world.clone_with_moves()
    try:
        after.apply_action(action)
    except IllegalAction:
        return False
    return (not turn_over(after, world.current_player(), world.turns) and after.eliminated == world.eliminated
            and after.zones == world.zones and after.known == world.known)
