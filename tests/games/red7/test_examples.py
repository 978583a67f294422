"""The worked examples of /work/shared/rules/red7.md section 14 for the BASIC game, run on games/red7.rules.

Covered: R1-R9 and R12-R21 (rule evaluation, first player) and T1-T5 (turns); and, for the bots, the
file's chance(p) on two positions the default estimate cannot tell apart. Every expected value is
copied from the document; nothing expected is computed by the engine.

How "who is winning" is asked. The rules file defines `winning(p)`; the tests reach it only through
legal moves and their consequences:

* discard route: the player to move holds one spare card of the rule's colour. `canvas <card>` keeps
  the rule and is legal iff the player is winning after the discard (8.4). When it is legal, it is
  played and the player must still be in the round afterwards (8.5).
* palette route: the player to move starts with the example palette minus its last card and holds
  that card. `palette <card>` then `end` (action A) rebuilds the example palette, and the player is
  eliminated at the end of the turn iff not winning (8.5).

A position's rule is set by the top card of the canvas: a spare card of the rule's colour that appears
nowhere else in the example; for rule red the canvas holds only the starting card.
"""

from __future__ import annotations

import pytest

from cardrules.bots.evaluation import estimate

from .cards import RULE_LETTER, strength
from .referee import first_player, parse_card

# ---------------------------------------------------------------------------------------------------------
# helpers (test-side only: nothing here decides an expected result)
# ---------------------------------------------------------------------------------------------------------


def spares(rule: str, used: set[str], count: int) -> list[str]:
    """`count` cards of the rule's colour (highest number first) that the example does not use."""
    letter = RULE_LETTER[rule]
    free = [f"{letter}{number}" for number in range(7, 0, -1) if f"{letter}{number}" not in used]
    assert len(free) >= count, f"not enough spare {rule} cards"
    return free[:count]


ROUTES = ("discard", "palette_play")


@pytest.fixture(scope="module")
def routes(position, texts):
    """The two ways of asking whether `player` is winning under `rule`: routes[route](game, palettes, rule,
    player, eliminated=()) -> bool (see the module's docstring)."""
    def winning_by_discard(game, palettes, rule, player, eliminated=()) -> bool:
        """Asked through the legality of `canvas <card of the rule colour>`."""
        used = {c for p in palettes for c in p}
        canvas_card_and_hand_card = spares(rule, used, 2)
        hand_card = canvas_card_and_hand_card[1] if rule != "red" else canvas_card_and_hand_card[0]
        hands = [[] for _ in palettes]
        hands[player] = [hand_card]
        state = position(game, palettes, hands, rule=rule, to_move=player, eliminated=eliminated)
        legal = texts(state)
        # first decision of the turn: the palette play and fold are always offered (8.2, 8.3)
        assert f"palette {hand_card}" in legal and "fold" in legal, legal
        allowed = f"canvas {hand_card}" in legal
        if allowed:  # 8.5: a permitted discard leaves the player winning, so they stay in the round
            state.apply_action(f"canvas {hand_card}")
            assert not state.eliminated[player]
            assert state.zone_cards("canvas")[-1] == game.by_text[hand_card][0]
            assert state.current_player() != player
        return allowed

    def winning_by_palette_play(game, palettes, rule, player, eliminated=()) -> bool:
        """Asked through end-of-turn elimination after `palette X` + `end`."""
        last = palettes[player][-1]
        before = [list(p) for p in palettes]
        before[player] = before[player][:-1]
        hands = [[] for _ in palettes]
        hands[player] = [last]
        state = position(game, before, hands, rule=rule, to_move=player, eliminated=eliminated,
                         extra_used=palettes[player])
        state.apply_action(f"palette {last}")
        assert state.current_player() == player
        assert texts(state) == ["end"]  # hand now empty: the second decision can only end the turn
        state.apply_action("end")
        assert state.zone_cards("palette", player) == [game.by_text[c][0] for c in palettes[player]]
        return not state.eliminated[player]

    return {"discard": winning_by_discard, "palette_play": winning_by_palette_play}


# ---------------------------------------------------------------------------------------------------------
# 14.1 rule evaluation: R1-R9, R14, R15, R17-R20 (2 players, both active)
# ---------------------------------------------------------------------------------------------------------

