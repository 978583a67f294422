"""Two ways of playing the same games (the engine, a game's playout) -> which one a run uses: the faster, as
timed on the run's first games.

A playout plays exactly the engine's games (compiler/playout.py), so which of the two plays a game changes
nothing but the time it takes. Which is faster depends on the game: the engine keeps some values across
decisions that a playout works out again. So each process times both on its first games of each game and
number of players, alternating, and then keeps the one that spent less CPU time a decision.
CARDRULES_PLAYOUT=always or =never in the environment fixes the choice (benchmarks, tests).
"""

from __future__ import annotations

import os
import time
from typing import Any

TRIALS = 6  # games timed each way before choosing


class Faster:
    """The timing of one game and number of players in this process."""

    def __init__(self) -> None:
        self.spent = [0.0, 0.0]  # CPU seconds: the engine, the playout
        self.decisions = [0, 0]
        self.games = 0
        self.choice: bool | None = _fixed()

    def playout_next(self) -> bool:
        """Whether the next game is the playout's."""
        return self.choice if self.choice is not None else self.games % 2 == 1

    def timing(self) -> bool:
        return self.choice is None

    def took(self, playout: bool, seconds: float, decisions: int) -> None:
        self.spent[playout] += seconds
        self.decisions[playout] += decisions
        self.games += 1
        if self.games >= 2 * TRIALS:
            per = [self.spent[i] / max(1, self.decisions[i]) for i in (0, 1)]
            self.choice = per[1] <= per[0]


def _fixed() -> bool | None:
    setting = os.environ.get("CARDRULES_PLAYOUT", "auto")
    return {"always": True, "never": False}.get(setting)


_CHOICES: dict[tuple[int, int], tuple[Any, Faster]] = {}


def faster(game: Any, players: int) -> Faster:
    """The timing kept for a game object and a number of players."""
    found = _CHOICES.get((id(game), players))
    if found is None or found[0] is not game:
        if len(_CHOICES) > 256:
            _CHOICES.clear()
        found = _CHOICES[id(game), players] = (game, Faster())
    return found[1]


clock = time.process_time
