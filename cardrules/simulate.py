"""Batch play between bots, statistics over the results, and parallel backends.

The unit of work is one game, identified by its index `i` in a run. Everything random about game
`i` comes from seeds derived from the run's base seed and `i` alone (`derive_seed`): the deal seed
and every agent's seed. So a game's result does not depend on which worker played it, on how the
games were split into chunks, or on the backend; and the summary is computed from the per-game
records sorted by index, so `--jobs 1`, `--jobs 8` and a Ray cluster give the same numbers.

Backends:

* local, one job: the games run in this process (Ctrl-C stops after the current game);
* local, J jobs: a `multiprocessing` pool of J processes, each loading the game once and playing
  chunks of consecutive games;
* ray: the same chunks as Ray tasks (`pip install 'cardrules[ray]'`), on a local Ray instance or
  on the cluster at `address`.

Nothing here knows a particular game: results are read through the generic State API.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import signal
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import attrs

from . import agents
from .agents import AGENTS, Agent, inform
from .engine import Action, Game, State
from .values import NOTHING

MAX_DECISIONS = 100_000  # a bot game that has not ended after this many moves counts as an error
Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval
ALPHA = 0.05  # significance level of `compare`
BACKENDS = ("local", "ray")


# ---------------------------------------------------------------------------------------------
# Seeds and agents

def derive_seed(*parts: Any) -> int:
    """A stable 64-bit integer from several values: the same on every machine and Python run."""
    digest = hashlib.blake2b(repr(tuple(parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def deal_seed(seed: int, index: int) -> int:
    """The seed game `index` of a run with base seed `seed` is dealt with."""
    return derive_seed("deal", seed, index)


def agent_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the agent in `seat` for game `index` of a run with base seed `seed`."""
    return derive_seed("agent", seed, index, seat)


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(spec: str, game: Game, seat: int, seed: int) -> Agent:
    """The agent named by `spec` for `seat`, seeded with `seed`."""
    return agents.make_agent(spec, game, seat, seed)


def check_agents(game: Game, specs: Sequence[str]) -> None:
    """Raise ValueError with a readable message if an agent spec cannot be built for this game."""
    for seat, spec in enumerate(specs):
        try:
            make_agent(spec, game, seat, 0)
        except (KeyError, ValueError, TypeError) as exc:
            if isinstance(exc, KeyError):
                message = f"unknown agent '{spec}' (known: {', '.join(agent_names())})"
            else:
                message = str(exc) or f"bad agent '{spec}'"
            raise ValueError(message) from None


