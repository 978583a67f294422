"""The worked examples of /work/shared/rules/seven7s.md (section 11: the reconstructed rulebook scoring
example 11.1, the scoring and tie-break vectors S1-S9 and the play vectors S10-S30) and the card table of
section 2.4, run on games/seven7s.rules through position files.

Every expected value is copied from the document (or follows from it by counting the cards the test itself
placed); nothing expected is computed by the engine. Positions give a column from its first (bottom) card to
its last, the columns in the order they were opened, and the deck from the bottom to the top card. Cards a
test does not list stay in the deck (shuffled, under the listed deck cards), or, with `empty_deck`, are
put out of the game in `removed`, where they play no part (8.4), so that the deck holds only the listed
cards.
"""

from __future__ import annotations

from .cards import CARD_TABLE, CODES

LIVE_NAMES = {"colors": "Colors", "ages": "Ages of Man", "sins": "Deadly Sins", "seas": "Seas",
              "virtues": "Virtues", "wonders": "Wonders", "gods": "Lucky Gods"}


# ---------------------------------------------------------------------------------------------------------
# helpers (test-side only: nothing here decides an expected result)
# ---------------------------------------------------------------------------------------------------------

def columns(state, viewer=0) -> dict:
    return state.view(viewer).zones["columns"]


def shows(state) -> dict:
    return dict(state.shows())


def total(state, seat) -> int:
    return state.game.call(state, "total", seat)


def winners(state) -> list[int]:
    return [int(p) for p in state.game.call(state, "winners")]


def trump(state) -> str:
    return shows(state)["Trump"]


def ages_count(state) -> int:
    return int(shows(state)["Ages count"])


def decision(state) -> set[str]:
    """The option names of the pending decision."""
    return {a.text.split()[0] for a in state.legal_actions()}


def turn_over(state, seat) -> bool:
    return state.is_terminal() or state.current_player() != seat


# ---------------------------------------------------------------------------------------------------------
# 2. the cards
# ---------------------------------------------------------------------------------------------------------

def test_the_49_cards_follow_the_table_of_2_4(seven7s):
    assert len(CODES) == 49 and len(seven7s.cards) == 49
    for row in CARD_TABLE.splitlines()[2:]:
        code, type_, value, name, colour = [cell.strip() for cell in row.strip("|").split("|")]
        matches = seven7s.by_text[code.lower()]
        assert len(matches) == 1, code
        card = seven7s.card_json(matches[0])
        assert LIVE_NAMES[card["type"]] == type_, code
        assert (card["value"], card["colour"]) == (int(value), colour), code
        assert seven7s.card_labels[matches[0]] == name, code
        assert seven7s.attributes["type"][["colors", "ages", "sins", "seas", "virtues", "wonders", "gods"].index(
            card["type"])].short == code[:2]


def test_2_1_every_value_and_colour_once_per_type_and_no_two_cards_alike(seven7s):
    seen = set()
    for card in seven7s.cards:
        data = seven7s.card_json(card)
        seen.add((data["value"], data["colour"]))
    assert len(seen) == 49


# ---------------------------------------------------------------------------------------------------------
# 11.1 and 11.2: scoring and tie-breaks (final states; A from the Ages column, trump from the Colors column)
# ---------------------------------------------------------------------------------------------------------

P1_HAND = ["DS5", "VI4", "VI7"]  # violet 5, red 4, green 7
P2_HAND = ["VI5", "LG2", "LG6"]  # orange 5, red 2, blue 6
TRUMP_BLUE = ["CO1", "CO5"]  # CO5 "Blue" replaced CO1 "Red"
TWO_AGES = ["AG1", "AG3"]


def test_11_1_rulebook_scoring_example(position):
    s = position(hands=[P1_HAND, P2_HAND], columns={"colors": TRUMP_BLUE, "ages": TWO_AGES})
    assert trump(s) == "blue" and ages_count(s) == 2
    assert shows(s)["Cancelled values"] == "6, 7"
    assert (total(s, 0), total(s, 1)) == (9, 12)
    assert winners(s) == [1]


def test_11_1_each_fortune_adds_2(position):
    s = position(hands=[P1_HAND, P2_HAND], columns={"colors": TRUMP_BLUE, "ages": TWO_AGES},
                 fortunes=[["SE7"], ["SE1", "SE3"]])
    assert (total(s, 0), total(s, 1)) == (11, 16)


