// Drives a real VS Code (code-server) in headless Chromium as a user would: opens each file of the
// plan (a PBN with a revoke first), waits for kibitzer's squiggles and reads the Problems panel,
// hovers the NAG, runs Format Document (or, for format-on-save.*, nothing: editor.formatOnSave
// formats it) and saves; reads the kibitzer output channel to see which binary the extension ran;
// turns a rule off in the workspace settings and sees its squiggle go. Writes what it saw to $KIBITZER_OBSERVED (checked against the CLI by
// editors/testlib/harness.py) and screenshots to $KIBITZER_ARTEFACTS. Started by run.sh.
const fs = require('fs');
const path = require('path');
const { env, step, launch, runCommand, openFile, goTo } = require('./common');

const url = env('KIBITZER_CODE_SERVER_URL');
const artefacts = env('KIBITZER_ARTEFACTS');
const plan = JSON.parse(fs.readFileSync(env('KIBITZER_PLAN'), 'utf8'));

async function shot(page, name) {
  const file = path.join(artefacts, `vscode-${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

// The Problems panel's rows: a header row per file, then one row per marker whose text ends
// with "source(CODE) [Ln L, Col C]". Returns the markers of the file called `name`.
async function problemsOf(page, name) {
  const texts = (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map((t) =>
    t.replace(/\u00a0/g, ' ').replace(/\s+/g, ' '),
  );
  let header = '';
  const markers = [];
  for (const text of texts) {
    if (!/\[Ln \d+, Col \d+\]/.test(text)) {
      header = text;
      continue;
    }
    if (!header.includes(name)) continue;
    const code = text.match(/\(([A-Za-z]+\d+)\) \[Ln \d+/) || text.match(/\b([A-Z]{3}\d{3})\b/);
    markers.push({ line: Number(text.match(/\[Ln (\d+),/)[1]), code: code ? code[1] : null, message: text });
  }
  return markers;
}

// The markers of the file called `name`, once there are `want` of them (or 20 s passed). The
// panel lists the workspace's diagnostics (workspace/diagnostic) and renders only the rows in view,
// so it is first filtered to the file by its name (the filter keeps every marker of a file whose
// name matches), then the filter is cleared.
async function readProblems(page, name, want) {
  const filter = page.locator('.panel input[placeholder^="Filter"]').first();
  await filter.fill(name);
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline && (await problemsOf(page, name)).length < want) await page.waitForTimeout(200);
  await page.waitForTimeout(500); // and any late extra
  const markers = await problemsOf(page, name);
  await filter.fill('');
  return markers;
}

// The file's lines as VS Code decodes them (UTF-8 when valid, else ISO-8859-1).
function linesOf(file) {
  return fs.readFileSync(file.path).toString(file.encoding === 'utf-8' ? 'utf8' : 'latin1').split(/\r?\n/);
}

// Where the needle first occurs: 0-based line and UTF-16 column, as VS Code counts.
function positionOf(file, needle) {
  const lines = linesOf(file);
  const line = lines.findIndex((l) => l.includes(needle));
  if (line < 0) throw new Error(`${file.name}: no ${needle}`);
  return { line, character: lines[line].indexOf(needle) };
}

// VS Code's "Col" counts UTF-16 code units; the harness wants characters (code points).
function toCharacterColumns(markers, file) {
  const lines = linesOf(file);
  return markers.map((m) => {
    const col = Number(m.message.match(/\[Ln \d+, Col (\d+)\]/)[1]);
    return { ...m, column: [...(lines[m.line - 1] || '').slice(0, col - 1)].length + 1 };
  });
}

async function hoverAt(page, position) {
  // Put the cursor on the first character of the NAG (line:column, 1-based) and ask for the hover
  // from the keyboard, as a user can.
  await goTo(page, position);
  await runCommand(page, 'Show or Focus Hover');
  const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content, .monaco-hover:not(.hidden)').first();
  try {
    await hover.waitFor({ state: 'visible', timeout: 10000 });
  } catch {
    return ''; // no hover at all: the harness reports what was expected
  }
  await page.waitForTimeout(300);
  // The pictures are images: each is given as Markdown's `![alt]`, ahead of the hover's text.
  const images = await page
    .locator('.monaco-hover:not(.hidden) img')
    .evaluateAll((imgs) => imgs.map((img) => `![${img.getAttribute('alt') || ''}]`));
  return [...images, await hover.innerText()].join('\n').replace(/\u00a0/g, ' ');
}

// The language mode and, for PGN and PBN, the ISO-8859-1 default of package.json, as the status
// bar shows them.
async function statusBarChecks(page, file, checks) {
  const names = { pgn: 'PGN', pbn: 'PBN', pbi: 'PBI', epd: 'EPD', lin: 'LIN' };
  const items = page.locator('.statusbar-item');
  await items.filter({ hasText: names[file.lang] }).first().waitFor({ timeout: 10000 }).catch(() => {});
  const texts = (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  const lang = texts.includes(names[file.lang]);
  checks.push({ name: `${file.name}: status bar shows the language ${names[file.lang]}`, ok: lang, detail: texts.join(' | ') });
  if (file.lang === 'pgn' || file.lang === 'pbn') {
    // configurationDefaults: UTF-8 when the file is valid UTF-8, else ISO-8859-1 (as kibitzer
    // decodes); a plain ASCII file reads the same either way.
    const ascii = fs.readFileSync(file.path).every((b) => b < 0x80);
    const want = ascii ? ['ISO 8859-1', 'UTF-8'] : [file.encoding === 'utf-8' ? 'UTF-8' : 'ISO 8859-1'];
    checks.push({
      name: `${file.name}: the file is read as ${want.join(' or ')} (configurationDefaults)`,
      ok: texts.some((t) => want.includes(t)),
      detail: texts.filter((t) => /UTF|ISO|Windows/.test(t)).join(' | '),
    });
  }
}

async function editorText(page) {
  const lines = await page.locator('.monaco-editor .view-lines .view-line').evaluateAll((els) =>
    els
      .map((el) => ({ top: parseFloat(el.style.top) || 0, text: el.textContent || '' }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text),
  );
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

// One file as a user meets it: open, see the squiggles and the Problems panel, hover the NAG,
// format (with `formatCommand`; null: only save, with editor.formatOnSave), save, close.
async function exercise(page, file, formatCommand, observed) {
  const entry = { path: file.path, diagnostics: [] };
  observed.files.push(entry);
  const base = path.basename(file.name, path.extname(file.name)) + '-' + file.lang;
  step(`opening ${file.name}`);
  await openFile(page, file.name);
  await statusBarChecks(page, file, observed.checks);

  if (file.diagnostics.length > 0) {
    step('waiting for a squiggle');
    await page
      .locator('.squiggly-error, .squiggly-warning, .squiggly-info, .squiggly-hint')
      .first()
      .waitFor({ state: 'attached', timeout: 30000 });
  }
  step('reading the Problems panel');
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel').first().waitFor({ timeout: 10000 });
  entry.diagnostics = toCharacterColumns(await readProblems(page, file.name, file.diagnostics.length), file);
  await shot(page, `${base}-problems`);

  // Back to the editor for the hover and the formatting.
  await page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
  if (file.lang === 'pgn' || file.lang === 'pbn') {
    // The server's "Show board" lens above each game. Waited for before the hover: when the
    // lenses arrive the lines move down, and VS Code closes a hover the view scrolled under.
    step('waiting for the Show board code lens');
    const lens = page.locator('.codelens-decoration').filter({ hasText: 'Show board' }).first();
    const shown = await lens.waitFor({ state: 'attached', timeout: 15000 }).then(() => true, () => false);
    await page.waitForTimeout(500);
    observed.checks.push({ name: `${file.name}: the Show board code lens is shown`, ok: shown, detail: shown ? 'shown' : 'no lens' });
  }
  if (file.hover) {
    step(`hovering ${file.hover.needle}`);
    entry.hover = await hoverAt(page, positionOf(file, file.hover.needle));
    await shot(page, `${base}-hover`);
    await page.keyboard.press('Escape');
  }

  const before = await editorText(page);
  if (formatCommand) {
    step(`${formatCommand}, then save`);
    await runCommand(page, formatCommand);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await editorText(page)) === before) await page.waitForTimeout(200);
    entry.editor_after_format = await editorText(page);
    await shot(page, `${base}-formatted`);
  } else {
    step('save (editor.formatOnSave formats)');
  }
  await page.keyboard.press('Control+S');
  await page.locator('.tab.dirty').first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
  if (!formatCommand) {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await editorText(page)) === before) await page.waitForTimeout(200);
    await shot(page, `${base}-saved`);
  }
  await page.waitForTimeout(500);
  entry.saved = true;
  if (file.rename) {
    // The file as saved, before the rename: VS Code may save the open file the rename edits too
    // (files.refactoring.autoSave; it did on some runs and not on others), so the harness
    // compares this, not the file at the end, with `kibitzer fmt`'s bytes and the renamed text.
    entry.saved_base64 = fs.readFileSync(file.path).toString('base64');
    entry.renamed = await renamePlayer(page, file, base);
  }
  await runCommand(page, 'View: Close All Editors');
  await page.waitForTimeout(300);
}

// The whole text of the active editor's document, as the clipboard gets it from Select All and
// Copy (the rendered lines hold inlay hints and only the lines in view).
async function documentText(page) {
  await page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+C');
  await page.waitForTimeout(200);
  const text = await page.evaluate(() => navigator.clipboard.readText());
  await page.keyboard.press('Control+Home');
  return text;
}

// F2 on the plan's player (after the file was formatted and saved): VS Code asks the server
// (prepareRename), the user types the new name and presses Enter, and VS Code applies the
// WorkspaceEdit to the open file and to the closed files of the folder that hold the name (those
// it saves at once, and at times the open one too). Returns the text of each of those files as
// the editor then shows it; the open file is reverted when VS Code has not saved it (the harness
// compares its text with the file as saved before the rename, `saved_base64`).
async function renamePlayer(page, file, base) {
  const { needle, new_name: newName, files } = file.rename;
  step(`renaming ${needle} to ${newName} (F2)`);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const before = await documentText(page);
  await goTo(page, positionOf(file, needle));
  await page.keyboard.press('F2');
  const input = page.locator('.rename-box input, .rename-input').first();
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(newName);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: 10000 }).catch(() => {});
  // The edit comes when the server has answered: waited for until it is there, up to a minute
  // for a loaded machine (0.7 s here), and the wait logged.
  let after = before;
  const asked = Date.now();
  const deadline = asked + 60000;
  while (Date.now() < deadline && after === before) {
    await page.waitForTimeout(300);
    after = await documentText(page);
  }
  step(`the rename's edit ${after === before ? 'did not come' : 'came'} after ${((Date.now() - asked) / 1000).toFixed(1)} s`);
  const renamed = { [file.path]: after };
  await shot(page, `${base}-renamed`);
  await runCommand(page, 'View: Revert and Close Editor');
  for (const other of files.filter((p) => p !== file.path)) {
    await openFile(page, path.basename(other));
    renamed[other] = await documentText(page);
    await runCommand(page, 'View: Revert and Close Editor');
  }
  return renamed;
}

// The hover pictures (SVG images in the hover's Markdown): for each {file, needle, skip, name} of
// $KIBITZER_PICTURES, open the file, hover `skip` characters into the first `needle`, wait for the
// image and take a screenshot `vscode-picture-NAME.png`.
async function pictures(page, list, observed) {
  const dir = env('KIBITZER_FILES_DIR');
  // The whole editor's height for the hovers (pictures are 250-360 pixels tall).
  await runCommand(page, 'View: Hide Panel').catch(() => {});
  await page.keyboard.press('Escape');
  for (const { file, needle, skip, name } of list) {
    step(`hover picture: ${name}`);
    await openFile(page, file);
    await page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
    const text = fs.readFileSync(path.join(dir, file), 'utf8').replace(/^\uFEFF/, '');
    const at = text.indexOf(needle) + (skip || 0);
    const before = text.slice(0, at).split('\n');
    await hoverAt(page, { line: before.length - 1, character: before[before.length - 1].length });
    const img = page.locator('.monaco-hover:not(.hidden) img').first();
    let ok = true;
    try {
      await img.waitFor({ state: 'visible', timeout: 10000 });
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle(), { timeout: 10000 });
      await page.waitForTimeout(300);
    } catch {
      ok = false;
    }
    await shot(page, `picture-${name}`);
    observed.checks.push({ name: `hover on ${name} in ${file} shows a picture`, ok, detail: ok ? '' : 'no image in the hover' });
    await page.keyboard.press('Escape');
    await runCommand(page, 'View: Close All Editors');
    await page.waitForTimeout(300);
  }
}

