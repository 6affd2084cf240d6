// Drives the page of `scramble explore` in headless Chromium (Debian's
// package, through puppeteer-core: no browser download) and checks what a
// user does with it. Run from the crate root after a release build:
//
//   npm ci && node tests/browser/explore.mjs                 # screenshots to a temp dir
//   node tests/browser/explore.mjs --screenshots docs/img    # refresh the README's copies
//
// Environment: SCRAMBLE (the binary, default target/release/scramble),
// CHROMIUM (default /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import puppeteer from 'puppeteer-core';

const argv = process.argv.slice(2);
const shotsArg = argv.indexOf('--screenshots');
const work = mkdtempSync(join(tmpdir(), 'scramble-explore-'));
const shots = shotsArg >= 0 ? resolve(argv[shotsArg + 1]) : join(work, 'screenshots');
mkdirSync(shots, { recursive: true });
const scramble = process.env.SCRAMBLE || ['target/release/scramble', 'target/debug/scramble'].find(existsSync);
assert.ok(scramble, 'build scramble first (cargo build --release)');

const PUZZLES = [
  { name: 'paper2x2', file: 'fixtures/paper2x2.txt' },
  { name: 'wizards', file: 'fixtures/real/wizards.txt' },
];

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  userDataDir: join(work, 'profile'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-extensions'],
});

let failures = 0;
const check = async (label, body) => {
  try {
    await body();
    console.log(`ok   ${label}`);
  } catch (e) {
    failures += 1;
    console.log(`FAIL ${label}\n     ${e.message.split('\n').join('\n     ')}`);
  }
};

// Indices of highlighted edges, vertices and pieces in one drawing.
const marked = (page, root) => page.$eval(root, (r) => ({
  focus: r.classList.contains('focus'),
  edges: [...r.querySelectorAll('g.edge.hl')].map((g) => +g.dataset.edge).sort((a, b) => a - b),
  vertices: [...r.querySelectorAll('g.vertex.hl')].map((g) => +g.dataset.node).sort((a, b) => a - b),
  witnessEdges: [...r.querySelectorAll('g.edge.witness')].map((g) => +g.dataset.edge).sort((a, b) => a - b),
  witnessVertices: [...r.querySelectorAll('g.vertex.witness')].map((g) => +g.dataset.node).sort((a, b) => a - b),
  classVertices: r.querySelectorAll('g.vertex.witness-class').length,
}));
// A screenshot of the viewport with `selector` at its top, or of the
// `clip` rectangle of that viewport (README's first picture is such a part;
// puppeteer takes a clip in page coordinates, hence the scroll offset).
const shot = async (page, selector, file, clip) => {
  await page.$eval(selector, (e) => e.scrollIntoView({ block: 'start' }));
  const scrolled = clip ? await page.evaluate(() => window.scrollY) : 0;
  await page.screenshot({ path: join(shots, file), ...(clip ? { clip: { ...clip, y: clip.y + scrolled } } : {}) });
};

// Opens a page at 1280x800, recording console errors and every request.
const open = async (html) => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const problems = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('request', (r) => requests.push(r.url()));
  const url = pathToFileURL(html).href;
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems, requests, url };
};

