"""greedy's shortcuts keep its judgement: every move's value, on positions of every bundled game, equals that of
the plain search (every move tried on a clone, every follow-up scored), written out here as the reference; and the
search scores at most its budget of positions (plus the moves themselves)."""

import pytest

import cardrules
from cardrules.bots import make_agent
from cardrules.bots.beliefs import sample_information_set
from cardrules.bots.evaluation import turn_over
from cardrules.engine import IllegalAction
from cardrules.resources import bundled_games
from cardrules.simulation import derive_seed


def reference_judge(agent, world, moves, player):
    """greedy's judgement as first written: each move on a clone, its line searched whatever its score."""
    share = agent.budget // len(moves)
    now = agent.score(world, player)
    judged, idle = [], []
    for action in moves:
        after = world.clone_with_moves()
        try:
            after.apply_action(action)
        except IllegalAction:
            continue
        at_once = agent.score(after, player)
        line = reference_value(agent, after, player, world.turns, agent.depth - 1, [share], at_once)
        stays = at_once == now and not turn_over(after, player, world.turns)
        (idle if stays else judged).append((action, line + at_once))
    return judged or idle


def reference_value(agent, state, me, turn, depth, budget, scored=None):
    """The best score reachable in the turn; a position's follow-ups are searched (and paid for) only when the
    line's budget covers every one of them."""
    mine = not state.terminal and state.current_player() == me and state.turns == turn
    if not mine or depth <= 0 or len(state.legal_actions()) > budget[0]:
        return agent.score(state, me) if scored is None else scored
    budget[0] -= len(state.legal_actions())
    values = []
    for action in state.legal_actions():
        after = state.clone_with_moves()
        after.apply_action(action)
        values.append(reference_value(agent, after, me, turn, depth - 1, budget))
    return max(values)


def positions(game, players, seed, count):
    """Positions where the player to move has a choice, `count` at most, spread over a game of a greedy seat 0
    against random players (random players alone end The Game in a few turns)."""
    state = game.new_initial_state(players, seed)
    agents = [make_agent("greedy" if s == 0 else "random", game, s, derive_seed(seed, 0, s)) for s in range(players)]
    found = []
    while not state.is_terminal() and state.decisions < 300:
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(agents[state.current_player()].choose(state))
    step = max(1, len(found) // count)
    return found[::step][:count]


GAMES = [(name, None) for name in sorted(bundled_games())] + [("the-game", {"extreme": True})]


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("spec", ["greedy", "greedy:depth=2,budget=40", "greedy:budget=120"])
def test_greedy_judges_every_move_as_the_plain_search_does(name, options, spec):
    game = cardrules.load(name, options)
    players = max(game.min_players, 2) if game.max_players >= 2 else game.min_players
    agent = make_agent(spec, game, 0, 0)
    compared = 0
    for seed in (1, 2):
        for state in positions(game, players, seed, 6):
            me = state.current_player()
            world = sample_information_set(state, me, agent.rng)
            legal = state.legal_actions()
            expected = reference_judge(agent, world.clone(), legal, me)
            assert agent.judge(world, legal, me) == expected, f"{name}: {state.decisions} decisions in"
            compared += 1
    assert compared >= 6


class Counting:
    """Counts the positions an agent scores."""

    def __init__(self, agent):
        self.scored, self.score = 0, agent.score
        agent.score = self

    def __call__(self, state, player):
        self.scored += 1
        return self.score(state, player)


@pytest.mark.parametrize(("name", "options"), [("the-game", None), ("the-game", {"extreme": True}), ("red7", None),
                                               ("go-fish", None)])
@pytest.mark.parametrize("budget", [400, 60])
def test_greedy_scores_at_most_its_budget(name, options, budget):
    """The position now, each move, and at most `budget` follow-ups in all: the budget bounds the work a move."""
    game = cardrules.load(name, options)
    agent = make_agent(f"greedy:budget={budget}", game, 0, 0)
    counting = Counting(agent)
    most = 0
    for seed in (1, 2):
        for state in positions(game, 2, seed, 6):
            counting.scored = 0
            world = sample_information_set(state, state.current_player(), agent.rng)
            legal = state.legal_actions()
            agent.judge(world, legal, state.current_player())
            assert counting.scored <= 1 + len(legal) + budget, f"{name}: {state.decisions} decisions in"
            most = max(most, counting.scored)
    assert most > 1 + 6  # the search looked past the moves themselves somewhere
