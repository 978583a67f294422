"""A careful plain-Python Red7, basic game (2-4 players): the honest speed reference for the engine.

Rules: /work/shared/rules/red7.md, sections 1-9 (the basic game: no advanced scoring, no expert
actions), the same game as the tests' referee (tests/games/red7/referee.py). The referee is written
to be read beside the rules; this one is written as a competent programmer would write a fast
simulator in plain Python, with sensible data structures and nothing more: no C extension, no
caching of results between decisions, no precomputed tables beyond the 49 cards' number and colour.
benchmarks/test_red7_handwritten.py plays thousands of games of it in lockstep with the referee
(the same deal, the same choices) and checks every list of legal moves and every winner.

* A card is its strength, an int: number * 7 + (6 - colour index), so 7 (violet 1) .. 55 (red 7);
  a higher card is a larger int (section 2.3). Colours: red 0, orange 1, ... violet 6.
* Who is winning (section 6) only needs each palette's key under a rule: (size of the qualifying
  set, its highest card), computed directly from the palette without building the set.
* Moves: ("palette", card), ("canvas", card), ("fold",), and after a palette play ("canvas", card)
  or ("end",) -- the same moves as the referee's, in the same order.

    python benchmarks/red7_handwritten.py              # games/s for 2, 3 and 4 players, 3 s each
    python benchmarks/red7_handwritten.py --games 6000 # a fixed number of 2-player games, as a whole
                                                       # process (the whole-process comparison in bench.py)
"""

from __future__ import annotations

import argparse
import random
import sys
import time

