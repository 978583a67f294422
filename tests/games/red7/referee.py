"""Hand-written reference implementation of Red7, BASIC game only (2-4 players).

Source: /work/shared/rules/red7.md, sections 1-9 and 13-14 (no advanced scoring,
no expert actions).

This module is deliberately plain.  It has two jobs:

* an independent referee that the tests play against the generic rules engine (test_properties.py
  beside it runs both in lockstep; test_referee.py checks it against the document's examples);
* a speed baseline for the Red7 benchmark (benchmarks/bench.py loads it by path; run this file as a
  script to time it alone).

Conventions
-----------
* A card is a tuple ``(number, colour_index)`` with number 1..7 and colour index
  red 0, orange 1, yellow 2, green 3, blue 4, indigo 5, violet 6 (section 2.2).
* Card strength is ``number * 7 + (6 - colour_index)``: a higher card always has a
  larger strength (section 2.3).  Red 7 is 55, violet 1 is 7.
* A rule is a colour index (the colour of the top canvas card).
* The canvas is stored as a list of the play cards discarded onto it, bottom first.
  The starting card (rule red, section 1.2) is implicit below them, so an empty
  list means the current rule is red.
* The deck is a list whose last element is the top card.  In the basic game it is
  set aside after the deal (section 4.3) and never used.
* Moves:
    first decision  : ("palette", card), ("canvas", card), ("fold",)
    second decision : ("canvas", card), ("end",)       (after a palette play)
"""

import random
import sys
import time

RED, ORANGE, YELLOW, GREEN, BLUE, INDIGO, VIOLET = range(7)
COLOR_LETTERS = "roygbiv"
COLOR_NAMES = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"]

HAND_SIZE = 7


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------

def all_cards():
    """The 49 play cards, in a fixed order (number 1..7, colour red..violet)."""
    cards = []
    for number in range(1, 8):
        for color in range(7):
            cards.append((number, color))
    return cards


def strength(card):
    number, color = card
    return number * 7 + (6 - color)


def card_text(card):
    number, color = card
    return COLOR_LETTERS[color] + str(number)


def parse_card(text):
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in COLOR_LETTERS or text[1] not in "1234567":
        raise ValueError("not a card: %r" % (text,))
    return (int(text[1]), COLOR_LETTERS.index(text[0]))


def highest_card(cards):
    """The highest card of a non-empty list of cards."""
    return max(cards, key=strength)


# ---------------------------------------------------------------------------
# Rules (section 5) and who is winning (section 6)
# ---------------------------------------------------------------------------

def _best_group(groups):
    """Largest group; among equally large groups the one holding the highest card."""
    best = None
    best_rank = None
    for group in groups:
        rank = (len(group), strength(highest_card(group)))
        if best is None or rank > best_rank:
            best = group
            best_rank = rank
    return best


def qualifying_set(palette, rule_color_index):
    """The cards of ``palette`` that count for the rule (section 5).

    Returned sorted from highest to lowest card.  Empty palette -> empty list.
    """
    palette = list(palette)
    if not palette:
        return []
    rule = rule_color_index

    if rule == RED:
        result = [highest_card(palette)]

    elif rule == ORANGE:
        by_number = {}
        for card in palette:
            by_number.setdefault(card[0], []).append(card)
        result = _best_group(by_number.values())

    elif rule == YELLOW:
        by_color = {}
        for card in palette:
            by_color.setdefault(card[1], []).append(card)
        result = _best_group(by_color.values())

    elif rule == GREEN:
        result = [card for card in palette if card[0] % 2 == 0]

    elif rule == BLUE:
        best_of_color = {}
        for card in palette:
            color = card[1]
            if color not in best_of_color or strength(card) > strength(best_of_color[color]):
                best_of_color[color] = card
        result = list(best_of_color.values())

    elif rule == INDIGO:
        # 5.2.1: keep the highest card of each number.
        best_of_number = {}
        for card in palette:
            number = card[0]
            if number not in best_of_number or strength(card) > strength(best_of_number[number]):
                best_of_number[number] = card
        # 5.2.2: split kept numbers into maximal runs.
        runs = []
        current = []
        for number in sorted(best_of_number):
            if current and number == current[-1] + 1:
                current.append(number)
            else:
                if current:
                    runs.append(current)
                current = [number]
        if current:
            runs.append(current)
        # 5.2.3: longest run; ties broken by the run's top card.
        best_run = None
        best_rank = None
        for run in runs:
            rank = (len(run), strength(best_of_number[run[-1]]))
            if best_run is None or rank > best_rank:
                best_run = run
                best_rank = rank
        result = [best_of_number[number] for number in best_run]

    elif rule == VIOLET:
        result = [card for card in palette if card[0] < 4]

    else:
        raise ValueError("unknown rule colour index: %r" % (rule,))

    return sorted(result, key=strength, reverse=True)


