"""Rules text -> AST (`nodes.RulesFile`); the only module that imports lark."""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any

import attrs
import lark
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.indenter import DedentError, Indenter

from .. import cache
from ..diagnostics import Diagnostic, RulesError, Span, error
from ..limits import MAX_DIGITS, MAX_NESTING
from ..resources import grammar_path
from . import nodes, recover


class _BlockIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


def build_parser(strict: bool = False) -> Lark:
    """The grammar's parser; `strict` builds it afresh and has lark check its terminals for collisions (with
    `interegular`, a test dependency); otherwise it comes from the disk cache when it is there."""
    options = dict(parser="lalr", postlex=_BlockIndenter(), propagate_positions=True, maybe_placeholders=False)
    if strict:
        return Lark(grammar_path().read_text(encoding="utf-8"), strict=True, **options)
    return _cached_lark(**options)


def _cached_lark(**options: Any) -> Lark:
    """Lark(grammar, **options) through lark's own cache (`cache=FILE`), in cardrules' cache directory.

    Building the LALR tables takes a few tenths of a second; loading them a few milliseconds, and a
    loaded parser skips lark's terminal collision check, so `interegular` is never needed to parse.
    The file is named by a digest of the grammar, lark's and Python's versions, the options and
    cardrules' code; lark checks its own digest of the grammar and options inside. lark writes the
    file itself, in place (its digest covers the file's name, so it cannot be written elsewhere and
    renamed): a process reading it half written, or a corrupt file, makes lark build afresh and write
    it again. No cache, or one that cannot be written, just means building.
    """
    grammar = grammar_path().read_text(encoding="utf-8")
    key = cache.key_digest([grammar, lark.__version__, repr(sorted((k, repr(v)) for k, v in options.items()
                                                                   if k not in _UNHASHED)), cache.code_digest()])
    path = cache.entry_path("parser", key)
    if path is None or (path.exists() and not cache.owned_file(path)):
        return Lark(grammar, **options)
    return Lark(grammar, cache=str(path), **options)


_UNHASHED = ("postlex", "lexer_callbacks")  # objects: their repr changes from run to run (the code digest covers them)


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return build_parser()


def _unquote(tok: Token) -> str:
    return str(tok)[1:-1]


_RESET_ON_MOVE = object()  # what `var_reset` (`, reset on move`) parses to
_INTERNAL = object()  # what `var_internal` (`, internal`) parses to


@attrs.frozen
class _SayTo:
    """What `say_to` (`to PLAYERS` after a `say`) parses to, before `say_stmt` takes it in."""

    players: Any