def test_s1_no_ages_trump_blue(position):
    s = position(hands=[P1_HAND, P2_HAND], columns={"colors": TRUMP_BLUE})
    assert (total(s, 0), total(s, 1)) == (16, 14)
    assert winners(s) == [0]


def test_s2_two_ages_no_trump(position):
    s = position(hands=[P1_HAND, P2_HAND], columns={"ages": TWO_AGES})
    assert trump(s) == "none"
    assert (total(s, 0), total(s, 1)) == (9, 7)
    assert winners(s) == [0]


def test_s3_no_ages_no_trump(position):
    s = position(hands=[P1_HAND, P2_HAND])
    assert (total(s, 0), total(s, 1)) == (16, 13)
    assert winners(s) == [0]


def test_s4_seven_ages_cancel_everything_and_both_share_the_win(position):
    s = position(hands=[P1_HAND, P2_HAND],
                 columns={"colors": TRUMP_BLUE, "ages": ["AG1", "AG2", "AG3", "AG4", "AG5", "AG6", "AG7"]})
    assert ages_count(s) == 7
    assert (total(s, 0), total(s, 1)) == (0, 0)
    assert winners(s) == [0, 1]


def test_s5_two_fortunes_add_4(position):
    s = position(hands=[P1_HAND, P2_HAND], columns={"colors": TRUMP_BLUE, "ages": TWO_AGES},
                 fortunes=[["SE3", "WO2"]])
    assert total(s, 0) == 13


def test_s6_tie_broken_by_the_lowest_non_zero_card(position):
    # A = 1 and trump red: the Colors column ends with CO1 "Red".
    s = position(hands=[["CO3", "WO5", "DS7"], ["DS4", "WO4", "SE7"]],
                 columns={"colors": ["CO1"], "ages": ["AG2"]})
    assert trump(s) == "red" and ages_count(s) == 1
    assert (total(s, 0), total(s, 1)) == (8, 8)
    assert winners(s) == [0]


def test_s7_equal_lowest_non_zero_cards_share_the_win(position):
    s = position(hands=[["LG6", "DS1", "SE2"], ["VI5", "AG4", "LG1"]],
                 columns={"colors": ["CO5"], "ages": ["AG1", "AG3"]})
    assert trump(s) == "blue" and ages_count(s) == 2
    assert (total(s, 0), total(s, 1)) == (11, 11)
    assert winners(s) == [0, 1]


def test_s8_a_player_without_a_non_zero_card_loses_the_tie_break(position):
    s = position(hands=[["AG7", "DS7", "SE6"], ["VI4", "AG6", "LG7"]], columns={"ages": ["AG1", "AG3"]},
                 fortunes=[["WO1", "WO2"]])
    assert trump(s) == "none"
    assert (total(s, 0), total(s, 1)) == (4, 4)
    assert winners(s) == [1]


def test_s9_the_scoring_card_scores_and_counts_for_the_tie_break(position, play, card_texts):
    """P0 ends the game by playing SE6 South Pacific as the 7th card of the Seas column (A = 1, no trump)."""
    s = position(hands=[["VI4", "LG3", "SE6"], ["VI3", "DS3", "WO3"]],
                 columns={"ages": ["AG2"], "seas": ["SE1", "SE2", "SE3", "SE4", "SE5", "SE7"]})
    play(s, "play SE6 seas")
    assert s.is_terminal()
    assert card_texts(s, "hand", 0) == ["VI4", "LG3"] and card_texts(s, "seas")[-1] == "SE6"
    assert total(s, 0) == 4 + 3 + 6
    assert total(s, 1) == 3 + 3 + 3
    assert s.winners == [0]


def test_s9_the_scoring_card_decides_a_tie(position, play):
    """Totals tie at 13; P0's lowest non-zero card is the scoring card SE1 (1), lower than P1's 3."""
    s = position(hands=[["VI5", "LG7", "SE1"], ["VI3", "DS4", "WO6"]],
                 columns={"seas": ["SE2", "SE3", "SE4", "SE5", "SE6", "SE7"]})
    play(s, "play SE1 seas")
    assert s.is_terminal()
    assert (total(s, 0), total(s, 1)) == (13, 13)
    assert s.winners == [0]


# ---------------------------------------------------------------------------------------------------------
# 11.3 play vectors
# ---------------------------------------------------------------------------------------------------------

