"""The match driver (cardrules/simulation/match.py), its one decision limit and seed derivation, and the
engine's tracer that validate counts with."""

from __future__ import annotations

import json

import pytest

import cardrules
from cardrules import cli
from cardrules import simulation as sim
from cardrules.authoring import validate
from cardrules.bots import RandomAgent
from cardrules.engine.saves import load_state, save_state

# Every move to `out` sets off the trigger; the game ends when a hand is empty.
TRACED = """\
game "Traced"
players 2..3
attribute n: 1..8
cards: n -> pile
zone pile: stack, hidden
zone out: stack, public
zone hand: per_player, owner
var fired = 0
setup:
  shuffle pile
  deal 2 from pile to hand
turn:
  choose:
    play(card in hand(me)):
      move card to out
on move c to out:
  set fired = fired + 1
end when empty(hand(me)):
  win me
"""
TRIGGER_LINE = TRACED.splitlines().index("on move c to out:") + 1
END_LINE = TRACED.splitlines().index("end when empty(hand(me)):") + 1

# A turn that never ends the game.
ENDLESS = TRACED.replace("    play(card in hand(me)):\n      move card to out\n", "    wait:\n      pass\n")


class Recorder(sim.Observer):
    """Notes every call, with the decisions made so far."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def started(self, state) -> None:
        self.calls.append(("started", state.decisions))

    def moving(self, state, player, action) -> None:
        assert player == state.current_player() and action in state.legal_actions()
        self.calls.append(("moving", state.decisions, player))

    def moved(self, state, player, action) -> None:
        self.calls.append(("moved", state.decisions, player))

    def ended(self, state) -> None:
        assert state.is_terminal()
        self.calls.append(("ended", state.decisions))


class Counting(RandomAgent):
    def __init__(self, game, seed):
        super().__init__(game, 0, seed)
        self.watched = 0

    def observe(self, state, action) -> None:
        self.watched += 1


def test_observers_hear_the_start_every_move_before_and_after_and_the_end():
    game = cardrules.load("red7")
    first, second = Recorder(), Recorder()
    final = sim.play_match(game, 3, 5, [RandomAgent(game, s, s) for s in range(3)], [first, second])
    assert first.calls == second.calls
    calls = first.calls
    assert calls[0] == ("started", 0) and calls[-1] == ("ended", final.decisions) and final.decisions > 3
    moves = calls[1:-1]
    assert len(moves) == 2 * final.decisions
    for k in range(final.decisions):
        before, after = moves[2 * k], moves[2 * k + 1]
        assert before[:2] == ("moving", k) and after[:2] == ("moved", k + 1) and before[2] == after[2]


def test_the_same_game_as_the_seats_alone_play_it():
    game = cardrules.load("red7")
    watched = sim.play_match(game, 2, 9, [RandomAgent(game, s, 40 + s) for s in range(2)], [Recorder()])
    alone = sim.play_match(game, 2, 9, [RandomAgent(game, s, 40 + s) for s in range(2)])
    assert watched == alone and watched.is_terminal()


def test_a_seat_object_in_several_seats_hears_each_move_once():
    game = cardrules.load("red7")
    shared = Counting(game, 3)
    final = sim.play_match(game, 3, 2, [shared] * 3)
    assert shared.watched == final.decisions > 0
    apart = [Counting(game, s) for s in range(2)]
    final = sim.play_match(game, 2, 2, apart)
    assert [a.watched for a in apart] == [final.decisions] * 2


def test_what_a_seat_or_an_observer_raises_stops_the_game():
    class Leaving(sim.Observer):
        def moved(self, state, player, action):
            raise KeyboardInterrupt

    game = cardrules.load("red7")
    with pytest.raises(KeyboardInterrupt):
        sim.play_match(game, 2, 1, [RandomAgent(game, 0, 1)] * 2, [Leaving()])


def test_the_decision_limit_stops_a_game_that_does_not_end():
    game = cardrules.load_source(ENDLESS, "endless.rules")
    with pytest.raises(sim.GameDidNotEnd) as info:
        sim.play_match(game, 2, 1, [RandomAgent(game, 0, 1)] * 2, limit=25)
    assert info.value.limit == 25
    assert str(info.value) == ("the game did not end after 25 moves (a longer game: --max-decisions N, or "
                               "`limit decisions N` in its rules file)")


def test_play_simulate_and_validate_share_the_one_limit(invoke, tmp_path):
    limit = sim.MAX_DECISIONS
    path = tmp_path / "endless.rules"
    path.write_text(ENDLESS, encoding="utf-8")
    played = invoke("play", path, "--seed", "1", "--seat", "0=random")
    assert played.exit_code == 1 and f"stopped: the game did not end after {limit} moves" in played.output
    simulated = json.loads(invoke("simulate", path, "--games", "1", "--json").stdout)
    assert simulated["errors"] == 1 and f"the game did not end after {limit} moves (" in simulated["first_error"]
    checked = json.loads(invoke("validate", path, "-n", "1", "-p", "2", "--json").stdout)
    assert checked["failures"][0]["message"] == f"the game did not end within {limit} decisions"
    shorter = json.loads(invoke("validate", path, "-n", "1", "-p", "2", "--max-decisions", "7", "--json").stdout)
    assert shorter["failures"][0]["message"] == "the game did not end within 7 decisions"


def test_one_seed_derivation():
    assert sim.derive_seed(1, 2) == 15555602500777525134  # the same on every machine, as before the move
    assert sim.deal_seed(7, 1) == sim.derive_seed("deal", 7, 1) == 17343209199518788503
    assert cli.play.derive_seed is validate.derive_seed is sim.derive_seed


# ---------------------------------------------------------------------------------------------
# The tracer

class Tracer:
    def __init__(self) -> None:
        self.seen: list[tuple[str, int]] = []

    def trigger_ran(self, state, span) -> None:
        self.seen.append(("trigger", span.line))

    def end_held(self, state, span) -> None:
        self.seen.append(("end", span.line))


def test_the_tracer_is_told_of_triggers_and_end_conditions_that_held():
    game = cardrules.load_source(TRACED, "traced.rules")
    state = game.new_initial_state(2, 3)
    tracer = state.tracer = Tracer()
    chooser = RandomAgent(game, 0, 3)
    while not state.is_terminal():
        state.apply_action(chooser.choose(state))
    fired = state.vars[game.var_slot(next(v for v in game.vars if v.name == "fired"), 2)]
    assert tracer.seen == [("trigger", TRIGGER_LINE)] * fired + [("end", END_LINE)] and fired > 0


def test_the_tracer_follows_one_game_only():
    game = cardrules.load_source(TRACED, "traced.rules")
    state = game.new_initial_state(2, 3)
    state.tracer = tracer = Tracer()
    copy = state.clone()
    assert copy.tracer is None and copy == state  # not cloned into searches, not part of equality
    copy.apply_action(copy.legal_actions()[0])
    assert tracer.seen == []
    assert load_state(game, json.loads(json.dumps(save_state(state)))).tracer is None  # not saved
    untraced = game.new_initial_state(2, 3)
    untraced.apply_action(untraced.legal_actions()[0])  # without a tracer nothing is told
    state.apply_action(state.legal_actions()[0])
    assert tracer.seen == [("trigger", TRIGGER_LINE)] and untraced == state
