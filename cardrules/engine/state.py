"""A game in progress as plain data (`State`) and the interpreter that runs its rules: an OpenSpiel-like API."""

from __future__ import annotations

import threading
from itertools import repeat
from typing import TYPE_CHECKING, Any, Protocol, Sequence

import attrs

from ..diagnostics import RulesRuntimeError, Span, error
from ..diagnostics import explain_exception as _explain
from ..values import NOTHING, SEATS, SEQUENCES, Card, Seat
from . import draws, percard
from . import secret as secrets
from .actions import Action, IllegalAction
from .knowledge import keep_to_holds, unseen_pool
from .naming import Namer
from .specs import PAUSE, ExprFn, GuardSpec, OptionSpec, RuleFailure, StraightMove, VarSpec, ZoneSpec
from .table_values import show_text
from .views import MoveView, View
from .zones import open_slots

if TYPE_CHECKING:
    from .events import Event
    from .game import Game

_SEARCH = threading.local()  # .budget: what is left of the search under way in this thread (None: none)
MASK64 = (1 << 64) - 1


class Tracer(Protocol):
    """Told what the rules do in one game: set it as `State.tracer` (`cardrules validate` counts with it).

    The compiled instructions call it when an `on move` trigger starts to run and when an `end when`
    condition holds, with the span of that declaration. It follows the one game it is set on: a
    clone (the searches of bots and of 'afterwards' guards) starts without it, a save leaves it out,
    and it takes no part in equality. Unset, it costs one `is not None` test at those two places.
    """

    def trigger_ran(self, state: State, span: Span) -> None: ...

    def end_held(self, state: State, span: Span) -> None: ...


