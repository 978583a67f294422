"""The worked examples G1-G34 and the edge cases of /work/shared/rules/the-game.md (sections 11 and 12),
run on games/the-game.rules through position files.

Every expected value is copied from the document (or follows from it by counting the cards the test itself
placed); nothing expected is computed by the engine. Command cards follow the table of section 8:

    STOP 13 37 61 85 | SKULL 17 41 65 89 | THREE 21 45 69 93 | NO_COMMUNICATION 9 33 57 81
    NO_BACKWARD 25 49 73 97 | ONE_PILE 5 29 53 77 | DRAW_ONE 11 35 59 83

Positions: a pile is given bottom to top, so the last number is the top card. A command card that must be
visible at the start of the turn is the top card of its pile. When an example needs a small draw pile, the
cards the example does not use are buried under the listed cards of a pile (covered cards play no part:
only a pile's top card matters, 5.2 and 9.3).
"""

from __future__ import annotations

import pytest

import cardrules

from .cards import ALL_NUMBERS, PILES

# ---------------------------------------------------------------------------------------------------------
# helpers (test-side only: nothing here decides an expected result)
# ---------------------------------------------------------------------------------------------------------


def plays(state) -> set[str]:
    return {a.text for a in state.legal_actions() if a.text.startswith("play ")}


def signals(state) -> set[str]:
    return {a.text for a in state.legal_actions() if a.text.startswith("signal ")}


def hand(state, seat) -> list[int]:
    return sorted(int(state.game.card_texts[c]) for c in state.zone_cards("hand", seat))


def top(state, pile) -> int:
    cards = state.zone_cards(pile)
    return int(state.game.card_texts[cards[-1]]) if cards else (1 if pile.startswith("asc") else 100)


def draw_count(state) -> int:
    return len(state.zone_cards("draw"))


def marks_seen_by(state, viewer):
    return state.view(viewer).variables["mark"]


def played(state) -> str:
    return state.view(state.current_player()).variables["played"]


def assert_lost(state):
    assert state.is_terminal(), "the game should be over"
    assert state.winners == [], f"the game should be lost, winners {state.winners}"


def assert_won(state):
    assert state.is_terminal(), "the game should be over"
    assert state.winners == list(range(state.n)), f"all seats should win, winners {state.winners}"


def assert_running(state, turn_player):
    assert not state.is_terminal(), "the game should go on"
    assert state.current_player() == turn_player


def turn_outcomes(state):
    """Every way the current turn can go on with card plays and `end` (signals left out: they change no card).

    Returns (actions taken, state) for each finished line: the game is over or the turn passed on."""
    seat, turn = state.current_player(), state.turns
    found = []

    def walk(s, path):
        if s.is_terminal() or s.turns != turn:
            found.append((path, s))
            return
        assert s.current_player() == seat
        for action in s.legal_actions():
            if action.text.startswith("signal "):
                continue
            after = s.clone()
            after.apply_action(action)
            walk(after, path + [action.text])

    walk(state, [])
    return found


# ---------------------------------------------------------------------------------------------------------
# 12.1 original game
# ---------------------------------------------------------------------------------------------------------

def test_g1_ascending_pile_47(position, play, original):
    s = position(original, piles={"asc1": [47]}, hands=[[37, 38, 27, 48, 2, 3, 4], [90]])
    legal = plays(s)
    assert "play 37 asc1" in legal  # backward, exactly 10 lower
    assert "play 38 asc1" not in legal
    assert "play 27 asc1" not in legal
    assert "play 48 asc1" in legal
    play(s, "play 37 asc1")
    assert top(s, "asc1") == 37


def test_g2_descending_pile_60(position, original):
    s = position(original, piles={"desc1": [60]}, hands=[[70, 59, 61, 2, 3, 4, 6], [90]])
    legal = plays(s)
    assert "play 70 desc1" in legal  # backward, exactly 10 higher
    assert "play 59 desc1" in legal
    assert "play 61 desc1" not in legal


