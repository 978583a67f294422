"""How `cardrules simulate --jobs J` scales: J=1 against J=2 on the same runs, with a pure-CPU control.

    python benchmarks/jobs.py                       # Red7 2,000 games and Punto 100 games, 3 rounds
    python benchmarks/jobs.py --rounds 5 --json
    python benchmarks/jobs.py --red7 200 --punto 10 --rounds 1     # a quick check that it all runs

Each round runs, one after the other: the control at 1 and at 2 processes, then every workload at
J=1 and at J=2. A workload is the whole command (`cardrules simulate GAME --games N --seed 0
--jobs J`, a process of its own, as a user runs it): the speed-up is wall(J=1) / wall(J=2), and also
the same ratio of the run's own time (the "N games in X s" the command prints, which leaves out the
command's start-up). The control is a pure-Python loop of fixed work run in 1 process, then in 2
processes at once: its ratio is near 2.0 only when the second core was free during the round. A
workload's ratio means something only beside a control near 2.

It also prints the CPU seconds of each command with its workers (medians): the J=2 run's extra CPU
over J=1's is what running in two processes costs, and it holds on a busy machine, where the wall
ratios do not.

It also reports what a `--jobs` worker spends before its first game (CPU seconds in the worker
process, from its start to the game loaded), the figure of issue #26 item 2 (target: under 0.1 s).

The machine must be quiet for figures worth recording; on a busy machine the control says so.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardrules.simulation import runner  # noqa: E402

CONTROL_WORK = 3_000_000  # loop steps: about as long as a workload's J=1 run on a quiet machine
_RUN_TIME = re.compile(r"games? in ([0-9.]+) s")


def spin(steps: int) -> float:
    """Fixed pure-CPU work; returns the number only so that nothing is optimised away."""
    total = 0.0
    for i in range(steps):
        total += (i * 7919) % 13
    return total


def control(processes: int, steps: int) -> float:
    """Wall seconds for `processes` processes each doing `steps` of `spin` at once."""
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with context.Pool(processes) as pool:
        pool.map(spin, [1000] * processes)  # started and warm before the clock
        start = time.perf_counter()
        pool.map(spin, [steps] * processes)
        return time.perf_counter() - start


def simulate(game: str, games: int, jobs: int, players: int | None) -> tuple[float, float, float]:
    """(wall seconds of the whole command, the run's own seconds as it prints them, CPU seconds of the command and
    its workers)."""
    command = [sys.executable, "-c", "from cardrules.cli import main; main()", "simulate", game,
               "--games", str(games), "--seed", "0", "--jobs", str(jobs)]
    if players:
        command += ["-p", str(players)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[3:])} failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    found = _RUN_TIME.search(done.stdout)
    return wall, float(found.group(1)) if found else float("nan"), _children_cpu() - before


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (a command's workers are counted once it has waited for them)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _worker_startup(plan: runner.Plan) -> float:
    """In a worker: CPU seconds of this process from its start to the plan's game loaded."""
    runner.worker_game(plan)
    return time.process_time()


def worker_startup(game: str) -> list[float]:
    """CPU seconds each of two fresh `--jobs` workers spends before it could play its first game, started the
    way runner.py starts them from a process like this one (its pool context, the game handed to forked workers,
    its initializer)."""
    plan = runner.Plan.make(game, {}, 2, ["random", "random"], 0, 2)
    context = runner._pool_context()
    runner._prctl()  # as runner.run does before it starts a pool: forked workers inherit libc's prctl
    with runner._inherited(plan, None, context):
        pool = context.Pool(processes=2, initializer=runner._start_worker)
    try:
        return pool.map(_worker_startup, [plan, plan], chunksize=1)
    finally:
        pool.terminate()
        pool.join()


def measure(workloads: list[tuple[str, int, int | None]], rounds: int, steps: int) -> dict:
    rows: dict[str, dict[str, list[float]]] = {"control": {"1": [], "2": []}}
    for game, games, players in workloads:
        rows[f"{game} {games} games"] = {"1": [], "2": [], "run 1": [], "run 2": [], "cpu 1": [], "cpu 2": []}
    for number in range(rounds):
        for jobs in (1, 2):
            rows["control"][str(jobs)].append(control(jobs, steps))
        for game, games, players in workloads:
            for jobs in (1, 2):
                wall, own, cpu = simulate(game, games, jobs, players)
                row = rows[f"{game} {games} games"]
                row[str(jobs)].append(wall)
                row[f"run {jobs}"].append(own)
                row[f"cpu {jobs}"].append(cpu)
        print(f"round {number + 1} of {rounds} done", file=sys.stderr)
    return rows


def report(rows: dict, startup: list[float]) -> dict:
    result = {}
    print(f"{'run':<24} {'J=1 s':>8} {'J=2 s':>8} {'ratio':>6}   {'run J=1':>8} {'run J=2':>8} {'ratio':>6}"
          f"   {'cpu J=1':>7} {'cpu J=2':>7} {'more':>6}")
    for name, row in rows.items():
        one, two = statistics.median(row["1"]), statistics.median(row["2"])
        work = 2 if name == "control" else 1  # the control's two processes do twice the work of one
        entry = {"j1": one, "j2": two, "ratio": work * one / two}
        line = f"{name:<24} {one:8.2f} {two:8.2f} {work * one / two:6.2f}"
        if "run 1" in row:
            own1, own2 = statistics.median(row["run 1"]), statistics.median(row["run 2"])
            entry.update(run_j1=own1, run_j2=own2, run_ratio=own1 / own2)
            line += f"   {own1:8.2f} {own2:8.2f} {own1 / own2:6.2f}"
            cpu1, cpu2 = statistics.median(row["cpu 1"]), statistics.median(row["cpu 2"])
            entry.update(cpu_j1=cpu1, cpu_j2=cpu2)
            line += f"   {cpu1:7.2f} {cpu2:7.2f} {cpu2 - cpu1:+6.2f}"
        print(line)
        result[name] = entry
    print("control: work done per wall second by 2 processes over 1 (each does the same work): 2.00 when the second "
          "core is free (medians of the rounds)")
    print("cpu: CPU seconds of the whole command with its workers; J=2's extra CPU over J=1 is what the second "
          "process costs, a figure that holds on a busy machine")
    print(f"a --jobs worker before its first game: {', '.join(f'{s:.3f}' for s in startup)} CPU s (target < 0.1)")
    result["worker_startup_cpu_s"] = startup
    result["cpus"] = os.cpu_count()
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--red7", type=int, default=2000, help="games of the Red7 run (2 players)")
    parser.add_argument("--punto", type=int, default=100, help="games of the Punto run (2 players)")
    parser.add_argument("--control-steps", type=int, default=CONTROL_WORK)
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    workloads = [("red7", args.red7, 2), ("punto", args.punto, 2)]
    startup = worker_startup("red7")  # once before (fills the disk cache), once measured
    startup = worker_startup("red7")
    result = report(measure(workloads, args.rounds, args.control_steps), startup)
    if args.json:
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
