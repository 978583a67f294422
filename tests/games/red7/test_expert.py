"""The expert actions of /work/shared/rules/red7.md (sections 8.3, 8.6, 11, 12, 13) on games/red7.rules.

Covered: EX1-EX9 of section 14.5, and the edge cases of section 13 that concern the actions: a 7 on an
empty deck, a 1 with no eligible opponent (and still restricted), a 3 on an empty deck, a 5 with an
empty hand, a 5 chaining into a 7 or another 5, actions never triggering on a discard, eliminated
players never targeted by a 1, and a 7's canvas move never drawing in the advanced game. Every expected
value is copied from the document (or written out by hand from its rules); the engine only supplies
what happened.

The rules file's names: first decision `palette X`, `canvas X`, `fold`; after a palette play
`canvas X` or `end`; 7: `to_deck X` / `to_canvas X`; 5: `extra X`, or `otherwise` when no extra card is
possible; 1: `take X`.
"""

from __future__ import annotations

import pytest

# ---------------------------------------------------------------------------------------------------------
# EX1: nothing but fold
# ---------------------------------------------------------------------------------------------------------


def test_ex1_only_fold(position, texts, expert):
    # rule orange. P0 {v2}, hand {b7}. P1 {r6, o6}
    state = position(expert, [["v2"], ["r6", "o6"]], [["b7"], ["y1"]], rule="orange")
    assert texts(state) == ["fold"]  # b7 may not go to the palette, action B with b7 is not permitted
    state.apply_action("fold")
    assert state.eliminated == [True, False]
    assert state.is_terminal() and state.winners == [1]


def test_ex1_control_without_expert_the_seven_is_an_ordinary_card(position, texts, red7):
    """8.3: without expert, any palette play is permitted (and B with b7 is still not permitted)."""
    state = position(red7, [["v2"], ["r6", "o6"]], [["b7"], ["y1"]], rule="orange")
    assert sorted(texts(state)) == ["fold", "palette b7"]
    state.apply_action("palette b7")
    assert texts(state) == ["end"]  # no 7 action without expert


# ---------------------------------------------------------------------------------------------------------
# EX2: the 7 is permitted; the target choice is free afterwards
# ---------------------------------------------------------------------------------------------------------

EX2 = dict(palettes=[["r2", "v5"], ["o4", "y4"]], hands=[["b7"], ["g1"]], rule="orange")


def test_ex2_seven_permitted_and_all_four_choices_offered(position, texts, expert):
    state = position(expert, **EX2)
    assert "palette b7" in texts(state)
    state.apply_action("palette b7")
    # 11.6: the choice is free once the card was played legally; 11.2.2: any other palette card
    assert sorted(texts(state)) == ["to_canvas r2", "to_canvas v5", "to_deck r2", "to_deck v5"]


def test_ex2_r2_on_the_deck_eliminates(position, texts, card_texts, expert):
    state = position(expert, **EX2)
    state.apply_action("palette b7")
    state.apply_action("to_deck r2")
    assert card_texts(state, "deck")[-1] == "r2"  # face down on top of the deck
    assert card_texts(state, "palette") == ["v5", "b7"]
    assert card_texts(state, "canvas")[-1] == "o7"  # the rule stays orange
    assert texts(state) == ["end"]  # no hand card left
    state.apply_action("end")
    assert state.eliminated == [True, False]  # (1, b7) loses to (2, o4)
    assert state.is_terminal() and state.winners == [1]


@pytest.mark.parametrize("move, rule_card", [("to_canvas r2", "r2"), ("to_canvas v5", "v5")])
def test_ex2_winning_choices(position, card_texts, expert, move, rule_card):
    state = position(expert, **EX2)
    state.apply_action("palette b7")
    state.apply_action(move)
    assert card_texts(state, "canvas")[-1] == rule_card
    state.apply_action("end")
    # red: b7 beats o4; violet: P0 {r2} against an empty set
    assert state.eliminated == [False, False] and state.current_player() == 1


# ---------------------------------------------------------------------------------------------------------
# EX3: the 1 and its targets (3 players)
# ---------------------------------------------------------------------------------------------------------

EX3_PALETTES = [["r5", "o5"], ["y2", "b3"], ["r7", "i4", "v6"]]


