"""Properties of games/punto.rules over random playouts at 2, 3 and 4 players and in team mode. A referee
written from /work/shared/rules/punto.md (never from the engine) follows every action:

* games end, with a winning side that has `rounds_to_win` round wins, or with nobody winning after 3
  rounds in a row that nobody won (6, ruling);
* all 72 cards are always somewhere, each in exactly one zone (2);
* the cells offered for the card turned up are exactly those of 4.2: (0, 0) on an empty grid, the empty
  cells touching a card that keep the layout within 6 x 6, and the cards with strictly fewer dots; so no
  card is ever laid outside a 6 x 6 window or on an equal or higher card;
* what each placement leads to: a line win (5), the next turns (skips, 4.1), a blocked round (7) with its
  winner, marker and dots, nobody winning it, and who starts the next round (8.5);
* between rounds every card goes back to its holder, partners keep their own halves, markers are out of
  the game, and 3-player neutral cards that were laid are shared out from the next first player (8);
* decks are face down for everyone, the grid and the card turned up are public (1.1);
* a deck only ever holds its side's colours (and neutral cards), as the file's `holds deck(p)` says.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.values import SEATS

GAMES = {False: cardrules.load("punto"), True: cardrules.load("punto", options={"teams": True})}
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
LIMIT = 6


def examples(n: int) -> settings:
    return settings(deadline=None, max_examples=n, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------------------------
# the document's rules, on plain data: cards are texts such as "r5", cells (x, y) tuples
# ---------------------------------------------------------------------------------------------------------

def colour(card: str) -> str:
    return card[0]


def dots(card: str) -> int:
    return int(card[1:])


def seat_colours(n: int, teams: bool) -> list[set[str]]:
    """3.2: the counting colours of each seat's side."""
    if n == 2 or teams:
        return [{"r", "g"}, {"b", "y"}] * 2
    return [{"r"}, {"b"}, {"g"}, {"y"}][:n]


def sides(n: int, teams: bool) -> list[list[int]]:
    return [[0, 2], [1, 3]] if teams else [[p] for p in range(n)]


def legal_cells(grid: dict, card: str) -> set:
    """4.2."""
    if not grid:
        return {(0, 0)}
    out = {q for q, stack in grid.items() if dots(stack[-1]) < dots(card)}
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    for (x, y) in grid:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                q = (x + dx, y + dy)
                if q not in grid and max(xs + [q[0]]) - min(xs + [q[0]]) < LIMIT and \
                        max(ys + [q[1]]) - min(ys + [q[1]]) < LIMIT:
                    out.add(q)
    return out


def runs(grid: dict) -> list[list[str]]:
    """Every maximal one-colour run of visible cards, in each direction, of any length (glossary)."""
    top = {q: stack[-1] for q, stack in grid.items()}
    out = []
    for (x, y), card in top.items():
        for dx, dy in DIRECTIONS:
            before = top.get((x - dx, y - dy))
            if before is not None and colour(before) == colour(card):
                continue
            run, k = [], 0
            while (nxt := top.get((x + k * dx, y + k * dy))) is not None and colour(nxt) == colour(card):
                run.append(nxt)
                k += 1
            out.append(run)
    return out


def lines_through(grid: dict, q: tuple) -> list[list[str]]:
    """The four maximal one-colour runs through cell q (5.1)."""
    top = {c: stack[-1] for c, stack in grid.items()}
    want = colour(top[q])
    out = []
    for dx, dy in DIRECTIONS:
        k0 = 0
        while (c := top.get((q[0] - (k0 + 1) * dx, q[1] - (k0 + 1) * dy))) is not None and colour(c) == want:
            k0 += 1
        k1 = 0
        while (c := top.get((q[0] + (k1 + 1) * dx, q[1] + (k1 + 1) * dy))) is not None and colour(c) == want:
            k1 += 1
        out.append([top[(q[0] + k * dx, q[1] + k * dy)] for k in range(-k0, k1 + 1)])
    return out


def highest(cards: list[str]) -> set[str]:
    """The marker card (5.5, 7.4): the most dots, then the colour first in the order red, blue, green, yellow
    (rulings). Copies are identical texts: which copy goes (the one laid most recently) is a position test."""
    top = max(dots(c) for c in cards)
    first = min((c for c in cards if dots(c) == top), key=lambda c: "rbgy".index(colour(c)))
    return {first}


# ---------------------------------------------------------------------------------------------------------
# the referee
# ---------------------------------------------------------------------------------------------------------

