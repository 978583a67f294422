"""A move, the events it told and the state after it -> the lines one observer may read.

Every text of a game is written for the one who reads it. A card named by a move or an event is
written out for an observer who saw or knew it when it was named (engine/events.py keeps who did)
or who sees or knows it where it lies after the move; for anyone else it is "a card". A move that
ends a round is read knowing what lay face up as the round ended. The mover reads their own move
as they chose it. A message told to some seats (`say ... to`) is read by them only. The viewer
`ALL` (spectator mode, `play --reveal-all`) reads everything.
"""

from __future__ import annotations

from typing import Any, Sequence

import attrs
from rich.text import Text

from ..engine import Action, State, View
from ..engine.events import Event, Named, bit, knowers
from ..engine.table_values import show_text
from ..engine.zones.grid import Cell
from ..values import NOTHING, Card, Words
from .render import DIM, SEAT_STYLE, CardPainter, seat_name

ALL: int | None = None  # the viewer who reads everything (spectator mode)
HIDDEN_CARD = "a card"
EVENT_STYLE = "bold yellow"
PRIVATE_STYLE = "bold magenta"


@attrs.frozen
class Move:
    """A move as it was made: the seat, the move, who knew each of its values then (0 for a value
    that is not a card) and whether it was a secret choice (`simultaneously`)."""

    seat: int
    action: Action
    known: tuple[Any, ...]  # by value: who knew a card; for a list, a tuple of those
    secret: bool = False
    values: tuple[Any, ...] = ()  # the move's values as they were (a list may be a zone the move empties)


def before_move(state: State, seat: int, action: Action) -> Move:
    """Note who knows the cards of a move, on the state before it is made."""
    values = tuple(list(v) if isinstance(v, list) else v for v in action.values)
    return Move(seat, action, tuple(_knowers(state, v) for v in values), state.committing(), values)


def _knowers(state: State, value: Any) -> Any:
    if isinstance(value, Card):
        return knowers(state, value)
    if isinstance(value, list | tuple) and not isinstance(value, Cell):
        return tuple(_knowers(state, v) for v in value)
    return 0


def moments(after: State) -> list[State]:
    """The states a move's observers saw: the one after it, and a round as it ended within it (a new
    round deals again: what lay face up then was seen, though it is shuffled away now)."""
    return [after, *(e.snapshot for e in after.events if e.snapshot is not None)]


def _knows(viewer: int | None, known: int, card: Card, after: State) -> bool:
    if viewer is ALL or known & bit(viewer):
        return True
    return any(knowers(state, card) & bit(viewer) for state in moments(after))


def _card(painter: CardPainter, card: Card, viewer: int | None, known: int, after: State, long: bool) -> Text:
    if not _knows(viewer, known, card, after):
        return Text(HIDDEN_CARD, style=DIM)
    return painter.label(card) if long else painter.card(card)


def move_line(painter: CardPainter, move: Move, after: State, viewer: int | None) -> Text:
    """`P1 plays: <the move>`, its cards as `viewer` may know them; `P1 has chosen` for a secret choice."""
    line = Text.assemble((seat_name(move.seat), SEAT_STYLE))
    if move.secret and viewer is not ALL:  # the chooser's own view of the table says what they chose
        return line.append(" has chosen")
    reader = ALL if viewer == move.seat else viewer  # a card offered to the mover is one they see or know
    line.append(" plays: ").append(move.action.name)
    for value, known in zip(move.values, move.known):
        line.append(" ")
        line.append_text(_value(painter, value, known, reader, after))
    return line


def _value(painter: CardPainter, value: Any, known: Any, viewer: int | None, after: State) -> Text:
    """A value of a move as `viewer` may know it: its cards, alone or in lists, each known or 'a card'."""
    if isinstance(value, Card):
        return _card(painter, value, viewer, known, after, False)
    if isinstance(value, list | tuple) and not isinstance(value, Cell):
        return Text.assemble("[", Text(", ").join(_value(painter, v, k, viewer, after) for v, k in zip(value, known)),
                             "]")
    return painter.value(value)


def _named(painter: CardPainter, named: Named, after: State, viewer: int | None) -> Text:
    parts = [_card(painter, item, viewer, known, after, named.long) if isinstance(item, Card) else Text(item)
             for item, known in zip(named.items, named.known)]
    if named.listed:
        return Text.assemble("[", Text(", ").join(parts), "]")
    return Text(" ").join(parts)


def event_line(painter: CardPainter, event: Event, after: State, viewer: int | None) -> Text | None:
    """An event as `viewer` may read it; None when it was not told to them."""
    if viewer is not ALL and not event.told(viewer):
        return None
    words = [_named(painter, w, after, viewer) if isinstance(w, Named) else Text(w) for w in event.words]
    text = Text(" ").join(words)
    if event.audience is None:
        text.stylize(EVENT_STYLE)
        return text
    told = [seat_name(p) for p in range(after.n) if event.audience & bit(p)]
    to = "to you" if viewer is not ALL and told == [seat_name(viewer)] else "to " + ", ".join(told)
    text.stylize(PRIVATE_STYLE)
    return Text.assemble((f"({to}) ", PRIVATE_STYLE), text)


