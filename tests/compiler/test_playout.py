"""The playout (compiler/playout*.py): a whole game of random seats as one generated function plays exactly
the games the engine plays, and anything it does not play is left to the engine."""

from __future__ import annotations

import itertools
import json
import os
import re
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import game_store
from cardrules.engine import playouts
from cardrules.engine.accepts import options_refusal
from cardrules.simulation import runner
from cardrules.simulation.runner import Plan, play_game
from cardrules.simulation.seeds import agent_seed, deal_seed

from ..language.test_mutations import MUTANTS, mutate
from ..language.test_mutations import SETTINGS as MUTATION_SETTINGS
from ..language.test_mutations import TEXTS as MUTATION_TEXTS

LONG = bool(os.environ.get("CARDRULES_FUZZ_EXAMPLES"))  # benchmarks/fuzz.py: its many examples here too

# Every bundled game: the playout plays each with every option set (Red7's expert game as a machine:
# test_playout_machine.py).
PLAYED = ["crazy-eights", "red7", "the-game", "go-fish", "lost-cities", "punto", "hearts", "seven7s", "sushi-go"]


@pytest.fixture(autouse=True)
def always_the_playout(monkeypatch):
    """Every game of random seats by the playout (not only where it is the faster: faster.py)."""
    monkeypatch.setenv("CARDRULES_PLAYOUT", "always")


def switch_sets(name: str) -> list[dict]:
    docs = cardrules.prepare(name).option_docs  # (checked, not compiled: read while the tests are collected)
    switches = [o for o, doc in docs.items() if isinstance(doc.default, bool)]
    return [dict(zip(switches, values)) for values in itertools.product([False, True], repeat=len(switches))]


# games played both ways for each player count and option set
GAMES = {"crazy-eights": 40, "red7": 40, "the-game": 12, "go-fish": 15, "lost-cities": 8, "punto": 6, "hearts": 6,
         "seven7s": 20, "sushi-go": 6}
CASES = [(name, options) for name in PLAYED for options in switch_sets(name)]


