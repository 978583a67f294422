"""cardrules: a rules language for card games, compiled to a generic turn engine.

The whole pipeline, as `load` runs it (`prepare` stops before the compiler, so that one parse
and check serves every set of options)::

    text  --language.syntax.parse-->  nodes  --language.extend.resolve-->  one merged file
          --language.check.check-->  symbols + diagnostics
          --compiler.compile_game-->  engine.Game  --Game.new_initial_state-->  engine.State

The sub-packages, each importing only those before it (tests/test_layout.py keeps it so):
`converter` (records to JSON), `diagnostics`, `values` and `resources` (foundations), `engine`
(the runtime: zone kinds, states, views, knowledge, positions, saves), `language` (syntax, nodes,
extend, builtins, check), `compiler`, `bots`, this façade, `simulation` (the match driver,
backends, statistics, summaries), `authoring` (validate, explain, fmt, new) and `cli` (the
commands and the terminal rendering).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from . import cache
from .compiler import compile_game, option_docs, option_refusals, option_values
from .diagnostics import Diagnostic, RulesError, RulesRuntimeError
from .engine import Action, Game, IllegalAction, OptionDoc, State
from .files import read_text
from .language import builtins, nodes
from .language.symbols import Symbols
from .resources import bundled_games, bundled_variants

__all__ = ["load", "load_source", "prepare", "prepare_source", "CheckedRules", "check_source", "find_game", "Game",
           "State", "Action", "RulesError", "RulesRuntimeError", "IllegalAction", "Diagnostic"]


def find_game(name_or_path: str | Path, relative_to: str | None = None) -> Path:
    """A bundled game's name or a path to a rules file (relative to an extending file) -> its path."""
    games = {**bundled_variants(), **bundled_games()}
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


@attrs.frozen
class CheckedRules:
    """A rules file parsed, merged with the game it extends and checked, once: compile it for any options.

    The checker's diagnostics are kept, errors included (`validate` reports them); `compile` refuses
    rules with errors, as `load` does.
    """

    rules: nodes.RulesFile
    symbols: Symbols
    diagnostics: tuple[Diagnostic, ...]
    name: str  # the game's short name: a bundled name or the file's stem

    @property
    def path(self) -> str:
        return self.rules.path

    @property
    def sources(self) -> dict[str, str]:
        return self.rules.sources

    @property
    def title(self) -> str:
        return self.symbols.title

    @property
    def min_players(self) -> int:
        return self.symbols.players[0]

    @property
    def max_players(self) -> int:
        return self.symbols.players[1]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def option_docs(self) -> dict[str, OptionDoc]:
        """The declared options: name -> default and description, as `Game.option_docs`."""
        return option_docs(self.symbols)

    def option_values(self, given: dict[str, Any] | None = None) -> dict[str, Any]:
        """Every option's value with `given` converted to its kind (RulesError: an unknown option, or a value
        it does not accept)."""
        return option_values(self.symbols, dict(given or {}), self.path, self.sources)

    def option_refusals(self, given: dict[str, Any], players: int | None = None) -> list[str]:
        """Why the rules refuse the values given for their options (outside what an option accepts, or set
        with a player count it is not for, when `players` is given): [] when every value is accepted."""
        return option_refusals(self.symbols, dict(given), players)

    def require_valid(self) -> CheckedRules:
        """These rules, or a RulesError with the checker's errors."""
        if self.errors:
            raise RulesError(self.errors, self.sources)
        return self

    def compile(self, options: dict[str, Any] | None = None) -> Game:
        """The game compiled with `options` (the others at their defaults)."""
        self.require_valid()
        return compile_game(self.rules, self.symbols, dict(options or {}), self.sources, self.name)


def prepare_source(text: str, path: str = "<rules>", name: str | None = None) -> CheckedRules:
    """Parse, resolve `extends` and check a rules text once (RulesError only if it does not parse)."""
    rules = parse_resolved(text, path)
    symbols, diagnostics = check(rules)  # noqa: F821 (imported by _import_parser)
    return CheckedRules(rules, symbols, tuple(diagnostics), name or Path(path).stem)


def _prepare_file(text: str, path: str, name: str) -> CheckedRules:
    """`prepare_source` for the text of a rules file, through the disk cache (cardrules/cache.py).

    An entry is keyed by the text, its path and name and cardrules' code, and holds the text of every
    file it extends, which must still be on disk as it was: the next process that loads the same file
    skips the parser and the checker (and never imports lark). Compiling for a set of options is not
    cached: it is quick, and the compiler's output is code, which pickle does not carry. Texts that
    are not files (`load_source`, the language server's buffers) are not cached."""
    cached = builtins.as_shipped()  # a builtin added from outside is not in the key
    key = cache.key_digest(["checked rules", text, path, name, cache.code_digest()])
    prepared = _stored(key, text, path) if cached else None
    if prepared is None:
        prepared = prepare_source(text, path, name)
        if cached:
            cache.write("rules", key, cache.dumps(prepared))
    return prepared


# what checked rules are made of: an entry that names any other class is not ours, and is not read
_STORED_MODULES = frozenset({"cardrules", "cardrules.language.nodes", "cardrules.language.symbols",
                             "cardrules.language.kinds", "cardrules.diagnostics", "cardrules.values"})


def _stored(key: bytes, text: str, path: str) -> CheckedRules | None:
    """The checked rules stored for `key`, if there are and every file they were made from is unchanged."""
    data = cache.read("rules", key)
    if data is None:
        return None
    try:
        prepared = cache.loads(data, _STORED_MODULES)
    except Exception:  # a corrupt or foreign entry is rebuilt (and written over)
        return None
    if not isinstance(prepared, CheckedRules) or prepared.sources.get(path) != text:
        return None
    for other, was in prepared.sources.items():
        if other != path:
            try:
                if read_text(other) != was:
                    return None
            except OSError:
                return None
    return prepared


def prepare(game: str | Path) -> CheckedRules:
    """A bundled game by name, or a rules file by path, parsed and checked once."""
    path = find_game(game)
    return _prepare_file(read_text(path), str(path), path.stem)


def check_source(text: str, path: str = "<rules>") -> list[Diagnostic]:
    """Every diagnostic of a rules text: parse errors, or the checker's errors and warnings."""
    try:
        return list(prepare_source(text, path).diagnostics)
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
