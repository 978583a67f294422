"""The authoring commands: validate, explain, fmt and new (the work is done by `cardrules.authoring`).

Exit codes follow the other commands: 0 success, 1 a problem with a rules file (or a file that
would change under `fmt --check`), 2 a bad command line.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Annotated, Any, Callable, Optional

import typer
from rich.console import Console
from rich.text import Text

from .. import CheckedRules, check_source, find_game
from ..authoring.explain import explain
from ..authoring.fmt import FormatError, format_text
from ..authoring.new import extends_name, variant_text
from ..authoring.validate import unparsed_report, validate_rules
from ..diagnostics import RulesError
from ..files import read_text, same_file, write_text
from ..resources import bundled_rules
from ..words import plural
from .common import (
    CliError,
    GameArg,
    JsonOpt,
    MaxDecisionsOpt,
    OptionOpt,
    check_options,
    check_players,
    colored,
    echo_json,
    make_console,
    parse_options,
    prepare_game,
    print_diagnostics,
    reporting,
)
from .reports import render_explanation, render_report


def _game_source(name: str) -> tuple[str, str, str]:
    """A bundled game's name or a path -> (text, path, short name); unknown -> exit 2."""
    try:
        path = find_game(name)
    except FileNotFoundError as exc:
        raise CliError(str(exc), 2) from None
    try:
        return read_text(path), str(path), path.stem
    except OSError as exc:
        raise CliError(str(exc), 1) from None


def _typed_options(rules: CheckedRules, raw: list[str] | None) -> dict[str, Any]:
    """-o values checked against the rules (unknown option: exit 2) and converted to their kind."""
    given = parse_options(raw)
    if not given:
        return {}
    rules.require_valid()
    check_options(rules, given)
    values = rules.option_values(given)
    return {key: values[key] for key in given}