def test_ex3_one_targets_only_a_palette_at_least_as_large(position, texts, expert):
    state = position(expert, EX3_PALETTES, [["g1", "o2"], ["b1"], ["b2"]])
    assert "palette g1" in texts(state)
    state.apply_action("palette g1")
    # P0 has 3 cards: P1 (2 cards) may not be targeted, P2 (3 cards) must be
    assert sorted(texts(state)) == ["take i4", "take r7", "take v6"]


@pytest.mark.parametrize("taken", ["r7", "i4", "v6"])
def test_ex3_take_then_discard_o2_wins(position, texts, card_texts, expert, taken):
    state = position(expert, EX3_PALETTES, [["g1", "o2"], ["b1"], ["b2"]])
    state.apply_action("palette g1")
    state.apply_action(f"take {taken}")
    assert card_texts(state, "deck")[-1] == taken  # on top of the deck
    assert card_texts(state, "palette", 2) == [c for c in ["r7", "i4", "v6"] if c != taken]
    assert card_texts(state, "palette", 1) == ["y2", "b3"]
    assert "canvas o2" in texts(state)  # orange: P0 (2, r5) beats everyone
    state.apply_action("canvas o2")
    assert state.eliminated == [False, False, False]
    assert state.current_player() == 1


def test_ex3_with_g1_alone_g1_is_not_permitted(position, texts, expert):
    state = position(expert, EX3_PALETTES, [["g1"], ["b1"], ["b2"]])
    assert "palette g1" not in texts(state)
    assert "fold" in texts(state)


# ---------------------------------------------------------------------------------------------------------
# EX4: the 5's extra card would be a failing 1 -> nothing happens
# ---------------------------------------------------------------------------------------------------------

def test_ex4_five_action_does_nothing_then_elimination(position, texts, card_texts, expert):
    # rule red. P0 {v2}, hand {y5, i1}. P1 {r6, o4}
    state = position(expert, [["v2"], ["r6", "o4"]], [["y5", "i1"], ["g2"]])
    assert "palette y5" in texts(state)  # not a 1 or a 7
    state.apply_action("palette y5")
    assert texts(state) == ["otherwise"]  # i1 fails the test: the 5's action does nothing (ruling)
    state.apply_action("otherwise")
    assert card_texts(state, "hand") == ["i1"] and card_texts(state, "palette") == ["v2", "y5"]
    assert texts(state) == ["end"]  # discarding i1 is not permitted (indigo: (1, y5) loses to (1, r6))
    state.apply_action("end")
    assert state.eliminated == [True, False]  # P0 ends the turn not winning
    assert state.is_terminal() and state.winners == [1]


# ---------------------------------------------------------------------------------------------------------
# EX5: a 1 with no target
# ---------------------------------------------------------------------------------------------------------

def test_ex5_one_without_target_does_nothing(position, texts, card_texts, expert):
    # rule orange. P0 {r5, o5, y5}, hand {v1, ...}. P1 {g6, b6}
    state = position(expert, [["r5", "o5", "y5"], ["g6", "b6"]], [["v1", "i2"], ["g1"]], rule="orange")
    deck_before = card_texts(state, "deck")
    assert "palette v1" in texts(state)
    state.apply_action("palette v1")
    legal = texts(state)
    assert "end" in legal and not any(t.startswith("take") for t in legal)  # no target: nothing happens
    assert card_texts(state, "deck") == deck_before
    assert card_texts(state, "palette", 1) == ["g6", "b6"]
    state.apply_action("end")
    assert state.eliminated == [False, False]  # winning with (3, r5) against (2, g6)


# ---------------------------------------------------------------------------------------------------------
# EX6: the 7 cannot choose itself
# ---------------------------------------------------------------------------------------------------------

EX6 = dict(palettes=[["g3"], ["b6"]], hands=[["i7"], ["r1"]])


def test_ex6_seven_must_move_the_other_card(position, texts, expert):
    state = position(expert, **EX6)
    assert "palette i7" in texts(state)  # permitted because one option wins
    state.apply_action("palette i7")
    assert sorted(texts(state)) == ["to_canvas g3", "to_deck g3"]  # g3 must move


def test_ex6_to_the_deck_wins(position, card_texts, expert):
    state = position(expert, **EX6)
    state.apply_action("palette i7")
    state.apply_action("to_deck g3")
    assert card_texts(state, "deck")[-1] == "g3" and card_texts(state, "palette") == ["i7"]
    state.apply_action("end")
    assert state.eliminated == [False, False]  # P0 {i7} beats b6


