"""An in-process LSP client for the tests: the server (`cardrules.lsp.server`) runs its own stdio loop in a thread,
reading and writing two pipes; the test writes framed JSON-RPC messages to one and reads the other, as an editor
would. Nothing of the server is called directly: what is tested is what an editor receives."""

from __future__ import annotations

import itertools
import json
import os
import queue
import threading
from pathlib import Path
from typing import Any

from cardrules.lsp.server import build_server

TIMEOUT = 20  # seconds: a reply that takes longer is a hung server


class Client:
    def __init__(self, capabilities: dict | None = None) -> None:
        to_server, self._server_in = _pipe()
        self._server_out, from_server = _pipe()
        self._to_server = to_server
        self._from_server = from_server
        self._ids = itertools.count(1)
        self._responses: queue.Queue = queue.Queue()
        self.notifications: queue.Queue = queue.Queue()
        server = build_server()
        self._server = threading.Thread(target=server.start_io, args=(self._server_in, self._server_out), daemon=True)
        self._server.start()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.capabilities = self.request("initialize", {"processId": None, "rootUri": None,
                                                        "capabilities": capabilities or {}})["capabilities"]
        self.notify("initialized", {})

    # -- the wire
    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self._to_server.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self._to_server.flush()

    def _read(self) -> None:
        while True:
            length = None
            while True:
                line = self._from_server.readline()
                if not line:
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line in (b"\r\n", b"\n") and length is not None:
                    break
            message = json.loads(self._from_server.read(length))
            if "method" in message and "id" in message:  # a request of the server's: agree to it
                self._send({"id": message["id"], "result": None})
            elif "method" in message:
                self.notifications.put(message)
            else:
                self._responses.put(message)

    # -- messages
    def request(self, method: str, params: Any) -> Any:
        ident = next(self._ids)
        self._send({"id": ident, "method": method, "params": params})
        while True:
            message = self._responses.get(timeout=TIMEOUT)
            if message.get("id") == ident:
                assert "error" not in message, message["error"]
                return message.get("result")

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def diagnostics(self, uri: str) -> list[dict]:
        """The next diagnostics published for a file."""
        while True:
            message = self.notifications.get(timeout=TIMEOUT)
            if message["method"] == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    # -- what an editor does
    def open(self, path: Path, text: str | None = None) -> str:
        """Open a file (its text as on disk unless given) and return its URI."""
        uri = path.resolve().as_uri()
        text = path.read_text(encoding="utf-8") if text is None else text
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cardrules", "version": 1,
                                                              "text": text}})
        return uri

    def change(self, uri: str, text: str, version: int = 2) -> None:
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": [{"text": text}]})

    def at(self, method: str, uri: str, line: int, character: int) -> Any:
        return self.request(method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})

    def close(self) -> None:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
        finally:
            self._to_server.close()
            self._server.join(timeout=TIMEOUT)
            self._from_server.close()


def _pipe():
    read, write = os.pipe()
    return os.fdopen(write, "wb"), os.fdopen(read, "rb")
