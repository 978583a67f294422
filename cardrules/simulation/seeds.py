"""A run's base seed and a game's index -> the seeds its deal and its agents use: the same on every machine."""

from __future__ import annotations

import hashlib
from typing import Any

_blake2b = hashlib.blake2b


def derive_seed(*parts: Any) -> int:
    """A stable 64-bit integer from several values: the same on every machine and Python run."""
    return _digest(repr(tuple(parts)))


def _digest(text: str) -> int:
    return int.from_bytes(_blake2b(text.encode(), digest_size=8).digest(), "big")


def deal_seed(seed: int, index: int) -> int:
    """The seed game `index` of a run with base seed `seed` is dealt with."""
    if type(seed) is int and type(index) is int:  # the tuple's repr written directly: once per game of a run
        return _digest(f"('deal', {seed}, {index})")
    return derive_seed("deal", seed, index)


def agent_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the agent in `seat` for game `index` of a run with base seed `seed`."""
    if type(seed) is int and type(index) is int and type(seat) is int:
        return _digest(f"('agent', {seed}, {index}, {seat})")
    return derive_seed("agent", seed, index, seat)
