"""A plan of K bot games -> their records, played here, in a local process pool or on Ray.

The unit of work is one game, identified by its index `i` in a run. Everything random about game
`i` comes from seeds derived from the run's base seed and `i` alone (`derive_seed`): the deal seed
and every agent's seed. So a game's result does not depend on which worker played it, on how the
games were split into chunks, or on the backend; and the summary is computed from the per-game
records sorted by index, so `--jobs 1`, `--jobs 8` and a Ray cluster give the same numbers.

Backends:

* local, one job: the games run in this process (Ctrl-C stops after the current game);
* local, J jobs: this process and a pool of J-1 processes (concurrent.futures), each loading the
  game once (or forked with it) and playing chunks of consecutive games sized by how fast they go
  (`Schedule`); a worker killed outright stops the run with the games finished so far (`Run.lost`);
* ray: chunks paced the same way (`Schedule`), as Ray tasks (`pip install 'cardrules[ray]'`), on a local Ray instance or
  on the cluster at `address`.

Nothing here knows a particular game: results are read through the generic State API; the
statistics over the records are in summary.py.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import operator
import os
import signal
import sys
import threading
import time
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import attrs

from ..bots import AGENTS, Agent, check_spec, make_agent
from ..bots.random_agent import RandomAgent
from ..budgets import BudgetError, CpuBudgetSpent, cpu_message
from ..converter import fields_json, register, to_json
from ..engine import Game, playouts
from ..values import as_tuple
from ..words import plural
from .faster import clock, faster
from .match import FirstMover, Observer, play_match, result_of, result_value
from .seeds import agent_seed, deal_seed

if TYPE_CHECKING:  # multiprocessing and concurrent.futures are imported by the pool alone (~0.01 s of a one-job start)
    from concurrent.futures import ProcessPoolExecutor

BACKENDS = ("local", "ray")


def check_agents(game: Game, specs: Sequence[str]) -> None:
    """Raise ValueError with a readable message if an agent spec cannot be built for this game."""
    for seat, spec in enumerate(specs):
        try:
            make_agent(spec, game, seat, 0)
        except (KeyError, ValueError, TypeError) as exc:
            if isinstance(exc, KeyError):
                message = f"unknown agent '{spec}' (known: {', '.join(AGENTS)})"
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
        raise ValueError(f"give one --agent for every seat or one per seat: {plural(len(specs), 'agent')} for "
                         f"{plural(players, 'player')}")
    return tuple(specs)


@attrs.frozen
class Plan:
    """What a run plays: picklable, so that workers can rebuild everything from it."""

    game: str  # a bundled game's name or an absolute path to a rules file
    options: tuple[tuple[str, Any], ...]
    players: int
    agents: tuple[str, ...]
    seed: int
    games: int
    # a game still running after this many decisions is stopped (failed); None: the game's own limit
    max_decisions: int | None = None

    @staticmethod
    def make(game: str, options: dict[str, Any] | None, players: int, agents: Sequence[str], seed: int,
             games: int, max_decisions: int | None = None) -> "Plan":
        return Plan(game_source(game), tuple(sorted((options or {}).items())), players, tuple(agents), seed,
                    games, max_decisions)


def game_source(name: str) -> str:
    """A bundled name stays a name; a path becomes absolute, so workers elsewhere find it."""
    from ..resources import bundled_games, bundled_variants

    if name in bundled_games() or name in bundled_variants():
        return name
    return str(Path(name).resolve())


def _tuple_or_none(sides: Any) -> tuple[tuple[int, ...], ...] | None:
    return None if sides is None else tuple(tuple(side) for side in sides)


@attrs.frozen
class GameRecord:
    """One game of a run, as the summary reads it: plain data that pickles (workers send it back)."""

    index: int  # the game's index in its run
    seed: int  # its deal seed
    error: str | None = None  # why the game failed, in words; None when it ended
    first: int | None = None  # the seat that made the first decision
    winners: tuple[int, ...] = attrs.field(default=(), converter=as_tuple)
    returns: tuple[float, ...] = attrs.field(default=(), converter=as_tuple)
    turns: int = 0
    decisions: int = 0
    value: float | str | None = None  # the rules file's `result` (match.result_value)
    sides: tuple[tuple[int, ...], ...] | None = attrs.field(default=None, converter=_tuple_or_none)  # with teams
    fallback: str | None = None  # why the playout failed a game the engine then played through (a cardrules bug)

    def to_json(self) -> dict:
        return to_json(self)

    def __reduce__(self):
        # pickled as the tuple of its fields (a --jobs worker sends one a game): attrs' own way, a dict of the
        # fields, took 2.6 µs a record to pickle and 2.7 µs to load; this way 1.1 and 1.6 µs, 30% fewer bytes
        return GameRecord, _record_fields(self)


register(GameRecord, fields_json(GameRecord, omit_if_default=["sides", "fallback"]))
_record_fields = operator.attrgetter(*(field.name for field in attrs.fields(GameRecord)))


def play_game(game: Game, plan: Plan, index: int, observers: Sequence[Observer] = (),
              playout: bool = True) -> GameRecord:
    """Play game `index` of `plan` and return its record (never raises for a failed game).
    `observers` watch the game too (the mover's seat is noted in any case). A game of random seats that
    nobody watches may be played by the game's playout, when it has one and is the faster here (faster.py;
    `playout=False`: on the engine). The record is the same either way."""
    seed = deal_seed(plan.seed, index)
    if not (playout and not observers and game.playout is not None and _all_random(plan.agents)):
        return _on_engine(game, plan, index, seed, observers)
    timer = faster(game, plan.players)
    timing, by_playout = timer.timing(), timer.playout_next()
    start = clock() if timing else 0.0  # (a CPU clock is a system call: only while the two ways are timed)
    played = _play_out(game, plan, index, seed) if by_playout else None
    record = played if isinstance(played, GameRecord) else _on_engine(game, plan, index, seed, observers)
    if isinstance(played, Exception) and record.error is None and not isinstance(played, _EXPECTED):
        # the engine played through what the playout failed: the playout's writer is wrong, which only costs
        # speed, but is said (simulate's summary) so that it gets reported
        record = attrs.evolve(record, fallback=f"game {index}: {type(played).__name__}: {played}"[:300])
    if timing:
        timer.took(by_playout, clock() - start, record.decisions)
    return record


def _on_engine(game: Game, plan: Plan, index: int, seed: int, observers: Sequence[Observer]) -> GameRecord:
    try:
        agents = [_agent(spec, game, seat, agent_seed(plan.seed, index, seat)) for seat, spec in enumerate(plan.agents)]
        mover = FirstMover()
        # Nobody reads what the moves tell unless an observer of the caller's may
        state = play_match(game, plan.players, seed, agents, [mover, *observers], plan.max_decisions,
                           quiet=not observers)
        # the teams, for the statistics by side
        sides = [[int(p) for p in side] for side in state.sides()] if game.sides is not None else None
        return GameRecord(index, seed, None, mover.first, sorted(int(w) for w in state.winners),
                          [float(r) for r in state.returns()], state.turns, state.decisions, result_value(state),
                          sides)
    except Exception as exc:  # one failed game never stops the run
        message = str(exc) or type(exc).__name__
        return GameRecord(index, seed, f"game {index} (seed {seed}): {message}")


def _all_random(agents: Sequence[str]) -> bool:
    """Every seat is the `random` agent with its default options (the one a playout draws as)."""
    try:
        return all(_parsed(spec) == ("random", {}) for spec in agents) and AGENTS.get("random") is RandomAgent
    except Exception:  # a spec in error: the engine's path reports it
        return False


def _played_out(game: Game, plan: Plan, index: int, seed: int) -> GameRecord | None:
    """The record of a game played by the game's playout (engine/playouts.py), or None when the playout
    stopped short of it (an error, a budget, the decision limit): the engine then plays it and tells why."""
    played = _play_out(game, plan, index, seed)
    return played if isinstance(played, GameRecord) else None


# what may stop a playout short of a game without a fault of its own (besides the rules' errors, which the
# engine then reports): a start the engine refuses, the memory budget, a recursion too deep for this process
_EXPECTED = (playouts.Unplayable, MemoryError, RecursionError)


def _play_out(game: Game, plan: Plan, index: int, seed: int) -> GameRecord | Exception:
    """_played_out, with what stopped the playout short instead of None."""
    bits = [Random(agent_seed(plan.seed, index, seat)).getrandbits for seat in range(plan.players)]
    try:
        first, winners, turns, decisions, result, sides = playouts.play(
            game, plan.players, seed, bits, plan.max_decisions or game.limits.decisions)
        value = None if game.result is None else result_of(result, lambda: game)
    except Exception as exc:
        return exc
    returns = [1.0 if p in winners else 0.0 for p in range(plan.players)]
    return GameRecord(index, seed, None, first if first >= 0 else None, winners, returns, turns, decisions, value,
                      sides)


def _parsed(spec: str) -> tuple[str, dict[str, Any]]:
    parsed = _SPECS.get(spec)
    if parsed is None:
        parsed = _SPECS[spec] = check_spec(spec)
    return parsed


_SPECS: dict[str, tuple[str, dict[str, Any]]] = {}  # an agent spec, parsed and checked once per process


def _agent(spec: str, game: Game, seat: int, seed: int) -> Agent:
    """make_agent(spec, game, seat, seed), the spec read once for all the games of a run."""
    name, options = _parsed(spec)
    return AGENTS[name](game, seat, seed, **options)


@attrs.define
class Run:
    plan: Plan
    records: list[GameRecord]  # sorted by game index
    interrupted: bool
    elapsed: float
    lost: str | None = None  # why the run stopped early when a worker process was lost (one line)


_WORKER_GAMES: dict[tuple, Game] = {}


def worker_game(plan: Plan) -> Game:
    """The plan's game, loaded once per process: in a pool worker that did not inherit it (started by the
    forkserver), read from the disk cache of compiled games, where the command that started the pool put it
    (compiling it took about half of such a worker's CPU time before its first game); elsewhere compiled
    afresh, as the library's `load` does."""
    key = (plan.game, plan.options)
    game = _WORKER_GAMES.get(key)
    if game is None:
        game = _WORKER_GAMES[key] = _loaded(plan, cached=_WORKER["pooled"])
    return game


# In a pool worker: that it is one, whether a task is running, and whether the CPU budget ran out between tasks.
_WORKER = {"pooled": False, "in_task": False, "spent": False}


def run_chunk(plan: Plan, start: int, stop: int) -> list[GameRecord]:
    """Play games start..stop-1 of `plan` (the work of one task on any backend)."""
    if _WORKER["spent"]:
        raise BudgetError(cpu_message())
    try:
        _WORKER["in_task"] = True
        game = worker_game(plan)
        return [play_game(game, plan, i) for i in range(start, stop)]
    except CpuBudgetSpent as spent:  # a BaseException would end a pool worker's loop and lose the task
        raise BudgetError(str(spent)) from None
    finally:
        _WORKER["in_task"] = False


def _on_worker_sigxcpu(_signum: int, _frame) -> None:
    """A pool worker's SIGXCPU: raised inside a task; between tasks (sending a result, waiting for the next)
    it is only noted, because an exception there kills the worker and the pool silently loses its task,
    leaving the command waiting for it forever. The next task then reports the spent budget."""
    if _WORKER["in_task"]:
        raise CpuBudgetSpent(cpu_message())
    _WORKER["spent"] = True


def _run_chunk_args(args: tuple[Plan, int, int]) -> list[GameRecord]:
    return run_chunk(*args)


def run(plan: Plan, *, jobs: int = 1, backend: str = "local", address: str | None = None,
        progress: Callable[[int], None] | None = None, game: Game | None = None,
        observers: Sequence[Observer] = ()) -> Run:
    """Play the plan's games and return their records; Ctrl-C stops early with `interrupted` set, and so
    does a pool worker lost outright, with `lost` saying so.

    `game` saves compiling the game again in this process; `observers` watch every game played in
    this process (one local job; an observer that raises makes that game fail).
    """
    advance = progress or (lambda _count: None)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend '{backend}' (known: {', '.join(BACKENDS)})")
    pooled = backend == "local" and jobs > 1 and plan.games > 1
    if pooled:  # the pool's modules are start-up, as loading the game is: imported before the run's clock
        import concurrent.futures.process  # noqa: F401
        import multiprocessing  # noqa: F401

        _prctl()  # and found here, forked workers have it at once
    start = time.perf_counter()
    lost = None
    if backend == "ray":
        records, interrupted = _run_ray(plan, jobs, address, advance)
    elif not pooled:
        records, interrupted = _run_here(plan, game or worker_game(plan), advance, observers)
    else:
        with _quick_hand_offs():
            records, interrupted, lost = _run_pool(plan, jobs, advance, game)
    records.sort(key=lambda r: r.index)
    return Run(plan, records, interrupted, time.perf_counter() - start, lost)


def _run_here(plan: Plan, game: Game, advance: Callable[[int], None],
              observers: Sequence[Observer]) -> tuple[list[GameRecord], bool]:
    records: list[GameRecord] = []
    try:
        for i in range(plan.games):
            records.append(play_game(game, plan, i, observers))
            advance(1)
    except KeyboardInterrupt:
        return records, True
    return records, False


def _start_worker() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops them, and die with the process that started
    them: if the command is killed outright (SIGKILL, a crash), no worker goes on playing. A forked worker
    starts with Ctrl-C and SIGTERM blocked (`_forking`): they reach it only once its own handlers are set."""
    _WORKER["pooled"] = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGXCPU"):  # the budgets themselves are inherited; the handler is the worker's own
        signal.signal(signal.SIGXCPU, _on_worker_sigxcpu)
    _die_with_parent()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)  # one that came meanwhile is handled now


def _die_with_parent() -> None:
    prctl = _prctl()
    if prctl is not None:  # else the parent's cleanup still stops the pool
        prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: the kernel kills this process when its parent dies


_PRCTL: list[Any] = []  # [libc's prctl or None], once found


def _prctl() -> Any:
    """libc's prctl (Linux), or None. Found through ctypes, whose import took each forked worker 3 ms before its
    first game: the process that starts the pool looks it up first (run), and its forked workers inherit it."""
    if not _PRCTL:
        try:
            import ctypes

            _PRCTL.append(ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None)
        except (OSError, AttributeError):
            _PRCTL.append(None)
    return _PRCTL[0]


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait while the workers are being stopped (which takes milliseconds), so a second
    Ctrl-C cannot break the cleanup half way and leave processes behind."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in held.items():
            signal.signal(sig, handler)


def _pool_context():
    """How workers start. On Linux, when this process runs a single thread: fork, so that a worker starts
    at once with everything this process has, the compiled game included (nothing to import or load).
    Else forkserver, so that workers start from a clean process even when this one has threads (the
    progress bar has one; forking a process with threads can deadlock the child): the server imports the
    engine, the compiler and the bots once, before it forks the first worker, and each worker then only
    reads the game from the disk cache of compiled games (`worker_game`). Spawn where neither exists."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" not in methods:
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__, "ctypes"])  # ctypes: see _prctl
    return context


