"""The agents: legal moves only, reproducible, honest about hidden cards, driven by a rules file's heuristic."""

import itertools
import math
import random
import time

import pytest

import cardrules
from cardrules import cli
from cardrules.bots import (
    AGENTS,
    Agent,
    AgentError,
    GreedyAgent,
    ISMCTSAgent,
    RandomAgent,
    make_agent,
    parse_spec,
    register,
)
from cardrules.bots.beliefs import sample_information_set
from cardrules.bots.evaluation import estimate, estimator
from cardrules.bots.greedy import judged_by
from cardrules.bots.ismcts import DEFAULT_TIME, ROLLOUT_DECISIONS, STEPS_PER_ITERATION, _Node

OPTION_SETS = [{}, {"advanced": True}, {"expert": True}, {"advanced": True, "expert": True}]
SMALL = ["random", "greedy:depth=2,budget=40", "greedy:heuristic=default,depth=1",
         "ismcts:iterations=6,rollout=3", "ismcts:iterations=5,rollout=0,policy=random,c=1.5",
         "ismcts:iterations=5,policy=careful"]

TAKE = """
game "Take"
players 2..2
attribute number: 1..6
cards: number -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: per_player, public
def total(p) = sum(pile(p), by: number)
def heuristic(p) = SIGN total(p)
setup:
  shuffle deck
  deal 3 from deck to hand
turn:
  choose:
    keep(card in hand(me)):
      move card to pile(me)
end when all([empty(hand(p)) for p in players]):
  win [p for p in players where total(p) == max([total(q) for q in players])]
"""


def play(game, n, seed, specs, limit=None, check=None):
    state = game.new_initial_state(n, seed)
    agents = [make_agent(specs[s % len(specs)], game, s, seed * 10 + s) for s in range(n)]
    moves = 0
    while not state.is_terminal() and (limit is None or moves < limit):
        legal = state.legal_actions()
        action = agents[state.current_player()].choose(state)
        assert action in legal, f"{agents[state.current_player()]} chose {action} not in {legal}"
        if check:
            check(state, action)
        state.apply_action(action)
        moves += 1
    return state


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "basic")
def test_every_agent_only_chooses_legal_actions(options):
    game = cardrules.load("red7", options)
    for n in (2, 3, 4):
        for rotation in range(2):
            specs = SMALL[rotation:] + SMALL[:rotation]
            state = play(game, n, seed=n * 7 + rotation, specs=specs, limit=None if not options else 25)
            if state.is_terminal():
                assert state.winners


def test_basic_games_with_every_agent_end_with_a_winner():
    game = cardrules.load("red7")
    for seed, specs in enumerate(itertools.permutations(["random", "greedy", "ismcts:iterations=20"], 2)):
        state = play(game, 2, seed, list(specs))
        assert state.is_terminal() and len(state.winners) == 1


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=15"])
def test_same_seed_same_choices(spec):
    game = cardrules.load("red7", {"expert": True})
    runs = []
    for _ in range(2):
        choices = []
        play(game, 3, seed=4, specs=[spec], limit=8, check=lambda s, a: choices.append(a.text))
        runs.append(choices)
    assert runs[0] == runs[1] and len(runs[0]) > 1
    # Different seeds do give different search results somewhere: over the first positions of a game, since at
    # one position the search's greedy prior may settle the move for every seed.
    other_seed = []
    state = game.new_initial_state(3, 4)
    mover = make_agent("random", game, 0, 1)
    for _ in range(8):
        if len(state.legal_actions()) > 1:
            other_seed.append({make_agent(spec, game, 0, seed).choose(state).text for seed in range(6)})
        state.apply_action(mover.choose(state))
    if spec != "greedy":
        assert any(len(choices) > 1 for choices in other_seed)


