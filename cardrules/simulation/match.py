"""A game, its seats' agents and a deal seed -> one game played to its end, and what the finished game says."""

from __future__ import annotations

from typing import Callable, Sequence

from ..bots import Agent, inform
from ..engine import Action, Game, State
from ..values import NOTHING

MAX_DECISIONS = 100_000  # a bot game that has not ended after this many moves counts as an error


def play_bot_game(game: Game, n: int, seed: int, agents: Sequence[Agent]) -> State:
    """Play one game between `agents` (one per seat) from the deal `seed`; return the final state."""
    state = game.new_initial_state(n, seed)
    while not state.is_terminal():
        if state.decisions >= MAX_DECISIONS:
            raise RuntimeError(f"the game did not end after {MAX_DECISIONS} moves")
        action = agents[state.current_player()].choose(state)
        inform(agents, state, action)
        state.apply_action(action)
    return state


def result_value(state: State) -> float | str | None:
    """The game's own measure of how a finished game went, or None if the rules file declares none.

    The hook for games where "won or lost" is not the whole story, cooperative games above all
    (how many cards were left, how many points were scored). What counts is game-specific, so the
    value comes from the rules file's `result "label": EXPR` declaration, read through
    `State.result()` where the engine has it. A number stays a number (yes/no counts as 1/0); any
    other value is reported as its text. Without a declaration the simulation still reports the
    distribution of `returns()` and of game length.
    """
    read = getattr(state, "result", None)
    if not callable(read):
        return None
    value = read()
    if value is None or value is NOTHING:
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    return state.game.describe(value)


def result_label(game: Game) -> str | None:
    """The label of the rules file's `result` declaration, if it has one."""
    declared = getattr(game, "result", None)
    return declared[0] if declared else None


class FirstMover:
    """Wraps the agents to note who made the first decision of the game: the seat that was to move
    right after the initial state (State keeps no field for it)."""

    def __init__(self, agents: Sequence[Agent]):
        self.first: int | None = None
        self.agents = [_Noting(self, seat, agent) for seat, agent in enumerate(agents)]


class _Noting:
    __slots__ = ("mover", "seat", "agent")

    def __init__(self, mover: FirstMover, seat: int, agent: Agent):
        self.mover, self.seat, self.agent = mover, seat, agent

    def choose(self, state: State) -> Action:
        if self.mover.first is None:
            self.mover.first = self.seat
        return self.agent.choose(state)

    def observe(self, state: State, action: Action) -> None:
        self.agent.observe(state, action)


PlayFn = Callable[[Game, int, int, Sequence[Agent]], State]
