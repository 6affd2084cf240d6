// The engine and the puzzle box. The engine is the scramble library
// compiled to WebAssembly, its bytes inlined in this file (#engine-wasm, in
// base64) with wasm-bindgen's glue (#engine-glue); it runs in a Web Worker
// made from a Blob, so the page never freezes and nothing is fetched. The
// page sends the puzzle's text as JSON and shows what comes back: the data
// of every section, or the parse error with its line and column. Stop ends
// the worker (a search cannot be interrupted from outside) and starts a new
// one, which explores the puzzle again with the solution search stopped.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const text = $('puzzle-text');
  const format = $('format');
  const nameBox = $('puzzle-name');
  const status = $('engine-status');
  const errorLine = $('input-error');
  const stopButton = $('stop-button');
  const samples = JSON.parse($('samples').textContent);
  const entered = JSON.parse($('entered').textContent);
  const options = entered ? { order: entered.order, seed: entered.seed, trace_cap: entered.trace_cap, solution_cap: entered.solution_cap } : {};

  // ---------- the worker ----------
  const base64 = $('engine-wasm').textContent.trim();
  const wasm = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const workerSource = `${$('engine-glue').textContent}
self.onmessage = (ev) => {
  const m = ev.data;
  if (m.kind === 'init') { wasm_bindgen.initSync({ module: m.wasm }); self.postMessage({ kind: 'ready' }); return; }
  const started = performance.now();
  let answer;
  const run = { count: wasm_bindgen.count, fixes: wasm_bindgen.fixes, explore: wasm_bindgen.explore }[m.kind];
  try { answer = run(m.request); }
  catch (e) { answer = JSON.stringify({ error: { message: 'the engine failed: ' + e } }); }
  self.postMessage({ kind: 'answer', id: m.id, answer, ms: performance.now() - started });
};`;
  const workerUrl = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  let worker = null;
  let pending = null; // { id, kind, resolve, reject, timer }
  let nextId = 0;
  const startWorker = () => {
    worker = new Worker(workerUrl);
    worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.kind !== 'answer' || !pending || pending.id !== m.id) return;
      const p = pending;
      finish();
      p.resolve({ ...JSON.parse(m.answer), ms: m.ms });
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      const p = pending;
      finish();
      restart();
      if (p) p.reject(new Error(`the engine stopped: ${ev.message || 'unknown error'}`));
    };
    worker.postMessage({ kind: 'init', wasm });
  };
  const restart = () => { worker.terminate(); startWorker(); };
  const finish = () => {
    if (pending) clearInterval(pending.timer);
    pending = null;
    stopButton.disabled = true;
  };
  // One request at a time; a new one ends the one running.
  const ask = (kind, request, doing) => {
    if (pending) { const p = pending; finish(); restart(); p.reject(new Error('replaced')); }
    return new Promise((resolve, reject) => {
      const id = nextId += 1;
      const started = performance.now();
      const tick = () => { status.textContent = `${doing}… ${((performance.now() - started) / 1000).toFixed(1)} s (Stop ends it)`; };
      pending = { id, kind, resolve, reject, timer: setInterval(tick, 200) };
      tick();
      stopButton.disabled = false;
      worker.postMessage({ kind, id, request: JSON.stringify(request) });
    });
  };

  // ---------- the puzzle box ----------
  const request = (extra = {}) => ({ text: text.value, format: format.value, name: nameBox.value.trim(), ...options, ...extra });
  const showError = (error) => {
    const where = error.line ? ` (line ${error.line}, column ${error.column})` : '';
    errorLine.textContent = `${error.message}${where}`;
    errorLine.hidden = false;
    text.setAttribute('aria-invalid', 'true');
    if (error.line) {
      const lines = text.value.split('\n');
      const at = lines.slice(0, error.line - 1).reduce((n, l) => n + l.length + 1, 0) + error.column - 1;
      text.setSelectionRange(at, Math.min(at + 1, text.value.length));
    }
    document.body.dataset.state = 'error';
  };
  const clearError = () => { errorLine.hidden = true; text.removeAttribute('aria-invalid'); };
  const remember = () => {
    const params = new URLSearchParams({ puzzle: text.value });
    if (nameBox.value.trim()) params.set('name', nameBox.value.trim());
    if (format.value !== 'auto') params.set('format', format.value);
    const hash = `#${params}`;
    $('share-link').href = hash;
    if (location.hash !== hash) history.replaceState(null, '', hash);
  };
  let controller = null;
  // The puzzle the page shows (its text, format and name): every part of
  // the page (title, answer, drawings, link, count) is of this one.
  let shown = null;
  const sameAs = (r) => !!shown && shown.text === r.text && shown.format === r.format && shown.name === r.name;
  const show = (answer, stopped, asked) => {
    if (answer.error) { showError(answer.error); status.textContent = 'The puzzle could not be read.'; return; }
    clearError();
    const ok = answer.ok;
    if (controller) controller.abort();
    controller = new AbortController();
    shown = asked;
    document.body.dataset.kind = ok.kind === 'edge' ? 'edge' : 'squares';
    if (ok.kind === 'edge') {
      showEdge(ok);
      $('warnings').replaceChildren();
      status.textContent = stopped
        ? 'Stopped: the count was ended; the pieces are shown.'
        : `Explored in ${answer.ms.toFixed(0)} ms by the WebAssembly engine.`;
      remember();
      document.body.dataset.state = 'ready';
      return;
    }
    showPuzzle(ok.data, ok, controller.signal, {
      alternatives: (counts = []) => ask('fixes', { ...asked, counts }, 'Looking for a picture typed wrong'),
      fixes: (counts = []) => ask('fixes', { ...asked, counts }, 'Narrowing the fixes down'),
    });
    editor.load(ok.cards, text.value);
    $('data').textContent = JSON.stringify(ok.data);
    $('warnings').replaceChildren(...ok.warnings.map((w) => Object.assign(document.createElement('li'), { textContent: `warning: ${w}` })));
    status.textContent = stopped
      ? 'Stopped: the solution search was ended; everything else is shown.'
      : `Explored in ${answer.ms.toFixed(0)} ms by the WebAssembly engine.`;
    remember();
    document.body.dataset.state = 'ready';
  };
  const failed = (e) => { if (e.message !== 'replaced') status.textContent = e.message; return false; };
  // Explores the puzzle in the box: true once the page shows it.
  const explore = () => {
    document.body.dataset.state = 'busy';
    $('count-result').textContent = '';
    const asked = request();
    return ask('explore', asked, 'Exploring and solving').then((a) => { show(a, false, asked); return !a.error; }, failed);
  };
  // The card editor writes into the box and explores what it wrote, a
  // moment after the last change.
  let editorTimer = null;
  const editor = cardEditor((written) => {
    text.value = written;
    format.value = 'auto';
    remember();
    clearTimeout(editorTimer);
    editorTimer = setTimeout(explore, 300);
  });
  stopButton.addEventListener('click', () => {
    if (!pending) return;
    const p = pending;
    finish();
    restart();
    p.reject(new Error('replaced'));
    status.textContent = 'Stopped.';
    if (p.kind !== 'explore') return;
    const asked = request({ limit_ms: 0 });
    ask('explore', asked, 'Showing the rest').then((a) => show(a, true, { ...asked, limit_ms: undefined }), failed);
  });
  $('explore-button').addEventListener('click', explore);
  // Counts the puzzle in the box; one that is not the puzzle shown is
  // explored first, so that the page never shows two puzzles at once.
  $('count-button').addEventListener('click', () => {
    const out = $('count-result');
    out.textContent = '';
    const asked = request();
    (sameAs(asked) ? Promise.resolve(true) : explore()).then((ready) => ready && ask('count', asked, 'Counting').then((a) => {
      if (a.error) { showError(a.error); status.textContent = 'Not counted.'; return; }
      clearError();
      const c = a.ok;
      if (c.kind === 'edge') {
        showEdge(c);
        out.dataset.count = String(c.solutions);
        out.dataset.ms = String(c.ms);
        out.dataset.nodes = String(c.nodes);
        out.textContent = c.complete
          ? `${c.solutions} solution${c.solutions === 1 ? '' : 's'} modulo the board's rotations (${c.arrangements} boards), counted in ${c.ms.toFixed(1)} ms (${c.nodes} pieces placed) by the WebAssembly engine.`
          : `Stopped after ${c.ms.toFixed(0)} ms with ${c.arrangements} boards found (${c.nodes} pieces placed).`;
        status.textContent = 'Counted.';
        return;
      }
      out.dataset.count = String(c.count);
      out.dataset.ms = String(c.ms);
      out.dataset.looks = String(c.looks);
      out.dataset.nodes = String(c.nodes);
      out.textContent = `${c.count} solution${c.count === 1 ? '' : 's'} modulo rotation (${c.looks} distinct-looking), counted in ${c.ms.toFixed(1)} ms (${c.nodes} search nodes) by the WebAssembly engine.`;
      status.textContent = 'Counted.';
    }, failed));
  });
  text.addEventListener('input', () => editor.stale());
  text.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); explore(); }
  });

  // Samples, files, dropped files.
  const sample = $('sample');
  for (const name of Object.keys(samples)) sample.append(new Option(name, name));
  sample.addEventListener('change', () => {
    if (!sample.value) return;
    text.value = samples[sample.value];
    nameBox.value = sample.value;
    format.value = 'auto';
    explore();
  });
  const readFile = (file) => {
    if (!file) return;
    file.text().then((content) => {
      text.value = content;
      nameBox.value = file.name.replace(/\.[^.]*$/, '');
      format.value = 'auto';
      explore();
    });
  };
  $('puzzle-file').addEventListener('change', (ev) => readFile(ev.target.files[0]));
  text.addEventListener('dragover', (ev) => { ev.preventDefault(); text.classList.add('drop'); });
  text.addEventListener('dragleave', () => text.classList.remove('drop'));
  text.addEventListener('drop', (ev) => {
    ev.preventDefault();
    text.classList.remove('drop');
    readFile(ev.dataTransfer.files[0]);
  });

  // Downloads of the drawings as SVG files.
  const download = (selector, file) => {
    const drawing = document.querySelector(selector);
    if (!drawing) { status.textContent = 'Nothing to download yet.'; return; }
    const copy = drawing.cloneNode(true);
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    const blob = new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' });
    const a = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: file });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  const stem = () => (nameBox.value.trim() || 'puzzle').replace(/[^\w.-]+/g, '_');
  $('download-graph').addEventListener('click', () => download('#graph-drawing svg', `${stem()}-recording.svg`));
  $('download-pieces').addEventListener('click', () => download('#pieces-drawing svg', `${stem()}-pieces.svg`));
  $('download-solution').addEventListener('click', () => download('#solutions .views svg.grid', `${stem()}-solution.svg`));

  // The puzzle to open with: the address's, the one written in, a sample.
  const fromHash = new URLSearchParams(location.hash.slice(1));
  if (fromHash.has('puzzle')) {
    text.value = fromHash.get('puzzle');
    nameBox.value = fromHash.get('name') || '';
    format.value = fromHash.get('format') || 'auto';
  } else if (entered) {
    text.value = entered.text;
    nameBox.value = entered.name;
    format.value = entered.format || 'auto';
  } else {
    text.value = samples.paper2x2;
    nameBox.value = 'paper2x2';
  }
  startWorker();
  explore();
})();
