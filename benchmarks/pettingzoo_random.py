"""A random policy with action masks plays every bundled game through the PettingZoo environment.

For each bundled game (or the ones named with --game), plays --games games (1,000 by default)
through `cardrules.pettingzoo.env`, each game seeded by its number. The games take turns over every
player count the game allows and every set of options of the defaults and each yes/no option turned
on alone (leaving out combinations the rules refuse, such as Punto's teams with fewer than 4
players). Every decision samples uniformly among the actions its mask allows; the run fails on the
first error (an illegal index, a move the action space cannot number, an observation outside its
space). Prints per game: games, decisions, the longest game, wins by seat, the largest observation
and action space of its setups, and the time taken. Needs the `rl` extra.

    python benchmarks/pettingzoo_random.py                      # 1,000 games of each bundled game
    python benchmarks/pettingzoo_random.py --games 20 --game red7
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardrules import prepare  # noqa: E402
from cardrules.pettingzoo import env as make_env  # noqa: E402
from cardrules.resources import bundled_games  # noqa: E402


def play(env, seed: int, rng: np.random.Generator, check: bool) -> int:
    """One game with a uniformly random masked policy; the decisions taken."""
    env.reset(seed=seed)
    decisions = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if check and not env.observation_space(agent).contains(observation):
            raise AssertionError(f"seed {seed}: an observation of {agent} lies outside its space")
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
        decisions += 1
    return decisions


def run_game(name: str, games: int, check: bool) -> dict:
    checked = prepare(name)
    counts = range(checked.min_players, checked.max_players + 1)
    sets = [{}] + [{option: True} for option, doc in checked.option_docs.items() if doc.default is False]
    setups = [(n, options) for options in sets for n in counts if not checked.option_refusals(options, n)]
    envs = [make_env(checked, players=n, options=options) for n, options in setups]
    rng = np.random.default_rng(0)
    start, decisions, longest, wins = time.perf_counter(), 0, 0, {}
    for number in range(games):
        env = envs[number % len(envs)]
        taken = play(env, number, rng, check)
        decisions, longest = decisions + taken, max(longest, taken)
        for seat in env.state.winners:
            wins[seat] = wins.get(seat, 0) + 1
    return {"game": name, "games": games, "setups": len(setups), "decisions": decisions,
            "longest": longest, "wins": dict(sorted(wins.items())), "observation": max(e.encoder.size for e in envs),
            "actions": max(e.actions.size for e in envs), "seconds": round(time.perf_counter() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", action="append", help="a bundled game's name or a rules file (repeatable)")
    parser.add_argument("--check", action="store_true", help="also check every observation against its space")
    args = parser.parse_args(argv)
    for name in args.game or list(bundled_games()):
        row = run_game(name, args.games, args.check)
        print("  ".join(f"{key} {value}" for key, value in row.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
