"""The walks over the AST: NodeVisitor's dispatch and generic order, children inside nested tuples, spans left
out, NodeTransformer, the statement iterator, and a guard that every node class's children are reached."""

from __future__ import annotations

import itertools
import types
import typing

import attrs
import pytest

from cardrules.diagnostics import Span
from cardrules.language import nodes
from cardrules.language.syntax import parse

N = nodes.Name


class Recorder(nodes.NodeVisitor):
    """Every node visited, in order, through generic_visit only."""

    def __init__(self):
        self.seen: list = []

    def visit(self, node):
        self.seen.append(node)
        return super().visit(node)


def ids(found) -> list[str]:
    return [n.id if isinstance(n, nodes.Name) else type(n).__name__ for n in found]


# ---- dispatch ------------------------------------------------------------------------------------
def test_visit_calls_the_method_named_after_the_class_and_returns_its_result():
    class Names(nodes.NodeVisitor):
        def __init__(self):
            self.names: list[str] = []

        def visit_Name(self, node):
            self.names.append(node.id)
            return "a name"

    e = nodes.BinOp("+", N("a"), nodes.Call("f", (N("b"), nodes.Int(1))))
    visitor = Names()
    assert visitor.visit(e) is None  # generic_visit for the BinOp
    assert visitor.names == ["a", "b"]
    assert visitor.visit(N("c")) == "a name"


def test_a_visit_method_decides_whether_to_go_deeper():
    class Shallow(Recorder):
        def visit_Call(self, node):  # does not call generic_visit: the arguments are not visited
            return node.func

    visitor = Shallow()
    visitor.visit(nodes.Not(nodes.Call("f", (N("hidden"),))))
    assert ids(visitor.seen) == ["Not", "Call"]


def test_each_visitor_class_dispatches_with_its_own_methods():
    class First(nodes.NodeVisitor):
        def visit_Name(self, node):
            return "first"

    class Second(nodes.NodeVisitor):
        def visit_Name(self, node):
            return "second"

    class Third(First):  # inherits First's method
        pass

    for _ in range(2):  # the second round runs from the per-class caches
        assert (First().visit(N("x")), Second().visit(N("x")), Third().visit(N("x"))) == ("first", "second", "first")
        assert Recorder().visit(N("x")) is None


# ---- generic order, nested tuples, spans ------------------------------------------------------------
def test_generic_visit_goes_depth_first_in_field_order():
    e = nodes.IfExpr(
        nodes.Compare("<", N("a"), N("b")),
        nodes.Call("f", (N("c"), nodes.Neg(N("d"))), (nodes.Keyword("by", N("e")),)),
        nodes.Comprehension(N("g"), "x", N("h"), N("i")),
    )
    expected = ["IfExpr", "Compare", "a", "b", "Call", "c", "Neg", "d", "Keyword", "e", "Comprehension", "g", "h", "i"]
    visitor = Recorder()
    visitor.visit(e)
    assert ids(visitor.seen) == expected
    assert ids(nodes.walk(e)) == expected


def test_children_inside_tuples_of_tuples_are_reached():
    stmt = nodes.If(((N("c1"), (nodes.Pass(), nodes.Say((N("s"),)))), (N("c2"), (nodes.Stop(),))),
                    (nodes.Win(N("w")),))
    assert ids(nodes.children(stmt)) == ["c1", "Pass", "Say", "c2", "Stop", "Win"]
    visitor = Recorder()
    visitor.visit(stmt)
    assert ids(visitor.seen) == ["If", "c1", "Pass", "Say", "s", "c2", "Stop", "Win", "w"]


def test_the_span_is_not_a_child():
    span = Span(3, 4, 3, 9)
    e = nodes.Not(N("a", span=span), span=span)
    assert attrs.has(Span)  # a Span is an attrs class too, so only its field name keeps it out
    assert nodes.children(e) == [N("a")]
    visitor = Recorder()
    visitor.visit(e)
    assert not any(isinstance(n, Span) for n in visitor.seen)
    assert [type(n) for n in nodes.walk(e)] == [nodes.Not, nodes.Name]


# ---- the transformer ---------------------------------------------------------------------------------
class Rename(nodes.NodeTransformer):
    def visit_Name(self, node):
        return N(node.id.upper(), span=node.span) if node.id.startswith("x") else node


def test_the_transformer_rebuilds_only_what_changed_and_keeps_spans():
    span = Span(1, 2, 1, 5)
    untouched = nodes.BinOp("+", N("a"), nodes.Int(1), span=span)
    e = nodes.Call("f", (untouched, N("x1")), span=span)
    new = Rename().visit(e)
    assert new == nodes.Call("f", (untouched, N("X1")))
    assert new.span == span and new.args[0] is untouched
    assert Rename().visit(untouched) is untouched


def test_the_transformer_keeps_the_shape_of_nested_tuples():
    stmt = nodes.If(((N("x1"), (nodes.Win(N("a")),)), (N("b"), (nodes.Win(N("x2")),))), ())
    new = Rename().visit(stmt)
    assert new == nodes.If(((N("X1"), (nodes.Win(N("a")),)), (N("b"), (nodes.Win(N("X2")),))), ())
    assert new.branches[0][1] is stmt.branches[0][1]  # an unchanged inner tuple is kept as it was


