"""Zone kinds are one class each (cardrules/engine/zones/): a kind registered from outside the package
is declared, checked, compiled, played, viewed, drawn, explained, saved and loaded like the standard ones.

The main toy kind here is a `fan`: a shared pile fanned out so that only its last three cards show.
Everyone sees those and how many cards lie in it, nothing more, which no standard kind gives. A
second one, `heaps`, has nothing but a capability (it opens a family's members in order).
"""

from __future__ import annotations

import inspect
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

import cardrules
from cardrules.authoring.explain import explain_text
from cardrules.cli.render import render_view
from cardrules.engine import zones
from cardrules.engine.positions import load_position
from cardrules.engine.saves import load_state, save_state


class FanKind(zones.ZoneKind):
    """Cards fanned out on the table: the last three show, the others are covered."""

    name = "fan"
    noun = "fan"
    has_top = True

    def problems(self, zone: zones.Declared) -> list[zones.Problem]:
        if zone.per_player or zone.family is not None:
            return [("E299", "a fan is one shared zone")]
        if zone.visibility != "public":
            return [("E299", "a fan shows its last cards to everyone: declare it public")]
        return []

    def describe(self, zone: zones.Declared) -> str:
        return "a fan — everyone sees its last three cards and how many lie under them"

    def view(self, state, cards, sees, viewer):
        texts = state.game.card_texts
        return {"count": len(cards), "showing": [texts[c] for c in cards[-3:]]}

    def render(self, painter, contents, marks=None, seat=None):
        from rich.text import Text

        text = Text(f"{contents['count']} cards, showing ")
        text.append_text(painter.cards(contents["showing"]))
        return text, []


FANNING = """\
game "Fanning"
players 2..3
attribute number: 1..6
cards: number copies 2 -> deck
zone deck: stack, hidden
zone shown: fan, public
zone hand: per_player, owner
setup:
  shuffle deck
  deal 3 from deck to hand
turn:
  choose:
    play(card in hand(me)):
      move card to shown
      if count(deck) > 0:
        move top(deck) to hand(me)
end when all([empty(hand(p)) for p in players]):
  win []
"""

TODAYS_E230 = ("unknown zone property 'hiden' — did you mean 'hidden'? (a zone has a kind: stack, row, grid or "
               "columns; a visibility: public, hidden, owner or others; and may be 'per player', 'per KEY' for one "
               "zone per value of an attribute, hidden_when_out, internal or sorted)")


@pytest.fixture
def fan():
    kind = zones.register(FanKind())
    yield kind
    zones.unregister("fan")


def errors(text: str) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in cardrules.check_source(text, "fanning.rules") if d.severity == "error"]


def test_a_game_with_a_zone_of_a_new_kind_plays_views_and_saves(fan):
    assert errors(FANNING) == []
    game = cardrules.load_source(FANNING, "fanning.rules")
    assert game.zone("shown").kind is fan
    slot = game.zone("shown").index
    for seed in range(5):
        state = game.new_initial_state(3, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            shown = [game.card_texts[c] for c in state.zones[slot]]
            assert state.view(seed % 3).zones["shown"] == {"count": len(shown), "showing": shown[-3:]}
            again = load_state(game, json.loads(json.dumps(save_state(state))))
            assert again == state and again.zones[slot] == state.zones[slot]
            state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.zones[slot]) == 12


def test_a_zone_of_a_new_kind_is_read_from_a_position_drawn_and_explained(fan):
    game = cardrules.load_source(FANNING, "fanning.rules")
    state = load_position(game, {"players": 2, "zones": {"shown": ["1", "2", "3", "4"], "hand": [["5"], ["6"]]}})
    assert [game.card_texts[c] for c in state.zones[game.zone("shown").index]] == ["1", "2", "3", "4"]
    console = Console(record=True, width=80)
    console.print(render_view(game, state.view(0)))
    assert "  shown: 4 cards, showing 2 3 4\n" in console.export_text()
    text = json.dumps(explain_text(FANNING, "fanning.rules").to_json(), ensure_ascii=False)
    assert "shown: a fan — everyone sees its last three cards and how many lie under them" in text


