"""The advanced game of /work/shared/rules/red7.md (sections 10 and 12) on games/red7.rules.

Covered: AD1-AD4 (draw on discard, 10.1), SC1-SC9 (scoring, target, short deck and the next round,
10.3-10.6), and the option table of section 12 for draws and scoring (the basic game, and expert on its
own, never draw on a discard and never score). Every expected value is copied from the document; the
engine only supplies what happened.

Positions are built with `load_position` at the start of a turn. The rule is set by a spare card of the
rule's colour on top of the canvas (rule red: the starting card alone). Named cards can be put on top of
the deck, so a draw is seen as that very card arriving in the hand. An empty deck is made by listing
every other card in the canvas, under the card that sets the rule.

Round ends (SC1-SC8) use the simplest route of 9.1: the player to move folds and the other player is
the last one active, so the round is won with the example's palette under the example's rule.
"""

from __future__ import annotations

import pytest

from .cards import number, strength

# ---------------------------------------------------------------------------------------------------------
# helpers (test-side only: nothing here decides an expected result)
# ---------------------------------------------------------------------------------------------------------


def points(scored: list[str]) -> int:
    """10.3.3: a score is the sum of the numbers of the cards in the player's score pile."""
    return sum(number(t) for t in scored)


@pytest.fixture(scope="module")
def assert_fresh_round(card_texts):
    """assert_fresh_round(state, n, scored_cards): 10.5.3 / SC9 / section 4, written out: the next round has
    been set up (`scored_cards`: how many cards the score piles hold)."""
    def check(state, n, scored_cards: int) -> None:
        view = state.view(0)
        assert not state.is_terminal()
        assert view.zones["canvas"] == ["starter"]  # canvas = starting card only
        assert all(len(state.zone_cards("hand", p)) == 7 for p in range(n))  # 7 to every hand
        palettes = [card_texts(state, "palette", p) for p in range(n)]
        assert all(len(p) == 1 for p in palettes)  # 1 to every palette
        assert state.eliminated == [False] * n  # every player takes part, including eliminated ones
        assert len(state.zone_cards("deck")) == 49 - scored_cards - 8 * n  # gathered, then dealt
        holder = max(range(n), key=lambda seat: strength(palettes[seat][0]))
        assert state.current_player() == (holder + 1) % n  # left of the highest palette card
        in_play = [c for p in range(n) for z in ("hand", "palette") for c in state.zone_cards(z, p)]
        in_play += state.zone_cards("deck")
        assert len(in_play) == 49 - scored_cards and len(set(in_play)) == len(in_play)
    return check


# ---------------------------------------------------------------------------------------------------------
# 14.3 advanced draw
# ---------------------------------------------------------------------------------------------------------

# AD1 position: P0 {r1, y2, b2}; indigo after i6: P0 run 1-2 (2, y2) beats P1 {g6} (1, g6): discard permitted
AD1 = dict(palettes=[["r1", "y2", "b2"], ["g6"]], hands=[["i6"], ["r3"]], deck_top=["v4"])


def test_ad1_discard_above_palette_size_draws(position, texts, card_texts, advanced):
    state = position(advanced, **AD1)
    size = len(card_texts(state, "deck"))
    assert "canvas i6" in texts(state)
    state.apply_action("canvas i6")
    assert card_texts(state, "hand", 0) == ["v4"]  # 6 > 3: P0 draws 1 card, the top of the deck
    assert len(card_texts(state, "deck")) == size - 1
    assert card_texts(state, "canvas")[-1] == "i6"
    assert state.eliminated == [False, False] and state.current_player() == 1


