"""Two checkouts of cardrules, side by side: random-playout games per CPU second of each one's engine.

A change to the engine is judged against the code before it on the same machine in the same minutes:
this runs each checkout's engine in its own process (its own `cardrules` first on the path), one after
the other, for --rounds rounds, and prints the medians, the spread and the ratio NEW / OLD per game, with
the least and greatest of the rounds' own ratios (round k's NEW over round k's OLD) as its interval.
Alternating processes keep a drift of the machine's speed out of the ratio (one bench.py run per
commit, minutes apart, does not). Make the old checkout with `git worktree add /tmp/old COMMIT`.

    python benchmarks/commits.py /tmp/old .                            # every bundled game, its fewest players
    python benchmarks/commits.py /tmp/old . --game red7 -p 2 -p 4 --seconds 3 --rounds 5
    python benchmarks/commits.py /tmp/old . --game red7 -o advanced=true
    python benchmarks/commits.py /tmp/old . --pin                      # on one core (a quiet machine)
    python benchmarks/commits.py /tmp/old . --playout                  # with each game's playout where it has one
    python benchmarks/instructions.py --old /tmp/old --game red7    # the same in instructions a game (callgrind)

A checkout from before the bots' package (the baseline of issue #26, 3659d04) plays with that
checkout's own bench loop, a random.Random(k).choice per game: the same draws as the random agent's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

# What each child runs, with its checkout first on the path: plays random games for `seconds` of CPU, or a number
# of them (instructions.py)
CHILD = """
import os, random, sys, time
sys.path.insert(0, sys.argv[1])
import cardrules
try:
    from cardrules.bots import RandomAgent
    from cardrules.simulation import play_match
except ImportError:  # a checkout from before the bots' package (the baseline of issue #26, 3659d04)
    import random
    RandomAgent = None
name, players = sys.argv[2], int(sys.argv[3])
# a budget of CPU seconds, or games=N: N games after 20 unmeasured ones (instructions.py counts what they cost)
counted = int(sys.argv[4][6:]) if sys.argv[4].startswith("games=") else None
seconds = float("inf") if counted is not None else float(sys.argv[4])
options = {k: {"true": True, "false": False}.get(v, int(v) if v.lstrip("-").isdigit() else v)
           for k, v in (o.split("=", 1) for o in sys.argv[5:])}
game = cardrules.prepare(name).compile(options) if hasattr(cardrules, "prepare") else cardrules.load(name, options)
playout = getattr(game, "playout", None) if os.environ.get("BENCH_PLAYOUT") == "1" else None
if playout is not None:  # the playout plays the same games: one generator for every seat, as below
    from cardrules.engine import playouts


def one(k):
    if playout is not None:
        playouts.play(game, players, k, [random.Random(k).getrandbits] * players, 10**9)
    elif RandomAgent is None:  # that checkout's own bench loop: the same draws as the random agent's
        state, choose = game.new_initial_state(players, k), random.Random(k).choice
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
    else:
        play_match(game, players, k, [RandomAgent(game, 0, k)] * players, quiet=True)


if counted is not None:  # (tables and caches warm, as in a run: games no measurement plays)
    for k in range(20):
        one(10**6 + k)
games, start = 0, time.process_time()
while (games < counted) if counted is not None else (time.process_time() - start < seconds):
    one(games)
    games += 1
print(games if counted is not None else games / (time.process_time() - start))
"""


def measure(root: Path, game: str, players: int, seconds: float, options: list[str], pin: bool,
            playout: bool = False) -> float:
    command = [sys.executable, "-c", CHILD, str(root), game, str(players), str(seconds), *options]
    if pin and hasattr(os, "sched_setaffinity"):
        command = ["taskset", "-c", "0", *command]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    env["BENCH_PLAYOUT"] = "1" if playout else "0"
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root)
    if done.returncode != 0:
        raise SystemExit(f"{root}: {game} {players}p failed:\n{done.stderr.strip()}")
    return float(done.stdout.strip().splitlines()[-1])


def rows_to_run(root: Path, games: list[str], players: list[int]) -> list[tuple[str, int]]:
    """(game, players) pairs: the given games (default: every bundled one) at the given counts (default: fewest)."""
    sys.path.insert(0, str(root))
    from cardrules import prepare
    from cardrules.resources import bundled_games
    names = games or sorted(bundled_games())
    return [(name, p) for name in names for p in (players or [prepare(name).symbols.players[0]])]


def compare(old: Path, new: Path, rows: list[tuple[str, int]], seconds: float, rounds: int, options: list[str],
            pin: bool, playout: bool = False) -> list[dict]:
    out = []
    for game, players in rows:
        figures: dict[str, list[float]] = {"old": [], "new": []}
        for _ in range(rounds):  # alternating: a drift of the machine's speed falls on both alike
            for side, root in (("old", old), ("new", new)):
                figures[side].append(measure(root, game, players, seconds, options, pin, playout))
        old_median, new_median = statistics.median(figures["old"]), statistics.median(figures["new"])
        paired = sorted(n / o for o, n in zip(figures["old"], figures["new"]))  # round k's new over round k's old
        out.append({"game": game, "players": players, "options": options, "old": figures["old"],
                    "new": figures["new"], "ratio": new_median / old_median, "round_ratios": paired})
        print(f"{game:14} {players}p  old {old_median:10.1f} ({min(figures['old']):.1f}-{max(figures['old']):.1f})"
              f"  new {new_median:10.1f} ({min(figures['new']):.1f}-{max(figures['new']):.1f})"
              f"  new/old x{new_median / old_median:.2f} (rounds x{paired[0]:.2f}-x{paired[-1]:.2f})", flush=True)
    return out


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the checkout measured first (e.g. a worktree of the commit before)")
    parser.add_argument("new", type=Path, help="the checkout compared with it")
    parser.add_argument("--game", action="append", default=[], help="a bundled game (repeatable; default: all)")
    parser.add_argument("-p", "--players", action="append", type=int, default=[],
                        help="player count (repeatable; default: each game's fewest)")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option NAME=VALUE")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of games per measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pin", action="store_true", help="run every measurement on core 0 (taskset)")
    parser.add_argument("--playout", action="store_true",
                        help="a checkout whose game has a playout plays with it (the same games, as simulate may)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    old, new = args.old.resolve(), args.new.resolve()
    for root in (old, new):
        if not (root / "cardrules" / "__init__.py").is_file():
            parser.error(f"{root} is not a cardrules checkout (no cardrules/__init__.py)")
    started = time.strftime("%Y-%m-%d %H:%M")
    print(f"old {old}  new {new}  {args.seconds} CPU s a measurement, {args.rounds} rounds, {started}")
    results = compare(old, new, rows_to_run(new, args.game, args.players), args.seconds, args.rounds,
                      args.option, args.pin, args.playout)
    if args.json:
        print(json.dumps(results, indent=1))
    return results


if __name__ == "__main__":
    main()