def test_s10_a_colors_card_in_the_colors_column_becomes_the_trump(position, play, card_texts):
    s = position(hands=[["CO5", "DS1", "SE1"], ["VI1", "VI2", "VI3"]], columns={"colors": ["CO1"]})
    assert trump(s) == "red"
    play(s, "play CO5 colors")
    assert card_texts(s, "colors") == ["CO1", "CO5"] and trump(s) == "blue"
    assert turn_over(s, 0)  # the Colors column has no power


def test_s11_an_ages_card_goes_into_another_column_without_power(position, texts, play, card_texts):
    s = position(hands=[["AG2", "DS1", "SE1"], ["VI1", "VI2", "VI3"]], columns={"virtues": ["VI4"]})
    assert "play AG2 virtues" in texts(s)
    play(s, "play AG2 virtues")
    assert card_texts(s, "virtues") == ["VI4", "AG2"] and ages_count(s) == 0
    assert turn_over(s, 0) and len(card_texts(s, "hand", 0)) == 3  # no power (no draw, no second play); refilled


def test_s12_a_trump_card_uses_the_power_of_the_column_it_enters(position, texts, play, card_texts):
    for top, goes_to in (("DS4", "fortunes"), ("DS3", "removed")):
        s = position(hands=[["WO7", "DS1", "SE1"], ["VI1", "VI2", "VI3"]],
                     columns={"colors": ["CO5"], "gods": ["LG1"]}, deck=[top])
        assert "play WO7 gods" in texts(s)
        play(s, "play WO7 gods")
        assert decision(s) == {"value", "colour"} and s.current_player() == 0
        play(s, "value 4")
        if goes_to == "fortunes":
            assert card_texts(s, "fortunes", 0) == [top] and card_texts(s, "removed") == []
        else:
            assert card_texts(s, "removed") == [top] and card_texts(s, "fortunes", 0) == []


def test_s12_naming_a_colour(position, play, card_texts):
    s = position(hands=[["LG2", "DS1", "SE1"], ["VI1", "VI2", "VI3"]], deck=["SE4"])  # SE4 is violet
    play(s, "play LG2 gods", "colour violet")
    assert card_texts(s, "fortunes", 0) == ["SE4"]


def test_s13_a_card_that_is_neither_trump_nor_ages_must_go_to_its_own_column(position, texts, play):
    s = position(hands=[["DS3", "VI1", "VI2"], ["WO1", "WO2", "WO3"]], columns={"colors": ["CO1"], "seas": ["SE1"]})
    assert trump(s) == "red"
    assert [t for t in texts(s) if t.startswith("play DS3")] == ["play DS3 sins"]
    play(s, "play DS3 sins")
    assert list(columns(s)) == ["colors", "seas", "sins"]  # created, the newest column
    assert decision(s) == {"steal"}  # the Sins power of the column it entered


def test_s14_an_ages_card_in_the_colors_column_does_not_change_the_trump(position, play, card_texts):
    s = position(hands=[["AG3", "DS1", "SE1"], ["VI1", "VI2", "VI3"]], columns={"colors": ["CO4"]})
    play(s, "play AG3 colors")
    assert card_texts(s, "colors") == ["CO4", "AG3"] and trump(s) == "green"


def test_s15_seas_taking_the_trump_card_brings_back_the_previous_trump(position, play, card_texts):
    s = position(hands=[["SE1", "DS1", "VI1"], ["WO1", "WO2", "WO3"]], columns={"colors": ["CO1", "CO5"]})
    assert trump(s) == "blue"
    play(s, "play SE1 seas", "take CO5")
    assert trump(s) == "red" and "CO5" in card_texts(s, "hand", 0)


def test_s16_seas_emptying_a_column_removes_it_until_a_card_of_its_type_comes(position, play, card_texts):
    s = position(hands=[["SE1", "DS1", "WO5"], ["WO1", "VI2", "VI3"]], columns={"wonders": ["WO2"]})
    play(s, "play SE1 seas", "take WO2")
    assert list(columns(s)) == ["seas"] and card_texts(s, "wonders") == []
    play(s, "play WO1 wonders")
    assert list(columns(s)) == ["seas", "wonders"] and card_texts(s, "wonders") == ["WO1"]


