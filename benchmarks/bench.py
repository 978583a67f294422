"""Random-playout speed of the generic engine, and of the hand-written Red7 for comparison.

For every bundled game and every player count it allows, plays uniformly random games on one core
for a fixed wall time per row and prints games/s and decisions/s. It does the same for the
hand-written Red7 that the tests use as a referee (tests/games/red7/referee.py: plain Python, Red7
basic game only) and prints the ratio engine / hand-written for Red7 basic with 2 players; that
ratio is measured in alternating slices of both, so a change in the machine's load during the run
affects both sides alike.

    python benchmarks/bench.py                  # 3 s per row
    python benchmarks/bench.py --seconds 10     # steadier numbers
    python benchmarks/bench.py --options        # also one row per yes/no option of each game
    python benchmarks/bench.py --profile        # cProfile of the engine on Red7 basic 2p
    python benchmarks/bench.py --json
    python benchmarks/bench.py --pin            # pin to one core (on a quiet machine)

The seed is fixed (--seed), so two runs play the same games; only the number of games that fit in
the wall time changes. The "cpu" column is the process's CPU time over the wall time: well below
100% means other programs took the core and the row's wall-time numbers are low; "games/cpu-s"
(games per CPU second of this process) is then the steadier figure.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import json
import os
import platform
import pstats
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402
from cardrules.bots import RandomAgent  # noqa: E402
from cardrules.resources import bundled_games  # noqa: E402
from cardrules.simulation import play_match  # noqa: E402

HANDWRITTEN = ROOT / "tests" / "games" / "red7" / "referee.py"
REFERENCE = ("red7", 2)  # the row compared with the hand-written implementation
TARGET_RATIO = 0.5


def load_handwritten():
    """The tests' hand-written Red7 referee, imported from its path (benchmarks may read the tests, never the
    other way round)."""
    spec = importlib.util.spec_from_file_location("red7_handwritten", HANDWRITTEN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def engine_player(game: cardrules.Game, players: int) -> Callable[[int], int]:
    """Play game number k from seed k with uniformly random moves (one random agent seeded k in
    every seat, as validate plays); return its decisions."""
    def play(k: int) -> int:
        return play_match(game, players, k, [RandomAgent(game, 0, k)] * players, quiet=True).decisions  # as simulate
    return play


def handwritten_player(module, players: int) -> Callable[[int], int]:
    def play(k: int) -> int:
        return module.play_random_game(players, k)[1]
    return play


class Meter:
    """Games, decisions, errors, wall and CPU time of one row, accumulated over slices."""

    def __init__(self, play: Callable[[int], int], seed: int):
        self.play, self.next_game = play, seed
        self.games = self.decisions = self.errors = 0
        self.wall = self.cpu = 0.0
        self.first_error: str | None = None

    def run_for(self, seconds: float) -> None:
        start, cpu_start = time.perf_counter(), time.process_time()
        while True:
            try:
                self.decisions += self.play(self.next_game)
            except Exception as exc:  # a game that fails is counted, the measure goes on
                self.errors += 1
                self.first_error = self.first_error or f"game {self.next_game}: {str(exc).splitlines()[0]}"
            self.next_game += 1
            self.games += 1
            if time.perf_counter() - start >= seconds:
                break
        self.wall += time.perf_counter() - start
        self.cpu += time.process_time() - cpu_start

    def row(self, **labels: Any) -> dict[str, Any]:
        return {**labels, "games": self.games, "seconds": round(self.wall, 3),
                "games_per_s": round(self.games / self.wall, 1),
                "decisions_per_s": round(self.decisions / self.wall, 1),
                "decisions_per_game": round(self.decisions / max(1, self.games), 2),
                "games_per_cpu_s": round(self.games / max(self.cpu, 1e-9), 1),
                "cpu_share": round(self.cpu / self.wall, 3), "errors": self.errors, "first_error": self.first_error}


def pin_to_one_core() -> int | None:
    """Pin the process to one core (the first it may use) where the OS allows it. Worth it on a
    quiet machine; on a busy one it can leave the process waiting for a core that is taken."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = None
    return {"cpu": model, "nproc": os.cpu_count(), "python": sys.version.split()[0],
            "implementation": platform.python_implementation(), "system": platform.platform(),
            "load_average_1min": load}


def variants(game_name: str, with_options: bool) -> list[dict[str, Any]]:
    """Default options, and with --options each yes/no option switched on alone."""
    out: list[dict[str, Any]] = [{}]
    if with_options:
        try:
            game = cardrules.load(game_name)
        except (cardrules.RulesError, OSError):
            return out
        out += [{name: True} for name, doc in game.option_docs.items() if doc.default is False]
    return out


def options_text(options: dict[str, Any]) -> str:
    return ",".join(options) or "-"


