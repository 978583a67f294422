"""Properties of games/the-game.rules (The Game, and The Game: Extreme with the option `extreme`) over random
playouts at 1-5 players, from the start of a game and from late positions. A referee written from
/work/shared/rules/the-game.md (never from the engine) follows every action:

* games end: with plays preferred over signals (signals at probability 0.1), and with uniform choice among
  plays and `end`. Signals are free and repeatable, so a uniform choice over every action is only capped;
  a capped game must then end once signals are left out;
* all 98 number cards are always somewhere, each in exactly one zone (1.1, 1.2);
* every `play c k` obeys 5.2 against the previous top card (start cards 1 / 100), and in Extreme no
  backward move is made while a NO_BACKWARD card is visible (9.8); more strongly, the set of plays offered
  equals the permitted plays of 9.11 (ONE_PILE binding, THREE's count, STOP only as THREE's 3rd card);
* `end` is offered exactly when 10.1 step 2 allows it; signals are refused while NO_COMMUNICATION is
  visible, change only the player's own public mark, and end nothing (6, 9.7);
* what each action leads to: the turn goes on, a loss (10.1 step 4, 10.2, 9.6.2, 5.5 at the start of the
  next turn), a win (10.3.1), the cards drawn (5.6, 9.10) and the next seat (5.7);
* a lost game's result is the cards in hands plus the draw pile, a won game's is 0 with every card on a
  pile (5.8, 5.9);
* a player's view never shows another player's hand or the draw pile (1.1).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.engine.positions import load_position

from .cards import COMMANDS, PILES

HAND_SIZE = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}

GAMES = {False: cardrules.load("the-game"), True: cardrules.load("the-game", options={"extreme": True})}


def examples(n: int) -> settings:
    return settings(deadline=None, max_examples=n, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------------------------
# a referee written from the document
# ---------------------------------------------------------------------------------------------------------

class Referee:
    """Follows a game action by action and checks it against the rules document: which plays are permitted
    (9.11), when `end` is offered (10.1), and what each action leads to (10.1 step 3, 10.2, 10.3, 5.6, 5.7)."""

    def __init__(self, state, extreme: bool):
        self.state, self.extreme, self.game = state, extreme, state.game
        self.hand_size = HAND_SIZE[state.n]
        self.start_turn(state.view(0).turn_player)  # current_player() is -1 once the game is over
        if self.permitted_plays():
            assert not state.is_terminal()
        else:  # 5.5: no card in hand can be played at all at the start of the turn
            assert state.is_terminal() and state.winners == [], "5.5: nothing playable at the start: lost"
        self.check_state()

    # -- reading the state
    def number(self, card) -> int:
        return int(self.game.card_texts[card])

    def top(self, pile: str) -> int:
        cards = self.state.zone_cards(pile)
        return self.number(cards[-1]) if cards else (1 if pile.startswith("asc") else 100)

    def visible(self, command: str) -> bool:
        return self.extreme and any(self.top(k) in COMMANDS[command] for k in PILES)

    def hand(self, seat: int) -> list[int]:
        return [self.number(c) for c in self.state.zone_cards("hand", seat)]

    def draw_count(self) -> int:
        return len(self.state.zone_cards("draw"))

    def cards_off_piles(self) -> int:
        return self.draw_count() + sum(len(self.hand(p)) for p in range(self.state.n))

    def cards_on_piles(self) -> int:
        return sum(len(self.state.zone_cards(k)) for k in PILES)

    # -- the turn's own bookkeeping (10.1 step 1)
    def start_turn(self, seat: int) -> None:
        self.seat, self.turn = seat, self.state.turns
        self.minimum = 2 if self.draw_count() else 1
        self.bound = self.visible("ONE_PILE")
        self.used: list[str] = []
        self.three = False

    def may_end(self) -> bool:
        return (len(self.used) >= self.minimum and not self.visible("SKULL")
                and (len(self.used) == 3 if self.three else True))

    def fits(self, c: int, pile: str) -> tuple[bool, bool]:
        """5.2: (regular, backward) for card c on the pile's current top."""
        top = self.top(pile)
        if pile.startswith("asc"):
            return c > top, c == top - 10
        return c < top, c == top + 10

    def permitted(self, c: int, pile: str) -> bool:
        """9.11 (and 5.2 alone in the original game)."""
        regular, backward = self.fits(c, pile)
        if not (regular or backward):
            return False
        if not self.extreme:
            return True
        if not regular and self.visible("NO_BACKWARD"):
            return False
        if (self.bound or c in COMMANDS["ONE_PILE"]) and any(k != pile for k in self.used):
            return False
        if self.three and (len(self.used) >= 3 or (c in COMMANDS["STOP"] and len(self.used) != 2)):
            return False
        return True

    def permitted_plays(self) -> set[str]:
        return {f"play {c} {k}" for c in self.hand(self.seat) for k in PILES if self.permitted(c, k)}

    # -- checks
    def check_state(self) -> None:
        s = self.state
        everywhere = sorted(card for zone in s.zones for card in zone)
        assert everywhere == sorted(self.game.cards), "every card in exactly one zone"
        assert sorted(self.number(c) for c in everywhere) == list(range(2, 100))
        self.check_views()
        if s.is_terminal():
            if s.winners == []:
                assert s.result() == self.cards_off_piles(), "5.9: lost game: hands + draw pile"
            else:
                assert s.winners == list(range(s.n)), "cooperative: everybody wins together"
                assert s.result() == 0 and self.cards_off_piles() == 0, "5.8: all 98 cards on the piles"

    def check_views(self) -> None:
        s = self.state
        draw = self.draw_count()
        for viewer in range(s.n):
            zones = s.view(viewer).zones
            assert zones["draw"] == {"count": draw}, "the draw pile is hidden"
            for seat in range(s.n):
                cards = s.zone_cards("hand", seat)
                if seat == viewer:
                    assert zones["hand"][seat] == [self.game.card_texts[c] for c in cards]
                else:
                    assert zones["hand"][seat] == {"count": len(cards)}, "another player's hand is hidden"
            for pile in PILES:  # the piles are public
                assert zones[pile] == [self.game.card_texts[c] for c in s.zone_cards(pile)]

    def check_legal(self, texts: list[str]) -> None:
        s = self.state
        assert not s.is_terminal() and s.current_player() == self.seat and s.turns == self.turn
        engine_plays = {t for t in texts if t.startswith("play ")}
        assert engine_plays == self.permitted_plays(), (
            f"9.11: engine offers {sorted(engine_plays - self.permitted_plays())} it should not, "
            f"misses {sorted(self.permitted_plays() - engine_plays)}")
        assert ("end" in texts) == self.may_end(), f"10.1 step 2: end offered? {texts}"
        signals = [t for t in texts if t.startswith("signal ")]
        if self.visible("NO_COMMUNICATION"):
            assert not signals, "9.7: no signals while NO_COMMUNICATION is visible"
        else:
            assert {t.split()[1] for t in signals} == set(PILES), "6.2: each of the four marks can be changed"
        assert set(texts) == engine_plays | set(signals) | ({"end"} & set(texts))

    def apply(self, text: str) -> None:
        s = self.state
        seat, turn = self.seat, self.turn
        hand_before, draw_before = len(self.hand(seat)), self.draw_count()
        marks_before = s.view(seat).variables["mark"]
        if text.startswith("play "):
            _, card, pile = text.split()
            c = int(card)
            regular, backward = self.fits(c, pile)
            assert regular or backward, f"5.2: {c} on {pile} (top {self.top(pile)})"
            if self.extreme and not regular:
                assert not self.visible("NO_BACKWARD"), f"9.8: backward {c} on {pile} with NO_BACKWARD visible"
        s.apply_action(text)
        if text.startswith("signal "):
            _, pile, value = text.split()
            assert not s.is_terminal() and s.turns == turn and s.current_player() == seat, "a signal ends nothing"
            marks = s.view((seat + 1) % s.n).variables["mark"]
            marks_before[seat][pile] = value
            assert marks == marks_before, "6.1-6.2: the player's own mark changes, publicly, and nothing else"
            self.check_state()
            return
        stop = four = False
        if text.startswith("play "):
            self.used.append(pile)
            command = c if self.extreme else None
            if command in COMMANDS["NO_COMMUNICATION"]:
                marks = s.view(0).variables["mark"]
                assert all(v == "none" for m in marks for v in m.values()), "9.7.1: all marks cleared"
            if command in COMMANDS["ONE_PILE"]:
                self.bound = True
            if command in COMMANDS["THREE"]:
                self.three = True
                four = len(self.used) > 3
            stop = command in COMMANDS["STOP"]
            ended = stop or hand_before == 1
        else:
            ended = True  # `end`
        self.check_state()
        if four:  # 9.6.2
            assert s.is_terminal() and s.winners == [], "THREE as the 4th card: lost at once"
            return
        if not ended:
            lost = not self.may_end() and not self.permitted_plays()  # 10.1 step 4
            assert s.is_terminal() == lost and (not lost or s.winners == []), f"10.1.4: lost={lost}"
            if not lost:
                assert s.current_player() == seat and s.turns == turn, "the turn goes on"
            return
        # 10.2: the checks when the turn ends (the piles are as the turn left them)
        short = not stop and len(self.used) < self.minimum
        if self.visible("SKULL") or (self.three and len(self.used) != 3) or short:
            assert s.is_terminal() and s.winners == [], "10.2: the turn ended breaking a rule: lost"
            return
        if self.cards_on_piles() == 98:  # 10.3.1
            assert s.is_terminal() and s.winners == list(range(s.n)), "10.3.1: all 98 cards on the piles: won"
            return
        # 10.3.2: drawing (5.6, 9.10)
        left = hand_before - (1 if text.startswith("play ") else 0)
        wanted = 1 if self.visible("DRAW_ONE") else max(self.hand_size - left, 0)
        drawn = min(wanted, draw_before)
        assert len(self.hand(seat)) == left + drawn, "5.6 / 9.10: cards drawn at the end of the turn"
        assert self.draw_count() == draw_before - drawn
        # 10.3.3 / 5.7: the next seat clockwise whose player holds a card
        following = [(seat + i) % s.n for i in range(1, s.n + 1)]
        nxt = next(p for p in following if self.hand(p))
        self.start_turn(nxt)
        assert self.turn == turn + 1, "a new turn began"
        if self.permitted_plays():
            assert not s.is_terminal() and s.current_player() == nxt, f"5.7: seat {nxt} plays next"
        else:  # 5.5: nothing playable at the start of the turn
            assert s.is_terminal() and s.winners == [], "5.5: nothing playable at the start: lost"