_STOPPING = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def _forking(context) -> Iterator[None]:
    """While workers are forked, this thread blocks Ctrl-C and SIGTERM, so that a worker starts with them
    blocked. Else a worker would start with this process's own handlers (the command's turn them into
    KeyboardInterrupt): a signal in the instant after the fork, before the worker set its handlers, raised
    there, outside multiprocessing's guard, and the worker went on as a second copy of the command (the
    parent's SIGTERM to stop a pool it had just started did this); one that came while the worker ran Python
    fork hooks was swallowed, and the parent waited forever for the worker to end. A signal that reaches
    this process meanwhile is handled when the fork is done, microseconds later."""
    if context.get_start_method() != "fork" or not hasattr(signal, "pthread_sigmask"):
        yield  # a forkserver's or a spawned worker starts from a process with no handlers of ours
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextlib.contextmanager
def _inherited(plan: Plan, game: Game | None, context) -> Iterator[None]:
    """While workers are forked: the plan's game, loaded once here, is theirs from the start."""
    key = (plan.game, plan.options)
    if context.get_start_method() != "fork" or key in _WORKER_GAMES:
        yield
        return
    _WORKER_GAMES[key] = game or worker_game(plan)
    try:
        yield
    finally:  # here, a later run loads the game afresh (its file may have changed)
        _WORKER_GAMES.pop(key, None)


