"""A state as one player sees it (`View`) and a legal move written out (`MoveView`): records for front ends and scripts.

`State.view(player)` and `State.move_view(action)` build them; the terminal draws a view
(cli/render.py) and `cardrules legal --json` prints the moves. Their JSON has their fields as
keys, in order (the package's converter).
"""

from __future__ import annotations

from typing import Any

import attrs

from ..converter import fields_json, register, to_json


@attrs.frozen
class View:
    """What `player` may see of a state (player -1 is a spectator).

    `zones` maps each zone's name to its kind's entry (zones.ZoneKind.view: the card texts of a
    zone the player sees, else its count and the cards the player knows in it), a per-player
    zone's to a list by seat, and a family that opens in order to its members, oldest first.
    `variables` maps each variable's name to its value as text (a list by seat for a per-player
    one, an object by key for a keyed one).
    """

    game: str  # the title
    player: int
    players: int
    to_move: int  # -1 once the game is over
    turn_player: int  # whose turn it is (or was, once the game is over)
    eliminated: tuple[bool, ...]  # by seat
    zones: dict[str, Any]
    variables: dict[str, Any]
    terminal: bool
    winners: tuple[int, ...]
    show: tuple[tuple[str, str], ...]  # the rules file's `show` lines: (label, text)
    prompt: str  # the question of the pending decision, or ""
    # who last moved each card the player sees, for rules that read `mover` (card name -> P1); an
    # optional key, absent while empty, so the views of other games stay as they were
    movers: dict[str, str] = attrs.Factory(dict)
    # While the players of a `simultaneously` choose in secret: the seats that have chosen, and the
    # viewer's own choice (nobody sees another's until all have chosen). Left out of the JSON when empty.
    committed: tuple[int, ...] = ()
    own_choice: str = ""

    def to_json(self) -> dict:
        return to_json(self)


register(View, fields_json(View, omit_if_default=("movers", "committed", "own_choice")))


@attrs.frozen
class MoveView:
    """A legal move written out: its text, its option, the cards it names and every value as text."""

    text: str
    action: str  # the option's name
    cards: tuple[dict[str, Any], ...]  # each card the move names, as its attributes (Game.card_json)
    values: tuple[str, ...]  # each value as a player writes it

    def to_json(self) -> dict:
        return to_json(self)


@attrs.frozen
class LegalMoves:
    """The legal moves of a position, for the player to move (`cardrules legal --json`)."""

    player: int
    actions: tuple[MoveView, ...]

    def to_json(self) -> dict:
        return to_json(self)