# (id, rule, P0 palette, P1 palette, expected winner: 0, 1 or None = nobody) -- copied from section 14.1
RULE_VECTORS = [
    ("R1", "green", ["y5", "b6", "g2"], ["r7", "o2", "v2"], 0),
    ("R2", "red", ["r7"], ["o7"], 0),
    ("R3", "orange", ["b3", "g3"], ["v5", "i5"], 1),
    ("R4", "yellow", ["r1", "r2", "v7", "v6"], ["y5", "y4"], 0),
    ("R5", "indigo", ["r6", "b5", "g5", "y4"], ["o2", "y3", "v4"], 0),
    ("R6", "indigo", ["v1", "v2", "i6", "b7"], ["r4", "r5"], 0),
    ("R7", "blue", ["r1", "o1", "y1"], ["r7", "r6", "o5"], 0),
    ("R8", "violet", ["r3", "v1"], ["o2", "y2", "g4"], 0),
    ("R9", "green", ["r7", "r5"], ["v1"], None),
    ("R14", "orange", ["g2", "b2", "v2", "r7"], ["r5", "o5", "y6"], 0),
    ("R15", "blue", ["r1", "o2", "y3"], ["g7", "b4", "i1"], 1),
    ("R17", "violet", ["r4", "o4", "v3"], ["i1", "v2"], 1),
    ("R18", "yellow", ["r7", "o6"], ["v1", "v2"], 1),
    ("R19", "indigo", ["r1", "o3"], ["v2"], 0),
    ("R20", "orange", ["r3", "o3", "y5", "g5"], ["b6", "i6"], 1),
]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("vid, rule, p0, p1, expected", RULE_VECTORS, ids=[v[0] for v in RULE_VECTORS])
def test_rule_vector(routes, red7, route, vid, rule, p0, p1, expected):
    ask = routes[route]
    got = [ask(red7, [p0, p1], rule, player) for player in (0, 1)]
    assert got == [expected == 0, expected == 1], f"{vid}: winning(P0), winning(P1) under {rule}"


def test_r4_reordered_palette_gives_same_answer(routes, red7):
    """R4 with the violet pair listed first and the red pair last: group choice must not depend on order."""
    palettes = [["v6", "v7", "r2", "r1"], ["y5", "y4"]]
    assert routes["discard"](red7, palettes, "yellow", 0)
    assert not routes["discard"](red7, palettes, "yellow", 1)


# ---------------------------------------------------------------------------------------------------------
# R13: one palette under each rule. The key (size k, top card t) is pinned by three opponents:
#   (k, card just below t)  -> the palette must be winning;
#   (k, card just above t)  -> it must not be winning (so the palette's set is not bigger, nor its top higher);
#   (k-1, a higher top)     -> it must be winning (so the set is not smaller).
# Where the document's set has no card above t of the right kind (green: r6 is the highest even card),
# a set of size k+1 with a low top is used instead of (k, above).
# ---------------------------------------------------------------------------------------------------------

R13_PALETTE = ["r6", "g5", "o4", "v3", "i2", "g1"]
# document: red {r6} 1; orange {r6} 1; yellow {g5, g1} 2; green {r6, o4, i2} 3; blue {r6, g5, o4, v3, i2} 5;
#           indigo all six 6; violet {v3, i2, g1} 3
R13_OPPONENTS = {
    # rule: [(opponent palette, opponent's key as written by hand, palette must be winning)]
    "red": [(["o6"], "(1, o6)", True), (["v7"], "(1, v7)", False), ([], "(0, -)", True)],
    "orange": [(["o6"], "(1, o6)", True), (["v7"], "(1, v7)", False), ([], "(0, -)", True)],
    "yellow": [(["b5", "b3"], "(2, b5)", True), (["y5", "y1"], "(2, y5)", False), (["r7"], "(1, r7)", True)],
    "green": [(["o6", "y4", "b2"], "(3, o6)", True), (["y2", "g2", "b2", "v2"], "(4, y2)", False),
              (["o6", "y6"], "(2, o6)", True)],
    "blue": [(["o6", "y1", "b1", "r1", "v1"], "(5, o6)", True), (["v7", "y1", "b1", "r1", "o1"], "(5, v7)", False),
             (["r7", "y1", "b1", "v1"], "(4, r7)", True)],
    "indigo": [(["o6", "b5", "y4", "b3", "r2", "r1"], "(6, o6)", True),
               (["v7", "y6", "b5", "y4", "b3", "r2"], "(6, v7)", False),
               (["r7", "y6", "b5", "y4", "b3"], "(5, r7)", True)],
    "violet": [(["r2", "o2", "y1"], "(3, r2)", True), (["i3", "y2", "b1"], "(3, i3)", False),
               (["r3", "o3"], "(2, r3)", True)],
}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("rule", list(R13_OPPONENTS))
def test_r13_qualifying_set_sizes(routes, red7, route, rule):
    ask = routes[route]
    for opponent, opponent_key, expected in R13_OPPONENTS[rule]:
        assert not set(opponent) & set(R13_PALETTE)
        got = ask(red7, [R13_PALETTE, opponent], rule, 0)
        assert got == expected, f"R13 {rule}: palette against opponent {opponent} {opponent_key}"


