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
from typing import Annotated, Any, Iterator, Optional

import typer
import typer.exceptions
from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import check_source, find_game, load
from .agents import AGENTS, Agent, AgentError, RandomAgent, check_spec, inform, make_agent  # noqa: F401 (re-exported)
from .diagnostics import Diagnostic, RulesError, Span, error, render, suggest
from .engine import Action, Game, State
from .moves import entry_hint, find_move, names_cells
from .render import CardPainter, cell_marks, move_line, plural, render_moves, render_view, seat_name, winners_line
from .resources import bundled_games, bundled_variants

MAX_DECISIONS = 100_000  # a bot game that has not ended after this many moves is stopped


# ---------------------------------------------------------------------------------------------
# Agents: seat kinds other than "human" are the agents of cardrules.agents, by name.

HUMAN = "human"


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
    except AgentError as exc:  # a bot's options, or a definition a bot reads (docs/agents.md)
        _report(CliError(str(exc), 1), as_json)
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
        if kind != HUMAN:
            try:
                check_spec(kind)  # an agent, possibly with options: ismcts:iterations=200
            except AgentError as exc:
                known = kind.partition(":")[0].strip() in AGENTS
                raise CliError(str(exc) if known else
                               f"unknown seat kind '{kind}' (known: {', '.join(seat_kinds())})", 2) from None
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
        help="Who sits in seat I (from 0): " + ", ".join(seat_kinds()) + ", with agent options as "
             "KIND:KEY=VALUE,... (e.g. ismcts:iterations=200, see docs/agents.md); repeatable. Default: seat 0 "
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
# simulate and compare (the work and the statistics are in cardrules/simulate.py)

from . import simulate as sim  # noqa: E402


def play_bot_game(game: Game, n: int, deal_seed: int, agents: list[Agent]) -> State:
    """One bot game; looked up here at each run so that tests can replace it (one local job)."""
    return sim.play_bot_game(game, n, deal_seed, agents)


AgentOpt = Annotated[Optional[list[str]], typer.Option(
    "--agent", "-a", metavar="NAME",
    help="The agent in each seat: once for all seats, or once per seat in seat order (default: random). "
         "Agents take options as NAME:KEY=VALUE,... (see [bold]cardrules play --help[/]).",
    show_default=False)]
GamesOpt = Annotated[int, typer.Option("--games", "-n", metavar="K", min=1, help="Number of games to play.")]
SeedOpt = Annotated[int, typer.Option(
    "--seed", metavar="S",
    help="Base seed: game i's deal and agents' seeds are derived from (S, i) only, so the same seed "
         "gives the same games whatever the number of jobs or the backend.")]
JobsOpt = Annotated[int, typer.Option(
    "--jobs", "-j", metavar="J", min=0,
    help="Local worker processes (0: one per core). With --backend ray and no --address, J > 1 is the "
         "number of CPUs of the local Ray instance (default: all).")]
BackendOpt = Annotated[str, typer.Option(
    "--backend", metavar="local|ray",
    help="Where games run: [bold]local[/] processes, or a [bold]ray[/] cluster "
         "(pip install 'cardrules\\[ray]').")]
AddressOpt = Annotated[Optional[str], typer.Option(
    "--address", metavar="ADDR",
    help="Address of the Ray cluster to use (default with --backend ray: a local Ray instance).",
    show_default=False)]


def _seat_specs(game: Game, agent: list[str] | None, n: int) -> tuple[str, ...]:
    try:
        specs = sim.seat_agents(agent, n)
        sim.check_agents(game, specs)
    except ValueError as exc:
        raise CliError(str(exc), 2) from None
    return specs


def _check_backend(backend: str, address: str | None, jobs: int) -> tuple[str, int]:
    backend = backend.strip().lower()
    if backend not in sim.BACKENDS:
        raise CliError(f"unknown backend '{backend}' (known: {', '.join(sim.BACKENDS)})", 2)
    if address and backend != "ray":
        raise CliError("--address is the address of a Ray cluster: use it with --backend ray", 2)
    return backend, (jobs or sim.default_jobs())


def _run_games(console: Console, plan: sim.Plan, game: Game, label: str, jobs: int, backend: str,
               address: str | None, show_progress: bool) -> sim.Run:
    """Run a plan, with a progress bar on a terminal; a failing backend is a message."""
    kwargs: dict[str, Any] = dict(jobs=jobs, backend=backend, address=address, game=game, play=play_bot_game)
    try:
        if not show_progress:
            return sim.run(plan, **kwargs)
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                                   TimeRemainingColumn)

        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True) as progress:
            task = progress.add_task(label, total=plan.games)
            return sim.run(plan, progress=lambda count: progress.advance(task, count), **kwargs)
    except sim.BackendUnavailable as exc:
        raise CliError(str(exc), 2) from None


