"""The `stack` kind (the default): a pile of cards whose top is what everyone watches."""

from __future__ import annotations

from . import ZoneKind


class StackKind(ZoneKind):
    """A list of cards, bottom first, like every zone; its order is public knowledge, so the known
    cards of a stack a player cannot see (a deck) come with their depth, and the terminal points
    out the top of a shared stack."""

    name = "stack"
    noun = "stack"
    has_top = True
