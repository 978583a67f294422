"""Diagnostics that point at the one real mistake: one error per undeclared name, suggestions by meaning and by
the place a name stands, a variant's misspelt override, every independent syntax error, shadowing warnings."""

import random
import re
from pathlib import Path

import pytest

import cardrules
from cardrules.language import recover
from cardrules.language.suggest import closest, distance
from cardrules.resources import bundled_games, bundled_variants

ROOT = Path(__file__).resolve().parents[2]
RED7 = (ROOT / "games" / "red7.rules").read_text()


def red7_with(old: str, new: str) -> str:
    assert old in RED7
    return RED7.replace(old, new, 1)


def errors(text: str, path: str = "x.rules"):
    return [d for d in cardrules.check_source(text, path) if d.severity == "error"]


# ---- suggestions -------------------------------------------------------------------------------------------------
def test_distance_counts_edits_and_swaps_case_aside():
    assert distance("player", "players") == 1
    assert distance("rde", "red") == 1  # a swap is one edit
    assert distance("True", "true") == 0
    assert distance("lenght", "left") == 3
    assert distance("", "abc") == 3


def test_closest_prefers_the_builtin_a_foreign_word_means_when_it_fits():
    assert closest("lenght", ["left", "count", "lowest"]) == "count"
    assert closest("len", ["left", "count"]) == "count"
    assert closest("longest", ["lowest", "largest"]) == "largest"
    assert closest("len", ["left", "lens"]) == "lens"  # count does not fit here, so it is not offered
    assert closest("zzzzzz", ["count", "left"]) is None


@pytest.mark.parametrize("word", ["lenght", "len", "length", "size"])
def test_a_foreign_length_function_suggests_count(word):
    [error] = errors(red7_with("count(active) == 1", f"{word}(active) == 1"))
    assert error.code == "E277" and error.message.endswith("did you mean 'count'?")


def test_a_suggestion_is_of_the_sort_the_place_takes():
    [bare] = errors(red7_with("count(active) == 1", "count(activ) == 1"))
    assert bare.message.endswith("did you mean 'active'?")
    [called] = errors(red7_with("count(active) == 1", "count(activ(me)) == 1"))
    assert called.code == "E277" and "did you mean" not in called.message  # 'active' cannot be called
    [function] = errors(red7_with("def current_rule = top(canvas).color", "def current_rule = winnin"))
    assert "did you mean" not in function.message  # 'winning' takes a player: it is not a bare name


# ---- one error per undeclared name ------------------------------------------------------------------------------
def test_an_undeclared_name_used_many_times_is_one_error_noting_the_other_uses():
    text = red7_with("def winning(p) =", "def wining(p) =")
    [error] = errors(text)
    lines = [n for n, line in enumerate(text.splitlines(), 1) if "winning(" in line]
    assert (error.span.line, error.code) == (lines[0], "E277")
    assert error.message.endswith("did you mean 'wining'?")
    assert error.notes == (f"also used on lines {', '.join(map(str, lines[1:-1]))} and {lines[-1]}",)


def test_two_uses_on_one_line_are_noted_as_such():
    [error] = errors(red7_with("[num_players - 2]", "[num_player - num_player]"))
    assert error.notes == ("also used on this line",)


def test_each_undeclared_name_has_its_own_error():
    text = red7_with("count(active) == 1", "count(activ) == num_player")
    assert sorted(e.message.split("'")[1] for e in errors(text)) == ["activ", "num_player"]


# ---- set ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("declaration, statement, words", [
    ("var bonus per player = 0", "set bonus = 3", "'bonus' is a per-player variable: set it with the player, "
                                                  "as in 'set bonus(me) = 3'"),
    ("var bonus per color = 0", "set bonus = 3", "as in 'set bonus(red) = 3'"),
    ("var bonus per player, color = 0", "set bonus(me) = 3", "as in 'set bonus(me, red) = 3'"),
    ("var bonus = 0", "set bonus(me) = 3", "'bonus' is a single variable, set without arguments: 'set bonus = 3'"),
])
def test_set_on_a_variable_says_how_it_is_set(declaration, statement, words):
    old = "round setup:\n  set round_number"
    text = red7_with(old, f"{declaration}\n\nround setup:\n  {statement}\n  set round_number")
    [error] = errors(text)
    assert error.code == "E254" and words in error.message and "declared with 'var'" not in error.message


