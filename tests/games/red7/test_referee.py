"""Tests of the hand-written Red7 referee (referee.py beside them), which the property tests play against
the engine and benchmarks/bench.py times.

Every expected value below is copied from /work/shared/rules/red7.md, section 14.
"""

import pytest

from . import referee as red7

RULES = {name: index for index, name in enumerate(red7.COLOR_NAMES)}


def cards(text):
    """'r7 g4' -> [(7, 0), (4, 3)]"""
    return [red7.parse_card(t) for t in text.replace(",", " ").split()]


def c(text):
    return red7.parse_card(text)


def k(size, top=None):
    """Key as written in the document: (2, 'b6') -> (2, strength(b6)); (0,) -> empty."""
    if size == 0:
        return (0, -1)
    return (size, red7.strength(c(top)))


def as_set(card_list):
    return {red7.card_text(card) for card in card_list}


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------

def test_card_text_and_parse():
    assert red7.card_text((7, 0)) == "r7"
    assert red7.card_text((2, 5)) == "i2"
    assert red7.parse_card("r7") == (7, 0)
    assert red7.parse_card("v1") == (1, 6)
    for card in red7.all_cards():
        assert red7.parse_card(red7.card_text(card)) == card
    with pytest.raises(ValueError):
        red7.parse_card("x9")


def test_card_order():
    assert len(set(red7.all_cards())) == 49
    strengths = sorted(red7.strength(card) for card in red7.all_cards())
    assert strengths == list(range(7, 56))
    assert red7.strength(c("r7")) == 55 and red7.strength(c("v1")) == 7
    assert red7.strength(c("r7")) > red7.strength(c("o7")) > red7.strength(c("v7")) > red7.strength(c("r6"))


# ---------------------------------------------------------------------------
# 14.1 Rule evaluation, two-player vectors
# Columns: id, rule, P0 palette, P1 palette,
#          S(P0) as stated (or None), key P0, S(P1) as stated (or None), key P1, winner
# ---------------------------------------------------------------------------

RULE_VECTORS = [
    ("R1", "green", "y5 b6 g2", "r7 o2 v2", "b6 g2", k(2, "b6"), "o2 v2", k(2, "o2"), 0),
    ("R2", "red", "r7", "o7", None, k(1, "r7"), None, k(1, "o7"), 0),
    ("R3", "orange", "b3 g3", "v5 i5", None, k(2, "g3"), None, k(2, "i5"), 1),
    ("R4", "yellow", "r1 r2 v7 v6", "y5 y4", "v7 v6", k(2, "v7"), None, k(2, "y5"), 0),
    ("R5", "indigo", "r6 b5 g5 y4", "o2 y3 v4", "y4 g5 r6", k(3, "r6"), "o2 y3 v4", k(3, "v4"), 0),
    ("R6", "indigo", "v1 v2 i6 b7", "r4 r5", "i6 b7", k(2, "b7"), None, k(2, "r5"), 0),
    ("R7", "blue", "r1 o1 y1", "r7 r6 o5", None, k(3, "r1"), "r7 o5", k(2, "r7"), 0),
    ("R8", "violet", "r3 v1", "o2 y2 g4", None, k(2, "r3"), None, k(2, "o2"), 0),
    ("R9", "green", "r7 r5", "v1", "", k(0), "", k(0), None),
    ("R14", "orange", "g2 b2 v2 r7", "r5 o5 y6", None, k(3, "g2"), None, k(2, "r5"), 0),
    ("R15", "blue", "r1 o2 y3", "g7 b4 i1", None, k(3, "y3"), None, k(3, "g7"), 1),
    ("R17", "violet", "r4 o4 v3", "i1 v2", None, k(1, "v3"), None, k(2, "v2"), 1),
    ("R18", "yellow", "r7 o6", "v1 v2", None, k(1, "r7"), None, k(2, "v2"), 1),
    ("R19", "indigo", "r1 o3", "v2", None, k(1, "o3"), None, k(1, "v2"), 0),
    ("R20", "orange", "r3 o3 y5 g5", "b6 i6", "y5 g5", k(2, "y5"), None, k(2, "b6"), 1),
]


