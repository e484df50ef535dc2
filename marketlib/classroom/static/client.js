// marketlib classroom: the student's page. It joins a seat with its code over a WebSocket and
// runs the notebook board's own module (/board.js: common.js + panels.js + the game's file) on a
// `model` with the anywidget surface the board uses (get/set/on/off/send/save_changes), backed by
// the WebSocket instead of the Jupyter comm. No imports but the board, no network but this
// server. Messages: widgets/PROTOCOL.md, "Classroom transport".
//
// The page is never silently stuck: the server sends a heartbeat every 2 s, and a page that has
// heard nothing for LOST_AFTER ms (or whose socket has not opened by then) drops the socket,
// says "reconnecting" and tries again with backoff. A click made while not connected is not
// sent later: the page says so. A refusal (a wrong code on reconnect, too many wrong codes, no
// code in time) stops the retries and says why, with a button to enter the code again. A tab
// whose seat was opened in another tab clears the board and says only that.

const $ = (id) => document.getElementById(id);
const store = window.localStorage;
const tab = window.sessionStorage; // this tab only: a reload, not another student's new tab
const LOST_AFTER = 4500;
const BACKOFF = [1, 2, 4, 8, 15]; // seconds between tries, the last one repeated
// Close codes (server.py): 4001 the seat was opened in another tab; 4003 too many wrong codes;
// 4008 no code in time; 4029 too many connections waiting for a code from this network.
const TAKEN = 4001;
const JOIN_TIMEOUT = 4008;
const REFUSED = new Set([4003, JOIN_TIMEOUT]);

// The page's words in every language (/words.json, from Python: classroom/page_words.py), and
// the language the student chose (kept in this browser; the board is sent in it too). The
// English in index.html is only what shows before they arrive.
const WORDS = await fetch("/words.json").then((r) => r.json()).catch(() => ({ languages: {}, words: {} }));
let lang = store.getItem("marketlib-lang") || document.documentElement.lang || "en";
if (!WORDS.words[lang]) lang = "en";
function t(key, vars) {
  const text = ((WORDS.words[lang] || {})[key]) ?? ((WORDS.words.en || {})[key]) ?? key;
  return String(text).replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
}
function showWords() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = t(el.dataset.word);
  for (const el of document.querySelectorAll("[data-word-aria]")) el.setAttribute("aria-label", t(el.dataset.wordAria));
  for (const el of document.querySelectorAll("[data-word-placeholder]")) el.placeholder = t(el.dataset.wordPlaceholder);
}

function makeModel(page) {
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
      const socket = page.socket.current;
      // a board's request for previews comes from pointing, not a click: never said to be
      // lost (the board asks again on a later pointing)
      const click = msg.type !== "previews";
      if (page.state !== "connected" || !socket || socket.readyState !== WebSocket.OPEN) {
        if (click) note(t("not_connected_click"));
        return;
      }
      next += 1;
      if (click) page.pending.add(next);
      socket.send(JSON.stringify({ ...msg, id: next }));
    },
    update(traits) {
      Object.assign(state, traits);
      for (const key of Object.keys(traits)) for (const fn of listeners[`change:${key}`] || []) fn();
    },
    clear() {
      for (const key of Object.keys(state)) delete state[key];
    },
  };
}

const page = {
  socket: { current: null },
  model: null,
  cleanup: null,
  code: "",
  name: "",
  retry: 0,
  stopped: "", // the server's words when the teacher stopped the room, until joined again
  why: "", // why the page is reconnecting (said again while a try is under way)
  reason: "",
  state: "idle", // idle | connecting | joining | connected | reconnecting | refused | taken
  joined: false, // joined a seat at least once with page.code: a reconnect rejoins by itself
  heard: 0, // when the current socket last received anything (or was made)
  pending: new Set(), // ids of messages sent and not yet answered
  timer: null,
};
page.model = makeModel(page);
window.marketlibClassroom = page; // for tests: page.model.get("version"), page.state

function link(text) {
  $("link").textContent = text;
  showLost();
}

