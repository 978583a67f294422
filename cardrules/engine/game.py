"""Compiled rules for one set of options (`Game`): the layout of zones and variables, the program, and new states."""

from __future__ import annotations

import hashlib
from typing import Any, Callable

import attrs

from ..diagnostics import RulesRuntimeError, Span, error
from ..diagnostics import explain_exception as _explain
from ..values import NOTHING, SEATS, Card, Seat, Sym, as_tuple
from ..words import player_span, plural
from .accepts import options_refusal
from .derived import Derived
from .specs import (
    Decision,
    DefinitionSpec,
    GameLimits,
    HoldsSpec,
    Instruction,
    OptionDoc,
    ResultSpec,
    ShowSpec,
    SidesSpec,
    VarSpec,
    ZoneSpec,
)
from .state import MASK64, State
from .zones import opening_families
from .zones.grid import Cell


@attrs.frozen(eq=False)
class Game:
    """A rules file compiled for one set of options; immutable once built.

    Its fields are the compiler's tables and program, never reassigned and never written to; what
    its states work out and keep for the game's lifetime is in `derived` (one cache, keyed by all
    each fact depends on: the number of players, a seat, who is out)."""

    name: str
    title: str
    path: str
    min_players: int
    max_players: int
    options: dict[str, Any]
    option_docs: dict[str, OptionDoc]
    attributes: dict[str, tuple[Sym, ...] | tuple[int, int]]  # name -> its values, or (low, high) for numbers
    card_attrs: dict[str, dict[Card, Any]]
    cards: tuple[Card, ...]
    card_texts: tuple[str, ...]
    card_labels: tuple[str, ...]
    card_home: tuple[int, ...]  # shared zone slot each card starts in
    zones: tuple[ZoneSpec, ...]
    shared_zones: int
    vars: tuple[VarSpec, ...]
    shared_vars: int
    program: tuple[Instruction, ...] = attrs.field(converter=as_tuple)
    spans: tuple[Span, ...] = attrs.field(converter=as_tuple)  # the rules' place of each instruction
    decisions: dict[int, Decision]
    setup_pc: int
    turn_pc: int
    turn_end_pc: int
    frame_size: int
    shows: tuple[ShowSpec, ...]
    sources: dict[str, str]
    result: ResultSpec | None = None
    definitions: dict[str, DefinitionSpec] = attrs.Factory(dict)
    sides: SidesSpec | None = None
    holds: dict[str, HoldsSpec] = attrs.Factory(dict)  # zone name -> what it can ever hold
    limits: GameLimits = GameLimits()
    records_movers: bool = False  # the rules read `mover(card)`: vars end with each card's mover (percard.py)
    end_reveal: tuple[str, ...] | None = None  # `reveal at end: ZONES` (None: not declared; see end_reveals)
    # `caption:` words the table draws beside each card a viewer sees, by card id ("" for none; () without captions)
    card_captions: tuple[str, ...] = ()
    # the whole game of random seats as one generated function (compiler/playout.py; None where the rules use
    # what it does not play): engine/playouts.play runs it
    playout: Callable | None = attrs.field(default=None, repr=False)
    # (state, pc, exception) -> (span, words) of the sub-expression that failed, or None (compiler/blame.py)
    blame: Callable[[State, int, Exception], tuple[Span, str] | None] | None = attrs.field(default=None, repr=False,
                                                                                          eq=False)
    by_text: dict[str, tuple[Card, ...]] = attrs.field(init=False, default=attrs.Factory(
        lambda self: _by_text(self.cards, self.card_texts), takes_self=True))
    # families of a kind that opens its members in order (zones.note_opened): name -> members in key order
    opening_families: dict[str, tuple[ZoneSpec, ...]] = attrs.field(init=False, default=attrs.Factory(
        lambda self: {name: tuple(members) for name, members in opening_families(self.zones).items()},
        takes_self=True))
    derived: Derived = attrs.field(init=False, factory=Derived, repr=False)
    # (slot, its cards in card order) for every zone the cards start in: card_home, grouped (new_initial_state)
    starting_zones: tuple[tuple[int, tuple[Card, ...]], ...] = attrs.field(
        init=False, repr=False,
        default=attrs.Factory(lambda self: _by_home(self.cards, self.card_home), takes_self=True))
    # what a save or record names its rules by (`rules_digest`)
    rules_digest: str = attrs.field(init=False, default=attrs.Factory(lambda self: rules_digest(self.sources),
                                                                     takes_self=True))
    # the rules keep something per card (percard.py): a sample of unseen cards must move it with the places
    per_card: bool = attrs.field(init=False, default=attrs.Factory(
        lambda self: self.records_movers or any(spec.card_key >= 0 for spec in self.vars), takes_self=True))

    # -- layout
    def zone(self, name: str) -> ZoneSpec:
        for spec in self.zones:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def zone_slot(self, spec: ZoneSpec, n: int, player: int = 0) -> int:
        return self.shared_zones + spec.index * n + player if spec.per_player else spec.index

    def zone_at(self, slot: int, n: int) -> ZoneSpec:
        """The zone that owns a slot of State.zones."""
        if slot < self.shared_zones:
            return self.zones[slot]
        return self.zones[self.shared_zones + (slot - self.shared_zones) // n]

    def var_slot(self, spec: VarSpec, n: int, player: int = 0, key: int = 0) -> int:
        if spec.per_player:
            return self.shared_vars + spec.index * n + player * spec.size + key
        return spec.index + key

    # -- cards
    def card_json(self, card: Card) -> dict:
        return {attr: _plain(table[card]) for attr, table in self.card_attrs.items() if card in table}

    def end_reveals(self) -> tuple[str, ...]:
        """The zones whose cards everyone is shown once the game is over: those of `reveal at end`,
        by default every per-player zone (the hands)."""
        if self.end_reveal is not None:
            return self.end_reveal
        return tuple(spec.name for spec in self.zones if spec.per_player)

    def describe(self, value: Any, long: bool = False) -> str:
        """A value as a player would write it: card text (or its full name), P1, a colour name, a number."""
        return describe_value(value, self.card_texts, self.card_labels, long)

    def call(self, state: "State", name: str, *args: Any, again: bool = False) -> Any:
        """Evaluate one of the rules file's definitions on a state, e.g. `game.call(s, "winning", 0)`.
        `again=True`: the state has not changed since the last call, so the definitions it worked out
        then still hold (asking each player's value of a position computes what they share once)."""
        definition = self.definitions[name]
        if len(args) != definition.params:
            raise TypeError(f"'{name}' takes {plural(definition.params, 'argument')}, not {len(args)}")
        frame = [SEATS[a] if type(a) is int else a for a in args]  # a plain int argument is a seat
        frame.extend([None] * (definition.frame_size - len(frame)))
        if not again:
            state.memo.clear()  # what the last instruction worked out may predate its moves
        return definition.body(state, frame)

    # -- states
    def new_initial_state(self, num_players: int | None = None, seed: int = 0) -> "State":
        n = self.min_players if num_players is None else num_players
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{self.title} is for {player_span(self.min_players, self.max_players)}, not {n}")
        refused = options_refusal(self.option_docs, self.options, n)
        if refused:
            raise ValueError(refused)
        state = self.derived.new_game(self, n, mix_seed(seed))  # the set-up up to its first draw, worked out once
        return state if state is not None else self.plain_initial_state(n, seed)

    def plain_initial_state(self, n: int, seed: int = 0) -> "State":
        """A new game's state with its whole set-up run from a blank state (what an opening shortcuts:
        engine/openings.py), for `n` players accepted by new_initial_state."""
        state = self.blank_state(n, seed)
        self.place_cards(state)
        self.initialise_vars(state)
        state.pc = self.setup_pc
        state.run()
        return state

    def blank_state(self, n: int, seed: int) -> "State":
        # each zone's own container (a list, a grid.Grid), in slot order: shared zones, then per player
        zones = [spec.kind.container() for spec in self.zones[:self.shared_zones]]
        zones += [spec.kind.container() for spec in self.zones[self.shared_zones:] for _ in range(n)]
        size = self.shared_vars + n * sum(v.size for v in self.vars if v.per_player)
        movers = [NOTHING] * len(self.cards) if self.records_movers else []  # nobody has moved a card yet
        return State(game=self, n=n, zones=zones, vars=[None] * size + movers, eliminated=[False] * n,
                     locals=[None] * self.frame_size, rng=mix_seed(seed))

    def place_cards(self, state: "State") -> None:
        """Every card into the zone it starts in (a blank state's)."""
        zones = state.zones
        for slot, cards in self.starting_zones:  # each zone's cards in one step, in the order of the cards
            zone = zones[slot]
            if zone.__class__ is list:
                zone.extend(cards)
            else:
                for card in cards:
                    zone.append(card)

    def initialise_vars(self, state: "State") -> None:
        """Variables start from their declared values, computed once the cards are in place."""
        for spec in self.vars:
            try:
                value = spec.initial(state, state.locals)  # it cannot depend on the player or the key
            except Exception as exc:
                raise RulesRuntimeError([error("R305", f"the initial value could not be computed: {_explain(exc)}",
                                               spec.span, self.path)], self.sources) from None
            for p in range(state.n if spec.per_player else 1):
                for key in range(spec.size):
                    state.vars[self.var_slot(spec, state.n, p, key)] = value
        state.kept.clear()  # values worked out while the variables were set, without bumping their versions


def rules_digest(sources: dict[str, str]) -> str:
    """What a save or a record names its rules by: the texts of the file and every file it extends, wherever they
    lie (paths are left out: the same rules moved to another folder are the same game)."""
    return hashlib.sha256("\0".join(sorted(sources.values())).encode()).hexdigest()


def _by_home(cards: tuple[Card, ...], homes: tuple[int, ...]) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    found: dict[int, list[Card]] = {}
    for card in cards:
        found.setdefault(homes[card], []).append(card)
    return tuple((slot, tuple(held)) for slot, held in found.items())


def _by_text(cards: tuple[Card, ...], texts: tuple[str, ...]) -> dict[str, tuple[Card, ...]]:
    """Card text, in lower case -> the cards that have it (copies share a text)."""
    found: dict[str, list[Card]] = {}
    for card in cards:
        found.setdefault(texts[card].lower(), []).append(card)
    return {text: tuple(same) for text, same in found.items()}


def _plain(value: Any) -> Any:
    return value.name if isinstance(value, Sym) else (None if value is NOTHING else int(value))


def describe_value(value: Any, card_texts: tuple[str, ...], card_labels: tuple[str, ...], long: bool = False) -> str:
    """Game.describe with the game's card texts and labels given (a playout writes with them alone)."""
    match value:
        case Card():
            return card_labels[value] if long else card_texts[value]
        case Seat():
            return repr(value)
        case Cell():
            return repr(value)
        case bool():
            return "true" if value else "false"
        case list() | tuple():
            return "[" + ", ".join(describe_value(v, card_texts, card_labels, long) for v in value) + "]"
        case _:
            return str(value)


def mix_seed(seed: int) -> int:
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64