def test_ex6_to_the_canvas_loses(position, card_texts, expert):
    state = position(expert, **EX6)
    state.apply_action("palette i7")
    state.apply_action("to_canvas g3")
    assert card_texts(state, "canvas")[-1] == "g3"  # green, and P0 has no even card
    state.apply_action("end")
    assert state.eliminated == [True, False]


# ---------------------------------------------------------------------------------------------------------
# EX7: the 3 draws in the basic game (the deck is in play), and the drawn card may be discarded
# ---------------------------------------------------------------------------------------------------------
# rule red. P0 {v2} against P1 {r4}; P0 plays b3: {v2, b3} still loses under red (b3 < r4).
#   the drawn v5: violet, P0 {v2, b3} (2, b3) against an empty set -> permitted
#   i4: indigo, P0 run 2-3 (2, b3) against (1, r4) -> permitted
#   g7 (second variant): green, P0 {v2} (1, v2) against (1, r4) -> not permitted

def test_ex7_three_draws_and_the_drawn_card_may_be_discarded(position, texts, card_texts, expert):
    state = position(expert, [["v2"], ["r4"]], [["b3", "i4", "g7"], ["o1"]], deck_top=["v5"])
    size = len(card_texts(state, "deck"))
    state.apply_action("palette b3")
    assert sorted(card_texts(state, "hand")) == ["g7", "i4", "v5"]  # drew the top card of the deck
    assert len(card_texts(state, "deck")) == size - 1
    assert sorted(texts(state)) == ["canvas i4", "canvas v5", "end"]
    state.apply_action("canvas v5")  # the card just drawn
    assert card_texts(state, "canvas")[-1] == "v5"
    assert state.eliminated == [False, False] and state.current_player() == 1


def test_ex7_control_without_expert_the_three_does_not_draw(position, card_texts, red7):
    state = position(red7, [["v2"], ["r4"]], [["b3", "i4", "g7"], ["o1"]], deck_top=["v5"])
    state.apply_action("palette b3")
    assert sorted(card_texts(state, "hand")) == ["g7", "i4"]
    assert card_texts(state, "deck")[-1] == "v5"


def test_three_with_an_empty_deck_still_allows_a_discard(position, texts, card_texts, expert):
    """Section 13: 3 with an empty deck: nothing happens; the player may still discard."""
    state = position(expert, [["v2"], ["r4"]], [["b3", "i4"], ["o1"]], empty_deck=True)
    assert card_texts(state, "deck") == []
    state.apply_action("palette b3")
    assert card_texts(state, "hand") == ["i4"]
    assert sorted(texts(state)) == ["canvas i4", "end"]
    state.apply_action("canvas i4")
    assert state.eliminated == [False, False]


# ---------------------------------------------------------------------------------------------------------
# EX8: a 5, then a 3 as its extra card
# ---------------------------------------------------------------------------------------------------------

def test_ex8_five_then_three_draws_then_discard(position, texts, card_texts, expert):
    # rule red. P0 {v2} against P1 {r4}; hand {g5, b3, i4}; v6 on top of the deck
    state = position(expert, [["v2"], ["r4"]], [["g5", "b3", "i4"], ["o1"]], deck_top=["v6"])
    state.apply_action("palette g5")
    assert sorted(texts(state)) == ["extra b3", "extra i4"]  # mandatory: no `otherwise`
    state.apply_action("extra b3")
    assert card_texts(state, "palette") == ["v2", "g5", "b3"]
    assert sorted(card_texts(state, "hand")) == ["i4", "v6"]  # the 3 drew a card
    legal = texts(state)
    assert "end" in legal and "canvas v6" in legal  # then P0 may discard (violet: (2, b3) vs empty)
    state.apply_action("canvas v6")
    assert card_texts(state, "canvas")[-1] == "v6"
    assert state.eliminated == [False, False]


# ---------------------------------------------------------------------------------------------------------
# EX9: a 5 as the only card in hand
# ---------------------------------------------------------------------------------------------------------

def test_ex9_five_with_empty_hand_does_nothing(position, texts, card_texts, expert):
    state = position(expert, [["v2"], ["r4"]], [["y5"], ["o1"]])
    state.apply_action("palette y5")
    assert texts(state) == ["otherwise"]  # the extra-card action does nothing
    state.apply_action("otherwise")
    assert card_texts(state, "palette") == ["v2", "y5"] and card_texts(state, "hand") == []
    assert texts(state) == ["end"]
    state.apply_action("end")
    assert state.eliminated == [False, False]  # red: y5 beats r4


