"""The `compile` command: a game's generated Python source, printed or written to a file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.text import Text

from ..compiler.listing import game_source
from ..files import write_text
from .common import (
    CliError,
    GameArg,
    OptionOpt,
    PlayersOpt,
    check_options,
    check_players,
    make_console,
    parse_options,
    prepare_game,
    reporting,
)

OutputOpt = Annotated[Optional[Path], typer.Option(
    "--output", metavar="FILE", help="Write the source to FILE (replaced in one step) instead of printing it.",
    show_default=False)]


def compile_command(game_name: GameArg, option: OptionOpt = None, players: PlayersOpt = None,
                    output: OutputOpt = None) -> None:
    """Print the Python source the compiler generates for a game with its options: every definition's
    function with what it reads and how its values are kept, the procedures' expressions, and the
    constants they name.

    The source is for reading (docs/performance.md): it is the code the engine runs, the same for
    every number of players (-p only checks that the game and its options allow that many)."""
    with reporting():
        rules = prepare_game(game_name).require_valid()
        options = parse_options(option)
        check_options(rules, options)
        if players is not None:
            check_players(rules, players, rules.option_values(options))
        text = game_source(rules.rules, rules.symbols, options, rules.sources, rules.name)
        if output is None:
            typer.echo(text, nl=False)
            return
        try:
            write_text(output, text)
        except OSError as exc:
            raise CliError(f"cannot write {output}: {exc.strerror or exc}", 1) from None
        make_console().print(Text.assemble(("wrote ", "green"), (str(output), "bold")))


COMMANDS = {"compile": compile_command}
