"""`cards: A * B copies N where COND -> zone`: a deck whose counts differ from one kind of card to another."""

import pytest

import cardrules
from cardrules.authoring.explain import explain_text
from cardrules.authoring.fmt import format_text

RULES = """\
game "T"
players 2..2
attribute dish: tempura > maki > wasabi
attribute rolls: 1..3
CARDS
zone deck: stack, hidden
zone hand: per_player, owner
setup:
  shuffle deck
  deal 1 from deck to hand
turn:
  choose:
    keep(card in hand(me)):
      win me
"""

DECK = """\
cards: dish copies 3 where dish in [tempura, wasabi] -> deck
cards: dish * rolls copies 2 where dish == maki and rolls >= 2 -> deck
cards: dish * rolls where dish == maki and not (rolls in 2..3) -> deck"""


def counts(game) -> dict[str, int]:
    out: dict[str, int] = {}
    for text in game.card_texts:
        out[text] = out.get(text, 0) + 1
    return out


def test_only_the_combinations_the_condition_keeps_are_made():
    game = cardrules.load_source(RULES.replace("CARDS", DECK + "\ntext: dish rolls"), "t.rules")
    assert counts(game) == {"tempura": 3, "wasabi": 3, "maki2": 2, "maki3": 2, "maki1": 1}
    state = game.new_initial_state(2)
    assert len(state.legal_actions()) == 1 and not state.is_terminal()


@pytest.mark.parametrize("condition, made", [
    ("rolls % 2 == 1", 2 * 3 * 2),  # arithmetic
    ("dish > maki or rolls == -(-3)", 3 + 2),  # ranked values compare by rank
    ("(tempura if rolls == 1 else wasabi) == dish", 3),  # a conditional value
    ("dish != maki and rolls in [1, 2] and true", 4),
    ("rolls in 1..1000000000", 9),  # a long range is asked, never listed
])
def test_conditions(condition, made):
    game = cardrules.load_source(RULES.replace("CARDS", f"cards: dish * rolls copies 2 where {condition} -> deck"
                                               if "%" in condition else
                                               f"cards: dish * rolls where {condition} -> deck"), "t.rules")
    assert len(game.cards) == made


@pytest.mark.parametrize("condition, code", [
    ("count(deck) > 1", "E375"),  # the state does not exist yet
    ("[x for x in [1]] == [1]", "E375"),
    ("num_players > 2", "E375"),  # nor the number of players
    ("colour == maki", "E376"),
    ("rolls > 1", "E376"),  # an attribute the line does not make
])
def test_mistakes_are_located(condition, code):
    text = RULES.replace("CARDS", f"cards: dish where {condition} -> deck")
    found = [d for d in cardrules.check_source(text, "t.rules") if d.severity == "error"]
    assert [d.code for d in found] == [code]
    assert found[0].span.line == 5 and found[0].span.column >= 19


def test_a_condition_that_cannot_be_worked_out_stops_the_build_at_its_line():
    text = RULES.replace("CARDS", "cards: dish * rolls where dish > rolls -> deck")  # a dish against a number
    with pytest.raises(cardrules.RulesError) as info:
        cardrules.load_source(text, "t.rules")
    [diag] = info.value.diagnostics
    assert diag.code == "E377" and diag.span.line == 5 and "dish tempura, rolls 1" in diag.message


def test_explain_and_fmt():
    text = RULES.replace("CARDS", DECK.replace("copies 3 where", "copies 3  where"))
    shown = explain_text(text, "t.rules").text()
    assert "cards: one for every dish where dish in [tempura, wasabi], 3 copies of each = 6 cards" in shown
    assert "one for every dish × rolls where dish == maki and rolls >= 2, 2 copies of each = 4 cards" in shown
    assert "The deck has 11 cards." in shown
    formatted = format_text(text, "t.rules")
    assert "cards: dish copies 3 where dish in [tempura, wasabi] -> deck\n" in formatted
    assert format_text(formatted, "t.rules") == formatted