RED, ORANGE, YELLOW, GREEN, BLUE, INDIGO, VIOLET = range(7)
HAND_SIZE = 7
CARDS = [number * 7 + (6 - color) for number in range(1, 8) for color in range(7)]  # the referee's order
NUMBER = [c // 7 for c in range(56)]  # card -> number 1..7
COLOR = [6 - c % 7 for c in range(56)]  # card -> colour index 0..6
NO_KEY = (0, -1)


def card_of(number: int, color: int) -> int:
    return number * 7 + (6 - color)


def _key_by_group(palette: list[int], attribute: list[int]) -> tuple[int, int]:
    """Orange and yellow: the largest group of one number (colour); ties go to the group with the highest card."""
    size: dict[int, int] = {}
    top: dict[int, int] = {}
    for card in palette:
        group = attribute[card]
        size[group] = size.get(group, 0) + 1
        if card > top.get(group, -1):
            top[group] = card
    return max((n, top[group]) for group, n in size.items())


def _key_of_run(palette: list[int]) -> tuple[int, int]:
    """Indigo: the longest run of consecutive numbers (one card each, the highest of its number); ties go to the
    run whose top card is higher."""
    top = [-1] * 9  # the highest card of each number 1..7; 0 and 8 stay -1 as the ends
    for card in palette:
        number = NUMBER[card]
        if card > top[number]:
            top[number] = card
    best = NO_KEY
    length = 0
    for number in range(1, 9):
        if top[number] >= 0:
            length += 1
        elif length:
            candidate = (length, top[number - 1])
            if candidate > best:
                best = candidate
            length = 0
    return best


def key(palette: list[int], rule: int) -> tuple[int, int]:
    """(size of the palette's qualifying set under `rule`, its highest card), or (0, -1) when it is empty."""
    if not palette:
        return NO_KEY
    if rule == RED:
        return (1, max(palette))
    if rule == ORANGE:
        return _key_by_group(palette, NUMBER)
    if rule == YELLOW:
        return _key_by_group(palette, COLOR)
    if rule == GREEN:
        chosen = [card for card in palette if NUMBER[card] % 2 == 0]
    elif rule == BLUE:
        return (len({COLOR[card] for card in palette}), max(palette))  # one card per colour: the top is the top
    elif rule == INDIGO:
        return _key_of_run(palette)
    else:  # VIOLET
        chosen = [card for card in palette if NUMBER[card] < 4]
    return (len(chosen), max(chosen)) if chosen else NO_KEY


class Red7:
    """One game of basic Red7."""

    __slots__ = ("n", "hands", "palettes", "active", "rule", "turn", "after_palette", "winner")

    def __init__(self, n_players: int, rng: random.Random):
        deck = CARDS[:]
        rng.shuffle(deck)
        self.n = n_players
        self.hands = [[] for _ in range(n_players)]
        for _ in range(HAND_SIZE):  # one card at a time, round robin, from the top (the end of the list)
            for hand in self.hands:
                hand.append(deck.pop())
        self.palettes = [[deck.pop()] for _ in range(n_players)]
        self.active = [True] * n_players
        self.rule = RED  # the starting card
        self.turn = (max(range(n_players), key=lambda p: self.palettes[p][0]) + 1) % n_players  # section 4.4
        self.after_palette = False
        self.winner = -1

    def winning(self, seat: int, rule: int) -> bool:
        """Whether `seat` alone has the best key under `rule` (an empty set never wins)."""
        mine = key(self.palettes[seat], rule)
        if mine[0] == 0:
            return False
        palettes, active = self.palettes, self.active
        for other in range(self.n):
            if other != seat and active[other] and key(palettes[other], rule) > mine:
                return False
        return True

    def legal_moves(self) -> list[tuple]:
        hand = self.hands[self.turn]
        permitted: dict[int, bool] = {}  # rule -> whether a discard of that colour keeps the turn player winning
        discards = []
        for card in hand:
            color = COLOR[card]
            allowed = permitted.get(color)
            if allowed is None:
                allowed = permitted[color] = self.winning(self.turn, color)
            if allowed:
                discards.append(("canvas", card))
        if self.after_palette:
            discards.append(("end",))
            return discards
        moves = [("palette", card) for card in hand]
        moves += discards
        moves.append(("fold",))
        return moves

    def apply(self, move: tuple) -> None:
        """Make a legal move (not checked: it comes from legal_moves)."""
        kind = move[0]
        seat = self.turn
        if kind == "palette":
            self.hands[seat].remove(move[1])
            self.palettes[seat].append(move[1])
            self.after_palette = True
            return
        if kind == "canvas":
            self.hands[seat].remove(move[1])
            self.rule = COLOR[move[1]]
        elif kind == "end" and not self.winning(seat, self.rule):
            self.active[seat] = False
        if kind == "fold":
            self.active[seat] = False
        self._next_turn()

    def _next_turn(self) -> None:
        """Section 7: the next active seat to the left; the game ends with one player left."""
        self.after_palette = False
        if self.active.count(True) == 1:
            self.winner = self.active.index(True)
            return
        seat = self.turn
        while True:
            seat = (seat + 1) % self.n
            if self.active[seat]:
                self.turn = seat
                return


def play_random_game(n_players: int, seed: int) -> tuple[int, int]:
    """One game with uniformly random legal moves -> (winner, decisions). The deal and the choices come from
    one generator seeded with `seed`."""
    rng = random.Random(seed)
    game = Red7(n_players, rng)
    choice = rng.choice
    decisions = 0
    while game.winner < 0:
        game.apply(choice(game.legal_moves()))
        decisions += 1
    return game.winner, decisions


def timed(n_players: int, seconds: float) -> tuple[int, int, float]:
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        decisions += play_random_game(n_players, games)[1]
        games += 1
    return games, decisions, elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Random games of a plain hand-written Red7 (basic game).")
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time per player count")
    parser.add_argument("--games", type=int, help="play this many 2-player games and stop (whole-process timing)")
    parser.add_argument("-p", "--players", type=int, default=2, help="with --games: the player count")
    args = parser.parse_args(argv)
    if args.games is not None:
        wins = [0] * args.players
        for seed in range(args.games):
            wins[play_random_game(args.players, seed)[0]] += 1
        print(f"{args.games} games, wins by seat: {wins}")
        return
    print(f"Red7 basic, plain hand-written Python ({sys.version.split()[0]})")
    for n_players in (2, 3, 4):
        games, decisions, elapsed = timed(n_players, args.seconds)
        print(f"{n_players} players: {games:6d} games in {elapsed:.2f} s  {games / elapsed:9.1f} games/s  "
              f"{decisions / elapsed:10.1f} decisions/s  ({decisions / games:.1f} decisions/game)")


if __name__ == "__main__":
    main()
