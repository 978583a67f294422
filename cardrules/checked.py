"""A rules file parsed, merged and checked -> `CheckedRules` (compile it for any options), and the disk cache
that keeps them from one process to the next (cardrules/cache.py stores the bytes).

An entry is keyed by the rules text, its path and name and cardrules' code, and holds the text of
every file it extends, which must still be on disk as it was: the next process that loads the same
file skips the parser and the checker (and never imports lark). The commands also keep each game
compiled for a set of options (`compile_cached`, game_store.py carries its generated code), keyed by
the texts, the option values, the compiler's switches and cardrules' code; the library's `load`
compiles afresh. Texts that are not files (`load_source`, the language server's buffers) are not cached.
Beside each compiled game, a small entry for the request that made it (the file and the options as typed):
`requested` reads the game back from it without even reading the checked rules (a command's warm start). And for
each file a summary of what `cardrules list` shows (`summarised`), read back without the checked rules too.
"""

from __future__ import annotations

import hashlib
import sys
from typing import TYPE_CHECKING, Any, Callable

import attrs

from . import cache, game_store
from .compiler.settings import switches
from .diagnostics import Diagnostic, RulesError
from .engine import Game, OptionDoc
from .files import read_text

if TYPE_CHECKING:
    from .language import nodes
    from .language.symbols import Symbols



# The compiler's entry points, imported when first called: a command that reads back a game it asked for before
# (`requested`) imports neither the compiler nor the language.
def compile_game(*args: Any) -> Game:
    """compiler.compile_game (tests replace this name to see whether a game was compiled)."""
    from .compiler import compile_game
    return compile_game(*args)


def option_docs(sym: Symbols) -> dict[str, OptionDoc]:
    """compiler.option_docs."""
    from .compiler import option_docs
    return option_docs(sym)


def option_values(*args: Any) -> dict[str, Any]:
    """compiler.option_values."""
    from .compiler import option_values
    return option_values(*args)


def option_refusals(*args: Any) -> list[str]:
    """compiler.option_refusals."""
    from .compiler import option_refusals
    return option_refusals(*args)


def _shipped() -> bool:
    """Whether the builtins are exactly cardrules' own (else nothing is cached: a builtin added, taken out or
    replaced from outside changes what a file means). Not imported yet, nothing can have changed them."""
    builtins = sys.modules.get("cardrules.language.builtins")
    return builtins is None or builtins.as_shipped()


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

    def compile_cached(self, options: dict[str, Any] | None = None) -> Game:
        """`compile`, read back from the disk cache of compiled games when it holds this game (the commands
        use it; the library's `load` compiles afresh, so that a test that changes the compiler sees it)."""
        self.require_valid()
        values = self.option_values(options)
        cached = _shipped() and not self.path.startswith("<")  # a text that is no file: not cached
        key = cache.key_digest(["compiled game", *_texts(self.sources), self.path, self.name, repr(sorted(
            values.items())), switches(), cache.code_digest()]) if cached else b""
        data = cache.read("game", key) if cached else None
        if data is not None:
            try:
                game = game_store.loads(data, _Recompiled(lambda: self, values))
            except Exception:  # noqa: BLE001 - a corrupt or stale entry is compiled again (and written over)
                data = None
        if data is None:
            game = compile_game(self.rules, self.symbols, values, self.sources, self.name)
            if not cached or (data := game_store.dumps(game)) is None:
                return game
            cache.write("game", key, data)
        request = _request_key(self.sources[self.path], self.path, self.name, options or {})
        if cache.read("request", request) is None:
            cache.write("request", request, cache.dumps((key, values, _digests(self.sources, self.path))))
        return game


def requested(text: str, path: str, name: str, given: dict[str, Any],
              prepare: Callable[[], CheckedRules]) -> Game | None:
    """The game compiled for the same options given (`given`, as typed) from the same rules file before, read
    back from the disk cache without reading the checked rules (nor importing the parser, the checker or the
    compiler); None when there is none, or a file the rules extend changed since (the caller then prepares the
    rules and compiles, or reads the compiled game back, the usual way). `prepare` gives the checked rules
    should a failing step need explaining (its blame compiles the rules again)."""
    if not _shipped():
        return None
    stored = cache.read("request", _request_key(text, path, name, given))
    try:
        key, values, digests = cache.loads(stored, _REQUEST_MODULES) if stored is not None else (None, None, None)
        if key is None or not _unchanged(digests, path):
            return None
        data = cache.read("game", key)
        return None if data is None else game_store.loads(data, _Recompiled(prepare, values))
    except Exception:  # noqa: BLE001 - a corrupt entry, or a file gone: the usual way reports what is wrong
        return None


