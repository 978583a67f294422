"""The `play` and `legal` commands: a game in the terminal against bots or friends; a position's legal moves."""

from __future__ import annotations

import contextlib
import functools
import random
from pathlib import Path
from typing import Annotated, Any, Optional, Sequence

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
from ..simulation.records import (
    CatchingUp,
    RecordedMove,
    Recorder,
    RecordProblem,
    Resuming,
    Script,
    located,
    new_record,
    position_differs,
)
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
    check_options,
    check_players,
    echo_json,
    load_game,
    make_console,
    parse_options,
    prepare_game,
    read_line,
    reporting,
)
from .ingame import DONE, QUIT, InGame
from .interrupts import exit_code
from .recordfiles import Opened, check_target, open_record, write_record
from .render import CardPainter, cell_marks, in_table_order, plural, render_moves, render_view, seat_name, winners_line

HUMAN = "human"


# Opponents who play sensibly and at once: a random bot can throw a game away before the human has moved.
DEFAULT_OPPONENT = "greedy"


def seat_kinds() -> list[str]:
    return [HUMAN, *AGENTS]


def parse_seats(raw: list[str] | None, n: int, base: list[str] | None = None) -> list[str]:
    """`--seat 1=human` ... -> a kind per seat; by default (`base`: a resumed game's seats) seat 0 is human
    and the others DEFAULT_OPPONENT."""
    kinds = list(base) if base else [HUMAN] + [DEFAULT_OPPONENT] * (n - 1)
    for item in raw or []:
        seat_text, sep, kind = item.partition("=")
        seat_text = seat_text.strip().upper().removeprefix("P")
        kind = kind.strip().lower()
        if not sep or not seat_text.isdigit() or not kind:
            raise CliError(f"bad seat '{item}': write --seat I=KIND, e.g. --seat 1=human", 2)
        seat = int(seat_text)
        if not 0 <= seat < n:
            raise CliError(f"seat {seat} does not exist: with {plural(n, 'player')} the seats are 0 to {n - 1}", 2)
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


def _human_choice(console: Console, painter: CardPainter, state: State, seat: int,
                  commands: InGame | None = None, shown: Sequence[Action] | None = None) -> Action:
    """The move the human types: a number picks the move `shown` with that number (the moves as listed,
    by default the engine's order), a text the move written so."""
    legal = state.legal_actions()
    numbered = list(shown) if shown is not None else legal
    prompt = Text.assemble((seat_name(seat), "bold"), f", your move [{entry_hint(legal)}]: ")
    while True:
        entry = _read(console, prompt).strip()
        if not entry:
            continue
        if entry.isdecimal():
            number = int(entry)
            if 1 <= number <= len(numbered):
                return numbered[number - 1]
            console.print(Text(f"There is no move {number}: choose a number from 1 to {len(legal)}.",
                               style="red"))
            continue
        wanted = _normalise(entry)
        action = find_move(legal, entry)
        if action is not None:
            return action
        command = commands.handle(entry, state) if commands is not None else None
        if command == QUIT or (commands is None and wanted in ("q", "quit", "exit")):
            raise _Quit
        if command == DONE:
            continue
        cells = ", a cell x,y" if names_cells(legal) else ""
        console.print(Text(f"'{entry}' is not a legal move here. Enter a number from 1 to {len(legal)}{cells} or "
                           f"a move as written, e.g. '{legal[0].text}' ('?' lists the moves and commands, "
                           "'quit' leaves).",
                           style="red"), soft_wrap=True)


def _shows(state: State, viewer: int | None = ALL) -> list[tuple[str, str]]:
    try:
        return shows_for(state, viewer)
    except Exception:  # a show line that cannot be computed must not stop the game
        return []


