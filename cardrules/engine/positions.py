"""Position files (JSON: zones, seat to move, eliminated seats, variables) -> a State at the start of a turn."""

from __future__ import annotations

import json
from typing import Any

import attrs

from ..diagnostics import Diagnostic, RulesError, Span, error
from ..files import read_text
from ..limits import MAX_PROBLEMS, JsonProblem, line_and_column, load_json
from ..values import NOTHING, SEATS, Card, Sym
from . import percard
from .accepts import options_refusal
from .game import Game
from .specs import VarSpec, ZoneSpec
from .state import State
from .zones import Part

_KEYS = {"players", "to_move", "zones", "eliminated", "variables", "seed", "known", "movers"}


class PositionReader:
    """Validates a position and collects every problem with the place it was found (zone kinds read
    their own entries with it: zones.ZoneKind.read_position)."""

    def __init__(self, game: Game, data: dict, path: str, text: str | None):
        self.game, self.data, self.path, self.text = game, data, path, text
        self.problems: list[Diagnostic] = []
        self.more = 0  # problems found beyond MAX_PROBLEMS: counted, not located (locating each costs a search)
        self.used: set[Card] = set()

    def problem(self, message: str, near: str | None = None) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            self.more += 1
            return
        self.problems.append(error("P500", message, self.locate(near), self.path))

    def reported(self) -> list[Diagnostic]:
        """The problems to report: the first MAX_PROBLEMS, the last of them noting how many more there were."""
        if not self.more:
            return self.problems
        last = self.problems[-1]
        return [*self.problems[:-1], attrs.evolve(last, notes=(*last.notes, f"and {self.more} more problems "
                                                                             "like these in this file"))]

    def locate(self, near: str | None) -> Span:
        """Best effort: the line of the first occurrence of `near` in the file's text."""
        if self.text and near:
            index = self.text.find(near)
            if index >= 0:
                return Span(*line_and_column(self.text, index))
        return Span(1, 1)

    def card(self, entry: Any, where: str) -> Card | None:
        candidates = self.matches(entry)
        if candidates is None:
            self.problem(f"{where}: a card is written as its short text (like \"{self.game.card_texts[-1]}\") "
                         f"or as an object of attributes, not {json.dumps(entry)}", json.dumps(entry))
            return None
        if not candidates:
            self.problem(f"{where}: no card {json.dumps(entry)} in {self.game.title}", json.dumps(entry))
            return None
        for card in candidates:
            if card not in self.used:
                self.used.add(card)
                return card
        self.problem(f"{where}: card {json.dumps(entry)} is listed more times than the game has it",
                     json.dumps(entry))
        return None

    def matches(self, entry: Any) -> list[Card] | None:
        if isinstance(entry, str):
            return list(self.game.by_text.get(entry.strip().lower(), ()))
        if isinstance(entry, dict):
            return [c for c in self.game.cards if all(_same(self.game.card_json(c).get(k, _MISSING), v)
                                                      for k, v in entry.items()) and entry]
        return None

    def cards(self, entries: Any, where: str) -> list[Card]:
        if not isinstance(entries, list):
            self.problem(f"{where}: expected a list of cards (bottom to top)", where.split(".")[-1])
            return []
        return [c for i, e in enumerate(entries) if (c := self.card(e, f"{where}[{i}]")) is not None]


_MISSING = object()


def _same(actual: Any, given: Any) -> bool:
    return actual == given or (isinstance(given, str) and isinstance(actual, str) and actual == given.lower())


def _players(r: PositionReader) -> int | None:
    n = r.data.get("players", r.game.min_players)
    if not _whole(n) or not r.game.min_players <= n <= r.game.max_players:
        r.problem(f"'players' must be a number from {r.game.min_players} to {r.game.max_players}", '"players"')
        return None
    refused = options_refusal(r.game.option_docs, r.game.options, n)
    if refused:
        r.problem(f"'players': {refused}", '"players"')
        return None
    return n


