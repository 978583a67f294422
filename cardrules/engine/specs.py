"""The compiled parts of a game that the engine runs, as frozen records: zones, variables, guards, options,
decisions, definitions and the file's `show`, `result`, `sides` and `holds` declarations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

import attrs

from ..diagnostics import Span
from ..limits import MAX_DECISIONS, SEARCH_BUDGET, STEP_BUDGET

if TYPE_CHECKING:
    from .state import State
    from .zones import ZoneKind

PAUSE = -1  # an instruction returns it to stop the interpreter (a decision, the end of the game)

Instruction = Callable[["State"], int]
ExprFn = Callable[["State", list], Any]


@attrs.frozen
class ZoneSpec:
    name: str
    per_player: bool
    visibility: str  # public | hidden | owner | others (every seat but the owner)
    kind: ZoneKind  # how its cards lie and are seen (engine/zones/)
    index: int  # shared: slot; per player: position among per-player zones
    family: str = ""  # for the zones of a family (`zone pile: per key`): the family's name
    hidden_when_out: bool = False  # a per-player zone turned face down once its owner is eliminated
    internal: bool = False  # bookkeeping: the table does not draw it (the view still has it)
    sorted: bool = False  # drawn in the card order, whatever order its cards lie in


@attrs.frozen
class VarSpec:
    name: str
    per_player: bool
    index: int
    initial: ExprFn
    span: Span
    size: int = 1  # one slot per combination of keys
    keys: tuple[dict, ...] = ()  # per key attribute: value -> position (the card key: card -> its id)
    card_key: int = -1  # which of the keys is the card (`per card`), or -1 (engine/percard.py)
    reset_on_move: bool = False  # a card's values go back to the initial one whenever it moves
    attribute: str | None = None  # the ranked attribute whose values it holds, if the checker could tell
    internal: bool = False  # bookkeeping: the table does not show it (the view still has it)
    seat: bool = False  # it holds seats (the checker's kinds): shown P0, even when a number was worked out


@attrs.frozen
class OptionDoc:
    """A declared option as the players read it: `option NAME "DESCRIPTION" = DEFAULT in ... for players ...`
    (what it accepts and when: engine/accepts.py)."""

    default: Any
    description: str
    bounds: tuple[int, int] | None = None  # `in LOW..HIGH`: the whole numbers it accepts
    choices: tuple[Any, ...] | None = None  # `in [V, ...]`: the values it accepts
    players: tuple[int, int] | None = None  # `for players A..B`: the player counts it may be changed with


@attrs.frozen
class GuardSpec:
    condition: ExprFn
    afterwards: bool
    span: Span
    applies: ExprFn | None = None  # `when ...`: judged before the move; the guard is waived when false
    # An afterwards guard's condition by number: two guards of a game with the same number test the same thing of
    # the game at the end of the turn (equal conditions that read no local name); None for any other guard.
    test: int | None = None


@attrs.frozen
class BinderSpec:
    """`for NAME in SOURCE` of an option: the local slot the value goes to, and the candidates."""

    slot: int
    source: ExprFn  # (state, frame) -> the list of values offered


@attrs.frozen
class StraightMove:
    """A `move` that does nothing but move (no trigger listens, no knowledge follows the cards, no
    zone opens): the engine may make it in place and undo it (State._allowed_in_place)."""

    cards: ExprFn  # (state, frame) -> a card or a list of cards
    destination: ExprFn  # (state, frame) -> the slot of the zone they go to
    bottom: bool  # under the zone's cards rather than on top


@attrs.frozen
class OptionSpec:
    name: str
    binders: tuple[BinderSpec, ...]
    guards: tuple[GuardSpec, ...]
    body_pc: int
    span: Span
    # For each binder, whether it may offer cards the chooser cannot see (knowledge.may_hide reads it
    # from the rules): only such lists are checked and their unseen cards named by place.
    hides: tuple[bool, ...] = ()
    # When the option's body, up to the end of the turn, is nothing but straight moves and jumps:
    # those moves, in order (worked out by the compiler); otherwise None.
    straight: tuple[StraightMove, ...] | None = None
    fallback: bool = False  # `otherwise:` / `otherwise NAME:`: offered only when no other option is legal
    # (state, frame, out, namer or None, this spec) -> appends the option's legal moves to `out`, in the order
    # of its binders' lists (compiler/enumeration.py); None for a fallback option, which has no binders.
    lister: Callable | None = None
    slots: tuple[int, ...] = attrs.field(init=False)  # the binders' local slots, in order (State._step binds them)
    # The tests (GuardSpec.test) of the afterwards guards that always apply to this option: offered, the move
    # has a way to finish the turn that leaves each of them true (State._can_finish stops there).
    proves: frozenset[int] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(binder.slot for binder in self.binders))
        object.__setattr__(self, "proves", proved_tests(self.guards))


def proved_tests(guards: Iterable[GuardSpec]) -> frozenset[int]:
    """The tests of the afterwards guards among `guards` that always apply (OptionSpec.proves; a playout's
    search asks the same of an option's guards)."""
    return frozenset(guard.test for guard in guards if guard.afterwards and guard.applies is None
                     and guard.test is not None)


@attrs.frozen
class SecretSpec:
    """What makes a decision secret (`simultaneously`, engine/secret.py): the slot of the loop name, which
    holds the player choosing, and the reveal step, where every chosen body ends."""

    player_slot: int
    reveal_pc: int


@attrs.frozen
class Decision:
    options: tuple[OptionSpec, ...]
    span: Span
    prompt: str = ""  # the question put to the player (`choose "...":`), if the rules give one
    secret: SecretSpec | None = None  # the choose of a `simultaneously`: moves are kept until all have chosen
    may_hide: bool = attrs.field(init=False)  # some option may offer cards the chooser cannot see
    # What State._enumerate walks, worked out once: the options with a lister, and the fallbacks by index.
    listed: tuple[OptionSpec, ...] = attrs.field(init=False)
    fallbacks: tuple[tuple[int, OptionSpec], ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "may_hide", any(any(option.hides) for option in self.options))
        object.__setattr__(self, "listed", tuple(option for option in self.options if not option.fallback))
        object.__setattr__(self, "fallbacks", tuple((index, option) for index, option in enumerate(self.options)
                                                    if option.fallback))


@attrs.frozen
class DefinitionSpec:
    """`def NAME(PARAMS) = BODY`: the body on a frame whose first slots are the arguments."""

    body: ExprFn
    frame_size: int
    params: int  # how many arguments it takes


@attrs.frozen
class ShowSpec:
    """`show "LABEL": EXPR`: a line the players see."""

    label: str
    value: ExprFn
    span: Span
    seat: bool = False  # its value is a seat or seats (the checker's kinds): shown P0, even when worked out as a number
    per_seat: bool = False  # `[... for p in players]`: one value per seat, shown against the seats' names


@attrs.frozen
class ResultSpec:
    """`result "LABEL": EXPR`: the game's own measure of how a finished game went."""

    label: str
    value: ExprFn
    span: Span


@attrs.frozen
class SidesSpec:
    """`sides: EXPR`: which seats play together."""

    value: ExprFn
    span: Span


@attrs.frozen
class GameLimits:
    """The bounds of one game: the tool's defaults (limits.py), or what its rules file says (`limit NAME N`)."""

    decisions: int = MAX_DECISIONS  # decisions in one game (a command's --max-decisions overrides it)
    steps: int = STEP_BUDGET  # instructions between two decisions
    search: int = SEARCH_BUDGET  # states one `afterwards` guard may explore


@attrs.frozen
class HoldsSpec:
    """`holds ZONE(p): COND`: what a zone can ever hold (knowledge.keep_to_holds)."""

    condition: Callable  # (state, owner seat or None, card) -> bool; reads no state (checker E227)
    span: Span


class RuleFailure(Exception):
    """Raised by an instruction with a message meant for the rules author."""
