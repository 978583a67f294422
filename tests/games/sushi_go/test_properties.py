"""Properties of games/sushi-go.rules over random playouts at 2-5 players, checked by a referee written from
docs/games/sushi-go.md (never from the engine):

* every game ends after exactly 3 rounds of `hand size` picks by every player (2.1, 2.6), with 3 * hand size
  turns;
* all 108 cards are always somewhere, each in exactly one zone, in the mix of 1.1;
* at every pick the hands are equally big (2.6); the picks offered are one per kind of card in the hand
  (2.7), and chopsticks pairs exactly when the tray holds chopsticks and the hand two cards (2.4);
* the points of a tray, as the rules file works them out, are those of section 3 computed here from the tray
  in the order it was laid (wasabi before or after a nigiri), and the scores at the end of each round and
  of the game follow sections 3-5;
* views never show a card the viewer may not see: another player's hand is a count plus cards the viewer
  passed on itself (and that really lie there), the deck and the discards are counts, and nobody's view
  shows another player's pending choice;
* a save taken at any point, even while the players are choosing, loads back to an equal game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.engine.saves import load_state, save_state

GAME = cardrules.load("sushi-go")
HAND_SIZE = {2: 10, 3: 9, 4: 8, 5: 7}
MIX = {"tempura": 14, "sashimi": 14, "dumpling": 14, "maki2": 12, "maki3": 8, "maki1": 6, "salmon": 10,
       "squid": 5, "egg": 5, "pudding": 10, "wasabi": 6, "chopsticks": 4}
NIGIRI = {"egg": 1, "salmon": 2, "squid": 3}
DUMPLINGS = [0, 1, 3, 6, 10, 15]


def examples(n: int) -> settings:
    return settings(deadline=None, max_examples=n, suppress_health_check=[HealthCheck.too_slow])


def text(card) -> str:
    return GAME.card_texts[card]


def tray_points(tray: list[str]) -> int:
    """Section 3 without maki, from a tray in the order it was laid."""
    points, open_wasabi = 0, 0
    for dish in tray:
        if dish == "wasabi":
            open_wasabi += 1
        elif dish in NIGIRI:
            points += NIGIRI[dish] * (3 if open_wasabi else 1)
            open_wasabi -= 1 if open_wasabi else 0
    count = Counter(tray)
    return points + 5 * (count["tempura"] // 2) + 10 * (count["sashimi"] // 3) + DUMPLINGS[min(count["dumpling"], 5)]


def maki_points(trays: list[list[str]]) -> list[int]:
    rolls = [sum(int(d[4:]) for d in tray if d.startswith("maki")) for tray in trays]
    out = [0] * len(trays)
    most = max(rolls)
    if most == 0:
        return out
    firsts = [p for p, r in enumerate(rolls) if r == most]
    for p in firsts:
        out[p] += 6 // len(firsts)
    if len(firsts) == 1:
        second = max([r for r in rolls if r < most], default=0)
        seconds = [p for p, r in enumerate(rolls) if r == second and second > 0]
        for p in seconds:
            out[p] += 3 // len(seconds)
    return out


def pudding_points(puddings: list[int]) -> list[int]:
    n = len(puddings)
    if len(set(puddings)) == 1:
        return [0] * n
    most = [p for p in range(n) if puddings[p] == max(puddings)]
    fewest = [p for p in range(n) if puddings[p] == min(puddings)]
    return [(6 // len(most) if p in most else 0) - (6 // len(fewest) if p in fewest and n > 2 else 0)
            for p in range(n)]


class Referee:
    def __init__(self, state):
        self.state, self.n = state, state.n
        self.seen: list[set] = [set() for _ in range(self.n)]  # cards each seat has had in hand
        self.scores = [0] * self.n

    def hand(self, p) -> list:
        return self.state.zone_cards("hand", p)

    def tray(self, p) -> list[str]:
        return [text(c) for c in self.state.zone_cards("tray", p)]

    def check_cards(self) -> None:
        everywhere = [c for zone in self.state.zones for c in zone]
        assert sorted(everywhere) == sorted(GAME.cards)
        assert Counter(text(c) for c in GAME.cards) == MIX

    def check_pick(self) -> None:
        """At a pick: equal hands, the moves offered, the tray points, the views."""
        s, p = self.state, self.state.current_player()
        assert len({len(self.hand(q)) for q in range(self.n)}) == 1
        kinds = sorted(set(text(c) for c in self.hand(p)))
        offered = [a.text for a in s.legal_actions()]
        picks = sorted(t.split(" ", 1)[1] for t in offered if t.startswith("pick "))
        pairs = [t.split()[1:] for t in offered if t.startswith("chopsticks ")]
        assert picks == kinds
        can = "chopsticks" in self.tray(p) and len(self.hand(p)) >= 2
        hand = Counter(text(c) for c in self.hand(p))
        expected = len(kinds) * (len(kinds) - 1) // 2 + sum(1 for k in kinds if hand[k] >= 2) if can else 0
        assert len(pairs) == expected == len({tuple(sorted(x)) for x in pairs})
        assert all(Counter(pair) <= hand for pair in pairs)
        makis = maki_points([self.tray(q) for q in range(self.n)])
        for q in range(self.n):
            assert GAME.call(s, "round_points", q) == tray_points(self.tray(q)) + makis[q]
        for q in range(self.n):
            self.seen[q].update(self.hand(q))
        self.check_views()

    def check_views(self) -> None:
        s = self.state
        for viewer in range(self.n):
            view = s.view(viewer).to_json()
            zones = view["zones"]
            assert set(zones["deck"]) == {"count"} and set(zones["eaten"]) == {"count"}
            for q in range(self.n):
                shown = zones["hand"][q]
                if q == viewer:
                    assert Counter(shown) == Counter(text(c) for c in self.hand(q))
                    continue
                assert shown["count"] == len(self.hand(q))
                known = Counter(k["card"].split("#")[0] for k in shown.get("known", []))
                assert known <= Counter(text(c) for c in self.hand(q))
                assert known <= Counter(text(c) for c in self.hand(q) if c in self.seen[viewer])
            committed = view.get("committed", [])
            assert viewer in committed or not view.get("own_choice")
            assert "chosen" not in json.dumps(view)

    def predicted_round_end(self, last_picks: list) -> list[int]:
        """The scores after this last pick of a round: each player's last card joins the tray."""
        trays = [self.tray(q) + [text(last_picks[q])] for q in range(self.n)]
        makis = maki_points(trays)
        return [self.scores[q] + tray_points(trays[q]) + makis[q] for q in range(self.n)]

    def puddings(self, q) -> int:
        return len(self.state.zone_cards("puddings", q)) + self.tray(q).count("pudding")


