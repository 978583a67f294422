"""The worked examples of docs/games/lost-cities.md (section 10, L1-L17), run on games/lost-cities.rules through
position files.

Every expected value is copied from the document; nothing expected is computed by the engine. Positions give an
expedition from its first card to its last and a discard pile from its bottom card to its top; cards a test does
not list are in the deck (see conftest.py).
"""

from __future__ import annotations

from .cards import COLOURS


def moves(state, name=None) -> set[str]:
    """The texts of the legal moves (those of one option, with `name`)."""
    return {a.text for a in state.legal_actions() if name is None or a.name == name}


def round_score(state, seat) -> int:
    return state.game.call(state, "round_score", seat)


def variable(state, name):
    """A number variable (a list of numbers for one per player), as P0's view shows it."""
    value = state.view(0).variables[name]
    return [int(v) for v in value] if isinstance(value, list) else int(value)


def zone(state, name, seat=None) -> list[str]:
    cards = state.zone_cards(name) if seat is None else state.zone_cards(name, seat)
    return [state.game.card_texts[c] for c in cards]


# ---------------------------------------------------------------------------------------------------------
# 4. the turn
# ---------------------------------------------------------------------------------------------------------

def test_l1_an_empty_expedition_takes_an_investment_or_any_number(position):
    state = position(hands=[["yW", "y4"]])
    assert moves(state, "play") == {"play yW", "play y4"}


def test_l2_numbers_rise_and_investments_come_first(position):
    state = position(hands=[["yW", "y5", "y7"]], expeditions=[{"yellow": ["y3", "y6"]}])
    assert moves(state, "play") == {"play y7"}
    assert moves(state, "discard") == {"discard yW", "discard y5", "discard y7"}


def test_l3_a_second_investment_then_no_more_after_a_number(position, play):
    state = position(hands=[["bW", "b2", "y9"], ["r5"]], expeditions=[{"blue": ["bW"]}])
    assert moves(state, "play") >= {"play bW", "play b2"}
    play(state, "play b2", "draw", "discard r5", "draw")
    assert state.current_player() == 0
    assert "play bW" not in moves(state) and "discard bW" in moves(state)


def test_l4_alike_investment_cards_are_offered_once(position):
    state = position(hands=[["gW", "gW", "g5"]])
    assert moves(state) == {"play gW", "play g5", "discard gW", "discard g5"}
    assert len(state.legal_actions()) == 4


def test_l5_the_pile_just_discarded_on_is_closed_for_the_draw(position, play):
    state = position(hands=[["r5", "y2"]], piles={"red": ["r8"], "white": ["w4"]})
    play(state, "discard r5")
    assert zone(state, "red") == ["r8", "r5"]
    assert moves(state) == {"draw", "take w4"}


def test_l6_after_laying_every_pile_is_open(position, play):
    hand = ["g4", "y2", "y3", "b5", "b6", "w7", "r2", "r3"]
    state = position(hands=[hand], piles={"green": ["g9"]})
    play(state, "play g4")
    assert moves(state) == {"draw", "take g9"}
    play(state, "take g9")
    assert zone(state, "green") == [] and len(zone(state, "hand", 0)) == 8


def test_l7_the_card_under_becomes_the_top_and_the_taken_card_is_known(position, play):
    state = position(hands=[["y3"], ["r4"]], piles={"white": ["w2", "w8"]})
    play(state, "discard y3", "take w8")
    assert zone(state, "white") == ["w2"]
    assert state.current_player() == 1 and "take w2" in moves(play(state, "discard r4"))
    assert state.view(1).zones["hand"][0] == {"count": 1, "known": [{"card": "w8"}]}


# ---------------------------------------------------------------------------------------------------------
# 6. scoring
# ---------------------------------------------------------------------------------------------------------

def scored(position, seat_expeditions) -> int:
    return round_score(position(expeditions=[seat_expeditions]), 0)


def test_l8_an_investment_doubles(position):
    assert scored(position, {"yellow": ["yW", "y3", "y5", "y8", "y10"]}) == 12


def test_l9_eight_cards_earn_the_bonus(position):
    assert scored(position, {"red": ["r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"]}) == 44


def test_l10_the_investment_counts_toward_eight_and_the_bonus_is_not_doubled(position):
    assert scored(position, {"red": ["rW", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]}) == 50


def test_l11_a_loss_is_multiplied_too(position):
    assert scored(position, {"blue": ["bW", "bW", "b2", "b5"]}) == -39


def test_l12_investments_alone_cost_the_multiplied_20(position):
    assert scored(position, {"green": ["gW", "gW"]}) == -60


def test_l13_unstarted_expeditions_score_nothing(position):
    state = position(expeditions=[{"yellow": ["yW", "y3", "y5", "y8", "y10"], "white": ["w9"]}])
    assert round_score(state, 0) == 1
    assert round_score(state, 1) == 0  # nothing started at all


# ---------------------------------------------------------------------------------------------------------
# 5. the end of a round, and of the match
# ---------------------------------------------------------------------------------------------------------

def test_l14_drawing_the_last_card_ends_the_round_and_deals_the_next(position, play):
    state = position(hands=[["y10", "g2"], ["r6"]], expeditions=[{"yellow": ["y5", "y9"]}, {"white": ["w10"]}],
                     deck=1, round=1, opener=0)
    play(state, "play y10", "draw")
    assert variable(state, "round") == 2
    assert variable(state, "total") == [4, -10]  # (5 + 9 + 10 - 20) and (10 - 20)
    assert [len(zone(state, "hand", p)) for p in (0, 1)] == [8, 8] and len(zone(state, "deck")) == 44
    assert all(zone(state, f"{k}_expedition", p) == [] for k in COLOURS for p in (0, 1))
    assert all(zone(state, k) == [] for k in COLOURS)
    assert state.current_player() == 1 and not state.is_terminal()


def test_l15_taking_a_discard_does_not_shorten_the_deck(position, play):
    state = position(hands=[["y4", "g2"], ["r6"]], piles={"blue": ["b7"]}, deck=1)
    play(state, "discard y4", "take b7")
    assert len(zone(state, "deck")) == 1 and variable(state, "round") == 1
    assert state.current_player() == 1 and not state.is_terminal()


def last_round(position, play, p1_expeditions):
    state = position(hands=[["y2", "g2"], ["r2"]], expeditions=[{}, p1_expeditions], deck=1, round=3,
                     totals=(30, 10), opener=0)
    return play(state, "discard y2", "draw")


def test_l16_the_higher_total_after_three_rounds_wins(position, play):
    # (30 - 20) x 2 = 20 and 25 - 20 = 5: 25 this round
    state = last_round(position, play, {"yellow": ["yW", "y5", "y7", "y8", "y10"], "red": ["r7", "r8", "r10"]})
    assert state.is_terminal()
    assert variable(state, "total") == [30, 35] and state.winners == [1]


def test_l17_equal_totals_share_the_win(position, play):
    state = last_round(position, play, {"yellow": ["yW", "y5", "y7", "y8", "y10"]})  # (30 - 20) x 2 = 20
    assert state.is_terminal()
    assert variable(state, "total") == [30, 30] and state.winners == [0, 1]
