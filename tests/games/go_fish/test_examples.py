"""The worked examples of docs/games/go-fish.md (section 9, G1-G15), run on games/go-fish.rules through
position files, plus the deal and the cards of sections 2 and 3.

Every expected value is copied from the document (or follows from it by counting the cards the test itself
placed); nothing expected is computed by the engine. The stock is listed from the bottom to the top card;
books are given as a number per seat (whole ranks no listed card belongs to).
"""

from __future__ import annotations

import random

import pytest

from cardrules.bots.beliefs import sample_information_set

from .cards import ALL_CARDS, RANK_NAMES, RANKS


def hand(state, seat, viewer=None) -> list[str]:
    """A hand as its owner (or `viewer`, who must see it) sees it."""
    return state.view(seat if viewer is None else viewer).zones["hand"][seat]


def known_in_hand(state, viewer, seat) -> set[str]:
    """The cards of `seat`'s hand that `viewer` (another player) knows."""
    shown = state.view(viewer).zones["hand"][seat]
    assert isinstance(shown, dict), "another player's hand is shown as a count"
    return {entry["card"] for entry in shown.get("known", [])}


def books(state, seat) -> list[str]:
    return state.view(0).zones["books"][seat]


def book_counts(state) -> list[int]:
    return [int(part.split(" ")[1]) for part in dict(state.shows())["Books"].split(" · ")]  # P0 1 · P1 0


# ---------------------------------------------------------------------------------------------------------
# 2, 3: the cards and the deal
# ---------------------------------------------------------------------------------------------------------

def test_2_1_the_pack_is_the_52_cards(gofish):
    assert sorted(gofish.card_texts) == sorted(ALL_CARDS)
    assert (gofish.min_players, gofish.max_players) == (2, 6)


@pytest.mark.parametrize("players, dealt, stock", [(2, 7, 38), (3, 7, 31), (4, 5, 32), (5, 5, 27), (6, 5, 22)])
def test_G1_seven_cards_each_with_2_or_3_players_five_with_4_to_6(gofish, players, dealt, stock):
    for seed in range(5):
        state = gofish.new_initial_state(players, seed=seed)
        view = state.view(0)
        assert view.zones["stock"] == {"count": stock}
        for seat in range(players):
            held = len(hand(state, seat))
            laid = len(books(state, seat))
            assert held + laid == dealt and laid % 4 == 0  # 3.3: a dealt book is laid down at once
        assert state.current_player() == 0  # 3.4


# ---------------------------------------------------------------------------------------------------------
# 4: the turn
# ---------------------------------------------------------------------------------------------------------

def test_G2_only_ranks_the_asker_holds_and_any_other_player(position, texts):
    state = position([["7h", "Kd"], ["2d"], ["3c"]])
    assert texts(state) == ["ask P1 king", "ask P1 seven", "ask P2 king", "ask P2 seven"]


def test_G3_the_player_asked_gives_all_of_the_rank_shown_to_everyone_and_the_asker_asks_again(position, play):
    state = position([["7h", "Kd"], ["7s", "7c", "2d"], ["3c"]])
    play(state, "ask P1 seven")
    assert state.current_player() == 0
    assert sorted(hand(state, 0)) == sorted(["7h", "7s", "7c", "Kd"])
    assert hand(state, 1) == ["2d"]
    assert known_in_hand(state, 2, 0) == {"7s", "7c"}  # 6.2: P2 saw them given
    assert known_in_hand(state, 1, 0) == {"7s", "7c"}
    assert "P0 asks P1 for sevens" in [e.text for e in state.events]
    assert any(e.text.startswith("P1 gives P0 two sevens") for e in state.events)
    # the bots know it too: every guess P2's bot makes at the hidden hands keeps 7s and 7c in P0's hand
    for seed in range(20):
        guess = sample_information_set(state, 2, random.Random(seed))
        assert {"7s", "7c"} <= {state.game.card_texts[c] for c in guess.zone_cards("hand", 0)}


def test_G4_go_fish_a_miss_ends_the_turn_and_the_card_drawn_stays_secret(position, play):
    state = position([["7h", "Kd"], ["2d"], ["3c"]], stock=["9c"])
    play(state, "ask P1 seven")
    assert "P1 says: Go fish!" in [e.text for e in state.events]
    assert sorted(hand(state, 0)) == sorted(["7h", "Kd", "9c"])
    assert known_in_hand(state, 1, 0) == set() and known_in_hand(state, 2, 0) == set()
    assert state.current_player() == 1


def test_G5_go_fish_a_catch_of_the_rank_asked_for_is_shown_and_the_asker_asks_again(position, play):
    state = position([["7h", "Kd"], ["2d"], ["3c"]], stock=["7d"])
    play(state, "ask P1 seven")
    assert state.current_player() == 0
    assert sorted(hand(state, 0)) == sorted(["7h", "Kd", "7d"])
    assert known_in_hand(state, 1, 0) == {"7d"} and known_in_hand(state, 2, 0) == {"7d"}


