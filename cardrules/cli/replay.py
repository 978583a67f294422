"""The `replay` command: a game record (`play --record`) -> its moves played again, each with the table as one
seat or a spectator saw it, waiting for Enter between moves on a terminal."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.text import Text

from ..engine import Action, State
from ..simulation import Observer, play_match
from ..simulation.records import Script
from ..values import Seat
from .announce import ALL, Move, before_move, move_lines, revealed_view, view_for
from .common import CliError, make_console, read_line, reporting
from .recordfiles import EndOfRecord, Recorded, open_record
from .render import CardPainter, plural, render_view, seat_name, winners_line

SPECTATOR = -1


class _Stop(Exception):
    """The reader typed q at the pause between two moves."""


class _Shower(Observer):
    """Prints each move as `viewer` was told of it and the table after it, and waits between moves."""

    def __init__(self, console: Console, painter: CardPainter, viewer: int | None, total: int, waits: bool):
        self.console, self.painter, self.viewer, self.total, self.waits = console, painter, viewer, total, waits
        self.move: Move | None = None
        self.count = 0

    def _table(self, state: State) -> None:
        self.console.print(render_view(state.game, view_for(state, self.viewer), self.painter, turn=state.turns))

    def started(self, state: State) -> None:
        self._table(state)

    def moving(self, state: State, player: int, action: Action) -> None:
        self.move = before_move(state, player, action)
        if self.waits and self.count:
            entry = _pause(self.console, f"Enter: move {self.count + 1} of {self.total} (q stops) ")
            if entry.strip().lower() in ("q", "quit"):
                raise _Stop

    def moved(self, state: State, player: int, action: Action) -> None:
        self.count += 1
        self.console.print()
        self.console.print(Text(f"Move {self.count} of {self.total}", style="dim"))
        assert self.move is not None
        for line in move_lines(self.painter, self.move, state, self.viewer):
            self.console.print(line, soft_wrap=True)
        if not state.is_terminal():
            self._table(state)

    def ended(self, state: State) -> None:
        game, viewer = state.game, self.viewer  # the cards the end of the game reveals, as `play` shows them
        view = revealed_view(state, SPECTATOR if viewer is ALL else viewer, None if viewer is ALL else
                             game.end_reveals())
        self.console.print(render_view(game, view, self.painter, turn=state.turns))
        you = [self.viewer] if self.viewer is not None and self.viewer >= 0 else []
        self.console.print(Text(f"Game over after {plural(state.turns, 'turn')}.", style="bold"))
        self.console.print(winners_line(state.winners, you))


def _pause(console: Console, prompt: str) -> str:
    try:
        return read_line(console, Text(prompt, style="dim"))
    except EOFError:
        raise _Stop from None


def at_terminal(console: Console) -> bool:
    """Whether a person reads the output and can press Enter: then the replay waits between moves."""
    return console.is_terminal and sys.stdin is not None and sys.stdin.isatty()


def _viewer(text: str | None, players: int, reveal_all: bool) -> int | None:
    if reveal_all:
        if text is not None:
            raise CliError("--as and --reveal-all cannot go together: one shows a seat's view, the other every card",
                           2)
        return ALL
    if text is None:
        return SPECTATOR
    digits = text.strip().upper().removeprefix("P")
    if not digits.isdigit() or not 0 <= int(digits) < players:
        raise CliError(f"--as takes a seat from {Seat(0)!r} to {Seat(players - 1)!r}, not '{text}'", 2)
    return int(digits)


def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A record written by [bold]cardrules play --record "
                                         "FILE[/] (or a game saved with 'save FILE').", show_default=False)],
    game_name: Annotated[Optional[str], typer.Option(
        "--game", metavar="GAME", help="The rules to replay it with: a bundled game or a rules file (default: the "
        "one the record names, beside the record or as named). Its text must be the one recorded.",
        show_default=False)] = None,
    viewer: Annotated[Optional[str], typer.Option(
        "--as", metavar="SEAT", help="Show the game as seat SEAT (P0, P1, ...) saw it: its own cards, what it "
        "was told (default: a spectator, public information only).", show_default=False)] = None,
    reveal_all: Annotated[bool, typer.Option("--reveal-all", help="Show every card, hidden ones too.")] = False,
    no_wait: Annotated[bool, typer.Option(
        "--no-wait", help="Run straight through, without waiting for Enter between moves (what happens anyway "
                          "when the input or output is not a terminal).")] = False,
) -> None:
    """Replay a game record move by move: each move and the table after it, as a seat or a spectator saw it.

    It refuses a record whose rules text has changed since it was made (by digest), one of another
    format version, and one that does not load (with the file, line and column).
    """
    with reporting():
        opened = open_record(file, game_name)
        record, game = opened.record, opened.game
        seen = _viewer(viewer, record.players, reveal_all)
        console = make_console()
        waits = not no_wait and at_terminal(console)
        seats = ", ".join(f"{seat_name(s)} {kind}" for s, kind in enumerate(record.seats))
        console.print(Text.assemble(("Replay of ", "bold"), (str(file), "bold"), f": {game.title}, "
                                    f"{plural(record.players, 'player')}, seed {record.seed}  ({seats}); "
                                    f"{plural(len(record.moves), 'move')}, {_ending(record.ended)}"),
                      soft_wrap=True)
        script = Script(record.moves)
        shower = _Shower(console, CardPainter(game, console.color_system), seen, len(record.moves), waits)
        try:
            play_match(game, record.players, record.seed, [Recorded(script)] * record.players, [shower],
                       record.max_decisions or None)
        except EndOfRecord:
            console.print(Text(f"The record ends here, after {plural(len(record.moves), 'move')}: the game was "
                               f"{_ending(record.ended)}.", style="yellow"), soft_wrap=True)
            return
        except _Stop:
            console.print(Text("Replay stopped.", style="yellow"))


def _ending(ended: str) -> str:
    return {"over": "played to its end", "playing": "still under way",
            "stopped": "stopped by the decision limit"}.get(ended, ended)


COMMANDS = {"replay": replay}
