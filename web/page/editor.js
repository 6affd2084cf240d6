// The card editor: a puzzle built card by card, picking the picture on each
// side from the puzzle's pictures. It only translates: what it holds is
// written into the puzzle box as the text notation (docs/format.md), which
// the library reads like any typed puzzle, so the box stays the one source
// of truth; a puzzle typed, dropped or picked as a sample comes back into
// the editor as the library read it (the answer's `cards`).
'use strict';

// `write(text)` puts the editor's text into the box and explores it.
const cardEditor = (write) => {
  const $ = (id) => document.getElementById(id);
  const el = html; // page.js
  const SIDES = ['top', 'right', 'bottom', 'left'];
  const sizeBox = $('editor-size');
  const patternList = $('editor-patterns');
  const cardList = $('editor-cards');
  const newName = $('editor-pattern-name');
  const newSame = $('editor-pattern-same');
  // The editor's puzzle: patterns { name, matches_itself } and cards
  // { name, sides: [[pattern, sign] x 4] }, as the library's `cards`.
  let state = { size: 2, patterns: [{ name: '1', matches_itself: false }], cards: [] };
  let written = null;
  // The library's pattern colors (those of the pieces drawing): fill, text.
  let palette = [['#dddddd', '#000000']];
  const colors = (p) => palette[p % palette.length];

  const picture = ([p, sign]) => `${state.patterns[p].name}${sign}`;
  const text = () => state.cards.map((c) => `${c.name ? `${c.name}: ` : ''}${c.sides.map(picture).join(' ')}\n`).join('');
  const firstPicture = () => [0, state.patterns[0].matches_itself ? '=' : '+'];
  const blankCard = () => ({ name: null, sides: SIDES.map(firstPicture) });
  const used = (p) => state.cards.some((c) => c.sides.some(([q]) => q === p));
  const nextName = () => {
    const names = state.patterns.map((p) => p.name);
    if (names.every((n) => /^\d+$/.test(n))) return String(Math.max(0, ...names.map(Number)) + 1);
    let k = names.length + 1;
    while (names.includes(`p${k}`)) k += 1;
    return `p${k}`;
  };

  // Redraws the editor from `state`; the element that had the focus gets
  // it back (by its data-key).
  const render = () => {
    const key = document.activeElement && document.activeElement.dataset.key;
    if (![...sizeBox.options].some((o) => o.value === String(state.size))) sizeBox.append(new Option(`${state.size}x${state.size}`, String(state.size)));
    sizeBox.value = String(state.size);
    newName.placeholder = nextName();
    patternList.replaceChildren(...state.patterns.map((p, k) => el('li', { class: 'editor-pattern', style: `--fill:${colors(k)[0]}` },
      el('span', { class: 'swatch-plus', 'aria-hidden': 'true' }),
      el('label', {}, 'name ', el('input', {
        type: 'text', size: 8, value: p.name, spellcheck: 'false', autocomplete: 'off', 'data-key': `pattern-name-${k}`,
        'aria-label': `name of pattern ${k + 1}`,
        onchange: (ev) => { p.name = ev.target.value.trim() || p.name; update(); },
      })),
      el('label', {}, el('select', { 'data-key': `pattern-kind-${k}`, 'aria-label': `kind of pattern ${p.name}`, onchange: (ev) => setKind(k, ev.target.value === 'same') },
        el('option', { value: 'halves', text: `two halves ${p.name}+ and ${p.name}-`, selected: !p.matches_itself }),
        el('option', { value: 'same', text: `matches itself ${p.name}=`, selected: p.matches_itself }))),
      el('button', {
        type: 'button', 'data-key': `pattern-remove-${k}`, disabled: used(k) || state.patterns.length === 1,
        title: used(k) ? 'on a card: change those sides first' : 'remove this pattern',
        'aria-label': `remove pattern ${p.name}`, text: 'Remove', onclick: () => removePattern(k),
      }))));
    cardList.style.setProperty('--n', String(state.size));
    cardList.classList.toggle('as-grid', state.size <= 4);
    const options = state.patterns.flatMap((p, k) => (p.matches_itself ? [[k, '=']] : [[k, '+'], [k, '-']]));
    cardList.replaceChildren(...state.cards.map((c, i) => el('li', { class: 'editor-card', 'data-card': i },
      ...c.sides.map(([p, sign], d) => el('select', {
        class: `side side-${SIDES[d]} sign-${{ '+': 'plus', '-': 'minus', '=': 'same' }[sign]}`,
        style: `--fill:${colors(p)[0]};--ink-on:${colors(p)[1]}`, 'data-key': `side-${i}-${d}`, 'data-side': d,
        'aria-label': `card ${i + 1}, ${SIDES[d]} side`,
        onchange: (ev) => { const [q, s] = ev.target.value.split(':'); c.sides[d] = [+q, s]; update(); },
      }, ...options.map(([q, s]) => el('option', { value: `${q}:${s}`, text: picture([q, s]), selected: q === p && s === sign })))),
      el('input', {
        class: 'card-name', type: 'text', size: 6, value: c.name || '', placeholder: `#${i + 1}`, spellcheck: 'false', autocomplete: 'off',
        'data-key': `card-name-${i}`, 'aria-label': `name of card ${i + 1} (optional)`,
        onchange: (ev) => { c.name = ev.target.value.trim() || null; update(); },
      }))));
    const again = key && document.querySelector(`[data-key="${key}"]`);
    if (again) again.focus();
  };
  const update = () => {
    render();
    written = text();
    write(written);
  };
  const setKind = (k, same) => {
    state.patterns[k].matches_itself = same;
    for (const c of state.cards) c.sides = c.sides.map(([p, s]) => (p === k ? [p, same ? '=' : s === '=' ? '+' : s] : [p, s]));
    update();
  };
  const removePattern = (k) => {
    if (used(k) || state.patterns.length === 1) return;
    state.patterns.splice(k, 1);
    for (const c of state.cards) c.sides = c.sides.map(([p, s]) => [p > k ? p - 1 : p, s]);
    render();
    const names = patternList.querySelectorAll('input');
    names[Math.min(k, names.length - 1)].focus();
  };
  const addPattern = () => {
    const name = newName.value.trim() || nextName();
    state.patterns.push({ name, matches_itself: newSame.checked });
    newName.value = '';
    newSame.checked = false;
    render();
    newName.focus();
  };
  const resize = (n) => {
    state.size = n;
    state.cards = Array.from({ length: n * n }, (_, i) => state.cards[i] || blankCard());
    update();
  };

  $('editor-add-pattern').addEventListener('click', addPattern);
  newName.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); addPattern(); } });
  sizeBox.addEventListener('change', () => resize(+sizeBox.value));
  // A new puzzle gets a name (and so a title) of its own.
  $('editor-new').addEventListener('click', () => {
    state = { size: +sizeBox.value, patterns: [{ name: '1', matches_itself: false }], cards: [] };
    $('puzzle-name').value = `New ${state.size}x${state.size} puzzle`;
    $('sample').value = '';
    resize(state.size);
  });

  return {
    // The puzzle the library read from the box (`cards` of its answer):
    // taken in unless it is what the editor itself wrote, so that
    // pictures added but not yet on a card stay.
    // The box was typed in: until it is read again, the editor would
    // overwrite it, so it waits.
    stale() {
      $('editor-fields').disabled = true;
      $('editor-stale').hidden = false;
    },
    load(cards, boxText) {
      palette = cards.palette;
      $('editor-fields').disabled = false;
      $('editor-stale').hidden = true;
      if (boxText === written) return;
      state = { size: cards.size, patterns: cards.patterns, cards: cards.cards };
      written = null;
      render();
    },
  };
};
