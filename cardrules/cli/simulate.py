"""The `simulate` and `compare` commands: many bot games summarised, and two games compared over the same seeds."""

from __future__ import annotations

from typing import Annotated, Any, Optional, Sequence

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import simulation as sim
from ..engine import Game
from ..limits import MAX_GAMES, MAX_JOBS
from ..values import Seat
from ..words import plural
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
    prepare_game,
    reporting,
)
from .interrupts import exit_code
from .tables import fitted

AgentOpt = Annotated[Optional[list[str]], typer.Option(
    "--agent", "-a", metavar="NAME",
    help="The agent in each seat: once for all seats, or once per seat in seat order (default: random). "
         "Agents take options as NAME:KEY=VALUE,... (see [bold]cardrules play --help[/]). ismcts thinks "
         "0.2 s a move by default, so its games depend on the machine's speed: give ismcts:iterations=N "
         "for games the seed repeats.",
    show_default=False)]

GamesOpt = Annotated[int, typer.Option("--games", "-n", metavar="K", min=1, max=MAX_GAMES,
                                        help=f"Number of games to play (at most {MAX_GAMES:,}).")]

SeedOpt = Annotated[int, typer.Option(
    "--seed", metavar="S",
    help="Base seed: game i's deal and agents' seeds are derived from (S, i) only, so the same seed "
         "gives the same games whatever the number of jobs or the backend.")]

JobsOpt = Annotated[int, typer.Option(
    "--jobs", "-j", metavar="J", min=0, max=MAX_JOBS,
    help=f"Local worker processes (0: one per core; at most {MAX_JOBS}). With --backend ray and no --address, "
         "J > 1 is the number of CPUs of the local Ray instance (default: all).")]

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
    kwargs: dict[str, Any] = dict(jobs=jobs, backend=backend, address=address, game=game)
    try:
        if not show_progress:
            return sim.run(plan, **kwargs)
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True) as progress:
            task = progress.add_task(label, total=plan.games)
            return sim.run(plan, progress=lambda count: progress.advance(task, count), **kwargs)
    except sim.BackendUnavailable as exc:
        raise CliError(str(exc), 2) from None


def _leave_if_lost(runs: Sequence[sim.Run]) -> None:
    """A run stopped by a lost worker process: its games are reported above; say why in one line, exit 1."""
    for run in runs:
        if run.lost:
            make_console(stderr=True).print(Text.assemble(("error", "bold red"), f": {run.lost}"), soft_wrap=True)
            raise typer.Exit(1)


def _agents_text(agents: Sequence[str]) -> str:
    return f"{agents[0]} in every seat" if len(set(agents)) == 1 else \
        ", ".join(f"{_seat(s)} {a}" for s, a in enumerate(agents))


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _interval_text(interval: Sequence[float]) -> str:
    return f"{interval[0]:.1%}–{interval[1]:.1%}"


def _options_text(options: dict[str, Any]) -> str:
    return ", ".join(name if value is True else f"{name}={value}" for name, value in options.items()) or "none"


def _print_interruption(console: Console, summary: sim.Summary) -> None:
    console.print(Text(f"Interrupted: {summary.games} of the {summary.requested} requested games "
                       f"finished; the results below are for those.", style="bold yellow"), soft_wrap=True)


