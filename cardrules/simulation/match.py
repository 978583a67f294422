"""A game, its seats, a deal seed and observers -> one game played to its end (the one game loop), and what it says.

Every game the package plays goes through `play_match`: `cardrules play` (a human at the
terminal is a seat), `simulate` and `compare` (bots), `validate` (a seeded random chooser) and
the benchmarks. A seat is anything with `choose(state) -> Action` (an agent, a person); one that
also has `observe(state, action)` is told of every move before it is made, as agents are. An
observer watches the game without taking part in it (see `Observer`).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from ..bots import Agent
from ..engine import Action, Game, State
from ..values import NOTHING
from ..words import plural


class Chooser(Protocol):
    """Who makes the decisions of a seat (an agent, a person). It may also have `observe(state,
    action)`, told of every move of the game (by any seat) before it is made, on the state before it,
    except the secret choices of other seats (`simultaneously`)."""

    def choose(self, state: State) -> Action: ...


class Observer:
    """Watches one game without taking part in it: subclass it and override what you need.

    It is told of every move, secret choices (`simultaneously`) included: one that shows the moves to
    the players says only that a player has chosen while `state.committing()` (before the move).

    An observer may raise to stop the game (validate does when a card lies where a `holds` rules
    it out); the exception leaves `play_match` as it is.
    """

    def started(self, state: State) -> None:
        """The deal is made (setup has run), before the first decision."""

    def moving(self, state: State, player: int, action: Action) -> None:
        """`player` chose `action`; it is about to be made on `state`."""

    def moved(self, state: State, player: int, action: Action) -> None:
        """`player`'s `action` was made; `state` is the one after it."""

    def ended(self, state: State) -> None:
        """The game is over."""


class GameDidNotEnd(RuntimeError):
    """The game reached the decision limit without ending."""

    def __init__(self, limit: int):
        super().__init__(f"the game did not end after {plural(limit, 'move')} (a longer game: "
                         "--max-decisions N, or `limit decisions N` in its rules file)")
        self.limit = limit


def play_match(game: Game, players: int, seed: int, seats: Sequence[Chooser], observers: Sequence[Observer] = (),
               limit: int | None = None, quiet: bool = False) -> State:
    """Play one game with `seats` (one per player) from the deal `seed`; return the final state.
    `quiet`: nobody reads what the moves tell (`State.events`), so it is not written (State.quiet).

    Raises GameDidNotEnd when the game is still running after `limit` decisions (None: the game's own
    limit, `limit decisions N` or the tool's default); anything a seat
    or an observer raises (a person leaving the table, Ctrl-C) stops the game and is raised again.
    """
    # A seat object that sits in several seats (a shared chooser) hears of each move once. A secret
    # choice (`simultaneously`) is told only to the object in the chooser's seat: the others learn what
    # was chosen when all choices are revealed, from the state.
    listeners = [(observe, {i for i, other in enumerate(seats) if other is seat})
                 for seat in {id(s): s for s in seats}.values()
                 if (observe := getattr(seat, "observe", None)) is not None
                 and getattr(type(seat), "observe", None) is not Agent.observe]  # an agent's is told nothing
    # an observer's hooks that it overrides (the others do nothing): called for every move
    moving = [observer.moving for observer in observers if type(observer).moving is not Observer.moving]
    moved = [observer.moved for observer in observers if type(observer).moved is not Observer.moved]
    limit = limit or game.limits.decisions
    state = game.new_initial_state(players, seed)
    state.quiet = quiet
    for observer in observers:
        observer.started(state)
    choosers = [seat.choose for seat in seats]  # looked up once, not at every decision
    apply = state.apply_action
    while not state.terminal:  # (is_terminal and current_player, read as the fields they return)
        if state.decisions >= limit:
            raise GameDidNotEnd(limit)
        player = state.me
        action = choosers[player](state)
        if moving:
            for hook in moving:
                hook(state, player, action)
        if listeners:
            secret = state.committing()
            for observe, sitting in listeners:
                if not secret or player in sitting:
                    observe(state, action)
        apply(action)
        if moved:
            for hook in moved:
                hook(state, player, action)
    for observer in observers:
        observer.ended(state)
    return state


class FirstMover(Observer):
    """Notes the seat that made the first decision of the game (State keeps no field for it)."""

    def __init__(self) -> None:
        self.first: int | None = None

    def moving(self, state: State, player: int, action: Action) -> None:
        if self.first is None:
            self.first = player


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
    return result_of(read(), lambda: state.game)


def result_of(value: Any, game: Callable[[], Game]) -> float | str | None:
    """A `result` value as a record keeps it: a number (yes/no as 1/0), any other value as its text (in the
    words of `game()`, asked only then)."""
    if value is None or value is NOTHING:
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    return game().describe(value)


def result_label(game: Game) -> str | None:
    """The label of the rules file's `result` declaration, if it has one."""
    return game.result.label if game.result is not None else None
