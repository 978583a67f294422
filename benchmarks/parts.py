"""Where a random game's time goes: starting it, listing the legal moves, applying the chosen one.

For each bundled game and player count asked for, plays uniformly random games in this process for a fixed
CPU time and splits each game's CPU time into three parts: the new game (shuffle, deal, the opening up to the
first decision), listing the legal moves (`legal_actions`), and applying the move chosen (`apply_action`, up
to the next decision). With `--handwritten` it does the same, row under row, for the
games written by hand in benchmarks/ (Red7 basic and Crazy Eights: their constructor, `legal_moves`, `apply`),
so the engine can be read part by part against them (docs/performance.md, "Where the gap to the hand-written
games is").

Each part is timed with `time.process_time()` around its call; the ~0.1-0.3 us a reading costs is in every
part alike, so read the parts side by side, not as exact costs (bench.py gives the undisturbed rates).

    python benchmarks/parts.py                              # every bundled game, its fewest players, 3 s each
    python benchmarks/parts.py --game red7 --game crazy-eights -p 2 --handwritten
    python benchmarks/parts.py --game punto -p 2 -p 4 --seconds 10 --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules  # noqa: E402
from cardrules.resources import bundled_games  # noqa: E402

HERE = Path(__file__).resolve().parent


class Parts:
    """CPU seconds of each part and the games and decisions they were spent on."""

    def __init__(self) -> None:
        self.new = self.listing = self.applying = 0.0
        self.games = self.decisions = 0

    def row(self, **labels: Any) -> dict[str, Any]:
        games, decisions = max(1, self.games), max(1, self.decisions)
        us = 1e6
        return {**labels, "games": self.games, "decisions_per_game": round(self.decisions / games, 2),
                "new_us_per_game": round(self.new / games * us, 1),
                "listing_us_per_game": round(self.listing / games * us, 1),
                "applying_us_per_game": round(self.applying / games * us, 1),
                "listing_us_per_decision": round(self.listing / decisions * us, 2),
                "applying_us_per_decision": round(self.applying / decisions * us, 2)}


def timed_parts(start: Callable[[int], tuple], seconds: float) -> Parts:
    """Random games from seed 0 on, one generator per game seeded with its number (as bench.py's seeds):
    `start(seed)` gives (generator, over, legal, apply) of a new game, timed as the new game's part."""
    clock, parts, seed = time.process_time, Parts(), 0
    end = clock() + seconds
    while clock() < end:
        a = clock()
        rng, over, legal_moves, apply = start(seed)
        parts.new += clock() - a
        while not over():
            a = clock()
            legal = legal_moves()
            b = clock()
            move = legal[int(rng.random() * len(legal))]
            c = clock()
            apply(move)
            parts.listing += b - a
            parts.applying += clock() - c
            parts.decisions += 1
        parts.games += 1
        seed += 1
    return parts


def engine_parts(game: cardrules.Game, players: int, seconds: float) -> Parts:
    def start(seed: int) -> tuple:
        state = game.new_initial_state(players, seed)
        state.quiet = True  # as simulate plays: nobody reads the events
        return random.Random(seed), lambda: state.terminal, state.legal_actions, state.apply_action
    return timed_parts(start, seconds)


def handwritten_parts(game_name: str, players: int, seconds: float) -> Parts:
    """The same split for a hand-written game: its constructor, `legal_moves` and `apply`."""
    module = load_module(HANDWRITTEN[game_name])
    begin, over = HANDWRITTEN_GAME[game_name]

    def start(seed: int) -> tuple:
        game, rng = begin(module, players, seed)
        return rng, lambda: over(game), game.legal_moves, game.apply
    return timed_parts(start, seconds)


def _red7(module: Any, players: int, seed: int) -> tuple[Any, random.Random]:
    rng = random.Random(seed)  # the hand-written Red7 draws its deal from the generator its moves come from
    return module.Red7(players, rng), rng


def _crazy_eights(module: Any, players: int, seed: int) -> tuple[Any, random.Random]:
    return module.CrazyEights(players, seed), random.Random(seed)  # the engine's deal for the seed


# The hand-written games (benchmarks/*_handwritten.py): how a game starts, and when it is over.
HANDWRITTEN = {"red7": HERE / "red7_handwritten.py", "crazy-eights": HERE / "crazy_eights_handwritten.py"}
HANDWRITTEN_GAME = {"red7": (_red7, lambda game: game.winner >= 0),
                    "crazy-eights": (_crazy_eights, lambda game: game.winners is not None)}


def load_module(path: Path) -> Any:
    import importlib.util
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def print_row(row: dict[str, Any]) -> None:
    print(f"{row['game']:<20} {row['players']}p {row['games']:6d} games {row['decisions_per_game']:6.1f} dec/game  "
          f"per game us: new {row['new_us_per_game']:8.1f}  listing {row['listing_us_per_game']:9.1f}  "
          f"applying {row['applying_us_per_game']:9.1f}   per decision us: listing "
          f"{row['listing_us_per_decision']:7.2f}  applying {row['applying_us_per_decision']:7.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a bundled game (repeatable; default: all)")
    parser.add_argument("-p", "--players", type=int, action="append",
                        help="player count (repeatable; default: each game's fewest)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per row (default 3)")
    parser.add_argument("--handwritten", action="store_true",
                        help="also the hand-written games (Red7 basic, Crazy Eights) under the engine's rows")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON at the end")
    args = parser.parse_args(argv)
    games = bundled_games()
    unknown = [name for name in args.game or () if name not in games]
    if unknown:
        parser.error(f"not a bundled game: {', '.join(unknown)} (bundled: {', '.join(sorted(games))})")
    rows = []
    for name in args.game or sorted(games):
        game = cardrules.load(games[name])
        for players in args.players or [game.min_players]:
            if not game.min_players <= players <= game.max_players:
                print(f"{name}: {players} players is outside {game.min_players}..{game.max_players}, skipped",
                      file=sys.stderr)
                continue
            rows.append(engine_parts(game, players, args.seconds).row(game=name, players=players))
            print_row(rows[-1])
            if args.handwritten and name in HANDWRITTEN and players >= 2 and (name != "red7" or players <= 4):
                rows.append(handwritten_parts(name, players, args.seconds).row(game=f"{name} by hand",
                                                                                  players=players))
                print_row(rows[-1])
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
