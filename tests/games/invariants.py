"""Checks every game's property tests share: a bot's sample of the hidden cards depends only on what its seat
knows, never on where those cards really lie."""

from __future__ import annotations

import random

from cardrules.bots.beliefs import sample_information_set


def assert_sample_ignores_unseen(state, rng: random.Random, forget_moved: bool = True,
                                 compare_known: bool = True) -> None:
    """Shuffle the cards the seat to move can neither see nor know among their places, and check that the
    seat's sample from the same seed is the same. `forget_moved`: others' knowledge of a shuffled card is
    dropped (it would name a card at a place it is not); `compare_known`: the samples' knowledge too."""
    seat = state.current_player()
    unseen = {c for slot in state.hidden_from(seat) for c in state.zones[slot]
              if not state.known.get(c, 0) >> seat & 1}
    moved = state.clone()
    places = [(z, i) for z, zone in enumerate(moved.zones) for i, c in enumerate(zone) if c in unseen]
    cards = [moved.zones[z][i] for z, i in places]
    rng.shuffle(cards)
    for (z, i), card in zip(places, cards):
        moved.zones[z][i] = card
        if forget_moved:
            moved.known.pop(card, None)
    key = rng.randrange(1 << 30)
    a = sample_information_set(state, seat, random.Random(key))
    b = sample_information_set(moved, seat, random.Random(key))
    assert a.zones == b.zones
    if compare_known:
        assert a.known == b.known