class Referee:
    def __init__(self, state, teams: bool, rounds_to_win: int):
        self.state, self.game, self.n = state, state.game, state.n
        self.teams, self.rounds_to_win = teams, rounds_to_win
        self.N = 5 if self.n == 2 or teams else 4
        self.colours = seat_colours(self.n, teams)
        self.sides = sides(self.n, teams)
        self.neutral = {"y"} if self.n == 3 else set()
        self.wins = [0] * self.n
        self.unwon = 0  # rounds in a row that nobody won (6)
        self.removed: list[str] = []
        self.check_state()
        self.held = [Counter(c for c in self.cards_of(p) if colour(c) not in self.neutral) for p in range(self.n)]
        self.check_deal()
        self.start_round(state.current_player())

    # -- reading the state
    def text(self, card) -> str:
        return self.game.card_texts[card]

    def grid(self) -> dict:
        return {tuple(map(int, key.split(","))): cards for key, cards in self.state.view(0).zones["grid"].items()}

    def deck(self, p) -> list[str]:
        return [self.text(c) for c in self.state.zone_cards("deck", p)]

    def hand(self, p) -> list[str]:
        return [self.text(c) for c in self.state.zone_cards("hand", p)]

    def cards_of(self, p) -> list[str]:
        return self.deck(p) + self.hand(p)

    def side_of(self, p) -> list[int]:
        return next(s for s in self.sides if p in s)

    # -- invariants
    def check_state(self):
        state = self.state
        assert sorted(c for zone in state.zones for c in zone) == list(range(72)), "2: 72 cards, each once"
        for viewer in range(self.n):
            view = state.view(viewer).zones
            assert all(isinstance(d, dict) and set(d) == {"count"} for d in view["deck"]), "1.1: decks face down"
            assert view["hand"] == [self.hand(p) for p in range(self.n)], "1.1: the card turned up is public"
        holds = self.game.holds["deck"].condition  # what the file tells the bots' samples
        for p in range(self.n):
            for card in state.zone_cards("deck", p):
                assert colour(self.text(card)) in self.colours[p] | self.neutral, \
                    "3.3, 8.2: a deck holds its side's colours"
                assert holds(state, SEATS[p], card), "the file's 'holds deck(p)' allows every card a deck holds"

    def check_deal(self):
        """3.3: colours per seat; 3 players: 6 neutral cards each; teams: 18 cards each, halves of the team's."""
        per_seat = [Counter(colour(c) for c in self.cards_of(p)) for p in range(self.n)]
        if self.n == 3:
            assert [dict(c) for c in per_seat] == [{"r": 18, "y": 6}, {"b": 18, "y": 6}, {"g": 18, "y": 6}]
        elif self.teams:
            assert [sum(c.values()) for c in per_seat] == [18] * 4
            assert all(set(c) <= self.colours[p] for p, c in enumerate(per_seat))
        else:
            assert all(set(c) == self.colours[p] and sum(c.values()) == 18 * len(self.colours[p])
                       for p, c in enumerate(per_seat))

    def start_round(self, starter: int):
        self.starter = starter
        self.laid_at = [0] * self.n  # when each seat last laid a card this round
        self.laid = 0
        self.neutral_kept = [sum(colour(c) in self.neutral for c in self.cards_of(p)) for p in range(self.n)]

    # -- one action
    def step(self, rng: random.Random):
        state = self.state
        me = state.current_player()
        card = self.hand(me)[-1]
        grid = self.grid()
        offered = {tuple(map(int, a.text.removeprefix("place ").split(","))): a for a in state.legal_actions()}
        assert set(offered) == legal_cells(grid, card), f"4.2: cells for {card}"
        q = rng.choice(sorted(offered))
        if q in grid:
            assert dots(grid[q][-1]) < dots(card), "4.2.3: only a strictly lower card is covered"
        grid.setdefault(q, []).append(card)
        xs, ys = [x for x, _ in grid], [y for _, y in grid]
        assert max(xs) - min(xs) < LIMIT and max(ys) - min(ys) < LIMIT, "4.3: within a 6 x 6 window"
        self.laid += 1
        self.laid_at[me] = self.laid
        if colour(card) in self.neutral:
            self.neutral_kept[me] -= 1
        expected = self.after_placement(grid, q, me, card)
        state.apply_action(offered[q])
        self.check_state()
        self.check_outcome(expected, grid)

    def after_placement(self, grid: dict, q: tuple, me: int, card: str) -> dict:
        won = [line for line in lines_through(grid, q) if len(line) >= self.N] \
            if colour(card) in self.colours[me] else []
        if won:  # 5.1
            return self.round_end(me, highest([c for line in won for c in line]), (me + 1) % self.n)
        p = (me + 1) % self.n
        for _ in range(self.n + 1):
            if all(not self.deck(s) for s in range(self.n)):
                return self.blocked(grid)  # 7.1: every deck empty
            if self.deck(p):
                if not legal_cells(grid, self.deck(p)[-1]):
                    return self.blocked(grid)  # 7.1: the card turned up has no cell
                return {"continue": p}
            p = (p + 1) % self.n  # 4.1: skipped
        raise AssertionError("unreachable")

    def blocked(self, grid: dict) -> dict:
        """7.2-7.4 and 8.5."""
        lines = [run for run in runs(grid) if len(run) == self.N - 1]
        scores = {}
        for s in self.sides:
            mine = [line for line in lines if colour(line[0]) in self.colours[s[0]]]
            scores[s[0]] = (len(mine), -sum(dots(c) for line in mine for c in line), mine)
        best = max(scores.values(), key=lambda v: v[:2])
        leaders = [p for p, v in scores.items() if v[:2] == best[:2]]
        if best[0] == 0 or len(leaders) > 1:
            return self.round_end(None, None, (self.starter + 1) % self.n)
        side = self.side_of(leaders[0])
        last = max(side, key=lambda p: self.laid_at[p])
        return self.round_end(leaders[0], highest([c for line in best[2] for c in line]), (last + 1) % self.n)

    def round_end(self, winner, marker, first) -> dict:
        return {"winner": winner, "marker": marker, "first": first}

    def check_outcome(self, expected: dict, grid: dict):
        state = self.state
        if "continue" in expected:
            assert not state.is_terminal() and state.current_player() == expected["continue"]
            assert self.grid() == grid, "the grid keeps every card laid"
            return
        if expected["winner"] is not None:
            for p in self.side_of(expected["winner"]):
                self.wins[p] += 1
            taken = state.view(0).zones["removed"][len(self.removed):]
            assert len(taken) == 1 and taken[0] in expected["marker"], "5.5, 7.4: the marker card"
            self.removed.append(taken[0])
            expected["marker"] = taken[0]
        self.unwon = 0 if expected["winner"] is not None else self.unwon + 1
        assert [int(w) for w in state.view(0).variables["wins"]] == self.wins
        assert state.view(0).zones["removed"] == self.removed, "5.5, 7.4: one marker per round won"
        if any(w >= self.rounds_to_win for w in self.wins):  # 6
            assert state.is_terminal() and state.winners == sorted(self.side_of(expected["winner"]))
            return
        if self.unwon == 3:  # 6 (ruling): 3 rounds in a row that nobody won end the game, won by nobody
            assert state.is_terminal() and state.winners == []
            return
        assert not state.is_terminal() and self.grid() == {}, "8.6: a new round on an empty grid"
        self.check_return(grid, expected["first"], expected["marker"])
        assert state.current_player() == expected["first"], "8.5: the first player of the next round"
        self.start_round(expected["first"])

    def check_return(self, grid: dict, first: int, marker: str | None):
        """8.2-8.4: every card back with its holder, but the marker; 3 players: the laid neutral cards are
        shared out one at a time from `first`."""
        now = [Counter(c for c in self.cards_of(p) if colour(c) not in self.neutral) for p in range(self.n)]
        for p in range(self.n):
            assert not now[p] - self.held[p], f"8.2: seat {p} got cards it never held: {now[p] - self.held[p]}"
            lost = self.held[p] - now[p]
            assert not lost or (marker is not None and lost == Counter([marker])), f"8.2: seat {p} lost {lost}"
        assert sum(sum(h.values()) for h in self.held) - sum(sum(h.values()) for h in now) == (marker is not None)
        self.held = now
        if self.neutral:
            laid = sum(colour(c) in self.neutral for cards in grid.values() for c in cards)
            shares = [sum(1 for i in range(laid) if (first + i) % self.n == p) for p in range(self.n)]
            got = [sum(colour(c) in self.neutral for c in self.cards_of(p)) for p in range(self.n)]
            assert got == [self.neutral_kept[p] + shares[p] for p in range(self.n)], "8.3: neutral cards"


