"""A seat is spelt in one place (#24 nit): `values.Seat.__repr__` writes `P0`; everything else writes a seat through it
(`repr(Seat(n))`, `f"{seat!r}"`, `Game.describe`), so that no message spells seats its own way."""

from __future__ import annotations

import re
from pathlib import Path

import cardrules
from cardrules.cli.render import seat_name
from cardrules.values import Seat

PACKAGE = Path(cardrules.__file__).parent
BY_HAND = re.compile(r"""(?<![\w$])P\{|["']P["']\s*\+|["']P%""")  # f"P{n}", f"to P{n}", "P" + str(n), "P%d"


def test_only_seat_spells_a_seat():
    found = [f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
             for path in sorted(PACKAGE.rglob("*.py")) for number, line in enumerate(path.read_text().splitlines(), 1)
             if BY_HAND.search(line) and path.name != "values.py"]
    assert not found, "a seat spelt by hand (write it through values.Seat):\n" + "\n".join(found)


def test_every_place_writes_a_seat_as_seat_does():
    game = cardrules.load(cardrules.find_game("red7"))
    assert seat_name(2) == game.describe(Seat(2)) == repr(Seat(2)) == "P2"
