"""A playout's turn as a machine that can search its own rest (compiler/playout.py) -> the search's lines, the turn's
call, the local functions written apart, and the choices' lines that follow a script (the triggers' functions are
playout_triggers.functions').

Two things the playout's straight code cannot do: a trigger that may set itself off again (a card played by a
trigger's choice to the zone the trigger listens to) needs a call, not code written in place; and an `afterwards`
guard on an option that decides again before the turn ends (a card played, then "a second card too") needs
the engine's search (State._can_finish): the move is legal when some way of finishing the turn from it leaves
the guards true. Rules that need either are written as a machine, the other games' playouts as before:

- the turn (`turn:`) is a local function TURN, and each zone's triggers one function per zone a card comes from,
  so they may call themselves (their nesting bounded: deeper, the engine plays the game);
- each choice takes its move from a script when one is running (SC, from SP on), else lists and draws as ever;
  the moves of the turn so far are kept (TAKEN), and the game as the turn started (T0); the turn's function and
  the triggers' give back what ends them early: the record of a game that ended, or a search's signal (below);
- SEARCH(move, guards, args, wanted) judges a candidate: the game as the turn started, in new lists (the code
  around the search holds the game's own, untouched until the search puts them back), TURN run again with the
  moves so far and the candidate as its script; where the script runs out, the choice gives back its moves
  (BRANCH; PROVEN at a move whose own guards test all the search looks for), and the search tries each in turn
  (a depth-first search in the engine's order, its positions counted against the same `limit search`, a trial
  inside it counted too); where the turn ends, the guards are judged. A replay from the turn's start stands in
  for the engine's copy of the game: the code of the turn holds its place in Python's own calls, which cannot be
  copied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..engine.specs import proved_tests
from ..language import nodes
from .playout_exprs import Env, Unsupported

if TYPE_CHECKING:
    from .playout_writer import Where, Writer

# The playout's own names its local functions set (declared nonlocal in each; the listings' kept values join
# them when the source is done: playout_game.write).
STATE = ("rng", "me", "act", "zv", "vv", "budget", "decisions", "first", "SC", "SP", "TAKEN", "T0", "INTURN",
         "NODES", "TD", "WANT")
NONLOCAL = "nonlocal __STATE__"

HEAD = ["    SC = SP = T0 = NODES = WANT = None", "    TAKEN = []", "    INTURN = False", "    TD = 0"]

# The search (State._can_finish), as lines of the playout's function.
SEARCH = """\
    def SEARCH(move, test, args, wanted):
        nonlocal __STATE__
        if not INTURN: raise UNPLAYABLE('a search outside the turn')
        prefix = (TAKEN if SC is None else SC[:SP]) + [move]
        here = Z[:], V[:], rng, out[:], act, opened[:], me, SC, SP, TAKEN, budget, TD, WANT
        top = NODES is None
        if top: NODES = G.limits.search
        try:
            return FINISH(prefix, test, args, wanted)
        finally:
            Z[:], V[:], rng, out[:], act, opened[:], me, SC, SP, TAKEN, budget, TD, WANT = here
            zv += 1
            vv += 1
            if top: NODES = None
    def FINISH(prefix, test, args, wanted):
        nonlocal __STATE__
        NODES -= 1
        if NODES < 0: raise UNPLAYABLE('the search budget')
        Z[:] = [*map(COPY, T0[0])]
        V[:], rng, out[:], act, opened[:], me = T0[1], T0[2], T0[3], T0[4], T0[5], T0[6]
        zv += 1
        vv += 1
        SC, SP, TAKEN, budget, WANT = prefix, 0, [], STEPS, wanted
        try:
            ended = TURN()
        except NEW_ROUND:
            raise UNPLAYABLE('a new round in a search') from None
        if ended is None:
            return test(*args)
        if ended[0] is not BRANCH:
            return ended[0] is PROVEN  # (else the game ended: no way of finishing the turn)
        moves, proves = ended[1], ended[2]
        if not moves: raise UNPLAYABLE('no legal move in a search')  # (the engine's error: R301)
        if wanted is not None and proves is not None:
            for m in moves:
                if wanted <= proves[m[0]]:
                    return True
        for m in moves:
            if FINISH(prefix + [m], test, args, wanted):
                return True
        return False"""

# A trial made inside a search counts as one of its positions, as the engine's may (State.allowed_later tries an
# option on a copy, a position of its search; a move made in place turns into one when a known card moves): the
# machine never counts fewer than the engine, so it hands back every game the engine's limit would stop.
COUNTED = "if NODES is not None and (NODES := NODES - 1) < 0: raise UNPLAYABLE('the search budget')"


def head(w: "Writer") -> list[str]:
    """The machine's names, the search and the functions written apart (the turn's, the triggers', the guards')."""
    return HEAD + SEARCH.split("\n") + w.apart


def turn(w: "Writer") -> None:
    """The call of the turn's function TURN (written by playout_game.program with `apart`): the game as the turn
    starts kept for the search; TURN gives the record when the game ended in it."""
    w.line("T0 = [*map(COPY, Z)], V[:], rng, out[:], act, opened[:], me")
    w.line("TAKEN = []")
    w.line("INTURN = True")
    w.line("try:")
    w.line("    ended = TURN()")
    w.line("finally:")
    w.line("    INTURN = False")
    w.line("if ended is not None:")
    w.line("    return ended")


def apart(w: "Writer", header: str, write: Callable[[], None]) -> None:
    """A local function of the playout, `header` then what `write` writes, kept with the others (head)."""
    lines, depth = w.lines, w.depth
    w.lines, w.depth = [], 2
    try:
        write()
        w.apart += ["    " + header, "        " + NONLOCAL] + w.lines
    finally:
        w.lines, w.depth = lines, depth


def scripted(w: "Writer") -> None:
    """The start of a choice: the script's next move when a search runs one (the listing below, in `else`)."""
    w.line("if SC is not None and SP < len(SC):")
    w.line("    o = SC[SP]")
    w.line("    SP += 1")
    w.line("else:")


