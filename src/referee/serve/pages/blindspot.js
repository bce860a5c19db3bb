"use strict";
(() => {
  const { $, el, errorText, explain, verdict, toast } = R;
  const COLOURS = { red: "#d7191c", yellow: "#f2c200", blue: "#1f5fd6", green: "#1a9641" };
  const DIRS = { N: "upwards", S: "downwards", E: "rightwards", W: "leftwards",
    NE: "up and right", NW: "up and left", SE: "down and right", SW: "down and left" };
  const NS = "http://www.w3.org/2000/svg";
  const svg = $("#board svg");
  let selected = null;
  const centres = {};
  let cellSize = 20;

  function svgEl(tag, attrs) {
    const n = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    return n;
  }

  function select(name) {
    selected = name;
    $("#cell").textContent = name || "tap a cell";
    svg.querySelectorAll(".hit").forEach((h) => h.classList.toggle("sel", h.dataset.cell === name));
  }

  // The board picture is referee setup show -o's: find its 81 letters.
  if (svg) {
    const letters = Array.from(svg.querySelectorAll("text.letter"));
    const x0 = Number(letters[0].getAttribute("x"));
    cellSize = Number(letters[1].getAttribute("x")) - x0;
    const half = cellSize / 2;
    const hits = svgEl("g", { id: "hits" });
    const spots = svgEl("g", { id: "spots" });
    letters.forEach((t, i) => {
      const name = "ABCDEFGHI"[i % 9] + String(Math.floor(i / 9) + 1);
      const cx = Number(t.getAttribute("x"));
      const cy = Number(t.getAttribute("y")) - 4.2;
      centres[name] = [cx, cy];
      const r = svgEl("rect", { x: cx - half, y: cy - half, width: cellSize, height: cellSize,
        class: "hit", "data-cell": name });
      r.addEventListener("click", () => select(name));
      hits.append(r);
    });
    const [fx, fy] = centres.A1;
    const size = cellSize * 9 + 4;
    svg.setAttribute("viewBox", `${fx - half - 2} ${fy - half - 2} ${size} ${size}`);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.append(spots, hits);
  }

  function drawSpots(show) {
    if (!svg) return;
    const g = svg.querySelector("#spots");
    g.replaceChildren();
    for (const [colour, cells] of Object.entries(show.spots || {})) {
      for (const cell of cells) {
        const c = centres[cell];
        if (!c) continue;
        g.append(svgEl("circle", { cx: c[0], cy: c[1], r: cellSize * 0.4, fill: COLOURS[colour] || "#555",
          stroke: "#000", "stroke-width": 0.8, class: "spot " + colour, "data-cell": cell }));
      }
    }
  }

  function render(state) {
    const show = state.show;
    drawSpots(show);
    const status = $("#status");
    const players = Object.keys(show.glasses || show.spots_left || {});
    let head;
    if (show.winner) head = "Game over: " + (Array.isArray(show.winner) ? show.winner.join(" and ") + " win" : show.winner + " wins");
    else if (show.turn === null && show.solo_score !== null && show.solo_score !== undefined) head = "Game over";
    else if (show.bonus_owed) head = (typeof show.bonus_owed === "string" ? show.bonus_owed : show.turn) + ": place the bonus spot (tap a free cell) or skip it";
    else head = "Turn: " + show.turn;
    const chips = players.map((p) => el("span", { class: "chip " + p + (p === show.turn ? " now" : "") },
      p + " · glasses " + ((show.glasses || {})[p] || 0) + " · left " + ((show.spots_left || {})[p] ?? "?")
      + ((show.eliminated || []).includes(p) ? " · out" : "")));
    const solo = show.solo_score !== null && show.solo_score !== undefined
      ? el("div", {}, "Solo score: " + show.solo_score + (show.solo_rating ? " (" + show.solo_rating + ")" : "")) : "";
    status.replaceChildren(el("div", { class: "turn", id: "headline", text: head }), el("div", { class: "chips" }, chips), solo,
      el("div", { class: "hint", text: "version " + state.version }));
    $("#bonus").hidden = !show.bonus_owed;
    $("#skip-bonus").hidden = !show.bonus_owed;
  }

  function report(r, what) {
    const box = $("#verdict");
    const d = r.data || {};
    if (r.status === 200 || r.status === 422) {
      if (d.word !== undefined && d.at !== undefined) {
        const word = String(d.word).toUpperCase();
        if (d.valid) {
          const cells = d.cells || [];
          const how = cells.length ? "reads " + (DIRS[d.direction] || d.direction) + " from " + cells[0] + " to " + cells[cells.length - 1] : "";
          verdict(box, "yes", "✔ " + word + " is legal at " + d.at, how + (d.bonus ? ". Farsighted bonus: tap a free cell, then Place bonus spot." : ""));
        } else {
          verdict(box, "no", "✘ " + word + " is not legal at " + d.at, explain(d.reason));
        }
      } else if (d.valid) {
        verdict(box, "yes", "✔ " + what + " done", "");
      } else {
        verdict(box, "no", "✘ " + what + " refused", explain(d.reason));
      }
    } else {
      verdict(box, "no", "✘ " + what + ": not done", errorText(r));
    }
  }

  const game = R.game(render);

  $("#play").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const word = $("#word").value.trim();
    if (!selected) { toast("Tap the cell the new spot covers first."); return; }
    const r = await game.act({ action: "play", word, at: selected });
    report(r, "play");
    if (r.status === 200) { $("#word").value = ""; select(null); }
  });
  $("#bonus").addEventListener("click", async () => {
    if (!selected) { toast("Tap a free cell for the bonus spot first."); return; }
    report(await game.act({ action: "bonus", at: selected }), "bonus spot");
    select(null);
  });
  $("#skip-bonus").addEventListener("click", async () => report(await game.act({ action: "skip-bonus" }), "skip bonus"));
  $("#timeout").addEventListener("click", async () => report(await game.act({ action: "timeout" }), "timeout"));
  $("#undo").addEventListener("click", async () => report(await game.act({ action: "undo" }), "undo"));
})();
