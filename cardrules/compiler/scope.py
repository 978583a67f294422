"""Where compiled code keeps its values: the frame (`State.locals`), the names bound in a scope, jump labels."""

from __future__ import annotations

import attrs


@attrs.define
class Frame:
    size: int = 0

    def alloc(self) -> int:
        self.size += 1
        return self.size - 1


@attrs.frozen
class Scope:
    frame: Frame
    names: dict[str, int] = attrs.Factory(dict)
    it: int | None = None

    def bind(self, name: str) -> tuple["Scope", int]:
        slot = self.frame.alloc()
        return attrs.evolve(self, names={**self.names, name: slot}), slot

    def with_it(self) -> tuple["Scope", int]:
        slot = self.frame.alloc()
        return attrs.evolve(self, it=slot), slot


class Label:
    """A jump target that is known only after the code between is emitted."""

    __slots__ = ("pc",)

    def __init__(self, pc: int = -1):
        self.pc = pc
