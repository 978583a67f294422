"""Machine instructions per random game, counted by callgrind: a speed figure the machine's load does not move.

The timed figures of docs/performance.md swing by a third from one hour to the next on a shared machine, so
that two readings of the same code often disagree by more than a change being judged. The number of
instructions CPython executes for a game does not depend on the load: callgrind (valgrind's) counts them.
Each figure is (instructions of a process that plays N games) minus (the same process playing none), over N:
start-up, compiling the game and 20 warming games (tables and caches as in a run) fall out. An instruction is
not a nanosecond (a cache miss costs more than an add), so this complements the timed ratios and does not
replace them; it judges a change far more finely (a 2% change shows as 2%).

    python benchmarks/instructions.py                      # Red7 basic 2p: the playout against the reference
    python benchmarks/instructions.py -p 2 -p 4 --games 500
    python benchmarks/instructions.py --game punto -p 3    # any game: its playout (and its engine: --engine)
    python benchmarks/instructions.py --old /tmp/old --game seven7s -p 3   # against an older checkout (a
                                                                          # worktree, as commits.py's)
    python benchmarks/instructions.py --start-up [--old /tmp/old]   # item 2's warm start, the whole process

With --start-up it counts, instead, the whole process of `cardrules simulate GAME --games 1` on a warm disk cache
(a plain run first fills it), beside Python's own start and the import of the libraries the command line is
built on (attrs, typer, rich): the floor under item 2's warm-start target.

The sides play the games bench.py and commits.py time: seeds 0 .. N-1, one generator for every seat. The
reference is benchmarks/red7_handwritten.py (Red7's basic game only). Needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from commits import CHILD  # noqa: E402  (one program plays a checkout's random games, timed or counted)

# The reference's games, as CHILD plays a checkout's: 20 unmeasured games, then seeds 0 .. N-1.
REFERENCE = """
import sys
sys.path.insert(0, sys.argv[1])
import red7_handwritten
players, counted = int(sys.argv[2]), int(sys.argv[3])
for k in range(20):
    red7_handwritten.play_random_game(players, 10**6 + k)
for k in range(counted):
    red7_handwritten.play_random_game(players, k)
"""

CALLGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def refs(stderr: str) -> int:
    """The instruction count callgrind prints at the end of a run ("I   refs:  1,894,738,563")."""
    found = _REFS.findall(stderr)
    if not found:
        raise ValueError("no instruction count in callgrind's output")
    return int(found[-1].replace(",", ""))


def counted(command: list[str], cwd: Path, playout: bool, tool: tuple[str, ...] = CALLGRIND) -> int:
    """The instructions `command` executes under callgrind (an error in it stops the script with its message);
    with `tool=()` it runs plainly and counts nothing."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    env["BENCH_PLAYOUT"] = "1" if playout else "0"
    done = subprocess.run([*tool, *command], capture_output=True, text=True, env=env, cwd=cwd)
    if done.returncode != 0:
        raise SystemExit(f"failed{' under callgrind' * bool(tool)}: {' '.join(command[2:5])}\n"
                         f"{done.stderr.strip()[-2000:]}")
    return refs(done.stderr) if tool else 0


def per_game(command_for: Callable[[int], list[str]], games: int, cwd: Path, playout: bool = False) -> float:
    """Instructions a game: the run of `games` games less the run of none, over `games`. A plain run of none
    goes first: a first run of a checkout also writes its bytecode and the disk cache of checked rules, which
    would land on one side only."""
    counted(command_for(0), cwd, playout, tool=())
    return (counted(command_for(games), cwd, playout) - counted(command_for(0), cwd, playout)) / games


def checkout_per_game(root: Path, game: str, players: int, games: int, options: list[str], playout: bool) -> float:
    """Instructions a random game of `game` in the checkout at `root` (its playout, or its engine)."""
    return per_game(lambda n: [sys.executable, "-c", CHILD, str(root), game, str(players), f"games={n}", *options],
                    games, root, playout)


def reference_per_game(players: int, games: int) -> float:
    """Instructions a random game of the hand-written Red7 (basic)."""
    return per_game(lambda n: [sys.executable, "-c", REFERENCE, str(HERE), str(players), str(n)], games, HERE)


