"""A parsed file that `extends` another -> one merged RulesFile: the parent's parts, the child's replacing them."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import attrs

from . import ast
from .diagnostics import RulesError, error

MAX_DEPTH = 8  # extends chains are short; a cycle or a runaway chain stops here
Finder = Callable[[str, str], Path]  # (name in the extends line, path of the extending file) -> parent's path

_SINGLE = (ast.GameDecl, ast.PlayersDecl, ast.OrderDecl, ast.TextDecl, ast.NextDecl, ast.SidesDecl)
_NAMED = {ast.AttributeDecl: "attribute", ast.ZoneDecl: "zone", ast.OptionDecl: "option", ast.VarDecl: "var",
          ast.DefDecl: "def", ast.CaseDecl: "def", ast.CardDecl: "card", ast.ActionDecl: "action",
          ast.CaseActionDecl: "action"}


def identity(decl: ast.Decl) -> tuple | None:
    """What a declaration replaces when a child file declares it again; None: it is only added."""
    if isinstance(decl, _SINGLE):
        return (type(decl).__name__,)
    if type(decl) in _NAMED:
        return (_NAMED[type(decl)], decl.name)
    if isinstance(decl, ast.ProcedureDecl):
        return ("procedure", decl.kind)
    if isinstance(decl, ast.ShowDecl):
        return ("show", decl.label)
    if isinstance(decl, ast.HoldsDecl):
        return ("holds", decl.zone)
    return None  # triggers, 'end when' and 'cards' lines accumulate (cards: see merge)


def merge(parent: tuple[ast.Decl, ...], child: tuple[ast.Decl, ...]) -> tuple[ast.Decl, ...]:
    out: list[ast.Decl | None] = list(parent)
    where = {identity(d): i for i, d in enumerate(out) if identity(d) is not None}
    if any(isinstance(d, ast.CardsDecl) for d in child):  # a new deck replaces the whole old one
        out = [None if isinstance(d, ast.CardsDecl) else d for d in out]
    for decl in child:
        if isinstance(decl, ast.ExtendsDecl):
            continue
        key = identity(decl)
        if key in where:
            old = out[where[key]]
            out[where[key]] = _merge_cases(old, decl)
        else:
            out.append(decl)
    return tuple(d for d in out if d is not None)


def _merge_cases(old: ast.Decl, new: ast.Decl) -> ast.Decl:
    """A case definition (or case action) with the same parameters replaces only the clauses it
    lists; any other declaration replaces the old one."""
    if (not isinstance(new, ast.CaseDecl | ast.CaseActionDecl) or type(new) is not type(old)
            or (new.params, new.key) != (old.params, old.key)):
        return new
    clauses = {c.key: c for c in old.clauses}
    clauses.update({c.key: c for c in new.clauses})
    return attrs.evolve(new, clauses=tuple(clauses.values()))


def resolve(rules: ast.RulesFile, find: Finder, parse: Callable[[str, str], ast.RulesFile],
            depth: int = 0) -> ast.RulesFile:
    """Follow `extends` lines up to the root game and merge on the way back down."""
    extends = [d for d in rules.declarations if isinstance(d, ast.ExtendsDecl)]
    if not extends:
        return rules
    sources = dict(rules.sources)
    problems = [error("E501", "a file can extend only one game", d.span, rules.path) for d in extends[1:]]
    decl = extends[0]
    if depth >= MAX_DEPTH:
        problems.append(error("E502", f"'extends' goes more than {MAX_DEPTH} files deep (does a file extend "
                              "itself?)", decl.span, rules.path))
    try:
        parent_path = find(decl.parent, rules.path)
    except FileNotFoundError as exc:
        problems.append(error("E503", f"cannot extend '{decl.parent}': {exc}", decl.span, rules.path))
    if problems:
        raise RulesError(problems, sources)
    parent = resolve(parse(parent_path.read_text(encoding="utf-8"), str(parent_path)), find, parse, depth + 1)
    sources.update(parent.sources)
    return ast.RulesFile(rules.path, merge(parent.declarations, rules.declarations), sources)
