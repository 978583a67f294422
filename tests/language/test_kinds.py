"""The kinds `check` infers (cardrules/language/kinds.py): mismatches are errors with both kinds in words, and
whatever the checker cannot tell never is. The catalogue of messages is in golden/errors/cases-kinds.json."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.language import kinds
from cardrules.language.builtins import FUNCTIONS, NAMES, StateName
from cardrules.resources import bundled_games, bundled_variants

BASE = """game "Kinds"
players 2..4
option target "points to win" = 3
attribute suit: spades > hearts > clubs
attribute number: 1..9
attribute pile_key: up > down
cards: number * suit -> deck
zone deck: stack, hidden
zone pile: per pile_key, stack, public
zone hand: per_player, owner
var score per player = 0
var mark per player, pile_key = none
var last = none
def best_card = highest(hand(me))
def first(xs) = top(xs)
def twice(x) = x + x
def owns(p) = count(hand(p))
def suit_of(c) = c.suit
def drawn_by(p) = owns(p) > 2
action give(p):
  move top(deck) to hand(p)
setup:
  shuffle deck
  deal 3 from deck to hand
turn:
  choose:
    play(card in hand(me), k in [up, down]):
      move card to pile(k)
      set last = card
      set last = me
    pass_turn:
      set score(me) = score(me) + 1
end when score(me) >= target or empty(deck):
  win best(players, by: score(it))
show "Last": last
show "Marks": [mark(p, up) for p in players]
show "Twice": twice(score(me))
show "First": first(hand(me))
show "Owns": drawn_by(me)
show "Suit": suit_of(top(deck))
"""


def errors(text: str) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in cardrules.check_source(text, "k.rules") if d.severity == "error"]


def with_line(line: str) -> str:
    """BASE with one more statement at the end of the turn's second option."""
    return BASE.replace("      set score(me) = score(me) + 1\n", f"      set score(me) = score(me) + 1\n      {line}\n")


def test_the_base_file_is_clean():
    assert errors(BASE) == []


@pytest.mark.parametrize("path", sorted({**bundled_games(), **bundled_variants()}.values()), ids=str)
def test_every_bundled_game_and_variant_checks_clean_with_strict(invoke, path):
    result = invoke("check", "--strict", path)
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output


@pytest.mark.parametrize("line, code, words", [
    ("win hand(left(me))", "E401", "'win' needs players, but hand(left(me)) is a list of cards"),
    ("win best_card", "E401", "best_card is a card"),  # a definition's kind comes from its body
    ("win first(hand(me))", "E401", "first(hand(me)) is a card"),  # ... for the kinds of the call's arguments
    ("eliminate top(deck)", "E401", "'eliminate' needs players, but top(deck) is a card"),
    ("set score(top(deck)) = 1", "E401", "'score', a variable per player, needs a seat, but top(deck) is a card"),
    ("move top(deck) to hand(best_card)", "E401", "'hand', a zone per player, needs a seat"),
    ("move top(deck) to pile(3)", "E407", "'pile' needs a pile_key, but 3 is a number"),
    ("set mark(me, hearts) = 1", "E407", "'mark' needs a pile_key, but hearts is a suit"),
    ("say left(top(deck))", "E401", "'left' needs a seat, but top(deck) is a card"),
    ("say top(deck).suit > 3", "E402", "a suit (top(deck).suit) is compared with a number (3)"),
    ("say top(deck) < 3", "E402", "a card (top(deck)) is compared with a number (3)"),
    ("say top(deck).suit == up", "E402", "a suit (top(deck).suit) is compared with a pile_key (up)"),
    ('say "a" < 3', "E402", 'a text ("a") is compared with a number (3)'),
    ("say hearts in [1, 2]", "E402", "a suit (hearts) is looked for in a list of numbers"),
    ("say 3 in num_players", "E404", "'in' looks in a list, but num_players is a number"),
    ("say [c for c in 3]", "E404", "a comprehension needs a list, but 3 is a number"),
    ("say top(deck) + 1", "E403", "'+' needs numbers (or two lists), but top(deck) is a card"),
    ("say -hearts", "E403", "'-' needs a number, but hearts is a suit"),
    ("say hand(me) + 1", "E403", "hand(me) is a list of cards"),
    ("say me.suit", "E406", "'.suit' is read from a card, but me is a seat"),
    ("say deck where suit", "E405", "a condition must be true or false, but suit is a suit"),
    ("say 1 if score(me) else 2", "E405", "score(me) is a number"),
    ("say count(3)", "E407", "'count' needs a list, but 3 is a number"),
    ("say hand(me)[hearts]", "E407", "a place in a list is a number, but hearts is a suit"),
    ("move me to deck", "E407", "'move' needs cards, but me is a seat"),
    ("reveal top(deck) to top(deck)", "E401", "'reveal ... to' needs players"),
    # what a definition's or an action's body needs of a parameter, its calls must give (through other calls too)
    ("say owns(top(deck))", "E401", "'owns' (its parameter p) needs a seat, but top(deck) is a card"),
    ("say drawn_by(top(deck))", "E401", "'drawn_by' (its parameter p) needs a seat, but top(deck) is a card"),
    ("say suit_of(me)", "E406", "'suit_of' (its parameter c) reads attributes of a card, but me is a seat"),
    ("do give(top(deck))", "E401", "'give' (its parameter p) needs a seat, but top(deck) is a card"),
])
def test_a_mismatch_is_an_error_with_both_kinds_in_words(line, code, words):
    found = errors(with_line(line))
    assert len(found) == 1, found
    assert found[0][0] == code and words in found[0][1], found