# ---------------------------------------------------------------------------------------------------------
# R16: eliminated players do not count (6.1 ruling)
# ---------------------------------------------------------------------------------------------------------

R16_PALETTES = [["b6"], ["r7"], ["g5"]]


@pytest.mark.parametrize("route", ROUTES)
def test_r16_eliminated_palette_does_not_count(routes, red7, route):
    ask = routes[route]
    assert ask(red7, R16_PALETTES, "red", 0, eliminated=[1]) is True  # P0 is winning
    assert ask(red7, R16_PALETTES, "red", 2, eliminated=[1]) is False


def test_r16_control_with_p1_active(routes, red7):
    """Without the elimination, P1's r7 would beat P0's b6 (so the test above can fail)."""
    assert routes["discard"](red7, R16_PALETTES, "red", 0) is False
    assert routes["discard"](red7, R16_PALETTES, "red", 1) is True


# ---------------------------------------------------------------------------------------------------------
# R12, R21: first player (4.4) -- left of the holder of the highest palette card
# ---------------------------------------------------------------------------------------------------------

def expected_first_player(palettes: list[list[str]]) -> int:
    """4.4 written out in the test: the seat after the one holding the highest palette card (2.3)."""
    holder = max(range(len(palettes)), key=lambda seat: max(strength(c) for c in palettes[seat]))
    return (holder + 1) % len(palettes)


def rigged_initial_state(game, n: int, palettes: list[str], seed: int = 0):
    """A real setup (the rules file's `setup:` block) whose deal gives seat i the palette card palettes[i].

    A shuffle permutes positions and never looks at the cards. So run the setup once with `seed`, see
    which cards landed in the palettes, relabel the starting order so that the example's cards take
    their places, and run the very same setup again from that order.
    """
    probe = game.new_initial_state(n, seed)
    landed = [probe.zone_cards("palette", p)[0] for p in range(n)]
    wanted = [game.by_text[t][0] for t in palettes]
    relabel = dict(zip(landed, wanted))
    spare_targets = [c for c in landed if c not in wanted]
    spare_sources = [c for c in wanted if c not in landed]
    relabel.update(zip(spare_sources, spare_targets))
    state = game.blank_state(n, seed)
    for card in game.cards:  # the same walk as Game.new_initial_state, with relabelled cards
        placed = relabel.get(card, card)
        state.zones[game.card_home[placed]].append(placed)
    game.initialise_vars(state)
    state.pc = game.setup_pc
    state.run()
    got = [[game.card_texts[c] for c in state.zone_cards("palette", p)] for p in range(n)]
    assert got == [[t] for t in palettes], "the rigged deal did not produce the example's palettes"
    assert all(len(state.zone_cards("hand", p)) == 7 for p in range(n))
    return state


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_r12_first_player_three_players(red7, seed):
    state = rigged_initial_state(red7, 3, ["o7", "r7", "y1"], seed)
    assert state.current_player() == 2  # document: P1 holds r7, so P2 starts


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_r21_first_player_four_players(red7, seed):
    state = rigged_initial_state(red7, 4, ["g3", "b2", "v6", "i6"], seed)
    assert state.current_player() == 0  # document: P3's i6 beats v6, so P0 starts


