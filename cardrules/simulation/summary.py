"""A run's game records -> the summary `simulate` reports, and two runs -> the comparison `compare` reports.

Both are records (attrs classes) read by attribute; their JSON (`to_json()`, `--json`) goes
through the package's converter, with the hooks below where the JSON form differs from the
fields: a cooperative game's summary gives the table's wins instead of each seat's and repeats its
result under the result's label, and a comparison row carries the numbers of its own test.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Iterable, Sequence

import attrs

from ..converter import fields_json, register, to_json
from .runner import GameRecord, Run
from .statistics import mean, percentile, two_proportion_z_test, variance, welch_t_test, wilson_interval

ALPHA = 0.05  # significance level of `compare`
Z_TEST, T_TEST = "two-proportion z", "Welch t"  # a comparison row's test: rates, means

Interval = tuple[float, float]  # a 95% Wilson interval, rounded
Distribution = tuple[tuple[Any, int], ...]  # (value, count) pairs, by value (numbers before texts)


# ---------------------------------------------------------------------------------------------
# The records

@attrs.frozen
class Lengths:
    """How a number spread over the games (turns, decisions, a numeric result): mean, standard
    deviation, lowest, highest and percentiles."""

    mean: float
    sd: float
    min: float
    p10: float
    p50: float
    p90: float
    max: float


@attrs.frozen
class FirstPlayer:
    """How the seat that moved first did: its wins against its fair share, and who started."""

    games: int  # the games with a first decision
    wins: int
    win_rate: float
    win_interval: Interval
    # A first player with no advantage wins as often as any other seat, or with teams as often as
    # any other side (the first player's partners win with them).
    fair_share: float
    starts: tuple[int, ...]  # games started, by seat


@attrs.frozen
class ResultSummary:
    """The distribution of the games' `result` values, and how they spread when all are numbers."""

    label: str | None
    games: int
    spread: Lengths | None  # in the JSON, its keys in place between `games` and `distribution`
    distribution: Distribution


@attrs.frozen
class CooperativeResults:
    """A game where everybody wins or loses together: the table's wins, and the distributions of
    returns and game lengths."""

    wins: int
    win_rate: float
    win_interval: Interval
    returns: Distribution
    turns: Distribution
    decisions: Distribution


@attrs.frozen
class SideWins:
    """Wins by side, for rules that declare teams: a side wins a game when its seats do."""

    sides: tuple[tuple[int, ...], ...]
    wins: tuple[int, ...]
    win_rate: tuple[float, ...]
    win_interval: tuple[Interval, ...]


@attrs.frozen
class Summary:
    """Everything `simulate` reports about a run (no timing: the same seed gives the same summary,
    whatever the backend and the number of jobs)."""

    game: str
    title: str | None
    options: dict[str, Any]
    players: int
    agents: tuple[str, ...]
    seed: int
    requested: int  # games asked for
    games: int  # games played (fewer when interrupted)
    interrupted: bool
    valid_games: int  # games that ended without an error
    wins: tuple[int, ...]  # by seat
    win_rate: tuple[float, ...]
    win_interval: tuple[Interval, ...]
    shared_wins: int  # games with several winners
    shared_win_rate: float
    no_winner: int
    mean_turns: float
    mean_decisions: float
    turns: Lengths
    decisions: Lengths
    first_player: FirstPlayer
    errors: int
    first_error: str | None
    result: ResultSummary | None  # None when the rules declare no `result` (or no game gave one)
    cooperative: bool
    cooperative_results: CooperativeResults | None  # when cooperative
    sides: SideWins | None = None  # with teams only
    label: str | None = None  # the rules file's `result` label, e.g. "cards left"
    fallbacks: int = 0  # games the playout failed and the engine played through (GameRecord.fallback): a bug
    first_fallback: str | None = None

    def to_json(self) -> dict:
        return to_json(self)


@attrs.frozen(kw_only=True)
class ComparisonRow:
    """One statistic of two runs side by side: b - a, and whether it is significant at p < ALPHA."""

    statistic: str  # win_rate, mean_turns, ... (docs/simulation.md)
    seat: int | None  # for a statistic by seat
    a: float
    b: float
    difference: float
    test: str  # Z_TEST for rates, T_TEST for means
    z: float | None = None  # Z_TEST rows
    t: float | None = None  # T_TEST rows; None when it is infinite (neither sample varies)
    df: float | None = None  # T_TEST rows
    p_value: float
    significant: bool

    def to_json(self) -> dict:
        return to_json(self)


@attrs.frozen
class Labels:
    """The two games compared, as the command line named them (`GAME -o OPTION`)."""

    a: str
    b: str


@attrs.frozen
class Comparison:
    """The `compare` report: both summaries and the rows comparing them."""

    players: int
    seed: int
    requested: int
    agents: tuple[str, ...]
    interrupted: bool
    labels: Labels
    a: Summary
    b: Summary | None  # None when Ctrl-C stopped the run before B
    comparisons: tuple[ComparisonRow, ...]

    def to_json(self) -> dict:
        return to_json(self)


