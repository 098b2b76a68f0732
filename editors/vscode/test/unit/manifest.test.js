// package.json against what the extension and the issue need: every language has a grammar, a
// language configuration and an activation event; the commands exist; PGN and PBN default to
// ISO-8859-1.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const c = manifest.contributes;
const languages = ['pgn', 'pbn', 'pbi', 'epd', 'lin'];

test('each language is contributed with its files, configuration, grammar and activation', () => {
  for (const id of languages) {
    const lang = c.languages.find((l) => l.id === id);
    assert.ok(lang, id);
    assert.ok(lang.extensions.includes(`.${id}`), id);
    const conf = JSON.parse(fs.readFileSync(path.join(root, lang.configuration), 'utf8'));
    assert.ok(conf.wordPattern, `${id} word pattern`);
    const grammar = c.grammars.find((g) => g.language === id);
    assert.equal(grammar.scopeName, `source.${id}`);
    assert.equal(JSON.parse(fs.readFileSync(path.join(root, grammar.path), 'utf8')).scopeName, `source.${id}`);
    assert.ok(manifest.activationEvents.includes(`onLanguage:${id}`), id);
  }
  assert.ok(c.languages.find((l) => l.id === 'epd').extensions.includes('.fen'));
});

test('word patterns keep SAN moves, calls, cards and LIN values whole', () => {
  const word = (id, text) => {
    const conf = JSON.parse(fs.readFileSync(path.join(root, 'language-configuration', `${id}.json`), 'utf8'));
    return text.match(new RegExp(conf.wordPattern))[0];
  };
  assert.equal(word('pgn', 'exd8=Q+ '), 'exd8=Q+');
  assert.equal(word('pgn', 'O-O-O '), 'O-O-O');
  assert.equal(word('pgn', 'Nbxd7# '), 'Nbxd7#');
  assert.equal(word('pbn', '1NT '), '1NT');
  assert.equal(word('pbn', 'H10 '), 'H10');
  assert.equal(word('pbn', '=12= '), '=12=');
  assert.equal(word('lin', 'md|3S2345H2345D2345C2,S6789'), 'md');
  assert.equal(word('lin', '3S2345H2345D2345C2,S6789'), '3S2345H2345D2345C2');
  assert.equal(word('lin', '1N!|an|'), '1N!');
});

test('settings and commands', () => {
  const props = c.configuration.properties;
  for (const key of ['kibitzer.server.path', 'kibitzer.mode', 'kibitzer.rules', 'kibitzer.trace.server']) {
    assert.ok(props[key], key);
  }
  assert.deepEqual(props['kibitzer.mode'].enum, ['import', 'export']);
  const commands = c.commands.map((x) => x.command).sort();
  assert.deepEqual(commands, ['kibitzer.formatAsExport', 'kibitzer.restartServer', 'kibitzer.showBoard', 'kibitzer.showOutput']);
  for (const lang of ['[pgn]', '[pbn]']) {
    const d = c.configurationDefaults[lang];
    assert.equal(d['files.encoding'], 'iso88591', lang);
    assert.equal(d['files.autoGuessEncoding'], true, lang);
    assert.deepEqual(d['files.candidateGuessEncodings'], ['utf8', 'iso88591'], lang);
  }
});

test('every command of package.json is registered by the extension', () => {
  const source = fs.readFileSync(path.join(root, 'src', 'extension.ts'), 'utf8');
  const registered = [...source.matchAll(/registerCommand\('([^']+)'/g)].map((m) => m[1]).sort();
  assert.deepEqual(registered, c.commands.map((x) => x.command).sort());
});