@pytest.mark.parametrize("discard, draws", [("o3", False), ("o4", True)])
def test_ad2_palette_at_that_moment_includes_the_card_just_played(position, texts, card_texts, advanced, discard,
                                                                  draws):
    # orange after the discard: P0 {r1, y2, g4} has only single numbers, (1, g4), against P1 {v2} (1, v2)
    state = position(advanced, [["r1", "y2"], ["v2"]], [["g4", "o3", "o4"], ["r5"]], deck_top=["b6"])
    size = len(card_texts(state, "deck"))
    state.apply_action("palette g4")
    assert len(state.zone_cards("palette", 0)) == 3
    assert f"canvas {discard}" in texts(state)  # the document assumes the discard is permitted
    state.apply_action(f"canvas {discard}")
    rest = [c for c in ("o3", "o4") if c != discard]
    if draws:  # o4: 4 > 3, draw 1
        assert sorted(card_texts(state, "hand", 0)) == sorted(rest + ["b6"])
        assert len(card_texts(state, "deck")) == size - 1
    else:  # o3: 3 > 3 is false, no draw
        assert card_texts(state, "hand", 0) == rest
        assert len(card_texts(state, "deck")) == size
    assert not state.eliminated[0] and state.current_player() == 1


def test_ad3_empty_deck_draws_nothing(position, texts, card_texts, advanced):
    state = position(advanced, AD1["palettes"], AD1["hands"], empty_deck=True)
    assert card_texts(state, "deck") == []
    state.apply_action("canvas i6")  # would qualify: 6 > 3
    assert card_texts(state, "hand", 0) == []  # nothing is drawn
    assert card_texts(state, "deck") == []
    # the turn goes on normally: P0 is still in, P1 plays next
    assert state.eliminated == [False, False] and not state.is_terminal()
    assert state.current_player() == 1
    assert "fold" in texts(state)


def test_ad4_seven_move_never_draws_hand_discard_does(position, texts, card_texts, both):
    state = position(both, [["r2", "y5"], ["b6"]], [["o7", "r3"], ["v1"]], rule="blue", deck_top=["g4"])
    size = len(card_texts(state, "deck"))
    assert "palette o7" in texts(state)
    state.apply_action("palette o7")
    assert "to_canvas r2" in texts(state)
    state.apply_action("to_canvas r2")  # rule becomes red
    assert card_texts(state, "canvas")[-1] == "r2"
    assert card_texts(state, "hand", 0) == ["r3"]  # the 7's move draws nothing
    assert len(card_texts(state, "deck")) == size
    assert card_texts(state, "palette", 0) == ["y5", "o7"]  # 2 cards
    assert "canvas r3" in texts(state)
    state.apply_action("canvas r3")
    assert card_texts(state, "hand", 0) == ["g4"]  # 3 > 2: P0 draws 1
    assert len(card_texts(state, "deck")) == size - 1
    assert state.eliminated == [False, False]  # P0 is winning: o7 beats b6
    assert state.current_player() == 1


def test_seven_move_of_a_high_card_to_the_canvas_never_draws(position, texts, card_texts, both):
    """10.1 / 11.2.2(b): the 7 moves y5 to the canvas; 5 > 2 would draw if it were a hand discard."""
    state = position(both, [["r2", "y5"], ["b6"]], [["o7"], ["v1"]], rule="blue", deck_top=["g4"])
    size = len(card_texts(state, "deck"))
    state.apply_action("palette o7")
    state.apply_action("to_canvas y5")  # yellow: P0 {r2, o7} (1, o7) beats (1, b6)
    assert card_texts(state, "hand", 0) == []
    assert len(card_texts(state, "deck")) == size and card_texts(state, "deck")[-1] == "g4"
    assert texts(state) == ["end"]
    state.apply_action("end")
    assert state.eliminated == [False, False]


def test_draw_counts_the_extra_card_of_a_five(position, texts, card_texts, both):
    """10.1: the palette at that moment includes extra cards from 5s. P0 {v2} + y5 + g4 = 3 cards."""
    state = position(both, [["v2"], ["r1"]], [["y5", "g4", "o3"], ["v7"]], deck_top=["b6"])
    state.apply_action("palette y5")
    state.apply_action("extra g4")
    # orange: P0 {v2, y5, g4} single numbers (1, y5) beats P1 {r1} (1, r1)
    assert "canvas o3" in texts(state)
    state.apply_action("canvas o3")
    assert card_texts(state, "hand", 0) == []  # 3 > 3 is false: no draw
    assert not state.eliminated[0]


