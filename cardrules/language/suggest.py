"""A misspelt or foreign name and the names that fit where it stands -> the likeliest one, or nothing.

Two sources: a plain edit distance (letters inserted, deleted, replaced or swapped, ignoring case), and a
small table of the words people bring from other languages (`len` for `count`). The caller passes only
the names of the right sort for the place (functions where a call is made, zones where a zone is
expected), so a suggestion is never a name that could not stand there.
"""

from __future__ import annotations

from typing import Iterable

# Words from other languages (or common misspellings too far from the right word for the edit distance),
# each with the builtin that does what it means there. Only used when that builtin fits the place.
FOREIGN = {
    "len": "count", "length": "count", "lenght": "count", "size": "count", "count_of": "count",
    "longest": "largest", "last": "top", "maximum": "max", "minimum": "min",
    "sort": "sorted", "sort_by": "sorted", "order_by": "sorted",
    "group_by": "groups", "groupby": "groups", "flatten": "concat", "chain": "concat",
    "argmax": "best", "max_by": "best", "total": "sum",
    "choice": "random", "random_choice": "random", "pick": "random",
    "is_empty": "empty", "isempty": "empty", "every": "all", "exists": "any", "some": "any",
    "null": "none", "nil": "none", "self": "me", "current_player": "me", "this_player": "me",
    "player_count": "num_players", "nplayers": "num_players", "n_players": "num_players",
    "next_player": "left", "previous_player": "right", "owner_of": "owner",
}


def distance(a: str, b: str) -> int:
    """The number of single letters inserted, deleted or replaced, or neighbours swapped, turning `a` into
    `b`, case aside (the optimal string alignment distance)."""
    a, b = a.lower(), b.lower()
    previous, row = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if previous is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous[j - 2] + 1)
        previous, row = row, current
    return row[len(b)]


def allowed(name: str) -> int:
    """How many edits a misspelling of `name` may have: one for short names, a third of the length beyond."""
    return max(1, (len(name) + 1) // 3)


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate `name` most likely means, or None when none is close enough."""
    names = sorted(set(candidates) - {name})
    foreign = FOREIGN.get(name.lower())
    if foreign in names:
        return foreign
    scored = [(distance(name, c), c) for c in names]
    fitting = [(d, c) for d, c in scored if d <= allowed(name) and d < max(len(c), 2)]
    return min(fitting)[1] if fitting else None


def suggest(name: str, candidates: Iterable[str]) -> str:
    """A ` — did you mean 'x'?` suffix for a message when a candidate is likely, else ''."""
    close = closest(name, candidates)
    return f" — did you mean '{close}'?" if close else ""