def test_s17_seas_taking_an_ages_card_lowers_the_ages_count(position, play):
    s = position(hands=[["SE1", "DS1", "VI1"], ["WO1", "WO2", "WO3"]], columns={"ages": ["AG1", "AG5"]})
    assert ages_count(s) == 2
    play(s, "play SE1 seas", "take AG5")
    assert ages_count(s) == 1


def test_s18_a_stolen_card_goes_to_its_own_column_without_power_and_the_victim_draws(position, play, card_texts):
    s = position(hands=[["DS1", "VI1", "VI2"], ["SE4"]], columns={"colors": ["CO1"]}, deck=["WO5"])
    play(s, "play DS1 sins", "steal P1")
    assert card_texts(s, "seas") == ["SE4"]  # created; SE4 is violet, not trump (red): no choice
    assert card_texts(s, "hand", 1) == ["WO5"]  # the replacement card
    assert turn_over(s, 0)  # no Seas power: the turn ended (and P0 refilled, 4.5)
    assert len(card_texts(s, "hand", 0)) == 3


def test_s19_a_stolen_ages_or_trump_card_goes_where_the_thief_chooses(position, texts, play, card_texts):
    for stolen, column_key in (("AG3", "ages"), ("VI1", "virtues")):  # VI1 is blue, the trump
        s = position(hands=[["DS1", "SE2", "SE3"], [stolen]], columns={"colors": ["CO5"], "wonders": ["WO1"]})
        play(s, "play DS1 sins", "steal P1")
        assert sorted(texts(s)) == sorted(f"put {k}" for k in (column_key, "colors", "wonders", "sins"))
        play(s, "put wonders")
        assert card_texts(s, "wonders") == ["WO1", stolen] and column_key not in columns(s)


def test_s20_a_stolen_seventh_card_ends_the_game_for_the_thief(position, play, card_texts):
    s = position(hands=[["DS1", "SE2", "SE3"], ["VI2"]],
                 columns={"virtues": ["VI1", "VI3", "VI4", "VI5", "VI6", "VI7"]}, deck=["WO5"])
    assert trump(s) == "none"  # not indigo
    play(s, "play DS1 sins", "steal P1")
    assert s.is_terminal()
    assert card_texts(s, "virtues")[-1] == "VI2" and len(card_texts(s, "virtues")) == 7
    assert card_texts(s, "hand", 1) == [] and card_texts(s, "deck")[-1] == "WO5"  # the victim did not draw
    assert total(s, 0) == 2 + 3 + 2  # SE2, SE3 and the scoring card VI2
    assert s.winners == [0]


def test_s21_virtues_with_an_empty_deck_still_plays_another_card(position, play, card_texts):
    s = position(hands=[["VI1", "SE2", "DS3"], ["WO1", "WO2", "WO3"]], empty_deck=True)
    play(s, "play VI1 virtues")
    assert s.current_player() == 0 and card_texts(s, "hand", 0) == ["SE2", "DS3"]  # nothing drawn
    assert decision(s) == {"play"}
    play(s, "play DS3 sins")
    assert decision(s) == {"steal"}


def test_s21_virtues_draws_one_card_which_may_be_played(position, play):
    s = position(hands=[["VI1", "SE2", "DS3"], ["WO1", "WO2", "WO3"]], deck=["LG4"])
    play(s, "play VI1 virtues", "play LG4 gods")
    assert decision(s) == {"value", "colour"}


def test_s21_virtues_with_an_empty_hand_ends_the_turn(position, play):
    s = position(hands=[["VI1"], ["WO1", "WO2", "WO3"]], empty_deck=True)
    play(s, "play VI1 virtues")
    assert turn_over(s, 0)


def test_s22_lucky_gods_with_an_empty_deck_does_nothing(position, play, card_texts):
    s = position(hands=[["LG1", "SE2", "DS3"], ["WO1", "WO2", "WO3"]], empty_deck=True)
    removed = len(card_texts(s, "removed"))
    play(s, "play LG1 gods")
    assert turn_over(s, 0) and len(card_texts(s, "removed")) == removed and card_texts(s, "fortunes", 0) == []


def test_s23_a_seventh_card_ends_the_game_at_once(position, play, card_texts):
    s = position(hands=[["WO7", "SE1", "DS1"], ["VI1", "VI2", "VI3"]],
                 columns={"wonders": ["WO1", "WO2", "WO3", "WO4", "WO5", "WO6"]}, deck=["LG7"])
    play(s, "play WO7 wonders")
    assert s.is_terminal()  # no Wonders power
    assert card_texts(s, "hand", 0) == ["SE1", "DS1"] and card_texts(s, "deck")[-1] == "LG7"  # no refill
    assert total(s, 0) == 7 + 1 + 1 and total(s, 1) == 1 + 2 + 3
    assert s.winners == [0]


