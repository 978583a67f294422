"""Random-playout speed of the generic engine, and of hand-written Red7s for comparison.

For every bundled game and every player count it allows, plays uniformly random games on one core
for a fixed wall time per row and prints games/s and decisions/s. It does the same for two
hand-written Red7s (basic game only): the reference, benchmarks/red7_handwritten.py (a careful
plain-Python implementation, written for speed with sensible data structures), and the tests'
referee (tests/games/red7/referee.py, written to be read beside the rules). It prints the ratio
engine / reference for Red7 basic with 2 players (and engine / referee); the three are measured in
alternating slices, so a change in the machine's load during the run affects them alike.

With --processes it also compares whole processes, as a user runs them: `cardrules simulate red7 -p 2
--games 6000` against `python benchmarks/red7_handwritten.py --games 6000` (CPU time of each process,
alternating, median of --rounds), and measures the start-up of `cardrules simulate red7 --games 1`
(CPU time of the whole process, on a warm disk cache and without the cache).

    python benchmarks/bench.py                  # 3 s per row
    python benchmarks/bench.py --seconds 10     # steadier numbers
    python benchmarks/bench.py --options        # also one row per yes/no option of each game
    python benchmarks/bench.py --profile        # cProfile of the engine on Red7 basic 2p
    python benchmarks/bench.py --json
    python benchmarks/bench.py --pin            # pin to one core (on a quiet machine)
    python benchmarks/bench.py --processes      # and the whole-process comparisons

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
import math
import os
import platform
import pstats
import random
import resource
import statistics
import subprocess
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

REFEREE = ROOT / "tests" / "games" / "red7" / "referee.py"
HANDWRITTEN = ROOT / "benchmarks" / "red7_handwritten.py"
REFERENCE = ("red7", 2)  # the row compared with the hand-written implementations
TARGET_RATIO = 1.0  # issue #26: the engine at least as fast as the careful hand-written Red7
TARGET_PROCESS_RATIO = 0.8  # whole processes: the command at least 0.8x the script
TARGET_STARTUP = 0.25  # CPU seconds of `cardrules simulate red7 --games 1`, warm cache
PROCESS_GAMES = 6000


def load_module(path: Path, name: str):
    """A hand-written Red7 imported from its path (benchmarks may read the tests, never the other way round)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_handwritten():
    """The careful hand-written Red7: the reference."""
    return load_module(HANDWRITTEN, "red7_handwritten")


def load_referee():
    """The tests' hand-written Red7 referee: plain, not written for speed."""
    return load_module(REFEREE, "red7_referee")


def engine_player(game: cardrules.Game, players: int) -> Callable[[int], int]:
    """Play game number k from seed k with uniformly random moves (one random agent seeded k in
    every seat, as validate plays); return its decisions."""
    def play(k: int) -> int:
        return play_match(game, players, k, [RandomAgent(game, 0, k)] * players, quiet=True).decisions  # as simulate
    return play


def playout_player(game: cardrules.Game, players: int) -> Callable[[int], int]:
    """The same games as engine_player (one generator seeded k for every seat), played by the game's playout
    (compiler/playout.py: the second back end `simulate` plays random seats with)."""
    import random

    from cardrules.engine import playouts

    def play(k: int) -> int:
        return playouts.play(game, players, k, [random.Random(k).getrandbits] * players, 10**9)[3]
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
        self.slices: list[tuple[int, float]] = []  # (games, CPU seconds) of each run_for: the interval's samples

    def run_for(self, seconds: float) -> None:
        start, cpu_start, games = time.perf_counter(), time.process_time(), self.games
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
        cpu = time.process_time() - cpu_start
        self.cpu += cpu
        self.slices.append((self.games - games, cpu))

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


def ratio_interval(top: Meter, bottom: Meter, draws: int = 2000) -> tuple[float, float]:
    """A 95% interval of (top's games per CPU second) / (bottom's), by resampling the paired slices the two
    ran in turn (a bootstrap: slice k of one beside slice k of the other, so the machine's drift stays
    paired). Ten slices make it a rough interval, but one that shows how much the figure moved."""
    pairs = list(zip(top.slices, bottom.slices))
    draw = random.Random(0).choices
    found = []
    for _ in range(draws):
        sample = draw(pairs, k=len(pairs))
        top_cpu, bottom_cpu = sum(t[1] for t, _ in sample), sum(b[1] for _, b in sample)
        bottom_games = sum(b[0] for _, b in sample)
        if top_cpu > 0 and bottom_cpu > 0 and bottom_games > 0:
            found.append((sum(t[0] for t, _ in sample) / top_cpu) / (bottom_games / bottom_cpu))
    if not found:
        return (math.nan, math.nan)
    found.sort()
    return found[int(0.025 * (len(found) - 1))], found[int(0.975 * (len(found) - 1))]


