"""Saves and records through the command line (#24 item 4, #27 items 3-5): `save FILE` at the prompt and
`play --resume FILE` go on exactly as the game never stopped; `play --record FILE` and `replay FILE` play the
same moves to the same end; a record of other rules, of another format or damaged is refused in one located
line; a file that cannot be written is one line and exit 1, never an "unexpected" error."""

from __future__ import annotations

import copy
import functools
import json
import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.bots import make_agent
from cardrules.cli import play as play_module
from cardrules.cli import replay as replay_module
from cardrules.cli.common import CliError
from cardrules.cli.recordfiles import open_record
from cardrules.simulation import derive_seed
from cardrules.simulation.records import FORMAT, json_place
from tests.jsonpaths import mangle_json
from tests.process_groups import checkout_env

ROOT = Path(__file__).resolve().parents[2]
RED7 = ROOT / "games" / "red7.rules"
CLI = [sys.executable, "-c", "from cardrules.cli import main; main()"]
MOVES = "1\n" * 300  # a human who always takes the first move, to the end of any Red7 game


@functools.cache
def human_first_seed() -> int:
    """A Red7 seed where the human (P0, taking the first move every time) moves first and longest against greedy."""
    game = cardrules.load("red7")
    asked = {}
    for seed in range(100, 140):
        state = game.new_initial_state(2, seed)
        if state.current_player() != 0:
            continue
        bot, asked[seed] = make_agent("greedy", game, 1, derive_seed(seed, 1)), 0
        while not state.is_terminal():
            legal = state.legal_actions()
            asked[seed] += state.current_player() == 0 and len(legal) > 1
            state.apply_action(legal[0] if state.current_player() == 0 else bot.choose(state))
    return max(asked, key=asked.get)


def said(output: str) -> str:
    return " ".join(output.split())  # the console may wrap a long line


def read(path: Path) -> dict:
    return json.loads(path.read_text())


def test_a_saved_game_goes_on_as_if_it_never_stopped(invoke, tmp_path):
    seed, save, whole, resumed = human_first_seed(), tmp_path / "s.json", tmp_path / "whole.json", tmp_path / "r.json"
    first = invoke("play", "red7", "--seed", seed, input=f"1\n1\n1\nsave {save}\nquit\n")
    assert first.exit_code == 0, first.output
    assert f"Saved to {save}" in said(first.output) and "Game abandoned" in first.output
    saved = read(save)
    assert saved["format"] == FORMAT and saved["ended"] == "playing" and saved["position"]["format"]
    assert saved["seats"] == ["human", "greedy"] and saved["seed"] == seed
    later = invoke("play", "--resume", save, "--record", resumed, input=MOVES)
    assert later.exit_code == 0, later.output
    assert f"Going on from {save} after {len(saved['moves'])} moves" in said(later.output)
    assert "seats as saved" in later.output
    once = invoke("play", "red7", "--seed", seed, "--record", whole, input=MOVES)
    assert once.exit_code == 0, once.output
    assert read(resumed) == read(whole)  # every move, the bots' included, and the result
    assert read(whole)["ended"] == "over" and read(whole)["result"]["winners"]
    continued = later.output.split("seats as saved.", 1)[1]
    assert once.output.endswith(continued)  # the screen from there on, the same to the letter


def test_a_game_of_bots_recorded_in_part_goes_on_to_the_same_end(invoke, tmp_path):
    """A record cut short (a crash) is resumed: the greedy bots think again over their recorded moves, so
    their random draws, and so their later choices, are those of the game never stopped."""
    whole, part, again = tmp_path / "whole.json", tmp_path / "part.json", tmp_path / "again.json"
    bots = ("--seat", "0=greedy", "--seat", "1=greedy", "--seat", "2=random")
    assert invoke("play", "seven7s", "-p", "3", "--seed", "7", *bots, "--record", whole).exit_code == 0
    record = read(whole)
    assert len(record["moves"]) > 20
    cut = dict(record, moves=record["moves"][:15], ended="playing")
    del cut["result"]
    part.write_text(json.dumps(cut))
    result = invoke("play", "--resume", part, "--record", again)
    assert result.exit_code == 0, result.output
    assert read(again) == record


