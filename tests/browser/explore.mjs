// Drives the page of `scramble explore` in headless Chromium (Debian's
// package, through puppeteer-core: no browser download) and checks what a
// user does with it. Run from the crate root after a release build:
//
//   npm ci && node tests/browser/explore.mjs                 # screenshots to a temp dir
//   node tests/browser/explore.mjs --screenshots docs/img    # refresh the README's copies
//
// Environment: SCRAMBLE (the binary, default target/release/scramble),
// CHROMIUM (default /usr/bin/chromium).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

// Waits until the engine has shown the puzzle (or said why not).
const ready = (page) => page.waitForSelector('body[data-state="ready"], body[data-state="error"]', { timeout: 30000 });

// Opens a page at 1280x800, recording console errors and every request.
const open = async (html) => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const problems = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  // The engine's worker runs from a blob: URL the page makes itself from
  // its own bytes: no request leaves the page.
  page.on('request', (r) => { if (!r.url().startsWith('blob:')) requests.push(r.url()); });
  const url = pathToFileURL(html).href;
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
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
        if (k === 3) assert.deepEqual(m.witnessEdges, [...c.edge_ids].sort((a, b) => a - b));
        if (k === 2) assert.ok(c.vertex_ids.every((v) => m.witnessVertices.includes(v)) && c.vertex_ids.length > 0);
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

// ---------- the Play section ----------
const REAL = 'fixtures/real';
const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;
const run = (args) => JSON.parse(execFileSync(scramble, args, { encoding: 'utf8' }));
const playState = (page) => page.evaluate(() => ({
  status: document.getElementById('play-status').textContent,
  solved: !document.getElementById('play-solved').hidden,
  kept: [...document.querySelectorAll('#play-graph g.edge.hl')].map((g) => +g.dataset.edge).sort((a, b) => a - b),
  group: [...document.querySelectorAll('#play-graph g.edge.group')].map((g) => +g.dataset.edge).sort((a, b) => a - b),
  reachable: document.getElementById('play-reachable').textContent,
  rows: [...document.querySelectorAll('#play-verdict tr[data-condition]')].map((r) => [r.dataset.condition, r.children[1].textContent, r.children[2].textContent]),
  groups: [...document.querySelectorAll('#play-verdict tr[data-group]')].map((r) => r.lastElementChild.textContent),
  emphasised: [...document.querySelectorAll('#play-board .play-cell')].filter((b) => b.classList.contains('emph')).map((b) => +b.dataset.cell),
  cells: [...document.querySelectorAll('#play-board .play-cell')].map((b) => b.getAttribute('aria-label')),
  tray: [...document.querySelectorAll('#play-tray button:not([hidden])')].map((b) => +b.dataset.piece),
  focused: document.activeElement.dataset.cell ?? null,
}));
// The centre corner of the piece in each cell of a 2x2 block, by SPEC.md
// alone: the corner starting at direction d of a piece turned r is corner
// (d - r) mod 4; the block's cells touch its centre from their right,
// bottom, top and left directions.
const CENTRE_DIRECTION = [1, 2, 0, 3];
const centreEdge = (k, { piece, rotation }) => 4 * piece + ((CENTRE_DIRECTION[k] - rotation + 4) % 4);
// The whole grid turned a quarter turn clockwise, by SPEC.md: (r, c) goes
// to (c, n-1-r) and every piece turns once more.
const turnGrid = (cells, n) => {
  const next = cells.slice();
  cells.forEach((p, c) => { next[(c % n) * n + (n - 1 - Math.floor(c / n))] = { piece: p.piece, rotation: (p.rotation + 1) % 4 }; });
  return next;
};
// The library's solutions (`solve --list --json`) as placements.
const librarySolutions = (file, data) => {
  const labels = data.pieces.map((p) => p.label);
  const listed = run(['solve', file, '--list', '--list-limit', '100000', '--json']);
  assert.ok(!listed.listed.truncated);
  return listed.listed.solutions.map((rows) => rows.flat().map((t) => {
    const at = t.lastIndexOf('@');
    return { piece: labels.indexOf(t.slice(0, at)), rotation: +t.slice(at + 1) };
  }));
};
const reachableBy = (solutions, partial, n) => solutions.filter((s) => {
  let t = s;
  for (let k = 0; k < 4; k += 1, t = turnGrid(t, n)) {
    if (partial.every((p, c) => !p || (p.piece === t[c].piece && p.rotation === t[c].rotation))) return true;
  }
  return false;
}).length;

// Places `cells` (placements or null) by keyboard alone, from the board:
// Shift+Tab back to the tray, Tab to the piece, Enter picks it (focus goes
// to the board), arrows to the cell, Enter places, R turns.
const placeByKeyboard = async (page, cells, n) => {
  await page.$eval('#play-board .play-cell[tabindex="0"]', (b) => b.focus());
  let at = +(await page.evaluate(() => document.activeElement.dataset.cell));
  for (const [cell, p] of cells.entries()) {
    if (!p) continue;
    const tray = (await playState(page)).tray;
    await page.keyboard.down('Shift');
    for (let k = tray.length - 1; k >= tray.indexOf(p.piece); k -= 1) await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    assert.equal(await page.evaluate(() => +document.activeElement.dataset.piece), p.piece);
    await page.keyboard.press('Enter');
    const [r0, c0] = [Math.floor(at / n), at % n];
    const [r1, c1] = [Math.floor(cell / n), cell % n];
    for (let k = r0; k < r1; k += 1) await page.keyboard.press('ArrowDown');
    for (let k = r0; k > r1; k -= 1) await page.keyboard.press('ArrowUp');
    for (let k = c0; k < c1; k += 1) await page.keyboard.press('ArrowRight');
    for (let k = c0; k > c1; k -= 1) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    for (let k = 0; k < p.rotation; k += 1) await page.keyboard.press('r');
    at = cell;
    assert.equal((await playState(page)).focused, String(cell));
  }
};
// Places `cells` with the mouse: the first by dragging, the rest by
// clicking the tray piece and then the cell; turns with the cell's ↻.
const placeByMouse = async (page, cells) => {
  let first = true;
  for (const [cell, p] of cells.entries()) {
    if (!p) continue;
    const from = await page.$(`#play-tray button[data-piece="${p.piece}"]`);
    const to = await page.$(`#play-board .play-cell[data-cell="${cell}"]`);
    if (first) {
      await from.scrollIntoView();
      const a = await from.boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      const b = await to.boundingBox();
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
      await page.mouse.up();
      first = false;
    } else {
      await from.click();
      await to.click();
    }
    for (let k = 0; k < p.rotation; k += 1) await page.click(`#play-board .play-turn[data-cell="${cell}"]`);
  }
};
const resetPlay = (page) => page.click('#play-reset');
const playShot = async (page, file, point = null) => {
  await page.setViewport({ width: 1280, height: 960 });
  await page.$eval('#play-section', (e) => e.scrollIntoView({ block: 'start' }));
  if (point) await page.hover(`#play-board .play-point[data-point="${point}"]`);
  await page.screenshot({ path: join(shots, file) });
  await page.setViewport({ width: 1280, height: 800 });
};

