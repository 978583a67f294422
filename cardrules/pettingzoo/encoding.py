"""A state and a viewer -> a fixed-size vector of what that player may see (`State.view`), laid out from
the rules file's zones, variables and card attributes (docs/agents.md, "Observations").

Every entry lies in [-1, 1]. The vector is the concatenation of the segments below, in this order
(`Encoder.segments` gives each one's name, start and size); T is the number of card types (cards
with the same text are one type), P the number of places (places.py), n the number of players, and
seats and places are counted from the viewer:

    cards      T x P  copies of each type the viewer sees (or knows) at each place / the type's copies
    tops       T x P  1 where a type is the top card of a place (the last card of a stack, of a grid cell)
    counts     P      cards at each place / the number of cards (hidden places too: their sizes are seen)
    grid:NAME  W x W x (2 + A)  per cell of a grid zone's window (W = 2R + 1, from -R to R): occupied,
                      height, then the top card's value of each of the A attributes (rank / count)
    seats      5n + 2 out, whose turn, to move (n + 1: nobody), has chosen in secret, winners, game over
    decision   D + 1  which `choose` the viewer faces (D of them; the last: none, or not the viewer's turn)
    var:NAME   ...    each variable, per seat and per key, by its kind: a none flag, then a number
                      (x / (|x| + 10)), a truth, a seat (one-hot), a card (one-hot over types), a value
                      (one-hot over the attribute's values), a cell (x / R, y / R), a list of cards or
                      seats or values (counts), or for any other kind a number or a list's length
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine import State, View
from ..engine.percard import key_names
from ..engine.zones.grid import parse_cell
from ..values import NOTHING, Card, Sym
from .kinds import Kind
from .places import Layout


def squash(x: float) -> float:
    """Any number into (-1, 1), one to one, near-linear for the small numbers card games count."""
    return x / (abs(x) + 10.0)


class Encoder:
    def __init__(self, layout: Layout, var_kinds: dict[str, Kind]):
        game = layout.game
        self.layout, self.game, self.n = layout, game, layout.n
        self.var_kinds = var_kinds
        self.pcs = sorted(game.decisions)
        self.attrs = list(game.attributes)
        type_card = [game.card_texts.index(text) for text in layout.types]  # a card of each type
        # each type's value of every attribute, as the grid window shows a top card
        self.type_values = [np.array([self._attribute(a, game.card_attrs[a].get(card, NOTHING)) for a in self.attrs],
                                     dtype=np.float32) for card in type_card]
        self.cells: dict[str, int] = {}  # a view's cell key ("2,-1") -> its number in the window, or -1
        self.segments: list[tuple[str, int, int]] = []
        t, p, n = len(layout.types), len(layout.places), self.n
        self._add("cards", t * p)
        self._add("tops", t * p)
        self._add("counts", p)
        self.grids = {spec.name: self._add(f"grid:{spec.name}", layout.side ** 2 * (2 + len(self.attrs)))
                      for spec in game.zones if spec.kind.by_cell}
        self.seats = self._add("seats", 5 * n + 2)
        self.decision = self._add("decision", len(self.pcs) + 1)
        self.vars = {spec.name: self._add(f"var:{spec.name}", (n if spec.per_player else 1) * spec.size
                                          * self.width(var_kinds.get(spec.name)))
                     for spec in game.vars}
        self.size = sum(size for _, _, size in self.segments)

    def _add(self, name: str, size: int) -> int:
        start = sum(s for _, _, s in self.segments)
        self.segments.append((name, start, size))
        return start

    # ---- the vector ------------------------------------------------------------------------------
    def encode(self, state: State, viewer: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        view = state.view(viewer)
        self._zones(out, view, viewer)
        self._seats(out, view, state, viewer)
        self._variables(out, view, state, viewer)
        return np.clip(out, -1.0, 1.0, out=out)  # sums of thirds may round a hair past 1

    def _zones(self, out: np.ndarray, view: View, viewer: int) -> None:
        for spec in self.game.zones:
            if spec.kind.opens_in_order:  # a family opened in order: one entry, by member
                entry = view.zones.get(spec.family, {}).get(spec.name)
            else:
                entry = view.zones.get(spec.name)
            for seat in range(self.n) if spec.per_player else [None]:
                here = entry[seat] if spec.per_player and entry is not None else entry
                place = self.layout.place(spec, seat, viewer)
                if spec.kind.by_cell:
                    self._grid(out, here or {}, place, self.grids[spec.name])
                else:
                    self._stack(out, here, place)

    def _card(self, out: np.ndarray, text: str, place: int, top: bool) -> None:
        layout = self.layout
        t = layout.type_index[text]
        p = len(layout.places)
        out[t * p + place] += 1.0 / layout.copies[t]
        if top:
            out[len(layout.types) * p + t * p + place] = 1.0

    def _count(self, out: np.ndarray, place: int, count: int) -> None:
        layout = self.layout
        out[2 * len(layout.types) * len(layout.places) + place] += count / len(self.game.cards)

    def _stack(self, out: np.ndarray, entry: Any, place: int) -> None:
        if isinstance(entry, list):  # seen: the card texts, bottom first
            for i, text in enumerate(entry):
                self._card(out, text, place, i == len(entry) - 1)
            self._count(out, place, len(entry))
        elif isinstance(entry, dict):  # unseen: its count and the cards the viewer knows there
            self._count(out, place, int(entry.get("count", 0)))
            for known in entry.get("known", ()):
                self._card(out, known["card"], place, known.get("from_top") == 0)

    def _grid(self, out: np.ndarray, cells: dict, place: int, start: int) -> None:
        width = 2 + len(self.attrs)
        for key, texts in cells.items():
            for i, text in enumerate(texts):
                self._card(out, text, place, i == len(texts) - 1)
            self._count(out, place, len(texts))
            index = self.cells.get(key)
            if index is None:
                cell = parse_cell(key)
                index = self.cells[key] = -1 if cell is None else self.layout.cell_index(cell)
            if index < 0 or not texts:
                continue  # outside the window: in the counts and cards, not on the board
            at = start + index * width
            out[at], out[at + 1] = 1.0, squash(len(texts))
            out[at + 2:at + width] = self.type_values[self.layout.type_index[texts[-1]]]

    def _attribute(self, attr: str, value: Any) -> float:
        values = self.game.attributes[attr]
        if isinstance(value, Sym):
            return (values.index(value) + 1) / len(values)
        if isinstance(value, int) and len(values) == 2 and isinstance(values[0], int):
            low, high = values
            return max(0.0, min(1.0, (value - low + 1) / (high - low + 1)))
        return 0.0

    def _seats(self, out: np.ndarray, view: View, state: State, viewer: int) -> None:
        n, at, rel = self.n, self.seats, self.layout.relative
        for seat, out_ in enumerate(view.eliminated):
            out[at + rel(seat, viewer)] = float(out_)
        if view.turn_player >= 0:
            out[at + n + rel(view.turn_player, viewer)] = 1.0
        out[at + 2 * n + (rel(view.to_move, viewer) if view.to_move >= 0 else n)] = 1.0
        for seat in view.committed:
            out[at + 3 * n + 1 + rel(seat, viewer)] = 1.0
        for seat in view.winners:
            out[at + 4 * n + 1 + rel(seat, viewer)] = 1.0
        out[at + 5 * n + 1] = float(view.terminal)
        mine = not state.is_terminal() and state.current_player() == viewer and state.pc in state.game.decisions
        out[self.decision + (self.pcs.index(state.pc) if mine else len(self.pcs))] = 1.0

    # ---- variables -------------------------------------------------------------------------------
    def width(self, kind: Kind | None) -> int:
        """Entries for one value of this kind, its none flag first."""
        return 1 + self._width(kind)

    def _width(self, kind: Kind | None) -> int:
        name = kind.name if kind is not None else "unknown"
        if name == "list":
            inner = self._width(kind.element)
            return inner if kind.element is not None and kind.element.name in ("card", "seat", "value") else 1
        if name == "seat":
            return self.n
        if name == "card":
            return len(self.layout.types)
        if name == "cell":
            return 2
        if name == "value" and kind.attribute in self.game.attributes:
            values = self.game.attributes[kind.attribute]
            return len(values) if values and isinstance(values[0], Sym) else 1
        return 1

    def _variables(self, out: np.ndarray, view: View, state: State, viewer: int) -> None:
        game, n = self.game, self.n
        for spec in game.vars:
            kind = self.var_kinds.get(spec.name)
            width, start = self.width(kind), self.vars[spec.name]
            names = key_names(game, spec) if spec.card_key >= 0 else None
            for p in range(n) if spec.per_player else [0]:
                shown = view.variables.get(spec.name)
                if spec.per_player and isinstance(shown, list):
                    shown = shown[p]
                block = start + ((p - viewer) % n if spec.per_player else 0) * spec.size * width
                for key in range(spec.size):
                    if names is not None and (not isinstance(shown, dict) or names[key] not in shown):
                        continue  # a per-card value of a card the viewer does not see
                    value = state.vars[game.var_slot(spec, n, p, key)]
                    self._value(out, block + key * width, kind, value, viewer)

    def _value(self, out: np.ndarray, at: int, kind: Kind | None, value: Any, viewer: int) -> None:
        if value is NOTHING or value is None:
            out[at] = 1.0
            return
        self._inner(out, at + 1, kind, value, viewer)

    def _inner(self, out: np.ndarray, at: int, kind: Kind | None, value: Any, viewer: int) -> None:
        name = kind.name if kind is not None else "unknown"
        layout = self.layout
        if name == "list" and isinstance(value, list | tuple) and self._width(kind) > 1:
            for item in value:
                self._one(out, at, kind.element, item, viewer, 1.0 / max(1, len(value)))
        elif name in ("seat", "card", "value") and self._width(kind) > 1:
            self._one(out, at, kind, value, viewer, 1.0)
        elif name == "cell" and isinstance(value, tuple) and len(value) == 2:
            r = max(1, layout.radius)
            out[at], out[at + 1] = (max(-1.0, min(1.0, int(v) / r)) for v in value)
        elif isinstance(value, bool | int) and not isinstance(value, Card):
            out[at] = squash(int(value))
        elif isinstance(value, list | tuple):
            out[at] = squash(len(value))
        else:
            out[at] = 1.0  # some value of a kind with no layout: that it is there

    def _one(self, out: np.ndarray, at: int, kind: Kind, value: Any, viewer: int, weight: float) -> None:
        """Add `weight` at the position of a seat, a card type or an attribute's value."""
        if kind.name == "seat" and isinstance(value, int) and not isinstance(value, Card) and 0 <= value < self.n:
            out[at + self.layout.relative(value, viewer)] += weight
        elif kind.name == "card" and isinstance(value, Card):
            out[at + self.layout.type_of[value]] += weight
        elif kind.name == "value" and isinstance(value, Sym) and value.attribute == kind.attribute:
            out[at + self.game.attributes[kind.attribute].index(value)] += weight
