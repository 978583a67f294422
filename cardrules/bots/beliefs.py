"""Takes what a player has seen (the state, and the moves watched so far) and gives samples of the
cards that player cannot see: uniform ones, or ones weighted by how well they explain the moves
the other players made.

Everything here works through the player's view: the real states that a `History` keeps are
read only by `sample_information_set`, which keeps what the player sees and deals every unseen
card again, and the moves are the ones the whole table saw being made.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable

from ..engine import Action, State, percard
from ..engine.knowledge import knows, unseen_pool
from ..engine.secret import public
from ..values import Card

# How likely the other players' moves are in a sample: (sample before the move, the move) -> a
# probability. The agents use a model of a careful player (greedy's judgement).
Likelihood = Callable[[State, Action], float]


def sample_information_set(state: State, player: int, rng: random.Random) -> State:
    """A state `player` cannot tell apart from `state`, drawn at random with `rng`.

    It depends only on what `player` sees or knows and on `rng`: the unseen cards are the game's
    cards minus the seen and known ones (their actual places are never read), they are put into
    the unseen places in a fixed order and `state.determinize` deals them again at random (and
    forgets what other players knew of them). The state's own random generator (which decides
    future shuffles and the order in which unseen cards are offered) is replaced as well. The sample
    is `quiet`: its moves make no events (the rules run the same).
    """
    base = state.clone()
    places = unseen_pool(base, player, base.hidden_from(player))  # cards known to the player stay
    holes = set(places)
    seen = Counter(card for slot, cards in enumerate(base.zones) for i, card in enumerate(cards)
                   if (slot, i) not in holes)
    unseen = sorted((Counter(base.game.cards) - seen).elements())
    if len(unseen) != len(places):  # cards outside every zone: fall back to the unseen cards themselves
        unseen = sorted(base.zones[slot][i] for slot, i in places)
    if base.game.per_card:  # what the rules keep per card goes with the places (engine/percard.py)
        percard.follow_places(base, {base.zones[slot][i]: card for (slot, i), card in zip(places, unseen)})
    for (slot, i), card in zip(places, unseen):
        base.zones[slot][i] = card
    base.rng = 0
    sample = base.determinize(player, rng)
    sample.rng = rng.getrandbits(64)
    sample.quiet = True  # a world to search: nobody reads what its moves tell (State.quiet), so they tell nothing
    return sample


class History:
    """The moves of one game that a player has watched, each with the state before it.

    The states are the real ones, so they hold cards the player cannot see: they are only ever
    read through `sample_information_set`. A move whose cards the player could not see (a card
    laid face down, say) cannot be replayed honestly, so the history starts again after it; so it
    does after a gap (a move not watched, or a new game)."""

    def __init__(self, player: int):
        self.player = player
        self.moves: list[tuple[State, Action]] = []
        self.epoch = 0  # counts the times the history started again

    def observe(self, state: State, action: Action) -> None:
        if self.moves and not self.follows(state):
            self.forget()
        self.moves.append((state.clone(), action))

    def follows(self, state: State) -> bool:
        """Do the watched moves lead up to `state`, each of them seen by the player?"""
        if not self.moves:
            return False
        before, action = self.moves[-1]
        if state.decisions != before.decisions + 1 or state.game is not before.game or state.n != before.n:
            return False
        return all(knows(before, self.player, card) or knows(state, self.player, card)
                   for card in action.values if card.__class__ is Card)

    def forget(self) -> None:
        self.moves.clear()
        self.epoch += 1


def explained_samples(history: History, state: State, rng: random.Random, count: int,
                      likelihood: Likelihood) -> list[tuple[State, float]]:
    """Up to `count` samples of `state` for the history's player, each with a weight.

    Each sample deals the unseen cards of the first watched state at random, replays every
    watched move (moving a card a move names into a place where the move is possible, when the
    deal put it elsewhere) and multiplies its weight by the likelihood of each move of another
    player. A replay that does not lead to what the player now sees (a shuffle or a draw that
    came out differently) is dropped; so is one whose weight is 0."""
    me = history.player
    fresh = [(sample_information_set(history.moves[0][0], me, rng), 1.0) for _ in range(count)]
    return [(world, weight) for world, weight in _replay(fresh, history.moves, me, rng, likelihood)
            if same_view(world, state, me)]


class Beliefs:
    """`explained_samples`, kept up to date: at each decision only the moves watched since the
    last one are replayed on the deals. When fewer than a quarter of the deals still explain
    what the player sees, or the history started again, they are dealt afresh."""

    def __init__(self, history: History, count: int, likelihood: Likelihood):
        self.history, self.count, self.likelihood = history, count, likelihood
        self.deals: list[tuple[State, float]] = []
        self.epoch = -1  # the history's epoch the deals belong to
        self.upto = 0  # how many of its moves they have replayed

    def samples(self, state: State, rng: random.Random) -> list[tuple[State, float]]:
        history, me = self.history, self.history.player
        if self.epoch == history.epoch and self.upto <= len(history.moves) and self.deals:
            deals = _replay(self.deals, history.moves[self.upto:], me, rng, self.likelihood)
            deals = [(world, weight) for world, weight in deals if same_view(world, state, me)]
            if 4 * len(deals) < self.count:
                deals = explained_samples(history, state, rng, self.count, self.likelihood)
        else:
            deals = explained_samples(history, state, rng, self.count, self.likelihood)
        self.deals, self.epoch, self.upto = deals, history.epoch, len(history.moves)
        return deals


def _replay(deals: list[tuple[State, float]], moves: list[tuple[State, Action]], me: int,
            rng: random.Random, likelihood: Likelihood) -> list[tuple[State, float]]:
    """Play the watched moves on each deal (changing the deal in place), weighing the others'
    moves; deals where a move cannot be made or is impossible to explain are dropped."""
    kept = []
    for world, weight in deals:
        for _, action in moves:
            mover = world.current_player()
            if not _make_possible(world, action, me, rng):
                weight = 0.0
                break
            if mover != me:
                weight *= likelihood(world, action)
            world.apply_action(action)
        if weight > 0.0:
            kept.append((world, weight))
    return kept


def _make_possible(world: State, action: Action, me: int, rng: random.Random) -> bool:
    """Make `action` legal in `world` by moving the unseen cards it names into other unseen
    places (one try per zone), if it is not legal already."""
    if action in world.legal_actions():
        return True
    places = unseen_pool(world, me, world.hidden_from(me))
    for card in (v for v in action.values if v.__class__ is Card):
        where = next(((slot, i) for slot, i in places if world.zones[slot][i] == card), None)
        if where is None:
            continue  # a card the player sees: the move is what it is
        slots = sorted({slot for slot, _ in places if slot != where[0]})
        for slot in rng.sample(slots, len(slots)):
            target = rng.choice([place for place in places if place[0] == slot])
            _swap(world, where, target)
            if action in world.legal_actions():
                return True
            _swap(world, where, target)
    return False


def _swap(world: State, a: tuple[int, int], b: tuple[int, int]) -> None:
    zones = world.zones
    zones[a[0]][a[1]], zones[b[0]][b[1]] = zones[b[0]][b[1]], zones[a[0]][a[1]]
    if world.game.per_card:
        first, second = zones[a[0]][a[1]], zones[b[0]][b[1]]
        percard.follow_places(world, {second: first, first: second})
    world.invalidate()


def same_view(world: State, state: State, player: int) -> bool:
    """Does `world` look to `player` exactly like `state`: the same cards where the player sees
    or knows them, the same zone sizes, variables (those kept per card, place by place), eliminations
    and point in the game?"""
    if (world.pc, world.me, world.turns, world.terminal, percard.plain_vars(world), world.eliminated) != \
            (state.pc, state.me, state.turns, state.terminal, percard.plain_vars(state), state.eliminated):
        return False
    if (world.secret is not None or state.secret is not None) and public(world) != public(state):
        return False
    hidden = set(state.hidden_from(player))
    bit = 1 << player
    for slot, cards in enumerate(state.zones):
        other = world.zones[slot]
        if len(other) != len(cards):
            return False
        if slot not in hidden:
            if other != cards:
                return False
        elif any(state.known.get(card, 0) & bit and other[i] != card for i, card in enumerate(cards)):
            return False
    return not state.game.per_card or percard.same_by_place(world, state)
