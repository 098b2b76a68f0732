// The universal package (no server inside) where no kibitzer is installed: opening a PGN file, the
// user must see an error that says what to install — pip and cargo, each with a button to copy
// its command — and how to name the binary. Started by run.sh with code-server's PATH cleaned.
const path = require('path');
const { env, step, launch, openFile } = require('./common');

const NEEDLES = ['was not found', 'pip install kibitzer-chess-bridge', 'cargo install --locked --path server', 'kibitzer.server.path'];
const BUTTONS = ['Copy pip Command', 'Copy cargo Command', 'Open Settings'];

async function main() {
  const { browser, page } = await launch(env('KIBITZER_CODE_SERVER_URL'));
  const failures = [];
  try {
    step('opening problems.pgn');
    await openFile(page, 'problems.pgn');
    step('waiting for the error notification');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'kibitzer' }).first();
    await toast.waitFor({ state: 'visible', timeout: 30000 });
    const text = (await toast.innerText()).replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');
    await page.screenshot({ path: path.join(env('KIBITZER_ARTEFACTS'), 'vscode-server-not-found.png') });
    for (const needle of [...NEEDLES, ...BUTTONS]) {
      const ok = text.includes(needle);
      console.log(`  ${ok ? 'ok  ' : 'FAIL'} no server: the notification says ${needle}`);
      if (!ok) failures.push(needle);
    }
    console.log(`  note the notification: ${text}`);
  } finally {
    await browser.close();
  }
  if (failures.length) throw new Error(`the notification lacks ${failures.join(', ')}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`vscode not-found: ${e.stack || e}`);
    process.exit(1);
  },
);
