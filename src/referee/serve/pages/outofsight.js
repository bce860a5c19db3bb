"use strict";
(() => {
  const { $, el, errorText, explain, verdict, api, initial } = R;
  let players = [];
  let timerState = null;
  let timerAt = 0;
  let buzzed = false;

  function piles(obj) {
    return Object.entries(obj || {}).map(([c, n]) => c + " " + n).join(", ") || "—";
  }

  const TURNS = 3;   // turns per player per frame: one check box each
  const FRAMES = 3;

  /* Turns each player has taken in the frame in play (every frame starts
     with the first player and goes round the table in seat order). */
  function turnsTaken(show) {
    const taken = {};
    players.forEach((p) => { taken[p] = 0; });
    const t = { player: show.turn, box: show.box };  // show --json: turn is the player to act
    if (!t.player) return taken;
    const n = players.length;
    const start = Math.max(0, players.indexOf(show.first || players[0]));
    const seat = (p) => (players.indexOf(p) - start + n) % n;
    players.forEach((p) => { taken[p] = (t.box - 1) + (seat(p) < seat(t.player) ? 1 : 0); });
    return taken;
  }

  function boxes(count, next) {
    const cells = [];
    for (let i = 0; i < TURNS; i++) {
      const on = i < count;
      const isNext = next && i === count;
      cells.push(el("span", { class: "box" + (on ? " on" : "") + (isNext ? " next" : ""), role: "img",
        "aria-label": on ? "turn " + (i + 1) + " recorded" : "turn " + (i + 1),
        title: isNext ? "record this turn" : null,
        onclick: isNext ? () => { $("#turn-cards").focus(); $("#turn").scrollIntoView({ block: "center" }); } : null,
        text: on ? "✔" : "" }));
    }
    return el("span", { class: "turns" }, cells);
  }

  function render(state) {
    const show = state.show;
    players = show.players || Object.keys(show.totals || {});
    const scores = show.frame_scores || [];
    const played = show.frames_played ?? scores.length;
    const over = show.over;
    const taken = turnsTaken(show);
    const now = !over && show.turn ? show.turn : null;
    // a row per player (2 to 12 of them fit a phone), a column per frame
    const head = el("tr", {}, el("th", { text: "" }),
      Array.from({ length: FRAMES }, (_, i) => el("th", { class: !over && i === played ? "in-play" : null, text: "Frame " + (i + 1) })),
      el("th", { text: "total" }));
    const rows = players.map((p) => el("tr", { "data-player": p, class: p === now ? "now" : null },
      el("th", { text: p }),
      Array.from({ length: FRAMES }, (_, i) => {
        const f = i + 1;
        const score = scores[i];
        const inPlay = !over && f === played + 1;
        const count = f <= played ? TURNS : inPlay ? taken[p] : 0;
        const points = score && score.players && score.players[p] ? score.players[p].points : null;
        return el("td", { "data-frame": f, class: inPlay ? "in-play" : null }, boxes(count, inPlay && p === now),
          el("span", { class: "pts", text: points === null ? "" : String(points) }));
      }),
      el("td", { class: "total", text: (show.totals || {})[p] ?? 0 })));
    $("#pad").replaceChildren(head, ...rows);
    // each scored frame, row by row: scored, saved and subtracted piles
    $("#frames").replaceChildren(...scores.filter((f) => f.players).map((f) => el("details", { class: "rows" },
      el("summary", { text: "Frame " + f.frame + ", row by row" }),
      el("table", { class: "pad" }, el("tr", {}, el("th", { text: "" }), el("th", { text: "scored" }), el("th", { text: "saved" }), el("th", { text: "subtracted" }), el("th", { text: "points" })),
        players.map((p) => { const s = f.players[p] || {}; const rws = s.rows || {};
          return el("tr", {}, el("td", { text: p }), el("td", { text: piles(rws.scored) }), el("td", { text: piles(rws.saved) }),
            el("td", { text: piles(rws.subtracted) }), el("td", { text: s.points })); })))));
    const turn = now ? "Turn: " + now + " · Time Keeper: " + show.time_keeper : null;
    const headline = over ? "Game over: " + ((show.winners || []).join(" and ") || "—") + " win" + ((show.winners || []).length === 1 ? "s" : "")
      : turn || ("Frame " + (played + 1) + " of " + FRAMES);
    $("#status").replaceChildren(el("div", { class: "turn", id: "headline", text: headline }),
      el("div", { class: "hint", text: (show.mode ? show.mode + " game · " : "") + (over ? "" : "frame " + (played + 1) + " of " + FRAMES + (now ? ", turn " + show.box + " of " + TURNS : "") + " · ") + "version " + state.version }));
    $("#turn-title").textContent = now ? "Record " + now + "'s turn" : "Record a turn";
    const banks = $("#banks");
    if (banks.dataset.players !== players.join(",")) {
      banks.dataset.players = players.join(",");
      banks.replaceChildren(...players.map((p) => el("label", {}, p + "'s bank", el("input", { "data-player": p, placeholder: "red-3,blue-5 or red" }))));
    }
  }

  function report(r, what) {
    const box = $("#verdict");
    const d = r.data || {};
    if (r.status === 200) verdict(box, "yes", "✔ " + what + " recorded", d.warnings && d.warnings.length ? d.warnings.join("; ") : "");
    else if (r.status === 422) verdict(box, "no", "✘ " + what + " refused", d.explanation || explain(d.reason));
    else verdict(box, "no", "✘ " + what + ": not done", errorText(r));
    box.scrollIntoView({ block: "nearest" });
  }

  // --- the hidden Time Keeper timer (kept by the server, shown on the keeper's phone only)
  function keeper() { return $("#keeper").checked; }
  function showTimer() {
    const box = $("#timer");
    const s = timerState;
    if (!s) { box.textContent = "ready"; box.className = "timer"; return; }
    box.className = "timer " + s.phase;
    if (s.phase === "running") {
      const left = Math.max(0, s.left - (performance.now() - timerAt) / 1000);
      box.textContent = keeper() ? (Math.floor(left * 10) / 10).toFixed(1) : "running";
      if (left <= 0 && !buzzed) buzz();
    } else if (s.phase === "expired") {
      box.textContent = "Time!";
      if (!buzzed) buzz();
    } else if (s.phase === "stopped") {
      box.textContent = keeper() ? "Stop · " + s.left.toFixed(1) + " s left" : "Stop";
    } else {
      box.textContent = keeper() ? s.seconds.toFixed(0) + " s" : "ready";
    }
    box.dataset.phase = s.phase;
    box.dataset.left = String(s.left);
  }
  function buzz() {
    buzzed = true;
    if (navigator.vibrate) navigator.vibrate([400, 150, 400]);
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const osc = ctx.createOscillator();
      osc.frequency.value = 880;
      osc.connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.4);
    } catch (err) { /* no sound here */ }
  }
  function onTimer(s) {
    timerState = s;
    timerAt = performance.now();
    if (s.phase === "running" || s.phase === "ready") buzzed = false;
    if (s.event === "flip-refused" || s.event === "ignored") R.toast(s.why || s.event);
    showTimer();
  }
  async function press(event) {
    const r = await api("POST", "/api/games/" + encodeURIComponent(initial.name) + "/timer", { event });
    if (r.ok) onTimer(r.data); else R.toast(errorText(r));
  }
  ["go", "stop", "time", "flip", "reset"].forEach((e) => $("#t-" + e).addEventListener("click", () => press(e)));
  $("#keeper").addEventListener("change", () => { localStorage.setItem("keeper:" + initial.name, keeper() ? "1" : ""); showTimer(); });
  $("#keeper").checked = localStorage.getItem("keeper:" + initial.name) === "1";
  setInterval(showTimer, 100);

  const game = R.game(render, onTimer);
  api("GET", "/api/games/" + encodeURIComponent(initial.name) + "/timer").then((r) => { if (r.ok) onTimer(r.data); });

  $("#turn").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { action: "turn" };
    const cards = $("#turn-cards").value.split(/[\s,]+/).filter(Boolean);
    if (cards.length) body.cards = cards;
    const who = document.querySelector('input[name="who"]:checked').value;
    body[who] = true;
    if ($("#turn-doubles").value) body.doubles = $("#turn-doubles").value;
    const r = await game.act(body);
    report(r, "turn");
    if (r.status === 200) { $("#turn-cards").value = ""; $("#turn-doubles").value = ""; }
  });
  $("#frame").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const banks = {};
    R.$$("#banks input").forEach((i) => { banks[i.dataset.player] = i.value.split(/[\s,]+/).filter(Boolean); });
    const body = { action: "frame", frame_file: { players: banks } };
    if (game.state.show && game.state.show.mode) body.frame_file.mode = game.state.show.mode;
    const r = await game.act(body);
    report(r, "frame");
    if (r.status === 200) R.$$("#banks input").forEach((i) => { i.value = ""; });
  });
  $("#undo").addEventListener("click", async () => report(await game.act({ action: "undo" }), "undo"));
})();