@pytest.mark.parametrize("name, options", CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_a_playout_plays_the_engines_games(name, options):
    game = cardrules.load(name, options)
    assert game.playout is not None
    players_counts = [n for n in range(game.min_players, game.max_players + 1)
                      if not options_refusal(game.option_docs, game.options, n)]  # (Punto's teams: 4 players)
    for players in players_counts:
        plan = Plan.make(name, options, players, ["random"] * players, 11, GAMES[name])
        handed_back = 0
        for index in range(GAMES[name]):
            by_playout = runner._played_out(game, plan, index, deal_seed(plan.seed, index))
            by_engine = play_game(game, plan, index, playout=False)
            assert by_engine.error is None
            if by_playout is None:  # (a game the playout hands back to the engine)
                handed_back += 1
                continue
            assert by_playout == by_engine, (players, index)
        assert handed_back <= GAMES[name] // 10, players  # the playout itself plays nearly all of them


def test_a_game_stopped_short_is_played_and_reported_by_the_engine():
    """The decision limit: the playout stops, the engine plays the game and says why it did not end."""
    game = cardrules.load("crazy-eights")
    plan = Plan.make("crazy-eights", {}, 2, ["random", "random"], 3, 5, max_decisions=4)
    for index in range(5):
        record = play_game(game, plan, index)
        assert record == play_game(game, plan, index, playout=False)
        assert record.error is not None and "4" in record.error


DEAL_TOO_MANY = """game "T"
players 2
attribute number: 1..5
cards: number -> deck
zone deck: stack, hidden
zone hand: per_player, owner
setup:
  deal 3 from deck to hand
turn:
  choose "Play":
    play(c in hand(me)):
      move c to deck
  win me
"""


def test_a_rules_error_at_run_time_is_the_engines_error():
    game = cardrules.load_source(DEAL_TOO_MANY, "t.rules")
    assert game.playout is not None
    plan = Plan.make("t.rules", {}, 2, ["random", "random"], 1, 3)
    record = play_game(game, plan, 0)
    assert record.error is not None and "deal" in record.error
    assert record == play_game(game, plan, 0, playout=False) and record.fallback is None  # the rules' fault


def test_a_game_the_playout_fails_and_the_engine_plays_through_is_said_to_be_a_bug(invoke, monkeypatch):
    """The playout hands a game it cannot play back to the engine, so its writer's bugs cost only speed: when
    the engine then plays the game through, the record and simulate's summary say so, to get it reported."""
    real = playouts.play

    def failing(game, n, seed, bits, limit):
        if seed % 3 == 0:
            raise TypeError("a writer's slip")
        return real(game, n, seed, bits, limit)
    args = ["simulate", "crazy-eights", "--games", "12", "--seed", "4", "--json"]
    before = json.loads(invoke(*args).stdout)
    assert "fallbacks" not in before
    monkeypatch.setattr(playouts, "play", failing)
    after = json.loads(invoke(*args).stdout)
    seeds = [deal_seed(4, index) for index in range(12)]
    assert after.pop("fallbacks") == sum(seed % 3 == 0 for seed in seeds) > 0
    assert after.pop("first_fallback").endswith("TypeError: a writer's slip")
    assert after == before  # the same games
    text = invoke(*args[:-1]).output
    assert "This is a bug of cardrules" in text and "a writer's slip" in text
    compared = invoke("compare", "crazy-eights", "crazy-eights", "-o:b", "draw_one", "--games", "12", "--seed", "4")
    assert compared.exit_code == 0 and "A: " in compared.output and "B: " in compared.output
    assert compared.output.count("This is a bug of cardrules") == 2


def test_observers_and_other_agents_play_on_the_engine(monkeypatch):
    from cardrules.engine import playouts
    from cardrules.simulation.match import FirstMover

    game = cardrules.load("crazy-eights")
    calls = []
    real = playouts.play
    monkeypatch.setattr(playouts, "play", lambda *args: calls.append(args) or real(*args))
    play_game(game, Plan.make("crazy-eights", {}, 2, ["random", "greedy"], 1, 1), 0)
    play_game(game, Plan.make("crazy-eights", {}, 2, ["random", "random"], 1, 1), 0, [FirstMover()])
    assert calls == []
    play_game(game, Plan.make("crazy-eights", {}, 2, ["random", "random"], 1, 1), 0)
    assert len(calls) == 1


def test_a_game_read_back_from_the_disk_cache_keeps_its_playout():
    game = cardrules.load("red7")
    again = game_store.loads(game_store.dumps(game), None)
    assert again.playout is not None
    plan = Plan.make("red7", {}, 3, ["random"] * 3, 5, 10)
    for index in range(10):
        assert play_game(again, plan, index) == play_game(game, plan, index, playout=False)


def test_a_run_times_both_ways_on_its_first_games_then_keeps_the_faster(monkeypatch):
    from cardrules.simulation import faster

    monkeypatch.setenv("CARDRULES_PLAYOUT", "auto")
    timer = faster.Faster()
    ways = []
    for _ in range(2 * faster.TRIALS):
        way = timer.playout_next()
        ways.append(way)
        timer.took(way, 2.0 if way else 1.0, 10)  # the playout twice as slow a decision
    assert ways.count(True) == ways.count(False) == faster.TRIALS
    assert not timer.timing() and timer.playout_next() is False
    monkeypatch.setenv("CARDRULES_PLAYOUT", "never")
    assert faster.Faster().playout_next() is False and not faster.Faster().timing()


def test_a_game_the_engine_refuses_to_start_is_the_engines_error():
    game = cardrules.load("punto", {"teams": True})  # team mode is for 4 players only
    plan = Plan.make("punto", {"teams": True}, 2, ["random", "random"], 1, 1)
    record = play_game(game, plan, 0)
    assert record.error is not None and "4" in record.error
    assert record == play_game(game, plan, 0, playout=False)


def test_one_generator_for_every_seat_plays_the_games_of_one_shared_random_agent():
    """What benchmarks/commits.py --playout times: the same games as its engine loop (one agent in every seat)."""
    import random

    from cardrules.bots import RandomAgent
    from cardrules.engine import playouts
    from cardrules.simulation import play_match

    game = cardrules.load("red7")
    for seed in range(20):
        state = play_match(game, 3, seed, [RandomAgent(game, 0, seed)] * 3, quiet=True)
        _, winners, turns, decisions, _, _ = playouts.play(game, 3, seed, [random.Random(seed).getrandbits] * 3, 10**6)
        assert (winners, turns, decisions) == (sorted(state.winners), state.turns, state.decisions)


LOOPING = """game "T"
players 2
limit steps 500
attribute number: 1..5
cards: number -> deck
zone deck: stack, hidden
zone hand: per_player, owner
var k = 0
turn:
  while k < ROUNDS:
    set k = k + 1
  choose "Pass":
    pass:
      win me
"""


@pytest.mark.parametrize("rounds", [100, 200, 100000])
def test_a_loop_near_the_steps_budget_ends_as_on_the_engine(rounds):
    """The playout counts more steps than the engine's instructions: where the engine's budget may run out it
    stops, and the engine plays the game and says whether it did."""
    game = cardrules.load_source(LOOPING.replace("ROUNDS", str(rounds)), "t.rules")
    assert game.playout is not None
    plan = Plan.make("t.rules", {}, 2, ["random", "random"], 1, 1)
    record = play_game(game, plan, 0)
    assert record == play_game(game, plan, 0, playout=False)
    assert (record.error is None) == (rounds == 100)
    if rounds == 100:  # played by the playout itself, not handed back to the engine
        from cardrules.engine import playouts

        assert tuple(playouts.play(game, 2, record.seed, [lambda k: 0] * 2, 10)[1]) == record.winners


PROPERTY_GAMES = [(name, players) for name in PLAYED for players in range(*{
    "crazy-eights": (2, 6), "red7": (2, 5), "the-game": (1, 6), "go-fish": (2, 5), "lost-cities": (2, 3),
    "punto": (2, 5), "hearts": (4, 5), "seven7s": (2, 5), "sushi-go": (2, 6)}[name])]


@settings(max_examples=30, deadline=None, database=None)
@given(case=st.sampled_from(PROPERTY_GAMES), seed=st.integers(0, 2**31), options=st.integers(0, 15))
def test_any_seed_plays_the_same_game_both_ways(load_game, case, seed, options):
    """Any seed, player count and switch set of a covered game: the playout's record is the engine's."""
    name, players = case
    sets = switch_sets(name)
    chosen = sets[options % len(sets)]
    game = load_game(name, chosen)
    plan = Plan.make(name, chosen, players, ["random"] * players, seed, 1)
    assert play_game(game, plan, 0) == play_game(game, plan, 0, playout=False)


UNWRITTEN = "the playout could not be written"  # playout_game.why_not: its source did not compile


@settings(MUTATION_SETTINGS, max_examples=MUTATION_SETTINGS.max_examples if LONG else 40)
@given(MUTANTS, st.integers(0, 2**31))
def test_a_mutated_rules_file_plays_the_same_games_both_ways(mutant, seed):
    """A bundled file mutated (tests/language/test_mutations.py: tokens and lines deleted, swapped, replaced)
    that still loads: where its playout plays a game itself, the record is the engine's. The mutants reach
    shapes no bundled game has (a guard moved to another option, a number changed, a statement dropped)."""
    source, steps = mutant
    text = mutate(MUTATION_TEXTS[source], steps)
    try:
        game = cardrules.load_source(text, str(source))
    except cardrules.RulesError:
        return
    if game.playout is None:  # refused for what it uses, never for code the writer got wrong (a SyntaxError)
        from cardrules.compiler.build import build_game
        from cardrules.compiler.playout_game import why_not
        rules = cardrules.prepare_source(text, str(source))
        assert why_not(*build_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)) != UNWRITTEN, steps
        return
    plan = Plan.make(str(source), {}, game.min_players, ["random"] * game.min_players, seed, 3, 2_000)
    for index in range(3):
        by_playout = runner._played_out(game, plan, index, deal_seed(plan.seed, index))
        assert by_playout is None or by_playout == play_game(game, plan, index, playout=False), (steps, index)
        if by_playout is None:  # handed back: for what the engine must say, never a name the writer left unbound
            stopped = _stopped_by(game, plan, index)
            assert not isinstance(stopped, NameError), (steps, index)
            if not isinstance(stopped, playouts.Unplayable):  # an error: the engine's game must meet one too
                assert play_game(game, plan, index, playout=False).error is not None, (steps, index, repr(stopped))