def _print_summary(console: Console, summary: sim.Summary, run: sim.Run) -> None:
    n = summary.players
    valid = summary.valid_games
    header = Text.assemble((summary.title or summary.game, "bold"),
                           f": {plural(summary.games, 'game')}, {plural(n, 'player')}, seed {summary.seed}, "
                           f"{_agents_text(summary.agents)}")
    if summary.options:
        header.append(f", options: {_options_text(summary.options)}")
    console.print(header, soft_wrap=True)
    if summary.interrupted:
        _print_interruption(console, summary)
    coop = summary.cooperative_results
    if coop is not None:
        console.print(Text.assemble(("Cooperative game", "bold"), f": the players won {coop.wins} of {valid} "
                                    f"({_pct(coop.win_rate)}, 95% CI {_interval_text(coop.win_interval)})"),
                      soft_wrap=True)
        returns = ", ".join(f"{value:g} in {plural(count, 'game')}" for value, count in coop.returns)
        console.print(f"returns: {returns}", soft_wrap=True)
    else:
        table = Table()
        table.add_column("seat", style="bold")
        table.add_column("agent")
        table.add_column("wins", justify="right")
        table.add_column("win rate", justify="right")
        table.add_column("95% CI", justify="right")
        for s in range(n):
            table.add_row(_seat(s), summary.agents[s], str(summary.wins[s]), _pct(summary.win_rate[s]),
                          _interval_text(summary.win_interval[s]))
        console.print(fitted(table))
        console.print(f"shared wins: {summary.shared_wins} of {plural(valid, 'game')} "
                      f"({_pct(summary.shared_win_rate)}); no winner: {summary.no_winner}", soft_wrap=True)
        if summary.sides is not None:
            teams = summary.sides
            console.print("sides: " + "; ".join(
                f"{'+'.join(_seat(p) for p in side)} won {wins} ({_pct(rate)}, 95% CI {_interval_text(ci)})"
                for side, wins, rate, ci in zip(teams.sides, teams.wins, teams.win_rate, teams.win_interval)),
                          soft_wrap=True)
        first = summary.first_player
        console.print(f"first player (the seat to move first) won {first.wins} of {first.games} "
                      f"({_pct(first.win_rate)}, 95% CI {_interval_text(first.win_interval)}; "
                      f"fair share {_pct(first.fair_share)})", soft_wrap=True)
    lengths = Table(title="game length", title_justify="left")
    lengths.add_column("", style="bold")
    for column in _COLUMNS:
        lengths.add_column(column, justify="right")
    for what, stats in (("turns", summary.turns), ("decisions", summary.decisions)):
        lengths.add_row(what, *(f"{value:g}" for value in _columns(stats)))
    console.print(fitted(lengths))
    result = summary.result
    if result:
        line = Text.assemble((f"{result.label or 'result'}", "bold"), f" ({plural(result.games, 'game')}): ")
        if result.spread is not None:
            line.append(", ".join(f"{key} {value:g}" for key, value in zip(_COLUMNS, _columns(result.spread))))
        else:
            line.append(", ".join(f"{value}: {count}" for value, count in result.distribution))
        console.print(line, soft_wrap=True)
    if summary.errors:
        console.print(Text(f"{plural(summary.errors, 'game')} failed; first error:", style="bold red"))
        console.print(Text(summary.first_error or ""), soft_wrap=True)
    else:
        console.print(Text("errors: 0", style="green"))
    _print_fallbacks(console, summary)
    if run.elapsed > 0 and run.records:
        console.print(Text(f"{plural(len(run.records), 'game')} in {run.elapsed:.2f} s "
                           f"({pace(len(run.records), run.elapsed)})", style="dim"))


_COLUMNS = ("mean", "p10", "p50", "p90", "min", "max")  # how a spread of numbers is printed


def _columns(spread: sim.Lengths) -> tuple[float, ...]:
    return (spread.mean, spread.p10, spread.p50, spread.p90, spread.min, spread.max)


