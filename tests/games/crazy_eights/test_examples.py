"""Crazy Eights (games/crazy-eights.rules), the game of docs/tutorial.md.

The rules examples below are taken from the classic rules of Crazy Eights (as in Hoyle): match the
suit or the rank of the top discard; an eight may be played on anything and its player names the
suit to follow; a player who cannot play draws from the stock until they can; when the stock is
empty a player who cannot play passes; the first player out of cards wins, and when nobody can
play the lowest hand wins. Cards left in hand count 50 for an eight, 10 for a picture (and, in this
file, for a ten), the face value otherwise, ace 1. Every expected value is written down from those
rules, never computed by the engine. Positions are built with `load_position` (the folder's
`position` fixture). The tutorial's own steps are checked in test_tutorial.py.
"""

from __future__ import annotations

import random

import pytest

import cardrules

from .cards import ALL_CARDS


def hand(state, seat) -> list[str]:
    return state.view(seat).zones["hand"][seat]


# ---------------------------------------------------------------------------------------------
# The cards

def test_deck_is_the_52_card_pack(game):
    assert sorted(game.card_texts) == sorted(ALL_CARDS)
    assert game.min_players == 2 and game.max_players == 5


@pytest.mark.parametrize("players, dealt", [(2, 7), (3, 5), (4, 5), (5, 5)])
def test_deal_seven_to_two_players_else_five(game, players, dealt):
    state = game.new_initial_state(players, seed=11)
    view = state.view(0)
    assert all(z == {"count": dealt} for z in view.zones["hand"][1:])
    assert len(view.zones["hand"][0]) == dealt
    assert len(view.zones["discards"]) == 1  # one card turned up to start the discards
    assert view.zones["stock"] == {"count": 52 - dealt * players - 1}


# ---------------------------------------------------------------------------------------------
# What may be played

def test_a_card_of_the_same_suit_may_be_played(position, texts, game):
    state = position(game, [["2h", "Ks", "9c"], ["3d"]], top="7h")
    assert texts(state) == ["play 2h"]


def test_a_card_of_the_same_rank_may_be_played(position, texts, game):
    state = position(game, [["7s", "3d", "Qc"], ["4d"]], top="7h")
    assert texts(state) == ["play 7s"]


def test_an_eight_may_be_played_on_anything_and_names_a_suit(position, texts, game):
    state = position(game, [["8c", "3d"], ["4d"]], top="7h")
    assert texts(state) == ["wild 8c spades", "wild 8c hearts", "wild 8c diamonds", "wild 8c clubs"]
    # an eight may be played even when another card fits
    state = position(game, [["8c", "2h"], ["4d"]], top="7h")
    assert texts(state) == ["play 2h", "wild 8c spades", "wild 8c hearts", "wild 8c diamonds", "wild 8c clubs"]


def test_the_named_suit_must_be_followed(position, texts, game):
    state = position(game, [["8c", "3d"], ["5d", "3c", "Kh"]], top="7h")
    state.apply_action("wild 8c diamonds")
    assert state.current_player() == 1
    assert ("Suit to follow", "diamonds") in state.shows()
    # diamonds, not the eight's clubs; a card of rank eight would still do
    assert texts(state) == ["play 5d"]


def test_an_eight_may_follow_a_named_suit(position, texts, game):
    state = position(game, [["8c", "3d"], ["8s", "Kh"]], top="7h")
    state.apply_action("wild 8c diamonds")
    assert texts(state) == ["wild 8s spades", "wild 8s hearts", "wild 8s diamonds", "wild 8s clubs"]


def test_a_turned_up_eight_is_followed_by_its_suit(position, texts, game):
    state = position(game, [["3c", "3h"], ["4d"]], top="8c")
    assert texts(state) == ["play 3c"]


# ---------------------------------------------------------------------------------------------
# Drawing and passing

def test_who_cannot_play_draws_until_they_can(position, texts, game):
    # stock bottom to top: the player draws Kd (does not fit), then 9h (fits)
    state = position(game, [["2c", "3s"], ["4d"]], top="7h", stock=["5c", "9h", "Kd"])
    assert texts(state) == ["otherwise"]
    state.apply_action("otherwise")
    assert "Kd" in hand(state, 0) and texts(state) == ["otherwise"]
    state.apply_action("otherwise")
    assert "9h" in hand(state, 0) and texts(state) == ["play 9h"]
    state.apply_action("play 9h")
    assert state.current_player() == 1
    assert state.view(1).zones["stock"] == {"count": 1}


def test_with_draw_one_a_player_draws_once_then_passes(position, texts, games):
    game = games[(True, False)]
    state = position(game, [["2c", "3s"], ["4d"]], top="7h", stock=["5c", "9h", "Kd"])
    state.apply_action("otherwise")  # draws Kd, which does not fit
    assert "Kd" in hand(state, 0) and texts(state) == ["otherwise"]
    state.apply_action("otherwise")  # passes
    assert state.current_player() == 1 and state.view(1).zones["stock"] == {"count": 2}
    assert state.view(1).variables["passes"] == "1"


def test_with_draw_one_a_drawn_card_that_fits_may_be_played(position, texts, games):
    game = games[(True, False)]
    state = position(game, [["2c", "3s"], ["4d"]], top="7h", stock=["5c", "9h"])
    state.apply_action("otherwise")
    assert texts(state) == ["play 9h"]


