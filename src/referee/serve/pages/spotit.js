"use strict";
(() => {
  const { $, el, api, errorText, verdict, initial } = R;
  const COLOURS = { red: "#ffb3b3", blue: "#b8d0ff", green: "#b9ecc0", yellow: "#fff08a", orange: "#ffd199",
    lilac: "#e3ccff", purple: "#d9b8ff", pink: "#ffc8e6", black: "#d0d0d0", brown: "#e0c8a8", grey: "#e6e6e6", gray: "#e6e6e6" };
  let deck = null;
  let picked = [];

  function symbol(s) {
    const colour = String(s).split("/")[1] || "";
    return el("span", { class: "sym", "data-symbol": s, style: "background:" + (COLOURS[colour] || "#f2f2f2"), text: s });
  }

  function renderDeck() {
    picked = [];
    $("#deck").replaceChildren(...deck.cards.map((card, i) => el("div", { class: "spot", "data-card": i + 1,
      onclick: () => pick(i + 1) }, el("span", { class: "n", text: "#" + (i + 1) }), card.map(symbol))));
  }

  async function pick(n) {
    if (picked.includes(n)) return;
    picked = picked.length >= 2 ? [n] : picked.concat([n]);
    R.$$(".spot").forEach((c) => c.classList.toggle("sel", picked.includes(Number(c.dataset.card))));
    R.$$(".sym.hit").forEach((s) => s.classList.remove("hit"));
    if (picked.length < 2) return;
    const r = await api("POST", "/api/spotit/match", { deck, first: picked[0], second: picked[1] });
    const box = $("#verdict");
    if (!r.ok) { verdict(box, "no", "✘ cannot match", errorText(r)); return; }
    if (r.data.valid) {
      verdict(box, "yes", "Cards " + picked.join(" and ") + " share " + r.data.symbol, "");
      R.$$(".spot.sel .sym").forEach((s) => { if (s.dataset.symbol.toLowerCase() === String(r.data.symbol).toLowerCase()) s.classList.add("hit"); });
    } else {
      verdict(box, "no", "✘ Cards " + picked.join(" and ") + " share " + ((r.data.shared || []).join(", ") || "nothing"), "a broken pair");
    }
  }

  async function generate() {
    const r = await api("POST", "/api/spotit/generate", { order: Number($("#order").value), seed: $("#seed").value.trim() || undefined });
    if (!r.ok) { R.toast(errorText(r)); return; }
    deck = { name: r.data.name, cards: r.data.cards };
    renderDeck();
    $("#report").hidden = true;
  }

  $("#generate").addEventListener("submit", (ev) => { ev.preventDefault(); generate(); });
  $("#verify").addEventListener("click", async () => {
    if (!deck) return;
    report(await api("POST", "/api/spotit/verify", { deck }));
  });
  // a deck from this device's files, verified as the CLI reads the file
  $("#deck-file").addEventListener("change", async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    if (f.size > R.MAX_FILE) { verdict($("#report"), "no", "✘ cannot verify", "That file is too large for a deck."); return; }
    report(await api("POST", "/api/spotit/verify", { deck: { text: await f.text() } }));
  });

  function report(r) {
    const box = $("#report");
    if (!r.ok) { verdict(box, "no", "✘ cannot verify", errorText(r)); return; }
    const d = r.data;
    verdict(box, d.valid ? "yes" : "no", (d.valid ? "✔ " : "✘ ") + d.cards + " cards, " + d.pairs + " pairs: " +
      (d.valid ? "every two share exactly one symbol" : d.offending_total + " bad pairs"),
      d.symbols_per_card + " symbols a card, " + d.distinct_symbols + " symbols" + (d.plane ? " · " + d.plane.kind + " plane" : ""));
  }

  const select = $("#result-game");
  select.replaceChildren(...(initial.games || []).map((g) => el("option", { value: g, text: g })));
  $("#result").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await api("POST", "/api/table/spotit-result", { game: select.value, counts: $("#result-counts").value.trim() });
    const box = $("#result-out");
    if (!r.ok) { verdict(box, "no", "✘ cannot judge", errorText(r)); return; }
    const d = r.data;
    const winner = d.winner || (d.winners || []).join(" and ");
    const tied = (d.ties || []).length > 0;
    const title = !d.over ? "Not over yet" : winner ? winner + " wins " + (d.title || "") : tied ? "A tie: play the tie-break" : "Over";
    // the referee's own words (the CLI's text): the ranking, and who plays the tie-break and how
    box.hidden = false;
    box.className = "verdict " + (d.over && !tied ? "yes" : "info");
    box.replaceChildren(el("span", { class: "title", text: title }),
      el("ul", { class: "said" }, (d.lines || []).slice(1).map((line) => el("li", { text: line.trim() }))));
  });
  generate();
})();
