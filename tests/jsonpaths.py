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


def mangle_json(saved, data, values, items: int = 8) -> None:
    """Change `saved` in place at one to three places drawn by hypothesis's `data`: a key of an object
    dropped, or a value replaced by one drawn from the strategy `values`."""
    import hypothesis.strategies as st

    for _ in range(data.draw(st.integers(1, 3))):
        *parents, last = data.draw(st.sampled_from(places(saved, items=items)[1:]))
        holder = saved
        for key in parents:
            holder = holder[key]
        if isinstance(holder, dict) and data.draw(st.booleans()):
            del holder[last]
        else:
            holder[last] = data.draw(values)
