"""A compiled game's choices -> a fixed, numbered action space: every move the game can ever offer
has one index, and a state's legal moves become a mask over them.

The space is laid out from the rules, not from play. Every option of every `choose` (in program
order; the same option name in two `choose` blocks is two options) gets a block of indexes: one
index for every combination of values its binders can take. What a binder can take follows from
its kind, as the checker infers it:

    a card            every card type (copies share one), and where the binder may offer cards the
                      chooser cannot see, every place x number ("hand(+1)#2": the second unseen card
                      of the next player's hand, as the engine names it)
    a seat            every seat, counted from the chooser (0: the chooser)
    a value of ATTR   every value of that ranked attribute
    a number          every whole number from LOW to HIGH (0 .. the largest of 100, the number of
                      cards and the numeric attributes' highest value; below 0 down to the lowest)
    true or false     the two truths
    a cell            every cell of the grid window (-R..R on both axes)
    anything else     all of the above

plus `none` for each binder. The compiler judges conservatively which binders may offer unseen cards
(a binder over `kinds(hand(p))`, through a definition, counts as one); an option of several such
binders whose block would pass MAX_BLOCK indexes gets no room for unseen cards, and should it ever
offer one, the move raises `ActionSpaceError`. A binder's value's code is its position in its domain; an option's
index is its block's first index plus the codes in mixed radix, first binder most significant.
A value outside its binder's domain (a number above HIGH, a cell outside the window) cannot be
numbered: the move raises `ActionSpaceError`, naming it (enlarge `grid_radius` or `numbers`).
"""

from __future__ import annotations

from typing import Any, Iterable

from ..engine import Action, Game, State
from ..engine.zones.grid import Cell
from ..values import NOTHING, Card, Seat, Sym, Unseen
from .kinds import Kind, RuleKinds
from .places import Layout

# An option whose binders may all name unseen cards would need (types + unseen places x cards) to the power
# of its binders: past this many indexes it gets no room for unseen cards (docs/agents.md).
MAX_BLOCK = 20_000


class ActionSpaceError(ValueError):
    """A legal move whose values the fixed action space cannot number."""


class Values:
    """Every value a binder may take, in groups: (group name, size). `code` numbers a value in a domain."""

    def __init__(self, layout: Layout, numbers: range):
        game = layout.game
        self.layout, self.numbers = layout, numbers
        self.sizes: dict[str, int] = {"card": len(layout.types),
                                      "unseen": len(layout.unseen_places) * len(game.cards), "seat": layout.n}
        self.symbols: dict[int, tuple[str, int]] = {}  # id of a Sym -> (group, index)
        for name, values in game.attributes.items():
            if values and isinstance(values[0], Sym):
                self.sizes[f"attr:{name}"] = len(values)
                self.symbols.update({id(v): (f"attr:{name}", i) for i, v in enumerate(values)})
        self.sizes.update({"number": len(numbers), "truth": 2, "cell": layout.side ** 2, "none": 1})
        self.has_grid = any(spec.kind.by_cell for spec in game.zones)

    def domain(self, kind: Kind | None, hides: bool) -> tuple[str, ...]:
        """The groups a binder of this kind ranges over."""
        name = kind.name if kind is not None else "unknown"
        if name == "card":
            groups = ["card", "unseen"] if hides else ["card"]
        elif name == "value" and f"attr:{kind.attribute}" in self.sizes:
            groups = [f"attr:{kind.attribute}"]
        elif name == "value" and kind.attribute in self.layout.game.attributes:
            groups = ["number"]  # a numeric attribute's values are numbers
        elif name in ("seat", "number", "truth", "cell"):
            groups = [name]
        else:
            groups = ["card", *(["unseen"] if hides else []), "seat",
                      *[g for g in self.sizes if g.startswith("attr:")], "number", "truth",
                      *(["cell"] if self.has_grid else [])]
        return (*groups, "none")

    def group_code(self, value: Any, viewer: int, groups: tuple[str, ...]) -> tuple[str, int] | None:
        layout = self.layout
        match value:
            case Card():
                return "card", layout.type_of[value]
            case Unseen():
                rank = layout.unseen_rank.get(layout.place_of_slot(value.slot, viewer))
                return None if rank is None else ("unseen", rank * len(layout.game.cards) + value.number - 1)
            case Seat() if "seat" in groups or "number" not in groups:
                return "seat", layout.relative(value, viewer)
            case Sym():
                return self.symbols.get(id(value))
            case bool():
                return "truth", int(value)
            case int() if value in self.numbers:
                return "number", value - self.numbers.start
            case Cell() if layout.cell_index(value) >= 0:
                return "cell", layout.cell_index(value)
            case _ if value is NOTHING:
                return "none", 0
        return None


