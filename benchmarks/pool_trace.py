"""Where a `--jobs 2` run's time goes: the pool's hand-offs traced in both processes, chunk by chunk.

    python benchmarks/pool_trace.py                       # Red7 2p, 2,000 games, 5 runs
    python benchmarks/pool_trace.py --game punto --games 100 --runs 3

Runs `runner.run(plan, jobs=2)` in this process (the game loaded once, as the command does) with the
pool's steps wrapped from outside (nothing in cardrules is changed): the worker notes when each chunk
began and ended (time.perf_counter, one clock for both processes on Linux) in a file of its own; this
process notes its own games and how long stopping the workers took. Printed, medians over the runs:

- worker idle: the run's wall time minus the worker's chunks, split into its start (run start to its
  first game: the fork, the worker's set-up, the first range reaching it), the gaps between chunks
  (a finished chunk's records sent, the next range read), and its tail (last chunk to the run's end);
- command idle: the wall time minus the games this process played, with its first game's start
  (the fork), and its end (last own game to the run's end: waiting for the worker's last chunk, then
  stopping the workers);
- microseconds a game on each side.

These are a breakdown, not a speed-up: on a busy machine every part grows with the scheduler's delays,
so compare two trees' breakdowns in alternation, or read them beside `benchmarks/jobs.py`'s control.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardrules import load  # noqa: E402
from cardrules.simulation import runner  # noqa: E402

TRACE = Path(tempfile.mkdtemp(prefix="pool-trace-"))
_run_chunk_timed = runner.run_chunk_timed
_play_game = runner.play_game
_stop_workers = runner._stop_workers
HERE: list[tuple[float, float]] = []  # this process's games: (began, ended)
STOPS: list[float] = []
NOT_SECONDS = ("chunks", "us a game here", "us a game in the worker")


def traced_chunk(plan, start, stop):
    """In the worker: the chunk, with its times appended to a file of the worker's own."""
    began = time.perf_counter()
    result = _run_chunk_timed(plan, start, stop)
    with open(TRACE / f"worker.{os.getpid()}", "a") as out:
        out.write(json.dumps([start, stop, began, time.perf_counter()]) + "\n")
    return result


traced_chunk.__module__, traced_chunk.__qualname__ = runner.__name__, "run_chunk_timed"  # pickled by that name


def traced_game(game, plan, index, observers=()):
    began = time.perf_counter()
    record = _play_game(game, plan, index, observers)
    HERE.append((began, time.perf_counter()))
    return record


def traced_stop(*args):
    began = time.perf_counter()
    _stop_workers(*args)
    STOPS.append(time.perf_counter() - began)


def one_run(plan, game) -> dict[str, float]:
    for old in TRACE.glob("worker.*"):
        old.unlink()
    HERE.clear()
    began = time.perf_counter()
    runner.run(plan, jobs=2, game=game)
    wall = time.perf_counter() - began
    chunks = sorted((json.loads(line) for f in TRACE.glob("worker.*") for line in f.read_text().splitlines()),
                    key=lambda chunk: chunk[2])
    busy = sum(end - start for _, _, start, end in chunks)
    played = sum(stop - start for start, stop, _, _ in chunks)
    own = sum(end - start for start, end in HERE)
    return {"wall": wall, "worker idle": wall - busy, "worker start": chunks[0][2] - began,
            "worker gaps": sum(chunks[k + 1][2] - chunks[k][3] for k in range(len(chunks) - 1)),
            "worker tail": began + wall - chunks[-1][3], "command idle": wall - own,
            "command first game": HERE[0][0] - began, "command end": began + wall - HERE[-1][1],
            "stop": STOPS[-1], "chunks": len(chunks),
            "us a game here": own / len(HERE) * 1e6, "us a game in the worker": busy / played * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="red7")
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    runner.run_chunk_timed, runner.play_game, runner._stop_workers = traced_chunk, traced_game, traced_stop
    plan = runner.Plan.make(args.game, {}, args.players, ["random"] * args.players, 0, args.games)
    game = load(args.game, {})
    runs = [one_run(plan, game) for _ in range(args.runs)]
    print(f"{args.game} {args.players}p, {args.games} games, --jobs 2, medians of {args.runs} runs "
          f"(switch interval {sys.getswitchinterval() * 1000:g} ms outside the run)")
    for key in runs[0]:
        value = statistics.median(run[key] for run in runs)
        print(f"  {key:24} {value:8.1f}" if key in NOT_SECONDS else f"  {key:24} {value * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
