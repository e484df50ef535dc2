// marketlib classroom: the projector view. Polls /projector.json (public facts only) and draws
// it with textContent, never innerHTML: a student's chosen name is text, not markup.
const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The words come from Python (/projector.json "words", in the room's language or ?lang=):
// this script holds none. fill() puts values into their {name} slots.
let W = null;

function fill(template, vars) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

function progress(row) {
  if (row.over) return fill(W.game_over, { winners: row.winners.join(", ") || W.nobody });
  if (row.paused) return fill(W.paused, { moves: row.moves });
  return fill(W.to_play, { moves: row.moves, who: row.to_play });
}

function draw(data) {
  W = data.words;
  document.documentElement.lang = data.lang;
  $("hint").textContent = W.join_hint;
  $("qr").alt = W.qr_alt;
  $("title").textContent = data.game;
  // the address breaks only between its parts (it split mid-port, "...:423 / 61/", helper-86)
  const url = data.url || window.location.origin + "/";
  const parts = url.match(/^(\w+:\/\/)(\[[^\]]*\]|[^/:]+)(.*)$/);  // an IPv6 host whole
  $("url").replaceChildren(...(parts ? parts.slice(1) : [url]).flatMap(
    (part, i) => (i ? [document.createElement("wbr"), part] : [part])));
  const tables = data.tables.map((row) => {
    const box = el("div", row.over ? "mlp-table mlp-over" : "mlp-table");
    box.dataset.table = String(row.table);
    const name = el("div", "mlp-name", `${fill(W.table, { table: row.table })} `);
    if (row.treatment) name.append(el("span", "mlp-treatment", row.treatment));
    box.append(name, el("div", "mlp-game", fill(W.game, { game: row.game })),
      el("div", "mlp-progress", progress(row)), el("div", "mlp-players", row.players.join(" · ")));
    return box;
  });
  $("tables").replaceChildren(...tables);
  const head = el("tr");
  for (const text of [W.treatment, W.finished, fill(W.mean, { unit: data.unit })]) {
    head.append(el("th", "", text));
  }
  const rows = data.treatments.map((t) => {
    const tr = el("tr");
    tr.append(el("td", "", t.treatment || W.all_tables), el("td", "", String(t.finished)),
      el("td", "", t.mean === null ? "–" : String(t.mean)));
    return tr;
  });
  $("results").replaceChildren(head, ...rows);
  drawPrediction(data.prediction);
}

// The class's predictions as a histogram: counts only, never who answered what.
function drawPrediction(asked) {
  const box = $("prediction");
  box.hidden = !asked;
  if (!asked) return;
  const title = el("div", "mlp-question", `${asked.text} `);
  title.append(el("small", "", fill(W.answers, { count: asked.answers })));
  const most = Math.max(1, ...asked.histogram.map((b) => b.count));
  const bars = asked.histogram.map((b) => {
    const bar = el("div", "mlp-bar");
    const fill = el("span", "mlp-bar-fill");
    fill.style.width = `${(12 * b.count) / most}em`;
    bar.append(el("span", "mlp-bar-label", b.label), fill, el("span", "", String(b.count)));
    return bar;
  });
  box.replaceChildren(title, ...bars);
}

async function poll() {
  let wait = 3000;
  try {
    const answer = await fetch("/projector.json" + window.location.search, { cache: "no-store" });
    if (!answer.ok) throw new Error(String(answer.status));
    const data = await answer.json();
    wait = (data.refresh || 3) * 1000;
    draw(data);
    $("link").textContent = "";
  } catch (err) {
    $("link").textContent = W ? W.unreachable : "…";  // no words before the first answer
  }
  window.setTimeout(poll, wait);
}

poll();
