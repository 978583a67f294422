"""Property tests of games/red7.rules on the engine: random playouts of the basic game for 2-4 players.

Properties (red7.md sections 4-9): playouts end within a bound with exactly one winner, the last active
player; every card is in exactly one zone after every action; views hide other hands and the deck;
clone, save/load and replay are faithful; and the engine agrees with the hand-written referee
(referee.py beside these tests) on who may discard what, on every legal move and on every outcome.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.engine.saves import load_state, save_state

from . import referee

GAME = cardrules.load("red7")

players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def budget(examples: int) -> settings:
    # no example database: every run draws fresh examples (a failure prints its reproducing seeds)
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def decision_bound(n: int) -> int:
    """Every turn is at most 2 decisions. A turn either uses a hand card (7n of them) or eliminates the
    turn player (at most n - 1 times before the round ends): at most 8n turns."""
    return 2 * 8 * n


def choose(rng: random.Random, state) -> cardrules.Action:
    """A random legal action, biased so that games last longer: often a permitted canvas discard (the
    player survives the turn), rarely a fold."""
    legal = state.legal_actions()
    r = rng.random()
    for share, kinds in ((0.5, ("canvas",)), (0.95, ("palette", "canvas", "end"))):
        if r < share:
            keep = [a for a in legal if a.name in kinds]
            if keep:
                return rng.choice(keep)
    return rng.choice(legal)


def all_zone_cards(state) -> list:
    cards = []
    for spec in GAME.zones:
        for p in range(state.n if spec.per_player else 1):
            cards.extend(state.zone_cards(spec.name, p))
    return cards


def texts_of(cards) -> set[str]:
    return {GAME.card_texts[c] for c in cards}


def string_leaves(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from string_leaves(k)
            yield from string_leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from string_leaves(v)


def check_invariants(state) -> None:
    n = state.n
    # every card, the starter included, is in exactly one zone
    cards = all_zone_cards(state)
    assert len(cards) == 50 and sorted(cards) == sorted(GAME.cards)
    assert sorted(GAME.card_texts[c] for c in cards) == sorted(GAME.card_texts)
    assert len(set(GAME.card_texts)) == 50
    assert GAME.card_texts[state.zone_cards("canvas")[0]] == "starter"  # always at the bottom
    # basic game: the deck is set aside, palettes never shrink below their dealt card
    assert len(state.zone_cards("deck")) == 49 - 8 * n
    assert all(len(state.zone_cards("palette", p)) >= 1 for p in range(n))
    active = [p for p in range(n) if not state.eliminated[p]]
    if state.is_terminal():
        assert len(active) == 1 and state.winners == active
        assert state.returns() == [1.0 if p == active[0] else 0.0 for p in range(n)]
        assert state.current_player() == -1 and state.legal_actions() == []
    else:
        assert len(active) >= 2
        assert state.current_player() in active
    # views: hidden zones are counts, nothing from another hand or the deck is ever shown
    public = texts_of(state.zone_cards("canvas"))
    for p in range(n):
        public |= texts_of(state.zone_cards("palette", p))
    deck = [GAME.card_texts[c] for c in state.zone_cards("deck")]
    for p in range(n):
        view = state.view(p)
        zones = view.zones
        own = texts_of(state.zone_cards("hand", p))
        forbidden = set(deck)
        for q in range(n):
            if q != p:
                forbidden |= texts_of(state.zone_cards("hand", q))
        visible = {s for s in string_leaves(view.to_json()) if s in set(GAME.card_texts)}
        assert visible <= public | own
        assert not visible & forbidden
        assert zones["deck"] == {"count": len(deck)}
        for q in range(n):
            hand = [GAME.card_texts[c] for c in state.zone_cards("hand", q)]
            palette = [GAME.card_texts[c] for c in state.zone_cards("palette", q)]
            if state.eliminated[q]:  # 8.5: an eliminated player's hand and palette are turned face down
                assert zones["hand"][q] == {"count": len(hand)} and zones["palette"][q] == {"count": len(palette)}
                continue
            assert zones["hand"][q] == (hand if q == p else {"count": len(hand)})
            assert zones["palette"][q] == palette
        assert zones["canvas"] == [GAME.card_texts[c] for c in state.zone_cards("canvas")]
        json.dumps(view.to_json())  # a view's JSON form is plain JSON


def playout(n: int, deal_seed: int, choice_seed: int, each=None):
    """Play a random game; `each(state, decision_index)` runs before every decision. Returns the final
    state and the list of action texts."""
    state = GAME.new_initial_state(n, deal_seed)
    rng = random.Random(choice_seed)
    history = []
    while not state.is_terminal():
        assert len(history) < decision_bound(n), "the game did not end within the decision bound"
        if each is not None:
            each(state, len(history))
        action = choose(rng, state)
        history.append(action.text)
        state.apply_action(action)
    return state, history


@budget(300)
@given(n=players, deal_seed=seeds, choice_seed=seeds)
def test_random_playout_invariants(n, deal_seed, choice_seed):
    def each(state, _):
        check_invariants(state)

    final, history = playout(n, deal_seed, choice_seed, each)
    check_invariants(final)
    assert len(history) <= decision_bound(n)
    winners = final.winners
    assert len(winners) == 1
    assert [p for p in range(n) if not final.eliminated[p]] == winners


def state_at(n: int, deal_seed: int, choice_seed: int, point: float):
    """The state after the first `point` share of a random game's decisions (0: the deal, 1: the end)."""
    _, history = playout(n, deal_seed, choice_seed)
    state = GAME.new_initial_state(n, deal_seed)
    for text in history[:round(point * len(history))]:
        state.apply_action(text)
    return state