for (const puzzle of PUZZLES) {
  const html = join(work, `${puzzle.name}.html`);
  execFileSync(scramble, ['explore', puzzle.file, '-o', html], { stdio: 'inherit' });
  const { page, problems, requests, url } = await open(html);
  await new Promise((r) => setTimeout(r, 300));
  const data = await page.$eval('#data', (e) => JSON.parse(e.textContent));
  const p = `[${puzzle.name}]`;

  await check(`${p} loads with no console error and no request but the page itself`, async () => {
    assert.deepEqual(problems, []);
    assert.deepEqual(requests, [url]);
  });

  await check(`${p} every edge, vertex and piece is drawn and tagged`, async () => {
    const counts = await page.evaluate(() => ({
      edges: document.querySelectorAll('#graph-drawing g.edge[data-edge]').length,
      vertices: document.querySelectorAll('#graph-drawing g.vertex[data-node]').length,
      pieces: document.querySelectorAll('#pieces-drawing g.piece[data-piece]').length,
      badges: [...document.querySelectorAll('#graph-drawing .index-badge')].map((t) => t.textContent),
    }));
    assert.equal(counts.edges, 4 * data.pieces.length);
    assert.equal(counts.vertices, data.vertices.length);
    assert.equal(counts.pieces, data.pieces.length);
    assert.deepEqual(counts.badges, data.vertices.map((v) => `i=${v.index}`));
  });

  for (const [how, selector, piece] of [
    ['the list', '#piece-list button[data-piece="2"]', 2],
    ['its drawing', '#pieces-drawing g.piece[data-piece="1"]', 1],
    ['one of its edges', `#graph-drawing g.edge[data-edge="${4 * (data.pieces.length - 1) + 2}"] path`, data.pieces.length - 1],
  ]) {
    await check(`${p} selecting a piece in ${how} highlights exactly its four edges`, async () => {
      await page.click('body', { offset: { x: 1, y: 1 } });
      await page.keyboard.press('Escape');
      await page.$eval(selector, (e) => e.dispatchEvent(new MouseEvent('click', { bubbles: true })));
      const m = await marked(page, '#graph-drawing svg');
      assert.ok(m.focus, 'the rest is faded');
      assert.deepEqual(m.edges, [0, 1, 2, 3].map((c) => 4 * piece + c));
      const legend = await page.$$eval('#graph-drawing g.legend-entry.hl', (gs) => gs.map((g) => +g.dataset.piece));
      assert.deepEqual(legend, [piece]);
      const faded = await page.$eval('#graph-drawing g.edge:not(.hl) path', (e) => getComputedStyle(e).stroke);
      assert.equal(faded, 'rgb(212, 212, 212)');
    });
  }
  await shot(page, '#graph-section', `explore-${puzzle.name}-graph.png`);
  await shot(page, '#graph-section', `explore-${puzzle.name}-graph-top.png`, { x: 16, y: 72, width: 1248, height: 360 });

  await check(`${p} the keyboard selects a piece (Enter) and clears (Escape)`, async () => {
    await page.keyboard.press('Escape');
    await page.$eval('#graph-drawing g.legend-entry[data-piece="0"]', (e) => e.focus());
    assert.equal(await page.evaluate(() => document.activeElement.dataset.piece), '0');
    await page.keyboard.press('Enter');
    assert.deepEqual((await marked(page, '#graph-drawing svg')).edges, [0, 1, 2, 3]);
    await page.keyboard.press('Escape');
    const m = await marked(page, '#graph-drawing svg');
    assert.ok(!m.focus && m.edges.length === 0);
  });

  await check(`${p} selecting a picture highlights it, its complement and the edges at both`, async () => {
    const v = data.vertices.findIndex((x) => x.complement !== null);
    await page.click(`#picture-table button[data-node="${v}"]`);
    const both = [v, data.vertices[v].complement].sort((a, b) => a - b);
    const expected = data.edges.flatMap((e, i) => (both.includes(e.tail) || both.includes(e.head) ? [i] : []));
    const m = await marked(page, '#graph-drawing svg');
    assert.deepEqual(m.vertices, both);
    assert.deepEqual(m.edges, expected);
    await page.keyboard.press('Escape');
  });

  if (data.subgraphs) {
    for (const k of [2, 3, 4]) {
      await check(`${p} a subgraph failing condition (${k}) shows its witness marked`, async () => {
        await page.select('#subgraph-filter', `failing-${k}`);
        const first = data.subgraphs.find((s) => !s.conditions[k - 1].holds);
        await page.click(`#subgraph-list button[data-index="${first.index}"]`);
        const m = await marked(page, '#subgraph-detail .views figure:first-child svg');
        assert.deepEqual(m.edges, [...first.edges].sort((a, b) => a - b), 'the subgraph is highlighted');
        const c = first.conditions[k - 1];
        if (k === 3) assert.deepEqual(m.witnessEdges, [...c.edges].sort((a, b) => a - b));
        if (k === 2) assert.ok(c.vertices.every((v) => m.witnessVertices.includes(v)) && c.vertices.length > 0);
        if (k === 4) assert.equal(m.classVertices, c.classes.flat().length);
        const row = await page.$eval(`#subgraph-detail tr[data-condition="${k}"]`, (r) => r.textContent);
        assert.ok(row.includes('fails') && row.includes(c.witness), row);
      });
    }
    await check(`${p} a solution graph shows the twisted circuit and the solved grid`, async () => {
      await page.select('#subgraph-filter', 'solutions');
      const sub = data.subgraphs.find((s) => s.judge);
      await page.click(`#subgraph-list button[data-index="${sub.index}"]`);
      const twisted = await page.$$eval('#subgraph-detail g.twisted path', (ps) => ps.length);
      assert.equal(twisted, 4);
      const grids = await page.$$eval('#subgraph-detail svg.grid', (gs) => gs.map((g) => g.querySelectorAll('g.piece').length));
      assert.deepEqual(grids, sub.solutions.map(() => 4));
    });
    await page.select('#subgraph-filter', 'failing-3');
    await page.click(`#subgraph-list button[data-index="${data.subgraphs.find((s) => !s.conditions[2].holds).index}"]`);
    await shot(page, '#subgraphs-section', `explore-${puzzle.name}-subgraphs.png`);
  }

  if (data.solutions.Ok && data.solutions.Ok.shown.length) {
    await check(`${p} selecting a lattice point highlights its four corners and its 2x2 block`, async () => {
      const s = data.solutions.Ok.shown[0];
      const b = s.blocks[s.blocks.length - 1];
      await page.click(`#solutions button[data-point="${b.point[0]},${b.point[1]}"]`);
      const m = await marked(page, '#solutions .views figure:last-child svg');
      assert.deepEqual(m.edges, [...new Set(b.edges)].sort((x, y) => x - y));
      assert.equal(await page.$$eval('#solutions .block-mark', (r) => r.length), 1);
      assert.equal(await page.$$eval('#solutions svg.grid g.piece', (r) => r.length), data.size ** 2);
    });
    await shot(page, '#solutions-section', `explore-${puzzle.name}-solutions.png`);
  }

  if (data.trace.Ok) {
    await check(`${p} the search steps forward and back through the recorded trace`, async () => {
      const events = data.trace.Ok.events;
      const target = Math.min(events.length, 40);
      await page.$eval('#search-step', (e, t) => { e.value = t; e.dispatchEvent(new Event('input')); }, target);
      const placed = events.slice(0, target).reduce((d, e) => d + (e.Place ? 1 : e.Remove !== undefined ? -1 : 0), 0);
      assert.equal(await page.$$eval('#search svg.grid g.piece', (r) => r.length), placed);
      await page.focus('#search-step');
      await page.keyboard.press('ArrowLeft');
      assert.match(await page.$eval('#search-status', (e) => e.textContent), new RegExp(`^Step ${target - 1} of ${events.length}`));
      const bars = await page.$$eval('#search .bar', (r) => r.length);
      assert.equal(bars, data.size ** 2);
    });
    await shot(page, '#search-section', `explore-${puzzle.name}-search.png`);
  }

  await check(`${p} still no console error after every interaction`, async () => assert.deepEqual(problems, []));
  await page.close();
}