class Block:
    """The indexes of one option: its first index and each binder's domain (groups, offsets, size)."""

    def __init__(self, name: str, start: int, domains: list[tuple[tuple[str, ...], dict[str, int], int]]):
        self.name, self.start, self.domains = name, start, domains
        self.size = 1
        for _, _, size in domains:
            self.size *= size


class ActionSpace:
    def __init__(self, game: Game, layout: Layout, kinds: RuleKinds, numbers: range, max_block: int = MAX_BLOCK):
        self.game, self.layout = game, layout
        self.values = Values(layout, numbers)
        self.blocks: dict[tuple[int, int], Block] = {}  # (decision's pc, option index) -> its block
        size = 0
        for pc, decision in sorted(game.decisions.items()):
            for index, option in enumerate(decision.options):
                binders, shown = kinds.binders.get(option.span, ()), kinds.shown.get(option.span, ())
                hides = [b < len(option.hides) and option.hides[b] and not (b < len(shown) and shown[b])
                         for b in range(len(option.binders))]
                block = Block(option.name, size, self._domains(binders, hides))
                if block.size > max_block and any(hides):  # room for unseen cards in every binder at once
                    block = Block(option.name, size, self._domains(binders, [False] * len(hides)))
                self.blocks[(pc, index)] = block
                size += block.size
        self.size = max(size, 1)

    def _domains(self, binders: tuple[Kind, ...], hides: list[bool]) -> list:
        domains = []
        for b, hide in enumerate(hides):
            groups = self.values.domain(binders[b] if b < len(binders) else None, hide)
            offsets, total = {}, 0
            for group in groups:
                offsets[group], total = total, total + self.values.sizes[group]
            domains.append((groups, offsets, total))
        return domains

    def index(self, state: State, action: Action, viewer: int) -> int:
        block = self.blocks[(state.pc, action.option)]
        code = 0
        for value, (groups, offsets, total) in zip(action.values, block.domains):
            found = self.values.group_code(value, viewer, groups)
            if found is None or found[0] not in offsets:
                raise ActionSpaceError(f"the move '{action.text}' names {self.game.describe(value)}, which its "
                                       f"option '{block.name}' cannot number (it ranges over {', '.join(groups)}); "
                                       "a number outside `numbers` or a cell outside `grid_radius`?")
            code = code * total + offsets[found[0]] + found[1]
        return block.start + code

    def legal(self, state: State, viewer: int) -> dict[int, Action]:
        """The legal moves of `state` by index (of moves that share an index, the first: they are the same
        move to the chooser, such as two copies of a card)."""
        out: dict[int, Action] = {}
        for action in state.legal_actions():
            out.setdefault(self.index(state, action, viewer), action)
        return out

    def describe(self, index: int) -> str:
        """An index in words: the option's name and the group of each binder's value ("play card#12")."""
        for (pc, option), block in self.blocks.items():
            if block.start <= index < block.start + block.size:
                code, parts = index - block.start, []
                for groups, offsets, total in reversed(block.domains):
                    code, here = divmod(code, total)
                    group = max((g for g in groups if offsets[g] <= here), key=lambda g: offsets[g])
                    parts.append(f"{group}#{here - offsets[group]}")
                return " ".join([block.name, *reversed(parts)])
        raise IndexError(index)

    def option_names(self) -> Iterable[tuple[str, int, int]]:
        """(option name, first index, size) of every block, in order."""
        return [(b.name, b.start, b.size) for b in self.blocks.values()]
