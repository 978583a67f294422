"""The tutorial (docs/tutorial.md) builds games/crazy-eights.rules step by step: every complete rules file in
it checks clean, is in the canonical layout and plays to the end; the last step is the bundled file, word
for word; and the position it shows lists the moves it says.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardrules
from cardrules.authoring.fmt import format_text

REPO = Path(__file__).resolve().parents[3]
RULES = REPO / "games" / "crazy-eights.rules"
TUTORIAL = REPO / "docs" / "tutorial.md"

_FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.S | re.M)


def tutorial_files() -> list[tuple[int, str]]:
    """(line, text) of every complete rules file in the tutorial (a `cardrules` block that starts
    with a `game` or `extends` line after its comments)."""
    text = TUTORIAL.read_text(encoding="utf-8")
    out = []
    for match in _FENCE.finditer(text):
        if match.group(1).strip() != "cardrules":
            continue
        body = match.group(2)
        first = next((ln for ln in body.splitlines() if ln.strip() and not ln.startswith("#")), "")
        if first.startswith(("game ", "extends ")):
            out.append((text.count("\n", 0, match.start()) + 2, body))
    return out


def test_the_tutorial_builds_the_bundled_game():
    files = tutorial_files()
    assert len(files) >= 5
    last_game = [body for _, body in files if not re.search(r"^extends ", body, re.M)][-1]
    assert last_game == RULES.read_text(encoding="utf-8"), "the tutorial's last step is not games/crazy-eights.rules"


@pytest.mark.parametrize("line, text", tutorial_files(), ids=lambda v: f"line{v}" if isinstance(v, int) else "")
def test_each_tutorial_step_checks_clean_and_plays(playout, tmp_path, line, text):
    path = str(tmp_path / f"step{line}.rules")  # a variant's `extends "crazy-eights"` names the bundled game
    assert cardrules.check_source(text, path) == []
    assert format_text(text, path) == text, "the step is not in the canonical layout (cardrules fmt)"
    game = cardrules.load_source(text, path)
    for players in range(game.min_players, game.max_players + 1):
        state = playout(game.new_initial_state(players, seed=players), players, limit=5_000)
        assert state.is_terminal(), f"step at docs/tutorial.md:{line}: a {players}-player game did not end"


def test_the_tutorial_position_lists_the_moves_it_shows(invoke, tmp_path):
    text = TUTORIAL.read_text(encoding="utf-8")
    blocks = [(m.group(1).strip(), m.group(2)) for m in _FENCE.finditer(text)]
    position_json = next(body for tag, body in blocks if tag == "json")
    shown = blocks[[tag for tag, _ in blocks].index("json") + 1][1]
    path = tmp_path / "eight.json"
    path.write_text(position_json, encoding="utf-8")
    result = invoke("legal", "crazy-eights", "--position", path)
    assert result.exit_code == 0, result.output
    assert result.output == shown
