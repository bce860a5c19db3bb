/* The site's shell: starts Pyodide, installs the referee into it, and shows
   the referee's own pages (rendered by the same application `referee serve`
   runs, here in this browser). The pages' client module (client.js) finds
   `window.refereeSite` here and sends every request to it. Games are files
   under /games in Pyodide's file system, kept in IndexedDB (IDBFS): each
   write is saved there before the page hears that it was done. */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const startBox = document.getElementById("start");
const said = document.getElementById("start-said");
const bar = document.getElementById("start-progress");
let frame = document.getElementById("page");
let py = null;
let browser = null;
const streams = new Set();
const statics = new Map();
const log = [];  // what Python wrote on stderr (the server's log), the last 200 lines
let saving = Promise.resolve();

function step(text, percent) { said.textContent = text; bar.value = percent; }

function fail(text) {
  startBox.hidden = false;
  said.textContent = text;
  said.className = "error";
  bar.hidden = true;
}

async function bytes(path) {
  const r = await fetch(path);
  if (!r.ok) throw new Error(path + ": " + r.status);
  return new Uint8Array(await r.arrayBuffer());
}

/* Save the games folder to IndexedDB (one save at a time, in order). */
function save() {
  saving = saving.then(() => new Promise((resolve) => py.FS.syncfs(false, (err) => {
    if (err) step("This phone's storage refused the game: " + err, 100);
    resolve();
  })));
  return saving;
}

/* One request to the application: {status, headers, body}. A write is saved
   to IndexedDB before it is answered. */
async function request(method, url, body) {
  const answer = JSON.parse(await browser.request(method, url, body === undefined ? null : body));
  if (method !== "GET" && method !== "HEAD" && answer.status < 500) await save();
  return answer;
}

/* A streamed GET (the game's live events): push(chunk) for each piece,
   state(open) when it opens and when it ends. */
function stream(url, push, state) {
  const number = browser.open_stream();
  const handle = { close: () => browser.close(number) };
  streams.add(handle);
  queueMicrotask(() => state(true));
  Promise.resolve(browser.stream(number, url, push))
    .catch(() => null)
    .then(() => { streams.delete(handle); state(false); });
  return handle;
}

/* The page's own style sheet and scripts, in the page (they come from the
   referee's package, through the same application). */
async function staticText(path) {
  if (!statics.has(path)) {
    const r = await request("GET", path, null);
    statics.set(path, r.status === 200 ? r.body : "");
  }
  return statics.get(path);
}

async function inline(html) {
  for (const [tag, path] of [...html.matchAll(/<link rel="stylesheet" href="(\/static\/[^"]+)">/g)]) {
    const css = await staticText(path);
    html = html.replace(tag, () => "<style>\n" + css + "\n</style>");
  }
  for (const [tag, path] of [...html.matchAll(/<script src="(\/static\/[^"]+)"><\/script>/g)]) {
    const js = (await staticText(path)).replace(/<\/script/gi, "<\\/script");
    html = html.replace(tag, () => "<script>\n" + js + "\n</script>");
  }
  return html;
}

function route() { return decodeURIComponent(location.hash.slice(1)) || "/"; }

/* Show the page at url (a path of the referee: /, /games/NAME, /check...). */
async function render(url) {
  for (const s of streams) s.close();
  streams.clear();
  const r = await request("GET", url, null);
  const html = await inline(r.body);
  const title = /<title>([^<]*)<\/title>/.exec(html);
  const next = document.createElement("iframe");
  next.id = "page";
  next.title = title ? title[1].replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"') : "referee";
  next.srcdoc = html;
  frame.replaceWith(next);  // a new frame: no history entry of its own
  frame = next;
  document.title = next.title;
  startBox.hidden = true;
}

async function go(url) {
  if (url !== route()) history.pushState(null, "", "#" + url);
  await render(url);
}

async function start() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch(() => step("Offline use is not available in this browser.", bar.value));
  }
  step("Reading the site…", 5);
  const site = await (await fetch("site.json")).json();
  step("Starting Python (Pyodide " + site.pyodide + ")…", 15);
  py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href, stdout: () => {},
    stderr: (line) => { log.push(line); if (log.length > 200) log.shift(); } });
  step("Installing the referee…", 60);
  const purelib = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of site.wheels) py.unpackArchive(await bytes(wheel), "zip", { extractDir: purelib });
  step("Loading the word lists…", 75);
  py.FS.mkdirTree("/lists");
  for (const list of site.lists) py.FS.writeFile("/lists/" + list.split("/").pop(), await bytes(list));
  step("Opening this phone's games…", 85);
  py.FS.mkdirTree("/games");
  py.FS.mount(py.FS.filesystems.IDBFS, {}, "/games");
  await new Promise((resolve, reject) => py.FS.syncfs(true, (err) => (err ? reject(err) : resolve())));
  py.globals.set("site_dictionary", site.dictionary);
  browser = py.runPython([
    "from referee.site.browser import Browser, configure",
    "configure('/lists', site_dictionary)",
    "Browser('/games')",
  ].join("\n"));
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => null);
  window.refereeSite = { fetch: request, stream, go, passAround: true, version: site.version, log };
  window.addEventListener("popstate", () => render(route()));
  step("Ready", 100);
  await render(route());
  window.refereeReady = true;
}

start().catch((err) => fail("The referee could not start on this phone: " + (err && err.message ? err.message : err)));
