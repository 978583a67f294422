"""Cards a player knows without seeing the zone they lie in, and what the rules say a zone can hold.

A player sees the cards of the zones declared visible to them. Besides those, a player may
**know** a card lying in a zone they cannot see:

* `reveal CARDS to PLAYERS` shows the cards to those players;
* knowledge follows a card that moves *publicly* for the knower: a player who knew a card where
  it lay (saw its zone, or knew it there) and could tell that it was this card that left keeps
  knowing it in the zone it goes to. A player can tell which card left a zone they see or their
  own zone (they hold it, even facing away), and a card leaving a `stack` they know it in (the
  order of a stack is watched by everyone: the known card on top of the deck is the one drawn);
  they cannot tell which card left another's `row` they do not see (a hand held out of sight:
  its order is nobody's business). So the card everyone saw put on top of the deck stays known
  in the hand that draws it, and a face-up card taken into a hand stays known to everyone who
  saw it.

`State.known` maps a card to a bitmask of the seats that know it, beyond those who see its zone.
Knowledge is lost when the card moves where the knower cannot follow it (a move that is not
public for them, as above), when its zone is shuffled, and when a card the knower cannot tell
leaves a row they do not see for a zone they do not see: then any of the row's cards may be the
one that left, so the knower no longer knows where those they knew lie (keeping them would tell
which card went). Who sees a zone needs no bit: a card entering a zone a player sees is seen.

A file may also declare what a zone can ever hold (`holds deck(p): COND`): every player knows
that much from the rules, so samples of the unseen cards (`keep_to_holds`) deal a card only into
the zones that allow it.

Moves that name cards the chooser can neither see nor know name them by place instead (naming.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..diagnostics import RulesRuntimeError, Span, error, explain_exception
from ..values import SEATS, Card

if TYPE_CHECKING:
    from .specs import HoldsSpec
    from .state import State

def seers(s: "State", slot: int) -> int:
    """The seats that see the cards of the zone at `slot`, as a bitmask."""
    return s.game.derived.seer_masks(s)[slot]


def seer_masks(s: "State") -> list[int]:
    """`seers` of every slot, worked out afresh (Derived.seer_masks keeps them)."""
    game, n = s.game, s.n
    masks = []
    for slot in range(game.shared_zones + n * (len(game.zones) - game.shared_zones)):
        spec = game.zone_at(slot, n)
        seat = (slot - game.shared_zones) % n if spec.per_player else None
        masks.append(sum(1 << viewer for viewer in range(n) if s.sees(spec, seat, viewer)))
    return masks


def watcher_masks(s: "State") -> list[int]:
    """For every slot, the seats that can tell which card leaves that zone, as a bitmask, worked out
    afresh (Derived.sight keeps them): everyone for a stack (its order is watched), else
    those who see it and its owner (who holds the cards, even facing away)."""
    game, n, everyone = s.game, s.n, (1 << s.n) - 1
    masks = []
    for slot, seen in enumerate(seer_masks(s)):
        spec = game.zone_at(slot, n)
        if spec.kind.has_top:
            masks.append(everyone)
        else:
            masks.append(seen | (1 << (slot - game.shared_zones) % n if spec.per_player else 0))
    return masks


def follow(s: "State", card: Card, mask: int, from_slot: int, to_slot: int) -> None:
    """After a move of `card` from the zone at `from_slot` to the one at `to_slot` (some player does
    not see it): the players who knew it where it lay (`mask`: its bits there, taken off already)
    and could tell it was the card that left keep knowing it there, if they do not see it anyway.
    Those who could not tell which card left a row they do not see, for a zone they do not see,
    forget where the row's cards they knew lie (see the module's docstring)."""
    masks, watchers = s.game.derived.sight(s)
    seen_from, seen_to, watching = masks[from_slot], masks[to_slot], watchers[from_slot]
    keep = (seen_from | mask) & watching & ~seen_to
    if keep:
        s.known[card] = keep
    lost = ~(watching | seen_to) & ((1 << s.n) - 1)
    if lost and s.known:
        _lose_track(s.known, s.zones[from_slot], lost)


def _lose_track(known: dict, row: list, lost: int) -> None:
    """The players in `lost` forget where the cards of `row` they knew lie."""
    for other in row:
        bits = known.get(other, 0)
        if bits & lost:
            if bits & ~lost:
                known[other] = bits & ~lost
            else:
                del known[other]


def follow_zone(s: "State", cards: list[Card], from_slot: int, to_slot: int) -> None:
    """After the whole zone at `from_slot` (its `cards`, already taken out) moved to the zone at `to_slot`:
    what `follow` leaves when the cards move one by one. Each card keeps the knowers who could tell it
    left and do not see it where it goes; the row's other cards a knower loses track of are the moving
    cards themselves, whose bits `follow` would take off only from knowers who could not tell them
    apart, and those are not kept for any card anyway."""
    masks, watchers = s.game.derived.sight(s)
    told = watchers[from_slot] & ~masks[to_slot]  # knowers whose knowledge can follow a card there
    seen = masks[from_slot] & told  # who saw the cards where they lay
    known = s.known
    for card in cards:
        keep = seen | known.pop(card, 0) & told
        if keep:
            known[card] = keep


def follow_taken(s: "State", cards: list[Card], places: list[int], masks: list[int] | None, to_slot: int) -> None:
    """After `cards` were taken out of the zones at `places` (a slot per card) for the zone at `to_slot`,
    with `masks` (per card, its bits taken off already; None: no card was known): what `follow` leaves
    when they move one by one. Each card keeps what follow keeps of it; the cards left in a zone lose,
    once, the bits of those who could not tell which card left (follow takes the same bits off at each
    card); the moving cards' own bits it takes off are of knowers not kept for any card anyway."""
    masks_seen, watchers = s.game.derived.sight(s)
    not_to = ~masks_seen[to_slot]
    known = s.known
    for i, card in enumerate(cards):
        slot = places[i]
        keep = (masks_seen[slot] | (masks[i] if masks else 0)) & watchers[slot] & not_to
        if keep:
            known[card] = keep
    if not known:
        return
    everyone = (1 << s.n) - 1
    for slot in set(places):
        lost = ~(watchers[slot] | masks_seen[to_slot]) & everyone
        if lost:
            _lose_track(known, s.zones[slot], lost)


