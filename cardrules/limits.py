"""Every limit of the tool, in one place -> constants; and JSON text -> data within them.

A rules file, a position file or a save may come from anyone; these bounds are far above anything a
real game needs, and each is reported with the file, line and column where it is crossed
(docs/limits.md lists them all).
"""

from __future__ import annotations

import json
import re
from typing import Any

# Playing
MAX_DECISIONS = 10_000  # a game that has not ended after this many decisions does not end (it is stopped)
STEP_BUDGET = 200_000  # instructions between two decisions: a looping rules file stops with a message (R304)
SEARCH_BUDGET = 20_000  # states explored by one 'afterwards' guard, the guards met inside its search included

# Rules files
MAX_CARDS = 10_000  # cards one `cards:` line may make
MAX_ARGS = 9  # values of the functions taking any number of them (min, max, words)
MAX_NESTING = 100  # levels of expressions and blocks (the tree is walked recursively later)
MAX_RANGE = 10_000  # numbers in one range `low..high`: more is surely a mistake, and would eat memory as a list
MAX_EXTENDS = 8  # files in an `extends` chain: a cycle or a runaway chain stops here

# Values while playing
MAX_HELD_LIST = 100_000  # elements of a list a variable is set to (a list doubling each turn stops here)
MAX_NUMBER = 10**18  # largest size of a number a variable is set to

# Files
MAX_FILE_BYTES = 16 * 1024 * 1024  # a rules, position or save file; real ones are a few kilobytes
MAX_DIGITS = 15  # a whole number written in a file: up to 999 999 999 999 999
SAVED_DIGITS = 20  # a whole number in a save or record: a 64-bit random state or seat mask, written by the tool
MAX_PROBLEMS = 100  # problems located in one position file; the rest are counted

# Runs
MAX_PLAYERS = 64  # seats of a game (`players LOW..HIGH`)
MAX_GAMES = 10_000_000  # games of one simulate or compare run: their records are kept to be summarised
MAX_JOBS = 256  # worker processes of one run
MAX_GAME_DECISIONS = 10_000_000  # the most --max-decisions may allow (the default is MAX_DECISIONS)
MAX_STEPS = 10_000_000  # the most `limit steps N` may allow (the default is STEP_BUDGET)
MAX_SEARCH = 1_000_000  # the most `limit search N` may allow (the default is SEARCH_BUDGET)
MAX_MEMORY = 4 * 1024**3  # bytes of data one process may hold (budgets.py; `cardrules --max-memory`)

class JsonProblem(ValueError):
    """A JSON text that is not valid or holds a number beyond MAX_DIGITS: `message`, `line`, `column`."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(f"{message} (line {line}, column {column})")
        self.message, self.line, self.column = message, line, column


class _TooLong(ValueError):
    def __init__(self, digits: str):
        super().__init__(digits)
        self.digits = digits


def _whole_number(digits: str, most: int = MAX_DIGITS) -> int:
    if len(digits.lstrip("-")) > most:
        raise _TooLong(digits)
    return int(digits)


def line_and_column(text: str | bytes, index: int) -> tuple[int, int]:
    """Where position `index` of a text (or of its bytes) is, as a 1-based line and column: every place a
    file's problem is reported from an offset (bad bytes, a long number, a position file's entry)."""
    newline = "\n" if isinstance(text, str) else b"\n"
    return text.count(newline, 0, index) + 1, index - (text.rfind(newline, 0, index) + 1) + 1


def load_json(text: str, most: int = MAX_DIGITS) -> Any:
    """json.loads, but a number of more than MAX_DIGITS digits (or a non-finite one) is a JsonProblem
    with its place, as is every syntax error; never the bare ValueError of Python's digit limit. `most`:
    another bound on the digits (a record's saved position holds 64-bit random states: SAVED_DIGITS)."""
    deep = False
    try:
        data = json.loads(text, parse_int=lambda digits: _whole_number(digits, most), parse_constant=_no_constant)
    except RecursionError:  # nested deeper than Python's stack: located like the too deep ones below
        data, deep = None, True
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"not valid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except _TooLong as exc:
        line, column = line_and_column(text, max(0, text.find(exc.digits)))
        raise JsonProblem(f"a number of {len(exc.digits.lstrip('-'))} digits; numbers in these files have at most "
                          f"{most}", line, column) from None
    except _NotANumber as exc:
        line, column = line_and_column(text, max(0, text.find(exc.word)))
        raise JsonProblem(f"{exc.word} is not a number JSON allows", line, column) from None
    if deep or _too_deep(data):
        line, column = line_and_column(text, _deep_place(text))
        raise JsonProblem(f"this is nested more than {MAX_NESTING} levels deep", line, column)
    return data


def _too_deep(data: Any) -> bool:
    """Whether lists and objects nest more than MAX_NESTING deep: what reads the data later may recurse."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > MAX_NESTING:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


_JSON_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _deep_place(text: str) -> int:
    """Where in a JSON text the nesting first goes past MAX_NESTING (strings skipped)."""
    depth = 0
    for match in _JSON_NESTING.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return match.start()
        elif token in "]}":
            depth -= 1
    return 0


class _NotANumber(ValueError):
    def __init__(self, word: str):
        super().__init__(word)
        self.word = word


def _no_constant(word: str) -> Any:
    raise _NotANumber(word)
