// The board panel beside the editor (*kibitzer: Show Board*): it follows the cursor, asking the
// server for the frames of the game, deal or position there (`kibitzer/boardView`), and steps
// through them with its buttons or keys, moving the editor's cursor to the move or trick shown.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { BoardView, panelHtml, pictureHtml, Step, stepTo } from './boardModel';

const METHOD = 'kibitzer/boardView';

export class BoardPanel {
  private static instance: BoardPanel | undefined;
  private view: BoardView | undefined;
  private shown = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  /** Opens the panel (or brings it back) and shows the frames at the active editor's cursor. */
  static show(client: () => LanguageClient | undefined, languages: string[]): void {
    if (!BoardPanel.instance) {
      const panel = vscode.window.createWebviewPanel(
        'kibitzer.board',
        'kibitzer board',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, retainContextWhenHidden: true },
      );
      BoardPanel.instance = new BoardPanel(panel, client, languages);
    } else {
      BoardPanel.instance.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    BoardPanel.instance.refresh();
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly client: () => LanguageClient | undefined,
    private readonly languages: string[],
  ) {
    const nonce = [...Array(32)].map(() => Math.floor(Math.random() * 36).toString(36)).join('');
    panel.webview.html = panelHtml(nonce, panel.webview.cspSource);
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m: { type: string; delta: Step }) => {
        if (m.type === 'step') void this.step(m.delta);
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (this.languages.includes(e.textEditor.document.languageId)) this.later();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.later()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === this.editor()?.document) this.later();
      }),
    );
  }

  private editor(): vscode.TextEditor | undefined {
    const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
    return editor && this.languages.includes(editor.document.languageId) ? editor : undefined;
  }

  /** Asks again once the cursor has rested (typing and stepping move it often). */
  private later(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), 120);
  }

  private async refresh(): Promise<void> {
    const editor = this.editor();
    const client = this.client();
    if (!editor || !client) return;
    try {
      this.view = (await client.sendRequest(METHOD, {
        textDocument: { uri: editor.document.uri.toString() },
        position: editor.selection.active,
      })) as BoardView | undefined;
    } catch {
      this.view = undefined;
    }
    this.render(this.view?.current ?? 0);
  }

  private render(index: number): void {
    const view = this.view;
    this.shown = index;
    const frame = view?.frames[index];
    void this.panel.webview.postMessage(
      frame && view
        ? { type: 'show', title: view.title, label: frame.label, picture: pictureHtml(frame), index, count: view.frames.length }
        : { type: 'show', title: '', label: '', picture: '<p id="empty">Nothing to show at the cursor.</p>', index: 0, count: 0 },
    );
  }

  /** Shows the frame the user stepped to and puts the editor's cursor on its move or trick. */
  private async step(delta: Step): Promise<void> {
    const view = this.view;
    const editor = this.editor();
    if (!view || view.frames.length === 0) return;
    const index = stepTo(view, this.shown, delta);
    this.render(index);
    if (editor) {
      const start = view.frames[index].range.start;
      const at = new vscode.Position(start.line, start.character);
      editor.selection = new vscode.Selection(at, at);
      editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  }

  private dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.disposables.forEach((d) => d.dispose());
    BoardPanel.instance = undefined;
  }
}
