"""Positions for the Red7 example tests (test-side only: nothing here decides an expected result).

A position starts a turn. The rule is set by a spare card of the rule's colour on top of the
canvas (rule red: the starting card alone). Named cards can be put on top of the deck, so a draw is
seen as that very card arriving in the hand. An empty deck is made by listing every other card in
the canvas, under the card that sets the rule.
"""

from __future__ import annotations

from cardrules.engine.positions import load_position

COLORS = "roygbiv"  # red .. violet (rules 2.2)
RULE_LETTER = {"red": "r", "orange": "o", "yellow": "y", "green": "g", "blue": "b", "indigo": "i",
               "violet": "v"}
ALL_CARDS = [f"{c}{n}" for c in COLORS for n in range(1, 8)]


def names(game, cards) -> list[str]:
    return [game.card_texts[c] for c in cards]


def position(game, palettes, hands, rule="red", to_move=0, deck_top=(), empty_deck=False, scored=None,
             eliminated=(), seed=0):
    """A state at the start of `to_move`'s turn.

    deck_top: cards put on top of the (shuffled) deck, bottom to top.
    empty_deck: the deck holds exactly `deck_top`; every other card is put in the canvas under the rule card.
    """
    n = len(palettes)
    scored = scored or [[] for _ in range(n)]
    used = {c for zone in (*palettes, *hands, *scored) for c in zone} | set(deck_top)
    letter = RULE_LETTER[rule]
    spare = [f"{letter}{k}" for k in range(7, 0, -1) if f"{letter}{k}" not in used]
    rule_card = [] if rule == "red" and not empty_deck else [spare[0]]
    filler = [c for c in ALL_CARDS if c not in used and c not in rule_card] if empty_deck else []
    canvas = filler + rule_card
    data = {"players": n, "to_move": to_move, "eliminated": list(eliminated), "seed": seed,
            "zones": {"canvas": canvas, "palette": [list(p) for p in palettes],
                      "hand": [list(h) for h in hands], "scored": [list(s) for s in scored],
                      "deck": list(deck_top)}}
    state = load_position(game, data)
    assert names(game, state.zone_cards("canvas")) == ["starter", *canvas]
    assert [names(game, state.zone_cards("palette", p)) for p in range(n)] == [list(p) for p in palettes]
    assert names(game, state.zone_cards("deck"))[len(state.zone_cards("deck")) - len(deck_top):] == list(deck_top)
    if empty_deck:
        assert names(game, state.zone_cards("deck")) == list(deck_top)
    assert state.current_player() == to_move and not state.is_terminal()
    return state


def texts(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def hand(game, state, p=0) -> list[str]:
    return names(game, state.zone_cards("hand", p))


def deck(game, state) -> list[str]:
    return names(game, state.zone_cards("deck"))


def palette(game, state, p=0) -> list[str]:
    return names(game, state.zone_cards("palette", p))


def canvas_top(game, state) -> str:
    return names(game, state.zone_cards("canvas"))[-1]