def forget_zone(s: "State", slot: int) -> None:
    """A shuffled zone: nobody knows where its cards are any more."""
    for card in s.zones[slot]:
        s.known.pop(card, None)


def reveal(s: "State", cards: Iterable, players: Iterable) -> None:
    mask = 0
    for p in players:
        mask |= 1 << int(p)
    for card in cards:
        if isinstance(card, Card):
            s.known[card] = s.known.get(card, 0) | mask


def slot_of(s: "State", card: Card) -> int:
    """The slot of the zone holding a card, or -1."""
    for slot, zone in enumerate(s.zones):
        if card in zone:
            return slot
    return -1


def knows(s: "State", player: int, card) -> bool:
    """Whether `player` sees the card's zone or knows the card there."""
    if not isinstance(card, Card):
        return False
    if s.known.get(card, 0) >> player & 1:
        return True
    slot = slot_of(s, card)
    return slot >= 0 and bool(seers(s, slot) >> player & 1)


def known_to(s: "State", player: int, cards: list[Card]) -> list[int]:
    """Indexes (from the bottom) of the cards of one unseen zone that `player` knows."""
    known = s.known
    if not known or player < 0:
        return []
    return [i for i, card in enumerate(cards) if known.get(card, 0) >> player & 1]


def known_view(s: "State", cards: list[Card], player: int, from_top: bool) -> list[dict]:
    """The known cards of a zone `player` cannot see, for their view. In a zone whose top is what
    everyone watches (`from_top`: a stack) each card comes with its depth (0: the top card); in
    other zones the order is nobody's business (a hand's order is the order its cards were drawn
    in), so the cards are listed in card order."""
    found = known_to(s, player, cards)
    texts = s.game.card_texts
    if from_top:
        return [{"card": texts[cards[i]], "from_top": len(cards) - 1 - i} for i in reversed(found)]
    return [{"card": texts[c]} for c in sorted(cards[i] for i in found)]


