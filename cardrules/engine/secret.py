"""Secret simultaneous choices (`simultaneously for p in PLAYERS: choose ...`): the record of the choices made but
not yet carried out (`Secret`, a field of State) and the steps that start, make, reveal, sample and show them.

How such a statement runs (the compiler emits a start instruction, the `choose`, and a reveal step where
every chosen body ends):

1. **start**: the listed seats (in the list's order, eliminated ones left out) are noted, with the turn's
   player; the first of them is asked: `State.me` (and the loop name) is the player choosing.
2. **commit**: a move at the secret decision changes nothing but the record: the move is kept, and the
   next listed player who has not chosen is asked, on the very same state. Nobody's view shows another's
   choice (a view says only who has chosen); agents other than the chooser are not told of it
   (simulation.match), and a sample of the unseen (`settle`, called by State.determinize) deals the other
   players' choices again at random.
3. **reveal**: once the last player has chosen, everyone is told what each chose (the state's events),
   and the chosen options' bodies run one after another, in the list's order, each with `me` and the
   loop name its player (a player put out by an earlier body is skipped). A `choose` inside a body is an
   ordinary decision of that player, made then. After the last body the turn's player is `me` again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..diagnostics import RulesRuntimeError
from ..values import SEATS, Card, Seat
from . import events
from .specs import Decision, RuleFailure

if TYPE_CHECKING:
    import random

    from .actions import Action
    from .state import State


@attrs.frozen
class Choice:
    """One player's secret choice: the option, the values its binders get, and the move as it was offered."""

    option: int
    values: tuple  # Action.actual
    text: str  # Action.text: what everyone is told at the reveal


@attrs.frozen
class Secret:
    """The choices of a `simultaneously` under way. Immutable: a clone of the state shares it."""

    turn_player: int  # `me` again once every body has run
    pc: int  # the secret decision
    seats: tuple[int, ...]  # who chooses, in the order the bodies run
    chosen: tuple[Choice | None, ...]  # by position in `seats`; None: not chosen yet
    revealed: int = -1  # -1 while the players choose; then how many of the bodies have started

    @property
    def committing(self) -> bool:
        return self.revealed < 0


def start(s: "State", listed: Any, pc: int, slot: int) -> bool:
    """Note who chooses and ask the first of them; False when nobody is left to choose."""
    if s.secret is not None:
        raise RuleFailure("a 'simultaneously' cannot start while the choices of another are made or carried out")
    seats: list[int] = []
    for p in listed if isinstance(listed, list | tuple) else [listed]:
        if isinstance(p, bool | Card) or not isinstance(p, int) or not 0 <= p < s.n:
            raise RuleFailure(f"'simultaneously' lists seats from 0 to {s.n - 1}, not {s.game.describe(p)}")
        if int(p) in seats:
            raise RuleFailure(f"'simultaneously' lists {Seat(p)!r} twice")
        if not s.eliminated[p]:
            seats.append(int(p))
    if not seats:
        return False
    s.secret = Secret(s.me, pc, tuple(seats), (None,) * len(seats))
    _ask(s, slot, seats[0])
    return True


def _ask(s: "State", slot: int, seat: int) -> None:
    s.me = seat
    s.locals[slot] = SEATS[seat]
    s.invalidate()


def commit(s: "State", decision: Decision, action: "Action", stop_at: int) -> None:
    """A move at the secret decision: keep it; ask the next player, or reveal every choice and run the bodies."""
    secret = s.secret
    chosen = list(secret.chosen)
    chosen[secret.seats.index(s.me)] = Choice(action.option, action.actual, action.text)
    waiting = next((i for i, choice in enumerate(chosen) if choice is None), -1)
    if waiting >= 0:  # (a Secret made field by field: attrs.evolve costs more than the rest of a commit)
        s.secret = Secret(secret.turn_player, secret.pc, secret.seats, tuple(chosen), secret.revealed)
        _ask(s, decision.secret.player_slot, secret.seats[waiting])
        return
    s.secret = Secret(secret.turn_player, secret.pc, secret.seats, tuple(chosen), 0)
    for seat, choice in zip(secret.seats, chosen):
        events.chose(s, seat, decision.options[choice.option].name, choice.values)
    s.invalidate()
    s.pc = decision.secret.reveal_pc
    s.run(stop_at)


def next_body(s: "State", slot: int) -> int | None:
    """The reveal step: start the body of the next chosen option (its pc), or end the statement (None)."""
    secret = s.secret
    seats, index = secret.seats, secret.revealed
    if index > 0 and s.me != seats[index - 1]:
        raise RuleFailure("'first player' cannot be set while the choices of a 'simultaneously' are carried out")
    while index < len(seats) and s.eliminated[seats[index]]:
        index += 1
    if index >= len(seats):
        s.me, s.secret = secret.turn_player, None
        return None
    s.secret = Secret(secret.turn_player, secret.pc, secret.seats, secret.chosen, index + 1)
    choice = secret.chosen[index]
    option = s.game.decisions[secret.pc].options[choice.option]
    s.me = seats[index]
    s.locals[slot] = SEATS[seats[index]]
    for binder, value in zip(option.binders, choice.values):
        s.locals[binder.slot] = value
    return option.body_pc


def settle(s: "State", viewer: int, rng: "random.Random") -> None:
    """In a sample for `viewer` (State.determinize): every other listed player's choice, made or still to
    make, is drawn at random among their moves in the sample; the player asked now is still asked.
    For the viewer asked now, their choice completes the set, so a search sees it carried out."""
    secret = s.secret
    if secret is None or not secret.committing:
        return
    slot = s.game.decisions[secret.pc].secret.player_slot
    asking, chosen = s.me, list(secret.chosen)
    for index, seat in enumerate(secret.seats):
        if seat != viewer and seat != asking:
            chosen[index] = _draw(s, slot, seat, rng)
    s.secret = attrs.evolve(secret, chosen=tuple(chosen))
    _ask(s, slot, asking)


def _draw(s: "State", slot: int, seat: int, rng: "random.Random") -> Choice | None:
    _ask(s, slot, seat)
    try:
        legal = s.legal_actions()
    except RulesRuntimeError:  # nothing possible in this sample: the player is asked when their turn comes
        return None
    action = legal[rng.randrange(len(legal))]
    return Choice(action.option, action.actual, action.text)


def public(s: "State") -> Any:
    """What every player knows of the record: who chooses and who has chosen; once revealed, all of it."""
    secret = s.secret
    if secret is None or not secret.committing:
        return secret
    return secret.turn_player, secret.pc, secret.seats, tuple(choice is not None for choice in secret.chosen)


def shown(s: "State", viewer: int) -> tuple[tuple[int, ...], str]:
    """For a view: the seats that have chosen in secret, and the viewer's own choice ("" if none)."""
    secret = s.secret
    if secret is None or not secret.committing:
        return (), ""
    done = tuple(seat for seat, choice in zip(secret.seats, secret.chosen) if choice is not None)
    own = next((choice.text for seat, choice in zip(secret.seats, secret.chosen)
                if seat == viewer and choice is not None), "")
    return done, own
