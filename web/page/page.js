// The sections of the page for one puzzle: plain JavaScript, no library,
// no request. Everything it shows comes from the library (compiled to
// WebAssembly, run in a Web Worker by the engine part below): the JSON data
// and the two SVG drawings it made (G(P) and the pieces), whose edges,
// vertices, legend entries and pieces carry data-edge, data-node and
// data-piece. Nothing of the theory is computed here: conditions,
// witnesses, solutions and the search trace are the library's.
'use strict';

// An HTML element: `text` sets its text, `on...` adds a listener, other
// attributes are set unless null, undefined or false (true sets them empty).
const html = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...children);
  return e;
};

// A table wider than its box scrolls inside it: `wrap` holds the
// scrolling box (.scroll-x, shadows at the edges that have more) and a
// line that says so, shown only while the table is wider than the box.
const watchScroll = (wrap) => {
  const box = wrap.querySelector('.scroll-x');
  const hint = wrap.querySelector('.scroll-hint');
  const update = () => {
    const over = box.scrollWidth > box.clientWidth + 1;
    hint.hidden = !over;
    wrap.classList.toggle('overflowing', over);
  };
  const watcher = new ResizeObserver(update);
  watcher.observe(box);
  if (box.firstElementChild) watcher.observe(box.firstElementChild);
  return wrap;
};
const scrollable = (table) => watchScroll(html('div', { class: 'scroll-wrap' },
  html('div', { class: 'scroll-x' }, table),
  html('p', { class: 'scroll-hint', 'aria-hidden': 'true', hidden: true, text: '← scroll sideways →' })));
document.querySelectorAll('.scroll-wrap').forEach(watchScroll);

// A sentence from the library's words: a capital first letter.
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// Edits in the library's order, the likeliest first (`fixes`: its head,
// every edit, how many to show at once); the rest behind "show all".
// When the library names a picture worth counting (`fixes.ask`) and
// `narrow(counts)` can ask the engine again, a form takes the count made on
// the cards; the block is replaced by the narrowed one (`counts`: those
// given so far, `[picture, count]`).
const fixesBlock = (fixes, id, noun, narrow = null, counts = []) => {
  const rest = fixes.fixes.slice(fixes.shown);
  const block = html('div', { class: 'fixes', id },
    html('p', { class: 'fixes-head', text: sentence(fixes.head) }),
    ...(fixes.shown ? [html('ol', { class: 'fixes-first' }, ...fixes.fixes.slice(0, fixes.shown).map((f) => html('li', { text: f })))] : []),
    ...(rest.length ? [html('details', { class: 'fixes-rest' },
      html('summary', { text: `show all ${fixes.fixes.length} ${noun}` }),
      html('ol', { start: fixes.shown + 1 }, ...rest.map((f) => html('li', { text: f }))))] : []));
  if (fixes.ask && narrow) {
    const { picture, typed } = fixes.ask;
    const box = html('input', { type: 'number', id: `${id}-count`, min: 0, max: 999, required: true, inputmode: 'numeric' });
    const button = html('button', { type: 'submit', text: 'Narrow down' });
    const said = html('p', { class: 'help', 'aria-live': 'polite' });
    const form = html('form', { class: 'count-form controls' },
      html('label', { for: `${id}-count`, text: `To narrow these down, count how often ${picture} shows on your cards (typed ${typed} time${typed === 1 ? '' : 's'}):` }),
      box, button);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const given = [...counts, [picture, Number(box.value)]];
      button.disabled = true;
      said.textContent = 'Narrowing…';
      narrow(given).then((answer) => {
        if (answer.error) { button.disabled = false; said.textContent = answer.error.message; return; }
        const narrowed = fixesBlock(answer.ok, id, noun, narrow, given);
        block.replaceWith(narrowed);
        narrowed.querySelector('.fixes-head').focus();
      }, (err) => { button.disabled = false; said.textContent = err.message === 'replaced' ? 'Stopped.' : err.message; });
    });
    block.append(form, said);
  }
  if (counts.length) {
    block.querySelector('.fixes-head').setAttribute('tabindex', '-1');
    block.append(html('p', { class: 'help', text: `Counted on your cards: ${counts.map(([p, n]) => `${p} ${n} time${n === 1 ? '' : 's'}`).join(', ')}.` }));
  }
  return block;
};

// An edge-matching puzzle (a grey frame, unsigned colours, hints, a
// rectangle): the library's count, its drawing of the first board (or of
// the pieces), and the community's board_edges string and viewer link.
// The Scramble Squares sections do not apply and are hidden.
const showEdge = (v) => {
  const old = document.getElementById('answer-body');
  const root = old.cloneNode(false);
  old.replaceWith(root);
  const s = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const shape = `${v.width} x ${v.height} board${v.hints ? `, ${s(v.hints, 'hint')}` : ''}, ${s(v.colours, 'colour')} besides grey`;
  const count = !v.complete
    ? `The count was stopped with ${s(v.arrangements, 'board')} found so far (${shape}). Count solutions counts to the end; the command line counts faster.`
    : v.solutions === 0
      ? `No solution (${shape}).`
      : `${s(v.solutions, 'solution')} modulo the board's rotations (${s(v.arrangements, 'board')} counting its turns; ${shape}).`;
  root.append(html('p', { id: 'answer-count', class: 'answer-count', role: 'status', text: count }));
  const figure = html('figure', { class: 'answer-grid edge', id: 'answer-solution' });
  figure.innerHTML = v.drawing;
  figure.append(html('figcaption', { text: v.solution
    ? 'The first board found. Each side shows its colour\'s number; grey is the frame.'
    : 'The pieces as given, in file order. Each side shows its colour\'s number; grey is the frame.' }));
  const side = html('div', { class: 'answer-side' });
  if (v.board_edges) {
    side.append(
      html('p', { class: 'help', text: 'The board as the community writes it (board_edges: four letters per cell, top, right, bottom, left, row by row):' }),
      html('p', {}, html('code', { class: 'board-edges', id: 'edge-board-edges', text: v.board_edges })),
      html('p', {}, html('a', { href: v.viewer, id: 'edge-viewer', rel: 'noopener', target: '_blank', text: 'Open this board in the community\'s viewer (online)' })),
      html('p', { class: 'help', text: `Rows of piece@turn (pieces from 1 in file order, quarter turns clockwise): ${v.solution.map((r) => r.join(' ')).join(' / ')}` }));
  }
  side.append(html('p', { class: 'help', text: `${v.nodes} pieces placed by the row-scan search in ${v.ms.toFixed(0)} ms by the WebAssembly engine.` }));
  root.append(html('div', { class: 'answer-row' }, figure, side));
};

