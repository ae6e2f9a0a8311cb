// The report's script (chart/report.hpp): zoom and pan on the charts, one
// tooltip box for every mark with a title, the placed kernels' filter, each
// kernel's level dots on demand, sortable tables. It only reads and changes
// the page it is in; without it the page is the static report.
(function () {
  'use strict';
  const kernels = JSON.parse(document.getElementById('kernels').textContent);

  // Tooltips: a mark's SVG <title> becomes its data-tip, shown in one box by the pointer.
  const tip = document.getElementById('tip');
  document.querySelectorAll('figure.chart svg title').forEach(function (t) {
    const mark = t.parentElement;
    if (mark.tagName.toLowerCase() === 'svg') return;
    mark.setAttribute('data-tip', t.textContent);
    t.remove();
  });
  function placeTip(e) {
    tip.style.left = (e.pageX + 14) + 'px';
    tip.style.top = (e.pageY + 14) + 'px';
  }
  document.addEventListener('mouseover', function (e) {
    const mark = e.target.closest ? e.target.closest('[data-tip]') : null;
    if (!mark) { tip.hidden = true; return; }
    tip.textContent = mark.getAttribute('data-tip');
    tip.hidden = false;
    placeTip(e);
  });
  document.addEventListener('mousemove', function (e) { if (!tip.hidden) placeTip(e); });

  // Zoom and pan: each chart's viewBox, within the chart's own bounds.
  document.querySelectorAll('figure.chart').forEach(function (fig) {
    const svg = fig.querySelector('svg');
    const W = svg.viewBox.baseVal.width, H = svg.viewBox.baseVal.height;
    let box = { x: 0, y: 0, w: W, h: H };
    function show() {
      box.w = Math.min(W, Math.max(W / 64, box.w));
      box.h = box.w * H / W;
      box.x = Math.min(Math.max(box.x, 0), W - box.w);
      box.y = Math.min(Math.max(box.y, 0), H - box.h);
      svg.setAttribute('viewBox', box.x + ' ' + box.y + ' ' + box.w + ' ' + box.h);
    }
    function zoom(factor, cx, cy) {  // factor < 1 zooms in, about (cx, cy) in the chart's units
      const w = Math.min(W, Math.max(W / 64, box.w * factor)), k = w / box.w;
      box = { x: cx - (cx - box.x) * k, y: cy - (cy - box.y) * k, w: w, h: box.h * k };
      show();
    }
    function at(e) {
      const r = svg.getBoundingClientRect();
      return { x: box.x + (e.clientX - r.left) / r.width * box.w, y: box.y + (e.clientY - r.top) / r.height * box.h };
    }
    svg.addEventListener('wheel', function (e) {
      e.preventDefault();
      const p = at(e);
      zoom(e.deltaY < 0 ? 0.8 : 1.25, p.x, p.y);
    }, { passive: false });
    let drag = null;
    svg.addEventListener('pointerdown', function (e) {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, moved: false };
    });
    window.addEventListener('pointermove', function (e) {
      if (!drag) return;
      const r = svg.getBoundingClientRect();
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      drag.moved = true;
      svg.classList.add('dragging');
      box.x -= dx / r.width * box.w;
      box.y -= dy / r.height * box.h;
      drag.x = e.clientX;
      drag.y = e.clientY;
      show();
    });
    window.addEventListener('pointerup', function () {
      if (drag && drag.moved) svg.addEventListener('click', function (e) { e.stopPropagation(); }, { capture: true, once: true });
      drag = null;
      svg.classList.remove('dragging');
    });
    svg.addEventListener('dblclick', function () { box = { x: 0, y: 0, w: W, h: H }; show(); });
    fig.querySelector('.zoom-in').addEventListener('click', function () { zoom(0.5, box.x + box.w / 2, box.y + box.h / 2); });
    fig.querySelector('.zoom-out').addEventListener('click', function () { zoom(2, box.x + box.w / 2, box.y + box.h / 2); });
    fig.querySelector('.zoom-reset').addEventListener('click', function () { box = { x: 0, y: 0, w: W, h: H }; show(); });
  });

  // The placed kernels' filter, and each kernel's level dots on demand.
  const nameBox = document.getElementById('filter-name');
  const shareBox = document.getElementById('filter-share');
  const allLevels = document.getElementById('filter-levels');
  const count = document.getElementById('filter-count');
  const chosen = new Set();  // kernels whose level dots were asked for by a click
  function marks(dot) { return document.querySelectorAll('[data-dot="' + dot + '"]'); }
  function apply() {
    const name = nameBox ? nameBox.value.trim().toLowerCase() : '';
    const least = shareBox ? (parseFloat(shareBox.value) || 0) / 100 : 0;
    let shown = 0;
    kernels.forEach(function (k) {
      const match = !name || [k.label, k.kernel, k.file].some(function (s) { return s.toLowerCase().indexOf(name) >= 0; });
      const visible = match && k.share >= least - 1e-12;
      if (visible) ++shown;
      marks(k.dot).forEach(function (el) {
        el.classList.toggle('filtered-out', !visible);
        if (el.classList.contains('levels')) el.classList.toggle('shown', (allLevels && allLevels.checked) || chosen.has(k.dot));
        if (el.tagName.toLowerCase() === 'tr') el.classList.toggle('selected', chosen.has(k.dot));
      });
    });
    if (count) count.textContent = shown + ' of ' + kernels.length + ' kernels shown';
  }
  function choose(dot) {
    if (chosen.has(dot)) chosen.delete(dot); else chosen.add(dot);
    apply();
  }
  [nameBox, shareBox, allLevels].forEach(function (el) { if (el) el.addEventListener('input', apply); });
  document.querySelectorAll('svg g.kernel, tr[data-dot]').forEach(function (el) {
    el.addEventListener('click', function () { choose(Number(el.getAttribute('data-dot'))); });
  });
  apply();

  // Sortable tables: a click on a header sorts by its column, again the other way.
  const scale = { f: 1e-15, p: 1e-12, n: 1e-9, u: 1e-6, '\u00b5': 1e-6, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
                  Ki: 1024, Mi: Math.pow(1024, 2), Gi: Math.pow(1024, 3), Ti: Math.pow(1024, 4) };
  function key(cell) {
    const text = cell.textContent.trim();
    const m = /^(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*(Ki|Mi|Gi|Ti|[fpnu\u00b5mkMGTPE](?=[A-Za-z]))?/.exec(text);
    if (!m) return { text: text };
    return { number: parseFloat(m[1]) * (m[2] ? scale[m[2]] : 1) };
  }
  function compare(a, b) {
    if (a.number !== undefined && b.number !== undefined) return a.number - b.number;
    if (a.number !== undefined) return -1;
    if (b.number !== undefined) return 1;
    if (!a.text !== !b.text) return a.text ? -1 : 1;  // empty cells last
    return a.text.localeCompare(b.text);
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    const heads = table.querySelectorAll('thead th');
    heads.forEach(function (th, column) {
      th.title = 'sort by ' + th.textContent;
      th.addEventListener('click', function () {
        const up = th.getAttribute('aria-sort') !== 'ascending';
        heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
        const body = table.tBodies[0];
        const rows = Array.from(body.rows).map(function (row, i) { return { row: row, i: i, key: key(row.cells[column] || row) }; });
        rows.sort(function (a, b) { return (up ? 1 : -1) * compare(a.key, b.key) || a.i - b.i; });
        rows.forEach(function (r) { body.appendChild(r.row); });
      });
    });
  });
})();
