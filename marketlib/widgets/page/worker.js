// marketlib "Play" page: the Web Worker that runs the game (widgets/PROTOCOL.md, "Worker
// transport"). It loads Pyodide from the page's own folder, installs the msgspec and marketlib
// wheels listed in page.json (both in this folder: no network beyond it), and hands every
// message from the page to marketlib.widgets.worker (the same SeatSession as the notebook and the
// classroom). Each message is JSON text in, a JSON list of frames out, posted back one by one.
//
// A warm start skips Python's own start-up: the first visit keeps a memory snapshot of the
// freshly started interpreter (Pyodide's makeMemorySnapshot, taken before any wheel is loaded,
// so no compiled extension is in it) in this origin's IndexedDB, and the next visit restores it
// (loadPyodide's _loadSnapshot) instead of starting Python again. Before it is taken, Python
// imports the standard library's modules the game needs (page.json's "preload", found at build
// time), so a warm visit has them too. The snapshot is only used by the same Pyodide version
// from the same folder with the same preload; one that does not restore is deleted and
// Python starts as on a first visit. Without IndexedDB (a private window may refuse it) every
// visit is a first visit.
import { loadPyodide, version } from "./pyodide.mjs";

const here = new URL("./", self.location.href).href;
let answer = null;
const waiting = [];

async function boot() {
  const started = performance.now();
  const listed = fetch(new URL("page.json", here), { cache: "no-cache" }).then((r) => r.json());
  const [manifest, record] = await Promise.all([listed, keptSnapshot()]);
  const preload = manifest.preload || [];
  // what a kept snapshot must have been made by: this Pyodide, this folder, the same preload
  const made = `${version} ${here} ${preload.join(" ")}`;
  const kept = record && record.made === made ? record.bytes : null;
  const looked = performance.now();
  let pyodide = null;
  let snapshot = null;
  let how = "made"; // Python started afresh (a snapshot made for the next visit), or "restored"
  if (kept) {
    try {
      pyodide = await loadPyodide({ indexURL: here, packages: [], _loadSnapshot: kept });
      // the snapshot froze the random module's state: seed it afresh, as a new start would
      pyodide.runPython("import random; random.seed()");
      how = "restored";
    } catch (err) {
      console.warn("marketlib: the kept Python snapshot did not restore; starting afresh", err);
      pyodide = null;
      forgetSnapshot();
    }
  }
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: here, packages: [], _makeSnapshot: true });
    try {
      if (preload.length) { // the standard library's modules the game needs (page.json)
        pyodide.runPython(`import importlib\nfor _name in ${JSON.stringify(preload)}:\n` +
          "    try:\n        importlib.import_module(_name)\n    except ImportError:\n" +
          "        pass\ndel _name, importlib");
      }
      snapshot = pyodide.makeMemorySnapshot(); // before any wheel: no extension module in it
    } catch (err) {
      console.warn("marketlib: no Python snapshot for the next visit", err);
      how = "started";
    }
  }
  const core = performance.now();
  progress("installing");
  await pyodide.loadPackage(manifest.wheels.map((w) => new URL(w, here).href),
    { messageCallback: () => {}, checkIntegrity: false });
  const wheels = performance.now();
  progress("setting_up");
  const worker = pyodide.pyimport("marketlib.widgets.worker");
  const imported = performance.now();
  const game = worker.PageGame();
  answer = (text) => worker.answer(game, text);
  self.postMessage(JSON.stringify([{ type: "ready", ms: Math.round(performance.now() - started),
    python: how,
    phases: { lookup: Math.round(looked - started), core: Math.round(core - looked),
      wheels: Math.round(wheels - core), imported: Math.round(imported - wheels) } }]));
  for (const text of waiting.splice(0)) reply(text);
  if (snapshot) setTimeout(() => keepSnapshot(made, snapshot), 0); // after the queued messages
}

// ---------------------------------------------------------------- the kept snapshot
function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("marketlib-play", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the page's database is blocked"));
  });
}

function transaction(mode, act) {
  // act(store) -> request or undefined; resolves to the request's result (null on any failure)
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  return database().then((db) => new Promise((resolve) => {
    // "kept" is said once the write is on disk (strict), not only committed: a tab closed
    // right after would otherwise lose it
    const tx = db.transaction("snapshots", mode, { durability: "strict" });
    const request = act(tx.objectStore("snapshots"));
    tx.oncomplete = () => { db.close(); resolve(request ? request.result : null); };
    tx.onerror = tx.onabort = () => { db.close(); resolve(null); };
  })).catch(() => null);
}

async function keptSnapshot() {
  // {made, bytes} or null
  const found = await transaction("readonly", (store) => store.get("python"));
  return found && found.bytes instanceof Uint8Array ? found : null;
}

function keepSnapshot(made, bytes) {
  // one snapshot per origin (about 30 MB): a new one replaces the last
  transaction("readwrite", (store) => store.put({ made, bytes }, "python"))
    .then((key) => self.postMessage(JSON.stringify([{ type: "kept", ok: key === "python" }])));
}

function forgetSnapshot() {
  transaction("readwrite", (store) => store.delete("python"));
}

// ---------------------------------------------------------------- messages
function progress(key) { // the page says it in its language (words.json)
  self.postMessage(JSON.stringify([{ type: "progress", key }]));
}

function reply(text) {
  let out;
  try {
    out = answer(text);
  } catch (err) {
    out = JSON.stringify([{ type: "error", error: String(err), say: "no_answer" }]);
  }
  self.postMessage(out);
}

self.onmessage = (event) => {
  if (answer) reply(event.data);
  else waiting.push(event.data);
};

boot().catch((err) => {
  self.postMessage(JSON.stringify([{ type: "failed", error: String(err && err.message || err) }]));
});
