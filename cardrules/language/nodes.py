"""Frozen AST node classes for rules files (spans are kept out of equality), and the one way to walk them:
`children`, `walk`, `statements`, `NodeVisitor` and `NodeTransformer`."""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterator, Union

import attrs

from ..diagnostics import Span

NO_SPAN = Span(0, 0)


def _span():
    return attrs.field(default=NO_SPAN, eq=False, repr=False, kw_only=True)


# ---- expressions -----------------------------------------------------------
@attrs.frozen
class Name:
    id: str
    span: Span = _span()


@attrs.frozen
class Int:
    value: int
    span: Span = _span()


@attrs.frozen
class Str:
    value: str
    span: Span = _span()


@attrs.frozen
class Attr:
    obj: "Expr"
    name: str
    span: Span = _span()


@attrs.frozen
class Index:
    obj: "Expr"
    index: "Expr"
    span: Span = _span()


@attrs.frozen
class Keyword:
    name: str
    value: "Expr"
    span: Span = _span()


@attrs.frozen
class Call:
    func: str
    args: tuple["Expr", ...]
    kwargs: tuple[Keyword, ...] = ()
    span: Span = _span()


@attrs.frozen
class TupleLit:
    items: tuple["Expr", ...]
    span: Span = _span()


@attrs.frozen
class ListLit:
    items: tuple["Expr", ...]
    span: Span = _span()


@attrs.frozen
class Comprehension:
    element: "Expr"
    var: str
    source: "Expr"
    condition: "Expr | None"
    span: Span = _span()


@attrs.frozen
class Where:
    source: "Expr"
    condition: "Expr"
    span: Span = _span()


@attrs.frozen
class BinOp:
    op: str
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@attrs.frozen
class Compare:
    op: str  # == != < <= > >= in not in
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@attrs.frozen
class BoolOp:
    op: str  # and / or
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@attrs.frozen
class Not:
    operand: "Expr"
    span: Span = _span()


@attrs.frozen
class Neg:
    operand: "Expr"
    span: Span = _span()


@attrs.frozen
class IfExpr:
    condition: "Expr"
    then: "Expr"
    otherwise: "Expr"
    span: Span = _span()


@attrs.frozen
class Range:
    """`low..high`: the whole numbers from low to high, both included (empty when high < low)."""

    low: "Expr"
    high: "Expr"
    span: Span = _span()


Expr = Union[Name, Int, Str, Attr, Index, Call, TupleLit, ListLit, Comprehension, Where, BinOp,
             Compare, BoolOp, Not, Neg, IfExpr, Range]


# ---- statements ------------------------------------------------------------
@attrs.frozen
class Move:
    cards: Expr
    destination: Expr
    bottom: bool = False
    span: Span = _span()


@attrs.frozen
class Deal:
    count: Expr
    source: Expr
    destination: Expr
    span: Span = _span()


@attrs.frozen
class Shuffle:
    zone: Expr
    span: Span = _span()


@attrs.frozen
class Eliminate:
    player: Expr
    span: Span = _span()


@attrs.frozen
class Set:
    target: Expr
    value: Expr
    span: Span = _span()


@attrs.frozen
class FirstPlayer:
    player: Expr
    span: Span = _span()


@attrs.frozen
class Win:
    players: Expr
    span: Span = _span()


@attrs.frozen
class Lose:
    """Everybody loses: the end of a cooperative game that failed."""

    span: Span = _span()


@attrs.frozen
class Pass:
    span: Span = _span()


@attrs.frozen
class Stop:
    span: Span = _span()


@attrs.frozen
class NewRound:
    span: Span = _span()


@attrs.frozen
class Say:
    """A sentence for the players: the parts, written out and joined by spaces; `say ... to PLAYERS`
    tells only those players (`to`; None: everyone)."""

    parts: tuple[Expr, ...]
    to: Expr | None = None
    span: Span = _span()


@attrs.frozen
class Reveal:
    """`reveal CARDS to PLAYERS`: those players know the cards while they stay where they lie."""

    cards: Expr
    players: Expr
    span: Span = _span()


@attrs.frozen
class Do:
    """`do name(args)`: run a declared action with these arguments."""

    name: str
    args: tuple[Expr, ...]
    span: Span = _span()