@v_args(meta=True)
class _ToAst(Transformer):
    """Builds AST nodes with spans. It only reshapes the tree: checks live in `check`."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path

    def _span(self, meta) -> Span:
        if getattr(meta, "empty", False) or not hasattr(meta, "line"):
            return nodes.NO_SPAN
        return Span(meta.line, meta.column, meta.end_line, meta.end_column, self.path)

    def _tok_span(self, tok: Token) -> Span:
        end = tok.end_column or tok.column + len(tok)
        return Span(tok.line, tok.column, tok.end_line or tok.line, end, self.path)

    # -- expressions
    def name(self, meta, c):
        return nodes.Name(str(c[0]), span=self._tok_span(c[0]))

    def int_lit(self, meta, c):
        return nodes.Int(int(c[0]), span=self._tok_span(c[0]))

    def str_lit(self, meta, c):
        return nodes.Str(_unquote(c[0]), span=self._tok_span(c[0]))

    def attr(self, meta, c):
        return nodes.Attr(c[0], str(c[1]), span=self._span(meta))

    def index(self, meta, c):
        return nodes.Index(c[0], c[1], span=self._span(meta))

    def kwarg(self, meta, c):
        return nodes.Keyword(str(c[0]), c[1], span=self._span(meta))

    def call(self, meta, c):
        args = tuple(a for a in c[1:] if not isinstance(a, nodes.Keyword))
        kwargs = tuple(a for a in c[1:] if isinstance(a, nodes.Keyword))
        return nodes.Call(str(c[0]), args, kwargs, span=self._span(meta))

    def tuple_lit(self, meta, c):
        return nodes.TupleLit(tuple(c), span=self._span(meta))

    def list_lit(self, meta, c):
        return nodes.ListLit(tuple(c), span=self._span(meta))

    def comprehension(self, meta, c):
        cond = c[3] if len(c) > 3 else None
        return nodes.Comprehension(c[0], str(c[1]), c[2], cond, span=self._span(meta))

    def where_expr(self, meta, c):
        return nodes.Where(c[0], c[1], span=self._span(meta))

    def if_expr(self, meta, c):
        return nodes.IfExpr(c[1], c[0], c[2], span=self._span(meta))

    def or_expr(self, meta, c):
        return nodes.BoolOp("or", c[0], c[1], span=self._span(meta))

    def and_expr(self, meta, c):
        return nodes.BoolOp("and", c[0], c[1], span=self._span(meta))

    def not_expr(self, meta, c):
        return nodes.Not(c[0], span=self._span(meta))

    def neg(self, meta, c):
        return nodes.Neg(c[0], span=self._span(meta))

    def compare(self, meta, c):
        return nodes.Compare(str(c[1]), c[0], c[2], span=self._span(meta))

    def in_expr(self, meta, c):
        return nodes.Compare("in", c[0], c[1], span=self._span(meta))

    def not_in_expr(self, meta, c):
        return nodes.Compare("not in", c[0], c[1], span=self._span(meta))

    def binop(self, meta, c):
        return nodes.BinOp(str(c[1]), c[0], c[2], span=self._span(meta))

    def number_range(self, meta, c):
        return nodes.Range(c[0], c[1], span=self._span(meta))

    # -- statements
    def body(self, meta, c):
        return tuple(c)

    def move_stmt(self, meta, c):
        return nodes.Move(c[0], c[1], len(c) > 2, span=self._span(meta))

    def deal_stmt(self, meta, c):
        return nodes.Deal(c[0], c[1], c[2], span=self._span(meta))

    def shuffle_stmt(self, meta, c):
        return nodes.Shuffle(c[0], span=self._span(meta))

    def eliminate_stmt(self, meta, c):
        return nodes.Eliminate(c[0], span=self._span(meta))

    def set_stmt(self, meta, c):
        return nodes.Set(c[0], c[1], span=self._span(meta))

    def first_stmt(self, meta, c):
        return nodes.FirstPlayer(c[0], span=self._span(meta))

    def win_stmt(self, meta, c):
        return nodes.Win(c[0], span=self._span(meta))

    def lose_stmt(self, meta, c):
        return nodes.Lose(span=self._span(meta))

    def while_stmt(self, meta, c):
        return nodes.While(c[0], c[1], span=self._span(meta))

    def pass_stmt(self, meta, c):
        return nodes.Pass(span=self._span(meta))

    def stop_stmt(self, meta, c):
        return nodes.Stop(span=self._span(meta))

    def say_stmt(self, meta, c):
        to = c.pop().players if c and isinstance(c[-1], _SayTo) else None
        return nodes.Say(tuple(c), to, span=self._span(meta))

    def say_to(self, meta, c):
        return _SayTo(c[0])

    def do_stmt(self, meta, c):
        return nodes.Do(str(c[0]), tuple(a for a in c[1:] if a is not None), span=self._span(meta))

    def let_stmt(self, meta, c):
        return nodes.Let(str(c[0]), c[1], span=self._span(meta))

    def reveal_stmt(self, meta, c):
        return nodes.Reveal(c[0], c[1], span=self._span(meta))

    def reset_stmt(self, meta, c):
        return nodes.Reset(str(c[0]), span=self._span(meta))

    def new_round_stmt(self, meta, c):
        return nodes.NewRound(span=self._span(meta))

    def elif_clause(self, meta, c):
        return ("elif", c[0], c[1])

    def else_clause(self, meta, c):
        return ("else", c[0])

    def if_stmt(self, meta, c):
        branches = [(c[0], c[1])]
        otherwise: tuple = ()
        for part in c[2:]:
            if part[0] == "elif":
                branches.append((part[1], part[2]))
            else:
                otherwise = part[1]
        return nodes.If(tuple(branches), otherwise, span=self._span(meta))

    def for_stmt(self, meta, c):
        return nodes.For(str(c[0]), c[1], c[2], span=self._span(meta))

    def simultaneous_stmt(self, meta, c):
        return nodes.Simultaneous(str(c[0]), c[1], c[2], span=self._span(meta))

    def repeat_stmt(self, meta, c):
        return nodes.Repeat(c[0], span=self._span(meta))

    def binder(self, meta, c):
        return nodes.Binder(str(c[0]), c[1], span=self._span(meta))

    def binders(self, meta, c):
        return tuple(c)

    def guard(self, meta, c):
        afterwards = any(isinstance(x, Token) and x.type == "AFTERWARDS" for x in c)
        exprs = [x for x in c if not (isinstance(x, Token) and x.type == "AFTERWARDS")]
        return nodes.Guard(exprs[0], afterwards, exprs[1] if len(exprs) > 1 else None, span=self._span(meta))

    def option_name(self, meta, c):
        return c[0]

    def option(self, meta, c):
        name_tok, rest = c[0], c[1:]
        has_binders = rest and isinstance(rest[0], tuple) and rest[0] and isinstance(rest[0][0], nodes.Binder)
        binders = rest[0] if has_binders else ()
        guards = tuple(g for g in rest if isinstance(g, nodes.Guard))
        # an option named `otherwise` is the fallback (the one place that says so; `otherwise NAME:` below)
        return nodes.Option(str(name_tok), binders, guards, rest[-1], str(name_tok) == "otherwise",
                            span=self._tok_span(name_tok))

    def fallback_option(self, meta, c):
        option = self.option(meta, c)
        return attrs.evolve(option, fallback=True)

    def choose_stmt(self, meta, c):
        prompt = _unquote(c[0]) if c and isinstance(c[0], Token) else None
        return nodes.Choose(tuple(o for o in c if isinstance(o, nodes.Option)), prompt, span=self._span(meta))

    # -- declarations
    def extends_decl(self, meta, c):
        return nodes.ExtendsDecl(_unquote(c[0]), span=self._span(meta))

    def game_decl(self, meta, c):
        return nodes.GameDecl(_unquote(c[0]), span=self._span(meta))

    def players_decl(self, meta, c):
        return nodes.PlayersDecl(int(c[0]), int(c[-1]), span=self._span(meta))  # `players 4` is 4..4

    def limit_decl(self, meta, c):
        return nodes.LimitDecl(str(c[0]), int(c[1]), span=self._span(meta))

    def attr_value(self, meta, c):
        return nodes.AttrValue(str(c[0]), _unquote(c[1]) if len(c) > 1 else None, span=self._span(meta))

    def ranked_values(self, meta, c):
        return ("ranked", tuple(c))

    def int_range(self, meta, c):
        return ("range", int(c[0]), int(c[1]))

    def attribute_decl(self, meta, c):
        domain = c[1]
        if domain[0] == "ranked":
            return nodes.AttributeDecl(str(c[0]), domain[1], span=self._span(meta))
        return nodes.AttributeDecl(str(c[0]), (), domain[1], domain[2], span=self._span(meta))

    def copies(self, meta, c):
        return int(c[0])

    def cards_where(self, meta, c):
        return ("where", c[0])

    def cards_decl(self, meta, c):
        names = [str(x) for x in c if isinstance(x, Token)]
        copies = next((x for x in c if isinstance(x, int)), 1)
        condition = next((x[1] for x in c if isinstance(x, tuple) and x[:1] == ("where",)), None)
        return nodes.CardsDecl(tuple(names[:-1]), copies, names[-1], condition, span=self._span(meta))

    def card_attr(self, meta, c):
        return nodes.CardAttr(str(c[0]), c[1], span=self._span(meta))

    def card_decl(self, meta, c):
        label = _unquote(c[1]) if isinstance(c[1], Token) and c[1].type == "STRING" else None
        attrs_ = tuple(x for x in c if isinstance(x, nodes.CardAttr))
        return nodes.CardDecl(str(c[0]), label, attrs_, str(c[-1]), span=self._span(meta))

    def order_decl(self, meta, c):
        return nodes.OrderDecl(tuple(map(str, c)), span=self._span(meta))

    def text_decl(self, meta, c):
        return nodes.TextDecl(tuple(map(str, c)), span=self._span(meta))

    def caption_decl(self, meta, c):
        return nodes.CaptionDecl(c[0], span=self._span(meta))

    def zone_prop(self, meta, c):
        return str(c[0])

    def family_prop(self, meta, c):
        return ("per", str(c[0]))

    def zone_decl(self, meta, c):
        props = tuple(p for p in c[1:] if isinstance(p, str))
        family = next((p[1] for p in c[1:] if isinstance(p, tuple)), None)
        if family == "player":  # `per player` is the family of seats: the per_player property
            props, family = props + ("per_player",), None
        return nodes.ZoneDecl(str(c[0]), props, family, span=self._span(meta))

    def option_range(self, meta, c):
        return nodes.OptionRange(int(c[0]), int(c[1]), span=self._span(meta))

    def option_choices(self, meta, c):
        return nodes.OptionChoices(tuple(c), span=self._span(meta))

    def option_players(self, meta, c):
        return nodes.OptionPlayers(int(c[0]), int(c[-1]), span=self._span(meta))

    def option_decl(self, meta, c):
        doc = _unquote(c[1]) if isinstance(c[1], Token) and c[1].type == "STRING" else None
        default = c[2] if doc is not None else c[1]
        accepts = next((x for x in c if isinstance(x, nodes.OptionRange | nodes.OptionChoices)), None)
        players = next((x for x in c if isinstance(x, nodes.OptionPlayers)), None)
        return nodes.OptionDecl(str(c[0]), doc, default, accepts, players, span=self._span(meta))

    def var_keys(self, meta, c):
        return tuple(map(str, c))

    def var_reset(self, meta, c):
        return _RESET_ON_MOVE

    def var_internal(self, meta, c):
        return _INTERNAL

    def var_decl(self, meta, c):
        marks = [x for x in c if x is _RESET_ON_MOVE or x is _INTERNAL]  # in the order written: checked for repeats
        c = [x for x in c if x is not _RESET_ON_MOVE and x is not _INTERNAL]
        keys = c[1] if len(c) > 2 else ()
        per_player = "player" in keys
        return nodes.VarDecl(str(c[0]), per_player, c[-1], tuple(k for k in keys if k != "player"),
                             _RESET_ON_MOVE in marks, _INTERNAL in marks, len(marks) - len(set(marks)),
                             span=self._span(meta))

    def params(self, meta, c):
        return tuple(map(str, c))

    def def_decl(self, meta, c):
        params = c[1] if len(c) > 2 else ()
        has_params = bool(params)  # `def f() = ...` is a constant, like `def f = ...`
        return nodes.DefDecl(str(c[0]), params, c[-1], has_params, span=self._span(meta))

    def case_clause(self, meta, c):
        label = _unquote(c[1]) if len(c) > 2 else None
        return nodes.CaseClause(str(c[0]), label, c[-1], span=self._span(meta))

    def case_decl(self, meta, c):
        clauses = tuple(x for x in c[3:])
        return nodes.CaseDecl(str(c[0]), c[1], str(c[2]), clauses, span=self._span(meta))

    def action_decl(self, meta, c):
        params = c[1] if len(c) > 2 else ()
        return nodes.ActionDecl(str(c[0]), params, c[-1], span=self._span(meta))

    def action_clause(self, meta, c):
        label = _unquote(c[1]) if len(c) > 2 else None
        return nodes.ActionClause(str(c[0]), label, c[-1], span=self._span(meta))

    def case_action_decl(self, meta, c):
        return nodes.CaseActionDecl(str(c[0]), c[1], str(c[2]), tuple(c[3:]), span=self._span(meta))

    def _procedure(self, kind, meta, c):
        return nodes.ProcedureDecl(kind, c[0], span=self._span(meta))

    def setup_decl(self, meta, c):
        return self._procedure("setup", meta, c)

    def round_setup_decl(self, meta, c):
        return self._procedure("round setup", meta, c)

    def trigger_decl(self, meta, c):
        names = [str(x) for x in c if isinstance(x, Token)]
        condition = next((x for x in c[len(names):-1]), None)
        source = names[1] if len(names) == 3 else None
        return nodes.TriggerDecl(names[0], source, names[-1], condition, c[-1], span=self._span(meta))

    def turn_decl(self, meta, c):
        return self._procedure("turn", meta, c)

    def after_turn_decl(self, meta, c):
        return self._procedure("after turn", meta, c)

    def next_decl(self, meta, c):
        return nodes.NextDecl(c[0], span=self._span(meta))

    def end_decl(self, meta, c):
        return nodes.EndDecl(c[0], c[1], span=self._span(meta))

    def result_decl(self, meta, c):
        return nodes.ResultDecl(_unquote(c[0]), c[1], span=self._span(meta))

    def sides_decl(self, meta, c):
        return nodes.SidesDecl(c[0], span=self._span(meta))

    def end_reveal_decl(self, meta, c):
        names = tuple(str(name) for name in c)
        written = tuple((str(name), self._tok_span(name)) for name in c)
        return nodes.EndRevealDecl(() if names == ("none",) else names, written, span=self._span(meta))

    def holds_decl(self, meta, c):
        params = c[1] if len(c) > 2 else ()
        return nodes.HoldsDecl(str(c[0]), params, c[-1], span=self._span(meta))

    def show_decl(self, meta, c):
        return nodes.ShowDecl(_unquote(c[0]), c[1], span=self._span(meta))

    def start(self, meta, c):
        return tuple(c)


# ---- parse errors in words ----------------------------------------------------
_TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a quoted string", "_NL": "the end of the line",
    "_INDENT": "an indented block", "_DEDENT": "the end of the block", "$END": "the end of the file",
    "COMP_OP": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '//' or '%'",
    "PER_PLAYER": "'per player'", "AFTERWARDS": "'afterwards'", "BOTTOM": "'at bottom'",
}


def _words_for(terminal: str, parser: Lark) -> str:
    if terminal in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[terminal]
    try:
        pattern = parser.get_terminal(terminal).pattern
    except KeyError:
        return terminal.lower()
    return f"'{pattern.value}'" if pattern.type == "str" else terminal.lower()


_OPERATORS = {"COMP_OP", "ADD_OP", "MUL_OP", "STAR", "DOT", "LSQB", "IN", "NOT", "AND", "OR", "IF", "WHERE",
              "MORETHAN", "LPAR", "DOTDOT"}


def _expected_words(expected, parser: Lark) -> str:
    """The expected tokens in words; operators that could continue an expression become one phrase."""
    names = set(expected)
    operators = names & _OPERATORS
    if len(operators) > 2 and len(names - operators) >= 1:
        names -= operators
    words = sorted({_words_for(t, parser) for t in names})
    if len(names) < len(set(expected)):
        words.append("an operator")
    if len(words) > 6:
        words = words[:6] + ["..."]
    return " or ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " or " + words[-1]


def _found_words(token: Token) -> str:
    if token.type == "$END":
        return "end of file"
    if token.type == "_NL":
        return "end of line"
    if token.type in ("_INDENT", "_DEDENT"):
        return "change of indentation"
    return f"'{token}'"


def _hints(exc: UnexpectedToken, parser: Lark) -> tuple[str, ...]:
    expected = set(exc.accepts or exc.expected)
    keywords = [w.strip("'") for w in (_words_for(t, parser) for t in expected) if w.startswith("'")]
    close = difflib.get_close_matches(str(exc.token), keywords, n=1, cutoff=0.6)
    if exc.token.type == "NAME" and close:
        return (f"did you mean '{close[0]}'?",)
    if str(exc.token) == "=" and "EQUAL" not in expected:
        return ("to compare two values, write '=='",)
    if "RPAR" in expected or "RSQB" in expected:
        return ("is a '(' or '[' on an earlier line left unclosed?",)
    return ()


def _parse_error(exc: Exception, path: str, parser: Lark) -> Diagnostic:
    match exc:
        case UnexpectedToken():
            tok = exc.token
            line = tok.line if tok.line is not None else exc.line
            col = tok.column if tok.column is not None else exc.column
            if tok.type in ("_NL", "_DEDENT", "$END") and exc.state is not None:
                line, col = _end_of_previous(exc, line, col)
            msg = f"unexpected {_found_words(tok)}; expected {_expected_words(exc.accepts or exc.expected, parser)}"
            return error("E100", msg, Span(line or 1, col or 1), path, _hints(exc, parser))
        case UnexpectedCharacters():
            notes = ("a quoted text must end with '\"' on the same line",) if exc.char == '"' else ()
            return error("E101", f"unexpected character '{exc.char}'", Span(exc.line, exc.column), path, notes)
        case UnexpectedEOF():
            return error("E102", f"the file ends too early; expected {_expected_words(exc.expected, parser)}",
                         Span(max(exc.line, 1), max(exc.column, 1)), path)
        case DedentError():
            return error("E103", "this line's indentation matches no enclosing block", Span(1, 1), path)
        case _:
            return error("E199", f"cannot read the file: {exc}", Span(1, 1), path)


def _failure(exc: Exception, text: str, path: str, parser: Lark) -> recover.Failure:
    """A parse error's diagnostic, and where the parser gave up (None: at the end of the file)."""
    diag = _parse_error(exc, path, parser)
    match exc:
        case DedentError():
            diag = _locate_dedent(diag, text)
            return recover.Failure(diag, (diag.span.line, diag.span.column))
        case UnexpectedToken() if exc.token.type != "$END" and exc.token.line is not None:
            return recover.Failure(diag, (exc.token.line, exc.token.column))
        case UnexpectedCharacters():
            return recover.Failure(diag, (exc.line, exc.column))
    return recover.Failure(diag, None)