def test_seats_may_change_on_resuming_and_the_rest_may_not(invoke, tmp_path):
    seed, save = human_first_seed(), tmp_path / "s.json"
    invoke("play", "red7", "--seed", seed, input=f"1\nsave {save}\nquit\n")
    changed = invoke("play", "--resume", save, "--seat", "1=random", input=MOVES)
    assert changed.exit_code == 0, changed.output
    assert "seats changed: P1 random (saved: greedy)" in said(changed.output)
    for args, words in [(("-p", "3"), "-p cannot change that"), (("--seed", "1"), "--seed cannot change that"),
                        (("-o", "advanced"), "-o cannot change a saved game's options")]:
        refused = invoke("play", "--resume", save, *args)
        assert refused.exit_code == 2 and words in said(refused.output), refused.output
    over = tmp_path / "over.json"
    invoke("play", "red7", "--seed", seed, "--record", over, input=MOVES)
    refused = invoke("play", "--resume", over)
    assert refused.exit_code == 1 and "is over: 'cardrules replay" in said(refused.output)
    assert invoke("play").exit_code == 2  # neither a game nor --resume


def test_record_then_replay_shows_the_same_moves_and_result(invoke, tmp_path):
    record = tmp_path / "game.json"
    played = invoke("play", "punto", "--seed", "3", "--seat", "0=greedy", "--seat", "1=random", "--record", record)
    assert played.exit_code == 0, played.output
    shown = invoke("replay", record)
    assert shown.exit_code == 0, shown.output
    data = read(record)
    moves = [line for line in played.output.splitlines() if line.startswith(("P0 ", "P1 "))]
    assert moves and [line for line in shown.output.splitlines() if line.startswith(("P0 ", "P1 "))] == moves
    assert played.output.splitlines()[-1] == shown.output.splitlines()[-1]  # the winner line
    assert f"Move {len(data['moves'])} of {len(data['moves'])}" in shown.output
    assert data["result"]["turns"] > 0 and data["ended"] == "over"


def test_replay_waits_for_enter_at_a_terminal(invoke, tmp_path, monkeypatch):
    record = tmp_path / "game.json"
    invoke("play", "red7", "--seed", "5", "--seat", "0=greedy", "--record", record)
    straight = invoke("replay", record)
    assert "Enter: move" not in straight.output and "Game over" in straight.output  # not a terminal: no waiting
    monkeypatch.setattr(replay_module, "at_terminal", lambda console: True)
    stepped = invoke("replay", record, input="\n\nq\n")
    assert stepped.exit_code == 0, stepped.output
    assert stepped.output.count("Enter: move") == 3 and "Move 3 of" in stepped.output
    assert "Move 4 of" not in stepped.output and "Replay stopped." in stepped.output
    assert "Enter: move" not in invoke("replay", record, "--no-wait").output
    assert "Replay stopped." in invoke("replay", record, input="").output  # the input ends: the replay stops


def test_replay_keeps_hidden_cards_hidden(invoke, tmp_path, card_texts):
    record = tmp_path / "game.json"
    seed = human_first_seed()
    invoke("play", "red7", "--seed", seed, "--seat", "0=greedy", "--record", record)
    state = cardrules.load("red7").new_initial_state(2, seed)
    hand = card_texts(state, "hand", 1)
    spectator = invoke("replay", record).output.split("Move 1 of", 1)[0]  # the deal, before any move
    mine = invoke("replay", record, "--as", "P1").output.split("Move 1 of", 1)[0]
    everything = invoke("replay", record, "--reveal-all").output.split("Move 1 of", 1)[0]
    assert all(text not in spectator.split() for text in hand)
    assert all(text in mine.split() for text in hand) and all(text in everything.split() for text in hand)
    refused = invoke("replay", record, "--as", "P7")
    assert refused.exit_code == 2 and "--as takes a seat from P0 to P1" in refused.output


def test_a_record_of_changed_rules_is_refused(invoke, tmp_path):
    rules, record = tmp_path / "mine.rules", tmp_path / "game.json"
    rules.write_text(RED7.read_text())
    assert invoke("play", rules, "--seed", "2", "--seat", "0=random", "--record", record).exit_code == 0
    assert invoke("replay", record).exit_code == 0  # found beside the record, unchanged
    rules.write_text(RED7.read_text().replace("attribute number: 1..7", "attribute number: 1..7  # edited"))
    for command in (("replay", record), ("play", "--resume", record)):
        refused = invoke(*command)
        assert refused.exit_code == 1, refused.output
        lines = refused.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"{record}:5:"), refused.output
        assert "this record was made with other rules" in lines[0] or "this save was made with other" in lines[0]
    other = invoke("replay", record, "--game", "red7-short-match")
    assert other.exit_code == 1 and "other rules" in other.output


