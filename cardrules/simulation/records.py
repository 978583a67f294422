"""A game played -> its record (seed, seats, every move), and a record file -> a checked record that replays it.

A record holds what makes a game happen again move for move: the rules it was played with (by the
digest of their text, `Game.rules_digest`), the options, the seed, the seats (`human` or a bot's
spec) and every decision, by the index of the move among the legal moves of the moment and by its
text (a check: the same index must name the same move when the record is replayed). The bots are
seeded from the record's seed, so they choose again what they chose. A save is a record of a game
under way with, under `position`, the state it reached (engine/saves.py), checked on load against
the one its moves reach.

A record file is untrusted: it is read as JSON with every problem located (file:line:col), its
fields are structured by cattrs (each wrong field named by its path inside the file, and located),
its values checked against the game, and nothing in it is ever run.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any, Callable, Sequence

import attrs
import cattrs

from ..converter import converter, fields_json, register
from ..diagnostics import RulesError, Span, error
from ..engine import Action, Game, State
from ..engine.saves import load_state, save_state
from ..files import read_text
from ..limits import MAX_GAME_DECISIONS, MAX_PLAYERS, SAVED_DIGITS, JsonProblem, line_and_column, load_json
from ..words import plural
from .match import Observer, result_value

FORMAT = "cardrules-record/1"
HUMAN = "human"

# How a game ended, as a record says it; a record of a game still "playing" (a crash) can be resumed too.
ENDINGS = ("playing", "over", "abandoned", "interrupted", "stopped")


@attrs.define
class RecordedMove:
    """One decision: who made it, the index of the move among the legal moves then, and its text."""

    player: int
    index: int
    move: str


@attrs.define
class RecordedResult:
    """How a finished game came out."""

    winners: list[int]
    turns: int
    result: Any = None  # the rules file's `result` value, if it declares one


@attrs.define
class PlayRecord:
    """A game as played: enough to play it again, move for move (see the module's docstring)."""

    format: str
    game: str  # what `play` was given: a bundled game's name or a path to a rules file
    rules_file: str  # the rules file's name
    rules: str  # the digest of the rules text (Game.rules_digest)
    options: dict[str, Any]
    seed: int
    players: int
    seats: list[str]
    max_decisions: int | None
    moves: list[RecordedMove] = attrs.Factory(list)
    ended: str = "playing"
    result: RecordedResult | None = None
    position: dict[str, Any] | None = None  # a save: the state the moves reach (engine/saves.py)


register(PlayRecord, fields_json(PlayRecord, omit_if_default=("result", "position")))


class RecordProblem(ValueError):
    """A record that does not fit its game, or whose moves cannot be made: `where` is the path of the
    offending value inside the file ($.moves[3]), for the caller to locate."""

    def __init__(self, message: str, where: str = "$"):
        super().__init__(message)
        self.message, self.where = message, where


def new_record(game: Game, name: str, rules_file: str, seed: int, players: int, seats: Sequence[str],
               max_decisions: int | None) -> PlayRecord:
    return PlayRecord(FORMAT, name, rules_file, game.rules_digest, dict(game.options), seed, players, list(seats),
                      max_decisions)


def record_text(record: PlayRecord) -> str:
    """The file's text: one move a line, so that a long game stays readable and a diff shows the moves."""
    data = converter.unstructure(record)
    moves = data.pop("moves")
    position = data.pop("position", None)
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in data.items()]
    lines.append('  "moves": [' + ",".join(f"\n    {json.dumps(move)}" for move in moves) +
                 ("\n  ]" if moves else "]"))
    if position is not None:
        lines[-1] += ","
        lines.append('  "position": ' + json.dumps(position))
    return "{\n" + "\n".join(lines) + "\n}\n"


# -- reading a record file -----------------------------------------------------------------------

def read_record(path: str) -> tuple[PlayRecord, str]:
    """The record in file `path` and its text; FileProblem (OSError) if it cannot be read, RulesError
    (located) if it is not a record of this format or a field is of the wrong kind."""
    text = read_text(path)
    try:
        data = load_json(text, SAVED_DIGITS)
    except JsonProblem as exc:
        raise RulesError([error("S410", exc.message, Span(exc.line, exc.column), path)]) from None
    if not isinstance(data, dict):
        raise located(path, text, "$", "S411", "a record is a JSON object (written by `cardrules play --record`)")
    found = data.get("format")
    if found != FORMAT:
        words = f"format {json.dumps(found)}" if found is not None else "no 'format'"
        raise located(path, text, "$.format" if found is not None else "$", "S411",
                      f"not a record this version of cardrules reads ({words}; it reads {json.dumps(FORMAT)})")
    try:
        record = converter.structure(data, PlayRecord)
    except Exception as exc:  # cattrs groups every field problem: report them all, each where it is
        messages = cattrs.transform_error(exc) if isinstance(exc, cattrs.BaseValidationError) else [str(exc)]
        raise RulesError([_field_problem(path, text, message) for message in messages]) from None
    problem = _loose_number(data) or _shape_problem(record)
    if problem is not None:
        raise located(path, text, problem.where, "S412", problem.message)
    return record, text