def test_g3_fresh_piles_take_any_card(position, original):
    """Every number card 2-99 can go on a fresh ascending (top 1) and a fresh descending (top 100) pile."""
    s = position(original, players=1, hands=[ALL_NUMBERS])
    assert top(s, "asc1") == 1 and top(s, "desc1") == 100
    legal = plays(s)
    for c in ALL_NUMBERS:
        for pile in PILES:
            assert f"play {c} {pile}" in legal, (c, pile)


def test_g4_seed_sequences_are_all_legal(position, texts, play, original):
    """3, 11, 12, 13, 20, 34 up one ascending pile; 94, 90, 78, 61, 60, 57 down one descending pile.
    11, 13 and 61 are plain cards in the original game: they change nothing."""
    up, down = [3, 11, 12, 13, 20, 34], [94, 90, 78, 61, 60, 57]
    s = position(original, hands=[up + down + [50], [99]])
    for c in up:
        play(s, f"play {c} asc1")
        assert_running(s, 0)
    for c in down:
        play(s, f"play {c} desc1")
        assert_running(s, 0)
    assert top(s, "asc1") == 34 and top(s, "desc1") == 57
    assert "end" in texts(s)


@pytest.mark.parametrize("players, expected", [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
@pytest.mark.parametrize("options", [{}, {"extreme": True}], ids=["original", "extreme"])
def test_g5_hand_sizes(players, expected, options):
    game = cardrules.load("the-game", options=options)
    for seed in (0, 1, 2):
        s = game.new_initial_state(players, seed=seed)
        assert [len(s.zone_cards("hand", p)) for p in range(players)] == [expected] * players
        assert draw_count(s) == 98 - expected * players
        assert all(not s.zone_cards(k) for k in PILES)  # 3.1: only the start cards


def test_g6_minimum_two_with_draw_pile(position, texts, play, original):
    s = position(original, hands=[[20, 30, 40, 50, 60, 70, 80], [90]])
    assert draw_count(s) > 0
    assert "end" not in texts(s)
    play(s, "play 20 asc1")
    assert "end" not in texts(s)  # m = 2
    play(s, "play 30 asc1")
    assert "end" in texts(s)


def test_g6_minimum_one_with_empty_draw_pile(position, texts, play, original):
    s = position(original, piles={"desc2": [10]}, hands=[[20, 30, 40], [90]], draw=0)
    assert draw_count(s) == 0
    assert "end" not in texts(s)
    play(s, "play 20 asc1")
    assert "end" in texts(s)  # m = 1
    play(s, "end")
    assert_running(s, 1)


# G16's piles: nothing fits for 20..70 (an ascending pile needs > 95 or exactly 85/86; a descending pile
# needs < 8 or exactly 18/17)
BLOCKED = {"asc1": [95], "asc2": [96], "desc1": [8], "desc2": [7]}


def test_g12_result_of_a_lost_game(position, original):
    """Hands hold 5 cards in total and the draw pile 3: result 8, an excellent result (< 10)."""
    s = position(original, piles=BLOCKED, hands=[[20, 30, 40], [50, 60]], draw=3)
    assert_lost(s)
    assert s.result() == 8
    assert s.result() < 10


def test_g12_result_counted_after_a_play(position, play, original):
    """The same count when the loss comes during the turn: P0 plays 97 and then holds 20, 30, 40."""
    s = position(original, piles=BLOCKED, hands=[[97, 20, 30, 40], [50, 60]], draw=3)
    play(s, "play 97 asc1")
    assert_lost(s)
    assert s.result() == 8


def test_g13_two_backward_moves(position, texts, play, original):
    s = position(original, piles={"asc2": [52]}, hands=[[42, 32, 2, 3, 4, 6, 7], [90]])
    play(s, "play 42 asc2", "play 32 asc2")
    assert top(s, "asc2") == 32
    assert_running(s, 0)
    assert "end" in texts(s)


def test_g14_draw_the_last_two_cards(position, play, original):
    """2 players (H = 7): the player plays 3 cards with 2 in the draw pile: draws 2, pile empty, hand = 6."""
    s = position(original, piles={"desc2": [10]}, hands=[[20, 30, 40, 50, 60, 70, 80], [81, 82, 83, 84, 85, 86, 87]],
                 draw=[2, 3])
    play(s, "play 20 asc1", "play 30 asc1", "play 40 asc1", "end")
    assert draw_count(s) == 0
    assert len(s.zone_cards("hand", 0)) == 6
    assert hand(s, 0) == [2, 3, 50, 60, 70, 80]
    assert_running(s, 1)


def test_g15_player_without_cards_is_skipped(position, play, original):
    """Draw pile empty, P1 has no cards, 3 players: after P0's turn P2 plays; after P2's, P0 again."""
    s = position(original, players=3, piles={"desc2": [10]}, hands=[[20, 30], [], [40]], draw=0)
    play(s, "play 20 asc1", "end")
    assert_running(s, 2)
    play(s, "play 40 asc1")  # P2's hand is empty: the turn ends by itself
    assert_running(s, 0)


def test_g16_no_card_fits_at_the_start(position, original):
    s = position(original, players=3, piles=BLOCKED,
                 hands=[[20, 30, 40, 50, 60, 70], [2, 3, 4, 5, 6, 9], [10, 11, 12, 13, 14, 15]])
    assert draw_count(s) > 0
    assert_lost(s)
    assert s.result() == 98 - 4  # every card except the four on the piles (all hands + draw pile)


def test_g17_no_second_card(position, texts, play, original):
    """m = 2: P0 plays 97 (the only card that fits) and then nothing fits: lost (ruling)."""
    s = position(original, players=3, piles=BLOCKED,
                 hands=[[97, 20, 30, 40, 50, 60], [2, 3, 4, 5, 6, 9], [10, 11, 12, 13, 14, 15]])
    assert plays(s) == {"play 97 asc1", "play 97 asc2"}
    assert "end" not in texts(s)
    play(s, "play 97 asc1")
    assert_lost(s)
    assert s.result() == 98 - 5


def test_g18_last_card_wins(position, play, original):
    s = position(original, piles={"asc1": [50], "asc2": [60], "desc1": [40], "desc2": [30]},
                 hands=[[99], []], draw=0)
    assert_running(s, 0)
    play(s, "play 99 asc1")
    assert_won(s)
    assert s.result() == 0


def test_g18_last_cards_win_one_player(position, play, original):
    s = position(original, players=1, piles={"asc1": [50], "desc1": [40]}, hands=[[98, 99]], draw=0)
    play(s, "play 98 asc1")
    assert_running(s, 0)
    play(s, "play 99 asc1")
    assert_won(s)
    assert s.result() == 0


def test_g18_last_card_by_a_later_player(position, play, original):
    """P0 ends a turn with cards still in P1's hand: not over; P1 places the last card: won."""
    s = position(original, piles={"asc1": [50], "desc1": [40]}, hands=[[60, 70], [80]], draw=0)
    play(s, "play 60 asc1", "play 70 asc1")
    assert_running(s, 1)
    play(s, "play 80 asc1")
    assert_won(s)
    assert s.result() == 0


@pytest.mark.parametrize("options", [{}, {"extreme": True}], ids=["original", "extreme"])
def test_g19_seat_zero_starts(options):
    game = cardrules.load("the-game", options=options)
    for players in range(1, 6):
        for seed in (0, 7):
            s = game.new_initial_state(players, seed=seed)
            assert s.current_player() == 0
            assert s.view(0).turn_player == 0


def test_g20_signals(position, texts, play, original):
    s = position(original, hands=[[20, 30, 40, 50, 60, 70, 80], [2, 3, 4, 6, 7, 8, 9]])
    assert "signal asc1 keep" in texts(s)
    piles_before = [list(s.zone_cards(k)) for k in PILES]
    play(s, "signal asc1 keep")
    assert_running(s, 0)
    assert marks_seen_by(s, 1)[0]["asc1"] == "keep"  # public: P1 sees it
    assert marks_seen_by(s, 0)[0]["asc1"] == "keep"
    assert [list(s.zone_cards(k)) for k in PILES] == piles_before  # no card effect
    assert len(s.zone_cards("hand", 0)) == 7
    assert played(s) == "0"
    assert "end" not in texts(s)  # not a play
    play(s, "play 20 asc1")
    assert "end" not in texts(s)  # one play + one signal is still below m = 2
    play(s, "signal asc1 none")  # P0 clears it
    assert marks_seen_by(s, 1)[0]["asc1"] == "none"
    assert "end" not in texts(s)
    play(s, "play 30 asc1")
    assert "end" in texts(s)
    play(s, "signal desc1 good", "end")  # signal after reaching m, then end
    assert_running(s, 1)
    # 6.3: marks stay until their owner changes them; P1's signals set P1's own marks only
    assert marks_seen_by(s, 1)[0]["desc1"] == "good"
    play(s, "signal desc1 keep")
    assert marks_seen_by(s, 0)[1]["desc1"] == "keep"
    assert marks_seen_by(s, 0)[0]["desc1"] == "good"


def test_g20_marks_given_in_a_position_and_one_player_signals(position, texts, original):
    s = position(original, hands=[[20, 30], [40]], marks=[{"asc1": "keep"}, {}])
    assert marks_seen_by(s, 1)[0] == {"asc1": "keep", "asc2": "none", "desc1": "none", "desc2": "none"}
    solo = position(original, players=1, hands=[[20, 30]])
    assert "signal asc1 keep" in texts(solo)  # 6.5: allowed with one player


def test_command_numbers_are_plain_in_the_original(position, texts, play, original):
    """G1/G4 note: with `extreme` off, 13 (STOP) and 17 (SKULL) do nothing special."""
    s = position(original, hands=[[13, 17, 20, 30, 40, 50, 60], [90]])
    play(s, "play 13 asc1")
    assert_running(s, 0)  # a STOP would have ended the turn
    play(s, "play 17 asc1")
    assert "end" in texts(s)  # a SKULL would forbid ending


# ---------------------------------------------------------------------------------------------------------
# 12.2 Extreme
# ---------------------------------------------------------------------------------------------------------

def test_g7_three_then_stop(position, texts, play, extreme):
    s = position(extreme, piles={"asc1": [20]}, hands=[[30, 45, 61, 2, 3, 4, 6], [70, 71, 72, 74, 75, 76, 78]])
    before = draw_count(s)
    play(s, "play 30 asc1")
    assert "end" not in texts(s)
    play(s, "play 45 asc1")  # THREE: exactly 3 cards this turn
    assert "end" not in texts(s)
    play(s, "play 61 asc1")  # STOP as the 3rd card: the turn ends
    assert_running(s, 1)
    assert len(s.zone_cards("hand", 0)) == 7  # drew 3 (no DRAW_ONE visible)
    assert draw_count(s) == before - 3


def test_g8_stop_as_first_card(position, play, extreme):
    s = position(extreme, piles={"desc1": [50]}, hands=[[13, 2, 3, 4, 6, 7, 8], [70, 71, 72, 74, 75, 76, 78]])
    before = draw_count(s)
    play(s, "play 13 desc1")
    assert_running(s, 1)  # the turn ended after 1 card; the minimum does not apply
    assert len(s.zone_cards("hand", 0)) == 7  # drew 1
    assert draw_count(s) == before - 1


# G9: the other piles only take 2, 3, 14 (desc1:4, backward) and 16 (desc2:6, backward); nothing can ever
# cover the skull on asc1 (it needs more than 17, or exactly 7)
G9_PILES = {"asc1": [10], "asc2": [95], "desc1": [4], "desc2": [6]}


def test_g9_skull_that_can_never_be_covered(position, texts, play, extreme):
    s = position(extreme, piles=G9_PILES, hands=[[17, 2, 3, 8, 12, 14, 16], [70, 71, 72, 74, 75, 76, 78]])
    play(s, "play 17 asc1")
    assert "end" not in texts(s)
    lines = turn_outcomes(s)
    assert len(lines) > 1  # P0 can go on playing elsewhere ...
    for path, end in lines:  # ... but every line ends in a loss, and the turn never ends
        assert "end" not in path
        assert_lost(end)


def test_9_1_5_the_loss_comes_when_certain_and_counts_the_cards_then(position, texts, play, extreme):
    """9.1.5 (ruling): the skull of G9 can never be covered, but the engine does not look ahead: the game goes
    on while a permitted play remains, and the loss, when it comes, counts the cards left at that moment."""
    s = position(extreme, piles=G9_PILES, hands=[[17, 2, 3, 8, 12, 14, 16], [70, 71, 72, 74, 75, 76, 78]])
    play(s, "play 17 asc1")
    assert_running(s, 0)  # not lost yet: plays on desc1/desc2 are still permitted
    assert plays(s)
    lines = turn_outcomes(s)
    for path, end in lines:
        assert_lost(end)
        left = sum(len(end.zone_cards("hand", seat)) for seat in range(end.n)) + draw_count(end)
        assert end.result() == left, path  # 5.9, counted when the loss became certain
    assert len({end.result() for _, end in lines}) > 1  # lines that stop sooner leave more cards


def test_g9_control_a_seven_covers_the_skull(position, texts, play, extreme):
    s = position(extreme, piles=G9_PILES, hands=[[17, 7, 2, 3, 8, 12, 14], [70, 71, 72, 74, 75, 76, 78]])
    play(s, "play 17 asc1", "play 7 asc1")  # backward move, exactly 10 lower
    assert "end" in texts(s)
    play(s, "end")
    assert_running(s, 1)


def test_g10_last_card_is_a_skull(position, play, extreme):
    s = position(extreme, piles={"asc1": [80], "asc2": [60], "desc1": [40], "desc2": [30]},
                 hands=[[89], []], draw=0)
    play(s, "play 89 asc1")
    assert_lost(s)
    assert s.result() == 0  # 5.9: no number card is off the piles


def test_g10_control_skull_covered_by_the_last_card(position, texts, play, extreme):
    s = position(extreme, piles={"asc1": [80], "asc2": [60], "desc1": [40], "desc2": [30]},
                 hands=[[89, 90], []], draw=0)
    play(s, "play 89 asc1")
    assert "end" not in texts(s)
    play(s, "play 90 asc1")
    assert_won(s)
    assert s.result() == 0


@pytest.mark.parametrize("draw", [None, 0], ids=["draw-pile", "empty-draw-pile"])
def test_g11_three_with_two_cards(position, texts, extreme, draw):
    """A player holding only 2 cards may play THREE (45), but exactly 3 cannot be reached: lost. 9.6.6: also
    with the draw pile empty (m = 1)."""
    s = position(extreme, piles={"desc2": [10]}, hands=[[45, 50], [70, 71]], draw=draw)
    assert "play 45 asc1" in texts(s)
    lines = turn_outcomes(s)
    with_three = [(path, end) for path, end in lines if any(a.startswith("play 45 ") for a in path)]
    assert with_three
    for path, end in with_three:
        assert_lost(end)
    if draw is None:  # m = 2 with two cards: the THREE cannot be avoided
        assert len(with_three) == len(lines)


def test_g21_stop_not_second_while_three_active(position, texts, play, extreme):
    s = position(extreme, piles={"asc1": [20]}, hands=[[45, 37, 50, 2, 3, 4, 6], [70, 71, 72, 74, 75, 76, 78]])
    assert "play 37 desc1" in texts(s)  # before the THREE, a STOP could be the first card
    play(s, "play 45 desc1")  # THREE active after 1 card
    assert not any(t.startswith("play 37 ") for t in texts(s))  # STOP as the 2nd card: not permitted
    play(s, "play 50 asc1")
    assert "play 37 desc1" in texts(s)  # as the 3rd card it is
    play(s, "play 37 desc1")
    assert_running(s, 1)
    assert len(s.zone_cards("hand", 0)) == 7


def test_three_after_third_card_only_signals_and_end(position, texts, play, extreme):
    """9.6.3: after the 3rd card of a THREE turn, the only actions left are signals and ending the turn."""
    s = position(extreme, piles={"asc1": [20]}, hands=[[45, 50, 60, 70, 2, 3, 4], [80]])
    play(s, "play 45 asc1", "play 50 asc1")
    assert "end" not in texts(s)
    play(s, "play 60 asc1")
    assert plays(s) == set()
    assert "end" in texts(s) and signals(s)


def test_g22_three_as_fourth_card(position, play, extreme):
    s = position(extreme, piles={"asc1": [20]}, hands=[[30, 40, 50, 69, 2, 3, 4], [70, 71, 72, 74, 75, 76, 78]])
    play(s, "play 30 asc1", "play 40 asc1", "play 50 asc1")
    assert_running(s, 0)
    play(s, "play 69 asc1")
    assert_lost(s)


def test_g23_no_backward_blocks_a_backward_move(position, extreme):
    s = position(extreme, piles={"desc2": [49], "asc1": [48]}, hands=[[38, 2, 3, 4, 6, 7, 8], [90]],
                 visible=[49])
    assert "play 38 asc1" not in plays(s)
    assert "play 38 desc1" in plays(s)  # regular moves still fine


def test_g23_control_without_no_backward(position, extreme):
    s = position(extreme, piles={"desc2": [50], "asc1": [48]}, hands=[[38, 2, 3, 4, 6, 7, 8], [90]])
    assert "play 38 asc1" in plays(s)


def test_covering_card_is_still_restricted(position, extreme):
    """9.1.4: 39 would cover the NO_BACKWARD 49 by a backward move; 49 is visible just before: not permitted."""
    s = position(extreme, piles={"asc1": [49]}, hands=[[39, 2, 3, 4, 6, 7, 8], [90]], visible=[49])
    assert "play 39 asc1" not in plays(s)
    assert "play 39 asc2" in plays(s)


def test_g24_no_backward_played_as_a_backward_move(position, play, extreme):
    s = position(extreme, piles={"desc1": [15], "asc1": [48]}, hands=[[25, 38, 24, 2, 3, 4, 6], [90]])
    assert "play 38 asc1" in plays(s)
    play(s, "play 25 desc1")  # backward move (15 + 10), permitted
    assert "play 38 asc1" not in plays(s)  # no backward moves while 25 is visible
    play(s, "play 24 desc1")  # covers the last visible NO_BACKWARD (9.8)
    assert "play 38 asc1" in plays(s)


def test_g24_other_no_backward_visible(position, extreme):
    s = position(extreme, piles={"desc1": [15], "asc1": [48], "asc2": [73]}, hands=[[25, 38, 2, 3, 4, 6, 7], [90]],
                 visible=[73])
    assert "play 25 desc1" not in plays(s)
    assert "play 25 desc2" in plays(s)  # a regular move is fine


def test_g25_one_pile_visible_at_start(position, play, extreme):
    s = position(extreme, piles={"asc2": [77]}, hands=[[80, 84, 82, 2, 3, 4, 6], [90, 10, 20, 30, 40, 50, 60]],
                 visible=[77])
    assert {"play 80 asc2", "play 80 desc1"} <= plays(s)  # the first card chooses the pile
    play(s, "play 80 asc2")  # covers the 77
    assert "play 84 desc1" not in plays(s)  # bound to asc2 (ruling)
    assert "play 82 asc2" in plays(s)
    assert all(t.endswith(" asc2") for t in plays(s))
    play(s, "play 82 asc2", "end")
    # 9.9.5: the next turn starts with no ONE_PILE visible: not bound
    assert_running(s, 1)
    play(s, "play 10 desc1")
    assert "play 20 asc1" in plays(s)


def test_g26_one_pile_after_a_card_elsewhere(position, play, extreme):
    s = position(extreme, piles={"asc1": [20], "desc1": [60]}, hands=[[30, 53, 54, 40, 2, 3, 4], [90]])
    play(s, "play 30 asc1")
    assert "play 53 desc1" not in plays(s)
    assert "play 53 asc1" in plays(s)
    play(s, "play 53 asc1")
    assert "play 54 asc1" in plays(s)
    assert "play 40 desc1" not in plays(s)


def test_one_pile_after_two_piles(position, play, extreme):
    """Section 11: a ONE_PILE card after cards on two different piles cannot be played this turn."""
    s = position(extreme, piles={"asc1": [20], "desc1": [60]}, hands=[[30, 50, 53, 2, 3, 4, 6], [90]])
    assert "play 53 asc2" in plays(s)
    play(s, "play 30 asc1", "play 50 desc1")
    assert not any(t.startswith("play 53 ") for t in plays(s))


def test_g27_draw_one(position, play, extreme):
    s = position(extreme, players=3, piles={"desc2": [59]}, visible=[59],
                 hands=[[20, 30, 40, 2, 3, 4], [70, 71, 72, 74, 75, 76], [78, 79, 80, 82, 84, 86]])
    before = draw_count(s)
    play(s, "play 20 asc1", "play 30 asc1", "play 40 asc1", "end")
    assert_running(s, 1)
    assert len(s.zone_cards("hand", 0)) == 4  # drew exactly 1
    assert draw_count(s) == before - 1


def test_g27_two_draw_one_cards_still_draw_one(position, play, extreme):
    s = position(extreme, players=3, piles={"desc2": [59], "asc2": [11]}, visible=[59, 11],
                 hands=[[20, 30, 40, 2, 3, 4], [70, 71, 72, 74, 75, 76], [78, 79, 80, 82, 84, 86]])
    play(s, "play 20 asc1", "play 30 asc1", "play 40 asc1", "end")
    assert len(s.zone_cards("hand", 0)) == 4


def test_g28_draw_one_covered(position, play, extreme):
    s = position(extreme, piles={"desc2": [59]}, hands=[[58, 20, 2, 3, 4, 6, 7], [70, 71, 72, 74, 75, 76, 78]],
                 visible=[59])
    before = draw_count(s)
    play(s, "play 58 desc2", "play 20 asc1", "end")
    assert_running(s, 1)
    assert len(s.zone_cards("hand", 0)) == 7  # up to H
    assert draw_count(s) == before - 2


def test_g28_draw_up_makes_up_a_shortfall(position, play, extreme):
    """9.10.2 (ruling): a hand shrunk by DRAW_ONE is filled up to H once no DRAW_ONE is visible."""
    s = position(extreme, piles={"desc2": [59]}, hands=[[58, 20, 2, 3], [70, 71, 72, 74, 75, 76, 78]],
                 visible=[59])
    play(s, "play 58 desc2", "play 20 asc1", "end")
    assert len(s.zone_cards("hand", 0)) == 7


def test_g29_no_communication(position, play, extreme):
    marks = [{"asc1": "keep", "desc2": "good"}, {"asc2": "good", "desc1": "keep"}]
    s = position(extreme, hands=[[33, 40, 2, 3, 4, 6, 7], [50, 60, 70, 71, 72, 74, 75]], marks=marks)
    assert marks_seen_by(s, 1)[0]["asc1"] == "keep" and signals(s)
    play(s, "play 33 asc1")
    none = {"asc1": "none", "asc2": "none", "desc1": "none", "desc2": "none"}
    for viewer in (0, 1):
        assert marks_seen_by(s, viewer) == [none, none]
    assert signals(s) == set()
    play(s, "play 40 desc1", "end")
    assert_running(s, 1)
    assert signals(s) == set()  # 33 still visible: no signals for anyone (9.3)
    play(s, "play 50 asc1")  # covers the 33
    assert signals(s)  # 9.7.3


def test_no_communication_visible_at_start(position, extreme):
    s = position(extreme, piles={"asc1": [57]}, hands=[[60, 2, 3, 4, 6, 7, 8], [90]], visible=[57])
    assert signals(s) == set()


def test_g30_skull_covered_by_skull(position, texts, play, extreme):
    s = position(extreme, piles={"asc1": [30]}, hands=[[41, 65, 70, 2, 3, 4, 6], [79, 80, 82, 84, 86, 87, 88]])
    play(s, "play 41 asc1")
    assert "end" not in texts(s)
    play(s, "play 65 asc1")
    assert "end" not in texts(s)  # 65 must be covered too
    play(s, "play 70 asc1")
    assert "end" in texts(s)
    play(s, "end")
    assert_running(s, 1)


def test_g31_stop_as_third_card_without_three(position, play, extreme):
    s = position(extreme, piles={"asc1": [10]}, hands=[[20, 30, 85, 2, 3, 4, 6], [70, 71, 72, 74, 75, 76, 78]])
    play(s, "play 20 asc1", "play 30 asc1")
    assert "play 85 asc1" in plays(s)
    play(s, "play 85 asc1")
    assert_running(s, 1)  # the turn ended after 3 cards
    assert len(s.zone_cards("hand", 0)) == 7


def test_g32_stop_with_a_skull_visible(position, play, extreme):
    s = position(extreme, piles={"asc1": [10], "desc1": [50]},
                 hands=[[89, 13, 2, 3, 4, 6, 7], [70, 71, 72, 74, 75, 76, 78]])
    play(s, "play 89 asc1")
    assert "play 13 desc1" in plays(s)
    play(s, "play 13 desc1")
    assert_lost(s)


def test_g33_one_card_that_is_a_playable_stop(position, texts, play, extreme):
    s = position(extreme, piles={"asc1": [20], "desc2": [59]}, hands=[[37], [70, 71, 72, 74, 75, 76, 78]],
                 visible=[59])
    assert draw_count(s) > 0
    assert_running(s, 0)
    assert "end" not in texts(s)
    before = draw_count(s)
    play(s, "play 37 asc1")
    assert_running(s, 1)
    assert len(s.zone_cards("hand", 0)) == 1  # P0 drew (1 card: DRAW_ONE still visible)
    assert draw_count(s) == before - 1


def test_g33_one_card_that_is_not_a_stop(position, texts, play, extreme):
    s = position(extreme, piles={"asc1": [20], "desc2": [59]}, hands=[[40], [70, 71, 72, 74, 75, 76, 78]],
                 visible=[59])
    assert "end" not in texts(s)
    play(s, "play 40 asc1")  # hand empty, 1 card < m = 2
    assert_lost(s)


def test_g33_one_stop_that_cannot_be_played(position, extreme):
    s = position(extreme, piles={"asc1": [40], "asc2": [50], "desc1": [30], "desc2": [20]},
                 hands=[[37], [70, 71, 72, 74, 75, 76, 78]])
    assert draw_count(s) > 0
    assert_lost(s)


def test_g34_next_player_without_cards(position, play, extreme):
    s = position(extreme, piles={"desc2": [10]}, hands=[[20, 30, 40], []], draw=0)
    turn = s.turns
    play(s, "play 20 asc1", "end")
    assert_running(s, 0)  # P1 skipped: P0 goes again
    assert s.turns == turn + 1
    assert played(s) == "0"
    assert hand(s, 0) == [30, 40]


# ---------------------------------------------------------------------------------------------------------
# section 11 edge cases not covered above
# ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["original", "extreme"])
def test_edge_draw_pile_with_one_card(position, texts, play, original, extreme, variant):
    """m = 2 for that turn; at the end the player draws the last card; the next turn has m = 1."""
    game = original if variant == "original" else extreme
    s = position(game, piles={"desc2": [10]}, hands=[[20, 30, 40, 50, 60, 70, 80], [82, 84, 86, 87, 88, 90, 91]],
                 draw=[2])
    play(s, "play 20 asc1")
    assert "end" not in texts(s)
    play(s, "play 30 asc1", "end")
    assert draw_count(s) == 0
    assert hand(s, 0) == [2, 40, 50, 60, 70, 80]
    assert_running(s, 1)
    play(s, "play 82 asc1")
    assert "end" in texts(s)


def test_edge_draw_pile_empty_both_hands_empty_skip_original(position, play, original):
    """Section 11 row 1 for the original game with 2 players (G34 is Extreme)."""
    s = position(original, piles={"desc2": [10]}, hands=[[20, 30, 40], []], draw=0)
    play(s, "play 20 asc1", "end")
    assert_running(s, 0)


def test_edge_backward_onto_start_card_impossible(position, original):
    """A fresh pile only takes regular moves; every card is regular on it (so no special case arises)."""
    s = position(original, players=1, hands=[[2, 99, 11, 90]])
    assert {"play 2 asc1", "play 99 asc1", "play 2 desc1", "play 99 desc1"} <= plays(s)
