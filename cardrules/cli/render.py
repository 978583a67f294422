"""Terminal rendering with rich, driven only by the Game and State data.

Nothing here knows a particular game: zones come from `Game.zones` and `State.view(player)`, cards
from their texts and `Game.card_json(card)`. A card whose attributes include a value that names a
colour ("red", "indigo", ...) is printed in that colour; everything else is plain bold text.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from rich.console import Group
from rich.text import Text

from ..engine import Action, Game, View
from ..engine.specs import ZoneSpec
from ..engine.table_values import variable_text
from ..engine.zones.grid import Cell
from ..values import Card, Seat
from ..words import plural as plural  # counted words: cardrules/words.py

# Common colour words -> rich styles. Generic: any game whose cards carry colour-named attribute
# values gets coloured cards; a game without such values is printed without card colours.
COLOR_STYLES: dict[str, str] = {
    "red": "red",
    "orange": "dark_orange",
    "yellow": "yellow",
    "gold": "gold1",
    "green": "green",
    "lime": "green1",
    "teal": "dark_cyan",
    "cyan": "cyan",
    "turquoise": "turquoise2",
    "blue": "dodger_blue1",
    "navy": "blue",
    "indigo": "medium_purple",
    "purple": "purple",
    "violet": "violet",
    "magenta": "magenta",
    "pink": "hot_pink",
    "brown": "orange4",
    "white": "bright_white",
    "silver": "grey70",
    "grey": "grey50",
    "gray": "grey50",
    "black": "grey42",
}

# The same words on terminals with only the 16 standard colours, where rich would map several of the
# styles above to the same (or to white) colour.
COLOR_STYLES_16: dict[str, str] = {
    **{word: "white" for word in COLOR_STYLES},
    "red": "red", "orange": "bright_red", "yellow": "bright_yellow", "gold": "yellow",
    "green": "green", "lime": "bright_green", "teal": "cyan", "cyan": "bright_cyan", "turquoise": "bright_cyan",
    "blue": "bright_blue", "navy": "blue", "indigo": "blue", "purple": "magenta", "violet": "bright_magenta",
    "magenta": "bright_magenta", "pink": "bright_magenta", "brown": "yellow", "white": "bright_white",
    "silver": "white", "grey": "bright_black", "gray": "bright_black", "black": "bright_black",
}

CARD_STYLE = "bold"
SEAT_STYLE = "bold"
DIM = "dim"


def color_style(word: Any, color_system: str | None = None) -> str | None:
    """The rich style for a colour word ('Red', 'indigo'), or None when `word` names no colour.

    `color_system` is the console's (`Console.color_system`): "standard" picks from the 16 colours.
    """
    if not isinstance(word, str):
        return None
    table = COLOR_STYLES_16 if color_system == "standard" else COLOR_STYLES
    return table.get(word.strip().lower().replace(" ", "_"))


def seat_name(seat: int) -> str:
    """A seat as every place writes it (values.Seat): P0."""
    return repr(Seat(seat))


class CardPainter:
    """Styles card texts for one game: by the first attribute of a card whose value is a colour word."""

    def __init__(self, game: Game, color_system: str | None = None):
        self.game = game
        self.color_system = color_system
        self._by_card = {card: self._style_of(card) for card in game.cards}
        self._by_text: dict[str, str] = {}
        for card in game.cards:
            self._by_text.setdefault(game.card_texts[card].lower(), self._by_card[card])
        self._colour_words = {game.card_texts[card].lower(): word for card in game.cards
                              for word in [self._unwritten_colour(card)] if word}
        # `caption:` words by card text; only the cards a view holds are drawn, so a card the viewer may not
        # see (a count in its view) is never captioned
        self._captions = {game.card_texts[card].lower(): words
                          for card, words in zip(game.cards, game.card_captions) if words}

    def _unwritten_colour(self, card: Card) -> str:
        """The card's colour word when neither its text nor its full name says it (a card named by a
        code): a zone shows it, since a colour may decide where a card may go."""
        name = self.game.describe(card, long=True).lower().split()
        for value in self.game.card_json(card).values():
            if color_style(value) and str(value).lower() not in name:
                return str(value)
        return ""

    def _style_of(self, card: Card) -> str:
        for value in self.game.card_json(card).values():
            colour = color_style(value, self.color_system)
            if colour:
                return f"{CARD_STYLE} {colour}"
        return CARD_STYLE

    def style(self, card: Card | str) -> str:
        if isinstance(card, Card):
            return self._by_card.get(card, CARD_STYLE)
        return self._by_text.get(str(card).lower(), CARD_STYLE)

    def card(self, card: Card | str) -> Text:
        text = self.game.card_texts[card] if isinstance(card, Card) else str(card)
        return Text(text, style=self.style(card))

    def label(self, card: Card) -> Text:
        """The card's full name ("blue 4"), styled like its text."""
        return Text(self.game.describe(card, long=True), style=self.style(card))

    def caption(self, card: Card | str) -> Text | None:
        """The words the rules' `caption:` gives the card ("STOP"), or None: drawn beside a card of a view only."""
        words = self._captions.get(self._text(card).lower())
        return Text(words, style=self.style(card)) if words else None

    def _text(self, card: Card | str) -> str:
        return self.game.card_texts[card] if isinstance(card, Card) else str(card)

    def captioned(self, card: Card | str) -> Text:
        """The card's text, then its caption if it has one ("13 STOP")."""
        text = self.card(card)
        caption = self.caption(card)
        return text.append(" ").append_text(caption) if caption is not None else text

    def card_with_colour(self, card: Card | str) -> Text:
        """The card's text, then the colour word of its attributes, if any ("b5 blue"), and its caption."""
        text = self.card(card)
        found = self.game.by_text.get(str(card).lower()) if not isinstance(card, Card) else [card]
        for value in self.game.card_json(found[0]).values() if found else ():
            if color_style(value):
                text.append(f" {value}", style=self.style(card))
                break
        caption = self.caption(card)
        return text.append(" ").append_text(caption) if caption is not None else text

    def cards(self, cards: Iterable[Card | str]) -> Text:
        """Cards side by side; each with its colour word where its text does not say it (`X1 yellow, Y5
        indigo`) and its caption (`13 STOP`); set apart by commas when a card has words beside its text or
        in it (`35 SKIP, 37`)."""
        cards = list(cards)
        texts = [self._text(c) for c in cards]
        words = [self._colour_words.get(text.lower(), "") for text in texts]
        captions = [self.caption(c) for c in cards]
        if not any(words) and not any(" " in text for text in texts) and not any(captions):
            return Text(" ").join(self.card(c) for c in cards)
        return Text(", ").join(self.card(c).append(f" {w}" if w else "", style=self.style(c))
                               .append_text(Text(" ").append_text(caption) if caption is not None else Text(""))
                               for c, w, caption in zip(cards, words, captions))

    def value(self, value: Any) -> Text:
        """Any rules value as a player writes it, cards coloured."""
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, (list, tuple)) and not isinstance(value, Cell):
            return Text.assemble("[", Text(", ").join(self.value(v) for v in value), "]")
        return Text(self.game.describe(value))

    def action(self, action: Action) -> Text:
        """An action's text with its card values coloured (plain text if the text is built otherwise)."""
        built = " ".join([action.name, *(self.game.describe(v) for v in action.values)])
        if action.text and built != action.text:
            return Text(action.text)
        text = Text(action.name)
        for value in action.values:
            text.append(" ")
            text.append_text(self.value(value))
        return text