@attrs.define(eq=True)
class State:
    """Everything about a game in progress, as plain data: zones, variables, the paused procedure."""

    game: Game = attrs.field(eq=False, repr=False)
    n: int
    zones: list[list[Card]]
    vars: list[Any]
    eliminated: list[bool]
    locals: list[Any]
    rng: int
    me: int = 0
    pc: int = 0
    terminal: bool = False
    winners: list[int] = attrs.Factory(list)
    turns: int = 0
    decisions: int = 0
    stack: list = attrs.Factory(list)  # return points of running triggers: [pc, slot, saved value]
    opened: list[int] = attrs.Factory(list)  # slots of zones that open in order (zones.note_opened), as opened
    known: dict = attrs.Factory(dict)  # card -> bitmask of the seats that know it where it lies (knowledge.py)
    secret: secrets.Secret | None = None  # the choices of a `simultaneously` under way (secret.py)
    _legal: list[Action] | None = attrs.field(default=None, eq=False, repr=False, alias="_legal")
    memo: dict = attrs.field(factory=dict, eq=False, repr=False)  # definition results for this instruction
    # The memo keyed by reads (docs/performance.md): definition results kept across instructions and moves,
    # each stamped with the versions of the slots it read. Every change of a zone slot bumps `zver[slot]`,
    # of a variable slot `vver[slot]` (`vall` for many at once), of who is out `aver`; versions only grow.
    kept: dict = attrs.field(factory=dict, eq=False, repr=False)
    zver: list[int] = attrs.field(default=attrs.Factory(lambda s: [0] * len(s.zones), takes_self=True),
                                  eq=False, repr=False)
    vver: list[int] = attrs.field(default=attrs.Factory(lambda s: [0] * len(s.vars), takes_self=True),
                                  eq=False, repr=False)
    vall: int = attrs.field(default=0, eq=False, repr=False)
    aver: int = attrs.field(default=0, eq=False, repr=False)
    events: list[Event] = attrs.field(factory=list, eq=False, repr=False)  # what the last move told (events.py)
    tracer: Tracer | None = attrs.field(default=None, eq=False, repr=False)  # this game only: never cloned
    # Nobody reads what this game's moves tell (a simulation, a search): `events` stays empty (events.py). The
    # rules run the same, their `say` parts still evaluated. Clones keep it.
    quiet: bool = attrs.field(default=False, eq=False, repr=False)
    # card -> the slot of the zone it was last seen in: where a move looks first (procedures._take). A hint
    # only, checked before use and worked out again from the zones when wrong, so whatever changes the
    # zones (a deal, a swap, a load) need not keep it, and a clone shares it.
    where: dict = attrs.field(factory=dict, eq=False, repr=False)

    # -- OpenSpiel-like API
    def current_player(self) -> int:
        return -1 if self.terminal else self.me

    def is_terminal(self) -> bool:
        return self.terminal

    def returns(self) -> list[float]:
        """1.0 for each winner and 0.0 for everyone else once the game is over."""
        return [1.0 if p in self.winners else 0.0 for p in range(self.n)]

    def legal_actions(self) -> list[Action]:
        if self.terminal:
            return []
        if self._legal is None:
            self._legal = self._listed()
        return self._legal

    def _listed(self, proving: frozenset[int] | None = None) -> list[Action] | None:
        """The legal moves, or None once an option whose guards prove all of `proving` offers one (a search
        needs no more: _can_finish)."""
        try:
            legal = self._enumerate(proving)
        except RulesRuntimeError:
            raise
        except Exception as exc:  # a binder's list could not be computed: point at the choose
            decision = self.game.decisions[self.pc]
            raise RulesRuntimeError([error("R308", f"the options of this 'choose' could not be listed: "
                                           f"{_explain(exc)}", decision.span, self.game.path)],
                                    self.game.sources) from None
        if legal is not None and not legal:
            decision = self.game.decisions[self.pc]
            raise RulesRuntimeError([error("R301", "no option of this 'choose' is possible here, so the "
                                           "game cannot go on", decision.span, self.game.path)],
                                    self.game.sources)
        return legal

    def apply_action(self, action: Action | int | str) -> None:
        chosen = None
        legal = self._legal
        if legal is not None and action.__class__ is Action and not self.terminal:  # the very object offered
            for candidate in legal:
                if candidate is action:
                    chosen = action
                    break
        if chosen is None:
            chosen = self._resolve(action)
        self.decisions += 1
        if not self.quiet or self.events:  # a quiet game writes no events: its empty list can stay
            self.events = []
        self._step(chosen)

    def committing(self) -> bool:
        """Whether the pending decision is a secret choice (`simultaneously`): the move is kept from
        everyone but its player until all listed players have chosen (secret.py)."""
        return self.secret is not None and self.secret.committing

    def _step(self, action: Action, stop_at: int = PAUSE) -> None:
        decision = self.game.decisions[self.pc]
        if decision.secret is not None:
            secrets.commit(self, decision, action, stop_at)
            return
        option = decision.options[action.option]
        slots = option.slots
        if len(slots) == 1:  # the common option: one binder (a loop over a zip costs more than the move's rest)
            self.locals[slots[0]] = action.actual[0]
        elif slots:
            frame = self.locals
            for slot, value in zip(slots, action.actual):
                frame[slot] = value
        self.pc = option.body_pc
        self._legal = None
        self.run(stop_at)

    def clone(self) -> "State":
        # Field by field rather than through __init__: clones are made for every searched move.
        new = object.__new__(State)
        new.game, new.n, new.rng, new.me, new.pc = self.game, self.n, self.rng, self.me, self.pc
        new.zones = [z[:] for z in self.zones]
        new.vars, new.eliminated, new.locals = self.vars[:], self.eliminated[:], self.locals[:]
        new.terminal, new.winners, new.turns, new.decisions = self.terminal, self.winners[:], self.turns, self.decisions
        new.stack = [frame[:] for frame in self.stack]
        new.opened, new.known, new.secret = self.opened[:], self.known.copy(), self.secret
        new._legal, new.memo, new.events, new.tracer, new.quiet = None, {}, [], None, self.quiet
        new.where = self.where  # a hint checked before use (procedures._take): shared, never copied
        # The clone starts with what this state worked out: the same versions, the same values (none shares a
        # list with this state: codegen.Emitter._kept); from here on each bumps and keeps its own.
        new.kept, new.zver, new.vver, new.vall, new.aver = self.kept.copy(), self.zver[:], self.vver[:], self.vall, \
            self.aver
        return new

    def clone_with_moves(self) -> "State":
        """A clone that keeps the legal moves already computed (they are immutable), so that applying
        one of them does not enumerate them again."""
        copy = self.clone()
        if self._legal is not None:
            copy._legal = list(self._legal)
        return copy

    def invalidate(self) -> None:
        """The zones were changed from outside the rules (a sample's cards swapped): forget the legal
        moves and the definition values worked out before."""
        self._legal = None
        self.memo.clear()
        self.kept.clear()

    def where_again(self, card: Card) -> int:
        """The slot of the zone holding `card` (-1 if none), found by a search from the last zone (players'
        zones come last and most moves start there). The zone's other cards are noted in `where`: its
        cards mostly leave it one after another (after a deal or a shuffle, say)."""
        zones = self.zones
        for slot in range(len(zones) - 1, -1, -1):
            zone = zones[slot]
            if card in zone:
                self.where.update(zip(zone, repeat(slot)))
                return slot
        return -1

    def vars_changed(self) -> None:
        """Many variable slots changed at once (a reset, what a move keeps per card): every stamp reading
        a variable changes."""
        self.vall += 1

    def move_view(self, action: Action) -> MoveView:
        """A legal move written out: its text, its option, its cards' attributes and its values as text."""
        cards = tuple(self.game.card_json(v) for v in action.values if isinstance(v, Card))
        return MoveView(action.text, action.name, cards, tuple(self.game.describe(v) for v in action.values))

    # -- zones for rules and renderers
    def hidden_from(self, player: int) -> list[int]:
        """Slots of the zones whose cards `player` cannot see (hidden zones, other players' own zones)."""
        slots = []
        for spec in self.game.zones:
            for seat in range(self.n) if spec.per_player else [None]:
                if not self.sees(spec, seat, player):
                    slots.append(self.game.zone_slot(spec, self.n, seat or 0))
        return slots

    def determinize(self, player: int, rng) -> "State":
        """A copy in which the cards `player` cannot see are dealt again at random among the places
        they could be (each zone keeps its size): a sample of what the player's view allows. The
        cards the player knows (knowledge.py) stay where they are, and the secret choices of the
        other players are drawn again (secret.settle). `rng` is a `random.Random`."""
        copy = self.clone()
        copy.kept.clear()  # this state's cards may have been swapped behind its back (bots/beliefs.py)
        places = unseen_pool(copy, player, copy.hidden_from(player))
        pool = [copy.zones[slot][i] for slot, i in places]
        rng.shuffle(pool)
        if self.game.holds:
            pool = keep_to_holds(self, places, pool, rng)
        if self.game.per_card:  # what the rules keep per card goes with the places (percard.py)
            percard.follow_places(copy, {copy.zones[slot][i]: card for (slot, i), card in zip(places, pool)})
        for (slot, i), card in zip(places, pool):
            copy.zones[slot][i] = card
            copy.known.pop(card, None)  # others' knowledge was of the card that lay here before
        copy.invalidate()  # the holds of the cards may have been judged on the copy before its cards changed
        if copy.secret is not None:
            secrets.settle(copy, player, rng)
        return copy

    def zone_cards(self, name: str, player: int = 0) -> list[Card]:
        spec = self.game.zone(name)
        return self.zones[self.game.zone_slot(spec, self.n, player)]

    def view(self, player: int) -> View:
        """What `player` may see, as a View: hidden zones and other players' owner-only zones show
        counts only. Each zone's entry is its kind's (zones.ZoneKind.view); a family of a kind that opens its
        members in order is one entry, after the others, of the members that exist, oldest first."""
        game = self.game
        zones: dict[str, Any] = {}
        for spec in game.zones:
            if spec.kind.opens_in_order:
                continue
            seats = range(self.n) if spec.per_player else [None]
            shown = [self._zone_view(spec, seat, player) for seat in seats]
            zones[spec.name] = shown if spec.per_player else shown[0]
        for family, members in game.opening_families.items():
            zones[family] = {game.zones[slot].name: self._zone_view(game.zones[slot], None, player)
                             for slot in open_slots(self, members)}
        committed, own = secrets.shown(self, player)
        turn_player = self.me if self.secret is None else self.secret.turn_player
        return View(game.title, player, self.n, self.current_player(), turn_player, tuple(self.eliminated), zones,
                    self._vars_view(player), self.terminal, tuple(self.winners), tuple(self.shows()), self.prompt(),
                    percard.movers_view(self, player), committed, own)

    def _zone_view(self, spec: ZoneSpec, seat: int | None, viewer: int) -> Any:
        cards = self.zones[self.game.zone_slot(spec, self.n, seat or 0)]
        return spec.kind.view(self, cards, self.sees(spec, seat, viewer), viewer)

    def sees(self, spec: ZoneSpec, seat: int | None, viewer: int) -> bool:
        """Whether `viewer` sees the cards of this zone (of `seat`, for a per-player zone)."""
        if spec.hidden_when_out and seat is not None and self.eliminated[seat]:
            return False
        visibility = spec.visibility
        if visibility == "others":  # held facing away: every seat but the owner's (a spectator is no seat)
            return viewer >= 0 and seat != viewer
        return visibility == "public" or (visibility == "owner" and seat == viewer)

    def _vars_view(self, viewer: int) -> dict:
        """Variables as text: per player a list by seat; keyed variables an object by key; a per-card
        one only for the cards `viewer` sees (percard.py)."""
        out: dict[str, Any] = {}
        seen = percard.seen_cards(self, viewer) if any(spec.card_key >= 0 for spec in self.game.vars) else set()
        for spec in self.game.vars:
            seats = [self._var_view(spec, p, seen) for p in range(self.n)] if spec.per_player else None
            out[spec.name] = seats if seats is not None else self._var_view(spec, 0, seen)
        return out

    def _var_view(self, spec: VarSpec, player: int, seen: set[Card]) -> Any:
        values = [self.game.describe(self.vars[self.game.var_slot(spec, self.n, player, k)])
                  for k in range(spec.size)]
        if not spec.keys:
            return values[0]
        names = percard.key_names(self.game, spec)
        if spec.card_key < 0:
            return dict(zip(names, values))
        return {name: value for name, value, card in zip(names, values, percard.key_cards(spec)) if card in seen}

    def prompt(self) -> str:
        """The question of the pending decision (`choose "...":`), or "" when the rules give none."""
        decision = None if self.terminal else self.game.decisions.get(self.pc)
        return decision.prompt if decision is not None else ""

    def sides(self) -> list[list[Seat]]:
        """The rules file's `sides` (every seat on its own without one): lists of seats, each seat once."""
        declared = self.game.sides
        if declared is None:
            return [[SEATS[p]] for p in range(self.n)]
        key = ("sides",)
        value = self.memo.get(key)
        if value is None:
            try:
                value = declared.value(self, list(self.locals))
            except Exception as exc:
                raise RulesRuntimeError([error("R309", f"the sides could not be computed: {_explain(exc)}",
                                               declared.span, self.game.path)], self.game.sources) from None
            value = self.memo[key] = _checked_sides(value, self.n, self.game, declared.span)
        return value

    def side(self, player: Any) -> list[Seat]:
        """The side (team) a seat plays on."""
        for members in self.sides():
            if player in members:
                return members
        raise RuleFailure(f"{self.game.describe(player)} is not a seat")

    def result(self) -> Any:
        """The value of the rules file's `result` declaration (e.g. cards left), or None without one."""
        declared = self.game.result
        if declared is None:
            return None
        self.memo.clear()
        try:
            return declared.value(self, list(self.locals))
        except Exception as exc:
            raise RulesRuntimeError([error("R307", f"the result could not be computed: {_explain(exc)}",
                                           declared.span, self.game.path)], self.game.sources) from None

    def shows(self) -> list[tuple[str, str]]:
        """The rules file's `show` lines for this state, as (label, text)."""
        self.memo.clear()
        out = []
        for line in self.game.shows:
            try:
                value = line.value(self, list(self.locals))
                if value is not NOTHING:  # a show line whose value is none is not shown
                    out.append((line.label, show_text(line, value, self.game.describe)))
            except Exception as exc:
                raise RulesRuntimeError([error("R306", f"this 'show' line could not be evaluated: {_explain(exc)}",
                                               line.span, self.game.path)], self.game.sources) from None
        return out

    # -- the interpreter
    def run(self, stop_at: int = PAUSE, budget: int | None = None) -> None:
        """Execute instructions until a decision, the end of the game, or `stop_at`; `budget`: the steps left
        when some of them were run before (a new game's opening, openings.py), the game's limit otherwise."""
        game = self.game
        program = game.program
        pc = self.pc
        memo = self.memo
        turns = self.turns  # for the report if the budget runs out: did whole turns go by?
        try:
            # At most budget + 1 instructions, the last one whatever it leads to: the range counts them in C
            # (no counter to add to and compare at every instruction).
            limit = (game.limits.steps if budget is None else budget) + 1
            if stop_at < 0:  # until a decision (an instruction returning PAUSE) or the end: one test a step
                for _ in range(limit):
                    if memo:
                        memo.clear()
                    pc = program[pc](self)
                    if pc < 0:
                        return
                raise _budget_error(game, pc, self.turns - turns)
            for _ in range(limit):  # until `stop_at` (an afterwards search: the end of the turn)
                if pc == stop_at:
                    break
                if memo:
                    memo.clear()
                pc = program[pc](self)
                if pc < 0:
                    return
            else:
                raise _budget_error(game, pc, self.turns - turns)
            self.pc = pc
        except RulesRuntimeError:
            raise
        except Exception as exc:  # a rules file did something impossible: point at its line
            raise _runtime_error(self, pc, exc) from None

    def random_below(self, bound: int) -> int:
        """splitmix64 (draws.below): the same seed gives the same game on every machine."""
        self.rng, drawn = draws.below(self.rng, bound)
        return drawn

    def shuffle(self, cards: list) -> None:
        """Fisher-Yates with the draws of `random_below`, in the same order, as calling it for each card,
        worked out all at once (draws.py: a deal shuffles dozens of cards)."""
        self.rng = draws.shuffle(self.rng, cards)

    # -- legality
    def _enumerate(self, proving: frozenset[int] | None = None) -> list[Action] | None:
        game = self.game
        decision = game.decisions[self.pc]
        frame = list(self.locals)
        self.memo.clear()
        out: list[Action] = []
        namer = Namer(self, self.me) if decision.may_hide else None
        for option in decision.listed:  # its generated lister (compiler/enumeration.py) appends its legal moves
            if proving is not None and proving <= option.proves:
                if _offers_one(self, option, frame, namer):
                    return None
                continue
            option.lister(self, frame, out, namer, option)
        if namer is not None and namer.used:  # name the cards the chooser cannot see by their places
            out = namer.publish(out, game)
        if not out:  # "if you cannot ...": the fallback option exists only when nothing else is legal
            for index, option in decision.fallbacks:
                if not option.guards or self._allowed(option, frame, ()):
                    out.append(Action(index, option.name, (), game))
        return out

    def _allowed(self, option: OptionSpec, frame: list, values: tuple) -> bool:
        later = []
        for guard in option.guards:
            if guard.applies is not None and not self._guard(guard, frame, guard.applies):
                continue
            if guard.afterwards:
                later.append(guard)
            elif not self._guard(guard, frame):
                return False
        return not later or self.allowed_later(option, later, frame, values)

    def allowed_later(self, option: OptionSpec, later: Sequence[GuardSpec], frame: list, values: tuple) -> bool:
        """Whether the move (the option's binders bound to `values`, also in `frame`) leaves the
        'afterwards' guards that apply to it (`later`, not empty) true: judged after the moves made
        in place when the option allows it, else on a clone played to the end of the turn."""
        straight = option.straight
        if straight is not None:  # (a lone move of a card the option binds from a zone: its lister tries it)
            allowed = self._allowed_in_place(straight, later, frame)
            if allowed is not None:
                return allowed
        trial = self.clone()
        trial.quiet = True  # a search: nobody reads what its moves tell
        for binder, value in zip(option.binders, values):
            trial.locals[binder.slot] = value
        trial.pc = option.body_pc
        tests = frozenset(guard.test for guard in later)
        wanted = None if None in tests else tests
        budget = getattr(_SEARCH, "budget", None)
        if budget is not None:  # inside another guard's search: share its budget, or nesting multiplies it
            return _can_finish(trial, later, budget, wanted)
        _SEARCH.budget = [self.game.limits.search]
        try:
            return _can_finish(trial, later, _SEARCH.budget, wanted)
        finally:
            _SEARCH.budget = None

    def _allowed_in_place(self, moves: tuple[StraightMove, ...], guards: Sequence[GuardSpec],
                          frame: list) -> bool | None:
        """The afterwards guards of an option whose rest of the turn is plain moves: make the moves on
        this state, judge the guards, put every card back where it was. Cheaper than a clone and a
        run, and the same answer. None when a move cannot be made (the full run reports why).
        Tried for every card of a hand at every decision, hence written for speed."""
        zones, undo, zver = self.zones, [], self.zver
        touched: set[int] = set()  # the slots changed: their versions change after the moves and after the undo
        try:
            for move in moves:
                slot = move.destination(self, frame)  # in the order the move instruction works them out
                target = zones[slot]
                moving = move.cards(self, frame)
                if moving.__class__ is Card:
                    moving = [moving]
                elif isinstance(moving, SEQUENCES) and all(c.__class__ is Card for c in moving):
                    moving = list(moving)
                else:
                    return None
                known = self.known
                if known and any(card in known for card in moving):
                    return None  # a real move changes who knows the card (knowledge.follow): leave it to the full run
                for card in moving:
                    for source in range(len(zones) - 1, -1, -1):  # players' zones come last, most moves start there
                        zone = zones[source]
                        if card in zone:
                            break
                    if known and any(other in known for other in zone):
                        return None  # its zone's known cards may be forgotten (knowledge.follow): the full run
                    index = zone.index(card)
                    del zone[index]
                    undo.append((zone, index, card))
                    touched.add(source)
                    zver[source] += 1
                if move.bottom:
                    target[0:0] = moving
                else:
                    target.extend(moving)
                undo.append((target, move.bottom, -len(moving)))  # a negative count tells a put from a take
                touched.add(slot)
                zver[slot] += 1
            self.memo.clear()
            for guard in guards:
                if not self._guard(guard, frame):
                    return False
            return True
        finally:
            for zone, where, what in reversed(undo):
                if what >= 0:  # (zone, index, card): the card was taken from there
                    zone.insert(where, what)
                elif where:  # (zone, at bottom, -count): the cards were put there
                    del zone[:-what]
                else:
                    del zone[len(zone) + what:]
            for slot in touched:
                zver[slot] += 1
            self.memo.clear()

    def _guard(self, guard: GuardSpec, frame: list, condition: ExprFn | None = None) -> bool:
        try:
            return bool((condition or guard.condition)(self, frame))
        except Exception as exc:
            raise guard_error(self, guard, exc) from None

    def _resolve(self, action: Action | int | str) -> Action:
        legal = self.legal_actions()
        if isinstance(action, Action):
            for candidate in legal:  # agents pass the very object offered: no comparisons (a hot path)
                if candidate is action:
                    return candidate
            try:  # the move as offered here: its unseen cards are this state's
                return legal[legal.index(action)]
            except ValueError:
                pass
        elif isinstance(action, int) and 0 <= action < len(legal):
            return legal[action]
        elif isinstance(action, str):
            wanted = " ".join(action.lower().split())
            for candidate in legal:
                if candidate.text.lower() == wanted:
                    return candidate
        raise IllegalAction(f"'{action}' is not a legal move here")


