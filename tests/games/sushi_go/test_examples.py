"""The worked examples of docs/games/sushi-go.md (section 7), X1-X13, run on games/sushi-go.rules through
position files. Every expected value is copied from the document; nothing expected is computed by the engine."""

from __future__ import annotations

from collections import Counter


def hand(state, seat) -> Counter:
    return Counter(state.game.card_texts[c] for c in state.zone_cards("hand", seat))


def tray(state, seat) -> list[str]:
    return [state.game.card_texts[c] for c in state.zone_cards("tray", seat)]


def round_points(state, seat) -> int:
    return state.game.call(state, "round_points", seat)


def scores(state) -> list[int]:
    return [int(x) for x in state.view(0).variables["score"]]


def round_number(state) -> int:
    return int(state.view(0).variables["round"])


def picks(state, *moves: str):
    """Each player asked in turn makes one of the moves, by its text, after checking it is offered."""
    for move in moves:
        offered = [a.text for a in state.legal_actions()]
        assert move in offered, f"{move!r} is not offered: {offered}"
        state.apply_action(move)
    return state


def test_x1_picks_are_secret_then_revealed_together_and_hands_pass_left(table):
    state = table(hands=[["tempura", "tempura", "sashimi"], ["egg", "salmon", "wasabi"]])
    assert [a.text for a in state.legal_actions()] == ["pick tempura", "pick sashimi"]
    picks(state, "pick tempura")
    assert state.current_player() == 1
    view = state.view(1)
    assert view.committed == (0,) and view.own_choice == ""
    assert "tempura" not in str(view.to_json()["zones"]["tray"]) and tray(state, 0) == []
    picks(state, "pick salmon")
    assert [e.text for e in state.events[:2]] == ["P0 chose pick tempura", "P1 chose pick salmon"]
    assert tray(state, 0) == ["tempura"] and tray(state, 1) == ["salmon"]
    assert hand(state, 0) == Counter(["egg", "wasabi"]) and hand(state, 1) == Counter(["tempura", "sashimi"])


def test_x2_a_nigiri_on_a_wasabi_scores_triple(table):
    state = table(hands=[["squid", "egg"], ["tempura", "sashimi"]], trays=[["wasabi"]])
    picks(state, "pick squid", "pick tempura")
    assert tray(state, 0) == ["wasabi", "squid"]
    assert round_points(state, 0) == 9


def test_x3_a_wasabi_laid_after_a_nigiri_does_not_triple_it(table):
    state = table(hands=[["wasabi", "tempura"], ["egg", "sashimi"]], trays=[["salmon"]])
    picks(state, "pick wasabi", "pick sashimi")
    assert round_points(state, 0) == 2
    picks(state, "pick egg", "pick tempura")  # P0 now holds P1's egg: it goes on the wasabi; the round ends
    assert scores(state) == [5, 0]


def test_x4_chopsticks_take_two_dishes_and_go_back_into_the_passed_hand(table):
    state = table(hands=[["squid", "wasabi", "egg"], ["tempura", "sashimi", "dumpling"]], trays=[["chopsticks"]])
    assert {a.text for a in state.legal_actions()} == {
        "pick squid", "pick wasabi", "pick egg", "chopsticks wasabi squid", "chopsticks egg squid",
        "chopsticks wasabi egg"}
    pair = "chopsticks wasabi squid"
    picks(state, pair, "pick tempura")
    assert tray(state, 0) == ["wasabi", "squid"] and round_points(state, 0) == 9
    assert hand(state, 1) == Counter(["egg", "chopsticks"])
    assert [len(state.zone_cards("hand", p)) for p in (0, 1)] == [2, 2]


def test_x5_a_hand_of_one_card_cannot_use_chopsticks(table):
    state = table(hands=[["maki2"], ["tempura"]], trays=[["chopsticks"]])
    assert [a.text for a in state.legal_actions()] == ["pick maki2"]


def test_x6_a_round_is_scored_and_the_next_dealt(table):
    state = table(hands=[["salmon"], ["squid"]],
                  trays=[["tempura"] * 3 + ["sashimi"] * 5 + ["dumpling"] * 6 + ["egg"], ["wasabi", "maki1"]])
    picks(state, "pick salmon", "pick squid")
    assert scores(state) == [33, 15]
    assert tray(state, 0) == [] and tray(state, 1) == []
    assert [len(state.zone_cards("hand", p)) for p in (0, 1)] == [10, 10]
    assert round_number(state) == 2


def test_x7_a_tie_for_most_maki_splits_6_and_leaves_no_second(table):
    state = table(players=3, hands=[["tempura"]] * 3,
                  trays=[["maki3", "maki2"], ["maki2", "maki2", "maki1"], ["maki3"]])
    picks(state, "pick tempura", "pick tempura", "pick tempura")
    assert scores(state) == [3, 3, 0]


def test_x8_a_tie_for_second_maki_splits_3(table):
    state = table(players=4, hands=[["tempura"]] * 4,
                  trays=[["maki3", "maki3"], ["maki3"], ["maki1", "maki2"], []])
    picks(state, *["pick tempura"] * 4)
    assert scores(state) == [6, 1, 1, 0]


def test_x9_puddings_most_and_fewest_with_three_players(table):
    state = table(players=3, round=3, hands=[["tempura"]] * 3, scores=[20, 20, 20],
                  puddings=[["pudding"] * 3, ["pudding"], ["pudding"]])
    picks(state, *["pick tempura"] * 3)
    assert state.is_terminal()
    assert scores(state) == [26, 17, 17]
    assert list(state.winners) == [0]


def test_x10_with_two_players_nobody_loses_points_for_puddings(table):
    state = table(round=3, hands=[["tempura"]] * 2, scores=[30, 37], puddings=[["pudding"] * 3, ["pudding"]])
    picks(state, "pick tempura", "pick tempura")
    assert scores(state) == [36, 37]
    assert list(state.winners) == [1]


def test_x11_equal_puddings_score_nothing_and_a_full_tie_shares_the_win(table):
    state = table(round=3, hands=[["tempura"]] * 2, scores=[40, 40], puddings=[["pudding"] * 2] * 2)
    picks(state, "pick tempura", "pick tempura")
    assert scores(state) == [40, 40]
    assert sorted(state.winners) == [0, 1]


def test_x12_a_tie_on_points_goes_to_the_most_puddings(table):
    state = table(round=3, hands=[["tempura"]] * 2, scores=[45, 39], puddings=[["pudding"], ["pudding"] * 3])
    picks(state, "pick tempura", "pick tempura")
    assert scores(state) == [45, 45]
    assert list(state.winners) == [1]


def test_x13_puddings_are_kept_from_round_to_round(table):
    state = table(hands=[["tempura"]] * 2, trays=[["pudding"]])
    picks(state, "pick tempura", "pick tempura")
    assert [state.game.card_texts[c] for c in state.zone_cards("puddings", 0)] == ["pudding"]
    assert tray(state, 0) == [] and len(state.zone_cards("eaten")) == 2
    assert round_number(state) == 2
