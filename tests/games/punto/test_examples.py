"""The worked examples P1-P24 of /work/shared/rules/punto.md (section 10), run on games/punto.rules through
position files.

Every expected value is copied from the document (section 10, with the rulings it relies on); nothing
expected is computed by the engine. Seat colours follow 3.2: 2 players red + green / blue + yellow; 3 players
red, blue, green with yellow neutral; 4 players red, blue, green, yellow; teams red + green (seats 0 and 2)
against blue + yellow (seats 1 and 3).

Positions: a deck is listed bottom to top, so its last card is the one the player turns up when the turn
starts; cards not listed stay in the box (`pile`) and play no part. Loading a position runs the turn up to
its first decision, so a blocked round (every deck empty, or no cell for the card turned up) is scored while
the position loads, and the state is then the next round's first decision.
"""

from __future__ import annotations

import pytest

import cardrules

# ---------------------------------------------------------------------------------------------------------
# helpers (test-side only: nothing here decides an expected result)
# ---------------------------------------------------------------------------------------------------------


def row(cards, y=0, x=0):
    """Cards laid left to right from (x, y); None leaves a cell empty."""
    return {f"{x + i},{y}": card for i, card in enumerate(cards) if card is not None}


def legal_cells(state) -> set[str]:
    texts = [a.text for a in state.legal_actions()]
    assert all(t.startswith("place ") for t in texts), texts
    return {t.removeprefix("place ") for t in texts}


def place(state, cell: str):
    state.apply_action(f"place {cell}")
    return state


def wins(state) -> list[int]:
    return [int(w) for w in state.view(0).variables["wins"]]


def removed(state) -> list[str]:
    return state.view(0).zones["removed"]


def grid(state) -> dict:
    return state.view(0).zones["grid"]


def deck_and_hand(state, seat) -> list[str]:
    texts = state.game.card_texts
    return [texts[c] for c in state.zone_cards("deck", seat) + state.zone_cards("hand", seat)]


def assert_round_on(state):
    """The round did not end: nobody scored, no marker was taken, the grid keeps its cards."""
    assert wins(state) == [0] * state.n and removed(state) == [] and grid(state)


# A full 6 x 6 box (4.4, P22): every visible card has at least 2 dots, and no 3 of a colour are in a row.
FULL_BOX = {f"{x},{y}": ["r", "b", "g", "y"][(x + 2 * y) % 4] + str(2 + (x + y) % 8) for x in range(6)
            for y in range(6)}


# ---------------------------------------------------------------------------------------------------------
# placement (4.2)
# ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card, legal", [("b6", True), ("g9", True), ("y5", False), ("b1", False),
                                         ("r6", True), ("r5", False)])
def test_p1_cover_only_a_strictly_lower_card(position, punto, card, legal):
    state = position(punto, 4, grid={"0,0": "r5"}, decks={0: [card]})
    assert ("0,0" in legal_cells(state)) is legal


def test_p1_covering_puts_the_card_on_top_of_the_stack(position, punto):
    state = place(position(punto, 4, grid={"0,0": "r5"}, decks={0: ["b6"], 1: ["b2"]}), "0,0")
    assert grid(state) == {"0,0": ["r5", "b6"]}


def test_p2_touching_by_a_corner_is_enough(position, punto):
    state = position(punto, 4, grid={"0,0": "r5"}, decks={0: ["b3"]})
    assert "1,1" in legal_cells(state)


def test_p3_the_layout_never_grows_beyond_6(position, punto):
    state = position(punto, 4, grid=row(["r2", "b3", "g4", "y5", "r6", "b7"]), decks={0: ["g1"]})
    cells = legal_cells(state)
    assert "6,0" not in cells and "-1,1" not in cells and "5,1" in cells
    # 4.3: once 6 wide, no card goes outside those 6 columns, in any row
    assert all(0 <= int(c.split(",")[0]) <= 5 for c in cells)


def test_p9_the_first_card_goes_to_0_0_without_a_choice(position, punto):
    state = position(punto, 4, decks={0: ["r4"]})
    assert legal_cells(state) == {"0,0"}


def test_p10_an_empty_cell_needs_an_occupied_neighbour(position, punto):
    state = position(punto, 4, grid={"0,0": "r5"}, decks={0: ["b9"]})
    cells = legal_cells(state)
    assert "2,0" not in cells
    assert cells == {"-1,-1", "0,-1", "1,-1", "-1,0", "0,0", "1,0", "-1,1", "0,1", "1,1"}