def play(n: int, seed: int, rng: random.Random, save_at: int | None = None) -> None:
    state = GAME.new_initial_state(n, seed)
    ref = Referee(state)
    decisions = 0
    while not state.is_terminal():
        ref.check_cards()
        if decisions % n == 0:  # a new pick: everyone is about to choose
            ref.check_pick()
            last = len(ref.hand(0)) == 1
            if last:
                last_picks = [ref.hand(q)[0] for q in range(n)]
                expected = ref.predicted_round_end(last_picks)
                round_number = int(state.view(0).variables["round"])
                trays = [ref.tray(q) + [text(last_picks[q])] for q in range(n)]
                puddings = [len(state.zone_cards("puddings", q)) + trays[q].count("pudding") for q in range(n)]
        if save_at == decisions:
            loaded = load_state(GAME, json.loads(json.dumps(save_state(state))))
            assert loaded == state and save_state(loaded) == save_state(state)
            assert [loaded.view(p) for p in range(n)] == [state.view(p) for p in range(n)]
        chooser = state.current_player()
        before = {q: state.view(q).to_json() for q in range(n) if q != chooser}
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
        if decisions % n:  # the pick is not over: the others' views tell only that the chooser has chosen
            for q, old in before.items():
                new = state.view(q).to_json()
                assert new.pop("committed") == old.pop("committed", []) + [chooser]
                new.pop("to_move"), old.pop("to_move")
                assert new == old
        if decisions % n == 0 and last:
            if round_number == 3:
                expected = [e + b for e, b in zip(expected, pudding_points(puddings))]
            assert [int(x) for x in state.view(0).variables["score"]] == expected
            ref.scores = expected
    ref.check_cards()
    hand = HAND_SIZE[n]
    assert decisions == 3 * hand * n and state.turns == 3 * hand
    best = max(zip(ref.scores, puddings))
    assert sorted(state.winners) == [p for p in range(n) if (ref.scores[p], puddings[p]) == best]


@given(st.integers(2, 5), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1), st.integers(0, 150))
@examples(25)
def test_random_playouts_follow_the_rules(n, seed, choices, save_at):
    play(n, seed, random.Random(choices), save_at)
