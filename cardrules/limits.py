"""The limits that keep untrusted files in bounds -> constants, and JSON text -> data within them.

A rules file, a position file or a save may come from anyone; these bounds are far above anything a
real game needs, and each is reported with the file, line and column where it is crossed
(docs/limits.md lists them all).
"""

from __future__ import annotations

import json
from typing import Any

MAX_FILE_BYTES = 16 * 1024 * 1024  # a rules, position or save file; real ones are a few kilobytes
MAX_DIGITS = 15  # a whole number written in a file: up to 999 999 999 999 999
MAX_PLAYERS = 64  # seats of a game (`players LOW..HIGH`)
MAX_GAMES = 10_000_000  # games of one simulate or compare run: their records are kept to be summarised
MAX_JOBS = 256  # worker processes of one run
MAX_GAME_DECISIONS = 10_000_000  # the most --max-decisions may allow (the default is simulation.MAX_DECISIONS)
MAX_HELD_LIST = 100_000  # elements of a list a variable is set to (a list doubling each turn stops here)
MAX_NUMBER = 10**18  # largest size of a number a variable is set to


class JsonProblem(ValueError):
    """A JSON text that is not valid or holds a number beyond MAX_DIGITS: `message`, `line`, `column`."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(f"{message} (line {line}, column {column})")
        self.message, self.line, self.column = message, line, column


class _TooLong(ValueError):
    def __init__(self, digits: str):
        super().__init__(digits)
        self.digits = digits


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(digits)
    return int(digits)


def _position(text: str, index: int) -> tuple[int, int]:
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def load_json(text: str) -> Any:
    """json.loads, but a number of more than MAX_DIGITS digits (or a non-finite one) is a JsonProblem
    with its place, as is every syntax error; never the bare ValueError of Python's digit limit."""
    try:
        return json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"not valid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except _TooLong as exc:
        line, column = _position(text, max(0, text.find(exc.digits)))
        raise JsonProblem(f"a number of {len(exc.digits.lstrip('-'))} digits; numbers in these files have at most "
                          f"{MAX_DIGITS}", line, column) from None
    except _NotANumber as exc:
        line, column = _position(text, max(0, text.find(exc.word)))
        raise JsonProblem(f"{exc.word} is not a number JSON allows", line, column) from None


class _NotANumber(ValueError):
    def __init__(self, word: str):
        super().__init__(word)
        self.word = word


def _no_constant(word: str) -> Any:
    raise _NotANumber(word)