def cell_marks(actions: Sequence[Action]) -> dict[Cell, int]:
    """Move numbers (from 1) by the cell they name, for moves naming exactly one cell."""
    marks: dict[Cell, int] = {}
    for number, action in enumerate(actions, 1):
        cells = [v for v in action.values if isinstance(v, Cell)]
        if len(cells) == 1:
            marks.setdefault(cells[0], number)
    return marks


def render_view(game: Game, view: View, painter: CardPainter | None = None, turn: int | None = None,
                seed: int | None = None, marks: dict[Cell, int] | None = None, everything: bool = False) -> Group:
    """What a player sees (`State.view(player)`; player -1 is a spectator), as rich lines.

    Header, the game's `show` lines, shared zones and variables, then each seat with its own zones and
    variables; zones and variables marked `internal` are left out (shown with `everything`: spectator mode);
    a `sorted` zone is drawn in the card order; values are written by table_values.py;
    owner-only zones of other seats and hidden zones appear as counts, eliminated seats are marked.
    Each zone is drawn by its kind (zones.ZoneKind.render): a grid as a board, with the move
    numbers of `marks` on its cells.
    """
    painter = painter or CardPainter(game)
    viewer, to_move, eliminated = view.player, view.to_move, view.eliminated
    lines: list[Any] = []

    header = Text(view.game, style="bold underline")
    if view.terminal:
        header.append("  game over", style=DIM)
    elif to_move is not None and to_move >= 0:
        header.append(f"  {seat_name(to_move)} to move", style="bold")
    if turn is not None:
        header.append(f"  turn {turn}", style=DIM)
    if seed is not None:
        header.append(f"  seed {seed}", style=DIM)
    lines.append(header)
    for label, value in view.show:
        lines.append(Text.assemble((f"{label}: ", "bold"), (str(value), "bold cyan")))

    zones, variables = view.zones, view.variables
    zone_specs = [spec for spec in game.zones if spec.name in zones and (everything or not spec.internal)]
    var_specs = [spec for spec in game.vars if spec.name in variables and (everything or not spec.internal)]
    shared_zones = [spec for spec in zone_specs if not spec.per_player]
    player_zones = [spec for spec in zone_specs if spec.per_player]
    shared_vars = [spec for spec in var_specs if not spec.per_player]
    player_vars = [spec for spec in var_specs if spec.per_player]
    width = max([len(s.name) for s in [*shared_zones, *player_zones, *shared_vars, *player_vars]] or [0])

    def labelled(name: str, content: Text, indent: str) -> Text:
        return Text.assemble(indent, (f"{name}:".ljust(width + 2), DIM), content)

    for spec in shared_zones:
        head, below = spec.kind.render(painter, in_order(game, spec, zones[spec.name]), marks)
        lines.append(labelled(spec.name, head, "  "))
        lines.extend(below)
    for family, members in game.opening_families.items():
        if members[0].internal and not everything:
            continue
        head, below = members[0].kind.render_family(painter, zones.get(family, {}))
        lines.append(labelled(family, head, "  "))
        lines.extend(below)
    for spec in shared_vars:
        lines.append(labelled(spec.name, Text(variable_text(spec, variables[spec.name])), "  "))

    for seat in range(view.players):
        title = Text("  ")
        title.append(seat_name(seat), style=SEAT_STYLE)
        if seat == viewer:
            title.append(" (you)", style="bold green")
        if seat < len(eliminated) and eliminated[seat]:
            title.append("  out", style="bold red")
        elif seat == to_move and not view.terminal:
            title.append("  to move", style="yellow")
        if seat in view.committed:  # a secret choice: that it is made, and only to its maker what it is
            title.append(f"  has chosen: {view.own_choice}" if seat == viewer else "  has chosen", style="magenta")
        if view.terminal and seat in view.winners:
            title.append("  winner", style="bold green")
        lines.append(title)
        for spec in player_zones:
            seats = zones[spec.name]
            content = seats[seat] if seat < len(seats) else {"count": 0}
            head, below = spec.kind.render(painter, in_order(game, spec, content), marks, seat)
            lines.append(labelled(spec.name, head, "    "))
            lines.extend(below)
        for spec in player_vars:
            values = variables[spec.name]
            value = values[seat] if seat < len(values) else ""
            lines.append(labelled(spec.name, Text(variable_text(spec, value)), "    "))
    return Group(*lines)