def print_row(row: dict[str, Any]) -> None:
    errors = f"  {row['errors']} errors ({row['first_error']})" if row["errors"] else ""
    print(f"{row['game']:<14} {row['options']:<10} {row['players']:>2}p {row['games']:>7} games "
          f"{row['games_per_s']:>9.1f} games/s {row['decisions_per_s']:>10.1f} decisions/s "
          f"{row['decisions_per_game']:>7.1f} dec/game  cpu {row['cpu_share']:>4.0%} "
          f"{row['games_per_cpu_s']:>9.1f} games/cpu-s{errors}", flush=True)


def profile(seconds: float, seed: int, top: int) -> str:
    """cProfile of engine playouts of the reference row: the `top` functions by own time."""
    name, players = REFERENCE
    meter = Meter(engine_player(cardrules.load(name), players), seed)
    profiler = cProfile.Profile()
    profiler.enable()
    meter.run_for(seconds)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    header = f"cProfile of {name} {players}p random playouts: {meter.games} games in {meter.wall:.1f} s (profiled)\n"
    return header + out.getvalue()


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time per row (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game of every row (default 0)")
    parser.add_argument("--options", action="store_true", help="also a row for each yes/no option of each game")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary of the engine on "
                        f"{REFERENCE[0]} {REFERENCE[1]}p")
    parser.add_argument("--top", type=int, default=25, help="functions in the profile summary (default 25)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON at the end")
    parser.add_argument("--pin", action="store_true", help="pin the process to one core (a single process "
                        "either way: every row runs on one core at a time)")
    args = parser.parse_args(argv)

    core = pin_to_one_core() if args.pin else None
    info = {**machine(), "core": core, "seconds_per_row": args.seconds, "seed": args.seed}
    print(f"cardrules random-playout benchmark: {info['cpu']}, nproc {info['nproc']}, "
          f"Python {info['python']}, one process{f' pinned to core {core}' if core is not None else ''}, "
          f"{args.seconds:g} s per row, seed {args.seed}")

    rows = []
    print("\nGeneric engine (bundled games):")
    for name in bundled_games():
        for options in variants(name, args.options):
            try:
                game = cardrules.load(name, options)
            except (cardrules.RulesError, OSError) as exc:  # a broken rules file is reported, not fatal
                print(f"{name:<14} {options_text(options):<10} cannot load: {str(exc).splitlines()[0]}")
                continue
            for players in range(game.min_players, game.max_players + 1):
                meter = Meter(engine_player(game, players), args.seed)
                meter.run_for(args.seconds)
                row = meter.row(impl="engine", game=name, options=options_text(options), players=players)
                rows.append(row)
                print_row(row)

    handwritten = load_handwritten()
    print("\nHand-written Red7 basic (tests/games/red7/referee.py):")
    for players in (2, 3, 4):
        meter = Meter(handwritten_player(handwritten, players), args.seed)
        meter.run_for(args.seconds)
        row = meter.row(impl="handwritten", game="red7", options="-", players=players)
        rows.append(row)
        print_row(row)

    # The ratio: both sides in alternating slices of a tenth of the row time, the same total each.
    name, players = REFERENCE
    engine = Meter(engine_player(cardrules.load(name), players), args.seed)
    plain = Meter(handwritten_player(handwritten, players), args.seed)
    for _ in range(10):
        engine.run_for(args.seconds / 10)
        plain.run_for(args.seconds / 10)
    ratio = (engine.games / engine.wall) / (plain.games / plain.wall)
    decision_ratio = (engine.decisions / engine.wall) / (plain.decisions / plain.wall)
    cpu_ratio = (engine.games / engine.cpu) / (plain.games / plain.cpu)
    verdict = "meets" if ratio >= TARGET_RATIO else "is below"
    print(f"\nRatio engine / hand-written, {name} basic {players}p (alternating slices): "
          f"{ratio:.3f} in games/s, {decision_ratio:.3f} in decisions/s, {cpu_ratio:.3f} in games per CPU second "
          f"({engine.games / engine.wall:.1f} vs {plain.games / plain.wall:.1f} games/s); "
          f"{verdict} the target {TARGET_RATIO}")
    result = {"machine": info, "rows": rows,
              "ratio": {"game": name, "players": players, "games_per_s": round(ratio, 4),
                        "decisions_per_s": round(decision_ratio, 4), "games_per_cpu_s": round(cpu_ratio, 4),
                        "target": TARGET_RATIO,
                        "engine": engine.row(impl="engine", game=name, options="-", players=players),
                        "handwritten": plain.row(impl="handwritten", game=name, options="-", players=players)}}
    if args.profile:
        print()
        result["profile"] = profile(args.seconds, args.seed, args.top)
        print(result["profile"])
    if args.json:
        print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