@pytest.mark.parametrize("declaration, message", [
    ("zone shown: fan, per_player", "a fan is one shared zone"),
    ("zone shown: fan, hidden", "a fan shows its last cards to everyone: declare it public"),
    ("zone shown: fan, row, public", "a zone has one kind: stack, row, grid, columns or fan"),
])
def test_check_refuses_what_the_new_kind_refuses(fan, declaration, message):
    found = errors(FANNING.replace("zone shown: fan, public", declaration))
    assert message in [m for _, m in found]


def test_an_unknown_kind_lists_every_registered_kind(fan):
    found = errors(FANNING.replace("zone shown: fan, public", "zone shown: fann, public"))
    assert ("E230", TODAYS_E230.replace("'hiden' — did you mean 'hidden'?", "'fann' — did you mean 'fan'?")
            .replace("grid or columns", "grid, columns or fan")) in found


def test_once_unregistered_the_kind_is_unknown_again():
    zones.register(FanKind())
    zones.unregister("fan")
    assert zones.names() == ["stack", "row", "grid", "columns"]
    found = errors(FANNING.replace("zone shown: fan, public", "zone shown: fan, public\nzone spare: stack, hiden"))
    assert ("E230", TODAYS_E230) in found
    assert any(code == "E230" and message.startswith("unknown zone property 'fan' (a zone has a kind: stack, row, "
                                                     "grid or columns;") for code, message in found)


def test_a_kind_is_registered_once_and_a_zone_naming_none_is_a_stack():
    with pytest.raises(ValueError):
        zones.register(zones.ZoneKind())  # no name
    with pytest.raises(ValueError):
        zones.register(type(zones.kind_of(["row"]))())  # a second `row`
    assert zones.kind_of(["hidden"]) is zones.kind_of(["stack"]) and zones.kind_of(["stack"]).has_top


class HeapsKind(zones.ZoneKind):
    """A family of heaps that come and go: nothing but the capability, every hook the default's."""

    name = "heaps"
    noun = "heap"
    opens_in_order = True


HEAPS = """\
game "Heaps"
players 2..2
attribute suit: spades "s" > hearts "h" > clubs "c"
attribute number: 1..3
cards: suit * number -> deck
text: suit number
zone deck: stack, hidden
zone heap: per suit, heaps, public
def open = keys(heap)
setup:
  shuffle deck
turn:
  choose:
    draw(card in [top(deck)]):
      move card to heap(card.suit)
end when count(deck) == 0:
  win []
"""


def test_a_new_kind_that_opens_its_members_in_order_gets_the_order_from_the_capability():
    zones.register(HeapsKind())
    try:
        game = cardrules.load_source(HEAPS, "heaps.rules")
        state = load_position(game, {"players": 2, "zones": {"heap": {"hearts": ["h1"], "clubs": ["c3", "c1"]}}})
        assert [v.name for v in game.call(state, "open")] == ["hearts", "clubs"]
        assert state.view(0).zones["heap"] == {"hearts": ["h1"], "clubs": ["c3", "c1"]}
        console = Console(record=True, width=80)
        console.print(render_view(game, state.view(0)))
        assert "    hearts: h1\n    clubs: c3 c1\n" in console.export_text()
        state = game.new_initial_state(2, 3)
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
            assert list(state.view(1).zones["heap"]) == [v.name for v in game.call(state, "open")]
        assert len(game.call(state, "open")) == 3
    finally:
        zones.unregister("heaps")


def test_the_worked_example_of_docs_contributing_is_this_kind():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "contributing.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", doc, re.S | re.M)
    assert inspect.getsource(FanKind) in blocks


def test_only_the_kinds_name_themselves():
    """Code outside cardrules/engine/zones/ asks a kind about its capabilities, never for its name."""
    root = Path(cardrules.__file__).parent
    pattern = re.compile("|".join(f'"{name}"' for name in zones.names()))
    naming = [f"{path.relative_to(root)}:{number}" for path in sorted(root.rglob("*.py"))
              if "zones" not in path.relative_to(root).parts[:-1]
              for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert naming == []
