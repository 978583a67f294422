"""`cardrules lsp`: the server over the process's own standard input and output, and the message that says how
to install the `lsp` extra when pygls is missing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _framed(*messages: dict) -> bytes:
    out = b""
    for message in messages:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        out += b"Content-Length: %d\r\n\r\n" % len(body) + body
    return out


def _replies(data: bytes) -> list[dict]:
    replies = []
    while data:
        header, _, rest = data.partition(b"\r\n\r\n")
        fields = dict(line.split(b": ", 1) for line in header.split(b"\r\n"))
        length = int(fields[b"Content-Length"])
        replies.append(json.loads(rest[:length]))
        data = rest[length:]
    return replies


def test_the_command_serves_over_stdio_until_the_editor_ends_it(tmp_path):
    rules = tmp_path / "bad.rules"
    uri = rules.as_uri()
    session = _framed(
        {"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "cardrules", "version": 1, "text": 'game "x"\nplayers 2..2\nturn:\n  pass\n'}}},
        {"id": 2, "method": "shutdown", "params": None},
        {"method": "exit", "params": None},
    )
    done = subprocess.run([sys.executable, "-c", "from cardrules.cli import main; main()", "lsp"], input=session,
                          capture_output=True, cwd=REPO, timeout=60, env={"PYTHONPATH": str(REPO), "PATH": ""})
    assert done.returncode == 0, done.stderr.decode()
    replies = _replies(done.stdout)
    assert replies[0]["id"] == 1 and replies[0]["result"]["serverInfo"]["name"] == "cardrules"
    published = next(r["params"] for r in replies if r.get("method") == "textDocument/publishDiagnostics")
    assert published["uri"] == uri and "E202" in {d["code"] for d in published["diagnostics"]}  # no cards
    assert replies[-1] == {"jsonrpc": "2.0", "id": 2, "result": None}


def test_without_the_extra_the_command_says_how_to_install_it(invoke, monkeypatch):
    for name in list(sys.modules):
        if name.split(".")[0] in ("pygls", "lsprotocol") or name.startswith("cardrules.lsp"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pygls", None)  # `import pygls` fails as if it were not installed
    monkeypatch.setitem(sys.modules, "lsprotocol", None)
    result = invoke("lsp")
    assert result.exit_code == 1
    assert "pip install 'cardrules[lsp]'" in result.output and "not installed" in result.output


def test_the_other_commands_do_not_need_the_extra():
    code = ("import sys; sys.modules['pygls'] = sys.modules['lsprotocol'] = None\n"
            "from cardrules.cli import main; main(['check', 'games/red7.rules'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60,
                          env={"PYTHONPATH": str(REPO), "PATH": ""})
    assert done.returncode == 0, done.stdout + done.stderr
