"""cardrules: a rules language for card games, compiled to a generic turn engine.

The whole pipeline, as `load` runs it (`prepare` stops before the compiler, so that one parse
and check serves every set of options)::

    text  --language.syntax.parse-->  nodes  --language.extend.resolve-->  one merged file
          --language.check.check-->  symbols + diagnostics
          --compiler.compile_game-->  engine.Game  --Game.new_initial_state-->  engine.State

The sub-packages, each importing only those before it (tests/test_layout.py keeps it so):
`converter` (records to JSON), `diagnostics`, `values` and `resources` (foundations), `engine`
(the runtime: zone kinds, states, views, knowledge, positions, saves), `language` (syntax, nodes,
extend, builtins, check), `compiler`, `bots`, `checked` (checked rules, compiled for any options,
and their disk cache), this façade, `simulation` (the match driver, backends, statistics,
summaries), `authoring` (validate, explain, fmt, new) and `cli` (the commands and the terminal
rendering).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from .checked import CheckedRules, RulesSummary, requested, summarised, through_cache
from .diagnostics import Diagnostic, RulesError, RulesRuntimeError
from .engine import Action, Game, IllegalAction, State
from .files import read_text
from .resources import bundled_rules

__all__ = ["load", "load_source", "prepare", "prepare_source", "CheckedRules", "check_source", "find_game", "Game",
           "State", "Action", "RulesError", "RulesRuntimeError", "IllegalAction", "Diagnostic", "played_before",
           "summary", "check_file"]


def find_game(name_or_path: str | Path, relative_to: str | None = None) -> Path:
    """A bundled game's name or a path to a rules file (relative to an extending file) -> its path."""
    games = bundled_rules()
    if str(name_or_path) in games:
        return games[str(name_or_path)]
    candidates = [Path(relative_to).parent / name_or_path] if relative_to else []
    for path in candidates + [Path(name_or_path)]:
        if path.exists():  # a directory or a pipe is found, then refused with its reason when read
            return path
    known = ", ".join(sorted(games)) or "none"
    raise FileNotFoundError(f"no bundled game or rules file named '{name_or_path}' (bundled games: {known})")


def _import_parser() -> None:
    """The parser and the checker (and lark with them) are imported when a text is first parsed, not by a command
    whose checked rules come from the disk cache; they become this module's `parse`, `check` and `extend`."""
    found = globals()
    if "parse" not in found:
        from .language.syntax import parse
        found["parse"] = parse
    if "check" not in found:
        from .language.check import check
        found["check"] = check
    if "extend" not in found:
        from .language import extend
        found["extend"] = extend


def parse_resolved(text: str, path: str = "<rules>"):
    """Parse a rules text and merge in the game it extends, if any."""
    _import_parser()
    return extend.resolve(parse(text, path), find_game, parse)  # noqa: F821 (imported by _import_parser)


def prepare_source(text: str, path: str = "<rules>", name: str | None = None) -> CheckedRules:
    """Parse, resolve `extends` and check a rules text once (RulesError only if it does not parse)."""
    rules = parse_resolved(text, path)
    symbols, diagnostics = check(rules)  # noqa: F821 (imported by _import_parser)
    return CheckedRules(rules, symbols, tuple(diagnostics), name or Path(path).stem)


def prepare(game: str | Path) -> CheckedRules:
    """A bundled game by name, or a rules file by path, parsed and checked once (or read back from the disk cache
    of checked rules, `checked.through_cache`: the parser and the checker are then not even imported)."""
    path = find_game(game)
    return _prepared(read_text(path), str(path))


def _prepared(text: str, path: str) -> CheckedRules:
    """A rules file's text parsed and checked, or read back from the disk cache of checked rules."""
    name = Path(path).stem
    return through_cache(text, path, name, lambda: prepare_source(text, path, name))


def summary(game: str | Path) -> RulesSummary:
    """A bundled game by name, or a rules file by path: its title, player counts and options, read back from the
    disk cache without the checked rules when it was summarised before (`cardrules list`). RulesError for rules
    with errors."""
    path = find_game(game)
    text = read_text(path)
    return summarised(text, str(path), path.stem, lambda: _prepared(text, str(path)))


def played_before(game: str | Path, options: dict[str, Any] | None = None) -> Game | None:
    """The game `prepare(game).compile_cached(options)` gave before for the same file and options as given, read
    back from the disk cache without parsing, checking or compiling (nor importing what does): a command's warm
    start. None when there is none; the caller then prepares and compiles (or reads back) the usual way, which
    also reports whatever is wrong."""
    try:
        path = find_game(game)
        text = read_text(path)
    except OSError:  # no such game, or a file that cannot be read: the usual way says so
        return None
    return requested(text, str(path), path.stem, dict(options or {}), lambda: prepare(path))


def check_file(text: str, path: str) -> list[Diagnostic]:
    """`check_source` of a rules file's text, through the disk cache of checked rules: a file checked before and
    unchanged since (with every file it extends) is not parsed or checked again (`cardrules check`)."""
    return _diagnostics(lambda: _prepared(text, path))


def check_source(text: str, path: str = "<rules>") -> list[Diagnostic]:
    """Every diagnostic of a rules text: parse errors, or the checker's errors and warnings."""
    return _diagnostics(lambda: prepare_source(text, path))


def _diagnostics(prepared: Callable[[], CheckedRules]) -> list[Diagnostic]:
    try:
        return list(prepared().diagnostics)
    except RulesError as exc:
        return list(exc.diagnostics)


def load_source(text: str, path: str = "<rules>", options: dict[str, Any] | None = None,
                name: str | None = None) -> Game:
    """A rules text compiled with `options`."""
    return prepare_source(text, path, name).compile(options)


def load(game: str | Path, options: dict[str, Any] | None = None) -> Game:
    """Load a bundled game by name, or a rules file by path, compiled with `options`."""
    return prepare(game).compile(options)


def __getattr__(name: str) -> Any:
    """`cardrules.parse`, `.check`, `.extend` before a text was parsed: imported when first asked for."""
    if name in ("parse", "check", "extend"):
        _import_parser()
        return globals()[name]
    raise AttributeError(f"module 'cardrules' has no attribute '{name}'")
