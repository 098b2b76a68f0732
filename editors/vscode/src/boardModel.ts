// What the board panel shows, without the `vscode` module (so that unit tests can run it):
// the answer of the server's `kibitzer/boardView` request and the panel's HTML.

/** A position after a move, or a trick: one step of the panel. */
export interface Frame {
  label: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  /** The picture as SVG (the board, or the four hands), when the server draws one. */
  svg?: string;
  /** For a trick, the trick as SVG. */
  trickSvg?: string;
  /** The picture as a text diagram. */
  text: string;
  fen?: string;
}

/** The answer of `kibitzer/boardView` (editors/README.md). */
export interface BoardView {
  title: string;
  current: number;
  frames: Frame[];
}

/** A step the user asks for: a number of frames forward (negative: back), or the first or last. */
export type Step = number | 'first' | 'last';

/** The frame `step` leads to from frame `from`, kept inside the view. */
export function stepTo(view: BoardView, from: number, step: Step): number {
  if (view.frames.length === 0) return 0;
  const target = step === 'last' ? view.frames.length - 1 : step === 'first' ? 0 : from + step;
  return Math.max(0, Math.min(view.frames.length - 1, target));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The picture of a frame: the SVG as an image (an <img> runs no script from the SVG), else the
 * text diagram. */
export function pictureHtml(frame: Frame): string {
  const image = (svg: string, what: string) =>
    `<img class="picture ${what}" alt="${escapeHtml(frame.label)}" src="data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}">`;
  if (frame.svg) {
    return image(frame.svg, 'main') + (frame.trickSvg ? image(frame.trickSvg, 'trick') : '');
  }
  return `<pre class="picture">${escapeHtml(frame.text)}</pre>`;
}

/** The panel's page: the script renders the frames the extension posts and posts back the
 * frame the user steps to (buttons, or the arrow keys, Home and End). */
export function panelHtml(nonce: string, cspSource: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: ${cspSource}; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<title>kibitzer board</title>
<style>
  body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 8px; }
  #title { font-weight: bold; margin-bottom: 4px; }
  #label { font-size: 1.2em; margin: 6px 0; }
  .picture { max-width: 100%; width: 420px; vertical-align: top; }
  .picture.trick { width: 240px; margin-left: 8px; }
  pre.picture { font-family: var(--vscode-editor-font-family); font-size: 1.1em; }
  nav button { min-width: 3em; font-size: 1.1em; }
  #empty { opacity: 0.7; }
</style></head>
<body>
<div id="title"></div>
<nav>
  <button id="first" title="First (Home)">|◀</button>
  <button id="prev" title="Back (←)">◀</button>
  <button id="next" title="Forward (→)">▶</button>
  <button id="last" title="Last (End)">▶|</button>
</nav>
<div id="label"></div>
<div id="frame"><p id="empty">Put the cursor on a move, a deal or a position.</p></div>
<script nonce="${nonce}">
  const vscode = acquireVsCodeApi();
  const step = (delta) => vscode.postMessage({ type: 'step', delta });
  document.getElementById('first').onclick = () => step('first');
  document.getElementById('prev').onclick = () => step(-1);
  document.getElementById('next').onclick = () => step(1);
  document.getElementById('last').onclick = () => step('last');
  window.addEventListener('keydown', (e) => {
    const delta = { ArrowLeft: -1, ArrowRight: 1, Home: 'first', End: 'last' }[e.key];
    if (delta !== undefined) { e.preventDefault(); step(delta); }
  });
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (m.type !== 'show') return;
    document.getElementById('title').textContent = m.title;
    document.getElementById('label').textContent = m.label;
    document.getElementById('frame').innerHTML = m.picture;
    document.body.dataset.frame = String(m.index);
    document.body.dataset.frames = String(m.count);
  });
</script>
</body></html>`;
}
