"""The `cardrules` command line: list, check, play, legal and simulate (Typer + rich).

Every command reports problems as messages (rules diagnostics with their source line and caret),
never as Python tracebacks. Exit codes: 0 success, 1 a problem with a rules or position file or a
failed run, 2 a bad command line (unknown game, option, seat kind, player count).
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any, Callable, Iterator, Optional, Protocol

import typer
import typer.exceptions
from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import check_source, find_game, load
from .diagnostics import Diagnostic, RulesError, Span, error, render, suggest
from .engine import Action, Game, State
from .render import CardPainter, move_line, plural, render_moves, render_view, seat_name, winners_line
from .resources import bundled_games, bundled_variants

MAX_DECISIONS = 100_000  # a bot game that has not ended after this many moves is stopped


# ---------------------------------------------------------------------------------------------
# Agents: seat kinds other than "human". More come later (greedy, search...).

class Agent(Protocol):
    def choose(self, state: State) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions with its own random generator."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


HUMAN = "human"
AGENTS: dict[str, Callable[[random.Random], Agent]] = {
    "random": RandomAgent,
}


def seat_kinds() -> list[str]:
    return [HUMAN, *AGENTS]


def derive_seed(*parts: Any) -> int:
    """A stable integer from several values (same on every machine and Python run)."""
    digest = hashlib.blake2b(repr(tuple(parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


# ---------------------------------------------------------------------------------------------
# Output and errors

class CliError(Exception):
    """A problem to report as a message; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1, diagnostics: tuple[Diagnostic, ...] = (),
                 sources: dict[str, str] | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.diagnostics = tuple(diagnostics)
        self.sources = dict(sources or {})


def _console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False)


def _colored(console: Console) -> bool:
    return console.is_terminal and console.color_system is not None and not console.no_color


def _echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2))


def _print_diagnostics(console: Console, diagnostics: tuple[Diagnostic, ...] | list[Diagnostic],
                       sources: dict[str, str]) -> None:
    color = _colored(console)
    for diag in diagnostics:
        rendered = render(diag, sources.get(diag.path), color=color)
        console.print(Text.from_ansi(rendered) if color else Text(rendered), soft_wrap=True)


def _report(exc: CliError, as_json: bool) -> None:
    if as_json:
        _echo_json({"error": exc.message, "diagnostics": [d.to_json() for d in exc.diagnostics]})
        return
    err = _console(stderr=True)
    if exc.diagnostics:
        _print_diagnostics(err, exc.diagnostics, exc.sources)
    else:
        err.print(Text.assemble(("error", "bold red"), ": ", exc.message), soft_wrap=True)


@contextlib.contextmanager
def _reporting(as_json: bool = False) -> Iterator[None]:
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
    except KeyboardInterrupt:
        _report(CliError("interrupted", 130), as_json)
        raise typer.Exit(130) from None
    except Exception as exc:  # never a traceback
        _report(CliError(f"unexpected {type(exc).__name__}: {exc}", 1), as_json)
        raise typer.Exit(1) from None


# ---------------------------------------------------------------------------------------------
# Arguments shared by several commands

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


def load_game(name: str, options: dict[str, Any]) -> Game:
    try:
        find_game(name)
    except FileNotFoundError as exc:
        raise CliError(str(exc), 2) from None
    try:
        game = load(name)
        unknown = [option for option in options if option not in game.option_docs]
        if unknown:
            known = ", ".join(game.option_docs) or "none"
            raise CliError(f"{game.title} has no option '{unknown[0]}'{suggest(unknown[0], game.option_docs)} "
                           f"(its options: {known})", 2)
        return load(name, options) if options else game
    except OSError as exc:
        raise CliError(f"cannot read '{name}': {exc.strerror or exc}", 1) from None


def check_players(game: Game, players: int | None) -> int:
    n = game.min_players if players is None else players
    if not game.min_players <= n <= game.max_players:
        span = f"{game.min_players}" if game.min_players == game.max_players else \
            f"{game.min_players} to {game.max_players}"
        raise CliError(f"{game.title} is for {span} players, not {n}", 2)
    return n


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
        if kind not in seat_kinds():
            raise CliError(f"unknown seat kind '{kind}' (known: {', '.join(seat_kinds())})", 2)
        kinds[seat] = kind
    return kinds


