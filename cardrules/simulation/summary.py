"""A run's per-game records -> the summary `simulate` reports, and two runs -> the comparison `compare` reports."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Iterable, Sequence

from .runner import Run
from .statistics import (
    mean,
    percentile,
    two_proportion_z_test,
    variance,
    welch_t_test,
    wilson_interval,
)

ALPHA = 0.05  # significance level of `compare`


def _r(value: float, digits: int = 4) -> float:
    return round(value, digits)


def _sig(value: float) -> float:
    """Four significant digits (p-values can be tiny)."""
    return float(f"{value:.4g}")


def _interval(k: int, n: int) -> list[float]:
    low, high = wilson_interval(k, n)
    return [_r(low), _r(high)]


def length_summary(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0, "p10": 0.0, "p50": 0.0, "p90": 0.0, "max": 0}
    return {"mean": _r(mean(values), 3), "sd": _r(math.sqrt(variance(values)), 3), "min": min(values),
            "p10": _r(percentile(values, 10), 3), "p50": _r(percentile(values, 50), 3),
            "p90": _r(percentile(values, 90), 3), "max": max(values)}


def distribution(values: Iterable[Any]) -> list[list[Any]]:
    """[[value, count], ...] sorted by value (numbers before texts)."""
    counts: dict[Any, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    order = sorted(counts, key=lambda v: (isinstance(v, str), v if not isinstance(v, str) else 0, str(v)))
    return [[value, counts[value]] for value in order]


def result_summary(values: Sequence[Any], label: str | None) -> dict[str, Any] | None:
    """The distribution of the games' `result` values (with mean and percentiles when numeric)."""
    if not values:
        return None
    summary: dict[str, Any] = {"label": label, "games": len(values)}
    numbers = [v for v in values if not isinstance(v, str)]
    if len(numbers) == len(values):
        summary.update(length_summary(numbers))
    summary["distribution"] = distribution(values)
    return summary


def is_cooperative(records: Sequence[dict], players: int) -> bool:
    """All players always share the result: in every game either everyone or nobody won."""
    valid = [r for r in records if r["error"] is None]
    return bool(valid) and all(len(r["winners"]) in (0, players) for r in valid)


def summarize(run: Run, name: str | None = None, title: str | None = None,
              label: str | None = None) -> dict[str, Any]:
    """Everything the simulate command reports, as JSON-ready data (no timing: the same seed gives
    the same summary, whatever the backend and the number of jobs). `label` names the rules
    file's `result` declaration."""
    plan, records = run.plan, run.records
    n = plan.players
    valid = [r for r in records if r["error"] is None]
    failed = [r for r in records if r["error"] is not None]
    games = len(valid)
    wins = [sum(seat in r["winners"] for r in valid) for seat in range(n)]
    turns = [r["turns"] for r in valid]
    decisions = [r["decisions"] for r in valid]
    started = [r for r in valid if r["first"] is not None]
    first_wins = sum(r["first"] in r["winners"] for r in started)
    shared = sum(len(r["winners"]) > 1 for r in valid)
    cooperative = is_cooperative(records, n)
    summary: dict[str, Any] = {
        "game": name or Path(plan.game).stem,
        "title": title,
        "options": dict(plan.options),
        "players": n,
        "agents": list(plan.agents),
        "seed": plan.seed,
        "requested": plan.games,
        "games": len(records),
        "interrupted": run.interrupted,
        "valid_games": games,
        "wins": wins,
        "win_rate": [_r(w / games) if games else 0.0 for w in wins],
        "win_interval": [_interval(w, games) for w in wins],
        "shared_wins": shared,
        "shared_win_rate": _r(shared / games) if games else 0.0,
        "no_winner": sum(not r["winners"] for r in valid),
        "mean_turns": _r(mean(turns), 3),
        "mean_decisions": _r(mean(decisions), 3),
        "turns": length_summary(turns),
        "decisions": length_summary(decisions),
        "first_player": {
            "games": len(started),
            "wins": first_wins,
            "win_rate": _r(first_wins / len(started)) if started else 0.0,
            "win_interval": _interval(first_wins, len(started)),
            # A first player with no advantage wins as often as any other seat, or with teams as
            # often as any other side (the first player's partners win with them).
            "fair_share": _r(1 / _sides_count(started, n)),
            "starts": [sum(r["first"] == seat for r in started) for seat in range(n)],
        },
        "errors": len(failed),
        "first_error": failed[0]["error"] if failed else None,
        "result": result_summary([r["value"] for r in valid if r["value"] is not None], label),
        "cooperative": cooperative,
        "cooperative_results": None,
    }
    sides = side_summary(valid)
    if sides is not None:
        summary["sides"] = sides
    if cooperative:
        team_wins = sum(len(r["winners"]) == n for r in valid)
        # Everybody wins or loses together: one win rate for the table instead of one per seat, and
        # the rules file's result (e.g. "cards left" -> cards_left) as its own key.
        summary["wins"], summary["win_rate"] = team_wins, _r(team_wins / games) if games else 0.0
        summary["win_interval"] = _interval(team_wins, games)
        if label:
            summary[_json_key(label)] = summary["result"]
        summary["cooperative_results"] = {
            "wins": team_wins,
            "win_rate": _r(team_wins / games),
            "win_interval": _interval(team_wins, games),
            "returns": distribution(r["returns"][0] for r in valid),
            "turns": distribution(turns),
            "decisions": distribution(decisions),
        }
    return summary


