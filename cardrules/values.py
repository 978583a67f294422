"""Runtime values of the rules language besides ints, bools and lists: attribute symbols and nothing."""

from __future__ import annotations

from .limits import MAX_PLAYERS


class Sym:
    """A value of a ranked attribute (e.g. a colour): compare by rank.

    Interned in the process: `Sym(...)` with the same attribute, name, rank and short name is the same object,
    so two compiles of one game (a game read from the disk cache, and the one compiled again to explain a
    failing step, compiler/blame.py) hold the same symbols, which the generated code compares with `is`."""

    __slots__ = ("attribute", "name", "rank", "short")
    _interned: dict[tuple, "Sym"] = {}

    def __new__(cls, attribute: str, name: str, rank: int, short: str | None):
        key = (attribute, name, rank, short or name)
        found = cls._interned.get(key)
        if found is None:
            found = object.__new__(cls)
            found.attribute, found.name, found.rank, found.short = key
            found = cls._interned.setdefault(key, found)
        return found

    def __init__(self, attribute: str, name: str, rank: int, short: str | None):
        pass  # __new__ set the slots once: an interned symbol never changes

    # Interned: equal only to itself, hashed by identity. Every comparison is written out, although object's
    # equality and functools.total_ordering would give the same answers: a class that defines one comparison
    # in Python answers all of them through a slow generic path (object's `==` returned NotImplemented, and
    # then the other side was asked), so `a == b` cost ~250 ns where these cost ~70 (guards compare colours and
    # ranks for every card they try). The order keeps total_ordering's answers exactly, also for two values of
    # different attributes with the same rank (<= and > look at identity, < and >= at the rank only).
    __hash__ = object.__hash__

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __lt__(self, other):
        if other.__class__ is Sym:
            return self.rank < other.rank
        if other is NOTHING:
            return False
        return NotImplemented

    def __ge__(self, other):
        if other.__class__ is Sym:
            return self.rank >= other.rank
        if other is NOTHING:
            return True
        return NotImplemented

    def __gt__(self, other):
        if other.__class__ is Sym:
            return self.rank >= other.rank and self is not other
        if other is NOTHING:
            return True
        return NotImplemented

    def __le__(self, other):
        if other.__class__ is Sym:
            return self.rank < other.rank or self is other
        if other is NOTHING:
            return False
        return NotImplemented

    def __repr__(self):
        return self.name

    def __reduce__(self):
        return (Sym, (self.attribute, self.name, self.rank, self.short))


class _Nothing:
    """'No card' / 'no value': lower than every other value, falsy, and any attribute of it is nothing."""

    __slots__ = ()
    _instance = None
    __hash__ = object.__hash__

    def __eq__(self, other):  # the only nothing: equal only to itself, written out for speed (see Sym)
        return self is other

    def __ne__(self, other):
        return self is not other

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self):
        return False

    def __lt__(self, other):
        return other is not self

    def __le__(self, other):
        return True

    def __gt__(self, other):
        return False

    def __ge__(self, other):
        return other is self

    def __repr__(self):
        return "none"

    def __reduce__(self):
        return (_Nothing, ())


NOTHING = _Nothing()


class Card(int):
    """A card is its id: ids follow the declared card order, so comparing cards compares ids."""

    __slots__ = ()

    def __repr__(self):
        return f"Card({int(self)})"


class Seat(int):
    """A player's seat number (0-based), kept apart from plain numbers and cards."""

    __slots__ = ()

    def __repr__(self):
        return f"P{int(self)}"


SEATS = tuple(Seat(i) for i in range(MAX_PLAYERS))
_NOT_SEATS = (bool, Card)  # made once: `bool | Card` would build a union at every call (~0.1 us)


def is_seat(value, n: int) -> bool:
    """A seat of a game of `n` players: a Seat or a seat's number (never a card, a truth value or anything else)."""
    return isinstance(value, int) and not isinstance(value, _NOT_SEATS) and 0 <= value < n


def as_tuple(items) -> tuple:
    """A tuple of `items`: the converter of attrs fields held as tuples. A Python function, not `tuple` itself:
    attrs reads a converter's signature when the class is made, and reading a builtin's made the first such
    class in a process compile the tokenizer's expressions (~13 ms of every command's start)."""
    return tuple(items)


# The language's lists as Python holds them, for isinstance and class tests (a tuple of classes made once: a union
# `list | tuple` is built again at every call, ~0.1 us)
SEQUENCES = (list, tuple)


class Words(str):
    """The text of `words(a, b, ...)`, which keeps the values it was written from (`pieces`: cards,
    and the other values as text), so that a sentence naming a card can be written without it for
    a player who may not know it (engine/events.py). Otherwise an ordinary string."""

    __slots__ = ("pieces",)

    def __new__(cls, text: str, pieces: tuple):
        out = super().__new__(cls, text)
        out.pieces = pieces
        return out


class Unseen:
    """A card the chooser of a move cannot see, named by its place instead of its identity: the
    zone and its number among the unseen cards there, in an order that reveals nothing (see
    `naming.Namer`). Equal when the place is equal, whichever card it stands for."""

    __slots__ = ("slot", "number", "text")

    def __init__(self, slot: int, number: int, text: str):
        self.slot, self.number, self.text = slot, number, text

    def __eq__(self, other):
        return isinstance(other, Unseen) and (self.slot, self.number) == (other.slot, other.number)

    def __hash__(self):
        return hash((Unseen, self.slot, self.number))

    def __repr__(self):
        return f"Unseen({self.text})"

    def __str__(self):
        return self.text