# Item 2's warm start, as a whole process; and what a process pays before any of cardrules' own code.
START_UP = "from cardrules.cli import main; main()"
FLOORS = {"Python's start": "pass",
          "Python's start, attrs, typer and rich imported": "import attrs, typer, rich.console, rich.table"}


def start_up(root: Path, game: str) -> int:
    """Instructions of a whole `cardrules simulate GAME --games 1` of the checkout at `root` (run there: the
    checkout comes first on the path), its disk cache warmed by a plain run first."""
    command = [sys.executable, "-c", START_UP, "simulate", game, "--games", "1"]
    counted(command, root, True, tool=())
    return counted(command, root, True)


def start_up_row(args: argparse.Namespace) -> dict:
    """The start-up counts of the checkout (and the old one), and the floors, printed as lines."""
    row = {"game": args.game, "start_up": start_up(args.checkout.resolve(), args.game)}
    print(f"start-up, a warm 'cardrules simulate {args.game} --games 1': {row['start_up']:13,.0f} instructions",
          flush=True)
    if args.old is not None:
        row["old"] = start_up(args.old.resolve(), args.game)
        row["old_per_new"] = row["old"] / row["start_up"]
        print(f"  the old checkout: {row['old']:13,.0f}: x{row['old_per_new']:.3f}", flush=True)
    for label, code in FLOORS.items():
        row[label] = counted([sys.executable, "-c", code], HERE, False)
        print(f"  {label}: {row[label]:13,.0f} ({row[label] / row['start_up']:.0%} of the command)", flush=True)
    return row


def need_valgrind() -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("instructions.py counts instructions with valgrind's callgrind, which is not on the PATH "
                         "(install valgrind, e.g. `apt install valgrind`)")


def one_row(args: argparse.Namespace, players: int) -> dict:
    """The counts of one player count, printed as a line: the playout (the engine), the reference or the old
    checkout, and their ratios in speed (fewer instructions a game: faster)."""
    new = args.checkout.resolve()
    row = {"game": args.game, "players": players, "options": args.option, "games": args.games,
           "playout": checkout_per_game(new, args.game, players, args.games, args.option, True)}
    line = f"{args.game} {players}p: playout {row['playout']:11,.0f} instructions a game"
    if args.engine:
        row["engine"] = checkout_per_game(new, args.game, players, args.games, args.option, False)
        line += f"; engine {row['engine']:11,.0f}"
    if args.old is not None:
        row["old"] = checkout_per_game(args.old.resolve(), args.game, players, args.games, args.option, True)
        row["old_per_playout"] = row["old"] / row["playout"]
        line += f"; the old checkout {row['old']:11,.0f}: x{row['old_per_playout']:.2f}"
    if args.game == "red7" and not args.option:
        row["reference"] = reference_per_game(players, args.games)
        row["playout_per_reference"] = row["reference"] / row["playout"]
        line += f"; reference {row['reference']:11,.0f}: playout / reference {row['playout_per_reference']:.3f}"
    print(line, flush=True)
    return row


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="red7", help="a bundled game (default red7)")
    parser.add_argument("-p", "--players", action="append", type=int, default=[],
                        help="player count (repeatable; default 2)")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option NAME=VALUE")
    parser.add_argument("--games", type=int, default=300, help="games counted a side (default 300)")
    parser.add_argument("--checkout", type=Path, default=HERE.parent, help="the checkout measured (default: this)")
    parser.add_argument("--old", type=Path, help="an older checkout counted the same way, for old / new")
    parser.add_argument("--engine", action="store_true", help="count the engine's games too")
    parser.add_argument("--start-up", action="store_true",
                        help="count item 2's warm start (the whole process) instead of games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    need_valgrind()
    for root in filter(None, (args.checkout, args.old)):
        if not (root / "cardrules" / "__init__.py").is_file():
            parser.error(f"{root} is not a cardrules checkout (no cardrules/__init__.py)")
    if args.start_up:
        rows = [start_up_row(args)]
    else:
        rows = [one_row(args, players) for players in args.players or [2]]
    if args.json:
        print(json.dumps(rows, indent=1))
    return rows


if __name__ == "__main__":
    main()