// Every fixture and real puzzle: the page loads with no error and no
// request, and selecting the last piece highlights its four edges.
const everyPuzzle = [
  ...readdirSync('fixtures').filter((f) => f.endsWith('.txt')).map((f) => `fixtures/${f}`),
  ...readdirSync('fixtures/real').filter((f) => f.endsWith('.txt')).map((f) => `fixtures/real/${f}`),
];
for (const file of everyPuzzle) {
  const html = join(work, 'smoke.html');
  execFileSync(scramble, ['explore', file, '-o', html], { stdio: 'ignore' });
  const { page, problems, requests, url } = await open(html);
  await check(`[${file}] loads offline without errors; the last piece's four edges highlight`, async () => {
    const pieces = await page.$$eval('#piece-list button', (bs) => bs.length);
    await page.click(`#piece-list button[data-piece="${pieces - 1}"]`);
    const m = await marked(page, '#graph-drawing svg');
    assert.deepEqual(m.edges, [0, 1, 2, 3].map((c) => 4 * (pieces - 1) + c));
    assert.deepEqual(problems, []);
    assert.deepEqual(requests, [url]);
  });
  await page.close();
}

await browser.close();
console.log(`screenshots in ${shots}`);
if (shotsArg < 0) console.log('(refresh the README copies with: node tests/browser/explore.mjs --screenshots docs/img)');
rmSync(join(work, 'profile'), { recursive: true, force: true });
if (failures) {
  console.log(`${failures} check(s) failed`);
  process.exit(1);
}