def validate_command(
    game_name: GameArg,
    playouts: Annotated[int, typer.Option("--playouts", "-n", metavar="N", min=0,
                                          help="Random games per player count and option combination.")] = 20,
    option: OptionOpt = None,
    players: Annotated[Optional[int], typer.Option("-p", "--players", metavar="N",
                                                   help="Only this player count (default: every allowed count).",
                                                   show_default=False)] = None,
    seed: Annotated[int, typer.Option("--seed", help="Base seed; the same seed gives the same report.")] = 0,
    max_decisions: MaxDecisionsOpt = None,
    strict: Annotated[bool, typer.Option("--strict", help="Also fail on check warnings and on parts of the rules "
                                         "that never happened.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Check a rules file, then play random games with every player count and option combination.

    Every yes/no option is tried on and off (unless fixed with -o); other options keep their
    default. Reports games that do not end, runtime errors with their rules line, cards lying
    where a 'holds' says they cannot, options of a choose never taken, triggers never run, 'end
    when' conditions never met, and the range of the numbers games end with. Exits 1 on check
    errors, runtime errors (a broken 'holds' is one) or games that do not end.
    """
    with reporting(as_json):
        console = make_console()
        try:
            rules = prepare_game(game_name)
        except RulesError as exc:  # the report shows it, unless -o or -p needs the rules themselves
            if parse_options(option) or players is not None:
                raise
            path = find_game(game_name)
            report = unparsed_report(exc, str(path), path.stem, playouts, strict)
        else:
            fixed = _typed_options(rules, option)
            if players is not None:
                check_players(rules.require_valid(), players, fixed)
            report = _with_progress(console, not as_json, lambda progress: validate_rules(
                rules, playouts, fixed, players, seed, max_decisions, strict, progress))
        if as_json:
            echo_json(report.to_json())
        else:
            console.print(render_report(report, colored(console)), soft_wrap=True)
        if report.failed:
            raise typer.Exit(1)


def _with_progress(console: Console, shown: bool, work: Callable[[Callable[[int, int], None] | None], Any]) -> Any:
    """Run `work(progress)` with a progress bar on a terminal (`progress(done, total)`), or without."""
    if not shown or not console.is_terminal:
        return work(None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(TextColumn("[bold]validating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console, transient=True)
    task = None

    def progress(done: int, total: int) -> None:
        nonlocal task
        if task is None:
            task = bar.add_task("validate", total=total)
        bar.update(task, completed=done)

    with bar:
        return work(progress)


def explain_command(game_name: GameArg, option: OptionOpt = None, as_json: JsonOpt = False) -> None:
    """Explain a game in words: cards, zones, setup, the turn as an outline, triggers, the end.

    It follows the options: with -o fast the parts that need fast are shown as active;
    without it they are marked "(only with fast)".
    """
    with reporting(as_json):
        rules = prepare_game(game_name).require_valid()
        options = _typed_options(rules, option)
        explanation = explain(rules, options, rules.compile_cached(options))
        if as_json:
            echo_json(explanation.to_json())
        else:
            make_console().print(render_explanation(explanation), soft_wrap=True)


def _rules_files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*.rules") if p.is_file()))
        else:
            out.append(path)
    return out


def _bundled_hint(path: Path) -> str:
    """For a file that is not there but names a bundled game: how to get a copy of it to change (fmt rewrites
    files in place, never the installed games)."""
    if path.exists() or str(path) not in bundled_rules():
        return ""
    return (f" ('{path}' is a bundled game: `cardrules new my-{path} --from {path}` writes a variant of it here "
            "to change, and `cardrules fmt` formats that)")


def fmt_command(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Rules files, or directories to search for "
                                                "*.rules files.", show_default=False)],
    check: Annotated[bool, typer.Option("--check", help="Write nothing; list the files that would change and exit 1 "
                                        "if there are any.")] = False,
    diff: Annotated[bool, typer.Option("--diff", help="Write nothing; show what would change.")] = False,
) -> None:
    """Rewrite rules files in the canonical layout, keeping every comment.

    Two-space indentation per block, one space around operators and after commas, single blank
    lines, a final newline (the full list is in cardrules/authoring/fmt.py). The meaning never
    changes: a file is only written when it reads back to the same rules.
    """
    with reporting():
        console = make_console()
        files = _rules_files(paths)
        if not files:
            raise CliError("no .rules files found in " + ", ".join(str(p) for p in paths), 1)
        changed, failed = [], 0
        for path in files:
            name = str(path)
            try:
                original = read_text(path)
            except OSError as exc:
                console.print(Text.assemble((name, "bold"), ": ", ("error", "bold red"),
                                            f": cannot read this file: {exc.strerror or exc}", _bundled_hint(path)))
                failed += 1
                continue
            try:
                formatted = format_text(original, name)
            except RulesError as exc:
                print_diagnostics(console, exc.diagnostics, {name: original, **exc.sources})
                failed += 1
                continue
            except FormatError as exc:
                console.print(Text.assemble((name, "bold"), ": ", ("error", "bold red"), f": {exc}"))
                failed += 1
                continue
            if formatted == original:
                continue
            changed.append(name)
            if diff:
                lines = difflib.unified_diff(original.splitlines(True), formatted.splitlines(True), name, name)
                console.print(Text("".join(lines)), soft_wrap=True, end="")
            if check or diff:
                console.print(Text.assemble(("would reformat ", "yellow"), (name, "bold")), soft_wrap=True)
            else:
                try:
                    write_text(path, formatted)
                except OSError as exc:  # the file is left as it was; go on with the others
                    console.print(Text.assemble((name, "bold"), ": ", ("error", "bold red"),
                                                f": cannot write this file: {exc.strerror or exc}"))
                    failed += 1
                    continue
                console.print(Text.assemble(("reformatted ", "green"), (name, "bold")), soft_wrap=True)
        verb = "would be reformatted" if check or diff else "reformatted"
        summary = f"{plural(len(files), 'file')} checked, {len(changed)} {verb}"
        if failed:
            summary += f", {failed} could not be read or written"
        console.print(Text(summary, style="bold"))
        if failed or (check and changed):
            raise typer.Exit(1)


def new_command(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The new file: NAME.rules, or a path ending in .rules.",
                                        show_default=False)],
    base: Annotated[str, typer.Option("--from", metavar="GAME", help="The game to start from: a bundled game's "
                                      "name or a path to a .rules file.", show_default=False)],
    force: Annotated[bool, typer.Option("--force", help="Overwrite the file if it exists.")] = False,
) -> None:
    """Start a variant: write NAME.rules that extends GAME, with commented places to change."""
    with reporting():
        target = Path(name if name.endswith(".rules") else name + ".rules")
        if target.exists() and not force:
            raise CliError(f"{target} already exists; use --force to overwrite it", 1)
        if not target.parent.is_dir():
            raise CliError(f"cannot write {target}: the directory {target.parent} does not exist", 1)
        text, path, _ = _game_source(base)
        if same_file(path, target):
            raise CliError(f"{target} is the file the new variant would extend (--from {base}); give the variant "
                           "another name", 1)
        bundled = base in bundled_rules()
        extends = extends_name(base, Path(path), target, bundled)
        content = variant_text(text, path, extends, target.stem)
        try:
            write_text(target, content)
        except OSError as exc:
            raise CliError(f"cannot write {target}: {exc.strerror or exc}", 1) from None
        problems = [d for d in check_source(content, str(target)) if d.severity == "error"]
        if problems:  # never expected: the file only extends a game that checks
            raise RulesError(problems, {str(target): content})
        console = make_console()
        console.print(Text.assemble(("wrote ", "green"), (str(target), "bold"), f' (extends "{extends}")'))
        console.print(Text(f"next: edit it, then cardrules check {target} and cardrules play {target}", style="dim"))


COMMANDS = {"validate": validate_command, "explain": explain_command, "fmt": fmt_command, "new": new_command}
