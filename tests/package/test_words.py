"""cardrules/words.py: a count and its noun agree, and no message of the package writes "(s)" or "1 games"."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

import pytest

from cardrules.words import noun, player_span, plural, plural_of

ROOT = Path(__file__).resolve().parents[2] / "cardrules"


@pytest.mark.parametrize("count, word, said", [
    (1, "game", "1 game"), (0, "game", "0 games"), (2, "game", "2 games"), (1, "player", "1 player"),
    (3, "copy", "3 copies"), (2, "day", "2 days"), (2, "match", "2 matches"), (2, "pass", "2 passes"),
    (2, "box", "2 boxes"), (1, "legal move", "1 legal move"), (4, "legal move", "4 legal moves"),
    (2, "option combination", "2 option combinations"), (2, "person", "2 people"),
])
def test_a_count_and_its_noun_agree(count, word, said):
    assert plural(count, word) == said


def test_an_irregular_plural_can_be_given():
    assert plural(2, "die", "dice") == "2 dice" and plural(1, "die", "dice") == "1 die"
    assert noun(1, "card") == "card" and noun(5, "card") == "cards" and plural_of("try") == "tries"


@pytest.mark.parametrize("low, high, said", [
    (1, 1, "1 player"), (4, 4, "4 players"), (3, 4, "3 or 4 players"), (2, 5, "2 to 5 players")])
def test_player_spans(low, high, said):
    assert player_span(low, high) == said


# A count, then a plural noun, in an f-string ("{n} games"): "1 games" when n is 1. Not after "to", "or" or
# "from" (a range: "2 to 5 players").
COUNTED = re.compile(r"(?<!to )(?<!or )(?<!from )\{[^{}]+\} (?:games|players|cards|moves|turns|decisions|rounds|"
                     r"errors|warnings|files|agents|seats|options|arguments|runs|tricks|hands)\b(?!/)")
SOME = re.compile(r"\b[a-z]{2,}\(s\)")  # "game(s)": say how many with words.plural
NEVER_ONE = {"cardrules/engine/state.py": "turns"}  # R305 is raised only when turns > 1


def strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module (f-strings whole), with their lines."""
    with path.open("rb") as file:
        return [(token.start[0], token.string) for token in tokenize.tokenize(file.readline)
                if token.type == tokenize.STRING]


def test_no_message_counts_without_the_helper():
    """Counted words go through words.plural: no "{n} games" (says "1 games") and no "game(s)"."""
    slips = []
    for path in sorted(ROOT.rglob("*.py")):
        name = path.relative_to(ROOT.parent).as_posix()
        if name == "cardrules/words.py":
            continue
        for line, text in strings(path):
            if text.startswith(('"""', "'''")):
                continue  # docstrings
            found = COUNTED.search(text) if text.lstrip("rbRB").startswith(("f", "F")) else None
            if found and found.group().split()[-1] != NEVER_ONE.get(name) and "MAX" not in text:  # a limit: many
                slips.append(f"{name}:{line}: {text}")
            if SOME.search(re.sub(r"\{[^{}]*\}", "", text)):  # in the words, not in the code between braces
                slips.append(f"{name}:{line}: {text}")
    assert not slips, "\n".join(slips)
