"""The rulings of /work/shared/rules/punto.md added after the worked examples, each run on games/punto.rules
through positions: `rounds_to_win` from 1 to 10 and `teams` for 4 players only (6); three rounds in a row
that nobody won end the game, won by nobody (6); which card a side removes when cards tie (5.5, 7.4); and
what a round keeps to itself (8: every round starts afresh).

Expected values come from the document; seat colours and the position helpers are those of test_examples.
"""

from __future__ import annotations

import pytest

import cardrules
from cardrules.diagnostics import RulesError

from .test_examples import deck_and_hand, grid, place, removed, row, wins


def variable(state, name):
    """A number variable as seen by seat 0 (views write numbers as texts); a per-player one as a list."""
    value = state.view(0).variables[name]
    return [int(v) for v in value] if isinstance(value, list) else int(value)


# ---------------------------------------------------------------------------------------------------------
# 6: what the options accept
# ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [0, 11, -2])
def test_rounds_to_win_outside_1_to_10_is_refused(value):
    with pytest.raises(RulesError, match=f"option 'rounds_to_win' accepts a whole number from 1 to 10, not {value}"):
        cardrules.load("punto", options={"rounds_to_win": value})


def test_one_round_win_can_win_the_game(position):
    quick = cardrules.load("punto", options={"rounds_to_win": 1})
    state = place(position(quick, 4, grid=row(["r2", "r9", "r4"]), decks={0: ["r4"], 1: ["b1"]}), "3,0")
    assert state.is_terminal() and state.winners == [0]
    assert cardrules.load("punto", options={"rounds_to_win": 10}).options["rounds_to_win"] == 10


@pytest.mark.parametrize("players", [2, 3])
def test_teams_with_2_or_3_players_is_refused(position, teams, players):
    with pytest.raises(RulesError, match=f"option 'teams' is for 4 players only: a game of {players} keeps it "
                                         "false"):
        position(teams, players)
    with pytest.raises(ValueError, match="option 'teams' is for 4 players only"):
        teams.new_initial_state(players)
    assert teams.new_initial_state(4).n == 4


# ---------------------------------------------------------------------------------------------------------
# 6: three rounds in a row that nobody won
# ---------------------------------------------------------------------------------------------------------

NOBODY = row(["r1", "b2", "g3", "y4"])  # a blocked round without a line (P14): nobody wins it


def test_the_third_round_in_a_row_won_by_nobody_ends_the_game_won_by_nobody(position, punto):
    state = position(punto, 4, grid=NOBODY, variables={"unwon": 2})
    assert state.is_terminal() and state.winners == [] and state.returns() == [0.0] * 4
    assert wins(state) == [0, 0, 0, 0] and removed(state) == []


def test_the_second_round_won_by_nobody_goes_on(position, punto):
    state = position(punto, 4, grid=NOBODY, variables={"unwon": 1, "starter": 2}, to_move=2)
    assert not state.is_terminal() and variable(state, "unwon") == 2
    assert state.current_player() == 3 and grid(state) == {}


def test_a_round_won_starts_the_count_again(position, punto):
    state = place(position(punto, 4, grid=row(["r2", "r9", "r4"]), decks={0: ["r4"], 1: ["b1"]},
                           variables={"unwon": 2}), "3,0")
    assert not state.is_terminal() and variable(state, "unwon") == 0 and wins(state) == [1, 0, 0, 0]
    state = position(punto, 4, grid=NOBODY, variables={"unwon": 0})
    assert not state.is_terminal() and variable(state, "unwon") == 1


# ---------------------------------------------------------------------------------------------------------
# 5.5, 7.4: which card goes when cards tie for the most dots
# ---------------------------------------------------------------------------------------------------------

