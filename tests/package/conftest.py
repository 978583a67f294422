"""The package tests' disk cache: a directory of the test's own (`where`), and the entries of one kind in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules import cache


@pytest.fixture
def where(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV_DIR, str(folder))
    monkeypatch.delenv(cache.ENV_OFF, raising=False)
    return folder


def entries(folder: Path, kind: str) -> list[Path]:
    return sorted(folder.glob(f"{kind}-*.bin"))