GameArg = Annotated[str, typer.Argument(metavar="GAME", help="A bundled game's name (see [bold]cardrules list[/]) or a path to a "
                                             ".rules file.", show_default=False)]
OptionOpt = Annotated[Optional[list[str]], typer.Option(
    "-o", "--option", metavar="NAME[=VALUE]",
    help="Set a game option; repeatable. [bold]-o advanced[/] switches a yes/no option on, "
         "[bold]-o rounds=3[/] sets a value.", show_default=False)]
PlayersOpt = Annotated[Optional[int], typer.Option(
    "-p", "--players", metavar="N", help="Number of players (default: the game's minimum).",
    show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON instead of text.")]


# ---------------------------------------------------------------------------------------------
# The app

app = typer.Typer(
    name="cardrules",
    help="Play, check and simulate card games written in the [bold]cardrules[/] rules language.",
    rich_markup_mode="rich",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command("list")
def list_games(as_json: JsonOpt = False) -> None:
    """List the bundled games and variants with their player counts and options."""
    with _reporting(as_json):
        entries = []
        bundled = [(n, p, False) for n, p in bundled_games().items()]
        bundled += [(n, p, True) for n, p in bundled_variants().items()]
        for name, path, variant in bundled:
            entry: dict[str, Any] = {"name": name, "title": name, "players": None, "options": [],
                                     "variant": variant}
            try:
                game = load(path)
            except (RulesError, OSError) as exc:
                entry["error"] = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            else:
                entry["title"] = game.title
                entry["players"] = [game.min_players, game.max_players]
                entry["options"] = [{"name": opt, "default": default, "description": doc}
                                    for opt, (default, doc) in game.option_docs.items()]
            entries.append(entry)
        if as_json:
            _echo_json(entries)
            return
        console = _console()
        if not entries:
            console.print("No bundled games found.")
            return
        table = Table(title="Bundled games and variants", title_justify="left", show_lines=False)
        table.add_column("name", style="bold cyan", no_wrap=True)
        table.add_column("title")
        table.add_column("players", justify="center", no_wrap=True)
        table.add_column("options")
        for entry in entries:
            if "error" in entry:
                table.add_row(entry["name"], Text("cannot load: " + entry["error"], style="red"), "", "")
                continue
            low, high = entry["players"]
            players = str(low) if low == high else f"{low}-{high}"
            options = Text()
            for i, opt in enumerate(entry["options"]):
                if i:
                    options.append("\n")
                options.append(opt["name"], style="bold")
                options.append(f" = {_option_value(opt['default'])}", style="dim")
                if opt["description"]:
                    options.append(f"  {opt['description']}")
            title = Text(entry["title"]) + (Text("  (variant)", style="dim") if entry["variant"] else Text())
            table.add_row(entry["name"], title, players, options if entry["options"] else Text("-", "dim"))
        console.print(table)
        console.print(Text("Play one with: cardrules play NAME", style="dim"))


def _option_value(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


@app.command("check")
def check(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Rules files to check.", show_default=False)],
    as_json: JsonOpt = False,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as errors (exit 1).")] = False,
) -> None:
    """Check rules files and report every problem with its line and column.

    Exits 0 when no file has errors (warnings are shown but allowed unless --strict), 1 otherwise.
    """
    with _reporting(as_json):
        console = _console()
        files = []
        errors = warnings = 0
        for path in paths:
            name = str(path)
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                if isinstance(exc, IsADirectoryError):
                    reason = "is a directory"
                diag = error("E001", f"cannot read this file: {reason}", Span(0, 0), name)
                diagnostics, text = [diag], None
            else:
                diagnostics = check_source(text, name)
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
            _print_diagnostics(console, diagnostics, {name: text})
            if not n_err:
                line = Text.assemble((name, "bold"), ": ", ("ok", "bold green"))
                if n_warn:
                    line.append(f" ({plural(n_warn, 'warning')})", style="yellow")
                console.print(line, soft_wrap=True)
        failed = errors > 0 or (strict and warnings > 0)
        if as_json:
            _echo_json({"files": files, "errors": errors, "warnings": warnings})
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


# ---------------------------------------------------------------------------------------------
# play

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
    prompt = Text.assemble((seat_name(seat), "bold"), f", your move [1-{len(legal)} or its text]: ")
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
        for action in legal:
            if _normalise(action.text) == wanted:
                return action
        if wanted in ("q", "quit", "exit"):
            raise _Quit
        if wanted in ("?", "help", "moves"):
            console.print(render_moves(painter, legal))
            continue
        console.print(Text(f"'{entry}' is not a legal move here. Enter a number from 1 to {len(legal)} or a "
                           f"move as written, e.g. '{legal[0].text}' ('?' lists the moves, 'quit' leaves).",
                           style="red"), soft_wrap=True)


def _shows(state: State) -> list[tuple[str, str]]:
    try:
        return state.shows()
    except Exception:  # a show line that cannot be computed must not stop the game
        return []


@app.command("play")
def play(
    game_name: GameArg,
    players: PlayersOpt = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="Seed for the shuffle and the bots; the same seed replays the same game "
                       "(default: a random seed, printed at the start).", show_default=False)] = None,
    option: OptionOpt = None,
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", metavar="I=KIND",
        help="Who sits in seat I (from 0): " + ", ".join(seat_kinds()) + "; repeatable. Default: seat 0 "
             "human, the others random. With no human seat the game runs by itself.",
        show_default=False)] = None,
) -> None:
    """Play a game in the terminal against bots, with friends (hot seat), or watch bots play."""
    with _reporting():
        options = parse_options(option)
        game = load_game(game_name, options)
        n = check_players(game, players)
        kinds = parse_seats(seat, n)
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        console = _console()
        painter = CardPainter(game, console.color_system)
        humans = [s for s, kind in enumerate(kinds) if kind == HUMAN]
        bots = {s: AGENTS[kind](random.Random(derive_seed(seed, s))) for s, kind in enumerate(kinds)
                if kind != HUMAN}
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
            console.print(render_view(game, state.view(player), painter, turn=state.turns))
            console.print(Text("Your moves:", style="bold"))
            console.print(render_moves(painter, state.legal_actions()))
            action = _human_choice(console, painter, state, player)
        else:
            action = bots[player].choose(state)
        state.apply_action(action)
        moves += 1
        lines = [move_line(painter, player, action)]
        lines += [Text(event, style="bold yellow") for event in state.events]
        now = _shows(state)
        if now != shows and not state.is_terminal():
            lines += [Text.assemble((f"{label}: ", "bold"), (str(value), "cyan")) for label, value in now]
        shows = now
        for line in lines:
            console.print(line, soft_wrap=True)
        recent += lines
    console.print()
    viewer = humans[0] if len(humans) == 1 else -1
    console.print(render_view(game, state.view(viewer), painter, turn=state.turns))
    console.print(Text(f"Game over after {plural(state.turns, 'turn')}.", style="bold"))
    console.print(winners_line(state.winners, humans))


