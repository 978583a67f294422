"""The language server (`cardrules lsp`): diagnostics, hover, go to definition, completion, formatting and an
outline of rules files for editors, one module per feature around `document` (an open file, checked through the
façade) and `server` (pygls). Its modules need the `lsp` extra (pygls, lsprotocol), all but `reference`; nothing
else in cardrules imports them but the `lsp` command, when it runs (docs/editors.md).
"""
