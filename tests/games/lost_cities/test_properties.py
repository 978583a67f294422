"""Properties of games/lost-cities.rules over random playouts, checked by a referee written from
docs/games/lost-cities.md (never from the engine):

* games end (5.1, 5.3): a round ends exactly when the last deck card is drawn, the match after three rounds,
  well within a bound on the decisions;
* all 60 cards are always somewhere, each in exactly one zone (2.1); hands hold 8 cards at the start of a turn;
* the moves offered are exactly those of section 4: a lay of each card that fits its expedition in rising order
  (investments only before any number), a discard of each card, alike investment cards once (7.5); then a draw
  from the deck or the top of any pile but the one just discarded on (4.3, 4.4);
* each round is scored as section 6 says, the totals add up, the rounds' starters alternate (7.2) and the
  higher total wins, equal totals sharing the win (7.4);
* views never contain a card the viewer may not see: another player's hand and the deck are counts, plus only
  cards the viewer watched face up, lying where the view says (1.3);
* save -> load gives an equal state that plays on the same.
"""

from __future__ import annotations

import json
import random
from itertools import takewhile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.engine.saves import load_state, save_state

from .cards import CARDS, COLOURS, EXPEDITIONS, colour, number

GAME = cardrules.load("lost-cities")
# A round has 44 deck cards and at most 6 ways to draw, one of them the deck: a uniform player draws from the deck
# at least one turn in 6, so a round lasts about 264 turns at most on average (2 decisions each), with a standard
# deviation near 36 turns; 3 rounds stay far below this bound.
MAX_DECISIONS = 6000


def examples(n: int) -> settings:
    return settings(deadline=None, max_examples=n, database=None, suppress_health_check=[HealthCheck.too_slow])


def text(card) -> str:
    return GAME.card_texts[card]


def expedition_score(cards: list[str]) -> int:
    """6.1 and 6.2: (sum - 20) x (1 + investments), + 20 for 8 or more cards; nothing for an unstarted one."""
    if not cards:
        return 0
    investments = sum(1 for c in cards if number(c) is None)
    base = (sum(number(c) or 0 for c in cards) - 20) * (1 + investments)
    return base + (20 if len(cards) >= 8 else 0)


