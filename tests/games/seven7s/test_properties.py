"""Properties of games/seven7s.rules over random playouts at 2-4 players, checked by a referee written from
/work/shared/rules/seven7s.md (never from the engine):

* games end (7.1, 7.3) within a bounded number of decisions, and end exactly when a column holds 7 cards or
  every hand and the deck are empty;
* all 49 cards are always somewhere, each in exactly one zone (2.1);
* the plays offered are exactly the placements of section 5: a card's own column (created if needed), any
  existing column for an Ages card or a trump-coloured card (trump: the colour of the last Colors card in the
  Colors column);
* a column's first card is of its own type (1.2), and no column is empty;
* after a turn that used no Seas power, the player holds 3 cards or the deck is empty (4.5);
* views never contain a hidden card the player was not shown: every card a view names lies in a zone the
  viewer sees, or is a card the viewer saw (in a public zone or their own zones, or the one card a
  Wonders look at an opponent's hand showed them), lying where the view says; counts are right;
* what a player's bot samples depends only on that player's view: moving the cards that player neither sees
  nor knows does not change the sample.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules

from ..invariants import assert_sample_ignores_unseen

GAME = cardrules.load("seven7s")
TYPES = ("colors", "ages", "sins", "seas", "virtues", "wonders", "gods")
OWN = ("hand", "looking")  # zones only their owner sees
MAX_DECISIONS = 600


def examples(n: int) -> settings:
    return settings(deadline=None, max_examples=n, suppress_health_check=[HealthCheck.too_slow])


def info(card) -> dict:
    return GAME.card_json(card)


def text(card) -> str:
    return GAME.card_texts[card]


class Referee:
    """Follows a game action by action and checks it against the rules document."""

    def __init__(self, state):
        self.state = state
        self.n = state.n
        self.seen = [set() for _ in range(self.n)]  # cards each seat has seen (2.1 names them; 6.7 shows)
        self.observe()

    # -- reading the state
    def column(self, key: str) -> list:
        return self.state.zone_cards(key)

    def columns(self) -> dict[str, list]:
        return {key: self.column(key) for key in TYPES if self.column(key)}

    def trump(self):
        colors = [c for c in self.column("colors") if info(c)["type"] == "colors"]
        return info(colors[-1])["colour"] if colors else None

    def places(self, card) -> set[str]:
        data = info(card)
        if data["type"] == "ages" or (self.trump() is not None and data["colour"] == self.trump()):
            return {data["type"]} | set(self.columns())
        return {data["type"]}

    def hand(self, seat: int) -> list:
        return self.state.zone_cards("hand", seat)

    # -- checks
    def check_cards(self) -> None:
        everything = [c for zone in self.state.zones for c in zone]
        assert sorted(everything) == sorted(GAME.cards), "2.1: every card exactly once"
        for key, cards in self.columns().items():
            assert info(cards[0])["type"] == key, "1.2: a column's first card is of its own type"
            assert len(cards) <= 7

    def check_plays(self) -> None:
        offered = {a.text for a in self.state.legal_actions() if a.name == "play"}
        if not offered:
            return
        seat = self.state.current_player()
        wanted = {f"play {text(c)} {key}" for c in self.hand(seat) for key in self.places(c)}
        assert offered == wanted, "5: the placements offered"

    def observe(self) -> None:
        """Record what every seat sees now: public zones and the seat's own zones."""
        state = self.state
        public = [c for key in TYPES for c in self.column(key)] + state.zone_cards("removed")
        public += [c for p in range(self.n) for c in state.zone_cards("fortunes", p)]
        for seat in range(self.n):
            self.seen[seat].update(public)
            for zone in OWN:
                self.seen[seat].update(state.zone_cards(zone, seat))

    def check_views(self) -> None:
        state = self.state
        for seat in range(self.n):
            view = state.view(seat)
            zones = view.zones
            assert set(zones["columns"]) == set(self.columns())
            for key, cards in zones["columns"].items():
                assert cards == [text(c) for c in self.column(key)]
            self.check_unseen(seat, zones["deck"], state.zone_cards("deck"), stack=True)
            for other in range(self.n):
                for zone in OWN:
                    shown, real = zones[zone][other], state.zone_cards(zone, other)
                    if other == seat:
                        assert shown == [text(c) for c in real]
                    else:
                        self.check_unseen(seat, shown, real, stack=zone == "looking")

    def check_unseen(self, seat: int, shown: dict, real: list, stack: bool) -> None:
        assert isinstance(shown, dict) and shown["count"] == len(real), "hidden zones show a count"
        for entry in shown.get("known", []):
            card = GAME.by_text[entry["card"].lower()][0]
            assert card in self.seen[seat], f"P{seat} is shown {entry['card']}, which it never saw"
            assert card in real, f"P{seat} is told {entry['card']} lies where it does not"
            if stack:
                assert real[len(real) - 1 - entry["from_top"]] == card
            else:
                assert "from_top" not in entry  # a hand's order is not shown

    def check_sample(self, rng: random.Random) -> None:
        """A sample for the player to move must not depend on where their unseen cards really are."""
        assert_sample_ignores_unseen(self.state, rng)

    # -- one action
    def apply(self, action) -> None:
        state = self.state
        seat, turn = state.current_player(), state.turns
        if action.name == "take":  # a Seas power in this turn: no refill at its end (4.5)
            self.seas_turn = turn
        before = {p: self.known_in(seat, p) for p in range(self.n)}
        state.apply_action(action)
        if action.name == "look":  # 6.7: the card at that place of that hand is shown to the looker
            owner = int(action.text.split("hand(P")[1].split(")")[0])
            looked = action.actual[0]
            now = self.known_in(seat, owner)
            assert looked in self.hand(owner) and looked in now
            assert now - before[owner] <= {looked}  # 6.7.6: it may be a card the looker knew already
            self.seen[seat].add(looked)
        self.observe()
        self.check_cards()
        self.check_end()
        if not state.is_terminal() and state.turns != turn and getattr(self, "seas_turn", None) != turn:
            assert len(self.hand(seat)) >= 3 or not state.zone_cards("deck"), \
                "4.5: a turn without a Seas power ends with 3 cards in hand, or an empty deck"

    def known_in(self, seat: int, owner: int) -> set:
        shown = self.state.view(seat).zones["hand"][owner]
        if isinstance(shown, list):
            return set()
        return {GAME.by_text[e["card"].lower()][0] for e in shown.get("known", [])}

    def check_end(self) -> None:
        state = self.state
        full = any(len(c) == 7 for c in self.columns().values())
        exhausted = not state.zone_cards("deck") and all(not self.hand(p) for p in range(self.n))
        assert state.is_terminal() == (full or exhausted), "7.1, 7.3: the game ends exactly then"