def _zones(r: PositionReader, n: int) -> dict[int, list[Part]]:
    """The zones listed, by slot: each slot's parts (zones.Part), read by the zone's kind."""
    listed: dict[int, list[Part]] = {}
    zones = r.data.get("zones", {})
    if not isinstance(zones, dict):
        r.problem("'zones' must be an object of zone name -> cards", '"zones"')
        return listed
    names = [z.name for z in r.game.zones]
    families = {z.family for z in r.game.zones if z.family}
    for name, content in _flatten_families(zones, families):
        if name not in names:
            r.problem(f"unknown zone '{name}' (zones of {r.game.title}: {', '.join(names)})", f'"{name}"')
            continue
        spec = r.game.zone(name)
        if spec.per_player:
            _per_player(r, spec, content, n, listed)
        else:
            listed[r.game.zone_slot(spec, n)] = spec.kind.read_position(r, spec, content, f"zones.{name}")
    return listed


def _flatten_families(zones: dict, families: set[str]) -> list[tuple[str, Any]]:
    """A family may be given as one object by key (`"column": {"clubs": [...]}`) or key by key;
    either way the keys keep their order, which is the opening order of a kind that opens its
    members in order (`columns`)."""
    out: list[tuple[str, Any]] = []
    for name, content in zones.items():
        if name in families and isinstance(content, dict):
            out.extend(content.items())
        else:
            out.append((name, content))
    return out


def _known(r: PositionReader, state: State) -> None:
    """`"known": [[cards of seat 0], ...]`: each seat knows those cards where they lie."""
    given = r.data.get("known", [])
    if not isinstance(given, list) or len(given) not in (0, state.n) or not all(isinstance(x, list) for x in given):
        r.problem(f"'known' gives one list of cards per seat ({state.n} lists)", '"known"')
        return
    for seat, entries in enumerate(given):
        for i, entry in enumerate(entries):
            candidates = r.matches(entry)
            if not candidates:
                r.problem(f"known[{seat}][{i}]: no card {json.dumps(entry)} in {r.game.title}", json.dumps(entry))
                continue
            fresh = [c for c in candidates if not state.known.get(c, 0) >> seat & 1]
            card = (fresh or candidates)[0]
            state.known[card] = state.known.get(card, 0) | 1 << seat


def _per_player(r: PositionReader, spec: ZoneSpec, content: Any, n: int, listed: dict) -> None:
    if not isinstance(content, list) or len(content) != n or not all(isinstance(x, list) for x in content):
        r.problem(f"zones.{spec.name}: '{spec.name}' belongs to each player: give one list per seat "
                  f"({n} lists)", f'"{spec.name}"')
        return
    for seat, cards in enumerate(content):
        listed[r.game.zone_slot(spec, n, seat)] = spec.kind.read_position(r, spec, cards,
                                                                          f"zones.{spec.name}[{seat}]")


def _variables(r: PositionReader, state: State) -> None:
    given = r.data.get("variables", {})
    specs = {v.name: v for v in r.game.vars}
    if not isinstance(given, dict):
        r.problem("'variables' must be an object of name -> value", '"variables"')
        return
    for name, value in given.items():
        spec = specs.get(name)
        if spec is None:
            r.problem(f"unknown variable '{name}'", f'"{name}"')
        elif spec.per_player:
            if not isinstance(value, list) or len(value) != state.n:
                r.problem(f"variable '{name}' belongs to each player: give one value per seat", f'"{name}"')
                continue
            for p, v in enumerate(value):
                _set_keyed(r, state, spec, p, v)
        else:
            _set_keyed(r, state, spec, 0, value)


