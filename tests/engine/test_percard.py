"""Per-card variables (`var NAME per card`, `reset on move`, `reset NAME`) and `mover(card)`, through small
rules files: a trick-taking game whose winner is `mover(highest(...))`, and a game of rounds.

Properties: the trick goes to the player who played its highest card of the led suit (a referee
follows the plays); `mover` is none after setup and round setup and the turn player after a turn's
move; `reset on move` and `reset` put values back; views show per-card values and movers of the
cards the viewer sees only; positions read them; save -> load is equal, and a sample of unseen
cards keeps the values with the places.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.diagnostics import RulesError
from cardrules.engine import percard
from cardrules.engine.positions import load_position
from cardrules.engine.saves import load_state, save_state
from cardrules.values import NOTHING, SEATS

TRICKS = """\
game "Tricks"
players 3..3

attribute suit: spades "S" > hearts "H" > clubs "C"
attribute number: 1..4

cards: number * suit -> deck
order: number, suit
text: number suit

zone deck: stack, hidden
zone hand: per_player, owner
zone trick: row, public
zone won: per_player, public

var tricks per player = 0
var last_winner = none
var led per card = false, reset on move
var seen per player, card = false

def led_suit = (trick where led(it))[0].suit if not empty(trick) else none
def follows(card) = card.suit == led_suit or empty(hand(me) where suit == led_suit)
def winner = mover(highest(trick where suit == led_suit))

setup:
  shuffle deck
  deal 4 from deck to hand

turn:
  choose "Your move":
    play(card in hand(me)) only if empty(trick) or follows(card):
      move card to trick
      if count(trick) == 1:
        set led(card) = true
      for p in players:
        set seen(p, card) = true

after turn:
  if count(trick) == 3:
    set last_winner = winner
    set tricks(winner) = tricks(winner) + 1
    move trick to won(winner)

next player: last_winner if empty(trick) else left(me)

end when all([empty(hand(p)) for p in players]):
  win best(players, by: tricks(it))
"""

ROUNDS = """\
game "Rounds"
players 2..2

attribute number: 1..6
cards: number -> deck

zone deck: stack, public
zone hand: per_player, public
zone pile: stack, public

var mark per card = 0
var rounds = 0

round setup:
  move concat([hand(p) for p in players] + [pile]) to deck
  reset mark
  deal 2 from deck to hand

turn:
  choose "Your move":
    play(card in hand(me)):
      set mark(card) = mark(card) + 1
      move card to pile

end when all([empty(hand(p)) for p in players]):
  set rounds = rounds + 1
  if rounds == 3:
    win players
  else:
    new round