def test_draw_on_discard_in_action_c_with_a_card_just_played(position, card_texts, advanced):
    """AD2's palette: after g4, discarding a 4 draws (4 > 3); the drawn card does not change any palette."""
    state = position(advanced, [["r1", "y2"], ["v2"]], [["g4", "o4"], ["r5"]], deck_top=["b6"])
    state.apply_action("palette g4")
    state.apply_action("canvas o4")
    assert card_texts(state, "hand", 0) == ["b6"]
    assert card_texts(state, "palette", 0) == ["r1", "y2", "g4"]


# ---------------------------------------------------------------------------------------------------------
# 12: without `advanced`, a discard never draws and a round is never scored
# ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["basic", "expert"])
def test_no_draw_on_discard_without_advanced(position, card_texts, red7, expert, which):
    game = red7 if which == "basic" else expert
    state = position(game, **AD1)
    size = len(card_texts(state, "deck"))
    state.apply_action("canvas i6")
    assert card_texts(state, "hand", 0) == []
    assert len(card_texts(state, "deck")) == size and card_texts(state, "deck")[-1] == "v4"


@pytest.mark.parametrize("which", ["basic", "expert"])
def test_no_scoring_without_advanced(position, card_texts, red7, expert, which):
    game = red7 if which == "basic" else expert
    # SC1's palette: the advanced game would score y5, g6, r7
    state = position(game, [["v1"], ["r7", "b7", "g6", "y5", "o2"]], [["v3"], ["b1"]], rule="indigo")
    state.apply_action("fold")
    assert state.is_terminal() and state.winners == [1]  # the round winner wins the game (9.2)
    assert card_texts(state, "scored", 0) == [] and card_texts(state, "scored", 1) == []
    assert card_texts(state, "palette", 1) == ["r7", "b7", "g6", "y5", "o2"]


def test_basic_game_initial_deal_sets_the_deck_aside(card_texts, red7):
    for seed in range(5):
        state = red7.new_initial_state(2, seed)
        assert len(state.zone_cards("deck")) == 33
        assert all(card_texts(state, "scored", p) == [] for p in range(2))


# ---------------------------------------------------------------------------------------------------------
# 14.4 scoring a round: SC1-SC5
# ---------------------------------------------------------------------------------------------------------

# (id, rule, winner's palette, S, points) -- copied from section 14.4
SCORING = [
    ("SC1", "indigo", ["r7", "b7", "g6", "y5", "o2"], ["y5", "g6", "r7"], 18),
    ("SC2", "red", ["r7", "b6", "g5"], ["r7"], 7),
    ("SC3", "blue", ["r3", "r5", "b2", "b6"], ["r5", "b6"], 11),
    ("SC4", "orange", ["r3", "o3", "y5", "g5"], ["y5", "g5"], 10),
]


@pytest.mark.parametrize("vid, rule, palette, expected_set, expected_points", SCORING,
                         ids=[v[0] for v in SCORING])
def test_scoring_the_round_winner(position, card_texts, assert_fresh_round, advanced, vid, rule, palette,
                                  expected_set, expected_points):
    # P0 (an unrelated card) folds on their turn; P1 holds the example palette and is the last one active
    state = position(advanced, [["v1"], palette], [["i3"], ["v2"]], rule=rule)
    state.apply_action("fold")
    assert sorted(card_texts(state, "scored", 1)) == sorted(expected_set), vid
    assert points(card_texts(state, "scored", 1)) == expected_points, vid
    assert card_texts(state, "scored", 0) == []
    # the rest of the winner's palette goes back into play (SC1: b7 and o2 go back to the deck)
    returned = [c for c in palette if c not in expected_set]
    in_play = {t for p in range(2) for z in ("hand", "palette") for t in card_texts(state, z, p)}
    in_play |= set(card_texts(state, "deck"))
    assert set(returned) <= in_play
    # below the target of 40: the match goes on with a new round
    assert_fresh_round(state, 2, len(expected_set))


