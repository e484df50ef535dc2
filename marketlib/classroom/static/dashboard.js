// marketlib classroom: the teacher's dashboard (an anywidget view; no imports, no network).
// Python owns the room; this draws the `tables` trait and sends the teacher's clicks. While it
// is shown it asks for a fresh picture every few seconds ({type: "refresh"}).

// Every word comes from Python (the `words` trait, in the language in force when the
// dashboard was made): this script holds none. dashT puts values into their {name} slots.
function dashT(template, vars) {
  return String(template === undefined ? "" : template)
    .replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
}

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

function dashAgo(W, seconds) {
  if (seconds < 60) return dashT(W.seconds, { n: seconds });
  if (seconds < 3600) return dashT(W.minutes, { n: Math.floor(seconds / 60) });
  return dashT(W.hours, { n: Math.floor(seconds / 3600) });
}

function dashTable(W, t, send, uid) {
  const box = dashEl("section", "marketlib-dash-table");
  if (t.paused) box.classList.add("marketlib-dash-paused");
  // idle: a person is here and nothing has moved for 2 minutes (not a table nobody joined yet)
  if (!t.over && !t.paused && t.since_last_move > 120 && t.seats.some((s) => s.connected)) {
    box.classList.add("marketlib-dash-stale");
  }
  const state = t.over ? dashT(W.over, { winners: t.winners || W.nobody })
    : (t.paused ? W.paused : dashT(W.to_play, { who: t.to_play }));
  const arm = t.treatment ? ` · ${t.treatment}` : "";
  box.appendChild(dashEl("h4", null, dashT(W.table_head, { table: t.table, treatment: arm, game: t.game, state })));
  box.appendChild(dashEl("div", null, t.moves ? dashT(W.moves,
    { moves: t.moves, ago: dashAgo(W, t.since_last_move), connected: t.connected })
    : dashT(W.no_moves, { connected: t.connected })));
  for (const s of t.seats) {
    const row = dashEl("div", "marketlib-dash-seat" + (s.to_play ? " marketlib-dash-turn" : ""));
    row.appendChild(dashEl("span", null, `P${s.seat}`));
    const who = s.computer ? dashT(W.computer_seat, { bot: s.computer }) : (s.name || W.nobody_yet);
    row.appendChild(dashEl("span", null, who));
    if (!s.computer) {
      row.appendChild(dashEl("span", "marketlib-dash-dot " + (s.connected ? "marketlib-dash-on" : "marketlib-dash-off"),
        s.connected ? W.online : W.offline));
    }
    if (s.back) {  // the student came back while a computer player holds their seat
      row.appendChild(dashEl("span", "marketlib-dash-back",
        dashT(W.back, { name: s.name || W.the_student })));
    }
    row.appendChild(dashEl("span", "marketlib-dash-code", s.code));
    if (s.computer) {
      row.appendChild(dashButton(W.person, dashT(W.person_aria, { seat: s.seat, table: t.table }),
        () => send({ type: "person", table: t.table, seat: s.seat })));
    } else {
      row.appendChild(dashButton(W.computer, dashT(W.computer_aria, { seat: s.seat, table: t.table }),
        () => send({ type: "computer", table: t.table, seat: s.seat, bot: "greedy" })));
    }
    box.appendChild(row);
  }
  const bar = dashEl("div");
  bar.appendChild(t.paused
    ? dashButton(W.resume, dashT(W.resume_aria, { table: t.table }), () => send({ type: "unpause", table: t.table }))
    : dashButton(W.pause, dashT(W.pause_aria, { table: t.table }), () => send({ type: "pause", table: t.table })));
  // Undo and a new game act on the game shown: they carry its version, and Python refuses
  // them if the table changed since this picture (a student moved meanwhile).
  const undo = dashButton(W.undo, dashT(W.undo_aria, { table: t.table }),
    () => send({ type: "undo", table: t.table, version: t.version }));
  undo.disabled = !t.can_undo;
  if (t.undo) {  // what a click takes back, said before it (Python words it)
    const said = dashEl("div", "marketlib-dash-undo", t.undo);
    said.id = `marketlib-dash-undo-${uid}-${t.table}`;  // uid: this dashboard's own
    undo.setAttribute("aria-describedby", said.id);
    box.appendChild(said);
  }
  bar.appendChild(undo);
  if (t.over) {
    bar.appendChild(dashButton(W.new_game, dashT(W.new_game_aria, { table: t.table }),
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
    // each render its own id prefix: two dashboards in one notebook load this module twice
    const uid = Math.random().toString(36).slice(2, 10);
    function redraw() {
      root.replaceChildren();
      const top = dashEl("div", "marketlib-dash-top");
      const qr = dashEl("div", "marketlib-dash-qr");
      // The QR code is an SVG element made by segno in Python (no user text in it).
      if (model.get("qr")) qr.innerHTML = model.get("qr");
      top.appendChild(qr);
      const W = model.get("words") || {};
      const words = dashEl("div");
      if (model.get("stopped")) {  // nobody can join: no "students open ... type their code"
        words.appendChild(dashEl("div", "marketlib-dash-url",
          dashT(W.stopped, { game: model.get("game"), time: model.get("refreshed") })));
      } else {
        words.appendChild(dashEl("div", null, dashT(W.room, { game: model.get("game") })));
        words.appendChild(dashEl("div", "marketlib-dash-url", model.get("url") || W.not_started));
        words.appendChild(dashEl("div", null, dashT(W.updated, { time: model.get("refreshed") })));
      }
      const all = dashEl("div");
      all.appendChild(dashButton(W.pause_all, W.pause_all_aria, () => send({ type: "pause", table: null })));
      all.appendChild(dashButton(W.resume_all, W.resume_all_aria, () => send({ type: "unpause", table: null })));
      all.appendChild(dashButton(W.refresh, W.refresh_aria, () => send({ type: "refresh" })));
      words.appendChild(all);
      top.appendChild(words);
      root.appendChild(top);
      if (model.get("error")) root.appendChild(dashEl("div", "marketlib-dash-error", model.get("error")));
      const grid = dashEl("div", "marketlib-dash-tables");
      for (const t of model.get("tables") || []) grid.appendChild(dashTable(W, t, send, uid));
      root.appendChild(grid);
    }
    const names = ["tables", "error", "url", "qr", "refreshed", "words", "stopped"];
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