// The header and the note under it scroll away on a phone, where a student taps the Stalls far
// down the board: going offline there showed nothing, and a tap did nothing (helper-103). While
// a board is shown and the connection is down, a bar at the foot of the screen says so, with
// what became of a click made meanwhile.
function showLost() {
  const bar = document.getElementById("lost");
  const board = document.getElementById("board");
  if (!bar || !board) return;
  const status = $("link").textContent;
  const down = page.state !== "connected" && status && status !== t("connected")
    && board.childElementCount > 0;
  const said = document.getElementById("connection");
  const lines = down ? [status, said ? said.textContent : ""].filter(Boolean) : [];
  bar.replaceChildren(...lines.map((text) => {
    const line = document.createElement("div");
    line.textContent = text;
    return line;
  }));
  // Room below the page's last line while the bar is up, so scrolled to the bottom nothing of
  // the board is under it.
  document.body.style.paddingBottom = lines.length ? `${bar.offsetHeight}px` : "";
}

// The room's question before play (issue 31, point 2): a number, or one of the options. It
// stays on the page until the server has stored an answer.
function ask(msg) {
  const form = $("predict");
  if (msg.answered) {
    form.classList.add("marketlib-hidden");
    return;
  }
  $("question").textContent = msg.text;
  const answers = $("answers");
  answers.replaceChildren();
  if (msg.kind === "choice") {
    for (const choice of msg.choices) {
      const label = document.createElement("label");
      label.className = "marketlib-predict-choice";
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "answer";
      input.value = choice;
      label.append(input, document.createTextNode(` ${choice}`));
      answers.append(label);
    }
  } else {
    const input = document.createElement("input");
    input.type = "number";
    input.step = "any";
    input.name = "answer";
    input.required = true;
    input.setAttribute("aria-label", t("answer_aria"));
    answers.append(input);
  }
  form.classList.remove("marketlib-hidden");
}

$("predict").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = $("predict");
  const picked = form.querySelector("input[name=answer]:checked, input[type=number]");
  const value = picked ? picked.value.trim() : "";
  if (!value) {
    $("predict-problem").textContent = t("answer_missing");
    return;
  }
  const socket = page.socket.current;
  if (page.state !== "connected" || !socket || socket.readyState !== WebSocket.OPEN) {
    $("predict-problem").textContent = t("not_connected_answer");
    return;
  }
  $("predict-problem").textContent = "";
  page.predictId = 1_000_000 + Date.now() % 1_000_000;
  const answer = picked.type === "number" ? Number(value) : value;
  socket.send(JSON.stringify({ type: "predict", answer, id: page.predictId }));
});

// One line under the header for what happened to the connection (a click not sent, a refusal).
const box = document.createElement("div");
box.id = "connection";
box.setAttribute("role", "alert");
box.style.padding = "0 0.8em";
$("board").before(box);
const lostBar = document.createElement("div");
lostBar.id = "lost";
lostBar.className = "marketlib-lost";
lostBar.setAttribute("role", "status");
document.body.append(lostBar);

function note(text, ...buttons) {
  box.replaceChildren();
  if (!text) { showLost(); return; }
  const p = document.createElement("p");
  p.className = "marketlib-join-problem";
  p.textContent = text;
  box.appendChild(p);
  for (const b of buttons) if (b && typeof b !== "string") box.appendChild(b);
  showLost();
}

