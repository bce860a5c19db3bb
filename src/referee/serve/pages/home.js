"use strict";
(() => {
  const { $, $$, api, errorText } = R;
  const kind = $("#new-kind");
  const players = $("#new-players");
  const hints = { blindspot: "red,blue", wordblock: "blue,red", outofsight: "Ann,Bob" };
  function show() {
    $$(".only").forEach((n) => n.classList.toggle("shown", n.classList.contains(kind.value)));
    players.placeholder = hints[kind.value];
  }
  kind.addEventListener("change", show);
  show();

  $("#new-random").addEventListener("click", async () => {
    const r = await api("POST", "/api/setup/generate", {});
    if (r.ok) $("#new-layout").value = r.data.code;
    else R.toast(errorText(r));
  });

  $("#new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = $("#new-error");
    err.hidden = true;
    const game = kind.value;
    const body = { name: $("#new-name").value.trim(), game };
    const list = players.value.split(",").map((s) => s.trim()).filter(Boolean);
    if (game === "blindspot") {
      const mode = $("#new-mode").value;
      if (mode === "solo") body.solo = true;
      else body.players = list;
      if (mode === "teams") body.teams = true;
      let code = $("#new-layout").value.trim();
      if (!code) {
        const r = await api("POST", "/api/setup/generate", {});
        if (!r.ok) { err.textContent = errorText(r); err.hidden = false; return; }
        code = r.data.code;
      }
      body.layout = code;
    } else {
      body.players = list;
      if (game === "outofsight") body.mode = $("#new-oosmode").value;
    }
    const r = await api("POST", "/api/games", body);
    if (r.status === 201) {
      location.href = "/games/" + encodeURIComponent(body.name);
    } else {
      err.textContent = errorText(r);
      err.hidden = false;
    }
  });

  // the list stays current while the page is open
  setInterval(async () => {
    const r = await api("GET", "/api/games");
    if (!r.ok) return;
    const ul = $("#games");
    const items = r.data.map((g) => R.el("li", {}, R.el("a", { class: "game", href: "/games/" + encodeURIComponent(g.name) },
      R.el("b", { text: g.name }), " ",
      R.el("span", { class: "kind", text: { blindspot: "Blind Spot", wordblock: "Word Block", outofsight: "Out of Sight" }[g.game] }),
      R.el("span", { class: "meta", text: g.players.join(", ") + (g.over ? " · over" : g.turn ? " · turn: " + g.turn : "") + " · v" + g.version }))));
    if (items.length) ul.replaceChildren(...items);
  }, 4000);
})();