def _field_problem(path: str, text: str, message: str):
    words, _, where = message.rpartition(" @ ")
    if not words:
        words, where = message, "$"
    line, column = json_place(text, where)
    return error("S411", f"{words.replace('invalid value for type', 'a value of the wrong kind')} at {where}",
                 Span(line, column), path)


def _loose_number(data: dict[str, Any]) -> RecordProblem | None:
    """A whole number written as a text or as true/false, which cattrs would take for one."""
    places = [(f"$.{key}", data.get(key)) for key in ("seed", "players")]
    if data.get("max_decisions") is not None:
        places.append(("$.max_decisions", data["max_decisions"]))
    for i, move in enumerate(data.get("moves") or []):
        places += [(f"$.moves[{i}].{key}", move.get(key)) for key in ("player", "index") if isinstance(move, dict)]
    for where, value in places:
        if type(value) is not int:
            return RecordProblem(f"a whole number is expected at {where}, not {json.dumps(value)}", where)
    return None


def _shape_problem(record: PlayRecord) -> RecordProblem | None:
    """What is wrong with a record before any game is looked at (counts, ranges, kinds of values)."""
    if record.ended not in ENDINGS:
        return RecordProblem(f"'ended' is one of {', '.join(ENDINGS)}, not {json.dumps(record.ended)}", "$.ended")
    if not 1 <= record.players <= MAX_PLAYERS or len(record.seats) != record.players:
        return RecordProblem(f"{plural(record.players, 'player')} but {plural(len(record.seats), 'seat')}", "$.seats")
    if record.max_decisions is not None and not 1 <= record.max_decisions <= MAX_GAME_DECISIONS:
        return RecordProblem(f"'max_decisions' is from 1 to {MAX_GAME_DECISIONS}", "$.max_decisions")
    if len(record.moves) > MAX_GAME_DECISIONS:
        return RecordProblem(f"more than {MAX_GAME_DECISIONS} moves", "$.moves")
    for key, value in record.options.items():
        if not isinstance(value, (bool, int, str)):
            return RecordProblem(f"option '{key}' holds {json.dumps(value)}: an option is true, false, a number "
                                 "or a text", f"$.options.{key}")
    for i, move in enumerate(record.moves):
        if not 0 <= move.player < record.players or move.index < 0:
            return RecordProblem(f"move {i + 1} names seat {move.player} or move number {move.index}, which "
                                 "cannot be", f"$.moves[{i}]")
    return None


def check_game(record: PlayRecord, game: Game, where: str, path: str) -> None:
    """RecordProblem unless `record` was made with `game`'s rules text (by digest) and options."""
    if record.rules != game.rules_digest:
        raise RecordProblem(f"this {where} was made with other rules: the text of '{record.game}' has changed "
                            f"since, or other rules were given (digest {game.rules_digest[:12]}…, the {where}'s "
                            f"{record.rules[:12]}…); it can only be used with the rules it was made with", "$.rules")
    if not game.min_players <= record.players <= game.max_players:
        raise RecordProblem(f"{game.title} is not for {record.players} players", "$.players")
    if record.position is not None:
        load_state(game, record.position, path)  # checked fully: RulesError (S400) with what is wrong


def position_differs(state: State, record: PlayRecord) -> bool:
    """Whether a save's position is not the one its moves reach (a file edited by hand, or damaged)."""
    return record.position is not None and json.loads(json.dumps(save_state(state))) != record.position


def located(path: str, text: str, where: str, code: str, message: str) -> RulesError:
    line, column = json_place(text, where)
    return RulesError([error(code, message, Span(line, column), path)])


_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]|\['([^']*)'\]")


def json_place(text: str, where: str) -> tuple[int, int]:
    """The line and column of the value at `where` ($.moves[3].index, as cattrs names it) in a JSON
    text; as far down the path as the text goes (the whole text: 1, 1)."""
    decoder = json.JSONDecoder()
    index = _skip(text, 0)
    for match in _STEP.finditer(where.removeprefix("$")):
        key = match.group(1) if match.group(1) is not None else match.group(3)
        found = _child(decoder, text, index, key if key is not None else int(match.group(2)))
        if found is None:
            break
        index = found
    return line_and_column(text, index)


