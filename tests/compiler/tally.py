"""`tally(x)`: a builtin for the compiler's tests that gives x and notes each call in CALLS, so that a test can
count how often the generated code works a part out (registered by the `tally` fixture, conftest.py)."""

from __future__ import annotations

from cardrules.language.builtins import Function, register, unregister

CALLS: list = []


def registered():
    """Register `tally` with CALLS emptied; unregister it when the generator is closed."""
    def run(x):
        CALLS.append(x)
        return x
    register(Function("tally", 1, 1, "tally(x)", "x, counted", run=run))
    CALLS.clear()
    try:
        yield CALLS
    finally:
        unregister("tally")