def move_lines(painter: CardPainter, move: Move, after: State, viewer: int | None) -> list[Text]:
    """The move and what it told, for one viewer."""
    lines = [move_line(painter, move, after, viewer)]
    for event in after.events:
        line = event_line(painter, event, after, viewer)
        if line is not None:
            lines.append(line)
    return lines


def private_lines(painter: CardPainter, after: State, seat: int) -> list[Text]:
    """The messages of the last move told to some seats only, `seat` among them."""
    return [line for event in after.events if event.audience is not None and event.told(seat)
            for line in [event_line(painter, event, after, seat)] if line is not None]


def known_cards(state: State, seat: int) -> set[Card]:
    """The cards `seat` knows in zones it cannot see (knowledge.py)."""
    return {card for card, mask in state.known.items() if mask >> seat & 1}


def seen_cards(state: State, seat: int) -> set[Card]:
    """The cards `seat` sees or knows where they lie."""
    masks = state.game.derived.seer_masks(state)
    seen = {card for slot, cards in enumerate(state.zones) if masks[slot] >> seat & 1 for card in cards}
    return seen | known_cards(state, seat)


def seen_lines(painter: CardPainter, before: set[Card], after: State, seat: int) -> list[Text]:
    """The cards `seat` came to know in the last move (`before`: those it saw or knew before it,
    see `seen_cards`) and knows in a zone it cannot see, each with that zone."""
    lines, game = [], painter.game
    for card in sorted(known_cards(after, seat) - before):
        line = Text.assemble("You saw ", style=PRIVATE_STYLE)
        line.append_text(painter.card(card))
        if game.describe(card, long=True) != game.card_texts[card]:
            line.append_text(Text.assemble(" (", painter.label(card), ")"))
        where = _zone_of(after, card)
        if where:
            line.append(f" in {where}")
        lines.append(line)
    return lines


def _zone_of(state: State, card: Card) -> str:
    game = state.game
    for slot, cards in enumerate(state.zones):
        if card in cards:
            spec = game.zone_at(slot, state.n)
            return spec.kind.written(spec, (slot - game.shared_zones) % state.n if spec.per_player else None)
    return ""


def revealed_view(state: State, viewer: int, zones: Sequence[str] | None) -> View:
    """`state.view(viewer)` with the cards of the named zones shown (every seat's, for a per-player
    zone); `zones` None shows every zone (spectator mode)."""
    view = state.view(viewer)
    game, entries = state.game, dict(view.zones)
    for spec in game.zones:
        if spec.name not in entries or (zones is not None and spec.name not in zones):
            continue
        seats: list[Any] = list(range(state.n)) if spec.per_player else [None]
        shown = [spec.kind.view(state, state.zones[game.zone_slot(spec, state.n, seat or 0)], True, viewer)
                 for seat in seats]
        entries[spec.name] = shown if spec.per_player else shown[0]
    return attrs.evolve(view, zones=entries)


def shows_for(state: State, viewer: int | None) -> list[tuple[str, str]]:
    """The `show` lines as `viewer` may read them: a card they neither see nor know is "a card"; values per
    seat against the seats' names, seats as P0 (table_values.py)."""
    state.shows()  # a line that cannot be worked out is reported here, at its rules line
    state.memo.clear()
    out = []
    for line in state.game.shows:
        value = line.value(state, list(state.locals))
        if value is NOTHING:
            continue

        def write(v: Any) -> str:
            return _shown(state, v, viewer) if viewer is not ALL and _names_a_card(v) else state.game.describe(v)
        out.append((line.label, show_text(line, value, write)))
    return out


def _names_a_card(value: Any) -> bool:
    if isinstance(value, Card | Words):
        return True
    return isinstance(value, list | tuple) and not isinstance(value, Cell) and any(_names_a_card(v) for v in value)


def _shown(state: State, value: Any, viewer: int) -> str:
    game = state.game
    if isinstance(value, Card):
        return game.describe(value) if knowers(state, value) & bit(viewer) else HIDDEN_CARD
    if isinstance(value, Words):
        return " ".join(_shown(state, piece, viewer) if isinstance(piece, Card) else piece for piece in value.pieces)
    if isinstance(value, list | tuple) and not isinstance(value, Cell):
        return "[" + ", ".join(_shown(state, v, viewer) for v in value) + "]"
    return game.describe(value)


def view_for(state: State, viewer: int | None) -> View:
    """What `viewer` sees of the table: their view (everything for ALL), `show` lines as they may read them."""
    view = revealed_view(state, -1, None) if viewer is ALL else state.view(viewer)
    return attrs.evolve(view, show=tuple(shows_for(state, viewer)))
