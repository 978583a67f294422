"""Beliefs: samples of the unseen cards weighed by the moves a player has watched, never by a peek."""

import random

import cardrules
from cardrules.bots import RandomAgent, inform, make_agent
from cardrules.bots.beliefs import History, explained_samples, same_view
from cardrules.engine.knowledge import unseen_pool
from cardrules.simulation import play_match

BURY = """
game "Bury"
players 2..2
attribute number: 1..6
cards: number -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone vault: per_player, owner
zone pile: per_player, public
setup:
  shuffle deck
  deal 3 from deck to hand
turn:
  choose:
    show(card in hand(me)):
      move card to pile(me)
    bury(card in hand(me)):
      move card to vault(me)
end when all([empty(hand(p)) for p in players]):
  win players
"""


def _watched_positions(game, seeds, watcher_spec="ismcts:iterations=20,beliefs=40"):
    """Greedy plays greedy; an ismcts agent for seat 0 watches every move. Yields (watcher, state)
    at each decision of seat 0 that the watcher can explain from its history."""
    for seed in seeds:
        state = game.new_initial_state(2, seed)
        players = [make_agent("greedy", game, s, seed * 7 + s) for s in range(2)]
        watcher = make_agent(watcher_spec, game, 0, seed)
        while not state.is_terminal():
            if state.current_player() == 0 and watcher.history.follows(state):
                yield watcher, state
            action = players[state.current_player()].choose(state)
            inform([*players, watcher], state, action)
            state.apply_action(action)


def _share_of_real_hand(samples, state):
    """The weighted share of the opponent's real hand that the samples put in its hand."""
    real = set(state.zone_cards("hand", 1))
    total = sum(weight for _, weight in samples)
    return sum(weight * len(real & set(world.zone_cards("hand", 1))) / len(real)
               for world, weight in samples) / total


def test_explained_samples_look_like_the_real_state_to_the_watcher():
    game = cardrules.load("red7")
    checked = 0
    for watcher, state in _watched_positions(game, range(3)):
        samples = explained_samples(watcher.history, state, random.Random(1), 10, watcher._likelihood)
        assert samples, "the real history explains itself, so some sample must survive"
        for world, weight in samples:
            assert weight > 0
            assert same_view(world, state, 0)
            assert world.view(0) == state.view(0)
        checked += 1
    assert checked >= 5


def test_watching_the_opponent_tells_where_its_cards_are():
    """Over many positions, samples weighed by greedy's moves put more of greedy's real hand in
    its hand than uniform samples do (a careful player who changed the rule had no card to stay
    in with, and so on)."""
    game = cardrules.load("red7")
    weighed = uniform = 0.0
    positions = 0
    for watcher, state in _watched_positions(game, range(12)):
        hand = state.zone_cards("hand", 1)
        if not hand:
            continue
        samples = explained_samples(watcher.history, state, random.Random(positions), 20, watcher._likelihood)
        weighed += _share_of_real_hand(samples, state)
        uniform += len(hand) / len(unseen_pool(state, 0, state.hidden_from(0)))  # what uniform deals give
        positions += 1
    assert positions >= 60
    assert weighed > 1.08 * uniform, (weighed / positions, uniform / positions)


def _renamed(state, mapping):
    other = state.clone()
    other.zones = [[mapping.get(card, card) for card in cards] for cards in state.zones]
    return other


def test_a_history_that_differs_only_in_unseen_cards_gives_the_same_choice():
    """Rename every card seat 0 never sees, in every watched state: the moves and the view stay the
    same, so ismcts with its beliefs must choose the same move."""
    game = cardrules.load("red7")
    checked = 0
    for watcher, state in _watched_positions(game, range(4)):
        if len(state.legal_actions()) < 2 or len(watcher.history.moves) < 3:
            continue
        watched = [before for before, _ in watcher.history.moves] + [state]
        seen = {card for s in watched for slot, cards in enumerate(s.zones)
                if slot not in s.hidden_from(0) for card in cards}
        never = sorted(set(game.cards) - seen)
        shuffled = never[:]
        random.Random(checked).shuffle(shuffled)
        mapping = dict(zip(never, shuffled))
        twin = make_agent("ismcts:iterations=20,beliefs=40", game, 0, 5)
        for before, action in watcher.history.moves:
            twin.observe(_renamed(before, mapping), action)
        other = _renamed(state, mapping)
        assert other.zones != state.zones
        original = make_agent("ismcts:iterations=20,beliefs=40", game, 0, 5)
        for before, action in watcher.history.moves:
            original.observe(before, action)
        assert twin.choose(other) == original.choose(state)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_a_move_the_watcher_could_not_see_starts_the_history_again():
    game = cardrules.load_source(BURY)
    state = game.new_initial_state(2, 3)
    history = History(1)
    shown = next(a for a in state.legal_actions() if a.name == "show")
    history.observe(state, shown)
    state.apply_action(shown)
    assert history.follows(state)  # seat 1 saw the card go to the pile
    history.observe(state, state.legal_actions()[0])  # seat 1's own move
    state.apply_action(state.legal_actions()[0])
    buried = next(a for a in state.legal_actions() if a.name == "bury")
    history.observe(state, buried)
    state.apply_action(buried)
    assert not history.follows(state)  # which card went into the vault is not seat 1's to know
    history.observe(state, state.legal_actions()[0])
    assert len(history.moves) == 1


class _Counting(RandomAgent):
    def __init__(self, seed):
        super().__init__(random.Random(seed))
        self.watched = 0

    def observe(self, state, action):
        assert action in state.legal_actions()
        self.watched += 1


def test_simulated_games_tell_every_agent_every_move():
    game = cardrules.load("red7")
    agents = [_Counting(1), _Counting(2)]
    final = play_match(game, 2, 4, agents)
    assert agents[0].watched == agents[1].watched == final.decisions > 0


def test_kept_beliefs_stay_true_to_the_view_from_decision_to_decision():
    """The deals ismcts carries from one decision to the next are replayed with the new moves
    only; at every decision each of them must still look like the real state."""
    game = cardrules.load("red7")
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(2, seed)
        agents = [make_agent("ismcts:iterations=10,beliefs=40", game, 0, seed), make_agent("greedy", game, 1, seed)]
        while not state.is_terminal():
            action = agents[state.current_player()].choose(state)
            kept = agents[0].beliefs_kept
            if state.current_player() == 0 and kept.upto == len(agents[0].history.moves) > 0:
                assert kept.deals and all(same_view(world, state, 0) for world, _ in kept.deals)
                checked += 1
            inform(agents, state, action)
            state.apply_action(action)
    assert checked >= 8
