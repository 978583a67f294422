"""What options accept, through the commands: every command that starts games refuses a value an option does not
accept, or an option changed with a player count it is not for, before playing (exit 2, naming what is
accepted); `validate` only plays accepted combinations; `list` and `explain` show what each option accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules import cli

TINY = '''game "Tiny"
players 2..4
option rounds "rounds to play" = 2 in 1..5
option speed "how fast" = "normal" in ["slow", "normal", "fast"]
option teams "two teams" = false for players 4
option plain "says nothing" = 3
attribute n: 1..6
cards: n -> deck
zone deck: stack, hidden
zone hand: per player, public
var played = 0
turn:
  move top(deck) to hand(me)
  set played = played + 1
end when empty(deck) or played >= rounds * 2 + plain:
  win [] if teams or speed == "slow" else [me]
'''

# The options of every command that plays games, as that command takes them (compare: of its game B).
COMMANDS = {
    "play": lambda path, *opts: ["play", path, *opts, "--seat", "0=random", "--seed", "1"],
    "simulate": lambda path, *opts: ["simulate", path, *opts, "--games", "2"],
    "validate": lambda path, *opts: ["validate", path, *opts, "--playouts", "1"],
    "compare": lambda path, *opts: ["compare", path, path, *[o.replace("-o", "-o:b") for o in opts], "--games", "2"],
}


@pytest.fixture
def tiny(tmp_path) -> Path:
    path = tmp_path / "tiny.rules"
    path.write_text(TINY, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("given, message", [
    ("rounds=9", "option 'rounds' takes a whole number from 1 to 5, not '9' (declared at {path}:3)"),
    ("rounds=many", "option 'rounds' takes a whole number from 1 to 5, not 'many' (declared at {path}:3)"),
    ("rounds", "option 'rounds' needs a value: a whole number from 1 to 5, e.g. -o rounds=2 (declared at {path}:3)"),
    ("speed=quick", "option 'speed' takes one of slow, normal or fast, not 'quick' (declared at {path}:4)"),
    ("teams=maybe", "option 'teams' takes yes or no (-o teams alone is yes), not 'maybe' (declared at {path}:5)"),
])
def test_a_value_an_option_does_not_accept_is_refused(invoke, tiny, command, given, message):
    result = invoke(*COMMANDS[command](tiny, "-o", given), env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output
    assert message.format(path=tiny) in result.output  # in the user's words, and where to read the declaration


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("players", ["2", "3"])
def test_an_option_changed_with_a_player_count_it_is_not_for_is_refused(invoke, tiny, command, players):
    result = invoke(*COMMANDS[command](tiny, "-o", "teams", "-p", players))
    assert result.exit_code == 2, result.output
    assert f"option 'teams' is for 4 players only: a game of {players} keeps it false" in result.output


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_accepted_values_are_played(invoke, tiny, command):
    result = invoke(*COMMANDS[command](tiny, "-o", "teams", "-p", "4", "-o", "speed=fast", "-o", "rounds=5"))
    assert result.exit_code == 0, result.output
    kept = invoke(*COMMANDS[command](tiny, "-o", "teams=false", "-p", "2"))  # the default is for any count
    assert kept.exit_code == 0, kept.output


def test_the_default_player_count_is_named_when_it_is_the_problem(invoke, tiny):
    result = invoke("play", tiny, "-o", "teams", "--seat", "0=random")
    assert result.exit_code == 2 and "a game of 2 keeps it false (the number of players is set with -p)" in \
        result.output


def test_validate_plays_each_combination_with_the_player_counts_it_is_for(invoke, tiny):
    result = invoke("validate", tiny, "--playouts", "1", "--json")
    assert result.exit_code == 0, result.output
    runs = [(run["options"]["teams"], run["players"]) for run in json.loads(result.stdout)["runs"]]
    assert runs == [(False, 2), (False, 3), (False, 4), (True, 4)]


def test_a_bundled_switch_given_a_bad_value(invoke):
    result = invoke("play", "red7", "-o", "advanced=maybe")
    assert result.exit_code == 2
    assert "option 'advanced' takes yes or no (-o advanced alone is yes), not 'maybe'" in result.output
    assert "(declared at games/red7.rules:8)" in result.output.replace("\n", " ")  # not a path into site-packages
    assert "needs a value like" not in result.output


def test_explain_and_legal_refuse_too(invoke, tiny, tmp_path):
    assert invoke("explain", tiny, "-o", "rounds=0").exit_code == 2
    position = tmp_path / "p.json"
    position.write_text('{"players": 2}', encoding="utf-8")
    result = invoke("legal", tiny, "--position", position, "-o", "teams")  # the options typed, not the file: usage
    assert result.exit_code == 2 and "option 'teams' is for 4 players only: a game of 2 keeps it false" in \
        result.output


def test_list_shows_what_options_accept(invoke, tiny, monkeypatch):
    monkeypatch.setattr(cli.games, "bundled_games", lambda: {"tiny": tiny})
    monkeypatch.setattr(cli.games, "bundled_variants", lambda: {})
    options = json.loads(invoke("list", "--json").stdout)[0]["options"]
    assert options == [
        {"name": "rounds", "default": 2, "description": "rounds to play", "range": [1, 5]},
        {"name": "speed", "default": "normal", "description": "how fast", "values": ["slow", "normal", "fast"]},
        {"name": "teams", "default": False, "description": "two teams", "players": [4, 4]},
        {"name": "plain", "default": 3, "description": "says nothing"},  # nothing declared: nothing more
    ]
    text = invoke("list", env={"COLUMNS": "200"}).stdout
    assert "(accepts 1 to 5)" in text and '(accepts "slow", "normal" or "fast")' in text
    assert "(only with 4 players)" in text


def test_explain_shows_what_options_accept(invoke, tiny):
    text = invoke("explain", tiny, "-o", "teams").stdout
    assert "rounds = 2 (default 2; accepts 1 to 5) — rounds to play" in text
    assert 'speed = normal (default "normal"; accepts "slow", "normal" or "fast") — how fast' in text
    assert "teams = true (default false; only with 4 players) — two teams" in text
    assert "plain = 3 (default 3) — says nothing" in text
    data = invoke("explain", tiny, "--json").stdout
    assert "accepts 1 to 5" in data and "only with 4 players" in data