def test_G6_a_book_is_laid_down_at_once_and_the_asker_asks_again(position, play, texts):
    state = position([["7h", "7s", "7d", "Kd"], ["7c", "2d"], ["3c"]])
    play(state, "ask P1 seven")
    assert sorted(books(state, 0)) == sorted(["7s", "7h", "7d", "7c"])
    assert hand(state, 0) == ["Kd"] and hand(state, 1) == ["2d"]
    assert texts(state) == ["ask P1 king", "ask P2 king"]
    assert "P0 lays down the book of sevens" in [e.text for e in state.events]


def test_G7_a_book_of_another_rank_made_by_fishing_is_laid_down_and_the_turn_is_over(position, play):
    state = position([["7h", "Kh", "Ks", "Kd"], ["2d"], ["3c"]], stock=["Kc"])
    play(state, "ask P1 seven")
    assert sorted(books(state, 0)) == sorted(["Ks", "Kh", "Kd", "Kc"])
    assert hand(state, 0) == ["7h"]
    assert state.current_player() == 1


def test_G8_an_asker_left_without_cards_draws_one_and_asks_again(position, play, texts):
    state = position([["7h", "7s", "7d"], ["7c", "2d"], ["3c"]], stock=["5h"])
    play(state, "ask P1 seven")
    assert len(books(state, 0)) == 4
    assert hand(state, 0) == ["5h"] and state.current_player() == 0
    assert texts(state) == ["ask P1 five", "ask P2 five"]
    assert known_in_hand(state, 1, 0) == set()  # 6.2: the card drawn is not shown


def test_G9_a_player_without_cards_draws_one_before_asking(position, texts):
    state = position([["2d"], [], ["3c"]], stock=["9s"], to_move=1)
    assert state.current_player() == 1 and hand(state, 1) == ["9s"]
    assert texts(state) == ["ask P0 nine", "ask P2 nine"]


def test_G10_go_fish_with_an_empty_stock_draws_nothing(position, play):
    state = position([["7h", "2d"], ["2s", "2h", "2c"], ["7s", "7d", "7c"]], books=[4, 4, 3], stock=[])
    play(state, "ask P1 seven")
    assert "P1 says: Go fish!" in [e.text for e in state.events]
    assert sorted(hand(state, 0)) == sorted(["7h", "2d"])
    assert state.current_player() == 1


def test_G11_a_player_without_cards_when_the_stock_is_empty_is_out(position, play, texts):
    state = position([["7h"], [], ["9s", "9h"], ["7s", "7d", "7c", "9d", "9c"]], books=[3, 3, 3, 2], stock=[],
                     players=4)
    assert texts(state) == ["ask P2 seven", "ask P3 seven"]
    play(state, "ask P2 seven")
    assert state.current_player() == 2
    assert texts(state) == ["ask P0 nine", "ask P3 nine"]  # P2's turn: P1 is not offered either
    play(state, "ask P3 nine")
    # the book of nines empties P2's hand with the stock empty: P2 is out too, and P3 plays
    assert len(books(state, 2)) == 16 and hand(state, 2, viewer=2) == []
    assert state.current_player() == 3 and texts(state) == ["ask P0 seven"]
    play(state, "ask P0 seven")
    assert state.is_terminal() and book_counts(state) == [3, 3, 4, 3] and state.winners == [2]


def test_G12_a_player_without_cards_may_be_asked_while_the_stock_has_cards(position, play, texts):
    state = position([["7h"], [], ["3c"]], stock=["4d"])
    assert texts(state) == ["ask P1 seven", "ask P2 seven"]
    play(state, "ask P1 seven")
    assert "P1 says: Go fish!" in [e.text for e in state.events]
    assert sorted(hand(state, 0)) == sorted(["7h", "4d"])
    assert state.current_player() == 1 and len(hand(state, 1)) == 1  # P1 drew one before asking


# ---------------------------------------------------------------------------------------------------------
# 7: the end
# ---------------------------------------------------------------------------------------------------------

def test_G13_the_thirteenth_book_ends_the_game_and_the_most_books_win(position, play):
    state = position([["7h", "7s", "7d"], ["7c"]], books=[6, 6], stock=[], players=2)
    play(state, "ask P1 seven")
    assert state.is_terminal()
    assert book_counts(state) == [7, 6]
    assert state.winners == [0] and state.returns() == [1.0, 0.0]


def test_G14_players_tied_for_the_most_books_share_the_win(position, play):
    state = position([["7h", "7s", "7d"], ["7c"], []], books=[4, 5, 3], stock=[])
    play(state, "ask P1 seven")
    assert state.is_terminal()
    assert book_counts(state) == [5, 5, 3]
    assert state.winners == [0, 1]


def test_G15_a_book_held_at_the_start_of_a_turn_is_laid_down_before_asking(position, texts):
    state = position([["Ks", "7h", "Kh", "Kd", "Kc"], ["2d"], ["3c"]])
    assert sorted(books(state, 0)) == sorted(["Ks", "Kh", "Kd", "Kc"])
    assert hand(state, 0) == ["7h"]
    assert texts(state) == ["ask P1 seven", "ask P2 seven"]


def test_ranks_are_asked_for_by_name_from_ace_down(position, texts):
    everything = [r + "s" for r in RANKS]
    state = position([everything, ["2d"]], players=2)
    assert texts(state) == [f"ask P1 {RANK_NAMES[r]}" for r in RANKS]