# ---------------------------------------------------------------------------------------------
# Their JSON

def _result_json(result: ResultSummary) -> dict[str, Any]:
    out: dict[str, Any] = {"label": result.label, "games": result.games}
    if result.spread is not None:
        out.update(to_json(result.spread))
    out["distribution"] = to_json(result.distribution)
    return out


# fallbacks: only when some (a bug to report), so a run's JSON is otherwise as it was before the field
_summary_fields = fields_json(Summary, omit=["sides", "label"], omit_if_default=["fallbacks", "first_fallback"])


def _summary_json(summary: Summary) -> dict[str, Any]:
    out = _summary_fields(summary)
    if summary.sides is not None:
        out["sides"] = to_json(summary.sides)
    coop = summary.cooperative_results
    if coop is not None:
        # Everybody wins or loses together: one win rate for the table instead of one per seat, and
        # the rules file's result (e.g. "cards left" -> cards_left) as its own key.
        out["wins"], out["win_rate"], out["win_interval"] = coop.wins, coop.win_rate, to_json(coop.win_interval)
        if summary.label:
            out[json_key(summary.label)] = out["result"]
    return out


_row_fields = fields_json(ComparisonRow)


def _row_json(row: ComparisonRow) -> dict[str, Any]:
    """A rate's row carries its z, a mean's its t and df."""
    out = _row_fields(row)
    for key in ("t", "df") if row.test == Z_TEST else ("z",):
        del out[key]
    return out


register(ResultSummary, _result_json)
register(Summary, _summary_json)
register(ComparisonRow, _row_json)


def json_key(label: str) -> str:
    """A result's label as a JSON key: "cards left" -> "cards_left"."""
    return "_".join("".join(ch if ch.isalnum() else " " for ch in label.lower()).split()) or "result"


# ---------------------------------------------------------------------------------------------
# Summaries

def _r(value: float, digits: int = 4) -> float:
    return round(value, digits)


def _sig(value: float) -> float:
    """Four significant digits (p-values can be tiny)."""
    return float(f"{value:.4g}")


def _interval(k: int, n: int) -> Interval:
    low, high = wilson_interval(k, n)
    return (_r(low), _r(high))


def _rate(k: int, n: int) -> float:
    return _r(k / n) if n else 0.0


def length_summary(values: Sequence[float]) -> Lengths:
    if not values:
        return Lengths(0.0, 0.0, 0, 0.0, 0.0, 0.0, 0)
    return Lengths(_r(mean(values), 3), _r(math.sqrt(variance(values)), 3), min(values),
                   _r(percentile(values, 10), 3), _r(percentile(values, 50), 3), _r(percentile(values, 90), 3),
                   max(values))


