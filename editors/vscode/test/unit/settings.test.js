// The settings sent to the server as initializationOptions, with a mocked `vscode` module.
const { test, beforeEach } = require('node:test');
const assert = require('node:assert/strict');
const { state, reset } = require('./vscode-mock');
const { serverSettings } = require('../../out/settings');

beforeEach(reset);

const HINTS = { hcp: true, tricks: true, plyCount: false, clockTime: true };
const WALK = { follow: false, noIgnore: false, hidden: false };

test('defaults: import mode and no rule overrides', () => {
  assert.deepEqual(serverSettings(), { mode: 'import', rules: {}, inlayHints: HINTS, walk: WALK });
});

test('mode and rule severities come from the kibitzer section', () => {
  state.settings['kibitzer.mode'] = 'export';
  state.settings['kibitzer.rules'] = { PGN101: 'off', PBN203: 'error' };
  state.settings['kibitzer.inlayHints.plyCount'] = true;
  state.settings['kibitzer.walk.follow'] = true;
  assert.deepEqual(serverSettings(), {
    mode: 'export',
    rules: { PGN101: 'off', PBN203: 'error' },
    inlayHints: { ...HINTS, plyCount: true },
    walk: { ...WALK, follow: true },
  });
});
