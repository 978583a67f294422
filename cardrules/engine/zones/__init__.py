"""Zone kinds: a zone declaration's properties -> the `ZoneKind` that says how its cards lie and are seen.

A zone's kind (`zone deck: stack, hidden`) is how the zone is laid out for players: a stack shows
its top, a row spreads its cards, a grid lays them on cells, a `columns` family opens its members
in order. Each kind is one subclass of `ZoneKind`, in a module of this package, registered by its
name (engine/__init__.py registers the standard ones); `kind_of` finds a declaration's kind and
`ZoneSpec.kind` holds it. The rest of the pipeline asks the kind through the hooks and capability
attributes below and never compares kind names.

Kinds are consulted when a file is checked and compiled, when a state is set up, and when it is
viewed, saved, loaded or drawn; never while the rules run. The interpreter works on a zone's
container directly (`card in zone`, `zone.remove(card)`, iteration, `len`, `zone[:]` for a copy),
so every container answers those as a list does.

The hooks, each with a default for a plain list of cards, bottom first:

* declarations: `problems` (what `cardrules check` says about a declaration), `describe` (the
  zone in words, for `cardrules explain`);
* the container: `container` (a new empty zone), `put` (cards laid in it by a position file or a
  save), `parts` (its cards, for a save), `cards_code` (generated code reading it as a list);
* players: `view` (its entry in `State.view`), `written` (its name as the rules write it),
  `read_position` (its entry in a position file), `render` and `render_family` (the terminal;
  rich is imported inside them, so that simulation workers never load it).

docs/contributing.md ("Adding a zone kind") walks through a small kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Sequence

import attrs

from ...values import Card, Seat
from ...words import plural
from ..knowledge import known_view

if TYPE_CHECKING:
    from ..positions import PositionReader
    from ..specs import ZoneSpec
    from ..state import State

Problem = tuple[str, str]  # (diagnostic code, message), reported at the zone's declaration
Part = tuple[Any, list[Card]]  # (the cell the cards lie on, or None for the whole zone; the cards, bottom first)

VISIBILITIES = ("public", "hidden", "owner", "others")  # the first one a declaration names is its visibility
_SEEN = {"public": "everyone sees its cards",
         "hidden": "nobody sees its cards, only how many there are",
         "owner": "only its owner sees the cards; the others see how many",
         "others": "every player but its owner sees the cards (held facing away); its owner sees how many"}


@attrs.frozen
class Declared:
    """A zone as its declaration gives it (`zone pile: per pile_key, stack, public`), for the kinds'
    checks and words: the language's syntax tree stays out of the engine."""

    name: str
    properties: frozenset[str]
    family: str | None = None  # `per KEY`: one zone for each value of the attribute KEY

    @property
    def per_player(self) -> bool:
        return "per_player" in self.properties

    @property
    def visibility(self) -> str:
        return visibility_of(self.properties)


def visibility_of(properties) -> str:
    """The visibility a zone's properties declare (`public` when they name none)."""
    return next((v for v in VISIBILITIES if v in properties), "public")


def seen(zone: Declared) -> str:
    """Who sees a zone's cards, in words (`cardrules explain`)."""
    out = "; turned face down while its owner is out" if "hidden_when_out" in zone.properties else ""
    return _SEEN[zone.visibility] + out


