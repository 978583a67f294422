"""`limit NAME N` declarations -> their diagnostics, and the game's bounds they set (engine.specs.GameLimits).

The tool's bounds (docs/limits.md) are far above what a game needs; a game that truly needs more (a match of
many deals, a search-heavy guard) raises its own here, up to a ceiling, rather than every user typing an option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..engine.specs import GameLimits
from ..limits import MAX_GAME_DECISIONS, MAX_SEARCH, MAX_STEPS
from . import nodes
from .suggest import suggest

if TYPE_CHECKING:
    from .check import Checker

# name -> (its ceiling, what it bounds): the names are GameLimits' fields
CEILINGS = {
    "decisions": (MAX_GAME_DECISIONS, "decisions in one game"),
    "steps": (MAX_STEPS, "instructions the rules run between two decisions"),
    "search": (MAX_SEARCH, "positions one 'afterwards' guard may explore"),
}


def check_limit(checker: "Checker", decl: nodes.LimitDecl) -> None:
    """E390 for a name that is not a limit, E391 for a value outside 1..its ceiling; E201 when repeated."""
    if decl.name not in CEILINGS:
        hint = suggest(decl.name, list(CEILINGS))
        checker.err("E390", f"'{decl.name}' is not a limit a rules file can set (limits: "
                    f"{', '.join(CEILINGS)}){hint}", decl.span)
        return
    ceiling, what = CEILINGS[decl.name]
    if not 1 <= decl.value <= ceiling:
        checker.err("E391", f"'limit {decl.name}' ({what}) must be from 1 to {ceiling:,}, not {decl.value:,}",
                    decl.span)
    earlier = [d for d in checker.rules.declarations if isinstance(d, nodes.LimitDecl) and d.name == decl.name]
    if earlier and earlier[0] is not decl:
        checker.err("E201", f"'limit {decl.name}' is declared more than once", decl.span)


def game_limits(rules: nodes.RulesFile) -> GameLimits:
    """The bounds the rules file sets (checked already), the tool's defaults for the rest."""
    given = {d.name: d.value for d in rules.declarations if isinstance(d, nodes.LimitDecl) and d.name in CEILINGS}
    return attrs.evolve(GameLimits(), **given)
