"""Checked rules + options -> `engine.Game`: declarations become tables, procedures instructions."""

from __future__ import annotations

from typing import Any

import attrs

from ..engine import Game
from ..engine.specs import HoldsSpec, ResultSpec, ShowSpec, SidesSpec
from ..language import nodes
from ..language.game_limits import game_limits
from ..language.symbols import Symbols
from ..values import Card
from . import playout_game
from .captions import card_captions
from .card_text import card_words
from .compiler import Compiler
from .options import option_docs, option_values
from .procedures import build_program
from .scope import Scope


def compile_game(rules: nodes.RulesFile, sym: Symbols, options: dict[str, Any], sources: dict[str, str],
                 name: str) -> Game:
    """Build the executable game once per rules file and set of options."""
    return build_game(rules, sym, options, sources, name)[1]


def build_game(rules: nodes.RulesFile, sym: Symbols, options: dict[str, Any], sources: dict[str, str],
               name: str) -> tuple[Compiler, Game]:
    """The game, and the compiler that built it (its tables and generated source: listing.py)."""
    values = option_values(sym, options, rules.path, sources)
    c = Compiler(rules, sym, values, sources)
    attributes = c.attributes()
    raw_cards, _ = c.cards(attributes)
    order = next((d.attributes for d in rules.declarations if isinstance(d, nodes.OrderDecl)), ())
    text_decl = next((d for d in rules.declarations if isinstance(d, nodes.TextDecl)), None)
    raw_cards.sort(key=lambda card: c.order_key(card, order))  # stable: ids follow the card order
    cards = tuple(Card(i) for i in range(len(raw_cards)))
    for attr in sym.attributes:
        c.card_attrs[attr] = {cards[i]: rc["attrs"][attr] for i, rc in enumerate(raw_cards) if attr in rc["attrs"]}
    for i, rc in enumerate(raw_cards):
        if rc["name"]:
            c.card_names[rc["name"]] = cards[i]
    zones = c.zones()
    c.card_ids = cards
    variables = c.variables()
    c.definitions()  # before anything that may call them (the result line, like show lines)
    variables = c.var_initials(variables)
    result = next((ResultSpec(d.label, c.expr(d.value, Scope(c.frame)), d.span) for d in rules.declarations
                   if isinstance(d, nodes.ResultDecl)), None)
    pcs = build_program(c)
    show_decls = [d for d in rules.declarations if isinstance(d, nodes.ShowDecl)]
    seats = c.sym.seat_shows or (False,) * len(show_decls)  # the kind check marks the lines that give seats
    shows = tuple(ShowSpec(d.label, c.expr(d.value, Scope(c.frame)), d.span, seat, per_seat(d.value))
                  for d, seat in zip(show_decls, seats))
    sides = next((SidesSpec(c.expr(d.value, Scope(c.frame)), d.span) for d in rules.declarations
                  if isinstance(d, nodes.SidesDecl)), None)
    card_texts, card_labels = card_words(c, raw_cards, cards, text_decl)
    caption = next((d for d in rules.declarations if isinstance(d, nodes.CaptionDecl)), None)
    captions = card_captions(c, cards, card_texts, caption)
    holds = {d.zone: HoldsSpec(c.emitter.card_condition(d.params, d.condition), d.span) for d in rules.declarations
             if isinstance(d, nodes.HoldsDecl)}
    end_reveal = next((d.zones for d in rules.declarations if isinstance(d, nodes.EndRevealDecl)), None)
    game = Game(
        name=name, title=sym.title, path=rules.path, min_players=sym.players[0], max_players=sym.players[1],
        options=values,
        option_docs=option_docs(sym),
        attributes=attributes, card_attrs=c.card_attrs, cards=cards,
        card_texts=card_texts, card_labels=card_labels, card_captions=captions,
        card_home=tuple(c.zone_specs[rc["home"]].index for rc in raw_cards),
        zones=zones, shared_zones=c.shared_zones, vars=variables,
        shared_vars=c.shared_vars, result=result,
        program=tuple(c.program), spans=tuple(c.spans), decisions=c.decisions, frame_size=c.frame.size, shows=shows,
        definitions=c.definition_specs,
        sources=sources, sides=sides, holds=holds, limits=game_limits(rules), records_movers=c.records_movers,
        blame=c.blamer, end_reveal=end_reveal, **pcs)
    return c, attrs.evolve(game, playout=playout_game.build(c, game))


def per_seat(e: nodes.Expr) -> bool:
    """Whether a `show` line gives one value per seat: `[X for p in players]`, alone or as a branch of an
    `if` whose other branch is `none` (the table writes it against the seats' names: `P0 3 · P1 5`)."""
    match e:
        case nodes.Comprehension(_, _, nodes.Name("players"), None):
            return True
        case nodes.IfExpr(_, then, otherwise):
            none = nodes.Name("none")
            return (per_seat(then) or then == none) and (per_seat(otherwise) or otherwise == none) \
                and then != otherwise
        case _:
            return False
