"""Any rules file as a PettingZoo AEC environment: `cardrules.pettingzoo.env("NAME", players=2)`.

pettingzoo, gymnasium and numpy (the `rl` extra: `pip install 'cardrules[rl]'`) are imported only when
an environment is made, so the base install works without them. docs/agents.md ("PettingZoo") says
how observations, actions and rewards are laid out.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .. import CheckedRules
    from .environment import CardrulesEnv

__all__ = ["env", "raw_env"]


def raw_env(game: "str | Path | CheckedRules", players: int | None = None, options: dict[str, Any] | None = None,
            **settings: Any) -> "CardrulesEnv":
    """The environment of a bundled game (by name), a rules file (by path) or rules already read and checked
    (`cardrules.prepare(...)`: one parse for many environments), for `players` players (the
    game's fewest by default) and `options`. `settings`: render_mode ("ansi", "human"), grid_radius,
    numbers, max_steps, rewards (see CardrulesEnv and docs/agents.md)."""
    try:
        from .environment import CardrulesEnv
    except ImportError as exc:
        raise ImportError(f"cardrules.pettingzoo needs the rl extra: pip install 'cardrules[rl]' ({exc})") from None
    return CardrulesEnv(game, players, options, **settings)


def env(game: "str | Path | CheckedRules", players: int | None = None, options: dict[str, Any] | None = None,
        **settings: Any) -> "CardrulesEnv":
    """The same as `raw_env`: the environment checks its own moves, so it needs no wrapper."""
    return raw_env(game, players, options, **settings)
