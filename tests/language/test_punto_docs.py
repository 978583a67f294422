"""The Punto walkthrough in docs/language.md quotes games/punto.rules word for word, in order, so the
explanation cannot drift from the real game (as tests/test_docs.py does for Red7)."""

from __future__ import annotations

from pathlib import Path

from .test_docs import EXAMPLES

PUNTO = Path(__file__).resolve().parents[2] / "games" / "punto.rules"
SECTION = "How the other games are written"


def test_punto_walkthrough_quotes_the_real_file():
    source = PUNTO.read_text(encoding="utf-8")
    excerpts = [b for b in EXAMPLES if SECTION in b.section and b.text.lstrip().startswith(("# Where", "turn:"))]
    assert len(excerpts) == 2
    position = 0
    for block in excerpts:
        found = source.find(block.text, position)
        assert found >= 0, f"the excerpt at {block} is not in games/punto.rules (in this order):\n{block.text}"
        position = found + len(block.text)
