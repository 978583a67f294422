"""Moves that name unseen cards: a card the chooser can neither see nor place is offered by its place.

Moves whose binders range over cards the chooser can neither see nor know would name those cards.
`Namer` gives them a name by place instead ("hand(P1)#2": the second unseen card of P1's hand) in
an order drawn from the state's secret random generator, so neither the name nor the order of the
offered moves tells anything about the cards (not even the order they were drawn in). A known card
of another player's row is named by place too: its place there is not known (knowledge.py says who
knows what).

The compiler asks for a Namer only where a binder's list may hold such cards (compiler/visibility.py);
where it does, each list is looked at as it is offered. `Namer` does that with one pass over the
zones the chooser cannot see that hold an offered card, numbering each such zone once, with its
name worked out once per player count (Derived.zone_texts); the names of a zone whose cards are all
named by place are kept from one decision to the next while the zone and the secret generator stay as
they were (`State.kept`, stamped as the memo keyed by reads stamps definitions). `ReferenceNamer` is the way it was done
before, card by card (each card's zone found by a walk over all zones, its zone numbered again for
every card not yet named, the zone's name written for every card): the reference the tests hold
`Namer` to, move for move and name for name (tests/engine/test_naming.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..values import Card, Unseen
from .actions import Action
from .knowledge import slot_of, zone_text

if TYPE_CHECKING:
    from .game import Game
    from .state import State

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def secret(rng: int, card: int) -> int:
    """A key only the state's random generator decides (splitmix64 of generator and card): two cards never
    share one (each step of it is one-to-one on 64 bits, and cards are distinct numbers)."""
    z = (rng ^ (int(card) * _GOLDEN)) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def in_secret_order(rng: int, cards: list[Card]) -> list[Card]:
    """`cards` sorted by `secret` (a stable sort, as `sorted(cards, key=...)`). The keys are kept per state of
    the generator, which changes only when the game draws: a game names cards by place many times between two
    draws (a playout may list other players' hands by place at every decision), each card's key worked out once."""
    keys = secret_keys(rng)
    try:
        return sorted(cards, key=keys.__getitem__)
    except KeyError:
        pass
    for card in cards:
        if card not in keys:
            keys[card] = secret(rng, card)
    return sorted(cards, key=keys.__getitem__)


def secret_keys(rng: int) -> dict[Card, int]:
    """The secret keys worked out so far for a state of the generator (card -> key; empty when new)."""
    keys = _KEYS.get(rng)
    if keys is None:
        if len(_KEYS) >= _KEPT_GENERATORS:
            _KEYS.clear()
        keys = _KEYS[rng] = {}
    return keys


_KEYS: dict[int, dict[Card, int]] = {}  # a generator's state -> the secret keys of the cards named by place so far
_KEPT_GENERATORS = 64  # (the states of the generator of the games in play; a run plays one game at a time)


_NUMBERED = object()  # the key of a zone's names kept in State.kept (with the zone's slot)


class Namer:
    """Names the cards `player` cannot see by place, for the moves offered to that player."""

    __slots__ = ("s", "player", "hidden", "watching", "unseen", "names", "ranks", "used")

    def __init__(self, s: "State", player: int):
        self.s, self.player = s, player
        self.hidden: tuple[int, ...] | None = None  # the slots of the zones the player does not see, once asked
        self.watching: tuple[int, ...] = ()  # per slot, who can tell one of its cards from another (once asked)
        self.unseen: dict[int, set[Card]] = {}  # slot -> the cards named by place there, worked out when asked
        self.names: dict[Card, Unseen] = {}
        self.ranks: dict[Card, tuple[int, int]] = {}  # a named card -> (slot, number): the order of the names
        self.used = False  # some offered value was an unseen card

    def _unseen_at(self, slot: int) -> set[Card]:
        """The cards of a zone the player does not see that are named by place: all of them, but for the
        cards the player knows where their place is known too, in a stack (its order is watched) or in
        the player's own zone (held facing away, by the player's own hands). In another player's row
        a known card is named by place as well: knowing that a hand holds a card does not tell where
        it lies (so picking "the known card" of a hand is no more possible than at a table)."""
        found = self.unseen.get(slot)
        if found is None:
            s, bit, known = self.s, 1 << self.player, self.s.known
            cards = s.zones[slot]
            if known and self.watching[slot] & bit:  # where the player can tell one card from another
                found = {card for card in cards if not known.get(card, 0) & bit}
            else:
                found = set(cards)
            self.unseen[slot] = found
        return found

    def reorder(self, values: list) -> list:
        """The unseen cards of a binder's list, put in the order of their names (the places they
        take in the list stay the same: those are known to the player). Only the zones holding some
        offered card are looked into (a hand's cards against a deck: one test in C, not a walk over
        the deck), and each is numbered once, when one of its offered cards has no name yet."""
        offered = {value for value in values if value.__class__ is Card}
        if not offered:  # the unseen cards are worked out only once a card is offered
            return values
        s = self.s
        if self.hidden is None:
            self.hidden = s.game.derived.hidden_slots(s, self.player)
            self.watching = s.game.derived.sight(s)[1]
        zones, names = s.zones, self.names
        unseen: set[Card] = set()
        for slot in self.hidden:
            cards = zones[slot]
            if cards and not offered.isdisjoint(cards):
                here = offered & self._unseen_at(slot)
                if here:
                    if not here <= names.keys():
                        self._number(slot)
                    unseen |= here
        if not unseen:  # the common case
            return values
        self.used = True
        if len(unseen) == len(values):  # every value an unseen card, each once (a look at others' hands)
            return sorted(values, key=self.ranks.__getitem__)
        places = [i for i, v in enumerate(values) if v.__class__ is Card and v in unseen]
        out = list(values)
        ordered = sorted([values[i] for i in places], key=self.ranks.__getitem__)
        for i, card in zip(places, ordered):
            out[i] = card
        return out

    def _number(self, slot: int) -> None:
        """Number the unseen cards of the zone at `slot`, in the secret order. When every card of the
        zone is named (another player's hand, a deck nobody knows a card of) the names depend on nothing
        but the zone's cards and the secret generator, whoever asks: they are kept in the memo keyed by
        reads (`State.kept`), stamped with the zone's version and the generator, for the next decisions
        (the next looks at the same hands) and the other players."""
        s = self.s
        unseen = self._unseen_at(slot)
        cards = s.zones[slot]
        whole = len(unseen) == len(cards)  # (the unseen cards are some of the zone's, each once)
        if whole:
            stamp = (s.zver[slot], s.rng)
            entry = s.kept.get((_NUMBERED, slot))
            if entry is not None and entry[0] == stamp:
                self.names.update(entry[1])
                self.ranks.update(entry[2])
                return
        here = in_secret_order(s.rng, cards if whole else [c for c in cards if c in unseen])
        where = s.game.derived.zone_texts(s)[slot]
        names = {card: Unseen(slot, number, f"{where}#{number}") for number, card in enumerate(here, 1)}
        ranks = {card: (slot, number) for number, card in enumerate(here, 1)}
        if whole:
            s.kept[_NUMBERED, slot] = (stamp, names, ranks)  # never changed once kept: only copied from
        self.names.update(names)
        self.ranks.update(ranks)

    def public(self, values: tuple) -> tuple:
        names = self.names
        if len(values) == 1:  # the common move: one binder
            value = values[0]
            return (names.get(value, value),) if value.__class__ is Card else values
        return tuple([names.get(v, v) if v.__class__ is Card else v for v in values])

    def publish(self, moves: list[Action], game: "Game") -> list[Action]:
        """The moves of this listing as the chooser is told them: each card named by place where it
        has a name, the cards themselves kept as the moves' `actual`. The moves were made by this
        listing and nobody has read them yet, so each is told in place rather than made again."""
        public = self.public
        for move in moves:
            move.values = public(move.values)  # (`actual` still holds the cards: the values it was made with)
        return moves


class ReferenceNamer:
    """`Namer`'s work done card by card, as it was before: what the tests hold `Namer` to."""

    def __init__(self, s: "State", player: int):
        self.s, self.player = s, player
        self.hidden: tuple[int, ...] | None = None  # the slots of the zones the player does not see, once asked
        self.unseen: dict[int, set[Card]] = {}  # slot -> the cards named by place there, worked out when asked
        self.names: dict[Card, Unseen] = {}
        self.used = False  # some offered value was an unseen card

    def _unseen_at(self, slot: int) -> set[Card]:
        """As Namer._unseen_at."""
        found = self.unseen.get(slot)
        if found is None:
            s, bit, known = self.s, 1 << self.player, self.s.known
            cards = s.zones[slot]
            if known and s.game.derived.sight(s)[1][slot] & bit:  # where the player can tell one card from another
                found = {card for card in cards if not known.get(card, 0) & bit}
            else:
                found = set(cards)
            self.unseen[slot] = found
        return found

    def _offered_unseen(self, values: list) -> set[Card]:
        """The cards among `values` that are named by place."""
        s = self.s
        if self.hidden is None:
            self.hidden = s.game.derived.hidden_slots(s, self.player)
        offered = {value for value in values if value.__class__ is Card}
        out: set[Card] = set()
        for slot in self.hidden:
            cards = s.zones[slot]
            if cards and not offered.isdisjoint(cards):
                out |= offered & self._unseen_at(slot)
        return out

    def reorder(self, values: list) -> list:
        """As Namer.reorder."""
        for value in values:
            if value.__class__ is Card:
                break
        else:
            return values
        unseen = self._offered_unseen(values)
        if not unseen:
            return values
        places = [i for i, v in enumerate(values) if v.__class__ is Card and v in unseen]
        self.used = True
        for i in places:
            if values[i] not in self.names:
                self._number(values[i])
        out = list(values)
        ordered = sorted((values[i] for i in places), key=lambda c: (self.names[c].slot, self.names[c].number))
        for i, card in zip(places, ordered):
            out[i] = card
        return out

    def _number(self, card: Card) -> None:
        """Number the unseen cards of the zone holding `card`, in the secret order."""
        s = self.s
        slot = slot_of(s, card)
        unseen = self._unseen_at(slot)
        here = sorted((c for c in s.zones[slot] if c in unseen), key=lambda c: secret(s.rng, c))
        where = zone_text(s, slot)
        for number, other in enumerate(here, 1):
            self.names[other] = Unseen(slot, number, f"{where}#{number}")

    def public(self, values: tuple) -> tuple:
        return tuple(self.names.get(v, v) if v.__class__ is Card else v for v in values)

    def publish(self, moves: list[Action], game: "Game") -> list[Action]:
        """As Namer.publish: the moves made again, with the names as their values."""
        return [Action(a.option, a.name, self.public(a.values), game, a.values) for a in moves]
