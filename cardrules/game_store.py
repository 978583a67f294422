"""A compiled `engine.Game` <-> bytes, for the disk cache of compiled games (CheckedRules.compile_cached).

A compiled game is tables plus code: the functions the compiler generated (their source was exec'd into
namespaces of their own, so pickle cannot find them by name) and the small closures its instruction builders
return. Both travel here as their code objects (`marshal`); a generated function with the index of its
namespace, whose constants travel after the game. A closure, and any function of the compiler's or the
language's modules the game holds (the run-time halves of builtins, moves and memos), travels with its cells
and, as its globals, a namespace holding only the names its code reads from its module: reading a game back
then imports neither the compiler nor the language (a warm start plays with the engine's modules alone), and
the module-level functions those names give travel the same way. One pickler writes it all, so an object
reached twice (a symbol, a table, a function) is one object again when read back: the generated code compares
symbols with `is` (values.Sym is interned besides, so symbols read back are the ones a compile makes).

The bytes hold code, so they are trusted as the user's own `__pycache__` is (cache.py says how the cache
directory and its entries are checked); they are only valid for the Python and the cardrules code that made
them, which the cache key holds. `dumps` gives None for a game holding anything it cannot carry (the caller
then simply does not cache it): it never guesses.

The game's `blame` (what explains a failing step: the compiler itself, with the rules' syntax tree) is not
carried: `loads` puts the stand-in it is given in its place (checked.py's compiles the rules again when a step
first fails), so that a game read back holds only what play needs.
"""

from __future__ import annotations

import gc
import importlib
import io
import marshal
import pickle
import types
from typing import Any

_FUNCTION = types.FunctionType
_END = "end"  # the record after the last namespace's constants
_PASSES = 4  # writes of a game until every namespace holds all it will hold (two do, in practice)
# modules not imported to play a game read back: their functions travel as code (with the globals they read)
_COMPILE_TIME = ("cardrules.compiler.", "cardrules.language.")


def _generated(obj: Any) -> bool:
    """A function of generated source: exec'd into a plain dict, it has no module."""
    return obj.__class__ is _FUNCTION and obj.__module__ is None


class _Writer(pickle.Pickler):
    def __init__(self, out: io.BytesIO, spaces: dict[int, tuple[int, dict]], read: dict[int, dict],
                 left_out: Any):
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.spaces = spaces  # id(namespace) -> (its index, it)
        self.read = read  # id(a module's globals) -> the names read from them, and their values
        self.functions: set[int] = set()  # ids of generated functions already written once
        self.left_out = left_out

    def persistent_id(self, obj: Any) -> Any:
        if obj is self.left_out and obj is not None:
            return ("left out",)
        if obj.__class__ is dict:
            found = self.spaces.get(id(obj))
            return None if found is None else ("ns", found[0])
        if obj.__class__ is types.ModuleType:  # a module a carried function reads (`knowledge.follow`)
            return ("module", obj.__name__)
        if not _generated(obj):
            return None
        space = self._space(obj.__globals__)
        if obj.__closure__ or space.get(obj.__name__) is not obj:
            raise pickle.PicklingError(f"generated function {obj.__name__} is not its namespace's own")
        if id(obj) in self.functions:
            return ("fn", self.spaces[id(space)][0], obj.__name__)
        self.functions.add(id(obj))  # the first reference carries the code
        return ("fn", self.spaces[id(space)][0], obj.__name__, _carried(obj))

    def _space(self, space: dict) -> dict:
        if id(space) not in self.spaces:
            self.spaces[id(space)] = (len(self.spaces), space)
        return space

    def reducer_override(self, obj: Any) -> Any:
        """A closure made by a builder in one of cardrules' modules, or a function of a compile-time module:
        its code, cells and the globals it reads."""
        if obj.__class__ is not _FUNCTION or obj.__module__ is None:
            return NotImplemented
        closure = "<locals>" in obj.__qualname__
        if closure and not obj.__module__.startswith("cardrules."):
            raise pickle.PicklingError(f"{obj.__qualname__} is not cardrules' own")
        if not closure and not obj.__module__.startswith(_COMPILE_TIME):
            return NotImplemented  # the engine's own functions: found by name (its modules are imported to play)
        cells = tuple(cell.cell_contents for cell in obj.__closure__ or ())
        return (_function, (self._reads(obj), obj.__module__, obj.__qualname__, cells, _carried(obj)))

    def _reads(self, fn: Any) -> dict:
        """The namespace the function's module gives this game's carried functions: the names they read."""
        module = fn.__globals__
        read = self.read.setdefault(id(module), {})
        for name in _names(fn.__code__):
            if name in module and name not in read:
                read[name] = module[name]
        return self._space(read)


