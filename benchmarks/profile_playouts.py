"""Where a random game's CPU time goes when `simulate` plays it by the game's playout: a sampling profile.

Issue #26 item 4 asks for "the profile that remains". This plays random games of each game and player count
asked for through `simulation.runner.play_game` (the playout, `simulate`'s seeds and records, all seats
`random`) for the CPU seconds given, and samples where Python is every millisecond of CPU time (SIGPROF: no
cost per call, unlike cProfile, and nothing to install, unlike py-spy). A sample lands on the Python line
running at that moment (or, when CPython ran the handler on entering a function, the caller's), so time spent
inside a builtin written in C is counted to the function that called it.

It prints, per game and player count, the share of the samples:
* by part: the playout's own body (listing moves, moving cards, drawing), its definitions (`d_NAME`, the
  rules' `def NAME`, with the keyed tables around them), the language's builtins, the shuffle, a game's
  start (`playouts.start`) and what `simulate` does around each game (seeds, the record);
* by function, self (the function the sample landed in) and inclusive (anywhere on the stack under the
  game), the largest first.

    python benchmarks/profile_playouts.py                    # every covered game at its smallest count
    python benchmarks/profile_playouts.py --game red7 -p 2 -p 4 --seconds 10 --top 20
    python benchmarks/profile_playouts.py --game punto -p 4 --json
"""

from __future__ import annotations

import argparse
import dis
import json
import os
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules  # noqa: E402
from cardrules.resources import bundled_games  # noqa: E402
from cardrules.simulation.runner import Plan, play_game  # noqa: E402

os.environ["CARDRULES_PLAYOUT"] = "always"  # every game by the playout (not only where it is the faster)
INTERVAL = 0.001  # CPU seconds between samples
PARTS = ("body", "definitions", "builtins", "shuffle", "start", "around the game", "other")


class Sampler:
    """SIGPROF samples of the stack under `play_game`: each as the functions from the game's down."""

    def __init__(self) -> None:
        self.stacks: Counter[tuple[tuple[str, str], ...]] = Counter()

    def __enter__(self) -> "Sampler":
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)
        return self

    def __exit__(self, *exc: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)

    def _sample(self, _signum: int, frame: Any) -> None:
        if frame is not None and frame.f_lasti <= _resumed_at(frame.f_code):
            frame = frame.f_back  # a call just begun: the time went to the caller (see _resumed_at)
        stack = []
        while frame is not None and frame.f_code is not play_game.__code__:
            stack.append((frame.f_code.co_filename, frame.f_code.co_name))
            frame = frame.f_back
        if frame is not None:  # (a sample outside a game, between games, is the loop's own)
            self.stacks[tuple(reversed(stack))] += 1


_RESUMES: dict[Any, int] = {}  # a code object -> the offset of its RESUME


def _resumed_at(code: Any) -> int:
    """The offset of a function's RESUME. CPython runs a pending signal's handler where it checks, and it checks
    on entering every Python function: a sample would land on whichever small function was called next (a
    comparison method, a lambda) rather than on the line that spent the time. A frame still at its RESUME
    had done nothing yet, so its caller is the one sampled."""
    found = _RESUMES.get(code)
    if found is None:
        found = _RESUMES[code] = next((i.offset for i in dis.get_instructions(code) if i.opname == "RESUME"), -1)
    return found


def part_of(stack: tuple[tuple[str, str], ...]) -> str:
    """The part of a game a sample belongs to, by the innermost frame that says."""
    for filename, function in reversed(stack):
        if function.startswith("d_") or function.startswith("c_"):
            return "definitions"
        if filename.endswith(os.path.join("language", "builtins.py")):
            return "builtins"
        if filename.endswith("draws.py"):
            return "shuffle"
        if function == "start" and filename.endswith("playouts.py"):
            return "start"
        if filename.startswith("<playout of"):
            return "body"
    return "around the game" if stack else "other"


def label(frame: tuple[str, str]) -> str:
    filename, function = frame
    if filename.startswith("<"):
        return f"{function} ({filename.strip('<>')})"
    parts = Path(filename).parts
    return f"{function} ({'/'.join(parts[-2:])})"


def profile(name: str, players: int, seconds: float, options: dict | None = None) -> dict[str, Any]:
    """Sample random games of `name` (with its `options`) by its playout for `seconds` of CPU time."""
    game = cardrules.load(name, options or {})
    plan = Plan.make(name, options or {}, players, ["random"] * players, 7, 10**9)
    for index in range(20):  # (tables and caches warm, as in a run)
        play_game(game, plan, index)
    games, start = 20, time.process_time()
    with Sampler() as sampler:
        while time.process_time() - start < seconds:
            play_game(game, plan, games)
            games += 1
    spent = time.process_time() - start
    total = sum(sampler.stacks.values()) or 1
    parts: Counter[str] = Counter()
    own: Counter[str] = Counter()
    under: Counter[str] = Counter()
    for stack, count in sampler.stacks.items():
        parts[part_of(stack)] += count
        if stack:
            own[label(stack[-1])] += count
            for frame in set(stack):
                under[label(frame)] += count

    def shares(counter: Counter[str]) -> list[tuple[str, float]]:
        return [(key, round(100 * count / total, 1)) for key, count in counter.most_common()]
    return {"game": name, "options": options or {}, "players": players, "games": games - 20,
            "cpu_seconds": round(spent, 2), "games_per_cpu_s": round((games - 20) / spent), "samples": total,
            "parts": {part: round(100 * parts[part] / total, 1) for part in PARTS},
            "self": shares(own), "inclusive": shares(under)}


def print_profile(row: dict[str, Any], top: int) -> None:
    options = "".join(f" {key}={value}" for key, value in row["options"].items())
    print(f"\n{row['game']}{options}, {row['players']} players: {row['games']} games in {row['cpu_seconds']} CPU s "
          f"({row['games_per_cpu_s']} games/cpu-s), {row['samples']} samples")
    print("  by part: " + ", ".join(f"{part} {share}%" for part, share in row["parts"].items() if share))
    print(f"  {'self %':>7}  {'function':<58} {'inclusive %':>11}")
    inclusive = dict(row["inclusive"])
    for function, share in row["self"][:top]:
        print(f"  {share:>7.1f}  {function[:58]:<58} {inclusive.get(function, 0.0):>11.1f}")


def _option(text: str) -> tuple[str, Any]:
    """`NAME=VALUE` (true/false, a number, else a word) or `NAME` alone (switched on)."""
    name, _, value = text.partition("=")
    if not value:
        return name, True
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    return name, int(value) if value.lstrip("-").isdigit() else value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a bundled game (repeatable; default: every covered one)")
    parser.add_argument("-p", "--players", type=int, action="append",
                        help="player counts (repeatable; default: each game's smallest)")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds of play per row (default 5)")
    parser.add_argument("--top", type=int, default=12, help="functions listed per row (default 12)")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable), as simulate's -o")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON lines instead")
    args = parser.parse_args(argv)
    names = args.game or sorted(bundled_games())
    options = dict(_option(text) for text in args.option)
    for name in names:
        game = cardrules.load(name, options)
        if game.playout is None:
            print(f"\n{name}: the playout does not cover it (simulate plays it on the engine)")
            continue
        for players in args.players or [game.min_players]:
            if not game.min_players <= players <= game.max_players:
                print(f"\n{name}: not for {players} players")
                continue
            row = profile(name, players, args.seconds, options)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print_profile(row, args.top)
                sys.stdout.flush()


if __name__ == "__main__":
    main()