def _stopped_by(game: cardrules.Game, plan: Plan, index: int) -> Exception | None:
    """What stopped the playout of game `index` (runner._played_out hands any error back to the engine)."""
    bits = [Random(agent_seed(plan.seed, index, seat)).getrandbits for seat in range(plan.players)]
    try:
        playouts.play(game, plan.players, deal_seed(plan.seed, index), bits, plan.max_decisions)
    except Exception as exc:
        return exc
    return None


# `on move` triggers: one listening from a zone, one from anywhere, one set off by another's move, a trigger run
# inside an `afterwards` trial that changes what the guard reads and draws from the generator (a shuffle).
TRIGGERS = """game "Triggers"
players 2..3
attribute color: red > blue > green
attribute number: 1..9
cards: number * color -> deck
zone deck: stack, hidden
zone pile: stack, public
zone hand: per_player, owner
zone bonus: per_player, public
var bumps = 0
def high_on_pile = count([c for c in pile where c.number > 6])

setup:
  shuffle deck
  deal 4 from deck to hand
  first player: random(players)

turn:
  choose "Play a card, flip the deck's top card or draw":
    flip only if not empty(deck) and high_on_pile < 4:
      move top(deck) to pile
    play(card in hand(me)) only if count(bonus(me)) < 3 and high_on_pile < 3 afterwards:
      move card to pile
    draw only if not empty(deck):
      move top(deck) to hand(me)
    otherwise:
      set bumps = bumps + 1

on move card from hand to pile where card.number > 6:
  if not empty(deck):
    move top(deck) to bonus(me)
  set bumps = bumps + 1

on move card to pile:
  set bumps = bumps + 1

on move card to bonus where card.color == red:
  move top(pile) to deck
  shuffle deck

end when bumps >= 14 or empty(deck):
  win best(players, by: count(bonus(it)))
"""


