"""The language server (`cardrules lsp`): diagnostics, hover, definition, completion, formatting and symbols
for rules files in an editor; needs the `lsp` extra (pygls), imported only by `server` and the features."""