class ZoneKind:
    """One kind of zone. A subclass names itself, declares its capabilities and overrides the
    hooks whose default does not fit; the defaults are those of a plain list of cards, bottom
    first, that players see card by card (a row)."""

    name: ClassVar[str] = ""  # the word of a zone declaration: `zone deck: stack, hidden`
    noun: ClassVar[str] = ""  # the layout in words: "a stack", "one stack per player"
    article: ClassVar[str] = "a"

    # Capabilities: what the rest of the pipeline asks about a kind.
    # Cards lie on cells (x, y): `zone(cell)` is a cell's stack, only `move` puts cards there (on a
    # cell), cards cannot start there, and the geometry functions read it. The container is a
    # grid.Grid, and the zone is one shared zone.
    by_cell: ClassVar[bool] = False
    # The top card is what everyone watches: known cards of an unseen zone come with their depth,
    # and the terminal points out the top of a shared zone.
    has_top: ClassVar[bool] = False
    # A family whose members exist while they hold cards, listed in the order they were opened
    # (`note_opened`, `open_slots`): `keys(family)` lists those, and a view gives the family as one
    # entry by the family's name.
    opens_in_order: ClassVar[bool] = False

    @property
    def a_noun(self) -> str:
        return f"{self.article} {self.noun}"

    def __repr__(self) -> str:
        return f"<zone kind {self.name}>"

    # ---- declarations ------------------------------------------------------------------------
    def problems(self, zone: Declared) -> list[Problem]:
        """What is wrong with a declaration of this kind, as (code, message) pairs. A kind whose
        container is not a list must refuse per-player zones and families."""
        return []

    def describe(self, zone: Declared) -> str:
        """The zone in words, after its name in `cardrules explain`."""
        if zone.per_player:
            which = f"one {self.noun} per player"
        elif zone.family:
            which = f"one {self.noun} for each {zone.family}"
        else:
            which = self.a_noun
        return f"{which} — {seen(zone)}"

    # ---- the container -------------------------------------------------------------------------
    def container(self) -> Any:
        """A new empty zone: what the zone's slot of `State.zones` holds."""
        return []

    def put(self, zone: Any, cards: list[Card], cell: Any = None) -> None:
        """Lay cards on top of a zone (on `cell`, for a kind laid out by cell), as a position file or
        a save places them. The rules' own moves are compiled to the container's methods."""
        zone.extend(cards)

    def parts(self, zone: Any) -> list[Part]:
        """The zone's cards as a save keeps them: the whole zone, or one part per cell."""
        return [(None, list(zone))]

    def cards_code(self, zone: str, cell: str | None = None) -> str:
        """Python source for the zone read as a list of cards, bottom first, given the source of its
        container (generated code: compiler/codegen.py); with `cell`, the source of a cell, the
        cards on that cell (kinds laid out by cell)."""
        return zone

    # ---- players ------------------------------------------------------------------------------
    def view(self, state: "State", cards: Any, sees: bool, viewer: int) -> Any:
        """The zone's entry in `State.view(viewer)`: its card texts, bottom first, when the viewer
        sees it; otherwise its count and the cards the viewer knows in it (knowledge.py)."""
        if sees:
            texts = state.game.card_texts
            return [texts[c] for c in cards]
        shown: dict[str, Any] = {"count": len(cards)}
        known = known_view(state, cards, viewer, self.has_top) if state.known else []
        if known:
            shown["known"] = known
        return shown

    def written(self, spec: "ZoneSpec", seat: int | None) -> str:
        """The zone as the rules write it: deck, hand(P1), a family's pile(asc1) (unseen cards are
        named after it: hand(P1)#2)."""
        if spec.per_player:
            return f"{spec.name}({Seat(seat)!r})"
        return f"{spec.family}({spec.name})" if spec.family else spec.name

    def read_position(self, reader: "PositionReader", spec: "ZoneSpec", content: Any, where: str) -> list[Part]:
        """A zone's entry in a position file (one seat's, for a per-player zone; `where` says which in
        messages) -> its parts, as `put` lays them; problems go to `reader`."""
        return [(None, reader.cards(content, where))]

    def render(self, painter: Any, contents: Any, marks: dict | None = None, seat: int | None = None
               ) -> tuple[Any, list[Any]]:
        """The zone's entry of a view, drawn for the terminal: (the text after its label, the lines
        under it). `painter` styles cards (cli.render.CardPainter); `marks` are move numbers by
        cell; `seat` is the owner of a per-player zone (None for a shared one)."""
        return zone_contents(painter, contents, self.has_top and seat is None), []

    def render_family(self, painter: Any, members: dict[str, Any]) -> tuple[Any, list[Any]]:
        """A family of a kind that opens its members in order, as a view gives it (member ->
        its entry, oldest first), drawn like `render`: by default, a member per line."""
        from rich.text import Text

        lines: list[Any] = []
        for key, contents in members.items():
            head, below = self.render(painter, contents)
            lines.append(Text.assemble("    ", (f"{key}: ", "dim"), head))
            lines.extend(below)
        return Text(""), lines


