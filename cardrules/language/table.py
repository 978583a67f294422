"""A checked file's marks on what the table shows -> located diagnostics (E400, E408, E409, W400).

A zone may be marked `internal` (bookkeeping the table does not draw) or `sorted` (drawn in the
card order, whatever order its cards lie in); a variable `, internal`. The marks change only what
`cardrules play` draws, never the game. Every choice a player makes should say what it asks
(`choose "QUESTION":`): the player reads it above the moves.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic, error, warning
from ..engine import zones
from . import nodes

INTERNAL, SORTED = "internal", "sorted"
PROPERTIES = frozenset({INTERNAL, SORTED})  # zone properties about the table only (docs/language.md, `zone`)

HIDDEN_REVEALED = "E400"  # an internal zone named in `reveal at end`
UNSORTABLE = "E408"  # `sorted` on a zone whose order is its layout (cells, columns)
MARKED_TWICE = "E409"  # `, internal` or `, reset on move` written twice
NO_QUESTION = "W400"  # a choice without a question


def table_words(properties: tuple[str, ...]) -> str:
    """A zone's table marks in words, for `cardrules explain` ("" for none)."""
    words = [("internal: not drawn on the table" if p == INTERNAL else "drawn in the card order")
             for p in (INTERNAL, SORTED) if p in properties]
    return "".join(f"; {w}" for w in words)


def table_marks(rules: nodes.RulesFile) -> list[Diagnostic]:
    """The errors and warnings of the table marks and choices of a file (see the module's docstring)."""
    out: list[Diagnostic] = []
    internal = set()
    for decl in rules.declarations:
        match decl:
            case nodes.ZoneDecl():
                out += _zone(decl, rules.path)
                if INTERNAL in decl.properties:
                    internal.add(decl.name)
            case nodes.VarDecl() if decl.repeated:
                out.append(error(MARKED_TWICE, f"'{decl.name}' is marked twice the same way: write each of "
                                 "', internal' and ', reset on move' once", decl.span, rules.path))
            case _:
                pass
    for decl in rules.declarations:
        if isinstance(decl, nodes.EndRevealDecl):
            out += [error(HIDDEN_REVEALED, f"'{name}' is internal: the table never draws it, so 'reveal at end' "
                          "cannot show it (leave it out, or drop 'internal')", span, rules.path)
                    for name, span in decl.names if name in internal]
    return out + unasked(rules)


def _zone(decl: nodes.ZoneDecl, path: str) -> list[Diagnostic]:
    if SORTED not in decl.properties:
        return []
    kind = zones.kind_of(decl.properties)
    if kind.by_cell or kind.opens_in_order:
        return [error(UNSORTABLE, f"a {kind.name} zone is drawn as its cards lie, so it cannot be 'sorted' "
                      "('sorted' draws a row, a stack or a hand in the card order)", decl.span, path)]
    return []


def unasked(rules: nodes.RulesFile) -> list[Diagnostic]:
    """W400 for each `choose` without a question: the player sees only 'Your moves:'."""
    found: dict[tuple, nodes.Choose] = {}
    for decl in rules.declarations:
        for node in nodes.walk(decl):
            if isinstance(node, nodes.Choose) and not node.prompt:
                found.setdefault((node.span.path, node.span.line, node.span.column), node)
    return [warning(NO_QUESTION, "this choice asks nothing: write the question the player answers, "
                    "as in 'choose \"Play a card or pass\":'", choose.span, rules.path)
            for choose in found.values()]
