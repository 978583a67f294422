"""A game to start from + a name -> the text of a variant file that extends it (`cardrules new`).

The variant lists commented places to change: the title, every option with its default, every
definition and case definition.

The file is a complete game as written: it extends the original and only gives it a new title, so
it passes `cardrules check`. Uncommenting a definition and changing it makes a house rule.
"""

from __future__ import annotations

import os
from pathlib import Path

from .. import parse_resolved
from ..language import nodes

RULE = "# " + "-" * 94


# What a new variant lists, commented out, section by section: (declarations, header lines).
_SECTIONS = (
    (nodes.OptionDecl, ["# Options: change a default here; players can still choose with -o NAME=VALUE."]),
    (nodes.DefDecl, ["# Definitions: uncomment one and change it to replace the game's version; everything",
                   "# that uses it follows."]),
    (nodes.CaseDecl, ["# Case definitions: written here with only some of their clauses, they replace just those",
                    "# clauses (keep the first line as it is); the other clauses stay as they are."]),
    (nodes.ActionDecl, ["# Actions: uncomment one and change it to replace the game's version wherever it is done."]),
    (nodes.CaseActionDecl, ["# Case actions: like case definitions, written with only some clauses they replace just",
                          "# those clauses."]),
)


def _lines_of(decl: nodes.Decl, sources: dict[str, str]) -> list[str]:
    """The source lines a declaration was written on."""
    text = sources.get(decl.span.path, "")
    lines = text.splitlines()[decl.span.line - 1: decl.span.end_line or decl.span.line]
    if decl.span.end_line > decl.span.line and lines:  # a span ends after the line break that ends it
        lines[-1] = lines[-1][: decl.span.end_column - 1]
    lines = [line.rstrip() for line in lines]
    while len(lines) > 1 and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        lines.pop()
    return lines or [""]


def _commented(lines: list[str]) -> list[str]:
    return [("# " + line) if line.strip() else "#" for line in lines]


def extends_name(game: str, game_path: Path, new_path: Path, bundled: bool) -> str:
    """How the new file names the game it extends: a bundled name, or a path relative to it."""
    if bundled:
        return game
    relative = os.path.relpath(game_path.resolve(), new_path.resolve().parent)
    return Path(relative).as_posix()


def variant_text(game_text: str, game_path: str, extends: str, name: str) -> str:
    """The text of a new rules file `name` that extends the game in `game_text`."""
    rules = parse_resolved(game_text, game_path)
    decls = rules.declarations
    title = next((d.title for d in decls if isinstance(d, nodes.GameDecl)), name)
    players = next((d for d in decls if isinstance(d, nodes.PlayersDecl)), None)
    out = [
        f"# {name}: a variant of {title}.",
        "#",
        f'# This file is the game "{extends}" with the parts written below replaced; everything else stays',
        "# as it is (docs/variants.md tells what replaces what). Uncomment a declaration and change it to",
        "# make a house rule: it replaces the game's declaration with the same name.",
        "#",
        f"# Then: cardrules check {name}.rules, cardrules explain {name}.rules, cardrules validate {name}.rules",
        "",
        f'extends "{extends}"',
        "",
        f'game "{title}: {name}"',
    ]
    if players is not None:
        out += ["", "# How many can play:", f"# players {players.low}..{players.high}"]
    for kinds, header in _SECTIONS:
        chosen = [d for d in decls if isinstance(d, kinds)]
        if chosen:
            out += ["", RULE, *header, RULE]
            for decl in chosen:
                out += _commented(_lines_of(decl, rules.sources))
    out += ["", "# Procedures (setup:, turn:, after turn:, ...) are replaced whole: copy one from the game to",
            "# change it. New triggers ('on move') and 'end when' declarations are added to the game's."]
    return "\n".join(out) + "\n"