def _run_pool(plan: Plan, jobs: int, advance: Callable[[int], None],
              game: Game | None = None) -> tuple[list[GameRecord], bool, str | None]:
    """The plan's games on this process and a pool of J-1 worker processes: (records, interrupted, why the pool
    was lost or None).

    This process is one of the J players: it plays chunks of the schedule itself between handing out the
    workers' next ones, so it forks one process fewer (and neither sends nor receives its own games), and its
    core is not left to a parent that only waits. A worker killed outright (SIGKILL, the out-of-memory killer)
    takes the task it was playing with it; the executor notices the process is gone and fails every pending
    task (BrokenProcessPool), or, when the worker died half way through sending its records (the executor's
    thread then waits for the rest of the message, forever), `_Pool.collect` notices it; either way the run
    stops with the games finished so far and says why, instead of waiting forever."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    players = min(jobs, plan.games)
    schedule = Schedule(plan.games, players)
    here = game or _loaded(plan)  # not kept in _WORKER_GAMES: a later run loads it afresh (its file may change)
    pool = _Pool(plan, schedule, advance)
    interrupted = broken = False
    try:
        context = _pool_context()
        pool.executor = ProcessPoolExecutor(players - 1, mp_context=context, initializer=_start_worker)
        # pid -> process, filled as the executor starts them: to stop them, and to name a lost one's signal
        found = getattr(pool.executor, "_processes", None)
        pool.processes = found if isinstance(found, dict) else pool.processes
        first, *opening = schedule.opening(2 * (players - 1))  # two a worker: each has its next one waiting
        with _inherited(plan, here, context), _forking(context):  # forked (with the game) at the first task
            pool.submit(first)
        for chunk in opening:
            pool.submit(chunk)
        while (chunk := schedule.take()) is not None:  # this process's own share, as the workers take theirs
            began = time.perf_counter()
            for i in range(*chunk):
                pool.records.append(play_game(here, plan, i))
                advance(1)
                pool.collect()  # a worker that finished a chunk gets its next one within a game
            schedule.finished(chunk[1] - chunk[0], time.perf_counter() - began)
        while pool.pending:
            pool.collect(timeout=0.2)
    except KeyboardInterrupt:
        interrupted = True
    except BrokenProcessPool:
        interrupted, broken = True, True
    finally:
        if pool.executor is not None:
            _stop_workers(pool.executor, list(pool.processes.values()))
    # after the workers were waited for: their exit statuses are known then
    lost = _lost_worker(list(pool.processes.values()), len(pool.records), plan.games) if broken else None
    return pool.records, interrupted, lost


HAND_OFF_SECONDS = 0.0005  # the command's thread switch interval while its pool runs (CPython's default: 0.005)


@contextlib.contextmanager
def _quick_hand_offs() -> Iterator[None]:
    """While the pool runs, this process's other threads get the GIL within HAND_OFF_SECONDS of asking for it.

    Every chunk a worker finishes crosses two of the executor's threads here (the one that reads results, and
    the queue's feeder that writes the worker its next range), and each waited for the GIL while this process
    played its own games, up to the 5 ms switch interval: traced on idle cores, a worker sat idle 16-34 ms before
    its first game and 17-35 ms between chunks of a 0.35 s run of short games (9-12 and 6-8 ms with this). The
    interval matters only while another thread waits for the GIL, which here is only a hand-off, so the games
    played here pay little for it (docs/performance.md, "The pool's per-chunk cost")."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(min(before, HAND_OFF_SECONDS))
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _loaded(plan: Plan, cached: bool = False) -> Game:
    from .. import load, played_before, prepare

    if cached:  # the disk cache of compiled games (--no-cache reaches workers through the environment)
        return played_before(plan.game, dict(plan.options)) or prepare(plan.game).compile_cached(dict(plan.options))
    return load(plan.game, dict(plan.options))


