"""A legal move (`Action`): an option of the pending decision with the values bound to its binders."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..values import Card

if TYPE_CHECKING:
    from .game import Game


class Action:
    """One legal move: an option of the pending decision and the values bound to its binders.

    A plain class rather than attrs: thousands are made per second while bots search, and the text
    (option name and values) is only written out when somebody reads it."""

    __slots__ = ("option", "name", "values", "actual", "_game", "_text")

    def __init__(self, option: int, name: str, values: tuple = (), game: "Game | None" = None,
                 actual: tuple | None = None):
        # One statement per slot, and `_text` left unset until read: listers make an Action for every
        # legal move of every decision, and this is cheaper than a tuple assignment (docs/performance.md).
        self.option = option
        self.name = name
        self.values = values
        self._game = game
        # `values` is what the chooser is told (a card they cannot see is named by its place, see
        # naming.Namer); `actual` is what the binders get. Equality uses `values` only, so a move
        # means the same in every state the chooser cannot tell apart.
        self.actual = values if actual is None else actual

    @property
    def text(self) -> str:
        try:
            return self._text
        except AttributeError:  # not written out yet
            game = self._game
            words = [game.card_texts[v] if v.__class__ is Card else game.describe(v) for v in self.values] \
                if game is not None else [str(v) for v in self.values]
            self._text = " ".join([self.name, *words])
            return self._text

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and (self.option, self.name, self.values) == (
            other.option, other.name, other.values)

    def __hash__(self) -> int:
        return hash((self.option, self.name, self.values))

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __str__(self) -> str:
        return self.text


class IllegalAction(ValueError):
    """An action that is not among `legal_actions()`."""