@attrs.frozen
class Let:
    """`let NAME = EXPR`: NAME stands for EXPR's value, worked out once, in the rest of its block."""

    name: str
    value: Expr
    span: Span = _span()


@attrs.frozen
class If:
    branches: tuple[tuple[Expr, tuple["Stmt", ...]], ...]
    otherwise: tuple["Stmt", ...] = ()
    span: Span = _span()


@attrs.frozen
class For:
    var: str
    source: Expr
    body: tuple["Stmt", ...]
    span: Span = _span()


@attrs.frozen
class Repeat:
    body: tuple["Stmt", ...]
    span: Span = _span()


@attrs.frozen
class While:
    condition: Expr
    body: tuple["Stmt", ...]
    span: Span = _span()


@attrs.frozen
class Binder:
    var: str
    source: Expr
    span: Span = _span()


@attrs.frozen
class Guard:
    condition: Expr
    afterwards: bool = False
    when: Expr | None = None  # the guard applies only when this holds (judged before the move)
    span: Span = _span()


@attrs.frozen
class Option:
    name: str
    binders: tuple[Binder, ...]
    guards: tuple[Guard, ...]
    body: tuple["Stmt", ...]
    fallback: bool = False  # offered only when no other option is legal: `otherwise:`, `otherwise NAME:`
    span: Span = _span()


@attrs.frozen
class Choose:
    options: tuple[Option, ...]
    prompt: str | None = None  # `choose "Steal from whom?":` — the question put to the player
    span: Span = _span()


@attrs.frozen
class Simultaneous:
    """`simultaneously for p in PLAYERS:` and one `choose`: each listed player chooses in secret, on the same
    state, then the choices are revealed and carried out in the order of the list (engine/secret.py)."""

    var: str
    players: Expr
    body: tuple["Stmt", ...]  # one `choose` (the checker says so otherwise)
    span: Span = _span()


@attrs.frozen
class Reset:
    """`reset NAME`: every value of a variable back to its declared initial value."""

    name: str
    span: Span = _span()


Stmt = Union[Move, Deal, Shuffle, Eliminate, Set, FirstPlayer, Win, Lose, Pass, Stop, NewRound, Say, Do, If, For,
             Repeat, While, Choose, Reveal, Let, Simultaneous, Reset]


# ---- declarations ----------------------------------------------------------
@attrs.frozen
class ExtendsDecl:
    """`extends "GAME"`: this file is the named game with some parts replaced."""

    parent: str
    span: Span = _span()


@attrs.frozen
class GameDecl:
    title: str
    span: Span = _span()


@attrs.frozen
class PlayersDecl:
    low: int
    high: int
    span: Span = _span()


@attrs.frozen
class AttrValue:
    name: str
    short: str | None = None
    span: Span = _span()


@attrs.frozen
class AttributeDecl:
    name: str
    values: tuple[AttrValue, ...] = ()  # ranked symbols, highest first
    low: int | None = None  # or an integer range
    high: int | None = None
    span: Span = _span()


@attrs.frozen
class CardsDecl:
    attributes: tuple[str, ...]
    copies: int
    zone: str
    condition: "Expr | None" = None  # `where COND`: only the combinations for which COND holds
    span: Span = _span()


@attrs.frozen
class CardAttr:
    name: str
    value: Expr
    span: Span = _span()


@attrs.frozen
class CardDecl:
    name: str
    label: str | None
    attributes: tuple[CardAttr, ...]
    zone: str
    span: Span = _span()


@attrs.frozen
class OrderDecl:
    attributes: tuple[str, ...]
    span: Span = _span()


@attrs.frozen
class TextDecl:
    attributes: tuple[str, ...]
    span: Span = _span()


@attrs.frozen
class CaptionDecl:
    """`caption: command_of(it)` — words the table draws beside each card its viewer sees (attribute names
    are the card's, `it` is the card); display only: moves, positions, saves and records keep the card's text."""

    value: Expr
    span: Span = _span()


@attrs.frozen
class ZoneDecl:
    name: str
    properties: tuple[str, ...]
    family: str | None = None  # `per KEY`: one zone for each value of the attribute KEY
    span: Span = _span()


@attrs.frozen
class OptionRange:
    """`in LOW..HIGH`: an option accepts the whole numbers from LOW to HIGH."""

    low: int
    high: int
    span: Span = _span()


