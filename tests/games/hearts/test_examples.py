"""The worked examples of docs/games/hearts.md (section 9, H1-H15), run on games/hearts.rules through positions.

Every expected value is copied from the document (or counted from the cards the test itself placed); nothing
expected is computed by the engine. Positions are built with the folder's `deal` fixture: the cards nobody
holds lie out of play in the deck.
"""

from __future__ import annotations

HEARTS = ["2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"]


def shows(state) -> dict:
    return dict(state.shows())


def cards(state, zone, seat=0) -> set[str]:
    return {state.game.card_texts[c] for c in state.zone_cards(zone, seat)}


# ---------------------------------------------------------------------------------------------------------
# 4. the play of the tricks
# ---------------------------------------------------------------------------------------------------------

def test_h1_the_two_of_clubs_opens_the_hand(deal, texts):
    state = deal([[], [], ["2c", "9c", "Ah", "Qs"]], to_move=2)
    assert state.current_player() == 2
    assert texts(state) == ["play 2c"]


def test_h2_a_player_who_can_follow_suit_must(deal, texts):
    state = deal([[], ["9c", "Kc", "Ah", "3d"]], to_move=1, trick=[(0, "2c")])
    assert sorted(texts(state)) == ["play 9c", "play Kc"]


def test_h3_no_points_may_be_discarded_on_the_first_trick(deal, texts):
    state = deal([[], ["Qs", "5h", "3d", "As"]], to_move=1, trick=[(0, "2c")])
    assert sorted(texts(state)) == ["play 3d", "play As"]


def test_h4_unless_the_hand_holds_nothing_but_points(deal, texts):
    state = deal([[], ["Qs", "5h", "Kh"]], to_move=1, trick=[(0, "2c")])
    assert sorted(texts(state)) == ["play 5h", "play Kh", "play Qs"]


def test_h5_hearts_are_not_led_before_they_are_broken_but_the_queen_may_be(deal, texts):
    state = deal([["4h", "9d", "Qs"]], to_move=0, tricks=1)
    assert sorted(texts(state)) == ["play 9d", "play Qs"]


def test_h6_a_hand_of_nothing_but_hearts_may_lead_one(deal, texts):
    state = deal([["4h", "Jh"]], to_move=0, tricks=1)
    assert sorted(texts(state)) == ["play 4h", "play Jh"]


def test_h7_a_discarded_heart_breaks_hearts(deal, texts, play):
    state = deal([["Kd", "4h"], ["3c"], ["7h", "2s"], ["6d"]], to_move=2, trick=[(1, "5d")], tricks=1)
    assert shows(state)["Hearts broken"] == "no"
    play(state, "play 7h")
    assert "Hearts are broken" in [e.text for e in state.events]
    assert shows(state)["Hearts broken"] == "yes"
    play(state, "play 6d", "play Kd")
    assert state.current_player() == 0  # P0 took the trick and leads
    assert cards(state, "tricks", 0) == {"5d", "7h", "6d", "Kd"}
    assert shows(state)["Points this hand"] == "P0 1 · P1 0 · P2 0 · P3 0"
    assert sorted(texts(state)) == ["play 4h"]


def test_h8_only_the_led_suit_wins_a_trick(deal, texts, play):
    state = deal([["Ah", "3c"], ["4s"], ["8c"], ["Jc"]], to_move=0, tricks=3,
                 trick=[(1, "5d"), (2, "Ks"), (3, "9d")])
    assert sorted(texts(state)) == ["play 3c", "play Ah"]  # no diamonds: any card
    assert shows(state)["Trick"] == "P1 5d, P2 Ks, P3 9d"
    assert shows(state)["Led"] == "diamonds"
    play(state, "play Ah")
    assert any(event.text.startswith("P3 takes the trick") for event in state.events)
    assert cards(state, "tricks", 3) == {"5d", "Ks", "9d", "Ah"}
    assert shows(state)["Points this hand"] == "P0 0 · P1 0 · P2 0 · P3 1"
    assert state.current_player() == 3
    assert "Trick" not in shows(state)  # the table is clear


# ---------------------------------------------------------------------------------------------------------
# 5, 6. scoring and the end
# ---------------------------------------------------------------------------------------------------------

def last_trick_of_h9(deal, hand=1):
    won = {0: ["Qs", "2h", "3h"], 1: ["4h", "5h", "6h"], 2: ["8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"]}
    return deal([["2d"], ["5d"], ["Kd"], ["7h"]], to_move=0, won=won, tricks=12, broken=True,
                scores=(10, 20, 30, 40), hand=hand)


def test_h9_a_hand_is_scored_and_the_next_one_passes_right(deal, play):
    state = last_trick_of_h9(deal)
    play(state, "play 2d", "play 5d", "play Kd", "play 7h")
    assert "Hand 1 scores: [P0 15, P1 3, P2 8, P3 0]" in [e.text for e in state.events]
    assert not state.is_terminal()
    assert shows(state)["Scores"] == "P0 25 · P1 23 · P2 38 · P3 40"
    assert shows(state)["Hand"] == "2" and shows(state)["Passing"] == "right"
    assert all(len(state.zone_cards("hand", p)) == 13 for p in range(4))  # dealt again


