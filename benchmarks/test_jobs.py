"""benchmarks/jobs.py runs end to end on small numbers (the real measurement takes minutes on a quiet machine)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "jobs.py"


def test_the_jobs_benchmark_prints_ratios_a_control_and_the_worker_start():
    done = subprocess.run([sys.executable, str(SCRIPT), "--red7", "16", "--punto", "2", "--rounds", "1",
                           "--control-steps", "2000", "--json"], capture_output=True, text=True, timeout=600,
                          check=True)
    figures = json.loads(done.stdout[done.stdout.index("{"):])
    assert set(figures) >= {"control", "red7 16 games", "punto 2 games", "worker_startup_cpu_s"}
    for name in ("red7 16 games", "punto 2 games"):
        row = figures[name]
        assert row["j1"] > 0 and row["j2"] > 0 and row["run_j1"] >= 0 and row["run_j2"] >= 0
    assert len(figures["worker_startup_cpu_s"]) == 2 and all(0 <= s < 5 for s in figures["worker_startup_cpu_s"])
    assert "a --jobs worker before its first game" in done.stdout
