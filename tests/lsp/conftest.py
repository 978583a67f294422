"""Fixtures of the language server's tests: a client talking to a server in this process, and a small game."""

from __future__ import annotations

from pathlib import Path

import pytest

from .client import Client

BASE = '''\
# Climb: play a card higher than the top of the pile, or drop out.
game "Climb"
players 2..4

# Suits, highest first.
attribute suit: spades "s" > hearts "h" > clubs "c"
attribute number: 1..9

cards: number * suit -> deck
order: number, suit
text: number suit

zone deck: stack, hidden
zone pile: stack, public
# Each player's cards, seen by their owner only.
zone hand: per_player, owner

var drops = 0

# A card may go on the pile when it beats its top card.
def playable(card) = card > top(pile)

action drop_out(p):
  set drops = drops + 1
  eliminate p

setup:
  shuffle deck
  deal 5 from deck to hand
  move top(deck) to pile

turn:
  choose "Play a card or drop out":
    play(card in hand(me)) only if playable(card):
      move card to pile
    drop:
      do drop_out(me)

end when count(active) == 1:
  win active

show "To beat": top(pile)
'''

CHILD = '''\
extends "base.rules"

game "Climb: spades high"

def playable(card) = card.suit == spades or card > top(pile)
'''


@pytest.fixture
def client():
    connected = Client()
    yield connected
    connected.close()


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, Path]:
    """A small game (base.rules) and a variant of it (child.rules), side by side."""
    base, child = tmp_path / "base.rules", tmp_path / "child.rules"
    base.write_text(BASE, encoding="utf-8")
    child.write_text(CHILD, encoding="utf-8")
    return base, child


def where(text: str, needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    """The 0-based line and character of the nth occurrence of `needle` in `text` (plus `offset` characters)."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    return line, index - (text.rfind("\n", 0, index) + 1)