def branch(w: "Writer", found: str, st: nodes.Choose) -> None:
    """Where a search's script has run out: the choice's legal moves, back to the search, with what each option's
    guards prove when a fallback's may (the others' end the search as they are listed: proving)."""
    proves = tuple(proved(w, option) for option in st.options)
    known = w.x.const(proves) if any(proves[i] for i, option in enumerate(st.options) if option.fallback) else None
    w.line(f"if SC is not None: return BRANCH, {found}, {known}")


def proving(w: "Writer", option: nodes.Option) -> list[str]:
    """After a move of an option whose guards prove something, where a search's script has run out: the search
    ends there when they prove all it looks for (the engine's listing stops there too: State._enumerate)."""
    proves = proved(w, option)
    return [f"if SC is not None and WANT is not None and WANT <= {w.x.const(proves)}: return PROVEN,"] if proves else []


def proved(w: "Writer", option: nodes.Option) -> frozenset[int]:
    """The tests of the afterwards guards that always apply to an option (OptionSpec.proves)."""
    return proved_tests(spec for g in option.guards if (spec := w.c.guard_specs.get(id(g))) is not None)


def always(w: "Writer", g: nodes.Guard) -> bool:
    """Whether a guard always applies, as the compiler judged it (GuardSpec.applies)."""
    spec = w.c.guard_specs.get(id(g))
    if spec is None:
        raise Unsupported("a guard the compiler did not compile")
    return spec.applies is None


def guard_test(w: "Writer", g: nodes.Guard) -> int | None:
    """An afterwards guard's number, as the compiler gave it (GuardSpec.test; None for one it did not compile)."""
    spec = w.c.guard_specs.get(id(g))
    return None if spec is None else spec.test


def searched(w: "Writer", option: nodes.Option, later: list, where: "Where", move: str, names: list[str]) -> None:
    """`ok`: whether some way of finishing the turn after the move `move` (the code of its tuple; `names` the
    codes of its binders' values) leaves the guards `later` true, by the search."""
    binders = {b.var for b in option.binders}
    outer = set(where.env.names) - binders
    if any(isinstance(node, nodes.Name) and node.id in outer for g in later for node in nodes.walk(g.condition)):
        raise Unsupported("an `afterwards` guard that reads a name of the code around it")
    params = [w.x.fresh("p") for _ in names]
    env = Env()
    for binder, param in zip(option.binders, params):
        env = env.bind(binder.var, param)
    applies, tests, conditions = [], [], []
    for g in later:
        a = "True" if always(w, g) else w.x.fresh("a")
        if a != "True":
            w.line(f"{a} = {w.expr(g.when, where)}")
            applies.append(a)
        tests.append((guard_test(w, g), a))
        condition = w.x.expr(g.condition, env)
        conditions.append(condition if a == "True" else f"(not {a} or {condition})")
    guards = w.x.fresh("g")
    apart(w, f"def {guards}({', '.join(params + applies)}):", lambda: w.line(f"return {' and '.join(conditions)}"))
    args = "".join(f"{v}, " for v in names + applies)
    search = f"SEARCH({move}, {guards}, ({args}), {wanted(w, tests)})"
    w.line(f"ok = {search}" if not applies or len(applies) < len(later)
           else f"ok = not ({' or '.join(applies)}) or {search}")


def wanted(w: "Writer", tests: list[tuple[int | None, str]]) -> str:
    """The code of the tests a search looks for (State.allowed_later's `wanted`): those of the guards that apply,
    or None when one of them has none (a lone guard's, known: the search runs only when it applies)."""
    if len(tests) == 1 or all(a == "True" for _, a in tests):
        return "None" if any(t is None for t, _ in tests) else w.x.const(frozenset(t for t, _ in tests))
    return f"WANTED({w.x.const(tuple(t for t, _ in tests))}, ({''.join(a + ', ' for _, a in tests)}))"