// The kibitzer output channel's first line says which binary the extension started and where it
// found it ("Starting /…/server/kibitzer lsp (bundled with the extension)").
async function serverStarted(page, observed) {
  step('reading the kibitzer output channel');
  await runCommand(page, 'kibitzer: Show Output');
  // The channel wraps long lines over several .view-line elements: joined in screen order, without
  // separators, the first line is whole again.
  const readChannel = () =>
    page.locator('.panel .monaco-editor .view-lines .view-line').evaluateAll((els) =>
      els
        .map((el) => ({ top: parseFloat(el.style.top) || 0, text: el.textContent || '' }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text)
        .join(''),
    );
  let text = '';
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline && !/Starting .* lsp \(/.test(text)) {
    await page.waitForTimeout(300);
    text = (await readChannel()).replace(/\u00a0/g, ' ');
  }
  await shot(page, 'output-channel');
  const started = (text.match(/Starting \S+ lsp \([^)]*\)/) || [''])[0];
  // The extension sends the server only the settings it reads, none it would warn about.
  const warnings = text.match(/kibitzer settings: [^[]*/g) || [];
  observed.checks.push({
    name: 'the kibitzer output channel: no warning about the settings the extension sent',
    ok: warnings.length === 0,
    detail: warnings.join(' | '),
  });
  const want = process.env.KIBITZER_EXPECT_SERVER; // a regular expression
  if (want) {
    observed.checks.push({
      name: `the kibitzer output channel: the server started is /${want}/`,
      ok: new RegExp(want).test(started),
      detail: started || text.slice(0, 300) || 'the output channel is empty',
    });
  }
  await runCommand(page, 'View: Close Panel').catch(() => {});
}

// A rule turned off in the workspace settings (.vscode/settings.json, as the Settings editor writes
// them) reaches the server (workspace/didChangeConfiguration) and its squiggle goes.
async function settingsReachTheServer(page, observed) {
  const dir = path.join(env('KIBITZER_FILES_DIR'), '.vscode');
  step('turning PBN403 off in the workspace settings');
  await openFile(page, 'revoke.pbn');
  const squiggle = page.locator('.squiggly-error, .squiggly-warning, .squiggly-info, .squiggly-hint').first();
  const shown = await squiggle.waitFor({ state: 'attached', timeout: 30000 }).then(() => true, () => false);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ 'kibitzer.rules': { PBN403: 'off' } }, null, 2));
  const gone = shown && (await squiggle.waitFor({ state: 'detached', timeout: 20000 }).then(() => true, () => false));
  await shot(page, 'settings-rule-off');
  observed.checks.push({
    name: 'kibitzer.rules {PBN403: off} in the workspace settings: the squiggle of revoke.pbn goes',
    ok: gone,
    detail: !shown ? 'no squiggle to begin with' : gone ? '' : 'the squiggle stayed',
  });
  fs.rmSync(dir, { recursive: true });
  await runCommand(page, 'View: Close All Editors');
  await page.waitForTimeout(1000);
}

