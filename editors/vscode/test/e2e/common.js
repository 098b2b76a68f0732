// What the code-server scripts (e2e.js, board.js) share: the environment they are given, the
// headless Chromium they drive, and running a command from the command palette.
const { chromium } = require('playwright-core');

/** The value of a required environment variable. */
const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const step = (what) => console.log(`  .. ${what}`);

/** Debian's Chromium, headless, without the background traffic this machine's network refuses. */
async function launch() {
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
  return { browser, page };
}

/** Runs a command by its title from the command palette (F1). */
async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
}

module.exports = { env, step, launch, runCommand };