def test_an_empty_stock_means_pass(position, texts, game):
    state = position(game, [["2c", "3s"], ["4d", "Jc"]], top="7h", stock=[])
    assert texts(state) == ["otherwise"]
    state.apply_action("otherwise")
    assert state.current_player() == 1 and hand(state, 0) == ["2c", "3s"]
    assert "P0 passes" in [event.text for event in state.events]


# ---------------------------------------------------------------------------------------------
# The end of a hand

def test_the_first_player_out_of_cards_wins(position, game):
    state = position(game, [["2h"], ["4d", "Kc"]], top="7h")
    state.apply_action("play 2h")
    assert state.is_terminal() and state.winners == [0] and state.returns() == [1.0, 0.0]


def test_going_out_with_an_eight_wins(position, game):
    state = position(game, [["8d"], ["4d", "Kc"]], top="7h")
    state.apply_action("wild 8d clubs")
    assert state.is_terminal() and state.winners == [0]


def test_cards_left_count_against_their_holder(position, game):
    state = position(game, [["2h"], ["8s", "Kd", "10c", "3c", "Ah"]], top="7h")
    assert game.call(state, "penalty", 1) == 50 + 10 + 10 + 3 + 1
    assert game.call(state, "penalty", 0) == 2


def test_when_nobody_can_play_the_lowest_hand_wins(position, texts, game):
    state = position(game, [["2c", "3c"], ["Kc"], ["Jd", "Qd"]], top="7h", stock=[])
    for seat in (0, 1, 2):
        assert state.current_player() == seat and texts(state) == ["otherwise"]
        state.apply_action("otherwise")
    # hands count 5, 10 and 20
    assert state.is_terminal() and state.winners == [0]


def test_a_blocked_hand_with_equal_lowest_hands_is_shared(position, game):
    state = position(game, [["2c", "3c"], ["5c"], ["Kd"]], top="7h", stock=[])
    for _ in range(3):
        state.apply_action("otherwise")
    assert state.is_terminal() and state.winners == [0, 1]


def test_a_play_ends_the_run_of_passes(position, game):
    state = position(game, [["2c"], ["Kc", "9h"], ["Jd"]], top="7h", stock=[])
    state.apply_action("otherwise")  # P0 passes
    state.apply_action("play 9h")  # P1 plays
    state.apply_action("otherwise")  # P2 passes
    state.apply_action("otherwise")  # P0 passes
    assert not state.is_terminal() and state.current_player() == 1


# ---------------------------------------------------------------------------------------------
# A match

def test_in_a_match_the_winner_scores_the_other_hands(position, games):
    game = games[(False, True)]
    state = position(game, [["2h"], ["8s", "Kd", "3c"], ["4c"]], top="7h", variables={"hand_number": 1})
    state.apply_action("play 2h")
    assert not state.is_terminal()
    assert state.view(0).variables["score"] == ["67", "0", "0"]  # 50 + 10 + 3 + 4
    assert ("Hand", "2") in state.shows()
    # a new hand is dealt: five cards each, one card turned up, the rest in the stock
    view = state.view(0)
    assert [len(h) if isinstance(h, list) else h["count"] for h in view.zones["hand"]] == [5, 5, 5]
    assert len(view.zones["discards"]) == 1 and view.zones["stock"] == {"count": 36}


def test_a_match_is_won_at_the_target(position, games):
    game = games[(False, True)]
    state = position(game, [["2h"], ["8s", "Kd", "3c"]], top="7h", variables={"score": [40, 90]})
    state.apply_action("play 2h")
    assert state.is_terminal() and state.winners == [0]  # 40 + 63 reaches 100


def test_the_target_is_an_option(position, games):
    game = cardrules.load("crazy-eights", {"match_play": True, "winning_score": 50})
    state = position(game, [["2h"], ["Kd"]], top="7h", variables={"score": [45, 0]})
    state.apply_action("play 2h")
    assert state.is_terminal() and state.winners == [0]


def test_in_a_blocked_match_hand_the_lowest_hand_scores_the_difference(position, games):
    game = games[(False, True)]
    state = position(game, [["2c", "3c"], ["Kc"]], top="7h", stock=[])
    state.apply_action("otherwise")
    state.apply_action("otherwise")
    assert not state.is_terminal()
    assert state.view(0).variables["score"] == ["10", "0"]  # 5 + 10 in all, less P0's own 5


# ---------------------------------------------------------------------------------------------
# Random playouts: every game ends, and no card is lost or made

def _conserved(state) -> None:
    cards = sorted(c for zone in state.zones for c in zone)
    assert cards == list(range(52)), "a card was lost or duplicated"


@pytest.mark.parametrize("draw_one", [False, True])
@pytest.mark.parametrize("match", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_end_and_keep_every_card(games, draw_one, match, players):
    game = games[(draw_one, match)]
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state(players, seed)
        for _ in range(5_000):
            _conserved(state)
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            if action.name == "play":
                card = game.card_texts[action.values[0]]
                follow = dict(state.shows())["Suit to follow"]
                top = state.view(0).zones["discards"][-1]
                assert card[-1] == follow[0] or card[:-1] == top[:-1], (card, follow, top)
            state.apply_action(action)
        assert state.is_terminal(), f"{players} players, seed {seed}: the game did not end"
        assert state.winners