def test_sc5_empty_qualifying_set_wins_the_round_and_scores_zero(position, card_texts, assert_fresh_round, advanced):
    # rule green. P0 {r7} folds on their turn; P1 {b5} is the last active player
    state = position(advanced, [["r7"], ["b5"]], [["o1"], ["y3"]], rule="green")
    state.apply_action("fold")
    assert card_texts(state, "scored", 0) == [] and card_texts(state, "scored", 1) == []  # 0 points
    assert_fresh_round(state, 2, 0)


def test_round_winner_by_the_others_own_turn_elimination_is_scored(position, card_texts, assert_fresh_round, advanced):
    """9.1 via 8.5: P0 plays b5 under red against P1's g6 and is eliminated; P1 {g6} scores g6 (6)."""
    state = position(advanced, [["y4"], ["g6"]], [["b5"], ["r1"]])
    state.apply_action("palette b5")
    state.apply_action("end")
    assert card_texts(state, "scored", 1) == ["g6"] and points(card_texts(state, "scored", 1)) == 6
    assert_fresh_round(state, 2, 1)


# ---------------------------------------------------------------------------------------------------------
# SC6 and 10.4: the target
# ---------------------------------------------------------------------------------------------------------

P0_36 = ["r7", "o7", "y7", "g7", "b7", "r1"]  # 35 + 1 = 36 points


def test_sc6_target_reached_ends_the_game(position, card_texts, advanced):
    # 2 players. P0 has 36 points and wins a round worth 5 (rule red, palette {v5})
    state = position(advanced, [["v5"], ["i6"]], [["o2"], ["y3"]], to_move=1, scored=[P0_36, []])
    assert points(card_texts(state, "scored", 0)) == 36
    state.apply_action("fold")
    assert sorted(card_texts(state, "scored", 0)) == sorted(P0_36 + ["v5"])
    assert points(card_texts(state, "scored", 0)) == 41  # 41 >= 40
    assert state.is_terminal() and state.winners == [0]  # the game ends at once; P0 wins
    assert state.returns() == [1.0, 0.0] and state.legal_actions() == []


@pytest.mark.parametrize("n, before, expected_end", [
    (2, ["r7", "o7", "y7", "g7", "b7"], True),  # 35 + 5 = 40: reaches the target of 40
    (2, ["r7", "o7", "y7", "g7", "r4"], False),  # 32 + 5 = 37 < 40
    (3, ["r7", "o7", "y7", "g7", "r2"], True),  # 30 + 5 = 35: reaches the target of 35
    (3, ["r7", "o7", "y7", "g7", "r1"], False),  # 29 + 5 = 34 < 35
    (4, ["r7", "o7", "y7", "r4"], True),  # 25 + 5 = 30: reaches the target of 30
    (4, ["r7", "o7", "y7", "r3"], False),  # 24 + 5 = 29 < 30
], ids=["2p-40", "2p-37", "3p-35", "3p-34", "4p-30", "4p-29"])
def test_target_depends_on_player_count(position, card_texts, assert_fresh_round, advanced, n, before, expected_end):
    palettes = [["v5"], ["i6"], ["b6"], ["g6"]][:n]
    hands = [["o2"], ["y3"], ["b3"], ["g3"]][:n]
    scores = [before] + [[] for _ in range(n - 1)]
    # everyone but P0 and P1 is already out; P1 folds, P0 wins the round under red with {v5}: 5 points
    state = position(advanced, palettes, hands, to_move=1, scored=scores, eliminated=range(2, n))
    state.apply_action("fold")
    assert points(card_texts(state, "scored", 0)) == sum(number(t) for t in before) + 5
    if expected_end:
        assert state.is_terminal() and state.winners == [0]
    else:
        assert_fresh_round(state, n, len(before) + 1)