{
  const file = 'fixtures/paper2x2.txt';
  const html = join(work, 'play-paper2x2.html');
  execFileSync(scramble, ['explore', file, '-o', html], { stdio: 'ignore' });
  const { page, problems } = await open(html);
  const data = await page.$eval('#data', (e) => JSON.parse(e.textContent));
  const library = run(['subgraphs', file, '--json']);
  const solution = data.solutions.Ok.shown[0].cells;
  await check('[play paper2x2] solution 1 placed by keyboard alone: solved, its four centre corners, every condition holds', async () => {
    const empty = await playState(page);
    assert.deepEqual(empty.cells.slice(0, 2), ['row 1, column 1: empty', 'row 1, column 2: empty']);
    await placeByKeyboard(page, solution, 2);
    const s = await playState(page);
    assert.ok(s.solved, s.status);
    assert.match(s.status, /^Solved!/);
    assert.deepEqual(s.kept, solution.map((p, k) => centreEdge(k, p)).sort((a, b) => a - b));
    assert.deepEqual(s.rows.map((r) => r[0]), ['1', '2', '3', '4', 'twisted']);
    assert.ok(s.rows.every((r) => r[1] === '✓ holds'), JSON.stringify(s.rows));
    const p = solution[1];
    assert.equal(s.cells[1], `row 1, column 2: piece ${data.pieces[p.piece].label}, turned ${90 * p.rotation} degrees`);
    assert.match(s.reachable, /^1 of /);
  });
  await playShot(page, 'play-paper2x2-solved.png');
  // A non-solution: the centre of the first subgraph failing condition (3)
  // of the library's list, its pieces put in the cells in piece order.
  const failing = library.listed.find((r) => !r.conditions[2].holds);
  const sub = data.subgraphs[failing.index];
  const wrong = sub.edges.map((e, k) => ({ piece: Math.floor(e / 4), rotation: (CENTRE_DIRECTION[k] - (e % 4) + 4) % 4 }));
  await check('[play paper2x2] a non-solution names the failing conditions and witnesses the library names', async () => {
    await resetPlay(page);
    await placeByKeyboard(page, wrong, 2);
    const s = await playState(page);
    assert.ok(!s.solved);
    assert.deepEqual(s.kept, [...sub.edges].sort((a, b) => a - b));
    const shown = s.rows.filter((r) => r[0] !== 'twisted');
    assert.deepEqual(shown.map((r) => r[1] === '✓ holds'), failing.conditions.map((c) => c.holds));
    assert.deepEqual(shown.map((r) => r[2]), failing.conditions.map((c) => c.witness || '—'));
    assert.equal(s.rows[4][1] === '✓ holds', failing.twisted);
    for (const c of failing.conditions.filter((c) => !c.holds)) assert.ok(s.status.includes(`(${c.number}) ${c.name}`), s.status);
    const witness = await marked(page, '#play-graph svg');
    assert.deepEqual(witness.witnessEdges, [...sub.conditions[2].edge_ids].sort((a, b) => a - b));
  });
  await playShot(page, 'play-paper2x2-failing.png');
  await check('[play paper2x2] R turns, Delete sends back, Ctrl+Z undoes, Escape drops the pick', async () => {
    const before = await playState(page);
    await page.focus('#play-board .play-cell[data-cell="3"]');
    await page.keyboard.press('r');
    const turned = await playState(page);
    const p = wrong[3];
    assert.equal(turned.cells[3], `row 2, column 2: piece ${data.pieces[p.piece].label}, turned ${90 * ((p.rotation + 1) % 4)} degrees`);
    await page.keyboard.press('Delete');
    assert.equal((await playState(page)).cells[3], 'row 2, column 2: empty');
    assert.deepEqual((await playState(page)).tray, [p.piece]);
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    assert.deepEqual((await playState(page)).cells, before.cells);
  });
  await check('[play paper2x2] every one of the 6144 arrangements: the board is solved exactly for the library\'s solutions', async () => {
    const solutions = librarySolutions(file, data);
    assert.equal(solutions.length, data.solutions.Ok.count);
    const all = new Set(solutions.flatMap((s) => {
      const out = [];
      for (let k = 0, t = s; k < 4; k += 1, t = turnGrid(t, 2)) out.push(JSON.stringify(t));
      return out;
    }));
    const solvedOnPage = await page.evaluate(() => {
      const judge = document.getElementById('play').judgeBoard;
      const found = [];
      const orders = (xs) => (xs.length ? xs.flatMap((x) => orders(xs.filter((y) => y !== x)).map((o) => [x, ...o])) : [[]]);
      for (const order of orders([0, 1, 2, 3])) {
        for (let r = 0; r < 256; r += 1) {
          const board = order.map((piece, k) => ({ piece, rotation: (r >> (2 * k)) & 3 }));
          if (judge(board).solved) found.push(board);
        }
      }
      return found;
    });
    assert.deepEqual(new Set(solvedOnPage.map((s) => JSON.stringify(s))), all);
  });
  await check('[play paper2x2] no console error', async () => assert.deepEqual(problems, []));
  await page.close();
}

{
  const file = `${REAL}/wizards.txt`;
  const html = join(work, 'play-wizards.html');
  execFileSync(scramble, ['explore', file, '-o', html], { stdio: 'ignore' });
  const { page, problems } = await open(html);
  const data = await page.$eval('#data', (e) => JSON.parse(e.textContent));
  const solutions = librarySolutions(file, data);
  const solution = solutions[0];
  await check('[play wizards] a solution placed by mouse: solved, 16 kept edges, four lattice-point groups', async () => {
    await resetPlay(page);
    await placeByMouse(page, solution);
    const s = await playState(page);
    assert.ok(s.solved, s.status);
    assert.equal(s.kept.length, 16);
    assert.equal(s.groups.length, 4);
    assert.ok(s.groups.every((g) => g.startsWith('✓')), JSON.stringify(s.groups));
    const view = data.solutions.Ok.shown.find((v) => JSON.stringify(v.cells) === JSON.stringify(solution)) || data.solutions.Ok.shown[0];
    assert.deepEqual(s.kept, [...view.kept].sort((a, b) => a - b));
  });
  await check('[play wizards] the lattice point under the pointer: its block and its four corners emphasised', async () => {
    const view = data.solutions.Ok.shown[0];
    await page.hover('#play-board .play-point[data-point="2,2"]');
    const s = await playState(page);
    assert.deepEqual(s.emphasised, [4, 5, 7, 8]);
    const group = view.blocks.find((b) => b.point[0] === 2 && b.point[1] === 2);
    assert.deepEqual(s.group, [...group.edges].sort((a, b) => a - b));
  });
  await playShot(page, 'play-wizards-solved.png', '2,2');
  await check('[play wizards] the hint places one more piece of a reachable solution', async () => {
    await resetPlay(page);
    await placeByMouse(page, solution.map((p, c) => (c === 4 ? p : null)));
    const before = reachableBy(solutions, solution.map((p, c) => (c === 4 ? p : null)), 3);
    await page.click('#play-hint');
    const s = await playState(page);
    assert.equal(s.cells.filter((c) => !c.endsWith('empty')).length, 2);
    assert.ok(!s.reachable.startsWith('0 of'), s.reachable);
    assert.ok(before >= 1);
    for (let k = 0; k < 7; k += 1) await page.click('#play-hint');
    assert.ok((await playState(page)).solved);
  });
  await check('[play wizards] no console error', async () => assert.deepEqual(problems, []));
  await page.close();
}