def play(n: int, teams: bool, seed: int, rounds_to_win: int = 2) -> Referee:
    game = GAMES[teams] if rounds_to_win == 2 else cardrules.load(
        "punto", options={"teams": teams, "rounds_to_win": rounds_to_win})
    state = game.new_initial_state(n, seed)
    referee = Referee(state, teams, rounds_to_win)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_terminal():
            break
        referee.step(rng)
    assert state.is_terminal(), "the game ends"
    assert (state.winners and max(referee.wins) == rounds_to_win) or \
        (not state.winners and referee.unwon == 3), "6: a side wins the game, or 3 rounds in a row nobody won"
    return referee


@given(st.integers(0, 2 ** 32))
@examples(6)
def test_two_players(seed):
    play(2, False, seed)


@given(st.integers(0, 2 ** 32))
@examples(6)
def test_three_players(seed):
    play(3, False, seed)


@given(st.integers(0, 2 ** 32))
@examples(6)
def test_four_players(seed):
    play(4, False, seed)


@given(st.integers(0, 2 ** 32))
@examples(6)
def test_four_players_in_teams(seed):
    referee = play(4, True, seed)
    assert referee.state.winners in ([0, 2], [1, 3], [])  # []: 3 rounds in a row won by nobody (6)


@given(st.integers(0, 2 ** 32), st.sampled_from([(2, False), (3, False), (4, False), (4, True)]),
       st.integers(1, 3))
@examples(4)
def test_other_round_targets(seed, mode, rounds):
    play(mode[0], mode[1], seed, rounds)