def _fitting(r: PositionReader, spec: VarSpec, given: Any, initial: Any) -> Any:
    """The value a position gives a variable, if it is of the kind the variable holds (the values of an
    attribute, as the checker found or as it starts; a number, true/false or a list, as it starts) or null;
    otherwise a problem and the initial value."""
    value = _value(r, given)
    if given is None:
        return value
    expected = None
    attribute = spec.attribute or (initial.attribute if isinstance(initial, Sym) else None)
    if attribute is not None and not (isinstance(value, Sym) and value.attribute == attribute):
        expected = f"a value of '{attribute}' (" + ", ".join(v.name for v in r.game.attributes[attribute]
                                                             if isinstance(v, Sym)) + ")"
    elif isinstance(initial, bool) and not isinstance(value, bool):
        expected = "true or false"
    elif type(initial) is int and type(value) is not int:
        expected = "a whole number"
    elif isinstance(initial, list) and not isinstance(value, list):
        expected = "a list"
    elif not _game_value(value):  # a variable of no known kind still holds only what the rules can make
        expected = "a value of the game (a whole number, true or false, null, a value of an attribute, or a list " \
                   "of these)"
    if expected is None:
        return value
    r.problem(f"variable '{spec.name}' holds {expected}, not {json.dumps(given)}", json.dumps(given))
    return initial


def _set_keyed(r: PositionReader, state: State, spec, player: int, value: Any) -> None:
    """A keyed variable is given as an object by key ({"asc1": "keep"}); keys not given keep their value."""
    if not spec.keys:
        slot = r.game.var_slot(spec, state.n, player)
        state.vars[slot] = _fitting(r, spec, value, state.vars[slot])
        return
    names = percard.key_names(r.game, spec)
    if not isinstance(value, dict):
        r.problem(f"variable '{spec.name}' has a value per key: give an object such as "
                  f'{{"{names[0]}": ...}}', f'"{spec.name}"')
        return
    # card texts are read in any case, as in zones; the copies of a text after the first are `text#2`, ...
    index = {(n.lower() if spec.card_key >= 0 else n): i for i, n in enumerate(names)}
    for key, v in value.items():
        i = index.get(key.lower() if spec.card_key >= 0 else key)
        if i is None:
            keys = "a card's text, such as " + json.dumps(names[0]) if spec.card_key >= 0 else ", ".join(names)
            r.problem(f"variable '{spec.name}' has no key '{key}' (keys: {keys})", f'"{key}"')
            continue
        slot = r.game.var_slot(spec, state.n, player, i)
        state.vars[slot] = _fitting(r, spec, v, state.vars[slot])


def _movers(r: PositionReader, state: State) -> None:
    """`"movers": {"r7": 1}`: the seat that last moved each card listed (`mover`); null for none."""
    given = r.data.get("movers", {})
    if not given:
        return
    if not r.game.records_movers:
        r.problem("'movers' is for rules that read 'mover(card)', and these do not", '"movers"')
        return
    if not isinstance(given, dict):
        r.problem("'movers' must be an object of card -> seat", '"movers"')
        return
    cards = {name.lower(): Card(i) for i, name in enumerate(percard.card_names(r.game))}
    base = percard.mover_base(r.game, state.n)
    for name, seat in given.items():
        card = cards.get(name.lower())
        if card is None:
            r.problem(f"movers: no card {json.dumps(name)} in {r.game.title}", json.dumps(name))
        elif seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.n):
            r.problem(f"movers: {json.dumps(name)} was moved by a seat from 0 to {state.n - 1} (or null), "
                      f"not {json.dumps(seat)}", json.dumps(name))
        else:
            state.vars[base + card] = NOTHING if seat is None else SEATS[seat]


def _game_value(value: Any) -> bool:
    """What a position may give a variable: JSON's text that named no attribute value, objects and fractions
    are nothing the rules could have stored."""
    if isinstance(value, list):
        return all(_game_value(v) for v in value)
    return value is NOTHING or isinstance(value, bool | int | Sym)


