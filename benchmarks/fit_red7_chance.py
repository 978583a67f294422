"""Where red7.rules's chance(p) comes from: a logistic fit of who won on the turns of greedy's games.

Plays `--games` Red7 games (2 players, basic) between two greedy agents that judge by the default
estimate, records at the start of every turn the features red7.rules defines for the player to
move and for the other, and fits P(player to move wins) by logistic regression (Newton's method,
pure Python). One game in five is held out; the log loss on those turns is printed for the
default estimate and for the fit. The weights, times 100, are the ones in `mover_outlook` and
`rival_outlook`.

    python benchmarks/fit_red7_chance.py --games 6000 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cardrules  # noqa: E402
from cardrules.bots import make_agent  # noqa: E402
from cardrules.bots.evaluation import estimate  # noqa: E402
from cardrules.simulation import Observer, play_match  # noqa: E402

NAMES = ["1", "hand", "palette", "palette_plays", "rule_changes", "can_stay",
         "rival hand", "rival palette", "rival palette_plays", "rival rule_changes"]


def features(game: cardrules.Game, state, p: int) -> list[float]:
    hand, palette = len(state.zone_cards("hand", p)), len(state.zone_cards("palette", p))
    plays, changes = game.call(state, "palette_plays", p), game.call(state, "rule_changes", p)
    return [hand, palette, plays, changes]


class TurnStarts(Observer):
    """At the first move of every turn: the features of the player to move and of the other, and
    the default estimate's chance for the player to move."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, list[float], float]] = []
        self.last_turn = -1

    def moving(self, state, p: int, action) -> None:
        if state.turns != self.last_turn:
            self.last_turn = state.turns
            game = state.game
            mine, theirs = features(game, state, p), features(game, state, 1 - p)
            self.rows.append((p, [1.0, *mine, float(mine[2] + mine[3] > 0), *theirs], estimate(state)[p]))


def turns_of_one_game(seed: int) -> list[tuple[list[float], int, float]]:
    """(features, won, default estimate's chance) at the start of each turn, for the player to move."""
    game = cardrules.load("red7")
    agents = [make_agent("greedy:heuristic=default", game, s, seed * 7 + s) for s in range(2)]
    turns = TurnStarts()
    state = play_match(game, 2, seed, agents, [turns])
    return [(x, int(p in state.winners), guess) for p, x, guess in turns.rows]


def predict(w: list[float], x: list[float]) -> float:
    """The fitted chance that the player to move wins: the logistic of the weighted features."""
    return 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x))))


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems here are 10 x 10)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[tuple[list[float], int]], iterations: int = 10) -> list[float]:
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(iterations):
        grad, hess = [0.0] * k, [[1e-6 * (i == j) for j in range(k)] for i in range(k)]
        for x, y in rows:
            p = predict(w, x)
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        w = [a + b for a, b in zip(w, solve(hess, grad))]
    return w


def log_loss(pairs) -> float:
    """Mean negative log-likelihood of (predicted chance, won) pairs; chances kept off 0 and 1."""
    total = 0.0
    for p, won in pairs:
        p = min(max(p, 1e-6), 1 - 1e-6)
        total -= math.log(p if won else 1 - p)
    return total / len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    with multiprocessing.Pool(args.jobs) as pool:
        games = pool.map(turns_of_one_game, seeds, chunksize=20)
    train = [(x, y) for i, g in enumerate(games) if i % 5 for x, y, _ in g]
    test = [(x, y, guess) for i, g in enumerate(games) if not i % 5 for x, y, guess in g]
    w = fit(train)
    fitted = [(predict(w, x), y) for x, y, _ in test]
    print(f"{len(train)} turns to fit, {len(test)} held out")
    print(f"log loss held out: default estimate {log_loss([(g, y) for _, y, g in test]):.3f}, "
          f"fit {log_loss(fitted):.3f}")
    for name, weight in zip(NAMES, w):
        print(f"  {name:22} {100 * weight:7.0f}")


if __name__ == "__main__":
    main()
