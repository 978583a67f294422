"""Locate the grammar and the bundled game files in an installed wheel or a source checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).parent
GRAMMAR_FILE = "cardrules.lark"
RULES_GLOB = "*.rules"


def _locate(*parts: str) -> Path:
    """Return the data path `parts`, inside the package (wheel) or beside it (checkout)."""
    installed = _PACKAGE_DIR.joinpath("_data", *parts)
    checkout = _PACKAGE_DIR.parent.joinpath(*parts)
    for candidate in (installed, checkout):
        if candidate.exists():
            return candidate
    raise FileNotFoundError(
        f"cardrules data {'/'.join(parts)!r} not found; looked in {installed} and {checkout}"
    )


def grammar_path() -> Path:
    """Path of the cardrules Lark grammar."""
    return _locate("grammar", GRAMMAR_FILE)


def language_doc_path() -> Path:
    """Path of the language reference (docs/language.md): the language server's hover text."""
    return _locate("docs", "language.md")


def games_dir() -> Path:
    """Directory holding the bundled `.rules` files."""
    return _locate("games")


def _rules_in(directory: Path) -> dict[str, Path]:
    return {path.stem: path for path in sorted(directory.glob(RULES_GLOB)) if path.is_file()}


def bundled_games() -> dict[str, Path]:
    """Bundled games by name (file stem), from the top level of the games directory."""
    return _rules_in(games_dir())


def bundled_variants() -> dict[str, Path]:
    """Bundled rule variants by name (file stem), from `games/variants/`."""
    return _rules_in(games_dir() / "variants")


def bundled_rules() -> dict[str, Path]:
    """Every bundled rules file by the name commands take for it: the games and the variants (a game first,
    should a variant share its name)."""
    return {**bundled_variants(), **bundled_games()}