@pytest.mark.parametrize("players", [2, 3])
def test_triggers_run_in_the_playout_as_on_the_engine(players):
    """The first listening trigger whose source and condition hold runs after a lone card's move, in the game
    and in an `afterwards` trial (put back after it, the generator too). Every game is the playout's own, and
    the games differ from those of a playout without the triggers (the triggers decide them)."""
    game = cardrules.load_source(TRIGGERS, "t.rules")
    assert game.playout is not None
    plan = Plan.make("t.rules", {}, players, ["random"] * players, 3, 60)
    records = [runner._played_out(game, plan, index, deal_seed(plan.seed, index)) for index in range(60)]
    assert records == [play_game(game, plan, index, playout=False) for index in range(60)]
    quiet = cardrules.load_source(TRIGGERS.split("\non move")[0] + "\nend when bumps >= 14 or empty(deck):\n"
                                  "  win best(players, by: count(bonus(it)))\n", "t.rules")
    engine = [play_game(quiet, plan, i, playout=False) for i in range(60)]
    assert [r.winners for r in records] != [r.winners for r in engine]
    # without triggers the trial is made in place: the pile's high cards, kept while no card moves, are counted
    # again after the trial's move (playout_game.kept_while)
    assert [runner._played_out(quiet, plan, i, deal_seed(plan.seed, i)) for i in range(60)] == engine


