// marketlib classroom: the student's page. It joins a seat with its code over a WebSocket and
// runs the notebook board's own module (/board.js: common.js + panels.js + the game's file) on a
// `model` with the anywidget surface the board uses (get/set/on/off/send/save_changes), backed by
// the WebSocket instead of the Jupyter comm. No imports but the board, no network but this
// server. Messages: widgets/PROTOCOL.md, "Classroom transport".

const $ = (id) => document.getElementById(id);
const store = window.localStorage;

function makeModel(socket) {
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
      socket.current.send(JSON.stringify({ ...msg, id: next }));
    },
    update(traits) {
      Object.assign(state, traits);
      for (const key of Object.keys(traits)) for (const fn of listeners[`change:${key}`] || []) fn();
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
  reason: "",
};
page.model = makeModel(page.socket);
window.marketlibClassroom = page; // for tests: page.model.get("version")

function link(text) { $("link").textContent = text; }

async function mountBoard() {
  if (page.cleanup) return;
  const mod = await import("/board.js");
  page.cleanup = mod.default.render({ model: page.model, el: $("board") });
}

function onMessage(event) {
  let msg;
  try { msg = JSON.parse(event.data); } catch { return; }
  if (msg.type === "joined") {
    page.retry = 0;
    store.setItem("marketlib-code", page.code);
    store.setItem("marketlib-name", msg.name);
    $("join").classList.add("marketlib-hidden");
    $("who").textContent = `Table ${msg.table + 1}, seat P${msg.seat}: ${msg.name}`;
    link("connected");
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
    link(msg.reason);
    return;
  }
  if (msg.type === "error" && !page.cleanup) {
    $("problem").textContent = msg.error;
    $("join").classList.remove("marketlib-hidden");
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  page.socket.current = socket;
  link("connecting...");
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "join", code: page.code, name: page.name }));
  });
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", (event) => {
    if (page.socket.current !== socket) return;
    // 4001: this seat was opened in another browser; 4003: too many wrong codes. Both final.
    if (event.code === 4001) return;
    if (event.code === 4003) {
      $("problem").textContent = "Too many wrong codes: check your code with your teacher.";
      $("join").classList.remove("marketlib-hidden");
      return;
    }
    // The teacher stopped the room, the kernel restarted or the network dropped: join again
    // with the same code (Room.resume serves the same address).
    page.retry = Math.min(page.retry + 1, 6);
    link(`${page.reason || "disconnected"}: reconnecting in ${page.retry} s...`);
    page.reason = "";
    setTimeout(connect, page.retry * 1000);
  });
}

$("join").addEventListener("submit", (event) => {
  event.preventDefault();
  $("problem").textContent = "";
  page.code = $("code").value.trim();
  page.name = $("name").value.trim();
  if (page.socket.current && page.socket.current.readyState === WebSocket.OPEN) {
    page.socket.current.send(JSON.stringify({ type: "join", code: page.code, name: page.name }));
  } else {
    connect();
  }
});

// The QR code carries the address only; a code in the address (#ABCDE-FGHJK) or one used
// before in this browser fills the form in.
const fromLink = decodeURIComponent(location.hash.replace(/^#/, ""));
$("code").value = fromLink || store.getItem("marketlib-code") || "";
$("name").value = store.getItem("marketlib-name") || "";
