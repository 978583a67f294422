"""The benchmarks' own tests: what they measure must mean what they say (pytest collects this folder too).

They live beside the benchmarks, as the tests of the package never read benchmarks/ (the benchmarks
may read the tests: bench.py times the Red7 referee of tests/games/red7/).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import cardrules

HERE = Path(__file__).resolve().parent


def load_benchmark(name: str) -> ModuleType:
    """A benchmark script imported from its path (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location(Path(name).stem, HERE / name)
    assert spec is not None and spec.loader is not None, f"cannot import {HERE / name}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_regret_benchmark_values_a_move_that_puts_the_mover_out_at_nothing(capsys):
    """benchmarks/agents_regret.py: reference values are results of rollouts (between 0 and 1); a
    move after which the mover is out is worth 0; random's choices lose more value than greedy's."""
    regret = load_benchmark("agents_regret.py")
    game = cardrules.load("red7")
    blunders = 0
    for i, state in enumerate(regret.positions(game, 9000, 4)):
        values = regret.reference(game, state, 8, i)
        assert set(values) == set(state.legal_actions()) and all(0.0 <= v <= 1.0 for v in values.values())
        for action, value in values.items():
            after = state.clone()
            after.apply_action(action)
            if after.is_terminal() and state.current_player() not in after.winners:
                blunders += 1
                assert value == 0.0
    assert blunders > 0
    regret.main(["greedy", "random", "--positions", "6", "--reference", "8", "--tries", "2"])
    lines = capsys.readouterr().out.splitlines()
    means = [float(line.split("mean regret ")[1].split()[0]) for line in lines[1:]]
    assert len(means) == 2 and means[1] > means[0]
