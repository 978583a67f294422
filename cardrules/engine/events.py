"""What the rules tell the players during a move (`Event`): the words, who is told, and who knows each card named.

An event is kept as structured words, not as text, so that every front end writes it for one
observer at display time (cli/announce.py): a card the observer could not see nor know when it
was named is written "a card" for them. `State.events` holds the events of the last move; a `quiet`
state (nobody reads them: a simulation, a search) makes none.

* `say PARTS` and `say PARTS to PLAYERS` (`said`): the sentence, told to everyone or to those seats;
* the choices of a `simultaneously`, told to everyone once all are made (`chose`);
* a seat put out, a new round (`notice`); a new round also keeps the state as the round ended
  (`snapshot`), for the summary a front end shows before the new deal.

Who knows a card is a bitmask of seats (`knowers`): the seats that see the zone holding it or know
it there (knowledge.py), and the `SPECTATOR` bit for an observer at no seat (player -1), who sees
the public zones only, as `State.view(-1)` does (players who each looked at a card in private do
not make it public, even when all of them did).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..values import SEATS, Card, Seat, Words
from ..words import agree, listed
from .knowledge import seers, slot_of

if TYPE_CHECKING:
    from .game import Game
    from .state import State

SPECTATOR = 64  # the bit of player -1 in a knowers mask: the seats use the bits 0 to 63


def bit(viewer: int) -> int:
    """The bit of a viewer (a seat, or -1 for a spectator) in a knowers or an audience mask."""
    return 1 << (viewer if viewer >= 0 else SPECTATOR)


def knowers(s: State, card: Card) -> int:
    """The viewers who see or know `card` where it lies now, as a bitmask (see `bit`)."""
    slot = slot_of(s, card)
    if slot < 0:
        return s.known.get(card, 0)
    mask = s.known.get(card, 0) | seers(s, slot)
    if slot not in s.game.derived.hidden_slots(s, -1):
        mask |= 1 << SPECTATOR
    return mask


@attrs.frozen
class Named:
    """Cards among the words of an event: one card, or a list written `[a, b]`; with, for each card,
    the viewers who knew it when it was named (see `bit`). A list may hold other values, as text."""

    items: tuple[Any, ...]  # cards, and other values written out
    known: tuple[int, ...]  # by item: who knew the card (0 for text)
    long: bool  # cards written by their full name (a `say`) rather than their text (a move)
    listed: bool = False  # a list: written in brackets

    def text(self, game: Game) -> str:
        words = [game.describe(item, self.long) if isinstance(item, Card) else item for item in self.items]
        return "[" + ", ".join(words) + "]" if self.listed else " ".join(words)


@attrs.frozen
class Event:
    """Words told to the players, joined with spaces: text, and the cards named (`Named`)."""

    kind: str  # "say", "chose", "out" or "round"
    words: tuple[str | Named, ...]
    audience: int | None = None  # the viewers told (see `bit`); None: everyone
    game: Game | None = attrs.field(default=None, eq=False, repr=False)
    snapshot: State | None = attrs.field(default=None, eq=False, repr=False)  # a new round: the round as it ended

    def told(self, viewer: int) -> bool:
        return self.audience is None or bool(self.audience & bit(viewer))

    @property
    def text(self) -> str:
        """The whole sentence, every card named: what the rules said, as an all-seeing observer reads it."""
        return " ".join(w.text(self.game) if isinstance(w, Named) else w for w in self.words)

    def __str__(self) -> str:
        return self.text


def _named(s: State, items: Any, long: bool, listed: bool) -> Named:
    items = tuple(v if isinstance(v, Card) else s.game.describe(v, long) for v in items)
    return Named(items, tuple(knowers(s, v) if isinstance(v, Card) else 0 for v in items), long, listed)


def _words(s: State, values: list[Any], long: bool) -> tuple[str | Named, ...]:
    """Values -> words: cards kept with who knows them (a `words(...)` text split into its pieces,
    its cards written by their text), seats listed as a subject (`P0 and P2`) that the next text agrees
    with, anything else written out."""
    out: list[str | Named] = []
    subject = 0  # the players named just before: the text after them agrees with them (words.py)
    for value in values:
        if subject and isinstance(value, str) and not isinstance(value, Words):
            value = agree(value, subject)
        subject = 0
        if isinstance(value, list | tuple) and value and all(isinstance(v, Seat) for v in value):
            out.append(listed([s.game.describe(v) for v in value]))  # `P0 and P2`, not `[P0, P2]`
            subject = len(value)
        elif isinstance(value, Card):
            out.append(_named(s, (value,), long, False))
        elif isinstance(value, Words):
            out.append(_named(s, value.pieces, False, False))
        elif isinstance(value, list | tuple) and any(isinstance(v, Card) for v in value):
            out.append(_named(s, value, long, True))
        else:
            out.append(value if isinstance(value, str) else s.game.describe(value, long))
    return tuple(out)


def said(s: State, values: list[Any], seats: list[Any] | None = None) -> None:
    """`say`: the sentence of `values`, told to `seats` (everyone when None)."""
    if s.quiet:
        return
    audience = None if seats is None else sum({1 << int(p) for p in seats})
    s.events.append(Event("say", _words(s, values, True), audience, s.game))


def chose(s: State, seat: int, name: str, values: tuple) -> None:
    """A secret choice, told to everyone once all are made: `P1 chose pick r3`."""
    if s.quiet:
        return
    s.events.append(Event("chose", _words(s, [SEATS[seat], "chose", name, *values], False), None, s.game))


def notice(s: State, kind: str, text: str, snapshot: State | None = None) -> None:
    """A sentence with no card, told to everyone (a seat put out, a new round)."""
    if s.quiet:
        return
    s.events.append(Event(kind, (text,), None, s.game, snapshot))
