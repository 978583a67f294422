"""The `list` and `check` commands: the bundled games, and every problem of some rules files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from .. import check_file, summary
from ..diagnostics import RulesError, Span, error
from ..engine import OptionDoc
from ..engine.accepts import limits
from ..files import read_text
from ..resources import bundled_games, bundled_rules, bundled_variants
from .common import JsonOpt, echo_json, make_console, print_diagnostics, reporting
from .render import plural
from .tables import fitted


def list_games(as_json: JsonOpt = False) -> None:
    """List the bundled games and variants with their player counts and options."""
    with reporting(as_json):
        entries = []
        bundled = [(n, p, False) for n, p in bundled_games().items()]
        bundled += [(n, p, True) for n, p in bundled_variants().items()]
        for name, path, variant in bundled:
            entry: dict[str, Any] = {"name": name, "title": name, "players": None, "options": [],
                                     "variant": variant}
            try:
                game = summary(path)  # from the disk cache when summarised before: nothing parsed or compiled
            except (RulesError, OSError) as exc:
                entry["error"] = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            else:
                entry["title"] = game.title
                entry["players"] = [game.min_players, game.max_players]
                entry["options"] = [_option_entry(opt, doc) for opt, doc in game.option_docs.items()]
            entries.append(entry)
        if as_json:
            echo_json(entries)
            return
        console = make_console()
        if not entries:
            console.print("No bundled games found.")
            return
        # Within 80 columns: the options under the game's title, in the one column that wraps.
        table = Table(title="Bundled games and variants", title_justify="left", box=box.SIMPLE_HEAD,
                      show_edge=False, pad_edge=False, collapse_padding=True)
        table.add_column("name", style="bold cyan", no_wrap=True)
        table.add_column("players", justify="center", no_wrap=True)
        table.add_column("title and options")
        for entry in entries:
            if "error" in entry:
                table.add_row(entry["name"], "", Text("cannot load: " + entry["error"], style="red"))
                continue
            low, high = entry["players"]
            players = str(low) if low == high else f"{low}-{high}"
            title = Text(entry["title"], style="bold")
            if entry["variant"]:
                title.append("  (variant)", style="dim")
            options = Table.grid(padding=(0, 0, 0, 2))  # an option's words wrap under its words, not its name
            options.add_column(no_wrap=True)
            options.add_column()
            for opt in entry["options"]:
                words = Text(opt["description"])
                if _limits(opt):
                    words.append(f" ({_limits(opt)})", style="dim")
                options.add_row(Text.assemble((opt["name"], "bold"), (f" = {_option_value(opt['default'])}", "dim")),
                                words)
            about = Group(title, options) if entry["options"] else title
            table.add_row(entry["name"], players, about)
        console.print(fitted(table))
        console.print(Text("Play one with: cardrules play NAME", style="dim"))


def _option_entry(name: str, doc: OptionDoc) -> dict[str, Any]:
    """An option for `list --json`: what it accepts only when it declares it (`in ...`, `for players ...`)."""
    entry: dict[str, Any] = {"name": name, "default": doc.default, "description": doc.description}
    if doc.bounds is not None:
        entry["range"] = list(doc.bounds)
    if doc.choices is not None:
        entry["values"] = list(doc.choices)
    if doc.players is not None:
        entry["players"] = list(doc.players)
    return entry


def _limits(entry: dict[str, Any]) -> str:
    """What a `list --json` option entry declares it accepts, in words ("" when nothing)."""
    bounds, choices, players = (tuple(entry[key]) if key in entry else None for key in ("range", "values", "players"))
    return limits(OptionDoc(entry["default"], entry["description"], bounds, choices, players))


def _option_value(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def check(
    paths: Annotated[list[Path], typer.Argument(
        metavar="PATH", show_default=False,
        help="Rules files to check; a bundled game's name (see cardrules list) checks its file, unless a file "
             "of that name is here.")],
    as_json: JsonOpt = False,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as errors (exit 1).")] = False,
) -> None:
    """Check rules files and report every problem with its line and column.

    Exits 0 when no file has errors (warnings are shown but allowed unless --strict), 1 otherwise.
    """
    with reporting(as_json):
        console = make_console()
        files = []
        errors = warnings = 0
        for path in map(_file_or_bundled, paths):
            name = str(path)
            try:
                text = read_text(path)
            except OSError as exc:
                reason = exc.strerror or str(exc)
                diag = error("E001", f"cannot read this file: {reason}", Span(0, 0), name)
                diagnostics, text = [diag], None
            else:
                diagnostics = check_file(text, name)  # an unchanged file: its diagnostics from the disk cache
            n_err = sum(d.severity == "error" for d in diagnostics)
            n_warn = len(diagnostics) - n_err
            errors += n_err
            warnings += n_warn
            files.append({"file": name, "diagnostics": [d.to_json() for d in diagnostics]})
            if as_json:
                continue
            if text is None:
                console.print(Text.assemble((name, "bold"), ": ", ("error", "bold red"), ": ",
                                            diagnostics[0].message), soft_wrap=True)
                continue
            print_diagnostics(console, diagnostics, {name: text})
            if not n_err:
                line = Text.assemble((name, "bold"), ": ", ("ok", "bold green"))
                if n_warn:
                    line.append(f" ({plural(n_warn, 'warning')})", style="yellow")
                console.print(line, soft_wrap=True)
        failed = errors > 0 or (strict and warnings > 0)
        if as_json:
            echo_json({"files": files, "errors": errors, "warnings": warnings})
        else:
            summary = Text(f"{plural(len(files), 'file')} checked: ")
            summary.append(plural(errors, "error"), style="bold red" if errors else "green")
            summary.append(", ")
            summary.append(plural(warnings, "warning"), style="yellow" if warnings else "green")
            if strict and warnings and not errors:
                summary.append(" (--strict: warnings count as errors)", style="dim")
            console.print(summary)
        if failed:
            raise typer.Exit(1)


def _file_or_bundled(path: Path) -> Path:
    """The file to check: `path` itself, or, when no such file exists, the bundled game or variant of that name
    (as `simulate GAME` and `compile GAME` take one)."""
    if path.exists():
        return path
    return bundled_rules().get(str(path), path)


COMMANDS = {"list": list_games, "check": check}
