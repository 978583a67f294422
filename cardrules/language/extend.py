"""A parsed file that `extends` another -> one merged RulesFile: the parent's parts, the child's replacing them."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import attrs

from ..diagnostics import RulesError, error
from ..files import read_text
from ..limits import MAX_EXTENDS
from . import nodes

Finder = Callable[[str, str], Path]  # (name in the extends line, path of the extending file) -> parent's path

_SINGLE = (nodes.GameDecl, nodes.PlayersDecl, nodes.OrderDecl, nodes.TextDecl, nodes.NextDecl, nodes.SidesDecl,
           nodes.EndRevealDecl, nodes.CaptionDecl)
_NAMED = {nodes.AttributeDecl: "attribute", nodes.ZoneDecl: "zone", nodes.OptionDecl: "option", nodes.VarDecl: "var",
          nodes.DefDecl: "def", nodes.CaseDecl: "def", nodes.CardDecl: "card", nodes.ActionDecl: "action",
          nodes.CaseActionDecl: "action"}


def identity(decl: nodes.Decl) -> tuple | None:
    """What a declaration replaces when a child file declares it again; None: it is only added."""
    if isinstance(decl, _SINGLE):
        return (type(decl).__name__,)
    if type(decl) in _NAMED:
        return (_NAMED[type(decl)], decl.name)
    if isinstance(decl, nodes.ProcedureDecl):
        return ("procedure", decl.kind)
    if isinstance(decl, nodes.ShowDecl):
        return ("show", decl.label)
    if isinstance(decl, nodes.HoldsDecl):
        return ("holds", decl.zone)
    if isinstance(decl, nodes.LimitDecl):  # a variant may raise its parent's limit
        return ("limit", decl.name)
    return None  # triggers, 'end when' and 'cards' lines accumulate (cards: see merge)


def merge(parent: tuple[nodes.Decl, ...], child: tuple[nodes.Decl, ...]) -> tuple[nodes.Decl, ...]:
    out: list[nodes.Decl | None] = list(parent)
    where = {identity(d): i for i, d in enumerate(out) if identity(d) is not None}
    if any(isinstance(d, nodes.CardsDecl) for d in child):  # a new deck replaces the whole old one
        out = [None if isinstance(d, nodes.CardsDecl) else d for d in out]
    for decl in child:
        if isinstance(decl, nodes.ExtendsDecl):
            continue
        key = identity(decl)
        if key in where:
            old = out[where[key]]
            out[where[key]] = _merge_cases(old, decl)
        else:
            out.append(decl)
    return tuple(d for d in out if d is not None)


def _merge_cases(old: nodes.Decl, new: nodes.Decl) -> nodes.Decl:
    """A case definition (or case action) with the same parameters replaces only the clauses it
    lists; any other declaration replaces the old one."""
    if (not isinstance(new, nodes.CaseDecl | nodes.CaseActionDecl) or type(new) is not type(old)
            or (new.params, new.key) != (old.params, old.key)):
        return new
    clauses = {c.key: c for c in old.clauses}
    clauses.update({c.key: c for c in new.clauses})
    return attrs.evolve(new, clauses=tuple(clauses.values()))


def resolve(rules: nodes.RulesFile, find: Finder, parse: Callable[[str, str], nodes.RulesFile],
            depth: int = 0) -> nodes.RulesFile:
    """Follow `extends` lines up to the root game and merge on the way back down."""
    extends = [d for d in rules.declarations if isinstance(d, nodes.ExtendsDecl)]
    if not extends:
        return rules
    sources = dict(rules.sources)
    problems = [error("E501", "a file can extend only one game", d.span, rules.path) for d in extends[1:]]
    decl = extends[0]
    if depth >= MAX_EXTENDS:
        problems.append(error("E502", f"'extends' goes more than {MAX_EXTENDS} files deep (does a file extend "
                              "itself?)", decl.span, rules.path))
    try:
        parent_path = find(decl.parent, rules.path)
    except FileNotFoundError as exc:
        problems.append(error("E503", f"cannot extend '{decl.parent}': {exc}", decl.span, rules.path))
    else:
        try:
            parent_text = read_text(parent_path)
        except OSError as exc:
            problems.append(error("E503", f"cannot extend '{decl.parent}': {exc}", decl.span, rules.path))
    if problems:
        raise RulesError(problems, sources)
    parent = resolve(parse(parent_text, str(parent_path)), find, parse, depth + 1)
    sources.update(parent.sources)
    return nodes.RulesFile(rules.path, merge(parent.declarations, rules.declarations), sources)
