"""The package's shape: imports go one way, down the pipeline, with no cycles and no private names.

Every module of `cardrules/` is read with Python's own parser; each import becomes an edge to the
module it loads (a name imported from a package is that package's module, or its submodule when
one has that name). Imports inside `if TYPE_CHECKING:` never run, so they cannot make a cycle,
but they still may not point up the pipeline.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "cardrules"

# Sub-packages from the bottom of the pipeline up: a module may import its own sub-package and
# any sub-package of a lower rank; two sub-packages of the same rank do not know each other.
RANKS = {
    # the one JSON converter, below the foundations (diagnostics register a hook with it); the limits, used by all
    "cardrules.converter": -1, "cardrules.limits": -1,
    "cardrules.diagnostics": 0, "cardrules.values": 0, "cardrules.resources": 0, "cardrules.files": 0,
    "cardrules.budgets": 0, "cardrules.words": 0,
    "cardrules.cache": 0.5,  # the disk cache: writes through cardrules.files
    "cardrules.game_store": 0.5,  # a compiled game <-> bytes for that cache: the standard library only
    "cardrules.engine": 1,
    "cardrules.language": 2,
    "cardrules.compiler": 3, "cardrules.bots": 3,
    "cardrules.checked": 3.5,  # checked rules (compiled by the compiler) and their disk cache, below the façade
    "cardrules": 4,  # the façade: cardrules.load and friends
    "cardrules.simulation": 5,
    "cardrules.authoring": 6,
    "cardrules.lsp": 6.5,  # the language server: reads the façade and authoring (fmt), started by the cli
    "cardrules.cli": 7,
    "cardrules.pettingzoo": 8,  # the PettingZoo environment (the rl extra): renders with the cli's renderer
    "cardrules.__main__": 9,  # `python -m cardrules`: runs the cli
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str) -> bool:
    return (ROOT.parent / name.replace(".", "/") / "__init__.py").is_file()


def exists(name: str) -> bool:
    return is_package(name) or (ROOT.parent / (name.replace(".", "/") + ".py")).is_file()


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def imports_of(path: Path) -> list[tuple[str, str, bool, int]]:
    """(imported module, imported name or '', runs at run time, line) for every import of a module."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(text: str, package: str) -> list[tuple[str, str, bool, int]]:
    """The imports of a module's text; `package` is the package relative imports start from."""
    tree = ast.parse(text)
    typing_only = _type_checking_lines(tree)
    found = []
    for node in ast.walk(tree):
        runs = node.lineno not in typing_only if isinstance(node, ast.Import | ast.ImportFrom) else True
        if isinstance(node, ast.Import):
            found += [(alias.name, "", runs, node.lineno) for alias in node.names if alias.name.startswith("cardrules")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("cardrules"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append((sub, "", runs, node.lineno) if exists(sub) else (target, alias.name, runs, node.lineno))
    return found


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def layer(name: str) -> str:
    """The sub-package a module belongs to (the longest prefix in RANKS)."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in RANKS:
            return ".".join(parts[:n])
    raise AssertionError(f"{name} belongs to no sub-package of RANKS: add it there")


def test_every_folder_of_the_package_is_a_package():
    """A folder without __init__.py would be a namespace package: it imports, but says nothing of itself."""
    folders = [d for d in ROOT.rglob("*") if d.is_dir() and d.name != "__pycache__" and any(d.glob("*.py"))]
    assert folders and all((d / "__init__.py").is_file() for d in folders), \
        [str(d) for d in folders if not (d / "__init__.py").is_file()]


def test_every_module_belongs_to_a_ranked_sub_package():
    for name in MODULES:
        assert layer(name) in RANKS


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_go_down_the_pipeline(name):
    mine = layer(name)
    for target, _, _, line in imports_of(MODULES[name]):
        theirs = layer(target)
        assert theirs == mine or RANKS[theirs] < RANKS[mine], \
            f"{name}:{line} imports {target}: {mine} may not import {theirs} (see RANKS)"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_name_is_imported_from_another_module(name):
    for target, imported, _, line in imports_of(MODULES[name]):
        private = imported.startswith("_") and not imported.startswith("__")
        assert not private, f"{name}:{line} imports {imported} from {target}"


def test_no_import_cycles():
    graph = {name: sorted({t for t, _, runs, _ in imports_of(path) if runs and t in MODULES and t != name})
             for name, path in MODULES.items()}
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)


def test_the_walker_sees_every_kind_of_import():
    """Relative, absolute, function-level and typing-only imports: a check that cannot see them proves nothing."""
    text = ("from ..language import nodes\nfrom .. import load\nimport cardrules.bots\n"
            "def f():\n    from .state import State\nif TYPE_CHECKING:\n    from ..cli import app\n")
    found = [(target, imported, runs) for target, imported, runs, _ in imports_in(text, "cardrules.engine")]
    assert found == [("cardrules.language.nodes", "", True), ("cardrules", "load", True), ("cardrules.bots", "", True),
                     ("cardrules.engine.state", "State", True), ("cardrules.cli", "app", False)]
    assert RANKS[layer("cardrules.language.nodes")] > RANKS[layer("cardrules.engine.knowledge")]
