"""Values a rules file builds while playing are bounded: a list or a number that doubles every turn stops the
game with a message at its `set` line, instead of filling the memory (3 GB before anything stopped it)."""

import pytest

import cardrules
from cardrules.limits import MAX_HELD_LIST, MAX_NUMBER, STEP_BUDGET

GAME = """\
game "Doubling"
players 1..2
attribute n: 1..3
cards: n -> deck
zone deck: stack, public
var xs = [1]
var total = 1

turn:
  choose:
    grow:
      set GROWTH

end when false:
  pass
"""


@pytest.mark.parametrize("growth, words, limit", [
    ("xs = xs + xs", "'xs' would hold a list of", MAX_HELD_LIST),
    ("total = total * 1000", "'total' would hold a number beyond", MAX_NUMBER),
])
def test_a_value_that_doubles_each_turn_stops_at_its_line(growth, words, limit):
    game = cardrules.load_source(GAME.replace("GROWTH", growth), "doubling.rules")
    state = game.new_initial_state(1, seed=0)
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        for _ in range(200):
            state.apply_action("grow")
    [diagnostic] = info.value.diagnostics
    assert words in diagnostic.message and diagnostic.span.line == 12
    assert state.decisions < 70  # stopped near the limit, long before 200 turns
    held = state.view(0).variables["xs" if "xs" in growth else "total"]  # views write values as text
    size = held.count(",") + 1 if held.startswith("[") else abs(int(held))
    assert 0 < size <= limit  # the last value it was allowed to take


IDLE = """\
game "Idle"
players 2..2
attribute n: 1..3
cards: n -> deck
zone deck: stack, hidden
zone hand: per_player, owner

setup:
  deal HAND from deck to hand

turn:
  BODY

end when false:
  pass
"""


def _stopped(body: str, hand: int = 1) -> cardrules.RulesRuntimeError:
    game = cardrules.load_source(IDLE.replace("HAND", str(hand)).replace("BODY", body), "idle.rules")
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        game.new_initial_state(2, seed=1)
    return info.value


def test_a_loop_inside_a_turn_stops_at_the_loop():
    found = _stopped("repeat:\n    pass")
    assert found.diagnostics[0].code == "R304"
    assert "is there a 'repeat' without 'stop'?" in found.diagnostics[0].message


def test_turns_that_pass_with_no_choice_are_reported_as_such():
    """An empty Seven7s position skipped every player's turn for ever and was blamed on a 'repeat'."""
    found = _stopped("if not empty(hand(me)):\n    choose:\n      go:\n        pass", hand=0)
    diagnostic = found.diagnostics[0]
    assert diagnostic.code == "R305"
    assert "turns went by without anyone having a move to make" in diagnostic.message
    assert diagnostic.span.line == 11  # the `turn:` line


def test_a_game_sets_its_own_step_budget():
    found = _stopped("repeat:\n    pass").diagnostics[0]
    assert f"ran {STEP_BUDGET} steps" in found.message and "`limit steps N`" in found.message
    game = cardrules.load_source(IDLE.replace("players 2..2", "players 2..2\nlimit steps 5000")
                                 .replace("HAND", "1").replace("BODY", "repeat:\n    pass"), "idle.rules")
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        game.new_initial_state(2, seed=1)
    assert "ran 5000 steps" in info.value.diagnostics[0].message


WAITING = IDLE.replace("HAND", "1").replace("BODY", "choose:\n    wait:\n      pass")


def test_a_game_sets_its_own_decision_limit_and_a_command_overrides_it(invoke, tmp_path):
    from cardrules.simulation import GameDidNotEnd, play_match

    path = tmp_path / "waiting.rules"
    path.write_text(WAITING.replace("players 2..2", "players 2..2\nlimit decisions 30"))
    game = cardrules.load(str(path))
    assert game.limits.decisions == 30
    with pytest.raises(GameDidNotEnd) as info:
        play_match(game, 2, 1, [FirstChoice(), FirstChoice()])
    assert info.value.limit == 30
    assert "did not end after 30 moves" in invoke("simulate", str(path), "--games", "1").output
    assert "did not end after 45 moves" in invoke("simulate", str(path), "--games", "1", "--max-decisions",
                                                  "45").output
    assert "did not end after 30 moves" in invoke("play", str(path), "--seat", "0=random", "--seat",
                                                  "1=random").output


class FirstChoice:
    def choose(self, state):
        return state.legal_actions()[0]


def test_a_variant_raises_its_parents_limit(tmp_path):
    (tmp_path / "base.rules").write_text(WAITING.replace("players 2..2", "players 2..2\nlimit decisions 30"))
    (tmp_path / "long.rules").write_text('extends "base.rules"\n\nlimit decisions 3000\n')
    assert cardrules.load(str(tmp_path / "long.rules")).limits.decisions == 3000
    assert cardrules.load(str(tmp_path / "base.rules")).limits.decisions == 30
