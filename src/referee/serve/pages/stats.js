/* The games folder's stats (GET /api/stats): games played and won per player
   and game, the best words and claims, the frame scores, the dates. */
"use strict";
(() => {
  const { $, el, api, errorText, initial } = R;
  const titles = initial.titles || {};
  let everyone = null;

  function best(row) {
    const parts = [];
    if (row.game === "outofsight") {
      if (row.average_frame !== null && row.average_frame !== undefined) parts.push("average frame " + row.average_frame);
    } else {
      if (row.best) parts.push((row.game === "wordblock" ? "best claim " : "longest word ") + String(row.best.word).toUpperCase()
        + (row.game === "wordblock" ? " (" + row.best.points + " points)" : ""));
      if (row.longest && row.game === "wordblock") parts.push("longest " + String(row.longest).toUpperCase());
    }
    return parts.join("; ") || "–";
  }

  function dates(row) {
    if (!row.first) return ["–"];
    const lines = row.first === row.last ? [row.first] : [row.first, "to " + row.last];
    return lines.map((line) => el("span", { class: "line", text: line }));
  }

  function games(row) {
    const rate = row.win_rate === null || row.win_rate === undefined ? "" : " (" + Math.round(row.win_rate * 100) + "%)";
    return "played " + row.played + ", won " + row.won + " of " + row.ended + " ended" + rate;
  }

  function draw(doc) {
    const out = [];
    const kinds = Object.entries(doc.by_game || {}).filter(([, n]) => n).map(([k, n]) => (titles[k] || k) + " " + n);
    out.push(el("p", {}, el("b", { text: doc.games + (doc.games === 1 ? " game" : " games") }),
      kinds.length ? ": " + kinds.join(", ") : ""));
    const byGame = {};
    for (const row of doc.players || []) (byGame[row.game] = byGame[row.game] || []).push(row);
    for (const [game, rows] of Object.entries(byGame)) {
      out.push(el("table", { class: "pad review-table" }, el("caption", { text: titles[game] || game }),
        el("thead", {}, el("tr", {}, ["Player", "Games", "Best", "Dates"].map((h) => el("th", { scope: "col", text: h })))),
        el("tbody", {}, rows.map((r) => el("tr", { "data-player": r.player },
          el("th", { scope: "row", text: r.player }), el("td", { text: games(r) }),
          el("td", { text: best(r) }), el("td", { class: "nowrap" }, ...dates(r)))))));
    }
    if (!(doc.players || []).length) out.push(el("p", { class: "hint", text: "No games to count yet." }));
    out.push(el("p", { class: "hint", text: "Dates: " + doc.dates_from + "." }));
    if ((doc.corrupt || []).length) {
      out.push(el("h3", { text: "Game files that cannot be read" }),
        el("ul", {}, doc.corrupt.map((c) => el("li", {}, el("b", { text: c.game_file }), ": " + c.error))));
    }
    if ((doc.skipped || []).length) {
      out.push(el("p", { class: "hint", text: "Skipped (not game files): " + doc.skipped.join(", ") }));
    }
    $("#stats-body").replaceChildren(...out);
  }

  function fillPlayers(doc) {
    if (everyone !== null) return;
    everyone = [];
    for (const row of doc.players || []) {
      if (!everyone.some((p) => R.same(p, row.player))) everyone.push(row.player);
    }
    everyone.sort((a, b) => a.localeCompare(b));
    $("#player").append(...everyone.map((p) => el("option", { value: p, text: p })));
  }

  async function load() {
    const said = $("#stats-said");
    said.hidden = false;
    said.textContent = "Counting the games…";
    const query = new URLSearchParams();
    if ($("#since").value) query.set("since", $("#since").value);
    if ($("#player").value) query.set("player", $("#player").value);
    const text = query.toString();
    const r = await api("GET", "/api/stats" + (text ? "?" + text : ""));
    if (!r.ok) { said.textContent = errorText(r); return; }
    said.hidden = true;
    said.textContent = "";
    fillPlayers(r.data);
    draw(r.data);
  }

  $("#stats-form").addEventListener("submit", (ev) => { ev.preventDefault(); load(); });
  $("#player").addEventListener("change", load);
  load();
})();
