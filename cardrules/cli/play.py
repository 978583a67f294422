"""The `play` and `legal` commands: a game in the terminal against bots or friends; a position's legal moves."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.text import Text

from ..bots import AGENTS, Agent, AgentError, check_spec, inform, make_agent
from ..diagnostics import RulesError, Span, error
from ..engine import Action, Game, State
from ..engine.moves import entry_hint, find_move, names_cells
from ..engine.positions import load_position
from .common import (
    CliError,
    GameArg,
    JsonOpt,
    OptionOpt,
    PlayersOpt,
    check_players,
    echo_json,
    load_game,
    make_console,
    parse_options,
    reporting,
)
from .render import (
    CardPainter,
    cell_marks,
    move_line,
    plural,
    render_moves,
    render_view,
    seat_name,
    winners_line,
)

MAX_DECISIONS = 100_000  # a bot game that has not ended after this many moves is stopped

HUMAN = "human"

def seat_kinds() -> list[str]:
    return [HUMAN, *AGENTS]

def derive_seed(*parts: Any) -> int:
    """A stable integer from several values (same on every machine and Python run)."""
    digest = hashlib.blake2b(repr(tuple(parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")

def parse_seats(raw: list[str] | None, n: int) -> list[str]:
    """`--seat 1=human` ... -> a kind per seat; by default seat 0 is human and the others random."""
    kinds = [HUMAN] + ["random"] * (n - 1)
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
        return console.input(prompt)
    except (EOFError, KeyboardInterrupt):
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

def _shows(state: State) -> list[tuple[str, str]]:
    try:
        return state.shows()
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
             "human, the others random. With no human seat the game runs by itself.",
        show_default=False)] = None,
) -> None:
    """Play a game in the terminal against bots, with friends (hot seat), or watch bots play."""
    with reporting():
        options = parse_options(option)
        game = load_game(game_name, options)
        n = check_players(game, players)
        kinds = parse_seats(seat, n)
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        console = make_console()
        painter = CardPainter(game, console.color_system)
        humans = [s for s, kind in enumerate(kinds) if kind == HUMAN]
        try:
            bots = {s: make_agent(kind, game, s, derive_seed(seed, s)) for s, kind in enumerate(kinds)
                    if kind != HUMAN}
        except AgentError as exc:
            raise CliError(str(exc), 2) from None
        intro = Text.assemble((game.title, "bold"), f": {n} players, seed {seed}  (")
        intro.append_text(Text(", ").join(Text(f"{seat_name(s)} {k}") for s, k in enumerate(kinds)))
        intro.append(")")
        console.print(intro, soft_wrap=True)

        state = game.new_initial_state(n, seed)
        try:
            _play_loop(console, painter, state, kinds, humans, bots)
        except _Quit:
            console.print(Text("Game abandoned.", style="yellow"))
            return
        except KeyboardInterrupt:
            console.print()
            console.print(Text("Game abandoned.", style="yellow"))
            return

def _play_loop(console: Console, painter: CardPainter, state: State, kinds: list[str], humans: list[int],
               bots: dict[int, Agent]) -> None:
    game = state.game
    hot_seat = len(humans) >= 2
    last_human: int | None = None
    recent: list[Text] = []  # moves since the last hot-seat screen clear, shown again after it
    shows = _shows(state)
    if not humans:
        console.print(render_view(game, state.view(-1), painter, turn=state.turns))
    moves = 0
    while not state.is_terminal():
        if moves >= MAX_DECISIONS:
            raise CliError(f"the game did not end after {MAX_DECISIONS} moves; stopped", 1)
        player = state.current_player()
        if kinds[player] == HUMAN:
            if hot_seat and player != last_human:
                if console.is_terminal:
                    console.clear()
                _read(console, Text.assemble(("Seat", "bold"), (f" {player}", "bold"), "'s turn — press Enter"))
                for line in recent:
                    console.print(line, soft_wrap=True)
            recent.clear()
            last_human = player
            console.print()
            console.print(render_view(game, state.view(player), painter, turn=state.turns,
                                      marks=cell_marks(state.legal_actions())))
            console.print(Text(state.prompt() or "Your moves:", style="bold"))
            console.print(render_moves(painter, state.legal_actions()))
            action = _human_choice(console, painter, state, player)
        elif humans and console.is_terminal:  # a search may think for seconds: show that it does
            with console.status(f"P{player} ({kinds[player]}) is thinking…", spinner="dots"):
                action = bots[player].choose(state)
        else:
            action = bots[player].choose(state)
        inform(bots.values(), state, action)
        state.apply_action(action)
        moves += 1
        lines = [move_line(painter, player, action)]
        lines += [Text(event, style="bold yellow") for event in state.events]
        now = _shows(state)
        if now != shows and not state.is_terminal():  # only the lines that changed
            lines += [Text.assemble((f"{label}: ", "bold"), (str(value), "cyan")) for label, value in now
                      if (label, value) not in shows]
        shows = now
        for line in lines:
            console.print(line, soft_wrap=True)
        recent += lines
    console.print()
    viewer = humans[0] if len(humans) == 1 else -1
    console.print(render_view(game, state.view(viewer), painter, turn=state.turns))
    console.print(Text(f"Game over after {plural(state.turns, 'turn')}.", style="bold"))
    console.print(winners_line(state.winners, humans))
    if game.result is not None:
        console.print(Text.assemble((f"{game.result[0]}: ", "bold"), (game.describe(state.result()), "cyan")))

def _read_position(game: Game, path: Path) -> State:
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CliError(f"cannot read position file '{name}': {reason}", 1) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        diag = error("P501", f"not valid JSON: {exc.msg}",
                     Span(exc.lineno, exc.colno), name)
        raise CliError(diag.message, 1, (diag,), {name: text}) from None
    try:
        return load_position(game, data, name, text)
    except RulesError as exc:
        sources = {name: text, **game.sources, **exc.sources}
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
            echo_json({"player": player, "actions": [state.action_json(a) for a in actions]})
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