def test_p11_a_1_never_covers(position, punto):
    state = position(punto, 4, grid=row(["r2", "b1", "g5"]), decks={0: ["y1"]})
    cells = legal_cells(state)
    assert cells and not cells & {"0,0", "1,0", "2,0"}


def test_p22_a_full_box_and_a_1_block_the_round(position, punto):
    state = position(punto, 4, grid=FULL_BOX, decks={0: ["r1", "r1"], 1: ["b9"]})
    # the round was blocked and scored at once: a new round started, every card went back to its holder
    assert grid(state) == {} and removed(state) == [] and wins(state) == [0, 0, 0, 0]
    reds = deck_and_hand(state, 0)
    assert sorted(reds) == sorted(["r1", "r1"] + [c for c in FULL_BOX.values() if c.startswith("r")])


# ---------------------------------------------------------------------------------------------------------
# lines (5)
# ---------------------------------------------------------------------------------------------------------

def test_p4_five_red_win_for_red_and_green(position, punto):
    state = place(position(punto, 2, grid=row(["r1", "r2", "r3", "r4"]), decks={0: ["g1", "r9"], 1: ["b1"]}),
                  "4,0")
    assert wins(state) == [1, 0] and removed(state) == ["r9"]


def test_p4_a_line_mixing_the_two_colours_wins_nothing(position, punto):
    state = place(position(punto, 2, grid=row(["g1", "r2", "r3", "r4"]), decks={0: ["g1", "r9"], 1: ["b1"]}),
                  "4,0")
    assert_round_on(state)
    assert state.current_player() == 1


def test_p5_neutral_lines_never_count(position, punto):
    state = place(position(punto, 3, grid=row(["y1", "y2", "y3"]), decks={0: ["r1", "y5"], 1: ["b1"], 2: ["g1"]}),
                  "3,0")
    assert_round_on(state)


def test_p8_the_highest_card_of_the_line_is_removed(position, punto):
    state = place(position(punto, 4, grid=row(["r2", "r9", "r4"]), decks={0: ["r4"], 1: ["b1"]}), "3,0")
    assert wins(state) == [1, 0, 0, 0] and removed(state) == ["r9"]


def test_p12_two_runs_joined_by_the_placed_card(position, punto):
    state = place(position(punto, 4, grid=row(["r3", "r8", None, "r6", "r5"]), decks={0: ["r2"], 1: ["b1"]}),
                  "2,0")
    assert wins(state) == [1, 0, 0, 0] and removed(state) == ["r8"]


@pytest.mark.parametrize("cards, cell, won", [
    (["r1", "r2", "g3", "r4"], "4,0", False),  # r r g r r
    (["r1", "r2", "r3", "r4"], "4,0", True),   # r r r r r
    (["r1", "r2", "r3"], "3,0", False),         # r r r r: team mode needs 5
])
def test_p13_team_lines_are_of_one_colour_and_of_5(position, teams, cards, cell, won):
    state = place(position(teams, 4, grid=row(cards), decks={0: ["r9"], 1: ["b1"], 2: ["g1"], 3: ["y1"]}), cell)
    if won:
        assert wins(state) == [1, 0, 1, 0] and removed(state) == ["r9"]
    else:
        assert_round_on(state)


def test_p23_covering_another_colour_completes_a_line(position, punto):
    state = position(punto, 4, grid=row(["r2", "r6", "b3", "r7"]), decks={0: ["r5"], 1: ["b1"]})
    assert "2,0" in legal_cells(state)
    place(state, "2,0")
    assert wins(state) == [1, 0, 0, 0] and removed(state) == ["r7"]


def test_p24_a_segment_of_6_wins_and_its_highest_card_is_removed(position, punto):
    state = place(position(punto, 2, grid=row(["r1", "r2", "r3", None, "r8", "r4"]),
                           decks={0: ["r5"], 1: ["b1"]}), "3,0")
    assert wins(state) == [1, 0] and removed(state) == ["r8"]


def test_a_line_of_another_side_colour_wins_nothing_for_me(position, punto):
    # 5.1: only a counting colour of the turn player's side wins; seat 0 (red) lays seat 1's blue card
    state = place(position(punto, 4, grid=row(["b1", "b2", "b3"]), decks={0: ["b9"], 1: ["b4"]}), "3,0")
    assert_round_on(state)