def distribution(values: Iterable[Any]) -> Distribution:
    """((value, count), ...) sorted by value (numbers before texts)."""
    counts: dict[Any, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    order = sorted(counts, key=lambda v: (isinstance(v, str), v if not isinstance(v, str) else 0, str(v)))
    return tuple((value, counts[value]) for value in order)


def result_summary(values: Sequence[Any], label: str | None) -> ResultSummary | None:
    """The distribution of the games' `result` values (with mean and percentiles when numeric)."""
    if not values:
        return None
    numeric = not any(isinstance(v, str) for v in values)
    return ResultSummary(label, len(values), length_summary(values) if numeric else None, distribution(values))


def is_cooperative(records: Sequence[GameRecord], players: int) -> bool:
    """All players always share the result: in every game either everyone or nobody won."""
    valid = [r for r in records if r.error is None]
    return bool(valid) and all(len(r.winners) in (0, players) for r in valid)


def summarize(run: Run, name: str | None = None, title: str | None = None,
              label: str | None = None) -> Summary:
    """Everything the simulate command reports. `label` names the rules file's `result` declaration."""
    plan, records = run.plan, run.records
    n = plan.players
    valid = [r for r in records if r.error is None]
    failed = [r for r in records if r.error is not None]
    fell = [r for r in records if r.fallback is not None]
    games = len(valid)
    wins = tuple(sum(seat in r.winners for r in valid) for seat in range(n))
    turns = [r.turns for r in valid]
    decisions = [r.decisions for r in valid]
    shared = sum(len(r.winners) > 1 for r in valid)
    cooperative = is_cooperative(records, n)
    return Summary(
        game=name or Path(plan.game).stem, title=title, options=dict(plan.options), players=n,
        agents=tuple(plan.agents), seed=plan.seed, requested=plan.games, games=len(records),
        interrupted=run.interrupted, valid_games=games, wins=wins, win_rate=tuple(_rate(w, games) for w in wins),
        win_interval=tuple(_interval(w, games) for w in wins), shared_wins=shared,
        shared_win_rate=_rate(shared, games), no_winner=sum(not r.winners for r in valid),
        mean_turns=_r(mean(turns), 3), mean_decisions=_r(mean(decisions), 3), turns=length_summary(turns),
        decisions=length_summary(decisions), first_player=first_player(valid, n), errors=len(failed),
        first_error=failed[0].error if failed else None,
        result=result_summary([r.value for r in valid if r.value is not None], label), cooperative=cooperative,
        cooperative_results=cooperative_results(valid, n) if cooperative else None, sides=side_summary(valid),
        label=label, fallbacks=len(fell), first_fallback=fell[0].fallback if fell else None)


def first_player(valid: Sequence[GameRecord], n: int) -> FirstPlayer:
    """How the first player did in the games that ended."""
    started = [r for r in valid if r.first is not None]
    wins = sum(r.first in r.winners for r in started)
    return FirstPlayer(len(started), wins, _rate(wins, len(started)), _interval(wins, len(started)),
                       _r(1 / _sides_count(started, n)), tuple(sum(r.first == seat for r in started)
                                                               for seat in range(n)))


def cooperative_results(valid: Sequence[GameRecord], n: int) -> CooperativeResults:
    """The table's results, for a game that is cooperative (`valid` is not empty)."""
    team_wins = sum(len(r.winners) == n for r in valid)
    return CooperativeResults(team_wins, _r(team_wins / len(valid)), _interval(team_wins, len(valid)),
                              distribution(r.returns[0] for r in valid), distribution(r.turns for r in valid),
                              distribution(r.decisions for r in valid))


def _sides_count(records: Sequence[GameRecord], n: int) -> int:
    """How many sides the games had (seats when there are no teams; the first game's sides)."""
    for r in records:
        if r.sides:
            return len(r.sides)
    return n


def side_summary(records: Sequence[GameRecord]) -> SideWins | None:
    """Wins by side, for games whose rules declare teams (`sides` with a side of several seats): a
    side wins a game when its seats do. None when there are no teams or they differ between games."""
    found = {r.sides for r in records if r.sides}
    if len(found) != 1:
        return None
    sides = next(iter(found))
    if all(len(side) == 1 for side in sides):
        return None
    games = len(records)
    wins = tuple(sum(any(p in r.winners for p in side) for r in records) for side in sides)
    return SideWins(sides, wins, tuple(_rate(w, games) for w in wins), tuple(_interval(w, games) for w in wins))


# ---------------------------------------------------------------------------------------------
# Comparisons

def _proportion(name: str, seat: int | None, ka: int, ma: int, kb: int, mb: int) -> ComparisonRow:
    z, p = two_proportion_z_test(ka, ma, kb, mb)
    ra, rb = (ka / ma if ma else 0.0), (kb / mb if mb else 0.0)
    return ComparisonRow(statistic=name, seat=seat, a=_r(ra), b=_r(rb), difference=_r(rb - ra), test=Z_TEST,
                         z=_r(z, 3), p_value=_sig(p), significant=p < ALPHA)


def _lengths(name: str, xa: Sequence[float], xb: Sequence[float]) -> ComparisonRow:
    t, df, p = welch_t_test(xa, xb)
    return ComparisonRow(statistic=name, seat=None, a=_r(mean(xa), 3), b=_r(mean(xb), 3),
                         difference=_r(mean(xb) - mean(xa), 3), test=T_TEST,
                         t=_r(t, 3) if math.isfinite(t) else None, df=_r(df, 2), p_value=_sig(p),
                         significant=p < ALPHA)


def compare(a: Run, b: Run) -> list[ComparisonRow]:
    """Each statistic of two runs side by side: the difference (b - a) and whether it is
    significant at p < ALPHA (two-proportion z-test for rates, Welch's t-test for lengths)."""
    va, vb = ([r for r in run.records if r.error is None] for run in (a, b))
    na, nb = len(va), len(vb)
    players = a.plan.players
    rows: list[ComparisonRow] = []
    if is_cooperative(a.records, players) and is_cooperative(b.records, players):
        rows.append(_proportion("team_win_rate", None, sum(len(r.winners) == players for r in va), na,
                                sum(len(r.winners) == players for r in vb), nb))
    else:
        for seat in range(players):
            rows.append(_proportion("win_rate", seat, sum(seat in r.winners for r in va), na,
                                    sum(seat in r.winners for r in vb), nb))
        fa = [r for r in va if r.first is not None]
        fb = [r for r in vb if r.first is not None]
        rows.append(_proportion("first_player_win_rate", None, sum(r.first in r.winners for r in fa), len(fa),
                                sum(r.first in r.winners for r in fb), len(fb)))
        rows.append(_proportion("shared_win_rate", None, sum(len(r.winners) > 1 for r in va), na,
                                sum(len(r.winners) > 1 for r in vb), nb))
    rows.append(_lengths("mean_turns", [r.turns for r in va], [r.turns for r in vb]))
    rows.append(_lengths("mean_decisions", [r.decisions for r in va], [r.decisions for r in vb]))
    results = [[r.value for r in v if r.value is not None] for v in (va, vb)]
    if all(results) and not any(isinstance(x, str) for side in results for x in side):
        rows.append(_lengths("mean_result", results[0], results[1]))
    rows.append(_proportion("error_rate", None, len(a.records) - na, len(a.records), len(b.records) - nb,
                            len(b.records)))
    return rows