def test_r12_r21_test_side_first_player_agrees_with_document():
    """The helper used on random deals below, and the hand-written oracle, give the document's answers."""
    assert expected_first_player([["o7"], ["r7"], ["y1"]]) == 2
    assert expected_first_player([["g3"], ["b2"], ["v6"], ["i6"]]) == 0
    assert first_player([[parse_card("o7")], [parse_card("r7")], [parse_card("y1")]]) == 2
    assert first_player([[parse_card("g3")], [parse_card("b2")], [parse_card("v6")], [parse_card("i6")]]) == 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_player_on_200_deals(red7, n):
    """4.2-4.5 on real deals: 7 cards in hand, 1 in the palette, the rest in the deck, the starter alone on
    the canvas, everyone active, and the first turn left of the highest palette card."""
    ties_on_number = 0
    for seed in range(200):
        state = red7.new_initial_state(n, seed)
        view = state.view(0)
        palettes = view.zones["palette"]
        assert [len(p) for p in palettes] == [1] * n
        assert view.zones["canvas"] == ["starter"]
        assert view.zones["deck"] == {"count": 49 - 8 * n}
        assert all(len(state.zone_cards("hand", p)) == 7 for p in range(n))
        assert state.eliminated == [False] * n
        assert state.current_player() == expected_first_player(palettes), (seed, palettes)
        top_two = sorted((strength(p[0]) for p in palettes), reverse=True)[:2]
        ties_on_number += top_two[0] // 7 == top_two[1] // 7
    assert ties_on_number > 0  # the colour tie-break of 2.3 was exercised by some deal


# ---------------------------------------------------------------------------------------------------------
# 14.2 turns
# ---------------------------------------------------------------------------------------------------------

def test_turn_structure_names(position, red7):
    # rule red, P0 {y4, o4} against P1 {g6}: o1 (orange, (2, o4)) and b2 (blue, (2, y4)) may be discarded,
    # v1 may not (violet: both sets empty)
    state = position(red7, [["y4", "o4"], ["g6"]], [["o1", "b2", "v1"], ["r1"]])
    first = state.legal_actions()
    assert {a.name for a in first} == {"palette", "canvas", "fold"}
    assert sorted(a.text for a in first if a.name == "palette") == ["palette b2", "palette o1", "palette v1"]
    assert sorted(a.text for a in first if a.name == "canvas") == ["canvas b2", "canvas o1"]
    assert [a.text for a in first if a.name == "fold"] == ["fold"]
    state.apply_action("palette v1")
    # second decision: P0 {y4, o4, v1}; o1 (orange (2, o4)) and b2 (blue, 3 colours) still win
    second = state.legal_actions()
    assert {a.name for a in second} == {"canvas", "end"}
    assert sorted(a.text for a in second) == ["canvas b2", "canvas o1", "end"]


def test_t1_canvas_permission(position, texts, red7):
    state = position(red7, [["y4", "o4"], ["g6"]], [["o1", "v1", "i3"], []])
    legal = texts(state)
    assert "canvas o1" in legal  # orange: P0 (2, o4) beats (1, g6)
    assert "canvas v1" not in legal  # violet: both sets empty, nobody is winning
    assert "canvas i3" not in legal  # indigo: P0 (1, o4) loses to (1, g6)
    assert {"palette o1", "palette v1", "palette i3", "fold"} <= set(legal)  # 8.3 basic, 8.2 fold always
    state.apply_action("canvas o1")
    assert state.eliminated == [False, False]
    assert state.current_player() == 1


def test_t2_palette_play_that_loses_eliminates(position, texts, red7):
    state = position(red7, [["y4"], ["g6"]], [["b5", "v1"], ["r1"]])
    assert "palette b5" in texts(state)  # permitted (8.3)
    state.apply_action("palette b5")
    # violet for v1: P0 {y4, b5} and P1 {g6} both empty -> the discard is not permitted; only `end`
    assert texts(state) == ["end"]
    state.apply_action("end")
    assert state.eliminated == [True, False]  # b5 is not winning against g6
    assert state.is_terminal()
    assert state.winners == [1]  # only P1 remains, so P1 wins the round
    assert state.returns() == [0.0, 1.0]
    assert state.legal_actions() == []


