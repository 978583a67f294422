"""What the table shows (#24 item 2): `internal` zones and variables left out, `sorted` zones in the card order,
values per seat against the seats' names, seats as P0 (even worked out as numbers), keyed variables readably,
colour words on cards whose text does not say them, a question on every choice, and sentences that agree with
the seats they name. Small rules files through the public API; the bundled games through `cardrules play`."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import cardrules
from cardrules.authoring.fmt import format_text
from cardrules.cli import announce, render
from cardrules.words import agree, listed, plural_verb

RULES = """\
game "Table"
players 2..3

attribute colour: red "r" > blue "b"
attribute number: 1..9
attribute key: up > down
cards: colour * number -> deck
order: number, colour
text: colour number

card X1 "Odd one": colour red, number 1 -> deck

zone deck: stack, hidden, internal
zone hand: per_player, owner, row, sorted
zone kept: per_player, public, row
zone spare: row, public, internal

var turns = 0, internal
var pile_mark per key = none
var dealer = 0
var tally per player = 0

def next_dealer = (dealer + 1) % num_players
def team = [p for p in players where p != dealer]

setup:
  deal 4 from deck to hand
  move top(deck) to spare
  set pile_mark(up) = red
  set tally(1) = 7
  first player: dealer

turn:
  set turns = turns + 1
  choose "Keep a card":
    keep(card in hand(me)):
      move card to kept(me)
      say team, "takes note of", card
      say [me], "keeps a card"
  set dealer = next_dealer

end when turns == 4:
  win players

show "Tallies": [tally(p) for p in players]
show "Next dealer": next_dealer
show "Team": team
show "Turns": turns
"""


def text_of(game, view, everything: bool = False) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(render.render_view(game, view, everything=everything))
    return console.export_text()


@pytest.fixture(scope="module")
def game():
    assert cardrules.check_source(RULES, "table.rules") == []
    return cardrules.load_source(RULES, "table.rules")


def test_internal_zones_and_variables_are_left_out_unless_everything_is_shown(game):
    state = game.new_initial_state(2, seed=3)
    shown = text_of(game, announce.view_for(state, 0))
    assert "deck:" not in shown and "spare:" not in shown and "turns:" not in shown
    assert "hand:" in shown and "kept:" in shown and "tally:" in shown and "dealer:" in shown
    everything = text_of(game, announce.view_for(state, announce.ALL), everything=True)
    assert "deck:" in everything and "spare:" in everything and "turns:" in everything


def test_a_sorted_zone_is_drawn_in_the_card_order(game):
    state = game.new_initial_state(2, seed=3)
    hand = state.zone_cards("hand", 0)
    assert sorted(hand) != list(hand), "the seed must deal an unsorted hand for this test to mean anything"
    line = next(line for line in text_of(game, state.view(0)).splitlines() if "hand:" in line and "cards" not in line)
    texts = re.findall(r"[a-zA-Z]\w*", line.split("hand:")[1])
    written = [t for t in texts if t.lower() in game.by_text]
    assert written == [game.card_texts[c] for c in sorted(hand)]


def test_values_per_seat_and_seats_are_written_by_name(game):
    state = game.new_initial_state(3, seed=3)
    shows = dict(announce.shows_for(state, 0))
    assert shows["Tallies"] == "P0 0 · P1 7 · P2 0"
    assert shows["Next dealer"] == "P1"  # worked out as a number, a seat by its kind
    assert shows["Team"] == "P1, P2"
    assert shows["Turns"] == "1"  # a number, not a seat
    shown = text_of(game, state.view(0))
    assert re.search(r"dealer:\s+P0", shown) and re.search(r"pile_mark:\s+up red\n", shown)


def test_a_list_shown_on_its_own_line_is_written_without_brackets_and_empty_as_none():
    rules = RULES.replace('show "Turns": turns\n', 'show "Turns": turns\nshow "Kept": kept(0)\n'
                          'show "Dealt high": [c for c in hand(0) where c.number > 9]\n')
    game = cardrules.load_source(rules, "table.rules")
    state = game.new_initial_state(2, seed=3)
    if state.current_player() != 0:
        state.apply_action(0)
    state.apply_action(0)
    shows = dict(announce.shows_for(state, 0))
    assert shows["Kept"] == game.card_texts[state.zone_cards("kept", 0)[0]]  # was "[r4]"
    assert shows["Dealt high"] == "none"  # was "[]"


def test_a_colour_the_text_does_not_say_is_written_beside_it(game):
    painter = render.CardPainter(game)
    odd = game.by_text["x1"][0]
    assert painter.cards([odd, game.by_text["b2"][0]]).plain == "X1 red, b2"
    assert painter.cards([game.by_text["r1"][0], game.by_text["b2"][0]]).plain == "r1 b2"


def test_sentences_agree_with_the_seats_they_name(game):
    state = game.new_initial_state(3, seed=3)
    state.apply_action(state.legal_actions()[0])
    said = [str(e) for e in state.events]
    assert said[0].startswith("P1 and P2 take note of ") and said[1] == "P0 keeps a card"


@pytest.mark.parametrize("one, several", [("removes", "remove"), ("has", "have"), ("passes", "pass"),
                                          ("fishes", "fish"), ("carries", "carry"), ("goes", "go"),
                                          ("scores", "score"), ("wins", "win"), ("remove", "remove")])
def test_a_verb_for_one_player_is_put_in_the_plural(one, several):
    assert plural_verb(one) == several
    assert agree(f"who {one} it", 2) == f"who {several} it" and agree(f"{one} it", 1) == f"{one} it"


def test_seats_are_listed_as_a_subject():
    assert [listed(w) for w in (["P0"], ["P0", "P2"], ["P0", "P1", "P2"])] == ["P0", "P0 and P2", "P0, P1 and P2"]


def test_fmt_keeps_the_marks():
    text = RULES.replace("var turns = 0, internal", "var turns = 0 ,  internal")
    formatted = format_text(text)
    assert "var turns = 0, internal\n" in formatted and "zone hand: per_player, owner, row, sorted\n" in formatted
    assert format_text(formatted) == formatted


def test_a_choice_without_a_question_is_a_warning():
    text = RULES.replace('choose "Keep a card":', "choose:")
    found = cardrules.check_source(text, "table.rules")
    line = text.splitlines().index("  choose:") + 1
    assert [(d.code, d.severity, d.span.line, d.span.column) for d in found] == [("W400", "warning", line, 3)]


@pytest.mark.parametrize("game_name", ["red7", "the-game", "punto", "seven7s", "crazy-eights", "hearts", "go-fish",
                                       "lost-cities", "sushi-go"])
def test_every_choice_of_the_bundled_games_asks_a_question(game_name):
    rules = cardrules.prepare(game_name)
    assert [d for d in cardrules.check_source(rules.sources[rules.path], rules.path) if d.code == "W400"] == []
