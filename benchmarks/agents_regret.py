"""How good are an agent's single decisions? Mean regret against reference values of the moves.

Positions come from greedy-against-greedy games (deals from --seed on): every decision with more
than two legal moves on every third turn, then --positions of them drawn at random. In each, every
legal move gets a reference value: the mover's mean result over --reference rollouts to the end of
the game (the `best` policy for every player), all moves on the same samples of the cards the mover
cannot see and with the same rollout luck. Each agent then chooses in each position --tries times
(different seeds); its regret is the best move's reference value minus its choice's.

Far less noisy than whole games for telling variants apart (a 600-game match cannot tell 54% from
55%), but only as good as the reference, which values a move as if both players went on like the
rollout policy (that is, like greedy) afterwards.

    python benchmarks/agents_regret.py greedy ismcts ismcts:paired=yes        # about 10 minutes
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cardrules  # noqa: E402
from cardrules.bots import ISMCTSAgent, make_agent  # noqa: E402
from cardrules.bots.beliefs import sample_information_set  # noqa: E402
from cardrules.simulation import Observer, play_match  # noqa: E402


class Positions(Observer):
    """Keeps a copy of every position with more than two legal moves on every third turn (from `phase`)."""

    def __init__(self, found: list, phase: int):
        self.found, self.phase = found, phase

    def moving(self, state, player: int, action) -> None:
        if len(state.legal_actions()) > 2 and state.turns % 3 == self.phase:
            self.found.append(state.clone())


def positions(game: cardrules.Game, seed: int, count: int) -> list:
    found: list = []
    for g in range(40):
        greedy = [make_agent("greedy", game, p, g * 7 + p) for p in range(2)]
        play_match(game, 2, seed + g, greedy, [Positions(found, g % 3)])
    return random.Random(seed).sample(found, min(count, len(found)))


def reference(game: cardrules.Game, state, rollouts: int, seed: int) -> dict:
    """Each legal move's mean result for the mover over the same `rollouts` samples and luck."""
    me = state.current_player()
    roller = ISMCTSAgent(game, me, 0, rollout=0, cutoff=0)  # its rollout: the best policy to the end
    source = random.Random(seed)
    samples = [(sample_information_set(state, me, source), source.getrandbits(64)) for _ in range(rollouts)]
    values = {}
    for action in state.legal_actions():
        total = 0.0
        for world, luck in samples:
            world = world.clone()
            world.apply_action(action)
            roller.rng.seed(luck)
            total += roller.play_out(world, me)[me]
        values[action] = total / rollouts
    return values


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="+", help="agent specs, e.g. greedy ismcts:paired=yes")
    parser.add_argument("--game", default="red7")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reference", type=int, default=300, help="rollouts per move for the reference values")
    parser.add_argument("--tries", type=int, default=3, help="choices per agent and position (seeds)")
    args = parser.parse_args(argv)
    game = cardrules.load(args.game)
    regrets: dict[str, list[float]] = {spec: [] for spec in args.specs}
    start = time.perf_counter()
    chosen = positions(game, args.seed, args.positions)
    for i, state in enumerate(chosen):
        values = reference(game, state, args.reference, args.seed + i)
        top = max(values.values())
        for spec in args.specs:
            for k in range(args.tries):
                choice = make_agent(spec, game, state.current_player(), 100 * i + k).choose(state)
                regrets[spec].append(top - values[choice])
        if sys.stderr.isatty():
            print(f"position {i + 1}/{len(chosen)}", file=sys.stderr, end="\r", flush=True)
    n = len(chosen) * args.tries
    print(f"{args.game}: {len(chosen)} positions x {args.tries} tries, reference {args.reference} rollouts "
          f"per move, seed {args.seed}, {time.perf_counter() - start:.0f} s")
    first = args.specs[0]
    for spec, values in regrets.items():
        line = f"{spec:>40}  mean regret {statistics.mean(values):.4f} (s.e. {statistics.stdev(values) / n ** .5:.4f})"
        if spec != first:  # the same positions and tries: the difference is paired
            diffs = [a - b for a, b in zip(values, regrets[first])]
            line += f"  vs {first}: {statistics.mean(diffs):+.4f} (s.e. {statistics.stdev(diffs) / n ** .5:.4f})"
        print(line)


if __name__ == "__main__":
    main()
