"""`caption:` (#24 item 2): words the table draws beside each card its viewer sees, never typed — through a small
rules file (the public API, the painter, fmt, explain) and through The Game: Extreme's command cards."""

from __future__ import annotations

import json
import re

import pytest
from rich.console import Console

import cardrules
from cardrules.authoring.explain import explain_text
from cardrules.authoring.fmt import format_text
from cardrules.cli import announce, render
from cardrules.engine.positions import load_position
from cardrules.engine.saves import save_state

RULES = """\
game "Captions"
players 2

option loud "Shout the high cards" = false

attribute colour: red "r" > blue "b"
attribute rank: 1..3
cards: colour * rank -> deck
text: colour rank

def shout(word) = word if loud else none
caption: shout("HIGH") if rank == 3 else (colour if it.rank == 1 else none)

zone deck: stack, hidden
zone hand: per player, owner, sorted
zone heap: stack, public

setup:
  deal 2 from deck to hand

turn:
  choose "Lay a card":
    lay(card in hand(me)):
      move card to heap

end when empty(hand(me)):
  win me
"""


def screen(game: cardrules.Game, state: cardrules.State, viewer: int) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(render.render_view(game, announce.view_for(state, viewer)))
    console.print(render.render_moves(render.CardPainter(game), state.legal_actions()))
    return console.export_text()


@pytest.fixture(scope="module", params=[False, True], ids=["quiet", "loud"])
def game(request):
    assert cardrules.check_source(RULES, "captions.rules") == []
    return cardrules.load_source(RULES, "captions.rules", {"loud": request.param})


def test_each_card_has_its_caption_and_keeps_its_text(game):
    loud = game.options["loud"]
    by_text = dict(zip(game.card_texts, game.card_captions))
    assert by_text == {"r1": "red", "r2": "", "r3": "HIGH" if loud else "", "b1": "blue", "b2": "", "b3": "HIGH"
                       if loud else ""}
    assert sorted(game.card_texts) == ["b1", "b2", "b3", "r1", "r2", "r3"]  # the texts are as without captions


