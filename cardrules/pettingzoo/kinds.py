"""Checked rules -> the kind of every option's binders (by the option's span), which binders surely offer
only cards their chooser sees, and the kind of every variable.

The checker's kind pass (language/kinds.py) works kinds out while it checks a file but keeps only its
errors; the environment needs them to lay out a fixed action space and observation, so it runs the
pass again and keeps what each binder ranges over. A binder seen in several places (a choose inside an
action called with different arguments) gets the join of its kinds there.

The compiler judges whether a binder may offer cards its chooser cannot see for `me` as the chooser
(compiler/visibility.py). In a `simultaneously for p in ...` the chooser is `p`, so a binder over
`hand(p)` would be judged as maybe hiding cards and be given room for every unseen card in the action
space; here it is judged again with `p` read as `me`.
"""

from __future__ import annotations

import attrs

from ..compiler.visibility import binders_hide
from ..diagnostics import Span
from ..language import nodes
from ..language.kinds import Env, Kind, Kinds, join
from ..language.symbols import Symbols


@attrs.frozen
class RuleKinds:
    binders: dict[Span, tuple[Kind, ...]]  # an option's span -> the kind of each of its binders
    shown: dict[Span, tuple[bool, ...]]  # an option's span -> whether each binder surely offers seen cards
    variables: dict[str, Kind]  # a variable's name -> the kind of its values


class _Recorder(Kinds):
    """The checker's kind pass, noting each option's binder kinds as it goes."""

    def __init__(self, rules: nodes.RulesFile, sym: Symbols):
        super().__init__(rules, sym)
        self.binders: dict[Span, tuple[Kind, ...]] = {}
        self.shown: dict[Span, tuple[bool, ...]] = {}
        self.choosers: list[str] = []  # the loop names of the `simultaneously` being read, innermost last

    def stmt(self, st: nodes.Stmt, env: Env) -> None:
        if isinstance(st, nodes.Simultaneous):
            self.choosers.append(st.var)
            try:
                super().stmt(st, env)
            finally:
                self.choosers.pop()
        else:
            super().stmt(st, env)

    def option(self, option: nodes.Option, env: Env) -> None:
        inner, found = dict(env), []
        for binder in option.binders:
            inner[binder.var] = kind = self.each(self.expr(binder.source, inner))
            found.append(kind)
        if not self.quiet:  # the quiet first round runs before the variables' kinds are known
            before = self.binders.get(option.span)
            self.binders[option.span] = tuple(found) if before is None else \
                tuple(join(a, b) for a, b in zip(before, found))
            if self.choosers:
                self.shown[option.span] = tuple(
                    not hides for hides in binders_hide(option.binders, self.sym, self.choosers[-1]))
        super().option(option, env)


def rule_kinds(rules: nodes.RulesFile, sym: Symbols) -> RuleKinds:
    recorder = _Recorder(rules, sym)
    recorder.run()
    return RuleKinds(recorder.binders, recorder.shown, dict(recorder.vars))