# Teams: team A (seats 0 and 2, red + green) has r1 r2 at (1, 0), (2, 0). Seat `first` lays an r8 at (0, 0),
# its partner the other r8 at (3, 0) two turns later; team B lays single cards away from the row.
def copies_round(position, teams, first, decks):
    partner = 2 - first
    state = position(teams, 4, grid={"1,0": "r1", "2,0": "r2"}, decks=decks, to_move=first)
    for cell in ("0,0", "1,1", "3,0"):  # first, the next seat, the partner
        place(state, cell)
    return state, partner


@pytest.mark.parametrize("first", [0, 2])
def test_a_line_win_removes_the_copy_laid_most_recently(position, teams, first):
    state, partner = copies_round(position, teams, first, {first: ["r3", "r8"], 1: ["b1"], 2 - first: ["r8"],
                                                           3: ["y1"]})
    place(state, "2,1")  # the seat after the partner
    place(state, "4,0")  # first: r8 r1 r2 r8 r3, five red
    assert wins(state) == [1, 0, 1, 0] and removed(state) == ["r8"]
    # 5.5 (ruling): the partner's r8 was laid last, so the partner's deck shrinks; `first` gets its own back
    assert deck_and_hand(state, partner).count("r8") == 0 and deck_and_hand(state, first).count("r8") == 1


@pytest.mark.parametrize("first", [0, 2])
def test_a_blocked_round_removes_the_copy_laid_most_recently(position, teams, first):
    state, partner = copies_round(position, teams, first, {first: ["r8"], first + 1: ["b1"], 2 - first: ["r8"]})
    # every deck is now empty: blocked; team A has the only line of N - 1 = 4 (r8 r1 r2 r8)
    assert wins(state) == [1, 0, 1, 0] and removed(state) == ["r8"]
    assert deck_and_hand(state, partner).count("r8") == 0 and deck_and_hand(state, first).count("r8") == 1
    assert state.view(0).variables["starter"] == f"P{partner + 1}"  # 8.5: left of the member who laid last


def test_a_blocked_round_between_colours_removes_red_before_green(position, punto):
    # 2 players: seat 0 (red + green) has a green and a red line of 4, both topped by an 8; seat 1 none
    lines = {**row(["g8", "g1", "g2", "g3"], y=0), **row(["r1", "r2", "r3", "r8"], y=2)}
    state = position(punto, 2, grid=lines)
    assert wins(state) == [1, 0] and removed(state) == ["r8"]


def test_a_blocked_round_between_colours_removes_blue_before_yellow(position, teams):
    lines = {**row(["y8", "y1", "y2", "y3"], y=0), **row(["b1", "b2", "b3", "b8"], y=2)}
    state = position(teams, 4, grid=lines)
    assert wins(state) == [0, 1, 0, 1] and removed(state) == ["b8"]


# ---------------------------------------------------------------------------------------------------------
# 8: a round keeps its own count of who laid a card last
# ---------------------------------------------------------------------------------------------------------

def test_who_laid_last_is_counted_afresh_each_round(position):
    # Round 1: seat 0 lays the 10th card of the round, r5, and wins it.
    game = cardrules.load("punto", options={"teams": True, "rounds_to_win": 3})
    state = place(position(game, 4, grid=row(["r1", "r2", "r3", "r4"]), decks={0: ["r5"]},
                           variables={"laid": 9}), "4,0")
    assert wins(state) == [1, 0, 1, 0] and variable(state, "last") == [0, 0, 0, 0] and variable(state, "laid") == 0
    # Round 2: only seat 2 has cards (r1 to r4, laid by nobody in round 1, went to a red seat): it lays them in
    # a row, a line of N - 1 = 4; then every deck is empty and team A wins the blocked round.
    for cell in ("0,0", "1,0", "2,0", "3,0"):
        assert state.current_player() == 2
        place(state, cell)
    assert wins(state) == [2, 0, 2, 0] and removed(state) == ["r5", "r4"]
    # 8.5: the next round starts left of seat 2, who laid last in this round, not of seat 0 and its count
    # from round 1
    assert state.view(0).variables["starter"] == "P3"