def _mid_game(game, n, seed, moves):
    state = game.new_initial_state(n, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = [a for a in state.legal_actions() if a.name != "fold"] or state.legal_actions()
        state.apply_action(rng.choice(legal))
        if state.is_terminal():
            break
    return state


@pytest.mark.parametrize("spec", ["ismcts:iterations=25", "greedy"])
def test_search_never_reads_the_cards_its_player_cannot_see(spec):
    """Same view, different hidden cards (and a different future shuffle): the same choice."""
    game = cardrules.load("red7", {"advanced": True})
    checked = 0
    for seed in range(6):
        state = _mid_game(game, 2 + seed % 3, seed, moves=seed % 3)
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        me = state.current_player()
        chosen = make_agent(spec, game, me, 99).choose(state)
        for k in range(3):
            other = state.determinize(me, random.Random(k))
            other.rng = random.Random(k).getrandbits(64)
            assert other.view(me) == state.view(me)
            assert other.zones != state.zones  # the hidden cards really moved
            assert make_agent(spec, game, me, 99).choose(other) == chosen
        checked += 1
    assert checked >= 4


def test_information_set_sample_depends_only_on_the_view():
    game = cardrules.load("red7")
    state = game.new_initial_state(3, 5)
    other = state.determinize(1, random.Random(3))
    for k in range(5):
        a = sample_information_set(state, 1, random.Random(k))
        b = sample_information_set(other, 1, random.Random(k))
        assert a.zones == b.zones and a.rng == b.rng
        assert a.view(1) == state.view(1)
        assert sorted(c for z in a.zones for c in z) == list(game.cards)


class FakeClock:
    """A clock that moves `tick` seconds every time it is read: a time budget tested without timing."""

    def __init__(self, tick: float):
        self.now, self.tick, self.reads = 1000.0, tick, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.tick
        return self.now


def _searcher(spec: str, tick: float, seed: int = 1):
    game = cardrules.load("red7")
    state = game.new_initial_state(2, seed)
    agent = make_agent(spec, game, state.current_player(), 1)
    agent.timer = clock = FakeClock(tick)
    return agent, state, clock


def test_ismcts_time_budget_stops_the_search_by_its_clock():
    """time=0.05 on a clock that moves 0.011 s at every reading: the clock is read at the start, after
    every iteration and at every decision of a rollout: the fifth reading after the start is past the
    deadline, the rollout under way stops there and the search after it, with a legal move."""
    agent, state, clock = _searcher("ismcts:time=0.05", 0.011)
    assert agent.choose(state) in state.legal_actions()
    assert 1 <= agent.last_iterations <= 5 and clock.reads <= 7
    slower, state, _ = _searcher("ismcts:time=0.05", 0.0011)  # ten times more readings fit
    slower.choose(state)
    assert agent.last_iterations < slower.last_iterations <= 46
    again, state, _ = _searcher("ismcts:time=0.05", 1.0)  # past the budget at once: one iteration still
    assert again.choose(state) in state.legal_actions() and again.last_iterations == 1


def test_ismcts_thinks_for_a_time_by_default_and_counts_iterations_when_told_to():
    game = cardrules.load("red7")
    default = make_agent("ismcts", game)
    assert (default.time, default.iterations, default.steps) == (DEFAULT_TIME, 0, 0)
    assert default.timer is time.perf_counter
    assert make_agent("ismcts:clock=cpu", game).timer is time.process_time
    for spec in ("ismcts:iterations=30", "ismcts:steps=3000", "ismcts:iterations=30,steps=3000"):
        assert make_agent(spec, game).time == 0  # no time limit: the same search on every machine
    # iterations alone: however the clock runs, every iteration is made
    agent, state, _ = _searcher("ismcts:iterations=30", 1000.0)
    agent.choose(state)
    assert agent.last_iterations == 30
    # both: the first budget reached ends the search
    agent, state, _ = _searcher("ismcts:iterations=30,time=0.05", 0.011)
    agent.choose(state)
    assert 1 <= agent.last_iterations <= 5
    agent, state, _ = _searcher("ismcts:iterations=30,time=100", 0.01)
    agent.choose(state)
    assert agent.last_iterations == 30
    with pytest.raises(AgentError, match="budget"):
        make_agent("ismcts:iterations=0,steps=0", game)
    with pytest.raises(AgentError, match="budget"):
        make_agent("ismcts:time=0", game)
    # a rollout still going when the time is up is judged where it stands (iterations alone: never)
    agent, state, clock = _searcher("ismcts:time=0.05", 0.011)
    me = state.current_player()
    agent.deadline = clock.now
    assert agent.play_out(state.clone(), me) == agent.evaluate(state) and agent.steps_done == 0
    agent.deadline = math.inf
    agent.play_out(state.clone(), me)
    assert agent.steps_done > 0
    with pytest.raises(AgentError, match="clock must be wall or cpu"):
        make_agent("ismcts:clock=sundial", game)


def test_ismcts_steps_budget_counts_the_moves_tried_and_is_reproducible():
    """A budget of work: the search stops once it has tried that many moves on its samples, so
    a decision with fewer options (cheaper iterations) gets more iterations, on any machine."""
    game = cardrules.load("red7")
    state = game.new_initial_state(2, 1)
    me = state.current_player()
    small, large, again = (make_agent(f"ismcts:iterations=0,steps={n}", game, me, 1) for n in (1000, 4000, 1000))
    chosen = small.choose(state)
    assert chosen in state.legal_actions() and large.choose(state) in state.legal_actions()
    assert 1000 <= small.steps_done < 1000 + 200 and 4000 <= large.steps_done < 4000 + 200
    assert large.last_iterations > 2 * small.last_iterations
    assert (again.choose(state), again.last_iterations) == (chosen, small.last_iterations)  # same seed, same search


def test_ismcts_caps_its_work_per_iteration_by_default_where_iterations_are_costly():
    """Without a steps budget a move tries at most STEPS_PER_ITERATION moves per iteration of its
    budget: where iterations are cheap (Red7) all of them run; where they are costly (The Game,
    whose rollouts play many cards) the search stops early instead of taking many seconds."""
    cap = 40 * STEPS_PER_ITERATION
    red7 = cardrules.load("red7")
    state = red7.new_initial_state(2, 1)
    cheap = make_agent("ismcts:iterations=40", red7, state.current_player(), 1)
    cheap.choose(state)
    assert cheap.last_iterations == 40 and cheap.steps_done < cap
    game = cardrules.load("the-game")
    state = game.new_initial_state(2, 1)
    capped, free = (make_agent(f"ismcts:iterations=40{extra}", game, state.current_player(), 1)
                    for extra in ("", ",steps=10000000"))
    assert capped.choose(state) in state.legal_actions()
    assert cap <= capped.steps_done < cap + 2000 and capped.last_iterations < 40
    free.choose(state)
    assert free.last_iterations == 40 and free.steps_done > cap


def test_ismcts_cutoff_stops_long_rollouts_at_the_searchers_next_turn_and_lets_short_ones_end():
    """With rollout=0 a rollout plays to the end and is scored by the returns (a win or a loss),
    unless it has tried more than `cutoff` moves: then it stops when the searching player's next
    turn begins and the default estimate scores it (a share strictly between 0 and 1)."""
    game = cardrules.load("red7")
    state = game.new_initial_state(2, 1)
    me = state.current_player()
    results, work = {}, {}
    for cutoff in (0, 1, 100000):
        agent = make_agent(f"ismcts:rollout=0,cutoff={cutoff}", game, me, 1)
        results[cutoff] = [agent.play_out(sample_information_set(state, me, agent.rng), me) for _ in range(6)]
        work[cutoff] = agent.steps_done
    for cutoff in (0, 100000):
        assert all(sorted(result) == [0.0, 1.0] for result in results[cutoff])
    assert all(0.0 < result[me] < 1.0 for result in results[1])
    assert work[1] < work[0] / 2 and work[1] < work[100000] / 2


def test_paired_ismcts_tries_every_root_move_on_the_same_deals_in_the_same_order():
    game = cardrules.load("red7")
    state = game.new_initial_state(2, 0)  # a deal where several moves are worth a try
    me = state.current_player()
    agent = make_agent("ismcts:iterations=200,paired=yes", game, me, 2)
    tries: dict = {}
    real_iterate = agent._iterate

    def spy(world, root, allowed, searcher):
        tries.setdefault(agent.forced.action, []).append(tuple(map(tuple, world.zones)))
        return real_iterate(world, root, allowed, searcher)

    agent._iterate = spy
    assert agent.choose(state) in state.legal_actions()
    deals = sorted(tries.values(), key=len)
    assert len(deals) > 1 and len(deals[-1]) > len(deals[0]) >= 1
    assert all(longer[:len(deals[0])] == deals[0] for longer in deals)  # the k-th try of each: the same deal
    assert len(set(deals[-1])) == len(deals[-1])  # a new deal for every try
    with pytest.raises(AgentError, match="paired=yes needs the prior"):
        make_agent("ismcts:paired=yes,prior=0", game, me, 2)


def test_greedy_uses_the_heuristic_the_rules_declare():
    lowest = cardrules.load_source(TAKE.replace("SIGN", "0 -"), "take.rules")
    highest = cardrules.load_source(TAKE.replace("SIGN", ""), "take.rules")
    for seed in range(8):
        state = lowest.new_initial_state(2, seed)
        numbers = {a: lowest.card_attrs["number"][a.values[0]] for a in state.legal_actions()}
        picked_low = make_agent("greedy", lowest, 0, seed).choose(state)
        assert numbers[picked_low] == min(numbers.values())
        state = highest.new_initial_state(2, seed)
        numbers = {a: highest.card_attrs["number"][a.values[0]] for a in state.legal_actions()}
        assert numbers[make_agent("greedy", highest, 0, seed).choose(state)] == max(numbers.values())
    assert make_agent("greedy", lowest).uses_rules
    assert not make_agent("greedy:heuristic=default", lowest).uses_rules
    with pytest.raises(AgentError, match="declares no"):
        make_agent("greedy:heuristic=rules", cardrules.load("red7"))


def test_greedy_and_the_search_judge_by_the_chance_the_rules_declare():
    # No heuristic: greedy and ismcts's leaves fall back on chance(p), which prefers small piles.
    source = TAKE.replace("def heuristic(p) = SIGN total(p)", "def chance(p) = 95 - 3 * total(p)")
    small = cardrules.load_source(source.replace("1..6", "1..12").replace("deal 3", "deal 6"), "take.rules")
    lowest = 0
    for seed in range(12):
        state = small.new_initial_state(2, seed)
        numbers = {a: small.card_attrs["number"][a.values[0]] for a in state.legal_actions()}
        assert numbers[make_agent("greedy", small, 0, seed).choose(state)] == min(numbers.values())
        # Without the prior only the leaves' values tell the moves apart: the rollouts keep equal
        # material, so the default estimate would leave it a random pick (the lowest about 1 in 6).
        searched = make_agent("ismcts:prior=0,iterations=600", small, 0, seed).choose(state)
        lowest += numbers[searched] == min(numbers.values())
    assert lowest >= 10
    assert make_agent("greedy", small).heuristic == "chance"
    with pytest.raises(AgentError, match="declares no 'def chance"):
        make_agent("greedy:heuristic=chance", cardrules.load("the-game"))


def test_a_declared_chance_is_clipped_to_percent_and_must_be_a_number():
    state = cardrules.load_source(TAKE.replace("def heuristic(p) = SIGN total(p)", "def chance(p) = 250"),
                                  "take.rules").new_initial_state(2, 0)
    assert estimator(state.game)(state) == [1.0, 1.0]
    # `cardrules check` reports a chance that can only be true or false (below); one that gives
    # nothing, or a card, is found when the agents read it.
    wrong = cardrules.load_source(TAKE.replace("def heuristic(p) = SIGN total(p)", "def chance(p) = none"),
                                  "take.rules")
    with pytest.raises(AgentError, match="take.rules: 'chance\\(p\\)' must give a number from 0 to 100"):
        make_agent("greedy", wrong).choose(wrong.new_initial_state(2, 0))


def test_a_chance_that_is_not_a_number_is_a_message_from_play(invoke, tmp_path):
    path = tmp_path / "take.rules"
    path.write_text(TAKE.replace("def heuristic(p) = SIGN total(p)", "def chance(p) = none"))
    result = invoke("play", path, "--seat", "0=greedy", "--seat", "1=greedy")
    assert result.exit_code == 1
    assert f"error: {path}: 'chance(p)' must give a number from 0 to 100, not none" in result.output
    assert "unexpected" not in result.output


@pytest.mark.parametrize("body, gives", [
    ("total(p) > 3", "true or false"),
    ("not empty(pile(p))", "true or false"),
    ("[total(p)]", "a list"),
    ("ahead(p)\ndef ahead(p) = total(p) >= 10 or total(p) < 3", "true or false"),
    ("1 if total(p) > 3 else [2]", None),  # one branch may be a number: found at play, if ever
    ("total(p) or 50", None),
    ("total(p) * 10", None),
])
def test_check_reports_a_chance_that_cannot_be_a_number(body, gives):
    text = TAKE.replace("def heuristic(p) = SIGN total(p)", f"def chance(p) = {body}")
    found = [d for d in cardrules.check_source(text, "take.rules") if d.code == "E292"]
    if gives is None:
        assert found == []
    else:
        assert [d.message for d in found] == [f"'chance(p)' must give a number for the agents, but this gives {gives}"]


def test_check_warns_when_the_agents_would_ignore_a_heuristic_of_the_wrong_shape():
    text = TAKE.replace("def heuristic(p) = SIGN total(p)", "def heuristic(p, q) = total(p) - total(q)")
    found = [d for d in cardrules.check_source(text, "take.rules") if d.code == "W206"]
    assert len(found) == 1 and "takes two parameters, so they ignore it" in found[0].message
    assert judged_by(cardrules.load_source(text, "take.rules"), ("rules", "chance")) == "default"


def test_without_the_prior_the_search_still_widens_at_the_root():
    # Progressive widening lets a node with n visits have 1 + sqrt(n) children: the root's visits
    # were never counted, so without the prior's seeded moves it kept the first move it tried.
    game = cardrules.load("red7")
    state = game.new_initial_state(2, 0)
    agent = make_agent("ismcts:prior=0,iterations=100", game, state.current_player(), 0)
    roots = []
    real_iterate = agent._iterate

    def spy(world, root, allowed, me):
        roots.append(root)
        return real_iterate(world, root, allowed, me)

    agent._iterate = spy
    agent.choose(state)
    assert len(roots[0].children) > 5  # 1 + sqrt(100) = 11 at most, of the opening's many moves


def test_the_search_prior_keeps_to_the_scale_of_results_whatever_the_heuristic():
    # A heuristic has no scale: the prior used to take its values for results (0 to 1), so a large
    # one fixed the search on greedy's move for good.
    game = cardrules.load_source(TAKE.replace("SIGN", "1000 *"), "take.rules")
    state = game.new_initial_state(2, 1)
    agent = ISMCTSAgent(game, 0, 0)
    root = _Node(None, -1)
    agent._seed(state.clone(), state.legal_actions(), root, 0)
    worth = {node.action: node.reward / node.visits for node in root.children.values()}
    assert len(worth) == 3 and all(0 <= value <= 1 for value in worth.values())
    numbers = {a: game.card_attrs["number"][a.values[0]] for a in worth}
    # it goes by greedy's ranking instead: the highest card (the heuristic's best) 1, the lowest 0
    assert sorted(worth.values()) == [0, 0.5, 1] and worth[max(numbers, key=numbers.get)] == 1


def test_default_heuristic_is_a_share_of_the_win():
    game = cardrules.load("red7")
    state = game.new_initial_state(3, 2)
    shares = estimate(state)
    assert abs(sum(shares) - 1) < 1e-9 and all(0 < s < 1 for s in shares)
    state.eliminated[1] = True
    assert estimate(state)[1] == 0.0


def test_greedy_stays_in_the_game_when_it_can():
    game = cardrules.load("red7")
    for seed in range(10):
        state = game.new_initial_state(2, seed)
        me = state.current_player()
        agent = make_agent("greedy", game, me, seed)
        while not state.is_terminal() and state.current_player() == me:
            state.apply_action(agent.choose(state))
        survivable = False
        for action in game.new_initial_state(2, seed).legal_actions():  # could any first move survive?
            trial = game.new_initial_state(2, seed)
            trial.apply_action(action)
            if not trial.eliminated[me] and trial.current_player() != me:
                survivable = True
            elif trial.current_player() == me:
                for follow in trial.legal_actions():
                    again = trial.clone()
                    again.apply_action(follow)
                    survivable |= not again.eliminated[me]
        assert state.eliminated[me] == (not survivable)


def test_specs_registry_and_errors():
    assert {"random", "greedy", "ismcts"} <= set(AGENTS)
    assert parse_spec(" ISMCTS : iterations = 200 , c=0.5 ") == ("ismcts", {"iterations": "200", "c": "0.5"})
    game = cardrules.load("red7")
    agent = make_agent("ismcts:iterations=200,time=0.5,policy=careful", game, 1, 3)
    assert isinstance(agent, ISMCTSAgent) and (agent.iterations, agent.time, agent.policy) == (200, 0.5, "careful")
    assert isinstance(make_agent("greedy", game), GreedyAgent) and isinstance(make_agent("random", game), RandomAgent)
    for bad, words in [("wizard", "unknown agent"), ("ismcts:depth=3", "no option 'depth'"),
                       ("ismcts:iterations=many", "whole number"), ("ismcts:c=-1", "negative"),
                       ("greedy:heuristic=magic", "auto, rules, chance or default"),
                       ("ismcts:policy=clever", "policy must be"), ("ismcts:iterations", "KEY=VALUE"),
                       ("random:x=1", "no option")]:
        with pytest.raises(AgentError, match=words):
            make_agent(bad, game)


def test_a_new_agent_registers_by_name():
    class FirstAgent(Agent):
        name = "first-test"

        def choose(self, state):
            return state.legal_actions()[0]

    register("first-test", FirstAgent)
    try:
        game = cardrules.load("red7")
        state = play(game, 2, 1, ["first-test"])
        assert state.is_terminal()
        assert cli.play.parse_seats(["1=first-test"], 2) == ["human", "first-test"]
    finally:
        del AGENTS["first-test"]


def test_cli_seats_take_agents_with_options(invoke):
    assert cli.play.parse_seats(["0=greedy", "1=ismcts:iterations=20,c=0.5"], 2) == ["greedy",
                                                                                      "ismcts:iterations=20,c=0.5"]
    for bad in (["1=ismcts:depth=2"], ["1=ismcts:iterations=x"], ["1=wizard"]):
        with pytest.raises(cli.common.CliError) as info:
            cli.play.parse_seats(bad, 2)
        assert info.value.code == 2
    result = invoke("play", "red7", "--seed", "3", "--seat", "0=greedy", "--seat", "1=ismcts:iterations=20")
    assert result.exit_code == 0, result.output
    assert "P0 greedy" in result.output and "P1 ismcts:iterations=20" in result.output
    again = invoke("play", "red7", "--seed", "3", "--seat", "0=greedy", "--seat", "1=ismcts:iterations=20")
    assert again.output == result.output


def test_a_declared_heuristic_is_used_by_greedy_and_not_reported_unused():
    game = cardrules.load("seven7s")
    assert GreedyAgent(game, 0, 0).uses_rules
    assert not GreedyAgent(game, 0, 0, heuristic="default").uses_rules
    text = cardrules.find_game("seven7s").read_text()
    warnings = [d for d in cardrules.check_source(text, "seven7s.rules") if d.code == "W202"]
    assert warnings == []  # `heuristic` is read by the bots, not by the rules
    unused = cardrules.check_source(text.replace("def heuristic(p)", "def heuristics(p)"), "seven7s.rules")
    assert [d.message for d in unused if d.code == "W202"] == ["'heuristics' is declared but never used"]


def test_ismcts_rollouts_end_even_where_free_moves_let_a_policy_go_on_forever():
    """In The Game a signal changes no card, so the `best` policy could signal for ever; a
    rollout is cut at ROLLOUT_DECISIONS and judged there."""
    game = cardrules.load("the-game")
    state = game.new_initial_state(2, 1)
    agent = make_agent("ismcts:iterations=2", game, 0, 3)
    decisions = []
    real_policy = agent._policy

    def policy(world, actions):
        line = real_policy(world, actions)
        decisions.append(line[-1][1].decisions)
        return line

    agent._policy = policy
    assert agent.choose(state) in state.legal_actions()
    assert decisions and max(decisions) - state.decisions <= ROLLOUT_DECISIONS + 2


def test_best_policy_without_a_safe_ending_in_sight_plays_as_careful():
    """Where no way to end the turn lies within two decisions (The Game asks for two plays and an
    'end'), the `best` policy falls back to a random safe move, as documented; keeping the most
    material instead chose a signal every time, which changes no card and never ends the turn."""
    game = cardrules.load("the-game")
    state = game.new_initial_state(2, 1)
    agent = make_agent("ismcts:iterations=2", game, 0, 3)
    chosen = {agent._policy(state.clone(), state.legal_actions())[0][0].name for _ in range(20)}
    assert "play" in chosen


def test_greedy_finishes_a_game_where_a_free_move_could_stall_it():
    """In The Game a signal changes no card. Greedy used to signal for ever: before a forced loss
    every other move looks worse, and mid-turn a signal followed by a play looks as good as the
    play. It now makes a move that changes nothing only when every move is such."""
    game = cardrules.load("the-game")
    state = game.new_initial_state(2, 1)
    agents = [make_agent("greedy:budget=60", game, seat, seat) for seat in range(2)]
    signals = 0
    for _ in range(400):
        if state.is_terminal():
            break
        action = agents[state.current_player()].choose(state)
        signals += action.name == "signal"
        state.apply_action(action)
    assert state.is_terminal() and signals == 0


STALL = """
game "Stall"
players 2..2
attribute number: 1..6
cards: number -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: stack, public
var flag per player = 0
setup:
  shuffle deck
  deal 2 from deck to hand
turn:
  repeat:
    choose:
      play(card in hand(me)):
        move card to pile
        stop
      wave(v in [0, 1]) only if flag(me) != v:
        set flag(me) = v
end when not empty(pile):
  win players where it != me
"""


@pytest.mark.parametrize("spec", ["ismcts:iterations=200", "ismcts:iterations=100,prior=0"])
def test_ismcts_does_not_make_a_free_move_twice_running_where_another_move_exists(spec):
    """Whoever plays a card loses, and waving changes a variable only: a search sees that waving puts
    the loss off for as long as it likes, and used to wave until the decision limit. After a move that
    changes variables only, the search now makes another move of its turn if there is one."""
    game = cardrules.load_source(STALL)
    state = game.new_initial_state(2, 1)
    agents = [make_agent(spec, game, seat, seat) for seat in range(2)]
    moves = []
    while not state.is_terminal() and state.decisions < 50:
        action = agents[state.current_player()].choose(state)
        moves.append(action.name)
        state.apply_action(action)
    assert state.is_terminal() and state.winners == [1]
    assert moves[-1] == "play" and "wave wave" not in " ".join(moves)


# The Game, the deal of seed 2: a greedy team's moves up to its last card, which wins the game.
THE_GAME_SEED_2 = (
    "play 82 desc1, play 63 desc1, play 62 desc1, end, play 43 desc1, play 53 desc1, end, play 48 desc1, "
    "play 58 desc1, end, play 3 asc1, play 7 asc1, end, play 95 desc2, play 49 desc1, end, play 59 desc1, "
    "play 69 desc1, end, play 79 desc1, play 77 desc1, end, play 94 desc2, play 93 desc2, end, play 70 "
    "desc1, play 9 asc1, end, play 12 asc1, play 17 asc1, end, play 24 asc1, play 40 asc1, play 30 asc1, "
    "end, play 20 asc1, play 25 asc1, end, play 61 desc1, play 71 desc1, play 81 desc1, end, play 90 "
    "desc2, play 86 desc2, end, play 15 asc1, play 11 asc2, end, play 83 desc2, play 22 asc1, end, play "
    "33 asc1, play 23 asc1, end, play 26 asc1, play 18 asc2, end, play 73 desc1, play 67 desc1, end, play "
    "60 desc1, play 55 desc1, play 54 desc1, end, play 44 desc1, play 37 desc1, end, play 35 desc1, play "
    "34 desc1, end, play 32 desc1, play 16 asc1, end, play 6 asc1, play 41 asc2, end, play 42 desc1, play "
    "56 asc2, end, play 46 asc2, play 74 desc2, end, play 84 desc2, play 36 asc2, end, play 75 desc2, "
    "play 85 desc2, end, play 50 asc2, play 10 asc1, end, play 51 asc2, play 57 asc2, end, play 72 asc2, "
    "play 97 asc2, play 87 asc2, end, play 88 asc2, play 28 desc1, end, play 13 asc1, play 80 desc2, end, "
    "play 38 desc1, play 68 desc2, end, play 78 desc2, play 92 asc2, end, play 66 desc2, play 64 desc2, "
    "end, play 96 asc2, play 98 asc2, play 99 asc2, end, play 52 desc2, play 47 desc2, end, play 89 asc2, "
    "play 14 asc1, end, play 4 asc1, play 5 asc1, end, play 91 asc2, end, play 45 desc2, end, play 31 "
    "desc1, play 19 desc1, play 29 desc1, end, play 39 desc1, end, play 27 desc1, end, play 8 asc1, end, "
    "play 2 desc1, end, play 21 asc1, end, play 65 asc1"
).split(", ")


def test_an_ismcts_team_ends_the_game_instead_of_signalling_for_ever():
    """On the deal of seed 2 a team of searches used to signal until the decision limit (254 signals in 400
    decisions under the time budget). Here the last card wins the game, but a signal followed by that card
    wins too, and the eight signals share the visits that the one card gets: with 300 iterations the
    search signalled at every decision. Now it makes one signal at most, then plays the card."""
    game = cardrules.load("the-game")
    state = game.new_initial_state(2, 2)
    for move in THE_GAME_SEED_2:
        state.apply_action(move)
    agents = [make_agent("ismcts:iterations=300", game, seat, seat) for seat in range(2)]
    start = state.decisions
    while not state.is_terminal() and state.decisions < start + 40:
        state.apply_action(agents[state.current_player()].choose(state))
    assert state.is_terminal() and state.decisions - start <= 2
    assert state.result() == 0  # every card on the piles: won