# ---- statements --------------------------------------------------------------------------------------
def test_statements_gives_every_statement_in_written_order_nested_ones_included():
    text = """
turn:
  if a:
    pass
    for x in b:
      say x
  elif c:
    repeat:
      stop
  else:
    while d:
      win me
  choose:
    take(y in e) only if y > 0:
      set f = y
    skip:
      pass
  do act()
"""
    body = parse(text).declarations[0].body
    assert [type(s).__name__ for s in nodes.statements(body)] == [
        "If", "Pass", "For", "Say", "Repeat", "Stop", "While", "Win", "Choose", "Set", "Pass", "Do"]


def test_every_node_class_is_an_expression_a_statement_a_declaration_or_a_known_part():
    """`statements` tells a statement by the `Stmt` union, and skips the `Expr` union: a new class
    outside them both would be walked through without being given."""
    parts = {nodes.Keyword, nodes.Binder, nodes.Guard, nodes.Option, nodes.AttrValue, nodes.CardAttr,
             nodes.CaseClause, nodes.ActionClause, nodes.RulesFile, nodes.OptionRange, nodes.OptionChoices,
             nodes.OptionPlayers}
    unions = [set(typing.get_args(u)) for u in (nodes.Expr, nodes.Stmt, nodes.Decl)] + [parts]
    for cls in node_classes():
        assert sum(cls in group for group in unions) == 1, cls.__name__


# ---- every node-valued field is traversed -------------------------------------------------------------
def node_classes() -> list[type]:
    return [c for c in vars(nodes).values() if isinstance(c, type) and attrs.has(c) and c.__module__ == nodes.__name__]


def sample(hint, marker) -> object | None:
    """A value of the type `hint` holding fresh marker nodes where it holds nodes; None if it holds none."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if isinstance(hint, type) and attrs.has(hint):
        return marker()
    if origin in (typing.Union, types.UnionType):
        return next((s for a in args if a is not type(None) and (s := sample(a, marker)) is not None), None)
    if origin is tuple:
        items = [sample(a, marker) for a in (args[:1] if args[1:] == (Ellipsis,) else args)]
        return tuple(items) if any(item is not None for item in items) else None
    if origin in (list, set, frozenset):
        item = sample(args[0], marker)
        return None if item is None else origin([item])
    if origin is dict:
        value = sample(args[1], marker)
        return None if value is None else {"key": value}
    assert origin is None, f"a field type the test does not know: {hint}"
    return None


def with_markers(cls: type) -> tuple[object, list, dict[int, str]]:
    """An instance of `cls` with a fresh marker node wherever its fields' types hold nodes (other fields get
    "x"); the markers in field order; and the field each marker is in."""
    counter = itertools.count()
    made: list = []

    def marker():
        made.append(N(f"marker{next(counter)}"))
        return made[-1]

    hints = typing.get_type_hints(cls)  # resolved in the module that defines the class
    values, holders = {}, {}
    for field in attrs.fields(cls):
        if field.name == "span":
            continue
        before = len(made)
        value = sample(hints[field.name], marker)
        values[field.name] = value if value is not None else "x"
        holders.update({id(m): field.name for m in made[before:]})
    return cls(**values), made, holders


def untraversed(cls: type) -> list[str]:
    """How children(), walk() or a NodeVisitor miss a node-valued field of `cls`, or leave field order."""
    node, made, holders = with_markers(cls)
    visitor = Recorder()
    visitor.visit(node)
    found = {"children": nodes.children(node), "walk": list(nodes.walk(node))[1:], "visitor": visitor.seen[1:]}
    problems = []
    for how, got in found.items():
        if [id(n) for n in got] != [id(m) for m in made]:
            missed = sorted({holders[id(m)] for m in made if all(m is not n for n in got)})
            problems.append(f"{cls.__name__}: {how} misses {missed or 'nothing'} or goes out of field order")
    return problems


def test_every_node_valued_field_of_every_node_class_is_traversed():
    assert [p for cls in node_classes() for p in untraversed(cls)] == []
    # the check saw the node-valued fields: all three places of an `if`, every declaration with a body
    assert len(with_markers(nodes.If)[1]) == 3
    assert sum(1 for cls in node_classes() if with_markers(cls)[1]) > 40


@attrs.frozen
class _ListNode:
    items: list[nodes.Expr]
    span: Span = attrs.field(default=nodes.NO_SPAN, eq=False)


@attrs.frozen
class _DictNode:
    table: dict[str, nodes.Expr]
    single: nodes.Expr


@pytest.mark.parametrize("cls, field", [(_ListNode, "items"), (_DictNode, "table")])
def test_the_traversal_check_fails_for_a_node_field_the_walks_do_not_reach(cls, field):
    problems = untraversed(cls)
    assert problems and all(field in p for p in problems)
    assert untraversed(nodes.If) == [] and untraversed(nodes.Choose) == []