def play(
    game_name: Annotated[Optional[str], typer.Argument(
        metavar="GAME", help="A bundled game's name (see [bold]cardrules list[/]) or a path to a .rules file; "
                               "with --resume, the saved game's own unless given.", show_default=False)] = None,
    players: PlayersOpt = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="Seed for the shuffle and the bots; the same seed replays the same game "
                       "(default: a random seed, printed at the start).", show_default=False)] = None,
    option: OptionOpt = None,
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", metavar="I=KIND",
        help="Who sits in seat I (from 0): " + ", ".join(seat_kinds()) + ", with agent options as "
             "KIND:KEY=VALUE,... (e.g. ismcts:time=0.5 or ismcts:iterations=200, see docs/agents.md); "
             "repeatable. ismcts thinks 0.2 s a move by default, so its moves depend on the machine's speed; "
             "with iterations=N and no time, a seed replays the same game. Default: seat 0 "
             f"human, the others {DEFAULT_OPPONENT}. With no human seat the game runs by itself.",
        show_default=False)] = None,
    max_decisions: MaxDecisionsOpt = None,
    reveal_all: Annotated[bool, typer.Option(
        "--reveal-all", help="Spectator mode: show every card, hidden ones too, in the table and the moves "
                             "(without it, a game watched by nobody shows public information only).")] = False,
    record: Annotated[Optional[Path], typer.Option(
        "--record", metavar="FILE", help="Write a record of the game to FILE as it goes (rules digest, options, "
        "seed, seats, every move): [bold]cardrules replay FILE[/] shows it again; an unfinished one goes on with "
        "--resume FILE (docs/records.md).", show_default=False)] = None,
    resume: Annotated[Optional[Path], typer.Option(
        "--resume", metavar="FILE", help="Go on with a game saved with 'save FILE' at the move prompt (or "
        "recorded with --record): its seed, options, players and seats, unless --seat or --max-decisions are "
        "given again.", show_default=False)] = None,
) -> None:
    """Play a game in the terminal against bots, with friends (hot seat), or watch bots play.

    At the move prompt, besides a move: 'rules' shows the rules, '?' the moves and commands, 'save FILE'
    saves the game (to go on later with --resume FILE), 'quit' leaves.
    """
    with reporting():
        opened = open_record(resume, game_name, "save") if resume is not None else None
        if opened is not None:
            rules, game = (lambda: opened.rules), opened.game
            n, seed, kinds, max_decisions = _resumed_setup(opened, players, seed, option, seat, max_decisions)
        else:
            if game_name is None:
                raise CliError("give the GAME to play (see 'cardrules list'), or --resume FILE", 2)
            # the rules themselves are read when a player asks for them (a warm start has the game alone)
            game = load_game(game_name, parse_options(option))
            rules = functools.partial(prepare_game, game_name)
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
        recorder = _recorder(game, opened.record.game if opened and game_name is None else game_name,
                             seed, n, kinds, max_decisions, record, opened.record.moves if opened else [])
        intro = Text.assemble((game.title, "bold"), f": {plural(n, 'player')}, seed {seed}  (")
        intro.append_text(Text(", ").join(Text(f"{seat_name(s)} {k}") for s, k in enumerate(kinds)))
        intro.append(")")
        console.print(intro, soft_wrap=True)

        table = _Table(console, painter, kinds, reveal_all)
        table.commands = InGame(console, painter, rules, recorder.saved)
        seats: list[Any] = [_Human(table) if kind == HUMAN else _Bot(table, bots[s], kind)
                            for s, kind in enumerate(kinds)]
        observers: list[Observer] = [recorder, _Printer(table)]
        if opened is not None:
            seats, observers = _resuming(opened, console, seats, observers, bots, kinds)
        try:
            play_match(game, n, seed, seats, observers, max_decisions)
        except GameDidNotEnd as exc:
            recorder.finish("stopped")
            raise CliError(f"stopped: {exc}", 1) from None
        except RecordProblem as exc:  # a save whose moves do not lead where it says
            raise located(opened.path if opened else "<save>", opened.text if opened else "", exc.where, "S412",
                          exc.message) from None
        except CliError:  # no input left to read, or the record itself cannot be written
            with contextlib.suppress(CliError):
                recorder.finish("abandoned")
            raise
        except _Quit:
            recorder.finish("abandoned")
            console.print(Text("Game abandoned.", style="yellow"))
            _resume_hint(console, record)
            return
        except KeyboardInterrupt:
            console.print()
            console.print(Text("Game abandoned.", style="yellow"))
            recorder.finish("interrupted")
            _resume_hint(console, record)
            raise typer.Exit(exit_code()) from None


def _recorder(game: Game, name: str, seed: int, n: int, kinds: list[str],
              max_decisions: int | None, path: Path | None, moves: list[RecordedMove]) -> Recorder:
    """What notes the game's moves (after `moves`, those of a resumed game): for `save` at the prompt,
    and written to `path` as the game goes (first before it starts, so that a file that cannot be
    written stops it before a move is made)."""
    made = new_record(game, name, Path(game.path).name, seed, n, kinds, max_decisions)
    made.moves = list(moves)
    if path is None:
        return Recorder(made)
    check_target(path, game)
    recorder = Recorder(made, lambda record: write_record(path, record),
                        [s for s, kind in enumerate(kinds) if kind == HUMAN])
    recorder.flush()
    return recorder