def _agents_text(agents: list[str]) -> str:
    return f"{agents[0]} in every seat" if len(set(agents)) == 1 else \
        ", ".join(f"{seat_name(s)} {a}" for s, a in enumerate(agents))


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _interval_text(interval: list[float]) -> str:
    return f"{interval[0]:.1%}–{interval[1]:.1%}"


def _options_text(options: dict[str, Any]) -> str:
    return ", ".join(name if value is True else f"{name}={value}" for name, value in options.items()) or "none"


def _print_interruption(console: Console, summary: dict[str, Any]) -> None:
    console.print(Text(f"Interrupted: {summary['games']} of the {summary['requested']} requested games "
                       f"finished; the results below are for those.", style="bold yellow"), soft_wrap=True)


def _print_summary(console: Console, summary: dict[str, Any], run: sim.Run) -> None:
    n = summary["players"]
    valid = summary["valid_games"]
    header = Text.assemble((summary["title"] or summary["game"], "bold"),
                           f": {plural(summary['games'], 'game')}, {n} players, seed {summary['seed']}, "
                           f"{_agents_text(summary['agents'])}")
    if summary["options"]:
        header.append(f", options: {_options_text(summary['options'])}")
    console.print(header, soft_wrap=True)
    if summary["interrupted"]:
        _print_interruption(console, summary)
    if summary["cooperative"]:
        coop = summary["cooperative_results"]
        console.print(Text.assemble(("Cooperative game", "bold"), f": the players won {coop['wins']} of {valid} "
                                    f"({_pct(coop['win_rate'])}, 95% CI {_interval_text(coop['win_interval'])})"),
                      soft_wrap=True)
        returns = ", ".join(f"{value:g} in {plural(count, 'game')}" for value, count in coop["returns"])
        console.print(f"returns: {returns}", soft_wrap=True)
    else:
        table = Table()
        table.add_column("seat", style="bold")
        table.add_column("agent")
        table.add_column("wins", justify="right")
        table.add_column("win rate", justify="right")
        table.add_column("95% CI", justify="right")
        for s in range(n):
            table.add_row(seat_name(s), summary["agents"][s], str(summary["wins"][s]), _pct(summary["win_rate"][s]),
                          _interval_text(summary["win_interval"][s]))
        console.print(table)
        console.print(f"shared wins: {summary['shared_wins']} of {valid} games "
                      f"({_pct(summary['shared_win_rate'])}); no winner: {summary['no_winner']}", soft_wrap=True)
        if summary.get("sides"):
            teams = summary["sides"]
            console.print("sides: " + "; ".join(
                f"{'+'.join(seat_name(p) for p in side)} won {wins} ({_pct(rate)}, 95% CI {_interval_text(ci)})"
                for side, wins, rate, ci in zip(teams["sides"], teams["wins"], teams["win_rate"],
                                                teams["win_interval"])), soft_wrap=True)
        first = summary["first_player"]
        console.print(f"first player (the seat to move first) won {first['wins']} of {first['games']} "
                      f"({_pct(first['win_rate'])}, 95% CI {_interval_text(first['win_interval'])}; "
                      f"fair share {_pct(first['fair_share'])})", soft_wrap=True)
    lengths = Table(title="game length", title_justify="left")
    lengths.add_column("", style="bold")
    for column in ("mean", "p10", "p50", "p90", "min", "max"):
        lengths.add_column(column, justify="right")
    for what in ("turns", "decisions"):
        stats = summary[what]
        lengths.add_row(what, *(f"{stats[c]:g}" for c in ("mean", "p10", "p50", "p90", "min", "max")))
    console.print(lengths)
    result = summary["result"]
    if result:
        line = Text.assemble((f"{result['label'] or 'result'}", "bold"), f" ({plural(result['games'], 'game')}): ")
        if "mean" in result:
            line.append(", ".join(f"{key} {result[key]:g}" for key in ("mean", "p10", "p50", "p90", "min", "max")))
        else:
            line.append(", ".join(f"{value}: {count}" for value, count in result["distribution"]))
        console.print(line, soft_wrap=True)
    if summary["errors"]:
        console.print(Text(f"{plural(summary['errors'], 'game')} failed; first error:", style="bold red"))
        console.print(Text(summary["first_error"] or ""), soft_wrap=True)
    else:
        console.print(Text("errors: 0", style="green"))
    if run.elapsed > 0 and run.records:
        console.print(Text(f"{plural(len(run.records), 'game')} in {run.elapsed:.2f} s "
                           f"({pace(len(run.records), run.elapsed)})", style="dim"))