// "Still reachable" against the library's full list of solutions, on real
// 3x3 puzzles with one, four and 1680 solutions, then on a puzzle whose
// 6480 solutions are more than the page embeds.
for (const name of ['wizards', 'crazy_planes', 'repeat_puzzle']) {
  const file = `${REAL}/${name}.txt`;
  const html = join(work, `play-${name}.html`);
  execFileSync(scramble, ['explore', file, '-o', html], { stdio: 'ignore' });
  const { page, problems } = await open(html);
  const data = await page.$eval('#data', (e) => JSON.parse(e.textContent));
  const solutions = librarySolutions(file, data);
  await check(`[play ${name}] partial placements: the reachable count is the library's`, async () => {
    assert.equal(solutions.length, data.solutions.Ok.count);
    const counts = [];
    for (const solution of [solutions[0], solutions[solutions.length - 1]]) {
      for (const keep of [[4], [0, 4], [1, 3, 5], [0, 1, 2, 3, 4, 5, 6, 7]]) {
        await resetPlay(page);
        const partial = solution.map((p, c) => (keep.includes(c) ? p : null));
        await placeByMouse(page, partial);
        const expected = reachableBy(solutions, partial, 3);
        counts.push(expected);
        const s = await playState(page);
        assert.match(s.reachable, new RegExp(`^${expected} of ${plural(solutions.length, 'solution')} still reachable`), s.reachable);
      }
      // One piece turned away from the solution.
      await page.click('#play-board .play-turn[data-cell="0"]');
      const turned = solution.map((p, c) => (c === 8 ? null : c === 0 ? { piece: p.piece, rotation: (p.rotation + 1) % 4 } : p));
      assert.match((await playState(page)).reachable, new RegExp(`^${reachableBy(solutions, turned, 3)} of `));
    }
    console.log(`     ${name}: reachable ${counts.join(', ')} of ${solutions.length}`);
  });
  await check(`[play ${name}] no console error`, async () => assert.deepEqual(problems, []));
  await page.close();
}
{
  const html = join(work, 'play-capped.html');
  execFileSync(scramble, ['explore', 'fixtures/nxn/no-orientation.txt', '-o', html], { stdio: 'ignore' });
  const { page, problems } = await open(html);
  const data = await page.$eval('#data', (e) => JSON.parse(e.textContent));
  await check('[play no-orientation] a capped list of solutions says so', async () => {
    const embedded = data.play.solutions.length;
    assert.ok(embedded < data.play.count, `${embedded} of ${data.play.count}`);
    await placeByMouse(page, data.play.solutions[0].map(([piece, rotation], c) => (c === 4 ? { piece, rotation } : null)));
    const s = await playState(page);
    const m = s.reachable.match(new RegExp(`^(\\d+) of the first ${embedded} of ${data.play.count} solutions still reachable.*capped at ${embedded}`));
    assert.ok(m, s.reachable);
    assert.ok(+m[1] >= 1 && +m[1] <= embedded);
    assert.deepEqual(problems, []);
  });
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
  });
  await check(`[${file}] play: a click places a piece; the hints, when a solution is embedded, solve the board`, async () => {
    const { play } = await page.$eval('#data', (e) => JSON.parse(e.textContent));
    await page.click('#play-tray button[data-piece="0"]');
    await page.click('#play-board .play-cell[data-cell="0"]');
    assert.match(await page.$eval('#play-board .play-cell[data-cell="0"]', (b) => b.getAttribute('aria-label')), /^row 1, column 1: piece .+, turned 0 degrees$/);
    await page.click('#play-reset');
    const cells = play.turned_cell.length;
    for (let k = 0; k < cells; k += 1) await page.click('#play-hint');
    const s = await playState(page);
    assert.equal(s.solved, play.solutions.length > 0, s.status);
    assert.deepEqual(problems, []);
    assert.deepEqual(requests, [url]);
  });
  await page.close();
}

