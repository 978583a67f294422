"""What every command shares: the console, messages and exit codes instead of tracebacks, common arguments."""

from __future__ import annotations

import contextlib
import errno
import inspect
import os
import sys
from typing import Annotated, Any, Iterator, Optional

import typer
import typer.exceptions
from rich.console import Console
from rich.text import Text

from .. import CheckedRules, find_game, played_before, prepare
from ..bots import AgentError
from ..budgets import SPENT, spent_message
from ..converter import dumps
from ..diagnostics import Diagnostic, RulesError, render
from ..engine import Game
from ..engine.accepts import options_refusal
from ..files import FileProblem
from ..limits import MAX_DECISIONS, MAX_GAME_DECISIONS
from ..words import player_span
from .interrupts import SIGINT_EXIT, exit_code
from .option_words import options_problem


class CliError(Exception):
    """A problem to report as a message; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1, diagnostics: tuple[Diagnostic, ...] = (),
                 sources: dict[str, str] | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.diagnostics = tuple(diagnostics)
        self.sources = dict(sources or {})


def make_console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False, emoji=False)  # no text of ours spells an emoji code


def colored(console: Console) -> bool:
    return console.is_terminal and console.color_system is not None and not console.no_color


def echo_json(data: Any) -> None:
    """Print a record (or plain data holding records) as JSON, written by the package's one converter."""
    typer.echo(dumps(data))


def print_diagnostics(console: Console, diagnostics: tuple[Diagnostic, ...] | list[Diagnostic],
                       sources: dict[str, str]) -> None:
    color = colored(console)
    for diag in diagnostics:
        rendered = render(diag, sources.get(diag.path), color=color)
        console.print(Text.from_ansi(rendered) if color else Text(rendered), soft_wrap=True)


def _report(exc: CliError, as_json: bool) -> None:
    if as_json:
        echo_json({"error": exc.message, "diagnostics": list(exc.diagnostics)})
        return
    err = make_console(stderr=True)
    if exc.diagnostics:
        print_diagnostics(err, exc.diagnostics, exc.sources)
    else:
        err.print(Text.assemble(("error", "bold red"), ": ", exc.message), soft_wrap=True)


@contextlib.contextmanager
def reporting(as_json: bool = False) -> Iterator[None]:
    """Turn every failure inside a command into a message and an exit status."""
    try:
        yield
    except (typer.exceptions.Exit, typer.exceptions.Abort, typer.exceptions.TyperException):
        raise
    except CliError as exc:
        _report(exc, as_json)
        raise typer.Exit(exc.code) from None
    except RulesError as exc:
        first = exc.diagnostics[0].message if exc.diagnostics else str(exc)
        _report(CliError(first, 1, exc.diagnostics, exc.sources), as_json)
        raise typer.Exit(1) from None
    except AgentError as exc:  # a bot's options, or a definition a bot reads (docs/agents.md)
        _report(CliError(str(exc), 1), as_json)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        code = exit_code()
        _report(CliError("interrupted" if code == SIGINT_EXIT else "stopped by SIGTERM", code), as_json)
        raise typer.Exit(code) from None
    except SPENT as exc:
        _report(CliError(spent_message(exc), 1), as_json)
        raise typer.Exit(1) from None
    except OSError as exc:
        if not stream_failure(exc):
            _report(CliError(f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else ""), 1), as_json)
        raise typer.Exit(1) from None
    except Exception as exc:  # never a traceback
        _report(CliError(f"unexpected {type(exc).__name__}: {exc}", 1), as_json)
        raise typer.Exit(1) from None


_STREAM_ERRORS = {errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}


def stream_failure(exc: OSError) -> bool:
    """If `exc` says standard output cannot be written (a closed pipe, a full disk): say so in one line on
    standard error and point standard output at nothing, so that leaving does not fail again; True then."""
    if exc.errno not in _STREAM_ERRORS or exc.filename:
        return False
    try:
        sys.stdout = None  # rich and print() stop writing there
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    except OSError:
        pass
    message = "the pipe was closed" if exc.errno == errno.EPIPE else (exc.strerror or str(exc))
    try:
        sys.__stderr__.write(f"error: cannot write the output: {message}\n")
        sys.__stderr__.flush()
    except (OSError, AttributeError, ValueError):
        pass
    return True