# ---------------------------------------------------------------------------------------------------------
# SC7, SC8, 10.6: the short deck
# ---------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def short_deck_game(position, texts):
    """short_deck_game(game, n, scores, winner_palette="r7"): every seat but P0 and the last seat is out; the
    last seat folds; P0 wins the round under red with {winner_palette} and scores that single card."""
    def play(game, n, scores, winner_palette="r7"):
        others = ["o7", "y7", "g7", "b7"]
        palettes = [[winner_palette]] + [[others[i]] for i in range(n - 1)]
        hands = [["i7"]] + [[] for _ in range(n - 1)]
        state = position(game, palettes, hands, to_move=n - 1, scored=scores, eliminated=range(1, n - 1))
        assert texts(state) == ["fold"]
        state.apply_action("fold")
        return state
    return play


def test_sc7_short_deck_single_leader(card_texts, short_deck_game, advanced):
    # 4 players; after scoring the piles hold 18 cards: 49 - 18 = 31 < 32, no new round
    scores = [[],  # + r7 from this round: 7
              ["r1", "o1", "y1", "g1", "b1", "i1"],  # 6
              ["v1", "r2", "o2", "y2", "g2", "b2"],  # 11
              ["i2", "v2", "r3", "o3", "y3"]]  # 13
    state = short_deck_game(advanced, 4, scores)
    assert sum(len(card_texts(state, "scored", p)) for p in range(4)) == 18
    assert [points(card_texts(state, "scored", p)) for p in range(4)] == [7, 6, 11, 13]
    assert state.is_terminal()
    assert state.winners == [3]  # highest score wins (not the round winner)


def test_sc7_short_deck_tied_leaders_share(card_texts, short_deck_game, advanced):
    scores = [["r4", "o4"],  # 8 + r7 from this round: 15
              ["r1", "o1", "y1", "g1", "b1"],  # 5
              ["i1", "v1", "r2", "o2", "y2"],  # 8
              ["g3", "b3", "i3", "v3", "y3"]]  # 15
    state = short_deck_game(advanced, 4, scores)
    assert sum(len(card_texts(state, "scored", p)) for p in range(4)) == 18
    assert [points(card_texts(state, "scored", p)) for p in range(4)] == [15, 5, 8, 15]
    assert state.is_terminal()
    assert state.winners == [0, 3]  # equal highest scores share the win
    assert state.returns() == [1.0, 0.0, 0.0, 1.0]


def test_sc7_exactly_enough_for_four(card_texts, assert_fresh_round, short_deck_game, advanced):
    # 10.6: 49 - 17 = 32 = 4 x 8: a new round is dealt, and its deck is empty
    scores = [[], ["r1", "o1", "y1", "g1", "b1"], ["v1", "r2", "o2", "y2", "g2", "b2"],
              ["i2", "v2", "r3", "o3", "y3"]]
    state = short_deck_game(advanced, 4, scores)
    assert sum(len(card_texts(state, "scored", p)) for p in range(4)) == 17
    assert_fresh_round(state, 4, 17)
    assert card_texts(state, "deck") == []


def test_sc8_exactly_enough_for_three(card_texts, assert_fresh_round, short_deck_game, advanced):
    # 3 players; the piles hold 25 cards: 24 remain = 3 x 8, the next round is dealt and its deck is empty
    scores = [["r1", "o1", "y1", "g1", "b1", "i1", "v1"],  # 7 + r7 = 14
              ["r2", "o2", "y2", "g2", "b2", "i2", "v2", "r3", "o3"],  # 20
              ["y3", "g3", "b3", "i3", "v3", "r4", "o4", "y4"]]  # 27
    state = short_deck_game(advanced, 3, scores)
    assert sum(len(card_texts(state, "scored", p)) for p in range(3)) == 25
    assert [points(card_texts(state, "scored", p)) for p in range(3)] == [14, 20, 27]
    assert_fresh_round(state, 3, 25)
    assert card_texts(state, "deck") == []