def test_replay_reads_the_game_play_compiled_back_from_the_cache(invoke, tmp_path, monkeypatch):
    """A record opens its game as `play` does (the disk cache of compiled games): playing, then replaying
    and resuming, compile the game once."""
    from cardrules import checked

    monkeypatch.setenv("CARDRULES_CACHE_DIR", str(tmp_path / "cache"))
    compiled = []
    real = checked.compile_game
    monkeypatch.setattr(checked, "compile_game", lambda *a: compiled.append(a[2]) or real(*a))
    record = _good_record(invoke, tmp_path)
    assert invoke("replay", record).exit_code == 0
    assert open_record(record, None).game.title == "Red7"
    assert len(compiled) == 1, compiled


def _good_record(invoke, tmp_path: Path) -> Path:
    record = tmp_path / "good.json"
    invoke("play", "red7", "--seed", "5", "--seat", "0=greedy", "--record", record)
    return record


# (change to a good record, a text where the problem is located (the line, and with `column` the column
# too, of its first occurrence), words of the message)
@pytest.mark.parametrize("change, where, column, words", [
    (lambda t: t[:200], None, False, "not valid JSON"),
    (lambda t: t.replace('"players": 2', '"players": "two"'), '"two"', True, "expected int at $.players"),
    (lambda t: t.replace('"index": 0', '"index": [0]', 1), "[0]", True, "at $.moves[3].index"),
    (lambda t: t.replace(FORMAT, "cardrules-record/2"), '"cardrules-record/2"', True,
     "not a record this version of cardrules reads"),
    (lambda t: "[1, 2]", "[", True, "a record is a JSON object"),
    (lambda t: t.replace('"seed": 5', '"seed": "5"'), '"5"', True, "a whole number is expected at $.seed"),
    (lambda t: t.replace('"player": 1', '"player": true', 1), "true", True, "at $.moves[2].player, not true"),
    (lambda t: t.replace('"seed": 5', '"seed": 5' + "0" * 30), "5000", True, "a number of 31 digits"),
    (lambda t: t.replace('"seats": ["greedy", "greedy"]', '"seats": ["greedy"]'), '["greedy"]', True,
     "2 players but 1"),
    (lambda t: t.replace('"seats": ["greedy", "greedy"]', '"seats": ["greedy", "wizard"]'), '"wizard"', True,
     "seat 1: unknown agent 'wizard'"),
    (lambda t: t.replace('"advanced": false', '"sorcery": false'), 'false, "expert"', True,
     "has no option 'sorcery'"),
    (lambda t: t.replace('"index": 0', '"index": 99', 1).replace('"ended": "over"', '"ended": "playing"'),
     '"index": 99', False, "is not move 100 of the"),
])
def test_a_damaged_record_is_refused_with_its_place(invoke, tmp_path, change, where, column, words):
    text = change(_good_record(invoke, tmp_path).read_text())
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    for command in (("replay", bad), ("play", "--resume", bad)):
        refused = invoke(*command)
        assert refused.exit_code == 1, refused.output
        assert "unexpected" not in refused.output and words in said(refused.output), refused.output
        first = refused.output.splitlines()[0]
        assert first.startswith(f"{bad}:"), refused.output
        if where is not None:  # the line (and column) of the offending value
            index = text.index(where)
            place = f"{bad}:{text.count(chr(10), 0, index) + 1}:"
            if column:
                place += f"{index - (text.rfind(chr(10), 0, index) + 1) + 1}:"
            assert first.startswith(place), (first, where)


def test_a_save_whose_position_was_edited_is_refused(invoke, tmp_path):
    save = tmp_path / "s.json"
    invoke("play", "red7", "--seed", human_first_seed(), input=f"1\nsave {save}\nquit\n")
    data = read(save)
    data["position"]["turns"] += 1  # still a well-formed position: only the moves tell
    save.write_text(json.dumps(data))
    refused = invoke("play", "--resume", save, input=MOVES)
    assert refused.exit_code == 1 and "the saved position is not the one its moves lead to" in said(refused.output)
    data["position"]["zones"] = "none"
    save.write_text(json.dumps(data))
    refused = invoke("play", "--resume", save)
    assert refused.exit_code == 1 and "invalid save file" in refused.output and "$.zones" in refused.output


