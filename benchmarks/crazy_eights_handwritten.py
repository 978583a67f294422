"""A plain-Python Crazy Eights that plays the engine's own games: how fast a whole game can go in Python.

What it is for (issue #26): the engine compiles each rule into Python; a second back end that compiled a whole
turn into one function could at best run like a program written by hand for the game. This file is that
program for games/crazy-eights.rules with its default options (2-5 players, draw until a card fits, one hand),
written plainly: cards are ints, zones are lists, a move is a tuple, nothing is cached between decisions. It
uses the engine's data model where that decides which game is played (the deal's shuffle, the order cards lie
in, the order moves are listed in, the random agent's draws), so from the same seed it plays the very game
`cardrules simulate crazy-eights` plays; benchmarks/test_crazy_eights_handwritten.py checks every legal move
list and every result against the engine. Its speed over the engine's is the most a turn compiled whole could
gain for this game, measured rather than guessed.

* A card is its index in the rules file's deck (`cards: rank * suit`, ranks and suits from the lowest up):
  rank = card // 4 (ace 0 .. king 12), suit = card % 4 (clubs 0, diamonds 1, hearts 2, spades 3).
* Zones: the stock (its top is the end of the list), the discards, a hand per player in the order its cards
  came in (a hand is drawn sorted, but kept in arrival order: the engine lists moves in that order).
* Moves: ("play", card), ("wild", card, suit) and ("draw",), listed in the engine's order.

    python benchmarks/crazy_eights_handwritten.py              # games/s for 2 and 4 players, 3 s each
    python benchmarks/crazy_eights_handwritten.py --seconds 10
    python benchmarks/crazy_eights_handwritten.py --engine     # and the engine's games beside it, in alternating
                                                               # slices of one process: the ratio hand / engine
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardrules.engine.draws import shuffle  # noqa: E402  (the engine's Fisher-Yates: the same deal)

EIGHT = 7
SUITS_NAMED = (3, 2, 1, 0)  # `def suits = [spades, hearts, diamonds, clubs]`: the order wild moves come in
GOLDEN_MIX = (0x9E3779B97F4A7C15, 0x632BE59BD9B4E019)  # the engine's seed -> generator state (game.mix_seed)
MASK64 = (1 << 64) - 1


class CrazyEights:
    """One hand of Crazy Eights from the engine's deal for `seed`."""

    def __init__(self, players: int, seed: int):
        self.n = players
        stock = list(range(52))
        rng = (seed * GOLDEN_MIX[0] + GOLDEN_MIX[1]) & MASK64
        shuffle(rng, stock)
        size = 7 if players == 2 else 5
        dealt = stock[-size * players:]  # the deal pops the top card for each player in turn, round by round
        del stock[-size * players:]
        dealt.reverse()
        self.hands = [dealt[p::players] for p in range(players)]
        self.discards = [stock.pop()]
        self.stock = stock
        self.named = -1  # the suit named with an eight, -1 for none
        self.passes = 0
        self.drawn = False
        self.me = 0
        self.winners: list[int] | None = None

    def legal_moves(self) -> list[tuple]:
        top = self.discards[-1]
        follow = self.named if self.named >= 0 else top % 4
        rank = top // 4
        hand = self.hands[self.me]
        moves = [("play", c) for c in hand if c // 4 != EIGHT and (c % 4 == follow or c // 4 == rank)]
        moves += [("wild", c, s) for c in hand if c // 4 == EIGHT for s in SUITS_NAMED]
        return moves or [("draw",)]

    def apply(self, move: tuple) -> None:
        hand = self.hands[self.me]
        if move[0] == "draw":
            if not self.stock or self.drawn:
                self.passes += 1
                self._end_turn()
            else:
                hand.append(self.stock.pop())  # the turn goes on: the player chooses again
            return
        hand.remove(move[1])
        self.discards.append(move[1])
        self.named = move[2] if move[0] == "wild" else -1
        self.passes = 0
        self._end_turn()

    def _end_turn(self) -> None:
        if not self.hands[self.me]:
            self.winners = [self.me]
        elif self.passes == self.n:  # nobody can play: the lowest hands win
            penalties = [sum(_points(c) for c in hand) for hand in self.hands]
            low = min(penalties)
            self.winners = [p for p in range(self.n) if penalties[p] == low]
        else:
            self.me = (self.me + 1) % self.n
            self.drawn = False


def _points(card: int) -> int:
    """An eight 50, a picture or a ten 10, the others their number (ace 1)."""
    rank = card // 4
    return 50 if rank == EIGHT else 10 if rank >= 9 else rank + 1


def play_random_game(players: int, seed: int) -> tuple[list[int], int]:
    """One game from the engine's deal `seed`, each move drawn as the engine's random agent draws it (one
    random.Random(seed) for every seat); the winners and the number of decisions."""
    game = CrazyEights(players, seed)
    bits = random.Random(seed).getrandbits
    decisions = 0
    while game.winners is None:
        moves = game.legal_moves()
        n = len(moves)
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        game.apply(moves[r])
        decisions += 1
    return game.winners, decisions


class Meter:
    """Games, decisions and CPU time of one way of playing, accumulated over slices."""

    def __init__(self, play: Callable[[int], int]):
        self.play, self.games, self.decisions, self.cpu = play, 0, 0, 0.0

    def run_for(self, seconds: float) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            self.decisions += self.play(self.games)  # game k from seed k, as simulate numbers them
            self.games += 1
        self.cpu += time.process_time() - cpu

    def line(self, label: str) -> str:
        return f"{label}: {self.games / self.cpu:,.0f} games/cpu-s, {self.decisions / self.cpu:,.0f} decisions/cpu-s"


def engine_player(players: int) -> Callable[[int], int]:
    """The engine's game k, as `cardrules simulate` plays it (one random agent seeded k in every seat)."""
    import cardrules
    from cardrules.bots import RandomAgent
    from cardrules.simulation import play_match
    game = cardrules.load("crazy-eights")
    return lambda k: play_match(game, players, k, [RandomAgent(game, 0, k)] * players, quiet=True).decisions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="wall seconds per player count (default 3)")
    parser.add_argument("-p", "--players", type=int, action="append", help="player counts (default 2 and 4)")
    parser.add_argument("--engine", action="store_true", help="also the engine, in alternating slices: the ratio")
    args = parser.parse_args(argv)
    for players in args.players or [2, 4]:
        hand = Meter(lambda k: play_random_game(players, k)[1])
        engine = Meter(engine_player(players)) if args.engine else None
        for _ in range(6):  # slices: a change in the machine's load falls on both alike
            hand.run_for(args.seconds / 6)
            if engine is not None:
                engine.run_for(args.seconds / 6)
        print(hand.line(f"crazy eights {players}p, by hand"))
        if engine is not None:
            print(engine.line(f"crazy eights {players}p, engine "))
            ratio = (hand.games / hand.cpu) / (engine.games / engine.cpu)
            print(f"crazy eights {players}p: by hand / engine x{ratio:.2f}")


if __name__ == "__main__":
    main()
