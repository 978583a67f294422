"""Secret simultaneous choices (`simultaneously`), through a tiny drafting game (draft.rules): everyone keeps a
card of their hand at once, then the hands pass to the left."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

import cardrules
from cardrules.authoring.explain import explain_text
from cardrules.authoring.fmt import format_text
from cardrules.bots import make_agent
from cardrules.bots.beliefs import sample_information_set
from cardrules.engine.saves import load_state, save_state
from cardrules.simulation import play_match

HERE = Path(__file__).parent
RULES = (HERE / "draft.rules").read_text(encoding="utf-8")
CARDS = 18
HAND = 4


@pytest.fixture(scope="module")
def game() -> cardrules.Game:
    return cardrules.load_source(RULES, str(HERE / "draft.rules"))


def variant(old: str, new: str) -> cardrules.Game:
    assert old in RULES
    return cardrules.load_source(RULES.replace(old, new, 1), "variant.rules")


def every_card_once(state: cardrules.State) -> bool:
    return sorted(card for zone in state.zones for card in zone) == list(state.game.cards)


def committed(state: cardrules.State, *moves: int) -> cardrules.State:
    """The state after the players asked in turn make the moves of these numbers (from 0)."""
    for index in moves:
        state.apply_action(state.legal_actions()[index])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_end_and_keep_every_card(game, players):
    for seed in range(15):
        rng = random.Random(seed)
        state = game.new_initial_state(players, seed)
        while not state.is_terminal():
            assert every_card_once(state)
            state.apply_action(rng.choice(state.legal_actions()))
        assert every_card_once(state)
        assert [len(state.zone_cards("tableau", p)) for p in range(players)] == [HAND] * players
        assert state.turns == HAND and state.decisions == HAND * players


def test_every_player_chooses_on_the_same_state_then_all_is_revealed_in_order(game):
    state = game.new_initial_state(3, 1)
    before = state.clone()
    hands = [list(state.zone_cards("hand", p)) for p in range(3)]
    assert state.committing() and state.current_player() == 0 and state.prompt() == "Pick a card to keep"
    committed(state, 1)
    assert state.committing() and state.current_player() == 1
    assert state.zones == before.zones and state.vars == before.vars  # nothing took effect
    assert [a.text for a in state.legal_actions()] == [f"pick {game.card_texts[c]}" for c in hands[1]]
    committed(state, 0)
    assert state.current_player() == 2 and state.zones == before.zones
    committed(state, 3)
    assert state.turns == 2 and state.secret.chosen == (None, None, None)  # the next turn's choices begin
    kept = [hands[0][1], hands[1][0], hands[2][3]]
    texts = [game.card_texts[c] for c in kept]
    told = [event.text for event in state.events]
    assert told[:3] == [f"P{p} chose pick {texts[p]}" for p in range(3)]  # everyone is told, in order
    assert told[3:] == [f"P{p} keeps {game.card_labels[kept[p]]}" for p in range(3)]  # `say p, ...`
    assert [state.zone_cards("tableau", p) for p in range(3)] == [[c] for c in kept]
    assert state.current_player() == 0
    assert state.view(0).turn_player == 1  # whose turn it is, not who is asked


def test_nobody_sees_another_players_pending_choice(game):
    fresh = game.new_initial_state(3, 4)
    one, other = committed(fresh.clone(), 0), committed(fresh.clone(), 2)
    assert one.secret != other.secret  # the choices differ ...
    for viewer in (1, 2, -1):  # ... and nobody else's view tells them apart
        assert one.view(viewer) == other.view(viewer)
        assert one.view(viewer).committed == (0,) and one.view(viewer).own_choice == ""
        assert "own_choice" not in one.view(viewer).to_json()
    assert one.view(0).own_choice == one.secret.chosen[0].text != other.view(0).own_choice
    assert fresh.view(1).to_json().keys() == one.view(1).to_json().keys() - {"committed"}
    committed(one, 0)  # P1 chooses: P2's view still shows nothing of either choice
    committed(other, 0)
    assert one.view(2) == other.view(2) and one.view(2).committed == (0, 1)


def test_bots_choose_without_reading_the_others_choices(game):
    fresh = game.new_initial_state(3, 2)
    states = [committed(fresh.clone(), 0), committed(fresh.clone(), 3)]
    for seed in range(5):
        samples = [sample_information_set(s, 1, random.Random(seed)) for s in states]
        assert samples[0] == samples[1]  # P0's choice is drawn again, never read
        assert samples[0].current_player() == 1  # the others have all chosen in the sample: P1's choice ends it
        assert attrs.evolve(samples[0].view(1), committed=()) == attrs.evolve(states[0].view(1), committed=())
    for spec in ("greedy", "ismcts:iterations=40"):
        picks = [make_agent(spec, game, 1, 7).choose(s.clone()) for s in states]
        assert picks[0] == picks[1]


def test_a_secret_choice_is_told_only_to_its_own_seat(game):
    class Listener:
        def __init__(self, seat: int):
            self.seat, self.rng, self.heard = seat, random.Random(seat), []

        def choose(self, state):
            return self.rng.choice(state.legal_actions())

        def observe(self, state, action):
            self.heard.append((state.current_player(), state.committing()))

    seats = [Listener(p) for p in range(3)]
    play_match(game, 3, 5, seats)
    for listener in seats:
        assert listener.heard and all(not secret or player == listener.seat for player, secret in listener.heard)


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iterations=30"])
def test_search_agents_play_it(game, spec):
    seats = [make_agent(spec, game, 0, 1), make_agent("random", game, 1, 2), make_agent("random", game, 2, 3)]
    state = play_match(game, 3, 11, seats)
    assert state.is_terminal() and state.winners and every_card_once(state)


def test_greedy_sees_its_own_secret_choice_carried_out(game):
    """In its sample the others have chosen, so its lookahead scores the card it keeps: it beats random."""
    wins = 0
    for seed in range(30):
        seats = [make_agent("greedy", game, 0, seed), *(make_agent("random", game, p, seed) for p in (1, 2))]
        wins += 0 in play_match(game, 3, seed, seats).winners
    assert wins >= 25  # 30 of 30; without the drawn choices of the others, 18


def test_save_and_load_while_the_players_choose(game, load_game):
    state = committed(game.new_initial_state(3, 6), 2)
    data = json.loads(json.dumps(save_state(state)))
    assert data["secret"]["chosen"][1:] == [None, None]
    loaded = load_state(game, data)
    assert loaded == state and loaded.view(0).own_choice == state.view(0).own_choice
    rng_a, rng_b = random.Random(3), random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng_a.choice(state.legal_actions()))
        loaded.apply_action(rng_b.choice(loaded.legal_actions()))
        assert loaded == state and loaded.events == state.events
    assert "secret" not in save_state(load_game("red7").new_initial_state(2, 0))  # other saves are as before


def test_a_damaged_save_of_secret_choices_is_refused(game):
    data = save_state(committed(game.new_initial_state(3, 6), 2))
    for broken in ({**data["secret"], "seats": [0, 1, 7]}, {**data["secret"], "pc": 0},
                   {**data["secret"], "chosen": [{"option": 5, "values": [], "text": "x"}, None, None]},
                   {**data["secret"], "revealed": 0}, "nonsense"):
        with pytest.raises(cardrules.RulesError):
            load_state(game, {**data, "secret": broken})


def test_a_position_asks_the_first_listed_player(game, position):
    state = position(game, {"hand": [["1M"], ["2M"], ["3M"]]}, players=3, to_move=2)
    assert state.committing() and state.current_player() == 0 and state.view(0).turn_player == 2
    assert [a.text for a in state.legal_actions()] == ["pick 1M"]


def test_players_asked_in_the_lists_order_and_eliminated_ones_left_out():
    game = variant("simultaneously for p in players:", "simultaneously for p in [left(me), me, right(me)]:")
    state = game.new_initial_state(3, 0)
    assert [state.current_player(), committed(state, 0).current_player()] == [1, 0]
    out = variant("setup:\n", "setup:\n  eliminate 1\n")
    state = out.new_initial_state(3, 0)
    assert state.secret.seats == (0, 2)
    committed(state, 0, 0)
    assert len(state.zone_cards("tableau", 1)) == 0 and len(state.zone_cards("tableau", 2)) == 1


def test_a_choose_in_a_chosen_body_is_asked_at_the_reveal():
    game = variant("        say p, \"keeps\", card\n",
                   "        choose \"Keep it face up?\":\n"
                   "          yes:\n            pass\n"
                   "          no:\n            move card to passed(me)\n")
    state = committed(game.new_initial_state(2, 3), 0, 0)
    assert not state.committing() and state.secret.revealed == 1
    assert state.current_player() == 0 and state.prompt() == "Keep it face up?"
    assert [event.text for event in state.events] == [f"P{p} chose {state.secret.chosen[p].text}" for p in range(2)]
    assert len(state.zone_cards("tableau", 0)) == 1 and len(state.zone_cards("tableau", 1)) == 0
    data = save_state(state)
    assert load_state(game, json.loads(json.dumps(data))) == state
    state.apply_action("no")
    assert state.current_player() == 1 and len(state.zone_cards("tableau", 1)) == 1
    state.apply_action("yes")
    assert state.turns == 2 and state.secret.chosen == (None, None) and every_card_once(state)


def test_misuse_is_reported_at_its_line():
    cases = {
        "E285": ("    choose \"Pick a card to keep\":", "    say \"now\"\n    choose \"Pick a card to keep\":"),
        "E286": ("pick(card in hand(p)):", "pick(card in hand(p)) only if score(p) < 9 afterwards:"),
        "E287": ("        say p, \"keeps\", card\n", "        simultaneously for q in players:\n"
                 "          choose:\n            ok:\n              pass\n"),
        "E288": ("        say p, \"keeps\", card\n", "        first player: p\n"),
        "E250": ("        say p, \"keeps\", card\n", "        stop\n"),
    }
    for code, (old, new) in cases.items():
        assert old in RULES
        errors = [d for d in cardrules.check_source(RULES.replace(old, new, 1), "x.rules") if d.severity == "error"]
        assert [d.code for d in errors] == [code], (code, errors)
        line = RULES.replace(old, new, 1)[:RULES.index(old)].count("\n") + 1
        assert errors[0].span.line >= line


def test_explain_and_fmt_know_the_statement():
    text = explain_text(RULES, "draft.rules").text()
    assert "at the same time, each p in players (not out) chooses in secret" in text
    messy = RULES.replace("  simultaneously for p in players:", "  simultaneously   for p in players :")
    assert format_text(messy) == format_text(RULES) == RULES


def test_the_cli_announces_only_that_a_player_has_chosen(invoke):
    result = invoke("play", HERE / "draft.rules", "-p", "3", "--seed", "8", "--seat", "0=random",
                    "--seat", "1=human", input="1\nquit\n")
    before_prompt, _, after = result.output.partition("P1, your move")
    assert "P0 has chosen" in before_prompt and "P0 chose" not in before_prompt
    assert "P0 plays" not in result.output
    assert "has chosen: " not in before_prompt.split("P1 (you)")[0]  # P0's row in P1's view: no choice shown
    assert "P1 has chosen" in after and "P0 chose pick" in after  # the reveal, once P2 has chosen too


def test_bad_lists_and_choices_nobody_can_make_stop_the_game_at_their_line():
    twice = variant("simultaneously for p in players:", "simultaneously for p in [me, me]:")
    with pytest.raises(cardrules.RulesRuntimeError, match="lists P0 twice"):
        twice.new_initial_state(2, 0)
    with pytest.raises(cardrules.RulesError, match="'simultaneously' needs players, but hand"):  # kinds.py
        variant("simultaneously for p in players:", "simultaneously for p in hand(me):")
    # a list of mixed kinds hides the cards from the check: the run time still refuses them
    cards = variant("simultaneously for p in players:", "simultaneously for p in [me, top(hand(me))]:")
    with pytest.raises(cardrules.RulesRuntimeError, match="lists seats from 0 to 1"):
        cards.new_initial_state(2, 0)
    stuck = variant("pick(card in hand(p)):", "pick(card in hand(p) where it.points > 3):")
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        stuck.new_initial_state(2, 0).legal_actions()
    assert caught.value.diagnostics[0].code == "R301"


def test_an_afterwards_guard_earlier_in_the_turn_searches_through_the_secret_choices():
    game = variant("turn:\n", "turn:\n  choose:\n    go only if count(tableau(me)) > 0 afterwards:\n      pass\n")
    state = game.new_initial_state(3, 2)
    assert [a.text for a in state.legal_actions()] == ["go"]  # the search made every secret choice
    state.apply_action("go")
    assert state.committing() and state.current_player() == 0