# ---------------------------------------------------------------------------------------------
# legal

def _read_position(game: Game, path: Path) -> State:
    from . import positions  # written alongside; imported late so the other commands never depend on it

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
    loader = positions.load_position
    kwargs = {"text": text} if "text" in inspect.signature(loader).parameters else {}
    try:
        return loader(game, data, name, **kwargs)
    except RulesError as exc:
        sources = {name: text, **game.sources, **exc.sources}
        raise CliError(exc.diagnostics[0].message if exc.diagnostics else str(exc), 1, exc.diagnostics,
                       sources) from None


@app.command("legal")
def legal(
    game_name: GameArg,
    position: Annotated[Path, typer.Option(
        "--position", metavar="FILE", help="JSON position file (see docs/positions.md).",
        show_default=False)],
    option: OptionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List the legal moves of the player to move in a position stored in a JSON file."""
    with _reporting(as_json):
        game = load_game(game_name, parse_options(option))
        state = _read_position(game, position)
        actions = state.legal_actions()
        player = state.current_player()
        if as_json:
            _echo_json({"player": player, "actions": [state.action_json(a) for a in actions]})
            return
        console = _console()
        painter = CardPainter(game, console.color_system)
        if state.is_terminal():
            console.print(Text("The game is over in this position.", style="bold"))
            console.print(winners_line(state.winners))
            return
        for label, value in _shows(state):
            console.print(Text.assemble((f"{label}: ", "bold"), (str(value), "cyan")))
        console.print(Text.assemble((seat_name(player), "bold"), f" to move: {plural(len(actions), 'legal move')}"))
        console.print(render_moves(painter, actions))


# ---------------------------------------------------------------------------------------------
# simulate

def play_bot_game(game: Game, n: int, deal_seed: int, agents: list[Agent]) -> State:
    state = game.new_initial_state(n, deal_seed)
    while not state.is_terminal():
        if state.decisions >= MAX_DECISIONS:
            raise RuntimeError(f"the game did not end after {MAX_DECISIONS} moves")
        state.apply_action(agents[state.current_player()].choose(state))
    return state


@app.command("simulate")
def simulate(
    game_name: GameArg,
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="K", min=1,
                                       help="Number of games to play.")] = 100,
    seed: Annotated[int, typer.Option(
        "--seed", help="Base seed: game i is dealt with seed S+i; the same seed gives the same games.")] = 0,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play many random-vs-random games and summarise wins, game length and errors."""
    with _reporting(as_json):
        game = load_game(game_name, parse_options(option))
        n = check_players(game, players)
        wins = [0] * n
        turns: list[int] = []
        decisions: list[int] = []
        errors = 0
        first_error: str | None = None
        console = _console()
        show_progress = not as_json and console.is_terminal

        def one(i: int) -> None:
            nonlocal errors, first_error
            rng = random.Random(derive_seed(seed, i))
            agents = [AGENTS["random"](rng) for _ in range(n)]
            try:
                state = play_bot_game(game, n, seed + i, agents)
            except KeyboardInterrupt:
                raise
            except Exception as exc:
                errors += 1
                if first_error is None:
                    first_error = f"game {i} (seed {seed + i}): {exc}"
                return
            for w in state.winners:
                wins[w] += 1
            turns.append(state.turns)
            decisions.append(state.decisions)

        if show_progress:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), console=console, transient=True) as progress:
                task = progress.add_task(f"{game.title}", total=games)
                for i in range(games):
                    one(i)
                    progress.advance(task)
        else:
            for i in range(games):
                one(i)

        def mean(values: list[int]) -> float:
            return round(sum(values) / len(values), 3) if values else 0.0

        result = {
            "game": game.name,
            "players": n,
            "games": games,
            "wins": wins,
            "win_rate": [round(w / games, 4) for w in wins],
            "mean_turns": mean(turns),
            "mean_decisions": mean(decisions),
            "errors": errors,
            "first_error": first_error,
            "seed": seed,
        }
        if as_json:
            _echo_json(result)
        else:
            console.print(Text.assemble((game.title, "bold"), f": {games} random games, {n} players, seed {seed}"),
                          soft_wrap=True)
            table = Table()
            table.add_column("seat", style="bold")
            table.add_column("wins", justify="right")
            table.add_column("win rate", justify="right")
            for s in range(n):
                table.add_row(seat_name(s), str(wins[s]), f"{wins[s] / games:.1%}")
            console.print(table)
            console.print(f"mean turns {result['mean_turns']:g}, mean decisions {result['mean_decisions']:g}")
            if errors:
                console.print(Text(f"{plural(errors, 'game')} failed; first error:", style="bold red"))
                console.print(Text(first_error or ""), soft_wrap=True)
            else:
                console.print(Text("errors: 0", style="green"))
        if errors:
            raise typer.Exit(1)


# ---------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: run the app and turn anything unexpected into a message."""
    try:
        app(args=argv, prog_name="cardrules")
    except SystemExit:
        raise
    except KeyboardInterrupt:
        _console(stderr=True).print("interrupted")
        sys.exit(130)
    except Exception as exc:  # never a traceback
        _console(stderr=True).print(Text.assemble(("error", "bold red"),
                                                  f": unexpected {type(exc).__name__}: {exc}"))
        sys.exit(1)


if __name__ == "__main__":
    main()