def guard_error(state: State, guard: GuardSpec, exc: Exception) -> RulesRuntimeError:
    """The error of a guard that could not be judged (its `when` or its condition failed)."""
    return RulesRuntimeError([error("R302", f"this condition could not be evaluated: {_explain(exc)}",
                                    guard.span, state.game.path)], state.game.sources)


def _can_finish(state: State, guards: Sequence[GuardSpec], budget: list[int],
                wanted: frozenset[int] | None) -> bool:
    """True if some way of finishing the current turn ends it with every guard true. `wanted`: the guards' tests
    (GuardSpec.test), or None when one has none: a later choice offering a move whose own afterwards guards
    test all of them has found such a way already (the move is offered because one exists from it)."""
    budget[0] -= 1
    if budget[0] < 0:
        raise RulesRuntimeError([error("R303", f"checking 'afterwards' explored too many ways to finish the turn "
                                       f"({state.game.limits.search} positions; a game that needs more says "
                                       "`limit search N`)", guards[0].span, state.game.path)], state.game.sources)
    state.run(stop_at=state.game.turn_end_pc)
    if state.terminal:
        return False
    if state.pc == state.game.turn_end_pc:
        for guard in guards:
            if not state._guard(guard, state.locals):
                return False
        return True
    if wanted is None:
        legal = state.legal_actions()
    else:  # a move offered whose guards test all of them ends the search: the listing stops at the first
        legal = state._legal = state._listed(wanted)
        if legal is None:
            return True
        options = state.game.decisions[state.pc].options
        for action in legal:  # (a fallback's)
            if wanted <= options[action.option].proves:
                return True
    for action in legal:
        trial = state.clone()
        trial._step(action, state.game.turn_end_pc)
        if _can_finish(trial, guards, budget, wanted):
            return True
    return False


