"""Random games with and without the playout (compiler/playout.py), side by side in one process.

For each bundled game the playout covers and each player count asked for, plays the same random games
(`simulate`'s seeds, every seat `random`) through `simulation.runner.play_game`, once with the game's playout
and once on the engine alone, in alternating slices of CPU time, and prints games per CPU second of each and
their ratio. The records of the two are the same (tests/compiler/test_playout.py); only the time differs.

    python benchmarks/playouts.py                           # every covered game, every player count
    python benchmarks/playouts.py --game red7 -p 2 --rounds 20 --slice 0.5
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules  # noqa: E402
from cardrules.resources import bundled_games  # noqa: E402
from cardrules.simulation.runner import Plan, play_game  # noqa: E402

os.environ["CARDRULES_PLAYOUT"] = "always"  # `playout=True` always plays by the playout (not only where faster)


def measure(name: str, players: int, rounds: int, seconds: float) -> dict:
    """Games per CPU second with the playout and on the engine, in `rounds` alternating slices each."""
    game = cardrules.load(name)
    plan = Plan.make(name, {}, players, ["random"] * players, 7, 10**9)
    done = {False: 0, True: 0}
    spent = {False: 0.0, True: 0.0}
    for _ in range(rounds):
        for playout in (False, True):
            start = time.process_time()
            while time.process_time() - start < seconds:
                play_game(game, plan, done[playout], playout=playout)
                done[playout] += 1
            spent[playout] += time.process_time() - start
    engine, played_out = done[False] / spent[False], done[True] / spent[True]
    return {"game": name, "players": players, "engine": round(engine), "playout": round(played_out),
            "ratio": round(played_out / engine, 2)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a bundled game (repeatable; default: every covered one)")
    parser.add_argument("-p", "--players", type=int, action="append", help="player counts (default: all)")
    parser.add_argument("--rounds", type=int, default=10, help="alternating slices of each side")
    parser.add_argument("--slice", type=float, default=0.3, help="CPU seconds of a slice")
    args = parser.parse_args(argv)
    names = args.game or [name for name in bundled_games() if cardrules.load(name).playout is not None]
    print(f"{'game':<14} {'p':>2} {'engine g/cpu-s':>15} {'playout g/cpu-s':>16} {'ratio':>6}")
    for name in names:
        game = cardrules.load(name)
        if game.playout is None:
            print(f"{name:<14}  -  the playout does not cover it: played on the engine")
            continue
        for players in args.players or range(game.min_players, game.max_players + 1):
            row = measure(name, players, args.rounds, args.slice)
            print(f"{name:<14} {players:>2} {row['engine']:>15} {row['playout']:>16} {row['ratio']:>6.2f}", flush=True)


if __name__ == "__main__":
    main()
