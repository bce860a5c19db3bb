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
      response = await fetch(url, init);
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
      source = new EventSource("/api/games/" + encodeURIComponent(name) + "/events");
      source.onopen = () => connection(true);
      source.onerror = () => {
        connection(false);
        if (source.readyState === EventSource.CLOSED && retry === null) {
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

  function same(a, b) {
    return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
  }

  /* The table around a game page: "I am", the headline, the activity log,
     Undo (confirmed) and Redo, game over with the ranking. The page's own
     render(state) draws the rest; nothing here knows a game's rules: the
     server's show document says whose turn it is (turn), which steps the
     rules allow now (next), what Undo would take back (undo). */
  function table(opts) {
    const name = initial.name;
    const state = { name, version: initial.version, show: initial.show, me: "", fields: initial.fields || {} };
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
      const found = list.find((p) => same(p, keep));
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
          score ? " " + r[score] + " " + (score === "total" ? "points" : score) : "", r.note ? " (" + r.note + ")" : "");
      }));
    }

    function drawUndo() {
      const show = state.show || {};
      const watching = !state.me;
      $("#undo").hidden = watching || show.undo === null;
      $("#redo").hidden = watching || !show.redo;
    }

    function draw() {
      if (!state.show) return;
      fillIam();
      opts.render(state, self);
      $("#watching").hidden = !!state.me;
      drawActivity();
      drawUndo();
      drawOver();
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

  return { initial, $, $$, el, api, errorText, explain, plain, answerText, toast, verdict, live, table, same, connection };
})();
