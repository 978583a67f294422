"""Properties of games/go-fish.rules over random playouts at 2-6 players, checked by a referee written from
docs/games/go-fish.md (never from the engine):

* games end within a bounded number of decisions, and end exactly when all 13 books are laid down (7.1);
  the players with the most books win (7.2);
* all 52 cards are always somewhere, each exactly once; books are whole ranks (2.1, 5.1);
* no hand holds four of a rank while a player decides (5.1, 3.3);
* the moves offered are exactly: ask each other player who is not out for each rank the asker holds (4.1);
  a player who is out never moves (5.2);
* views never contain a card the viewer may not see: a player sees their own hand, the books, counts of
  the stock and the other hands, and in another hand exactly the cards shown to everyone there (the
  cards given, and a catch of the rank asked for: 6.2), until they leave it;
* what a player's bot samples depends only on that player's view;
* a save loads back to an equal state, which plays on alike.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.engine.saves import load_state, save_state

from ..invariants import assert_sample_ignores_unseen
from .cards import ALL_CARDS, RANK_NAMES, rank

GAME = cardrules.load("go-fish")
NAME_RANK = {name: r for r, name in RANK_NAMES.items()}
MAX_DECISIONS = 2_000


def examples(n: int) -> settings:
    return settings(deadline=None, max_examples=n, suppress_health_check=[HealthCheck.too_slow])


def text(card) -> str:
    return GAME.card_texts[card]


class Referee:
    """Follows a game action by action and checks it against the rules document."""

    def __init__(self, state):
        self.state = state
        self.n = state.n
        self.shown: dict[str, int] = {}  # card -> the hand (seat) where everyone saw it put

    def hand(self, seat: int) -> list[str]:
        return [text(c) for c in self.state.zone_cards("hand", seat)]

    def books(self, seat: int) -> list[str]:
        return [text(c) for c in self.state.zone_cards("books", seat)]

    def stock(self) -> list[str]:
        return [text(c) for c in self.state.zone_cards("stock")]

    def out(self, seat: int) -> bool:
        return not self.hand(seat) and not self.stock()

    # -- checks
    def check_cards(self) -> None:
        everything = self.stock() + [c for p in range(self.n) for c in self.hand(p) + self.books(p)]
        assert sorted(everything) == sorted(ALL_CARDS), "2.1: every card exactly once"
        for p in range(self.n):
            laid = self.books(p)
            for r in {rank(c) for c in laid}:
                assert sum(rank(c) == r for c in laid) == 4, "5.1: a book is a whole rank"

    def check_decision(self) -> None:
        state = self.state
        seat = state.current_player()
        held = self.hand(seat)
        assert held, "a player who decides holds cards (5.2)"
        for p in range(self.n):
            ranks = [rank(c) for c in self.hand(p)]
            assert all(ranks.count(r) < 4 for r in ranks), "5.1: no hand keeps a book"
        offered = {a.text for a in state.legal_actions()}
        wanted = {f"ask P{p} {RANK_NAMES[r]}" for p in range(self.n) if p != seat and not self.out(p)
                  for r in {rank(c) for c in held}}
        assert offered == wanted, "4.1: the questions offered"

    def check_views(self) -> None:
        for viewer in range(self.n):
            zones = self.state.view(viewer).zones
            assert zones["stock"] == {"count": len(self.stock())}
            for seat in range(self.n):
                assert zones["books"][seat] == self.books(seat)
                shown, real = zones["hand"][seat], self.hand(seat)
                if seat == viewer:
                    assert shown == real
                    continue
                assert isinstance(shown, dict) and shown["count"] == len(real)
                known = {entry["card"] for entry in shown.get("known", [])}
                public = {c for c, where in self.shown.items() if where == seat}
                assert known == public, f"P{viewer} should know exactly {public} in P{seat}'s hand, not {known}"

    def check_sample(self, rng: random.Random) -> None:
        """A sample for the player to move must not depend on where their unseen cards really are."""
        assert_sample_ignores_unseen(self.state, rng, forget_moved=False)

    def check_end(self) -> None:
        state = self.state
        laid = [len(self.books(p)) // 4 for p in range(self.n)]
        assert state.is_terminal() == (sum(laid) == 13), "7.1: the game ends exactly with the 13th book"
        if state.is_terminal():
            assert state.winners == [p for p in range(self.n) if laid[p] == max(laid)], "7.2"

    # -- one action
    def apply(self, action) -> None:
        state = self.state
        seat = state.current_player()
        asked, wanted = int(action.values[0]), NAME_RANK[str(action.values[1])]
        before = {p: set(self.hand(p)) for p in range(self.n)}
        top = self.stock()[-1] if self.stock() else None
        state.apply_action(action)
        given = {c for c in before[asked] if rank(c) == wanted}
        caught = {top} if not given and top is not None and rank(top) == wanted else set()
        for card in list(self.shown):  # a card shown in a hand is known there until it leaves it
            if card not in self.hand(self.shown[card]):
                del self.shown[card]
        for card in given | caught:
            if card in self.hand(seat):
                self.shown[card] = seat
        assert not given & set(self.hand(asked)), "4.2: all cards of the rank are given"


def playout(n: int, seed: int, chooser: random.Random, check_samples: bool = False) -> cardrules.State:
    state = GAME.new_initial_state(n, seed)
    ref = Referee(state)
    decisions = 0
    while True:
        ref.check_cards()
        ref.check_views()
        ref.check_end()
        if state.is_terminal():
            return state
        assert decisions < MAX_DECISIONS, "the game did not end"
        ref.check_decision()
        if check_samples and decisions % 5 == 0:
            ref.check_sample(chooser)
        ref.apply(chooser.choice(state.legal_actions()))
        decisions += 1


@given(st.integers(2, 6), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1))
@examples(40)
def test_random_playouts_follow_the_rules(n, seed, choices):
    playout(n, seed, random.Random(choices))


@given(st.integers(2, 6), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1))
@examples(10)
def test_samples_depend_only_on_what_the_player_knows(n, seed, choices):
    playout(n, seed, random.Random(choices), check_samples=True)


@given(st.integers(2, 6), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1), st.integers(0, 60))
@examples(25)
def test_save_load_round_trip_and_continuation(n, seed, choices, stop):
    rng = random.Random(choices)
    state = GAME.new_initial_state(n, seed)
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    loaded = load_state(GAME, json.loads(json.dumps(save_state(state))))
    assert loaded == state and save_state(loaded) == save_state(state)
    while not state.is_terminal():
        assert [loaded.view(p) for p in range(n)] == [state.view(p) for p in range(n)]
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        loaded.apply_action(action.text)
    assert loaded.is_terminal() and loaded.winners == state.winners


def test_many_games_end_and_keep_every_card(playout):
    """A cheaper sweep without views: 25 seeded games at each player count."""
    for n in range(2, 7):
        for seed in range(25):
            state = playout(GAME.new_initial_state(n, seed), seed, limit=MAX_DECISIONS)
            assert state.is_terminal(), (n, seed)
            assert sorted(c for zone in state.zones for c in zone) == sorted(GAME.cards)
            assert state.winners