_REQUEST_MODULES = frozenset({"cardrules.values"})  # option values are plain values, or symbols


def _request_key(text: str, path: str, name: str, given: dict[str, Any]) -> bytes:
    return cache.key_digest(["game requested", text, path, name, repr(sorted(given.items())), switches(),
                             cache.code_digest()])


def _digests(sources: dict[str, str], path: str) -> dict[str, str]:
    """The other files' texts (those the rules extend), by digest: what must be unchanged for a request entry."""
    return {other: hashlib.sha256(text.encode()).hexdigest() for other, text in sources.items() if other != path}


def _unchanged(digests: dict[str, str], path: str) -> bool:
    """Whether the files the rules extend read as they did (`_digests` then); OSError when one is gone."""
    return digests == _digests({other: read_text(other) for other in digests}, path)


class _Recompiled:
    """A game's `blame` once read back from the cache: the first failing step compiles the rules again, and that
    compile's blamer explains it (the same rules and options give the same program, and the same symbols:
    values.Sym is interned); trouble on the way leaves the error as it was, as the blamer itself does."""

    def __init__(self, prepare: Callable[[], CheckedRules], values: dict[str, Any]):
        self.prepare, self.values = prepare, values
        self.blamer: Callable[..., tuple[Any, str] | None] | None = None

    def __call__(self, s: Any, pc: int, exc: Exception) -> tuple[Any, str] | None:
        if self.blamer is None:
            try:
                r = self.prepare()
                blamer = compile_game(r.rules, r.symbols, self.values, r.sources, r.name).blame
            except Exception:  # noqa: BLE001 - blame is best effort: the original error must come through
                return None
            self.blamer = blamer or (lambda *_: None)
        return self.blamer(s, pc, exc)


@attrs.frozen
class RulesSummary:
    """What `cardrules list` shows of a rules file: kept in the disk cache apart from the checked rules, so that
    reading it back imports neither the language nor the compiler (nor unpickles a syntax tree)."""

    title: str
    min_players: int
    max_players: int
    option_docs: dict[str, OptionDoc]


def summarised(text: str, path: str, name: str, prepare: Callable[[], CheckedRules]) -> RulesSummary:
    """The summary of a rules file's `text`: read back from the disk cache when the files the rules extend are
    unchanged, else made from `prepare()`'s checked rules and stored. RulesError for rules with errors (not
    stored: the next call reports them again)."""
    cached = _shipped()
    key = cache.key_digest(["summary", text, path, name, cache.code_digest()])
    stored = cache.read("summary", key) if cached else None
    if stored is not None:
        try:
            summary, digests = cache.loads(stored, _SUMMARY_MODULES)
            if isinstance(summary, RulesSummary) and _unchanged(digests, path):
                return summary
        except Exception:  # noqa: BLE001 - a corrupt entry, or a file gone: made again from the rules
            pass
    rules = prepare().require_valid()
    summary = RulesSummary(rules.title, rules.min_players, rules.max_players, rules.option_docs)
    if cached:
        cache.write("summary", key, cache.dumps((summary, _digests(rules.sources, path))))
    return summary


_SUMMARY_MODULES = frozenset({__name__, "cardrules.engine.specs", "cardrules.values"})


def through_cache(text: str, path: str, name: str, build: Callable[[], CheckedRules]) -> CheckedRules:
    """The checked rules of a rules file's `text`: read from the disk cache, else `build()` (parse and check)
    and stored there."""
    cached = _shipped()  # a builtin added from outside is not in the key
    key = cache.key_digest(["checked rules", text, path, name, cache.code_digest()])
    prepared = _stored(key, text, path) if cached else None
    if prepared is None:
        prepared = build()
        if cached:
            cache.write("rules", key, cache.dumps(prepared))
    return prepared


def _texts(sources: dict[str, str]) -> list[str]:
    """The rules' texts with their paths, in a fixed order (the key of a compiled game)."""
    return [part for path in sorted(sources) for part in (path, sources[path])]


# what checked rules are made of: an entry that names any other class is not ours, and is not read
_STORED_MODULES = frozenset({__name__, "cardrules.language.nodes", "cardrules.language.symbols",
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
