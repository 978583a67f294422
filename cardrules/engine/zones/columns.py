"""Zone families of kind `columns`: a member exists while it holds cards, and the members are
listed in the order they were opened (a card entering an empty member opens it).

The family's members are ordinary zone slots (one per key, like any family); what the kind adds
is the order, kept in `State.opened` as a list of slots. An emptied member stays in the list
until it is opened again, when it moves to the end; readers skip the empty ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game
    from ..specs import ZoneSpec
    from ..state import State

KIND = "columns"


def note_opened(s: "State", slot: int) -> None:
    """A card is about to enter the empty zone at `slot`: it becomes the newest member."""
    opened = s.opened
    if slot in opened:
        opened.remove(slot)
    opened.append(slot)


def open_slots(s: "State", members: list["ZoneSpec"]) -> list[int]:
    """The non-empty members' slots, oldest first. A member that holds cards without having been
    opened by the engine (a state built by hand) comes after the others, in key order."""
    family = {spec.index for spec in members}
    found = [slot for slot in s.opened if slot in family and s.zones[slot]]
    listed = set(found)
    found += [spec.index for spec in members if spec.index not in listed and s.zones[spec.index]]
    return found


def families(game: "Game") -> dict[str, list["ZoneSpec"]]:
    """The game's `columns` families: family name -> member zones in key order."""
    out: dict[str, list["ZoneSpec"]] = {}
    for spec in game.zones:
        if spec.kind == KIND:
            out.setdefault(spec.family, []).append(spec)
    return out
