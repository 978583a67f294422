"""The `cardrules` command line (Typer + rich): the app, built from one module per command group.

Every command reports problems as messages (rules diagnostics with their source line and caret),
never as Python tracebacks. Exit codes: 0 success, 1 a problem with a rules or position file, a
failed run or an output that cannot be written, 2 a bad command line (unknown game, option, seat
kind, player count), 130 stopped by Ctrl-C, 143 stopped by SIGTERM (interrupts.py).

A command group module (games, play, simulate, authoring) defines its commands as plain functions
and lists them in `COMMANDS` (name -> function); the app registers them in the order below.
"""

from __future__ import annotations

import os
import sys

import typer
from rich.text import Text

from . import authoring, games, lsp, play, simulate
from .common import make_console, one_line_paragraphs, stream_failure
from .interrupts import catch_signals, exit_code, leave_if_interrupted

GROUPS = (games, play, simulate, authoring, lsp)

app = typer.Typer(
    name="cardrules",
    help="Play, check and simulate card games written in the [bold]cardrules[/] rules language.",
    rich_markup_mode="rich",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


for _group in GROUPS:
    for _name, _function in _group.COMMANDS.items():
        app.command(_name, help=one_line_paragraphs(_function.__doc__) if _function.__doc__ else None)(_function)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: run the app and turn anything unexpected into a message."""
    catch_signals()
    if sys.stdout is None or sys.stderr is None:  # started with `>&-` or `2>&-`: nothing could be reported
        try:
            os.write(2, b"error: standard output or standard error is closed\n")
        except OSError:
            pass
        sys.exit(1)
    try:
        app(args=argv, prog_name="cardrules")
    except SystemExit as done:
        leave_if_interrupted(done.code if isinstance(done.code, int) else None)
        raise
    except KeyboardInterrupt:
        make_console(stderr=True).print("interrupted")
        leave_if_interrupted(exit_code())
    except OSError as exc:
        if not stream_failure(exc):
            make_console(stderr=True).print(Text.assemble(("error", "bold red"), f": {exc}"))
        sys.exit(1)
    except Exception as exc:  # never a traceback
        make_console(stderr=True).print(Text.assemble(("error", "bold red"),
                                                  f": unexpected {type(exc).__name__}: {exc}"))
        sys.exit(1)


if __name__ == "__main__":
    main()
