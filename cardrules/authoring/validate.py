"""A rules file + playout settings -> a validation report of checks and playouts (`cardrules validate`).

After the checks, random games are played for every player count and option combination.

What the playouts look for:

- games that do not end within a decision budget, and runtime errors (with their rules line);
- a card lying in a zone whose `holds` rules it out (the bots trust `holds`; play never checks it);
- the options of every `choose` that no player ever took, `on move` triggers that never ran and
  `end when` conditions that never held (rare events need more playouts: these are warnings);
- the range of every number a game ends with: variables and `show` lines (and `result`).

The rules are parsed and checked once, then compiled once per option combination. Each playout
is one `play_match` with a seeded random chooser in every seat; its observers count the options
taken (by the span of the chosen option) and check `holds` after every move, and the state's
tracer counts the triggers that ran and the `end when` conditions that held. Everything is
seeded: the same settings give the same report.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterable

import attrs

from .. import CheckedRules, prepare_source
from ..bots import RandomAgent
from ..converter import fields_json, register, to_json
from ..diagnostics import Diagnostic, RulesError, RulesRuntimeError, Span, error, explain_exception
from ..engine import Action, Game, State
from ..engine.accepts import options_refusal
from ..engine.knowledge import broken_holds
from ..language import nodes
from ..simulation import GameDidNotEnd, Observer, derive_seed, play_match
from ..values import NOTHING, Card, Seat, Sym
from ..words import plural

SpanKey = tuple[str, int, int]  # (path, line, column): the same place in every compiled copy


def span_key(span: Span, default_path: str) -> SpanKey:
    return (span.path or default_path, span.line, span.column)


@attrs.define
class Place:
    """Something in the rules file that the playouts should see happen at least once."""

    kind: str  # "option", "trigger", "end"
    name: str  # what it is called in a message
    path: str
    line: int
    column: int
    count: int = 0

    def to_json(self) -> dict:
        return to_json(self)


@attrs.define(kw_only=True)
class Failure:
    """A runtime error or a game that did not end, with the first game it happened in."""

    kind: str  # "error" or "unfinished"
    message: str
    count: int = 1
    options: dict[str, Any]
    players: int
    seed: int
    diagnostics: tuple[Diagnostic, ...] = ()

    def to_json(self) -> dict:
        return to_json(self)


@attrs.define
class Run:
    """The playouts of one player count and option combination."""

    options: dict[str, Any]
    players: int
    games: int = 0
    finished: int = 0
    errors: int = 0
    unfinished: int = 0
    turns: int = 0
    decisions: int = 0
    wins: list[int] = attrs.Factory(list)
    no_winner: int = 0

    @property
    def mean_turns(self) -> float:
        return round(self.turns / max(self.finished, 1), 2)

    @property
    def mean_decisions(self) -> float:
        return round(self.decisions / max(self.finished, 1), 2)

    def to_json(self) -> dict:
        return to_json(self)


@attrs.define
class Report:
    game: str
    title: str
    path: str
    sources: dict[str, str]
    diagnostics: list[Diagnostic]
    playouts: int = 0
    varied: list[str] = attrs.Factory(list)  # the yes/no options tried both ways
    runs: list[Run] = attrs.Factory(list)
    failures: list[Failure] = attrs.Factory(list)
    places: list[Place] = attrs.Factory(list)
    numbers: dict[str, list] = attrs.Factory(dict)  # "what" -> [min, max]
    strict: bool = False

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    def never(self, kind: str) -> list[Place]:
        return [p for p in self.places if p.kind == kind and p.count == 0] if self.runs else []

    @property
    def problems(self) -> list[str]:
        """Why validation failed (empty: it passed)."""
        out = []
        if self.errors:
            out.append(plural(len(self.errors), "check error"))
        errors = sum(f.count for f in self.failures if f.kind == "error")
        unfinished = sum(f.count for f in self.failures if f.kind == "unfinished")
        if errors:
            out.append(f"{plural(errors, 'game')} stopped with a runtime error")
        if unfinished:
            out.append(f"{plural(unfinished, 'game')} did not end")
        if self.strict:
            if self.warnings:
                out.append(f"{plural(len(self.warnings), 'check warning')} (--strict)")
            gaps = sum(len(self.never(k)) for k in ("option", "trigger", "end"))
            if gaps:
                out.append(f"{plural(gaps, 'part')} of the rules never happened (--strict)")
        return out

    @property
    def failed(self) -> bool:
        return bool(self.problems)

    def to_json(self) -> dict:
        return to_json(self)


_run_fields = fields_json(Run, rename={"turns": "mean_turns", "decisions": "mean_decisions"})


def _run_json(run: Run) -> dict[str, Any]:
    """The turns and decisions of a run are written as means over its finished games."""
    out = _run_fields(run)
    out["mean_turns"], out["mean_decisions"] = run.mean_turns, run.mean_decisions
    return out


def _report_json(report: Report) -> dict[str, Any]:
    """The verdict and the parts that never happened first, then everything counted (no sources)."""
    return {
        "game": report.game, "title": report.title, "file": report.path, "ok": not report.failed,
        "problems": report.problems, "diagnostics": to_json(report.diagnostics), "playouts": report.playouts,
        "varied_options": report.varied, "runs": to_json(report.runs), "failures": to_json(report.failures),
        "never_taken": to_json(report.never("option")), "never_ran": to_json(report.never("trigger")),
        "never_met": to_json(report.never("end")), "coverage": to_json(report.places),
        "numbers": {what: {"min": low, "max": high} for what, (low, high) in report.numbers.items()},
    }


register(Place, fields_json(Place, rename={"path": "file"}))
register(Run, _run_json)
register(Report, _report_json)


# ---------------------------------------------------------------------------------------------
# What to look for in the rules

def places_of(rules: nodes.RulesFile) -> list[Place]:
    """Every option of every `choose`, every `on move` trigger and every `end when`, in file order."""
    out = []
    for node in nodes.walk(rules):
        where = (node.span.path or rules.path, node.span.line, node.span.column) if hasattr(node, "span") else None
        if isinstance(node, nodes.Option):
            out.append(Place("option", node.name, *where))
        elif isinstance(node, nodes.TriggerDecl):
            source = f" from {node.source}" if node.source else ""
            out.append(Place("trigger", f"on move {node.var}{source} to {node.zone}", *where))
        elif isinstance(node, nodes.EndDecl):
            out.append(Place("end", "end when", *where))
    return out


def option_combinations(options: dict[str, Any], fixed: dict[str, Any]) -> tuple[list[str], list[dict]]:
    """Every on/off combination of the yes/no options not fixed by the caller; the others stay at
    their default (or the fixed value)."""
    varied = [name for name, default in options.items() if isinstance(default, bool) and name not in fixed]
    combos = []
    for values in itertools.product([False, True], repeat=len(varied)):
        combos.append({**fixed, **dict(zip(varied, values))})
    return varied, combos


# ---------------------------------------------------------------------------------------------
# Playouts

class _Coverage(Observer):
    """Counts what happens in the real game: the options taken, and, as the tracer of its state,
    the triggers that ran and the `end when` conditions that held (the searches of 'afterwards'
    guards run on clones, which have no tracer)."""

    def __init__(self, report: Report, rules: nodes.RulesFile):
        self.report = report
        self.default_path = rules.path
        self.by_key = {(p.kind, p.path, p.line, p.column): p for p in report.places}
        self.state: State | None = None  # the game being played: where it stood when something failed

    def place(self, kind: str, span: Span) -> Place | None:
        return self.by_key.get((kind, *span_key(span, self.default_path)))

    def started(self, state: State) -> None:
        state.tracer = self  # after the deal: what setup sets off is not counted
        self.state = state

    def moving(self, state: State, player: int, action: Action) -> None:
        option = state.game.decisions[state.pc].options[action.option]
        if place := self.place("option", option.span):
            place.count += 1

    def trigger_ran(self, state: State, span: Span) -> None:
        if span is not None and (place := self.place("trigger", span)):
            place.count += 1

    def end_held(self, state: State, span: Span) -> None:
        if place := self.place("end", span):
            place.count += 1


class _HoldsCheck(Observer):
    """After every move, a card lying where a `holds` rules it out stops the game with R311."""

    def moved(self, state: State, player: int, action: Action) -> None:
        if broken := broken_holds(state):
            zone, card, span = broken
            game = state.game
            raise RulesRuntimeError([error("R311", f"{game.card_texts[card]} lay in {zone}, which this 'holds' "
                                           "rules out", span, game.path)], game.sources)


def _numbers(state: State) -> Iterable[tuple[str, Any]]:
    """Every (what, value) a game ends with: variables (per player: every seat) and show lines."""
    game = state.game
    for spec in game.vars:
        what = f"var {spec.name}" + (" (per player)" if spec.per_player else "")
        for p in range(state.n if spec.per_player else 1):
            for key in range(spec.size):
                yield what, state.vars[game.var_slot(spec, state.n, p, key)]
    state.memo.clear()
    for line in game.shows:
        try:
            value = line.value(state, list(state.locals))
        except Exception as exc:  # as `State.shows` reports it: the show line's own location
            raise RulesRuntimeError([error("R306", f"this 'show' line could not be evaluated: "
                                           f"{explain_exception(exc)}", line.span, game.path)], game.sources) from None
        yield f'show "{line.label}"', value
    if game.result is not None:
        yield f'result "{game.result.label}"', state.result()


def _numeric(value: Any) -> list[int]:
    if isinstance(value, bool) or isinstance(value, Card | Seat | Sym) or value is NOTHING:
        return []
    if isinstance(value, int):
        return [int(value)]
    if isinstance(value, list | tuple):
        return [int(v) for v in value if isinstance(v, int) and not isinstance(v, bool | Card | Seat)]
    return []


def _record_failure(report: Report, failure: Failure) -> None:
    for known in report.failures:
        if (known.kind, known.message, [d.to_json() for d in known.diagnostics]) == (
                failure.kind, failure.message, [d.to_json() for d in failure.diagnostics]):
            known.count += 1
            return
    report.failures.append(failure)


def _play(game: Game, run: Run, seed: int, report: Report, observers: list[Observer],
          max_decisions: int | None) -> None:
    """One random playout (every seat the same seeded chooser), its outcome added to `run` and `report`."""
    run.games += 1
    chooser = RandomAgent(game, 0, seed)
    for observer in observers:
        if isinstance(observer, _Coverage):
            observer.state = None  # until this game has started
    try:
        state = play_match(game, run.players, seed, [chooser] * run.players, observers, max_decisions,
                           quiet=True)  # its observers count and check; none reads what the moves tell
        numbers = list(_numbers(state))
        winners = [seat for seat in state.winners if 0 <= seat < run.players]
        if len(winners) != len(state.winners):  # the engine refuses such a win: never count it
            raise RulesRuntimeError([_where(game, observers, f"the game ended with winners {state.winners}, "
                                            f"not seats of a {run.players}-player game")], game.sources)
    except GameDidNotEnd as stopped:
        run.unfinished += 1
        _record_failure(report, Failure(kind="unfinished", message=f"the game did not end within {stopped.limit} "
                                        "decisions", options=run.options, players=run.players, seed=seed))
        return
    except RulesError as exc:  # RulesRuntimeError too: the rules did something impossible
        run.errors += 1
        message = exc.diagnostics[0].message if exc.diagnostics else str(exc)
        report.sources.update(exc.sources)
        _record_failure(report, Failure(kind="error", message=message, options=run.options, players=run.players,
                                        seed=seed, diagnostics=exc.diagnostics))
        return
    except Exception as exc:  # not the rules' fault, as far as the engine can tell: report it where the game stood
        run.errors += 1
        where = _where(game, observers, f"internal error while playing: {type(exc).__name__}: {exc}")
        _record_failure(report, Failure(kind="error", message=where.message, options=run.options,
                                        players=run.players, seed=seed, diagnostics=(where,)))
        return
    for what, value in numbers:
        for number in _numeric(value):
            low_high = report.numbers.setdefault(what, [number, number])
            low_high[0], low_high[1] = min(low_high[0], number), max(low_high[1], number)
    run.finished += 1
    run.turns += state.turns
    run.decisions += state.decisions
    for seat in winners:
        run.wins[seat] += 1
    if not winners:
        run.no_winner += 1


def _where(game: Game, observers: list[Observer], message: str) -> Diagnostic:
    """An error at the place of the rules where the game stood (its pending decision or last
    instruction), or at the top of the file when it never started."""
    state = next((o.state for o in observers if isinstance(o, _Coverage)), None)
    span = Span(1, 1)
    if state is not None and 0 <= state.pc < len(game.spans):
        span = game.spans[state.pc]
    return error("R320", message, span, game.path)


def validate(text: str, path: str, name: str | None = None, playouts: int = 20, options: dict[str, Any] | None = None,
             players: int | None = None, seed: int = 0, max_decisions: int | None = None, strict: bool = False,
             progress: Callable[[int, int], None] | None = None) -> Report:
    """Check a rules text, then play `playouts` random games for every player count (or only
    `players`) and every combination of its yes/no options (`options` fixes some). The report
    calls the game `name` (default: the path)."""
    try:
        rules = prepare_source(text, path, name or path)
    except RulesError as exc:
        return unparsed_report(exc, path, name or path, playouts, strict, {path: text})
    except Exception as exc:  # the reader and the checker never raise anything else; if they do, say so
        problem = error("E198", f"internal error while reading the file: {type(exc).__name__}: {exc}", Span(1, 1),
                        path)
        return unparsed_report(RulesError([problem], {path: text}), path, name or path, playouts, strict)
    return validate_rules(rules, playouts, options, players, seed, max_decisions, strict, progress)


def unparsed_report(exc: RulesError, path: str, name: str, playouts: int = 20, strict: bool = False,
                    sources: dict[str, str] | None = None) -> Report:
    """The report on a rules file that does not parse (or whose `extends` fails): its diagnostics."""
    return Report(name, path, path, {**(sources or {}), **exc.sources}, list(exc.diagnostics), playouts=playouts,
                  strict=strict)


def validate_rules(rules: CheckedRules, playouts: int = 20, options: dict[str, Any] | None = None,
                   players: int | None = None, seed: int = 0, max_decisions: int | None = None,
                   strict: bool = False, progress: Callable[[int, int], None] | None = None) -> Report:
    """`validate` for rules parsed and checked once (`cardrules.prepare`): each option combination
    is compiled once from them."""
    fixed = dict(options or {})
    report = Report(rules.name, rules.path, rules.path, dict(rules.sources), list(rules.diagnostics),
                    playouts=playouts, strict=strict)
    report.title = rules.title or report.title
    if report.errors or playouts <= 0:
        return report
    defaults = {n: doc.default for n, doc in rules.option_docs.items()}
    unknown = [n for n in fixed if n not in defaults]
    if unknown:
        raise RulesError([Diagnostic("error", "E310", f"unknown option '{unknown[0]}' (options of this game: "
                                     f"{', '.join(defaults) or 'none'})", Span(1, 1), rules.path)], report.sources)
    typed = rules.option_values(fixed)  # a value an option does not accept: RulesError, as an unknown option
    report.varied, combos = option_combinations(defaults, {name: typed[name] for name in fixed})
    counts = [players] if players is not None else list(range(rules.min_players, rules.max_players + 1))
    # only the player counts each combination is for (an option `for players ...` keeps its default otherwise)
    played = [[n for n in counts if options_refusal(rules.option_docs, combo, n) is None] for combo in combos]
    report.places = places_of(rules.rules)
    observers = [_Coverage(report, rules.rules), _HoldsCheck()]
    total, done = sum(map(len, played)) * playouts, 0
    for combo_index, (combo, player_counts) in enumerate(zip(combos, played)):
        try:
            game = rules.compile(combo)
        except Exception as exc:  # RulesError, or a failure of the compiler itself, reported the same way
            if not isinstance(exc, RulesError):
                exc = RulesError([error("R320", f"internal error while compiling: {type(exc).__name__}: {exc}",
                                        Span(1, 1), rules.path)], rules.sources)
            report.sources.update(exc.sources)
            for n in player_counts:
                run = Run(combo, n, wins=[0] * n)
                run.games = run.errors = playouts
                report.runs.append(run)
                message = exc.diagnostics[0].message if exc.diagnostics else str(exc)
                _record_failure(report, Failure(kind="error", message=message, count=playouts, options=combo,
                                                players=n, seed=0, diagnostics=exc.diagnostics))
            done += playouts * len(player_counts)
            continue
        for n in player_counts:
            run = Run(combo, n, wins=[0] * n)
            report.runs.append(run)
            for i in range(playouts):
                _play(game, run, derive_seed(seed, combo_index, n, i) % (1 << 32), report, observers, max_decisions)
                done += 1
                if progress is not None:
                    progress(done, total)
    return report
