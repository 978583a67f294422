"""The `cardrules` command line (Typer + rich): the app, built from one module per command group.

Every command reports problems as messages (rules diagnostics with their source line and caret),
never as Python tracebacks. Exit codes: 0 success, 1 a problem with a rules or position file, a
failed run or an output that cannot be written, 2 a bad command line (unknown game, option, seat
kind, player count), 130 stopped by Ctrl-C, 143 stopped by SIGTERM (interrupts.py). Every command runs
within a memory budget and a CPU-time budget (`cardrules --max-memory 4G --max-cpu none COMMAND`,
budgets.py); spending either ends the command with a message and exit code 1.

A command group module (games, play, simulate, authoring) defines its commands as plain functions
and lists them in `COMMANDS` (name -> function); `GROUPS` below names each group module with its
commands, in --help order. A group module is imported, and its commands' parameters built, only
when one of its commands runs (cli/lazy.py): `simulate` does not import the play screen or the
authoring tools.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any, Callable

import typer
from rich.text import Text

from .. import budgets, cache
from ..limits import MAX_MEMORY
from .common import echo_json, make_console, one_line_paragraphs, stream_failure
from .interrupts import catch_signals, exit_code, leave_if_interrupted
from .lazy import group_commands, lazy_group, single_command

# group module of cli/ -> the commands it lists in COMMANDS (tests/cli/test_startup.py checks they agree)
GROUPS: dict[str, tuple[str, ...]] = {
    "games": ("list", "check"),
    "play": ("play", "legal"),
    "replay": ("replay",),
    "simulate": ("simulate", "compare"),
    "authoring": ("validate", "explain", "fmt", "new"),
    "compile": ("compile",),
    "lsp": ("lsp",),
}
_MARKUP = "rich"


def _command(name: str, function: Callable[..., Any]) -> Any:
    """A command's click command, made when it is first looked up; each paragraph of the function's docstring
    is a paragraph of its --help."""
    return single_command(name, function, rich_markup_mode=_MARKUP, pretty_exceptions_enable=False,
                          help=one_line_paragraphs(function.__doc__) if function.__doc__ else None)


def commands() -> dict[str, Callable[..., Any]]:
    """Every command's function by name, in --help order (importing every group module)."""
    return {name: group_commands(__name__, module)[name] for module, names in GROUPS.items() for name in names}


app = typer.Typer(
    name="cardrules",
    cls=lazy_group(__name__, GROUPS, _command, one_line_paragraphs),
    help="Play, check and simulate card games written in the [bold]cardrules[/] rules language.",
    rich_markup_mode=_MARKUP,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _size(text: str) -> int | None:
    try:
        return budgets.parse_size(text)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _seconds(text: str) -> float | None:
    try:
        return budgets.parse_seconds(text)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _version(asked: bool) -> None:
    """`--version`: the installed cardrules (what a bug report and the disk cache's keys name) and Python."""
    if asked:
        from importlib.metadata import PackageNotFoundError, version  # (only when asked: start-up stays light)
        try:
            found = version("cardrules")
        except PackageNotFoundError:  # run from a checkout that was never installed
            found = "(not installed)"
        typer.echo(f"cardrules {found} (Python {sys.version.split()[0]})")
        raise typer.Exit()


@app.callback()
def _budgets(
    max_memory: str = typer.Option(
        budgets.size_words(MAX_MEMORY), "--max-memory", metavar="SIZE",
        help="Memory one process of the command may use (each --jobs worker too), such as 500M or 8G, or "
             "'none'. A rules file that builds more stops with a message at its line."),
    max_cpu: str = typer.Option(
        "none", "--max-cpu", metavar="SECONDS",
        help="CPU time one process of the command may use, or 'none'. Time waiting for a player's move does "
             "not count; games are bounded anyway by --max-decisions and the steps per decision "
             "(docs/limits.md)."),
    no_cache: bool = typer.Option(
        False, "--no-cache", metavar="",  # a flag takes no value: no `<bool>` beside it in --help
        help="Neither read nor write the disk cache of parsed and checked rules (~/.cache/cardrules, or "
             "$CARDRULES_CACHE_DIR; docs/performance.md). The same as CARDRULES_NO_CACHE=1."),
    _shown: bool = typer.Option(
        False, "--version", metavar="", is_eager=True, callback=_version,
        help="Show the version of cardrules (and of Python) and exit."),
) -> None:
    """Play, check and simulate card games written in the [bold]cardrules[/] rules language."""
    budgets.set_budgets(_size(max_memory), _seconds(max_cpu))
    if no_cache:
        cache.disable()


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: run the app and turn anything unexpected into a message."""
    catch_signals()
    if sys.stdout is None or sys.stderr is None:  # started with `>&-` or `2>&-`: nothing could be reported
        try:
            os.write(2, b"error: standard output or standard error is closed\n")
        except OSError:
            pass
        sys.exit(1)
    for stream in (sys.stdout, sys.stderr):  # a rules file's own text the terminal cannot show: escaped, not fatal
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, TypeError, ValueError):  # a stream that is not a text file's (a caller's own)
            pass
    try:
        app(args=argv, prog_name="cardrules")
    except SystemExit as done:
        leave_if_interrupted(done.code if isinstance(done.code, int) else None)
        raise
    except KeyboardInterrupt:
        make_console(stderr=True).print("interrupted")
        leave_if_interrupted(exit_code())
    except budgets.SPENT as exc:  # spent before a command could report it (a cold start under a small budget)
        message = budgets.spent_message(exc)
        if "--json" in (sys.argv[1:] if argv is None else argv):  # the error in the JSON, as a command gives it
            echo_json({"error": message, "diagnostics": []})
        else:
            make_console(stderr=True).print(Text.assemble(("error", "bold red"), f": {message}"))
        sys.exit(1)
    except OSError as exc:
        if not stream_failure(exc):
            make_console(stderr=True).print(Text.assemble(("error", "bold red"), f": {exc}"))
        sys.exit(1)
    except Exception as exc:  # never a traceback
        make_console(stderr=True).print(Text.assemble(("error", "bold red"),
                                                  f": unexpected {type(exc).__name__}: {exc}"))
        sys.exit(1)
    finally:
        budgets.allow_exit()  # the CPU budget must not kill the process while it exits
        if argv is None:  # the process's own command line: it exits now
            # Python's exit searches every object for reference cycles, more than once: after 6,000 games
            # the kept tables of a game's definitions make that a tenth of the command's CPU time. Frozen
            # objects are left out of those searches (and still freed); no command waits on a cycle's finalizer.
            gc.freeze()


if __name__ == "__main__":
    main()
