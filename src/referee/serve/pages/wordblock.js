"use strict";
(() => {
  const { $, el, verdict, answerText, toast } = R;
  const BLOCK = ["#1f5fd6", "#d7191c", "#1a9641", "#b8860b"];
  let game = null;
  let players = [];
  let place = null;      // the space chosen for the card
  let walk = [];         // the claim's walk, tapped
  let from = null;       // the block moved (null: from the reserve)
  let to = null;         // the card it goes on
  let owner = {};        // cell -> the player whose block is on it

  function cellName(r, c) { return String.fromCharCode(65 + c) + String(r + 1); }

  /* What a tap on the grid means: the step this phone is doing now. */
  function tapMode() {
    if (!$("#place-step").hidden) return "place";
    if (!$("#block-step").hidden && $("#block-step").open) return "block";
    if (!$("#claim-step").hidden) return "walk";
    if (!$("#block-step").hidden) return "block";
    return null;
  }

  function tapped(name, isCard) {
    const mode = tapMode();
    if (mode === "place") place = place === name ? null : name;
    else if (mode === "walk" && isCard) {
      walk = walk.includes(name) ? walk.slice(0, walk.indexOf(name)) : walk.concat([name]);
      pointsStale();
    } else if (mode === "block" && isCard) {
      const me = game && game.state.me;
      if (from === null && to === null && owner[name] && R.same(owner[name], me)) from = name;
      else to = name;
    } else if (!mode) toast(game && game.state.me ? "Not your turn now." : "Choose who you are (I am) to play.");
    marks();
  }

  function marks() {
    $("#place-cell").textContent = place || "tap a space";
    $("#claim-path").textContent = walk.length ? walk.join(" ") : "tap its cards on the grid (optional)";
    $("#move-from").textContent = from || "the reserve";
    $("#move-to").textContent = to || "tap a card";
    R.$$("#grid button.cell").forEach((b) => {
      const n = b.dataset.cell;
      const on = n === place || walk.includes(n) || n === from || n === to;
      b.classList.toggle("sel", on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  function renderGrid(board) {
    const rows = (board.cards || []).map((row) => row.trim().split(/\s+/));
    const width = Math.max(0, ...rows.map((r) => r.length));
    owner = {};
    Object.entries(board.blocks || {}).forEach(([p, cells]) => cells.forEach((c) => { owner[c] = p; }));
    const head = el("tr", {}, el("td", { class: "corner" }), Array.from({ length: width }, (_, c) => el("th", { scope: "col", text: String.fromCharCode(65 + c) })));
    const body = rows.map((row, r) => el("tr", {}, el("th", { scope: "row", text: String(r + 1) }), row.map((tok, c) => {
      const name = cellName(r, c);
      const isCard = tok !== ".";
      const b = el("button", { type: "button", class: "cell" + (isCard ? " card" : ""), "data-cell": name, "aria-label": name,
        onclick: () => tapped(name, isCard) });
      let said = name;
      if (isCard) {
        const [letter, pts] = tok.split("-");
        // drawn by the style sheet (the button's name is its cell, its title says the card)
        b.dataset.letter = letter.toUpperCase();
        if (pts) b.dataset.pts = pts;
        said += ": " + letter.toUpperCase() + (pts ? " (" + pts + ")" : "");
      }
      if (owner[name]) {
        const i = Math.max(0, players.findIndex((p) => R.same(p, owner[name])));
        b.append(el("span", { class: "block", "aria-hidden": "true", "data-initial": owner[name].charAt(0).toUpperCase(),
          style: "background:" + BLOCK[i % BLOCK.length] }));
        said += ", " + owner[name] + "'s block";
      }
      b.title = said;
      return el("td", {}, b);
    })));
    $("#grid").replaceChildren($("#grid caption") || "", head, ...body);
    marks();
  }

  function renderPad(show) {
    const head = el("tr", {}, el("th", { scope: "col", text: "entry" }), players.map((p) => el("th", { scope: "col", text: p })));
    const rows = (show.scorepad || []).map((line) => el("tr", {}, el("td", { class: "what", text: describe(line) }),
      players.map((p) => el("td", { text: (line.totals || {})[p] ?? "" }))));
    const total = el("tr", { class: "total" }, el("td", { class: "what", text: "total" }),
      players.map((p) => el("td", { text: (show.totals || {})[p] ?? 0 })));
    $("#scorepad").replaceChildren(head, ...rows, total);
  }

  function describe(line) {
    if (line.text) return line.text;
    const a = line.action || {};
    if (a.action === "claim" || a.word) {
      return (a.player || "") + " claims " + String(a.word || "").toUpperCase() + (a.challenged_by ? ", challenged by " + a.challenged_by : "");
    }
    return a.action || "";
  }

  function render(state, t) {
    const show = state.show;
    players = show.players || Object.keys(show.totals || {});
    const ch = $("#claim-challenger");
    const others = players.filter((p) => !R.same(p, show.turn));
    if (ch.dataset.players !== others.join("\n")) {
      ch.dataset.players = others.join("\n");
      ch.replaceChildren(el("option", { value: "", text: "nobody" }), ...others.map((p) => el("option", { value: p, text: p })));
    }
    renderGrid(show.board || {});
    renderPad(show);
    const turn = show.turn ? show.turn + (show.phase ? " · next: " + show.phase : "") : null;
    const lead = (show.leaders || []).join(", ");
    $("#status").replaceChildren(
      el("div", { class: "turn", id: "headline", text: show.over ? "Game over" : turn ? "Turn: " + turn : "Scorepad (no turns kept)" }),
      el("div", { class: "chips" }, players.map((p, i) => el("span", { class: "chip" + (R.same(p, show.turn) ? " now" : ""), style: "border-color:" + BLOCK[i % BLOCK.length] },
        p + " " + ((show.totals || {})[p] ?? 0)))),
      el("div", { class: "hint", text: [lead && !show.over ? "leading: " + lead : "",
        show.hands && show.turn ? show.turn + " holds " + show.hands[show.turn] : "",
        show.draw_pile !== undefined ? "draw pile " + show.draw_pile : "",
        show.judging === "strict" ? "strict judging" : show.judging === "challenge" ? "words judged by challenge" : "",
        (show.series || []).length ? "series: after " + show.series.join(", ") : ""].filter(Boolean).join(" · ") }));
    const before = ["place-step", "claim-step", "block-step", "end-step"].map((id) => $("#" + id).hidden);
    $("#place-step").hidden = !t.offered("place");
    $("#claim-step").hidden = !t.offered("claim");
    $("#block-step").hidden = !t.offered("move-block");
    $("#end-step").hidden = !t.offered("end-turn");
    // the step the rules allow next is open; a block move is folded while a claim is still possible
    if (before[2] && !$("#block-step").hidden) $("#block-step").open = $("#claim-step").hidden;
  }

  function pointsStale() { $("#claim-confirm").disabled = true; $("#claim-points").hidden = true; }

  /* Every answer empties the forms; "Challenged by" goes back to nobody. */
  function clear() {
    place = null; walk = []; from = null; to = null;
    $("#place-card").value = "";
    $("#claim-word").value = "";
    $("#claim-challenger").value = "";
    pointsStale();
    R.$$("#letter-pad .key").forEach((k) => k.setAttribute("aria-pressed", "false"));
    marks();
  }

  function answered(r, what) {
    const box = $("#verdict");
    const [ok, why] = answerText(r);
    const d = r.data || {};
    if (ok) verdict(box, "yes", "✔ " + what, d.explanation && d.recorded !== false ? R.plain(d.explanation) : "");
    else if (d.recorded) verdict(box, "no", "✔ " + what + " recorded: " + why, Object.entries(d.points || {}).map(([p, n]) => p + " " + (n > 0 ? "+" : "") + n).join(", "));
    else verdict(box, "no", "✘ " + what + ": not done", why);
    clear();
    box.scrollIntoView({ block: "nearest" });
  }

  game = R.table({ render, answered });

  // the letter pad: a tap is the card (the card's points come from the game's scheme)
  "abcdefghijklmnopqrstuvwxyz".split("").forEach((c) => $("#letter-pad").append(el("button", {
    type: "button", class: "key", "aria-pressed": "false", text: c.toUpperCase(),
    onclick: (ev) => {
      $("#place-card").value = c;
      R.$$("#letter-pad .key").forEach((k) => k.setAttribute("aria-pressed", k === ev.currentTarget ? "true" : "false"));
    } })));

  function claimBody() {
    const body = { word: $("#claim-word").value.trim() };
    if (walk.length) body.path = walk.slice();
    const ch = $("#claim-challenger").value;
    if (ch) body.challenged_by = ch;
    return body;
  }
  $("#claim-word").addEventListener("input", pointsStale);
  $("#claim-challenger").addEventListener("change", pointsStale);
  $("#claim-clear").addEventListener("click", () => { walk = []; pointsStale(); marks(); });

  // every player's gain, from score-claim on the game's board, before confirming
  $("#claim-check").addEventListener("click", async () => {
    const body = Object.assign(claimBody(), { board: game.state.show.board, player: game.state.show.turn || game.state.me });
    const box = $("#claim-points");
    if (!body.word) { verdict(box, "no", "Type the word first.", ""); return; }
    // judged by challenge: the walk scored, the word not looked up (nobody may know before the claim)
    const byChallenge = game.state.show.judging === "challenge";
    if (byChallenge) { delete body.challenged_by; body.preview = true; }
    const r = await R.api("POST", "/api/score-claim", body);
    if (!r.ok) { verdict(box, "no", "✘ cannot score it", R.errorText(r)); return; }
    const d = r.data;
    const pts = Object.entries(d.points || {}).map(([p, n]) => p + " " + (n > 0 ? "+" : "") + n).join(", ");
    if (d.valid) {
      verdict(box, "info", String(d.word).toUpperCase() + ": " + (pts || "no points"), "walk " + (d.path || []).join(" ") + (d.discard && d.discard.length ? " · discard " + d.discard.join(" ") : "")
        + (byChallenge && $("#claim-challenger").value ? " · if the challenge fails, " + $("#claim-challenger").value + " loses 5; if it is upheld, the claimer loses 5" : ""));
      $("#claim-confirm").disabled = false;
    } else {
      verdict(box, "no", "✘ " + String(d.word).toUpperCase() + " would be refused" + (pts ? " (" + pts + ")" : ""), d.explanation ? R.plain(d.explanation) : R.explain(d.reason));
      $("#claim-confirm").disabled = !d.challenged_by;
    }
  });
  $("#claim").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = claimBody();
    const word = body.word.toUpperCase();
    answered(await game.act(Object.assign({ action: "claim" }, body)), "claim " + word);
  });
  $("#place").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const card = $("#place-card").value.trim();
    if (!place) { toast("Tap a space on the grid first."); return; }
    if (!card) { toast("Tap the card's letter (or type it)."); return; }
    const at = place;
    answered(await game.act({ action: "place", card, at }), "card " + card.toUpperCase() + " on " + at);
  });
  $("#move").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!to) { toast("Tap the card the block goes on."); return; }
    const body = { action: "move-block", to };
    if (from) body.from = from;
    const what = "block " + (from ? "from " + from + " " : "") + "to " + to;
    answered(await game.act(body), what);
  });
  $("#end-turn").addEventListener("click", async () => answered(await game.act({ action: "end-turn" }), "end of turn"));
})();
