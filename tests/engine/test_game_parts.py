"""A compiled game is frozen: its fields cannot be reassigned, its parts are frozen records, playing writes
nothing to it, and what its states work out and keep (`Game.derived`) is the same however it was warmed."""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules
from cardrules.engine import Game, knowledge
from cardrules.resources import bundled_games

GAMES = sorted(bundled_games())  # every game in the box


@pytest.mark.parametrize("name", GAMES)
def test_no_field_of_a_compiled_game_can_be_reassigned(name, load_game):
    game = load_game(name)
    for field in attrs.fields(Game):
        value = getattr(game, field.name)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(game, field.name, value)
        assert getattr(game, field.name) is value
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del game.program
    assert type(game.program) is tuple and type(game.spans) is tuple and len(game.program) == len(game.spans)


@pytest.mark.parametrize("name", GAMES)
def test_the_parts_of_a_compiled_game_are_frozen_records(name, load_game):
    game = load_game(name)
    parts = [*game.shows, *game.definitions.values(), *game.holds.values(), *game.option_docs.values(),
             *game.zones, *game.vars, game.result, game.sides]
    for decision in game.decisions.values():
        parts += [decision, *decision.options]
        for option in decision.options:
            parts += [*option.binders, *option.guards, *(option.straight or ())]
    parts = [part for part in parts if part is not None]
    assert parts
    for part in parts:
        first = attrs.fields(type(part))[0]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(part, first.name, getattr(part, first.name))
    assert all(type(option.binders) is tuple and type(option.guards) is tuple
               for decision in game.decisions.values() for option in decision.options)


def test_the_parts_are_read_by_name(load_game):
    game = load_game("the-game")
    assert game.result.label == "cards left" and game.sides is None
    assert [line.label for line in game.shows][:2] == ["asc1 (up)", "asc2 (up)"]
    assert game.definitions["heuristic"].params == 1 and game.option_docs["extreme"].default is False
    state = game.new_initial_state(2, 0)
    assert state.result() == game.result.value(state, list(state.locals))
    punto = load_game("punto")
    span = punto.holds["deck"].span
    assert punto.sides is not None and set(punto.holds) == {"deck"}
    assert punto.sources[span.path].splitlines()[span.line - 1].startswith("holds deck(p):")


def _snapshot(value):
    """The value with every dict, list and tuple in it copied, to compare after playing."""
    match value:
        case dict():
            return {key: _snapshot(item) for key, item in value.items()}
        case list() | tuple():
            return [_snapshot(item) for item in value]
    return value


@pytest.mark.parametrize("name", GAMES)
def test_playing_and_sampling_write_nothing_to_the_game(name, playout):
    game = cardrules.load(name)
    fields = [field.name for field in attrs.fields(Game) if field.name != "derived"]
    before = {field: _snapshot(getattr(game, field)) for field in fields}
    ids = {field: id(getattr(game, field)) for field in fields}
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_initial_state(players, seed=players)
        chooser = random.Random(players)
        for _ in range(40):
            if state.is_terminal():
                break
            for seat in range(players):
                state.determinize(seat, chooser).view(seat)
            state.shows(), state.result(), state.sides()
            state.apply_action(chooser.choice(state.legal_actions()))
        playout(state, chooser, limit=300)
    assert {field: id(getattr(game, field)) for field in fields} == ids
    for field in fields:
        assert _snapshot(getattr(game, field)) == before[field], field


def _trace(game: Game, players: int, seed: int) -> list:
    """Everything a random game of `players` shows that the derived cache has a part in: each seat's
    hidden slots and the seats that see each zone, the moves offered (their unseen cards named by
    place), each seat's view and a sample of what it cannot see."""
    state, chooser, trace = game.new_initial_state(players, seed), random.Random(seed), []
    for _ in range(60):
        if state.is_terminal():
            break
        masks, hidden = game.derived.seer_masks(state), [game.derived.hidden_slots(state, s) for s in range(players)]
        assert masks == tuple(knowledge.seer_masks(state))  # what it keeps is what it would work out afresh
        assert hidden == [tuple(state.hidden_from(seat)) for seat in range(players)]
        trace.append((list(state.eliminated), masks, hidden, [move.text for move in state.legal_actions()]))
        for seat in range(players):
            sample = state.determinize(seat, random.Random(seed * 10 + seat))
            trace.append((state.view(seat), sample.zones))
        state.apply_action(chooser.choice(state.legal_actions()))
    return trace


@pytest.mark.parametrize("name", ["punto", "red7", "crazy-eights"])
def test_the_derived_cache_gives_the_same_answers_whatever_warmed_it(name):
    cold, warm = cardrules.load(name), cardrules.load(name)
    assert cold.derived is not warm.derived
    target = 3
    for players in range(warm.min_players, warm.max_players + 1):  # other player counts and seats out first
        out = warm.new_initial_state(players, 0)
        out.eliminated[1] = True
        warm.derived.seer_masks(out), [warm.derived.hidden_slots(out, seat) for seat in range(players)]
        if players != target:
            for seed in range(3):
                _trace(warm, players, seed)
    for seed in range(3):
        assert _trace(warm, target, seed) == _trace(cold, target, seed)


def test_the_holds_verdicts_are_kept_per_number_of_players():
    game = cardrules.load("punto")  # 'holds deck(p)' depends on the number of players
    deck = game.zone("deck")

    def colours(players: int) -> set[str]:
        """The colours seat 0's deck may hold, as the derived cache answers."""
        state = game.new_initial_state(players, 0)
        slot = game.zone_slot(deck, players, 0)  # the same slot whatever the number of players
        return {game.card_attrs["color"][card].name for card in game.cards
                if game.derived.holds_allows(state, slot, card)}
    assert {game.zone_slot(deck, n, 0) for n in (2, 3, 4)} == {game.zone_slot(deck, 2, 0)}
    assert [colours(2), colours(3), colours(4), colours(2)] == [{"red", "green"}, {"red", "yellow"}, {"red"},
                                                                {"red", "green"}]
