"""What an option accepts (`in LOW..HIGH`, `in [V, ...]`, `for players ...`), through the public API: parsed,
compiled into the option's description, enforced when a game is loaded, started or set up from a position,
and laid out by fmt. The checker's messages are golden error cases (golden/errors/cases-options.json)."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.authoring.fmt import format_text
from cardrules.engine import OptionDoc
from cardrules.engine.positions import load_position

RULES = '''game "Tiny"
players 2..4
option rounds "rounds to play" = 2 in 1..5
option speed "how fast" = "normal" in ["slow", "normal", "fast"]
option bonus = 10 in [0, 10, 20] for players 3..4
option teams "two teams" = false for players 4
attribute n: 1..6
cards: n -> deck
zone deck: stack, hidden
zone hand: per player, public
var played = 0
turn:
  move top(deck) to hand(me)
  set played = played + bonus

end when empty(deck) or played >= rounds * 2:
  win [] if teams or speed == "slow" else [me]
'''


def load(**options):
    return cardrules.load_source(RULES, "tiny.rules", options=options)


def test_what_each_option_accepts_is_in_its_description():
    docs = load().option_docs
    assert docs["rounds"] == OptionDoc(2, "rounds to play", bounds=(1, 5))
    assert docs["speed"] == OptionDoc("normal", "how fast", choices=("slow", "normal", "fast"))
    assert docs["bonus"] == OptionDoc(10, "", choices=(0, 10, 20), players=(3, 4))
    assert docs["teams"] == OptionDoc(False, "two teams", players=(4, 4))


@pytest.mark.parametrize("options, value", [({"rounds": 1}, 1), ({"rounds": "5"}, 5), ({"speed": "fast"}, "fast"),
                                            ({"bonus": "20"}, 20), ({"teams": "yes"}, True)])
def test_accepted_values_are_converted_to_the_options_kind(options, value):
    assert load(**options).options[next(iter(options))] == value


@pytest.mark.parametrize("options, message", [
    ({"rounds": 0}, "option 'rounds' accepts a whole number from 1 to 5, not 0"),
    ({"rounds": "6"}, "option 'rounds' accepts a whole number from 1 to 5, not 6"),
    ({"rounds": True}, "option 'rounds' accepts a whole number from 1 to 5, not True"),
    ({"speed": "quick"}, "option 'speed' accepts \"slow\", \"normal\" or \"fast\", not \"quick\""),
    ({"bonus": 15}, "option 'bonus' accepts 0, 10 or 20, not 15"),
    ({"teams": "maybe"}, "option 'teams' accepts true or false, not 'maybe'"),
])
def test_a_value_outside_what_an_option_accepts_is_refused(options, message):
    with pytest.raises(cardrules.RulesError) as info:
        load(**options)
    assert [(d.code, d.message) for d in info.value.diagnostics] == [("E311", message)]


def test_an_option_changed_with_a_player_count_it_is_not_for_is_refused():
    teams = load(teams=True)
    for players in (2, 3):
        with pytest.raises(ValueError, match=f"option 'teams' is for 4 players only: a game of {players} keeps it "
                                             "false"):
            teams.new_initial_state(players)
        with pytest.raises(cardrules.RulesError, match="option 'teams' is for 4 players only"):
            load_position(teams, {"players": players})
    assert teams.new_initial_state(4).n == 4
    assert load(bonus=20).new_initial_state(3).n == 3
    with pytest.raises(ValueError, match="option 'bonus' is for 3 or 4 players only: a game of 2 keeps it 10"):
        load(bonus=20).new_initial_state(2)
    assert load(bonus=10, teams=False).new_initial_state(2).n == 2  # the defaults go with any player count


def test_the_facade_names_every_refusal_without_compiling():
    rules = cardrules.prepare_source(RULES, "tiny.rules")
    assert rules.option_refusals({"rounds": "9", "teams": True}, players=2) == [
        "option 'rounds' accepts a whole number from 1 to 5, not 9",
        "option 'teams' is for 4 players only: a game of 2 keeps it false"]
    assert rules.option_refusals({"rounds": "3", "teams": True}, players=4) == []
    assert rules.option_refusals({"teams": True}) == []  # no player count yet: only the values


def test_fmt_keeps_what_options_accept():
    messy = RULES.replace("= 2 in 1..5", "=2  in  1 .. 5").replace('in ["slow", "normal", "fast"]',
                                                                     'in [ "slow" ,"normal","fast" ]')
    messy = messy.replace("for players 3..4", "for  players  3 .. 4")
    assert format_text(messy, "tiny.rules") == RULES
    assert format_text(RULES, "tiny.rules") == RULES


def test_an_option_that_declares_nothing_accepts_any_value_of_its_kind():
    text = RULES.replace(" in 1..5", "")
    assert cardrules.load_source(text, "t.rules", options={"rounds": 99}).options["rounds"] == 99
    assert cardrules.check_source(text, "t.rules") == []


def test_validate_types_the_values_it_is_given_and_plays_only_what_they_are_for():
    from cardrules.authoring.validate import validate_rules

    rules = cardrules.prepare_source(RULES, "tiny.rules")
    report = validate_rules(rules, playouts=1, options={"teams": "yes"})
    assert [(run.options, run.players) for run in report.runs] == [({"teams": True}, 4)]
    with pytest.raises(cardrules.RulesError, match="option 'rounds' accepts a whole number from 1 to 5, not 7"):
        validate_rules(rules, playouts=1, options={"rounds": "7"})
