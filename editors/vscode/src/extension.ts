// The VS Code client of `kibitzer lsp`: starts the server for PGN, PBN, LIN, PBI and EPD documents and
// adds the commands of package.json. Everything about the files is the server's job.
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  DocumentFormattingRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { BoardPanel } from './boardPanel';
import { SOURCE_DESCRIPTIONS, reportMissingServer, resolveServer } from './serverPath';
import { serverSettings } from './settings';

export const LANGUAGES = ['pgn', 'pbn', 'pbi', 'epd', 'lin'];

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('kibitzer');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('kibitzer.restartServer', () => restart(context)),
    vscode.commands.registerCommand('kibitzer.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('kibitzer.formatAsExport', formatAsExport),
    vscode.commands.registerCommand('kibitzer.showBoard', showBoard),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('kibitzer.server.path')) void restart(context);
      else if (e.affectsConfiguration('kibitzer')) sendSettings();
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const resolved = resolveServer(context.extensionPath);
  if ('error' in resolved) {
    output.appendLine(resolved.error);
    void reportMissingServer(resolved.error);
    return;
  }
  output.appendLine(`Starting ${resolved.command} lsp (${SOURCE_DESCRIPTIONS[resolved.source]})`);
  const serverOptions: ServerOptions = {
    command: resolved.command,
    args: ['lsp'],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    outputChannel: output,
    traceOutputChannel: output,
    initializationOptions: serverSettings(),
  };
  client = new LanguageClient('kibitzer', 'kibitzer', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (e) {
    output.appendLine(`kibitzer lsp failed to start: ${e}`);
    void vscode.window.showErrorMessage(`kibitzer lsp failed to start (${resolved.command}): ${e}`);
  }
}

/** The server's settings after a change. Sent by hand rather than with the client's
 * `synchronize.configurationSection`, which would send the whole section, the client's own
 * settings (server.path, trace.server) too, and the server would warn about them. */
function sendSettings(): void {
  if (!client?.isRunning()) return;
  void client.sendNotification(DidChangeConfigurationNotification.type, { settings: { kibitzer: serverSettings() } });
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) await running.stop();
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  await stop();
  await start(context);
}

/** Formats the active document with the server's formatter (the export format), whatever the
 * user's default formatter is. */
async function formatAsExport(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !LANGUAGES.includes(editor.document.languageId)) {
    void vscode.window.showInformationMessage('kibitzer: open a PGN, PBN, LIN, PBI or EPD document first.');
    return;
  }
  if (!client) {
    void vscode.window.showErrorMessage('kibitzer: the language server is not running.');
    return;
  }
  const document = editor.document;
  const edits = await client.sendRequest(DocumentFormattingRequest.type, {
    textDocument: client.code2ProtocolConverter.asTextDocumentIdentifier(document),
    options: { tabSize: Number(editor.options.tabSize) || 2, insertSpaces: editor.options.insertSpaces !== false },
  });
  if (!edits || edits.length === 0) return;
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.set(document.uri, await client.protocol2CodeConverter.asTextEdits(edits));
  await vscode.workspace.applyEdit(workspaceEdit);
}

/** Opens the board panel beside the editor. From a code lens the arguments say which document
 * and where ({ uri, position }); from the command palette it is the active editor's cursor. */
async function showBoard(args?: { uri?: string; position?: { line: number; character: number } }): Promise<void> {
  if (args?.uri) {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(args.uri));
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    if (args.position) {
      const at = new vscode.Position(args.position.line, args.position.character);
      editor.selection = new vscode.Selection(at, at);
    }
  }
  BoardPanel.show(() => client, LANGUAGES);
}