@attrs.frozen
class OptionChoices:
    """`in [V, ...]`: an option accepts these values only (literals)."""

    values: tuple[Expr, ...]
    span: Span = _span()


@attrs.frozen
class OptionPlayers:
    """`for players N` / `for players LOW..HIGH`: with other player counts an option keeps its default."""

    low: int
    high: int
    span: Span = _span()


@attrs.frozen
class OptionDecl:
    name: str
    doc: str | None
    default: Expr
    accepts: OptionRange | OptionChoices | None = None  # none: any value of the default's kind
    players: OptionPlayers | None = None
    span: Span = _span()


@attrs.frozen
class VarDecl:
    name: str
    per_player: bool
    initial: Expr
    keys: tuple[str, ...] = ()  # attributes the variable is keyed by, besides the player ("card": per card)
    reset_on_move: bool = False  # `, reset on move`: a card's values go back to the initial one when it moves
    internal: bool = False  # `, internal`: bookkeeping that the table does not show
    repeated: int = 0  # how many of its `, reset on move` and `, internal` are written twice (an error)
    span: Span = _span()


@attrs.frozen
class DefDecl:
    name: str
    params: tuple[str, ...]
    body: Expr
    has_params: bool = True
    span: Span = _span()


@attrs.frozen
class CaseClause:
    key: str
    label: str | None
    body: Expr
    span: Span = _span()


@attrs.frozen
class CaseDecl:
    name: str
    params: tuple[str, ...]
    key: str
    clauses: tuple[CaseClause, ...]
    span: Span = _span()


@attrs.frozen
class ActionDecl:
    """`action name(a, b):` — a named procedure, run by `do name(x, y)`; the statement
    counterpart of `def`."""

    name: str
    params: tuple[str, ...]
    body: tuple[Stmt, ...]
    span: Span = _span()


@attrs.frozen
class ActionClause:
    key: str
    label: str | None
    body: tuple[Stmt, ...]
    span: Span = _span()


@attrs.frozen
class CaseActionDecl:
    """`action name(x, k) by k:` — one body per value of an attribute, chosen by the key's value."""

    name: str
    params: tuple[str, ...]
    key: str
    clauses: tuple[ActionClause, ...]
    span: Span = _span()


@attrs.frozen
class ProcedureDecl:
    kind: str  # "setup", "round setup", "turn", "after turn"
    body: tuple[Stmt, ...]
    span: Span = _span()


@attrs.frozen
class TriggerDecl:
    """`on move card from ZONE to ZONE where ...:` — runs right after such a move."""

    var: str
    source: str | None
    zone: str
    condition: Expr | None
    body: tuple[Stmt, ...]
    span: Span = _span()


@attrs.frozen
class NextDecl:
    player: Expr
    span: Span = _span()


@attrs.frozen
class EndDecl:
    condition: Expr
    body: tuple[Stmt, ...]
    span: Span = _span()


@attrs.frozen
class ResultDecl:
    """`result "cards left": EXPR` — the number reported with the outcome of a game."""

    label: str
    value: Expr
    span: Span = _span()


@attrs.frozen
class SidesDecl:
    """`sides: EXPR` — the seats that play together, as lists of seats (teams)."""

    value: Expr
    span: Span = _span()


@attrs.frozen
class HoldsDecl:
    """`holds deck(p): COND` — every card a zone can ever hold makes COND true (attribute names are
    the card's), as anyone who knows the rules can tell; the bots' samples keep to it."""

    zone: str
    params: tuple[str, ...]  # the owner, for a per-player zone
    condition: Expr
    span: Span = _span()


@attrs.frozen
class LimitDecl:
    """`limit decisions 50000` — raises (or lowers) one of the tool's bounds for this game (game_limits.py)."""

    name: str
    value: int
    span: Span = _span()


@attrs.frozen
class EndRevealDecl:
    """`reveal at end: hand, pile` — the zones whose cards every player is shown once the game is
    over (`reveal at end: none`: none); without it, every per-player zone is."""

    zones: tuple[str, ...]  # () for `none`
    names: tuple[tuple[str, Span], ...] = attrs.field(default=(), eq=False, repr=False)  # each name as written
    span: Span = _span()


@attrs.frozen
class ShowDecl:
    label: str
    value: Expr
    span: Span = _span()