def test_first_and_next_player_need_one_seat():
    text = BASE.replace("  deal 3 from deck to hand\n", "  deal 3 from deck to hand\n  first player: players\n")
    assert errors(text) == [("E401", "'first player:' needs a seat, but players is a list of seats")]
    assert errors(BASE + "next player: top(deck)\n")[0][0] == "E401"


@pytest.mark.parametrize("line", [
    "win [hand(me), me][0]",  # a list of mixed kinds: its elements are unknown
    "win last",  # a variable set to a card and to a seat
    "say twice(top(deck))",  # a parameter is unknown inside the body: no error there, nor at the call
    "win players",
    "win []",
    "win side(me)",
    "eliminate [p for p in active where score(p) == 0]",
    "first player: 0",  # seats are numbered: a number stands for a seat
    "say score(me) < none",  # none is lower than everything
    "say top(deck) > top(pile(up))",
    "say hand(me) + pile(up) + []",
    "say [0] * num_players",
    "say (score(me), top(deck)) > (1, none)",
    "say top(deck).number * 2 - count(hand(me))",
    "say not empty(deck) and (me == 0 or score(me) > 1)",
    "say best(hand(me), by: number)",
    "say [p for p in players where p != me]",
    "say [x for x in values(suit) where x > hearts]",
    "say [k for k in keys(pile) where count(pile(k)) > 1]",
    "say owns(me) + owns(0) + owns(none) + count([suit_of(c) for c in hand(me)])",
    "do give(left(me))",
])
def test_what_is_right_or_cannot_be_told_is_no_error(line):
    assert errors(with_line(line)) == []


def test_a_variable_takes_the_kind_of_everything_it_is_set_to():
    text = BASE.replace("var last = none", "var last = none\nvar top_card = none").replace(
        "      set last = me\n", "      set last = me\n      set top_card = top(deck)\n")
    assert errors(text.replace("show \"Last\": last", "show \"Last\": last\nshow \"T\": top_card + 1")) == [
        ("E403", "'+' needs numbers (or two lists), but top_card is a card")]


def test_every_builtin_record_speaks_the_words_of_kinds():
    """A builtin gives its argument and result kinds in its record; kinds.py must know every word."""
    for record in FUNCTIONS.values():
        for word in record.takes:
            assert word == "" or word in kinds._EXPECTED, (record.name, word)
        assert record.gives == "" or record.gives in kinds._NAMED or record.gives in kinds._RULES, record.name
    for record in NAMES.values():
        if isinstance(record, StateName):
            assert record.kind == "" or record.kind in kinds._NAMED, record.name


def test_kinds_in_words():
    assert kinds.describe(kinds.list_of(kinds.list_of(kinds.SEAT))) == "a list of lists of seats"
    assert kinds.describe(kinds.value_of("suit")) == "a suit" and kinds.describe(kinds.value_of("age")) == "an age"
    assert kinds.describe(kinds.list_of(kinds.EMPTY)) == "an empty list"
    assert kinds.join(kinds.list_of(kinds.EMPTY), kinds.CARDS) == kinds.CARDS
    assert kinds.join(kinds.CARD, kinds.SEAT) == kinds.UNKNOWN


def test_a_long_chain_of_definitions_is_followed_without_crashing():
    chain = "".join(f"def d{i} = d{i + 1} + 1\n" for i in range(400)) + "def d400 = top(deck)\n"
    found = errors(BASE + chain + 'show "Deep": d0\n')
    assert found == [("E403", "'+' needs numbers (or two lists), but d400 is a card")]