def _resume_hint(console: Console, record: Path | None) -> None:
    if record is not None:
        console.print(Text(f"The record {record} keeps the game so far: 'cardrules play --resume {record}' "
                           "goes on with it.", style="dim"), soft_wrap=True)


def _resumed_setup(opened: Opened, players: int | None, seed: int | None, option: list[str] | None,
                   seat: list[str] | None, max_decisions: int | None) -> tuple[int, int, list[str], int | None]:
    """A saved game's players, seed, seats and decision limit; the seats and the limit may be given
    again, the rest belongs to the game (a different value: exit 2)."""
    saved = opened.record
    if players is not None and players != saved.players:
        raise CliError(f"this saved game has {plural(saved.players, 'player')}: -p cannot change that", 2)
    if seed is not None and seed != saved.seed:
        raise CliError(f"this saved game was dealt with seed {saved.seed}: --seed cannot change that", 2)
    given = parse_options(option)
    if given:
        check_options(opened.rules, given)
        typed = opened.rules.option_values(given)
        changed = [key for key in given if typed[key] != opened.game.options.get(key)]
        if changed:
            raise CliError(f"this saved game was played with {changed[0]}={opened.game.options.get(changed[0])}: "
                           "-o cannot change a saved game's options", 2)
    if saved.ended == "over":
        raise CliError(f"the game in {opened.path} is over: 'cardrules replay {opened.path}' shows it", 1)
    kinds = parse_seats(seat, saved.players, saved.seats)
    return saved.players, saved.seed, kinds, max_decisions if max_decisions is not None else saved.max_decisions


def _resuming(opened: Opened, console: Console, seats: list[Any], observers: list[Observer],
              bots: dict[int, Agent], kinds: list[str]) -> tuple[list[Any], list[Observer]]:
    """The seats and observers of a resumed game: the saved moves are made again unseen (the bots that
    sat there then think again over theirs), then the game goes on from where it was saved."""
    saved = opened.record
    script = Script(saved.moves)

    def resumed(state: State) -> None:
        if position_differs(state, saved):
            raise RecordProblem("the saved position is not the one its moves lead to (the file was changed)",
                                "$.position")
        changed = [f"{seat_name(s)} {kind} (saved: {saved.seats[s]})" for s, kind in enumerate(kinds)
                   if kind != saved.seats[s]]
        console.print(Text(f"Going on from {opened.path} after {plural(len(saved.moves), 'move')}, at turn "
                           f"{state.turns}; " + (f"seats changed: {', '.join(changed)}." if changed
                                                 else "seats as saved."), style="dim"), soft_wrap=True)

    wrapped = [Resuming(chooser, script, bots.get(s) if kinds[s] == saved.seats[s] else None)
               for s, chooser in enumerate(seats)]
    return wrapped, [CatchingUp(observers, script, resumed)]  # the recorder holds the saved moves already


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
        self.commands: InGame | None = None  # what a human may type besides a move (ingame.py)

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
        view = view_for(state, player)
        shown = in_table_order(state.game, view, legal)
        console.print(render_view(state.game, view, table.painter, turn=state.turns, marks=cell_marks(shown)))
        console.print(Text(state.prompt() or "Your moves:", style="bold"))
        console.print(render_moves(table.painter, shown))
        return _human_choice(console, table.painter, state, player, table.commands, shown)

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
            if human == player:  # hot seat: the catch-up after a clear starts after one's own last move
                table.recent[human].clear()
            else:
                table.recent[human].extend(recent.get(human, []))

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


def _refuse_options_for(game_name: str, given: dict[str, Any], position: Path) -> None:
    """Exit 2 when the position, read without the options typed, has a player count they are not for."""
    try:
        players = _read_position(load_game(game_name, {}), position).n
    except CliError:
        return  # the position is wrong in itself: its own message says why
    check_players(load_game(game_name, given), players)


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
        given = parse_options(option)
        game = load_game(game_name, given)
        try:
            state = _read_position(game, position)
        except CliError:
            if given:  # the options typed may be what is wrong with the position (a player count): a usage error
                _refuse_options_for(game_name, given, position)
            raise
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
