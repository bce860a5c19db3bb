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
      return { status: 0, ok: false, data: { error: { kind: "network", message: "the server cannot be reached" } } };
    }
    let data = null;
    try { data = await response.json(); } catch (err) { data = null; }
    const v = response.headers.get("X-Referee-Version");
    return { status: response.status, ok: response.ok, data, version: v === null ? null : Number(v) };
  }

  function errorText(result) {
    const e = result && result.data && result.data.error;
    if (result.status === 409 && e && e.kind === "conflict") {
      return "Someone else just played: the page has been brought up to date. Try again.";
    }
    if (e) return e.message;
    return "Error " + result.status;
  }

  function explain(reason) {
    if (!reason) return "";
    const words = (initial.explanations || {})[reason];
    return words ? words : reason.replace(/-/g, " ");
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
     (Server-Sent Events), onTimer(state) for the Time Keeper's timer. */
  function live(name, onVersion, onTimer) {
    const dot = $("#live");
    const source = new EventSource("/api/games/" + encodeURIComponent(name) + "/events");
    source.onopen = () => dot && dot.classList.add("on");
    source.onerror = () => dot && dot.classList.remove("on");
    source.onmessage = (ev) => {
      try { onVersion(JSON.parse(ev.data).version); } catch (err) { /* ignore a bad event */ }
    };
    if (onTimer) {
      source.addEventListener("timer", (ev) => {
        try { onTimer(JSON.parse(ev.data)); } catch (err) { /* ignore */ }
      });
    }
    return source;
  }

  /* A game page's state: the show JSON and its version, kept current. */
  function game(render, onTimer) {
    const name = initial.name;
    const state = { name, version: initial.version, show: initial.show };
    let loading = null;
    async function refresh() {
      if (loading) return loading;
      loading = (async () => {
        const r = await api("GET", "/api/games/" + encodeURIComponent(name));
        if (r.ok) {
          state.show = r.data;
          if (r.version !== null) state.version = r.version;
          render(state);
        }
        loading = null;
      })();
      return loading;
    }
    async function act(body) {
      const r = await api("POST", "/api/games/" + encodeURIComponent(name) + "/actions",
        Object.assign({ expect_version: state.version }, body));
      if (r.version !== null && r.version !== state.version) await refresh();
      else if (r.status === 409) await refresh();
      return r;
    }
    if (initial.error) toast(initial.error.message);
    if (state.show) render(state);
    live(name, (v) => { if (v !== state.version) refresh(); }, onTimer);
    return { state, refresh, act };
  }

  return { initial, $, $$, el, api, errorText, explain, toast, verdict, live, game };
})();