PER_CANDIDATE = """\
game "Per candidate"
players 2..4
attribute color: red > blue > green
attribute rank: 1..6
cards: color * rank copies 2 -> deck
zone deck: stack, hidden
zone hand: per_player, owner, row
zone pile: stack, public
var score per player = 0
var rounds = 0
def above(x) = hand(me) where rank > x.rank
def near(x) = count([d for d in hand(me) where d.rank == x.rank or d.color == x.color])
def steady(p) = all([count([d for d in above(c)]) < 4 for c in hand(p)])

setup:
  shuffle deck
  deal 4 from deck to hand
  move top(deck) to pile
  first player: random(players)

turn:
  set rounds = rounds + 1
  choose:
    play(c in hand(me)) only if count([d for d in above(c) where d.color != c.color]) < 2:
      move c to pile
      set score(me) = score(me) + c.rank
    lay(c in hand(me)) only if sum(pile, by: near(c)) > 6 or steady(me):
      move c to pile
    draw only if not empty(deck):
      move top(deck) to hand(me)
    otherwise:
      pass
end when empty(deck) or rounds > 60:
  win players where score(it) == max([score(q) for q in players])
"""


@pytest.mark.parametrize("players", [2, 4])
def test_a_call_kept_for_a_candidate_is_not_kept_in_an_iterable_or_a_keywords_function(players):
    """`above(c)` as the list a comprehension walks, `near(c)` inside `by:`, and the same in an `all` loop of a
    definition read the candidate: kept for each candidate elsewhere, here they are worked out in place (an
    assignment there is a SyntaxError in an iterable, and a local of the lambda in a keyword's function). The
    playout was refused (the SyntaxError) or handed every game back (the lambda's unbound local)."""
    game = cardrules.load_source(PER_CANDIDATE, "c.rules")
    assert game.playout is not None
    plan = Plan.make("c.rules", {}, players, ["random"] * players, 5, 30)
    records = [runner._played_out(game, plan, index, deal_seed(plan.seed, index)) for index in range(30)]
    assert None not in records
    assert records == [play_game(game, plan, index, playout=False) for index in range(30)]


LAY = "    lay(c in hand(me)) only if sum(pile, by: near(c)) > 6 or steady(me):\n      move c to pile\n"
MOVED_AGAIN = {  # (the first: a mutated Crazy Eights, its `wild` option's move written twice)
    "twice": LAY + "      move c to pile\n",
    "in a loop": LAY.replace("      move c", "      for q in players:\n        move c"),
    "there and back": LAY + "      move c to hand(me)\n      move c to pile\n",
    "by a loop's name": LAY + "      for c in pile where rank == 6:\n        move c to hand(me)\n",
    "by a loop's name, another binder's card": LAY + "    swap(c in hand(me), d in pile) only if c.rank < d.rank:\n"
                                                 "      for c in pile where rank == d.rank:\n"
                                                 "        move c to hand(me)\n      move d to deck\n",
}


@pytest.mark.parametrize("body", MOVED_AGAIN.values(), ids=MOVED_AGAIN.keys())
def test_a_card_bound_from_a_zone_is_taken_from_there_only_until_it_moves(body):
    """The playout takes a bound card straight from its binder's zone (`hand.remove(c)`): right for the card's
    first move only. A second move of it, one in a loop, or a loop's own card of the same name, raised
    ValueError (every game handed back to the engine): now such a move finds the card where it lies."""
    assert LAY in PER_CANDIDATE
    game = cardrules.load_source(PER_CANDIDATE.replace(LAY, body), "m.rules")
    assert game.playout is not None
    plan = Plan.make("m.rules", {}, 3, ["random"] * 3, 5, 30)
    records = [runner._played_out(game, plan, index, deal_seed(plan.seed, index)) for index in range(30)]
    assert None not in records
    assert records == [play_game(game, plan, index, playout=False) for index in range(30)]


