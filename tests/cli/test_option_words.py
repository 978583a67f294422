"""Option errors in the user's words: every command that takes `-o` refuses an unknown option, a value of the
wrong kind or out of range the same way: exit 2, the values that may be typed (yes or no, the listed choices,
the number range), and where the option is declared (file:line)."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from cardrules import cli

SMALL = '''game "Small"
players 2..3
option rounds "rounds to play" = 2 in 1..5
option speed "how fast" = "normal" in ["slow", "normal", "fast"]
option fast "a shorter game" = false
option plain "says nothing" = 3
option motto "a word" = "go"
attribute n: 1..6
cards: n -> deck
zone deck: stack, hidden
zone hand: per player, public
var played = 0
turn:
  move top(deck) to hand(me)
  set played = played + 1
end when empty(deck) or played >= rounds * 2 + plain:
  win [] if fast or speed == "slow" or motto == "x" else [me]
'''

POSITION = '{"players": 2}'


def command_lines(path: Path, position: Path) -> dict[str, list[str]]:
    """Each command that takes -o, run on `path`: the options come last."""
    return {
        "play": ["play", path, "--seat", "0=random", "--seed", "1"],
        "simulate": ["simulate", path, "--games", "1"],
        "validate": ["validate", path, "--playouts", "1"],
        "explain": ["explain", path],
        "legal": ["legal", path, "--position", position],
        "compare": ["compare", path, path, "--games", "1"],
        "compile": ["compile", path],
    }


@pytest.fixture
def lines(tmp_path) -> dict[str, list[str]]:
    path, position = tmp_path / "small.rules", tmp_path / "p.json"
    path.write_text(SMALL, encoding="utf-8")
    position.write_text(POSITION, encoding="utf-8")
    return {name: [str(a) for a in args] for name, args in command_lines(path, position).items()}


def test_every_command_taking_options_is_tested(lines):
    taking = {name for name, function in cli.commands().items() if "option" in inspect.signature(function).parameters}
    assert taking == set(lines), "a command takes -o: add it to command_lines"


CASES = [  # what is typed after -o, and what the message says (the declaration's line of SMALL)
    ("rounds=9", "option 'rounds' takes a whole number from 1 to 5, not '9' (declared at {path}:3)"),
    ("rounds=0", "option 'rounds' takes a whole number from 1 to 5, not '0' (declared at {path}:3)"),
    ("rounds=two", "option 'rounds' takes a whole number from 1 to 5, not 'two' (declared at {path}:3)"),
    ("rounds", "option 'rounds' needs a value: a whole number from 1 to 5, e.g. -o rounds=2 (declared at {path}:3)"),
    ("speed=quick", "option 'speed' takes one of slow, normal or fast, not 'quick' (declared at {path}:4)"),
    ("speed", "option 'speed' needs a value: one of slow, normal or fast, e.g. -o speed=normal (declared at "
              "{path}:4)"),
    ("fast=maybe", "option 'fast' takes yes or no (-o fast alone is yes), not 'maybe' (declared at {path}:5)"),
    ("fast=2", "option 'fast' takes yes or no (-o fast alone is yes), not '2' (declared at {path}:5)"),
    ("plain=lots", "option 'plain' takes a whole number, not 'lots' (declared at {path}:6)"),
    ("motto", "option 'motto' needs a value: any text, e.g. -o motto=go (declared at {path}:7)"),
    ("fats", "Small has no option 'fats' — did you mean 'fast'? Its options are rounds (1-5), "
             "speed (slow/normal/fast), fast (yes/no), plain (number) and motto (text), declared in {path}."),
    ("colour=red", "Small has no option 'colour'. Its options are rounds (1-5), speed (slow/normal/fast), "
                   "fast (yes/no), plain (number) and motto (text), declared in {path}."),
]


@pytest.mark.parametrize("command", sorted(command_lines(Path("x"), Path("y"))))
@pytest.mark.parametrize("given, message", CASES)
def test_a_bad_option_is_a_usage_error_in_plain_words(invoke, lines, command, given, message):
    args = lines[command]
    flag = "-o:b" if command == "compare" else "-o"
    for opt in ([flag, given], ["-o", given]) if command == "compare" else ([flag, given],):
        result = invoke(*args, *opt)
        assert result.exit_code == 2, result.output
        assert message.format(path=args[1]) in result.output, result.output
        assert "Traceback" not in result.output and "site-packages" not in result.output


@pytest.mark.parametrize("command", ["simulate", "validate", "explain", "legal", "compare"])
def test_the_json_error_says_the_same(invoke, lines, command):
    result = invoke(*lines[command], "-o", "rounds=9", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"].startswith("option 'rounds' takes a whole number from 1 to 5, not '9'")


def test_good_values_in_the_users_words_are_taken(invoke, lines):
    for given in (["-o", "fast=yes"], ["-o", "fast=no"], ["-o", "fast"], ["-o", "speed=fast", "-o", "rounds=5"]):
        result = invoke(*lines["simulate"], *given)
        assert result.exit_code == 0, result.output


def test_a_bundled_game_names_its_rules_file_in_the_repository_layout(invoke):
    result = invoke("play", "red7", "--option", "advanced=maybe")
    assert result.exit_code == 2
    assert result.output.startswith("error: option 'advanced' takes yes or no (-o advanced alone is yes), not "
                                    "'maybe' (declared at games/red7.rules:8)")
    result = invoke("simulate", "go-fish", "-o", "fast")
    assert result.exit_code == 2 and "Go Fish has no options, so not 'fast' (games/go-fish.rules declares none)." \
        in result.output