# ---------------------------------------------------------------------------------------------------------
# policies
# ---------------------------------------------------------------------------------------------------------

def prefer_plays(rng: random.Random, texts: list[str], referee: Referee) -> str:
    """Signals with probability 0.1, otherwise a uniform play or `end`."""
    moves = [t for t in texts if not t.startswith("signal ")]
    signals = [t for t in texts if t.startswith("signal ")]
    if signals and (not moves or rng.random() < 0.1):
        return rng.choice(signals)
    return rng.choice(moves)


def uniform_no_signals(rng: random.Random, texts: list[str], referee: Referee) -> str:
    return rng.choice([t for t in texts if not t.startswith("signal ")])


def uniform_all(rng: random.Random, texts: list[str], referee: Referee) -> str:
    return rng.choice(texts)


def careful(rng: random.Random, texts: list[str], referee: Referee) -> str:
    """Plays the card closest to its pile's top (backward moves first), ends as soon as it may: long games."""
    def gap(text: str) -> int:
        _, card, pile = text.split()
        top, c = referee.top(pile), int(card)
        return c - top if pile.startswith("asc") else top - c

    moves = [t for t in texts if t.startswith("play ")]
    if "end" in texts and not any(gap(t) < 0 for t in moves):
        return "end"
    return min(moves, key=lambda t: (gap(t), rng.random()))


