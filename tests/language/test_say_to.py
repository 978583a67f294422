"""`say ... to PLAYERS` (a private message) and `reveal at end: ZONES` (what game over shows): parsed, checked,
compiled, explained and laid out by fmt."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.authoring.explain import explain_text
from cardrules.authoring.fmt import format_text
from cardrules.diagnostics import RulesRuntimeError

RULES = '''game "Whisper"
players 2..3
attribute n: 1..5
cards: n -> deck
zone deck: hidden
zone hand: per_player, owner
zone pile: public
setup:
  shuffle deck
  for p in players:
    deal 1 from deck to hand(p)
turn:
  choose:
    whisper(c in hand(me)):
      say "you hold", c, words("(", c, ")") to [me]
      say me, "whispers" to  [left(me), me]
      move c to pile
end when empty(hand(me)):
  win me
reveal at end: hand,pile
'''


def test_say_to_tells_the_listed_seats_and_keeps_the_cards_named():
    game = cardrules.load_source(RULES)
    state = game.new_initial_state(3, 2)
    me = state.current_player()
    card = state.zone_cards("hand", me)[0]
    state.apply_action(0)
    mine, whisper = state.events
    assert [mine.told(p) for p in range(3)] == [p == me for p in range(3)] and not mine.told(-1)
    assert [whisper.told(p) for p in range(3)] == [p in (me, (me + 1) % 3) for p in range(3)]
    text = game.card_texts[card]
    assert mine.text == f"you hold {game.card_labels[card]} ( {text} )"


def test_say_to_a_seat_that_is_not_there_is_a_located_runtime_error():
    game = cardrules.load_source(RULES.replace("to [me]", "to [me + 5]"))
    state = game.new_initial_state(2, 0)
    with pytest.raises(RulesRuntimeError) as caught:
        state.apply_action(0)
    assert "'say ... to' tells seats from 0 to 1, not 5" in str(caught.value)
    assert caught.value.diagnostics[0].span.line == 15


def test_reveal_at_end_is_compiled_and_the_default_is_every_per_player_zone():
    assert cardrules.load_source(RULES).end_reveals() == ("hand", "pile")
    assert cardrules.load_source(RULES.replace("reveal at end: hand,pile", "reveal at end: none")).end_reveals() == ()
    assert cardrules.load_source(RULES.replace("reveal at end: hand,pile\n", "")).end_reveals() == ("hand",)


def test_explain_says_who_is_told_and_what_game_over_shows():
    text = explain_text(RULES, "whisper.rules").text()
    assert "tell [me] only: \"you hold\", c" in text
    assert "at game over everyone is shown: hand, pile" in text


def test_fmt_lays_out_both_and_keeps_their_meaning():
    out = format_text(RULES)
    assert 'say me, "whispers" to [left(me), me]\n' in out and "reveal at end: hand, pile\n" in out
    assert format_text(out) == out