def test_the_owner_sees_the_captions_of_their_cards_and_nobody_else_does(game):
    state = game.new_initial_state(2, seed=1)
    mine = [game.card_texts[c] for c in state.zone_cards("hand", 0)]
    captioned = {text: words for text, words in zip(game.card_texts, game.card_captions) if words}
    assert set(mine) & set(captioned), "the seed must deal P0 a captioned card for this test to mean anything"
    own, other = screen(game, state, 0), screen(game, state, 1)
    hand = next(line for line in own.splitlines() if "hand:" in line and "cards" not in line)
    for text in mine:
        assert re.search(rf"\b{text}( {captioned[text]})?(,|$)" if text in captioned else rf"\b{text}(,|$)", hand)
        if text in captioned:
            assert f"{text} {captioned[text]}" in hand
    assert re.search(r"P0  to move\n    hand: 2 cards\n", other), other  # no caption beside a hidden card
    moves = [line for line in own.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert sorted(m.split(". ", 1)[1] for m in moves) == sorted(f"lay {text}" for text in mine)  # no caption


def test_a_played_card_is_captioned_on_the_public_heap_and_moves_are_typed_by_text(game):
    state = load_position(game, {"players": 2, "to_move": 0, "zones": {"hand": [["r1", "b2"], ["r3"]],
                                                                       "heap": ["b1"], "deck": ["r2", "b3"]}})
    assert "heap: b1 blue" in screen(game, state, 1)
    [lay] = [a for a in state.legal_actions() if a.text == "lay r1"]
    state.apply_action(lay)
    assert "heap: b1 blue, r1 red" in screen(game, state, 1)
    saved = json.dumps(save_state(state))
    assert "red" not in saved and "HIGH" not in saved  # a save keeps no caption


def test_a_caption_that_fails_for_a_card_stops_the_build_at_its_place():
    text = RULES.replace('caption: shout("HIGH") if rank == 3 else (colour if it.rank == 1 else none)',
                         'caption: 6 // (rank - 1) if shout("x") == none else 1')
    assert cardrules.check_source(text, "c.rules") == []
    with pytest.raises(cardrules.RulesError) as info:
        cardrules.load_source(text, "c.rules")
    [d] = info.value.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E431", 12, 10)
    assert d.message == "the caption of the card r1 could not be worked out: division by zero"


def test_a_caption_without_the_file_is_no_caption():
    plain = cardrules.load_source(RULES.replace(
        'caption: shout("HIGH") if rank == 3 else (colour if it.rank == 1 else none)\n', ""), "c.rules")
    assert plain.card_captions == ()
    state = plain.new_initial_state(2, seed=1)
    assert "hand: " in screen(plain, state, 0) and "red" not in screen(plain, state, 0).split("hand:")[1]


def test_fmt_lays_out_a_caption_and_reads_back_the_same():
    messy = RULES.replace('caption: shout("HIGH") if rank == 3 else (colour if it.rank == 1 else none)',
                          'caption:shout( "HIGH" )  if rank==3 else (colour if it.rank==1 else none)')
    assert format_text(messy, "c.rules") == RULES
    assert format_text(RULES, "c.rules") == RULES


def test_explain_says_what_the_table_writes_beside_a_card():
    lines = [str(item) for section in explain_text(RULES, "c.rules", {"loud": True}).sections
             for item in section.items]
    said = "\n".join(lines)
    assert "The table writes beside each card" in said and "r1 red" in said, said


def test_a_variant_replaces_its_parents_caption(tmp_path):
    (tmp_path / "base.rules").write_text(RULES)
    (tmp_path / "child.rules").write_text('extends "base.rules"\ncaption: rank\n')
    child = cardrules.load(str(tmp_path / "child.rules"))
    assert dict(zip(child.card_texts, child.card_captions))["b2"] == "2"


# ---- The Game: Extreme ---------------------------------------------------------------------------------------------

def test_extreme_hands_show_each_command_beside_its_card_and_moves_keep_the_number(load_game):
    game = load_game("the-game", {"extreme": True})
    state = game.new_initial_state(2, seed=2)
    hand = [game.card_texts[c] for c in state.zone_cards("hand", 0)]
    assert "49" in hand, "seed 2 deals P0 the 49 (NO_BACKWARD): the test needs a command card"
    shown = screen(game, state, 0)
    assert "49 NO_BACKWARD" in shown
    assert "play 49 asc1" in shown and "NO_BACKWARD asc1" not in shown
    assert "NO_BACKWARD" not in screen(game, state, 1).split("P0 (you)")[0]
    state.apply_action(next(a for a in state.legal_actions() if a.text == "play 49 asc1"))
    saved = json.dumps(save_state(state))
    assert "NO_BACKWARD" not in saved


def test_the_original_game_has_no_captions(load_game):
    game = load_game("the-game")
    assert not any(game.card_captions)
    assert "NO_BACKWARD" not in screen(game, game.new_initial_state(2, seed=2), 0)


def test_playing_extreme_types_the_number_of_a_captioned_card(invoke):
    result = invoke("play", "the-game", "-o", "extreme", "--seed", "2", "-p", "2", input="play 49 asc1\nquit\n")
    assert "49 NO_BACKWARD" in result.output
    assert "P0 plays 49" in result.output or "49" in result.output.split("play 49 asc1")[-1]


def test_the_editor_outline_lists_the_caption():
    from pygls.workspace import PositionCodec

    from cardrules.lsp.document import analyse
    from cardrules.lsp.hover import hover
    from cardrules.lsp.symbols import document_symbols

    analysis = analyse(RULES, "captions.rules", PositionCodec())
    assert "caption" in [symbol.name for symbol in document_symbols(analysis)]
    line = RULES.splitlines().index(next(x for x in RULES.splitlines() if x.startswith("caption:")))
    shown = hover(analysis, line, 2)
    assert shown is not None and "display only" in str(shown)
