"""Long fuzzing runs: the fuzz tests of the suite (mutated rules files, mangled bytes, random position files)
with many more examples, fresh random ones each run. A finding is shown by hypothesis with the example and the
seed to reproduce it (pytest --hypothesis-seed=N).

    python benchmarks/fuzz.py --examples 5000
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITES = ["tests/language/test_mutations.py", "tests/cli/test_fuzz_files.py",
          "tests/compiler/test_playout.py::test_a_mutated_rules_file_plays_the_same_games_both_ways"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000, help="examples per fuzz test (default 2000)")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis seed (default: a random one, printed)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    print(f"fuzzing with {args.examples} examples per test, hypothesis seed {seed}", flush=True)
    env = dict(os.environ, CARDRULES_FUZZ_EXAMPLES=str(args.examples))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--hypothesis-seed={seed}",
               "--hypothesis-show-statistics", *SUITES]
    return subprocess.call(command, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
