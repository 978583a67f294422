"""The small game the compiler's sharing tests compile again and again: cards played onto a pile, or a pass.

`pile_game(...)` gives its text with `DEFS` (definitions) and `OPTION` (the play option) left to fill;
`PLAY` is the usual option, with `GUARD` left to fill."""

from __future__ import annotations

PLAY = "play(c in hand(me)) only if GUARD:\n      move c to pile"

_TEXT = """\
game "{title}"
players {players}
attribute color: red > blue
attribute rank: 1..5
cards: color * rank{copies} -> deck
zone deck: stack, public
zone hand: per_player, owner, row
zone pile: stack, public
{variables}DEFS
setup:
  deal 3 from deck to hand
  move top(deck) to pile

turn:
  choose:
    OPTION
    pass:
      pass
end when count(pile) > 4:
  win me
"""


def pile_game(title: str, players: str, copies: int = 1, variables: str = "") -> str:
    """The game's text for `players` ("2..3"), each card `copies` times, `variables` declared before DEFS."""
    return _TEXT.format(title=title, players=players, copies=f" copies {copies}" if copies > 1 else "",
                        variables=variables)
