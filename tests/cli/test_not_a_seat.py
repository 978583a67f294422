"""Cards where seats are expected, past the checker: play, simulate and validate stop the game at the rules
line and name the value (before, `win hand(left(me))` made a card's number the winner, "Winner: P8", and
validate crashed); and validate reports every failure as a line with its rules location, never a traceback."""

from __future__ import annotations

import re

import pytest

import cardrules
from cardrules.authoring import validate as validating
from cardrules.authoring.validate import validate

# `[hand(left(me)), me][0]` is a list of mixed kinds, so check cannot tell its element's kind: the engine must.
RULES = """game "Seats"
players 2..2
attribute number: 1..9
cards: number -> deck
zone deck: stack, hidden
zone hand: per_player, owner
setup:
  shuffle deck
  deal 3 from deck to hand
turn:
  choose "Play or pass":
    play(card in hand(me)):
      move card to deck
    give_up:
      win [hand(left(me)), me][0]
end when empty(hand(me)):
  win me
"""
WIN_LINE = 15


@pytest.fixture
def rules_path(tmp_path):
    path = tmp_path / "seats.rules"
    path.write_text(RULES)
    return path


def test_check_cannot_see_it():
    assert cardrules.check_source(RULES, "seats.rules") == []


@pytest.mark.parametrize("statement, words", [
    ("win [hand(left(me)), me][0]", "'win' needs players (seats from 0 to 1), not ["),
    ("eliminate [top(deck), me][0]", "'eliminate' needs players (seats from 0 to 1), not "),
    ("win [99, me][0]", "'win' needs players (seats from 0 to 1), not 99"),
])
def test_the_engine_stops_the_game_at_the_line_and_names_the_value(statement, words):
    game = cardrules.load_source(RULES.replace("win [hand(left(me)), me][0]", statement), "seats.rules")
    state = game.new_initial_state(2, seed=1)
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        state.apply_action("give_up")
    diagnostic = info.value.diagnostics[0]
    assert diagnostic.code == "R300" and words in diagnostic.message
    assert (diagnostic.span.line, diagnostic.span.column) == (WIN_LINE, 7)
    assert not state.winners


def test_first_player_refuses_a_card():
    text = RULES.replace("  deal 3 from deck to hand\n",
                         "  deal 3 from deck to hand\n  first player: [top(deck), 0][0]\n")
    with pytest.raises(cardrules.RulesRuntimeError, match="the first player must be a seat from 0 to 1, not "):
        cardrules.load_source(text, "seats.rules").new_initial_state(2, seed=1)


def test_play_shows_the_error_not_a_winner(invoke, rules_path):
    outputs = [invoke("play", rules_path, "--seat", "0=random", "--seat", "1=random", "--seed", seed).output
               for seed in range(6)]
    stopped = [out for out in outputs if "'win' needs players" in out]
    assert stopped, outputs[0]
    for out in stopped:
        assert f"seats.rules:{WIN_LINE}:7" in out
    winners = [name for out in outputs for line in re.findall(r"^Winners?: (.*)$", out, re.MULTILINE)
               for name in line.replace(",", " ").split()]
    assert set(winners) <= {"P0", "P1"}, winners  # a card's number is never a winner


def test_simulate_counts_it_as_an_error(invoke, rules_path):
    result = invoke("simulate", rules_path, "-n", "20")
    assert result.exit_code == 1, result.output
    assert "errors: 0" not in result.output and "'win' needs players" in result.output
    assert f"seats.rules:{WIN_LINE}:7" in result.output


def test_validate_reports_it_at_the_win_line(invoke, rules_path):
    result = invoke("validate", rules_path)
    assert result.exit_code == 1, result.output
    assert "'win' needs players" in result.output and f"seats.rules:{WIN_LINE}:7" in result.output
    report = validate(RULES, "seats.rules", playouts=10)
    assert report.failed and all(d.span.line == WIN_LINE for f in report.failures for d in f.diagnostics)
    assert all(wins <= run.games for run in report.runs for wins in run.wins)


def test_validate_reports_a_failing_show_line_at_its_line():
    text = RULES.replace("win [hand(left(me)), me][0]", "win me") + 'show "Next": top(hand(me)).number + 1\n'
    # none + 1 once the hand is empty, which only validate's summary of the numbers reads
    report = validate(text, "show.rules", playouts=5, players=2)
    failure = next(f for f in report.failures if f.kind == "error")
    assert failure.diagnostics[0].code == "R306" and failure.diagnostics[0].span.line == text.count("\n")


def test_validate_never_crashes_on_an_unexpected_error(monkeypatch, invoke, rules_path):
    class Broken(validating.RandomAgent):
        def choose(self, state):
            if state.decisions >= 2:
                raise ValueError("a chooser that breaks")
            return super().choose(state)
    monkeypatch.setattr(validating, "RandomAgent", Broken)
    report = validate(RULES.replace("win [hand(left(me)), me][0]", "win me"), "seats.rules", playouts=3)
    failure = report.failures[0]
    assert "internal error while playing: ValueError: a chooser that breaks" in failure.message
    assert failure.diagnostics[0].code == "R320" and failure.diagnostics[0].span.line == 11  # the pending choose
    result = invoke("validate", rules_path)
    assert result.exit_code == 1 and "a chooser that breaks" in result.output


def test_validate_never_crashes_when_the_compiler_fails(monkeypatch):
    def broken(self, options=None):
        raise KeyError("compiler bug")
    monkeypatch.setattr(cardrules.CheckedRules, "compile", broken)
    report = validate(RULES, "seats.rules", playouts=2)
    assert report.failed and "internal error while compiling" in report.failures[0].message
    assert report.failures[0].diagnostics[0].span.line == 1