def in_order(game: Game, spec: ZoneSpec, contents: Any) -> Any:
    """A zone's entry of a view, its cards in the card order when the zone is `sorted` (ids follow the order)."""
    if not spec.sorted or not isinstance(contents, list):
        return contents
    return sorted(contents, key=lambda text: game.by_text.get(str(text).lower(), (0,))[0])


def table_positions(game: Game, view: View) -> dict[str, int]:
    """Each card text of a view -> where the table draws it, counting in drawing order (render_view's: shared
    zones, families, then each seat's zones; a `sorted` zone in the card order)."""
    entries: list[Any] = [in_order(game, spec, view.zones[spec.name]) for spec in game.zones
                          if not spec.per_player and spec.name in view.zones]
    entries += [members for family, members in view.zones.items() if isinstance(members, dict)
                and family in game.opening_families]
    for seat in range(view.players):
        entries += [in_order(game, spec, seats[seat]) for spec in game.zones if spec.per_player
                    for seats in [view.zones.get(spec.name, [])] if seat < len(seats)]
    positions: dict[str, int] = {}
    for text in _texts(entries):
        positions.setdefault(text.lower(), len(positions))
    return positions


def _texts(entry: Any) -> Iterable[str]:
    if isinstance(entry, str):
        yield entry
    elif isinstance(entry, dict):
        for value in entry.values():
            yield from _texts(value)
    elif isinstance(entry, list | tuple):
        for item in entry:
            yield from _texts(item)


def in_table_order(game: Game, view: View, actions: Sequence[Action]) -> list[Action]:
    """The legal moves as the player reads them: each option's moves together (options in the engine's order),
    and within an option by where the table draws the cards they name (a sorted hand's order), else as the
    engine lists them. Only the list shown changes: a typed number picks the move shown with it, and a record
    keeps the engine's index of that move."""
    positions = table_positions(game, view)
    groups: dict[str, int] = {}
    for action in actions:
        groups.setdefault(action.name, len(groups))
    far = len(positions)

    def key(action: Action) -> tuple:
        return groups[action.name], tuple(positions.get(game.card_texts[v].lower(), far)
                                          for v in action.values if isinstance(v, Card))
    return sorted(actions, key=key)


def render_moves(painter: CardPainter, actions: Sequence[Action]) -> Group:
    """Numbered legal moves, from 1."""
    digits = len(str(len(actions)))
    lines = []
    for number, action in enumerate(actions, 1):
        line = Text(f"  {number:>{digits}}. ", style="cyan")
        line.append_text(painter.action(action))
        lines.append(line)
    return Group(*lines)


def winners_line(winners: Sequence[int], you: Sequence[int] = ()) -> Text:
    if not winners:
        return Text("Game over: nobody wins.", style="bold")
    text = Text("Winner: " if len(winners) == 1 else "Winners: ", style="bold")
    for i, seat in enumerate(winners):
        if i:
            text.append(", ")
        text.append(seat_name(seat), style="bold green")
        if seat in you:
            text.append(" (you)", style="green")
    return text