# ---- variants ----------------------------------------------------------------------------------------------------
def variant_warnings(tmp_path, body: str):
    path = tmp_path / "house.rules"
    path.write_text('extends "red7"\n\ngame "Red7: house"\n\n' + body)
    return [d for d in cardrules.check_source(path.read_text(), str(path))]


def test_a_misspelt_override_names_the_parents_declaration(tmp_path):
    [warning] = variant_warnings(tmp_path, "def targt = [25, 20, 15][num_players - 2]\n")
    assert warning.code == "W202" and warning.span.line == 5
    assert "the game it extends (red7) has 'target': did you mean to replace it?" in warning.message
    [option] = variant_warnings(tmp_path, 'option advnced "Advanced" = true\n')
    assert option.code == "W203" and "has 'advanced'" in option.message


def test_a_right_override_or_a_new_name_is_not_taken_for_a_typo(tmp_path):
    assert variant_warnings(tmp_path, "def target = [25, 20, 15][num_players - 2]\n") == []
    [unused] = variant_warnings(tmp_path, "def bonus_points = 3\n")
    assert unused.message == "'bonus_points' is declared but never used"


# ---- syntax errors -----------------------------------------------------------------------------------------------
def test_every_independent_syntax_error_is_reported_in_order():
    text = red7_with("  shuffle deck", "  shufle deck")
    text = text.replace("turn:\n  choose", "turn\n  choose").replace("count(active) == 1", "count(active) = 1")
    found = errors(text)
    assert [(e.code, e.span.line) for e in found] == [("E100", 56), ("E100", 61), ("E100", 79)]
    assert found[2].notes == ("to compare two values, write '=='",)


def test_the_number_of_syntax_errors_is_bounded():
    text = RED7 + "\n" + "\n".join(f"zone z{i}:: stack" for i in range(40)) + "\n"
    assert len(errors(text)) == recover.MAX_ERRORS


@pytest.mark.parametrize("old, new", [
    ("  if not winning(me):\n    eliminate me", "  if not winning(me)\n    eliminate me\n  else:\n    pass"),
    ("turn:\n  choose", "turn\n  choose"),
    ("    fold:\n      eliminate me", "    fold\n      eliminate me"),
    ("def key(p) = (count(qualifying(p)), highest(qualifying(p)))", "def key(p) = (count(qualifying(p)"),
    ("  if not empty(deck):\n    say me, \"draws a card\"", "  if not empty(deck):\nsay me, \"draws a card\""),
    ("      move card to canvas\n    fold:", "      move card to canvas\n   fold:"),
    ("  deal 7 from deck to hand\n", "  deal 7 from deck to hand\n    deal 1 from deck to hand\n"),
])
def test_one_mistake_gives_one_syntax_error(old, new):
    assert len(errors(red7_with(old, new))) == 1


MISTAKES = 15  # a game's file, mistaken at random places, per test (a parse of a whole game is ~0.1 s)


@pytest.mark.parametrize("game", sorted(bundled_games()))
def test_a_random_one_token_mistake_gives_one_syntax_error(game):
    """No cascade: whatever token is deleted or replaced, the parse errors found are that one mistake's."""
    text = bundled_games()[game].read_text()
    tokens = list(re.finditer(r"\w+|[^\w\s]+|\n +", text))
    rng = random.Random(game)
    for _ in range(MISTAKES):
        token = rng.choice(tokens)
        replacement = rng.choice(["", ":", "(", ")", "if", "else", "=", "x", '"', "\n"])
        new = text[:token.start()] + replacement + text[token.end():]
        try:
            cardrules.language.syntax.parse(new, "x.rules")
        except cardrules.RulesError as exc:
            assert len(exc.diagnostics) == 1, cardrules.diagnostics.render_all(exc.diagnostics, {"x.rules": new})