def playout(n: int, seed: int, chooser: random.Random, check_samples: bool = False) -> None:
    state = GAME.new_initial_state(n, seed)
    ref = Referee(state)
    ref.check_cards()
    ref.check_views()
    decisions = 0
    while not state.is_terminal():
        assert decisions < MAX_DECISIONS, "the game did not end"
        ref.check_plays()
        if check_samples and decisions % 7 == 0:
            ref.check_sample(chooser)
        ref.apply(chooser.choice(state.legal_actions()))
        ref.check_views()
        decisions += 1


@given(st.integers(2, 4), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1))
@examples(60)
def test_random_playouts_follow_the_rules(n, seed, choices):
    playout(n, seed, random.Random(choices))


@given(st.integers(2, 4), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1))
@examples(15)
def test_samples_depend_only_on_what_the_player_knows(n, seed, choices):
    playout(n, seed, random.Random(choices), check_samples=True)


def test_many_games_end_and_keep_every_card(playout):
    """A cheaper sweep without views: 150 seeded games at each player count."""
    for n in (2, 3, 4):
        for seed in range(150):
            state = playout(GAME.new_initial_state(n, seed), seed, limit=MAX_DECISIONS)
            assert state.is_terminal(), (n, seed)
            assert sorted(c for zone in state.zones for c in zone) == sorted(GAME.cards)
            assert state.winners
