"""An analysis -> the outline of the file (its own declarations, not the extended game's): zones, attributes with
their values, cards, options, variables, definitions, actions, and the procedures, triggers and ends."""

from __future__ import annotations

from lsprotocol import types

from ..diagnostics import Span
from ..language import nodes
from .document import Analysis, Text

_NAMED = {nodes.ZoneDecl: ("zone", types.SymbolKind.Array), nodes.AttributeDecl: ("attribute", types.SymbolKind.Enum),
          nodes.CardDecl: ("card", types.SymbolKind.Constant), nodes.OptionDecl: ("option", types.SymbolKind.Property),
          nodes.VarDecl: ("var", types.SymbolKind.Variable), nodes.DefDecl: ("def", types.SymbolKind.Function),
          nodes.CaseDecl: ("def", types.SymbolKind.Function), nodes.ActionDecl: ("action", types.SymbolKind.Method),
          nodes.CaseActionDecl: ("action", types.SymbolKind.Method)}


def _title(decl: nodes.Decl) -> tuple[str, types.SymbolKind] | None:
    """The outline's name of an unnamed declaration (a procedure, a trigger, an end), or None to leave it out."""
    match decl:
        case nodes.GameDecl(title=title):
            return f'game "{title}"', types.SymbolKind.Module
        case nodes.ProcedureDecl(kind=kind):
            return kind, types.SymbolKind.Event
        case nodes.TriggerDecl(var=var, source=source, zone=zone):
            return f"on move {var}{f' from {source}' if source else ''} to {zone}", types.SymbolKind.Event
        case nodes.EndDecl():
            return "end when", types.SymbolKind.Event
        case nodes.NextDecl():
            return "next player", types.SymbolKind.Event
        case nodes.ShowDecl(label=label) | nodes.ResultDecl(label=label):
            return f'{type(decl).__name__[:-4].lower()} "{label}"', types.SymbolKind.Field
        case nodes.HoldsDecl(zone=zone):
            return f"holds {zone}", types.SymbolKind.Field
        case nodes.CaptionDecl():
            return "caption", types.SymbolKind.Field
        case _:
            return None


def _symbol(text: Text, decl: nodes.Decl) -> types.DocumentSymbol | None:
    whole = text.span_range(decl.span)
    if type(decl) in _NAMED:
        word, kind = _NAMED[type(decl)]
        selection = text.name_range(decl.span, decl.name, rf"{word}\s+")
        children = None
        if isinstance(decl, nodes.AttributeDecl) and decl.values:
            children = [types.DocumentSymbol(name=v.name, kind=types.SymbolKind.EnumMember,
                                             range=text.span_range(v.span), selection_range=text.span_range(v.span))
                        for v in decl.values]
        return types.DocumentSymbol(name=decl.name, detail=word, kind=kind, range=whole, selection_range=selection,
                                    children=children)
    titled = _title(decl)
    if titled is None:
        return None
    start = text.span_range(Span(decl.span.line, decl.span.column))
    return types.DocumentSymbol(name=titled[0], kind=titled[1], range=whole, selection_range=start)


def document_symbols(analysis: Analysis) -> list[types.DocumentSymbol]:
    """The file's own declarations in the order they are written."""
    own = sorted((d for d in analysis.declarations() if analysis.own(d)), key=lambda d: (d.span.line, d.span.column))
    found = (_symbol(analysis.text, decl) for decl in own)
    return [symbol for symbol in found if symbol is not None]
