"use strict";
(() => {
  const { $, el, errorText, explain, verdict } = R;
  const BLOCK = ["#1f5fd6", "#d7191c", "#1a9641", "#f2c200"];
  let selected = null;
  let players = [];
  let lastTurn = null;

  function cellName(r, c) { return String.fromCharCode(65 + c) + String(r + 1); }

  let moveField = "#move-to";
  ["#move-from", "#move-to"].forEach((s) => $(s).addEventListener("focus", () => { moveField = s; }));

  function select(name) {
    selected = name;
    $("#place-cell").textContent = name || "tap a space";
    if (name) $(moveField).value = name;
    R.$$("#grid td").forEach((td) => td.classList.toggle("sel", td.dataset.cell === name));
  }

  function renderGrid(board) {
    const rows = (board.cards || []).map((row) => row.trim().split(/\s+/));
    const width = Math.max(0, ...rows.map((r) => r.length));
    const owner = {};
    Object.entries(board.blocks || {}).forEach(([p, cells], i) => cells.forEach((c) => { owner[c] = [p, i]; }));
    const head = el("tr", {}, el("th"), Array.from({ length: width }, (_, c) => el("th", { text: String.fromCharCode(65 + c) })));
    const body = rows.map((row, r) => el("tr", {}, el("th", { text: String(r + 1) }), row.map((tok, c) => {
      const name = cellName(r, c);
      const td = el("td", { "data-cell": name, class: tok === "." ? "" : "card", title: name,
        onclick: () => select(name) });
      if (tok !== ".") {
        const [letter, pts] = tok.split("-");
        td.append(letter.toUpperCase(), el("span", { class: "pts", text: pts }));
      }
      if (owner[name]) {
        const i = players.indexOf(owner[name][0]);
        td.append(el("span", { class: "block", title: owner[name][0] + "'s block",
          style: "background:" + BLOCK[(i < 0 ? owner[name][1] : i) % BLOCK.length] }));
      }
      return td;
    })));
    $("#grid").replaceChildren(head, ...body);
    select(selected);
  }

  function renderPad(show) {
    const head = el("tr", {}, el("th", { text: "#" }), el("th", { text: "entry" }), players.map((p) => el("th", { text: p })));
    const rows = (show.scorepad || []).map((line) => el("tr", {}, el("td", { text: line.entry }),
      el("td", { class: "what", text: describe(line.action) }), players.map((p) => el("td", { text: (line.totals || {})[p] ?? "" }))));
    const total = el("tr", { class: "total" }, el("td"), el("td", { class: "what", text: "total" }),
      players.map((p) => el("td", { text: (show.totals || {})[p] ?? 0 })));
    $("#scorepad").replaceChildren(head, ...rows, total);
  }

  function describe(a) {
    if (!a) return "";
    const kind = a.action || a.do || a.kind || "";
    if (kind === "claim") return (a.player || "") + " claims " + String(a.word || "").toUpperCase();
    if (kind === "place") return "card " + (a.card || "") + " on " + (a.at || "");
    if (kind === "move-block" || kind === "block") return (a.player || "") + " block to " + (a.to || "");
    return kind;
  }

  function render(state) {
    const show = state.show;
    players = show.players || Object.keys(show.totals || {});
    R.$$("select.players").forEach((s) => {
      const keep = s.value;
      const opts = (s.classList.contains("optional") ? [el("option", { value: "", text: "—" })] : [])
        .concat(players.map((p) => el("option", { value: p, text: p })));
      s.replaceChildren(...opts);
      if (keep) s.value = keep;
    });
    // a whole game: the claim and the block are the current player's, unless changed by hand
    const turnPlayer = show.turn && !show.over ? show.turn : null;  // the player to act
    if (typeof turnPlayer === "string" && turnPlayer !== lastTurn) {
      ["#claim-player", "#move-player"].forEach((s) => { $(s).value = turnPlayer; });
    }
    lastTurn = turnPlayer;
    renderGrid(show.board || {});
    renderPad(show);
    const turn = show.turn ? show.turn + (show.phase ? " · next: " + show.phase : "") : null;
    const lead = (show.leaders || []).join(", ");
    $("#status").replaceChildren(
      el("div", { class: "turn", id: "headline", text: show.over ? "Game over" : turn ? "Turn: " + turn : "Scorepad (no turns kept)" }),
      el("div", { class: "chips" }, players.map((p) => el("span", { class: "chip", text: p + " " + ((show.totals || {})[p] ?? 0) }))),
      el("div", { class: "hint", text: (lead ? "leading: " + lead + " · " : "") + "version " + state.version }));
  }

  function report(r, what) {
    const box = $("#verdict");
    const d = r.data || {};
    if (r.status === 200) verdict(box, "yes", "✔ " + what + " recorded", d.reason ? explain(d.reason) : "");
    else if (r.status === 422) verdict(box, "no", "✘ " + what + " refused", d.explanation || explain(d.reason));
    else verdict(box, "no", "✘ " + what + ": not done", errorText(r));
    box.scrollIntoView({ block: "nearest" });
  }

  const game = R.game(render);

  function claimBody() {
    const body = { word: $("#claim-word").value.trim(), player: $("#claim-player").value };
    const path = $("#claim-path").value.trim();
    if (path) body.path = path.split(/[\s,]+/).filter(Boolean);
    const ch = $("#claim-challenger").value;
    if (ch) body.challenged_by = ch;
    return body;
  }
  ["#claim-word", "#claim-player", "#claim-path", "#claim-challenger"].forEach((s) =>
    $(s).addEventListener("input", () => { $("#claim-confirm").disabled = true; $("#claim-points").hidden = true; }));

  // The points each player would get, from score-claim on the game's board, before confirming.
  $("#claim-check").addEventListener("click", async () => {
    const body = Object.assign(claimBody(), { board: game.state.show.board });
    const r = await R.api("POST", "/api/score-claim", body);
    const box = $("#claim-points");
    if (!r.ok) { verdict(box, "no", "✘ cannot score", errorText(r)); return; }
    const d = r.data;
    const pts = Object.entries(d.points || {}).map(([p, n]) => p + " " + (n > 0 ? "+" : "") + n).join(", ");
    if (d.valid) {
      verdict(box, "info", String(d.word).toUpperCase() + ": " + (pts || "no points"), "walk " + (d.path || []).join(" ") + (d.discard && d.discard.length ? " · discard " + d.discard.join(" ") : ""));
      $("#claim-confirm").disabled = false;
    } else {
      verdict(box, "no", "✘ " + String(d.word).toUpperCase() + " would be refused" + (pts ? " (" + pts + ")" : ""), d.explanation || explain(d.reason));
      $("#claim-confirm").disabled = !d.challenged_by;
    }
  });
  $("#claim").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await game.act(Object.assign({ action: "claim" }, claimBody()));
    report(r, "claim " + $("#claim-word").value.trim().toUpperCase());
    $("#claim-confirm").disabled = true;
    if (r.status === 200) { $("#claim-word").value = ""; $("#claim-points").hidden = true; }
  });
  $("#place").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!selected) { R.toast("Tap a space on the grid first."); return; }
    const body = { action: "place", card: $("#place-card").value.trim(), at: selected };
    if ($("#place-player").value) body.player = $("#place-player").value;
    report(await game.act(body), "card " + body.card + " on " + selected);
  });
  $("#move").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { action: "move-block", player: $("#move-player").value, to: $("#move-to").value.trim() };
    const from = $("#move-from").value.trim();
    if (from) body.from = from;
    report(await game.act(body), "block to " + body.to);
  });
  $("#end-turn").addEventListener("click", async () => report(await game.act({ action: "end-turn" }), "end of turn"));
  $("#undo").addEventListener("click", async () => report(await game.act({ action: "undo" }), "undo"));
})();
