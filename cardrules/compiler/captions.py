"""The `caption:` declaration + the cards -> each card's caption: the words the table draws beside it ("" for none).

Worked out once, when the game is built: the checker saw to it that a caption reads only the card, the
options and definitions of those (language/caption.py), so a card's caption tells nothing its text does not.
Nothing but the table reads captions: moves, positions, saves and records name a card by its text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..diagnostics import RulesError, error, explain_exception
from ..language import nodes
from ..values import NOTHING, Card, Seat, Sym
from .card_text import NoState
from .codegen import Env

if TYPE_CHECKING:
    from .compiler import Compiler


def card_captions(c: "Compiler", cards: tuple[Card, ...], texts: tuple[str, ...],
                  decl: nodes.CaptionDecl | None) -> tuple[str, ...]:
    """The captions of the cards (their `texts` name them in errors), in card order; () without a `caption:`
    line. Definitions are compiled already."""
    if decl is None:
        return ()
    name = c.emitter.fresh("cap")
    code = c.emitter.expr(decl.value, Env().with_it("card"))
    function = c.emitter.define(f"def {name}(s, card):\n    return {code}\n", name)
    return tuple(_words(c, decl, _value(c, decl, function, card, texts[card])) for card in cards)


def _value(c: "Compiler", decl: nodes.CaptionDecl, function: Any, card: Card, text: str) -> Any:
    try:
        return function(NoState(), card)
    except Exception as exc:
        raise RulesError([error("E431", f"the caption of the card {text} could not be worked out: "
                                f"{explain_exception(exc)}", decl.value.span, c.path)], c.sources) from None


def _words(c: "Compiler", decl: nodes.CaptionDecl, value: Any) -> str:
    """A caption value as the table writes it: an attribute's value by its name, a number, a text; none: no caption."""
    if value is NOTHING:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Sym):
        return value.name
    if isinstance(value, int | str) and not isinstance(value, Seat):
        return str(value)
    what = "a card" if isinstance(value, Card) else "a seat" if isinstance(value, Seat) else \
        "a list" if isinstance(value, list | tuple) else "a value of another kind"
    raise RulesError([error("E431", "a caption must give an attribute's value, a number, a text or none, and "
                            f"this one gives {what}", decl.value.span, c.path)], c.sources)