def _skip(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def _child(decoder: json.JSONDecoder, text: str, index: int, step: str | int) -> int | None:
    """Where the value of key or item `step` of the object or array starting at `index` starts."""
    opener = text[index:index + 1]
    if opener not in ("{", "[") or (opener == "{") != isinstance(step, str):
        return None
    index, count = _skip(text, index + 1), 0
    try:
        while index < len(text) and text[index] not in "}]":
            key = None
            if opener == "{":
                key, index = decoder.raw_decode(text, index)
                index = _skip(text, _skip(text, index) + 1)  # past the colon
            if key == step or (opener == "[" and count == step):
                return index
            _, index = decoder.raw_decode(text, index)
            index = _skip(text, index)
            if text[index:index + 1] == ",":
                index = _skip(text, index + 1)
            count += 1
    except (ValueError, RecursionError):
        return None
    return None


# -- playing a record again ----------------------------------------------------------------------

class Script:
    """The recorded moves, handed out in order while a game is played again: each is checked to be
    the recorded player's, and the same move (by text) at the same index of the legal moves."""

    def __init__(self, moves: Sequence[RecordedMove]):
        self.moves, self.next = list(moves), 0

    @property
    def done(self) -> bool:
        return self.next >= len(self.moves)

    def take(self, state: State) -> Action | None:
        """The next recorded move, or None once every recorded move is made; RecordProblem if it does
        not fit the state."""
        if self.done:
            return None
        i, move = self.next, self.moves[self.next]
        legal = state.legal_actions()
        player = state.current_player()
        if move.player != player:
            raise RecordProblem(f"move {i + 1} is recorded as seat {move.player}'s, but seat {player} is to move",
                                f"$.moves[{i}]")
        if move.index >= len(legal) or legal[move.index].text != move.move:
            raise RecordProblem(f"move {i + 1}, {json.dumps(move.move)}, is not move {move.index + 1} of the "
                                f"{len(legal)} legal moves of that moment", f"$.moves[{i}]")
        self.next += 1
        return legal[move.index]


class Recorder(Observer):
    """Notes every move of a game into `record`; with `write`, hands the record to it as the game goes
    (before a human is asked for a move, and at least every `every` seconds) and once at the end, so a
    crash loses at most the last moment of bot moves."""

    def __init__(self, record: PlayRecord, write: Callable[[PlayRecord], None] | None = None,
                 humans: Sequence[int] = (), every: float = 1.0):
        self.record, self.write, self.humans, self.every = record, write, set(humans), every
        self.written = time.monotonic()
        self.state: State | None = None

    def started(self, state: State) -> None:
        self.state = state

    def moving(self, state: State, player: int, action: Action) -> None:
        legal = state.legal_actions()  # the very move if it is one of them (equal moves may differ underneath)
        index = next((i for i, move in enumerate(legal) if move is action), None)
        index = legal.index(action) if index is None else index
        self.record.moves.append(RecordedMove(player, index, action.text))

    def moved(self, state: State, player: int, action: Action) -> None:
        self.state = state
        if self.write is None or state.is_terminal():
            return
        if state.current_player() in self.humans or time.monotonic() - self.written >= self.every:
            self.flush()

    def ended(self, state: State) -> None:
        self.state = state
        self.finish("over")

    def flush(self) -> None:
        if self.write is not None:
            self.write(self.record)
            self.written = time.monotonic()

    def finish(self, ending: str) -> None:
        """The game stopped (`ending`, one of ENDINGS): note how, and write the record a last time."""
        self.record.ended = ending
        state = self.state
        if ending == "over" and state is not None:
            value = result_value(state)
            self.record.result = RecordedResult(list(state.winners), state.turns, value)
        self.flush()

    def saved(self, state: State) -> PlayRecord:
        """The record so far with the position reached: a save, to be continued with `play --resume`."""
        return attrs.evolve(self.record, moves=list(self.record.moves), position=save_state(state))


class Resuming:
    """A seat of a game resumed from a record: the recorded moves first (from the `script` all seats
    share), then the seat's own. A bot that sat there then (`agent`) thinks again over each of its
    recorded moves, so that its random draws, and so its next choices, are those of the game never
    stopped; what it chooses then is set aside for the recorded move."""

    def __init__(self, seat: Any, script: Script, agent: Any = None):
        self.seat, self.script, self.agent = seat, script, agent
        observe = getattr(seat, "observe", None)
        if observe is not None:
            self.observe = observe

    def choose(self, state: State) -> Action:
        action = self.script.take(state)
        if action is None:
            return self.seat.choose(state)
        if self.agent is not None:
            self.agent.choose(state)
        return action


class CatchingUp(Observer):
    """Observers of a resumed game, told of it from where it was stopped: while the recorded moves are
    made again they hear nothing; then `resumed(state)` is called and they are told that the game
    `started` with that state."""

    def __init__(self, observers: Sequence[Observer], script: Script, resumed: Callable[[State], None]):
        self.observers, self.script, self.resumed = list(observers), script, resumed
        self.caught_up = False

    def _catch_up(self, state: State) -> None:
        if not self.caught_up and self.script.done:
            self.caught_up = True
            self.resumed(state)
            for observer in self.observers:
                observer.started(state)

    def started(self, state: State) -> None:
        self._catch_up(state)

    def moving(self, state: State, player: int, action: Action) -> None:
        if self.caught_up:
            for observer in self.observers:
                observer.moving(state, player, action)

    def moved(self, state: State, player: int, action: Action) -> None:
        if self.caught_up:
            for observer in self.observers:
                observer.moved(state, player, action)
        else:
            self._catch_up(state)

    def ended(self, state: State) -> None:
        self._catch_up(state)
        for observer in self.observers:
            observer.ended(state)