def key(palette, rule):
    """(size of S, strength of the highest card of S, or -1 when S is empty)."""
    s = qualifying_set(palette, rule)
    if not s:
        return (0, -1)
    return (len(s), strength(highest_card(s)))


def winning_player(palettes, active, rule):
    """The unique active player whose non-empty set beats every other active player.

    Returns the seat number, or None when nobody is winning (section 6.4).
    """
    keys = {}
    for seat in range(len(palettes)):
        if active[seat]:
            keys[seat] = key(palettes[seat], rule)
    if not keys:
        return None
    best_key = max(keys.values())
    if best_key[0] == 0:
        return None  # an empty set is never winning
    leaders = [seat for seat in keys if keys[seat] == best_key]
    if len(leaders) != 1:
        return None  # cannot happen for non-empty sets (unique cards), kept for safety
    return leaders[0]


def first_player(palettes):
    """Seat to the left of the holder of the highest palette card (section 4.4)."""
    best_seat = None
    best_strength = -1
    for seat, palette in enumerate(palettes):
        for card in palette:
            if strength(card) > best_strength:
                best_strength = strength(card)
                best_seat = seat
    return (best_seat + 1) % len(palettes)


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------

class Red7Game:
    """One round of the basic Red7 game (which is the whole game)."""

    def __init__(self, n_players, seed=None):
        if not 2 <= n_players <= 4:
            raise ValueError("Red7 is for 2 to 4 players")
        self.n_players = n_players
        self.rng = random.Random(seed)

        # 4.1-4.3: shuffle, deal 7 to each hand (one card at a time, round robin),
        # then 1 face up to each palette; the rest is the deck, set aside.
        deck = all_cards()
        self.rng.shuffle(deck)
        self.hands = [[] for _ in range(n_players)]
        self.palettes = [[] for _ in range(n_players)]
        for _ in range(HAND_SIZE):
            for seat in range(n_players):
                self.hands[seat].append(deck.pop())
        for seat in range(n_players):
            self.palettes[seat].append(deck.pop())
        self.deck = deck
        self.canvas = []  # only the (implicit) starting card: rule red

        # 4.4, 4.5
        self.active = [True] * n_players
        self.turn = first_player(self.palettes)
        self.played_to_palette = False  # True between a palette play and the second decision
        self.winner = None

    @classmethod
    def from_position(cls, hands, palettes, canvas=None, turn=None, active=None, deck=None):
        """Build a game in an arbitrary position (for tests).

        ``turn=None`` picks the first player by section 4.4.
        """
        game = cls.__new__(cls)
        game.n_players = len(palettes)
        game.rng = random.Random(0)
        game.hands = [list(hand) for hand in hands]
        game.palettes = [list(palette) for palette in palettes]
        game.canvas = list(canvas) if canvas else []
        game.deck = list(deck) if deck else []
        game.active = list(active) if active is not None else [True] * game.n_players
        game.turn = first_player(game.palettes) if turn is None else turn
        game.played_to_palette = False
        game.winner = None
        game._check_for_winner()
        return game

    # -- queries ------------------------------------------------------------

    @property
    def rule(self):
        """Current rule: colour of the top canvas card, red for the starting card."""
        if self.canvas:
            return self.canvas[-1][1]
        return RED

    def is_over(self):
        return self.winner is not None

    def is_winning(self, seat, rule=None):
        if rule is None:
            rule = self.rule
        return winning_player(self.palettes, self.active, rule) == seat

    def discard_permitted(self, card):
        """8.4: a discard is permitted iff the turn player wins under the new rule.

        A discard does not change any palette, so only the rule changes.
        """
        return self.is_winning(self.turn, rule=card[1])

    def legal_moves(self):
        if self.is_over():
            return []
        hand = self.hands[self.turn]
        moves = []
        if self.played_to_palette:
            # Second decision (8.2.3): optional permitted discard, or end the turn.
            for card in hand:
                if self.discard_permitted(card):
                    moves.append(("canvas", card))
            moves.append(("end",))
            return moves
        # First decision (8.2.1-2).  Empty hand: fold is the only move.
        for card in hand:
            moves.append(("palette", card))
        for card in hand:
            if self.discard_permitted(card):
                moves.append(("canvas", card))
        moves.append(("fold",))
        return moves

    # -- actions ------------------------------------------------------------

    def apply(self, move):
        if self.is_over():
            raise ValueError("the game is over")
        kind = move[0]
        hand = self.hands[self.turn]

        if kind == "palette":
            card = move[1]
            if self.played_to_palette or card not in hand:
                raise ValueError("illegal move: %r" % (move,))
            hand.remove(card)
            self.palettes[self.turn].append(card)
            self.played_to_palette = True

        elif kind == "canvas":
            card = move[1]
            if card not in hand or not self.discard_permitted(card):
                raise ValueError("illegal move: %r" % (move,))
            hand.remove(card)
            self.canvas.append(card)
            self._end_turn()

        elif kind == "end":
            if not self.played_to_palette:
                raise ValueError("illegal move: %r" % (move,))
            self._end_turn()

        elif kind == "fold":
            if self.played_to_palette:
                raise ValueError("illegal move: %r" % (move,))
            self.active[self.turn] = False  # 8.5.3
            self._pass_turn()

        else:
            raise ValueError("unknown move: %r" % (move,))

    def _end_turn(self):
        # 8.5.1-2: only the turn player is checked.
        if not self.is_winning(self.turn):
            self.active[self.turn] = False
        self._pass_turn()

    def _pass_turn(self):
        self.played_to_palette = False
        self._check_for_winner()
        if self.is_over():
            return
        # 7.2: next active seat to the left of the turn player's seat.
        seat = self.turn
        while True:
            seat = (seat + 1) % self.n_players
            if self.active[seat]:
                break
        self.turn = seat

    def _check_for_winner(self):
        remaining = [seat for seat in range(self.n_players) if self.active[seat]]
        if len(remaining) == 1:
            self.winner = remaining[0]

    def __repr__(self):
        parts = ["rule=%s turn=P%d" % (COLOR_NAMES[self.rule], self.turn)]
        for seat in range(self.n_players):
            parts.append("P%d%s hand=[%s] palette=[%s]" % (
                seat,
                "" if self.active[seat] else "(out)",
                " ".join(card_text(c) for c in self.hands[seat]),
                " ".join(card_text(c) for c in self.palettes[seat]),
            ))
        return "<Red7Game " + "; ".join(parts) + ">"


