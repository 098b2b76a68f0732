// The order in which the extension looks for the server, with a mocked `vscode` module and real
// files in a temporary folder. Run: npm run test:unit (compiles src/ to out/ first).
const { test, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { state, reset } = require('./vscode-mock');
const sp = require('../../out/serverPath');

let tmp;
beforeEach(() => {
  reset();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kibitzer-ext-'));
});
// Each test's folder goes with it: a run left a dozen behind in the system's temporary folder.
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function executable(...parts) {
  const file = path.join(tmp, ...parts);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\n');
  fs.chmodSync(file, 0o755);
  return file;
}

const noPath = { PATH: '' };

test('the setting wins over a bundled binary and PATH', () => {
  const configured = executable('custom', 'kibitzer');
  executable('ext', 'server', 'kibitzer');
  executable('bin', 'kibitzer');
  state.settings['kibitzer.server.path'] = configured;
  const r = sp.resolveServer(path.join(tmp, 'ext'), { PATH: path.join(tmp, 'bin') }, 'linux');
  assert.deepEqual(r, { command: configured, source: 'setting' });
});

test('a relative setting and ${workspaceFolder} are taken from the workspace folder', () => {
  const configured = executable('ws', 'target', 'debug', 'kibitzer');
  state.workspaceFolders = [{ uri: { fsPath: path.join(tmp, 'ws') } }];
  for (const setting of ['target/debug/kibitzer', '${workspaceFolder}/target/debug/kibitzer']) {
    state.settings['kibitzer.server.path'] = setting;
    assert.deepEqual(sp.resolveServer(path.join(tmp, 'ext'), noPath, 'linux'), { command: configured, source: 'setting' });
  }
});

test('~ in the setting is the home folder', () => {
  assert.equal(sp.expandSettingPath('~/bin/kibitzer', undefined), path.join(os.homedir(), 'bin', 'kibitzer'));
});

test('a setting that names no executable is an error, not a fallback to PATH', () => {
  executable('bin', 'kibitzer');
  const missing = path.join(tmp, 'nowhere', 'kibitzer');
  state.settings['kibitzer.server.path'] = missing;
  const r = sp.resolveServer(path.join(tmp, 'ext'), { PATH: path.join(tmp, 'bin') }, 'linux');
  assert.ok('error' in r);
  assert.match(r.error, /kibitzer\.server\.path/);
  assert.ok(r.error.includes(missing));
});

test('without a setting, the binary bundled in the extension comes before PATH', () => {
  const bundled = executable('ext', 'server', 'kibitzer');
  executable('bin', 'kibitzer');
  const r = sp.resolveServer(path.join(tmp, 'ext'), { PATH: path.join(tmp, 'bin') }, 'linux');
  assert.deepEqual(r, { command: bundled, source: 'bundled' });
});

test('then the first executable kibitzer on PATH, skipping files that are not executable', () => {
  fs.mkdirSync(path.join(tmp, 'a'));
  fs.writeFileSync(path.join(tmp, 'a', 'kibitzer'), 'not executable');
  const onPath = executable('b', 'kibitzer');
  const env = { PATH: [path.join(tmp, 'a'), path.join(tmp, 'empty'), path.join(tmp, 'b')].join(':') };
  assert.deepEqual(sp.resolveServer(path.join(tmp, 'ext'), env, 'linux'), { command: onPath, source: 'path' });
});

test('then a virtual environment: $VIRTUAL_ENV first, then .venv in a workspace folder, both before PATH', () => {
  const active = executable('active-venv', 'bin', 'kibitzer');
  const project = executable('ws', '.venv', 'bin', 'kibitzer');
  executable('bin', 'kibitzer');
  state.workspaceFolders = [{ uri: { fsPath: path.join(tmp, 'ws') } }];
  const env = { PATH: path.join(tmp, 'bin'), VIRTUAL_ENV: path.join(tmp, 'active-venv') };
  assert.deepEqual(sp.resolveServer(path.join(tmp, 'ext'), env, 'linux'), { command: active, source: 'virtualenv' });
  delete env.VIRTUAL_ENV;
  assert.deepEqual(sp.resolveServer(path.join(tmp, 'ext'), env, 'linux'), { command: project, source: 'virtualenv' });
});

test('a virtual environment on Windows keeps its commands in Scripts', () => {
  const venv = executable('ws', '.venv', 'Scripts', 'kibitzer.exe');
  state.workspaceFolders = [{ uri: { fsPath: path.join(tmp, 'ws') } }];
  assert.deepEqual(sp.resolveServer(path.join(tmp, 'ext'), { PATH: '' }, 'win32'), { command: venv, source: 'virtualenv' });
});

test('last, cargo\'s bin folder: $CARGO_HOME/bin, else ~/.cargo/bin, for an editor whose PATH lacks it', () => {
  const home = executable('home', '.cargo', 'bin', 'kibitzer');
  const env = { PATH: '', HOME: path.join(tmp, 'home') };
  assert.deepEqual(sp.resolveServer(path.join(tmp, 'ext'), env, 'linux'), { command: home, source: 'cargo' });
  const custom = executable('cargo-home', 'bin', 'kibitzer');
  env.CARGO_HOME = path.join(tmp, 'cargo-home');
  assert.deepEqual(sp.resolveServer(path.join(tmp, 'ext'), env, 'linux'), { command: custom, source: 'cargo' });
  const onPath = executable('bin', 'kibitzer');
  env.PATH = path.dirname(onPath);
  assert.deepEqual(sp.resolveServer(path.join(tmp, 'ext'), env, 'linux'), { command: onPath, source: 'path' });
});

test('nothing found: the error names pip, cargo and the setting', () => {
  const r = sp.resolveServer(path.join(tmp, 'ext'), { PATH: '', HOME: path.join(tmp, 'no-home') }, 'linux');
  assert.ok('error' in r);
  assert.ok(r.error.includes('pip install kibitzer-chess-bridge'), r.error);
  assert.ok(r.error.includes('cargo install --locked --path server'), r.error);
  assert.ok(r.error.includes('kibitzer.server.path'), r.error);
});

test('the error message offers to copy either install command', async () => {
  for (const [choice, command] of [
    [sp.COPY_PIP, 'pip install kibitzer-chess-bridge'],
    [sp.COPY_CARGO, 'cargo install --locked --path server'],
  ]) {
    reset();
    state.errorChoice = choice;
    await sp.reportMissingServer('not found');
    assert.deepEqual(state.errors, [{ message: 'not found', items: [sp.COPY_PIP, sp.COPY_CARGO, sp.OPEN_SETTINGS] }]);
    assert.equal(state.clipboard, command);
  }
});

test('or to open the setting', async () => {
  state.errorChoice = sp.OPEN_SETTINGS;
  await sp.reportMissingServer('not found');
  assert.deepEqual(state.commands, [['workbench.action.openSettings', 'kibitzer.server.path']]);
  assert.equal(state.clipboard, undefined);
});
