"""Red7's fixtures: the game with each set of options, and positions built from palettes, hands and a rule.

A position starts a turn. The rule is set by a spare card of the rule's colour on top of the
canvas (rule red: the starting card alone). Named cards can be put on top of the deck, so a draw is
seen as that very card arriving in the hand. An empty deck is made by listing every other card in
the canvas, under the card that sets the rule. Nothing here decides an expected result.
"""

from __future__ import annotations

import pytest

from .cards import ALL_CARDS, RULE_LETTER


@pytest.fixture(scope="session")
def red7(load_game):
    """The basic game (no option)."""
    return load_game("red7")


@pytest.fixture(scope="session")
def advanced(load_game):
    return load_game("red7", {"advanced": True})


@pytest.fixture(scope="session")
def expert(load_game):
    return load_game("red7", {"expert": True})


@pytest.fixture(scope="session")
def both(load_game):
    return load_game("red7", {"advanced": True, "expert": True})


@pytest.fixture(scope="session")
def position(position, card_texts):
    """position(game, palettes, hands, rule="red", to_move=0, ...): a state at the start of `to_move`'s turn.

    The shared position fixture in Red7's words (this one overrides it within the folder).
    deck_top: cards put on top of the (shuffled) deck, bottom to top. empty_deck: the deck holds
    exactly `deck_top`; every other card is put in the canvas under the rule card. extra_used: cards
    the example uses elsewhere, which the spare card setting the rule must not be.
    """
    def build(game, palettes, hands, rule="red", to_move=0, deck_top=(), empty_deck=False, scored=None,
              eliminated=(), seed=0, extra_used=()):
        n = len(palettes)
        scored = scored or [[] for _ in range(n)]
        used = {c for zone in (*palettes, *hands, *scored) for c in zone} | set(deck_top) | set(extra_used)
        letter = RULE_LETTER[rule]
        spare = [f"{letter}{k}" for k in range(7, 0, -1) if f"{letter}{k}" not in used]
        rule_card = [] if rule == "red" and not empty_deck else [spare[0]]
        filler = [c for c in ALL_CARDS if c not in used and c not in rule_card] if empty_deck else []
        canvas = filler + rule_card
        zones = {"canvas": canvas, "palette": [list(p) for p in palettes], "hand": [list(h) for h in hands],
                 "scored": [list(s) for s in scored], "deck": list(deck_top)}
        state = position(game, zones, players=n, to_move=to_move, eliminated=list(eliminated), seed=seed)
        assert card_texts(state, "canvas") == ["starter", *canvas]
        assert [card_texts(state, "palette", p) for p in range(n)] == [list(p) for p in palettes]
        assert card_texts(state, "deck")[len(state.zone_cards("deck")) - len(deck_top):] == list(deck_top)
        if empty_deck:
            assert card_texts(state, "deck") == list(deck_top)
        view = state.view(to_move)
        assert view.zones["canvas"] == ["starter", *canvas]
        for seat, palette in enumerate(palettes):  # 8.5: an eliminated player's palette is turned face down
            shown = {"count": len(palette)} if seat in eliminated else list(palette)
            assert view.zones["palette"][seat] == shown
        assert state.current_player() == to_move and not state.is_terminal()
        return state
    return build