class _Pool:
    """The worker processes' side of a local run: the chunks in flight, and the records they sent back."""

    LOOK_SECONDS = 0.1  # how often collect() looks for a lost worker process itself (a few syscalls)

    def __init__(self, plan: Plan, schedule: "Schedule", advance: Callable[[int], None]):
        self.plan, self.schedule, self.advance = plan, schedule, advance
        self.executor: ProcessPoolExecutor | None = None
        self.processes: dict[int, Any] = {}
        self.pending: set = set()  # the chunks handed out and not yet taken in
        # those done, as the executor's thread finishes them: collect() runs after every game this process plays,
        # and only looks at this (polling each future's done() there cost 2-5 µs a game)
        self.finished: collections.deque = collections.deque()
        self.arrived = threading.Event()
        self.records: list[GameRecord] = []
        self.look_at = 0.0  # time.monotonic() of the next look for a lost worker

    def submit(self, chunk: tuple[int, int]) -> None:
        assert self.executor is not None
        future = self.executor.submit(run_chunk_timed, self.plan, *chunk)
        self.pending.add(future)
        future.add_done_callback(self._finished)

    def _finished(self, future: Any) -> None:
        """In the executor's thread: a chunk is done (or failed)."""
        self.finished.append(future)
        self.arrived.set()

    def collect(self, timeout: float = 0) -> None:
        """Take in the chunks the workers finished (waiting up to `timeout` for one), handing each worker its
        next range; raises BrokenProcessPool when a worker was lost."""
        self.look_for_lost()
        if not self.finished and not (timeout and self.arrived.wait(timeout)):
            return
        self.arrived.clear()  # before taking: a chunk finished from here on sets it again
        while self.finished:
            future = self.finished.popleft()
            self.pending.discard(future)
            chunk, seconds = future.result()  # run_chunk itself failed: raised (a game's failure is a record)
            self.records.extend(chunk)
            self.advance(len(chunk))
            following = self.schedule.after(len(chunk), seconds)  # one finished, one more handed out
            if following is not None:
                self.submit(following)

    def look_for_lost(self) -> None:
        """Raise BrokenProcessPool if a worker process has ended (checked at most every LOOK_SECONDS). The
        executor notices a lost worker only between messages: one killed half way through sending its records
        leaves the executor's thread reading the rest of that message, which never comes (see _stop_workers),
        and the pool would never break."""
        now = time.monotonic()
        if now < self.look_at:
            return
        self.look_at = now + self.LOOK_SECONDS
        if _lost_process(list(self.processes.values())) is not None:
            from concurrent.futures.process import BrokenProcessPool

            raise BrokenProcessPool("a worker process ended while the run went on")


