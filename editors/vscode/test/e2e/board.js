// The board panel in a real VS Code (code-server), as a user meets it: cursor on a move,
// "kibitzer: Show Board", the panel beside the editor shows that move's position; its ▶ button
// steps to the next move and moves the editor's cursor there; the same for a deal's tricks.
// Screenshots go to $KIBITZER_ARTEFACTS (vscode-board-*.png). Started by run.sh after e2e.js.
const fs = require('fs');
const path = require('path');
const { env, step, launch, runCommand, openFile, goTo } = require('./common');

const url = env('KIBITZER_CODE_SERVER_URL');
const artefacts = env('KIBITZER_ARTEFACTS');
const files = env('KIBITZER_BOARD_FILES');


async function openAt(page, name, needle) {
  const lines = fs.readFileSync(path.join(files, name), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  if (line < 0) throw new Error(`${name}: no ${needle}`);
  await openFile(page, name);
  await page.waitForTimeout(1500); // the language server starts and reads the file
  await goTo(page, { line, character: lines[line].indexOf(needle) });
  return line + 1;
}

// The panel's page: a webview is an iframe holding the extension's page in another iframe.
const panel = (page) => page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');

async function labelBecomes(page, want) {
  const label = panel(page).locator('#label');
  const deadline = Date.now() + 20000;
  let seen = '';
  while (Date.now() < deadline) {
    seen = (await label.textContent({ timeout: 2000 }).catch(() => '')) || '';
    if (seen === want) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`the board panel shows "${seen}", not "${want}"`);
}

// The editor's cursor as the status bar shows it (only while the editor has the focus).
async function cursor(page) {
  await runCommand(page, 'View: Focus First Editor Group');
  await page.waitForTimeout(500);
  const texts = await page.locator('.statusbar-item').allInnerTexts();
  const m = texts.map((t) => t.match(/Ln (\d+), Col (\d+)/)).find(Boolean);
  return m ? `${m[1]}:${m[2]}` : '(no cursor in the status bar)';
}

async function main() {
  const { browser, page } = await launch(url);
  try {

    step('board.pgn: cursor on 2... Nc6, Show Board');
    const moveLine = await openAt(page, 'board.pgn', 'Nc6');
    await runCommand(page, 'kibitzer: Show Board');
    await labelBecomes(page, '2... Nc6');
    await panel(page).locator('img.picture.main').waitFor({ timeout: 10000 });
    await page.screenshot({ path: path.join(artefacts, 'vscode-board-pgn.png') });
    step('▶ steps over the variation to 3. Bc4 and moves the cursor there');
    await panel(page).locator('#next').click();
    await labelBecomes(page, '3. Bc4');
    const want = `${moveLine}:${fs.readFileSync(path.join(files, 'board.pgn'), 'utf8').split('\n')[moveLine - 1].indexOf('Bc4') + 1}`;
    const at = await cursor(page);
    if (at !== want) throw new Error(`the editor's cursor is at ${at}, not on 3. Bc4 at ${want}`);
    step('the cursor in the variation: the panel follows it');
    await openAt(page, 'board.pgn', 'd4)');
    await labelBecomes(page, '3. d4');
    await page.screenshot({ path: path.join(artefacts, 'vscode-board-pgn-variation.png') });

    step('board.pbn: cursor on trick 2, the panel follows');
    await openAt(page, 'board.pbn', 'CJ C8');
    await labelBecomes(page, 'Trick 2');
    await panel(page).locator('img.picture.trick').waitFor({ timeout: 10000 });
    await panel(page).locator('#first').click();
    await labelBecomes(page, 'Deal');
    await panel(page).locator('#last').click();
    await labelBecomes(page, 'Trick 2');
    await page.screenshot({ path: path.join(artefacts, 'vscode-board-pbn.png') });
  } catch (e) {
    const where = path.join(artefacts, 'vscode-board-failure.png');
    await page.screenshot({ path: where }).catch(() => {});
    throw new Error(`${e.message}\n  screenshot: ${where}`);
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`vscode board e2e: ${e.stack || e}`);
    process.exit(1);
  },
);
