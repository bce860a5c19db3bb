"use strict";
(() => {
  const { $, el, verdict, toast, answerText } = R;
  const COLOURS = { red: "#d7191c", yellow: "#f2c200", blue: "#1f5fd6", green: "#1a9641" };
  const DIRS = { N: "upwards", S: "downwards", E: "rightwards", W: "leftwards",
    NE: "up and right", NW: "up and left", SE: "down and right", SW: "down and left" };
  const NS = "http://www.w3.org/2000/svg";
  const svg = $("#board svg");
  let selected = null;
  const centres = {};
  let cellSize = 20;
  let game = null;

  function svgEl(tag, attrs) {
    const n = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    return n;
  }

  function select(name) {
    selected = name;
    $("#cell").textContent = name || "tap a cell";
    R.$$("#cells button").forEach((b) => {
      b.classList.toggle("sel", b.dataset.cell === name);
      b.setAttribute("aria-pressed", b.dataset.cell === name ? "true" : "false");
    });
  }

  // The board picture is referee setup show -o's: its 81 letters give the
  // cells; each cell is a button named by its cell (D1), laid over the picture.
  if (svg) {
    const letters = Array.from(svg.querySelectorAll("text.letter"));
    const x0 = Number(letters[0].getAttribute("x"));
    cellSize = Number(letters[1].getAttribute("x")) - x0;
    const half = cellSize / 2;
    letters.forEach((t, i) => {
      const name = "ABCDEFGHI"[i % 9] + String(Math.floor(i / 9) + 1);
      centres[name] = [Number(t.getAttribute("x")), Number(t.getAttribute("y")) - 4.2];
    });
    const [fx, fy] = centres.A1;
    const size = cellSize * 9 + 4;
    const vx = fx - half - 2;
    const vy = fy - half - 2;
    svg.setAttribute("viewBox", `${vx} ${vy} ${size} ${size}`);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("aria-hidden", "true");
    svg.append(svgEl("g", { id: "spots" }));
    const cells = $("#cells");
    letters.forEach((t, i) => {
      const name = "ABCDEFGHI"[i % 9] + String(Math.floor(i / 9) + 1);
      const [cx, cy] = centres[name];
      const b = el("button", { type: "button", class: "cell", "data-cell": name, "aria-label": name, "aria-pressed": "false",
        style: `left:${((cx - half - vx) / size) * 100}%;top:${((cy - half - vy) / size) * 100}%;`
          + `width:${(cellSize / size) * 100}%;height:${(cellSize / size) * 100}%`,
        onclick: () => select(selected === name ? null : name) });
      b.dataset.letter = t.textContent.trim();
      cells.append(b);
    });
  }

  function colourOf(show, key) {
    const seat = (show.seats || []).find((s) => R.same(s.name, key) || s.colour === key);
    return seat ? seat.colour : key;
  }
  function nameOf(show, key) {
    const seat = (show.seats || []).find((s) => R.same(s.name, key) || s.colour === key);
    return seat ? seat.name : key;
  }

  function drawSpots(show) {
    if (!svg) return;
    const g = svg.querySelector("#spots");
    g.replaceChildren();
    const taken = {};
    for (const [who, cells] of Object.entries(show.spots || {})) {
      const colour = colourOf(show, who);
      for (const cell of cells) {
        const c = centres[cell];
        if (!c) continue;
        taken[cell] = nameOf(show, who);
        g.append(svgEl("circle", { cx: c[0], cy: c[1], r: cellSize * 0.4, fill: COLOURS[colour] || "#555",
          stroke: "#000", "stroke-width": 0.8, class: "spot " + colour, "data-cell": cell }));
      }
    }
    R.$$("#cells button").forEach((b) => {
      const who = taken[b.dataset.cell];
      b.title = who ? b.dataset.cell + ": " + who + "'s spot" : b.dataset.cell + ": " + b.dataset.letter.toUpperCase();
    });
  }

  /* The glasses tile beside the board, with the spots put on it. */
  function drawGlasses(show) {
    const spots = [];
    for (const [who, n] of Object.entries(show.glasses || {})) {
      for (let i = 0; i < n; i++) spots.push(el("span", { class: "gspot " + colourOf(show, who), title: nameOf(show, who) }));
    }
    const box = $("#glasses");
    box.setAttribute("aria-label", "Glasses tile: " + (Object.entries(show.glasses || {}).filter(([, n]) => n)
      .map(([who, n]) => nameOf(show, who) + " " + n).join(", ") || "no spots"));
    box.replaceChildren(el("span", { class: "gtitle", text: "glasses" }), el("span", { class: "gspots" }, spots));
  }

  // --- the 30-second turn timer (the rulebook's sand timer), shared by every phone
  let timerState = null;
  let timerAt = 0;
  function left() {
    const s = timerState;
    if (!s) return null;
    if (s.phase === "running") return Math.max(0, s.left - (performance.now() - timerAt) / 1000);
    if (s.phase === "expired") return 0;
    return s.left;
  }
  function showTimer(st) {
    const box = $("#turn-timer");
    const show = (st || (game && game.state) || {}).show;
    const timed = show && !show.over && Array.isArray(show.next) ? show.next.includes("timeout") : !!(show && !show.over);
    $("#timer-card").hidden = !timed;
    const s = timerState;
    const l = left();
    const zero = !!s && (s.phase === "expired" || (s.phase === "running" && l <= 0));
    box.className = "timer " + (zero ? "expired" : s ? s.phase : "ready");
    box.textContent = zero ? "Time is up" : s && s.phase === "running" ? String(Math.ceil(l)) : String((show && show.timer_seconds) || 30);
    box.dataset.phase = zero ? "expired" : s ? s.phase : "ready";
    // at zero the Timeout is the step offered, big (a person taps it: nothing is recorded by itself)
    $("#timeout").className = zero ? "primary" : "";
    $("#play-step").classList.toggle("late", zero);
  }
  function onTimer(s) {
    timerState = s;
    timerAt = performance.now();
    showTimer();
  }
  async function startTimer() {
    await R.api("POST", "/api/games/" + encodeURIComponent(R.initial.name) + "/timer", { event: "go" });
  }
  let startedFor = null;
  /* The phone of the player on turn starts the sand when its turn begins. */
  function turnBegins(state) {
    if (!game || !game.offered("timeout") || startedFor === state.version) return;
    startedFor = state.version;
    startTimer();
  }
  setInterval(() => showTimer(), 250);

  function render(state, t) {
    const show = state.show;
    drawSpots(show);
    drawGlasses(show);
    const names = show.players || [];
    let head;
    if (show.over) {
      const w = show.winner;
      head = "Game over" + (w ? ": " + (Array.isArray(w) ? w.map((x) => nameOf(show, x)).join(" and ") + " win" : nameOf(show, w) + " wins") : "");
    } else if (show.bonus_owed) head = (typeof show.bonus_owed === "string" ? nameOf(show, show.bonus_owed) : show.turn) + ": the bonus spot, or skip it";
    else head = "Turn: " + show.turn;
    const chips = names.map((p) => el("span", { class: "chip " + colourOf(show, p) + (R.same(p, show.turn) ? " now" : "") },
      p + " · glasses " + ((show.glasses || {})[p] ?? (show.glasses || {})[colourOf(show, p)] ?? 0)
      + " · left " + ((show.spots_left || {})[p] ?? (show.spots_left || {})[colourOf(show, p)] ?? "?")
      + ((show.eliminated || []).some((e) => R.same(e, p) || e === colourOf(show, p)) ? " · out" : "")));
    const solo = show.solo_score !== null && show.solo_score !== undefined
      ? el("div", {}, "Solo score: " + show.solo_score + (show.solo_rating ? " (" + show.solo_rating + ")" : "")) : "";
    $("#status").replaceChildren(el("div", { class: "turn", id: "headline", text: head }), el("div", { class: "chips" }, chips), solo);
    $("#play-step").hidden = !t.offered("play");
    $("#bonus-step").hidden = !(t.offered("bonus") || t.offered("skip-bonus"));
    $("#timeout-step").hidden = !t.offered("timeout");
    showTimer(state);
  }

  /* Every answer empties the form: the cell, the word. */
  function clear() { $("#word").value = ""; select(null); }

  function answered(r, what) {
    const box = $("#verdict");
    const d = r.data || {};
    const [ok, why] = answerText(r);
    if (d.word !== undefined && d.at !== undefined && (r.status === 200 || r.status === 422)) {
      const word = String(d.word).toUpperCase();
      if (d.valid) {
        const cells = d.cells || [];
        const how = cells.length ? "reads " + (DIRS[d.direction] || d.direction) + " from " + cells[0] + " to " + cells[cells.length - 1] : "";
        verdict(box, "yes", "✔ " + word + " is legal at " + d.at, how + (d.bonus ? ". Farsighted bonus: tap a free cell, then Place bonus spot." : ""));
      } else {
        verdict(box, "no", "✘ " + word + " is not legal at " + d.at, why);
      }
    } else if (ok) verdict(box, "yes", "✔ " + what, "");
    else verdict(box, "no", "✘ " + what + ": not done", why);
    clear();
  }

  game = R.table({ render, onTimer, answered, changed: turnBegins });
  R.api("GET", "/api/games/" + encodeURIComponent(R.initial.name) + "/timer").then((r) => {
    if (!r.ok) return;
    onTimer(r.data);
    if (r.data.phase === "ready") turnBegins(game.state);
    else startedFor = game.state.version;
  });

  $("#play").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const word = $("#word").value.trim();
    if (!selected) { toast("Tap the cell the new spot covers first."); return; }
    if (!word) { toast("Type the word you spotted."); return; }
    const at = selected;
    const r = await game.act({ action: "play", word, at });
    answered(r, "play");
  });
  $("#bonus").addEventListener("click", async () => {
    if (!selected) { toast("Tap a free cell for the bonus spot first."); return; }
    const at = selected;
    answered(await game.act({ action: "bonus", at }), "bonus spot on " + at);
  });
  $("#skip-bonus").addEventListener("click", async () => answered(await game.act({ action: "skip-bonus" }), "bonus skipped"));
  $("#timeout").addEventListener("click", async () => answered(await game.act({ action: "timeout" }), "timeout recorded"));
})();
