"""What a generated playout (compiler/playout.py) calls at run time: taking cards from wherever they lie,
seats checked, the random seat's draw, and the signals that end a playout early.

A playout plays a whole game of random seats in one generated function over plain lists, without the
engine's State. It never reports an error itself: anything it cannot play exactly as the engine would
(a rules error, a budget, a decision limit) raises, and the caller plays that game again on the engine,
which then says what the engine says.
"""

from __future__ import annotations

from typing import Callable

from ..values import NOTHING, SEATS, SEQUENCES, Card, Seat, is_seat
from .accepts import options_refusal
from .derived import probe
from .game import Game, mix_seed
from .naming import secret, secret_keys


def play(game: Game, n: int, seed: int, bits: list[Callable[[int], int]], limit: int) -> tuple:
    """Game `seed` of `n` random seats by the game's playout: (the first seat to decide or -1, the winners, the
    turns, the decisions, the rules' `result` as the game ended or None, the sides or None). `bits`: each
    seat's generator's `getrandbits`. Raises where the engine must play it."""
    zones, values, rng = start(game, n, seed)
    return game.playout(n, rng, zones, values, bits, limit, game.limits.steps, game)


_STARTS: dict[tuple[int, int], tuple] = {}  # (id(game), n) -> (the game, its blank zones and variables)


def start(game: Game, n: int, seed: int) -> tuple[list, list, int]:
    """A blank game's zones with the cards placed and its variables set (kept per game and number of players
    unless working them out drew from the generator), and the generator's state for `seed`."""
    kept = _STARTS.get((id(game), n))
    if kept is not None and kept[0] is game:
        return [zone[:] for zone in kept[1]], kept[2][:], mix_seed(seed)
    if not game.min_players <= n <= game.max_players or options_refusal(game.option_docs, game.options, n):
        raise Unplayable("a game the engine refuses to start")  # (Game.new_initial_state says why)
    state = game.blank_state(n, seed)
    game.place_cards(state)
    game.initialise_vars(state)
    if state.rng == mix_seed(seed):
        if len(_STARTS) > 64:
            _STARTS.clear()
        _STARTS[id(game), n] = (game, [zone[:] for zone in state.zones], state.vars[:])
    return state.zones, state.vars, state.rng


MISSING = object()  # a value not worked out yet (a definition's call kept for the rest of a body)


class NewRound(Exception):
    """`new round`: back to the round's set-up (caught by the playout's round loop)."""


class Unplayable(Exception):
    """The playout met something it does not play as the engine would: play this game on the engine."""


# What a machine's turn gives back to its search (compiler/playout_machine.py) besides a game's record: the
# choice's moves where the search's script ran out, or a move whose guards prove all the search looks for.
BRANCH = object()
PROVEN = object()


def wanted_tests(tests: tuple, applies: tuple) -> frozenset | None:
    """The tests a search looks for (State.allowed_later): those of the guards that apply, None if one has none."""
    wanted = [test for test, applied in zip(tests, applies) if applied]
    return None if None in wanted else frozenset(wanted)


def take_cards(zones: list, cards: list) -> None:
    """Remove each of `cards` from the zone that holds it (each card once, in any zone); anything else
    (a card lying nowhere, or twice in the list, a value that is not a card) is left to the engine."""
    if cards.__class__ is not list:
        cards = [cards]
    gone = set(cards)
    if len(gone) != len(cards) or not all(card.__class__ is Card for card in cards):
        raise Unplayable("cards to move that are not all different cards")
    left = len(gone)
    if not left:
        return
    for zone in zones:
        if not zone or gone.isdisjoint(zone):
            continue
        before = len(zone)
        if zone.__class__ is list:
            zone[:] = [card for card in zone if card not in gone]
        else:  # a grid
            for card in [card for card in cards if card in zone]:
                zone.remove(card)
        left -= before - len(zone)
        if not left:
            return
    raise Unplayable("a card to move lies in no zone")


