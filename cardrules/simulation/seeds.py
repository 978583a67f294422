"""A run's base seed and a game's index -> the seeds its deal and its agents use: the same on every machine."""

from __future__ import annotations

import hashlib
from typing import Any


def derive_seed(*parts: Any) -> int:
    """A stable 64-bit integer from several values: the same on every machine and Python run."""
    digest = hashlib.blake2b(repr(tuple(parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def deal_seed(seed: int, index: int) -> int:
    """The seed game `index` of a run with base seed `seed` is dealt with."""
    return derive_seed("deal", seed, index)


def agent_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the agent in `seat` for game `index` of a run with base seed `seed`."""
    return derive_seed("agent", seed, index, seat)
