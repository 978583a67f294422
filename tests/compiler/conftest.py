"""Fixtures shared by the compiler's tests."""

from __future__ import annotations

import pytest

from .tally import registered


@pytest.fixture
def tally():
    """The `tally(x)` builtin (tally.py) for one test: yields the list of its calls."""
    yield from registered()