# ---------------------------------------------------------------------------------------------------------
# further edge cases (sections 8.3, 11, 13)
# ---------------------------------------------------------------------------------------------------------

def test_seven_onto_an_empty_deck(position, texts, card_texts, expert):
    """Section 13: allowed; that card becomes the deck. (EX6's position with an empty deck.)"""
    state = position(expert, EX6["palettes"], EX6["hands"], empty_deck=True)
    assert card_texts(state, "deck") == []
    assert "palette i7" in texts(state)
    state.apply_action("palette i7")
    assert "to_deck g3" in texts(state)
    state.apply_action("to_deck g3")
    assert card_texts(state, "deck") == ["g3"]
    state.apply_action("end")
    assert state.eliminated == [False, False]


def test_one_without_eligible_opponent_is_still_restricted(position, texts, expert):
    """Section 13: 1 with no eligible opponent -> nothing happens, but 11.5.1 still applies.
    Rule red: P0 {r5, o5, y5} + v1 (4 cards) against P1 {r6, g6} (2 cards): no target, r5 < r6, no
    card left to discard: v1 is not permitted. Discarding v1 (violet: P0 empty) is not permitted either."""
    state = position(expert, [["r5", "o5", "y5"], ["r6", "g6"]], [["v1"], ["b1"]])
    assert texts(state) == ["fold"]


def test_one_never_targets_an_eliminated_player(position, texts, expert):
    """11.5.2 / 8.5.4: only active players' palettes. 3 players, P1 (eliminated) holds 3 cards."""
    state = position(expert, [["r5", "o5"], ["r7", "o7", "y7"], ["y2", "b3", "i4"]],
                     [["g1", "o2"], ["b1"], ["b2"]], eliminated=[1])
    assert "palette g1" in texts(state)
    state.apply_action("palette g1")
    assert sorted(texts(state)) == ["take b3", "take i4", "take y2"]


def test_one_may_target_any_active_opponent_with_enough_cards(position, texts, expert):
    """11.5.2: every active opponent with at least as many cards. Rule red, P0 {r6} + g1 = 2 cards."""
    state = position(expert, [["r6"], ["o2", "y3"], ["b4", "i5", "v1"], ["y1"]],
                     [["g1"], ["r1"], ["r2"], ["r3"]])
    assert "palette g1" in texts(state)  # red: r6 is the highest card on the table
    state.apply_action("palette g1")
    assert sorted(texts(state)) == ["take b4", "take i5", "take o2", "take v1", "take y3"]


def test_extra_card_of_a_five_may_be_a_seven_whose_action_follows(position, texts, card_texts, expert):
    """8.3 / 11.3.1 / 11.1.1: the extra card of a 5 is a permitted 7, and its action is resolved."""
    # rule red. P0 {v2} against P1 {r6}; hand {y5, o7}. Whatever the 7 moves, red: o7 beats r6
    state = position(expert, [["v2"], ["r6"]], [["y5", "o7"], ["g1"]])
    state.apply_action("palette y5")
    assert texts(state) == ["extra o7"]
    state.apply_action("extra o7")
    assert sorted(texts(state)) == ["to_canvas v2", "to_canvas y5", "to_deck v2", "to_deck y5"]
    state.apply_action("to_deck v2")
    assert card_texts(state, "deck")[-1] == "v2"
    assert texts(state) == ["end"]
    state.apply_action("end")
    assert state.eliminated == [False, False]  # red: o7 beats r6


def test_extra_seven_that_cannot_leave_the_player_winning_is_not_offered(position, texts, card_texts, expert):
    """11.3.3 with a 7: rule orange, P0 {v2}, hand {y5, b7}, P1 {r7, o7}. After y5 and b7 the 7 moves v2 or
    y5: to the deck, orange (1, b7) loses to (2, r7); v2 to the canvas, violet, P0 {y5, b7} is empty; y5 to
    the canvas, yellow, (1, b7) loses to (1, r7); no card is left to discard. So nothing happens."""
    state = position(expert, [["v2"], ["r7", "o7"]], [["y5", "b7"], ["g1"]], rule="orange")
    state.apply_action("palette y5")
    assert texts(state) == ["otherwise"]
    state.apply_action("otherwise")
    assert card_texts(state, "hand") == ["b7"]
    state.apply_action("end")
    assert state.eliminated == [True, False]  # orange: (1, y5) loses to (2, r7)


