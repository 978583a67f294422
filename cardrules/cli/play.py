"""The `play` and `legal` commands: a game in the terminal against bots or friends; a position's legal moves."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any, Optional

import attrs
import typer
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from ..bots import AGENTS, Agent, AgentError, check_spec, inform, make_agent
from ..diagnostics import RulesError
from ..engine import Action, Game, LegalMoves, State
from ..engine.moves import entry_hint, find_move, names_cells
from ..engine.positions import read_position
from ..files import FileProblem
from ..simulation import GameDidNotEnd, Observer, derive_seed, play_match
from .announce import (
    ALL,
    Move,
    before_move,
    move_lines,
    private_lines,
    revealed_view,
    seen_cards,
    seen_lines,
    shows_for,
    view_for,
)
from .common import (
    CliError,
    GameArg,
    JsonOpt,
    MaxDecisionsOpt,
    OptionOpt,
    PlayersOpt,
    check_players,
    echo_json,
    load_game,
    make_console,
    parse_options,
    read_line,
    reporting,
)
from .interrupts import exit_code
from .render import CardPainter, cell_marks, plural, render_moves, render_view, seat_name, winners_line

HUMAN = "human"


# Opponents who play sensibly and at once: a random bot can throw a game away before the human has moved.
DEFAULT_OPPONENT = "greedy"


def seat_kinds() -> list[str]:
    return [HUMAN, *AGENTS]


def parse_seats(raw: list[str] | None, n: int) -> list[str]:
    """`--seat 1=human` ... -> a kind per seat; by default seat 0 is human and the others DEFAULT_OPPONENT."""
    kinds = [HUMAN] + [DEFAULT_OPPONENT] * (n - 1)
    for item in raw or []:
        seat_text, sep, kind = item.partition("=")
        seat_text = seat_text.strip().upper().removeprefix("P")
        kind = kind.strip().lower()
        if not sep or not seat_text.isdigit() or not kind:
            raise CliError(f"bad seat '{item}': write --seat I=KIND, e.g. --seat 1=human", 2)
        seat = int(seat_text)
        if not 0 <= seat < n:
            raise CliError(f"seat {seat} does not exist: with {n} players the seats are 0 to {n - 1}", 2)
        if kind != HUMAN:
            try:
                check_spec(kind)  # an agent, possibly with options: ismcts:iterations=200
            except AgentError as exc:
                known = kind.partition(":")[0].strip() in AGENTS
                raise CliError(str(exc) if known else
                               f"unknown seat kind '{kind}' (known: {', '.join(seat_kinds())})", 2) from None
        kinds[seat] = kind
    return kinds


class _Quit(Exception):
    """The human left the game (end of input, Ctrl-C or 'quit')."""


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def _read(console: Console, prompt: Text | str) -> str:
    try:
        return read_line(console, prompt)
    except EOFError:
        console.print()
        raise _Quit from None


def _human_choice(console: Console, painter: CardPainter, state: State, seat: int) -> Action:
    legal = state.legal_actions()
    prompt = Text.assemble((seat_name(seat), "bold"), f", your move [{entry_hint(legal)}]: ")
    while True:
        entry = _read(console, prompt).strip()
        if not entry:
            continue
        if entry.isdecimal():
            number = int(entry)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            console.print(Text(f"There is no move {number}: choose a number from 1 to {len(legal)}.",
                               style="red"))
            continue
        wanted = _normalise(entry)
        action = find_move(legal, entry)
        if action is not None:
            return action
        if wanted in ("q", "quit", "exit"):
            raise _Quit
        if wanted in ("?", "help", "moves"):
            console.print(render_moves(painter, legal))
            continue
        cells = ", a cell x,y" if names_cells(legal) else ""
        console.print(Text(f"'{entry}' is not a legal move here. Enter a number from 1 to {len(legal)}{cells} or "
                           f"a move as written, e.g. '{legal[0].text}' ('?' lists the moves, 'quit' leaves).",
                           style="red"), soft_wrap=True)


def _shows(state: State, viewer: int | None = ALL) -> list[tuple[str, str]]:
    try:
        return shows_for(state, viewer)
    except Exception:  # a show line that cannot be computed must not stop the game
        return []


def play(
    game_name: GameArg,
    players: PlayersOpt = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="Seed for the shuffle and the bots; the same seed replays the same game "
                       "(default: a random seed, printed at the start).", show_default=False)] = None,
    option: OptionOpt = None,
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", metavar="I=KIND",
        help="Who sits in seat I (from 0): " + ", ".join(seat_kinds()) + ", with agent options as "
             "KIND:KEY=VALUE,... (e.g. ismcts:iterations=200, see docs/agents.md); repeatable. Default: seat 0 "
             f"human, the others {DEFAULT_OPPONENT}. With no human seat the game runs by itself.",
        show_default=False)] = None,
    max_decisions: MaxDecisionsOpt = None,
    reveal_all: Annotated[bool, typer.Option(
        "--reveal-all", help="Spectator mode: show every card, hidden ones too, in the table and the moves "
                             "(without it, a game watched by nobody shows public information only).")] = False,
) -> None:
    """Play a game in the terminal against bots, with friends (hot seat), or watch bots play."""
    with reporting():
        options = parse_options(option)
        game = load_game(game_name, options)
        n = check_players(game, players)
        kinds = parse_seats(seat, n)
        if reveal_all and HUMAN in kinds:
            raise CliError("--reveal-all shows every hidden card: it is for games of bots only (give every seat a "
                           "bot with --seat I=KIND)", 2)
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        console = make_console()
        painter = CardPainter(game, console.color_system)
        try:
            bots = {s: make_agent(kind, game, s, derive_seed(seed, s)) for s, kind in enumerate(kinds)
                    if kind != HUMAN}
        except AgentError as exc:
            raise CliError(str(exc), 2) from None
        intro = Text.assemble((game.title, "bold"), f": {plural(n, 'player')}, seed {seed}  (")
        intro.append_text(Text(", ").join(Text(f"{seat_name(s)} {k}") for s, k in enumerate(kinds)))
        intro.append(")")
        console.print(intro, soft_wrap=True)

        table = _Table(console, painter, kinds, reveal_all)
        seats = [_Human(table) if kind == HUMAN else _Bot(table, bots[s], kind) for s, kind in enumerate(kinds)]
        try:
            play_match(game, n, seed, seats, [_Printer(table)], max_decisions)
        except GameDidNotEnd as exc:
            raise CliError(f"stopped: {exc}", 1) from None
        except _Quit:
            console.print(Text("Game abandoned.", style="yellow"))
            return
        except KeyboardInterrupt:
            console.print()
            console.print(Text("Game abandoned.", style="yellow"))
            raise typer.Exit(exit_code()) from None


class _Table:
    """The terminal a game is played at: what its seats and its printer share.

    Every line is written for the one who reads it (announce.py): the only human; on a hot seat
    the human at the terminal (the last who moved), and to each human again, after the screen is
    cleared for them, the moves since their last turn; a spectator (public information) when
    nobody plays; everything with `--reveal-all`."""

    def __init__(self, console: Console, painter: CardPainter, kinds: list[str], reveal_all: bool = False):
        self.console, self.painter = console, painter
        self.humans = [s for s, kind in enumerate(kinds) if kind == HUMAN]
        self.reveal_all = reveal_all
        self.last_human: int | None = None
        self.recent: dict[int, list[Any]] = {h: [] for h in self.humans}  # hot seat: shown again after a clear
        self.saw: dict[int, list[Text]] = {h: [] for h in self.humans}  # the "you saw" panel of the next screen

    @property
    def viewer(self) -> int | None:
        """Who reads what is printed now (announce.ALL: everyone)."""
        if self.reveal_all:
            return ALL
        if len(self.humans) == 1:
            return self.humans[0]
        return -1 if self.last_human is None else self.last_human

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2


def clear_screen(console: Console) -> None:
    """Clear the screen and the scrollback (ESC[3J), on a real terminal only: the previous player's
    hand must not be a scroll away."""
    if console.is_terminal:
        console.file.write("\x1b[3J\x1b[2J\x1b[H")
        console.file.flush()


class _Human:
    """A person at the terminal: shown their view and their moves, and asked for one (on a hot seat,
    the screen is cleared for each new person and the moves since their last turn shown again)."""

    def __init__(self, table: _Table):
        self.table = table

    def choose(self, state: State) -> Action:
        table, console, player = self.table, self.table.console, state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:  # nothing to decide: made at once, and announced (to each viewer) like any move
            console.print(Text(f"{seat_name(player)} has only one move: it is made for them.", style="dim"))
            return legal[0]
        if table.hot_seat and player != table.last_human:
            self._hand_over(player)
        table.last_human = player
        console.print()
        saw = table.saw.get(player, [])
        if saw:
            console.print(Panel(Group(*saw), title="You saw", title_align="left", border_style="magenta"))
            saw.clear()
        console.print(render_view(state.game, view_for(state, player), table.painter, turn=state.turns,
                                  marks=cell_marks(state.legal_actions())))
        console.print(Text(state.prompt() or "Your moves:", style="bold"))
        console.print(render_moves(table.painter, state.legal_actions()))
        return _human_choice(console, table.painter, state, player)

    def _hand_over(self, player: int) -> None:
        """Hot seat: the last player confirms they are done, the screen and its scrollback are
        cleared, and the next one confirms they are there before anything of theirs is shown."""
        table, console = self.table, self.table.console
        if table.last_human is not None:
            _read(console, Text.assemble(f"{seat_name(player)}'s turn: ", (seat_name(table.last_human), "bold"),
                                         ", press Enter to clear the screen"))
        clear_screen(console)
        _read(console, Text.assemble((seat_name(player), "bold"), "'s turn — press Enter when you are "
                                     f"{seat_name(player)}"))
        for line in table.recent[player]:
            console.print(line, soft_wrap=True)
        table.recent[player].clear()


class _Bot:
    """An agent in a seat; a spinner shows that it thinks when a person waits at a terminal."""

    def __init__(self, table: _Table, agent: Agent, kind: str):
        self.table, self.agent, self.kind = table, agent, kind

    def choose(self, state: State) -> Action:
        console = self.table.console
        if self.table.humans and console.is_terminal:  # a search may think for seconds: show that it does
            with console.status(f"{seat_name(state.current_player())} ({self.kind}) is thinking…", spinner="dots"):
                return self.agent.choose(state)
        return self.agent.choose(state)

    def observe(self, state: State, action: Action) -> None:
        inform([self.agent], state, action)


class _Printer(Observer):
    """Prints the game as it goes, for whoever reads it (see _Table): the table when nobody plays,
    each move with its events and the `show` lines it changed, the cards a human came to know, a
    summary at the end of each round and of the game."""

    def __init__(self, table: _Table):
        self.table = table
        self.shows: dict[int | None, list[tuple[str, str]]] = {}  # by viewer: the `show` lines last printed
        self.move: Move | None = None
        self.known: dict[int, set] = {}  # by human: the cards they knew before the move

    def moving(self, state: State, player: int, action: Action) -> None:
        self.move = before_move(state, player, action)
        self.known = {h: seen_cards(state, h) for h in self.table.humans}

    def started(self, state: State) -> None:
        table = self.table
        self.shows = {viewer: _shows(state, viewer) for viewer in {table.viewer, *table.humans}}
        if not table.humans:
            table.console.print(render_view(state.game, view_for(state, table.viewer), table.painter,
                                            turn=state.turns, everything=table.viewer is ALL))

    def moved(self, state: State, player: int, action: Action) -> None:
        table, painter = self.table, self.table.painter
        shows = {viewer: _shows(state, viewer) for viewer in {table.viewer, *table.humans}}

        def lines_for(viewer: int | None) -> list[Any]:
            lines: list[Any] = move_lines(painter, self.move, state, viewer)
            now, before = shows[viewer], self.shows.get(viewer, [])
            if now != before and not state.is_terminal():  # only the lines that changed
                lines += [Text.assemble((f"{label}: ", "bold"), (str(value), "cyan")) for label, value in now
                          if (label, value) not in before]
            for event in state.events:
                if event.kind == "round" and event.snapshot is not None:
                    lines.append(_round_summary(table, event.snapshot, viewer))
            return lines

        printed = lines_for(table.viewer)
        recent = {human: lines_for(human) for human in table.humans} if table.hot_seat else {}
        self.shows = shows
        for line in printed:
            table.console.print(line, soft_wrap=True)
        for human in table.humans:
            seen = seen_lines(painter, self.known.get(human, set()), state, human)
            table.saw[human] += seen + private_lines(painter, state, human)
            if human == table.viewer:
                for line in seen:
                    table.console.print(line, soft_wrap=True)
            table.recent.get(human, []).extend(recent.get(human, []))

    def ended(self, state: State) -> None:
        table, console, game, humans = self.table, self.table.console, state.game, self.table.humans
        viewer = table.viewer
        console.print()
        for human in humans:
            if table.saw[human] and (viewer is ALL or viewer == human):
                console.print(Panel(Group(*table.saw[human]), title="You saw", title_align="left",
                                    border_style="magenta"))
        shown = None if viewer is ALL else game.end_reveals()
        view = revealed_view(state, -1 if viewer is ALL else viewer, shown)
        view = attrs.evolve(view, show=tuple(_shows(state, viewer)))
        console.print(render_view(game, view, table.painter, turn=state.turns, everything=viewer is ALL))
        console.print(Text(f"Game over after {plural(state.turns, 'turn')}.", style="bold"))
        console.print(winners_line(state.winners, humans))
        if game.result is not None:
            console.print(Text.assemble((f"{game.result.label}: ", "bold"), (game.describe(state.result()), "cyan")))


def _round_summary(table: _Table, ended: State, viewer: int | None) -> Panel:
    """The round as it ended, as `viewer` saw it (everything for announce.ALL), with the `show` lines."""
    return Panel(render_view(ended.game, view_for(ended, viewer), table.painter, turn=ended.turns,
                             everything=viewer is ALL),
                 title="End of the round", title_align="left", border_style="cyan")


def _read_position(game: Game, path: Path) -> State:
    name = str(path)
    try:
        return read_position(game, name)
    except OSError as exc:
        reason = exc.reason if isinstance(exc, FileProblem) else exc.strerror or str(exc)
        raise CliError(f"cannot read position file '{name}': {reason}", 1) from None
    except RulesError as exc:
        sources = {**game.sources, **exc.sources}
        raise CliError(exc.diagnostics[0].message if exc.diagnostics else str(exc), 1, exc.diagnostics,
                       sources) from None


def legal(
    game_name: GameArg,
    position: Annotated[Path, typer.Option(
        "--position", metavar="FILE", help="JSON position file (see docs/positions.md).",
        show_default=False)],
    option: OptionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List the legal moves of the player to move in a position stored in a JSON file."""
    with reporting(as_json):
        game = load_game(game_name, parse_options(option))
        state = _read_position(game, position)
        actions = state.legal_actions()
        player = state.current_player()
        if as_json:
            echo_json(LegalMoves(player, tuple(state.move_view(a) for a in actions)))
            return
        console = make_console()
        painter = CardPainter(game, console.color_system)
        if state.is_terminal():
            console.print(Text("The game is over in this position.", style="bold"))
            console.print(winners_line(state.winners))
            return
        for label, value in _shows(state):
            console.print(Text.assemble((f"{label}: ", "bold"), (str(value), "cyan")))
        console.print(Text.assemble((seat_name(player), "bold"), f" to move: {plural(len(actions), 'legal move')}"))
        console.print(render_moves(painter, actions))


COMMANDS = {"play": play, "legal": legal}
