"""Paths -> text and text -> paths, safely: only regular files are read, and writes never leave half a file.

Rules files, position files and saves are shared between people, so a path may name a FIFO (reading it
would wait forever), a device, a huge file or bytes that are not UTF-8; each is refused with a message
that names the file (and, for bad bytes, the line and column). A write goes to a temporary file in the
same directory, which is then renamed over the target: a full disk or a killed process leaves the old
file whole.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .limits import MAX_FILE_BYTES, line_and_column


class FileProblem(OSError):
    """A file that cannot be read or written, with the reason in words (str(exc) is the whole message)."""

    def __init__(self, path: str | os.PathLike, reason: str):
        super().__init__(reason)
        self.path = str(path)
        self.reason = reason
        self.strerror = reason  # callers that print OSError.strerror print the reason

    def __str__(self) -> str:
        return f"cannot read {self.path}: {self.reason}"


def _regular_size(path: Path) -> int:
    try:
        info = path.stat()
    except FileNotFoundError:
        raise FileProblem(path, "no such file") from None
    except OSError as exc:
        raise FileProblem(path, exc.strerror or str(exc)) from None
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem(path, "it is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, "it is not a regular file (a pipe or a device); give a file")
    return info.st_size


def read_text(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> str:
    """The file's text (UTF-8, a leading byte-order mark dropped); FileProblem if it is not a regular
    file, is larger than `limit` bytes, cannot be opened or is not UTF-8 (with the line and column)."""
    path = Path(path)
    if _regular_size(path) > limit:
        raise FileProblem(path, f"it is larger than {limit // (1024 * 1024)} MB")
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise FileProblem(path, exc.strerror or str(exc)) from None
    if len(data) > limit:  # it grew after the size was read
        raise FileProblem(path, f"it is larger than {limit // (1024 * 1024)} MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = line_and_column(data, exc.start)
        raise FileProblem(path, f"line {line}, column {column}: the bytes there are not UTF-8 text") from None
    return text.removeprefix("\ufeff")


def write_text(path: str | os.PathLike, text: str) -> None:
    """Write `text` to `path` as UTF-8 in one step: a temporary file beside it, renamed over it (keeping
    an existing file's permissions). On failure the old file is untouched and OSError says why."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to `path` in one step, as `write_text` does."""
    path = Path(path)
    if path.exists() and not path.is_file():  # renaming over it would replace a device (/dev/full) or a FIFO
        raise FileProblem(path, "it is a directory" if path.is_dir() else
                          "it is not a regular file (a pipe or a device); give a file")
    mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else None
    import tempfile  # here, not at the top: a warm start writes nothing, and tempfile costs it ~4 ms

    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two paths name one existing file (through links, `..` and case-insensitive file systems)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