@pytest.mark.parametrize("game", sorted(bundled_games()))
def test_a_random_line_mistake_gives_one_syntax_error(game):
    """No cascade when a line is lost, doubled or indented by mistake (the first line of a block sets the
    block's indentation, so cutting it must not let the next line set another)."""
    rng = random.Random(game + "lines")
    for _ in range(MISTAKES):
        lines = bundled_games()[game].read_text().split("\n")
        index = rng.randrange(len(lines))
        match rng.randrange(3):
            case 0:
                del lines[index]
            case 1:
                lines.insert(index, lines[index])
            case _:
                lines[index] = " " * rng.choice([1, 2, 4]) + lines[index]
        new = "\n".join(lines)
        try:
            cardrules.language.syntax.parse(new, "x.rules")
        except cardrules.RulesError as exc:
            assert len(exc.diagnostics) == 1, cardrules.diagnostics.render_all(exc.diagnostics, {"x.rules": new})


def test_a_block_whose_first_line_is_cut_keeps_its_indentation():
    text = (ROOT / "games" / "punto.rules").read_text()
    assert len(errors(text.replace("  if winner == none:", "      if winner == none:", 1))) == 1


# ---- shadowing ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("old, new, name, hides", [
    ("def qualifying(p) = qualifying_set(palette(p), current_rule)",
     "def qualifying(deck) = qualifying_set(palette(deck), current_rule)", "deck", "the zone 'deck' (line 21)"),
    ("for q in players", "for red in players", "red", "the value 'red' of 'color'"),
    ("[p for p in players where score(p)", "[advanced for advanced in players where score(advanced)", "advanced",
     "the option 'advanced' (line 8)"),
    ("on move card from hand to canvas where advanced and card.number",
     "on move target from hand to canvas where advanced and target.number", "target", "the definition 'target'"),
    ("def score(p) = sum(scored(p), by: number)", "def score(number) = sum(scored(number), by: 1)", "number",
     "the attribute 'number'"),
])
def test_a_local_name_hiding_a_declared_one_is_warned_at_the_local(old, new, name, hides):
    text = red7_with(old, new)
    found = [d for d in cardrules.check_source(text, "x.rules") if d.code == "W207"]
    assert len(found) == 1 and f"'{name}' hides {hides}" in found[0].message
    line = text.splitlines()[found[0].span.line - 1]
    assert line[found[0].span.column - 1:found[0].span.end_column - 1] == name


def test_a_local_named_like_a_function_hides_nothing():
    text = red7_with("for q in players", "for score in players").replace("score(q)", "score(score)")
    assert not [d for d in cardrules.check_source(text, "x.rules") if d.code == "W207"]


@pytest.mark.parametrize("path", sorted({**bundled_games(), **bundled_variants()}.values()), ids=lambda p: p.name)
def test_no_bundled_game_shadows_a_name(path):
    assert not [d for d in cardrules.check_source(path.read_text(), str(path)) if d.code in ("W207", "W209")]


@pytest.mark.parametrize("old, new, line, role", [
    ("canvas(other in hand(me)) only if winning(me) afterwards:\n          move other to canvas",
     "canvas(card in hand(me)) only if winning(me) afterwards:\n          move card to canvas", 66, "binder"),
    ("      move card to canvas\n    fold:",
     "      move card to canvas\n      for card in canvas where number > 5:\n        pass\n    fold:", 72,
     "'for' variable"),
])
def test_a_loop_or_binder_named_like_a_local_around_it_is_warned(old, new, line, role):
    """A `for` whose name is the option's binder reads the binder in its list (`where` included) and its own card
    below: a trap (the playout's writer fell in it too). As a `let` of such a name is refused (E267), a loop's
    or a nested binder's is warned about (W209), where it is written."""
    text = red7_with(old, new)
    found = [d for d in cardrules.check_source(text, "x.rules") if d.code == "W209"]
    assert [(d.span.line, d.severity) for d in found] == [(line, "warning")], found
    assert f"the {role} 'card' hides the 'card' bound around it" in found[0].message
    written = text.splitlines()[line - 1]
    assert written[found[0].span.column - 1:found[0].span.end_column - 1] == "card"  # the caret at the name


def test_an_unknown_name_in_a_holds_condition_is_all_that_is_said():
    text = (ROOT / "games" / "punto.rules").read_text()
    text = text.replace("holds deck(p): color in colors_of(p)", "holds deck(p): color in colours_of(p)", 1)
    assert [(e.code, e.message) for e in errors(text)] == [
        ("E277", "unknown function 'colours_of' — did you mean 'colors_of'?")]
