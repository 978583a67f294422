"""A compiled game and a player count -> the state its set-up reaches before the first instruction the seed
decides (`opening`): worked out once, and copied for every new game (Game.new_initial_state).

Everything a set-up does before its first random draw is the same in every game of that player count: the
zones made and filled, the variables' starting values, the instructions that move cards to their places
or set variables. The opening runs those instructions once on a probe whose random generator is a stand-in
(`UNDRAWN`) that refuses any use; the first instruction that uses it (a shuffle, a random pick, a secret
order), tells the players anything, or fails is left for each game to run from its own seed (and to fail
with its own located error). A new game is a clone of the opening with its generator set, so it plays
exactly the game the whole set-up would have played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..diagnostics import RulesRuntimeError
from .state import State

if TYPE_CHECKING:
    from .game import Game


class WouldDraw(BaseException):
    """The probe's instruction used the random generator. A BaseException, so that no `except Exception` of an
    instruction can take it for an ordinary failure and go on another way."""


class _Undrawn:
    """The stand-in generator of the probe: any arithmetic, comparison or conversion raises WouldDraw."""

    __slots__ = ()

    def _refuse(self, *args):
        raise WouldDraw

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __mod__ = __rmod__ = _refuse
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = __rshift__ = __lshift__ = _refuse
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _refuse
    __int__ = __index__ = __bool__ = __float__ = __floordiv__ = __rfloordiv__ = _refuse


UNDRAWN = _Undrawn()


@attrs.frozen(eq=False)
class Opening:
    """The state a set-up reaches before its first instruction that draws, tells or fails."""

    state: State  # never given out: each new game is a clone
    waiting: bool  # already waiting for a decision (or over): nothing is left to run
    steps_left: int  # of the step budget before the first decision (State.run), once the opening's are run


def opening(game: "Game", n: int) -> Opening | None:
    """The opening of a game of `n` players; None when even the starting variables cannot be worked out
    without the generator, or the set-up runs out of its step budget first."""
    state = game.blank_state(n, 0)
    state.rng = UNDRAWN
    game.place_cards(state)
    try:
        game.initialise_vars(state)
    except (Exception, WouldDraw):
        return None  # each game works them out (and reports the error) itself
    program, pc, steps = game.program, game.setup_pc, game.limits.steps
    for done in range(steps):
        probe = state.clone()
        try:
            after = program[pc](probe)
        except (Exception, WouldDraw):
            break  # each game runs this instruction with its own generator
        if probe.events:
            break  # what is told stays with the game that tells it
        state = probe
        if after < 0:
            return Opening(state, True, 0)
        pc = after
    else:
        return None
    state.pc = pc
    return Opening(state, False, steps - done)


def new_game(start: Opening, seed_state: int) -> State | None:
    """A new game from an opening: a clone of it with its own generator, run on to its first decision with
    the steps the whole set-up would have had left. None if that fails: the whole set-up, run again from a
    blank state, then reports the error exactly as it always has (the step and the turns it names)."""
    state = start.state.clone()
    state.rng = seed_state
    state.where = {}  # a hint of the game's own (State.where): not shared with every game of the opening
    if not start.waiting:
        try:
            state.run(budget=start.steps_left)
        except RulesRuntimeError:
            return None
    return state
