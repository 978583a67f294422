"""Shared fixtures: the compiled Red7 game and the hand-written Red7 oracle."""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType

import pytest

import cardrules

REPO = pathlib.Path(__file__).resolve().parent.parent
ORACLE_PATH = REPO / "tests" / "games" / "red7" / "referee.py"


def load_red7_oracle() -> ModuleType:
    """benchmarks/red7_handwritten.py imported from its path (it is not a package module)."""
    spec = importlib.util.spec_from_file_location("red7_handwritten_oracle", ORACLE_PATH)
    assert spec is not None and spec.loader is not None, f"cannot import {ORACLE_PATH}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def red7() -> cardrules.Game:
    """games/red7.rules compiled through the public façade (basic game, default options)."""
    return cardrules.load("red7")


@pytest.fixture(scope="session")
def red7_oracle() -> ModuleType:
    return load_red7_oracle()
