"""Derived attributes in `text:` (a definition of one card, written after its attributes) and unique card texts."""

import json

import pytest

import cardrules
from cardrules.diagnostics import RulesError
from cardrules.engine.positions import load_position

RULES = """\
game "T"
players 2..2
option bonus = true
attribute number: 30..37
attribute command: DRAW_ONE > SKIP "sk"
cards: number -> deck
def command_of(card) = DRAW_ONE if card.number % 5 == 0 and bonus else SKIP if card.number == 31 else none
text: number command_of
zone deck: stack, public
zone hand: per_player, owner
setup:
  deal 4 from deck to hand
turn:
  choose:
    play(card in hand(me)):
      move card to deck
      say "played", card
      win me
"""


def test_a_card_text_shows_its_derived_attribute():
    game = cardrules.load_source(RULES, "t.rules")
    assert list(game.card_texts) == ["30 DRAW_ONE", "31 sk", "32", "33", "34", "35 DRAW_ONE", "36",
                                      "37"]
    assert game.card_labels[1] == "31 SKIP" and game.card_labels[5] == "35 DRAW_ONE"
    off = cardrules.load_source(RULES, "t.rules", {"bonus": False})  # the options decide it
    assert off.card_texts[5] == "35"


def test_typed_moves_views_and_positions_read_those_texts():
    game = cardrules.load_source(RULES, "t.rules")
    state = game.new_initial_state(2)
    assert [a.text for a in state.legal_actions()] == ["play 37", "play 35 DRAW_ONE", "play 33", "play 31 sk"]
    state = load_position(game, {"players": 2, "to_move": 0,
                                 "zones": {"hand": [["35 draw_one", "31 SK"], ["33"]], "deck": ["32"]}},
                          "pos.json", None)
    assert [a.text for a in state.legal_actions()] == ["play 35 DRAW_ONE", "play 31 sk"]
    assert state.view(0).zones["hand"][0] == ["35 DRAW_ONE", "31 sk"]
    state.apply_action("play 35 draw_one")
    assert [event.text for event in state.events] == ["played 35 DRAW_ONE"]
    assert json.dumps(state.view(1).to_json())


@pytest.mark.parametrize("definition, code", [
    ("def command_of(card, other) = none", "E228"),
    ("def command_of = none", "E228"),
    ("def command_of(card) = DRAW_ONE if count(hand(0)) > 1 else none", "E229"),  # reads the state
    ("def command_of(card) = DRAW_ONE if num_players > 2 else none", "E229"),  # a game is built for any count
    ("def command_of(card) = none", "E220"),
])
def test_derived_attribute_misuse(definition, code):
    text = RULES.replace(RULES.splitlines()[6], definition)
    if code == "E220":
        text = text.replace("text: number command_of", "text: number comand_of")
    found = [(d.code, d.span.line) for d in cardrules.check_source(text, "t.rules") if d.severity == "error"]
    assert found == [(code, 8 if code == "E220" else 7)]


def test_distinct_cards_may_not_share_a_text():
    text = RULES.replace("text: number command_of", "text: command_of")
    with pytest.raises(RulesError) as info:
        cardrules.load_source(text, "t.rules")
    diag = info.value.diagnostics[0]
    assert (diag.code, diag.span.line) == ("E313", 8)
    assert "'32' and '33' are both written ''" in diag.message


def test_copies_share_a_text():
    game = cardrules.load_source(RULES.replace("cards: number -> deck", "cards: number copies 2 -> deck"), "t.rules")
    assert game.by_text["35 draw_one"] == (game.cards[10], game.cards[11])


def test_a_derived_value_that_cannot_be_written_is_a_located_error():
    text = RULES.replace(RULES.splitlines()[6], "def command_of(card) = [card.number]")
    with pytest.raises(RulesError) as info:
        cardrules.load_source(text, "t.rules")
    assert [(d.code, d.span.line) for d in info.value.diagnostics] == [("E312", 7)]
    text = RULES.replace(RULES.splitlines()[6], "def command_of(card) = 10 // (card.number - 33)")
    with pytest.raises(RulesError) as info:
        cardrules.load_source(text, "t.rules")
    assert "division by zero" in info.value.diagnostics[0].message


MISSING = """\
game "T"
players 2..2
attribute kind: roll > plain
attribute size: 1..2
attribute mark: STAR > DOT
cards: kind * size where kind == roll -> deck
cards: kind where kind == plain -> deck
def mark_of(card) = STAR if card.size == 2 else none
TEXT
zone deck: stack, public
turn:
  choose:
    end: win me
"""


@pytest.mark.parametrize("text, texts, labels", [
    ("text: kind size", ["roll1", "roll2", "plain"], ["roll 1", "roll 2", "plain"]),
    ("text: kind size mark_of", ["roll1", "roll2 STAR", "plain"], ["roll 1", "roll 2 STAR", "plain"]),
])
def test_an_attribute_a_card_lacks_is_left_out_of_its_text(text, texts, labels):
    """A card without one of the `text:` attributes is written without it, not with the word 'none'."""
    game = cardrules.load_source(MISSING.replace("TEXT", text), "t.rules")
    assert list(game.card_texts) == texts
    assert list(game.card_labels) == labels


def test_a_wager_card_without_a_number_is_written_without_it():
    """A card without a value of a `text:` attribute (a wager card with no number) is written without it,
    as its full name is: 'yW', not 'yWnone'; the others keep every part."""
    game = cardrules.load_source("""\
game "T"
players 2..2
attribute colour: yellow "y" > blue "b"
attribute number: 2..3
attribute kind: wager "W"
cards: number * colour -> deck
cards: kind * colour copies 2 -> deck
order: colour, number
text: colour kind number
zone deck: stack, public
turn:
  choose:
    take(card in deck):
      win me
""", "t.rules")
    assert sorted(set(game.card_texts)) == ["b2", "b3", "bW", "y2", "y3", "yW"]
    assert sorted(set(game.card_labels)) == ["blue 2", "blue 3", "blue wager", "yellow 2", "yellow 3", "yellow wager"]


def test_a_derived_attribute_may_read_a_constant_table_of_the_file():
    # The definition without parameters keeps its value in a memo: worked out for a card's text, with no state.
    text = RULES.replace(
        "def command_of(card) = DRAW_ONE if card.number % 5 == 0 and bonus else SKIP if card.number == 31 else none",
        "def table = [(DRAW_ONE, [30, 35]), (SKIP, [31])]\n"
        "def command_of(card) = top([entry[0] for entry in table where card.number in entry[1]])")
    game = cardrules.load_source(text, "t.rules")
    assert list(game.card_texts[:3]) == ["30 DRAW_ONE", "31 sk", "32"]
