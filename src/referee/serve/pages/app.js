/* referee serve: shared helpers (no framework, no network beyond this server). */
"use strict";
const R = (() => {
  const initial = JSON.parse(document.getElementById("initial").textContent || "{}");
  const tokenMeta = document.querySelector('meta[name="referee-token"]');
  const token = tokenMeta ? tokenMeta.content : "";

  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.from((root || document).querySelectorAll(sel)); }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  /* The connection, said in words: shown while the server cannot be reached. */
  let offline = false;
  const reconnected = [];
  function connection(ok) {
    const box = $("#conn");
    const dot = $("#live");
    if (dot) dot.classList.toggle("on", ok);
    if (ok === !offline) return;
    offline = !ok;
    if (box) {
      box.hidden = ok;
      box.textContent = ok ? "" : "The server cannot be reached. This page keeps trying and catches up by itself when it is back.";
    }
    if (ok) reconnected.forEach((fn) => fn());
  }

  /* One API call: JSON in, {status, ok, data, version} out; never throws. */
  async function api(method, url, body) {
    const headers = { "Accept": "application/json" };
    if (token) headers["X-Referee-Token"] = token;
    const init = { method, headers, cache: "no-store", credentials: "same-origin" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await Client.request(url, init);
    } catch (err) {
      connection(false);
      return { status: 0, ok: false, data: { error: { kind: "network", message: "the server cannot be reached: try again when it is back" } } };
    }
    let data = null;
    try { data = await response.json(); } catch (err) { data = null; }
    const v = response.headers.get("X-Referee-Version");
    return { status: response.status, ok: response.ok, data, version: v === null ? null : Number(v) };
  }

  /* A field as the page names it (the server's messages name fields). */
  const FIELDS = {
    at: "The cell", word: "The word", card: "The card", cards: "The cards", grid: "Starting cards",
    players: "Players", player: "The player", layout: "The board", name: "Name", to: "The card for the block",
    from: "The block to move", path: "The walk", challenged_by: "Challenged by", draw: "Drawn letters",
    first: "First player", deck_size: "Deck size", values: "Card values", catalog: "The tile catalog",
    code: "Setup code", file: "The tiles", counts: "Counts", mode: "Mode", doubles: "Doubles card", by: "I am",
  };

  /* Plain words for a message: no option names, no bare reason codes. */
  function plain(text) {
    let out = String(text || "").trim();
    out = out.replace(/^([a-z]+(?:-[a-z]+)+):\s+/, "");  // "not-in-dictionary: it is not in ..."
    const field = /^([a-z_]+)((?:\.[a-z_]+|\[\d+\])*):\s+/.exec(out);
    if (field && FIELDS[field[1]]) out = FIELDS[field[1]] + ": " + out.slice(field[0].length);
    out = out.replace(/--([a-z][a-z-]*)/g, (_, name) => {
      const label = FIELDS[name.replace(/-/g, "_")];
      return label ? label.replace(/^The /, "the ") : name.replace(/-/g, " ");
    });
    return out ? out.charAt(0).toUpperCase() + out.slice(1) : out;
  }

  function explain(reason) {
    if (!reason) return "";
    const words = (initial.explanations || {})[reason];
    return plain(words ? words : reason.replace(/-/g, " "));
  }

  function errorText(result) {
    const e = result && result.data && result.data.error;
    if (result.status === 409 && e && e.kind === "conflict") {
      return "Someone else just played: the page has been brought up to date. Try again.";
    }
    if (e) return plain(e.message);
    return "Error " + result.status;
  }

  /* What a step's answer says, in words: [ok, text]. */
  function answerText(r) {
    const d = r.data || {};
    if (r.status === 200 && d.valid !== false) return [true, ""];
    if (r.status === 200 || r.status === 422) return [false, d.explanation ? plain(d.explanation) : explain(d.reason)];
    return [false, errorText(r)];
  }

  let toastTimer = null;
  function toast(text) {
    const t = $("#toast");
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, 3500);
  }

  function verdict(box, kind, title, detail) {
    box.hidden = false;
    box.className = "verdict " + kind;
    box.replaceChildren(el("span", { class: "title", text: title }), detail ? el("small", { text: detail }) : "");
  }

  /* Live updates: calls onVersion(version) for each new version of the game
     (Server-Sent Events), onTimer(state) for the game's timer. The stream is
     opened again by itself when the server comes back. */
  function live(name, onVersion, onTimer) {
    let source = null;
    let retry = null;
    function open() {
      retry = null;
      source = Client.events("/api/games/" + encodeURIComponent(name) + "/events");
      source.onopen = () => connection(true);
      source.onerror = () => {
        connection(false);
        if (source.readyState === 2 && retry === null) {  // closed: open it again
          retry = setTimeout(open, 1500);
        }
      };
      source.onmessage = (ev) => {
        connection(true);
        try { onVersion(JSON.parse(ev.data).version); } catch (err) { /* ignore a bad event */ }
      };
      if (onTimer) {
        source.addEventListener("timer", (ev) => {
          try { onTimer(JSON.parse(ev.data)); } catch (err) { /* ignore */ }
        });
      }
    }
    open();
    window.addEventListener("beforeunload", () => { if (source) source.close(); });
    return { close: () => source && source.close() };
  }

  /* The largest file a page sends: the server's limit on a request
     (MAX_BODY, serve/security.py); a larger file is refused before it is read. */
  const MAX_FILE = 256 * 1024;

  function same(a, b) {
    return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
  }

  /* A review document (GET /api/games/NAME/review) as tables: turn by turn
     (Blind Spot, Word Block) or frame by frame (Out of Sight), then the
     totals per player and what was searched. */
  function signed(n) { return (n > 0 ? "+" : n < 0 ? "−" : "") + Math.abs(n); }
  function upper(w) { return String(w || "").toUpperCase(); }

  /* A table: a cell is a text, or a list of lines (the last one of a list
     in small print when it starts with "~"). */
  function cell(c) {
    if (!Array.isArray(c)) return [String(c)];
    return c.filter((line) => line).map((line) => line.startsWith("~")
      ? el("small", { class: "line", text: line.slice(1) }) : el("span", { class: "line", text: line }));
  }
  function grid(caption, heads, rows) {
    if (!rows.length) return null; // nothing to tabulate (the basic game of Out of Sight organises nothing)
    return el("table", { class: "pad review-table" }, el("caption", { text: caption }),
      el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((c, i) => i === 0
        ? el("th", { scope: "row" }, cell(c)) : el("td", {}, cell(c)))))));
  }

  function bsPlay(p) { return upper(p.word) + " at " + p.at + (p.bonus ? " (bonus)" : ""); }
  function wbClaim(c) { return upper(c.word) + " " + signed(c.net); }
  function wbMove(m) { return (m.from || "reserve") + "→" + m.to + " (opens " + upper(m.word) + " " + signed(m.opens) + ")"; }
  function pile(set) {
    const parts = Object.entries(set || {}).map(([colour, n]) => colour + " " + n);
    return parts.length ? parts.join(", ") : "nothing";
  }

  function bestPlayText(doc) {
    const b = doc.best_play;
    if (!b) return "none";
    if (doc.game === "blindspot") return b.player + ": " + upper(b.word) + " at " + b.at + " (turn " + b.turn + ")";
    if (doc.game === "wordblock") return b.player + ": " + upper(b.word) + " " + signed(b.net) + " (turn " + b.turn + ")";
    return b.player + ": " + b.points + " points in frame " + b.frame;
  }

  function reviewNodes(doc) {
    const out = [el("p", { class: "best-play" }, el("b", { text: "Best play: " }), bestPlayText(doc))];
    if (doc.game === "blindspot") {
      out.push(grid("Turn by turn", ["Turn", "Player", "Played", "Best allowed"], (doc.turns || []).map((t) => [
        String(t.turn), t.player,
        t.timeout ? "timeout" + (t.missed ? " (missed)" : "") : bsPlay(t.played),
        (t.best || []).length ? [t.best.map(bsPlay).join(", "), "~" + t.count + " legal plays"] : "no legal play",
      ])));
      out.push(grid("Totals", ["Player", "Plays", "Letters, on average", "Best missed"], (doc.totals || []).map((t) => [
        t.player, t.plays + (t.timeouts ? " (" + t.timeouts + " timeouts, " + t.missed + " missed)" : ""),
        (t.average_length ?? "–") + " against " + (t.average_best_length ?? "–") + " at best",
        t.best_missed ? upper(t.best_missed.word) + " at " + t.best_missed.at + " (turn " + t.best_missed.turn + ")" : "none",
      ])));
    } else if (doc.game === "wordblock") {
      out.push(grid("Turn by turn", ["Turn", "Player", "Played", "Best allowed"], (doc.turns || []).map((t) => {
        const m = t.block_move;
        const claim = t.claim ? wbClaim(t.claim) + (t.claim.valid ? "" : " (refused)") : "no claim";
        const best = (t.best || []).length ? t.best.map(wbClaim).join(", ") : "no claim";
        const played = [claim, m && m.played ? "block " + wbMove(m.played) : ""];
        const moves = m && m.best ? ["block " + wbMove(m.best), "~" + m.tried + " of " + m.candidates
          + " block moves tried" + (m.cut_short ? ": cut short" : "")] : [];
        return [String(t.turn), t.player, played, [best, ...moves]];
      })));
      out.push(grid("Totals", ["Player", "Claims", "Net gain", "Best missed"], (doc.totals || []).map((t) => [
        t.player, String(t.claims), signed(t.net) + " against " + signed(t.best_net) + " at best",
        t.best_missed ? upper(t.best_missed.word) + " " + signed(t.best_missed.net) + " (turn " + t.best_missed.turn + ")" : "none",
      ])));
    } else {
      for (const p of doc.players_review || []) {
        out.push(grid(p.player + ": " + p.points + " points, " + p.best_points + " at best (" + p.left + " left on the table)",
          ["Frame", "As organised", "At best"], (p.frames || []).map((f) => [
            String(f.frame),
            f.played.points + " (saved " + pile(f.played.saved) + ")",
            f.best.points + " (saved " + pile(f.best.saved) + ")",
          ])));
      }
      out.push(grid("Totals", ["Player", "Points", "At best", "Left on the table"], (doc.totals || []).map((t) => [
        t.player, String(t.points), String(t.best_points), String(t.left),
      ])));
    }
    const cut = doc.cut_short || [];
    out.push(el("p", { class: "hint small" }, "Searched: " + doc.search + "."
      + (cut.length ? " Cut short: " + (doc.game === "outofsight" ? "" : "turns ") + cut.join(", ") + "." : "")));
    return out.filter(Boolean);
  }

  /* The table around a game page: "I am", the headline, the activity log,
     Undo (confirmed) and Redo, game over with the ranking. The page's own
     render(state) draws the rest; nothing here knows a game's rules: the
     server's show document says whose turn it is (turn), which steps the
     rules allow now (next), what Undo would take back (undo). */
  function table(opts) {
    const name = initial.name;
    const state = { name, version: initial.version, show: initial.show, me: "", fields: initial.fields || {}, followed: null };
    const key = "referee:iam:" + name;
    const iam = $("#iam");
    let loading = null;

    function players() { return (state.show && state.show.players) || []; }

    function fillIam() {
      const list = players();
      const keep = state.me;
      if (iam.dataset.players !== list.join("\n")) {
        iam.dataset.players = list.join("\n");
        iam.replaceChildren(el("option", { value: "", text: "watching" }), ...list.map((p) => el("option", { value: p, text: p })));
      }
      // one phone passed around the table: "I am" follows the turn by itself
      // (each new turn; a seat chosen by hand stays until the turn moves on)
      const turn = state.show && !state.show.over ? state.show.turn : null;
      const follow = Client.passAround && turn && turn !== state.followed;
      if (Client.passAround) state.followed = turn;
      const found = list.find((p) => same(p, follow ? turn : keep));
      state.me = found || "";
      iam.value = state.me;
    }

    try { state.me = localStorage.getItem(key) || ""; } catch (err) { state.me = ""; }
    iam.addEventListener("change", () => {
      state.me = iam.value;
      try { localStorage.setItem(key, state.me); } catch (err) { /* private mode */ }
      draw();
      if (opts.changed) opts.changed(state);
    });

    /* Is it this phone's player's turn, and do the rules allow this step now? */
    function offered(step) {
      const show = state.show;
      if (!show || show.over || !state.me) return false;
      // a game without turns (a free scorepad): any player's phone
      if (show.turn !== null && show.turn !== undefined && !same(state.me, show.turn)) return false;
      if ((show.turn === null || show.turn === undefined) && !Array.isArray(show.next)) return false;
      return Array.isArray(show.next) ? show.next.includes(step) : true;
    }
    function myTurn() {
      const show = state.show;
      return !!(show && !show.over && state.me && same(state.me, show.turn));
    }

    function drawActivity() {
      const list = (state.show && state.show.activity) || [];
      $("#activity").replaceChildren(...(list.length ? list.map((a) => el("li", { "data-version": a.version, text: a.text }))
        : [el("li", { class: "hint", text: "Nothing recorded yet." })]));
    }

    function drawOver() {
      const show = state.show;
      const over = !!(show && show.over);
      $("#over").hidden = !over;
      R.$$(".step").forEach((n) => { if (over) n.hidden = true; });
      if (!over) return;
      const ranking = show.ranking || [];
      $("#ranking").replaceChildren(...ranking.map((r) => {
        if (typeof r !== "object" || r === null) return el("li", { text: String(r) });
        const who = r.name || r.player || (r.players || []).join(" and ") || r.team || "";
        const score = ["points", "total", "score", "glasses", "count"].find((k) => r[k] !== undefined && r[k] !== null);
        return el("li", { "data-place": r.place }, el("b", { text: (r.place ? r.place + ". " : "") + who }),
          score ? " " + r[score] + " " + (score === "total" || score === "score" ? "points" : score) : "", r.note ? " (" + r.note + ")" : "");
      }));
    }

    /* After the game: the review and the result card, asked for once per
       version of a game that is over (the server keeps them per version). */
    let reviewed = null;
    async function drawReview(over) {
      const box = $("#review");
      if (!box) return;
      box.hidden = !over;
      if (!over || reviewed === state.version) return;
      const version = state.version;
      reviewed = version;
      const base = "/api/games/" + encodeURIComponent(name);
      const said = $("#review-said");
      said.hidden = false;
      said.textContent = "Reviewing the game…";
      const r = await api("GET", base + "/review");
      if (version !== state.version) return;  // a newer version is asked for by its own draw
      if (!r.ok) { said.textContent = "No review: " + errorText(r); return; }
      said.hidden = true;
      said.textContent = "";
      $("#review-body").replaceChildren(...reviewNodes(r.data));
      const src = await Client.resource(base + "/card.svg?v=" + version);
      const img = $("#result-card");
      img.src = src;
      img.hidden = false;
      const link = $("#result-card-link");
      link.href = src;
      link.setAttribute("download", name + "-result.svg");
      link.hidden = false;
    }

    function draw() {
      if (!state.show) return;
      fillIam();
      opts.render(state, self);
      $("#watching").hidden = !!state.me;
      drawActivity();
      drawUndo();
      drawOver();
      drawReview(!!state.show.over);
    }

    function drawUndo() {
      const show = state.show || {};
      const watching = !state.me;
      $("#undo").hidden = watching || show.undo === null;
      $("#redo").hidden = watching || !show.redo;
    }

    async function refresh() {
      if (loading) return loading;
      loading = (async () => {
        const r = await api("GET", "/api/games/" + encodeURIComponent(name));
        if (r.ok) {
          connection(true);
          const changed = r.version !== state.version;
          state.show = r.data;
          if (r.version !== null) state.version = r.version;
          draw();
          if (changed && opts.changed) opts.changed(state);
        }
        loading = null;
      })();
      return loading;
    }

    /* One step, by this phone's player: "by" always (where the step takes
       it), "player" where the step takes one and the page gave none. */
    async function act(body) {
      const fields = state.fields[body.action] || null;
      const full = Object.assign({ expect_version: state.version }, body);
      if (state.me && fields) {
        if (fields.includes("by") && full.by === undefined) full.by = state.me;
        if (fields.includes("player") && full.player === undefined && opts.actorIsPlayer !== false) full.player = state.me;
      }
      const r = await api("POST", "/api/games/" + encodeURIComponent(name) + "/actions", full);
      if (r.status === 0) return r;
      await refresh();
      return r;
    }

    // The game file itself (the YAML the CLI reads), to keep or to open elsewhere
    const save = $("#download-game");
    if (save) {
      save.addEventListener("click", async () => {
        const headers = token ? { "X-Referee-Token": token } : {};
        const r = await Client.download("/api/games/" + encodeURIComponent(name) + "/file", name + ".yaml", headers);
        toast(r.ok ? "Saved " + name + ".yaml" : "Not saved: " + errorText({ status: r.status, data: await r.json().catch(() => null) }));
      });
    }

    // Undo, confirmed by name; Redo
    const dialog = $("#confirm-undo");
    $("#undo").addEventListener("click", () => {
      const u = state.show && state.show.undo;
      $("#undo-what").textContent = u && u.text ? "Take back: " + u.text + "?" : "Take back the last action?";
      if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
    });
    $("#undo-cancel").addEventListener("click", () => dialog.close());
    $("#undo-yes").addEventListener("click", async () => {
      dialog.close();
      const u = state.show && state.show.undo;
      const r = await act({ action: "undo" });
      opts.answered && opts.answered(r, u && u.text ? "Taken back: " + u.text : "Undo");
    });
    $("#redo").addEventListener("click", async () => {
      const u = state.show && state.show.redo;
      const r = await act({ action: "redo" });
      opts.answered && opts.answered(r, u && u.text ? "Put back: " + u.text : "Redo");
    });

    const self = { state, refresh, act, offered, myTurn, draw, same };
    reconnected.push(() => refresh());
    if (initial.error) toast(plain(initial.error.message));
    if (state.show) draw();
    live(name, (v) => { if (v !== state.version) refresh(); }, opts.onTimer);
    return self;
  }

  return { initial, MAX_FILE, $, $$, el, api, errorText, explain, plain, answerText, toast, verdict, live, table, same, connection };
})();
