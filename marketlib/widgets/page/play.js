// marketlib "Play" page: the setup form, the URL, saves, and the board on a `model` backed by a
// Web Worker (worker.js: marketlib in Pyodide). The model has the anywidget surface the board
// uses (get/set/on/off/send/save_changes), as the classroom's client.js has over a WebSocket:
// widgets/PROTOCOL.md, "Worker transport". The page decides nothing about the rules: Python
// checks the setup, deals, plays, refuses with the rule ID. Every word the page shows comes from
// Python too: words.json (written by the build from marketlib/widgets/play_words.py, every
// language), and the board's own words from the worker in the language chosen (issue 30, point 5).

const $ = (id) => document.getElementById(id);
const FAMILY = { monsoon: "monsoon", bansan: "bansan", kenduri: "bansan", sendiri: "bansan" };
const PLAYERS = { monsoon: [2, 5], bansan: [2, 5], kenduri: [2, 5], sendiri: [1, 1] }; // as worker.py GAMES
const WHO = ["you", "person", "greedy", "random"]; // each shown as its words.json "who_..." words

function makeModel(worker) {
  const state = {};
  const listeners = {};
  let next = 0;
  return {
    get: (key) => state[key],
    set: (key, value) => { state[key] = value; },
    save_changes: () => {},
    on: (name, fn) => { (listeners[name] ||= []).push(fn); },
    off: (name, fn) => { listeners[name] = (listeners[name] || []).filter((f) => f !== fn); },
    send: (msg) => {
      next += 1;
      // clicks are timed; a request for previews or the text view is not a click
      if (msg.type !== "previews" && msg.type !== "text") page.sent[next] = performance.now();
      worker.postMessage(JSON.stringify({ ...msg, id: next }));
    },
    update(traits) {
      Object.assign(state, traits);
      for (const key of Object.keys(traits)) for (const fn of listeners[`change:${key}`] || []) fn();
    },
    clear() {
      for (const key of Object.keys(state)) delete state[key];
      for (const key of Object.keys(listeners)) delete listeners[key];
    },
  };
}

const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
// The page's words (words.json, fetched while Python starts in the worker): the English of
// index.html shows until they arrive. The language: a link's ?lang=, else the one chosen before
// in this browser, else the page's own (English).
const store = (() => { try { return window.localStorage; } catch { return null; } })();
const wordsLoaded = fetch(new URL("words.json", import.meta.url), { cache: "no-cache" })
  .then((r) => r.json()).catch(() => ({ languages: {}, words: {} }));
let WORDS = { languages: {}, words: {} };
let lang = "en";
function t(key, vars) {
  const text = ((WORDS.words[lang] || {})[key]) ?? ((WORDS.words.en || {})[key]) ?? key;
  return String(text).replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
}
function showWords() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = t(el.dataset.word);
  for (const el of document.querySelectorAll("[data-word-placeholder]")) el.placeholder = t(el.dataset.wordPlaceholder);
  $("status").textContent = t(...shown.status);
}
const shown = { status: ["starting"] }; // the status line's words, said again in a new language
const page = {
  model: makeModel(worker),
  ready: false,
  family: "",
  cleanup: null,
  setup: null,
  sent: {}, // message id -> when it was sent (the benchmark reads `answered`)
  answered: [], // milliseconds from a click's send to its answer
  loaded: performance.now(),
  bootMs: 0,
  kept: null, // whether Python's snapshot for the next visit was stored (worker.js)
  frames: 0,
};
window.marketlibPage = page; // for tests and the benchmark

function status(key, vars) {
  shown.status = [key, vars];
  $("status").textContent = t(key, vars);
}
function problem(text) {
  $("problem").textContent = text;
  if (text) $("setup-box").open = true;
}

// ---------------------------------------------------------------- the form and the URL
function seatsShown() {
  return [...$("seats").querySelectorAll("select")].map((s) => s.value);
}

function drawSeats(seats) {
  const box = $("seats");
  box.querySelectorAll("label").forEach((l) => l.remove());
  seats.forEach((who, i) => {
    const label = document.createElement("label");
    label.textContent = `P${i} `;
    const select = document.createElement("select");
    select.name = `seat${i}`;
    select.setAttribute("aria-label", t("who_plays", { seat: i }));
    for (const value of WHO) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = t(`who_${value}`);
      select.append(option);
    }
    select.value = WHO.includes(who) ? who : "greedy";
    label.append(select);
    box.append(label);
  });
}