def _first_failure(text: str, path: str, parser: Lark) -> recover.Failure | None:
    try:
        parser.parse(text)
    except (UnexpectedInput, DedentError) as exc:
        return _failure(exc, text, path, parser)
    return None


def _end_of_previous(exc: UnexpectedToken, line, col):
    """Point at the end of the last real token when the surprise is a line end or block end."""
    try:
        tok = exc.state.value_stack[-1]
    except (AttributeError, IndexError):
        return line, col
    while isinstance(tok, Tree) and tok.children:
        tok = tok.children[-1]
    if isinstance(tok, Token) and tok.end_line:
        return tok.end_line, tok.end_column
    return line, col


def parse(text: str, path: str = "<rules>") -> nodes.RulesFile:
    """Parse rules text; raise `RulesError` with a worded diagnostic on bad syntax."""
    parser = _parser()
    tab = _tab_indent(text, path)
    if tab is not None:
        raise RulesError([tab], {path: text})
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = parser.parse(text)
    except (UnexpectedInput, DedentError) as exc:
        first = _failure(exc, text, path, parser)
        more = recover.more_errors(text, first, lambda attempt: _first_failure(attempt, path, parser))
        raise RulesError([first.diagnostic, *more], {path: text}) from None
    deep = _too_deep(tree)
    if deep is not None:
        raise RulesError([error("E105", f"this is nested too deeply (more than {MAX_NESTING} levels of expressions and "
                                "blocks); split it with 'def'", deep, path)], {path: text})
    huge = _huge_number(tree)
    if huge is not None:
        raise RulesError([error("E106", f"a number of {len(huge.value)} digits; numbers in a rules file have at most "
                                f"{MAX_DIGITS}", Span(huge.line, huge.column), path)], {path: text})
    try:
        decls = _ToAst(path).transform(tree)
    except VisitError as exc:  # a transformer bug must still surface as a diagnostic
        raise RulesError([error("E198", f"internal error while reading the file: {exc.orig_exc}", Span(1, 1), path)],
                         {path: text}) from None
    return nodes.RulesFile(path, decls, {path: text})




