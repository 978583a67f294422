"""The cards' attribute values + the `text:` declaration -> each card's short text and full name.

A definition of one card named in `text:` (a derived attribute, checked by language.card_text) adds its
value for the card, set apart by a space (`15 STAR`); a `none` value is left out. Distinct cards
must have distinct texts, since players and position files name cards by them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..diagnostics import RulesError, Span, error, explain_exception
from ..language import nodes
from ..language.card_text import derived_in_text
from ..values import NOTHING, Card, Sym

if TYPE_CHECKING:
    from .compiler import Compiler


def card_words(c: "Compiler", raw_cards: list[dict], cards: tuple[Card, ...],
               decl: nodes.TextDecl | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(texts, labels) of the cards, in card order; the definitions must be compiled already."""
    text_attrs = decl.attributes if decl is not None else ()
    derived = derived_in_text(decl, c.sym.defs, c.sym.attributes) if decl is not None else []
    texts = [c.text_of(rc, text_attrs) for rc in raw_cards]
    labels = [c.label_of(rc, text_attrs) for rc in raw_cards]
    if derived:
        own = tuple(name for name in text_attrs if name not in derived)
        for i, rc in enumerate(raw_cards):
            if rc["name"]:
                continue  # a named card is written by its name
            texts[i], labels[i] = _with_derived(c, rc, cards[i], text_attrs, derived, own)
    _check_unique(c, raw_cards, texts, decl)
    return tuple(texts), tuple(labels)


def _with_derived(c: "Compiler", rc: dict, card: Card, names: tuple[str, ...], derived: list[str],
                  own: tuple[str, ...]) -> tuple[str, str]:
    """A card's text and name: runs of attributes written together (as without derived ones), each
    derived value a word of its own."""
    chunks: list[str] = []
    words: list[str] = [c.label_of(rc, own)] if own else []
    run = False  # the last chunk is a run of attributes
    for name in names:
        if name in derived:
            value = _derived_value(c, name, card)
            run = False
            if value is not NOTHING:
                chunks.append(value.short if isinstance(value, Sym) else _word(value))
                words.append(value.name if isinstance(value, Sym) else _word(value))
            continue
        value = rc["attrs"].get(name, NOTHING)
        if value is NOTHING:  # an attribute the card does not have is left out
            continue
        part = value.short if isinstance(value, Sym) else str(value)
        if run:
            chunks[-1] += part
        else:
            chunks.append(part)
        run = True
    return " ".join(chunks), " ".join(w for w in words if w)


def _word(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


class NoState:
    """What a value of the cards alone (a derived attribute, a caption) is worked out on: no state, only the
    memo that a definition without parameters (a constant table of the file) keeps its value in, and a number
    of players no game has, which keys the per-game cache of a definition that reads nothing of the state
    (compiler/inlining.py) without filling a real count's entry."""

    n = 0

    def __init__(self):
        self.memo: dict = {}


def _derived_value(c: "Compiler", name: str, card: Card) -> Any:
    """A derived attribute's value for a card: the definition reads no state (the checker saw to it)."""
    function, decl = c.emitter.ns[c.emitter.def_names[name]], c.sym.defs[name]
    try:
        value = function(NoState(), card)
    except Exception as exc:
        raise RulesError([error("E312", f"'{name}' could not be worked out for a card's text: "
                                f"{explain_exception(exc)}", decl.body.span, c.path)], c.sources) from None
    if value is not NOTHING and (isinstance(value, Card) or not isinstance(value, Sym | int | str)):
        raise RulesError([error("E312", f"'{name}' gives a value that cannot be written in a card's text; it "
                                "must give an attribute's value, a number, a text or none", decl.body.span,
                                c.path)], c.sources)
    return value


def _check_unique(c: "Compiler", raw_cards: list[dict], texts: list[str], decl: nodes.TextDecl | None) -> None:
    """Two different cards written alike could not be told apart in a typed move or a position file."""
    seen: dict[str, int] = {}
    for i, text in enumerate(texts):
        first = seen.setdefault(text.lower(), i)
        if first != i and (raw_cards[first]["attrs"], raw_cards[first]["name"]) != (raw_cards[i]["attrs"],
                                                                                  raw_cards[i]["name"]):
            span = decl.span if decl is not None else Span(1, 1)
            one, other = (c.label_of(raw_cards[k], ()) for k in (first, i))
            raise RulesError([error("E313", f"the cards '{one}' and '{other}' are both written "
                                    f"'{text}'; name more attributes in 'text:' so that each card has its own "
                                    "text", span, c.path)], c.sources)