def pace(games: int, seconds: float) -> str:
    """Games per second, or seconds per game when a game takes longer (0.0 games/s says nothing)."""
    rate = games / seconds
    return f"{rate:.1f} games/s" if rate >= 1 else f"{seconds / games:.1f} s per game"


@app.command("simulate")
def simulate(
    game_name: GameArg,
    players: PlayersOpt = None,
    games: GamesOpt = 100,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    agent: AgentOpt = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play K games between bots and summarise them.

    Reports per-seat win rates with 95% Wilson intervals, shared wins, game length (turns and
    decisions: mean, p10, p50, p90), the first player's win rate, errors (a failing game is counted
    and the run goes on), and for cooperative games the team's win rate and the distribution of
    results. Ctrl-C stops the run and reports the games finished so far. Exit status 1 if a game
    failed, 130 if interrupted. See docs/simulation.md.
    """
    with _reporting(as_json):
        backend, jobs = _check_backend(backend, address, jobs)
        options = parse_options(option)
        game = load_game(game_name, options)
        n = check_players(game, players)
        plan = sim.Plan.make(game_name, options, n, _seat_specs(game, agent, n), seed, games)
        console = _console()
        run = _run_games(console, plan, game, game.title, jobs, backend, address,
                         show_progress=not as_json and console.is_terminal)
        summary = sim.summarize(run, game.name, game.title, sim.result_label(game))
        if as_json:
            _echo_json(summary)
        else:
            _print_summary(console, summary, run)
        if run.interrupted:
            raise typer.Exit(130)
        if summary["errors"]:
            raise typer.Exit(1)


def _label(name: str, options: dict[str, Any]) -> str:
    return name + "".join(f" -o {k}" if v is True else f" -o {k}={v}" for k, v in options.items())


_STATISTICS = {"win_rate": "win rate", "team_win_rate": "team win rate", "first_player_win_rate": "first player wins",
               "shared_win_rate": "shared wins", "mean_turns": "mean turns", "mean_decisions": "mean decisions",
               "mean_result": "mean result", "error_rate": "errors"}


def _print_comparison(console: Console, rows: list[dict[str, Any]], labels: tuple[str, str],
                      result_label: str | None = None) -> None:
    table = Table()
    table.add_column("statistic", style="bold")
    table.add_column("A", justify="right")
    table.add_column("B", justify="right")
    table.add_column("B − A", justify="right")
    table.add_column("test")
    table.add_column("p", justify="right")
    table.add_column(f"p < {sim.ALPHA:g}")
    for row in rows:
        name = _STATISTICS.get(row["statistic"], row["statistic"])
        if row["statistic"] == "mean_result" and result_label:
            name = f"mean {result_label}"
        name += f" {seat_name(row['seat'])}" if row["seat"] is not None else ""
        if row["test"] == "Welch t":
            a, b, diff = f"{row['a']:g}", f"{row['b']:g}", f"{row['difference']:+g}"
        else:
            a, b, diff = _pct(row["a"]), _pct(row["b"]), f"{row['difference'] * 100:+.1f} pts"
        significant = Text("yes", style="bold green") if row["significant"] else Text("no", style="dim")
        test = "t" if row["test"] == "Welch t" else "z"
        table.add_row(name, a, b, diff, test, f"{row['p_value']:.3g}", significant)
    console.print(table)
    console.print(Text(f"A = {labels[0]}; B = {labels[1]}. Tests: z = two-proportion z-test (rates), "
                       f"t = Welch's t-test (means); yes = significant at p < {sim.ALPHA:g}.", style="dim"),
                  soft_wrap=True)


@app.command("compare")
def compare_games(
    game_a: Annotated[str, typer.Argument(metavar="A", help="The first game: a bundled name or a rules file.",
                                          show_default=False)],
    game_b: Annotated[str, typer.Argument(metavar="B", help="The second game (it may be A again with other "
                                          "options).", show_default=False)],
    players: PlayersOpt = None,
    games: GamesOpt = 100,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    option_a: Annotated[Optional[list[str]], typer.Option(
        "-o:a", "--option-a", metavar="NAME[=VALUE]", help="Set an option of game A only; repeatable.",
        show_default=False)] = None,
    option_b: Annotated[Optional[list[str]], typer.Option(
        "-o:b", "--option-b", metavar="NAME[=VALUE]", help="Set an option of game B only; repeatable.",
        show_default=False)] = None,
    agent: AgentOpt = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play two games over the same seeds and compare their statistics side by side.

    A and B are bundled names or rules files, or the same game with different options: [bold]-o[/]
    sets an option of both, [bold]-o:a[/] (or --option-a) of A only and [bold]-o:b[/] (or --option-b)
    of B only, e.g. [bold]cardrules compare GAME GAME -o:b NAME[/]. Each statistic is shown for A
    and B with the difference B − A and whether it is significant (p < 0.05: two-proportion
    z-test for win rates, Welch's t-test for game lengths). See docs/simulation.md.
    """
    with _reporting(as_json):
        backend, jobs = _check_backend(backend, address, jobs)
        shared = parse_options(option)
        options = ({**shared, **parse_options(option_a)}, {**shared, **parse_options(option_b)})
        loaded = (load_game(game_a, options[0]), load_game(game_b, options[1]))
        n = check_players(loaded[0], players)
        check_players(loaded[1], n)
        specs = _seat_specs(loaded[0], agent, n)
        _seat_specs(loaded[1], agent, n)
        console = _console()
        labels = (_label(game_a, options[0]), _label(game_b, options[1]))
        runs: list[sim.Run] = []
        for side, name, game, opts, label in zip("AB", (game_a, game_b), loaded, options, labels):
            plan = sim.Plan.make(name, opts, n, specs, seed, games)
            runs.append(_run_games(console, plan, game, f"{side}: {label}", jobs, backend, address,
                                   show_progress=not as_json and console.is_terminal))
            if runs[-1].interrupted:
                break
        summaries = [sim.summarize(r, g.name, g.title, sim.result_label(g)) for r, g in zip(runs, loaded)]
        rows = sim.compare(runs[0], runs[1]) if len(runs) == 2 and all(r.records for r in runs) else []
        interrupted = any(r.interrupted for r in runs)
        if as_json:
            _echo_json({"players": n, "seed": seed, "requested": games, "agents": list(specs),
                        "interrupted": interrupted, "labels": {"a": labels[0], "b": labels[1]},
                        "a": summaries[0], "b": summaries[1] if len(summaries) == 2 else None,
                        "comparisons": rows})
        else:
            console.print(Text.assemble(("Comparing", "bold"), f" A = {labels[0]} and B = {labels[1]}: "
                                        f"{plural(games, 'game')} each over the same seeds, {n} players, "
                                        f"seed {seed}, {_agents_text(list(specs))}"), soft_wrap=True)
            for side, summary in zip("AB", summaries):
                if summary["interrupted"]:
                    console.print(Text(f"Interrupted: {side} finished {summary['games']} of the "
                                       f"{summary['requested']} requested games.", style="bold yellow"))
            if len(runs) < 2:
                console.print(Text("Nothing to compare: B was not played.", style="yellow"))
            elif rows:
                result = summaries[0]["result"] or {}
                _print_comparison(console, rows, labels, result.get("label"))
            for side, summary in zip("AB", summaries):
                if summary["errors"]:
                    console.print(Text(f"{side}: {plural(summary['errors'], 'game')} failed; first error:",
                                       style="bold red"))
                    console.print(Text(summary["first_error"] or ""), soft_wrap=True)
        if interrupted:
            raise typer.Exit(130)
        if any(s["errors"] for s in summaries):
            raise typer.Exit(1)


# ---------------------------------------------------------------------------------------------
# validate, explain, fmt, new: the authoring commands live in cardrules.authoring.commands

from .authoring.commands import register as _register_authoring  # noqa: E402

_register_authoring(app)


def _one_line_paragraphs(doc: str) -> str:
    """A command's docstring for --help, each paragraph on one line: in rich markup mode typer keeps
    a docstring's own line breaks, and rich then wraps those lines again at the terminal's width,
    leaving a stub of a line after each. Paragraphs that hold a list keep their lines."""
    out = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines = paragraph.splitlines()
        listed = any(line.lstrip().startswith(("- ", "* ")) for line in lines)
        out.append(paragraph if listed else " ".join(line.strip() for line in lines))
    return "\n\n".join(out)


for _command in app.registered_commands:
    if _command.help is None and _command.callback is not None and _command.callback.__doc__:
        _command.help = _one_line_paragraphs(_command.callback.__doc__)


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
