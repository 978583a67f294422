"""An analysis -> its diagnostics as the editor shows them: the same ones as `cardrules check`, with their codes,
ranges from their spans, and their notes; a problem found in the game this file extends is shown on its
`extends` line, saying where in that file it is."""

from __future__ import annotations

from lsprotocol import types

from ..diagnostics import Diagnostic
from .definition import file_uri
from .document import Analysis

SOURCE = "cardrules"
_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}


def to_lsp(diag: Diagnostic, analysis: Analysis, extends: types.Range) -> types.Diagnostic:
    text = analysis.text
    message = "\n".join((diag.message, *(f"note: {note}" for note in diag.notes)))
    related = None
    if diag.path in ("", text.path):
        where = text.span_range(diag.span)
    else:  # in the extended game: its extends line stands for it here, and the related location points into it
        where = extends
        message = f"{diag.path}:{diag.span.line}:{diag.span.column}: {message}"
        parent = analysis.source(diag.path)
        if parent is not None:
            location = types.Location(uri=file_uri(diag.path), range=parent.span_range(diag.span))
            related = [types.DiagnosticRelatedInformation(location=location, message=diag.message)]
    return types.Diagnostic(range=where, message=message, severity=_SEVERITY.get(diag.severity),
                            code=diag.code, source=SOURCE, related_information=related)


def extends_range(analysis: Analysis) -> types.Range:
    """The `extends` line of the file, or its first character when it has none (or does not parse)."""
    pattern = "extends"
    for number, line in enumerate(analysis.text.lines):
        if line.lstrip().startswith(pattern):
            start = line.index(pattern)
            return analysis.text.range(number, start, len(line.rstrip()))
    return analysis.text.range(0, 0, 0)


def diagnostics(analysis: Analysis) -> list[types.Diagnostic]:
    """Every diagnostic of the analysis, in the editor's terms."""
    extends = extends_range(analysis)
    return [to_lsp(diag, analysis, extends) for diag in analysis.diagnostics]

