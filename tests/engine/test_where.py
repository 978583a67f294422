"""`State.where` (card -> the slot a move looks in first, procedures._take) is a hint: a move notes where its
cards went, and a wrong or missing hint costs a search, never a different game."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.resources import bundled_games

GAMES = sorted(bundled_games())


def _scramble(state, rng: random.Random) -> None:
    """Point every card of the hint at some other zone (or at none), as a stale hint from a deal, a swap
    or another state's moves would."""
    slots = len(state.zones)
    cards = [card for zone in state.zones for card in zone]
    state.where.clear()
    for card in cards:
        if rng.random() < 0.8:
            state.where[card] = rng.randrange(slots)


def _lies_once(state) -> None:
    """What the hint relies on: every card lies in exactly one zone."""
    seen = [card for zone in state.zones for card in zone]
    assert len(seen) == len(set(seen))


@settings(max_examples=40, deadline=None, database=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000), extra=st.integers(0, 3))
def test_a_scrambled_hint_plays_the_same_game(load_game, name, seed, extra):
    game = load_game(name)
    players = min(game.min_players + extra, game.max_players)
    kept, scrambled = game.new_initial_state(players, seed), game.new_initial_state(players, seed)
    kept.quiet = scrambled.quiet = True
    rng, noise = random.Random(seed), random.Random(seed + 1)
    for _ in range(120):
        if kept.is_terminal():
            break
        _scramble(scrambled, noise)
        legal = kept.legal_actions()
        assert legal == scrambled.legal_actions()
        index = rng.randrange(len(legal))
        kept.apply_action(index)
        scrambled.apply_action(index)
        assert kept == scrambled
        _lies_once(kept)
    assert scrambled.is_terminal() == kept.is_terminal()


@settings(max_examples=25, deadline=None, database=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_a_clone_shares_the_hint_and_both_play_right(load_game, name, seed):
    game = load_game(name)
    state = game.new_initial_state(game.min_players, seed)
    rng = random.Random(seed)
    for _ in range(40):
        if state.is_terminal():
            break
        other = state.clone()
        assert other.where is state.where
        moves = state.legal_actions()
        other.apply_action(rng.randrange(len(moves)))  # the clone's moves rewrite the shared hint
        _lies_once(other)
        index = rng.randrange(len(moves))
        fresh = state.clone()
        fresh.where = {}
        state.apply_action(index)
        fresh.apply_action(index)
        assert state == fresh


def test_a_move_notes_where_its_card_went():
    game = cardrules.load("crazy-eights")
    state = game.new_initial_state(2, 3)
    discards = game.zone_slot(game.zone("discards"), 2, 0)
    for _ in range(60):
        if state.is_terminal():
            break
        action = state.legal_actions()[0]
        state.apply_action(action)
        if action.name == "play":
            card = action.values[0]
            assert state.where[card] == discards and state.zones[discards][-1] == card
            return
    raise AssertionError("no card was played")


def test_a_wrong_hint_is_checked_before_it_is_used():
    game = cardrules.load("crazy-eights")
    state = game.new_initial_state(2, 3)
    play = next(a for a in state.legal_actions() if a.name in ("play", "wild"))
    card = play.values[0]
    hand = next(slot for slot, zone in enumerate(state.zones) if card in zone)
    state.where[card] = game.zone_slot(game.zone("stock"), 2, 0)  # wrong: the card is in a hand
    state.apply_action(play)
    assert card not in state.zones[hand] and state.where[card] != hand
    _lies_once(state)
