// The VS Code side of cardrules: starts `cardrules lsp` for .rules files (see docs/editors.md).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const [command, ...args] = vscode.workspace.getConfiguration("cardrules").get("server.command");
  client = new LanguageClient(
    "cardrules",
    "cardrules",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "cardrules" }] }
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