# ---------------------------------------------------------------------------
# Random play and benchmark
# ---------------------------------------------------------------------------

def play_random_game(n_players, seed, trace=None):
    """Play one game with uniformly random legal choices.

    The deal uses ``random.Random(seed)`` inside the game; the choices use a separate
    generator.  If ``trace`` is a list, (legal_moves, chosen_move) pairs are appended.
    Returns (winner seat, number of decisions).
    """
    game = Red7Game(n_players, seed)
    chooser = random.Random("red7-choices-%d" % seed)
    decisions = 0
    while not game.is_over():
        moves = game.legal_moves()
        move = chooser.choice(moves)
        if trace is not None:
            trace.append((moves, move))
        game.apply(move)
        decisions += 1
    return game.winner, decisions


def main(seconds_per_count=3.0):
    print("Red7 basic game, hand-written Python (%s)" % sys.version.split()[0])
    for n_players in (2, 3, 4):
        games = 0
        decisions = 0
        start = time.perf_counter()
        elapsed = 0.0
        while elapsed < seconds_per_count:
            _, d = play_random_game(n_players, games)
            games += 1
            decisions += d
            elapsed = time.perf_counter() - start
        print("%d players: %6d games in %.2fs  %9.1f games/s  %10.1f decisions/s  (%.1f decisions/game)"
              % (n_players, games, elapsed, games / elapsed, decisions / elapsed, decisions / games))


if __name__ == "__main__":
    main()
