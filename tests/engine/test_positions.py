"""Position files: valid ones load to the start of a turn; every kind of bad file gets a located message."""

import json
from pathlib import Path

import pytest

import cardrules
from cardrules.engine.positions import load_position, read_position

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game(load_game):
    return load_game("red7")


def messages(game, data, text=None):
    with pytest.raises(cardrules.RulesError) as info:
        load_position(game, data, "pos.json", text)
    return [d.message for d in info.value.diagnostics]


def test_documented_example_loads(card_texts, game):
    state = read_position(game, str(ROOT / "docs" / "examples" / "red7-t1.json"))
    assert state.current_player() == 0
    assert state.zone_cards("palette", 1) == [game.by_text["g6"][0]]
    assert card_texts(state, "hand", 1) == ["b2", "b3"]


def test_unlisted_cards_stay_home_under_listed_ones(card_texts, game):
    state = load_position(game, {"zones": {"canvas": ["g2"]}})
    assert card_texts(state, "canvas") == ["starter", "g2"]
    assert len(state.zone_cards("deck")) == 48
    assert sorted(c for z in state.zones for c in z) == list(game.cards)


def test_cards_by_attributes_and_case_insensitive_text(card_texts, game):
    state = load_position(game, {"zones": {"palette": [[{"color": "red", "number": 7}], ["G6"]]}})
    assert card_texts(state, "palette", 0) == ["r7"]
    assert card_texts(state, "palette", 1) == ["g6"]


def test_every_problem_is_reported_at_once(game):
    found = messages(game, {"zones": {"palete": [], "hand": [["r9", "o1"], ["o1"]]}, "to_move": 5})
    assert any("unknown zone 'palete'" in m for m in found)
    assert any('no card "r9"' in m for m in found)
    assert any('"o1" is listed more times' in m for m in found)
    assert any("'to_move' must be a seat" in m for m in found)


def test_per_player_zone_needs_one_list_per_seat(game):
    assert any("one list per seat" in m for m in messages(game, {"zones": {"hand": ["r1", "r2"]}}))


def test_eliminated_player_cannot_be_to_move(game):
    assert any("eliminated" in m for m in messages(game, {"to_move": 1, "eliminated": [1]}))


def test_bad_card_notation_is_explained(game):
    assert any("short text" in m for m in messages(game, {"zones": {"canvas": [7]}}))


def test_problem_is_located_in_the_text(game):
    text = '{\n  "zones": {\n    "canvas": ["zz9"]\n  }\n}\n'
    with pytest.raises(cardrules.RulesError) as info:
        load_position(game, json.loads(text), "pos.json", text)
    span = info.value.diagnostics[0].span
    assert (span.line, span.column) == (3, 16)


def test_invalid_json_has_line_and_column(game, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n  "players": 2,\n  "zones": {,}\n}\n')
    with pytest.raises(cardrules.RulesError) as info:
        read_position(game, str(path))
    diag = info.value.diagnostics[0]
    assert diag.span.line == 3 and "not valid JSON" in diag.message


@pytest.mark.parametrize("number, where", [("9" * 5000, (1, 27)), ("-" + "1" * 16, (1, 27)), ("NaN", (1, 27))])
def test_a_number_out_of_range_in_a_position_file_is_located(game, tmp_path, number, where):
    path = tmp_path / "pos.json"
    path.write_text('{"players": 2, "to_move": ' + number + ', "zones": {}}')
    with pytest.raises(cardrules.RulesError) as info:
        read_position(game, str(path))
    [diagnostic] = info.value.diagnostics
    assert (diagnostic.span.line, diagnostic.span.column) == where
    assert "digits" in diagnostic.message or "not a number" in diagnostic.message


def test_a_grid_cell_of_thousands_of_digits_is_not_a_cell(load_game):
    punto = load_game("punto")
    key = "5" + "0" * 5000 + ",0"
    with pytest.raises(cardrules.RulesError) as info:
        load_position(punto, {"players": 2, "to_move": 0, "zones": {"grid": {key: ["r1"]}}}, "pos.json")
    assert "is not a cell" in info.value.diagnostics[0].message


@pytest.mark.parametrize("change, words", [
    ({"to_move": True}, "'to_move' must be a seat from 0 to 1, not true"),
    ({"eliminated": [True]}, "'eliminated' lists seat True"),
    ({"eliminated": 1}, "'eliminated' must be a list of seats"),
    ({"players": True}, "'players' must be a number from 2 to 4"),
])
def test_json_true_is_not_a_seat_or_a_count(game, change, words):
    """JSON's true is Python's True, which is the number 1: it played as seat 1 before."""
    assert any(words in m for m in messages(game, {"players": 2, "to_move": 0, "zones": {}, **change}))