show "Marked": sum(pile, by: mark(it))
"""

GAME = cardrules.load_source(TRICKS, "tricks.rules")


def budget(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def texts(game, cards) -> list[str]:
    return [game.card_texts[c] for c in cards]


def var(state, name: str, player: int = 0, card=None):
    spec = next(s for s in state.game.vars if s.name == name)
    key = 0 if card is None else int(card)
    return state.vars[state.game.var_slot(spec, state.n, player, key)]


def test_the_files_check_clean():
    for text in (TRICKS, ROUNDS):
        assert [d for d in cardrules.check_source(text, "x.rules")] == []


@pytest.mark.parametrize("seed", range(12))
def test_each_trick_goes_to_who_played_its_highest_card_of_the_led_suit(seed):
    state, rng = GAME.new_initial_state(3, seed), random.Random(seed)
    assert all(percard.mover_of(state, c) is NOTHING for c in GAME.cards)  # dealt by setup: nobody's
    plays: list[tuple[int, object]] = []  # the referee: who played which card into the current trick
    tricks = [0, 0, 0]
    while not state.is_terminal():
        me, action = state.me, rng.choice(state.legal_actions())
        card = action.values[0]
        state.apply_action(action)
        plays.append((me, card))
        if len(plays) == 1:
            led = GAME.card_attrs["suit"][card]
        if len(plays) < 3:
            assert percard.mover_of(state, card) == me and var(state, "led", card=card) == (len(plays) == 1)
            continue
        following = [(GAME.card_attrs["number"][c], c, p) for p, c in plays if GAME.card_attrs["suit"][c] == led]
        expected = max(following)[2]
        tricks[expected] += 1
        assert var(state, "last_winner") == expected
        assert [var(state, "tricks", p) for p in range(3)] == tricks
        # gathering the trick was a move: the winner's step moved its cards, and `led` went back to false
        assert all(percard.mover_of(state, c) == me for _, c in plays)
        assert all(var(state, "led", card=c) is False for _, c in plays)
        assert all(c in state.zone_cards("won", expected) for _, c in plays)
        if not state.is_terminal():
            assert state.me == expected  # the winner leads the next trick
        plays = []
    assert sum(tricks) == 4


def test_mover_is_nobody_after_round_setup_and_reset_puts_marks_back():
    game = cardrules.load_source(ROUNDS, "rounds.rules")
    assert not game.records_movers  # the file never reads `mover`: nothing is kept
    state = game.new_initial_state(2, 0)
    state.apply_action(0)
    marked = state.zone_cards("pile")[-1]
    assert var(state, "mark", card=marked) == 1
    while var(state, "rounds") == 0:
        state.apply_action(0)
    assert all(var(state, "mark", card=c) == 0 for c in game.cards)  # `reset mark` in round setup
    with_mover = cardrules.load_source(ROUNDS.replace('show "Marked": sum(pile, by: mark(it))',
                                                      'show "Moved by": [mover(c) for c in pile]'), "rounds.rules")
    state = with_mover.new_initial_state(2, 0)
    assert with_mover.records_movers and state.shows() == [("Moved by", "none")]  # an empty list on its own line
    state.apply_action(0)
    state.apply_action(0)
    assert state.shows() == [("Moved by", "P0, P1")]
    while var(state, "rounds") == 0:
        state.apply_action(0)
    assert all(percard.mover_of(state, c) is NOTHING for c in with_mover.cards)  # round setup moved them all


def seen_texts(state, viewer: int) -> set[str]:
    view = state.view(viewer)
    out = set(view.zones["trick"])
    for p in range(3):
        out.update(view.zones["won"][p])
    out.update(view.zones["hand"][viewer])
    return out


@pytest.mark.parametrize("seed", range(6))
def test_views_show_per_card_values_and_movers_of_the_cards_the_viewer_sees_only(seed):
    state, rng = GAME.new_initial_state(3, seed), random.Random(seed)
    for _ in range(rng.randrange(1, 10)):
        state.apply_action(rng.choice(state.legal_actions()))
    for viewer in range(3):
        view, seen = state.view(viewer), seen_texts(state, viewer)
        assert set(view.variables["led"]) == seen
        assert all(set(values) == seen for values in view.variables["seen"])
        assert set(view.movers) <= seen
        movers = {t: percard.mover_of(state, c) for t, c in zip(GAME.card_texts, GAME.cards) if t in seen}
        assert view.movers == {t: f"P{int(who)}" for t, who in movers.items() if who is not NOTHING}
        others = {t for p in range(3) if p != viewer for t in texts(GAME, state.zone_cards("hand", p))}
        assert not others & (set(view.variables["led"]) | set(view.movers))
        assert "movers" in view.to_json() or not view.movers
    spectator = state.view(-1)
    assert set(spectator.variables["led"]) == set(spectator.zones["trick"]) | {
        t for p in range(3) for t in spectator.zones["won"][p]}


def test_a_game_without_per_card_state_has_no_movers_in_its_views():
    state = cardrules.load("red7").new_initial_state(2, 0)
    assert "movers" not in state.view(0).to_json()


POSITION = {"players": 3, "to_move": 2,
            "zones": {"hand": [["1S"], ["1H", "2H"], ["3C", "4H"]], "trick": ["3H", "4S"]},
            "variables": {"led": {"3h": True}, "seen": [{"3H": True}, {}, {"4S": True}]},
            "movers": {"3H": 0, "4S": 1}}


def test_a_position_gives_per_card_values_and_movers():
    state = load_position(GAME, POSITION)
    card = {t: c for t, c in zip(GAME.card_texts, GAME.cards)}
    assert var(state, "led", card=card["3H"]) is True and var(state, "led", card=card["4S"]) is False
    assert var(state, "seen", 0, card["3H"]) is True and var(state, "seen", 2, card["4S"]) is True
    assert percard.mover_of(state, card["4S"]) == SEATS[1] and percard.mover_of(state, card["1S"]) is NOTHING
    # P2 must follow hearts, and plays the 4 of hearts: the trick is P2's; P0's spade does not count
    assert [a.text for a in state.legal_actions()] == ["play 4H"]
    state.apply_action("play 4H")
    assert var(state, "last_winner") == 2 and texts(GAME, state.zone_cards("won", 2)) == ["3H", "4S", "4H"]


@pytest.mark.parametrize("change, message", [
    ({"variables": {"led": {"9X": True}}}, "variable 'led' has no key '9X' (keys: a card's text, such as \"1C\")"),
    ({"variables": {"led": True}}, "variable 'led' has a value per key"),
    ({"movers": {"3H": 5}}, "movers: \"3H\" was moved by a seat from 0 to 2 (or null), not 5"),
    ({"movers": {"9X": 0}}, "movers: no card \"9X\" in Tricks"),
])
def test_bad_per_card_entries_of_a_position_are_reported(change, message):
    with pytest.raises(RulesError) as caught:
        load_position(GAME, {**POSITION, **change})
    assert any(message in d.message for d in caught.value.diagnostics)


def test_movers_are_refused_by_rules_that_do_not_read_mover():
    game = cardrules.load_source(ROUNDS, "rounds.rules")
    with pytest.raises(RulesError) as caught:
        load_position(game, {"players": 2, "movers": {"1": 0}})
    assert "'movers' is for rules that read 'mover(card)'" in caught.value.diagnostics[0].message


def copies_game():
    return cardrules.load_source(TRICKS.replace("cards: number * suit -> deck",
                                                "cards: number * suit copies 2 -> deck"), "tricks.rules")


def test_copies_are_named_with_a_number_in_views_and_positions():
    game = copies_game()
    names = percard.card_names(game)
    assert names[:4] == ["1C", "1C#2", "1H", "1H#2"]
    state = load_position(game, {"players": 3, "variables": {"led": {"1c#2": True}}})
    assert var(state, "led", card=game.cards[1]) is True and var(state, "led", card=game.cards[0]) is False


points = st.floats(min_value=0.0, max_value=1.0)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def state_at(deal_seed: int, choice_seed: int, point: float):
    state, rng = GAME.new_initial_state(3, deal_seed), random.Random(choice_seed)
    for _ in range(int(point * 12)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@budget(60)
@given(deal_seed=seeds, choice_seed=seeds, point=points)
def test_save_load_keeps_per_card_values_and_movers(deal_seed, choice_seed, point):
    state = state_at(deal_seed, choice_seed, point)
    loaded = load_state(GAME, json.loads(json.dumps(save_state(state))))
    assert loaded == state and save_state(loaded) == save_state(state)
    assert [percard.mover_of(loaded, c) for c in GAME.cards] == [percard.mover_of(state, c) for c in GAME.cards]
    for viewer in range(3):
        assert loaded.view(viewer) == state.view(viewer)
    different = state.clone()  # the equality sees the per-card state: it is part of what a save keeps
    different.vars[percard.mover_base(GAME, 3)] = SEATS[2] if different.vars[percard.mover_base(GAME, 3)] is \
        NOTHING else NOTHING
    assert different != state
    assert load_state(GAME, json.loads(json.dumps(save_state(different)))) == different


@budget(40)
@given(deal_seed=seeds, choice_seed=seeds, point=points, sample_seed=seeds)
def test_a_sample_of_unseen_cards_keeps_the_values_with_the_places(deal_seed, choice_seed, point, sample_seed):
    state = state_at(deal_seed, choice_seed, point)
    rng = random.Random(sample_seed)  # values on every card, hidden ones too (as a position may give them)
    for card in GAME.cards:
        state.vars[percard.mover_base(GAME, 3) + card] = rng.choice([NOTHING, *SEATS[:3]])
        for p in range(3):
            state.vars[GAME.var_slot(next(s for s in GAME.vars if s.name == "seen"), 3, p, card)] = rng.random() < 0.5
    for viewer in range(3):
        sample = state.determinize(viewer, random.Random(sample_seed))
        for slot, zone in enumerate(state.zones):
            for card, now in zip(zone, sample.zones[slot]):
                assert percard.mover_of(sample, now) == percard.mover_of(state, card)
                assert var(sample, "led", card=now) == var(state, "led", card=card)
                assert [var(sample, "seen", p, now) for p in range(3)] == [var(state, "seen", p, card)
                                                                            for p in range(3)]
        assert sample.view(viewer) == state.view(viewer)  # the sample looks the same to the viewer


def test_moves_of_rules_that_keep_per_card_state_are_not_tried_in_place():
    afterwards = TRICKS.replace("play(card in hand(me)) only if empty(trick) or follows(card):",
                                "play(card in hand(me)) only if mover(card) == me afterwards:")
    game = cardrules.load_source(afterwards, "tricks.rules")
    assert all(o.straight is None for d in game.decisions.values() for o in d.options)
    state = game.new_initial_state(3, 0)
    assert len(state.legal_actions()) == 4  # each card, once played, was moved by me


def test_explain_and_fmt_show_the_new_forms():
    from cardrules.authoring.fmt import format_text
    text = TRICKS.replace("var led per card = false, reset on move", "var led  per card=false ,reset  on move")
    text = text.replace("    set last_winner = winner", "    reset   seen\n    set last_winner = winner")
    formatted = format_text(text)
    assert "var led per card = false, reset on move\n" in formatted and "    reset seen\n" in formatted
    assert format_text(formatted) == formatted
    from cardrules.authoring.explain import explain_text
    out = explain_text(formatted, "tricks.rules").text()
    assert "led (one for each card), starts at false, and again for a card whenever it moves" in out
    assert "every value of seen goes back to its initial value" in out


def test_a_cards_slots_are_those_of_its_key_combinations_wherever_the_card_key_stands():
    keyed = TRICKS.replace("var seen per player, card = false",
                           "var seen per player, card = false\nvar a per suit, card, suit = 0, reset on move\n"
                           "var b per player, card, suit = 0\nvar c per suit, card = 0")
    keyed = keyed.replace("      for p in players:", "      set a(spades, card, hearts) = 1\n"
                          "      set b(me, card, clubs) = 1\n"
                          "      set c(hearts, card) = c(hearts, card) + 1\n      for p in players:")
    game = cardrules.load_source(keyed, "tricks.rules")
    state = game.new_initial_state(3, 0)
    for spec in (s for s in game.vars if s.card_key >= 0):
        cards = percard.key_cards(spec)
        for card in game.cards:
            expected = {game.var_slot(spec, 3, p, k) for p in range(3 if spec.per_player else 1)
                        for k in range(spec.size) if cards[k] == card}
            assert set(percard.card_slots(spec, game.shared_vars, 3, card)) == expected
    played = state.legal_actions()[0].values[0]
    state.apply_action(0)
    a = next(s for s in game.vars if s.name == "a")
    slots = percard.card_slots(a, game.shared_vars, 3, played)
    assert [state.vars[slot] for slot in slots] == [0, 1] + [0] * 7  # a(spades, card, hearts), set after the move
    assert sum(state.vars[a.index:a.index + a.size]) == 1
    trick = [played]
    while len(trick) < 3:
        trick.append(state.legal_actions()[0].values[0])
        state.apply_action(0)
    assert sum(state.vars[a.index:a.index + a.size]) == 0  # gathering the trick moved its cards: reset
    b = next(s for s in game.vars if s.name == "b")
    assert sum(state.vars[game.var_slot(b, 3, 0):game.var_slot(b, 3, 0) + 3 * b.size]) == 3  # not reset
    view = state.view(0)
    seen = percard.seen_cards(state, 0)
    assert view.variables["c"] == {f"{suit} {game.card_texts[c]}": "1" if suit == "hearts" and c in trick else "0"
                                   for suit in ("spades", "hearts", "clubs") for c in sorted(seen)}


def test_a_save_whose_variables_do_not_fit_the_game_is_refused():
    saved = save_state(GAME.new_initial_state(3, 0))
    saved["vars"] = saved["vars"][:-1]  # the last card's mover is missing
    with pytest.raises(RulesError) as caught:
        load_state(GAME, saved)
    assert "the saved variables do not match this game's variables" in caught.value.diagnostics[0].message


@budget(30)
@given(deal_seed=seeds, choice_seed=seeds, point=points, sample_seed=seeds)
def test_the_bots_samples_keep_the_values_with_the_places_and_look_the_same(deal_seed, choice_seed, point,
                                                                             sample_seed):
    from cardrules.bots.beliefs import same_view, sample_information_set
    state = state_at(deal_seed, choice_seed, point)
    rng = random.Random(sample_seed)
    for card in GAME.cards:  # values on hidden cards too, as a position may give them
        state.vars[percard.mover_base(GAME, 3) + card] = rng.choice([NOTHING, *SEATS[:3]])
    for viewer in range(3):
        sample = sample_information_set(state, viewer, random.Random(sample_seed))
        assert same_view(sample, state, viewer)
        for slot, zone in enumerate(state.zones):
            for card, now in zip(zone, sample.zones[slot]):
                assert percard.mover_of(sample, now) == percard.mover_of(state, card)
        changed = sample.clone()  # a place whose mover differs does not look the same
        hand = changed.zone_cards("hand", (viewer + 1) % 3)
        if hand:
            base = percard.mover_base(GAME, 3)
            changed.vars[base + hand[0]] = SEATS[0] if changed.vars[base + hand[0]] is not SEATS[0] else SEATS[1]
            assert not same_view(changed, state, viewer)


def test_bots_play_a_game_that_keeps_values_per_card():
    """The search agents sample, replay and weigh worlds (bots/beliefs.py) with per-card values."""
    from cardrules.bots.base import inform, make_agent
    for seed in range(2):
        state = GAME.new_initial_state(3, seed)
        agents = [make_agent(spec, GAME, s, seed) for s, spec in
                  enumerate(["ismcts:iterations=30", "greedy", "ismcts:iterations=30,beliefs=8"])]
        while not state.is_terminal():
            action = agents[state.current_player()].choose(state)
            assert action in state.legal_actions()
            inform(agents, state, action)
            state.apply_action(action)
        assert sum(var(state, "tricks", p) for p in range(3)) == 4
