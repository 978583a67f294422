"""What `cardrules play` shows each player: private messages, the "You saw" panel, spectators, game over, hot seat."""

from __future__ import annotations

import os
import re
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

import cardrules
from cardrules.cli.announce import ALL, before_move, move_line, shows_for
from cardrules.cli.play import clear_screen
from cardrules.cli.render import CardPainter

PEEK = Path(__file__).parent / "peek.rules"
NAMES = ("ace", "bee", "cat", "dog", "elk", "fox", "gnu")


def test_a_private_message_is_shown_to_its_player_only(invoke):
    for seed in range(6):
        result = invoke("play", PEEK, "--seed", seed, "--seat", "0=random", "--seat", "1=human", input="1\n" * 40)
        out = result.output
        assert result.exit_code == 0, out
        assert "(to P0)" not in out and not re.search(r"P0 peeks at (?!a card)", out.split("P1 plays: peek")[0])
        if "P1 plays: peek" in out:
            assert re.search(r"\(to you\) the top card is (" + "|".join(NAMES) + ")", out)
            return
    raise AssertionError("no seed had P1 peek")


def test_what_a_human_came_to_know_is_in_a_panel_of_their_next_screen(invoke):
    result = invoke("play", PEEK, "--seed", 1, "--seat", "0=random", "--seat", "1=human", input="1\n" * 6)
    out = result.output
    first, _, later = out.partition("P1 plays: peek")
    assert "You saw" not in first
    panel = later.index("╭─ You saw")
    assert panel < later.index("P1, your move")
    assert re.search(r"│ You saw \w+ in deck", later) and re.search(r"│ \(to you\) the top card is \w+", later)


def test_a_game_watched_by_nobody_shows_public_information_only(invoke):
    for seed in range(8):
        watched = invoke("play", PEEK, "--seed", seed, "--seat", "0=random", "--seat", "1=random").output
        if "peeks at" in watched:
            break
    assert "peeks at a card" in watched and "(to P" not in watched
    assert "hand: 2 cards" in watched  # the deal, as a spectator sees it
    full = invoke("play", PEEK, "--seed", seed, "--seat", "0=random", "--seat", "1=random", "--reveal-all").output
    assert "peeks at a card" not in full and re.search(r"\(to P[01]\) the top card is \w+", full)
    assert not re.search(r"hand: \d cards", full.partition("Game over")[0])


def test_reveal_all_is_for_bots_only(invoke):
    result = invoke("play", PEEK, "--reveal-all")
    assert result.exit_code == 2 and "--reveal-all" in result.output


def test_game_over_shows_the_hands_unless_the_file_says_otherwise(invoke, tmp_path):
    seats = ["--seed", "3", "--seat", "0=random", "--seat", "1=random"]
    shown = invoke("play", PEEK, *seats).output.partition("Game over")[0].rpartition("Peek  game over")[2]
    assert "winner" in shown and not re.search(r"hand: \d+ cards?", shown)
    hidden = tmp_path / "hidden.rules"
    hidden.write_text(PEEK.read_text() + "reveal at end: none\n")
    kept = invoke("play", hidden, *seats).output.partition("Game over")[0].rpartition("Peek  game over")[2]
    assert re.search(r"hand: \d+ cards?", kept)


def test_hot_seat_hands_over_before_the_next_hand_is_shown(invoke):
    # P0 confirms and moves, then hands over; P1 confirms and moves
    result = invoke("play", PEEK, "--seed", "2", "--seat", "0=human", "--seat", "1=human", input="\n2\n\n\n2\n")
    out = result.output
    after = out.partition("P0 plays:")[2]
    assert after.index("P1's turn: P0, press Enter to clear the screen") < after.index(
        "P1's turn — press Enter when you are P1") < after.index("P1 (you)")


