"""A State <-> its save (JSON-ready data), through the package's one converter, with worded errors for bad files."""

from __future__ import annotations

from typing import Any

import attrs
import cattrs

from ..converter import converter, fields_json, register
from ..diagnostics import RulesError, Span, error
from ..values import NOTHING, SEATS, Card, Seat, Sym
from .game import Game
from .secret import Choice, Secret
from .state import State
from .zones.grid import Cell

FORMAT = "cardrules-save/1"


@attrs.define
class SavedState:
    """The saved form of a State: plain JSON types only."""

    format: str
    game: str
    rules: str  # the digest of the rules text it was made with (Game.rules_digest)
    options: dict[str, Any]
    players: int
    zones: list[list[int]]
    vars: list[Any]
    eliminated: list[bool]
    locals: list[Any]
    rng: int
    me: int
    pc: int
    terminal: bool
    winners: list[int]
    turns: int
    decisions: int
    stack: list[Any] = attrs.Factory(list)
    # the cards of zones laid out by cell (a grid): (slot, x, y, cards); such a zone's list in `zones` is empty
    cells: list[tuple[int, int, int, list[int]]] = attrs.Factory(list)
    opened: list[int] = attrs.Factory(list)  # zones that open in order, in the order they were opened
    known: list[list[int]] = attrs.Factory(list)  # [card id, bitmask of the seats that know it]
    # the choices of a `simultaneously` under way (secret.Secret), the chosen values encoded; a save
    # made without one has no such key
    secret: dict[str, Any] | None = None


register(SavedState, fields_json(SavedState, omit_if_default=("secret",)))


def encode_value(value: Any) -> Any:
    """Runtime values -> JSON: cards, seats and symbols are tagged so they load back as themselves."""
    match value:
        case Card():
            return {"card": int(value)}
        case Seat():
            return {"seat": int(value)}
        case Sym():
            return {"symbol": value.name}
        case Cell():
            return {"cell": [value[0], value[1]]}
        case list():
            return [encode_value(v) for v in value]
        case tuple():
            return {"tuple": [encode_value(v) for v in value]}
        case _ if value is NOTHING:
            return {"none": True}
        case bool() | int() | str() | None:
            return value
    raise TypeError(f"cannot save a value of type {type(value).__name__}")


def decode_value(data: Any, game: Game) -> Any:
    match data:
        case {"card": int(i)} if 0 <= i < len(game.cards):
            return game.cards[i]
        case {"seat": int(i)} if 0 <= i < len(SEATS):
            return SEATS[i]
        case {"symbol": str(name)}:
            return _symbol(game, name)
        case {"cell": [int(x), int(y)]}:
            return Cell(x, y)
        case {"tuple": list(items)}:
            return tuple(decode_value(v, game) for v in items)
        case {"none": True}:
            return NOTHING
        case list():
            return [decode_value(v, game) for v in data]
        case bool() | int() | str() | None:
            return data
    raise ValueError(f"unknown saved value {data!r}")


def _symbol(game: Game, name: str) -> Sym:
    for values in game.attributes.values():
        for value in values:
            if isinstance(value, Sym) and value.name == name:
                return value
    raise ValueError(f"'{name}' is not an attribute value of {game.title}")


def save_state(state: State) -> dict:
    zones: list[list[int]] = []
    cells: list[tuple[int, int, int, list[int]]] = []
    for slot, zone in enumerate(state.zones):  # each zone's parts, as its kind gives them
        zones.append([])
        for cell, cards in state.game.zone_at(slot, state.n).kind.parts(zone):
            if cell is None:
                zones[-1].extend(int(c) for c in cards)
            else:
                cells.append((slot, cell[0], cell[1], [int(c) for c in cards]))
    saved = SavedState(FORMAT, state.game.name, state.game.rules_digest, dict(state.game.options), state.n,
                       zones, encode_value(list(state.vars)),
                       list(state.eliminated), encode_value(list(state.locals)), state.rng, state.me, state.pc,
                       state.terminal, list(state.winners), state.turns, state.decisions,
                       encode_value([list(frame) for frame in state.stack]), cells, list(state.opened),
                       [[int(card), mask] for card, mask in sorted(state.known.items())], _save_secret(state.secret))
    return converter.unstructure(saved)


def _save_secret(secret: Secret | None) -> dict[str, Any] | None:
    if secret is None:
        return None
    chosen = [None if c is None else {"option": c.option, "values": encode_value(list(c.values)), "text": c.text}
              for c in secret.chosen]
    return {"turn_player": secret.turn_player, "pc": secret.pc, "seats": list(secret.seats), "chosen": chosen,
            "revealed": secret.revealed}


