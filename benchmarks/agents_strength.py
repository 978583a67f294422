"""How strong are the agents? Head-to-head matches on a game (default: Red7, 2 players, basic).

Each match plays `--games` games: every deal is played twice with the two agents' seats swapped,
so neither gets the better first seat or the better cards more often. Deal i uses seed SEED+i//2;
each agent's seed is derived from (SEED, game, seat). The same arguments give the same table.

    python benchmarks/agents_strength.py                      # the three matches of docs/agents.md
    python benchmarks/agents_strength.py --games 40 --match "ismcts:iterations=100,c=0.5 vs greedy" --jobs 2

Prints, per match: games, wins of A, wins of B, draws, A's win rate with its 95% Wilson interval,
CPU seconds per A move (mean and max; CPU time, so a busy machine does not inflate it) and the wall time.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cardrules  # noqa: E402
from cardrules.bots import make_agent  # noqa: E402
from cardrules.simulation import derive_seed, play_match  # noqa: E402

DEFAULT_MATCHES = ["ismcts vs random", "ismcts vs greedy", "greedy vs random"]


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """An agent whose every choice's CPU time is noted (CPU time of this worker: other programs on
    the machine do not count)."""

    def __init__(self, agent, times: list[float]):
        self.agent, self.times = agent, times

    def choose(self, state):
        start = time.process_time()
        action = self.agent.choose(state)
        self.times.append(time.process_time() - start)
        return action

    def observe(self, state, action) -> None:
        self.agent.observe(state, action)


@functools.lru_cache(maxsize=None)
def _load(game_name: str, options: str) -> cardrules.Game:
    return cardrules.load(game_name, json.loads(options))


def play_one(job: tuple) -> dict:
    """Game `index` of a match: A sits in seat 0 on even games and seat 1 on odd ones."""
    game_name, options, players, spec_a, spec_b, seed, index = job
    game = _load(game_name, json.dumps(options, sort_keys=True))
    a_seat = index % 2
    specs = [spec_b] * players
    specs[a_seat] = spec_a
    agents = [make_agent(spec, game, s, derive_seed(seed, index, s)) for s, spec in enumerate(specs)]
    a_times: list[float] = []
    agents[a_seat] = Timed(agents[a_seat], a_times)
    state = play_match(game, players, seed + index // 2, agents)
    a_won = a_seat in state.winners
    b_won = any(w != a_seat for w in state.winners)
    return {"index": index, "a": a_won and not b_won, "b": b_won and not a_won, "draw": a_won == b_won,
            "a_times": a_times, "turns": state.turns}


def run_match(game_name: str, options: dict, players: int, spec_a: str, spec_b: str, games: int, seed: int,
              jobs: int) -> dict:
    work = [(game_name, options, players, spec_a, spec_b, seed, i) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_one, work, chunksize=1)
    else:
        results = [play_one(job) for job in work]
    wall = time.perf_counter() - start
    a = sum(r["a"] for r in results)
    b = sum(r["b"] for r in results)
    draws = sum(r["draw"] for r in results)
    times = [t for r in results for t in r["a_times"]]
    low, high = wilson(a + draws / 2, games)
    return {"a": spec_a, "b": spec_b, "games": games, "a_wins": a, "b_wins": b, "draws": draws,
            "a_rate": (a + draws / 2) / games, "wilson95": [low, high],
            "a_move_mean_s": sum(times) / len(times) if times else 0.0, "a_move_max_s": max(times, default=0.0),
            "mean_turns": sum(r["turns"] for r in results) / games, "wall_s": wall}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="red7")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option NAME[=VALUE]")
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200, help="games per match (even: deals x 2 seatings)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--match", action="append", help="'A vs B' agent specs (repeatable); default: "
                        + "; ".join(DEFAULT_MATCHES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.players != 2:
        parser.error("matches are between two agents: use -p 2")
    options = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        options[name] = value if sep else True
    matches = args.match or DEFAULT_MATCHES
    rows = []
    for match in matches:
        spec_a, sep, spec_b = match.partition(" vs ")
        if not sep:
            parser.error(f"write a match as 'A vs B', not '{match}'")
        row = run_match(args.game, options, args.players, spec_a.strip(), spec_b.strip(), args.games, args.seed,
                        args.jobs)
        rows.append(row)
        if not args.json:
            print(_line(row), flush=True)
    machine = {"nproc": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform(),
               "jobs": args.jobs}
    if args.json:
        print(json.dumps({"game": args.game, "options": options, "seed": args.seed, "machine": machine,
                          "matches": rows}, indent=2))
    else:
        print(f"game {args.game} {options or ''} players {args.players} seed {args.seed}; "
              f"nproc {machine['nproc']}, python {machine['python']}, jobs {args.jobs}")


def _line(row: dict) -> str:
    low, high = row["wilson95"]
    return (f"{row['a']:>28} vs {row['b']:<28} games {row['games']:4d}  A {row['a_wins']:4d}  B {row['b_wins']:4d}  "
            f"draws {row['draws']:3d}  A rate {row['a_rate']:.1%} [{low:.1%}, {high:.1%}]  "
            f"A move {row['a_move_mean_s']:.3f}s mean {row['a_move_max_s']:.3f}s max  "
            f"turns {row['mean_turns']:.1f}  wall {row['wall_s']:.0f}s")


if __name__ == "__main__":
    main()