def test_card_put_on_the_deck_by_a_seven_is_the_next_card_drawn(position, card_texts, both):
    """1.3 / 11.2.2(a): the 7 puts y5 face down on top of the deck; a qualifying discard then draws it
    (10.1: P0 {r2, o7} has 2 cards, 3 > 2). Red: o7 beats b6."""
    state = position(both, [["r2", "y5"], ["b6"]], [["o7", "r3"], ["v1"]], rule="blue", deck_top=["g4"])
    state.apply_action("palette o7")
    state.apply_action("to_deck y5")
    assert card_texts(state, "deck")[-2:] == ["g4", "y5"]
    state.apply_action("canvas r3")
    assert card_texts(state, "hand") == ["y5"]
    assert card_texts(state, "deck")[-1] == "g4"
    assert state.eliminated == [False, False]


def test_five_chains_into_another_five(position, texts, card_texts, expert):
    """11.3.1: a 5 can chain into another 5."""
    state = position(expert, [["v2"], ["r4"]], [["y5", "b5", "g6"], ["o1"]])
    state.apply_action("palette y5")
    assert sorted(texts(state)) == ["extra b5", "extra g6"]
    state.apply_action("extra b5")
    assert texts(state) == ["extra g6"]  # the second 5's action: the last card must be played
    state.apply_action("extra g6")
    assert card_texts(state, "palette") == ["v2", "y5", "b5", "g6"] and card_texts(state, "hand") == []
    assert texts(state) == ["end"]


def test_actions_never_trigger_on_a_discard(position, card_texts, expert):
    """11.1.2: an odd card discarded to the canvas does nothing. Discard b3 (blue): P0 {v2, r5} two
    colours against P1 {r4} one; no draw follows."""
    state = position(expert, [["v2", "r5"], ["r4"]], [["b3"], ["o1"]], deck_top=["g6"])
    state.apply_action("canvas b3")
    assert card_texts(state, "hand") == [] and card_texts(state, "deck")[-1] == "g6"
    assert state.current_player() == 1


def test_seven_discarded_to_the_canvas_has_no_action(position, card_texts, expert):
    state = position(expert, [["v2", "r5"], ["r4"]], [["b7"], ["o1"]])
    state.apply_action("canvas b7")  # blue: 2 colours against 1
    assert state.current_player() == 1 and card_texts(state, "palette") == ["v2", "r5"]


def test_seven_to_canvas_never_draws_even_with_advanced(position, card_texts, both):
    """10.1 / 11.2.2(b) / AD4: the 7 moves y5 (5 > 2 palette cards) to the canvas; nothing is drawn."""
    state = position(both, [["r2", "y5"], ["b6"]], [["o7"], ["v1"]], rule="blue", deck_top=["g4"])
    state.apply_action("palette o7")
    state.apply_action("to_canvas y5")
    assert card_texts(state, "hand") == [] and card_texts(state, "deck")[-1] == "g4"
    state.apply_action("end")
    assert state.eliminated == [False, False]  # yellow: (1, o7) beats (1, b6)


def test_three_draws_and_discard_draws_in_the_full_game(position, card_texts, both):
    """Section 12, both options: a 3 draws (action) and the discard may also draw (10.1).
    P0 {v2} + b3 = 2 cards; the discard i4 (4 > 2) draws too."""
    state = position(both, [["v2"], ["r4"]], [["b3", "i4"], ["o1"]], deck_top=["g1", "v5"])
    state.apply_action("palette b3")
    assert sorted(card_texts(state, "hand")) == ["i4", "v5"]
    state.apply_action("canvas i4")  # indigo: run 2-3 (2, b3) beats (1, r4)
    assert sorted(card_texts(state, "hand")) == ["g1", "v5"]
    assert state.eliminated == [False, False]


def test_expert_alone_has_one_round_and_no_scoring(position, card_texts, expert):
    state = position(expert, [["v1"], ["r7"]], [["b2"], ["b1"]])
    state.apply_action("fold")
    assert state.is_terminal() and state.winners == [1]
    assert all(card_texts(state, "scored", p) == [] for p in range(2))
