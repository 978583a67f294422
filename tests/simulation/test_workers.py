"""How `--jobs` workers start: forked with the game already in them, or from a preloaded forkserver; the same
games either way."""

from __future__ import annotations

import concurrent.futures
import sys
import threading

import attrs
import pytest

import cardrules
from cardrules import checked
from cardrules import simulation as sim
from cardrules.budgets import BudgetError, CpuBudgetSpent
from cardrules.simulation import runner

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")


def plan(games: int = 12) -> sim.Plan:
    return sim.Plan.make("red7", {"advanced": True}, 3, ["random"] * 3, 5, games)


@linux_only
def test_forked_workers_play_the_game_this_process_loaded(monkeypatch):
    """With one thread, workers are forked after the game is loaded here: they never load it themselves
    (loading is made to fail, and the workers inherit that)."""
    game = cardrules.load("red7", {"advanced": True})
    expected = sim.run(plan(), game=game).records
    assert runner._pool_context().get_start_method() == "fork"

    def refuse(*args, **kwargs):
        raise AssertionError("a forked worker loaded the game again")
    monkeypatch.setattr(cardrules, "load", refuse)
    assert sim.run(plan(), jobs=2, game=game).records == expected
    assert (plan().game, plan().options) not in runner._WORKER_GAMES  # handed to the workers, not kept here


def test_with_threads_running_workers_come_from_the_forkserver(monkeypatch):
    expected = sim.run(plan(), game=cardrules.load("red7", {"advanced": True})).records
    monkeypatch.setattr(runner.threading, "active_count", lambda: 2)  # as with the progress bar's thread
    assert runner._pool_context().get_start_method() in ("forkserver", "spawn")
    assert sim.run(plan(), jobs=2).records == expected


def _played_without_compiling(games: sim.Plan) -> list:
    """In a pool worker: the plan's games, with compiling made to fail (the game must come from the disk cache)."""
    def refuse(*args, **kwargs):
        raise AssertionError("a pool worker compiled the game: the one in the disk cache was not read")
    checked.compile_game = refuse
    game = runner.worker_game(games)
    return [runner.play_game(game, games, i) for i in range(games.games)]


@linux_only
def test_a_forkserver_worker_reads_the_game_the_command_put_in_the_disk_cache(monkeypatch):
    """A worker that does not inherit the game (forkserver: the command has threads) reads it from the cache
    of compiled games, as the command itself did, instead of compiling it again (about half of its CPU time before
    its first game); the games it plays are the same."""
    cardrules.prepare("red7").compile_cached({"advanced": True})  # what the command did before its pool
    expected = sim.run(plan(), game=cardrules.load("red7", {"advanced": True})).records
    monkeypatch.setattr(runner.threading, "active_count", lambda: 2)  # as with the progress bar's thread
    context = runner._pool_context()
    assert context.get_start_method() == "forkserver"
    with context.Pool(1, initializer=runner._start_worker) as pool:
        assert pool.apply(_played_without_compiling, (plan(),)) == expected


def test_a_cpu_budget_spent_between_tasks_is_reported_by_the_next_task(monkeypatch):
    """SIGXCPU between two tasks of a pool worker must not raise there: it killed the worker, the pool lost
    the task in flight and the command waited for it forever (seen in CI under load). It is noted, and the
    worker's next task reports the spent budget; inside a task it raises at once."""
    monkeypatch.setitem(runner._WORKER, "spent", False)
    monkeypatch.setitem(runner._WORKER, "in_task", False)
    runner._on_worker_sigxcpu(0, None)  # between tasks: nothing raised
    with pytest.raises(BudgetError, match="CPU-time budget"):
        runner.run_chunk(plan(), 0, 1)
    assert runner._WORKER["in_task"] is False
    monkeypatch.setitem(runner._WORKER, "in_task", True)
    with pytest.raises(CpuBudgetSpent):
        runner._on_worker_sigxcpu(0, None)


