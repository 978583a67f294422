"""A quiet state (State.quiet: nobody reads what the moves tell, as in simulations and searches) makes no
events but plays exactly the same game, and a `say` that cannot be worked out is still an error."""

import random

import pytest

import cardrules
from cardrules.bots import RandomAgent
from cardrules.simulation import play_match


@pytest.mark.parametrize("name,players", [("go-fish", 3), ("sushi-go", 3), ("hearts", 4)])
def test_a_quiet_game_is_the_same_game_without_events(name, players):
    game = cardrules.load(name)
    told, quiet = game.new_initial_state(players, seed=5), game.new_initial_state(players, seed=5)
    quiet.quiet = True
    rng = random.Random(5)
    said = 0
    for _ in range(60):
        if told.is_terminal():
            break
        index = rng.randrange(len(told.legal_actions()))
        assert told.legal_actions() == quiet.legal_actions()
        told.apply_action(index)
        quiet.apply_action(index)
        assert told == quiet and quiet.events == []
        said += len(told.events)
        assert quiet.clone().quiet
    assert said > 0  # the game does tell things, when somebody listens


def test_play_match_quiet_gives_the_same_final_state():
    game = cardrules.load("go-fish")
    loud = play_match(game, 3, 7, [RandomAgent(game, 0, 7)] * 3)
    quiet = play_match(game, 3, 7, [RandomAgent(game, 0, 7)] * 3, quiet=True)
    assert loud == quiet and quiet.quiet and not loud.quiet


def test_a_say_that_fails_is_an_error_in_a_quiet_game_too():
    text = """\
game "T"
players 2..2
attribute rank: 1..3
cards: rank -> deck
zone deck: stack, public
var bad = 5

turn:
  choose:
    talk:
      say "item", [1, 2][bad]
      win me
"""
    state = cardrules.load_source(text, "t.rules").new_initial_state(2)
    state.quiet = True
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        state.apply_action(0)
    assert caught.value.diagnostics[0].code == "R300"


_SAYING = """\
game "T"
players 2..2
attribute rank: 1..3
cards: rank -> deck
zone deck: stack, public
zone hand: per_player, owner
var bad = 5
var last = none

turn:
  choose:
    talk:
      set last = top(deck)
      say PARTS
      win me
"""


def _says(parts: str, definitions: str = "") -> list:
    text = _SAYING.replace("PARTS", parts).replace("var last = none\n", "var last = none\n" + definitions)
    game = cardrules.load_source(text, "t.rules")
    return [ins for ins in game.program if getattr(ins, "__name__", "") == "say"]


def test_a_quiet_say_skips_the_parts_that_cannot_fail():
    # words of plain parts, a plain variable, the top card of a zone of one slot: read, never worked out
    (say,) = _says('"top", words(last, top(deck), me, "and", 3), last, top(deck), me')
    assert say.risky == 0


@pytest.mark.parametrize("part", ["words([1, 2][bad])", "[1, 2][bad]", "words(top(hand(me)))", "top(hand(me))",
                                  "words(last, count(deck))"])
def test_a_quiet_say_still_works_out_a_part_that_might_fail(part):
    (say,) = _says(f'"x", {part}, last')
    assert say.risky == 1


_DEFINED = """\
def movers = [words(mover(c), c) for c in deck]
def mine = [mover(c) for c in hand(me)]
def told = words(last, movers)
def at(k) = [1, 2][k]
def picked = [1, 2][bad]
def chosen = [mover(c) for c in deck where c != last]
def held = [mover(c) for c in hand(bad)]
"""


def test_a_quiet_say_skips_definitions_and_card_lists_that_cannot_fail():
    # a definition without parameters whose body cannot fail; the movers of a zone's cards, in words
    (say,) = _says('"movers", movers, mine, told, [words(c) for c in deck], [mover(c) for c in hand(me)]', _DEFINED)
    assert say.risky == 0


@pytest.mark.parametrize("part", ["at(1)", "picked", "chosen", "random([1, 2])", "held", "[mover(c) for c in [1]]",
                                  "[mover(last) for c in deck]", "mover(last)"])
def test_a_quiet_say_still_works_out_definitions_and_lists_that_might_fail(part):
    # parameters, a failing body, a condition, `random` (it draws: skipping it would change the game), another
    # seat's zone, a list that is no zone, `mover` of what may be no card
    (say,) = _says(f'"x", {part}, last', _DEFINED)
    assert say.risky == 1


@pytest.mark.parametrize("name,players", [("seven7s", 2), ("seven7s", 4), ("red7", 2), ("punto", 2), ("hearts", 4)])
def test_quiet_games_with_words_are_the_same_games(name, players):
    game = cardrules.load(name)
    for seed in range(3):
        told, quiet = game.new_initial_state(players, seed=seed), game.new_initial_state(players, seed=seed)
        quiet.quiet = True
        rng = random.Random(seed)
        while not told.terminal:
            assert told.legal_actions() == quiet.legal_actions()
            index = rng.randrange(len(told.legal_actions()))
            told.apply_action(index)
            quiet.apply_action(index)
            assert told == quiet


def test_eliminations_are_the_same_quiet_and_told_and_told_ones_say_who():
    # `eliminate` formats its sentence only when somebody listens (procedures.eliminate): Red7 puts players out
    # at most turns, and both states must stay equal at every step, the told one saying who went out.
    game = cardrules.load("red7")
    outs = []
    for seed in range(12):
        told, quiet = game.new_initial_state(3, seed=seed), game.new_initial_state(3, seed=seed)
        quiet.quiet = True
        rng = random.Random(seed)
        while not told.is_terminal():
            index = rng.randrange(len(told.legal_actions()))
            told.apply_action(index)
            quiet.apply_action(index)
            assert told == quiet and quiet.events == []
            outs += [e for e in told.events if e.kind == "out"]
    assert outs and all(e.words[0] in {"P0 is out", "P1 is out", "P2 is out"} for e in outs)


@pytest.mark.parametrize("who,out", [("me", [True, False]), ("1", [False, True]), ("[0, 1]", [True, True]),
                                     ("players", [True, True])])
def test_eliminate_takes_a_seat_a_seat_number_or_a_list(who, out):
    text = f"""\
game "T"
players 2..2
attribute rank: 1..3
cards: rank -> deck
zone deck: stack, public

turn:
  choose:
    go:
      eliminate {who}
      win me
"""
    state = cardrules.load_source(text, "t.rules").new_initial_state(2)
    state.quiet = True
    state.apply_action(0)
    assert state.eliminated == out