def read_line(console: Console, prompt: Text | str) -> str:
    """One line typed at the terminal; EOFError at its end, CliError if there is no input at all."""
    try:
        return console.input(prompt)
    except RuntimeError as exc:  # input() with standard input closed
        if sys.stdin is None or "stdin" in str(exc):
            raise CliError("standard input is closed, so no move can be typed (give every seat to a bot with "
                           "--seat, or pipe the moves in)", 1) from None
        raise


MaxDecisionsOpt = Annotated[int | None, typer.Option(
    "--max-decisions", metavar="M", min=1, max=MAX_GAME_DECISIONS, show_default=False,
    help=f"A game still running after M decisions is stopped: it counts as not ending. Default: the game's "
         f"own `limit decisions`, else {MAX_DECISIONS:,} (docs/limits.md).")]


def parse_options(raw: list[str] | None) -> dict[str, Any]:
    """`-o advanced` -> advanced=True, `-o rounds=3` -> rounds="3" (the game converts the value)."""
    options: dict[str, Any] = {}
    for item in raw or []:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not name or not name.replace("_", "").replace("-", "").isalnum():
            raise CliError(f"bad option '{item}': write -o NAME or -o NAME=VALUE", 2)
        options[name] = value.strip() if sep else True
    return options


def prepare_game(name: str) -> CheckedRules:
    """A bundled game's name or a path -> its rules, parsed and checked once (not found: exit 2). Check
    errors stay in the result (validate reports them); `require_valid()` raises them."""
    try:
        path = find_game(name)
    except FileNotFoundError as exc:
        raise CliError(str(exc), 2) from None
    try:
        return prepare(path)
    except OSError as exc:
        raise CliError(str(exc) if isinstance(exc, FileProblem) else f"cannot read {path}: {exc.strerror or exc}", 1) \
            from None


def check_options(rules: CheckedRules, options: dict[str, Any]) -> None:
    """An option the rules do not declare, or a value it does not accept: exit 2, saying in the user's words
    which options or values there are, and where the option is declared (the player counts an option is for:
    `check_players`)."""
    problem = options_problem(rules, options)
    if problem:
        raise CliError(problem, 2)


def load_game(name: str, options: dict[str, Any], rules: CheckedRules | None = None) -> Game:
    """The game compiled with `options`: parsed, checked and compiled once (`rules`: already prepared), or as a
    command compiled it before for these options (the disk cache: checked then, it is not checked again)."""
    if rules is None and (game := played_before(name, options)) is not None:
        return game
    rules = (rules or prepare_game(name)).require_valid()
    check_options(rules, options)
    return rules.compile_cached(options)


def check_players(game: Game | CheckedRules, players: int | None, options: dict[str, Any] | None = None) -> int:
    """The player count (default: the game's minimum), or exit 2 when the game, or one of its options set
    (a compiled game's own, or `options` already typed), is not for that many players."""
    n = game.min_players if players is None else players
    if not game.min_players <= n <= game.max_players:
        raise CliError(f"{game.title} is for {player_span(game.min_players, game.max_players)}, not {n}", 2)
    refused = options_refusal(game.option_docs, game.options if isinstance(game, Game) else options or {}, n)
    if refused:
        raise CliError(refused + (" (the number of players is set with -p)" if players is None else ""), 2)
    return n


GameArg = Annotated[str, typer.Argument(metavar="GAME", help="A bundled game's name (see [bold]cardrules list[/]) "
                                        "or a path to a .rules file.", show_default=False)]

OptionOpt = Annotated[Optional[list[str]], typer.Option(
    "-o", "--option", metavar="NAME[=VALUE]",
    help="Set a game option; repeatable. [bold]-o advanced[/] switches a yes/no option on, "
         "[bold]-o rounds=3[/] sets a value.", show_default=False)]

PlayersOpt = Annotated[Optional[int], typer.Option(
    "-p", "--players", metavar="N", help="Number of players (default: the game's minimum).",
    show_default=False)]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON instead of text.")]


def one_line_paragraphs(doc: str) -> str:
    """A command's docstring for --help, each paragraph on one line: in rich markup mode typer keeps
    a docstring's own line breaks, and rich then wraps those lines again at the terminal's width,
    leaving a stub of a line after each. Paragraphs that hold a list keep their lines."""
    out = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines = paragraph.splitlines()
        listed = any(line.lstrip().startswith(("- ", "* ")) for line in lines)
        out.append(paragraph if listed else " ".join(line.strip() for line in lines))
    return "\n\n".join(out)