// Fills every section for one explored puzzle; called again for each
// puzzle entered. `signal` ends the previous puzzle's document listeners;
// `actions.alternatives(counts)` asks the engine for the single-picture
// changes that give another answer, `actions.fixes(counts)` for those that
// make a puzzle without a solution solvable, both narrowed by the pictures
// counted on the cards (`[picture, count]`; none when omitted).
const showPuzzle = (data, drawings, signal, actions) => {
  document.getElementById('graph-drawing').innerHTML = drawings.graph;
  document.getElementById('pieces-drawing').innerHTML = drawings.pieces;
  // Fresh section roots: the previous puzzle's elements and listeners go.
  for (const id of ['answer-body', 'piece-list', 'subgraphs', 'solutions', 'search', 'play']) {
    const old = document.getElementById(id);
    const fresh = old.cloneNode(false);
    fresh.classList.remove('solved');
    old.replaceWith(fresh);
  }
  document.querySelector('#picture-table tbody').replaceChildren();
  document.getElementById('selection-info').textContent = 'Nothing selected.';
  const graphSvg = document.querySelector('#graph-drawing svg');
  const piecesSvg = document.querySelector('#pieces-drawing svg');
  const SVG = graphSvg.namespaceURI;
  const CLASS_FILLS = ['#CCE5F6', '#FBE3C7', '#D3F0E5', '#F6E0EE', '#EEEEBB', '#DDDDDD'];

  // ---------- small helpers ----------
  const svg = (tag, attrs = {}) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };
  const note = (text) => html('p', { class: 'note', text });
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const edgeLabel = (e) => {
    const edge = data.edges[e];
    return `${data.vertices[edge.tail].label}→${data.vertices[edge.head].label} ${data.pieces[edge.piece].label}`;
  };

  // ---------- the drawings: badges, a pristine copy, highlighting ----------
  const centerOf = (vertexGroup) => {
    const c = vertexGroup.querySelector('circle');
    return { x: +c.getAttribute('cx'), y: +c.getAttribute('cy'), r: +c.getAttribute('r') };
  };

  // Picture indices (Section 3.1) beside every vertex.
  for (const g of graphSvg.querySelectorAll('g.vertex')) {
    const v = data.vertices[+g.dataset.node];
    const { x, y, r } = centerOf(g);
    const badge = svg('text', {
      x: x + r * 0.8, y: y - r * 0.8, class: 'index-badge',
      'font-family': 'Helvetica,Arial,sans-serif', stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke',
    });
    badge.textContent = `i=${v.index}`;
    g.append(badge);
  }
  graphSvg.style.setProperty('--faded', data.faded);
  const graphTemplate = graphSvg.cloneNode(true);
  const freshGraph = () => graphTemplate.cloneNode(true);

  // Marks `edges`, `vertices`, `pieces` (Sets of indices) in `drawing` and
  // fades the rest; empty sets clear the marks.
  const highlight = (drawing, { edges = new Set(), vertices = new Set(), pieces = new Set() }) => {
    const any = edges.size + vertices.size + pieces.size > 0;
    drawing.classList.toggle('focus', any);
    const chosen = [];
    for (const g of drawing.querySelectorAll('g.edge')) {
      const on = edges.has(+g.dataset.edge);
      g.classList.toggle('hl', on);
      if (on) chosen.push(g);
    }
    for (const g of chosen) g.parentNode.append(g); // chosen edges on top
    for (const g of drawing.querySelectorAll('g.vertex')) g.classList.toggle('hl', vertices.has(+g.dataset.node));
    for (const g of drawing.querySelectorAll('g.legend-entry, g.piece')) g.classList.toggle('hl', pieces.has(+g.dataset.piece));
  };
  const endsOf = (edges) => new Set([...edges].flatMap((e) => [data.edges[e].tail, data.edges[e].head]));

  // ---------- section 1: pieces and G(P) ----------
  const info = document.getElementById('selection-info');
  const pieceButtons = [];
  const pictureRows = [];
  let selection = null;

  const select = (kind, id) => {
    if (selection && selection.kind === kind && selection.id === id) kind = null;
    selection = kind ? { kind, id } : null;
    let marks = {};
    let text = 'Nothing selected.';
    if (kind === 'piece') {
      const piece = data.pieces[id];
      const edges = new Set(piece.edges);
      marks = { edges, vertices: endsOf(edges), pieces: new Set([id]) };
      const cycle = piece.edges.map((e) => data.vertices[data.edges[e].tail].label);
      text = `Piece ${piece.label}: ${piece.text}. Its 4-cycle: ${[...cycle, cycle[0]].join(' → ')}.`;
    } else if (kind === 'vertex') {
      const v = data.vertices[id];
      const both = new Set([id, v.complement].filter((x) => x !== null));
      const edges = new Set(data.edges.flatMap((e, i) => (both.has(e.tail) || both.has(e.head) ? [i] : [])));
      const pieces = new Set([...edges].map((e) => data.edges[e].piece));
      marks = { edges, vertices: both, pieces };
      const complement = v.complement === null
        ? `its complement ${v.complement_label} does not occur`
        : `its complement ${v.complement_label} (index ${data.vertices[v.complement].index})`;
      text = `Picture ${v.label} (index ${v.index}) and ${complement}: ${plural(edges.size, 'edge')} at them.`;
    }
    highlight(graphSvg, marks);
    highlight(piecesSvg, { pieces: marks.pieces || new Set() });
    pieceButtons.forEach((b, i) => b.setAttribute('aria-pressed', String(kind === 'piece' && i === id)));
    pictureRows.forEach((r, i) => r.classList.toggle('selected', !!marks.vertices && marks.vertices.has(i) && kind === 'vertex'));
    info.textContent = text;
  };

  const makeFocusable = (g, label, action) => {
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.setAttribute('aria-label', label);
    g.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); action(); }
    });
  };
  for (const g of graphSvg.querySelectorAll('g.vertex')) {
    const id = +g.dataset.node;
    makeFocusable(g, `picture ${data.vertices[id].label}`, () => select('vertex', id));
  }
  for (const g of graphSvg.querySelectorAll('g.legend-entry')) {
    const id = +g.dataset.piece;
    makeFocusable(g, `piece ${data.pieces[id].label}`, () => select('piece', id));
  }
  for (const g of piecesSvg.querySelectorAll('g.piece')) {
    const id = +g.dataset.piece;
    makeFocusable(g, `piece ${data.pieces[id].label}`, () => select('piece', id));
  }
  graphSvg.addEventListener('click', (ev) => {
    const edge = ev.target.closest('g.edge');
    const vertex = ev.target.closest('g.vertex');
    const entry = ev.target.closest('g.legend-entry');
    if (vertex) select('vertex', +vertex.dataset.node);
    else if (edge) select('piece', data.edges[+edge.dataset.edge].piece);
    else if (entry) select('piece', +entry.dataset.piece);
  });
  piecesSvg.addEventListener('click', (ev) => {
    const g = ev.target.closest('g.piece');
    if (g) select('piece', +g.dataset.piece);
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && selection) select(null);
  }, { signal });

  const pieceList = document.getElementById('piece-list');
  data.pieces.forEach((p, i) => {
    const swatch = html('span', { class: 'swatch', style: `border-top-color:${p.color};${p.dash ? 'border-top-style:dashed' : ''}` });
    const button = html('button', { type: 'button', 'aria-pressed': 'false', 'data-piece': i, onclick: () => select('piece', i) },
      swatch, `${p.label}: ${p.text}`);
    pieceButtons.push(button);
    pieceList.append(html('li', {}, button));
  });
  const pictureBody = document.querySelector('#picture-table tbody');
  data.vertices.forEach((v, i) => {
    const row = html('tr', {},
      html('td', {}, html('button', { type: 'button', 'data-node': i, onclick: () => select('vertex', i), text: v.label })),
      html('td', { text: String(v.index) }),
      html('td', { text: v.complement === null ? `${v.complement_label} (absent)` : v.complement_label }));
    pictureRows.push(row);
    pictureBody.append(row);
  });

  const pictures = data.vertices.length;
  const solutionCount = data.solutions.Ok ? data.solutions.Ok.count : null;
  document.getElementById('title').textContent = `${data.name}: a ${data.size}x${data.size} Scramble Squares puzzle`;
  document.getElementById('summary').textContent = [
    plural(data.pieces.length, 'piece'),
    plural(pictures, 'picture'),
    data.repetition_free ? 'repetition-free' : 'with repetitions',
    solutionCount === null ? 'solutions not counted' : `${plural(solutionCount, 'solution')} modulo rotation`,
    ...(solutionCount && data.solutions.Ok.looks !== null ? [`${data.solutions.Ok.looks} distinct-looking`] : []),
  ].join(' · ');

  // Why there is no solution: the library's diagnosis in its own words,
  // findings with their details nested under them.
  const whyList = (id, lines = data.why.lines) => {
    const list = html('ul', { class: 'why', id });
    let last = null;
    for (const [depth, line] of lines) {
      if (depth <= 1 || !last) {
        last = html('li', { text: line });
        list.append(last);
      } else {
        let sub = last.querySelector('ul');
        if (!sub) { sub = html('ul'); last.append(sub); }
        sub.append(html('li', { text: line }));
      }
    }
    return list;
  };

  // ---------- solved grids from the pieces' own drawing ----------
  const pieceGroups = [...piecesSvg.querySelectorAll('g.piece')];
  const boxes = pieceGroups.map((g) => g.getBBox());
  const side = Math.max(...boxes.map((b) => Math.max(b.width, b.height)));

  // A piece drawing turned `rotation` quarter turns at (x, y), its texts
  // and label box kept upright.
  const placed = ({ piece, rotation }, x, y) => {
    const box = boxes[piece];
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const turn = 90 * rotation;
    const clone = pieceGroups[piece].cloneNode(true);
    clone.classList.remove('hl');
    clone.removeAttribute('tabindex');
    clone.setAttribute('transform', `rotate(${turn} ${cx} ${cy})`);
    for (const t of clone.querySelectorAll('text')) {
      const size = +t.getAttribute('font-size') || 12;
      t.setAttribute('transform', `rotate(${-turn} ${t.getAttribute('x')} ${+t.getAttribute('y') - 0.35 * size})`);
    }
    for (const r of clone.querySelectorAll('rect')) r.setAttribute('transform', `rotate(${-turn} ${cx} ${cy})`);
    const outer = svg('g', { transform: `translate(${x - box.x} ${y - box.y})` });
    outer.append(clone);
    return outer;
  };
  const PAD = 6;
  // An n x n grid; `cells[i]` is a placement or null (empty).
  const gridSvg = (cells, label) => {
    const n = data.size;
    const size = n * side + 2 * PAD;
    const drawing = svg('svg', { viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': label, class: 'grid' });
    cells.forEach((p, cell) => {
      const x = PAD + (cell % n) * side;
      const y = PAD + Math.floor(cell / n) * side;
      drawing.append(p ? placed(p, x, y) : svg('rect', { x, y, width: side, height: side, class: 'empty-cell' }));
    });
    return drawing;
  };
  const gridLabel = (cells) => cells.map((p) => `${data.pieces[p.piece].label}@${p.rotation}`).join(' ');

  // ---------- the answer, right under the puzzle box ----------
  // The library's words (data.answer): the count, then the first solution
  // drawn large, or why there is none and the fixes it ranked.
  {
    const a = data.answer;
    const root = document.getElementById('answer-body');
    root.append(html('p', { id: 'answer-count', class: 'answer-count', role: 'status', text: `${sentence(a.count)}.` }));
    if (a.solved) {
      const cells = data.solutions.Ok.shown[0].cells;
      const out = html('div', { id: 'wrong-result', 'aria-live': 'polite' });
      const wrong = html('button', { type: 'button', id: 'wrong-button', text: 'This solution does not work on my table' });
      wrong.addEventListener('click', () => {
        wrong.disabled = true;
        out.replaceChildren(html('p', { class: 'help', text: 'Trying every change of one picture on one card…' }));
        actions.alternatives([]).then((answer) => {
          wrong.disabled = false;
          if (answer.error) return out.replaceChildren(note(answer.error.message));
          return out.replaceChildren(
            html('p', { class: 'help', text: 'Compare these sides with your cards: a change that gives another answer may undo a typo.' }),
            fixesBlock(answer.ok, 'wrong-fixes', 'changes', actions.alternatives));
        }, (e) => {
          wrong.disabled = false;
          out.replaceChildren(note(e.message === 'replaced' ? 'Stopped.' : e.message));
        });
      });
      root.append(html('div', { class: 'answer-row' },
        html('figure', { class: 'answer-grid', id: 'answer-solution' },
          gridSvg(cells, `the first solution: ${gridLabel(cells)}`),
          html('figcaption', { text: `The first solution, each card's label and quarter turns clockwise: ${gridLabel(cells)}` })),
        html('div', { class: 'answer-side' }, html('div', { class: 'controls' }, wrong), out)));
    } else if (a.fixes || a.findings.length) {
      root.append(html('h3', { text: 'Why there is no solution' }),
        ...(a.findings.length ? [whyList('answer-findings', a.findings)] : []),
        ...(a.fixes ? [fixesBlock(a.fixes, 'answer-fixes', 'fixes', actions.fixes)] : []));
    }
  }

  // ---------- section 2: the 256 four-color subgraphs ----------
  const subgraphsRoot = document.getElementById('subgraphs');
  const twistedSvg = (sub) => {
    const drawing = freshGraph();
    drawing.querySelectorAll('g.edge, g.legend-entry, .index-badge').forEach((e) => e.remove());
    const title = drawing.querySelector('g.title text');
    if (title) title.textContent = 'twisted graph: X→Y becomes X→Yᶜ';
    const at = new Map();
    for (const g of drawing.querySelectorAll('g.vertex')) at.set(data.vertices[+g.dataset.node].label, centerOf(g));
    const layer = drawing.querySelector('g.vertices') || drawing;
    // A twisted head that is no picture of the puzzle: drawn dashed,
    // across the rows from its complement.
    sub.edges.forEach((e, k) => {
      const label = sub.twisted_edges[k][1];
      if (at.has(label)) return;
      const mirror = centerOf(drawing.querySelector(`g.vertex[data-node="${data.edges[e].head}"]`));
      const down = label.endsWith('+');
      const c = { x: mirror.x, y: mirror.y + (down ? data.row_gap : -data.row_gap), r: mirror.r };
      at.set(label, c);
      const ghost = svg('g', { class: 'ghost' });
      ghost.append(svg('circle', { cx: c.x, cy: c.y, r: c.r, fill: '#fff', stroke: '#777', 'stroke-dasharray': '4 3' }));
      const t = svg('text', { x: c.x, y: c.y + 4, 'text-anchor': 'middle', 'font-size': 14, 'font-family': 'Helvetica,Arial,sans-serif' });
      t.textContent = label;
      ghost.append(t);
      layer.append(ghost);
    });
    const used = new Set(sub.twisted_edges.flat());
    for (const g of drawing.querySelectorAll('g.vertex')) {
      if (!used.has(data.vertices[+g.dataset.node].label)) g.setAttribute('opacity', '0.3');
    }
    const edgesLayer = svg('g', { class: 'twisted' });
    const seen = new Map();
    sub.twisted_edges.forEach(([tail, head], k) => {
      const key = [tail, head].sort().join(' ');
      const nth = seen.get(key) || 0;
      seen.set(key, nth + 1);
      const piece = data.pieces[data.edges[sub.edges[k]].piece];
      edgesLayer.append(arrow(at.get(tail), at.get(head), nth, piece.color));
    });
    drawing.querySelector('g.vertices').before(edgesLayer);
    return drawing;
  };
  // A curved arrow from circle a to circle b, bent by its rank among
  // parallel edges; a loop when a is b.
  const arrow = (a, b, nth, color) => {
    const g = svg('g');
    let d;
    let tip;
    let base;
    if (a === b) {
      const reach = a.r + 40 + 18 * nth;
      const s = a.y < 100 ? -1 : 1;
      const p0 = { x: a.x - a.r * 0.6, y: a.y + s * a.r * 0.8 };
      tip = { x: a.x + a.r * 0.6, y: a.y + s * a.r * 0.8 };
      base = { x: tip.x + 3, y: tip.y + s * 9 };
      d = `M${p0.x},${p0.y} C${a.x - reach},${a.y + s * reach} ${a.x + reach},${a.y + s * reach} ${base.x},${base.y}`;
    } else {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy);
      const nx = -dy / len;
      const ny = dx / len;
      const bend = (nth % 2 ? -1 : 1) * (20 + 24 * Math.ceil(nth / 2)) + (Math.abs(dy) < 1 ? -40 : 0);
      const c = { x: (a.x + b.x) / 2 + nx * bend, y: (a.y + b.y) / 2 + ny * bend };
      const unit = (p, q) => { const l = Math.hypot(q.x - p.x, q.y - p.y); return { x: (q.x - p.x) / l, y: (q.y - p.y) / l }; };
      const u0 = unit(a, c);
      const u1 = unit(b, c);
      const start = { x: a.x + u0.x * a.r, y: a.y + u0.y * a.r };
      tip = { x: b.x + u1.x * b.r, y: b.y + u1.y * b.r };
      base = { x: tip.x + u1.x * 10, y: tip.y + u1.y * 10 };
      d = `M${start.x},${start.y} Q${c.x},${c.y} ${base.x},${base.y}`;
    }
    g.append(svg('path', { d, fill: 'none', stroke: color, 'stroke-width': 3 }));
    const ux = tip.x - base.x;
    const uy = tip.y - base.y;
    const l = Math.hypot(ux, uy) || 1;
    const px = (-uy / l) * 4;
    const py = (ux / l) * 4;
    g.append(svg('polygon', { points: `${tip.x},${tip.y} ${base.x + px},${base.y + py} ${base.x - px},${base.y - py}`, fill: color }));
    return g;
  };

  const subgraphOnGraph = (sub) => {
    const drawing = freshGraph();
    const edges = new Set(sub.edges);
    highlight(drawing, { edges, vertices: endsOf(edges), pieces: new Set(sub.edges.map((e) => data.edges[e].piece)) });
    for (const c of sub.conditions.filter((c) => !c.holds)) {
      for (const e of c.edge_ids) drawing.querySelector(`g.edge[data-edge="${e}"]`).classList.add('witness');
      for (const v of c.vertex_ids) drawing.querySelector(`g.vertex[data-node="${v}"]`).classList.add('witness', 'hl');
      c.classes.forEach((cls, k) => {
        for (const v of cls) {
          const g = drawing.querySelector(`g.vertex[data-node="${v}"]`);
          g.classList.add('witness-class');
          g.querySelector('circle').setAttribute('fill', CLASS_FILLS[k % CLASS_FILLS.length]);
          const { x, y, r } = centerOf(g);
          const t = svg('text', { x: x - r - 4, y: y + 4, 'text-anchor': 'end', class: 'class-label', 'font-family': 'Helvetica,Arial,sans-serif' });
          t.textContent = String.fromCharCode(65 + k);
          g.append(t);
        }
      });
    }
    return drawing;
  };

  const tag = (yes, text, warn = false) => html('span', { class: `tag ${warn ? 'warn' : yes ? 'yes' : 'no'}`, text });
  // Theorem 2.1's four conditions on `sub`, with `extra` rows after them.
  const conditionsTable = (sub, ...extra) => scrollable(html('table', { class: 'conditions' },
    html('thead', {}, html('tr', {}, html('th', { text: 'condition' }), html('th', { text: '' }), html('th', { text: 'witness (marked on G(P))' }))),
    html('tbody', {}, ...sub.conditions.map((c) => html('tr', { 'data-condition': c.number },
      html('td', { text: `(${c.number}) ${c.name}` }),
      html('td', { class: c.holds ? 'holds' : 'fails', text: c.holds ? '✓ holds' : '✗ fails' }),
      html('td', { text: c.witness || '—' }))), ...extra)));
  const witnessMarks = (sub) => {
    const marks = [];
    if (sub.conditions.some((c) => !c.holds && c.edge_ids.length)) marks.push('witness edges drawn thick and dotted');
    if (sub.conditions.some((c) => !c.holds && c.vertex_ids.length)) marks.push('witness vertices ringed with a dashed line');
    if (sub.conditions.some((c) => !c.holds && c.classes.length)) marks.push('pseudo-classes lettered A, B, … and tinted');
    return marks;
  };
  const showSubgraph = (sub, target) => {
    const table = conditionsTable(sub);
    const marks = witnessMarks(sub);
    const views = html('div', { class: 'views' },
      html('figure', {}, html('figcaption', { text: `Subgraph ${sub.index} on G(P)${marks.length ? ` — ${marks.join('; ')}` : ''}` }), subgraphOnGraph(sub)),
      html('figure', {}, html('figcaption', { text: `Twisted graph: ${sub.twisted ? 'one Eulerian circuit' : 'not one balanced connected circuit'}` }), twistedSvg(sub)),
      ...sub.solutions.map((cells, k) => html('figure', { class: 'small' },
        html('figcaption', { text: `Solved grid ${k + 1} (judge): ${gridLabel(cells)}` }), gridSvg(cells, `solved grid ${gridLabel(cells)}`))));
    target.replaceChildren(
      html('h3', { text: `Subgraph ${sub.index}: ${sub.label}` }),
      html('div', { class: 'verdicts' },
        tag(sub.theorem, sub.theorem ? 'Theorem 2.1 accepts' : 'Theorem 2.1 rejects'),
        tag(sub.twisted, sub.twisted ? 'twisted criterion accepts' : 'twisted criterion rejects'),
        tag(sub.judge, sub.judge ? 'solution graph (judge)' : 'no solution has this centre (judge)'),
        ...(sub.disagreement ? [tag(false, 'disagreement', true)] : [])),
      table, views);
  };

  const FILTERS = [
    ['all', 'all 256', () => true],
    ['solutions', 'solution graphs (judge)', (s) => s.judge],
    ['theorem', 'accepted by Theorem 2.1', (s) => s.theorem],
    ...[1, 2, 3, 4].map((k) => [`failing-${k}`, `failing condition (${k})`, (s) => !s.conditions[k - 1].holds]),
    ['disagreements', 'disagreements', (s) => s.disagreement],
  ];
  if (data.subgraphs) {
    const subs = data.subgraphs;
    const count = (f) => subs.filter(f).length;
    const filter = html('select', { id: 'subgraph-filter', 'aria-label': 'Which subgraphs to list' },
      ...FILTERS.map(([value, text, f]) => html('option', { value, text: `${text} (${count(f)})` })));
    const list = html('div', { class: 'list', id: 'subgraph-list', role: 'listbox', 'aria-label': 'Four-color subgraphs' });
    const detail = html('div', { id: 'subgraph-detail' });
    let current = null;
    const choose = (sub) => {
      current = sub;
      for (const b of list.querySelectorAll('button')) b.setAttribute('aria-pressed', String(+b.dataset.index === sub.index));
      showSubgraph(sub, detail);
    };
    const fill = () => {
      const keep = FILTERS.find(([v]) => v === filter.value)[2];
      const shown = subs.filter(keep);
      list.replaceChildren(...shown.map((s) => html('button', {
        type: 'button', 'data-index': s.index, 'aria-pressed': 'false', onclick: () => choose(s),
        title: s.label,
      }, `${String(s.index).padStart(3, ' ')} ${s.judge ? '★' : s.theorem ? '✓' : '·'} ${s.edges.map((e) => data.vertices[data.edges[e].tail].label + '→' + data.vertices[data.edges[e].head].label).join(' ')}`)));
      if (shown.length === 0) list.append(note('none'));
      if (shown.length && (!current || !keep(current))) choose(shown[0]);
      else if (current) choose(current);
    };
    list.addEventListener('keydown', (ev) => {
      if (ev.key !== 'ArrowDown' && ev.key !== 'ArrowUp') return;
      const buttons = [...list.querySelectorAll('button')];
      const at = buttons.indexOf(document.activeElement);
      const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + (ev.key === 'ArrowDown' ? 1 : -1)))];
      if (next) { ev.preventDefault(); next.focus(); next.click(); }
    });
    filter.addEventListener('change', fill);
    subgraphsRoot.append(
      html('p', { class: 'help', text: 'One edge per color: 4⁴ = 256 subgraphs. ★ solution graph, ✓ accepted by Theorem 2.1. Pick a filter, then a subgraph (arrow keys move in the list). Conditions, witnesses and verdicts are computed by scramble, not in this page.' }),
      ...(data.repetition_free ? [] : [note('This puzzle has repetitions: Theorem 2.1 assumes none, so its verdicts may disagree with the judge.')]),
      html('div', { class: 'filters' }, html('label', { for: 'subgraph-filter', text: 'Show' }), filter),
      html('div', { class: 'browser' }, list, detail));
    fill();
  } else {
    subgraphsRoot.append(note(`Four-color subgraphs and Theorem 2.1 are about 2x2 puzzles; this one is ${data.size}x${data.size}. The solutions below show the same centres, one per interior lattice point.`));
  }

  // ---------- section 3: solutions ----------
  const solutionsRoot = document.getElementById('solutions');
  if (data.solutions.Err) {
    solutionsRoot.append(note(data.solutions.Err));
  } else {
    const sol = data.solutions.Ok;
    const looks = sol.looks === null || sol.count === 0 ? '' : ` ${sol.looks} of them look different (cards that look alike are not told apart).`;
    const head = sol.count === null ? 'Solutions were not counted.' : `${plural(sol.count, 'solution')} modulo the four whole-grid rotations.${looks}`;
    solutionsRoot.append(html('p', { id: 'solution-count', text: head }));
    if (data.why) solutionsRoot.append(html('h3', { text: 'Why there is no solution' }), whyList('why-solutions'));
    if (sol.note) solutionsRoot.append(note(sol.note));
    if (sol.shown.length) {
      const picker = html('div', { class: 'chips', role: 'group', 'aria-label': 'Solutions' });
      const points = html('div', { class: 'points', role: 'group', 'aria-label': 'Interior lattice points and the corners that meet there' });
      const pointInfo = html('p', { class: 'help', role: 'status', 'aria-live': 'polite' });
      const views = html('div', { class: 'views' });
      const showSolution = (k, block = null) => {
        const s = sol.shown[k];
        picker.querySelectorAll('button').forEach((b, i) => b.setAttribute('aria-pressed', String(i === k)));
        const grid = gridSvg(s.cells, `solution ${k + 1}: ${gridLabel(s.cells)}`);
        const drawing = freshGraph();
        const edges = new Set(block === null ? s.kept : s.blocks[block].edges);
        highlight(drawing, { edges, vertices: endsOf(edges), pieces: new Set([...edges].map((e) => data.edges[e].piece)) });
        if (block !== null) {
          const [i, j] = s.blocks[block].point;
          grid.append(svg('rect', { x: PAD + (j - 1) * side, y: PAD + (i - 1) * side, width: 2 * side, height: 2 * side, class: 'block-mark' }));
          grid.append(svg('circle', { cx: PAD + j * side, cy: PAD + i * side, r: 9, fill: '#000' }));
          const b = s.blocks[block];
          pointInfo.textContent = `Lattice point (${i}, ${j}): the centre of the 2x2 block around it keeps ${b.edges.map(edgeLabel).join(', ')} (cells top-left, top-right, bottom-left, bottom-right).`;
        } else {
          pointInfo.textContent = `All ${s.kept.length} kept edges shown. Select a lattice point to see the four corners that meet there.`;
        }
        points.replaceChildren(scrollable(html('table', {},
          html('thead', {}, html('tr', {}, ...['point', 'top-left', 'top-right', 'bottom-left', 'bottom-right'].map((t) => html('th', { scope: 'col', text: t })))),
          html('tbody', {}, ...s.blocks.map((b, m) => html('tr', { class: m === block ? 'selected' : '' },
            html('td', {}, html('button', {
              type: 'button', 'aria-pressed': String(m === block), 'data-point': `${b.point[0]},${b.point[1]}`,
              onclick: () => showSolution(k, m === block ? null : m), text: `(${b.point[0]}, ${b.point[1]})`,
            })),
            ...b.edges.map((e) => html('td', { text: edgeLabel(e) }))))))));
        views.replaceChildren(
          html('figure', { class: 'small' }, html('figcaption', { text: `Solved grid: ${gridLabel(s.cells)}` }), grid),
          html('figure', {}, html('figcaption', { text: block === null ? 'Edges of G(P) the solution keeps' : 'The corners at the chosen lattice point' }), drawing));
      };
      sol.shown.forEach((_, k) => picker.append(html('button', { type: 'button', 'aria-pressed': 'false', onclick: () => showSolution(k), text: `solution ${k + 1}` })));
      solutionsRoot.append(picker, html('h3', { text: 'Kept edges by interior lattice point (where four cells meet)' }), points, pointInfo, views);
      showSolution(0);
    }
  }

  // ---------- section 4: the search, step by step ----------
  const searchRoot = document.getElementById('search');
  if (data.trace.Err) {
    searchRoot.append(note(`No search trace: ${data.trace.Err}.`));
  } else {
    const trace = data.trace.Ok;
    const events = trace.events;
    const n = data.size;
    const cellName = (c) => `(${Math.floor(c / n) + 1}, ${(c % n) + 1})`;
    const describe = (e) => {
      if (e === 'Solution') return 'the grid is full: a solution';
      if (e.Place) return `${data.pieces[e.Place[1]].label} turned ${e.Place[2]} goes into cell ${cellName(e.Place[0])}`;
      return `cell ${cellName(e.Remove)} is emptied (backtrack)`;
    };
    const slider = html('input', { type: 'range', min: 0, max: events.length, value: 0, id: 'search-step', 'aria-label': 'Step of the search' });
    const status = html('p', { role: 'status', 'aria-live': 'polite', id: 'search-status' });
    const gridBox = html('figure', { class: 'small' });
    const bars = html('div', { class: 'bars', role: 'img' });
    const barLabels = html('div', { class: 'bar-labels' }, ...trace.cells.map((_, d) => html('span', { text: String(d + 1) })));
    let timer = null;
    const show = (k) => {
      k = Math.max(0, Math.min(events.length, k));
      slider.value = k;
      const cells = new Array(n * n).fill(null);
      const nodes = new Array(trace.cells.length).fill(0);
      let depth = 0;
      let found = 0;
      for (const e of events.slice(0, k)) {
        if (e === 'Solution') found += 1;
        else if (e.Place) { cells[e.Place[0]] = { piece: e.Place[1], rotation: e.Place[2] }; nodes[depth] += 1; depth += 1; }
        else { cells[e.Remove] = null; depth -= 1; }
      }
      gridBox.replaceChildren(html('figcaption', { text: `Grid after step ${k}: ${depth} of ${n * n} cells filled` }), gridSvg(cells, `search grid at step ${k}`));
      const top = Math.max(1, ...nodes);
      bars.setAttribute('aria-label', `nodes per depth: ${nodes.join(', ')}`);
      bars.replaceChildren(...nodes.map((m, d) => html('div', { class: `bar${d === depth - 1 ? ' current' : ''}`, style: `height:${(100 * m) / top}%` }, html('span', { text: String(m) }))));
      status.textContent = k === 0
        ? `Step 0 of ${events.length}: the grid is empty.`
        : `Step ${k} of ${events.length}: ${describe(events[k - 1])}. Solutions so far: ${found}.`;
    };
    const stop = () => { clearInterval(timer); timer = null; play.textContent = '▶ play'; };
    const play = html('button', { type: 'button', text: '▶ play', onclick: () => {
      if (timer) return stop();
      play.textContent = '❚❚ pause';
      timer = setInterval(() => { if (+slider.value >= events.length) stop(); else show(+slider.value + 1); }, 60);
    } });
    const step = (by) => () => { stop(); show(+slider.value + by); };
    slider.addEventListener('input', () => { stop(); show(+slider.value); });
    const order = trace.order;
    searchRoot.append(
      html('p', { class: 'help', text: `The backtracker fills the cells in the ${order} order, cells ${trace.cells.map(cellName).join(' ')}, trying pieces in the order's ranks and every rotation; the rotation class is fixed as the fast solver fixes it. Recorded by scramble when it wrote this page. Use the slider (arrow keys) or the buttons.` }),
      ...(trace.complete ? [] : [note(`The trace is capped at ${events.length} steps; the search goes on beyond them.`)]),
      html('div', { class: 'controls' },
        html('button', { type: 'button', text: '« start', onclick: step(-events.length) }),
        html('button', { type: 'button', text: '◀ back', onclick: step(-1) }),
        play,
        html('button', { type: 'button', text: 'step ▶', onclick: step(1) }),
        html('button', { type: 'button', text: 'end »', onclick: step(events.length) }),
        slider),
      status,
      html('div', { class: 'views' }, gridBox,
        html('figure', {}, html('figcaption', { text: 'Nodes per depth so far (pieces placed at each depth; red: the current depth)' }), bars, barLabels)));
    show(0);
  }
  // ---------- section: play ----------
  // The reader's own board. Geometry and matching are looked up in the
  // library's tables (data.play: what each piece shows in each turn, the
  // inner boundaries, the corner each cell has at each lattice point, the
  // whole-grid turn; the library replays these lookups against itself
  // library in its tests); Theorem 2.1's verdicts are the library's rows
  // of the subgraph browser.
  {
    const P = data.play;
    const n = data.size;
    const root = document.getElementById('play');
    root.style.setProperty('--n', String(n));
    const SYMBOL = { matched: '✓', mismatched: '✗', open: '' };
    let cells = new Array(n * n).fill(null);
    const history = [];
    let picked = null; // { piece } from the tray or { cell } from the board
    let focusCell = 0;
    let hovered = null; // the lattice point under the pointer or in focus
    let pinned = null; // the lattice point chosen in the table

    const pieceName = (piece) => `piece ${data.pieces[piece].label}`;
    const rowCol = (c) => `row ${Math.floor(c / n) + 1}, column ${(c % n) + 1}`;
    const cellName = (c) => (cells[c]
      ? `${rowCol(c)}: ${pieceName(cells[c].piece)}, turned ${90 * cells[c].rotation} degrees`
      : `${rowCol(c)}: empty`);
    const sorted = (xs) => [...xs].sort((a, b) => a - b);

    // ----- the library's tables, looked up -----
    const boundaryState = (b) => {
      const [a, c] = b.cells.map((x) => cells[x]);
      if (!a || !c) return 'open';
      const x = P.turns[a.piece][a.rotation].sides[b.directions[0]];
      const y = P.turns[c.piece][c.rotation].sides[b.directions[1]];
      return data.vertices[x].complement === y ? 'matched' : 'mismatched';
    };
    const pointEdges = (pt) => pt.cells.map((c, k) => (cells[c] ? P.turns[cells[c].piece][cells[c].rotation].corners[pt.directions[k]] : null));
    const turnSolution = (s) => {
      const next = s.slice();
      s.forEach(([piece, rotation], c) => { next[P.turned_cell[c]] = [piece, (rotation + 1) % 4]; });
      return next;
    };
    const agrees = (s) => cells.every((p, c) => !p || (p.piece === s[c][0] && p.rotation === s[c][1]));
    // For every embedded solution some whole-grid turn of which agrees with
    // the board: that turn.
    const reachable = () => P.solutions.flatMap((s) => {
      let t = s;
      for (let k = 0; k < 4; k += 1, t = turnSolution(t)) if (agrees(t)) return [t];
      return [];
    });
    const subgraphOf = (edges) => {
      const key = sorted(edges).join(',');
      return data.subgraphs.find((s) => sorted(s.edges).join(',') === key);
    };
    const judge = () => {
      const states = P.boundaries.map(boundaryState);
      const groups = P.points.map((pt) => ({ pt, edges: pointEdges(pt), states: pt.boundaries.map((b) => states[b]) }));
      const kept = groups.flatMap((g) => g.edges.filter((e) => e !== null));
      const filled = cells.filter(Boolean).length;
      const solved = filled === n * n && states.every((s) => s === 'matched');
      const sub = data.subgraphs && kept.length === 4 ? subgraphOf(kept) : null;
      return { states, groups, kept, filled, solved, sub, reachable: reachable() };
    };
    // For the browser test: the same judge on any board, e.g. every 2x2
    // arrangement, to compare with the library's solutions.
    root.judgeBoard = (board) => {
      const saved = cells;
      cells = board;
      try { return judge(); } finally { cells = saved; }
    };
    const count = (xs, x) => xs.filter((y) => y === x).length;
    const blockVerdict = (g) => {
      const bad = count(g.states, 'mismatched');
      const open = count(g.states, 'open');
      if (bad) return { mark: '✗', kind: 'fails', text: `not solved: ${bad} of its 4 boundaries mismatched` };
      if (open) return { mark: '○', kind: 'open', text: `open: ${open} of its 4 boundaries` };
      return { mark: '✓', kind: 'holds', text: 'solved: a solution graph of its four pieces' };
    };

    // ----- changes, each undoable -----
    const change = (next) => {
      history.push(cells);
      cells = next;
      picked = null;
      render();
    };
    const without = (piece) => cells.map((p) => (p && p.piece === piece ? null : p));
    const place = (piece, cell, rotation = 0) => {
      const next = without(piece);
      next[cell] = { piece, rotation };
      change(next);
    };
    const move = (from, to) => {
      const next = cells.slice();
      [next[from], next[to]] = [cells[to], cells[from]];
      change(next);
    };
    const toTray = (cell) => {
      if (!cells[cell]) return;
      const next = cells.slice();
      next[cell] = null;
      change(next);
    };
    const turn = (cell) => {
      if (!cells[cell]) return;
      const next = cells.slice();
      next[cell] = { piece: cells[cell].piece, rotation: (cells[cell].rotation + 1) % 4 };
      change(next);
    };
    const undo = () => {
      if (!history.length) return say('Nothing to undo.');
      cells = history.pop();
      picked = null;
      render();
    };
    const reset = () => { if (cells.some(Boolean)) change(new Array(n * n).fill(null)); };
    const hint = () => {
      const r = reachable();
      if (!r.length && P.count === 0 && data.why) return say('This puzzle has no solution: why is said below.');
      if (!r.length) return say('No solution is reachable from these placements: send a piece back to the tray (Delete) or undo (Ctrl+Z).');
      const cell = cells.findIndex((p) => p === null);
      if (cell < 0) return say('The board is full.');
      const [piece, rotation] = r[0][cell];
      focusCell = cell;
      place(piece, cell, rotation);
      cellButtons[cell].focus();
    };
    // Enter, Space or a click on a cell.
    const activate = (cell) => {
      focusCell = cell;
      if (picked && picked.piece !== undefined) return place(picked.piece, cell);
      if (picked && picked.cell !== undefined) {
        if (picked.cell === cell) { picked = null; return render(); }
        return move(picked.cell, cell);
      }
      if (cells[cell]) { picked = { cell }; render(); return say(`${pieceName(cells[cell].piece)} picked up from ${rowCol(cell)}: choose another cell to move it there.`); }
      return say(`${rowCol(cell)} is empty: pick a piece from the tray first.`);
    };
    const pick = (piece) => {
      picked = picked && picked.piece === piece ? null : { piece };
      render();
      if (picked) {
        cellButtons[focusCell].focus();
        say(`${pieceName(piece)} picked: move to a cell with the arrow keys and press Enter to place it.`);
      }
    };

    // ----- the elements -----
    const tray = html('div', { class: 'play-tray', id: 'play-tray', role: 'group', 'aria-label': 'Tray: the pieces not on the board' });
    const board = html('div', { class: 'play-board', id: 'play-board', role: 'group', 'aria-label': `Board, ${n} by ${n}; arrow keys move, Enter places or picks up, R turns, Delete sends back to the tray` });
    const pieceSvg = (p, label) => {
      const s = svg('svg', { viewBox: `0 0 ${side} ${side}`, 'aria-hidden': 'true', focusable: 'false' });
      s.append(placed(p, 0, 0));
      if (label) s.setAttribute('aria-label', label);
      return s;
    };
    const trayButtons = data.pieces.map((piece, k) => {
      const b = html('button', { type: 'button', class: 'play-piece', 'data-piece': k, 'aria-pressed': 'false', onclick: () => pick(k) }, pieceSvg({ piece: k, rotation: 0 }));
      tray.append(b);
      return b;
    });
    const trayEmpty = html('p', { class: 'help', text: 'Every piece is on the board.' });
    tray.append(trayEmpty);
    const cellButtons = [];
    const boundaryMarks = [];
    const pointMarks = [];
    const at = (e, row, col) => { e.style.gridRow = String(row + 1); e.style.gridColumn = String(col + 1); board.append(e); return e; };
    board.style.gridTemplateColumns = board.style.gridTemplateRows = Array.from({ length: 2 * n - 1 }, (_, k) => (k % 2 ? 'var(--play-gap)' : 'var(--play-cell)')).join(' ');
    // Each cell: the cell's button and, for the mouse, a turn button on it
    // (the keyboard turns with R).
    const turnButtons = [];
    for (let c = 0; c < n * n; c += 1) {
      const b = html('button', { type: 'button', class: 'play-cell', 'data-cell': c, tabindex: c === 0 ? '0' : '-1', onclick: () => activate(c) });
      b.addEventListener('focus', () => { focusCell = c; for (const o of cellButtons) o.tabIndex = o === b ? 0 : -1; });
      const t = html('button', { type: 'button', class: 'play-turn', 'data-cell': c, tabindex: '-1', 'aria-hidden': 'true', title: 'turn a quarter turn clockwise (R)', text: '↻', onclick: () => turn(c) });
      cellButtons.push(b);
      turnButtons.push(t);
      at(html('div', { class: 'play-slot' }, b, t), 2 * Math.floor(c / n), 2 * (c % n));
    }
    P.boundaries.forEach((b, k) => {
      const [a] = b.cells;
      const across = b.directions[0] === 1; // right: a vertical line between columns
      const e = html('span', { class: `play-boundary ${across ? 'vertical' : 'horizontal'}`, 'data-boundary': k, 'aria-hidden': 'true' });
      boundaryMarks.push(at(e, 2 * Math.floor(a / n) + (across ? 0 : 1), 2 * (a % n) + (across ? 1 : 0)));
    });
    P.points.forEach((pt, k) => {
      const e = html('span', { class: 'play-point', 'data-point': `${pt.point[0]},${pt.point[1]}`, title: `lattice point (${pt.point[0]}, ${pt.point[1]})` });
      e.addEventListener('pointerenter', () => { hovered = k; render(); });
      e.addEventListener('pointerleave', () => { if (hovered === k) { hovered = null; render(); } });
      pointMarks.push(at(e, 2 * pt.point[0] - 1, 2 * pt.point[1] - 1));
    });
    board.addEventListener('keydown', (ev) => {
      const cell = cellButtons.indexOf(document.activeElement);
      if (cell < 0) return;
      const r = Math.floor(cell / n);
      const c = cell % n;
      const to = { ArrowUp: [r - 1, c], ArrowDown: [r + 1, c], ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1] }[ev.key];
      if (to) {
        ev.preventDefault();
        const [r2, c2] = to.map((x) => Math.max(0, Math.min(n - 1, x)));
        cellButtons[r2 * n + c2].focus();
      } else if ((ev.key === 'r' || ev.key === 'R') && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
        ev.preventDefault();
        turn(cell);
      } else if (ev.key === 'Delete' || ev.key === 'Backspace') {
        ev.preventDefault();
        toTray(cell);
      }
    });
    root.addEventListener('keydown', (ev) => {
      if ((ev.ctrlKey || ev.metaKey) && (ev.key === 'z' || ev.key === 'Z')) { ev.preventDefault(); undo(); }
      if (ev.key === 'Escape' && picked) { ev.stopPropagation(); picked = null; render(); }
    });

    // Dragging with the mouse (or a pen, or a finger): a tray piece or a
    // placed piece, dropped on a cell or back on the tray.
    let drag = null;
    let dragged = false;
    const startDrag = (ev, source) => {
      if (ev.button !== 0) return;
      drag = { source, x: ev.clientX, y: ev.clientY, moving: false, ghost: null };
    };
    document.addEventListener('pointermove', (ev) => {
      if (!drag) return;
      if (!drag.moving && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
      if (!drag.moving) {
        drag.moving = true;
        const p = drag.source.piece !== undefined ? { piece: drag.source.piece, rotation: 0 } : cells[drag.source.cell];
        drag.ghost = html('div', { class: 'play-ghost', 'aria-hidden': 'true' }, pieceSvg(p));
        document.body.append(drag.ghost);
      }
      drag.ghost.style.left = `${ev.clientX - 40}px`;
      drag.ghost.style.top = `${ev.clientY - 40}px`;
    }, { signal });
    // A drag the browser takes over (a scroll, a second finger) leaves no
    // ghost behind.
    document.addEventListener('pointercancel', () => {
      if (drag && drag.ghost) drag.ghost.remove();
      drag = null;
    }, { signal });
    document.addEventListener('pointerup', (ev) => {
      if (!drag) return;
      const d = drag;
      drag = null;
      if (!d.moving) return;
      d.ghost.remove();
      dragged = true;
      setTimeout(() => { dragged = false; }, 0);
      const target = document.elementFromPoint(ev.clientX, ev.clientY);
      const cell = target && target.closest('.play-cell');
      const back = target && target.closest('.play-tray');
      if (cell) {
        const to = +cell.dataset.cell;
        focusCell = to;
        if (d.source.piece !== undefined) place(d.source.piece, to);
        else if (d.source.cell !== to) move(d.source.cell, to);
      } else if (back && d.source.cell !== undefined) toTray(d.source.cell);
    }, { signal });
    // A click that ends a drag is not a click.
    root.addEventListener('click', (ev) => { if (dragged) { ev.stopPropagation(); ev.preventDefault(); } }, true);
    trayButtons.forEach((b, k) => b.addEventListener('pointerdown', (ev) => startDrag(ev, { piece: k })));
    cellButtons.forEach((b, c) => b.addEventListener('pointerdown', (ev) => { if (cells[c]) startDrag(ev, { cell: c }); }));
    for (const e of [...trayButtons, ...cellButtons]) e.addEventListener('dragstart', (ev) => ev.preventDefault());

    const status = html('p', { id: 'play-status', class: 'play-status', role: 'status', 'aria-live': 'polite' });
    const solvedBanner = html('p', { id: 'play-solved', class: 'play-solved', hidden: true }, '★ Solved: every inner boundary matches.');
    const graphBox = html('div', { class: 'drawing', id: 'play-graph' });
    const graphCaption = html('figcaption');
    const verdict = html('div', { id: 'play-verdict' });
    // Feedback on an action, beside the state the status line reads out.
    const messageLine = html('p', { id: 'play-message', class: 'help', 'aria-live': 'polite' });
    const say = (text) => { messageLine.textContent = text; };

    root.append(
      html('p', { class: 'help', text: 'Place the pieces: drag them, or click a piece in the tray and then a cell. By keyboard: Tab to the tray, Enter or Space picks a piece, the arrow keys move over the board, Enter or Space places it (or picks up a placed piece to move it), R turns the piece in the focused cell a quarter turn clockwise, Delete or Backspace sends it back to the tray, Ctrl+Z undoes, Escape drops the picked piece. Inner boundaries show ✓ matched (solid), ✗ mismatched (dashed) or nothing while open; the corners the placed pieces keep are highlighted in G(P).' }),
      html('div', { class: 'side-by-side' },
        html('div', { class: 'panel play-left' },
          html('h3', { text: 'Tray' }), tray,
          html('h3', { text: 'Board' }), board,
          html('div', { class: 'controls' },
            html('button', { type: 'button', id: 'play-undo', text: 'Undo (Ctrl+Z)', onclick: undo }),
            html('button', { type: 'button', id: 'play-reset', text: 'Reset', onclick: reset }),
            html('button', { type: 'button', id: 'play-hint', text: 'Hint: place one more piece', onclick: hint })),
          solvedBanner, status, messageLine,
          ...(data.why ? [html('h3', { text: 'Why there is no solution' }), whyList('why-play')] : [])),
        html('div', { class: 'panel' },
          html('figure', { class: 'play-figure' }, graphCaption, graphBox),
          verdict)));

    // ----- drawing the state -----
    const emphasised = () => (hovered !== null ? hovered : pinned);
    const render = () => {
      const j = judge();
      const focusPoint = emphasised();
      const block = focusPoint === null ? [] : P.points[focusPoint].cells;
      trayEmpty.hidden = cells.some((p) => !p);
      trayButtons.forEach((b, k) => {
        const onBoard = cells.some((p) => p && p.piece === k);
        b.hidden = onBoard;
        b.setAttribute('aria-pressed', String(!!picked && picked.piece === k));
        b.setAttribute('aria-label', `${pieceName(k)}: ${data.pieces[k].text}, in the tray${picked && picked.piece === k ? ', picked' : ''}`);
      });
      cellButtons.forEach((b, c) => {
        b.replaceChildren(...(cells[c] ? [pieceSvg(cells[c])] : []));
        b.classList.toggle('filled', !!cells[c]);
        turnButtons[c].hidden = !cells[c];
        b.classList.toggle('picked', !!picked && picked.cell === c);
        b.classList.toggle('emph', block.includes(c));
        b.setAttribute('aria-label', cellName(c) + (picked && picked.cell === c ? ', picked up' : ''));
      });
      boundaryMarks.forEach((e, k) => {
        e.className = e.className.replace(/ (open|matched|mismatched)/g, '') + ` ${j.states[k]}`;
        e.replaceChildren(...(SYMBOL[j.states[k]] ? [html('b', { text: SYMBOL[j.states[k]] })] : []));
        e.title = j.states[k];
      });
      pointMarks.forEach((e, k) => e.classList.toggle('emph', k === focusPoint));

      // G(P): the kept corners, and for a full 2x2 board the witnesses.
      const drawing = j.sub ? subgraphOnGraph(j.sub) : freshGraph();
      if (!j.sub) highlight(drawing, { edges: new Set(j.kept), vertices: endsOf(j.kept), pieces: new Set(j.kept.map((e) => data.edges[e].piece)) });
      drawing.classList.toggle('grouping', focusPoint !== null);
      if (focusPoint !== null) {
        for (const e of j.groups[focusPoint].edges) if (e !== null) drawing.querySelector(`g.edge[data-edge="${e}"]`).classList.add('group');
      }
      graphBox.replaceChildren(drawing);
      const marks = j.sub ? witnessMarks(j.sub) : [];
      graphCaption.textContent = `G(P) with the ${plural(j.kept.length, 'corner')} the placed pieces keep at interior lattice points drawn bold${focusPoint !== null ? `; lattice point (${P.points[focusPoint].point.join(', ')}) thicker still` : ''}${marks.length ? ` — ${marks.join('; ')}` : ''}`;

      // The verdicts.
      let theorem = '';
      if (data.subgraphs) {
        if (j.sub) {
          const failing = j.sub.conditions.filter((c) => !c.holds);
          theorem = j.sub.theorem ? 'Theorem 2.1: all four conditions hold.' : `Theorem 2.1 fails: ${failing.map((c) => `(${c.number}) ${c.name}`).join(', ')}.`;
          verdict.replaceChildren(
            html('h3', { text: `The centre: subgraph ${j.sub.index}, ${j.sub.label}` }),
            html('div', { class: 'verdicts' },
              tag(j.sub.theorem, j.sub.theorem ? 'Theorem 2.1 accepts' : 'Theorem 2.1 rejects'),
              tag(j.sub.twisted, j.sub.twisted ? 'twisted criterion accepts' : 'twisted criterion rejects'),
              tag(j.sub.judge, j.sub.judge ? 'solution graph (judge)' : 'no solution has this centre (judge)')),
            conditionsTable(j.sub, html('tr', { 'data-condition': 'twisted' },
              html('td', { text: 'twisted criterion' }),
              html('td', { class: j.sub.twisted ? 'holds' : 'fails', text: j.sub.twisted ? '✓ holds' : '✗ fails' }),
              html('td', { text: j.sub.twisted ? 'the twisted edges X→Yᶜ form one Eulerian circuit' : 'the twisted edges X→Yᶜ are not one balanced, connected circuit' }))),
            ...(j.sub.theorem && !j.solved ? [note('These four centre corners can be a solution’s centre, but this board is not it: another order of the pieces in the cells is.')] : []));
        } else {
          verdict.replaceChildren(note(`Theorem 2.1 judges the four centre corners once all four cells are filled (${j.filled} of 4 so far).`));
        }
      } else {
        const groupRow = (g, k) => {
          const v = blockVerdict(g);
          const b = html('button', {
            type: 'button', 'aria-pressed': String(k === pinned), 'data-point': `${g.pt.point[0]},${g.pt.point[1]}`,
            text: `(${g.pt.point[0]}, ${g.pt.point[1]})`, onclick: () => { pinned = pinned === k ? null : k; render(); },
          });
          b.addEventListener('focus', () => { hovered = k; render(); });
          b.addEventListener('blur', () => { if (hovered === k) { hovered = null; render(); } });
          const row = html('tr', { class: k === focusPoint ? 'selected' : '', 'data-group': k },
            html('td', {}, b),
            ...g.edges.map((e) => html('td', { text: e === null ? '—' : edgeLabel(e) })),
            html('td', { class: v.kind, text: `${v.mark} ${v.text}` }));
          row.addEventListener('pointerenter', () => { hovered = k; render(); });
          row.addEventListener('pointerleave', () => { if (hovered === k) { hovered = null; render(); } });
          return row;
        };
        const active = document.activeElement && verdict.contains(document.activeElement) ? document.activeElement.dataset.point : null;
        verdict.replaceChildren(
          html('h3', { text: 'Kept corners by interior lattice point, with each 2x2 block’s verdict' }),
          scrollable(html('table', { class: 'play-groups' },
            html('thead', {}, html('tr', {}, ...['point', 'top-left', 'top-right', 'bottom-left', 'bottom-right', '2x2 block'].map((t) => html('th', { scope: 'col', text: t })))),
            html('tbody', {}, ...j.groups.map(groupRow)))));
        if (active) verdict.querySelector(`button[data-point="${active}"]`).focus();
      }

      // Reachable solutions.
      const N = P.count;
      const M = P.solutions.length;
      const k = j.reachable.length;
      let reach;
      if (N === 0 && data.why) reach = 'The puzzle has no solution; why is said below.';
      else if (N === null) reach = `${k} of the ${plural(M, 'solution')} found still reachable (solutions of this size are not counted; only the first one found is embedded).`;
      else if (M < N) reach = `${k} of the first ${M} of ${N} solutions still reachable from these placements, modulo rotation of the whole grid (the embedded list is capped at ${M}).`;
      else reach = `${k} of ${plural(N, 'solution')} still reachable from these placements, modulo rotation of the whole grid.`;
      const states = j.states;
      const summary = `${j.filled} of ${n * n} cells filled; inner boundaries: ${count(states, 'matched')} matched, ${count(states, 'mismatched')} mismatched, ${count(states, 'open')} open.`;
      solvedBanner.hidden = !j.solved;
      root.classList.toggle('solved', j.solved);
      say('');
      status.replaceChildren(
        html('span', { text: j.solved ? 'Solved! Every inner boundary matches.' : summary }),
        ...(theorem ? [' ', html('span', { text: theorem })] : []),
        ' ', html('span', { id: 'play-reachable', 'data-reachable': String(k), text: reach }));
    };
    render();
  }
};