def _openings(seven7s):
    """(seed, opening card) for new games: the opening card is the one card on the table."""
    for seed in range(400):
        s = seven7s.new_initial_state(2, seed)
        table = columns(s)
        assert len(table) == 1 and len(next(iter(table.values()))) == 1, table
        key, (card,) = next(iter(table.items()))
        yield seed, s, key, card


def test_s24_s25_the_opening_card_starts_its_column_without_power(seven7s, card_texts):
    found = set()
    for seed, s, key, card in _openings(seven7s):
        data = seven7s.card_json(seven7s.by_text[card.lower()][0])
        assert data["type"] == key
        assert len(card_texts(s, "deck")) == 49 - 2 * 3 - 1
        assert all(len(card_texts(s, "hand", p)) == 3 for p in (0, 1))
        assert all(card_texts(s, z, p) == [] for z in ("fortunes", "looking") for p in (0, 1))
        if card == "CO4":  # S24
            assert trump(s) == "green"
            found.add(card)
        elif card == "AG1":  # S25
            assert ages_count(s) == 1
            found.add(card)
        elif key == "colors":
            assert trump(s) == data["colour"]
        else:
            assert trump(s) == "none" and ages_count(s) == (1 if key == "ages" else 0)
    assert found == {"CO4", "AG1"}


def test_3_3_the_first_player_is_chosen_at_random(seven7s):
    firsts = {seven7s.new_initial_state(3, seed).current_player() for seed in range(30)}
    assert firsts == {0, 1, 2}


def test_s26_without_a_colors_card_only_ages_cards_leave_their_column(position, texts):
    s = position(hands=[["AG3", "VI5", "DS2"], ["WO1", "WO2", "WO3"]], columns={"seas": ["SE1"], "gods": ["LG1"]})
    assert trump(s) == "none"
    assert sorted(texts(s)) == sorted(["play AG3 ages", "play AG3 seas", "play AG3 gods", "play VI5 virtues",
                                       "play DS2 sins"])


def test_s27_a_trump_coloured_ages_card_never_uses_a_power(position, play, card_texts):
    s = position(hands=[["AG5", "VI5", "DS2"], ["WO1", "WO2", "WO3"]],
                 columns={"colors": ["CO6"], "seas": ["SE1"]})
    assert trump(s) == "indigo"
    play(s, "play AG5 seas")
    assert turn_over(s, 0) and card_texts(s, "seas") == ["SE1", "AG5"]


def test_s28_seas_may_take_back_the_card_just_played(position, play, card_texts):
    s = position(hands=[["SE2", "VI5", "DS2"], ["WO1", "WO2", "WO3"]], deck=["LG1", "LG2"])
    play(s, "play SE2 seas", "take SE2")
    assert sorted(card_texts(s, "hand", 0)) == ["DS2", "SE2", "VI5"]
    assert "seas" not in columns(s) and card_texts(s, "deck")[-2:] == ["LG1", "LG2"]  # no refill
    assert turn_over(s, 0)


def test_4_5_no_refill_after_a_seas_power_even_with_fewer_than_three_cards(position, play, card_texts):
    s = position(hands=[["VI1", "SE2", "DS2"], ["WO1", "WO2", "WO3"]], columns={"colors": ["CO1"]},
                 deck=["LG1", "LG2", "LG3"])
    play(s, "play VI1 virtues", "play SE2 seas", "take CO1")  # drew LG3, played SE2, took CO1
    assert sorted(card_texts(s, "hand", 0)) == ["CO1", "DS2", "LG3"] and card_texts(s, "deck")[-2:] == ["LG1", "LG2"]
    s = position(hands=[["SE2"], ["WO1", "WO2", "WO3"]], columns={"colors": ["CO1"]}, deck=["LG1", "LG2", "LG3"])
    play(s, "play SE2 seas", "take CO1")
    assert card_texts(s, "hand", 0) == ["CO1"]  # 1 card, and still no refill