// The server's *Open in BBO handviewer* lens above a PBN deal runs `vscode.open` on the board's
// handviewer link. Clicked as a user would: VS Code asks before it opens an external site, the
// answer Open opens the link in a new browser tab, whose address must carry the board as
// `kibitzer convert --to lin` writes it ($KIBITZER_HANDVIEWER_LIN). The tab is answered here, by
// a stub: nothing is fetched from bridgebase.com.
async function handviewerLens(page, file, lin, observed) {
  const name = `${file}: the Open in BBO handviewer code lens opens the board's handviewer link`;
  step(`clicking the Open in BBO handviewer lens of ${file}`);
  const context = page.context();
  await context.route('https://www.bridgebase.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>handviewer (test stub)</title>' }),
  );
  await openFile(page, file);
  const lens = page.locator('.codelens-decoration a').filter({ hasText: 'Open in BBO handviewer' }).first();
  let detail = '';
  let ok = false;
  try {
    await lens.waitFor({ state: 'visible', timeout: 15000 });
    await page.waitForTimeout(500);
    const opened = context.waitForEvent('page', { timeout: 20000 });
    await lens.click();
    // VS Code's link protection: "Do you want Code to open the external website?"
    const dialog = page.locator('.monaco-dialog-box');
    const asked = await dialog.waitFor({ state: 'visible', timeout: 10000 }).then(() => true, () => false);
    if (asked) {
      detail += `asked: ${(await dialog.innerText()).replace(/\s+/g, ' ').slice(0, 160)}; `;
      await shot(page, 'handviewer-dialog');
      await dialog.locator('.monaco-button', { hasText: /^Open$/ }).first().click();
    }
    const tab = await opened;
    // The tab opens on about:blank and is then sent to the link.
    await tab.waitForURL(/^https:\/\/www\.bridgebase\.com\//, { timeout: 15000 }).catch(() => {});
    const address = new URL(tab.url());
    const board = address.searchParams.get('lin');
    ok = address.origin + address.pathname === 'https://www.bridgebase.com/tools/handviewer.html' && board === lin;
    detail += `opened ${tab.url().slice(0, 120)}…` + (board === lin ? ', the board as convert --to lin writes it' : `, lin=${board}`);
    await tab.close();
  } catch (e) {
    const notes = await page.locator('.notifications-toasts .notification-toast').allInnerTexts().catch(() => []);
    detail += `${e.message.split('\n')[0]}${notes.length ? `; notifications: ${notes.join(' | ')}` : ''}`;
    await shot(page, 'handviewer-failure');
  }
  observed.checks.push({ name, ok, detail });
  await context.unroute('https://www.bridgebase.com/**');
  await runCommand(page, 'View: Close All Editors');
  await page.waitForTimeout(300);
}

