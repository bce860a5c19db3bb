"use strict";
(() => {
  const { $, el, verdict, api, initial, answerText, toast } = R;
  const SHADES = { red: "#ffb3b3", orange: "#ffd199", yellow: "#fff08a", green: "#b9ecc0", blue: "#b8d0ff",
    purple: "#dcc2ff", pink: "#ffc8e6", silver: "#dedede", gold: "#f0d46a", black: "#9a9a9a", white: "#ffffff", brown: "#e0c8a8" };
  const SHOWN_COLOURS = ["red", "orange", "yellow", "green", "blue", "purple", "pink", "silver", "gold"];
  let game = null;
  let players = [];
  let timerState = null;
  let timerAt = 0;
  let buzzed = false;
  let cards = [];        // the cards collected this turn, tapped
  let colour = null;     // the colour tapped, waiting for its number
  let outcome = null;    // "stop" or "time"

  function piles(obj) {
    return Object.entries(obj || {}).map(([c, n]) => c + " " + n).join(", ") || "—";
  }

  const TURNS = 3;   // boxes per player per frame (the score pad's layout)
  const FRAMES = 3;

  /* Turns each player has taken in the frame in play, from show's turn and box. */
  function turnsTaken(show) {
    const taken = {};
    players.forEach((p) => { taken[p] = 0; });
    if (!show.turn) return taken;
    const n = players.length;
    const start = Math.max(0, players.indexOf(show.first || players[0]));
    const seat = (p) => (players.indexOf(p) - start + n) % n;
    players.forEach((p) => { taken[p] = (show.box - 1) + (seat(p) < seat(show.turn) ? 1 : 0); });
    return taken;
  }

  function boxes(count, next) {
    const cells = [];
    for (let i = 0; i < TURNS; i++) {
      const on = i < count;
      const isNext = next && i === count;
      cells.push(el("span", { class: "box" + (on ? " on" : "") + (isNext ? " next" : ""), role: "img",
        "aria-label": on ? "turn " + (i + 1) + " recorded" : isNext ? "turn " + (i + 1) + ", now" : "turn " + (i + 1),
        text: on ? "✔" : "" }));
    }
    return el("span", { class: "turns" }, cells);
  }

  function colours(show) {
    return Array.isArray(show.colours) && show.colours.length ? show.colours : SHOWN_COLOURS;
  }

  function render(state, t) {
    const show = state.show;
    players = show.players || Object.keys(show.totals || {});
    const scores = show.frame_scores || [];
    const played = show.frames_played ?? scores.length;
    const over = show.over;
    const taken = turnsTaken(show);
    const now = !over && show.turn ? show.turn : null;
    const head = el("tr", {}, el("td", { class: "corner" }),
      Array.from({ length: FRAMES }, (_, i) => el("th", { scope: "col", class: !over && i === played ? "in-play" : null, text: "Frame " + (i + 1) })),
      el("th", { scope: "col", text: "total" }));
    const rows = players.map((p) => el("tr", { "data-player": p, class: p === now ? "now" : null },
      el("th", { scope: "row", text: p }),
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
    $("#frames").replaceChildren(...scores.filter((f) => f.players).map((f) => el("details", { class: "rows" },
      el("summary", { text: "Frame " + f.frame + ", row by row" }),
      el("table", { class: "pad" }, el("tr", {}, el("td", { class: "corner" }), el("th", { scope: "col", text: "scored" }), el("th", { scope: "col", text: "saved" }), el("th", { scope: "col", text: "subtracted" }), el("th", { scope: "col", text: "points" })),
        players.map((p) => { const s = f.players[p] || {}; const rws = s.rows || {};
          return el("tr", {}, el("th", { scope: "row", text: p }), el("td", { text: piles(rws.scored) }), el("td", { text: piles(rws.saved) }),
            el("td", { text: piles(rws.subtracted) }), el("td", { text: s.points })); })))));
    const headline = over ? "Game over: " + ((show.winners || []).join(" and ") || "—") + " win" + ((show.winners || []).length === 1 ? "s" : "")
      : now ? "Turn: " + now : "Frame " + (played + 1) + " of " + FRAMES;
    $("#status").replaceChildren(el("div", { class: "turn", id: "headline", text: headline }),
      el("div", { class: "hint", text: (show.mode ? show.mode + " game" : "") + (show.variant === "younger" ? " · younger players' game" : "") + (over ? "" : " · frame " + (played + 1) + " of " + FRAMES + (now ? ", turn " + show.box + " of " + TURNS + " · Time Keeper: " + show.time_keeper : "")) }));
    $("#turn-title").textContent = now ? "Record " + now + "'s turn" : "Record the turn";
    $("#keeper-name").textContent = show.time_keeper && !over ? "(" + show.time_keeper + ")" : "";
    $("#turn-step").hidden = !t.offered("turn");
    $("#frame-step").hidden = !t.myTurn();
    $("#timer-card").hidden = !!over;
    // no Doubles card in the younger players' game
    $("#turn-doubles").closest("label").hidden = show.variant === "younger";
    const pad = $("#colour-pad");
    const list = colours(show);
    if (pad.dataset.colours !== list.join(",")) {
      pad.dataset.colours = list.join(",");
      pad.replaceChildren(...list.map((c) => el("button", { type: "button", class: "key colour", "data-colour": c, "aria-pressed": "false",
        style: "background:" + (SHADES[c] || "#f2f2f2"), text: c, onclick: () => { colour = colour === c ? null : c; drawTurn(); } })));
    }
    const banks = $("#banks");
    if (banks.dataset.players !== players.join(",")) {
      banks.dataset.players = players.join(",");
      banks.replaceChildren(...players.map((p) => el("label", {}, p + "'s bank", el("input", { "data-player": p, placeholder: "red-3,blue-5 or red" }))));
    }
    showTimer();
  }

  // --- the turn: a colour, then a number, per card
  function drawTurn() {
    $("#turn-cards").textContent = cards.length ? cards.join(", ") : "none";
    $("#turn-list").replaceChildren(...cards.map((c, i) => el("button", { type: "button", class: "small", "aria-label": "remove " + c,
      text: c + " ✕", onclick: () => { cards.splice(i, 1); drawTurn(); } })));
    R.$$("#colour-pad .key").forEach((k) => k.setAttribute("aria-pressed", k.dataset.colour === colour ? "true" : "false"));
    R.$$("#number-pad .key").forEach((k) => { k.disabled = colour === null; });
    $("#turn-stop").setAttribute("aria-pressed", outcome === "stop" ? "true" : "false");
    $("#turn-time").setAttribute("aria-pressed", outcome === "time" ? "true" : "false");
    const younger = !!(game && game.state.show && game.state.show.variant === "younger");
    $("#outcome-said").textContent = younger ? (outcome === "stop" ? "Stop: the cards go to the bank." : outcome === "time" ? "Time: the cards are kept all the same (younger players' game)."
      : "Tap how the turn ended: Stop or Time (the cards are kept either way).")
      : outcome === "stop" ? "Stop: the cards go to the bank." : outcome === "time" ? "Time: the cards are lost to the discard pile."
      : "Tap how the turn ended: Stop (banked) or Time (lost).";
  }
  for (let n = 1; n <= 18; n++) {
    $("#number-pad").append(el("button", { type: "button", class: "key", text: String(n), disabled: true,
      onclick: () => { if (colour) { cards.push(colour + "-" + n); colour = null; drawTurn(); } } }));
  }
  $("#turn-stop").addEventListener("click", () => { outcome = "stop"; drawTurn(); });
  $("#turn-time").addEventListener("click", () => { outcome = "time"; drawTurn(); });

  function clear() {
    cards = []; colour = null; outcome = null;
    $("#turn-doubles").value = "";
    drawTurn();
  }

  function answered(r, what) {
    const box = $("#verdict");
    const d = r.data || {};
    const [ok, why] = answerText(r);
    if (ok) verdict(box, "yes", "✔ " + what, d.warnings && d.warnings.length ? d.warnings.map(R.plain).join("; ") : "");
    else verdict(box, "no", "✘ " + what + ": not done", why);
    clear();
    box.scrollIntoView({ block: "nearest" });
  }

  // --- the hidden Time Keeper timer (kept by the server; the sand shows on the keeper's phone only)
  function keeper() {
    const show = game && game.state.show;
    return !!(show && !show.over && game.state.me && R.same(game.state.me, show.time_keeper));
  }
  function showTimer() {
    const box = $("#timer");
    const s = timerState;
    const show = game && game.state.show;
    const keeps = keeper();
    $("#timer-buttons").hidden = !keeps;
    // the younger players' game uncovers the timer: every phone shows the sand
    const uncovered = !!(show && show.timer_visible);
    const mine = keeps || uncovered;
    $("#timer-hint").textContent = keeps ? (uncovered ? "You keep time: the timer is shown to everyone." : "You keep time: only this phone shows the sand.")
      : show && show.time_keeper ? show.time_keeper + " keeps time." + (uncovered ? " The timer is shown to everyone." : "") : "";
    if (!s) { box.textContent = "ready"; box.className = "timer"; box.dataset.phase = "ready"; return; }
    box.className = "timer " + s.phase;
    if (s.phase === "running") {
      const left = Math.max(0, s.left - (performance.now() - timerAt) / 1000);
      box.textContent = mine ? (Math.floor(left * 10) / 10).toFixed(1) : "running";
      if (left <= 0 && !buzzed) buzz();
    } else if (s.phase === "expired") {
      box.textContent = "Time!";
      if (!buzzed) buzz();
    } else if (s.phase === "stopped") {
      box.textContent = mine ? "Stop · " + s.left.toFixed(1) + " s left" : "Stop";
    } else {
      box.textContent = mine ? s.seconds.toFixed(0) + " s" : "ready";
    }
    box.dataset.phase = s.phase;
    box.dataset.left = mine ? String(s.left) : "";
  }
  function buzz() {
    buzzed = true;
    if (!keeper()) return;
    if (navigator.vibrate) { try { navigator.vibrate([400, 150, 400]); } catch (err) { /* not allowed */ } }
  }
  function onTimer(s) {
    const was = timerState ? timerState.phase : null;
    timerState = s;
    timerAt = performance.now();
    if (s.phase === "running" || s.phase === "ready") buzzed = false;
    if (s.event === "flip-refused" || s.event === "ignored") { if (keeper()) toast(R.plain(s.why || s.event)); }
    // "Time!" makes the turn's outcome Time; a Stop of the sand makes it Stop (a person still records it)
    if (s.phase !== was) {
      if (s.phase === "expired") outcome = "time";
      else if (s.phase === "stopped") outcome = "stop";
      drawTurn();
    }
    showTimer();
  }
  async function press(event) {
    const r = await api("POST", "/api/games/" + encodeURIComponent(initial.name) + "/timer", { event });
    if (r.ok) onTimer(r.data); else toast(R.errorText(r));
  }
  ["go", "stop", "time", "flip", "reset"].forEach((e) => $("#t-" + e).addEventListener("click", () => press(e)));
  setInterval(showTimer, 100);

  /* A new turn: the new Time Keeper's phone turns its sand over for it. */
  function changed() {
    if (keeper() && timerState && timerState.phase !== "ready") press("reset");
  }

  game = R.table({ render, onTimer, answered, changed });
  drawTurn();
  api("GET", "/api/games/" + encodeURIComponent(initial.name) + "/timer").then((r) => { if (r.ok) onTimer(r.data); });

  $("#turn").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!outcome) { toast("Tap how the turn ended first: Stop or Time."); return; }
    const body = { action: "turn" };
    if (cards.length) body.cards = cards.slice();
    body[outcome] = true;
    if ($("#turn-doubles").value) body.doubles = $("#turn-doubles").value;
    const said = (outcome === "stop" ? "Stop: " : "Time: ") + (cards.length ? cards.join(", ") : "no cards");
    answered(await game.act(body), "turn recorded (" + said + ")");
  });
  $("#frame").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const banks = {};
    R.$$("#banks input").forEach((i) => { banks[i.dataset.player] = i.value.split(/[\s,]+/).filter(Boolean); });
    const body = { action: "frame", frame_file: { players: banks } };
    if (game.state.show && game.state.show.mode) body.frame_file.mode = game.state.show.mode;
    const r = await game.act(body);
    answered(r, "frame recorded");
    if (r.status === 200) R.$$("#banks input").forEach((i) => { i.value = ""; });
  });
})();