def _load_secret(game: Game, data: dict[str, Any] | None, players: int, pc: int) -> Secret | None:
    """The saved choices of a `simultaneously`; ValueError when they do not fit this game's rules."""
    if data is None:
        return None
    try:
        decision = game.decisions[data["pc"]]
        seats = tuple(int(p) for p in data["seats"])
        chosen = tuple(None if c is None else Choice(int(c["option"]), tuple(decode_value(c["values"], game)),
                                                     str(c["text"])) for c in data["chosen"])
        secret = Secret(int(data["turn_player"]), data["pc"], seats, chosen, int(data["revealed"]))
    except (KeyError, TypeError, AttributeError):
        raise ValueError("the saved secret choices are not readable") from None
    fits = decision.secret is not None and len(chosen) == len(seats) > 0 and \
        all(0 <= p < players for p in (*seats, secret.turn_player)) and -1 <= secret.revealed <= len(seats) and \
        all(c is None or 0 <= c.option < len(decision.options) for c in chosen) and \
        (secret.committing == (pc == secret.pc)) and (not secret.committing or None in chosen)
    if not fits:
        raise ValueError("the saved secret choices do not match this game's rules")
    return secret


def _zones(game: Game, saved: SavedState) -> list:
    """The saved zones, each in its kind's container, its cards put back as its kind lays them."""
    kinds = [game.zone_at(slot, saved.players).kind for slot in range(len(saved.zones))]
    zones = [kind.container() for kind in kinds]
    for slot, ids in enumerate(saved.zones):
        if ids:
            kinds[slot].put(zones[slot], [game.cards[i] for i in ids])
    for slot, x, y, ids in saved.cells:
        kinds[slot].put(zones[slot], [game.cards[i] for i in ids], Cell(x, y))
    return zones


def load_state(game: Game, data: Any, path: str = "<save>") -> State:
    """Rebuild a State saved by `save_state`; a damaged or foreign file raises RulesError."""
    try:
        saved = converter.structure(data, SavedState)
    except Exception as exc:  # cattrs groups every field problem; report them all
        messages = cattrs.transform_error(exc) if isinstance(exc, cattrs.BaseValidationError) else [str(exc)]
        raise _bad(path, [f"invalid save file: {m}" for m in messages]) from None
    problems = _consistency(game, saved)
    if problems:
        raise _bad(path, problems)
    try:
        return State(game=game, n=saved.players, zones=_zones(game, saved),
                     vars=decode_value(saved.vars, game), eliminated=saved.eliminated,
                     locals=decode_value(saved.locals, game), rng=saved.rng, me=saved.me, pc=saved.pc,
                     terminal=saved.terminal, winners=saved.winners, turns=saved.turns,
                     decisions=saved.decisions, stack=decode_value(saved.stack, game), opened=saved.opened,
                     known={game.cards[card]: mask for card, mask in saved.known},
                     secret=_load_secret(game, saved.secret, saved.players, saved.pc))
    except ValueError as exc:
        raise _bad(path, [f"invalid save file: {exc}"]) from None


def _consistency(game: Game, saved: SavedState) -> list[str]:
    problems = []
    if saved.format != FORMAT:
        problems.append(f"not a cardrules save file (format {saved.format!r}, expected {FORMAT!r})")
    if saved.game != game.name:
        problems.append(f"this save is of game '{saved.game}', not '{game.name}'")
    elif saved.rules != game.rules_digest:
        problems.append(f"this save was made with other rules for '{game.name}' (the rules text has changed since "
                        "it was saved); it can only be continued with the rules it was made with")
    if saved.options != game.options:
        problems.append(f"this save was made with options {saved.options}, not {game.options}")
    ids = sorted([i for z in saved.zones for i in z] + [i for _, _, _, cards in saved.cells for i in cards])
    if ids != list(range(len(game.cards))):
        problems.append("the saved zones do not hold every card exactly once")
    if len(saved.zones) != game.shared_zones + saved.players * (len(game.zones) - game.shared_zones):
        problems.append("the saved zones do not match this game's zones")
    else:  # only a kind laid out by cell has cells, and its cards lie on them
        grids = {slot for slot in range(len(saved.zones)) if game.zone_at(slot, saved.players).kind.by_cell}
        if any(slot not in grids or not cards for slot, _, _, cards in saved.cells) or any(saved.zones[s]
                                                                                            for s in grids):
            problems.append("the saved grid cells do not match this game's grid zones")
    if not game.min_players <= saved.players <= game.max_players or len(saved.eliminated) != saved.players:
        problems.append(f"bad number of players {saved.players}")
    elif len(saved.vars) != len(game.blank_state(saved.players, 0).vars):  # per-card values and movers included
        problems.append("the saved variables do not match this game's variables")
    if not (0 <= saved.pc < len(game.program)) or (not saved.terminal and saved.pc not in game.decisions):
        problems.append("the saved position in the rules does not match this game's rules")
    if not 0 <= saved.me < saved.players or any(not 0 <= seat < saved.players for seat in saved.winners):
        problems.append("the saved player to move or winners name a seat that does not exist")
    if any(not 0 <= slot < len(saved.zones) for slot in saved.opened):
        problems.append("the saved order of the columns names a zone that does not exist")
    if any(len(entry) != 2 or not 0 <= entry[0] < len(game.cards) or not 0 < entry[1] < 1 << saved.players
           for entry in saved.known):
        problems.append("the saved known cards name a card or a player that does not exist")
    return problems


def _bad(path: str, messages: list[str]) -> RulesError:
    return RulesError([error("S400", m, Span(1, 1), path) for m in messages])