POLICIES = {"prefer_plays": prefer_plays, "uniform_no_signals": uniform_no_signals, "careful": careful}


def playout(state, extreme: bool, policy, rng: random.Random, cap: int, referee: Referee | None = None) -> Referee:
    """Play until the game ends or `state.decisions` reaches `cap`, checking every step."""
    referee = referee or Referee(state, extreme)
    while not state.is_terminal() and state.decisions < cap:
        texts = [a.text for a in state.legal_actions()]
        referee.check_legal(texts)
        referee.apply(policy(rng, texts, referee))
    return referee


# Plays and ends: at most 98 plays, and every turn has at least one play, so at most 98 ends as well.
NO_SIGNAL_BOUND = 2 * 98
# With signals at probability 0.1, about 1 decision in 9 is a signal; 1000 is far above any real game.
PREFER_BOUND = 1000


# ---------------------------------------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------------------------------------

@examples(150)
@given(players=st.integers(1, 5), extreme=st.booleans(), seed=st.integers(0, 2**32 - 1),
       policy=st.sampled_from(sorted(POLICIES)))
def test_playouts_terminate_and_follow_the_rules(players, extreme, seed, policy):
    state = GAMES[extreme].new_initial_state(players, seed=seed)
    assert [len(state.zone_cards("hand", p)) for p in range(players)] == [HAND_SIZE[players]] * players
    bound = PREFER_BOUND if policy == "prefer_plays" else NO_SIGNAL_BOUND
    playout(state, extreme, POLICIES[policy], random.Random(seed), bound + 1)
    assert state.is_terminal(), f"{policy}: no end after {state.decisions} decisions"
    assert state.decisions <= bound