# ---- the registry ------------------------------------------------------------------------------
_KINDS: dict[str, ZoneKind] = {}  # by name, in the order they were registered
_DEFAULT: list[ZoneKind] = []  # the kind of a zone whose declaration names none


def register(kind: ZoneKind, default: bool = False) -> ZoneKind:
    """Make a kind known by its name, for the rules files checked and compiled from now on."""
    if not kind.name or kind.name in _KINDS:
        raise ValueError(f"a zone kind needs a name of its own, not {kind.name!r}")
    _KINDS[kind.name] = kind
    if default:
        _DEFAULT[:] = [kind]
    return kind


def unregister(name: str) -> None:
    """Forget a kind (a test's own, say); games already compiled keep theirs."""
    kind = _KINDS.pop(name)
    if _DEFAULT and _DEFAULT[0] is kind:
        _DEFAULT.clear()


def names() -> list[str]:
    """The registered kinds' names, in the order they were registered."""
    return list(_KINDS)


def named(properties: Iterable[str]) -> list[ZoneKind]:
    """The registered kinds a declaration's properties name (one, in a file without errors)."""
    props = set(properties)
    return [kind for name, kind in _KINDS.items() if name in props]


def kind_of(properties: Iterable[str]) -> ZoneKind:
    """The kind of a zone declared with these properties: the one it names, else the default."""
    found = named(properties)
    return found[0] if found else _DEFAULT[0]


# ---- kinds that open their members in order ----------------------------------------------------
def note_opened(s: "State", slot: int) -> None:
    """A card is about to enter the empty zone at `slot`: it becomes its family's newest member.
    `State.opened` keeps the slots in order; an emptied member stays listed until it is opened
    again, when it moves to the end (readers skip the empty ones)."""
    opened_in(s.opened, slot)


def opened_in(opened: list[int], slot: int) -> None:
    """`note_opened` on the list of slots in the order they were opened (a playout keeps its own)."""
    if slot in opened:
        opened.remove(slot)
    opened.append(slot)


def open_slots(s: "State", members: Sequence["ZoneSpec"]) -> list[int]:
    """The non-empty members' slots, oldest first. A member that holds cards without having been
    opened by the engine (a state built by hand) comes after the others, in key order."""
    zones = s.zones
    holding = [spec.index for spec in members if zones[spec.index]]  # asked at every decision: no set built
    if not holding:
        return holding
    found = [slot for slot in s.opened if slot in holding]
    if len(found) < len(holding):
        listed = set(found)
        found += [slot for slot in holding if slot not in listed]
    return found


def opening_families(specs: Iterable["ZoneSpec"]) -> dict[str, list["ZoneSpec"]]:
    """The families of a kind that opens its members in order: family name -> members in key order."""
    out: dict[str, list["ZoneSpec"]] = {}
    for spec in specs:
        if spec.kind.opens_in_order:
            out.setdefault(spec.family, []).append(spec)
    return out


# ---- drawing a list of cards -------------------------------------------------------------------
def count_words(count: int) -> str:
    return plural(count, "card")


def zone_contents(painter: Any, contents: Any, mark_top: bool = False) -> Any:
    """A zone as seen in a view, as rich text: its cards, or its count when they are hidden, with
    the cards the viewer knows in it ("known": knowledge.known_view)."""
    from rich.text import Text

    if isinstance(contents, dict):
        count = int(contents.get("count", 0))
        text = Text("empty" if count == 0 else count_words(count), style="dim")
        known = contents.get("known") or []
        if known:
            text.append("; you know ", style="dim")
            text.append_text(Text(", ").join(_known_card(painter, entry) for entry in known))
        return text
    cards = list(contents)
    if not cards:
        return Text("empty", style="dim")
    text = painter.cards(cards)
    if mark_top and len(cards) > 1:
        text.append("  (top: ", style="dim")
        text.append_text(painter.captioned(cards[-1]))
        text.append(")", style="dim")
    return text


def _known_card(painter: Any, entry: dict) -> Any:
    text = painter.captioned(str(entry.get("card", "?")))
    depth = entry.get("from_top")
    if depth is not None:
        text.append(" (top)" if depth == 0 else f" ({_ordinal(depth + 1)} from the top)", style="dim")
    return text


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