def ratios(seconds: float, seed: int, implementations: dict[str, Any]) -> dict[str, Any]:
    """Engine / each hand-written Red7, basic 2p, and the playout / each: all sides in alternating slices of a
    tenth of the row time."""
    name, players = REFERENCE
    game = cardrules.load(name)
    engine = Meter(engine_player(game, players), seed)
    played_out = Meter(playout_player(game, players), seed)
    plain = {impl: Meter(handwritten_player(module, players), seed) for impl, module in implementations.items()}
    for _ in range(10):
        engine.run_for(seconds / 10)
        played_out.run_for(seconds / 10)
        for meter in plain.values():
            meter.run_for(seconds / 10)
    result: dict[str, Any] = {"game": name, "players": players, "target": TARGET_RATIO,
                              "engine": engine.row(impl="engine", game=name, options="-", players=players),
                              "playout": played_out.row(impl="playout", game=name, options="-", players=players)}
    for impl, meter in plain.items():
        cpu_ratio = (played_out.games / played_out.cpu) / (meter.games / meter.cpu)
        low, high = ratio_interval(played_out, meter)
        print(f"\nRatio playout / {impl}, {name} basic {players}p (alternating slices): {cpu_ratio:.3f} in games per "
              f"CPU second, 95% interval {low:.3f}-{high:.3f} over {len(meter.slices)} paired slices "
              f"({played_out.games / played_out.cpu:.1f} vs {meter.games / meter.cpu:.1f} games/cpu-s)")
        result[f"playout_{impl}"] = round(cpu_ratio, 4)
        result[f"playout_{impl}_interval"] = [round(low, 4), round(high, 4)]
    for impl, meter in plain.items():
        ratio = (engine.games / engine.wall) / (meter.games / meter.wall)
        decision_ratio = (engine.decisions / engine.wall) / (meter.decisions / meter.wall)
        cpu_ratio = (engine.games / engine.cpu) / (meter.games / meter.cpu)
        low, high = ratio_interval(engine, meter)
        verdict = f"; {'meets' if cpu_ratio >= TARGET_RATIO else 'is below'} the target {TARGET_RATIO}" \
            if impl == "handwritten" else ""
        print(f"\nRatio engine / {impl}, {name} basic {players}p (alternating slices): "
              f"{ratio:.3f} in games/s, {decision_ratio:.3f} in decisions/s, {cpu_ratio:.3f} in games per CPU second "
              f"(95% interval {low:.3f}-{high:.3f}) "
              f"({engine.games / engine.cpu:.1f} vs {meter.games / meter.cpu:.1f} games/cpu-s){verdict}")
        result[impl] = {"games_per_s": round(ratio, 4), "decisions_per_s": round(decision_ratio, 4),
                        "games_per_cpu_s": round(cpu_ratio, 4),
                        "games_per_cpu_s_interval": [round(low, 4), round(high, 4)],
                        "row": meter.row(impl=impl, game=name, options="-", players=players)}
    return result


def child_cpu(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of a whole child process, its start-up included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env={**os.environ, **(env or {})})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def whole_processes(rounds: int) -> dict[str, Any]:
    """The command against the hand-written script, each a whole process, alternating; and start-up."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {"PYTHONPATH": path}
    cli = [sys.executable, "-c", "from cardrules.cli import main; main()"]
    simulate = cli + ["simulate", "red7", "-p", "2", "--games", str(PROCESS_GAMES)]
    script = [sys.executable, str(HANDWRITTEN), "--games", str(PROCESS_GAMES)]
    startup = cli + ["simulate", "red7", "--games", "1"]
    child_cpu(startup, env)  # fills the disk cache
    times: dict[str, list[tuple[float, float]]] = {"engine": [], "handwritten": [], "startup": [], "cold": []}
    for _ in range(rounds):
        times["engine"].append(child_cpu(simulate, env))
        times["handwritten"].append(child_cpu(script, env))
        times["startup"].append(child_cpu(startup, env))
        times["cold"].append(child_cpu(startup, {**env, "CARDRULES_NO_CACHE": "1"}))
    cpu = {name: statistics.median(t[0] for t in runs) for name, runs in times.items()}
    ratio = cpu["handwritten"] / cpu["engine"]
    print(f"\nWhole processes, Red7 basic 2p, {PROCESS_GAMES} random games (CPU s, median of {rounds}): "
          f"'cardrules simulate' {cpu['engine']:.2f}, hand-written script {cpu['handwritten']:.2f}: ratio "
          f"{ratio:.3f} ({'meets' if ratio >= TARGET_PROCESS_RATIO else 'is below'} the target "
          f"{TARGET_PROCESS_RATIO})")
    print(f"Start-up, 'cardrules simulate red7 --games 1' (CPU s of the whole process, median of {rounds}): "
          f"{cpu['startup']:.3f} on a warm cache ({'meets' if cpu['startup'] < TARGET_STARTUP else 'is above'} "
          f"the target {TARGET_STARTUP}), {cpu['cold']:.3f} without the cache")
    return {"games": PROCESS_GAMES, "cpu_s": cpu, "ratio": round(ratio, 4), "target": TARGET_PROCESS_RATIO,
            "startup_target": TARGET_STARTUP, "runs": times}


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
    parser.add_argument("--processes", action="store_true", help="also compare whole processes (simulate "
                        f"{PROCESS_GAMES} games against the hand-written script) and measure start-up")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the whole-process comparisons (default 3)")
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
                try:  # an option may be refused for some player counts (`option ... for players 4`)
                    game.new_initial_state(players, args.seed)
                except ValueError as exc:
                    print(f"{name:<14} {options_text(options):<10} {players:>2}p refused: {exc}")
                    continue
                meter = Meter(engine_player(game, players), args.seed)
                meter.run_for(args.seconds)
                row = meter.row(impl="engine", game=name, options=options_text(options), players=players)
                rows.append(row)
                print_row(row)

    implementations = {"handwritten": load_handwritten(), "referee": load_referee()}
    for impl, module in implementations.items():
        print(f"\nHand-written Red7 basic, {impl} ({Path(module.__file__).relative_to(ROOT)}):")
        for players in (2, 3, 4):
            meter = Meter(handwritten_player(module, players), args.seed)
            meter.run_for(args.seconds)
            row = meter.row(impl=impl, game="red7", options="-", players=players)
            rows.append(row)
            print_row(row)

    result = {"machine": info, "rows": rows, "ratio": ratios(args.seconds, args.seed, implementations)}
    if args.processes:
        result["processes"] = whole_processes(args.rounds)
    if args.profile:
        print()
        result["profile"] = profile(args.seconds, args.seed, args.top)
        print(result["profile"])
    if args.json:
        print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
