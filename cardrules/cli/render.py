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
from ..engine.zones.grid import Cell
from ..values import Card
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
    return f"P{seat}"


class CardPainter:
    """Styles card texts for one game: by the first attribute of a card whose value is a colour word."""

    def __init__(self, game: Game, color_system: str | None = None):
        self.game = game
        self.color_system = color_system
        self._by_card = {card: self._style_of(card) for card in game.cards}
        self._by_text: dict[str, str] = {}
        for card in game.cards:
            self._by_text.setdefault(game.card_texts[card].lower(), self._by_card[card])

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

    def card_with_colour(self, card: Card | str) -> Text:
        """The card's text, then the colour word of its attributes, if any ("b5 blue")."""
        text = self.card(card)
        found = self.game.by_text.get(str(card).lower()) if not isinstance(card, Card) else [card]
        for value in self.game.card_json(found[0]).values() if found else ():
            if color_style(value):
                text.append(f" {value}", style=self.style(card))
                break
        return text

    def cards(self, cards: Iterable[Card | str]) -> Text:
        return Text(" ").join(self.card(c) for c in cards)

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
                seed: int | None = None, marks: dict[Cell, int] | None = None) -> Group:
    """What a player sees (`State.view(player)`; player -1 is a spectator), as rich lines.

    Header, the game's `show` lines, shared zones and variables (only when the game declares no
    `show` line), then each seat with its own zones:
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

    zones = view.zones
    # A file that declares `show` lines says what its players need to know; its variables are
    # then bookkeeping (counters, flags) and are left out of the picture.
    variables = {} if game.shows else view.variables
    shared_zones = [spec for spec in game.zones if not spec.per_player and spec.name in zones]
    player_zones = [spec for spec in game.zones if spec.per_player and spec.name in zones]
    shared_vars = [spec for spec in game.vars if not spec.per_player and spec.name in variables]
    player_vars = [spec for spec in game.vars if spec.per_player and spec.name in variables]
    width = max([len(s.name) for s in [*shared_zones, *player_zones, *shared_vars, *player_vars]] or [0])

    def labelled(name: str, content: Text, indent: str) -> Text:
        return Text.assemble(indent, (f"{name}:".ljust(width + 2), DIM), content)

    for spec in shared_zones:
        head, below = spec.kind.render(painter, zones[spec.name], marks)
        lines.append(labelled(spec.name, head, "  "))
        lines.extend(below)
    for family, members in game.opening_families.items():
        head, below = members[0].kind.render_family(painter, zones.get(family, {}))
        lines.append(labelled(family, head, "  "))
        lines.extend(below)
    for spec in shared_vars:
        lines.append(labelled(spec.name, Text(str(variables[spec.name])), "  "))

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
            head, below = spec.kind.render(painter, content, marks, seat)
            lines.append(labelled(spec.name, head, "    "))
            lines.extend(below)
        for spec in player_vars:
            values = variables[spec.name]
            value = values[seat] if seat < len(values) else ""
            lines.append(labelled(spec.name, Text(str(value)), "    "))
    return Group(*lines)


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
