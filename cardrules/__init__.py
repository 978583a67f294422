"""cardrules: a rules language for card games, compiled to a generic turn engine.

The whole pipeline, as `load` runs it::

    text  --language.syntax.parse-->  nodes  --language.extend.resolve-->  one merged file
          --language.check.check-->  symbols + diagnostics
          --compiler.compile_game-->  engine.Game  --Game.new_initial_state-->  engine.State

The sub-packages, each importing only those before it (tests/test_layout.py keeps it so):
`diagnostics`, `values` and `resources` (foundations), `engine` (the runtime: zone kinds, states,
knowledge, positions, saves), `language` (syntax, nodes, extend, builtins, check), `compiler`,
`bots`, this façade, `simulation` (the match driver, backends, statistics), `authoring`
(validate, explain, fmt, new) and `cli` (the commands and the terminal rendering).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .compiler import compile_game
from .diagnostics import Diagnostic, RulesError, RulesRuntimeError
from .engine import Action, Game, IllegalAction, State
from .language import extend
from .language.check import check
from .language.syntax import parse
from .resources import bundled_games, bundled_variants

__all__ = ["load", "load_source", "check_source", "find_game", "Game", "State", "Action", "RulesError",
           "RulesRuntimeError", "IllegalAction", "Diagnostic"]


def find_game(name_or_path: str | Path, relative_to: str | None = None) -> Path:
    """A bundled game's name or a path to a rules file (relative to an extending file) -> its path."""
    games = {**bundled_variants(), **bundled_games()}
    if str(name_or_path) in games:
        return games[str(name_or_path)]
    candidates = [Path(relative_to).parent / name_or_path] if relative_to else []
    for path in candidates + [Path(name_or_path)]:
        if path.is_file():
            return path
    known = ", ".join(sorted(games)) or "none"
    raise FileNotFoundError(f"no bundled game or rules file named '{name_or_path}' (bundled games: {known})")


def parse_resolved(text: str, path: str = "<rules>"):
    """Parse a rules text and merge in the game it extends, if any."""
    return extend.resolve(parse(text, path), find_game, parse)


def check_source(text: str, path: str = "<rules>") -> list[Diagnostic]:
    """Every diagnostic of a rules text: parse errors, or the checker's errors and warnings."""
    try:
        rules = parse_resolved(text, path)
    except RulesError as exc:
        return list(exc.diagnostics)
    return check(rules)[1]


def load_source(text: str, path: str = "<rules>", options: dict[str, Any] | None = None,
                name: str | None = None) -> Game:
    rules = parse_resolved(text, path)
    symbols, diagnostics = check(rules)
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        raise RulesError(errors, rules.sources)
    return compile_game(rules, symbols, dict(options or {}), rules.sources, name or Path(path).stem)


def load(game: str | Path, options: dict[str, Any] | None = None) -> Game:
    """Load a bundled game by name, or a rules file by path, compiled with `options`."""
    path = find_game(game)
    return load_source(path.read_text(encoding="utf-8"), str(path), options, path.stem)