def test_the_command_plays_a_share_beside_j_minus_one_workers(monkeypatch):
    """--jobs J: this process is one of the J players (it used to only wait while J workers played): the pool
    has J-1 processes, this process plays some of the games itself, and the records are those of one job."""
    game = cardrules.load("red7", {"advanced": True})
    expected = sim.run(plan(200), game=game).records
    here, sizes = [], []
    real_play = runner.play_game

    def play(*args, **kwargs):
        here.append(args[2])  # the game index; a worker's calls are noted in the worker's own memory
        return real_play(*args, **kwargs)

    class Pool(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, workers, **kwargs):
            sizes.append(workers)
            super().__init__(workers, **kwargs)
    monkeypatch.setattr(runner, "play_game", play)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)  # the pool imports it when it starts
    run = sim.run(plan(200), jobs=3, game=game)
    assert run.records == expected and not run.interrupted
    assert sizes == [2] and 0 < len(here) < 200 and len(set(here)) == len(here)


@pytest.mark.parametrize("record", [
    runner.GameRecord(3, 17, None, 1, [1], [0.0, 1.0], 12, 40, 2.5, None),
    runner.GameRecord(4, 18, None, 0, [0, 2], [1.0, 0.0, 1.0], 9, 30, "draw", [[0, 2], [1]]),
    runner.GameRecord(5, 19, "game 5 (seed 19): no card to draw"),
])
def test_a_record_a_worker_sends_back_arrives_whole(record):
    """Records are pickled as the tuple of their fields (fewer bytes and faster than attrs' dict): every field,
    converted the same way, comes back; a field added later is carried too (the tuple is read from attrs)."""
    import pickle

    back = pickle.loads(pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == record and type(back) is runner.GameRecord
    assert all(getattr(back, f.name) == getattr(record, f.name) for f in attrs.fields(runner.GameRecord))
    assert isinstance(back.winners, tuple) and (back.sides is None or isinstance(back.sides[0], tuple))


@linux_only
def test_workers_find_libc_prctl_in_the_process_that_forks_them():
    """ctypes (to ask the kernel to kill a worker with its parent) is imported and looked up before the pool
    forks, not in each worker before its first game."""
    sim.run(plan(4), jobs=2)
    assert runner._PRCTL and callable(runner._PRCTL[0])


def test_collect_takes_in_the_chunks_finished_by_the_executors_thread():
    """collect() reads the chunks the executor's thread marked finished (no polling of every future after each
    game): a chunk finishing while collect waits is taken in and the worker handed its next range; without a
    wait, nothing finished means nothing to do."""
    class Executor:
        def __init__(self):
            self.futures = []

        def submit(self, fn, plan_, start, stop):
            self.futures.append((concurrent.futures.Future(), (start, stop)))
            return self.futures[-1][0]
    done: list[int] = []
    pool = runner._Pool(plan(100), runner.Schedule(100, 2), done.append)
    pool.executor = executor = Executor()
    pool.submit((0, 5))
    pool.collect()
    assert not pool.records and len(pool.pending) == 1
    future, _ = executor.futures[0]
    threading.Timer(0.05, future.set_result, [([runner.GameRecord(i, i) for i in range(5)], 0.01)]).start()
    pool.collect(timeout=5)
    assert [r.index for r in pool.records] == list(range(5)) and done == [5]
    assert len(executor.futures) == 2 and pool.pending == {executor.futures[1][0]}  # its next range, handed out
    pool.collect(timeout=0.01)  # nothing more finished: returns after the wait
    assert len(pool.records) == 5


def test_the_pools_hand_offs_wait_at_most_the_short_switch_interval(monkeypatch):
    """While a pool runs, this process's games run with the short switch interval (the executor's threads get
    the GIL within it to hand a worker its next range), and the interval is given back afterwards, also when
    the run is interrupted; a one-job run leaves it alone."""
    game = cardrules.load("red7", {"advanced": True})
    seen: list[float] = []
    real_play = runner.play_game

    def play(*args, **kwargs):
        seen.append(sys.getswitchinterval())  # in this process (a worker's calls are noted in its own memory)
        return real_play(*args, **kwargs)
    monkeypatch.setattr(runner, "play_game", play)
    before = sys.getswitchinterval()
    assert before > runner.HAND_OFF_SECONDS
    sim.run(plan(60), jobs=2, game=game)
    assert seen and all(interval == pytest.approx(runner.HAND_OFF_SECONDS) for interval in seen)
    assert sys.getswitchinterval() == before
    seen.clear()
    sim.run(plan(5), game=game)
    assert set(seen) == {before}

    def stop(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(runner, "play_game", stop)
    assert sim.run(plan(60), jobs=2, game=game).interrupted
    assert sys.getswitchinterval() == before
