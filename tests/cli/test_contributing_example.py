"""docs/contributing.md ("Adding a command") shows a command added to a group: its code, run as written, works."""

from __future__ import annotations

import json
import re
from pathlib import Path

import typer
from typer.testing import CliRunner

import cardrules
from cardrules.cli import games, one_line_paragraphs

DOC = Path(__file__).resolve().parents[2] / "docs" / "contributing.md"


def example_group() -> dict:
    """The section's Python block, run in the namespace of the group it extends (cli/games.py)."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Adding a command"):]
    code = re.search(r"^```python\n(.*?)^```", section, re.S | re.M).group(1)
    namespace = dict(vars(games))
    exec(compile(code, str(DOC), "exec"), namespace)
    return namespace["COMMANDS"]


def test_the_example_command_is_registered_and_runs():
    commands = example_group()
    assert list(commands)[:2] == ["list", "check"] and "cards" in commands
    app = typer.Typer()
    for name, function in commands.items():
        app.command(name, help=one_line_paragraphs(function.__doc__))(function)
    result = CliRunner().invoke(app, ["cards", "red7", "-o", "advanced", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"game": "red7", "cards": len(cardrules.load("red7").cards)}
    unknown = CliRunner().invoke(app, ["cards", "no-such-game"])
    assert unknown.exit_code == 2 and "no bundled game" in unknown.output