# ---------------------------------------------------------------------------------------------------------
# blocked rounds (7) and who starts the next round (8.5)
# ---------------------------------------------------------------------------------------------------------

def test_p6_most_lines_win_a_blocked_round(position, punto):
    lines = {**row(["r1", "r2", "r3"], y=0), **row(["r4", "r5", "r6"], y=2), **row(["b1", "b2", "b3"], y=4)}
    state = position(punto, 3, grid=lines)  # every deck is empty: the round is blocked (7.1)
    assert wins(state) == [1, 0, 0] and removed(state) == ["r6"]
    assert state.current_player() == 1  # left of the winner


def test_p7_equal_lines_fewest_dots_win(position, punto):
    state = position(punto, 4, grid={**row(["r3", "r7", "r5"], y=0), **row(["b4", "b6", "b9"], y=2)})
    assert wins(state) == [1, 0, 0, 0] and removed(state) == ["r7"]


def test_p14_no_line_nobody_wins_and_the_next_starter_moves_left(position, punto):
    state = position(punto, 4, grid=row(["r1", "b2", "g3", "y4"]), to_move=2, variables={"starter": 2})
    assert wins(state) == [0, 0, 0, 0] and removed(state) == []
    assert state.current_player() == 3  # left of this round's first player


def test_p15_a_tie_on_lines_and_dots_wins_nothing(position, punto):
    state = position(punto, 4, grid={**row(["r1", "r5", "r6"], y=0), **row(["b2", "b4", "b6"], y=2)},
                     variables={"starter": 0})
    assert wins(state) == [0, 0, 0, 0] and removed(state) == []
    assert state.current_player() == 1


def test_p16_crossing_lines_count_twice_and_shared_cards_in_both(position, punto):
    red = {"0,0": "r2", "1,0": "r3", "2,0": "r4", "1,1": "r5", "1,2": "r6"}
    blue = {**row(["b1", "b8", "b9"], y=3, x=3), **row(["b1", "b2", "b3"], y=5, x=3)}
    state = position(punto, 4, grid={**red, **blue})
    assert wins(state) == [1, 0, 0, 0] and removed(state) == ["r6"]  # 23 dots against 24


def test_p19_a_lone_card_past_a_gap_is_not_part_of_the_line(position, punto):
    for gap in (None, "b5"):
        state = position(punto, 4, grid=row(["r1", "r2", "r3", gap, "r9"]))
        assert wins(state) == [1, 0, 0, 0] and removed(state) == ["r3"]


def test_p20_two_players_count_lines_of_4_only(position, punto):
    lines = {**row(["r1", "r2", "r3"], y=0), **row(["g5", "g6", "g7", "g8"], y=2), **row(["b1", "b2", "b3", "b4"],
                                                                                        y=4)}
    state = position(punto, 2, grid=lines)
    # one line each (the red 3 does not count); blue has fewer dots (10 against 26)
    assert wins(state) == [0, 1] and removed(state) == ["b4"]


def test_a_blocked_team_round_starts_left_of_the_member_who_laid_last(position, teams):
    # 8.5 (ruling): seat 2 lays the 4th red card, a line of N - 1 = 4 for team A, and then every deck is empty
    state = position(teams, 4, grid={**row(["r1", "r2", "r3"]), "0,2": "y1"}, decks={2: ["r4"]}, to_move=2)
    assert wins(state) == [0, 0, 0, 0]
    place(state, "3,0")  # at seat 3's turn every deck is empty: blocked, team A has the only line
    assert wins(state) == [1, 0, 1, 0] and removed(state) == ["r4"]
    assert state.current_player() == 3  # left of seat 2, not of seat 0


def test_p21_the_seat_left_of_the_last_seat_is_seat_0(position, punto):
    state = place(position(punto, 3, grid=row(["g1", "g2", "g3"]), decks={0: ["r1"], 1: ["b1"], 2: ["g9"]},
                           to_move=2), "3,0")
    assert wins(state) == [0, 0, 1] and state.current_player() == 0


# ---------------------------------------------------------------------------------------------------------
# decks and the next round (4.1, 8)
# ---------------------------------------------------------------------------------------------------------

def test_p18_an_empty_deck_is_skipped(position, punto):
    state = position(punto, 2, grid={"0,0": "r5"}, decks={0: ["r2", "g7"]}, to_move=1)
    assert state.current_player() == 0 and grid(state) == {"0,0": ["r5"]}
    assert state.view(0).zones["hand"][0] == ["g7"]


