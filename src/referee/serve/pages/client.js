/* The pages' one way to the referee. Under `referee serve` it is the network
   (fetch, EventSource, the address bar); in the offline site
   (`referee site build`) the page lives in the site's shell, which runs the
   same application in this browser (Pyodide), and every call goes there.
   Nothing else in the pages knows which. */
"use strict";
const Client = (() => {
  const site = (() => {
    try { return window.parent !== window && window.parent.refereeSite ? window.parent.refereeSite : null; } catch (err) { return null; }
  })();

  /* A Response as far as the pages use one: status, ok, headers.get, json(), text(). */
  function answer(status, headers, body) {
    const lower = {};
    for (const [k, v] of Object.entries(headers || {})) lower[k.toLowerCase()] = v;
    return {
      status, ok: status >= 200 && status < 300,
      headers: { get: (name) => (lower[name.toLowerCase()] ?? null) },
      text: async () => body,
      json: async () => JSON.parse(body),
    };
  }

  /* fetch(url, init): the network, or the application in this browser. */
  async function request(url, init) {
    if (!site) return fetch(url, init);
    const method = (init && init.method) || "GET";
    const r = await site.fetch(method, url, init && init.body !== undefined ? String(init.body) : null);
    return answer(r.status, r.headers, r.body);
  }

  /* An EventSource, or its like over the site's stream (same events: open,
     error, message, and named events such as "timer"). */
  class SiteEvents {
    constructor(url) {
      this.readyState = 0;
      this.onopen = this.onerror = this.onmessage = null;
      this.listeners = {};
      this.buffer = "";
      this.handle = site.stream(url, (chunk) => this.feed(chunk), (ok) => {
        this.readyState = ok ? 1 : 2;
        const fn = ok ? this.onopen : this.onerror;
        if (fn) fn({});
      });
    }
    addEventListener(name, fn) { (this.listeners[name] = this.listeners[name] || []).push(fn); }
    feed(chunk) {
      this.buffer += chunk;
      let end;
      while ((end = this.buffer.indexOf("\n\n")) >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        let event = "message";
        const data = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
        if (!data.length) continue;  // a comment (heartbeat) or an id alone
        const ev = { data: data.join("\n") };
        if (event === "message") { if (this.onmessage) this.onmessage(ev); }
        else (this.listeners[event] || []).forEach((fn) => fn(ev));
      }
    }
    close() { this.readyState = 2; this.handle.close(); }
  }
  function events(url) { return site ? new SiteEvents(url) : new EventSource(url); }

  /* Go to another page of the referee. */
  function go(url) { if (site) site.go(url); else location.href = url; }

  /* A URL an <img> or a link can use for an answer of the referee (a picture). */
  async function resource(url) {
    if (!site) return url;
    const r = await site.fetch("GET", url, null);
    const type = (Object.entries(r.headers).find(([k]) => k.toLowerCase() === "content-type") || [, "application/octet-stream"])[1];
    return URL.createObjectURL(new Blob([r.body], { type }));
  }

  /* Save an answer of the referee (a game file, a picture) as a file on this device. */
  async function download(url, filename, headers) {
    const r = await request(url, { method: "GET", headers: headers || {}, cache: "no-store" });
    if (!r.ok) return r;
    const type = r.headers.get("content-type") || "application/octet-stream";
    const blob = new Blob([await r.text()], { type });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
    return r;
  }

  // In the site, the pages' own links go through the shell (there is no server to ask).
  if (site) {
    document.addEventListener("click", (ev) => {
      const a = ev.target.closest && ev.target.closest("a[href]");
      if (!a || a.hasAttribute("download") || ev.defaultPrevented) return;
      const href = a.getAttribute("href");
      if (href.startsWith("/") && !href.startsWith("//")) { ev.preventDefault(); site.go(href); }
    });
  }

  return { site: !!site, request, events, go, resource, download, passAround: !!(site && site.passAround) };
})();