points = st.floats(min_value=0.0, max_value=1.0)


@budget(150)
@given(n=players, deal_seed=seeds, choice_seed=seeds, point=points, other_seed=seeds)
def test_clone_is_equal_and_independent(n, deal_seed, choice_seed, point, other_seed):
    state = state_at(n, deal_seed, choice_seed, point)
    clone = state.clone()
    assert clone == state and clone is not state
    before_save = save_state(state)
    before_legal = [a.text for a in state.legal_actions()]
    before_views = [state.view(p) for p in range(n)]
    rng = random.Random(other_seed)
    while not clone.is_terminal():  # a whole different continuation on the clone
        clone.apply_action(choose(rng, clone))
    clone.zones[0].append(clone.zones[1].pop())  # and raw mutations of its lists
    clone.eliminated[0] = not clone.eliminated[0]
    clone.winners.append(0)
    assert save_state(state) == before_save
    assert [a.text for a in state.legal_actions()] == before_legal
    assert [state.view(p) for p in range(n)] == before_views
    assert state.clone() == state
    if not state.is_terminal():  # and the original still plays on by itself
        state.apply_action(choose(rng, state))
        check_invariants(state)


@budget(150)
@given(n=players, deal_seed=seeds, choice_seed=seeds, point=points, other_seed=seeds)
def test_save_load_round_trip_and_continuation(n, deal_seed, choice_seed, point, other_seed):
    state = state_at(n, deal_seed, choice_seed, point)
    loaded = load_state(GAME, json.loads(json.dumps(save_state(state))))
    assert loaded == state
    assert save_state(loaded) == save_state(state)
    rng = random.Random(other_seed)
    while True:  # continue both with the same actions
        assert loaded == state
        assert [loaded.view(p) for p in range(n)] == [state.view(p) for p in range(n)]
        assert [a.text for a in loaded.legal_actions()] == [a.text for a in state.legal_actions()]
        if state.is_terminal():
            assert loaded.is_terminal() and loaded.winners == state.winners
            break
        action = choose(rng, state)
        state.apply_action(action)
        loaded.apply_action(action.text)


@budget(100)
@given(n=players, deal_seed=seeds, choice_seed=seeds)
def test_same_seed_and_actions_give_same_game(n, deal_seed, choice_seed):
    seen = []
    final, history = playout(n, deal_seed, choice_seed,
                             lambda s, _: seen.append((save_state(s), [a.text for a in s.legal_actions()])))
    replay = GAME.new_initial_state(n, deal_seed)
    for (saved, legal), text in zip(seen, history):
        assert save_state(replay) == saved
        assert [a.text for a in replay.legal_actions()] == legal
        replay.apply_action(text)
    assert replay == final and replay.winners == final.winners


# -------------------------------------------------------------------------------------------------------
# differential against the hand-written referee
# -------------------------------------------------------------------------------------------------------

def parse(text: str) -> tuple[int, int]:
    return referee.parse_card(text)


def oracle_move_text(move) -> str:
    return move[0] if len(move) == 1 else f"{move[0]} {referee.card_text(move[1])}"


def oracle_from_engine(state, second_decision: bool):
    n = state.n
    hands = [[parse(GAME.card_texts[c]) for c in state.zone_cards("hand", p)] for p in range(n)]
    palettes = [[parse(GAME.card_texts[c]) for c in state.zone_cards("palette", p)] for p in range(n)]
    canvas = [parse(GAME.card_texts[c]) for c in state.zone_cards("canvas")[1:]]
    game = referee.Red7Game.from_position(hands, palettes, canvas=canvas, turn=state.current_player(),
                                         active=[not e for e in state.eliminated])
    game.played_to_palette = second_decision
    return game


@budget(400)
@given(n=players, deal_seed=seeds, choice_seed=seeds)
def test_canvas_legality_matches_oracle(n, deal_seed, choice_seed):
    """For the player to move, `canvas X` is legal iff the oracle says they win under X's colour,
    with the palettes as the player's own view shows them."""

    def each(state, _):
        me = state.current_player()
        view = state.view(me)
        # eliminated palettes are face down (8.5) and never count, so they are left empty here
        palettes = [[parse(t) for t in p] if isinstance(p, list) else [] for p in view.zones["palette"]]
        active = [not e for e in view.eliminated]
        legal = {a.text for a in state.legal_actions()}
        for text in view.zones["hand"][me]:
            expected = referee.winning_player(palettes, active, parse(text)[1]) == me
            assert (f"canvas {text}" in legal) == expected, (text, view)

    playout(n, deal_seed, choice_seed, each)


@budget(400)
@given(n=players, deal_seed=seeds, choice_seed=seeds)
def test_lockstep_with_oracle(n, deal_seed, choice_seed):
    """The same game played on the engine and on the oracle: same first player, same legal moves at
    every decision, same eliminations, same turn order, same winner."""
    state = GAME.new_initial_state(n, deal_seed)
    start = oracle_from_engine(state, False)
    palettes = [[parse(GAME.card_texts[c]) for c in state.zone_cards("palette", p)] for p in range(n)]
    assert state.current_player() == referee.first_player(palettes)
    oracle = start
    rng = random.Random(choice_seed)
    while True:
        assert oracle.is_over() == state.is_terminal()
        assert oracle.active == [not e for e in state.eliminated]
        if state.is_terminal():
            assert state.winners == [oracle.winner]
            break
        assert oracle.turn == state.current_player()
        moves = {oracle_move_text(m): m for m in oracle.legal_moves()}
        assert sorted(moves) == sorted(a.text for a in state.legal_actions())
        action = choose(rng, state)
        state.apply_action(action)
        oracle.apply(moves[action.text])