@examples(100)
@given(players=st.integers(1, 5), extreme=st.booleans(), seed=st.integers(0, 2**32 - 1), cap=st.integers(5, 300))
def test_uniform_random_over_all_actions(players, extreme, seed, cap):
    """Signals included: a game may run on forever, so it is only capped; every other check holds."""
    state = GAMES[extreme].new_initial_state(players, seed=seed)
    rng = random.Random(seed)
    referee = playout(state, extreme, uniform_all, rng, cap)
    if not state.is_terminal():  # capped: only signals can have kept it going, so without them it must end
        reached = state.decisions
        playout(state, extreme, uniform_no_signals, rng, reached + NO_SIGNAL_BOUND + 1, referee)
        assert state.is_terminal()


@st.composite
def late_positions(draw):
    """Positions near the end (draw pile empty, a few cards in hands), where won games are common."""
    players = draw(st.integers(1, 5))
    extreme = draw(st.booleans())
    left = draw(st.integers(1, 8))
    cards = draw(st.permutations(list(range(2, 100))))
    in_hands, rest = cards[:left], cards[left:]
    hands = [[] for _ in range(players)]
    for i, c in enumerate(in_hands):
        hands[draw(st.integers(0, players - 1)) if i else 0].append(c)
    piles = {k: [] for k in PILES}
    for c in rest:
        piles[draw(st.sampled_from(PILES))].append(c)
    to_move = 0
    data = {"players": players, "to_move": to_move, "seed": draw(st.integers(0, 1000)),
            "zones": {"draw": [], "hand": [[str(c) for c in h] for h in hands],
                      **{k: [str(c) for c in v] for k, v in piles.items()}}}
    return extreme, data


@examples(150)
@given(case=late_positions(), seed=st.integers(0, 2**32 - 1), policy=st.sampled_from(sorted(POLICIES)))
def test_late_positions(case, seed, policy):
    extreme, data = case
    state = load_position(GAMES[extreme], data)
    playout(state, extreme, POLICIES[policy], random.Random(seed), PREFER_BOUND + 1)
    assert state.is_terminal()


def test_wins_happen_in_late_positions():
    """The won-game checks above are not vacuous: with three cards left and three fresh piles, careful play wins."""
    wins = 0
    for seed in range(30):
        rng = random.Random(seed)
        extreme, players = bool(seed % 2), 1 + seed % 5
        left = rng.sample(range(2, 100), 3)
        rest = [c for c in range(2, 100) if c not in left]
        data = {"players": players, "zones": {"draw": [], "asc1": [str(c) for c in sorted(rest)],
                                              "hand": [[str(c) for c in left]] + [[] for _ in range(players - 1)]}}
        state = load_position(GAMES[extreme], data)
        playout(state, extreme, careful, rng, PREFER_BOUND)
        assert state.is_terminal()
        wins += state.winners == list(range(players))
    assert wins >= 10, wins
