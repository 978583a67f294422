"""Any text, any position: every feature answers (possibly nothing) and never fails, however the text is cut."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pygls.workspace import PositionCodec

from cardrules.lsp.completion import completion
from cardrules.lsp.definition import definition
from cardrules.lsp.diagnostics import diagnostics
from cardrules.lsp.document import analyse
from cardrules.lsp.formatting import formatting
from cardrules.lsp.hover import hover
from cardrules.lsp.symbols import document_symbols

from .conftest import BASE


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(0, len(BASE)), extra=st.text(alphabet='abc .:()"#\n  =1', max_size=12),
       line=st.integers(-1, 60), column=st.integers(-1, 90), after=st.booleans())
def test_every_feature_answers_on_any_text_at_any_position(cut, extra, line, column, after):
    codec = PositionCodec()
    good = analyse(BASE, "game.rules", codec)
    text = BASE[:cut] + extra + (BASE[cut:] if after else "")
    analysis = analyse(text, "game.rules", codec, good if after else None)
    diagnostics(analysis)
    document_symbols(analysis)
    formatting(analysis.text)
    hover(analysis, line, column)
    definition(analysis, "file:///game.rules", line, column)
    completion(analysis, line, column)