def seat_agents(specs: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """--agent given 0 times (random for all), once (for all seats) or once per seat."""
    specs = list(specs or [])
    if not specs:
        return ("random",) * players
    if len(specs) == 1:
        return (specs[0],) * players
    if len(specs) != players:
        raise ValueError(f"give one --agent for every seat or one per seat: {len(specs)} agents for "
                         f"{players} players")
    return tuple(specs)


# ---------------------------------------------------------------------------------------------
# One game

def play_bot_game(game: Game, n: int, seed: int, agents: Sequence[Agent]) -> State:
    """Play one game between `agents` (one per seat) from the deal `seed`; return the final state."""
    state = game.new_initial_state(n, seed)
    while not state.is_terminal():
        if state.decisions >= MAX_DECISIONS:
            raise RuntimeError(f"the game did not end after {MAX_DECISIONS} moves")
        action = agents[state.current_player()].choose(state)
        inform(agents, state, action)
        state.apply_action(action)
    return state


def result_value(state: State) -> float | str | None:
    """The game's own measure of how a finished game went, or None if the rules file declares none.

    The hook for games where "won or lost" is not the whole story, cooperative games above all
    (how many cards were left, how many points were scored). What counts is game-specific, so the
    value comes from the rules file's `result "label": EXPR` declaration, read through
    `State.result()` where the engine has it. A number stays a number (yes/no counts as 1/0); any
    other value is reported as its text. Without a declaration the simulation still reports the
    distribution of `returns()` and of game length.
    """
    read = getattr(state, "result", None)
    if not callable(read):
        return None
    value = read()
    if value is None or value is NOTHING:
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    return state.game.describe(value)


def result_label(game: Game) -> str | None:
    """The label of the rules file's `result` declaration, if it has one."""
    declared = getattr(game, "result", None)
    return declared[0] if declared else None


class _FirstMover:
    """Wraps the agents to note who made the first decision of the game: the seat that was to move
    right after the initial state (State keeps no field for it)."""

    def __init__(self, agents: Sequence[Agent]):
        self.first: int | None = None
        self.agents = [_Noting(self, seat, agent) for seat, agent in enumerate(agents)]


class _Noting:
    __slots__ = ("mover", "seat", "agent")

    def __init__(self, mover: _FirstMover, seat: int, agent: Agent):
        self.mover, self.seat, self.agent = mover, seat, agent

    def choose(self, state: State) -> Action:
        if self.mover.first is None:
            self.mover.first = self.seat
        return self.agent.choose(state)

    def observe(self, state: State, action: Action) -> None:
        self.agent.observe(state, action)


PlayFn = Callable[[Game, int, int, Sequence[Agent]], State]


@attrs.frozen
class Plan:
    """What a run plays: picklable, so that workers can rebuild everything from it."""

    game: str  # a bundled game's name or an absolute path to a rules file
    options: tuple[tuple[str, Any], ...]
    players: int
    agents: tuple[str, ...]
    seed: int
    games: int

    @staticmethod
    def make(game: str, options: dict[str, Any] | None, players: int, agents: Sequence[str], seed: int,
             games: int) -> "Plan":
        return Plan(game_source(game), tuple(sorted((options or {}).items())), players, tuple(agents), seed,
                    games)


def game_source(name: str) -> str:
    """A bundled name stays a name; a path becomes absolute, so workers elsewhere find it."""
    from .resources import bundled_games, bundled_variants

    if name in bundled_games() or name in bundled_variants():
        return name
    return str(Path(name).resolve())


def play_game(game: Game, plan: Plan, index: int, play: PlayFn | None = None) -> dict:
    """Play game `index` of `plan` and return its record (never raises for a failed game)."""
    seed = deal_seed(plan.seed, index)
    record: dict[str, Any] = {"i": index, "seed": seed, "error": None, "first": None, "winners": [],
                              "returns": [], "turns": 0, "decisions": 0, "value": None}
    try:
        agents = [make_agent(spec, game, seat, agent_seed(plan.seed, index, seat))
                  for seat, spec in enumerate(plan.agents)]
        mover = _FirstMover(agents)
        state = (play or play_bot_game)(game, plan.players, seed, mover.agents)
        record.update(first=mover.first, winners=sorted(int(w) for w in state.winners),
                      returns=[float(r) for r in state.returns()],
                      turns=state.turns, decisions=state.decisions, value=result_value(state))
        if game.sides is not None:  # the teams, for the statistics by side
            record["sides"] = [[int(p) for p in side] for side in state.sides()]
    except Exception as exc:  # one failed game never stops the run
        message = str(exc) or type(exc).__name__
        record["error"] = f"game {index} (seed {seed}): {message}"
    return record


# ---------------------------------------------------------------------------------------------
# Running many games

@attrs.define
class Run:
    plan: Plan
    records: list[dict]  # sorted by game index
    interrupted: bool
    elapsed: float


_WORKER_GAMES: dict[tuple, Game] = {}


def worker_game(plan: Plan) -> Game:
    """The plan's game, compiled once per worker process."""
    key = (plan.game, plan.options)
    game = _WORKER_GAMES.get(key)
    if game is None:
        from . import load

        game = _WORKER_GAMES[key] = load(plan.game, dict(plan.options))
    return game


def run_chunk(plan: Plan, start: int, stop: int) -> list[dict]:
    """Play games start..stop-1 of `plan` (the work of one task on any backend)."""
    game = worker_game(plan)
    return [play_game(game, plan, i) for i in range(start, stop)]


def _run_chunk_args(args: tuple[Plan, int, int]) -> list[dict]:
    return run_chunk(*args)


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Consecutive index ranges: about 8 per worker for balance, at most 32 games each (so that
    progress moves and Ctrl-C loses little work)."""
    size = max(1, min(32, games // max(1, workers * 8)))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def run(plan: Plan, *, jobs: int = 1, backend: str = "local", address: str | None = None,
        progress: Callable[[int], None] | None = None, game: Game | None = None,
        play: PlayFn | None = None) -> Run:
    """Play the plan's games and return their records; Ctrl-C stops early with `interrupted` set.

    `game` saves compiling the game again in this process; `play` replaces `play_bot_game` when the
    games run in this process (one local job).
    """
    advance = progress or (lambda _count: None)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend '{backend}' (known: {', '.join(BACKENDS)})")
    start = time.perf_counter()
    if backend == "ray":
        records, interrupted = _run_ray(plan, jobs, address, advance)
    elif jobs <= 1 or plan.games <= 1:
        records, interrupted = _run_here(plan, game or worker_game(plan), advance, play)
    else:
        records, interrupted = _run_pool(plan, jobs, advance)
    records.sort(key=lambda r: r["i"])
    return Run(plan, records, interrupted, time.perf_counter() - start)


def _run_here(plan: Plan, game: Game, advance: Callable[[int], None],
              play: PlayFn | None) -> tuple[list[dict], bool]:
    records: list[dict] = []
    try:
        for i in range(plan.games):
            records.append(play_game(game, plan, i, play))
            advance(1)
    except KeyboardInterrupt:
        return records, True
    return records, False


def _ignore_interrupts() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_context():
    # forkserver: workers start from a clean process even when this one has threads (the progress
    # bar has one); spawn where forkserver does not exist.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _run_pool(plan: Plan, jobs: int, advance: Callable[[int], None]) -> tuple[list[dict], bool]:
    work = chunks(plan.games, jobs)
    pool = _pool_context().Pool(processes=min(jobs, len(work)), initializer=_ignore_interrupts)
    records: list[dict] = []
    interrupted = False
    try:
        for chunk in pool.imap_unordered(_run_chunk_args, [(plan, a, b) for a, b in work]):
            records.extend(chunk)
            advance(len(chunk))
        pool.close()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        pool.terminate()
        pool.join()
    return records, interrupted


class BackendUnavailable(Exception):
    """The chosen backend cannot be used here (for example Ray is not installed)."""


def _run_ray(plan: Plan, jobs: int, address: str | None,
             advance: Callable[[int], None]) -> tuple[list[dict], bool]:
    try:
        import ray
    except ImportError:
        raise BackendUnavailable("the ray backend needs Ray: pip install 'cardrules[ray]'") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "logging_level": "error", "configure_logging": True}
        if address:
            kwargs["address"] = address
        elif os.environ.get("RAY_ADDRESS"):
            pass  # ray.init() connects to the cluster named there; it takes no local settings
        else:
            # A local instance: its workers import this very package, even from a source checkout.
            root = str(Path(__file__).resolve().parent.parent)
            path = os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])])
            kwargs["runtime_env"] = {"env_vars": {"PYTHONPATH": path}}
            if jobs > 1:
                kwargs["num_cpus"] = jobs
        ray.init(**kwargs)
        started = True
    records: list[dict] = []
    interrupted = False
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1, max_retries=0)(run_chunk)
        pending = [task.remote(plan, a, b) for a, b in chunks(plan.games, workers)]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    chunk = ray.get(ref)
                    records.extend(chunk)
                    advance(len(chunk))
        except KeyboardInterrupt:
            interrupted = True
            for ref in pending:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
    return records, interrupted


# ---------------------------------------------------------------------------------------------
# Statistics (plain math: no numpy or scipy)

def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) with linear interpolation between order statistics (the common
    'type 7' definition, numpy's default). Raises ValueError on an empty list."""
    if not values:
        raise ValueError("percentile of no values")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0


def variance(values: Sequence[float]) -> float:
    """The sample variance (n - 1 in the denominator); 0 for fewer than two values."""
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.fsum((v - m) ** 2 for v in values) / (len(values) - 1)


def normal_two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_z_test(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """(z, two-sided p) of the pooled two-proportion z-test of k1/n1 against k2/n2.

    When the pooled proportion is 0 or 1 (no variation at all) the rates are equal: z 0, p 1.
    """
    if n1 <= 0 or n2 <= 0:
        return (0.0, 1.0)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return (0.0, 1.0)
    z = (k2 / n2 - k1 / n1) / se
    return (z, normal_two_sided_p(z))


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the regularised incomplete beta function (Lentz's method)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x)
                 + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1 - math.exp(log_front) * _betacf(b, a, 1 - x) / b


def student_t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return incomplete_beta(df / 2, 0.5, df / (df + t * t))


def welch_t_test(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """(t, degrees of freedom, two-sided p) of Welch's unequal-variance t-test of mean(b) - mean(a).

    With fewer than two values on a side there is no test (t 0, p 1). When neither sample varies,
    equal means give p 1 and different means p 0.
    """
    n1, n2 = len(a), len(b)
    if n1 < 2 or n2 < 2:
        return (0.0, 0.0, 1.0)
    v1, v2 = variance(a) / n1, variance(b) / n2
    diff = mean(b) - mean(a)
    if v1 + v2 == 0:
        return (0.0, 0.0, 1.0) if diff == 0 else (math.copysign(math.inf, diff), 0.0, 0.0)
    t = diff / math.sqrt(v1 + v2)
    df = (v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
    return (t, df, student_t_two_sided_p(t, df))


# ---------------------------------------------------------------------------------------------
# Summaries

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


def default_jobs() -> int:
    return os.cpu_count() or 1


__all__ = ["Plan", "Run", "run", "run_chunk", "play_game", "play_bot_game", "result_value", "summarize",
           "compare", "wilson_interval", "percentile", "two_proportion_z_test", "welch_t_test",
           "derive_seed", "deal_seed", "agent_seed", "make_agent", "agent_names", "seat_agents",
           "check_agents", "BackendUnavailable", "MAX_DECISIONS"]
