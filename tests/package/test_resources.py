"""Tests for locating the grammar and games in a wheel layout and a checkout layout."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
RESOURCES = REPO / "cardrules" / "resources.py"


def _load(path: Path) -> ModuleType:
    """Import a copy of resources.py from `path` under a unique module name."""
    name = f"_resources_under_test_{abs(hash(str(path)))}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _touch(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _fake_package(package_dir: Path) -> ModuleType:
    package_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(RESOURCES, package_dir / "resources.py")
    return _load(package_dir / "resources.py")


def test_wheel_layout_finds_data_inside_package(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    grammar = _touch(pkg / "_data" / "grammar" / "cardrules.lark", "start: ")
    game = _touch(pkg / "_data" / "games" / "alpha.rules")
    # A checkout-style copy next to the package must not win over the wheel data.
    _touch(tmp_path / "grammar" / "cardrules.lark", "decoy")

    resources = _fake_package(pkg)

    assert resources.grammar_path().resolve() == grammar.resolve()
    assert resources.games_dir().resolve() == game.parent.resolve()
    assert {k: v.resolve() for k, v in resources.bundled_games().items()} == {"alpha": game.resolve()}


def test_checkout_layout_finds_data_beside_package(tmp_path: Path) -> None:
    root = tmp_path / "root"
    grammar = _touch(root / "grammar" / "cardrules.lark", "start: ")
    game = _touch(root / "games" / "alpha.rules")

    resources = _fake_package(root / "pkg")

    assert resources.grammar_path().resolve() == grammar.resolve()
    assert resources.games_dir().resolve() == game.parent.resolve()


def test_missing_data_names_both_places(tmp_path: Path) -> None:
    pkg = tmp_path / "root" / "pkg"
    resources = _fake_package(pkg)

    with pytest.raises(FileNotFoundError) as excinfo:
        resources.grammar_path()
    message = str(excinfo.value)
    assert str(pkg / "_data" / "grammar" / "cardrules.lark") in message
    assert str(tmp_path / "root" / "grammar" / "cardrules.lark") in message

    with pytest.raises(FileNotFoundError) as excinfo:
        resources.games_dir()
    message = str(excinfo.value)
    assert str(pkg / "_data" / "games") in message
    assert str(tmp_path / "root" / "games") in message


def test_games_and_variants_are_listed_by_stem_sorted_top_level_only(tmp_path: Path) -> None:
    games = tmp_path / "root" / "games"
    for name in ("zeta", "alpha", "mid"):
        _touch(games / f"{name}.rules")
    _touch(games / "notes.txt")
    variant = _touch(games / "variants" / "alpha-short.rules")

    resources = _fake_package(tmp_path / "root" / "pkg")

    listed = resources.bundled_games()
    assert list(listed) == ["alpha", "mid", "zeta"]
    assert all(path.suffix == ".rules" and path.parent.resolve() == games.resolve() for path in listed.values())
    assert {k: v.resolve() for k, v in resources.bundled_variants().items()} == {
        "alpha-short": variant.resolve()
    }


def test_no_variants_directory_means_no_variants(tmp_path: Path) -> None:
    _touch(tmp_path / "root" / "games" / "alpha.rules")
    resources = _fake_package(tmp_path / "root" / "pkg")
    assert resources.bundled_variants() == {}


def test_repository_checkout_provides_grammar_and_red7() -> None:
    resources = _load(RESOURCES)
    assert resources.grammar_path().is_file()
    assert "red7" in resources.bundled_games()
    assert resources.language_doc_path().name == "language.md"


def test_wheel_ships_grammar_and_games(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-w", str(tmp_path)]
    if importlib.util.find_spec("hatchling") is not None:
        command.append("--no-build-isolation")
    result = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stdout + result.stderr

    wheels = list(tmp_path.glob("cardrules-*.whl"))
    assert len(wheels) == 1, wheels
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = set(wheel.namelist())
    assert "cardrules/_data/grammar/cardrules.lark" in names
    assert "cardrules/_data/games/red7.rules" in names
    assert "cardrules/_data/docs/language.md" in names  # the language server's hover text
    assert "cardrules/resources.py" in names
