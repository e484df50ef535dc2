// marketlib classroom: the teacher's dashboard (an anywidget view; no imports, no network).
// Python owns the room; this draws the `tables` trait and sends the teacher's clicks. While it
// is shown it asks for a fresh picture every few seconds ({type: "refresh"}).

function dashEl(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function dashButton(text, aria, onClick) {
  const b = dashEl("button", "marketlib-dash-btn", text);
  b.type = "button";
  b.setAttribute("aria-label", aria);
  b.addEventListener("click", onClick);
  return b;
}

function dashAgo(seconds) {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

function dashTable(t, send) {
  const box = dashEl("section", "marketlib-dash-table");
  if (t.paused) box.classList.add("marketlib-dash-paused");
  if (!t.over && !t.paused && t.since_last_move > 120) box.classList.add("marketlib-dash-stale");
  const state = t.over ? `over: ${t.winners || "nobody"} won` : (t.paused ? "paused" : `to play: ${t.to_play}`);
  const arm = t.treatment ? ` · ${t.treatment}` : "";
  box.appendChild(dashEl("h4", null, `Table ${t.table}${arm} · game ${t.game} · ${state}`));
  box.appendChild(dashEl("div", null,
    `${t.moves} moves · last move ${dashAgo(t.since_last_move)} ago · connected ${t.connected}`));
  for (const s of t.seats) {
    const row = dashEl("div", "marketlib-dash-seat" + (s.to_play ? " marketlib-dash-turn" : ""));
    row.appendChild(dashEl("span", null, `P${s.seat}`));
    const who = s.computer ? `computer (${s.computer})` : (s.name || "nobody yet");
    row.appendChild(dashEl("span", null, who));
    if (!s.computer) {
      row.appendChild(dashEl("span", "marketlib-dash-dot " + (s.connected ? "marketlib-dash-on" : "marketlib-dash-off"),
        s.connected ? "● online" : "○ offline"));
    }
    if (s.back) {  // the student came back while a computer player holds their seat
      row.appendChild(dashEl("span", "marketlib-dash-back",
        `${s.name || "the student"} is back: click Person to hand the seat back`));
    }
    row.appendChild(dashEl("span", "marketlib-dash-code", s.code));
    if (s.computer) {
      row.appendChild(dashButton("Person", `Give seat P${s.seat} of table ${t.table} back to a person`,
        () => send({ type: "person", table: t.table, seat: s.seat })));
    } else {
      row.appendChild(dashButton("Computer", `A computer player takes seat P${s.seat} of table ${t.table}`,
        () => send({ type: "computer", table: t.table, seat: s.seat, bot: "greedy" })));
    }
    box.appendChild(row);
  }
  const bar = dashEl("div");
  bar.appendChild(t.paused
    ? dashButton("Resume", `Resume table ${t.table}`, () => send({ type: "unpause", table: t.table }))
    : dashButton("Pause", `Pause table ${t.table}`, () => send({ type: "pause", table: t.table })));
  // Undo and a new game act on the game shown: they carry its version, and Python refuses
  // them if the table changed since this picture (a student moved meanwhile).
  bar.appendChild(dashButton("Undo", `Undo the last move at table ${t.table}`,
    () => send({ type: "undo", table: t.table, version: t.version })));
  if (t.over) {
    bar.appendChild(dashButton("New game", `Deal a new game at table ${t.table}`,
      () => send({ type: "new_game", table: t.table, version: t.version })));
  }
  box.appendChild(bar);
  return box;
}

export default {
  render({ model, el }) {
    const root = dashEl("div", "marketlib-dash");
    el.appendChild(root);
    const send = (msg) => model.send(msg);
    function redraw() {
      root.replaceChildren();
      const top = dashEl("div", "marketlib-dash-top");
      const qr = dashEl("div", "marketlib-dash-qr");
      // The QR code is an SVG element made by segno in Python (no user text in it).
      if (model.get("qr")) qr.innerHTML = model.get("qr");
      top.appendChild(qr);
      const words = dashEl("div");
      words.appendChild(dashEl("div", null, `${model.get("game")} room: students open`));
      words.appendChild(dashEl("div", "marketlib-dash-url", model.get("url") || "(the room is not started)"));
      words.appendChild(dashEl("div", null, `and type their code. Updated ${model.get("refreshed")}.`));
      const all = dashEl("div");
      all.appendChild(dashButton("Pause all", "Pause every table", () => send({ type: "pause", table: null })));
      all.appendChild(dashButton("Resume all", "Resume every table", () => send({ type: "unpause", table: null })));
      all.appendChild(dashButton("Refresh", "Read the room again", () => send({ type: "refresh" })));
      words.appendChild(all);
      top.appendChild(words);
      root.appendChild(top);
      if (model.get("error")) root.appendChild(dashEl("div", "marketlib-dash-error", model.get("error")));
      const grid = dashEl("div", "marketlib-dash-tables");
      for (const t of model.get("tables") || []) grid.appendChild(dashTable(t, send));
      root.appendChild(grid);
    }
    const names = ["tables", "error", "url", "qr", "refreshed"];
    for (const n of names) model.on(`change:${n}`, redraw);
    const timer = setInterval(() => send({ type: "refresh" }), 3000);
    redraw();
    return () => {
      clearInterval(timer);
      for (const n of names) model.off(`change:${n}`, redraw);
      root.remove();
    };
  },
};