async function main() {
  const observed = { files: [], checks: [] };
  const { browser, page } = await launch(url);
  try {
    // Every other file is formatted with the extension's own command rather than Format Document;
    // format-on-save.* only saved.
    for (const [i, file] of plan.files.entries()) {
      const command = /^format-on-save\./.test(file.name)
        ? null
        : i % 2
          ? 'kibitzer: Format as Export Format'
          : 'Format Document';
      await exercise(page, file, command, observed);
      if (i === 0) await serverStarted(page, observed);
    }
    await settingsReachTheServer(page, observed);
    if (process.env.KIBITZER_HANDVIEWER_LIN) {
      await handviewerLens(page, 'pictures.pbn', process.env.KIBITZER_HANDVIEWER_LIN, observed);
    }
    if (process.env.KIBITZER_PICTURES) {
      await pictures(page, JSON.parse(process.env.KIBITZER_PICTURES), observed);
    }
  } catch (e) {
    const where = await shot(page, 'failure').catch(() => '(no screenshot)');
    throw new Error(`${e.message}\n  screenshot: ${where}`);
  } finally {
    fs.writeFileSync(env('KIBITZER_OBSERVED'), JSON.stringify(observed, null, 1));
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`vscode e2e: ${e.stack || e}`);
    process.exit(1);
  },
);