@pytest.mark.parametrize(
    "vid, rule, p0, p1, s0, key0, s1, key1, expected",
    RULE_VECTORS,
    ids=[v[0] for v in RULE_VECTORS],
)
def test_rule_vector(vid, rule, p0, p1, s0, key0, s1, key1, expected):
    rule_index = RULES[rule]
    pal0, pal1 = cards(p0), cards(p1)
    if s0 is not None:
        assert as_set(red7.qualifying_set(pal0, rule_index)) == set(s0.split())
    if s1 is not None:
        assert as_set(red7.qualifying_set(pal1, rule_index)) == set(s1.split())
    assert red7.key(pal0, rule_index) == key0
    assert red7.key(pal1, rule_index) == key1
    assert red7.winning_player([pal0, pal1], [True, True], rule_index) == expected


def test_r4_group_choice_is_by_highest_card_not_colour_rank():
    # R4 explicitly: picking the red group would answer P1.
    s = red7.qualifying_set(cards("r1 r2 v7 v6"), RULES["yellow"])
    assert as_set(s) == {"v7", "v6"}


R13_PALETTE = "r6 g5 o4 v3 i2 g1"
R13_EXPECTED = {
    "red": "r6",
    "orange": "r6",
    "yellow": "g5 g1",
    "green": "r6 o4 i2",
    "blue": "r6 g5 o4 v3 i2",
    "indigo": "r6 g5 o4 v3 i2 g1",
    "violet": "v3 i2 g1",
}
R13_SIZES = {"red": 1, "orange": 1, "yellow": 2, "green": 3, "blue": 5, "indigo": 6, "violet": 3}


@pytest.mark.parametrize("rule", list(R13_EXPECTED))
def test_r13_one_palette_under_each_rule(rule):
    s = red7.qualifying_set(cards(R13_PALETTE), RULES[rule])
    assert len(s) == R13_SIZES[rule]
    assert as_set(s) == set(R13_EXPECTED[rule].split())
    assert red7.key(cards(R13_PALETTE), RULES[rule])[0] == R13_SIZES[rule]


def test_empty_palette_has_empty_set_under_every_rule():
    for rule in range(7):
        assert red7.qualifying_set([], rule) == []
        assert red7.key([], rule) == (0, -1)


def test_empty_set_is_never_winning_even_alone():
    # 6.5: a player with an empty set is never winning, even when all other sets are empty.
    assert red7.winning_player([cards("r7"), cards("v1")], [True, False], RULES["green"]) is None
    assert red7.winning_player([cards("r7"), cards("v1")], [True, True], RULES["green"]) is None


def test_r16_eliminated_player_is_ignored():
    palettes = [cards("b6"), cards("r7"), cards("g5")]
    assert red7.winning_player(palettes, [True, False, True], RULES["red"]) == 0
    # Control: were P1 still active, P1 would be winning.
    assert red7.winning_player(palettes, [True, True, True], RULES["red"]) == 1


def test_r12_first_player_three_players():
    palettes = [cards("o7"), cards("r7"), cards("y1")]
    assert red7.first_player(palettes) == 2
    game = red7.Red7Game.from_position([cards("v1"), cards("v2"), cards("v3")], palettes)
    assert game.turn == 2


def test_r21_first_player_four_players():
    palettes = [cards("g3"), cards("b2"), cards("v6"), cards("i6")]
    assert red7.first_player(palettes) == 0
    game = red7.Red7Game.from_position([cards("v1"), cards("v2"), cards("v3"), cards("y1")], palettes)
    assert game.turn == 0


# ---------------------------------------------------------------------------
# 14.2 Turns
# ---------------------------------------------------------------------------

def test_t1_canvas_discard_permission():
    game = red7.Red7Game.from_position(
        hands=[cards("o1 v1 i3"), cards("r2")],
        palettes=[cards("y4 o4"), cards("g6")],
        turn=0,
    )
    assert game.rule == RULES["red"]
    moves = game.legal_moves()
    assert ("canvas", c("o1")) in moves      # orange: (2, o4) beats (1, g6)
    assert ("canvas", c("v1")) not in moves  # violet: both empty
    assert ("canvas", c("i3")) not in moves  # indigo: (1, o4) loses to (1, g6)
    for card in cards("o1 v1 i3"):
        assert ("palette", card) in moves
    assert ("fold",) in moves
    with pytest.raises(ValueError):
        game.apply(("canvas", c("v1")))
    game.apply(("canvas", c("o1")))
    assert game.rule == RULES["orange"]
    assert game.active == [True, True]
    assert game.turn == 1 and not game.is_over()


