"use strict";
(() => {
  const { $, $$, el, api, errorText } = R;
  const kind = $("#new-kind");
  const players = $("#new-players");
  const hints = {
    blindspot: ["Ana:red, Ben:blue, Cleo:yellow", "Names and seat colours (red, yellow, blue, green), in seating order; plain colours work too."],
    wordblock: ["Ana, Ben", "Names, in seating order (2 to 4 players)."],
    outofsight: ["Ana, Ben, Cleo", "Names, in seating order."],
  };
  function show() {
    $$(".only").forEach((n) => n.classList.toggle("shown", n.classList.contains(kind.value)));
    players.placeholder = hints[kind.value][0];
    $("#players-hint").textContent = hints[kind.value][1];
  }
  kind.addEventListener("change", show);
  show();

  function names() {
    return players.value.split(",").map((s) => s.trim()).filter(Boolean);
  }
  // the first player is one of the players typed
  players.addEventListener("input", () => {
    const first = $("#new-first");
    const keep = first.value;
    const list = names().map((p) => p.split(":")[0].trim());
    first.replaceChildren(el("option", { value: "", text: "the first listed" }), ...list.map((p) => el("option", { value: p, text: p })));
    if (list.includes(keep)) first.value = keep;
    rounds = [];
    drawRolls(list);
  });

  // Word Block: the game's dictionary (the names installed here) and the series
  if (R.initial.dictionary) {
    const judged = $("#judged-by");
    judged.textContent = "Words are judged by " + R.initial.dictionary + " unless a game names another dictionary.";
    judged.hidden = false;
    $("#new-dictionary").options[0].textContent = "the default (" + R.initial.dictionary + ")";
  }
  $("#new-dictionary").append(...(R.initial.dictionaries || []).map((n) => el("option", { value: n, text: n })));
  function drawSeries(games) {
    const box = $("#series-games");
    const ticked = new Set(R.$$("#series-games input:checked").map((i) => i.value));
    const earlier = (games || []).filter((g) => g.game === "wordblock" && !g.corrupt);
    if (box.dataset.games === earlier.map((g) => g.name).join("\n")) return;
    box.dataset.games = earlier.map((g) => g.name).join("\n");
    box.replaceChildren(...earlier.map((g) => el("label", { class: "check" },
      el("input", { type: "checkbox", value: g.name, checked: ticked.has(g.name) }), " " + g.name)));
    $("#series-hint").textContent = earlier.length ? "Tick the earlier games of the series: their words cannot be claimed again."
      : "No earlier Word Block games in this folder: this game starts a series.";
  }
  drawSeries(R.initial.games);

  // Out of Sight: the roll-off, a number per player tapped (1 to 18: three dice);
  // after a tie only the tied roll again, and every round is sent
  let rounds = [];   // the rounds rolled so far (each {player: number})
  let rolling = [];  // who rolls now
  function drawRolls(list) {
    rolling = list;
    $("#roll-pickers").replaceChildren(...list.map((p) => el("label", {}, p + "'s roll",
      el("select", { "data-player": p }, el("option", { value: "", text: "not rolled" }),
        Array.from({ length: 18 }, (_, i) => el("option", { value: String(i + 1), text: String(i + 1) }))))));
    $("#roll-legend").textContent = rounds.length ? "Roll again: the tied players' rolls" : "Roll for first: each player's roll";
  }
  $("#new-roll").addEventListener("change", () => {
    const on = $("#new-roll").checked;
    $("#roll-box").hidden = !on;
    $("#new-first").disabled = on && kind.value === "outofsight";
    if (!on) rounds = [];  // rolled again from the start next time
    if (on && (!rolling.length || !rounds.length)) drawRolls(names());
  });
  kind.addEventListener("change", () => { $("#new-first").disabled = $("#new-roll").checked && kind.value === "outofsight"; });

  /* "re-roll: Ana and Cy tied on 5": the tied players, or null. */
  function tiedIn(message) {
    const m = /re-roll:\s*(.+?)\s+tied on\s+(\d+)/.exec(String(message || ""));
    return m ? [m[1].split(/\s*,\s*|\s+and\s+/).filter(Boolean), m[2]] : null;
  }

  // Blind Spot: where the board comes from
  function boardFrom() { return document.querySelector('input[name="board"]:checked').value; }
  $$('input[name="board"]').forEach((r) => r.addEventListener("change", () => {
    $$(".board-from").forEach((n) => { n.hidden = !n.classList.contains(boardFrom()); });
  }));
  $("#new-random").addEventListener("click", async () => {
    const r = await api("POST", "/api/setup/generate", {});
    if (r.ok) $("#new-layout").value = r.data.code;
    else R.toast(errorText(r));
  });

  // the catalogs kept in the games folder
  async function catalogs(select) {
    const r = await api("GET", "/api/catalogs");
    if (!r.ok) return;
    const box = $("#new-catalog");
    box.replaceChildren(el("option", { value: "", text: "standard (shipped with the referee)" }),
      ...r.data.map((n) => el("option", { value: n, text: n })));
    if (select) box.value = select;
  }
  catalogs();

  /* "1A tod tns ene" lines (or 9 letters after the tile and side): the catalog. */
  function parseCatalog(text) {
    const tiles = {};
    const bad = [];
    text.split(/\n/).map((l) => l.trim()).filter(Boolean).forEach((line, i) => {
      const m = /^(\d{1,3})\s*([ABab])\s*[:.]?\s*(.*)$/.exec(line);
      const letters = m ? m[3].replace(/[^A-Za-z]/g, "").toLowerCase() : "";
      if (!m || letters.length !== 9) { bad.push(i + 1); return; }
      const t = tiles[m[1]] || (tiles[m[1]] = {});
      t[m[2].toUpperCase()] = [letters.slice(0, 3), letters.slice(3, 6), letters.slice(6, 9)];
    });
    return [tiles, bad];
  }
  $("#cat-save").addEventListener("click", async () => {
    const said = $("#cat-said");
    const name = $("#cat-name").value.trim().toLowerCase();
    const [tiles, bad] = parseCatalog($("#cat-faces").value);
    if (!name) { said.textContent = "Give the catalog a name."; return; }
    if (bad.length) { said.textContent = "Line " + bad.join(", ") + ": write a tile number, its side and 9 letters (1A tod tns ene)."; return; }
    const r = await api("PUT", "/api/catalogs/" + encodeURIComponent(name), { name, tiles });
    if (r.ok) {
      said.textContent = "Kept: catalog " + name + " (" + Object.keys(r.data.tiles).length + " tiles).";
      await catalogs(name);
    } else said.textContent = errorText(r);
  });

  async function layout(body, err) {
    const from = boardFrom();
    if (from === "code") {
      let code = $("#new-layout").value.trim().toUpperCase();
      if (!code) {
        const r = await api("POST", "/api/setup/generate", {});
        if (!r.ok) { err(errorText(r)); return false; }
        code = r.data.code;
      }
      body.layout = code;
    } else if (from === "tiles") {
      const refs = $("#new-tiles").value.toUpperCase().split(/[\s,/]+/).filter(Boolean);
      if (refs.length !== 9) { err("Tiles: give the 9 tiles in board order, each its number and side (1A 2A 3A 4B ...); " + refs.length + " given."); return false; }
      const tiles = [refs.slice(0, 3), refs.slice(3, 6), refs.slice(6, 9)];
      body.layout = { tiles };
      const cat = $("#new-catalog").value;
      if (cat) {
        // the tiles checked against our catalog, and laid out as their letters
        const c = await api("GET", "/api/catalogs/" + encodeURIComponent(cat));
        if (!c.ok) { err(errorText(c)); return false; }
        const r = await api("POST", "/api/setup/show", { file: { tiles }, catalog: { name: c.data.name, tiles: c.data.tiles } });
        if (!r.ok) { err(errorText(r)); return false; }
        body.layout = { letters: r.data.letters };
      }
    } else if (from === "file") {
      const f = $("#new-board-file").files[0];
      if (!f) { err("Board file: choose a layout or setup file."); return false; }
      if (f.size > R.MAX_FILE) { err("Board file: that file is too large for a board."); return false; }
      body.layout = { text: await f.text() };
    } else {
      const rows = $("#new-letters").value.split(/\n/).map((l) => l.replace(/[^A-Za-z]/g, "").toLowerCase()).filter(Boolean);
      if (rows.length !== 9 || rows.some((r) => r.length !== 9)) { err("Letters: give 9 rows of 9 letters, the top row first."); return false; }
      body.layout = { letters: rows };
    }
    return true;
  }

  // Word Block: the starting cards, typed or tapped
  const gridPad = $("#grid-pad");
  "abcdefghijklmnopqrstuvwxyz".split("").forEach((c) => gridPad.append(el("button", { type: "button", class: "key", text: c.toUpperCase(),
    "aria-label": "starting card " + c.toUpperCase(),
    onclick: () => {
      const box = $("#new-grid");
      const list = box.value.split(",").map((s) => s.trim()).filter(Boolean);
      if (list.length >= 4) list.length = 0;
      list.push(c);
      box.value = list.join(",");
    } })));

  $("#new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const box = $("#new-error");
    box.hidden = true;
    const err = (text) => { box.textContent = text; box.hidden = false; };
    const game = kind.value;
    // phones capitalise the first letter: the game's file name is in lower case
    const body = { name: $("#new-name").value.trim().toLowerCase(), game };
    const list = names();
    if (game === "blindspot") {
      const mode = $("#new-mode").value;
      if (mode === "solo") body.solo = true;
      else body.players = list;
      if (mode === "teams") body.teams = true;
      if (!(await layout(body, err))) return;
      // on one phone the file travels: it names the list that judged it
      if (Client.site && R.initial.dictionary) body.dictionary = R.initial.dictionary;
    } else if (game === "wordblock") {
      body.players = list;
      body.judging = $("#new-judging").value;
      if ($("#new-dictionary").value) body.dictionary = $("#new-dictionary").value;
      else if (Client.site && R.initial.dictionary) body.dictionary = R.initial.dictionary;
      const allow = $("#new-allow").value.split(/[\s,;]+/).map((w) => w.trim().toLowerCase()).filter(Boolean);
      if (allow.length) body.allow = allow;
      const series = [];
      for (const pick of R.$$("#series-games input:checked")) {
        const s = await api("GET", "/api/games/" + encodeURIComponent(pick.value));
        if (!s.ok) { err("Series: " + pick.value + ": " + errorText(s)); return; }
        series.push({ game: pick.value, words: s.data.claimed || [] });
      }
      if (series.length) body.series = series;
      const grid = $("#new-grid").value.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
      if (grid.length) body.grid = grid.join(",");
      if ($("#new-values").value) body.values = $("#new-values").value;
      if ($("#new-deck").value) body.deck_size = Number($("#new-deck").value);
      if ($("#new-draw").value.trim()) body.draw = $("#new-draw").value.split(",").map((s) => s.trim()).filter(Boolean).join(",");
      else if ($("#new-first").value) body.first = $("#new-first").value;
    } else {
      body.players = list;
      body.mode = $("#new-oosmode").value;
      if ($("#new-younger").checked) body.variant = "younger";
      if ($("#new-roll").checked) {
        const round = {};
        const missing = [];
        R.$$("#roll-pickers select").forEach((s) => { if (s.value) round[s.dataset.player] = Number(s.value); else missing.push(s.dataset.player); });
        if (missing.length) { err("Roll for first: tap " + missing.join(" and ") + "'s roll."); return; }
        body.roll = rounds.concat([round]);
      } else if ($("#new-first").value) body.first = $("#new-first").value;
    }
    const r = await api("POST", "/api/games", body);
    if (r.status === 201) {
      Client.go("/games/" + encodeURIComponent(body.name));
    } else {
      const d = r.data || {};
      const tied = body.roll && d.error ? tiedIn(d.error.message) : null;
      if (tied) {
        rounds = body.roll;
        drawRolls(tied[0]);
        err(tied[0].join(" and ") + " tied on " + tied[1] + ": they roll again. Tap their new rolls, then start the game.");
        return;
      }
      err(d.error ? words(errorText(r)) : R.answerText(r)[1] || errorText(r));
    }
  });

  /* The fields the shared wording does not name yet. */
  function words(text) {
    const label = { judging: "Judging", dictionary: "Dictionary", allow: "House words", series: "Series", roll: "Roll for first", variant: "Younger players' game" };
    return text.replace(/^([A-Za-z]+)((?:\.[a-z_]+|\[\d+\])*):\s+/, (all, f) => label[f.toLowerCase()] ? label[f.toLowerCase()] + ": " : all);
  }

  // A game file from this device's files (a download, or the CLI's file)
  const openName = $("#open-name");
  $("#open-file").addEventListener("change", (ev) => {
    const f = ev.target.files[0];
    if (f && !openName.value) openName.value = f.name.replace(/\.ya?ml$/i, "").toLowerCase().replace(/[^a-z0-9-]+/g, "-").slice(0, 40);
  });
  $("#open-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const box = $("#open-error");
    box.hidden = true;
    const f = $("#open-file").files[0];
    const name = openName.value.trim().toLowerCase();
    const fail = (text) => { box.textContent = text; box.hidden = false; };
    if (!f) { fail("Choose a game file first."); return; }
    if (f.size > R.MAX_FILE) { fail("That file is too large for a game file (" + Math.round(f.size / 1024) + " KB)."); return; }
    const r = await api("POST", "/api/games/" + encodeURIComponent(name) + "/file", { text: await f.text() });
    if (r.status === 201) Client.go("/games/" + encodeURIComponent(name));
    else if (r.status === 409) fail("There is a game named " + name + " already: give this one another name.");
    else fail(errorText(r));
  });

  // the list stays current while the page is open
  setInterval(async () => {
    const r = await api("GET", "/api/games");
    if (!r.ok) return;
    R.connection(true);
    const ul = $("#games");
    const items = r.data.map((g) => el("li", {}, el("a", { class: "game", href: "/games/" + encodeURIComponent(g.name) },
      el("b", { text: g.name }), " ",
      el("span", { class: "kind", text: { blindspot: "Blind Spot", wordblock: "Word Block", outofsight: "Out of Sight" }[g.game] }),
      el("span", { class: "meta", text: g.players.join(", ") + (g.over ? " · over" : g.turn ? " · turn: " + g.turn : "") }))));
    if (items.length) ul.replaceChildren(...items);
    drawSeries(r.data);
  }, 4000);
})();
