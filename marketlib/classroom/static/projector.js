// marketlib classroom: the projector view. Polls /projector.json (public facts only) and draws
// it with textContent, never innerHTML: a student's chosen name is text, not markup.
const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function progress(row) {
  if (row.over) return `Game over: ${row.winners.join(", ") || "nobody"} won`;
  return `${row.moves} moves, ${row.paused ? "paused" : `${row.to_play} to play`}`;
}

function draw(data) {
  $("title").textContent = data.game;
  $("url").textContent = data.url || window.location.origin + "/";
  const tables = data.tables.map((row) => {
    const box = el("div", row.over ? "mlp-table mlp-over" : "mlp-table");
    box.dataset.table = String(row.table);
    const name = el("div", "mlp-name", `Table ${row.table} `);
    if (row.treatment) name.append(el("span", "mlp-treatment", row.treatment));
    box.append(name, el("div", "mlp-game", `game ${row.game}`),
      el("div", "mlp-progress", progress(row)), el("div", "mlp-players", row.players.join(" · ")));
    return box;
  });
  $("tables").replaceChildren(...tables);
  const head = el("tr");
  for (const text of ["treatment", "finished games", `mean score (${data.unit})`]) {
    head.append(el("th", "", text));
  }
  const rows = data.treatments.map((t) => {
    const tr = el("tr");
    tr.append(el("td", "", t.treatment || "all tables"), el("td", "", String(t.finished)),
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
  title.append(el("small", "", `(${asked.answers} answers)`));
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
    const answer = await fetch("/projector.json", { cache: "no-store" });
    if (!answer.ok) throw new Error(String(answer.status));
    const data = await answer.json();
    wait = (data.refresh || 3) * 1000;
    draw(data);
    $("link").textContent = "";
  } catch (err) {
    $("link").textContent = "Cannot reach the room's server: trying again…";
  }
  window.setTimeout(poll, wait);
}

poll();