def test_a_block_whose_statements_write_nothing_is_a_pass():
    """A playout skips a `say` that cannot fail (compiler/quiet.py): an `if` whose body is only such a `say`
    was written as an `if` with no body, a playout that did not compile (so the engine played every game)."""
    text = PER_CANDIDATE.replace("      move top(deck) to hand(me)\n",
                                 "      move top(deck) to hand(me)\n      if count(hand(me)) > 5:\n"
                                 "        say me, \"holds many cards\"\n      else:\n        say \"few\"\n")
    assert "holds many cards" in text
    game = cardrules.load_source(text, "s.rules")
    assert game.playout is not None
    plan = Plan.make("s.rules", {}, 3, ["random"] * 3, 5, 20)
    records = [runner._played_out(game, plan, index, deal_seed(plan.seed, index)) for index in range(20)]
    assert None not in records and records == [play_game(game, plan, index, playout=False) for index in range(20)]


# Cards offered by place: another player's cards, taken unseen (the order of the offer decides which one).
BLIND = """game "Blind"
players 2..3
attribute suit: spades > hearts
attribute number: 1..9
cards: number * suit -> deck
zone deck: stack, hidden
zone hand: per_player, owner, row
zone pile: stack, public

setup:
  shuffle deck
  deal 3 from deck to hand
  first player: random(players)

turn:
  choose "Take a card unseen from another hand, or play one of yours":
    take(x in concat([hand(q) for q in players where q != me])) only if count(hand(me)) < 5:
      move x to hand(me)
    play(card in hand(me)):
      move card to pile
      if not empty(deck):
        move top(deck) to hand(me)

end when count(pile) >= 12:
  win best(players, by: sum(hand(it), by: number))
"""


@pytest.mark.parametrize("players", [2, 3])
def test_cards_offered_by_place_come_in_the_engines_order(players):
    """The playout offers the cards a chooser cannot see in the order of their names (naming.Namer): the same
    card is taken for the same draw, so the games are the engine's, every one played by the playout."""
    game = cardrules.load_source(BLIND, "t.rules")
    plan = Plan.make("t.rules", {}, players, ["random"] * players, 5, 60)
    records = [runner._played_out(game, plan, index, deal_seed(plan.seed, index)) for index in range(60)]
    assert records == [play_game(game, plan, index, playout=False) for index in range(60)]


def test_cards_by_place_in_a_zone_whose_cards_the_chooser_may_know_are_the_engines():
    """A hand its owner holds as a stack: whoever saw a card go into it can tell it from the others, and only the
    engine follows who knows what, so the playout hands such a game back (and the record is the engine's)."""
    game = cardrules.load_source(BLIND.replace("owner, row", "owner"), "t.rules")
    assert game.playout is not None
    plan = Plan.make("t.rules", {}, 2, ["random"] * 2, 5, 10)
    assert all(runner._played_out(game, plan, i, deal_seed(plan.seed, i)) is None for i in range(10))
    assert [play_game(game, plan, i) for i in range(10)] == [play_game(game, plan, i, playout=False) for i in range(10)]


# Secret simultaneous choices whose bodies' order decides the pile's top card, and a per-card mark a move clears.
SECRET = """game "Secret"
players 2..4
attribute suit: a > b
attribute number: 1..6
cards: number * suit -> deck
zone deck: stack, hidden
zone hand: per_player, owner, row
zone pile: stack, public
zone won: per_player, public
var marked per card = false, reset on move, internal

setup:
  shuffle deck
  deal 3 from deck to hand

turn:
  simultaneously for p in [left(me), me] where not empty(hand(it)):
    choose "Play a card":
      play(card in hand(p)):
        move card to pile
        if card.number > 3:
          set marked(card) = true
  move top(pile) to won(me)
  if count(deck) >= num_players:
    deal 1 from deck to hand

end when all([empty(hand(p)) for p in players]):
  win best(players, by: 100 * count(won(it) where marked(it)) + sum(won(it), by: number))
"""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_secret_choices_and_values_reset_on_move_play_as_on_the_engine(players):
    """Each listed player draws in turn, then the bodies run in the list's order (the last one's card is the
    pile's top, which the turn player takes); a card's mark is cleared when it moves. Every game is the
    playout's own (the bodies in another order, or marks kept, each change dozens of these games)."""
    game = cardrules.load_source(SECRET, "t.rules")
    plan = Plan.make("t.rules", {}, players, ["random"] * players, 9, 40)
    records = [runner._played_out(game, plan, index, deal_seed(plan.seed, index)) for index in range(40)]
    assert records == [play_game(game, plan, index, playout=False) for index in range(40)]


