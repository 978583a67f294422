"""A generator state and a list -> the list shuffled in place and the generator's next state: the Fisher-Yates
shuffle of State.shuffle, its splitmix64 draws worked out all at once.

The k-th draw of a shuffle mixes the state `rng + k * GOLDEN` (mod 2**64) with two xor-shift-multiply rounds.
Written one draw at a time, each round is a few operations on Python ints; here every draw of the shuffle is a
128-bit lane of one long int, and each operation is done once for all the lanes: a lane holds a 64-bit value in
its low half, so a right shift brings in nothing but zeros from the lane's own high half (the next lane's bits
land above bit 64 and are masked away), and a product by a 64-bit constant fits in the lane. The lanes are read
back as machine words. The draws, the swaps and the state after them are those of the one-at-a-time loop
(`shuffle_one_at_a_time`, kept as the reference and for big-endian machines), for every state and length.
"""

from __future__ import annotations

import sys

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
_LANE_BITS = 128
_KEPT = 512  # lengths whose lane constants are kept (a game shuffles zones of a few sizes)
_lanes: dict[int, tuple[int, int, int]] = {}


def below(rng: int, bound: int) -> tuple[int, int]:
    """One splitmix64 draw below `bound` from the generator at `rng`: (the generator's next state, the draw).
    State.random_below draws with it; a playout, whose generator is a plain int, too."""
    rng = (rng + GOLDEN) & MASK64
    z = ((rng ^ (rng >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return rng, (z ^ (z >> 31)) % bound


def shuffle(rng: int, cards: list) -> int:
    """Shuffle `cards` in place with the draws of the generator at `rng`; the generator's state after them."""
    n = len(cards)
    if n < 2:
        return rng
    if sys.byteorder != "little":
        return shuffle_one_at_a_time(rng, cards)
    ones, steps, mask = _constants(n - 1)
    x = (rng * ones + steps) & mask  # lane k: the state of draw k + 1
    x = ((x ^ (x >> 30)) & mask) * MIX1 & mask
    x = ((x ^ (x >> 27)) & mask) * MIX2 & mask
    x = (x ^ (x >> 31)) & mask
    draws = memoryview(x.to_bytes(16 * (n - 1), "little")).cast("Q")  # two words a lane: the low one is the draw
    k = 0
    for i in range(n - 1, 0, -1):
        j = draws[k] % (i + 1)
        k += 2
        cards[i], cards[j] = cards[j], cards[i]
    return (rng + GOLDEN * (n - 1)) & MASK64


def shuffle_one_at_a_time(rng: int, cards: list) -> int:
    """The same shuffle, one draw at a time (State.random_below inlined)."""
    for i in range(len(cards) - 1, 0, -1):
        rng = (rng + GOLDEN) & MASK64
        z = ((rng ^ (rng >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return rng


def _constants(count: int) -> tuple[int, int, int]:
    """For `count` lanes: a 1 in each lane, k + 1 steps of the generator in lane k, and each lane's low 64 bits."""
    got = _lanes.get(count)
    if got is None:
        if len(_lanes) >= _KEPT:
            _lanes.clear()
        ones = sum(1 << (_LANE_BITS * k) for k in range(count))
        steps = sum((k + 1) * GOLDEN << (_LANE_BITS * k) for k in range(count))
        got = _lanes[count] = (ones, steps, ones * MASK64)
    return got
