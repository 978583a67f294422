"""The places of a JSON value (the keys and indexes leading to each part): the fuzz tests mangle saves there."""

from __future__ import annotations


def places(data, prefix: tuple = (), items: int = 8) -> list[tuple]:
    """Every place in `data`, the first `items` items of each list only."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += places(value, (*prefix, key), items)
    elif isinstance(data, list):
        for i, value in enumerate(data[:items]):
            found += places(value, (*prefix, i), items)
    return found