def pace(games: int, seconds: float) -> str:
    """Games per second, or seconds per game when a game takes longer (0.0 games/s says nothing)."""
    rate = games / seconds
    return f"{rate:.1f} games/s" if rate >= 1 else f"{seconds / games:.1f} s per game"


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
    max_decisions: MaxDecisionsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play K games between bots and summarise them.

    Reports per-seat win rates with 95% Wilson intervals, shared wins, game length (turns and
    decisions: mean, p10, p50, p90), the first player's win rate, errors (a failing game is counted
    and the run goes on), and for cooperative games the team's win rate and the distribution of
    results. Ctrl-C stops the run and reports the games finished so far. Exit status 1 if a game
    failed, 130 if interrupted. See docs/simulation.md.
    """
    with reporting(as_json):
        backend, jobs = _check_backend(backend, address, jobs)
        options = parse_options(option)
        game = load_game(game_name, options)
        n = check_players(game, players)
        plan = sim.Plan.make(game_name, options, n, _seat_specs(game, agent, n), seed, games, max_decisions)
        console = make_console()
        run = _run_games(console, plan, game, game.title, jobs, backend, address,
                         show_progress=not as_json and console.is_terminal)
        summary = sim.summarize(run, game.name, game.title, sim.result_label(game))
        if as_json:
            echo_json(summary)
        else:
            _print_summary(console, summary, run)
        _leave_if_lost([run])
        if run.interrupted:
            raise typer.Exit(exit_code())
        if summary.errors:
            raise typer.Exit(1)


def _label(name: str, options: dict[str, Any]) -> str:
    return name + "".join(f" -o {k}" if v is True else f" -o {k}={v}" for k, v in options.items())


_STATISTICS = {"win_rate": "win rate", "team_win_rate": "team win rate", "first_player_win_rate": "first player wins",
               "shared_win_rate": "shared wins", "mean_turns": "mean turns", "mean_decisions": "mean decisions",
               "mean_result": "mean result", "error_rate": "errors"}


def _print_comparison(console: Console, rows: Sequence[sim.ComparisonRow], labels: sim.Labels,
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
        name = _STATISTICS.get(row.statistic, row.statistic)
        if row.statistic == "mean_result" and result_label:
            name = f"mean {result_label}"
        name += f" {_seat(row.seat)}" if row.seat is not None else ""
        if row.test == sim.T_TEST:
            a, b, diff = f"{row.a:g}", f"{row.b:g}", f"{row.difference:+g}"
        else:
            a, b, diff = _pct(row.a), _pct(row.b), f"{row.difference * 100:+.1f} pts"
        significant = Text("yes", style="bold green") if row.significant else Text("no", style="dim")
        test = "t" if row.test == sim.T_TEST else "z"
        table.add_row(name, a, b, diff, test, f"{row.p_value:.3g}", significant)
    console.print(fitted(table))
    console.print(Text(f"A = {labels.a}; B = {labels.b}. Tests: z = two-proportion z-test (rates), "
                       f"t = Welch's t-test (means); yes = significant at p < {sim.ALPHA:g}.", style="dim"),
                  soft_wrap=True)


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
    max_decisions: MaxDecisionsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play two games over the same seeds and compare their statistics side by side.

    A and B are bundled names or rules files, or the same game with different options: [bold]-o[/]
    sets an option of both, [bold]-o:a[/] (or --option-a) of A only and [bold]-o:b[/] (or --option-b)
    of B only, e.g. [bold]cardrules compare GAME GAME -o:b NAME[/]. Each statistic is shown for A
    and B with the difference B − A and whether it is significant (p < 0.05: two-proportion
    z-test for win rates, Welch's t-test for game lengths). See docs/simulation.md.
    """
    with reporting(as_json):
        backend, jobs = _check_backend(backend, address, jobs)
        shared = parse_options(option)
        options = ({**shared, **parse_options(option_a)}, {**shared, **parse_options(option_b)})
        rules_a = prepare_game(game_a)
        loaded = (load_game(game_a, options[0], rules_a),  # B is often A again: parsed and checked once
                  load_game(game_b, options[1], rules_a if game_b == game_a else None))
        n = check_players(loaded[0], players)
        check_players(loaded[1], n)
        specs = _seat_specs(loaded[0], agent, n)
        _seat_specs(loaded[1], agent, n)
        console = make_console()
        labels = sim.Labels(_label(game_a, options[0]), _label(game_b, options[1]))
        runs: list[sim.Run] = []
        for side, name, game, opts, label in zip("AB", (game_a, game_b), loaded, options, (labels.a, labels.b)):
            plan = sim.Plan.make(name, opts, n, specs, seed, games, max_decisions)
            runs.append(_run_games(console, plan, game, f"{side}: {label}", jobs, backend, address,
                                   show_progress=not as_json and console.is_terminal))
            if runs[-1].interrupted:
                break
        summaries = [sim.summarize(r, g.name, g.title, sim.result_label(g)) for r, g in zip(runs, loaded)]
        rows = sim.compare(runs[0], runs[1]) if len(runs) == 2 and all(r.records for r in runs) else []
        report = sim.Comparison(n, seed, games, tuple(specs), any(r.interrupted for r in runs), labels, summaries[0],
                                summaries[1] if len(summaries) == 2 else None, tuple(rows))
        if as_json:
            echo_json(report)
        else:
            _print_compare_report(console, report)
        _leave_if_lost(runs)
        if report.interrupted:
            raise typer.Exit(exit_code())
        if any(s.errors for s in summaries):
            raise typer.Exit(1)


def _print_compare_report(console: Console, report: sim.Comparison) -> None:
    labels = report.labels
    console.print(Text.assemble(("Comparing", "bold"), f" A = {labels.a} and B = {labels.b}: "
                                f"{plural(report.requested, 'game')} each over the same seeds, {report.players} "
                                f"players, seed {report.seed}, {_agents_text(report.agents)}"), soft_wrap=True)
    summaries = [s for s in (report.a, report.b) if s is not None]
    for side, summary in zip("AB", summaries):
        if summary.interrupted:
            console.print(Text(f"Interrupted: {side} finished {summary.games} of the "
                               f"{summary.requested} requested games.", style="bold yellow"))
    if report.b is None:
        console.print(Text("Nothing to compare: B was not played.", style="yellow"))
    elif report.comparisons:
        result = report.a.result
        _print_comparison(console, report.comparisons, labels, result.label if result else None)
    for side, summary in zip("AB", summaries):
        if summary.errors:
            console.print(Text(f"{side}: {plural(summary.errors, 'game')} failed; first error:", style="bold red"))
            console.print(Text(summary.first_error or ""), soft_wrap=True)
        _print_fallbacks(console, summary, f"{side}: ")


def _print_fallbacks(console: Console, summary: sim.Summary, side: str = "") -> None:
    """Games the playout failed and the engine played through (GameRecord.fallback): a bug to report."""
    if summary.fallbacks:
        console.print(Text(f"{side}{plural(summary.fallbacks, 'game')} the fast playout could not play were played "
                           f"by the engine (the same games, slower). This is a bug of cardrules: please report it "
                           f"with the rules file. First: {summary.first_fallback}", style="yellow"), soft_wrap=True)


def _seat(seat: int) -> str:
    """P0, as render.seat_name writes it (not imported from there: a summary needs none of the card painting)."""
    return repr(Seat(seat))


COMMANDS = {"simulate": simulate, "compare": compare_games}
