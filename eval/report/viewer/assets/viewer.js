// fmrepair run viewer: sortable tables and outcome filters (inlined; no network).
(function () {
  function key(cell) {
    var v = cell.getAttribute("data-v");
    if (v === null) v = cell.textContent.trim();
    var n = parseFloat(v);
    return isNaN(n) || !/^-?[0-9.]+(e-?[0-9]+)?$/.test(v) ? v.toLowerCase() : n;
  }
  function sortBy(table, col, th) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var asc = !th.classList.contains("asc");
    Array.prototype.forEach.call(th.parentNode.cells, function (c) { c.classList.remove("asc", "desc"); });
    th.classList.add(asc ? "asc" : "desc");
    rows.sort(function (a, b) {
      var x = key(a.cells[col]), y = key(b.cells[col]);
      if (typeof x !== typeof y) { x = String(x); y = String(y); }
      return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1);
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  function applyFilters() {
    var on = {};
    document.querySelectorAll("input.outcome-filter").forEach(function (b) { on[b.value] = b.checked; });
    document.querySelectorAll("tr[data-outcome]").forEach(function (tr) {
      tr.style.display = on[tr.getAttribute("data-outcome")] === false ? "none" : "";
    });
    var shown = document.querySelectorAll("table.results tbody tr:not([style*='none'])").length;
    var c = document.getElementById("shown-count");
    if (c) c.textContent = String(shown);
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("table.sortable").forEach(function (table) {
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
        th.addEventListener("click", function () { sortBy(table, i, th); });
      });
    });
    document.querySelectorAll("input.outcome-filter").forEach(function (b) {
      b.addEventListener("change", applyFilters);
    });
    applyFilters();
  });
})();