class Referee:
    """Follows a game action by action and checks it against the rules document."""

    def __init__(self, state):
        self.state = state
        self.round, self.totals = 1, [0, 0]
        self.opener = state.current_player()  # 7.2: the first round's starter is drawn at random
        self.phase, self.seat, self.discarded = "lay", self.opener, None
        self.seen: list[set] = [set(), set()]  # cards each seat watched face up (1.3)
        self.check_round_start()

    # -- reading the state
    def zone(self, name: str, seat: int | None = None) -> list[str]:
        cards = self.state.zone_cards(name) if seat is None else self.state.zone_cards(name, seat)
        return [text(c) for c in cards]

    def expedition(self, seat: int, k: str) -> list[str]:
        return self.zone(f"{k}_expedition", seat)

    def round_score(self, seat: int) -> int:
        return sum(expedition_score(self.expedition(seat, k)) for k in COLOURS)

    # -- what section 4 allows
    def fits(self, seat: int, card: str) -> bool:
        numbers = [number(c) for c in self.expedition(seat, colour(card)) if number(c) is not None]
        if number(card) is None:
            return not numbers
        return not numbers or number(card) > max(numbers)

    def expected(self) -> set[str]:
        if self.phase == "lay":
            hand = set(self.zone("hand", self.seat))  # alike investment cards once (7.5)
            return {f"play {c}" for c in hand if self.fits(self.seat, c)} | {f"discard {c}" for c in hand}
        tops = {self.zone(k)[-1] for k in COLOURS if self.zone(k)} - {self.discarded}
        return {"draw"} | {f"take {c}" for c in tops}

    # -- checks
    def check_cards(self) -> None:
        state = self.state
        everything = [c for zone in state.zones for c in zone]
        assert sorted(everything) == sorted(GAME.cards), "2.1: every card exactly once"
        for seat in (0, 1):
            for k in COLOURS:  # 4.2: each expedition is of one colour, investments first, numbers rising
                cards = self.expedition(seat, k)
                assert all(colour(c) == k for c in cards)
                numbers = [number(c) for c in cards]
                rest = numbers[len(list(takewhile(lambda n: n is None, numbers))):]
                assert None not in rest and rest == sorted(set(rest)), f"4.2: {cards}"

    def check_round_start(self) -> None:
        state = self.state
        self.check_cards()
        assert [len(self.zone("hand", p)) for p in (0, 1)] == [8, 8] and len(self.zone("deck")) == 44, "3.1"
        assert all(not self.expedition(p, k) and not self.zone(k) for p in (0, 1) for k in COLOURS), "3.2"
        assert state.current_player() == self.opener, "7.2: the round's starter"

    def observe(self) -> None:
        public = [c for k in COLOURS for c in self.state.zone_cards(k)]
        public += [c for name in EXPEDITIONS for p in (0, 1) for c in self.state.zone_cards(name, p)]
        for seat in (0, 1):
            self.seen[seat].update(public)
            self.seen[seat].update(self.state.zone_cards("hand", seat))

    def check_views(self) -> None:
        state = self.state
        for viewer in (0, 1):
            zones = state.view(viewer).zones
            for k in COLOURS:
                assert zones[k] == self.zone(k)
            for name in EXPEDITIONS:
                assert zones[name] == [self.zone(name, p) for p in (0, 1)]
            assert zones["hand"][viewer] == self.zone("hand", viewer)
            self.check_unseen(viewer, zones["hand"][1 - viewer], state.zone_cards("hand", 1 - viewer), stack=False)
            self.check_unseen(viewer, zones["deck"], state.zone_cards("deck"), stack=True)

    def check_unseen(self, viewer: int, shown: dict, real: list, stack: bool) -> None:
        assert isinstance(shown, dict) and shown["count"] == len(real), "hidden cards show as a count"
        for entry in shown.get("known", []):
            card = GAME.by_text[entry["card"].lower()]
            assert any(c in self.seen[viewer] and c in real for c in card), f"P{viewer} is shown {entry['card']}"
            if stack:
                assert text(real[len(real) - 1 - entry["from_top"]]) == entry["card"]
            else:
                assert "from_top" not in entry

    # -- one action
    def apply(self, move: str) -> None:
        state = self.state
        offered = {a.text for a in state.legal_actions()}
        assert state.current_player() == self.seat
        assert offered == self.expected(), f"section 4: offered {sorted(offered ^ self.expected())} wrongly"
        if self.phase == "lay":
            self.lay(move)
        else:
            self.draw(move)
        self.check_cards()
        self.observe()

    def lay(self, move: str) -> None:
        name, card = move.split()
        hand = len(self.zone("hand", self.seat))
        self.state.apply_action(move)
        if name == "play":
            assert self.expedition(self.seat, colour(card))[-1] == card, "4.1 a"
            self.discarded = None
        else:
            assert self.zone(colour(card))[-1] == card, "4.1 b"
            self.discarded = card
        assert len(self.zone("hand", self.seat)) == hand - 1 and self.state.current_player() == self.seat
        self.phase = "draw"

    def draw(self, move: str) -> None:
        state = self.state
        deck = len(self.zone("deck"))
        scores = [self.round_score(p) for p in (0, 1)]
        state.apply_action(move)
        self.phase, self.discarded = "lay", None
        if move == "draw" and deck == 1:  # 5.1: the last deck card ends the round
            self.totals = [t + s for t, s in zip(self.totals, scores)]
            assert [int(t) for t in state.view(0).variables["total"]] == self.totals, "5.3, 6"
            if self.round == 3:
                best = max(self.totals)
                assert state.is_terminal() and state.winners == [p for p in (0, 1) if self.totals[p] == best]
                assert state.result() == best
                return
            self.round, self.opener = self.round + 1, 1 - self.opener
            self.seat = self.opener
            self.check_round_start()
            return
        assert len(self.zone("deck")) == deck - (move == "draw"), "5.2"
        assert len(self.zone("hand", self.seat)) == 8, "4.3"
        self.seat = 1 - self.seat
        assert not state.is_terminal() and state.current_player() == self.seat


def play_out(seed: int, views: bool = True) -> Referee:
    state = GAME.new_initial_state(2, seed=seed)
    referee = Referee(state)
    rng = random.Random(seed)
    while not state.is_terminal():
        assert state.decisions < MAX_DECISIONS, "no end"
        referee.apply(rng.choice(state.legal_actions()).text)
        if views:
            referee.check_views()
    return referee


@examples(4)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_follow_the_rules_and_views_hide_what_they_must(seed):
    play_out(seed)


@examples(8)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_end_and_score_as_the_document_says(seed):
    referee = play_out(seed, views=False)
    assert referee.round == 3 and referee.state.is_terminal()


@examples(10)
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 1500), other=st.integers(0, 2**32 - 1))
def test_save_load_round_trip_and_continuation(seed, stop, other):
    state = GAME.new_initial_state(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and state.decisions < stop:
        state.apply_action(rng.choice(state.legal_actions()))
    loaded = load_state(GAME, json.loads(json.dumps(save_state(state))))
    assert loaded == state and save_state(loaded) == save_state(state)
    rng = random.Random(other)
    for _ in range(60):  # both play on alike
        assert [a.text for a in loaded.legal_actions()] == [a.text for a in state.legal_actions()]
        assert [loaded.view(p) for p in (0, 1)] == [state.view(p) for p in (0, 1)]
        if state.is_terminal():
            assert loaded.winners == state.winners
            break
        move = rng.choice(state.legal_actions()).text
        state.apply_action(move)
        loaded.apply_action(move)
    assert loaded == state


def test_the_deck_cards_are_the_documents():
    assert sorted(text(c) for c in GAME.cards) == sorted(CARDS)
