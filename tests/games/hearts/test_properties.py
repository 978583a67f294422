"""Properties of games/hearts.rules over random playouts, checked by a referee written from docs/games/hearts.md
(never from the engine):

* games end (6.1) within a bounded number of decisions, exactly when a score reaches the end score, and the
  lowest scores win (6.2);
* all 52 cards are always somewhere, each in exactly one zone (1.1);
* the moves offered are exactly those of sections 3 and 4: any card of the hand while passing, and while
  playing the 2 of clubs to open, the led suit when the hand has it, no points on the first trick, no heart
  led before hearts are broken;
* each hand is scored as section 5 says (hearts 1, queen of spades 13, the moon 26 to every other player);
* views never contain a card the viewer may not see: the viewer's own hand and passing cards, the trick and
  the tricks piles, and in another player's hand only the cards the viewer passed there (3.3);
* what a player's bot samples depends only on that player's view;
* a save loads back to an equal state that plays on alike.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.engine.saves import load_state, save_state

from ..invariants import assert_sample_ignores_unseen

GAME = cardrules.load("hearts")
SHORT = cardrules.load("hearts", {"end_score": 40})  # shorter games, the same rules
MAX_DECISIONS = 3000


def examples(n: int) -> settings:
    return settings(deadline=None, max_examples=n, suppress_health_check=[HealthCheck.too_slow])


def text(card) -> str:
    return GAME.card_texts[card]


def suit(card) -> str:
    return text(card)[-1]


def points(card) -> int:
    return 1 if suit(card) == "h" else 13 if text(card) == "Qs" else 0


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RECEIVER = [lambda p: (p + 1) % 4, lambda p: (p + 3) % 4, lambda p: (p + 2) % 4, None]  # left, right, across, none


class Referee:
    """Follows a game action by action and checks it against the rules document."""

    def __init__(self, state, end_score: int):
        self.state, self.end_score = state, end_score
        self.scores = [0, 0, 0, 0]
        self.hand_number = 1
        self.passed_to: dict = {}  # card -> (passer, receiver) for this hand's passed cards
        self.played_by: dict = {}  # card -> seat, for the cards of the current trick

    # -- reading the state
    def zone(self, name: str, seat: int = 0) -> list:
        return self.state.zone_cards(name, seat)

    def won_cards(self) -> list:
        return [c for p in range(4) for c in self.zone("tricks", p)]

    def check_cards(self) -> None:
        everything = [c for zone in self.state.zones for c in zone]
        assert sorted(everything) == sorted(GAME.cards), "1.1: every card exactly once"

    def expected_plays(self, seat: int) -> set[str]:
        hand, trick = self.zone("hand", seat), self.zone("trick")
        first = not self.won_cards()
        broken = any(suit(c) == "h" for c in self.won_cards() + trick)
        if not trick:
            if first:
                return {"play 2c"}  # 4.1
            if broken or all(suit(c) == "h" for c in hand):
                return {f"play {text(c)}" for c in hand}
            return {f"play {text(c)}" for c in hand if suit(c) != "h"}  # 4.4
        followers = [c for c in hand if suit(c) == suit(trick[0])]
        if followers:
            return {f"play {text(c)}" for c in followers}  # 4.2
        if first and not all(points(c) for c in hand):
            return {f"play {text(c)}" for c in hand if not points(c)}  # 4.3
        return {f"play {text(c)}" for c in hand}

    def check_moves(self) -> None:
        state = self.state
        seat = state.current_player()
        offered = {a.text for a in state.legal_actions()}
        if all(t.startswith("pass_card") for t in offered):
            assert self.hand_number % 4 != 0, "3.1: no passing in every fourth hand"
            assert offered == {f"pass_card {text(c)}" for c in self.zone("hand", seat)}
        else:
            assert offered == self.expected_plays(seat)

    def check_views(self) -> None:
        state = self.state
        for seat in range(4):
            zones = state.view(seat).zones
            assert zones["deck"] == {"count": len(self.zone("deck"))}
            assert zones["trick"] == [text(c) for c in self.zone("trick")]
            for other in range(4):
                assert zones["tricks"][other] == [text(c) for c in self.zone("tricks", other)]
                for name in ("hand", "passing"):
                    shown, real = zones[name][other], self.zone(name, other)
                    if other == seat:
                        assert shown == [text(c) for c in real]
                        continue
                    assert isinstance(shown, dict) and shown["count"] == len(real), "hidden zones show a count"
                    known = {GAME.by_text[entry["card"].lower()][0] for entry in shown.get("known", [])}
                    assert known <= set(real), f"P{seat} is told a card lies where it does not"
                    for card in known:
                        assert name == "hand" and self.passed_to.get(card) == (seat, other), \
                            f"P{seat} is shown {text(card)} in P{other}'s {name}: only passed cards are known (3.3)"

    def check_sample(self, rng: random.Random) -> None:
        """A sample for the player to move must not depend on where their unseen cards really are."""
        assert_sample_ignores_unseen(self.state, rng)

    # -- one action
    def apply(self, action) -> None:
        state = self.state
        seat = state.current_player()
        before = [list(self.zone("tricks", p)) for p in range(4)]
        trick = list(self.zone("trick"))
        state.apply_action(action)
        card = action.actual[0]
        if action.name == "pass_card":
            self.passed_to[card] = (seat, RECEIVER[(self.hand_number - 1) % 4](seat))
        else:
            self.played_by[card] = seat
            if len(trick) == 3:  # 4.5: the trick goes to the highest card of the led suit
                trick.append(card)
                best = max((c for c in trick if suit(c) == suit(trick[0])), key=lambda c: RANKS.index(text(c)[:-1]))
                before[self.played_by[best]] += trick
                self.played_by = {}
                if sum(len(w) for w in before) == 52:
                    self.end_of_hand(before)
        self.check_cards()

    def end_of_hand(self, won) -> None:
        taken = [sum(points(c) for c in w) for w in won]
        assert sum(taken) == 26, "5.1: 26 points in a hand"
        if 26 in taken:  # 5.2
            taken = [0 if t == 26 else 26 for t in taken]
        self.scores = [s + t for s, t in zip(self.scores, taken)]
        shown = dict(self.state.shows())["Scores"]
        assert shown == " · ".join(f"P{p} {s}" for p, s in enumerate(self.scores))
        over = max(self.scores) >= self.end_score
        assert self.state.is_terminal() == over, "6.1: the game ends exactly when a score reaches the end"
        if over:
            low = min(self.scores)
            assert sorted(self.state.winners) == [p for p in range(4) if self.scores[p] == low], "6.2"
        self.hand_number += 1
        self.passed_to = {}


def playout(game, seed: int, chooser: random.Random, end_score: int, views: bool = True,
            samples: bool = False, save_at: int = -1) -> None:
    state = game.new_initial_state(4, seed)
    ref = Referee(state, end_score)
    ref.check_cards()
    decisions = 0
    while not state.is_terminal():
        assert decisions < MAX_DECISIONS, "the game did not end"
        ref.check_moves()
        if views:
            ref.check_views()
        if samples and decisions % 11 == 0:
            ref.check_sample(chooser)
        if decisions == save_at:
            check_save(state, chooser)
        ref.apply(chooser.choice(state.legal_actions()))
        decisions += 1
    assert state.winners


def check_save(state, rng: random.Random) -> None:
    loaded = load_state(state.game, json.loads(json.dumps(save_state(state))))
    assert loaded == state and save_state(loaded) == save_state(state)
    copy = state.clone()
    for _ in range(60):  # both play on alike
        assert [loaded.view(p) for p in range(4)] == [copy.view(p) for p in range(4)]
        if copy.is_terminal():
            assert loaded.is_terminal() and loaded.winners == copy.winners
            return
        action = rng.choice(copy.legal_actions())
        copy.apply_action(action)
        loaded.apply_action(action.text)


@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1), st.integers(0, 150))
@examples(8)
def test_random_playouts_follow_the_rules(seed, choices, save_at):
    playout(SHORT, seed, random.Random(choices), 40, save_at=save_at)


@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1))
@examples(4)
def test_samples_depend_only_on_what_the_player_knows(seed, choices):
    playout(SHORT, seed, random.Random(choices), 40, views=False, samples=True)


def test_full_games_end_and_keep_every_card():
    """Whole games to 100, checked without views (cheaper)."""
    for seed in range(12):
        playout(GAME, seed, random.Random(seed), 100, views=False)