function button(text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "marketlib-join-button";
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

async function mountBoard() {
  if (page.cleanup) return;
  page.cleanup = "mounting";
  const mod = await import("/board.js");
  if (page.cleanup !== "mounting") return; // cleared meanwhile (seat taken over)
  page.cleanup = mod.default.render({ model: page.model, el: $("board") });
}

function clearBoard() {
  if (typeof page.cleanup === "function") page.cleanup();
  page.cleanup = null;
  $("board").replaceChildren();
  page.model.clear();
  $("who").textContent = "";
  showLost();
}

function drop(socket) {
  if (page.socket.current === socket) page.socket.current = null;
  try { socket.close(); } catch { /* already closed */ }
}

function retry(why) {
  if (page.timer) clearTimeout(page.timer);
  const wait = BACKOFF[Math.min(page.retry, BACKOFF.length - 1)];
  page.retry += 1;
  page.state = "reconnecting";
  if (page.pending.size) {
    note(t("lost_click"));
    page.pending.clear();
  }
  // the teacher's stop is said until the page is back: the next tries' failures have no
  // reason of their own, and "disconnected" replaced it within a second (helper-78)
  page.why = (why || page.stopped || t("disconnected")).replace(/\.$/, "");
  link(t("reconnecting", { why: page.why, wait }));
  page.timer = setTimeout(() => { page.timer = null; connect(); }, wait * 1000);
}

function refuse(reason, keepForm) {
  if (page.timer) clearTimeout(page.timer);
  page.timer = null;
  page.state = "refused";
  page.joined = false;
  tab.removeItem("marketlib-joined");
  clearBoard(); // a board the server no longer serves to this page would only mislead
  $("problem").textContent = "";
  link(t("not_connected"));
  if (keepForm) { // a student still typing a code keeps the form and what is typed in it
    note(reason);
    return;
  }
  $("join").classList.add("marketlib-hidden"); // the button below opens it again
  note(`${reason} `, button(t("enter_again"), () => {
    note("");
    $("join").classList.remove("marketlib-hidden");
    $("code").focus();
  }));
}

function taken(reason) {
  if (page.timer) clearTimeout(page.timer);
  page.timer = null;
  page.state = "taken";
  page.joined = false;
  // a reload no longer takes the seat back by itself: the code may have been a classmate's
  // (helper-86: Chandra typed Aisyah's code; each reload took the seat from Aisyah again)
  tab.removeItem("marketlib-joined");
  clearBoard();
  $("join").classList.add("marketlib-hidden");
  link("");
  const back = button(t("use_this_tab"), () => {
    note("");
    page.retry = 0;
    connect();
  });
  const other = button(t("enter_other"), () => {  // the way back to the form
    note("");
    page.state = "typing";
    $("code").value = "";
    $("join").classList.remove("marketlib-hidden");
    $("code").focus();
  });
  note(reason || t("seat_taken"), back, other);
}

function onMessage(socket, event) {
  if (page.socket.current !== socket) return;
  page.heard = Date.now();
  let msg;
  try { msg = JSON.parse(event.data); } catch { return; }
  if (msg.type === "heartbeat") return;
  if ((msg.type === "ack" || msg.type === "error") && msg.id != null) page.pending.delete(msg.id);
  if (msg.type === "joined") {
    page.retry = 0;
    page.stopped = "";
    page.joined = true;
    page.state = "connected";
    store.setItem("marketlib-code", page.code);
    store.setItem("marketlib-name", msg.name);
    // this tab's reload joins again by itself, with this tab's code and name (another tab
    // of the browser may have joined since: the shared store then holds its code, helper-79)
    tab.setItem("marketlib-joined", JSON.stringify({ code: page.code, name: msg.name }));
    $("join").classList.add("marketlib-hidden");
    page.who = msg;
    $("who").textContent = t("who", { table: msg.table, seat: msg.seat, name: msg.name });
    link(t("connected"));
    if (box.textContent) { // a note about the lost connection stays a few seconds more
      setTimeout(() => { if (page.state === "connected") note(""); }, 8000);
    }
    return;
  }
  if (msg.type === "question") {
    ask(msg);
    return;
  }
  if (msg.type === "error" && msg.id != null && msg.id === page.predictId) {
    $("predict-problem").textContent = msg.error;
    return;
  }
  if (msg.type === "state") {
    const first = page.model.get("version") === undefined;
    page.model.update(msg.traits);
    if (first) mountBoard();
    return;
  }
  if (msg.type === "closed") {
    page.reason = msg.reason;
    return;
  }
  if (msg.type === "error" && msg.id === 0 && page.state === "joining") {
    // The answer to this socket's join: a wrong code.
    if (page.joined) { // a reconnect refused: the room changed; say so and stop
      drop(socket);
      refuse(t("refused_code", { error: msg.error }));
      return;
    }
    page.state = "typing";
    tab.removeItem("marketlib-joined");  // a code refused: a reload does not try it again
    link("");
    $("problem").textContent = msg.error;
    $("join").classList.remove("marketlib-hidden");
  }
}

function connect() {
  if (page.timer) clearTimeout(page.timer);
  page.timer = null;
  const old = page.socket.current;
  if (old) drop(old);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  page.socket.current = socket;
  page.heard = Date.now();
  page.reason = "";
  page.state = "connecting";
  // a page that had joined says it is trying now: "reconnecting in 1 s..." stayed while a
  // try hung for seconds (helper-94)
  link(page.joined ? t("reconnecting_now", { why: page.why || t("disconnected") }) : t("connecting"));
  socket.addEventListener("open", () => {
    if (page.socket.current !== socket) return;
    page.state = "joining";
    socket.send(JSON.stringify({ type: "join", code: page.code, name: page.name, lang, id: 0 }));
  });
  socket.addEventListener("message", (event) => onMessage(socket, event));
  socket.addEventListener("close", (event) => {
    if (page.socket.current !== socket) return; // dropped by the page already
    page.socket.current = null;
    const reason = event.reason || page.reason;
    if (event.code === TAKEN) { taken(reason); return; }
    if (REFUSED.has(event.code)) {
      // no right code in time, on a page that never joined: its form stays (helper-94: it
      // vanished while the student retyped a code); Join opens a new connection
      refuse(reason || t("server_closed"), event.code === JOIN_TIMEOUT && !page.joined);
      return;
    }
    // The teacher stopped the room, the kernel restarted, the network dropped, or too many
    // pages of this network are waiting for a code (4029): join again with the same code.
    if (event.code === 1001 && event.reason) page.stopped = event.reason;
    if (page.joined || event.code === 4029) retry(reason);
    else { page.state = "idle"; link(reason || t("could_not_connect")); }
  });
}

// The watchdog: a socket that has heard nothing (not even a heartbeat) for LOST_AFTER ms, or
// has not opened by then, is given up and the page reconnects.
setInterval(() => {
  const socket = page.socket.current;
  if (!socket || !["connecting", "joining", "connected", "typing"].includes(page.state)) return;
  if (Date.now() - page.heard < LOST_AFTER) return;
  drop(socket);
  if (page.joined) retry(t("no_answer"));
  else { page.state = "idle"; link(t("no_answer_join")); }
}, 250);

$("join").addEventListener("submit", (event) => {
  event.preventDefault();
  $("problem").textContent = "";
  note("");
  const code = $("code").value.trim();
  if (code !== page.code) page.joined = false;
  page.code = code;
  page.name = $("name").value.trim();
  page.retry = 0;
  const socket = page.socket.current;
  if (socket && socket.readyState === WebSocket.OPEN && page.state === "typing") {
    page.state = "joining";
    socket.send(JSON.stringify({ type: "join", code: page.code, name: page.name, lang, id: 0 }));
  } else {
    connect();
  }
});

// The QR code carries the address only; a code in the address (#ABCDE-FGHJK) or one used
// before in this browser fills the form in, unless the student typed one while the page's words
// were on their way (a code typed is never replaced). Filled into a field the student is already
// in, it is selected, so the keys they type next replace it instead of going on after it
// ("ABCDE-FGHJKABCDE-FGHJK": "unknown code"; the name likewise). The Join button waits, disabled
// in index.html, until its handler is here: pressed earlier, the form would reload the page.
const fromLink = (() => { // "#CODE%" is no escape: read as typed, never a page stuck (helper-94)
  const hash = location.hash.replace(/^#/, "");
  try { return decodeURIComponent(hash); } catch { return hash; }
})();
function prefill(id, value) {
  const field = $(id);
  if (field.value || !value) return;
  field.value = value;
  if (document.activeElement === field) field.setSelectionRange(0, value.length);
}
prefill("code", fromLink || store.getItem("marketlib-code"));
prefill("name", store.getItem("marketlib-name"));
$("join").querySelector("button[type=submit]").disabled = false;

// The language switch: the page's words at once, the board's once the server redraws it.
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
  lang = choose.value;
  store.setItem("marketlib-lang", lang);
  showWords();
  if (page.who) $("who").textContent = t("who", { table: page.who.table, seat: page.who.seat, name: page.who.name });
  const socket = page.socket.current;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "language", lang }));
});
showWords();

// A reload of a tab that had joined joins again at once, with that tab's own code and name:
// the student pressed Join a second time after every reload (helper-78). Only a reload: a new
// tab (a classmate at a shared computer) or a duplicated one (which copies this tab's store)
// waits for Join, with the form filled in.
const navigation = performance.getEntriesByType("navigation")[0];
let joinedHere = null;
try { joinedHere = JSON.parse(tab.getItem("marketlib-joined") || "null"); } catch { /* none */ }
// A page opened from a link with a code (#ABCDE-FGHJK) rejoins on reload with that same code
// (helper-103 had to press Join again); a link with another code waits for Join.
if (joinedHere && navigation && navigation.type === "reload"
    && (!fromLink || fromLink.trim() === joinedHere.code)) {
  $("code").value = joinedHere.code;
  $("name").value = joinedHere.name;
  $("join").requestSubmit();
}