@pytest.mark.parametrize("players", [2, 3])
def test_t3_empty_hand_must_fold(position, texts, red7, players):
    palettes = [["r7"], ["g6"], ["b5"]][:players]  # P1 is not winning, but that is not what makes it fold
    hands = [["o1"], [], ["v1"]][:players]
    state = position(red7, palettes, hands, to_move=1)
    assert texts(state) == ["fold"]
    state.apply_action("fold")
    assert state.eliminated[1]
    if players == 2:
        assert state.is_terminal() and state.winners == [0]
    else:
        assert not state.is_terminal() and state.current_player() == 2


def test_t3_empty_hand_must_fold_even_when_winning(position, texts, red7):
    state = position(red7, [["g6"], ["r7"]], [["o1"], []], to_move=1)
    assert texts(state) == ["fold"]


def test_fold_is_always_offered_and_eliminates_at_once(position, texts, red7):
    state = position(red7, [["y4"], ["g6"]], [["o1"], ["r1"]])
    assert "fold" in texts(state)
    state.apply_action("fold")
    assert state.eliminated == [True, False] and state.is_terminal() and state.winners == [1]


def test_t4_turn_passes_over_eliminated_player(position, texts, red7):
    # rule red. P1 {g2} plays v1 and is not winning (y6 and o6 are higher) -> eliminated on their turn.
    state = position(red7, [["y6"], ["g2"], ["o6"]], [["b1"], ["v1"], ["r1", "y1"]], to_move=1)
    state.apply_action("palette v1")
    state.apply_action("end")
    assert state.eliminated == [False, True, False]
    assert not state.is_terminal()
    assert state.current_player() == 2  # the next turn goes to P2
    assert "canvas r1" in texts(state)  # P2's o6 is the highest card: a red discard is permitted
    state.apply_action("canvas r1")
    assert state.eliminated == [False, True, False]
    assert state.current_player() == 0  # after P2, play passes to P0 (P1 is skipped)


def test_t4_with_a_fold(position, red7):
    state = position(red7, [["y6"], ["g2"], ["o6"]], [["b1"], ["v1"], ["r1", "y1"]], to_move=1)
    state.apply_action("fold")
    assert state.current_player() == 2
    state.apply_action("canvas r1")
    assert state.current_player() == 0
    state.apply_action("fold")  # P0 out: only P2 remains
    assert state.is_terminal() and state.winners == [2]


def test_t5_palette_then_canvas(position, texts, red7):
    state = position(red7, [["y4"], ["g6"]], [["o6", "b2"], ["r1"]])
    state.apply_action("palette o6")
    assert state.zone_cards("palette", 0) == [red7.by_text["y4"][0], red7.by_text["o6"][0]]
    legal = texts(state)
    assert "canvas b2" in legal  # blue: P0 (2, o6) beats (1, g6)
    assert "end" in legal
    state.apply_action("canvas b2")
    assert state.zone_cards("canvas")[-1] == red7.by_text["b2"][0]
    assert state.eliminated == [False, False]  # P0 survives
    assert state.current_player() == 1


# ---------------------------------------------------------------------------------------------------------
# For the bots: the file's chance(p) (docs/agents.md) sees what the default estimate cannot
# ---------------------------------------------------------------------------------------------------------

def test_red7_chance_sees_whether_the_player_to_move_can_stay_in(position, red7):
    # Same material in both positions (rule red, P0 to move and losing to r6). With `stuck` no card
    # beats r6 on the palette and no colour in hand gives a rule that o1 wins; with `free` the v5
    # changes the rule to violet (most cards below 4), which o1 wins. The default estimate, which
    # counts cards, cannot tell these apart; red7.rules's chance(p) must.
    game = red7
    stuck = position(game, [["o1"], ["r6"]], [["y2", "g3", "b5"], ["i4", "y6", "g7"]])
    free = position(game, [["o1"], ["r6"]], [["y2", "g3", "v5"], ["i4", "y6", "g7"]])
    assert estimate(stuck) == estimate(free)
    assert game.call(free, "chance", 0) > game.call(stuck, "chance", 0) + 10
    for state in (stuck, free):  # two players: the chances share the win
        assert 98 <= game.call(state, "chance", 0) + game.call(state, "chance", 1) <= 100
