"""The disk cache: the parser and checked rules come back as they were made, and a bad entry is never trusted.

Each test points CARDRULES_CACHE_DIR at a directory of its own (`where`, tests/package/conftest.py; the
session's is set in tests/conftest.py).
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import cache
from cardrules.language import syntax

from .conftest import entries

REPO = Path(__file__).resolve().parents[2]


def red7_text() -> tuple[str, str]:
    path = cardrules.find_game("red7")
    return path.read_text(encoding="utf-8"), str(path)


def test_only_rules_files_are_cached(where):
    text, path = red7_text()
    cardrules.prepare_source(text, path)  # a text given in memory (load_source, the language server)
    assert entries(where, "rules") == []
    cardrules.prepare(path)
    assert len(entries(where, "rules")) == 1


def test_checked_rules_come_back_equal_and_play_the_same_games(where, monkeypatch):
    text, path = red7_text()
    made = cardrules.prepare(path)
    assert len(entries(where, "rules")) == 1

    parse, parsing = cardrules.parse_resolved, [False]

    def parse_if_allowed(*args):
        assert parsing[0], "parsed again: the entry was not used"
        return parse(*args)
    monkeypatch.setattr(cardrules, "parse_resolved", parse_if_allowed)
    again = cardrules.prepare(path)
    assert again is not made and again == made
    for name in ["red7-violet-below-five", "the-game", "punto", "go-fish", "sushi-go"]:  # every kind of node
        parsing[0] = True
        first = cardrules.prepare(name)
        parsing[0] = False
        assert cardrules.prepare(name) == first
    games = [checked.compile({"advanced": True}) for checked in (made, again)]
    states = [game.new_initial_state(3, seed=5) for game in games]
    while not states[0].is_terminal():
        legal = [[a.text for a in s.legal_actions()] for s in states]
        assert legal[0] == legal[1]
        for s in states:
            s.apply_action(s.legal_actions()[len(legal[0]) // 2])
    assert states[1].is_terminal() and states[0].returns() == states[1].returns()


def test_a_damaged_entry_is_rebuilt(where):
    text, path = red7_text()
    made = cardrules.prepare(path)
    [entry] = entries(where, "rules")
    data = bytearray(entry.read_bytes())
    data[-10] ^= 0xFF  # the payload no longer matches its checksum
    entry.write_bytes(bytes(data))
    assert cardrules.prepare(path) == made
    entry.write_bytes(b"")  # nothing at all
    assert cardrules.prepare(path) == made
    assert entry.read_bytes()  # written again


class _Payload:
    """Unpickled by a plain unpickler, it makes a directory."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (str(self.marker),))


def test_an_entry_naming_anything_but_our_classes_is_refused(where, tmp_path):
    """A whole entry, checksum right, whose payload calls a function: the unpickler does not build it."""
    text, path = red7_text()
    made = cardrules.prepare(path)
    [entry] = entries(where, "rules")
    key = entry.read_bytes()[len(b"cardrules-cache 1\nrules\n"):][:32]  # the header names the whole key
    assert entry.stem == f"rules-{key.hex()[:40]}"
    marker = tmp_path / "made"
    cache.write("rules", key, pickle.dumps(_Payload(marker)))
    assert cache.read("rules", key) is not None  # a whole entry...
    assert cardrules.prepare(path) == made and not marker.exists()  # ...not trusted
    with pytest.raises(pickle.UnpicklingError):
        cache.loads(pickle.dumps(_Payload(marker)), frozenset({"os", "posix"}))  # a function, even of a named module
    assert not marker.exists()


def test_an_entry_of_someone_else_or_a_shared_directory_is_not_used(where):
    text, path = red7_text()
    cardrules.prepare(path)
    os.chmod(where, 0o777)
    assert cache.directory() is None  # others may write there: no cache at all
    os.chmod(where, 0o700)
    assert cache.directory() == where


def test_a_changed_extended_file_is_read_again(where, tmp_path):
    base, variant = tmp_path / "base.rules", tmp_path / "variant.rules"
    text, _ = red7_text()
    base.write_text(text)
    variant.write_text('extends "base.rules"\ngame "Variant"\n')
    first = cardrules.prepare(variant)
    assert first.title == "Variant"
    base.write_text(text.replace("hand: per_player", "hand:  per_player"))
    second = cardrules.prepare(variant)
    assert second.sources[str(base)] != first.sources[str(base)]