def test_the_commands_at_the_move_prompt(invoke, tmp_path):
    seed = human_first_seed()
    result = invoke("play", "red7", "--seed", seed, input="?\nrules\nsave\nquit\n")
    assert result.exit_code == 0, result.output
    out = said(result.output)
    assert "Besides a move you may type: rules" in out  # '?': the moves, then the commands
    assert "A turn" in result.output and "The end of the game" in result.output  # explain's outline
    assert "Write where to save the game: save FILE" in out
    assert "Game abandoned" in out and "is not a legal move" not in out


def test_a_save_that_cannot_be_written_leaves_the_game_going(invoke, tmp_path):
    seed = human_first_seed()
    rules = tmp_path / "mine.rules"
    rules.write_text(RED7.read_text())
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    entries = [f"save {tmp_path / 'no' / 'such' / 'dir.json'}", f"save {rules}", f"save {notes}", "save /dev/full",
               "1", "quit"]
    result = invoke("play", rules, "--seed", seed, input="\n".join(entries) + "\n")
    assert result.exit_code == 0, result.output
    out = said(result.output)
    assert out.count("Not saved:") == 4 and "unexpected" not in out
    assert "No such file or directory" in out
    assert "is a rules file of Red7" in out and "exists and is not a cardrules record" in out
    assert "not a regular file" in out
    assert "P0 plays:" in out  # the game went on
    assert notes.read_text() == "mine\n" and rules.read_text() == RED7.read_text()
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)  # never replaced by a file


def test_a_record_that_cannot_be_written_stops_before_the_game(invoke, tmp_path):
    for target in (tmp_path / "no" / "such.json", Path("/dev/full"), tmp_path):
        result = invoke("play", "red7", "--seat", "0=random", "--record", target)
        assert result.exit_code == 1, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: cannot write the record"), result.output
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def _limit_file_size() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG, as on a full disk
    resource.setrlimit(resource.RLIMIT_FSIZE, (800, 800))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="file size limits as on Linux")
def test_a_disk_that_fills_up_during_the_game_is_one_line(tmp_path):
    """The record is written again before each of the human's moves: it grows past the limit mid-game."""
    record = tmp_path / "game.json"
    done = subprocess.run([*CLI, "play", "red7", "--seed", str(human_first_seed()), "--record", str(record)],
                          input=MOVES, capture_output=True, text=True, env=checkout_env(), timeout=120,
                          preexec_fn=_limit_file_size)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()], done.stderr
    assert done.stderr.startswith(f"error: cannot write the record '{record}': File too large")
    assert "your move" in done.stdout  # it stopped during the game
    kept = read(record)  # the last record written whole, with the moves up to then
    assert kept["format"] == FORMAT and kept["moves"]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


def test_a_closed_output_during_a_replay_is_one_line(invoke, tmp_path):
    record = _good_record(invoke, tmp_path)
    done = subprocess.run(["bash", "-c", " ".join(f"'{a}'" for a in [*CLI, "replay", str(record)]) + " | head -1"],
                          capture_output=True, text=True, env=checkout_env(), timeout=120)
    assert done.stdout.startswith("Replay of")
    assert "unexpected" not in done.stderr and "Traceback" not in done.stderr


def test_leaving_keeps_the_record_resumable(invoke, tmp_path, monkeypatch):
    seed, record = human_first_seed(), tmp_path / "game.json"
    quitting = invoke("play", "red7", "--seed", seed, "--record", record, input="1\n1\nquit\n")
    assert quitting.exit_code == 0
    assert read(record)["ended"] == "abandoned" and len(read(record)["moves"]) >= 2
    assert f"'cardrules play --resume {record}' goes on with it" in said(quitting.output)
    typed = iter(["1", "1"])

    def reader(console, prompt):
        entry = next(typed, None)
        if entry is None:
            raise KeyboardInterrupt  # Ctrl-C at the third question
        return entry
    monkeypatch.setattr(play_module, "read_line", reader)
    stopped = invoke("play", "red7", "--seed", seed, "--record", record)
    assert stopped.exit_code == 130
    assert read(record)["ended"] == "interrupted"
    monkeypatch.undo()
    going_on = invoke("play", "--resume", record, input=MOVES)
    assert going_on.exit_code == 0 and "Game over" in going_on.output