def _lost_process(processes: Sequence[Any]) -> Any | None:
    """A pool worker that has ended (the pool's workers live as long as it does), or None."""
    return next((process for process in processes if process.exitcode is not None), None)


class Schedule:
    """The index ranges the workers are handed (a local pool's or Ray's), one at a time, sized by how fast
    games go: each chunk about CHUNK_SECONDS of a worker's time (few messages for short games, progress and
    Ctrl-C within a fraction of a second for long ones), and never more than a share of what is left (so the
    workers finish together). Only where a chunk ends depends on the timing; a game's result never does."""

    CHUNK_SECONDS = 0.1

    def __init__(self, games: int, workers: int):
        self.games, self.workers = games, max(1, workers)
        self.next = 0
        self.played, self.seconds = 0, 0.0  # what the workers reported: their games and their time

    def take(self) -> tuple[int, int] | None:
        """The next range (start, stop), or None when every game is handed out."""
        left = self.games - self.next
        if left <= 0:
            return None
        if self.played and self.seconds > 0:
            size = int(self.played / self.seconds * self.CHUNK_SECONDS)
        else:  # nothing measured yet: small first chunks
            size = min(8, self.games // (4 * self.workers))
        size = max(1, min(size, -(-left // (2 * self.workers))))
        start = self.next
        self.next += size
        return start, self.next

    def finished(self, games: int, seconds: float) -> None:
        self.played += games
        self.seconds += seconds

    def opening(self, count: int | None = None) -> list[tuple[int, int]]:
        """The ranges handed out at the start: `count`, by default two per worker, so that each has its next
        one waiting."""
        return list(itertools.islice(iter(self.take, None), 2 * self.workers if count is None else count))

    def after(self, games: int, seconds: float) -> tuple[int, int] | None:
        """A chunk of `games` took a worker `seconds`: the range it is handed next (None: all handed out)."""
        self.finished(games, seconds)
        return self.take()


def run_chunk_timed(plan: Plan, start: int, stop: int) -> tuple[list[GameRecord], float]:
    """run_chunk, with the seconds it took (for the schedule's chunk sizes)."""
    began = time.perf_counter()
    records = run_chunk(plan, start, stop)
    return records, time.perf_counter() - began


def _lost_worker(processes: Sequence[Any], played: int, games: int) -> str:
    """One line: which worker ended, how, and what is kept."""
    # the pool stops the others with SIGTERM once one is lost: name the first other ending
    gone = sorted((p for p in processes if p.exitcode not in (None, 0)), key=lambda p: p.exitcode == -signal.SIGTERM)
    how = "it ended abruptly"
    if gone:
        code = gone[0].exitcode
        how = f"killed by {_signal_name(-code)}" if code < 0 else f"exit status {code}"
    return (f"a --jobs worker process was lost ({how}; the system may have run out of memory): the run "
            f"stopped after {plural(played, 'game')} of {games}")


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


STOP_SECONDS = 5.0  # how long a worker has to end on SIGTERM before it is killed outright


def _stop_workers(executor: ProcessPoolExecutor, processes: Sequence[Any]) -> None:
    """Stop the workers (SIGTERM, which they do not ignore) and wait for them, so that none is left
    behind; a second Ctrl-C cannot break this half way. A worker still there after STOP_SECONDS is killed
    (SIGKILL): whatever went wrong in it, the command must not wait for it forever."""
    with _signals_held():
        for process in processes:
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.exitcode is None:
                process.kill()
                process.join()
        _close_result_writer(executor)
        executor.shutdown(wait=True, cancel_futures=True)  # its thread sees the workers gone, and ends


def _close_result_writer(executor: ProcessPoolExecutor) -> None:
    """Once the workers are gone: close this process's copy of the write end of the pipe they sent their
    results through, so that the executor's thread, if it is blocked reading the rest of a message whose
    sender was killed half way, gets end-of-file (and ends) instead of waiting forever, and shutdown(wait=True)
    and the interpreter's exit (which joins that thread) do not wait for it either. The pipe is CPython's
    private `_result_queue._writer` (3.8 to 3.13: this process writes nothing to it, only the workers do,
    and shutdown closes it again harmlessly); where it is not found, nothing is closed, as before."""
    writer = getattr(getattr(executor, "_result_queue", None), "_writer", None)
    close = getattr(writer, "close", None)
    if callable(close):
        close()


class BackendUnavailable(Exception):
    """The chosen backend cannot be used here (for example Ray is not installed)."""


def _run_ray(plan: Plan, jobs: int, address: str | None,
             advance: Callable[[int], None]) -> tuple[list[GameRecord], bool]:
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
            root = str(Path(__file__).resolve().parent.parent.parent)
            path = os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])])
            kwargs["runtime_env"] = {"env_vars": {"PYTHONPATH": path}}
            if jobs > 1:
                kwargs["num_cpus"] = jobs
        _init_ray(ray, kwargs)
        started = True
    records: list[GameRecord] = []
    interrupted = False
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1, max_retries=0)(run_chunk_timed)  # a worker calls itself ray::run_chunk_timed
        schedule = Schedule(plan.games, workers)
        pending = [task.remote(plan, *chunk) for chunk in schedule.opening()]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    chunk, seconds = ray.get(ref)
                    records.extend(chunk)
                    advance(len(chunk))
                    following = schedule.after(len(chunk), seconds)
                    if following is not None:
                        pending.append(task.remote(plan, *following))
        except KeyboardInterrupt:
            interrupted = True
            if not started:  # someone else's cluster goes on: stop our tasks on it (our own instance is shut
                for ref in pending:  # down whole below; force-cancelling there too can trip Ray's task manager)
                    ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
    return records, interrupted


def _init_ray(ray: Any, kwargs: dict[str, Any]) -> None:
    """ray.init, keeping the command's own signal handlers: Ray sets its own SIGTERM handler (exit 15, no
    report, no cleanup) and leaves it in place; a SIGTERM that arrives while Ray starts is handed on."""
    handlers = _signal_handlers()
    try:
        ray.init(**kwargs)
    except SystemExit as exc:
        _restore(handlers)
        if exc.code != signal.SIGTERM:
            raise
        ray.shutdown()
        os.kill(os.getpid(), signal.SIGTERM)  # to the handler Ray displaced: stop as on any SIGTERM
        raise KeyboardInterrupt from None  # that handler did not raise (there was none)
    _restore(handlers)


def _signal_handlers() -> dict[int, Any]:
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}


def _restore(handlers: dict[int, Any]) -> None:
    for sig, handler in handlers.items():
        if handler is not None:
            signal.signal(sig, handler)


def default_jobs() -> int:
    return os.cpu_count() or 1