def test_nothing_is_written_when_the_cache_is_off(where, monkeypatch):
    monkeypatch.setenv(cache.ENV_OFF, "1")
    text, path = red7_text()
    cardrules.prepare(path)
    assert not where.exists()


def test_an_unwritable_cache_just_means_building(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv(cache.ENV_DIR, str(blocked / "cache"))
    text, path = red7_text()
    assert cardrules.prepare(path).title == "Red7"
    assert syntax.build_parser().parse('game "X"\n')


def test_the_parser_is_cached_and_a_corrupt_parser_file_is_rebuilt(where):
    syntax.build_parser()
    [entry] = entries(where, "parser")
    entry.write_bytes(entry.read_bytes()[:1000])
    assert syntax.build_parser().parse('game "X"\nplayers 2\n')
    assert entry.stat().st_size > 1000  # lark wrote it again


def _python(code: str, env: dict[str, str]) -> str:
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(REPO), **env}, check=True)
    return result.stdout.strip()


def test_a_warm_cache_imports_neither_lark_nor_interegular(where):
    """With the checked rules cached, loading a game does not parse: lark, and the `interegular` it imports when
    installed (a test-only dependency, for collision checks when a parser is built), stay out of the process."""
    code = "import sys, cardrules; cardrules.load('red7'); print(sorted({'lark', 'interegular'} & set(sys.modules)))"
    env = {cache.ENV_DIR: str(where)}
    assert _python(code, env) == "['interegular', 'lark']"  # cold: parsed
    assert _python(code, env) == "[]"


def test_a_cached_parser_works_without_interegular(where):
    code = ("import sys; sys.modules['interegular'] = None\n"
            "from cardrules.language import syntax\n"
            "print(type(syntax.parse('game \"X\"\\nplayers 2\\n', 'x.rules')).__name__)")
    env = {cache.ENV_DIR: str(where)}
    assert _python(code, env) == "RulesFile"
    assert _python(code, env) == "RulesFile"


def test_no_cache_switch(where, invoke):
    result = invoke("--no-cache", "simulate", "red7", "--games", "1", env={cache.ENV_OFF: None})
    assert result.exit_code == 0 and not where.exists()
    assert cache.enabled()


def test_the_oldest_entries_go_past_the_limit(where, monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 8)
    for number in range(8):
        key = cache.key_digest([str(number)])
        cache.write("rules", key, b"x")
        os.utime(cache.entry_path("rules", key), (number, number))  # as if written in the order of their numbers
    assert len(entries(where, "rules")) == 8
    cache.write("rules", cache.key_digest(["new"]), b"y")
    assert len(entries(where, "rules")) == 6  # three quarters of the limit are kept: the newest
    assert cache.read("rules", cache.key_digest(["new"])) == b"y"
    assert cache.read("rules", cache.key_digest(["7"])) == b"x" and cache.read("rules", cache.key_digest(["0"])) is None


def test_the_code_digest_follows_a_changed_source_file(tmp_path, monkeypatch):
    """Every entry's key holds the code digest: an edited file of cardrules, its grammar or its games (a new size
    or time of change) gives another digest, so entries made by the code before are not read back."""
    package = tmp_path / "cardrules"
    for folder, name in [(package, "engine.py"), (tmp_path / "grammar", "rules.lark"), (tmp_path / "games", "x.rules")]:
        folder.mkdir(exist_ok=True)
        (folder / name).write_text("one\n")
    monkeypatch.setattr(cache, "_PACKAGE", package)

    def digest() -> str:
        cache.code_digest.cache_clear()
        return cache.code_digest()

    try:
        first = digest()
        assert digest() == first  # nothing changed
        for where in (package / "engine.py", tmp_path / "grammar" / "rules.lark", tmp_path / "games" / "x.rules"):
            before = digest()
            info = where.stat()
            os.utime(where, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000))  # the same bytes, saved again
            assert digest() != before, where
            before = digest()
            where.write_text("two, longer\n")
            assert digest() != before, where
    finally:
        cache.code_digest.cache_clear()