function drawPlayers(game, count) {
  const [low, high] = PLAYERS[game] || [1, 5];
  const select = $("players");
  select.replaceChildren();
  for (let n = low; n <= high; n += 1) {
    const option = document.createElement("option");
    option.value = String(n);
    option.textContent = String(n);
    select.append(option);
  }
  select.value = String(Math.min(high, Math.max(low, count)));
  $("seals-label").classList.toggle("marketlib-hidden", FAMILY[game] !== "monsoon");
}

function fitSeats() {
  const n = Number($("players").value);
  const seats = seatsShown().slice(0, n);
  while (seats.length < n) seats.push(seats.length ? "greedy" : "you");
  drawSeats(seats);
}

function setupShown() {
  const seed = $("seed").value.trim();
  return { game: $("game").value, seats: seatsShown(), seed: seed || null,
    seals: Number($("seals").value) };
}

function showSetup(setup) {
  $("game").value = setup.game;
  drawPlayers(setup.game, setup.seats.length);
  drawSeats(setup.seats);
  // The form deals what it offers (15 or 30): a loaded save of another target (its board
  // says it) leaves the form at the standard 15, never an empty choice that Deal would send.
  const seals = String(setup.seals || 15);
  const offered = [...$("seals").options].some((option) => option.value === seals);
  $("seals").value = offered ? seals : "15";
  $("seed").value = setup.seed == null ? "" : String(setup.seed);
}

function fromUrl() {
  const q = new URLSearchParams(location.search);
  // A link is typed or pasted by anyone: a game not in FAMILY's own keys (not "constructor")
  // falls back to Monsoon, and the players are clamped to the game's range (never a loop of
  // "1e9" seats); the worker checks the rest and refuses with a message.
  const game = Object.hasOwn(FAMILY, q.get("game") || "") ? q.get("game") : "monsoon";
  const [least, most] = PLAYERS[game];
  const seats = (q.get("seats") || "").split(",").filter(Boolean).slice(0, most);
  const asked = Math.trunc(Number(q.get("players"))) || seats.length || least;
  const players = Math.min(most, Math.max(least, asked));
  while (seats.length < players) seats.push(seats.length ? "greedy" : "you");
  const seals = Number(q.get("seals")) || 15;
  return { game, seats: seats.slice(0, players), seed: q.get("seed") || null, seals };
}

function linkOf(setup, seed) {
  const q = new URLSearchParams({ game: setup.game, seats: setup.seats.join(",") });
  if (FAMILY[setup.game] === "monsoon") q.set("seals", String(setup.seals));
  if (seed != null && seed !== "") q.set("seed", String(seed));
  return `${location.pathname}?${q}`;
}

function remember(seed) {
  if (!page.setup) return;
  const a = $("link");
  if (page.linkable === false) { // a loaded save no link deals again (its rules, its start)
    history.replaceState(null, "", location.pathname);
    a.removeAttribute("href");
    a.dataset.word = "no_link";
    a.textContent = t("no_link");
    return;
  }
  const link = linkOf(page.setup, seed);
  history.replaceState(null, "", link);
  a.href = link;
  a.dataset.word = "link";
  a.textContent = t("link");
}

// ---------------------------------------------------------------- the board
async function mount(family) {
  if (page.family === family && page.cleanup) return;
  unmount();
  page.family = family;
  page.cleanup = "mounting";
  const mod = await import(`./board-${family}.js`);
  if (page.cleanup !== "mounting" || page.family !== family) return;
  $("board").replaceChildren();
  page.cleanup = mod.default.render({ model: page.model, el: $("board") });
}

