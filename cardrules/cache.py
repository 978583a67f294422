"""Keys and bytes -> a per-user disk cache of work done before (parser, checked rules, compiled games), or nothing.

Where: `$CARDRULES_CACHE_DIR` if set, else `$XDG_CACHE_HOME/cardrules`, else `~/.cache/cardrules`.
`CARDRULES_NO_CACHE=1` (or `cardrules --no-cache COMMAND`, which calls `disable()`) turns it off; the
tests point it at a temporary directory.

Trust model. An entry is read back with pickle, which can run code, so the cache is trusted exactly as far as
the user's own `__pycache__` folders are: it is the user's own directory. It is created with mode 0700 and is
used only if it is owned by this user and nobody else may write to it; an entry is read only if this user owns
it. Beyond that, every entry starts with a header naming what it is (its kind and the digest of its whole key,
which includes the Python version and a digest of cardrules' own source files' names, sizes and times of
change) and the SHA-256 of its payload: a foreign, stale, truncated or corrupted entry is ignored and rebuilt,
never half-trusted. Payloads of checked rules are unpickled with an unpickler that can only build classes of
cardrules and plain containers (see `loads`), so even a forged entry that passed the checks could not call
anything else. Compiled games (game_store.py) are code, as a `.pyc` is: they rest on the directory and
ownership checks alone.

Nothing here ever fails a command: a cache that cannot be read or written is skipped silently.
Writes go through `files.write_bytes` (a temporary file renamed over the target), so two processes
filling the same entry at once, or one killed half way, leave a whole entry or none.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from .files import write_bytes

ENV_DIR = "CARDRULES_CACHE_DIR"
ENV_OFF = "CARDRULES_NO_CACHE"
_MAGIC = b"cardrules-cache 1\n"
_DIGEST = 32  # bytes of a SHA-256
_PACKAGE = Path(__file__).resolve().parent


def disable() -> None:
    """No cache for the rest of this process and the processes it starts (`cardrules --no-cache`): it sets
    CARDRULES_NO_CACHE, so that `--jobs` workers do without it too."""
    os.environ[ENV_OFF] = "1"


def enabled() -> bool:
    return os.environ.get(ENV_OFF, "").strip().lower() not in ("1", "true", "yes", "on")


def location() -> Path:
    """Where the cache lives (whether or not it exists or is usable)."""
    given = os.environ.get(ENV_DIR)
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "cardrules"


def directory() -> Path | None:
    """The cache directory, made if need be; None when the cache is off or the directory is not safe to use."""
    if not enabled():
        return None
    try:
        path = location()
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        return path if _safe(path.stat()) else None
    except (OSError, RuntimeError):  # RuntimeError: no home directory to expand
        return None


def _safe(info: os.stat_result) -> bool:
    """Owned by this user and writable by nobody else."""
    owner = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return owner and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of cardrules' own source files and data (grammar, bundled games): a change to the code invalidates
    every entry made by the code before it. Read at every start, so it reads each file's size and time of change,
    as Python's own .pyc checks its source, not the files' bytes (hashing the 1.4 MB took ~9 ms more)."""
    digest = hashlib.sha256(sys.version.encode())
    for root in (str(_PACKAGE), str(_PACKAGE.parent / "grammar"), str(_PACKAGE.parent / "games")):
        for folder, subfolders, files in os.walk(root):
            subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".lark", ".rules")):
                    where = os.path.join(folder, name)
                    info = os.stat(where)
                    digest.update(f"{os.path.relpath(where, root)}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def key_digest(parts: Iterable[str | bytes]) -> bytes:
    """An unambiguous digest of the key's parts (each part's length goes in with it)."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.digest()


def entry_path(kind: str, key: bytes) -> Path | None:
    """The file of an entry of `kind` (a short word) for a key digest; None when there is no usable cache."""
    where = directory()
    return None if where is None else where / f"{kind}-{key.hex()[:40]}.bin"


def owned_file(path: Path) -> bool:
    """Whether `path` is a regular file of this user that nobody else may write to."""
    try:
        info = path.stat()
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and _safe(info)


def read(kind: str, key: bytes) -> bytes | None:
    """The payload stored for (kind, key), or None if there is none whole and ours."""
    path = entry_path(kind, key)
    if path is None:
        return None
    try:
        with open(path, "rb") as handle:
            if not _safe(os.fstat(handle.fileno())):
                return None
            data = handle.read()
    except OSError:
        return None
    head = _MAGIC + kind.encode() + b"\n" + key
    if not data.startswith(head):
        return None
    checksum, payload = data[len(head):len(head) + _DIGEST], data[len(head) + _DIGEST:]
    return payload if hashlib.sha256(payload).digest() == checksum else None


def write(kind: str, key: bytes, payload: bytes) -> None:
    """Store a payload for (kind, key); silently nothing if the cache is off or cannot be written."""
    path = entry_path(kind, key)
    if path is None:
        return
    try:
        write_bytes(path, _MAGIC + kind.encode() + b"\n" + key + hashlib.sha256(payload).digest() + payload)
        _prune(path.parent)
    except OSError:
        pass


MAX_ENTRIES = 200  # entries kept; a new code version or rules text adds some, old ones are never read again


def _prune(where: Path) -> None:
    """Past MAX_ENTRIES, remove the entries written longest ago (a removed entry is only rebuilt when needed)."""
    found = [entry for entry in os.scandir(where) if entry.name.endswith(".bin") and entry.is_file()]
    if len(found) <= MAX_ENTRIES:
        return
    found.sort(key=lambda entry: entry.stat().st_mtime)
    for entry in found[:len(found) - MAX_ENTRIES * 3 // 4]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass


class _Unpickler(pickle.Unpickler):
    """Builds only classes of the allowed modules (and plain containers): a payload cannot name any function."""

    def __init__(self, data: bytes, allowed: frozenset[str]):
        super().__init__(io.BytesIO(data))
        self.allowed = allowed  # module names, exactly

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in _BUILTINS:
            return super().find_class(module, name)
        if module in self.allowed and not name.startswith("_"):
            found = super().find_class(module, name)
            # a class defined there (not one it imports), never a function that could act on the machine
            if isinstance(found, type) and found.__module__ == module:
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a cache entry")


_BUILTINS = frozenset({"frozenset", "set", "tuple", "list", "dict", "slice", "range", "complex", "object"})


def loads(data: bytes, allowed: frozenset[str]) -> Any:
    """A payload unpickled with only the classes of `allowed` modules; any problem raises pickle.UnpicklingError
    or another Exception, for the caller to treat as a missing entry."""
    return _Unpickler(data, allowed).load()


def dumps(value: Any) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