def unseen_pool(s: "State", player: int, slots: list[int]) -> list[tuple[int, int]]:
    """The (slot, index) places of the given zones that hold a card `player` does not know."""
    known = s.known
    bit = 1 << player if player >= 0 else 0
    return [(slot, i) for slot in slots for i, card in enumerate(s.zones[slot])
            if not known.get(card, 0) & bit]


def keep_to_holds(s: "State", places: list[tuple[int, int]], pool: list[Card], rng) -> list[Card]:
    """The unseen cards `pool`, dealt to `places` so that each lies in a zone whose `holds` allows
    it, as anyone who knows the rules knows. Cards that may go to the fewest zones go first, each
    into one of its zones at random in proportion to the places left there; a card with no such
    place left takes one of the last places. `rng` is a `random.Random`."""
    free: dict[int, list[int]] = {}
    for k, (slot, _) in enumerate(places):
        free.setdefault(slot, []).append(k)
    if all(_holds_rule(s, slot) is None for slot in free):
        return pool
    for indexes in free.values():
        rng.shuffle(indexes)
    derived, unseen = s.game.derived, tuple(free)
    allowed: dict[tuple[int, ...], list[Card]] = {}  # the zones a card may go to -> those cards
    for card in pool:
        allowed.setdefault(derived.zones_for(s, unseen, card), []).append(card)
    dealt: list = [None] * len(places)
    stranded = []
    for slots, cards in sorted(allowed.items(), key=lambda entry: len(entry[0])):
        for card in cards:  # in the pool's random order
            open_slots = [slot for slot in slots if free[slot]]
            if not open_slots:
                stranded.append(card)
                continue
            slot = open_slots[0] if len(open_slots) == 1 else \
                rng.choices(open_slots, [len(free[slot]) for slot in open_slots])[0]
            dealt[free[slot].pop()] = card
    rest = [k for indexes in free.values() for k in indexes]
    for k, card in zip(rest, stranded):
        dealt[k] = card
    return dealt


def broken_holds(s: "State") -> tuple[str, Card, Span] | None:
    """The first card lying in a zone whose `holds` rules it out, as (the zone as written, the card,
    the span of the `holds` line); None when every card keeps to them (`cardrules validate`)."""
    if not s.game.holds:
        return None
    derived = s.game.derived
    for slot, cards in enumerate(s.zones):
        rule = _holds_rule(s, slot)
        if rule is None:
            continue
        for card in cards:
            if not derived.holds_allows(s, slot, card):
                return zone_text(s, slot), card, rule.span
    return None


def holds_verdict(s: "State", slot: int, card: Card) -> bool:
    """Whether the `holds` of the zone at `slot` allows a card (any card, for a zone without one),
    worked out afresh: Derived.holds_allows keeps the answers."""
    rule = _holds_rule(s, slot)
    if rule is None:
        return True
    owner = SEATS[(slot - s.game.shared_zones) % s.n] if s.game.zone_at(slot, s.n).per_player else None
    try:
        return rule.condition(s, owner, card)
    except Exception as exc:  # a rules file's condition failed: point at its line
        raise RulesRuntimeError([error("R310", "this 'holds' condition could not be evaluated: "
                                       f"{explain_exception(exc)}", rule.span, s.game.path)], s.game.sources) from None


def _holds_rule(s: "State", slot: int) -> HoldsSpec | None:
    """The `holds` of the zone at `slot`; None for a zone without one."""
    return s.game.holds.get(s.game.zone_at(slot, s.n).name)


def zone_text(s: "State", slot: int) -> str:
    """A zone as the rules write it: deck, hand(P1), pile(asc1) (its kind's `written`)."""
    spec = s.game.zone_at(slot, s.n)
    return spec.kind.written(spec, (slot - s.game.shared_zones) % s.n if spec.per_player else None)
