// What the code-server scripts (e2e.js, board.js) share: the environment they are given, the
// headless Chromium they drive, and running a command from the command palette.
const { chromium } = require('playwright-core');

/** The value of a required environment variable. */
const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

// Each step with the seconds since the script started: a slow machine's log shows where the
// time went (a CI run once took three times as long as here).
const started = Date.now();
const step = (what) => console.log(`  .. [${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

/** Debian's Chromium, headless, without the background traffic this machine's network refuses,
 * on code-server's workbench at `url`. */
async function launch(url) {
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
  } catch (e) {
    await browser.close();
    throw e;
  }
  return { browser, page };
}

/** Runs a command by its title from the command palette (F1). */
async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
}

/** Opens a file of the folder by name with Quick Open (Ctrl+P) and waits for its editor. */
async function openFile(page, name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(name);
  // The row Enter opens is the focused one, which is the most recent file until the filter applies.
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first().waitFor({ timeout: 15000 });
  await page.keyboard.press('Enter');
  await page.locator(`.tab[data-resource-name="${name}"], .tab:has-text("${name}")`).first().waitFor({ timeout: 15000 });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 15000 });
}

/** Puts the cursor at a 0-based line and column with Go to Line (Ctrl+G), as a user can. */
async function goTo(page, position) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`:${position.line + 1}:${position.character + 1}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
}

module.exports = { env, step, launch, runCommand, openFile, goTo };
