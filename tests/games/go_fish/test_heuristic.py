"""go-fish.rules's `heuristic(p)`, what the bots judge positions by (docs/games/go-fish.md, section 8): 100 a
book, then each rank held counting the square of its cards. With the number of books alone, a question that
brought cards but no book scored as a miss, and greedy, which drops such "idle" moves, preferred the misses.

Expected values are worked out by hand from that definition."""

from __future__ import annotations

import random

import pytest

from cardrules.bots import make_agent
from cardrules.bots.beliefs import sample_information_set
from cardrules.engine.positions import load_position


def heuristic(state, seat: int = 0):
    return state.game.call(state, "heuristic", seat)


@pytest.mark.parametrize("cards, books, value", [
    (["7h", "Kd"], 0, 1 + 1),
    (["7h", "7s", "7d"], 0, 9),  # three of a kind, a card short of a book
    (["7h", "Kd", "2c"], 0, 1 + 1 + 1),  # three odd cards
    (["7h", "7s", "Kd", "Kh", "2c"], 0, 4 + 4 + 1),
    (["2c"], 1, 100 + 1),  # a book is worth more than any hand
    (["2c", "2d"], 2, 200 + 4),
])
def test_books_first_then_the_square_of_the_cards_held_of_each_rank(position, cards, books, value):
    state = position([cards, ["3c"], ["4c"]], books=(books,))
    assert heuristic(state) == value


def test_a_question_that_brings_cards_scores_above_a_miss(position, play):
    given = play(position([["7h", "Kd"], ["7s", "2d"], ["3c"]], stock=["9c"]), "ask P1 seven")
    missed = play(position([["7h", "Kd"], ["7s", "2d"], ["3c"]], stock=["9c"]), "ask P2 seven")
    assert heuristic(given) == 4 + 1  # 7h 7s, Kd; and P0 asks again
    assert heuristic(missed) == 1 + 1 + 1  # 7h, Kd, 9c fished; the turn is over
    # ... and a question for the rank held most above one for a rank held once
    more = play(position([["7h", "7d", "Kd"], ["7s", "Ks"], ["3c"]]), "ask P1 seven")
    fewer = play(position([["7h", "7d", "Kd"], ["7s", "Ks"], ["3c"]]), "ask P1 king")
    assert heuristic(more) == 9 + 1 > heuristic(fewer) == 4 + 4


def test_greedy_never_rates_a_sure_question_below_a_miss(gofish):
    """P0 knows every card of P1's and P2's hands: asking P1 for sevens brings 7s, every other question
    misses. Greedy judges the moves in a guess at the hidden cards (the stock's, here): in every guess the
    sure question is worth at least as much as any other (before, it was dropped as idle in every guess)."""
    def start():
        return load_position(gofish, {"players": 3, "to_move": 0,
                                      "zones": {"hand": [["7h", "Kd"], ["7s", "2d"], ["3c"]]},
                                      "known": [["7s", "2d", "3c"], [], []]})
    chosen = []
    for seed in range(20):
        state = start()
        agent = make_agent("greedy", gofish, 0, seed)
        world = sample_information_set(state, 0, random.Random(seed))
        values = {action.text: value for action, value in agent.judge(world, state.legal_actions(), 0)}
        assert "ask P1 seven" in values and all(values["ask P1 seven"] >= v for v in values.values()), values
        chosen.append(agent.choose(start()).text)
    assert chosen.count("ask P1 seven") > len(chosen) // 2, chosen  # ties: a miss that fishes the rank asked