def test_json_place_follows_the_path():
    text = '{\n  "a": [1, {"b": 2}],\n  "c": "x"\n}'
    assert json_place(text, "$.a[1].b") == (2, 18)
    assert json_place(text, "$.c") == (3, 8)
    assert json_place(text, "$.nothing") == (1, 1)
    assert json_place("[", "$[0]") == (1, 1)


def test_a_closed_input_is_one_line_and_keeps_the_record(tmp_path):
    record = tmp_path / "game.json"
    command = " ".join(f"'{a}'" for a in [*CLI, "play", "red7", "--seed", str(human_first_seed()), "--record",
                                          str(record)])
    done = subprocess.run(["bash", "-c", command + " <&-"], capture_output=True, text=True, env=checkout_env(),
                          timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip() == "error: standard input is closed, so no move can be typed (give every seat to a " \
        "bot with --seat, or pipe the moves in)"
    assert read(record)["ended"] == "abandoned"


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                       max_size=2), max_leaves=4)


_SAVE: list[dict] = []


@settings(max_examples=int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "0")) or 80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_mangled_save_is_opened_or_refused_with_a_message(invoke, tmp_path_factory, data):
    """A save is untrusted: a value anywhere replaced, or a key dropped, is a located one-line refusal (or a
    save that still opens), never another exception."""
    if not _SAVE:
        path = tmp_path_factory.mktemp("save") / "s.json"
        invoke("play", "red7", "--seed", human_first_seed(), input=f"1\n1\nsave {path}\nquit\n")
        _SAVE.append(read(path))
    saved = copy.deepcopy(_SAVE[0])
    mangle_json(saved, data, JSON_VALUES, items=6)
    path = tmp_path_factory.mktemp("mangled") / "m.json"
    path.write_text(json.dumps(saved))
    try:
        open_record(path, None, "save")
    except cardrules.RulesError as exc:
        assert exc.diagnostics and all(d.message and d.path == str(path) for d in exc.diagnostics)
    except CliError as exc:
        assert exc.code in (1, 2) and "unexpected" not in exc.message


@pytest.mark.parametrize("depth", [101, 200_000])
def test_json_nested_too_deep_is_located_not_unexpected(invoke, tmp_path, depth):
    """Deep JSON ended in 'unexpected RecursionError' (#27), for position files too: the 100th [ is the 101st level."""
    path = tmp_path / "deep.json"
    path.write_text('{"format": "cardrules-record/1", "x": ' + "[" * depth + "]" * depth + "}")
    for command in (("replay", path), ("legal", "red7", "--position", path)):
        refused = invoke(*command)
        assert refused.exit_code == 1 and "unexpected" not in refused.output
        assert refused.output.startswith(f"{path}:1:{38 + 100}: error: this is nested more than 100 levels deep")


def test_rules_asked_for_when_they_cannot_be_read_leave_the_game_going(invoke, monkeypatch):
    from cardrules.cli import play
    from cardrules.cli.common import CliError

    def gone(name):
        raise CliError(f"no bundled game or rules file named '{name}'", 2)
    monkeypatch.setattr(play, "prepare_game", gone)
    result = invoke("play", "red7", "--seed", human_first_seed(), input="rules\nquit\n")
    assert result.exit_code == 0, result.output
    out = said(result.output)
    assert "no bundled game or rules file named 'red7'" in out and "The rules are not at hand" in out
    assert "Game abandoned" in out


def test_rules_asked_for_after_their_file_changed_are_not_shown_as_this_games(invoke, tmp_path, monkeypatch):
    from cardrules.cli import play

    mine = tmp_path / "mine.rules"
    mine.write_text(RED7.read_text())
    real = play.prepare_game

    def edited(name):  # the player edits the file while the game goes on
        mine.write_text(RED7.read_text().replace('game "Red7"', 'game "Red7, edited"'))
        return real(name)
    monkeypatch.setattr(play, "prepare_game", edited)
    result = invoke("play", mine, "--seed", human_first_seed(), input="rules\nquit\n")
    assert result.exit_code == 0, result.output
    out = said(result.output)
    assert "The rules file has changed since this game started" in out and "A turn" not in result.output
    assert "Game abandoned" in out