def _names(code: types.CodeType) -> set[str]:
    """The global (or attribute) names a code object and those nested in it read."""
    names = set(code.co_names)
    for const in code.co_consts:
        if const.__class__ is types.CodeType:
            names |= _names(const)
    return names


def _carried(fn: Any) -> tuple:
    """What a function is rebuilt from (`_rebuilt`): its name, code, defaults, keyword defaults and attributes."""
    return fn.__name__, marshal.dumps(fn.__code__), fn.__defaults__, fn.__kwdefaults__, dict(fn.__dict__)


def _rebuilt(carried: tuple, space: dict, cells: tuple = ()) -> Any:
    """The function `_carried` described, reading `space` as its globals (and `cells` as its closure)."""
    name, code, defaults, kwdefaults, attributes = carried
    fn = _FUNCTION(marshal.loads(code), space, name, defaults, tuple(map(types.CellType, cells)) or None)
    fn.__kwdefaults__ = kwdefaults
    fn.__dict__.update(attributes)
    return fn


def _function(space: dict, module: str, qualname: str, cells: tuple, carried: tuple) -> Any:
    fn = _rebuilt(carried, space, cells)
    fn.__qualname__, fn.__module__ = qualname, module
    return fn


def _constants(space: dict) -> dict:
    """A namespace's entries (its functions too: one may be reached only by name, from another's code) but the
    `__builtins__` exec put there."""
    return {name: value for name, value in space.items() if name != "__builtins__"}


def dumps(game: Any) -> bytes | None:
    """The game as bytes, or None if it holds something that cannot be carried."""
    spaces: dict[int, tuple[int, dict]] = {}
    read: dict[int, dict] = {}
    try:
        # A first write finds every namespace: one reached as a dict (the compiler's own) before any of its
        # functions is then written as itself, not a copy. Writing again until no namespace of read globals grew
        # gives each one all the names read from it (one may grow after its constants were written).
        for _ in range(_PASSES):
            grown = [len(space) for _, space in spaces.values()]
            out = io.BytesIO()
            _write(game, out, spaces, read)
            if grown == [len(space) for _, space in spaces.values()]:
                return out.getvalue()
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None  # ValueError: an empty cell; TypeError / AttributeError: an object pickle cannot take
    return None


def _write(game: Any, out: io.BytesIO, spaces: dict[int, tuple[int, dict]], read: dict[int, dict]) -> None:
    writer = _Writer(out, spaces, read, getattr(game, "blame", None))
    writer.dump(game)
    written = 0
    while written < len(spaces):  # constants may reach functions of a namespace not seen yet
        space = next(s for i, s in spaces.values() if i == written)
        writer.dump((written, _constants(space)))
        written += 1
    writer.dump(_END)


class _Reader(pickle.Unpickler):
    def __init__(self, data: bytes, blame: Any):
        super().__init__(io.BytesIO(data))
        self.spaces: dict[int, dict] = {}
        self.functions: dict[tuple[int, str], Any] = {}
        self.blame = blame

    def persistent_load(self, pid: Any) -> Any:
        if pid[0] == "left out":
            return self.blame
        if pid[0] == "module":
            return importlib.import_module(pid[1])
        space = self.spaces.setdefault(pid[1], {})
        if pid[0] == "ns":
            return space
        if len(pid) > 3:  # the first reference: the function itself
            self.functions[pid[1], pid[2]] = _rebuilt(pid[3], space)
        return self.functions[pid[1], pid[2]]


def loads(data: bytes, blame: Any = None) -> Any:
    """The game `dumps` wrote, with `blame` as its `blame` (any trouble raises: the caller treats it as no
    entry)."""
    collecting = gc.isenabled()
    gc.disable()  # tens of thousands of new containers, none garbage: collections would only slow it (~40%)
    try:
        reader = _Reader(data, blame)
        game = reader.load()
        while (record := reader.load()) != _END:
            index, constants = record
            reader.spaces.setdefault(index, {}).update(constants)
        return game
    finally:
        if collecting:
            gc.enable()