@pytest.mark.parametrize("field, value", [("me", 7), ("me", -1), ("winners", [0, 9])])
def test_a_save_naming_a_seat_that_does_not_exist_is_refused(game, field, value):
    """load_state accepted out-of-range seats and failed later with a bare IndexError."""
    from cardrules.engine.saves import load_state, save_state

    data = save_state(game.new_initial_state(2, seed=1))
    data[field] = value
    with pytest.raises(cardrules.RulesError) as info:
        load_state(game, data)
    assert "name a seat that does not exist" in info.value.diagnostics[0].message


def test_a_position_with_thousands_of_mistakes_reports_a_hundred_and_counts_the_rest(game):
    """20,000 repeated cards took 51 s (each problem searched the text from its start) and printed 20,000 lines."""
    data = {"players": 2, "to_move": 0, "zones": {"hand": [["r1"] * 20_000, []]}}
    with pytest.raises(cardrules.RulesError) as info:
        load_position(game, data, "pos.json", json.dumps(data))
    found = info.value.diagnostics
    assert len(found) == 100 and all("listed more times than the game has it" in d.message for d in found)
    assert found[-1].notes == ("and 19899 more problems like these in this file",)


@pytest.mark.parametrize("variables, words", [
    ({"named": "purple"}, "variable 'named' holds a value of 'suit' (spades, hearts, diamonds, clubs), not \"purple\""),
    ({"passes": "x"}, "variable 'passes' holds a whole number, not \"x\""),
    ({"drawn": 1}, "variable 'drawn' holds true or false, not 1"),
])
def test_a_variable_is_given_a_value_of_its_kind(load_game, variables, words):
    """A suit variable set to "purple" was accepted and shown; the checker knows 'named' holds suits."""
    crazy = load_game("crazy-eights")
    assert words in messages(crazy, {"players": 2, "variables": variables})
    state = load_position(crazy, {"players": 2, "variables": {"named": "hearts", "passes": 2, "drawn": None}})
    assert state.view(0).variables["named"] == "hearts"


def test_a_save_made_with_other_rules_is_refused(game):
    """A save names its rules by the digest of their text: the same game name with a changed rule (here a
    comment added, the smallest change) is not the game it was saved from; the unchanged text is."""
    from cardrules.engine.saves import load_state, save_state

    data = save_state(game.new_initial_state(2, seed=1))
    text = (ROOT / "games" / "red7.rules").read_text()
    same = cardrules.load_source(text, str(ROOT / "elsewhere" / "red7.rules"))
    assert load_state(same, data).zones == load_state(game, data).zones  # moved, not changed: still the game
    changed = cardrules.load_source(text + "\n# a house rule\n", str(ROOT / "games" / "red7.rules"))
    with pytest.raises(cardrules.RulesError) as info:
        load_state(changed, data)
    assert "made with other rules for 'red7'" in info.value.diagnostics[0].message


KINDLESS = """\
game "Notes"
players 2..2

attribute number: 1..3
cards: number -> deck
text: number

zone deck: stack, hidden
zone hand: per_player, owner

var note = none  # holds nothing whose kind the checker can name

setup:
  deal 1 from deck to hand

turn:
  choose:
    pass:
      win me
"""


@pytest.mark.parametrize("value", ["purple", {"a": 1}, 1.5, [1, "purple"]])
def test_a_variable_of_no_known_kind_still_holds_only_values_of_the_game(value):
    """Such a variable took any JSON before: a text that names nothing, an object, a fraction."""
    notes = cardrules.load_source(KINDLESS, "notes.rules")
    assert any("variable 'note' holds a value of the game" in m
               for m in messages(notes, {"players": 2, "variables": {"note": value}}))


def test_a_variable_of_no_known_kind_takes_numbers_switches_and_lists():
    notes = cardrules.load_source(KINDLESS, "notes.rules")
    state = load_position(notes, {"players": 2, "variables": {"note": [1, True, None]}})
    assert state.view(0).variables["note"] == "[1, true, none]"


def test_null_is_the_rules_none(load_game):
    """JSON's null was kept as Python's None, which the rules' `none` is not: with `"named": null` Crazy
    Eights followed no suit at all (`named != none` held), so 5h could not go on 8h."""
    crazy = load_game("crazy-eights")
    state = load_position(crazy, {"players": 2, "variables": {"named": None},
                                  "zones": {"discards": ["8h"], "hand": [["5h", "6s"], []]}})
    assert [a.text for a in state.legal_actions()] == ["play 5h"]