def test_h10_shooting_the_moon(deal, play):
    taken = ["Qs"] + [h for h in HEARTS if h != "9h"]
    state = deal([["2c"], ["9h"], ["3c"], ["4c"]], to_move=1, won={1: taken}, tricks=12, broken=True)
    play(state, "play 9h", "play 3c", "play 4c", "play 2c")
    assert "P1 shoots the moon" in [e.text for e in state.events]
    assert shows(state)["Scores"] == "P0 26 · P1 0 · P2 26 · P3 26"


def test_h11_the_game_ends_at_100_and_the_lowest_score_wins(deal, play):
    state = deal([["2h"], ["5d"], ["3d"], ["4d"]], to_move=2, tricks=12, broken=True, scores=(90, 95, 60, 70),
                 won={0: ["Qs"], 1: [h for h in HEARTS if h != "2h"]})
    play(state, "play 3d", "play 4d", "play 2h", "play 5d")
    assert "Hand 1 scores: [P0 13, P1 13, P2 0, P3 0]" in [e.text for e in state.events]
    assert state.is_terminal()
    assert shows(state)["Scores"] == "P0 103 · P1 108 · P2 60 · P3 70"
    assert list(state.returns()) == [0, 0, 1, 0]


def test_h12_the_lowest_score_wins_alone_or_shares_a_tie(deal, play):
    won = {0: ["Qs"] + [h for h in HEARTS if h != "2h"]}
    for before, after, returns in [((90, 60, 95, 60), "P0 115 · P1 60 · P2 95 · P3 61", [0, 1, 0, 0]),
                                   ((90, 60, 95, 59), "P0 115 · P1 60 · P2 95 · P3 60", [0, 1, 0, 1])]:
        state = deal([["2h"], ["3d"], ["4d"], ["5d"]], to_move=1, tricks=12, broken=True, scores=before, won=won)
        play(state, "play 3d", "play 4d", "play 5d", "play 2h")
        assert state.is_terminal()
        assert shows(state)["Scores"] == after
        assert list(state.returns()) == returns


# ---------------------------------------------------------------------------------------------------------
# 3. passing
# ---------------------------------------------------------------------------------------------------------

SUITS = {suit: [f"{r}{suit}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
         for suit in "shdc"}


def passing_hand_2(deal):
    return deal([SUITS["s"], SUITS["h"], SUITS["d"], SUITS["c"]], to_move=0, hand=2, passed=False)


def pass_top_three(play, state, suit):
    play(state, f"pass_card A{suit}", f"pass_card K{suit}", f"pass_card Q{suit}")


def test_h13_passing_right_nobody_receives_before_everyone_has_passed(deal, play, texts):
    state = passing_hand_2(deal)
    assert shows(state)["Passing"] == "right"
    assert state.current_player() == 0 and texts(state)[0].startswith("pass_card")
    pass_top_three(play, state, "s")
    pass_top_three(play, state, "h")
    assert [len(state.zone_cards("hand", p)) for p in range(4)] == [10, 10, 13, 13]
    assert cards(state, "passing", 0) == {"As", "Ks", "Qs"}
    pass_top_three(play, state, "d")
    pass_top_three(play, state, "c")
    assert cards(state, "hand", 0) == set(SUITS["s"][:10]) | {"Ah", "Kh", "Qh"}
    assert cards(state, "hand", 1) == set(SUITS["h"][:10]) | {"Ad", "Kd", "Qd"}
    assert cards(state, "hand", 2) == set(SUITS["d"][:10]) | {"Ac", "Kc", "Qc"}
    assert cards(state, "hand", 3) == set(SUITS["c"][:10]) | {"As", "Ks", "Qs"}
    assert state.current_player() == 3
    assert texts(state) == ["play 2c"]


def test_h14_a_passer_knows_where_the_passed_cards_went(deal, play):
    state = passing_hand_2(deal)
    for suit in "shdc":
        pass_top_three(play, state, suit)
    p3_hand = state.view(0).zones["hand"][3]
    assert p3_hand["count"] == 13
    assert {entry["card"] for entry in p3_hand["known"]} == {"As", "Ks", "Qs"}
    for seat in (1, 2):
        assert "known" not in state.view(seat).zones["hand"][3]


def test_h15_the_fourth_hand_has_no_passing(deal, play, texts):
    state = last_trick_of_h9(deal, hand=3)
    play(state, "play 2d", "play 5d", "play Kd", "play 7h")
    assert shows(state)["Hand"] == "4" and shows(state)["Passing"] == "none this hand"
    leader = state.current_player()
    assert "2c" in cards(state, "hand", leader)
    assert texts(state) == ["play 2c"]
