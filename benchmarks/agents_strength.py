"""How strong are the agents? Head-to-head matches on a game (default: Red7, 2 players, basic).

Each match plays `--games` games: every deal is played twice with the two agents' seats swapped,
so neither gets the better first seat or the better cards more often. Deal i uses seed SEED+i//2;
each agent's seed is derived from (SEED, game, seat). The same arguments give the same table.
With `-p N` (N > 2), A sits in one seat and B in all the others, and every deal is played N times
with A in each seat in turn (deal i: seed SEED+i//N, A in seat i%N); a fair share of the wins is 1/N.

A cooperative game (`--team`, e.g. The Game) has no opponents: every deal is played twice, once with
A in every seat and once with B in every seat, and the table gives each team's win rate and mean
result (the rules file's `result`, e.g. the cards left), with a 95% interval of the mean of A's
result less B's on the same deal.

    python benchmarks/agents_strength.py                      # the three matches of docs/agents.md
    python benchmarks/agents_strength.py --games 40 --match "ismcts:iterations=100,c=0.5 vs greedy" --jobs 2
    python benchmarks/agents_strength.py --game hearts -p 4 --games 200 --match "greedy vs random"
    python benchmarks/agents_strength.py --game the-game --team --games 200 --match "greedy vs random"

Prints, per match: games, wins of A, wins of B, draws, A's win rate with its 95% Wilson interval,
CPU seconds per A move (mean and max; CPU time, so a busy machine does not inflate it) and the wall time.
`--cpu-seconds S` plays as many games as fit in about S seconds of CPU (for costly bots). `--log FILE`
appends every game to FILE as it ends (one JSON line each), so a long run stopped early keeps its games.
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
from cardrules.simulation import derive_seed, play_match, result_value  # noqa: E402

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
    """Game `index` of a match: A sits in seat index % players (2 players: seat 0 on even games and
    seat 1 on odd ones), B in the others; as a team (cooperative games), A in every seat on even
    games and B in every seat on odd ones."""
    game_name, options, players, spec_a, spec_b, seed, index, team = job
    game = _load(game_name, json.dumps(options, sort_keys=True))
    rotation = 2 if team else players
    a_seats = set(range(players)) if team and index % 2 == 0 else set() if team else {index % players}
    specs = [spec_a if s in a_seats else spec_b for s in range(players)]
    agents = [make_agent(spec, game, s, derive_seed(seed, index, s)) for s, spec in enumerate(specs)]
    a_times: list[float] = []
    agents = [Timed(agent, a_times) if s in a_seats else agent for s, agent in enumerate(agents)]
    state = play_match(game, players, seed + index // rotation, agents)
    a_won = any(w in a_seats for w in state.winners)
    b_won = any(w not in a_seats for w in state.winners)
    if team:  # one side per game: its win counts for A on even games, for B on odd ones
        a_won, b_won = (a_won, False) if index % 2 == 0 else (False, b_won)
    return {"index": index, "a": a_won and not b_won, "b": b_won and not a_won, "draw": a_won == b_won,
            "a_times": a_times, "turns": state.turns, "result": result_value(state)}


def _logger(path: str | None, match: dict):
    """Where each finished game goes at once (`--log FILE`: one JSON line a game, with its match), so
    that a long run stopped before its end keeps the games it played."""
    if path is None:
        return lambda result: None

    def note(result: dict) -> None:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({**match, **result}) + "\n")
    return note


def team_summary(results: list[dict]) -> dict:
    """A cooperative match: each team's win rate and mean result, and the mean of A's result less B's
    on the same deal with a 95% interval (normal approximation)."""
    a = [r for r in results if r["index"] % 2 == 0]
    b = [r for r in results if r["index"] % 2 == 1]
    out = {"a_team_wins": sum(r["a"] for r in a), "b_team_wins": sum(r["b"] for r in b), "deals": len(b)}
    if all(isinstance(r["result"], (int, float)) for r in results):
        out["a_mean_result"] = sum(r["result"] for r in a) / max(1, len(a))
        out["b_mean_result"] = sum(r["result"] for r in b) / max(1, len(b))
        diffs = [x["result"] - y["result"] for x, y in zip(a, b)]
        mean = sum(diffs) / max(1, len(diffs))
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        half = 1.959964 * math.sqrt(var / max(1, len(diffs)))
        out["difference"], out["difference95"] = mean, [mean - half, mean + half]
    return out


def within(work: list[tuple], block: int, cpu_seconds: float, note=lambda result: None) -> list[dict]:
    """Play the games in order, a whole block (every seating of a deal) at a time, and start no block
    that would likely end past `cpu_seconds` of this process's CPU time (at least one block)."""
    results: list[dict] = []
    start = time.process_time()
    for first in range(0, len(work), block):
        spent = time.process_time() - start
        blocks = first // block
        if blocks and spent + spent / blocks > cpu_seconds:
            break
        for job in work[first:first + block]:
            results.append(play_one(job))
            note(results[-1])
    return results


