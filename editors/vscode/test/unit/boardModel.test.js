// The board panel's model: stepping through frames and the picture markup, without VS Code.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { stepTo, pictureHtml, panelHtml } = require('../../out/boardModel');

const frame = (label, extra = {}) => ({
  label,
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
  text: `${label} <diagram>`,
  ...extra,
});
const view = { title: 'A – B', current: 1, frames: [frame('Start'), frame('1. e4'), frame('1... e5')] };

test('steps stay inside the frames', () => {
  assert.equal(stepTo(view, 1, 1), 2);
  assert.equal(stepTo(view, 2, 1), 2);
  assert.equal(stepTo(view, 0, -1), 0);
  assert.equal(stepTo(view, 1, 'last'), 2);
  assert.equal(stepTo(view, 2, 'first'), 0);
  assert.equal(stepTo({ title: '', current: 0, frames: [] }, 0, 1), 0);
});

test('a picture is the SVG as an image, else the escaped text diagram', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>';
  const html = pictureHtml(frame('1. e4', { svg }));
  assert.match(html, /^<img class="picture main" alt="1\. e4" src="data:image\/svg\+xml;base64,/);
  const data = html.match(/base64,([^"]+)"/)[1];
  assert.equal(Buffer.from(data, 'base64').toString('utf8'), svg);
  assert.equal(pictureHtml(frame('x')), '<pre class="picture">x &lt;diagram&gt;</pre>');
  const both = pictureHtml(frame('Trick 2', { svg, trickSvg: svg }));
  assert.equal((both.match(/<img /g) || []).length, 2);
  assert.match(both, /class="picture trick"/);
});

test('the page allows only its own script and data images', () => {
  const html = panelHtml('abc123', 'vscode-resource:');
  assert.match(html, /script-src 'nonce-abc123'/);
  assert.match(html, /default-src 'none'/);
  assert.match(html, /<script nonce="abc123">/);
  for (const id of ['first', 'prev', 'next', 'last']) assert.match(html, new RegExp(`id="${id}"`));
});
