"""The code generator cannot be injected: names that are Python keywords, builtins or dunders, and texts that
try to break out of a string literal, compile to harmless code that plays the game the rules say."""

import os

import pytest

import cardrules
from cardrules.bots import RandomAgent
from cardrules.simulation import Observer, play_match

PYTHON_NAMES = ["lambda", "import", "class", "return", "yield", "None", "True", "False", "global", "exec", "eval",
                "__import__", "__builtins__", "__class__", "__dict__", "self", "s", "state", "frame", "L", "V", "_",
                "__", "print", "open", "os", "sys", "locals", "globals", "type", "async", "await", "nonlocal",
                "assert", "del", "raise", "try", "except", "finally", "with", "is", "break", "continue"]
TEXTS = ["\\", "'", "'''", "{x}", "%s", "\\n", "'); __import__('os').system('exit 3'); ('", "\\x00", "é☃",
         "\\'; raise SystemExit; '"]
TEMPLATE = '''game "T {text}"
players 2..2
attribute {attribute}: 1..9
cards: {attribute} -> deck
zone deck: stack, hidden
zone {zone}: per_player, owner
option {option} "{text}" = 1
var {var} = 0
def {definition}({param}) = {param} + {option}
setup:
  deal 2 from deck to {zone}
turn:
  choose:
    {name}({binder} in {zone}(me)) only if {binder}.{attribute} > 0:
      say "{text}", {binder}
      set {var} = {definition}({var})
    otherwise:
      pass
end when {var} > 5 or empty(deck):
  win me
'''


class Said(Observer):
    def __init__(self):
        self.lines: list[str] = []

    def moved(self, state, player, action):
        self.lines.extend(event.text for event in state.events)


def cases():
    for name in PYTHON_NAMES:
        yield name, "plain"
    for text in TEXTS:
        yield "lambda", text


@pytest.mark.parametrize("name, text", list(cases()))
def test_crafted_names_and_texts_stay_data(name, text, monkeypatch):
    def no_system(*_args):
        raise AssertionError("the rules ran a shell command")
    monkeypatch.setattr(os, "system", no_system)
    rules = TEMPLATE.format(text=text, attribute=name, zone=name + "_z", option=name + "_o", var=name + "_v",
                            definition=name + "_d", param=name, name=name + "_go", binder=name + "_b")
    assert [d for d in cardrules.check_source(rules, "crafted.rules") if d.severity == "error"] == []
    game = cardrules.load_source(rules, "crafted.rules")
    assert game.title == f"T {text}"
    said = Said()
    state = play_match(game, 2, 1, [RandomAgent(game, 0, 1), RandomAgent(game, 1, 2)], [said])
    assert state.is_terminal()
    assert said.lines and all(line.startswith(f"{text} ") for line in said.lines), said.lines[:2]
