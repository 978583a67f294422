"""The compiled parts of a game that the engine runs: zone, variable, guard, option and decision specs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import attrs

from ..diagnostics import Span

if TYPE_CHECKING:
    from .state import State
    from .zones import ZoneKind

PAUSE = -1  # an instruction returns it to stop the interpreter (a decision, the end of the game)
FALLBACK = "otherwise"  # an option of this name is offered only when no other option is legal

Instruction = Callable[["State"], int]
ExprFn = Callable[["State", list], Any]


@attrs.frozen
class ZoneSpec:
    name: str
    per_player: bool
    visibility: str  # public | hidden | owner
    kind: ZoneKind  # how its cards lie and are seen (engine/zones/)
    index: int  # shared: slot; per player: position among per-player zones
    family: str = ""  # for the zones of a family (`zone pile: per key`): the family's name
    hidden_when_out: bool = False  # a per-player zone turned face down once its owner is eliminated


@attrs.frozen
class VarSpec:
    name: str
    per_player: bool
    index: int
    initial: ExprFn
    span: Span
    size: int = 1  # one slot per combination of keys
    keys: tuple[dict, ...] = ()  # per key attribute: value -> position


@attrs.frozen
class GuardSpec:
    condition: ExprFn
    afterwards: bool
    span: Span
    applies: ExprFn | None = None  # `when ...`: judged before the move; the guard is waived when false


@attrs.frozen
class OptionSpec:
    name: str
    binders: tuple[tuple[int, ExprFn], ...]  # (local slot, source of candidates)
    guards: tuple[GuardSpec, ...]
    body_pc: int
    span: Span
    # For each binder, whether it may offer cards the chooser cannot see (knowledge.may_hide reads it
    # from the rules): only such lists are checked and their unseen cards named by place.
    hides: tuple[bool, ...] = ()


@attrs.frozen
class Decision:
    options: tuple[OptionSpec, ...]
    span: Span
    prompt: str = ""  # the question put to the player (`choose "...":`), if the rules give one
    may_hide: bool = attrs.field(init=False)  # some option may offer cards the chooser cannot see

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "may_hide", any(any(option.hides) for option in self.options))



class RuleFailure(Exception):
    """Raised by an instruction with a message meant for the rules author."""
