"""Record and save files at the command line: a path -> a checked record with its game (or a one-line refusal);
a record -> a file written whole (or a one-line error). Shared by `play --record/--resume`, `save` and `replay`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from .. import CheckedRules, find_game
from ..bots import AgentError, check_spec
from ..diagnostics import RulesError
from ..engine import Action, Game, State
from ..files import FileProblem, read_text, same_file, write_text
from ..limits import SAVED_DIGITS, JsonProblem, load_json
from ..simulation import GameDidNotEnd, play_match
from ..simulation.records import (
    FORMAT,
    HUMAN,
    PlayRecord,
    RecordProblem,
    Script,
    check_game,
    located,
    position_differs,
    read_record,
    record_text,
)
from .common import CliError, prepare_game
from .render import plural


@attrs.define
class Opened:
    """A record file read and checked against its game."""

    path: str
    record: PlayRecord
    text: str
    rules: CheckedRules
    game: Game


def open_record(path: Path, game_name: str | None, what: str = "record") -> Opened:
    """The record (or save) in `path` with its game compiled with the recorded options: the game is
    `game_name` if given, else the one the record names (beside the record file, or as given). Every
    problem is a CliError or a located RulesError (exit 1)."""
    name = str(path)
    try:
        record, text = read_record(name)
    except FileProblem as exc:
        raise CliError(f"cannot read {what} file '{name}': {exc.reason}", 1) from None
    try:
        rules = _rules(record, name, game_name)
        game = rules.compile_cached(_options(record, rules))  # as `play` does: a saved game resumes from the cache
        check_game(record, game, what, name)
        for seat, spec in enumerate(record.seats):
            if spec != HUMAN:
                try:
                    check_spec(spec)
                except AgentError as exc:
                    raise RecordProblem(f"seat {seat}: {exc}", f"$.seats[{seat}]") from None
        _play_unseen(game, record)  # a record that does not replay is refused before anything is shown
    except RecordProblem as exc:
        raise located(name, text, exc.where, "S412", exc.message) from None
    return Opened(name, record, text, rules, game)


class EndOfRecord(Exception):
    """Every recorded move is made and the game goes on: it was stopped there."""


class Recorded:
    """Every seat of a game played from its record: the recorded moves, in order."""

    def __init__(self, script: Script):
        self.script = script

    def choose(self, state: State) -> Action:
        action = self.script.take(state)
        if action is None:
            raise EndOfRecord(state)
        return action


def _play_unseen(game: Game, record: PlayRecord) -> None:
    """Make every recorded move, showing nothing: RecordProblem for a move that does not fit, a saved
    position that is not where the moves lead, or a game that does not end as recorded."""
    script = Script(record.moves)
    try:
        state = play_match(game, record.players, record.seed, [Recorded(script)] * record.players, [],
                           record.max_decisions or None)
    except EndOfRecord as stopped:
        if position_differs(stopped.args[0], record):
            raise RecordProblem("the saved position is not the one its moves lead to (the file was changed)",
                                "$.position") from None
        return
    except GameDidNotEnd as exc:
        raise RecordProblem(str(exc), "$.moves") from None
    if not script.done:
        raise RecordProblem("the game ended before the last recorded move", "$.moves")
    result = record.result
    if record.position is not None:
        raise RecordProblem("a save of a game that is over", "$.position")
    if result is not None and (result.winners != list(state.winners) or result.turns != state.turns):
        raise RecordProblem(f"the record says the game ended after {plural(result.turns, 'turn')} with winners "
                            f"{result.winners}, but its moves end it after {plural(state.turns, 'turn')} with "
                            f"winners {list(state.winners)}", "$.result")


def _rules(record: PlayRecord, path: str, game_name: str | None) -> CheckedRules:
    if game_name is not None:
        return prepare_game(game_name)
    try:
        found = find_game(record.game, relative_to=path)
    except FileNotFoundError:
        raise CliError(f"{path}: the game it was made with, '{record.game}' ({record.rules_file}), is not found "
                       "here: give its rules file after the command's name", 1) from None
    return prepare_game(str(found))


def _options(record: PlayRecord, rules: CheckedRules) -> dict[str, Any]:
    """The recorded options, checked against the rules (the record's problem, not the command line's)."""
    for key in record.options:
        if key not in rules.option_docs:
            raise RecordProblem(f"{rules.title} has no option '{key}'", f"$.options.{key}")
    refused = rules.option_refusals(record.options, record.players)
    if refused:
        raise RecordProblem(refused[0], "$.options")
    try:
        return rules.option_values(record.options)
    except RulesError as exc:
        raise RecordProblem(exc.diagnostics[0].message if exc.diagnostics else str(exc), "$.options") from None


def write_record(path: str | Path, record: PlayRecord, what: str = "record") -> None:
    """Write `record` to `path` whole (a temporary file renamed into place); CliError (one line) if it
    cannot be written: a full disk, a folder that does not exist, a device."""
    try:
        write_text(path, record_text(record))
    except FileProblem as exc:
        raise CliError(f"cannot write the {what} '{path}': {exc.reason}", 1) from None
    except OSError as exc:
        raise CliError(f"cannot write the {what} '{path}': {exc.strerror or exc}", 1) from None


def check_target(path: str | Path, game: Game, what: str = "record") -> None:
    """CliError unless a record may be written to `path`: never over a rules file of the game, nor over
    a file that is not a record (what a person wrote is not lost to a mistyped name)."""
    target = Path(path)
    if any(same_file(target, source) for source in game.sources):
        raise CliError(f"'{path}' is a rules file of {game.title}: write the {what} to another file", 2)
    if target.exists() and target.is_file():
        try:
            data = load_json(read_text(target), SAVED_DIGITS)
        except (OSError, JsonProblem):
            data = None
        if not (isinstance(data, dict) and data.get("format") == FORMAT):
            raise CliError(f"'{path}' exists and is not a cardrules record: write the {what} to another file", 2)