REFUSALS = [
    # a per-card value reset to a value worked out at each move
    (SECRET.replace("var marked per card = false", "var marked per card = count(pile) > 3"),
     "a value reset on move kept per player, by more keys, or worked out"),
    # a `simultaneously` started inside another's body, through an action: the engine's error at run time
    (SECRET.replace("\nsetup:", "\naction again:\n  simultaneously for q in players:\n    choose \"Again\":\n"
                                 "      go(other in hand(q)):\n        move other to pile\n\nsetup:")
     .replace("          set marked(card) = true", "          set marked(card) = true\n        do again"),
     "a 'simultaneously' inside another"),
]


@pytest.mark.parametrize("text, why", REFUSALS, ids=["worked-out-reset", "nested-secret"])
def test_what_a_playout_does_not_write_is_said_and_played_on_the_engine(text, why):
    from cardrules.compiler.build import build_game
    from cardrules.compiler.playout_game import why_not

    rules = cardrules.prepare_source(text, "t.rules")
    c, game = build_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    assert game.playout is None and why_not(c, game) == why
    plan = Plan.make("t.rules", {}, 2, ["random"] * 2, 3, 3)
    assert [play_game(game, plan, i) for i in range(3)] == [play_game(game, plan, i, playout=False) for i in range(3)]


# Per candidate's cards and zones, and a per-player zone for groups of cards
LONE = 'game "Lone options"\n' + PER_CANDIDATE.split("\n", 1)[1].split("var score")[0] + """\
zone kept: per_player, public
var turns = 0

setup:
  shuffle deck
  deal 5 from deck to hand
  move top(deck) to pile

turn:
  set turns = turns + 1
  if turns % 3 == 0 and not empty(hand(me)):
    choose:
      lay(c in hand(me)):
        move c to pile
  else:
    if any([c.rank >= top(pile).rank for c in hand(me)]):
      choose:
        play(c in hand(me)) only if c.rank >= top(pile).rank:
          move c to pile
    else:
      if not empty(hand(me)):
        choose:
          keep(g in groups(hand(me), by: color)):
            move g to kept(me)
  if count(hand(me)) < 2 and not empty(deck):
    move top(deck) to hand(me)
end when turns > 40 or all([empty(hand(p)) for p in players]):
  win best(players, by: count(kept(it)))
"""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_choice_of_one_option_lists_its_binders_values(players):
    """A `choose` of one option with one binder lists the legal moves as the binder's values, not as (option,
    value) tuples: the whole list at once without a guard, value by value with one; a value that is itself a
    list (a group of cards) is bound whole. The draws are over the same moves in the same order: the engine's
    games."""
    game = cardrules.load_source(LONE, "l.rules")
    source = game.playout.source
    assert len(re.findall(r"^ +o[0-9]+\.extend\(", source, re.M)) == 2  # `lay` and `keep`: no guard
    assert re.search(r"^ +o[0-9]+\.append\(b[0-9]+\)$", source, re.M)  # `play`: its guard judged for each
    assert len(re.findall(r"^ +b[0-9]+ = o$", source, re.M)) == 3 and "append((0, " not in source
    plan = Plan.make("l.rules", {}, players, ["random"] * players, 4, 40)
    records = [runner._played_out(game, plan, index, deal_seed(plan.seed, index)) for index in range(40)]
    assert None not in records
    assert records == [play_game(game, plan, index, playout=False) for index in range(40)]
    assert len({tuple(r.winners) for r in records}) > 1
