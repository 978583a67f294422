"""The check of `reveal at end: ZONES` (the zones shown to everyone at game over): known zones, each once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import nodes

if TYPE_CHECKING:
    from .check import Checker


def check(checker: Checker, decl: nodes.EndRevealDecl) -> None:
    """Each name a zone of the file, named once; `none` alone (the parser turned a lone `none` into ())."""
    seen: set[str] = set()
    for name, span in decl.names if decl.zones else ():
        if name == "none":
            checker.err("E350", "'reveal at end: none' shows no zone, so 'none' cannot be listed with zones", span)
            continue
        if name in seen:
            checker.err("E351", f"'reveal at end' names the zone '{name}' twice", span)
        seen.add(name)
        checker.need_zone(name, span)