class _Proven(Exception):
    """A lister offered a move (_FirstMove)."""


class _FirstMove(list):
    """A lister's `out` that stops the listing at its first move."""

    def append(self, move: Action) -> None:
        raise _Proven


def _offers_one(state: State, option: OptionSpec, frame: list, namer: Namer | None) -> bool:
    """Whether the option offers a move here, listing no further than the first."""
    first = _FirstMove()
    try:
        option.lister(state, frame, first, namer, option)
    except _Proven:
        return True
    return bool(first)  # (a listing kept from before comes whole: kept_listing.wrapper)


def _checked_sides(value: Any, n: int, game: Game, span: Span) -> list[list[Seat]]:
    """`sides` must split the seats into lists, each seat in exactly one."""
    seats = [p for side in value for p in side] if isinstance(value, list) and all(
        isinstance(side, list) and side for side in value) else None
    if seats is None or sorted(seats) != list(range(n)) or any(isinstance(p, bool | Card) for p in seats):
        raise RulesRuntimeError([error("R309", f"'sides' must list every seat exactly once, in lists of seats "
                                       f"(such as [[0, 2], [1, 3]]), not {game.describe(value)}", span, game.path)],
                                game.sources)
    return [[SEATS[int(p)] for p in side] for side in value]


def _runtime_error(s: State, pc: int, exc: Exception) -> RulesRuntimeError:
    game = s.game
    message = str(exc) if isinstance(exc, RuleFailure) else f"this step failed: {_explain(exc)}"
    span, message = (game.blame and game.blame(s, pc, exc)) or (game.spans[pc], message)  # the failing part
    return RulesRuntimeError([error("R300", message, span, game.path)], game.sources)


def _budget_error(game: Game, pc: int, turns: int) -> RulesRuntimeError:
    if turns > 1:  # not a loop inside one turn: turn after turn went by with no one able to act
        return RulesRuntimeError([error("R305", f"{turns} turns went by without anyone having a move to make, and "
                                        "nothing ends the game: it cannot go on from here (a position or a "
                                        "rule that leaves every player without a choice?)",
                                        game.spans[game.turn_pc], game.path)], game.sources)
    return RulesRuntimeError([error("R304", f"the rules ran {game.limits.steps} steps without reaching a decision; "
                                    "is there a 'repeat' without 'stop'? (a game that needs more says "
                                    "`limit steps N`)", game.spans[pc], game.path)], game.sources)
