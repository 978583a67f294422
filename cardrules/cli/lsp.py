"""The `lsp` command: the language server for editors, over standard input and output (cardrules.lsp).

The server needs the `lsp` extra (pygls); it is imported only here, when the command runs, so that every other
command works without it, and its absence is a message saying how to install it (exit 1).
"""

from __future__ import annotations

from .common import CliError, reporting

INSTALL = "pip install 'cardrules[lsp]'"
_EXTRA = ("pygls", "lsprotocol")  # the packages of the extra


def lsp_command() -> None:
    """Run the language server for editors over standard input and output (diagnostics, hover, go to
    definition, completion, formatting, outline). Needs the `lsp` extra; see docs/editors.md."""
    with reporting():
        try:
            from ..lsp.server import serve
        except ModuleNotFoundError as exc:
            if (exc.name or "").split(".")[0] not in _EXTRA:
                raise
            raise CliError(f"the language server needs the 'lsp' extra ({exc.name} is not installed): {INSTALL}",
                           1) from None
        serve()


COMMANDS = {"lsp": lsp_command}
