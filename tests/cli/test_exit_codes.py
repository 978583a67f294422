"""One exit-code table for every command (README, docs/limits.md): 0 done, 1 a problem in the user's files or
game, 2 a bad command line (130/143 after a signal: tests/cli/test_hard_stops.py)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BAD_RULES = 'game "x"\nplayers 2..2\nturn:\n  pass\n'  # no cards: an error in the file


@pytest.fixture
def files(tmp_path):
    (tmp_path / "bad.rules").write_text(BAD_RULES)
    (tmp_path / "badpos.json").write_text('{"players": 9}')
    return tmp_path


CASES = [
    # a bad command line: 2
    ("list --bogus", 2), ("check --bogus", 2), ("play nosuch", 2), ("play red7 -p 9", 2),
    ("play red7 -o nosuch", 2), ("play red7 -o advanced=maybe", 2), ("legal red7", 2), ("simulate nosuch", 2),
    ("simulate red7 -a nosuch", 2), ("simulate red7 --games 0", 2), ("compare red7 nosuch", 2),
    ("validate nosuch", 2), ("explain nosuch", 2), ("new x", 2), ("new x --from nosuch", 2),
    # a problem in the user's files or game: 1
    ("check {d}/bad.rules", 1), ("play {d}/bad.rules", 1), ("legal red7 --position {d}/badpos.json", 1),
    ("simulate {d}/bad.rules", 1), ("compare red7 {d}/bad.rules", 1), ("validate {d}/bad.rules", 1),
    ("explain {d}/bad.rules", 1), ("fmt {d}/missing.rules", 1),
    # done: 0
    ("list", 0), ("check {root}/games/red7.rules", 0), ("explain red7", 0), ("simulate red7 --games 3", 0),
    ("validate red7 --playouts 1", 0),
]


@pytest.mark.parametrize("command, code", CASES, ids=[c for c, _ in CASES])
def test_every_command_follows_the_exit_code_table(invoke, files, command, code):
    result = invoke(*command.format(d=files, root=ROOT).split(), input="")
    assert result.exit_code == code, result.output


def test_the_decision_limit_is_set_on_the_command_line(invoke):
    """--max-decisions: validate had it; play, simulate and compare now too (docs/limits.md)."""
    import json

    data = json.loads(invoke("simulate", "red7", "--games", "4", "--max-decisions", "1", "--json").output)
    assert data["errors"] == 4 and "did not end after 1 move (a longer game: --max-decisions N" in data["first_error"]
    assert json.loads(invoke("simulate", "red7", "--games", "4", "--json").output)["errors"] == 0
    played = invoke("play", "red7", "--seat", "0=random", "--seed", "1", "--max-decisions", "1")
    assert played.exit_code == 1 and "stopped: the game did not end after 1 move" in played.output
    compared = invoke("compare", "red7", "red7", "--games", "2", "--max-decisions", "1", "--json")
    assert compared.exit_code == 1, compared.output