def run_match(game_name: str, options: dict, players: int, spec_a: str, spec_b: str, games: int, seed: int,
              jobs: int, team: bool = False, cpu_seconds: float = 0.0, log: str | None = None) -> dict:
    work = [(game_name, options, players, spec_a, spec_b, seed, i, team) for i in range(games)]
    note = _logger(log, {"game": game_name, "options": options, "players": players, "match": f"{spec_a} vs {spec_b}",
                         "seed": seed})
    start = time.perf_counter()
    if cpu_seconds:
        results = within(work, 2 if team else players, cpu_seconds, note)
        games = len(results)
    elif jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = []
            for result in pool.imap(play_one, work, chunksize=1):
                results.append(result)
                note(result)
    else:
        results = []
        for job in work:
            results.append(play_one(job))
            note(results[-1])
    wall = time.perf_counter() - start
    a = sum(r["a"] for r in results)
    b = sum(r["b"] for r in results)
    draws = sum(r["draw"] for r in results)
    times = [t for r in results for t in r["a_times"]]
    low, high = wilson(a + draws / 2, games)
    row = {"a": spec_a, "b": spec_b, "games": games, "a_wins": a, "b_wins": b, "draws": draws,
           "a_rate": (a + draws / 2) / games, "wilson95": [low, high],
           "a_move_mean_s": sum(times) / len(times) if times else 0.0, "a_move_max_s": max(times, default=0.0),
           "a_move_median_s": sorted(times)[len(times) // 2] if times else 0.0, "a_moves": len(times),
           "mean_turns": sum(r["turns"] for r in results) / games, "wall_s": wall}
    if team:
        row["team"] = team_summary(results)
    return row


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
    parser.add_argument("--team", action="store_true", help="a cooperative game: A's team against B's team on "
                        "the same deals (mean result and win rate of each)")
    parser.add_argument("--cpu-seconds", type=float, default=0.0, help="play at most --games games, a deal's "
                        "seatings at a time, as many as fit in about this much CPU time (one process: no --jobs)")
    parser.add_argument("--log", help="append every finished game to this file as it ends, one JSON line each "
                        "(a long run stopped early keeps its games)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.players < 2:
        parser.error("a match needs at least 2 players")
    if args.cpu_seconds and args.jobs > 1:
        parser.error("--cpu-seconds counts the CPU time of one process: use --jobs 1")
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
                        args.jobs, args.team, args.cpu_seconds, args.log)
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
    if "team" in row:
        t = row["team"]
        result = (f"  mean result A {t['a_mean_result']:.2f} B {t['b_mean_result']:.2f}  A - B {t['difference']:+.2f} "
                  f"[{t['difference95'][0]:+.2f}, {t['difference95'][1]:+.2f}]" if "difference" in t else "")
        return (f"{row['a']:>28} team vs {row['b']:<28} team  deals {t['deals']:4d}  A won {t['a_team_wins']:4d}  "
                f"B won {t['b_team_wins']:4d}{result}  A move {row['a_move_mean_s']:.3f}s mean "
                f"{row['a_move_max_s']:.3f}s max  wall {row['wall_s']:.0f}s")
    low, high = row["wilson95"]
    return (f"{row['a']:>28} vs {row['b']:<28} games {row['games']:4d}  A {row['a_wins']:4d}  B {row['b_wins']:4d}  "
            f"draws {row['draws']:3d}  A rate {row['a_rate']:.1%} [{low:.1%}, {high:.1%}]  "
            f"A move {row['a_move_mean_s']:.3f}s mean {row['a_move_max_s']:.3f}s max  "
            f"turns {row['mean_turns']:.1f}  wall {row['wall_s']:.0f}s")


if __name__ == "__main__":
    main()
