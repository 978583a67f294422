"""A compiled game and a player count -> the fixed layout both spaces share: card types, and places
(the zones, each player's zone once per seat, counted from the viewer: 0 is the viewer's own).

Cards that share a text (copies) are one *type*: players cannot tell them apart, so neither the
observation nor the actions do. Seats are relative to the viewer, so that one policy can play any
seat: seat 0 is always "me", seat 1 the next player, and so on.
"""

from __future__ import annotations

from ..engine import Game, ZoneSpec
from ..engine.zones.grid import Cell


class Layout:
    def __init__(self, game: Game, n: int, radius: int):
        self.game, self.n, self.radius = game, n, radius
        self.types: list[str] = list(dict.fromkeys(game.card_texts))  # each text once, in card order
        self.type_index = {text: i for i, text in enumerate(self.types)}
        self.type_of = [self.type_index[text] for text in game.card_texts]  # card id -> type
        self.copies = [0] * len(self.types)
        for t in self.type_of:
            self.copies[t] += 1
        self.places: list[tuple[ZoneSpec, int]] = []  # (zone, relative seat; 0 for a shared zone)
        self.base: dict[str, int] = {}  # zone name -> its first place
        for spec in game.zones:
            self.base[spec.name] = len(self.places)
            self.places += [(spec, r) for r in (range(n) if spec.per_player else [0])]
        self.side = 2 * radius + 1  # a grid is seen through a square window of cells around 0,0
        # The places whose cards the viewer may not see, in order: a move can name an unseen card only there.
        self.unseen_places = [i for i, (spec, r) in enumerate(self.places) if not _always_seen(spec, r)]
        self.unseen_rank = {place: k for k, place in enumerate(self.unseen_places)}

    @property
    def place_names(self) -> list[str]:
        return [f"{spec.name}({'me' if r == 0 else f'+{r}'})" if spec.per_player else spec.name
                for spec, r in self.places]

    def place(self, spec: ZoneSpec, seat: int | None, viewer: int) -> int:
        """The place of a zone (of `seat`, for a per-player zone) as `viewer` counts them."""
        base = self.base[spec.name]
        return base + (seat - viewer) % self.n if spec.per_player else base

    def place_of_slot(self, slot: int, viewer: int) -> int:
        game, n = self.game, self.n
        spec = game.zone_at(slot, n)
        return self.place(spec, (slot - game.shared_zones) % n if spec.per_player else None, viewer)

    def relative(self, seat: int, viewer: int) -> int:
        return (int(seat) - viewer) % self.n

    def cell_index(self, cell: Cell) -> int:
        """A cell's number in the window, or -1 outside it."""
        x, y, r = cell[0] + self.radius, cell[1] + self.radius, self.side
        return y * r + x if 0 <= x < r and 0 <= y < r else -1


def _always_seen(spec: ZoneSpec, seat: int) -> bool:
    """Whether the viewer (relative seat 0) always sees a zone's cards: a public zone that no elimination
    turns face down, or the viewer's own public or owner-only zone. Any other visibility may hide them."""
    if spec.per_player and seat == 0:
        return spec.visibility in ("public", "owner")
    return spec.visibility == "public" and not spec.hidden_when_out
