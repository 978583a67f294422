"""What the engine keeps per card: the values of `var NAME per card` and who last moved each card (`mover`).

Both live in `State.vars`, so clones, saves and equality carry them without a field of their own: a
per-card variable is a keyed variable whose key is the card (its table maps each card to its id),
and a game whose rules read `mover(card)` has one more slot per card at the end of `vars`, holding
the seat whose step last moved the card, or `none` (never moved, or moved by setup).

A value attached to a card says which card it is, so views show those of the cards the viewer sees
(or knows) only, and a sample of what a player cannot see (`State.determinize`) keeps each unseen
place's values with the place, not with the card that lay there.
"""

from __future__ import annotations

import itertools
from math import prod
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..values import NOTHING, SEATS, Card, Seat
from .specs import RuleFailure, VarSpec

if TYPE_CHECKING:
    from .game import Game
    from .state import State


# ---- where the values are -----------------------------------------------------------------------
def mover_base(game: "Game", n: int) -> int:
    """The slot of card 0's mover in `State.vars`: after every variable."""
    return game.shared_vars + n * sum(v.size for v in game.vars if v.per_player)


def card_slots(spec: VarSpec, shared_vars: int, n: int, card: int) -> list[int]:
    """Every slot of `State.vars` holding a value of this card in a per-card variable (for every seat
    and every value of its other keys); keys are laid out row-major, as Game.var_slot does."""
    sizes = [len(table) for table in spec.keys]
    k = spec.card_key
    inner, outer = prod(sizes[k + 1:]), prod(sizes[:k])
    flats = [o * sizes[k] * inner + card * inner + i for o in range(outer) for i in range(inner)]
    bases = [shared_vars + spec.index * n + p * spec.size for p in range(n)] if spec.per_player else [spec.index]
    return [base + flat for base in bases for flat in flats]


def mover_of(s: "State", card: Any) -> Any:
    """`mover(card)`: the seat whose step last moved the card; `none` for `none`."""
    return mover_among(s.vars, mover_base(s.game, s.n), card, s.game.describe)


def mover_among(values: list, base: int, card: Any, describe: Callable[[Any], str] = repr) -> Any:
    """`mover(card)` over variables whose movers start at `base` (a playout's, or the State's)."""
    if card.__class__ is not Card:
        if card is NOTHING:
            return NOTHING
        raise RuleFailure(f"'mover' needs a card, not {describe(card)}")
    return values[base + card]


# ---- moves -----------------------------------------------------------------------------------------
def move_hook(records: bool, in_setup: bool, resets: Sequence[VarSpec], shared_vars: int,
              per_player_size: int) -> Callable[["State", Sequence[Card]], None] | None:
    """What a move instruction does for the cards it has moved, or None when the rules keep nothing per
    card: note the mover (`none` in setup) and put back the values of `reset on move` variables."""
    if not records and not resets:
        return None
    slots: list[dict[tuple[int, int], list[int]]] = [{} for _ in resets]  # per variable: (n, card) -> card_slots

    def moved(s: "State", cards: Sequence[Card]) -> None:
        values = s.vars
        if records:
            base = shared_vars + s.n * per_player_size
            who = NOTHING if in_setup else SEATS[s.me]
            for card in cards:
                values[base + card] = who
        if resets and s.memo:
            s.memo.clear()  # the initial values are worked out after the move, not from what was known before
        n = s.n
        for spec, known in zip(resets, slots):
            s.vars_changed()  # what was set above may be read by this initial value: values kept before are stale
            initial = spec.initial(s, s.locals)
            for card in cards:
                where = known.get((n, card))
                if where is None:
                    where = known[n, card] = card_slots(spec, shared_vars, n, card)
                for slot in where:
                    values[slot] = initial
    return moved


def reset(s: "State", spec: VarSpec) -> None:
    """`reset NAME`: every value of the variable (every seat, key and card) back to its initial value,
    worked out again now."""
    initial = spec.initial(s, s.locals)
    game = s.game
    for p in range(s.n if spec.per_player else 1):
        for key in range(spec.size):
            s.vars[game.var_slot(spec, s.n, p, key)] = initial