def take_card(zones: list, card) -> None:
    """Remove one card from the zone holding it."""
    if card.__class__ is not Card:
        raise Unplayable("a value to move that is not a card")
    for zone in zones:
        if card in zone:
            zone.remove(card)
            return
    raise Unplayable("a card to move lies in no zone")


def find_zone(zones: list, card) -> list:
    """The zone holding a card, searched from the last slot (players' zones come last, most moves start there)."""
    for slot in range(len(zones) - 1, -1, -1):
        if card in zones[slot]:
            return zones[slot]
    raise Unplayable("a card to move lies in no zone")


_PLACES: dict[tuple, tuple] = {}  # (id(game), n, seat, who is out) -> (the game, its hidden slots, watchers)


def by_place(game: Game, n: int, out: list, player: int, zones: list, rng: int, values: list) -> list:
    """A binder's list in the order the engine offers it to `player` (naming.Namer.reorder): the cards lying
    in zones the player cannot see, named by place, take the places such cards hold in the list in the order
    of their names (each zone's cards in the generator's secret order). Where the player could tell such a
    zone's cards apart (a stack), the names leave out the cards the player knows, which only the engine
    follows: that game is the engine's."""
    offered = {value for value in values if value.__class__ is Card}
    if not offered:
        return values
    key = (id(game), n, player, tuple(out))
    kept = _PLACES.get(key)
    if kept is None or kept[0] is not game:
        state = probe(game, n, out)
        if len(_PLACES) > 256:
            _PLACES.clear()
        kept = _PLACES[key] = (game, game.derived.hidden_slots(state, player), game.derived.sight(state)[1])
    place: dict = {}  # each card of a hidden zone holding an offered card -> that zone's rank among such zones
    rank = 0
    for slot in kept[1]:
        cards = zones[slot]
        if cards and not offered.isdisjoint(cards):
            if kept[2][slot] >> player & 1:
                raise Unplayable("a card named by place in a zone whose cards its chooser may know")
            rank += 1
            for card in cards:
                place[card] = rank
    if not place:
        return values
    keys = secret_keys(rng)
    places, named = [], []
    for i, value in enumerate(values):
        if value.__class__ is Card and value in place:
            places.append(i)
            key = keys.get(value)
            if key is None:
                key = keys[value] = secret(rng, value)
            named.append((place[value], key, value))
    named.sort()  # by zone, then in the secret order (two cards never share a key: naming.secret)
    values = list(values)
    for i, (_, _, card) in zip(places, named):
        values[i] = card
    return values


def side_of(sides: list, player) -> list:
    """The side (team) a seat plays on (State.side)."""
    for members in sides:
        if player in members:
            return members
    raise Unplayable("not a seat")


def seat(value, n: int) -> int:
    """A seat for `first player:` / `next player:`: a Seat or a seat's number in range."""
    if is_seat(value, n):
        return int(value)
    raise Unplayable("not a seat")


def secret_seats(listed, n: int, out: list) -> list[int]:
    """The seats of a `simultaneously` that choose, in the list's order, those out left out (secret.start);
    a list the engine refuses is the engine's to report."""
    chosen: list[int] = []
    for p in listed if isinstance(listed, SEQUENCES) else [listed]:
        if not is_seat(p, n) or int(p) in chosen:
            raise Unplayable("a 'simultaneously' the engine judges")
        if not out[p]:
            chosen.append(int(p))
    return chosen


def seats(value, n: int) -> list[int]:
    """The seats a `win` or `eliminate` names: one seat or a list of seats."""
    if value.__class__ is Seat and 0 <= value < n:
        return [int(value)]
    values = value if isinstance(value, SEQUENCES) else [value]
    return [seat(p, n) for p in values]


__all__ = ["MISSING", "NOTHING", "SEATS", "NewRound", "Unplayable", "by_place", "find_zone", "seat", "seats",
           "secret_seats", "side_of", "take_card", "take_cards"]