function unmount() {
  if (typeof page.cleanup === "function") page.cleanup();
  page.cleanup = null;
  page.family = "";
  page.model.clear();
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---------------------------------------------------------------- the worker's frames
function onFrame(frame) {
  if (frame.type === "ready") {
    page.ready = true;
    page.bootMs = frame.ms;
    page.phases = frame.phases;
    page.python = frame.python; // "restored" from the snapshot the last visit kept, or "made"
    status("ready");
    return;
  }
  if (frame.type === "kept") { // the snapshot for the next visit is stored (or could not be)
    page.kept = frame.ok;
    return;
  }
  if (frame.type === "progress") { // Python is starting: say how far it got
    if (!page.ready) status(frame.key);
    return;
  }
  if (frame.type === "failed") {
    status("no_python");
    $("board").replaceChildren();
    problem(t("no_start", { error: frame.error }));
    return;
  }
  if (frame.type === "started") {
    page.setup = frame.setup;
    page.linkable = frame.linkable !== false;
    showSetup({ ...frame.setup, seed: page.wantSeed ? frame.setup.seed : null });
    problem("");
    status(frame.title);
    unmount();
    page.started = true;
    mount(FAMILY[frame.setup.game]);
    remember(frame.setup.seed);
    return;
  }
  if (frame.type === "state") {
    const seedBefore = page.model.get("seed");
    page.model.update(frame.traits);
    if (frame.traits.seed && seedBefore !== undefined && frame.traits.seed !== seedBefore) {
      remember(frame.traits.seed); // "New game" on the board: the link follows the deal
    }
    return;
  }
  if (frame.type === "save") {
    download(frame.name, frame.text);
    return;
  }
  if (frame.type === "ack" || frame.type === "error") {
    if (frame.id != null && page.sent[frame.id] !== undefined) {
      page.answered.push(performance.now() - page.sent[frame.id]);
      delete page.sent[frame.id];
    }
    if (frame.type === "error" && frame.id == null) {
      problem(frame.say ? t(frame.say, { error: frame.error }) : frame.error);
      if (!page.started) { // a refused link or setup: no game, not "Loading..." for ever
        const none = document.createElement("p");
        none.className = "marketlib-loading";
        none.dataset.word = "no_game";
        none.textContent = t("no_game");
        $("board").replaceChildren(none);
      }
    }
  }
}

worker.onmessage = (event) => {
  page.frames += 1;
  for (const frame of JSON.parse(event.data)) onFrame(frame);
};
worker.onerror = (event) => {
  status("no_python");
  problem(t("no_start", { error: event.message || t("worker_failed") }));
};

function start(setup) {
  page.wantSeed = setup.seed != null && setup.seed !== "";
  worker.postMessage(JSON.stringify({ type: "start", setup }));
}

$("game").addEventListener("change", () => {
  drawPlayers($("game").value, seatsShown().length);
  fitSeats();
});
$("players").addEventListener("change", fitSeats);
$("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  problem("");
  start(setupShown());
});
$("save").addEventListener("click", () => worker.postMessage(JSON.stringify({ type: "save" })));
$("load").addEventListener("change", async () => {
  const file = $("load").files[0];
  if (!file) return;
  const text = await file.text();
  $("load").value = "";
  page.wantSeed = true;
  worker.postMessage(JSON.stringify({ type: "load", text, setup: setupShown() }));
});

// The language switch: the page's words at once, the board's once the worker redraws it.
function chooseLanguage(code) {
  lang = code;
  if (store) store.setItem("marketlib-lang", lang);
  showWords();
  drawSeats(seatsShown());
}

WORDS = await wordsLoaded;
const asked = new URLSearchParams(location.search).get("lang");
// a language of words.json's own (a pasted ?lang=__proto__ is not one), else English
lang = [asked, store && store.getItem("marketlib-lang")]
  .find((c) => c && Object.hasOwn(WORDS.languages, c) && Object.hasOwn(WORDS.words, c)) || "en";
const choose = $("lang");
for (const [code, name] of Object.entries(WORDS.languages)) {
  const option = document.createElement("option");
  option.value = code;
  option.textContent = name;
  option.lang = code;
  choose.append(option);
}
choose.value = lang;
choose.addEventListener("change", () => {
  chooseLanguage(choose.value);
  worker.postMessage(JSON.stringify({ type: "language", lang }));
});
showWords();
if (lang !== "en") worker.postMessage(JSON.stringify({ type: "language", lang })); // first

const first = fromUrl();
showSetup(first);
start(first); // queued in the worker until Python is ready