def test_s29_wonders_looks_at_hand_cards_by_place_and_top_deck_cards(position, texts, play, card_texts):
    # P0 holds a 4th card, so that no refill draws from the deck after the turn.
    s = position(players=3, hands=[["WO1", "SE2", "DS2", "SE7"], ["VI1", "VI2", "VI3"], ["LG1", "LG2", "LG3"]],
                 deck=["AG1", "AG2", "AG3", "AG4", "AG5", "AG6", "AG7", "CO1", "CO2", "CO3"], empty_deck=True)
    play(s, "play WO1 wonders")
    offered = texts(s)
    assert offered == ["look_top"] + [f"look hand(P{p})#{i}" for p in (1, 2) for i in (1, 2, 3)]
    assert not any(code in " ".join(offered) for code in ("VI1", "VI2", "VI3", "LG1", "LG2", "LG3"))
    play(s, "look hand(P1)#2", "look_top", "look_top")
    # The two deck cards (CO3, then CO2) are in P0's hands to put back, in any order.
    assert sorted(texts(s)) == ["back CO2", "back CO3"]
    play(s, "back CO3")  # CO3 first, so CO2 ends on top: the order is swapped
    assert card_texts(s, "deck")[-2:] == ["CO3", "CO2"] and turn_over(s, 0)
    mine = s.view(0).zones
    assert mine["deck"]["known"] == [{"card": "CO2", "from_top": 0}, {"card": "CO3", "from_top": 1}]
    peeked = mine["hand"][1]["known"]
    assert len(peeked) == 1 and peeked[0]["card"] in ("VI1", "VI2", "VI3")
    for other in (1, 2):
        view = s.view(other)
        assert "known" not in view.zones["deck"]
        assert all("known" not in h for h in view.zones["hand"] if isinstance(h, dict))
    assert "known" not in str(s.view(-1))


def test_s29_fewer_than_three_cards_to_look_at(position, play):
    s = position(hands=[["WO1", "SE2", "DS2"], ["VI1"]], empty_deck=True)
    play(s, "play WO1 wonders", "look hand(P1)#1")
    assert turn_over(s, 0)  # the only card was seen; nothing else to look at
    assert s.view(0).zones["hand"][1] == {"count": 1, "known": [{"card": "VI1"}]}


def test_s30_empty_deck_and_empty_hands_end_the_game_without_a_scoring_card(position, play):
    s = position(hands=[["CO2"], []], columns={"seas": ["SE1"]}, fortunes=[[], ["WO1"]], empty_deck=True)
    play(s, "play CO2 colors")
    assert s.is_terminal()
    assert (total(s, 0), total(s, 1)) == (0, 2) and s.winners == [1]
    assert s.view(0).variables["scorer"] == "none"


def test_4_1_a_player_with_an_empty_hand_is_skipped(position, play):
    s = position(players=3, to_move=0, hands=[["SE2", "SE3"], [], ["VI1", "VI2"]], empty_deck=True)
    play(s, "play SE2 seas", "take SE2")
    assert s.current_player() == 2


def test_4_1_an_empty_hand_is_skipped_even_with_cards_in_the_deck(position, play, card_texts):
    s = position(players=3, hands=[["SE2", "SE3", "CO1"], [], ["VI1", "VI2"]], deck=["LG1", "LG2", "LG3", "LG4"])
    play(s, "play CO1 colors")
    assert s.current_player() == 2 and card_texts(s, "hand", 1) == []  # P1 skipped, and drew nothing


def test_6_3_sins_does_nothing_when_no_opponent_holds_a_card(position, play, card_texts):
    s = position(hands=[["DS1", "SE3", "CO1"], []], empty_deck=True)
    turn = s.turns
    play(s, "play DS1 sins")
    # No question was asked: the turn ended, and P0 plays again at once, as P1 (empty hand) is skipped.
    assert s.turns == turn + 1 and s.current_player() == 0 and card_texts(s, "sins") == ["DS1"]


def test_10_a_short_deck_at_refill_gives_what_it_has(position, play, card_texts):
    s = position(hands=[["CO1", "CO2", "CO3"], ["VI1", "VI2", "VI3"]], deck=["LG5"], empty_deck=True)
    play(s, "play CO1 colors")
    assert sorted(card_texts(s, "hand", 0)) == ["CO2", "CO3", "LG5"] and card_texts(s, "deck") == []
    play(s, "play VI1 virtues", "play VI2 virtues", "play VI3 virtues")  # draws nothing: the deck is empty
    assert card_texts(s, "hand", 1) == [] and s.current_player() == 0