def test_p18_every_deck_empty_blocks_the_round(position, punto):
    state = position(punto, 2, grid={"0,0": "r5", "1,0": "b3"}, variables={"starter": 0})
    assert grid(state) == {} and wins(state) == [0, 0]  # blocked, no line: a new round
    assert state.current_player() == 1 and deck_and_hand(state, 1) == ["b3"]
    assert deck_and_hand(state, 0) == ["r5"]


def test_p17_laid_neutral_cards_are_dealt_out_from_the_next_first_player(position, punto):
    neutral = {"0,2": "y1", "1,2": "y2", "2,3": "y3", "4,2": "y4", "4,4": "y5"}
    state = position(punto, 3, grid={**row(["r1", "r2", "r3"]), **neutral},
                     decks={0: ["y9", "r9"], 1: ["b1"], 2: ["g1"]})
    place(state, "3,0")  # seat 0 wins: seat 1 starts the next round
    assert wins(state) == [1, 0, 0] and state.current_player() == 1
    yellow = [sum(c.startswith("y") for c in deck_and_hand(state, p)) for p in range(3)]
    # seat 0 keeps its unplaced y9 and gets the 3rd card; seats 1 and 2 get two each
    assert yellow == [2, 2, 2]
    laid = sorted(c for p in range(3) for c in deck_and_hand(state, p) if c.startswith("y") and c != "y9")
    assert laid == ["y1", "y2", "y3", "y4", "y5"]


def test_cards_go_back_to_their_holders_and_the_marker_is_out(position, punto):
    state = place(position(punto, 4, grid={**row(["r2", "r9", "r4"]), "0,1": ["g1", "b5"], "1,1": "y3"},
                           decks={0: ["r4"], 1: ["b1"]}), "3,0")
    assert removed(state) == ["r9"] and grid(state) == {}
    assert sorted(deck_and_hand(state, 0)) == ["r2", "r4", "r4"]
    assert sorted(deck_and_hand(state, 1)) == ["b1", "b5"]
    assert deck_and_hand(state, 2) == ["g1"] and deck_and_hand(state, 3) == ["y3"]


def test_the_first_to_rounds_to_win_wins_the_game(position, punto):
    state = place(position(punto, 4, grid=row(["r2", "r9", "r4"]), decks={0: ["r4"], 1: ["b1"]},
                           variables={"wins": [1, 1, 0, 0]}), "3,0")
    assert state.is_terminal() and state.winners == [0]
    longer = cardrules.load("punto", options={"rounds_to_win": 3})
    state = place(position(longer, 4, grid=row(["r2", "r9", "r4"]), decks={0: ["r4"], 1: ["b1"]},
                           variables={"wins": [1, 1, 0, 0]}), "3,0")
    assert not state.is_terminal() and wins(state) == [2, 1, 0, 0]


def test_a_team_wins_the_game_together(position, teams):
    state = place(position(teams, 4, grid=row(["g1", "g2", "g3", "g4"]), decks={0: ["g9"], 1: ["b1"]},
                           variables={"wins": [1, 0, 1, 0]}), "4,0")
    assert state.is_terminal() and state.winners == [0, 2] and state.returns() == [1.0, 0.0, 1.0, 0.0]


# ---------------------------------------------------------------------------------------------------------
# For the bots: the file's chance(p) (docs/agents.md) sees lines; the default estimate counts cards only
# ---------------------------------------------------------------------------------------------------------

def test_bots_break_a_line_that_would_win_the_round_next_turn(position, punto):
    from cardrules.bots import make_agent

    # Blue (seat 1) has four in a row and lays a fifth next turn; red's 9 may cover any of them.
    state = position(punto, 2, grid=row(["b1", "b2", "b3", "b4"]), decks={0: ["g2", "r9"], 1: ["b7", "y3"]})
    middle = {"place 1,0", "place 2,0"}  # leaves blue two in a row at most, where an end leaves three
    for seed in range(6):
        assert make_agent("greedy", punto, 0, seed).choose(state).text in middle
        assert make_agent("ismcts:iterations=100", punto, 0, seed).choose(state).text in middle
    split, shortened = place(state.clone(), "1,0"), place(state.clone(), "0,0")
    assert punto.call(split, "chance", 0) > punto.call(shortened, "chance", 0)