// The one-file page with no puzzle written in (docs/app/scramble.html): a
// person types, solves and plays their own puzzle; the engine is the
// library compiled to WebAssembly.
const app = resolve(process.env.APP || 'docs/app/scramble.html');
// `solve` exits 1 when there is no solution; its JSON says how many anyway.
const cliSolve = (file) => JSON.parse(spawnSync(scramble, ['solve', file, '--json', '--out', join(work, 'out')], { encoding: 'utf8' }).stdout);
// What `solve` says of the count: `1 solution (4 counting the board's
// turns); every solution looks different` from its first line.
const cliCountWords = (file) => {
  const said = spawnSync(scramble, ['solve', file, '--out', join(work, 'out')], { encoding: 'utf8' }).stdout.split('\n')[0];
  return said.slice(said.indexOf(': ') + 2).replace(/; the first \(.*$/, '');
};
// Lines under `head` (`why:`, `typo?`) of `solve`'s text, unindented.
const cliLines = (args, head) => {
  const said = spawnSync(scramble, ['solve', ...args, '--out', join(work, 'out')], { encoding: 'utf8' }).stdout;
  const lines = said.slice(said.indexOf(`${head}\n`) + head.length + 1).split('\n');
  const end = lines.findIndex((l) => !l.startsWith('  '));
  return lines.slice(0, end < 0 ? lines.length : end).map((l) => l.trim());
};
// The answer block's reason and fixes as lines, as `solve --all-fixes`
// says them (the page's sentence starts with a capital).
// `solve`'s line that names the picture worth counting (`to narrow them
// down, count how often 3- shows on your cards (typed 6 times) and give it:
// --count 3-=N`): the page asks it in a form instead. The lines without it,
// and the picture and how often it is typed (null when none is asked).
const askOf = (lines) => {
  const ask = lines.find((l) => l.startsWith('to narrow them down, count how often '));
  const m = ask && ask.match(/^to narrow them down, count how often (\S+) shows on your cards \(typed (\d+) times?\) and give it: --count \S+=N$/);
  assert.ok(!ask || m, ask);
  return { lines: lines.filter((l) => l !== ask), ask: m ? { picture: m[1], typed: +m[2] } : null };
};
// The count form under the fixes of block `id`: the picture it asks for
// and how often it is typed, from its label (null when there is none).
const formAsk = (page, id) => page.evaluate((id) => {
  const label = document.querySelector(`#${id} .count-form label`);
  const m = label && label.textContent.match(/count how often (\S+) shows on your cards \(typed (\d+) times?\):$/);
  return m ? { picture: m[1], typed: +m[2] } : label && label.textContent;
}, id);
const answerLines = (page, id) => page.evaluate((id) => {
  const box = document.getElementById(id);
  const lower = (t) => t.charAt(0).toLowerCase() + t.slice(1);
  const findings = [...document.querySelectorAll('#answer-findings li')].map((li) => li.firstChild.textContent.trim());
  return {
    findings,
    head: lower(box.querySelector('.fixes-head').textContent),
    first: [...box.querySelectorAll('.fixes-first li')].map((li) => li.textContent),
    rest: [...box.querySelectorAll('.fixes-rest li')].map((li) => li.textContent),
    more: box.querySelector('.fixes-rest summary')?.textContent ?? null,
  };
}, id);
const PHONE_360 = { width: 360, height: 780, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
// Sets the viewport; one that turns touch or the mobile layout on or off
// reloads the page, which is then explored again: waits for it.
const view = async (page, viewport) => {
  await page.setViewport(viewport);
  await ready(page);
};
// A screenshot at `viewport` with `selector` at the top; the viewport is
// put back to 1280 x 800 after.
const shotAt = async (page, viewport, selector, file) => {
  await view(page, viewport);
  await page.$eval(selector, (e) => e.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(shots, file) });
  await view(page, { width: 1280, height: 800 });
};
// Waits two frames: what the page does after layout (resize observers)
// has been done.
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const typeInto = async (page, text) => {
  await page.$eval('#puzzle-text', (t) => { t.value = ''; });
  await page.$eval('#puzzle-name', (t) => { t.value = ''; });
  await page.focus('#puzzle-text');
  await page.keyboard.type(text);
};
const exploreNow = async (page) => {
  await page.$eval('body', (b) => { b.dataset.state = 'busy'; });
  await page.click('#explore-button');
  await ready(page);
};
const countNow = async (page) => {
  await page.$eval('#count-result', (e) => { e.textContent = ''; delete e.dataset.count; });
  await page.click('#count-button');
  await page.waitForSelector('#count-result[data-count]', { timeout: 30000 });
  return page.$eval('#count-result', (e) => ({ count: +e.dataset.count, looks: +e.dataset.looks, nodes: +e.dataset.nodes, ms: +e.dataset.ms }));
};
{
  const started = Date.now();
  const { page, problems, requests, url } = await open(app);
  const interactiveMs = Date.now() - started;
  await check(`[app] opens on a sample, explored, with no console error and no request (${interactiveMs} ms to the first explored puzzle)`, async () => {
    assert.equal(await page.$eval('body', (b) => b.dataset.state), 'ready');
    assert.equal(await page.$$eval('#piece-list button', (bs) => bs.length), 4);
    assert.deepEqual(problems, []);
    assert.deepEqual(requests, [url]);
  });
  await check('[app] Count on a newly typed puzzle explores it first: title, answer, link and count all of the new one', async () => {
    assert.match(await page.$eval('#title', (e) => e.textContent), /^paper2x2: /);
    const typed = readFileSync('fixtures/real/wizards.txt', 'utf8');
    await page.$eval('#puzzle-text', (t, text) => { t.value = text; t.dispatchEvent(new Event('input')); }, typed);
    await page.$eval('#puzzle-name', (t) => { t.value = 'typed-wizards'; });
    const counted = await countNow(page);
    assert.equal(counted.count, 1);
    assert.equal(await page.$eval('#title', (e) => e.textContent), 'typed-wizards: a 3x3 Scramble Squares puzzle');
    const link = new URLSearchParams((await page.$eval('#share-link', (a) => a.getAttribute('href'))).slice(1));
    assert.equal(link.get('puzzle'), typed);
    assert.equal(link.get('name'), 'typed-wizards');
    assert.equal(await page.$eval('#answer-count', (e) => e.textContent), `${cliCountWords('fixtures/real/wizards.txt')}.`);
    assert.equal(await page.$$eval('#answer-solution svg.grid g.piece', (r) => r.length), 9);
    assert.equal((await page.$eval('#data', (e) => JSON.parse(e.textContent))).name, 'typed-wizards');
    assert.equal(await page.$$eval('#piece-list button', (bs) => bs.length), 9);
    await shotAt(page, { width: 1280, height: 900 }, '#enter', 'answer-count-desktop.png');
    await shotAt(page, PHONE_360, '#enter', 'answer-count-phone.png');
  });
  await check('[app] the Wizards puzzle typed by keyboard: 1 solution, drawn, and Play solves it', async () => {
    await typeInto(page, readFileSync('fixtures/real/wizards.txt', 'utf8'));
    await exploreNow(page);
    assert.match(await page.$eval('#summary', (e) => e.textContent), /1 solution modulo rotation/);
    assert.equal(await page.$$eval('#solutions svg.grid g.piece', (r) => r.length), 9);
    assert.equal((await countNow(page)).count, 1);
    for (let k = 0; k < 9; k += 1) await page.click('#play-hint');
    assert.ok((await playState(page)).solved);
    assert.match(page.url(), /#puzzle=/, 'the puzzle lives in the address');
  });
  const timings = [];
  await check('[app] every real puzzle counts as the command line does, each within 50 ms', async () => {
    for (const f of readdirSync('fixtures/real').filter((x) => x.endsWith('.txt')).sort()) {
      await page.$eval('#puzzle-text', (t, text) => { t.value = text; }, readFileSync(`fixtures/real/${f}`, 'utf8'));
      // The worker's clock ticks in 0.1 ms steps: the mean of 20 counts
      // says more than any one of them.
      const runs = [];
      for (let k = 0; k < 20; k += 1) runs.push(await countNow(page));
      const ms = runs.map((r) => r.ms);
      const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
      const cli = cliSolve(`fixtures/real/${f}`);
      const native = Math.min(cli.seconds, ...[1, 2, 3, 4].map(() => cliSolve(`fixtures/real/${f}`).seconds)) * 1000;
      timings.push(`${f} ${runs[0].count} solutions, ${runs[0].nodes} nodes (native ${cli.nodes}): page mean ${mean.toFixed(3)} ms, slowest ${Math.max(...ms).toFixed(1)} ms; native search ${native.toFixed(3)} ms`);
      assert.equal(runs[0].count, cli.solutions, f);
      assert.equal(runs[0].looks, cli.looks, `${f}: distinct-looking solutions`);
      assert.match(await page.$eval('#count-result', (e) => e.textContent), new RegExp(`^${cli.solutions} solutions? modulo rotation \\(${cli.looks} distinct-looking\\)`));
      assert.ok(Math.max(...ms) < 50, `${f}: ${Math.max(...ms)} ms`);
    }
  });
  console.log(`     counts in the page (20 runs each):\n       ${timings.join('\n       ')}`);
  // The paper's puzzle as its file writes it (comments dropped), side by side.
  const paperLines = readFileSync('fixtures/paper2x2.txt', 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  // The editor explores 300 ms after its last change: wait until the page
  // shows the puzzle now in the box.
  const afterEditor = (page) => page.waitForFunction(() => {
    if (document.body.dataset.state !== 'ready') return false;
    const data = JSON.parse(document.getElementById('data').textContent || 'null');
    const box = document.getElementById('puzzle-text').value.trim().split('\n').map((l) => l.replace(/^[^:]*:\s*/, ''));
    return !!data && data.pieces.map((p) => p.text).join('\n') === box.join('\n');
  }, { timeout: 30000 });
  await check('[app] the card editor builds the paper\'s 2x2 puzzle; its 256 verdicts are those of subgraphs --json', async () => {
    await page.click('#card-editor summary');
    await page.select('#editor-size', '3');
    await page.select('#editor-size', '2');
    await page.click('#editor-new');
    // Patterns 2, 3 and 4 by keyboard: a name, Enter.
    for (const name of ['2', '3', '4']) {
      await page.focus('#editor-pattern-name');
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
    }
    assert.deepEqual(await page.$$eval('#editor-patterns input', (is) => is.map((i) => i.value)), ['1', '2', '3', '4']);
    const sides = paperLines.map((l) => l.trim().split(/\s+/));
    for (const [card, pictures] of sides.entries()) {
      for (const [d, picture] of pictures.entries()) {
        const value = `${+picture.slice(0, -1) - 1}:${picture.slice(-1)}`;
        await page.select(`#editor-cards li[data-card="${card}"] select[data-side="${d}"]`, value);
      }
    }
    await afterEditor(page);
    assert.equal(await page.$eval('body', (b) => b.dataset.state), 'ready');
    assert.equal(await page.$eval('#puzzle-name', (t) => t.value), 'New 2x2 puzzle');
    assert.equal(await page.$eval('#title', (e) => e.textContent), 'New 2x2 puzzle: a 2x2 Scramble Squares puzzle');
    assert.deepEqual((await page.$eval('#puzzle-text', (t) => t.value)).trim().split('\n'), paperLines.map((l) => l.trim().replace(/\s+/g, ' ')));
    assert.match(page.url(), /#puzzle=3%2B\+1%2B/, 'the address holds the puzzle');
    const data = await page.$eval('#data', (e) => JSON.parse(e.textContent));
    const cli = JSON.parse(execFileSync(scramble, ['subgraphs', 'fixtures/paper2x2.txt', '--json', '--out', join(work, 'out')], { encoding: 'utf8' }));
    assert.equal(data.subgraphs.length, 256);
    assert.equal(cli.listed.length, 256);
    const label = (e) => `${data.vertices[data.edges[e].tail].label}->${data.vertices[data.edges[e].head].label} ${data.pieces[data.edges[e].piece].label}`;
    const page256 = data.subgraphs.map((s) => ({ index: s.index, edges: s.edges.map(label), theorem: s.theorem, twisted: s.twisted, judge: s.judge, conditions: s.conditions.map((c) => [c.number, c.holds, c.witness]) }));
    const cli256 = cli.listed.map((s) => ({ index: s.index, edges: s.edges.map((e) => e.label), theorem: s.theorem, twisted: s.twisted, judge: s.judge, conditions: s.conditions.map((c) => [c.number, c.holds, c.witness]) }));
    assert.deepEqual(page256, cli256);
    assert.equal(page256.filter((s) => s.theorem).length, cli.theorem_accepted);
  });
  await check('[app] the card editor by keyboard: a self-matching pattern, a card side turned to it, a card named', async () => {
    await page.focus('#editor-pattern-name');
    await page.keyboard.type('5');
    await page.focus('#editor-pattern-same');
    await page.keyboard.press('Space');
    await page.focus('#editor-add-pattern');
    await page.keyboard.press('Enter');
    assert.match(await page.$eval('#editor-cards li[data-card="3"] select[data-side="3"]', (s) => s.textContent), /5=/);
    await page.focus('#editor-cards li[data-card="3"] select[data-side="3"]');
    await page.keyboard.press('End');
    await page.focus('#editor-cards li[data-card="3"] .card-name');
    await page.keyboard.type('d');
    await page.keyboard.press('Tab');
    await afterEditor(page);
    assert.equal((await page.$eval('#puzzle-text', (t) => t.value)).split('\n')[3], 'd: 4- 3- 3+ 5=');
    assert.equal(await page.$eval('body', (b) => b.dataset.state), 'ready');
  });
  await check('[app] a puzzle typed in the box comes back into the card editor, which waits until the box is read', async () => {
    await page.focus('#puzzle-text');
    await page.keyboard.type('#');
    assert.equal(await page.$eval('#editor-fields', (f) => f.disabled), true, 'the editor would overwrite what was typed');
    await page.$eval('#puzzle-text', (t) => { t.value = 'a: star+ moon- sun= star-\nstar- moon+ sun= sun=\nsun= sun= moon- star+\nmoon+ star+ sun= moon-\n'; });
    await exploreNow(page);
    assert.deepEqual(await page.$$eval('#editor-patterns input', (is) => is.map((i) => i.value)), ['star', 'moon', 'sun']);
    assert.equal(await page.$eval('#editor-cards li[data-card="0"] .card-name', (i) => i.value), 'a');
    assert.equal(await page.$eval('#editor-cards li[data-card="0"] select[data-side="2"]', (s) => s.selectedOptions[0].textContent), 'sun=');
    assert.equal(await page.$eval('#editor-fields', (f) => f.disabled), false);
  });
  await check('[app] every real puzzle explored: its solutions and distinct-looking ones are solve --json\'s', async () => {
    for (const f of readdirSync('fixtures/real').filter((x) => x.endsWith('.txt')).sort()) {
      await page.$eval('#puzzle-text', (t, text) => { t.value = text; }, readFileSync(`fixtures/real/${f}`, 'utf8'));
      await exploreNow(page);
      const { solutions } = await page.$eval('#data', (e) => JSON.parse(e.textContent));
      const cli = cliSolve(`fixtures/real/${f}`);
      assert.deepEqual([solutions.Ok.count, solutions.Ok.looks], [cli.solutions, cli.looks], f);
      const said = await page.$eval('#solution-count', (e) => e.textContent);
      if (cli.solutions > 0) assert.match(said, new RegExp(`^${cli.solutions} solutions? modulo .* ${cli.looks} of them look different`), f);
      else assert.equal(said, '0 solutions modulo the four whole-grid rotations.', f);
    }
  });
  await check('[app] a 4x4 puzzle of 5,962 solutions explored by the engine: its count, looks and first solutions are the command line\'s', async () => {
    const dir = join(work, 'four');
    execFileSync(scramble, ['generate', '--size', '4', '--patterns', '3', '--seed', '3', '--out', dir]);
    const f = join(dir, 'generated', 's4-k3-seed3-0001.txt');
    await page.$eval('#puzzle-text', (t, text) => { t.value = text; }, readFileSync(f, 'utf8'));
    await exploreNow(page);
    const { solutions } = await page.$eval('#data', (e) => JSON.parse(e.textContent));
    const cli = cliSolve(f);
    assert.deepEqual([solutions.Ok.count, solutions.Ok.looks], [cli.solutions, cli.looks]);
    assert.equal(cli.solutions, 5962);
    // The solutions shown are the first in search order, as `solve --list` lists them.
    const listed = JSON.parse(spawnSync(scramble, ['solve', f, '--json', '--list', '--list-limit', `${solutions.Ok.shown.length}`, '--no-pictures'], { encoding: 'utf8' }).stdout).listed.solutions;
    const cells = (rows) => rows.flat().map((c) => { const [piece, rotation] = c.slice(1).split('@'); return { piece: piece - 1, rotation: +rotation }; });
    assert.ok(solutions.Ok.shown.length >= 20, `${solutions.Ok.shown.length} shown`);
    assert.deepEqual(solutions.Ok.shown.map((x) => x.cells), listed.map(cells));
  });
  await check('[app] a real puzzle with one side changed: the library\'s diagnosis in Solutions and in Play, as solve says it', async () => {
    const lines = readFileSync('fixtures/real/wizards.txt', 'utf8').split('\n');
    const at = lines.findIndex((l) => /[+-]/.test(l) && !l.startsWith('#'));
    lines[at] = lines[at].replace(/([+-])/, (sign) => (sign === '+' ? '-' : '+'));
    const changed = join(work, 'wizards-changed.txt');
    writeFileSync(changed, lines.join('\n'));
    const cli = cliSolve(changed);
    assert.equal(cli.solutions, 0, 'the change leaves no solution');
    // The page lists every fix, the likeliest first, as `--all-fixes` does,
    // with a line that sets the less likely ones apart.
    const said = spawnSync(scramble, ['solve', changed, '--all-fixes', '--out', join(work, 'out')], { encoding: 'utf8' }).stdout;
    const { lines: why, ask } = askOf(said.slice(said.indexOf('why:\n') + 5).split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim()));
    assert.ok(why.length > 0, said);
    await page.$eval('#puzzle-text', (t, text) => { t.value = text; }, lines.join('\n'));
    await exploreNow(page);
    const data = await page.$eval('#data', (e) => JSON.parse(e.textContent));
    assert.deepEqual(data.why.diagnosis, cli.diagnosis);
    const shown = async (id) => (await page.$$eval(`#${id} li`, (lis) => lis.map((li) => li.firstChild.textContent.trim())))
      .filter((l) => !/^\d+ less likely ways?:$/.test(l));
    assert.deepEqual(await shown('why-solutions'), why);
    assert.deepEqual(await shown('why-play'), why);
    // The answer block: the same fixes in the same order, the likeliest
    // three at once, the rest on request.
    const answer = await answerLines(page, 'answer-fixes');
    assert.deepEqual([...answer.findings, answer.head, ...answer.first, ...answer.rest], why);
    assert.equal(answer.first.length, Math.min(3, answer.first.length + answer.rest.length));
    if (answer.rest.length) assert.equal(answer.more, `show all ${answer.first.length + answer.rest.length} fixes`);
    assert.equal(await page.$eval('#answer-count', (e) => e.textContent), 'No solution.');
    assert.match(await page.$eval('#play-reachable', (e) => e.textContent), /^The puzzle has no solution; why is said below/);
    console.log(`     diagnosis: ${why[0]}`);
    // The picture worth counting, as solve names it; counted as on the real
    // cards, the fixes narrow as `solve --count` narrows them, the true fix
    // among them.
    assert.ok(ask, 'solve names a picture worth counting');
    assert.deepEqual(await formAsk(page, 'answer-fixes'), ask);
    const onCards = readFileSync('fixtures/real/wizards.txt', 'utf8').split('\n').filter((l) => !l.startsWith('#'))
      .flatMap((l) => l.trim().split(/\s+/)).filter((p) => p === ask.picture).length;
    await page.type('#answer-fixes-count', String(onCards));
    await page.click('#answer-fixes .count-form button');
    await page.waitForFunction(() => /dropped by your counts/.test(document.querySelector('#answer-fixes .fixes-head')?.textContent), { timeout: 30000 });
    const narrowed = await answerLines(page, 'answer-fixes');
    const counted = askOf(cliLines([changed, '--all-fixes', '--count', `${ask.picture}=${onCards}`], 'why:'));
    // The findings (the counting argument) stand above the fixes, as before.
    assert.deepEqual([...narrowed.findings, narrowed.head, ...narrowed.first, ...narrowed.rest], counted.lines);
    assert.ok(narrowed.first.length + narrowed.rest.length < why.length - 1, 'fewer fixes');
    assert.deepEqual(await formAsk(page, 'answer-fixes'), counted.ask);
    assert.match(await page.$eval('#answer-fixes', (e) => e.textContent), new RegExp(`Counted on your cards: ${ask.picture.replace(/[+]/g, '\\+')} ${onCards} times?\\.`));
    console.log(`     counted ${ask.picture} ${onCards} times: ${narrowed.head}`);
  });
  await check('[app] the theory: G(P), the four conditions, the citation, and links to headings that exist in RESULTS.md', async () => {
    const theory = await page.$eval('#theory', (e) => e.textContent);
    for (const words of ['recording graph G(P)', 'colors', 'degrees', 'paths', 'pseudo-connected', 'Involve', '5(3) (2012)', 'doi:10.2140/involve.2012.5.313']) {
      assert.ok(theory.includes(words), words);
    }
    // GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
    const anchors = readFileSync('RESULTS.md', 'utf8').split('\n').filter((l) => /^#+ /.test(l))
      .map((l) => l.replace(/^#+ /, '').toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'));
    const links = await page.$$eval('#theory a[href*="RESULTS.md"]', (as) => as.map((a) => a.getAttribute('href')));
    assert.ok(links.length >= 4, links.join(' '));
    for (const link of links) {
      const [file, anchor] = link.split('#');
      assert.equal(resolve('docs/app', file), resolve('RESULTS.md'), link);
      assert.ok(anchors.includes(anchor), `${link}: no such heading`);
    }
  });
  await check('[app] a typo is shown with its line and column, and the box marks it', async () => {
    await typeInto(page, '1+ 2+ 1- 2-\n2- 1+ 2? 1-\n');
    await exploreNow(page);
    assert.equal(await page.$eval('body', (b) => b.dataset.state), 'error');
    assert.match(await page.$eval('#input-error', (e) => e.textContent), /line 2, column 7/);
    assert.equal(await page.$eval('#puzzle-text', (t) => t.getAttribute('aria-invalid')), 'true');
  });
  await check('[app] Stop ends a long search and shows the rest of the page', async () => {
    await page.$eval('#puzzle-text', (t) => { t.value = '1+ 2+ 1- 2-\n'.repeat(16); });
    await page.$eval('body', (b) => { b.dataset.state = 'busy'; });
    await page.click('#explore-button');
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(await page.$eval('#stop-button', (b) => b.disabled), false, 'the search is still running');
    assert.match(await page.$eval('#engine-status', (e) => e.textContent), /Exploring and solving… \d+\.\d s/);
    await page.click('#stop-button');
    await ready(page);
    assert.match(await page.$eval('#engine-status', (e) => e.textContent), /Stopped/);
    assert.equal(await page.$$eval('#piece-list button', (bs) => bs.length), 16);
    assert.match(await page.$eval('#solutions', (e) => e.textContent), /stopped/);
  });
  await check('[app] a sample from the list, and the address brings a puzzle back', async () => {
    await page.select('#sample', 'monkey_puzzle');
    await ready(page);
    const address = page.url();
    const again = await browser.newPage();
    await again.goto(address, { waitUntil: 'load' });
    await ready(again);
    assert.equal(await again.$eval('#puzzle-text', (t) => t.value), readFileSync('fixtures/real/monkey_puzzle.txt', 'utf8'));
    await again.close();
  });
  await check('[app] an edge-matching sample: counted as solve --json counts it, its first board drawn and written as board_edges, the Scramble Squares sections hidden', async () => {
    const file = 'fixtures/edge/brendan/brendan_06x06.txt';
    const cli = cliSolve(file);
    await page.select('#sample', 'brendan_06x06');
    await page.waitForFunction(() => document.body.dataset.kind === 'edge' && document.body.dataset.state === 'ready', { timeout: 30000 });
    assert.match(await page.$eval('#answer-count', (e) => e.textContent), new RegExp(`^${cli.solutions} solutions modulo the board's rotations \\(${cli.arrangements} boards`));
    assert.equal(await page.$eval('#edge-board-edges', (e) => e.textContent), cli.board_edges);
    assert.equal(await page.$eval('#edge-viewer', (a) => a.getAttribute('href')), cli.viewer);
    assert.equal(await page.$$eval('#answer-solution svg.edge-board g.cell', (r) => r.length), 36);
    assert.equal(await page.$eval('main', (m) => getComputedStyle(m).display), 'none');
    const counted = await countNow(page);
    assert.deepEqual([counted.count, counted.nodes], [cli.solutions, cli.nodes]);
    await shotAt(page, { width: 1280, height: 900 }, '#answer', 'app-edge-desktop.png');
    await view(page, PHONE_360);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling at 360 px');
    await view(page, { width: 1280, height: 800 });
    await page.select('#sample', 'monkey_puzzle');
    await ready(page);
    assert.equal(await page.$eval('body', (b) => b.dataset.kind), 'squares');
    assert.notEqual(await page.$eval('main', (m) => getComputedStyle(m).display), 'none');
  });
  await check('[app] G(P) downloads as an SVG file', async () => {
    const client = await page.createCDPSession();
    const into = join(work, 'downloads');
    mkdirSync(into, { recursive: true });
    await client.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: into });
    await page.click('#download-graph');
    for (let k = 0; k < 50 && !readdirSync(into).some((f) => f.endsWith('.svg')); k += 1) await new Promise((r) => setTimeout(r, 100));
    const svgFile = readdirSync(into).find((f) => f.endsWith('.svg'));
    assert.ok(svgFile, 'a file came down');
    const svgText = readFileSync(join(into, svgFile), 'utf8');
    assert.ok(svgText.startsWith('<svg') && svgText.includes('data-edge="35"'), svgText.slice(0, 80));
  });
  await check('[app] no console error after all this', async () => assert.deepEqual(problems, []));
  await page.close();
}

// The answer block, right under the puzzle box, on a desktop and on the
// narrowest phone: the count in `solve`'s words, the first solution drawn
// large or why there is none with the library's fixes; printed on at most
// three A4 pages.
// Top of an element in the page, in CSS pixels.
const topOf = (page, selector) => page.$eval(selector, (e) => Math.round(e.getBoundingClientRect().top + window.scrollY));
const SECTIONS = ['#card-editor', 'nav', '#graph-section', '#play-section', '#subgraphs-section', '#solutions-section', '#search-section', '#theory'];
// PDF pages: the page objects of the file.
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) || []).length;
for (const [name, file] of [['wizards', `${REAL}/wizards.txt`], ['no_solution', `${REAL}/no_solution.txt`]]) {
  const html = join(work, `answer-${name}.html`);
  execFileSync(scramble, ['explore', file, '-o', html], { stdio: 'ignore' });
  const { page, problems } = await open(html);
  const data = await page.$eval('#data', (e) => JSON.parse(e.textContent));
  const solved = data.solutions.Ok.count > 0;
  for (const [label, viewport] of [['desktop 1280x900', { width: 1280, height: 900 }], ['phone 360x780', PHONE_360]]) {
    await check(`[answer ${name}, ${label}] right under the puzzle box, above every other section: the count as solve says it, ${solved ? 'the first solution drawn large' : 'the reason and the ranked fixes'}`, async () => {
      await view(page, viewport);
      const at = await topOf(page, '#answer');
      assert.ok(at > (await topOf(page, '#count-result')), 'under the buttons and the status');
      for (const section of SECTIONS) assert.ok(at < (await topOf(page, section)), `above ${section}`);
      const said = await page.$eval('#answer-count', (e) => e.textContent);
      if (solved) assert.equal(said, `${cliCountWords(file)}.`);
      else assert.equal(said, 'No solution.');
      if (solved) {
        const grid = await page.$eval('#answer-solution svg.grid', (g) => { const r = g.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width, pieces: g.querySelectorAll('g.piece').length }; });
        assert.equal(grid.pieces, 9);
        const width = Math.min(0.9 * viewport.width, 480);
        assert.ok(grid.width >= 0.85 * width && grid.width <= 480, `the solution is ${grid.width} px wide`);
        assert.ok(grid.left >= 0 && grid.right <= viewport.width, 'it fits the screen');
      } else {
        // Every line of the diagnosis, as `solve --all-fixes` says it: the
        // findings, then the fixes, the first three shown, the rest folded.
        const { lines: why, ask } = askOf(cliLines([file, '--all-fixes'], 'why:'));
        assert.deepEqual(await formAsk(page, 'answer-fixes'), ask);
        const answer = await answerLines(page, 'answer-fixes');
        assert.deepEqual([...answer.findings, answer.head, ...answer.first, ...answer.rest], why);
        assert.equal(answer.first.length, Math.min(3, answer.first.length + answer.rest.length));
        assert.ok(answer.rest.length > 0, 'this sample has more than three fixes');
        assert.equal(answer.more, `show all ${answer.first.length + answer.rest.length} fixes`);
        assert.equal(await page.$eval('#answer-fixes .fixes-rest', (d) => d.open), false);
      }
      console.log(`     answer block at y = ${at} px, ${said}`);
      await shotAt(page, viewport, 'body', `answer-${name}-${label.split(' ')[0]}-top.png`);
      await shotAt(page, viewport, '#answer', `answer-${name}-${label.split(' ')[0]}.png`);
    });
  }
  if (solved) {
    await check(`[answer ${name}] "does not work on my table" lists the single-picture changes solve --wrong lists, likeliest first`, async () => {
      const { lines: typo, ask } = askOf(cliLines([file, '--wrong', '--all-fixes'], 'typo?'));
      await page.click('#wrong-button');
      await page.waitForSelector('#wrong-fixes', { timeout: 60000 });
      const answer = await answerLines(page, 'wrong-fixes');
      assert.deepEqual([answer.head, ...answer.first, ...answer.rest], typo);
      assert.equal(answer.first.length, 3);
      assert.equal(answer.more, `show all ${typo.length - 1} changes`);
      await page.click('#wrong-fixes .fixes-rest summary');
      assert.equal(await page.$eval('#wrong-fixes .fixes-rest', (d) => d.open), true);
      assert.deepEqual(await formAsk(page, 'wrong-fixes'), ask);
    });
  }
  await check(`[print ${name}] the puzzle, its answer and G(P) on at most 3 A4 pages; no controls, empty frames, stepper, play area or editor`, async () => {
    await view(page, { width: 1280, height: 900 });
    await page.emulateMediaType('print');
    const shown = await page.evaluate((sections) => Object.fromEntries(['#enter', '#answer-count', '#graph-drawing svg', '#pieces-drawing svg', '.controls', ...sections]
      .map((s) => [s, [...document.querySelectorAll(s)].some((e) => e.getClientRects().length > 0)])), SECTIONS);
    assert.deepEqual(shown, {
      '#enter': false, '#answer-count': true, '#graph-drawing svg': true, '#pieces-drawing svg': true, '.controls': false,
      '#card-editor': false, nav: false, '#graph-section': true, '#play-section': false, '#subgraphs-section': false,
      '#solutions-section': false, '#search-section': false, '#theory': false,
    });
    const pdf = Buffer.from(await page.pdf({ format: 'A4' }));
    writeFileSync(join(work, `answer-${name}.pdf`), pdf);
    const pages = pdfPages(pdf);
    console.log(`     printed: ${pages} A4 pages`);
    assert.ok(pages >= 1 && pages <= 3, `${pages} pages`);
    await page.emulateMediaType(null);
  });
  await check(`[answer ${name}] no console error`, async () => assert.deepEqual(problems, []));
  await page.close();
}

// The count form under the fixes of a typed puzzle (the Wizards with card
// 5's right side typed purple- for purple+), on a 360 px phone by finger
// and on a desktop by keyboard alone: the count narrows the fixes as
// `solve --count` does, the form fits the screen and its targets are 44 px
// tall on the phone.
for (const [label, viewport, by] of [
  ['phone 360x780', PHONE_360, 'finger'],
  ['desktop 1280x800', { width: 1280, height: 800 }, 'keyboard'],
]) {
  await check(`[count ${label}] the picture solve asks for, counted on the cards by ${by}, narrows the fixes as solve --count does`, async () => {
    const page = await browser.newPage();
    await page.emulate({ viewport, userAgent: viewport.isMobile ? 'Mozilla/5.0 (Linux; Android 14) Mobile' : 'Mozilla/5.0 (X11; Linux x86_64)' });
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    const typo = 'fixtures/own/wizards_typo.txt';
    await page.goto(`${pathToFileURL(app).href}#${new URLSearchParams({ puzzle: readFileSync(typo, 'utf8'), name: 'wizards_typo' })}`, { waitUntil: 'load' });
    await ready(page);
    const { ask } = askOf(cliLines([typo, '--all-fixes'], 'why:'));
    assert.deepEqual(await formAsk(page, 'answer-fixes'), ask);
    assert.deepEqual(ask, { picture: 'purple-', typed: 7 });
    const form = await page.$eval('#answer-fixes .count-form', (f) => {
      const r = f.getBoundingClientRect();
      return { right: r.right, heights: [...f.querySelectorAll('input, button')].map((e) => e.getBoundingClientRect().height) };
    });
    assert.ok(form.right <= viewport.width, `the form ends at ${form.right} px`);
    if (viewport.isMobile) assert.ok(form.heights.every((h) => h >= 44), `targets ${form.heights} px tall`);
    await page.$eval('#answer-fixes', (e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(shots, `count-${label.split(' ')[0]}-asked.png`) });
    if (by === 'finger') {
      await page.tap('#answer-fixes-count');
      await page.keyboard.type('6');
      await page.tap('#answer-fixes .count-form button');
    } else {
      await page.focus('#answer-fixes-count');
      await page.keyboard.type('6');
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction(() => /dropped by your counts/.test(document.querySelector('#answer-fixes .fixes-head')?.textContent), { timeout: 30000 });
    const narrowed = await answerLines(page, 'answer-fixes');
    const counted = askOf(cliLines([typo, '--all-fixes', '--count', 'purple-=6'], 'why:'));
    assert.deepEqual([...narrowed.findings, narrowed.head, ...narrowed.first, ...narrowed.rest], counted.lines);
    assert.deepEqual(await formAsk(page, 'answer-fixes'), counted.ask);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('fixes-head')), true, 'the focus moves to the narrowed list');
    await page.$eval('#answer-fixes', (e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(shots, `count-${label.split(' ')[0]}-narrowed.png`) });
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// A phone: 390 x 844 with touch. Nothing is wider than the screen, and a
// finger drags a piece onto the board.
{
  const page = await browser.newPage();
  await page.emulate({ viewport: { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile' });
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${pathToFileURL(app).href}#${new URLSearchParams({ puzzle: readFileSync('fixtures/real/wizards.txt', 'utf8'), name: 'wizards' })}`, { waitUntil: 'load' });
  await ready(page);
  // The card editor is open: it too must fit.
  await page.$eval('#card-editor', (d) => { d.open = true; });
  const fits = async () => {
    const wide = await page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      const over = [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || e.closest('table, .list')) return false;
        return r.right > w + 1 || r.left < -1;
      }).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className.baseVal ?? e.className}`);
      return { scroll: document.documentElement.scrollWidth, w, over: over.slice(0, 8) };
    });
    assert.ok(wide.scroll <= wide.w, `page ${wide.scroll} px wide on a ${wide.w} px screen`);
    assert.deepEqual(wide.over, []);
  };
  await check('[phone 390x844] no horizontal scrolling, no element wider than the screen, the card editor open', fits);
  await check('[phone 360x740] the same on the narrowest phone the page is made for', async () => {
    await page.setViewport({ width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    assert.equal(await page.$$eval('#editor-cards li', (cards) => cards.length), 9);
    await fits();
    await page.$eval('#card-editor', (e) => e.scrollIntoView());
    await page.screenshot({ path: join(shots, 'app-phone-editor.png') });
    await page.$eval('#card-editor', (d) => { d.open = false; });
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  });
  await check('[phone 360x740] every visible button, select, toggle and link used as a button is at least 44 px tall', async () => {
    await page.setViewport({ width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.$eval('#card-editor', (d) => { d.open = true; });
    // A placed piece shows its turn button.
    await page.click('#play-tray button[data-piece="0"]');
    await page.click('#play-board .play-cell[data-cell="0"]');
    const small = await page.evaluate(() => [...document.querySelectorAll('button, select, summary, .controls a, nav a')]
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0)
      .map(({ e, r }) => ({ what: `${e.tagName.toLowerCase()}#${e.id}.${e.className} "${e.textContent.trim().slice(0, 30)}"`, height: r.height })));
    assert.ok(small.length >= 40, `${small.length} targets`);
    assert.ok(small.some((t) => t.what.startsWith('button#.play-turn')), 'the turn button is among them');
    assert.deepEqual(small.filter((t) => t.height < 44).slice(0, 8), []);
    await page.click('#play-reset');
    await page.$eval('#card-editor', (d) => { d.open = false; });
  });
  await check('[phone 360x740] a table wider than the screen scrolls in its own box, which shows that it scrolls', async () => {
    await frames(page);
    const tables = await page.evaluate(() => [...document.querySelectorAll('table')].filter((t) => t.getClientRects().length).map((t) => {
      const box = t.parentElement;
      const wrap = box.parentElement;
      const hint = wrap.querySelector('.scroll-hint');
      return {
        boxed: box.classList.contains('scroll-x') && getComputedStyle(box).overflowX === 'auto',
        wider: box.scrollWidth > box.clientWidth + 1,
        hinted: !!hint && hint.getClientRects().length > 0 && wrap.classList.contains('overflowing'),
        shadows: getComputedStyle(box).backgroundImage.includes('radial-gradient'),
      };
    }));
    assert.ok(tables.length >= 2, `${tables.length} tables`);
    assert.ok(tables.every((t) => t.boxed && t.shadows), JSON.stringify(tables));
    assert.ok(tables.some((t) => t.wider), 'a table here is wider than the screen');
    assert.ok(tables.every((t) => t.hinted === t.wider), JSON.stringify(tables));
    await page.$eval('#play-verdict .scroll-wrap', (e) => e.scrollIntoView());
    await page.screenshot({ path: join(shots, 'app-phone-table.png') });
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  });
  await check('[phone 390x844] a finger drags a piece from the tray onto the board', async () => {
    await page.$eval('#play-section', (e) => e.scrollIntoView());
    const from = await page.$eval('#play-tray button[data-piece="2"]', (b) => { const r = b.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
    const to = await page.$eval('#play-board .play-cell[data-cell="4"]', (b) => { const r = b.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
    await page.touchscreen.touchStart(from.x, from.y);
    for (let k = 1; k <= 10; k += 1) await page.touchscreen.touchMove(from.x + ((to.x - from.x) * k) / 10, from.y + ((to.y - from.y) * k) / 10);
    await page.touchscreen.touchEnd();
    assert.match(await page.$eval('#play-board .play-cell[data-cell="4"]', (b) => b.getAttribute('aria-label')), /piece #3/);
    assert.equal(await page.$$eval('.play-ghost', (g) => g.length), 0, 'no ghost piece left on screen');
  });
  await page.$eval('#enter', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(shots, 'app-phone.png') });
  await page.$eval('#play-section', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(shots, 'app-phone-play.png') });
  await check('[print] G(P), the pieces and the answer are never split: each fits an A4 page and may not break; the play area is not printed', async () => {
    // Laid out as printed: A4 is 794 x 1123 CSS pixels; margins of 10 mm
    // (38 px) leave 718 x 1047. An element that may not break inside and
    // fits the page is moved whole to the next page rather than split.
    await page.emulateMediaType('print');
    await page.setViewport({ width: 718, height: 1047, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    assert.equal(await page.$eval('#play-section', (e) => getComputedStyle(e).display), 'none');
    for (const selector of ['#answer-solution', '#graph-drawing', '#pieces-drawing']) {
      const box = await page.$eval(selector, (e) => ({ height: e.getBoundingClientRect().height, breaks: getComputedStyle(e).breakInside }));
      assert.equal(box.breaks, 'avoid', `${selector} may break inside`);
      assert.ok(box.height > 0 && box.height <= 1047, `${selector}: ${box.height} px high`);
    }
    // Newer puppeteer returns a Uint8Array, whose toString ignores 'latin1'.
    const pdf = Buffer.from(await page.pdf({ format: 'A4', margin: { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' } }));
    // The page objects: how many pages came out.
    const pages = pdfPages(pdf);
    assert.ok(pages >= 1 && pages <= 3, `${pages} pages`);
    console.log(`     printed: ${pages} A4 pages, ${pdf.length} bytes`);
    await page.emulateMediaType(null);
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  });
  await check('[phone 390x844] no console error', async () => assert.deepEqual(problems, []));
  await page.close();
}
{
  const { page } = await open(app);
  await page.$eval('#enter', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(shots, 'app-desktop.png') });
  await page.click('#card-editor summary');
  await page.$eval('#card-editor', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(shots, 'app-desktop-editor.png') });
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
