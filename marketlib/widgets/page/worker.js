// marketlib "Play" page: the Web Worker that runs the game (widgets/PROTOCOL.md, "Worker
// transport"). It loads Pyodide from the page's own folder, installs the msgspec and marketlib
// wheels listed in page.json (both in this folder: no network beyond it), and hands every
// message from the page to marketlib.widgets.worker (the same SeatSession as the notebook and the
// classroom). Each message is JSON text in, a JSON list of frames out, posted back one by one.
import { loadPyodide } from "./pyodide.mjs";

const here = new URL("./", self.location.href).href;
let answer = null;
const waiting = [];

async function boot() {
  const started = performance.now();
  const listed = fetch(new URL("page.json", here), { cache: "no-cache" }).then((r) => r.json());
  const pyodide = await loadPyodide({ indexURL: here, packages: [] });
  const core = performance.now();
  const manifest = await listed;
  progress("Installing the game...");
  await pyodide.loadPackage(manifest.wheels.map((w) => new URL(w, here).href),
    { messageCallback: () => {}, checkIntegrity: false });
  const wheels = performance.now();
  progress("Setting up the table...");
  const worker = pyodide.pyimport("marketlib.widgets.worker");
  const imported = performance.now();
  const game = worker.PageGame();
  answer = (text) => worker.answer(game, text);
  self.postMessage(JSON.stringify([{ type: "ready", ms: Math.round(performance.now() - started),
    phases: { core: Math.round(core - started), wheels: Math.round(wheels - core),
      imported: Math.round(imported - wheels) } }]));
  for (const text of waiting.splice(0)) reply(text);
}

function progress(text) {
  self.postMessage(JSON.stringify([{ type: "progress", text }]));
}

function reply(text) {
  let out;
  try {
    out = answer(text);
  } catch (err) {
    out = JSON.stringify([{ type: "error", error: `the game could not answer: ${err}` }]);
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
