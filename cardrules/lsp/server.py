"""The language server (pygls): open rules files, checked as they change -> diagnostics, hover, go to definition,
completion, formatting and document symbols over LSP; `serve` runs it over stdio (`cardrules lsp`).

Each feature is a module of this package working on an `Analysis` (document.py); this module only keeps the
analysis of every open file up to date and converts positions. It imports pygls, so it is imported only when
the server is started (cli/lsp.py says how to install the `lsp` extra when it is missing).
"""

from __future__ import annotations

import asyncio
from importlib.metadata import PackageNotFoundError, version

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .completion import completion
from .definition import definition
from .diagnostics import diagnostics
from .document import Analysis, analyse
from .formatting import formatting
from .hover import hover
from .symbols import document_symbols

# Seconds of quiet after a change before the file is checked again: a check takes about 0.1 s, so checking on every
# keystroke would fall behind a fast typist. A request (hover, completion, ...) checks the latest text at once.
SETTLE = 0.15


class RulesServer(LanguageServer):
    """A language server that keeps the latest analysis of each open rules file."""

    def __init__(self) -> None:
        try:
            release = version("cardrules")
        except PackageNotFoundError:  # run from a checkout that is not installed
            release = "0"
        super().__init__("cardrules", release)
        self.analyses: dict[str, Analysis] = {}
        self.pending: dict[str, asyncio.TimerHandle] = {}

    def refresh(self, uri: str) -> Analysis:
        """Check the file's current text again and publish its diagnostics."""
        self.cancel(uri)
        document = self.workspace.get_text_document(uri)
        analysis = analyse(document.source, document.path or uri, self.workspace.position_codec,
                           self.analyses.get(uri))
        self.analyses[uri] = analysis
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=diagnostics(analysis), version=document.version))
        return analysis

    def later(self, uri: str) -> None:
        """Check the file when the editor has sent no change for SETTLE seconds."""
        self.cancel(uri)
        self.pending[uri] = asyncio.get_running_loop().call_later(SETTLE, self.refresh, uri)

    def cancel(self, uri: str) -> None:
        handle = self.pending.pop(uri, None)
        if handle is not None:
            handle.cancel()

    def analysis(self, uri: str) -> Analysis:
        """The analysis of the file's current text (made now if it changed since the last one)."""
        analysis = self.analyses.get(uri)
        if analysis is None or analysis.text.text != self.workspace.get_text_document(uri).source:
            analysis = self.refresh(uri)
        return analysis

    def forget(self, uri: str) -> None:
        self.cancel(uri)
        self.analyses.pop(uri, None)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def build_server() -> RulesServer:
    """A server with every feature registered (not started)."""
    server = RulesServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulesServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.refresh(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulesServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulesServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.refresh(params.text_document.uri)  # the game it extends may have changed on disk

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulesServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: RulesServer, params: types.HoverParams) -> types.Hover | None:
        analysis = ls.analysis(params.text_document.uri)
        return hover(analysis, *analysis.text.server_position(params.position))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: RulesServer, params: types.DefinitionParams) -> types.Location | None:
        analysis = ls.analysis(params.text_document.uri)
        return definition(analysis, params.text_document.uri, *analysis.text.server_position(params.position))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["."]))
    def on_completion(ls: RulesServer, params: types.CompletionParams) -> types.CompletionList:
        analysis = ls.analysis(params.text_document.uri)
        return completion(analysis, *analysis.text.server_position(params.position))

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(ls: RulesServer, params: types.DocumentFormattingParams) -> list[types.TextEdit]:
        return formatting(ls.analysis(params.text_document.uri).text)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def on_symbols(ls: RulesServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        return document_symbols(ls.analysis(params.text_document.uri))

    return server


def serve() -> None:
    """Run the language server over standard input and output until the editor ends it."""
    build_server().start_io()
