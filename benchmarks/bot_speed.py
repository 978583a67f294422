"""How long does each bot think? Milliseconds of CPU per move (median, p90) per bot, bundled game and player count.

For every bundled game and every player count it allows, plays games from fixed seeds with the bot
under test in seat 0 and `greedy` in the other seats (`--others`; a solitaire game: the bot alone:
greedy opponents play games of a sensible length, where random ones end The Game at once), and times
every choice of the bot that had more than one legal move (a forced move costs nothing and would
flatter the median). Times are CPU seconds of this process (`time.process_time`), so other programs
on a shared machine do not inflate them; the last column is the median wall time, which is what a
time budget (`ismcts:time=`, wall clock by default) bounds: on a busy machine a time-limited bot's
CPU time per move is below its budget.

    python benchmarks/bot_speed.py                              # greedy and ismcts, every game, 2 games a row
    python benchmarks/bot_speed.py --bot greedy --games 5       # steadier greedy numbers
    python benchmarks/bot_speed.py --bot ismcts --moves 20      # at most 20 timed moves a row
    python benchmarks/bot_speed.py --game the-game --profile    # cProfile of the bot's choices
    python benchmarks/bot_speed.py --game the-game -o extreme   # with a game option (NAME or NAME=VALUE)

The seeds are fixed (--seed): two runs play the same positions as long as the bot is deterministic
(greedy, ismcts with `iterations=`); with a time budget the games depend on the machine's speed.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402
from cardrules.bots import make_agent  # noqa: E402
from cardrules.resources import bundled_games  # noqa: E402
from cardrules.simulation import derive_seed  # noqa: E402

DEFAULT_BOTS = ["greedy", "ismcts"]


class Stop(Exception):
    """Enough moves timed in this row."""


def time_row(game: cardrules.Game, players: int, spec: str, others: str, games: int, moves: int, seed: int,
             profile: cProfile.Profile | None = None) -> tuple[list[float], list[float], list[int]]:
    """CPU and wall seconds of each timed choice of `spec` in seat 0 over `games` games (at most `moves`),
    and the search's iterations for each where the agent counts them (ismcts)."""
    times: list[float] = []
    walls: list[float] = []
    iterations: list[int] = []
    for index in range(games):
        state = game.new_initial_state(players, seed + index)
        specs = [spec] + [others] * (players - 1)
        agents = [make_agent(specs[s], game, s, derive_seed(seed, index, s)) for s in range(players)]
        try:
            while not state.is_terminal():
                player = state.current_player()
                timed = player == 0 and len(state.legal_actions()) > 1
                if timed and len(times) >= moves:
                    raise Stop
                if profile is not None and timed:
                    profile.enable()
                start, wall = time.process_time(), time.perf_counter()
                action = agents[player].choose(state)
                spent, wall = time.process_time() - start, time.perf_counter() - wall
                if profile is not None and timed:
                    profile.disable()
                if timed:
                    times.append(spent)
                    walls.append(wall)
                    if hasattr(agents[0], "last_iterations"):
                        iterations.append(agents[0].last_iterations)
                for agent in agents:
                    agent.observe(state, action)
                state.apply_action(action)
        except Stop:
            break
    return times, walls, iterations


def _option(item: str) -> tuple[str, object]:
    """NAME -> (NAME, True); NAME=VALUE -> VALUE read as JSON where it parses (a number, true), else as text."""
    name, _, raw = item.partition("=")
    if not raw:
        return name, True
    try:
        return name, json.loads(raw)
    except json.JSONDecodeError:
        return name, raw


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", action="append", help="agent spec (repeatable); default: greedy, ismcts")
    parser.add_argument("--game", action="append", help="bundled game (repeatable); default: all")
    parser.add_argument("--others", default="greedy", help="the agent in the other seats (default: greedy)")
    parser.add_argument("--games", type=int, default=2, help="games per row")
    parser.add_argument("--moves", type=int, default=10**9, help="timed moves per row at most")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the bots' choices")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option NAME[=VALUE] (repeatable)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    options = dict(_option(item) for item in args.option) or None
    bots = args.bot or DEFAULT_BOTS
    names = args.game or list(bundled_games())
    profile = cProfile.Profile() if args.profile else None
    rows = []
    if not args.json:
        print(f"{'bot':<24} {'game':<14} {'players':>7} {'moves':>6} {'mean ms':>8} {'median ms':>10} {'p90 ms':>8} "
              f"{'max ms':>8} {'wall median ms':>15} {'iterations':>10}")
    for name in names:
        game = cardrules.load(name, options)
        for players in range(game.min_players, game.max_players + 1):
            for spec in bots:
                times, walls, iterations = time_row(game, players, spec, args.others, args.games, args.moves,
                                                    args.seed, profile)
                row = {"bot": spec, "game": name, "players": players, "moves": len(times),
                       "mean_ms": 1000 * statistics.mean(times) if times else 0.0,
                       "median_ms": 1000 * statistics.median(times) if times else 0.0,
                       "p90_ms": 1000 * percentile(times, 0.9), "max_ms": 1000 * max(times, default=0.0),
                       "wall_median_ms": 1000 * statistics.median(walls) if walls else 0.0,
                       "iterations_median": statistics.median(iterations) if iterations else None}
                rows.append(row)
                if not args.json:
                    print(f"{spec:<24} {name:<14} {players:>7} {row['moves']:>6} {row['mean_ms']:>8.2f} "
                          f"{row['median_ms']:>10.2f} {row['p90_ms']:>8.2f} {row['max_ms']:>8.2f} "
                          f"{row['wall_median_ms']:>15.2f} "
                          f"{'' if row['iterations_median'] is None else row['iterations_median']:>10}", flush=True)
    machine = {"nproc": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}
    if args.json:
        print(json.dumps({"seed": args.seed, "options": options or {}, "games": args.games, "machine": machine,
                          "rows": rows}, indent=2))
    else:
        print(f"seed {args.seed}, options {options or {}}, {args.games} games a row, others {args.others}; "
              f"nproc {machine['nproc']}, python {machine['python']}, {machine['platform']}")
    if profile is not None:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(40)
        print(out.getvalue())


if __name__ == "__main__":
    main()