Decl = Union[ExtendsDecl, GameDecl, PlayersDecl, AttributeDecl, CardsDecl, CardDecl, OrderDecl, TextDecl, ZoneDecl,
             OptionDecl, VarDecl, DefDecl, CaseDecl, ActionDecl, CaseActionDecl, ProcedureDecl, TriggerDecl,
             NextDecl, EndDecl, ShowDecl, ResultDecl, SidesDecl, HoldsDecl, LimitDecl, EndRevealDecl, CaptionDecl]


@attrs.frozen
class RulesFile:
    path: str
    declarations: tuple[Decl, ...]
    sources: dict[str, str] = attrs.field(factory=dict, eq=False)  # every file the declarations come from


# ---- traversal ---------------------------------------------------------------
# A node is an instance of an attrs class; its children are the nodes held by its fields, directly or inside
# tuples (nested ones too, as in `If.branches`), in field order. `span` is where a node stands, not a part of it.
_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    """The names of the fields of a node class that may hold children (all but `span`), cached: walks are
    run over every expression a game compiles."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(field.name for field in attrs.fields(cls) if field.name != "span")
    return names


_IS_NODE: dict[type, bool] = {}  # class -> whether it is a node (an attrs class): asked for every field walked


def _is_node(cls: type) -> bool:
    known = _IS_NODE.get(cls)
    if known is None:
        known = _IS_NODE[cls] = attrs.has(cls)
    return known


def _collect(value: Any, out: list) -> None:
    if isinstance(value, tuple):
        for item in value:
            _collect(item, out)
    elif _is_node(value.__class__):
        out.append(value)


def children(node) -> list:
    """The nodes directly inside a node, in field order (tuples, nested ones too, are flattened)."""
    out: list = []
    for name in _fields(node.__class__):
        value = getattr(node, name)
        if isinstance(value, tuple):
            _collect(value, out)
        elif _is_node(value.__class__):
            out.append(value)
    return out


def walk(node) -> Iterator:
    """The node and every node inside it, depth first, in field order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


_EXPRESSIONS = Expr.__args__
_STATEMENTS = Stmt.__args__


def statements(body: tuple[Stmt, ...]) -> Iterator[Stmt]:
    """Every statement of a body, nested ones included (an `if`'s branches, a loop's body, the options of a
    `choose`), in the order they are written. Expressions hold no statements, so they are not entered."""
    stack = list(reversed(body))
    while stack:
        current = stack.pop()
        if isinstance(current, _EXPRESSIONS):
            continue
        if isinstance(current, _STATEMENTS):
            yield current  # an option of a `choose`, its binders and guards are gone through, not given
        stack.extend(reversed(children(current)))


class NodeVisitor:
    """A walk over nodes, in the manner of Python's `ast.NodeVisitor`: `visit(node)` calls the subclass's
    `visit_<ClassName>(node)` when it has one, else `generic_visit(node)`, which visits the node's children
    in field order. A `visit_` method decides whether to go deeper (by calling `generic_visit` or `visit` on
    some fields); `visit` returns what the method returns. The method for each node class is looked up once
    per visitor class, so a visit costs a dictionary lookup."""

    _dispatch: ClassVar[dict[type, Callable[[Any, Any], Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._dispatch = {}  # each visitor class has its own methods

    def visit(self, node) -> Any:
        method = self._dispatch.get(node.__class__)
        if method is None:
            cls = type(self)
            method = self._dispatch[node.__class__] = getattr(cls, "visit_" + node.__class__.__name__,
                                                             cls.generic_visit)
        return method(self, node)

    def generic_visit(self, node) -> Any:
        for child in children(node):
            self.visit(child)


class NodeTransformer(NodeVisitor):
    """A visitor that gives back a new tree, in the manner of `ast.NodeTransformer`: each `visit_` method
    returns the node to put in place of the one visited; `generic_visit` returns the node with every child
    replaced by what visiting it returns (the same node when nothing changed, spans kept)."""

    def generic_visit(self, node) -> Any:
        changes = {}
        for name in _fields(type(node)):
            value = getattr(node, name)
            new = self._replace(value)
            if new is not value:
                changes[name] = new
        return attrs.evolve(node, **changes) if changes else node

    def _replace(self, value: Any) -> Any:
        if isinstance(value, tuple):
            items = tuple(self._replace(item) for item in value)
            return value if all(new is old for new, old in zip(items, value)) else items
        if attrs.has(type(value)):
            return self.visit(value)
        return value