def _sides_count(records: Sequence[dict], n: int) -> int:
    """How many sides the games had (seats when there are no teams; the first game's sides)."""
    for r in records:
        if r.get("sides"):
            return len(r["sides"])
    return n


def side_summary(records: Sequence[dict]) -> dict[str, Any] | None:
    """Wins by side, for games whose rules declare teams (`sides` with a side of several seats): a
    side wins a game when its seats do. None when there are no teams or they differ between games."""
    found = {tuple(tuple(side) for side in r["sides"]) for r in records if r.get("sides")}
    if len(found) != 1:
        return None
    sides = [list(side) for side in next(iter(found))]
    if all(len(side) == 1 for side in sides):
        return None
    games = len(records)
    wins = [sum(any(p in r["winners"] for p in side) for r in records) for side in sides]
    return {"sides": sides, "wins": wins, "win_rate": [_r(w / games) if games else 0.0 for w in wins],
            "win_interval": [_interval(w, games) for w in wins]}


def _json_key(label: str) -> str:
    """A result's label as a JSON key: "cards left" -> "cards_left"."""
    return "_".join("".join(ch if ch.isalnum() else " " for ch in label.lower()).split()) or "result"


def compare(a: Run, b: Run) -> list[dict[str, Any]]:
    """Each statistic of two runs side by side: the difference (b - a) and whether it is
    significant at p < ALPHA (two-proportion z-test for rates, Welch's t-test for lengths)."""
    rows: list[dict[str, Any]] = []

    def valid(run: Run) -> list[dict]:
        return [r for r in run.records if r["error"] is None]

    va, vb = valid(a), valid(b)
    na, nb = len(va), len(vb)

    def proportion(name: str, seat: int | None, ka: int, ma: int, kb: int, mb: int) -> None:
        z, p = two_proportion_z_test(ka, ma, kb, mb)
        ra, rb = (ka / ma if ma else 0.0), (kb / mb if mb else 0.0)
        rows.append({"statistic": name, "seat": seat, "a": _r(ra), "b": _r(rb), "difference": _r(rb - ra),
                     "test": "two-proportion z", "z": _r(z, 3), "p_value": _sig(p), "significant": p < ALPHA})

    def lengths(name: str, xa: list[int], xb: list[int]) -> None:
        t, df, p = welch_t_test(xa, xb)
        rows.append({"statistic": name, "seat": None, "a": _r(mean(xa), 3), "b": _r(mean(xb), 3),
                     "difference": _r(mean(xb) - mean(xa), 3), "test": "Welch t",
                     "t": _r(t, 3) if math.isfinite(t) else None, "df": _r(df, 2), "p_value": _sig(p),
                     "significant": p < ALPHA})

    players = a.plan.players
    if is_cooperative(a.records, players) and is_cooperative(b.records, players):
        proportion("team_win_rate", None, sum(len(r["winners"]) == players for r in va), na,
                   sum(len(r["winners"]) == players for r in vb), nb)
    else:
        for seat in range(players):
            proportion("win_rate", seat, sum(seat in r["winners"] for r in va), na,
                       sum(seat in r["winners"] for r in vb), nb)
        fa = [r for r in va if r["first"] is not None]
        fb = [r for r in vb if r["first"] is not None]
        proportion("first_player_win_rate", None, sum(r["first"] in r["winners"] for r in fa), len(fa),
                   sum(r["first"] in r["winners"] for r in fb), len(fb))
        proportion("shared_win_rate", None, sum(len(r["winners"]) > 1 for r in va), na,
                   sum(len(r["winners"]) > 1 for r in vb), nb)
    lengths("mean_turns", [r["turns"] for r in va], [r["turns"] for r in vb])
    lengths("mean_decisions", [r["decisions"] for r in va], [r["decisions"] for r in vb])
    results = [[r["value"] for r in v if r["value"] is not None] for v in (va, vb)]
    if all(results) and not any(isinstance(x, str) for side in results for x in side):
        lengths("mean_result", results[0], results[1])
    proportion("error_rate", None, len(a.records) - na, len(a.records), len(b.records) - nb, len(b.records))
    return rows
