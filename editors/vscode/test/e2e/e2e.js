// Drives a real VS Code (code-server) in headless Chromium as a user would: opens a file with known
// problems, waits for kibitzer's squiggle and reads the Problems panel, hovers the NAG, runs
// Format Document and saves. Writes what it saw to $KIBITZER_OBSERVED (checked against the CLI by
// editors/testlib/harness.py) and screenshots to $KIBITZER_ARTEFACTS. Started by run.sh.
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const url = env('KIBITZER_CODE_SERVER_URL');
const artefacts = env('KIBITZER_ARTEFACTS');
const plan = JSON.parse(fs.readFileSync(env('KIBITZER_PLAN'), 'utf8'));

// The PBN with the revoke when the CLI reports something there, else the first file that has a
// diagnostic (so the test still runs while a format's rules are not written yet).
function pickFile() {
  const withProblems = plan.files.filter((f) => f.diagnostics.length > 0);
  return withProblems.find((f) => f.lang === 'pbn') || withProblems[0] || plan.files[0];
}

const step = (what) => console.log(`  .. ${what}`);

async function shot(page, name) {
  const file = path.join(artefacts, `vscode-${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
}

async function openFile(page, name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15000 });
  await page.keyboard.press('Enter');
  await page.locator(`.tab[data-resource-name="${name}"], .tab:has-text("${name}")`).first().waitFor({ timeout: 15000 });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 15000 });
}

// The Problems panel's rows: one per file, then one per marker whose text ends with the source,
// the code and "[Ln L, Col C]".
async function readProblems(page, want) {
  const rows = page.locator('.markers-panel .monaco-list-row');
  const deadline = Date.now() + 20000;
  let markers = [];
  while (Date.now() < deadline) {
    const texts = await rows.allInnerTexts();
    markers = texts
      .map((t) => t.replace(/\u00a0/g, ' ').replace(/\s+/g, ' '))
      .filter((t) => /\[Ln \d+, Col \d+\]/.test(t));
    if (markers.length >= want) break;
    await page.waitForTimeout(200);
  }
  await page.waitForTimeout(500);
  markers = (await rows.allInnerTexts())
    .map((t) => t.replace(/\u00a0/g, ' ').replace(/\s+/g, ' '))
    .filter((t) => /\[Ln \d+, Col \d+\]/.test(t));
  return markers.map((text) => {
    // "message  source(CODE) [Ln L, Col C]": the code is the one just before the position.
    const code = text.match(/\(([A-Za-z]+\d+)\) \[Ln \d+/) || text.match(/\b([A-Z]{3}\d{3})\b/);
    return { line: Number(text.match(/\[Ln (\d+),/)[1]), code: code ? code[1] : null, message: text };
  });
}

async function hoverAt(page, position) {
  // Go to line:column (1-based) and ask for the hover from the keyboard, as a user can.
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`:${position.line + 1}:${position.character + 2}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  await runCommand(page, 'Show or Focus Hover');
  const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content, .monaco-hover:not(.hidden)').first();
  try {
    await hover.waitFor({ state: 'visible', timeout: 10000 });
  } catch {
    return ''; // no hover at all: the harness reports what was expected
  }
  await page.waitForTimeout(300);
  return (await hover.innerText()).replace(/\u00a0/g, ' ');
}

// The language mode and, for PGN and PBN, the ISO-8859-1 default of package.json, as the status
// bar shows them.
async function statusBarChecks(page, file, checks) {
  const names = { pgn: 'PGN', pbn: 'PBN', pbi: 'PBI', epd: 'EPD' };
  const items = page.locator('.statusbar-item');
  await items.filter({ hasText: names[file.lang] }).first().waitFor({ timeout: 10000 }).catch(() => {});
  const texts = (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  const lang = texts.includes(names[file.lang]);
  checks.push({ name: `${file.name}: status bar shows the language ${names[file.lang]}`, ok: lang, detail: texts.join(' | ') });
  if (file.lang === 'pgn' || file.lang === 'pbn') {
    checks.push({
      name: `${file.name}: the file is read as ISO 8859-1 (configurationDefaults)`,
      ok: texts.includes('ISO 8859-1'),
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

async function main() {
  const file = pickFile();
  const observed = { files: [], checks: [] };
  const entry = { path: file.path, diagnostics: [] };
  observed.files.push(entry);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    step(`loading ${url}`);
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.waitForTimeout(2000);

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
    entry.diagnostics = await readProblems(page, file.diagnostics.length);
    await shot(page, 'problems');

    // Back to the editor for the hover and the formatting.
    await page.locator('.monaco-editor .view-lines').first().click();
    if (file.hover && file.hover.position) {
      step('hovering the NAG');
      entry.hover = await hoverAt(page, file.hover.position);
      await shot(page, 'hover');
      await page.keyboard.press('Escape');
    }

    step('Format Document, then save');
    const before = await editorText(page);
    await runCommand(page, 'Format Document');
    const deadline = Date.now() + 10000;
    while (Date.now() < deadline && (await editorText(page)) === before) await page.waitForTimeout(200);
    entry.editor_after_format = await editorText(page);
    await shot(page, 'formatted');
    await page.keyboard.press('Control+S');
    await page.locator('.tab.dirty').first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
    await page.waitForTimeout(500);
    entry.formatted = fs.readFileSync(file.path, 'latin1');
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
