"""Attribute values and `none` compare as they did under functools.total_ordering and object's equality:
values.py writes every comparison out for speed, and must give the same answer for every pair."""

from __future__ import annotations

import copy
import functools
import itertools
import operator
import pickle

import pytest

from cardrules.values import NOTHING, Card, Sym


@functools.total_ordering
class Reference:
    """The old Sym: `<` by rank, the rest from total_ordering, equality and hash by identity."""

    def __init__(self, sym: Sym):
        self.sym = sym

    def __lt__(self, other):
        if isinstance(other, Reference):
            return self.sym.rank < other.sym.rank
        if other is NOTHING:
            return False
        return NotImplemented


RED, GREEN, BLUE = Sym("color", "red", 3, "r"), Sym("color", "green", 2, "g"), Sym("color", "blue", 1, "b")
ODD = Sym("shape", "odd", 2, None)  # another attribute, the same rank as green
VALUES = [RED, GREEN, BLUE, ODD]
OPS = [operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge]


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.__name__)
def test_two_values_compare_as_before(op):
    wrapped = {id(v): Reference(v) for v in VALUES}  # one wrapper a value: the old identity equality
    for a, b in itertools.product(VALUES, repeat=2):
        assert op(a, b) == op(wrapped[id(a)], wrapped[id(b)]), (a, b, op)


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.__name__)
def test_a_value_and_none_compare_as_before(op):
    for a in VALUES:
        old = Reference(a)
        assert op(a, NOTHING) == op(old, NOTHING) and op(NOTHING, a) == op(NOTHING, old), (a, op)


def test_values_are_equal_only_to_themselves():
    assert RED == RED and not RED != RED
    assert RED != GREEN and not RED == GREEN
    for other in (3, Card(3), [RED], (RED,), "red", NOTHING, None):
        assert RED != other and not RED == other and other != RED
    assert NOTHING == NOTHING and NOTHING != RED and NOTHING != 0 and NOTHING != []
    assert RED in [GREEN, RED] and BLUE not in [GREEN, RED] and NOTHING not in [RED]


def test_values_hash_by_identity_and_sort_by_rank():
    assert len({RED, GREEN, RED, NOTHING, NOTHING}) == 3
    assert hash(RED) == object.__hash__(RED)
    assert sorted([RED, NOTHING, BLUE, GREEN]) == [NOTHING, BLUE, GREEN, RED]
    assert max([BLUE, RED, GREEN]) is RED and min([GREEN, NOTHING]) is NOTHING


def test_values_and_numbers_do_not_order():
    with pytest.raises(TypeError):
        RED < 3  # noqa: B015
    with pytest.raises(TypeError):
        3 >= GREEN  # noqa: B015


def test_values_are_interned_so_two_compiles_share_them():
    """A game read back from the disk cache and the one compiled again to explain a failing step compare the
    same symbols with `is` (checked.py): the same attribute, name, rank and short name is one object."""
    assert Sym("color", "red", 3, "r") is RED and copy.deepcopy(RED) is RED and pickle.loads(pickle.dumps(RED)) is RED
    assert Sym("shape", "odd", 2, "odd") is ODD  # no short name is its name
    assert Sym("color", "red", 2, "r") is not RED and Sym("colour", "red", 3, "r") is not RED
    assert (RED.attribute, RED.name, RED.rank, RED.short) == ("color", "red", 3, "r")
