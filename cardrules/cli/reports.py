"""A validation report and a game's explanation -> rich renderables for the terminal (`validate`, `explain`).

The reports themselves are library code (cardrules/authoring/): records with a JSON form. Their
drawing lives here, with the rest of the terminal rendering.
"""

from __future__ import annotations

from typing import Any

import attrs
from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..authoring.explain import Explanation, Item, value_text
from ..authoring.validate import Report
from ..diagnostics import render
from ..words import plural
from .tables import Wrapped, fitted

CODE = "cyan"
NAME = "bold"
NOTE = "yellow"
INACTIVE = "dim"


# ---------------------------------------------------------------------------------------------
# validate

def options_text(options: dict[str, Any]) -> str:
    """`fast, goal=30`: the switches that are on by name, other values as name=value; '-' for none."""
    parts = []
    for name, value in options.items():
        if value is True:
            parts.append(name)
        elif value is not False:
            parts.append(f"{name}={value}")
    return ", ".join(parts) or "-"


def source_line(report: Report, path: str, line: int) -> str:
    lines = report.sources.get(path, "").splitlines()
    return lines[line - 1].strip() if 1 <= line <= len(lines) else ""


def render_report(report: Report, color: bool = False) -> Group:
    """A validation report for a terminal: problems first, then coverage and numbers."""
    out: list = [Text.assemble((report.title, "bold"), "  ", (report.path, "dim"))]

    def diagnostics(diags) -> None:
        for diag in diags:
            rendered = render(diag, report.sources.get(diag.path), color=color)
            out.append(Text.from_ansi(rendered) if color else Text(rendered))

    errors, warnings = report.errors, report.warnings
    verdict = Text("checks: ")
    verdict.append(plural(len(errors), "error"), style="bold red" if errors else "green")
    verdict.append(", ")
    verdict.append(plural(len(warnings), "warning"), style="yellow" if warnings else "green")
    out.append(verdict)
    diagnostics(report.diagnostics)
    if report.runs:
        out += _playouts(report)
    for failure in report.failures:
        head = "runtime error" if failure.kind == "error" else "no end"
        out.append(Text.assemble((f"{head}: ", "bold red"), failure.message,
                                 (f"  ({plural(failure.count, 'game')}; first: {plural(failure.players, 'player')}, "
                                  f"options {options_text(failure.options)}, seed {failure.seed})", "dim")))
        diagnostics(failure.diagnostics)
    out += _never_happened(report)
    if report.numbers:
        out.append(Text("numbers at the end of the games (lowest..highest):"))
        for what, (low, high) in report.numbers.items():
            out.append(Text.assemble(f"  {what}: ", (f"{low}..{high}", "cyan")))
    problems = report.problems
    if problems:
        out.append(Text.assemble(("FAILED", "bold red"), ": " + "; ".join(problems)))
    else:
        out.append(Text("OK", style="bold green"))
    return Group(*out)


def _playouts(report: Report) -> list[Any]:
    """What was played, and a table of the runs: one row per option combination and player count."""
    games = sum(r.games for r in report.runs)
    counts = sorted({r.players for r in report.runs})
    varied = ", ".join(report.varied) if report.varied else "none"
    combos = len({tuple(r.options.items()) for r in report.runs})  # each with the player counts it is for
    head = Wrapped(f"playouts: {plural(report.playouts, 'random game')} for each of "
                   f"{plural(len(counts), 'player count')} and {plural(combos, 'option combination')} (switched "
                   f"both ways: {varied}) = {plural(games, 'game')}")
    # Within 80 columns: no vertical rules, and long headers on two lines (rich would cut them: "playe…").
    table = Table(show_edge=False, pad_edge=False, box=box.SIMPLE_HEAD, collapse_padding=True)
    for column, justify in (("options on", "left"), ("players", "right"), ("games", "right"),
                            ("finished", "right"), ("errors", "right"), ("no\nend", "right"),
                            ("mean\nturns", "right"), ("wins by\nseat", "left")):
        table.add_column(column, justify=justify, vertical="bottom")
    for run in report.runs:
        wins = " ".join(str(w) for w in run.wins) + (f" (none: {run.no_winner})" if run.no_winner else "")
        table.add_row(options_text(run.options), str(run.players), str(run.games), str(run.finished),
                      Text(str(run.errors), style="bold red" if run.errors else ""),
                      Text(str(run.unfinished), style="bold red" if run.unfinished else ""),
                      f"{run.mean_turns:g}", wins)
    return [head, fitted(table)]


def _never_happened(report: Report) -> list[Text]:
    """The options never taken, triggers never run and `end when` conditions never met, with their lines."""
    out = []
    titles = {"option": "options of a choose that were never taken",
              "trigger": "triggers that never ran", "end": "'end when' conditions that never held"}
    for kind, title in titles.items():
        never = report.never(kind)
        if not report.runs or not any(p.kind == kind for p in report.places):
            continue
        if not never:
            out.append(Text.assemble((f"{title}: ", ""), ("none", "green")))
            continue
        out.append(Text(f"{title}:", style="yellow"))
        for place in never:
            line = source_line(report, place.path, place.line)
            out.append(Text(f"  {place.path}:{place.line}:{place.column}: '{place.name}'  {line}"))
    return out


# ---------------------------------------------------------------------------------------------
# explain

def render_explanation(explanation: Explanation) -> Group:
    """An explanation for a terminal: code in colour, parts the chosen options leave out dimmed."""
    out: list[Text] = [Text.assemble((explanation.title, "bold underline"), "  ", (explanation.path, "dim"))]
    chosen = ", ".join(f"{k}={value_text(v)}" for k, v in explanation.options.items()) or "none"
    out.append(Text.assemble(("Options in effect: ", "dim"), (chosen, "dim")))
    for section in explanation.sections:
        if not section.items:
            continue
        out.append(Text(""))
        out.append(Text(section.title, style="bold magenta"))
        for item in section.items:
            out.extend(_render_item(item, 1))
    return Group(*out)


def _render_item(item: Item, depth: int) -> list[Text]:
    line = Text("  " * depth)
    if item.number:
        line.append(item.number + " ", style="bold")
    for text, kind in item.parts:
        style = CODE if kind == "code" else NAME if kind == "name" else f"{NOTE} {INACTIVE}" if kind == "off" else ""
        line.append(text, style=f"{style} {INACTIVE}".strip() if not item.active else style)
    line.append(item.note, style=NOTE if item.active else f"{NOTE} {INACTIVE}")
    out = [line]
    for child in item.children:
        if not item.active:
            child = attrs.evolve(child, active=False)
        out.extend(_render_item(child, depth + 1))
    return out
