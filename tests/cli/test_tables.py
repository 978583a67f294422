"""The tables the commands print fit 80 columns without cutting a header or a cell ("playe…"): `list`,
`validate` for every bundled game, `simulate` and `compare`."""

from __future__ import annotations

from io import StringIO

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardrules.cli.tables import fitted
from cardrules.resources import bundled_games, bundled_variants

NARROW = {"COLUMNS": "80"}


def table_lines(output: str) -> tuple[list[str], int]:
    """The lines of the first table in `output` (the header lines, the rule, the rows: rich pads each to the
    table's width) and that width."""
    lines = output.splitlines()
    rule = next(i for i, line in enumerate(lines) if set(line.strip()) <= set("─━┈") and len(line.strip()) > 20)
    width = len(lines[rule])
    start = rule
    while start > 0 and len(lines[start - 1]) == width:
        start -= 1
    end = rule + 1
    while end < len(lines) and len(lines[end]) == width:
        end += 1
    return lines[start:end], width


def test_list_fits_80_columns(invoke):
    out = invoke("list", env=NARROW).stdout
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80, out
    lines, width = table_lines(out)
    assert width <= 80 and ["name", "players", "title", "and", "options"] in [line.split() for line in lines]
    rows = " ".join(lines)
    for name in [*bundled_games(), *bundled_variants()]:
        assert f" {name} " in f" {rows} ", name
    for option in ("draw_one", "match_play", "winning_score", "end_score", "rounds_to_win", "teams", "advanced"):
        assert f"{option} = " in rows
    assert "(accepts 1 to 1000)" in " ".join(rows.split())


@pytest.mark.parametrize("game", sorted(bundled_games()))
def test_the_validate_table_fits_80_columns(invoke, game):
    out = invoke("validate", game, "--playouts", "1", "--seed", "1", env=NARROW).stdout
    assert "…" not in out
    lines, width = table_lines(out)
    assert width <= 80, "\n".join(lines)
    header = " ".join(" ".join(lines[:lines.index(next(line for line in lines if "─" in line))]).split())
    for word in ("options", "on", "players", "games", "finished", "errors", "no", "end", "mean", "turns", "wins",
                 "by", "seat"):
        assert word in header.split(), header


def test_the_validate_summary_of_playouts_wraps_within_80_columns(invoke):
    out = invoke("validate", "red7", "--playouts", "1", "--seed", "1", env=NARROW).stdout
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("playouts: "))
    summary = lines[start:start + 2]
    assert all(len(line) <= 80 for line in summary), summary
    assert summary[1].startswith("  ") and " ".join(" ".join(summary).split()).endswith(
        "(switched both ways: advanced, expert) = 12 games"), summary


@pytest.mark.parametrize("args", [
    ["simulate", "hearts", "--games", "2"],
    ["compare", "punto", "punto", "-o:b", "teams", "-p", "4", "--games", "2"],
    ["compare", "red7", "red7", "-o:b", "advanced", "-o:b", "expert", "-p", "4", "--games", "2"],
])
def test_simulate_and_compare_tables_fit_80_columns(invoke, args):
    out = invoke(*args, env=NARROW).stdout
    assert "…" not in out
    for line in out.splitlines():
        if line[:1] in "┏┃┡│└":
            assert len(line) <= 80, line


def validate_like() -> Table:
    """The `validate` table as it was: rich cut its headers at 80 columns ("playe…")."""
    table = Table(show_edge=False, pad_edge=False)
    for header in ("options on", "players", "games", "finished", "errors", "no end", "mean turns", "wins by seat"):
        table.add_column(header, no_wrap=header == "options on")
    for _ in range(2):
        table.add_row("advanced, expert", "4", "1", "1", "0", "0", "90", Text("0 1 0 0"))
    return table


def drawn(renderable, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=StringIO())
    console.print(renderable)
    return console.export_text()


def test_a_fitted_table_wraps_a_header_at_its_spaces_instead_of_cutting_it():
    assert "playe…" in drawn(validate_like(), 80)  # what rich does by itself
    out = drawn(fitted(validate_like()), 80)
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    assert "players" in out and "finished" in out and "0 1 0 0" in out and "advanced, expert" in out
    assert drawn(fitted(validate_like()), 200) == drawn(validate_like(), 200)  # wide enough: as rich draws it


@pytest.mark.parametrize("width", [40, 60, 70])
def test_a_fitted_table_is_never_wider_than_the_terminal(width):
    out = drawn(fitted(validate_like()), width)
    assert max(len(line) for line in out.splitlines()) <= width
