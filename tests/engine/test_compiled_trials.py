"""The in-place trials the generated listers make themselves (compiler/trials.py): an option whose rest of the
turn is one plain move of a card it binds from a zone moves the card in its lister, judges its `afterwards`
guards and puts the card back, without asking the engine (State.allowed_later). The legal moves are those of
the general search on a clone, in the same order; the state is left as it was; a guard that fails to
evaluate is reported at its line (R302), with the card back in place."""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules
from cardrules.compiler.top_card import IN_PLACE_ONLY
from cardrules.engine.state import State

from .side_by_side import play_side_by_side

# The deck is hidden and hands are the owner's: nobody knows a card another player holds (State.known stays
# empty), so the compiled trials are the ones that run. `keep` moves to a per-player zone; `under` to a family
# member chosen by the card, at the bottom, with guards under `when`; `swap` binds two cards, the first moved;
# `give` moves to another player's zone; `show` reads where a card lies in the hand (order matters).
RULES = """\
game "Trials"
players 2..3
attribute color: red > blue > green
attribute rank: 1..8
cards: color * rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: stack, public
zone kept: per_player, public
zone heap: per color, stack, public
var bad = 0
def total(p) = sum(kept(p), by: rank)
def ahead(p) = all([total(p) >= total(q) for q in players where q != p])

setup:
  deal 4 from deck to hand

turn:
  choose:
    keep(c in hand(me)) only if ahead(me) or count(kept(me)) < 2 afterwards:
      move c to kept(me)
    under(c in hand(me)) only if count(heap(c.color)) <= 2 afterwards when c.rank > 2 \
only if bottom(heap(c.color)) == c or c.rank == 1 afterwards when c.rank < 7 \
only if [1, 2][bad] > 0 afterwards when bad > 0:
      move c to heap(c.color) at bottom
    swap(a in hand(me), b in hand(me)) only if a.rank == b.rank + 1 only if top(pile) == a afterwards:
      move a to pile
    give(c in hand(me)) only if count(hand(me)) > 3 and total(me) < 8 afterwards:
      move c to kept((me + 1) % count(players))
    show(c in hand(me)) only if count(hand(me)) >= 3 and hand(me)[1] != c afterwards:
      move c to pile
    draw only if count(deck) > 0:
      move top(deck) to hand(me)

end when empty(deck) or count(pile) >= 12:
  win best(players, by: total(it))
"""


def without_straight_moves(game: cardrules.Game) -> cardrules.Game:
    """The same game, but every 'afterwards' guard is judged by the full search on a clone."""
    decisions = {pc: attrs.evolve(d, options=tuple(attrs.evolve(o, straight=None) for o in d.options))
                 for pc, d in game.decisions.items()}
    return attrs.evolve(game, decisions=decisions)


def refuse_trials(*args, **kwargs):
    raise AssertionError("the lister asked the engine for a trial it compiles itself")


@pytest.fixture
def no_engine_trials(monkeypatch):
    """State.allowed_later refuses to be called: the listers must try the moves themselves."""
    monkeypatch.setattr(State, "allowed_later", refuse_trials)




def test_the_compiled_trials_give_the_moves_of_the_full_search(monkeypatch):
    fast = cardrules.load_source(RULES, "trials.rules")
    slow = without_straight_moves(fast)
    straight = {o.name: o.straight for d in fast.decisions.values() for o in d.options}
    assert all(straight[name] is not None for name in ("keep", "under", "swap", "give", "show"))
    calls = []
    original = State.allowed_later
    monkeypatch.setattr(State, "allowed_later", lambda s, *a: calls.append(s is not None) or original(s, *a))
    assert play_side_by_side(fast, slow, range(30)) > 1000
    assert calls  # the slow game asked the engine every time...
    calls.clear()
    play_side_by_side(fast, fast, range(5))
    assert not calls  # ...the fast one never did


def test_red7_lists_its_moves_without_asking_the_engine(no_engine_trials):
    for options in ({}, {"expert": False, "advanced": False}):
        game = cardrules.load("red7", options)
        for seed in range(20):
            state = game.new_initial_state(2 + seed % 3, seed=seed)
            chooser = random.Random(seed)
            while not state.is_terminal():
                state.apply_action(chooser.choice(state.legal_actions()))


def test_the_generated_red7_lister_makes_the_move_itself(invoke, monkeypatch):
    monkeypatch.setenv(IN_PLACE_ONLY, "1")  # else its guard is judged without the move (test_top_card_trials.py)
    result = invoke("compile", "red7")
    assert result.exit_code == 0, result.output
    listers = [part for part in result.output.split("\ndef ") if part.startswith("n") and "'canvas'" in part]
    assert len(listers) == 2  # the canvas option, and the canvas choice after a palette play
    for lister in listers:
        assert "# In place:" in lister and "enumerate(" in lister
        assert "allowed_later" not in lister.split("elif ")[0]  # only where somebody knows a card


def test_a_guard_that_fails_inside_a_compiled_trial_is_reported_at_its_line(monkeypatch):
    text = RULES.replace("setup:\n", "setup:\n  set bad = 5\n")
    game = cardrules.load_source(text, "trials.rules")
    with pytest.raises(cardrules.RulesRuntimeError) as general:  # as the engine's search reports it
        without_straight_moves(game).new_initial_state(2, seed=1).legal_actions()
    state = game.new_initial_state(2, seed=1)
    zones = [list(z) for z in state.zones]
    monkeypatch.setattr(State, "allowed_later", refuse_trials)
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        state.legal_actions()
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.code == "R302" and str(caught.value) == str(general.value)
    line = text.splitlines()[diagnostic.span.line - 1]
    assert line[diagnostic.span.column - 1:].startswith("only if [1, 2][bad] > 0 afterwards"), diagnostic.span
    assert [list(z) for z in state.zones] == zones  # the card tried went back


def test_when_somebody_knows_a_card_the_engine_tries_the_move():
    """A public deck: the cards dealt are known to all (State.known), and a real move carries that
    knowledge, so the lister hands the trial to the engine, whose answer is the full search's."""
    text = RULES.replace("zone deck: stack, hidden", "zone deck: stack, public")
    fast = cardrules.load_source(text, "trials.rules")
    assert fast.new_initial_state(2, seed=0).known
    play_side_by_side(fast, without_straight_moves(fast), range(6))
