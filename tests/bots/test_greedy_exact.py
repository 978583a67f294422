"""greedy's shortcuts keep its judgement: every move's value, on positions of every bundled game, equals that of
the plain search (every move tried on a clone, every follow-up scored), written out here as the reference; and the
search scores at most its budget of positions (plus the moves themselves)."""

import pytest

from cardrules.bots import make_agent
from cardrules.bots.beliefs import sample_information_set
from cardrules.bots.evaluation import turn_over
from cardrules.engine import IllegalAction
from cardrules.resources import bundled_games
from cardrules.simulation import derive_seed


def reference_judge(agent, world, moves, player):
    """greedy's judgement written plainly: each move on a clone; the lines of the moves that change what the score
    sees or end the turn (of every move if none does) searched by `reference_lines`."""
    lines = reference_lines_of(agent, world, moves, player)
    values = reference_lines(agent, [(after, at_once) for _, after, at_once in lines], player, world.turns)
    return [(action, value + at_once) for (action, _, at_once), value in zip(lines, values)]


def reference_lines(agent, starts, me, turn):
    """Each line's best score: positions taken in turn (the lines best at once first, then every position's
    follow-ups after those of the positions before it), each position's follow-ups all scored if the budget left
    covers them all, else none."""
    positions = [[state, scored, agent.depth - 1, None] for state, scored in starts]  # state, score, depth, next
    pending = sorted(range(len(starts)), key=lambda i: (starts[i][1], -i), reverse=True)
    budget, taken = agent.budget, 0
    while taken < len(pending):
        state, _, depth, _ = positions[pending[taken]]
        taken += 1
        if depth <= 0 or turn_over(state, me, turn) or len(state.legal_actions()) > budget:
            continue
        budget -= len(state.legal_actions())
        positions[pending[taken - 1]][3] = []
        for action in state.legal_actions():
            after = state.clone_with_moves()
            after.apply_action(action)
            positions[pending[taken - 1]][3].append(len(positions))
            pending.append(len(positions))
            positions.append([after, agent.score(after, me), depth - 1, None])

    def value(index):
        follow = positions[index][3]
        return positions[index][1] if follow is None else max(value(i) for i in follow)
    return [value(i) for i in range(len(starts))]


def full_value(agent, state, me, turn, depth):
    """The unbounded search, depth first: the best score `me` reaches by finishing the turn."""
    if depth <= 0 or turn_over(state, me, turn):
        return agent.score(state, me)
    values = []
    for action in state.legal_actions():
        after = state.clone_with_moves()
        after.apply_action(action)
        values.append(full_value(agent, after, me, turn, depth - 1))
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
@pytest.mark.parametrize("spec", ["greedy", "greedy:depth=2,budget=40", "greedy:budget=500"])
def test_greedy_judges_every_move_as_the_plain_search_does(load_game, name, options, spec):
    game = load_game(name, options)
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



@pytest.mark.parametrize(("name", "options"), GAMES)
def test_an_unbounded_greedy_is_the_full_search(load_game, name, options):
    """Where the budget covers every line, the breadth-first search finds what the full depth-first one does."""
    game = load_game(name, options)
    players = max(game.min_players, 2) if game.max_players >= 2 else game.min_players
    agent = make_agent("greedy:depth=2,budget=1000000000", game, 0, 0)
    for state in positions(game, players, 1, 6):
        me = state.current_player()
        world = sample_information_set(state, me, agent.rng)
        legal = state.legal_actions()
        expected = [(action, full_value(agent, after.clone(), me, world.turns, agent.depth - 1) + at_once)
                    for action, after, at_once in reference_lines_of(agent, world.clone(), legal, me)]
        assert agent.judge(world, legal, me) == expected, f"{name}: {state.decisions} decisions in"


def reference_lines_of(agent, world, moves, player):
    """The moves whose lines greedy searches, each with the position after it and that position's score."""
    now = agent.score(world, player)
    judged, idle = [], []
    for action in moves:
        after = world.clone_with_moves()
        try:
            after.apply_action(action)
        except IllegalAction:
            continue
        at_once = agent.score(after, player)
        stays = at_once == now and not turn_over(after, player, world.turns)
        (idle if stays else judged).append((action, after, at_once))
    return judged or idle

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
@pytest.mark.parametrize("budget", [200, 60])
def test_greedy_scores_at_most_its_budget(load_game, name, options, budget):
    """The position now, each move, and at most `budget` follow-ups in all: the budget bounds the work a move."""
    game = load_game(name, options)
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
