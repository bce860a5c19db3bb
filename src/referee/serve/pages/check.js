"use strict";
(() => {
  const { $, api, errorText, explain, verdict } = R;
  const NS = "http://www.w3.org/2000/svg";
  let selected = null;
  let code = null;

  function select(name) {
    selected = name;
    $("#cell").textContent = name || "tap a cell";
    document.querySelectorAll("#board .hit").forEach((h) => h.classList.toggle("sel", h.dataset.cell === name));
  }

  async function load(c) {
    const response = await Client.request("/api/board.svg?code=" + encodeURIComponent(c), { cache: "no-store" });
    if (!response.ok) {
      let msg = "not a setup code";
      try { msg = (await response.json()).error.message; } catch (err) { /* keep */ }
      R.toast(msg);
      return;
    }
    code = c;
    const text = await response.text();
    const board = $("#board");
    board.innerHTML = text.split("?>").pop();
    const svg = board.querySelector("svg");
    const letters = Array.from(svg.querySelectorAll("text.letter"));
    const x0 = Number(letters[0].getAttribute("x"));
    const size = Number(letters[1].getAttribute("x")) - x0;
    letters.forEach((t, i) => {
      const name = "ABCDEFGHI"[i % 9] + String(Math.floor(i / 9) + 1);
      const cx = Number(t.getAttribute("x"));
      const cy = Number(t.getAttribute("y")) - 4.2;
      const r = document.createElementNS(NS, "rect");
      Object.entries({ x: cx - size / 2, y: cy - size / 2, width: size, height: size, class: "hit", "data-cell": name })
        .forEach(([k, v]) => r.setAttribute(k, v));
      r.addEventListener("click", () => select(name));
      svg.append(r);
    });
    const fx = Number(letters[0].getAttribute("x")) - size / 2 - 2;
    const fy = Number(letters[0].getAttribute("y")) - 4.2 - size / 2 - 2;
    svg.setAttribute("viewBox", `${fx} ${fy} ${size * 9 + 4} ${size * 9 + 4}`);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    select(null);
  }

  $("#load").addEventListener("submit", (ev) => { ev.preventDefault(); load($("#code").value.trim()); });
  $("#random").addEventListener("click", async () => {
    const r = await api("POST", "/api/setup/generate", {});
    if (r.ok) { $("#code").value = r.data.code; load(r.data.code); } else R.toast(errorText(r));
  });
  $("#check").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!code || !selected) { R.toast("Show a board and tap a cell first."); return; }
    const body = { word: $("#word").value.trim(), layout: code, at: selected, player: $("#player").value };
    if ($("#glasses").checked) body.glasses = true;
    const r = await api("POST", "/api/check-word", body);
    const box = $("#verdict");
    if (!r.ok) { verdict(box, "no", "✘ cannot check", errorText(r)); return; }
    const d = r.data;
    const word = String(d.word).toUpperCase();
    if (d.valid) verdict(box, "yes", "✔ " + word + " is legal at " + d.at, "through " + d.cells.join(" "));
    else verdict(box, "no", "✘ " + word + " is not legal at " + d.at, explain(d.reason));
  });
})();