def test_the_screen_and_its_scrollback_are_cleared_on_a_terminal_only():
    terminal = Console(file=StringIO(), force_terminal=True)
    clear_screen(terminal)
    assert terminal.file.getvalue() == "\x1b[3J\x1b[2J\x1b[H"
    piped = Console(file=StringIO(), force_terminal=False)
    clear_screen(piped)
    assert piped.file.getvalue() == ""


def test_say_to_tells_only_the_listed_seats():
    game = cardrules.load(PEEK)
    state = game.new_initial_state(2, 0)
    peek = next(a for a in state.legal_actions() if a.name == "peek")
    seat = state.current_player()
    state.apply_action(peek)
    private, public = state.events
    assert private.told(seat) and not private.told(1 - seat) and not private.told(-1)
    assert public.told(1 - seat) and public.told(-1)
    assert private.text == f"the top card is {game.card_texts[state.zone_cards('deck')[-1]]}"


def test_a_show_line_names_a_card_only_to_those_who_know_it():
    game = cardrules.load_source(
        PEEK.read_text() + 'show "Top": top(deck) if not empty(deck) else none\n'
        'show "Both": words("top", top(deck), "and", [top(pile)]) if not empty(pile) else none\n')
    state = game.new_initial_state(2, 0)
    seat = state.current_player()
    assert shows_for(state, seat) == [("Top", "a card")] == shows_for(state, -1)
    state.apply_action(next(a for a in state.legal_actions() if a.name == "peek"))
    top = game.card_texts[state.zone_cards("deck")[-1]]
    assert shows_for(state, seat) == [("Top", top)] and shows_for(state, 1 - seat) == [("Top", "a card")]
    assert shows_for(state, ALL) == state.shows() == [("Top", top)]
    state.apply_action(next(a for a in state.legal_actions() if a.name == "play"))
    pile = game.card_texts[state.zone_cards("pile")[-1]]
    assert shows_for(state, 1 - seat)[1] == ("Both", f"top a card and [{pile}]")
    assert shows_for(state, seat)[1] == ("Both", f"top {top} and [{pile}]") == state.shows()[1]


def test_a_move_naming_a_list_of_cards_names_each_only_to_those_who_know_it():
    game = cardrules.load_source(PEEK.read_text().replace(
        "    play(c in hand(me)):\n", "    bury(cs in [hand(me)]):\n      move cs to deck\n    play(c in hand(me)):\n"))
    state = game.new_initial_state(2, 0)
    seat, painter = state.current_player(), CardPainter(game)
    hand = [game.card_texts[c] for c in state.zone_cards("hand", seat)]
    action = next(a for a in state.legal_actions() if a.name == "bury")
    move = before_move(state, seat, action)
    state.apply_action(action)  # the hand, the very list the move names, is empty now
    assert move_line(painter, move, state, seat).plain == f"P{seat} plays: bury [{', '.join(hand)}]"
    assert move_line(painter, move, state, ALL).plain == f"P{seat} plays: bury [{', '.join(hand)}]"
    assert move_line(painter, move, state, 1 - seat).plain == f"P{seat} plays: bury [a card, a card]"
    assert move_line(painter, move, state, -1).plain == f"P{seat} plays: bury [a card, a card]"


SNAPSHOTS = {  # terminal snapshots: the whole text a game prints, for its reader
    "peek-human-p1.txt": ["--seed", "1", "--seat", "0=random", "--seat", "1=human"],
    "peek-spectator.txt": ["--seed", "1", "--seat", "0=random", "--seat", "1=random"],
    "peek-reveal-all.txt": ["--seed", "1", "--seat", "0=random", "--seat", "1=random", "--reveal-all"],
}


@pytest.mark.parametrize("name", sorted(SNAPSHOTS))
def test_terminal_snapshot(invoke, name):
    """The exact text of a game as its reader sees it (UPDATE_GOLDEN=1 writes it again: review the diff)."""
    result = invoke("play", PEEK, *SNAPSHOTS[name], input="1\n" * 12, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    path = Path(__file__).parent / "golden" / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(result.output)
    assert result.output == path.read_text()