def _huge_number(tree: Tree) -> Token | None:
    """The first whole number written with more than MAX_DIGITS digits (Python would refuse to read one of
    thousands of digits, and no game needs more than a few)."""
    for subtree in tree.iter_subtrees():  # not recursive: the tree may be deep (the nesting is checked first)
        for token in subtree.children:
            if isinstance(token, Token) and token.type == "INT" and len(token) > MAX_DIGITS:
                return token
    return None


def _too_deep(tree: Tree) -> Span | None:
    """Where the parse tree is nested deeper than MAX_NESTING, if it is (found without recursion)."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            meta = node.meta if isinstance(node, Tree) else node
            return Span(getattr(meta, "line", 1) or 1, getattr(meta, "column", 1) or 1)
        if isinstance(node, Tree):
            stack.extend((child, depth + 1) for child in node.children)
    return None


def _tab_indent(text: str, path: str) -> Diagnostic | None:
    """Tabs make indentation ambiguous, so blocks are indented with spaces only."""
    for number, line in enumerate(text.splitlines(), 1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent:
            return error("E104", "a tab is used for indentation; indent with spaces",
                         Span(number, indent.index("\t") + 1), path)
    return None


def _locate_dedent(diag: Diagnostic, text: str) -> Diagnostic:
    """Find the first line whose indentation matches no enclosing block."""
    stack = [0]
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        if indent > stack[-1]:
            stack.append(indent)
            continue
        while indent < stack[-1]:
            stack.pop()
        if indent != stack[-1]:
            return error(diag.code, diag.message, Span(number, indent + 1), diag.path)
    return diag


# ---- the token stream, for tools that rewrite a file's layout (cardrules fmt) -------------------
class LayoutToken(str):
    """A token of a rules text as the parser saw it, plus the comments and line breaks it skips.

    `type` is the grammar's terminal name (NAME, INT, COMP_OP, MINUS, IF, ...; COMMENT for a
    `#` comment; _NL for a line break with the blank lines, comment lines and indentation that
    follow it, also inside brackets). `line`, `column` count from 1; `start` is the offset."""

    type: str
    line: int
    column: int
    start: int

    def __new__(cls, type_: str, text: str, line: int, column: int, start: int) -> "LayoutToken":
        token = super().__new__(cls, text)
        token.type, token.line, token.column, token.start = type_, line, column, start
        return token


_skipped: list[Token] = []  # comments and line breaks, collected by the lexer callbacks below


@lru_cache(maxsize=1)
def _layout_parser() -> Lark:
    def keep(token: Token) -> Token:
        _skipped.append(token)
        return token
    return _cached_lark(parser="lalr", postlex=_BlockIndenter(), maybe_placeholders=False,
                        lexer_callbacks={"COMMENT": keep, "_NL": keep})


def layout_tokens(text: str, path: str = "<rules>") -> list[LayoutToken]:
    """Every token of a rules text in order, with its comments and line breaks (not indentation
    changes). Raises `RulesError` when the text does not parse."""
    parse(text, path)
    if not text.endswith("\n"):
        text += "\n"
    _skipped.clear()
    interactive = _layout_parser().parse_interactive(text)
    code = [t for t in interactive.iter_parse() if t.type not in ("_NL", "_INDENT", "_DEDENT")]
    found = {t.start_pos: t for t in code + _skipped}
    _skipped.clear()
    return [LayoutToken(t.type, str(t), t.line, t.column, t.start_pos) for _, t in sorted(found.items())]
