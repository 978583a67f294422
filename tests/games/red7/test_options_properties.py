"""Property tests of games/red7.rules with every option combination (red7.md section 12) for 2-4 players.

Random playouts of none / advanced / expert / both check, after every action:

* all 50 cards (49 play cards and the starting card) are in exactly one zone, score piles included, and
  the starting card is the bottom of the canvas (1.2, 10.5.1);
* without `advanced` the score piles stay empty; with no option at all the deck is never touched (4.3);
* a palette never becomes empty (11.6); score piles never lose a card (10.3.4);
* only the turn player is ever eliminated, and only when their turn ends (8.5);
* a player whose turn included a canvas discard from hand is still in the round when the turn is over,
  the round goes on and the discarded card is the rule (8.4, 8.5);
* every round starts fresh (4, 10.5.3, SC9): 7 cards in each hand, 1 in each palette, the starting
  card alone on the canvas, everyone active, the deck is what is left, the player left of the highest
  palette card starts;
* a round takes a bounded number of turns and decisions (bound below), and the game ends;
* every player's `chance(p)`, which the bots read, is a percent (0 once out); two players' sum to 100;
* the winners: without `advanced`, exactly the last active player; with it, either the round winner who
  reached the target (10.4), or, when the deck is too short for a deal, the players with the highest
  score (10.5.2).

The per-round bound. Let H be the number of cards in all hands and D the deck size, and F = 2H + D.
A card that leaves a hand lowers F by 2; whatever it causes raises F by at most 1 (a 3 or a discard
draws one card: +2 - 1; a 7 or a 1 puts one card on the deck: +1). So every turn that is not a fold
lowers F by at least 1, and F starts at 2 * 7n + (49 - 8n - scored) <= 49 + 6n. A round has at most
n - 1 eliminations, so at most 49 + 7n turns. A turn has at most 2 decisions of its own (the first and
the second) plus one per card played to a palette (a 5's, 7's or 1's choice), and each such card lowers F:
at most 2 * (49 + 7n) + 49 + 6n = 147 + 20n decisions per round.

The number of rounds of the advanced game has no bound in the rules (a round won with an empty
qualifying set scores nothing), so MAX_ROUNDS is a generous empirical bound for these random players,
which rarely fold.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules

from .cards import strength

OPTIONS = {
    "none": {},
    "advanced": {"advanced": True},
    "expert": {"expert": True},
    "both": {"advanced": True, "expert": True},
}
GAMES = {name: cardrules.load("red7", options=options) for name, options in OPTIONS.items()}
TARGET = {2: 40, 3: 35, 4: 30}  # 10.4
MAX_ROUNDS = 60

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def budget(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def turns_per_round(n: int) -> int:
    return 49 + 7 * n


def decisions_per_round(n: int) -> int:
    return 147 + 20 * n


def choose(rng: random.Random, state) -> cardrules.Action:
    """A random legal action: often a canvas discard, almost never a fold, so that games run long."""
    legal = state.legal_actions()
    r = rng.random()
    if r < 0.5:
        discards = [a for a in legal if a.name == "canvas"]
        if discards:
            return rng.choice(discards)
    if r < 0.98:
        keep = [a for a in legal if a.name != "fold"]
        if keep:
            return rng.choice(keep)
    return rng.choice(legal)


class Watcher:
    """Checks one playout action by action."""

    def __init__(self, game: cardrules.Game, options: dict, n: int):
        self.game, self.n = game, n
        self.advanced = options.get("advanced", False)
        self.expert = options.get("expert", False)
        self.rounds = 0
        self.round_turns = 0
        self.round_decisions = 0
        self.turn_actions: list[cardrules.Action] = []
        self.scored = [[] for _ in range(n)]

    def texts(self, cards) -> list[str]:
        return [self.game.card_texts[c] for c in cards]

    def scored_count(self, state) -> int:
        return sum(len(state.zone_cards("scored", p)) for p in range(self.n))

    def score(self, state, p) -> int:
        return sum(int(t[1]) for t in self.texts(state.zone_cards("scored", p)))

    def cards(self, state) -> None:
        n, game = self.n, self.game
        every = []
        for spec in game.zones:
            for p in range(n if spec.per_player else 1):
                every.extend(state.zone_cards(spec.name, p))
        assert len(every) == 50 and sorted(every) == sorted(game.cards)
        assert self.texts(state.zone_cards("canvas"))[0] == "starter"
        if not self.advanced:
            assert self.scored_count(state) == 0
        if not self.advanced and not self.expert:
            assert len(state.zone_cards("deck")) == 49 - 8 * n
        if not state.is_terminal():  # (a short-deck end gathers the palettes before it ends the game)
            assert all(len(state.zone_cards("palette", p)) >= 1 for p in range(n))
        for p in range(n):  # score piles only grow
            now = self.texts(state.zone_cards("scored", p))
            assert set(self.scored[p]) <= set(now)
            self.scored[p] = now

    def looks_fresh(self, state) -> bool:
        """Everyone active, the starting card alone on the canvas, 7 cards in every hand and 1 in every
        palette. Within a round this never follows a turn: a turn ends with an elimination, or with the
        turn player's discard on the canvas, or with their palette grown, or (a 7 moving its companion to
        the deck) with their hand smaller, so the pattern after a turn means a new round was set up."""
        n = self.n
        return (not state.is_terminal() and not any(state.eliminated)
                and self.texts(state.zone_cards("canvas")) == ["starter"]
                and all(len(state.zone_cards("hand", p)) == 7 for p in range(n))
                and all(len(state.zone_cards("palette", p)) == 1 for p in range(n)))

    def fresh_round(self, state) -> None:
        n = self.n
        self.rounds += 1
        assert self.rounds <= MAX_ROUNDS, "more rounds than the generous bound"
        self.round_turns = 0
        self.round_decisions = 0
        assert state.eliminated == [False] * n
        assert self.texts(state.zone_cards("canvas")) == ["starter"]
        assert all(len(state.zone_cards("hand", p)) == 7 for p in range(n))
        palettes = [self.texts(state.zone_cards("palette", p)) for p in range(n)]
        assert all(len(p) == 1 for p in palettes)
        assert len(state.zone_cards("deck")) == 49 - self.scored_count(state) - 8 * n
        holder = max(range(n), key=lambda seat: strength(palettes[seat][0]))
        assert state.current_player() == (holder + 1) % n

    def step(self, state, action) -> None:
        """Apply `action` and check everything that must hold afterwards."""
        n = self.n
        mover = state.current_player()
        turn = state.turns
        before = list(state.eliminated)
        self.turn_actions.append(action)
        state.apply_action(action)
        self.round_decisions += 1
        assert self.round_decisions <= decisions_per_round(n), "a round took too many decisions"
        self.cards(state)
        turn_over = state.is_terminal() or state.turns != turn
        new_round = turn_over and self.looks_fresh(state)
        assert not new_round or self.advanced, "only the advanced game has several rounds"
        if not new_round and not state.is_terminal():  # (a short-deck end brings everyone back first)
            newly = [p for p in range(n) if state.eliminated[p] and not before[p]]
            assert newly in ([], [mover]), "only the turn player is eliminated"
            assert all(state.eliminated[p] for p in range(n) if before[p]), "nobody comes back within a round"
            if not turn_over:
                assert newly == [], "elimination happens only at the end of a turn"
        if turn_over:
            self.round_turns += 1
            assert self.round_turns <= turns_per_round(n), "a round took too many turns"
            discards = [a for a in self.turn_actions if a.name == "canvas"]
            assert len(discards) <= 1
            if discards:
                assert not state.eliminated[mover], "eliminated after a permitted canvas discard"
                assert not state.is_terminal() and not new_round
                assert self.texts(state.zone_cards("canvas"))[-1] == self.game.card_texts[discards[0].values[0]]
            self.turn_actions = []
        if new_round:
            self.fresh_round(state)

    def final(self, state) -> None:
        n = self.n
        winners = state.winners
        assert state.is_terminal() and winners and winners == sorted(set(winners))
        assert state.returns() == [1.0 if p in winners else 0.0 for p in range(n)]
        assert state.legal_actions() == []
        if not self.advanced:
            assert self.rounds == 1
            active = [p for p in range(n) if not state.eliminated[p]]
            assert len(winners) == 1 and winners == active
            return
        scores = [self.score(state, p) for p in range(n)]
        top = max(scores)
        reached = [p for p in range(n) if scores[p] >= TARGET[n]]
        if reached:  # 10.4: only the round winner scores, so only one player can reach the target
            assert winners == reached and len(reached) == 1
            assert scores[winners[0]] == top
            assert not state.eliminated[winners[0]]
        else:  # 10.5.2: the deck was too short for a deal; highest score wins, ties share
            assert 49 - self.scored_count(state) < 8 * n
            assert winners == [p for p in range(n) if scores[p] == top]


def playout(name: str, n: int, deal_seed: int, choice_seed: int) -> None:
    game = GAMES[name]
    state = game.new_initial_state(n, deal_seed)
    watcher = Watcher(game, OPTIONS[name], n)
    watcher.cards(state)
    watcher.fresh_round(state)
    rng = random.Random(choice_seed)
    decisions = 0
    while not state.is_terminal():
        decisions += 1
        assert decisions <= MAX_ROUNDS * decisions_per_round(n)
        watcher.step(state, choose(rng, state))
        if not state.is_terminal():
            chances(game, state)
    watcher.final(state)


def chances(game, state) -> None:
    """What the bots read (docs/agents.md): every player's chance(p) is a percent, 0 once out, and
    with two players the two share the win (up to the table's rounding)."""
    values = [game.call(state, "chance", p, again=p > 0) for p in range(state.n)]
    assert all(0 <= v <= 100 for v in values)
    assert all(v == 0 for p, v in enumerate(values) if state.eliminated[p])
    if state.n == 2 and not any(state.eliminated):
        assert 98 <= sum(values) <= 100


def playout_test(name: str, examples: int):
    @pytest.mark.parametrize("n", [2, 3, 4])
    @budget(examples)
    @given(deal_seed=seeds, choice_seed=seeds)
    def test(n, deal_seed, choice_seed):
        playout(name, n, deal_seed, choice_seed)
    test.__name__ = f"test_playouts_{name}"
    test.__doc__ = f"Random playouts with options '{name}': invariants after every action, bounds, winners."
    return test


test_playouts_none = playout_test("none", 100)
test_playouts_expert = playout_test("expert", 100)
test_playouts_advanced = playout_test("advanced", 30)
test_playouts_both = playout_test("both", 20)


@pytest.mark.parametrize("name", ["advanced", "both"])
def test_advanced_games_end_both_ways(name):
    """Over a fixed set of seeds, both endings (10.4 target, 10.5 short deck) occur and are checked, and games
    last several rounds. (With 4 players the short deck comes before the target in about 1 game in 4.)"""
    endings = set()
    most_rounds = 0
    for seed in range(30):
        n = 2 + seed % 3
        game = GAMES[name]
        state = game.new_initial_state(n, seed)
        watcher = Watcher(game, OPTIONS[name], n)
        watcher.fresh_round(state)
        rng = random.Random(seed)
        while not state.is_terminal():
            watcher.step(state, choose(rng, state))
        watcher.final(state)
        scores = [watcher.score(state, p) for p in range(n)]
        endings.add("target" if max(scores) >= TARGET[n] else "short deck")
        most_rounds = max(most_rounds, watcher.rounds)
    assert most_rounds >= 2
    assert endings == {"target", "short deck"}