def test_t2_palette_play_that_does_not_win_eliminates():
    game = red7.Red7Game.from_position(
        hands=[cards("b5 v1"), cards("r2")],
        palettes=[cards("y4"), cards("g6")],
        turn=0,
    )
    assert ("palette", c("b5")) in game.legal_moves()
    game.apply(("palette", c("b5")))
    assert game.legal_moves() == [("end",)]  # v1 to canvas: violet, both empty
    game.apply(("end",))
    assert game.active == [False, True]
    assert game.is_over()
    assert game.winner == 1


def test_t5_palette_then_canvas():
    game = red7.Red7Game.from_position(
        hands=[cards("o6 b2"), cards("r1")],
        palettes=[cards("y4"), cards("g6")],
        turn=0,
    )
    game.apply(("palette", c("o6")))
    assert as_set(game.palettes[0]) == {"y4", "o6"}
    assert red7.key(game.palettes[0], RULES["blue"]) == k(2, "o6")
    assert red7.key(game.palettes[1], RULES["blue"]) == k(1, "g6")
    moves = game.legal_moves()
    assert ("canvas", c("b2")) in moves and ("end",) in moves
    assert ("fold",) not in moves and ("palette", c("b2")) not in moves
    game.apply(("canvas", c("b2")))
    assert game.rule == RULES["blue"]
    assert game.active == [True, True]  # P0 survives
    assert game.turn == 1 and not game.is_over()


def test_empty_hand_must_fold():
    # 13 / T3: hand empty at the start of the turn -> fold is the only move.
    game = red7.Red7Game.from_position(
        hands=[cards("r1"), []],
        palettes=[cards("y4"), cards("g6")],
        turn=1,
    )
    assert game.legal_moves() == [("fold",)]
    game.apply(("fold",))
    assert game.winner == 0


def test_t4_turn_passes_over_eliminated_player():
    game = red7.Red7Game.from_position(
        hands=[cards("r6"), cards("v1"), cards("v2")],
        palettes=[cards("y4"), cards("g6"), cards("b5")],
        turn=1,
    )
    game.apply(("fold",))
    assert game.turn == 2
    game.apply(("palette", c("v2")))
    game.apply(("end",))  # red: P2 (1, b5) beats P0 (1, y4), so P2 stays in
    assert game.active == [True, False, True]
    assert game.turn == 0
    game.apply(("palette", c("r6")))
    game.apply(("end",))  # red: P0 (1, r6) beats P2 (1, b5), so P0 stays in
    assert game.active == [True, False, True]
    assert game.turn == 2  # P1 is skipped


# ---------------------------------------------------------------------------
# Setup and random games
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_setup(n_players):
    game = red7.Red7Game(n_players, seed=12345)
    assert all(len(hand) == 7 for hand in game.hands)
    assert all(len(palette) == 1 for palette in game.palettes)
    everything = game.deck + [card for zone in game.hands + game.palettes for card in zone]
    assert sorted(everything) == sorted(red7.all_cards())
    assert game.canvas == [] and game.rule == RULES["red"]
    assert game.active == [True] * n_players
    assert game.turn == red7.first_player(game.palettes)
    assert not game.is_over()
    # Same seed, same deal.
    assert red7.Red7Game(n_players, seed=12345).hands == game.hands


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_random_games(n_players):
    for seed in range(200):
        trace = []
        winner, decisions = red7.play_random_game(n_players, seed, trace=trace)
        assert decisions == len(trace)
        # Replay the traced game and check every choice was legal at that point.
        game = red7.Red7Game(n_players, seed)
        for moves, move in trace:
            assert not game.is_over()
            assert game.active[game.turn]
            assert game.legal_moves() == moves
            assert move in moves
            game.apply(move)
            total = len(game.deck) + len(game.canvas) + sum(
                len(h) + len(p) for h, p in zip(game.hands, game.palettes))
            assert total == 49
        assert game.is_over()
        assert game.winner == winner
        assert sum(game.active) == 1 and game.active[winner]
        assert game.legal_moves() == []
