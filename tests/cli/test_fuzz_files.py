"""Fuzzing what users hand the tool: rules files mangled byte by byte (CRLF, a BOM, tabs, invalid UTF-8, cut
short) through `check` and `fmt`, position files built by hypothesis through `legal --position` and the
loader, and saves of every bundled game with values replaced and keys dropped. A finding is a traceback, an
'unexpected' error or a wrong exit code; hypothesis prints the example (and `--hypothesis-seed` reproduces a
run). benchmarks/fuzz.py runs the same for longer."""

from __future__ import annotations

import json
import os
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.engine.positions import load_position
from cardrules.resources import bundled_games
from tests.jsonpaths import mangle_json

FILES = sorted(bundled_games().values())
INTERNAL = re.compile(r"unexpected [A-Z]\w*(Error|Exception)|internal error")  # an escaped Python exception
# benchmarks/fuzz.py sets CARDRULES_FUZZ_EXAMPLES for long runs, with fresh random examples each time
_LONG = int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "0"))
# In CI, about 850 cases in all take about half a minute (with tests/language/test_mutations.py): many cheap
# position files, fewer whole-file manglings, each of which runs `check` and `fmt` on a whole game.
SETTINGS = settings(max_examples=_LONG or 40, deadline=None, derandomize=not _LONG,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
POSITION_SETTINGS = settings(SETTINGS, max_examples=_LONG or 500)
SAVE_SETTINGS = settings(SETTINGS, max_examples=_LONG or 200)


def mangle(data: bytes, kind: str, at: int, byte: int) -> bytes:
    at = at % max(1, len(data))
    match kind:
        case "crlf":
            return data.replace(b"\n", b"\r\n")
        case "bom":
            return b"\xef\xbb\xbf" + data
        case "tab":
            return data[:at] + b"\t" + data[at:]
        case "byte":
            return data[:at] + bytes([byte]) + data[at:]
        case "cut":
            return data[:at]
        case "nul":
            return data[:at] + b"\x00" + data[at:]
    raise AssertionError(kind)


MANGLES = st.lists(st.tuples(st.sampled_from(["crlf", "bom", "tab", "byte", "cut", "nul"]),
                             st.integers(0, 10**6), st.integers(128, 255)), min_size=1, max_size=3)


@SETTINGS
@given(file=st.sampled_from(FILES), steps=MANGLES)
def test_mangled_bytes_get_a_message_and_exit_0_or_1(invoke, tmp_path_factory, file, steps):
    data = file.read_bytes()
    for step in steps:
        data = mangle(data, *step)
    path = tmp_path_factory.mktemp("fuzz") / "mangled.rules"
    path.write_bytes(data)
    for args in (("check", path), ("fmt", "--check", path)):
        result = invoke(*args)  # the fixture fails on a traceback or any exception but an exit
        assert result.exit_code in (0, 1), (args, result.output)
        assert not INTERNAL.search(result.output), result.output


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=6),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                      max_size=4), max_leaves=12)
POSITIONS = st.fixed_dictionaries({}, optional={
    "players": JSON_VALUES | st.integers(0, 6), "to_move": JSON_VALUES | st.integers(-1, 5),
    "zones": st.dictionaries(st.sampled_from(["deck", "hand", "palette", "canvas", "grid", "pile", "x"]),
                             JSON_VALUES, max_size=3),
    "eliminated": JSON_VALUES, "variables": JSON_VALUES, "seed": JSON_VALUES, "known": JSON_VALUES,
    "movers": JSON_VALUES, "other": JSON_VALUES})


@POSITION_SETTINGS
@given(game=st.sampled_from(sorted(bundled_games())), data=POSITIONS)
def test_any_json_position_is_loaded_or_refused_with_located_messages(load_game, game, data):
    text = json.dumps(data, indent=1)
    try:
        load_position(load_game(game), data, "pos.json", text)
    except cardrules.RulesError as exc:  # about the file, or (a position the rules cannot go on from) the rules
        lines = text.count("\n") + 1
        assert exc.diagnostics
        for d in exc.diagnostics:
            assert d.span.column >= 1 and (1 <= d.span.line <= lines if d.path == "pos.json" else d.span.line >= 1)


COMMANDS = ["list", "check", "play", "legal", "simulate", "compare", "validate", "explain", "fmt", "new", "replay"]
WORDS = ["red7", "punto", "nosuch", "-p", "--players", "-o", "advanced", "advanced=maybe", "rounds_to_win=11",
         "teams", "--seed", "--games", "--jobs", "-a", "greedy", "random", "nobot", "--json", "--strict",
         "--position", "--seat", "0=random", "1=human", "x=y", "--max-decisions", "--playouts", "--from",
         "--check", "--diff", "--backend", "ray?", "0", "1", "2", "-1", "3", "99999999999999999999", "", " ",
         "é", "--", "-", "-h", "--record", "--resume", "--as", "P1", "--no-wait"]


@settings(max_examples=_LONG or 60, deadline=None, derandomize=not _LONG,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(COMMANDS), words=st.lists(st.sampled_from(WORDS), max_size=6))
def test_any_command_line_gets_a_message_and_a_table_exit_code(invoke, tmp_path_factory, monkeypatch, command,
                                                                 words):
    monkeypatch.chdir(tmp_path_factory.mktemp("cli"))  # `new` and `fmt` write only here
    if command in ("simulate", "compare", "validate"):  # keep each example short
        words = [*words, "--games" if command != "validate" else "--playouts", "2"]
    result = invoke(command, *words, input="q\n")
    assert result.exit_code in (0, 1, 2), (command, words, result.output)
    assert not INTERNAL.search(result.output), result.output


def _saved(load_game, game: str) -> dict:
    """A save of a game a few random moves in (each game's once: hypothesis then mangles copies of it)."""
    from cardrules.engine.saves import save_state

    if game not in _SAVES:
        played = load_game(game)
        state = played.new_initial_state(played.min_players, seed=3)
        for step in range(6):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply_action(actions[step % len(actions)])
        _SAVES[game] = save_state(state)
    return _SAVES[game]


_SAVES: dict[str, dict] = {}


@SAVE_SETTINGS
@given(game=st.sampled_from(sorted(bundled_games())), data=st.data())
def test_any_mangled_save_is_loaded_or_refused_with_a_message(load_game, game, data):
    """A save is untrusted: a value anywhere replaced, or a key dropped, gives a RulesError (or a game that
    plays on as one), never another exception."""
    import copy

    from cardrules.engine.saves import load_state

    saved = copy.deepcopy(_saved(load_game, game))
    mangle_json(saved, data, JSON_VALUES)
    try:
        state = load_state(load_game(game), saved, "mangled.json")
    except cardrules.RulesError as exc:
        assert exc.diagnostics and all(d.message for d in exc.diagnostics)
        return
    try:
        state.legal_actions()
    except cardrules.RulesError:
        pass
