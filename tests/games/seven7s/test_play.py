"""`cardrules play seven7s` in the terminal: the columns, trump, cancelled values, hand sizes and Lucky Gods
cards on the table, the powers' questions with numbered moves, and cards a Wonders power showed printed
for the player who looked only. Also the rendering pieces on their own (render.columns_table, known cards)."""

from __future__ import annotations

import re

from rich.console import Console

import cardrules
from cardrules.cli.render import render_view


def printed(renderable) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def seed_where(game, predicate, players: int = 2) -> tuple[int, cardrules.State]:
    for seed in range(2000):
        state = game.new_initial_state(players, seed)
        if predicate(state):
            return seed, state
    raise AssertionError("no such seed")


def test_the_table_shows_columns_trump_cancelled_values_hands_and_fortunes(seven7s, position):
    s = position(players=3, columns={"seas": ["SE1", "SE3"], "colors": ["CO1", "CO5"], "ages": ["AG1", "AG2"]},
                 hands=[["DS5", "VI4", "VI7"], ["VI5", "LG2", "LG6"], ["WO1"]], fortunes=[[], ["SE7"], []])
    out = printed(render_view(seven7s, s.view(0)))
    assert "Trump: blue" in out and "Ages count: 2" in out and "Cancelled values: 6, 7" in out
    header = next(line for line in out.splitlines() if "seas (2)" in line)
    assert header.index("seas (2)") < header.index("colors (2)") < header.index("ages (2)")  # opening order
    for card in ("SE1 green", "SE3 indigo", "CO1 red", "CO5 blue", "AG1 orange", "AG2 yellow"):
        assert card in out
    assert "VI4 red, VI7 green, DS5 violet" in out  # the viewer's own hand, in the card order, with the colours
    assert out.count("3 cards") == 1 and "1 card" in out  # the others' hands as counts
    assert "SE7" in out  # P1's Lucky Gods card, face up


def test_known_cards_are_printed_for_their_knower_only(seven7s, position):
    # P0 holds a 4th card, so that no refill draws from the deck after the turn.
    s = position(hands=[["WO1", "SE2", "DS2", "SE7"], ["VI1", "VI2", "VI3"]], deck=["CO3", "CO2"])
    for action in ("play WO1 wonders", "look hand(P1)#1", "look_top", "look_top", "back CO2"):
        s.apply_action(action)
    mine, theirs = printed(render_view(seven7s, s.view(0))), printed(render_view(seven7s, s.view(1)))
    seen = next(seven7s.card_texts[c] for c in s.zone_cards("hand", 1) if s.known.get(c))
    assert f"3 cards; you know {seen}" in mine
    assert "you know" in mine and "CO3 (top)" in mine and "CO2 (2nd from the top)" in mine
    assert "you know" not in theirs and "CO3" not in theirs and "CO2" not in theirs


def test_play_asks_each_question_with_numbered_moves_and_shows_the_look_to_the_looker_only(seven7s, card_texts, invoke):
    def p0_starts_with_wonders(state):
        return state.current_player() == 0 and any(t.startswith("WO") for t in card_texts(state, "hand", 0))
    seed, state = seed_where(seven7s, p0_starts_with_wonders)
    wonders = next(t for t in card_texts(state, "hand", 0) if t.startswith("WO"))
    # Names are places of P1's hand, known cards included (ruling 6.7.6); a place looked at is not offered again.
    # Then P0 hands the terminal over (Enter clears the screen) and P1 confirms they sit there (Enter).
    moves = [f"play {wonders} wonders", "look hand(P1)#1", "look hand(P1)#2", "look hand(P1)#3", "", "", "quit"]
    result = invoke("play", "seven7s", "--seed", seed, "--seat", "0=human", "--seat", "1=human",
                    input="\n".join([""] + moves) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    p0, p1 = out.split("P1's turn — press Enter")[0], out.split("P1's turn — press Enter")[1]
    assert "Play a card into a column" in p0 and "  1. play " in p0
    assert "Wonders: look at the next deck card or at an opponent's card (by place)?" in p0
    assert "  1. look_top" in p0 and "  2. look hand(P1)#1" in p0
    assert "3 cards; you know" in p0  # P0's own screen after the first look
    assert "you know" not in p1 and "Trump: " in p1


def test_a_game_between_bots_prints_the_scores_at_the_end(invoke):
    result = invoke("play", "seven7s", "-p", "3", "--seed", "5", "--seat", "0=random")
    assert result.exit_code == 0, result.output
    assert re.search(r"Totals: P0 -?\d+ · P1 -?\d+ · P2 -?\d+", result.output) and "winning total: " in result.output