def _value(r: PositionReader, value: Any) -> Any:
    if value is None:  # JSON's null is the rules' `none` (Python's None would compare unequal to it)
        return NOTHING
    if isinstance(value, list):
        return [_value(r, v) for v in value]
    if isinstance(value, str):
        for values in r.game.attributes.values():
            for v in values:
                if isinstance(v, Sym) and v.name == value:
                    return v
    return value


def _whole(value: Any) -> bool:
    """A whole number as JSON writes it: `true` is not seat 1."""
    return isinstance(value, int) and not isinstance(value, bool)


def _seats(r: PositionReader, n: int) -> tuple[int, list[bool]]:
    eliminated = [False] * n
    listed = r.data.get("eliminated", [])
    if not isinstance(listed, list):
        r.problem("'eliminated' must be a list of seats", '"eliminated"')
        listed = []
    for seat in listed:
        if not _whole(seat) or not 0 <= seat < n:
            r.problem(f"'eliminated' lists seat {seat!r}, but seats are 0 to {n - 1}", '"eliminated"')
        else:
            eliminated[seat] = True
    to_move = r.data.get("to_move", 0)
    if not _whole(to_move) or not 0 <= to_move < n:
        r.problem(f"'to_move' must be a seat from 0 to {n - 1}, not {json.dumps(to_move)}", '"to_move"')
        to_move = 0
    elif eliminated[to_move]:
        r.problem(f"seat {to_move} is to move but is listed as eliminated", '"to_move"')
    return to_move, eliminated


def load_position(game: Game, data: Any, path: str = "<position>", text: str | None = None) -> State:
    """Build the state at the start of `to_move`'s turn; unlisted cards stay in their home zone."""
    if not isinstance(data, dict):
        raise RulesError([error("P500", "a position file is a JSON object", Span(1, 1), path)],
                         {path: text} if text else {})
    r = PositionReader(game, data, path, text)
    for key in data:
        if key not in _KEYS:
            r.problem(f"unknown key '{key}' (a position has: {', '.join(sorted(_KEYS))})", f'"{key}"')
    n = _players(r)
    if n is None:
        raise RulesError(r.reported(), {path: text} if text else {})
    listed = _zones(r, n)
    to_move, eliminated = _seats(r, n)
    seed = data.get("seed", 0)
    if not _whole(seed):
        r.problem("'seed' must be a whole number", '"seed"')
        seed = 0
    state = game.blank_state(n, seed)
    if r.problems:
        raise RulesError(r.reported(), {path: text} if text else {})
    _place(game, state, listed, r.used)
    game.initialise_vars(state)
    _variables(r, state)
    _movers(r, state)
    _known(r, state)
    if r.problems:
        raise RulesError(r.reported(), {path: text} if text else {})
    state.eliminated, state.me, state.pc = eliminated, to_move, game.turn_pc
    state.invalidate()  # variables, movers and who is out were set from the file, bumping no version
    state.run()
    return state


def _place(game: Game, state: State, listed: dict[int, list[Part]], used: set[Card]) -> None:
    for card in game.cards:  # unlisted cards go under the listed ones in their home zone
        if card not in used:
            state.zones[game.card_home[card]].append(card)
    for spec in game.zones:
        if spec.visibility == "hidden" and not spec.per_player:
            state.shuffle(state.zones[spec.index])
    for slot, parts in listed.items():
        kind = game.zone_at(slot, state.n).kind
        for cell, cards in parts:
            kind.put(state.zones[slot], cards, cell)
        if kind.opens_in_order and any(cards for _, cards in parts):
            state.opened.append(slot)  # listed in the order they were opened


def read_position(game: Game, path: str) -> State:
    """Load a position file from disk; bad JSON gets its line and column."""
    text = read_text(path)
    try:
        data = load_json(text)
    except JsonProblem as exc:
        raise RulesError([error("P501", exc.message, Span(exc.line, exc.column), path)], {path: text}) from None
    return load_position(game, data, path, text)