def follow_places(s: "State", replaced: dict[Card, Card]) -> None:
    """A sample dealt other cards into unseen places (`replaced`: the card that lay there -> the card
    that lies there now): the per-card values and movers go with the places."""
    game = s.game
    old = s.vars[:]
    pairs: list[tuple[list[int], list[int]]] = []
    for spec in game.vars:
        if spec.card_key >= 0:
            pairs.extend((card_slots(spec, game.shared_vars, s.n, was), card_slots(spec, game.shared_vars, s.n, now))
                         for was, now in replaced.items())
    if game.records_movers:
        base = mover_base(game, s.n)
        pairs.extend(([base + was], [base + now]) for was, now in replaced.items())
    for source, target in pairs:
        for a, b in zip(source, target):
            s.vars[b] = old[a]



def plain_vars(s: "State") -> list:
    """`State.vars` without what is kept per card (the values that go with places in a sample)."""
    game = s.game
    if not game.per_card:
        return s.vars
    kept = [True] * len(s.vars)
    for spec in game.vars:
        if spec.card_key >= 0:
            for p in range(s.n if spec.per_player else 1):
                first = game.var_slot(spec, s.n, p)
                kept[first:first + spec.size] = [False] * spec.size
    if game.records_movers:
        base = mover_base(game, s.n)
        kept[base:base + len(game.cards)] = [False] * len(game.cards)
    return [value for value, keep in zip(s.vars, kept) if keep]


def same_by_place(a: "State", b: "State") -> bool:
    """Whether the cards at each place of two states of one game (zones of the same sizes) carry the same
    per-card values and movers."""
    game = a.game
    specs = [spec for spec in game.vars if spec.card_key >= 0]
    base = mover_base(game, a.n) if game.records_movers else -1
    for slot, zone in enumerate(a.zones):
        for ca, cb in zip(zone, b.zones[slot]):
            if base >= 0 and a.vars[base + ca] != b.vars[base + cb]:
                return False
            for spec in specs:
                if [a.vars[i] for i in card_slots(spec, game.shared_vars, a.n, ca)] != \
                        [b.vars[i] for i in card_slots(spec, game.shared_vars, b.n, cb)]:
                    return False
    return True


# ---- names: views and positions --------------------------------------------------------------------
def card_names(game: "Game") -> list[str]:
    """Each card's name as a key of a per-card value: its text, and for the copies after the first
    (in card order) the text with `#2`, `#3`, ..."""
    seen: dict[str, int] = {}
    names = []
    for card in game.cards:
        text = game.card_texts[card]
        seen[text] = seen.get(text, 0) + 1
        names.append(text if seen[text] == 1 else f"{text}#{seen[text]}")
    return names


def key_names(game: "Game", spec: VarSpec) -> list[str]:
    """The name of each key combination of a keyed variable, in slot order: the key values joined by
    spaces, a card by its name (card_names)."""
    cards = card_names(game) if spec.card_key >= 0 else []
    columns = [cards if i == spec.card_key else [v.name for v in table] for i, table in enumerate(spec.keys)]
    return [" ".join(combo) for combo in itertools.product(*columns)]


def key_cards(spec: VarSpec) -> list[Card | None]:
    """The card of each key combination of a per-card variable, in slot order."""
    columns = [list(table) if i == spec.card_key else [None] * len(table) for i, table in enumerate(spec.keys)]
    return [combo[spec.card_key] for combo in itertools.product(*columns)]


def seen_cards(s: "State", viewer: int) -> set[Card]:
    """The cards `viewer` sees where they lie or knows (a spectator, -1, sees the public zones)."""
    game, out = s.game, set()
    for slot, zone in enumerate(s.zones):
        spec = game.zone_at(slot, s.n)
        seat = (slot - game.shared_zones) % s.n if spec.per_player else None
        if s.sees(spec, seat, viewer):
            for _, cards in spec.kind.parts(zone):
                out.update(cards)
    if viewer >= 0:
        out.update(card for card, mask in s.known.items() if mask >> viewer & 1)
    return out


def movers_view(s: "State", viewer: int) -> dict[str, str]:
    """`mover` of each card the viewer sees that a player has moved: card name -> seat (P1)."""
    if not s.game.records_movers:
        return {}
    seen, base, names = seen_cards(s, viewer), mover_base(s.game, s.n), card_names(s.game)
    return {names[card]: repr(Seat(s.vars[base + card])) for card in sorted(seen)
            if s.vars[base + card] is not NOTHING}
