"""Files people share are untrusted and files people wrote are precious: special files and bad bytes are refused
with the file named, and a write that fails leaves the old file whole."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from cardrules import files
from cardrules.cli import authoring

ROOT = Path(__file__).resolve().parents[2]
RED7 = (ROOT / "games" / "red7.rules").read_text()
UNFORMATTED = RED7.replace("zone deck: stack, hidden", "zone deck:   stack,hidden")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", [("check", "{f}"), ("fmt", "{f}"), ("play", "{f}"), ("explain", "{f}"),
                                     ("legal", "red7", "--position", "{f}")])
def test_a_fifo_is_refused_instead_of_waited_on(invoke, tmp_path, command):
    fifo = tmp_path / "shared.rules"
    os.mkfifo(fifo)
    result = invoke(*[part.format(f=fifo) for part in command])  # reading it would wait forever
    assert result.exit_code == 1, result.output
    assert "not a regular file" in result.output


def test_bytes_that_are_not_utf8_are_located(invoke, tmp_path):
    path = tmp_path / "latin.rules"
    path.write_bytes(RED7.encode() + b'\ngame "Caf\xe9"\n')
    line = RED7.count("\n") + 2
    for args in (("check", path), ("play", path), ("simulate", path), ("fmt", path)):
        result = invoke(*args)
        assert result.exit_code == 1, result.output
        said = " ".join(result.output.split())  # the console may wrap a long line
        assert f"line {line}, column 10: the bytes there are not UTF-8 text" in said, (args, result.output)


def test_a_byte_order_mark_is_not_part_of_the_rules(tmp_path):
    path = tmp_path / "bom.rules"
    path.write_bytes(b"\xef\xbb\xbf" + RED7.encode())
    assert files.read_text(path) == RED7


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "mine.rules"
    path.write_text("old text\n")
    path.chmod(0o640)

    def full_disk(*_args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        files.write_text(path, "new text\n" * 1000)
    assert path.read_text() == "old text\n"
    assert [p.name for p in tmp_path.iterdir()] == ["mine.rules"]  # no temporary file left behind
    monkeypatch.undo()
    files.write_text(path, "new text\n")
    assert path.read_text() == "new text\n" and (path.stat().st_mode & 0o777) == 0o640


def test_fmt_goes_on_after_a_file_it_cannot_write(invoke, tmp_path, monkeypatch):
    first, second = tmp_path / "a.rules", tmp_path / "b.rules"
    first.write_text(UNFORMATTED)
    second.write_text(UNFORMATTED)
    real = files.write_text

    def failing_for_a(path, text):
        if Path(path).name == "a.rules":
            raise OSError(27, "File too large")
        real(path, text)
    monkeypatch.setattr(authoring, "write_text", failing_for_a)
    result = invoke("fmt", first, second)
    assert result.exit_code == 1
    # Compared without white space: a temporary path longer than the terminal is folded wherever it ends.
    assert "a.rules:error:cannotwritethisfile:Filetoolarge" in "".join(result.output.split())
    assert first.read_text() == UNFORMATTED  # untouched
    assert second.read_text() != UNFORMATTED and "zone deck: stack, hidden" in second.read_text()
    assert "1 could not be read or written" in result.output


def test_new_refuses_to_overwrite_the_file_it_extends(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.rules").write_text(RED7)
    for name in ("s", "s.rules", "./s.rules"):
        result = invoke("new", name, "--from", "s.rules", "--force")
        assert result.exit_code == 1
        assert "is the file the new variant would extend" in result.output
        assert (tmp_path / "s.rules").read_text() == RED7
    assert invoke("new", "t", "--from", "s.rules").exit_code == 0
    assert 'extends "s.rules"' in (tmp_path / "t.rules").read_text()


@pytest.mark.skipif(sys.platform.startswith("win"), reason="no /dev/null device path")
def test_a_device_is_refused(tmp_path):
    with pytest.raises(files.FileProblem, match="not a regular file"):
        files.read_text("/dev/null")