def test_sc8_one_card_short_for_three(card_texts, short_deck_game, advanced):
    # 26 cards in the piles: 23 < 24, the game ends; P2 has the highest score
    scores = [["r1", "o1", "y1", "g1", "b1", "i1", "v1"],  # 7 + r7 = 14
              ["r2", "o2", "y2", "g2", "b2", "i2", "v2", "r3", "o3"],  # 20
              ["y3", "g3", "b3", "i3", "v3", "r4", "o4", "y4", "g4"]]  # 31
    state = short_deck_game(advanced, 3, scores)
    assert sum(len(card_texts(state, "scored", p)) for p in range(3)) == 26
    assert state.is_terminal() and state.winners == [2]


def test_sc8_round_after_the_exact_deal_plays_with_an_empty_deck(card_texts, short_deck_game, advanced):
    """With the deck empty after SC8's deal, discards that qualify draw nothing (10.1, AD3)."""
    scores = [["r1", "o1", "y1", "g1", "b1", "i1", "v1"], ["r2", "o2", "y2", "g2", "b2", "i2", "v2", "r3", "o3"],
              ["y3", "g3", "b3", "i3", "v3", "r4", "o4", "y4"]]
    state = short_deck_game(advanced, 3, scores)
    me = state.current_player()
    before = len(state.zone_cards("hand", me))
    for action in state.legal_actions():
        if action.name == "canvas":  # palette size 1: every discard above 1 qualifies, but nothing is left
            trial = state.clone()
            trial.apply_action(action)
            assert len(trial.zone_cards("hand", me)) == before - 1
            assert card_texts(trial, "deck") == []


# ---------------------------------------------------------------------------------------------------------
# SC9: the next round
# ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 4])
def test_sc9_next_round_brings_everyone_back(position, card_texts, assert_fresh_round, advanced, n):
    # P1 (and P2 with 4 players) were eliminated earlier in the round; the last seat folds; P0 wins under red
    palettes = [["r6"], ["r7"], ["o7"], ["y7"]][:n]
    hands = [["b1", "b2"], ["i1", "i2", "i3"], ["v1"], []][:n]
    state = position(advanced, palettes, hands, to_move=n - 1, eliminated=range(1, n - 1))
    state.apply_action("fold")
    assert card_texts(state, "scored", 0) == ["r6"]  # red: P0's only card; r7 of the out player does not count
    assert_fresh_round(state, n, 1)
    # every card that is not scored is in play again: eliminated players' cards and the canvas included
    for t in ("r7", "o7", "i1", "i2", "i3", "b1", "b2", "v1"):
        assert t not in card_texts(state, "canvas")
        assert any(t in card_texts(state, z, p) for z in ("hand", "palette") for p in range(n)) \
            or t in card_texts(state, "deck")


def test_sc9_canvas_cards_go_back_into_play(position, card_texts, assert_fresh_round, advanced):
    state = position(advanced, [["v1"], ["y6"]], [["b1"], ["b2"]], rule="indigo")  # canvas: starter, i7
    state.apply_action("fold")
    assert card_texts(state, "canvas") == ["starter"]
    assert card_texts(state, "scored", 1) == ["y6"]
    assert_fresh_round(state, 2, 1)
    in_play = {t for p in range(2) for z in ("hand", "palette") for t in card_texts(state, z, p)}
    assert "i7" in in_play | set(card_texts(state, "deck"))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sc9_next_round_first_player_on_several_deals(position, card_texts, assert_fresh_round, advanced, n):
    """The player left of the highest palette card starts every round (4.4 ruling), on varied deals."""
    for seed in range(12):
        palettes = [["v1"], ["v2"], ["v3"], ["i1"]][:n]
        hands = [["b1"], [], [], []][:n]
        state = position(advanced, palettes, hands, to_move=n - 1, eliminated=range(1, n - 1), seed=seed)
        state.apply_action("fold")
        assert card_texts(state, "scored", 0) == ["v1"]  # red: P0's only card
        assert_fresh_round(state, n, 1)


def test_first_round_of_the_advanced_game(assert_fresh_round, advanced):
    for n in (2, 3, 4):
        state = advanced.new_initial_state(n, 3)
        assert_fresh_round(state, n, 0)
