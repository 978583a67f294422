"""benchmarks/pettingzoo_random.py, on a few games: the CI's share of the 1,000 masked random games per
bundled game that docs/agents.md records (the full run takes minutes)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cardrules.resources import bundled_games

SCRIPT = Path(__file__).resolve().parent / "pettingzoo_random.py"


def load_script():
    """The benchmark imported from its path (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location(SCRIPT.stem, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_a_masked_random_policy_plays_every_bundled_game(name):
    random_play = load_script()
    row = random_play.run_game(name, 12, check=True)
    assert row["games"] == 12 and row["decisions"] >= 12 and row["setups"] >= 1
