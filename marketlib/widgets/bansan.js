// Bansan board: draws the scene (a seat's view) that Python sends. No rules here.

const BS_TYPES = ["FV", "WG", "MT", "DG", "SF", "MM"];
const BS_WASTE = ["PL", "PA", "OR"];

// A produce type as a band in its colour: its picture and its name.
function bsBand(ctx, produce, count) {
  return mlBand(ctx, produce, ctx.cards.names[produce], ctx.cards.colours[produce], ctx.cards.inks[produce], count);
}

function bsCardBody(ctx, id, as) {
  return mlOnce(ctx, `bs|${id}|${as || ""}`, () => bsCardFace(ctx, id, as));
}

function bsCardFace(ctx, id, as) {
  // a card drawn as a card: in a Stall or Bag it is one type (as); anywhere else it shows its
  // top half over its bottom half; below them its waste type (its back) and its Star. Its code
  // is in the button's label and title.
  const c = ctx.cards.produce[id];
  const body = ctx.el("span", "marketlib-card-body marketlib-card-face");
  const col = ctx.el("span", "marketlib-halves");
  for (const t of as ? [as] : [c.top, c.bottom]) col.appendChild(bsBand(ctx, t));
  body.appendChild(col);
  body.appendChild(mlPictured(ctx, c.waste, `${ctx.cards.wastes[c.waste]}${c.star ? " \u2605" : ""}`, "marketlib-card-label"));
  return body;
}

function bsCard(ctx, id, where, as) {
  const c = ctx.cards.produce[id];
  const what = as ? `${ctx.cards.names[as]}` : `top ${ctx.cards.names[c.top]}, bottom ${ctx.cards.names[c.bottom]}`;
  return ctx.button(`card:${id}`, `${what}, ${ctx.cards.wastes[c.waste]} waste${c.star ? ", star" : ""} (${id}, ${where})`,
    bsCardBody(ctx, id, as), "marketlib-card");
}

function bsSection(ctx, title, cls) {
  const box = ctx.el("section", "marketlib-row" + (cls ? " " + cls : ""));
  box.appendChild(ctx.el("h4", "marketlib-row-title", title));
  const items = ctx.el("div", "marketlib-row-items");
  box.appendChild(items);
  return [box, items];
}

function bsTypeButtons(ctx, prefix, label, priced) {
  const row = ctx.el("div", "marketlib-row-items");
  row.appendChild(ctx.el("span", "marketlib-row-title", label));
  for (const t of BS_TYPES) {
    const body = ctx.el("span", "marketlib-card-body");
    body.appendChild(bsBand(ctx, t));
    if (priced) body.appendChild(mlPictured(ctx, "money", `RM${ctx.cards.prices[t]}${prefix === "buy" ? "" : " half"}`));
    row.appendChild(ctx.button(`${prefix}:${t}`, `${label} ${ctx.cards.names[t]}`, body, "marketlib-type"));
  }
  return row;
}

function bsList(ctx, id, returnable) {
  const l = ctx.cards.lists[id];
  const body = ctx.el("span", "marketlib-card-body");
  body.appendChild(ctx.el("span", "marketlib-id", id));
  const wanted = new Map();
  for (const icon of l.icons) wanted.set(icon, (wanted.get(icon) || 0) + 1);
  for (const [icon, n] of wanted) body.appendChild(bsBand(ctx, icon, n));
  body.appendChild(mlPictured(ctx, "money", `RM${l.value}`, "marketlib-money"));
  if (!returnable) { const span = ctx.el("span", "marketlib-list"); span.appendChild(body); return span; }
  return ctx.button(`list:${id}`, `Shopping List ${id}: ${l.icons.join(", ")}, RM${l.value}`, body, "marketlib-list");
}

function bsStalls(ctx, s) {
  const [box, items] = bsSection(ctx, "Market Stalls");
  items.className = "marketlib-grid";
  items.style.setProperty("--marketlib-columns", String(s.columns));  // narrow: reflowed (board.css)
  box.classList.add("marketlib-market");
  s.stalls.forEach((st, i) => {
    if (s.mode === "sendiri" && i % s.columns === 0) {
      const row = i / s.columns + 1;
      const cellMove = ctx.button(`move:${row}`, `Move the Workers in stall row ${row} one stall to the right`, null, "marketlib-move");
      cellMove.textContent = `Move row ${row} \u2192`;  // a whole grid row (board.css)
      items.appendChild(cellMove);
    }
    const info = ctx.cards.stalls[st.id];
    const cell = ctx.el("div", "marketlib-player" + (st.open ? "" : " marketlib-stall-closed"));
    const who = st.renter === null ? "unoperated" : (st.renter === -1 ? "Neighbour" : `P${st.renter}`);
    const head = ctx.el("span", "marketlib-card-body");
    head.appendChild(bsBand(ctx, info.sells));
    head.appendChild(ctx.el("b", null, who));
    head.appendChild(ctx.el("span", null, st.open ? "open" : "CLOSED"));
    head.appendChild(ctx.el("span", "marketlib-id", st.id));
    cell.appendChild(ctx.button(`stall:${st.id}`, `Stall ${st.id} selling ${ctx.cards.names[info.sells]}, ${who}, ${st.open ? "open" : "closed"}, ${st.cards.length} cards`, head, "marketlib-stall"));
    const stock = ctx.el("div", "marketlib-row-items");
    for (const id of st.cards) stock.appendChild(bsCard(ctx, id, `stall ${st.id}`, info.sells));
    if (!st.cards.length) stock.appendChild(ctx.el("span", "marketlib-empty", "empty"));
    cell.appendChild(stock);
    items.appendChild(cell);
  });
  const rr = ctx.choices.filter((c) => c.target.startsWith("rr:"));
  const anyRR = ctx.anyTime.filter((c) => c.target.startsWith("rr:"));
  if (rr.length || anyRR.length) {
    const panel = ctx.el("details", "marketlib-panel marketlib-rr");
    const when = rr.length ? "" : (s.decider === ctx.seat ? " now (any time)" : ` now, on P${s.decider}'s decision (any time)`);
    panel.appendChild(ctx.el("summary", null, `Rent and Release${when} (once per game): ${rr.length + anyRR.length} options`));
    for (const c of rr) panel.appendChild(ctx.button(c.target, c.label || c.text, null, "marketlib-choice"));
    for (const c of anyRR) panel.appendChild(ctx.anyTimeButton(c));
    if (ctx.outOfTurn) panel.open = true;
    box.appendChild(panel);
  }
  return box;
}

function bsBins(ctx, s) {
  const [box, items] = bsSection(ctx, `Waste Bins (capacity ${s.bin_capacity})`);
  s.bins.forEach((cards, i) => {
    const w = BS_WASTE[i];
    const over = s.bins_over[i];
    const body = ctx.el("span", "marketlib-card-body");
    const name = mlPictured(ctx, w, ctx.cards.wastes[w], "marketlib-strong");
    name.prepend(mlPicture(ctx, "bin"));
    body.appendChild(name);
    body.appendChild(ctx.el("span", null, `${cards.length}/${s.bin_capacity}${over ? " OVERFLOW" : ""}`));
    const meter = ctx.el("span", "marketlib-meter" + (over ? " marketlib-meter-over" : ""));
    meter.style.width = `${Math.min(60, 10 * cards.length)}px`;
    body.appendChild(meter);
    items.appendChild(ctx.button(`bin:${w}`, `${ctx.cards.wastes[w]} bin: ${cards.length} of ${s.bin_capacity}${over ? ", overflowing" : ""}`, body, "marketlib-bin" + (over ? " marketlib-bin-over" : "")));
  });
  return box;
}

function bsPending(ctx, s) {
  const p = s.pending;
  const box = ctx.el("section", "marketlib-pending");
  if (s.offer) {
    const o = s.offer;
    mlStepLine(ctx, s, box);
    if (o.to === ctx.seat && o.counters < o.max_counters) box.appendChild(bsCounter(ctx, o));
    else if (o.to === ctx.seat) box.appendChild(ctx.el("p", null, `${o.counters} counter-offers were made (at most ${o.max_counters}): accept or decline.`));
  }
  if (p && p.kind === "Stocking") {
    mlStepLine(ctx, s, box);
    const row = ctx.el("div", "marketlib-row-items");
    for (const c of p.cards) row.appendChild(bsCard(ctx, c.card, `to stock as ${c.options.join(" or ")}`, c.options.length === 1 ? c.options[0] : null));
    box.appendChild(row);
  } else if (p && p.kind === "OpeningHand") {
    mlStepLine(ctx, s, box);
    const row = ctx.el("div", "marketlib-row-items");
    for (const id of p.cards) row.appendChild(bsCard(ctx, id, "opening hand"));
    box.appendChild(row);
    for (const half of ["top", "bottom"]) {
      const line = ctx.el("div", "marketlib-row-items");
      const pick = ctx.button(`button:half-${half}`, `Use the ${half} halves of all ${p.cards.length} cards`, null);
      pick.textContent = `Use the ${half} halves:`;
      line.appendChild(pick);
      for (const id of p.cards) line.appendChild(bsBand(ctx, ctx.cards.produce[id][half]));
      box.appendChild(line);
    }
  } else if (p && p.kind === "Purchase") {
    // the words come from Python, per seat: the decider reads "you", a seller "from you"
    mlStepLine(ctx, s, box);
  } else if (p && (p.kind === "ListReturn" || p.kind === "SoloThrow")) {
    mlStepLine(ctx, s, box);
  } else if (!s.offer) {
    return null;
  }
  return box;
}

// A counter-offer (A-B-60): another price for a bargain; other terms for a trade are set in
// the trade panel below, which then sends a counter instead of a new proposal.
function bsCounter(ctx, o) {
  const row = ctx.el("div", "marketlib-row-items marketlib-counter");
  const left = `counter ${o.counters + 1} of at most ${o.max_counters}`;
  if (o.kind === "bargain") {
    const label = ctx.el("label", null, `Counter with another price for ${o.card} (${left}): RM `);
    const price = ctx.el("input");
    price.type = "number"; price.min = "0"; price.value = String(o.price + 1);
    price.setAttribute("aria-label", `Your price for ${o.card} in RM`);
    label.appendChild(price);
    const b = ctx.el("button", "marketlib-btn marketlib-legal", "Counter with this price");
    b.type = "button";
    b.dataset.target = "button:counter-price";
    b.setAttribute("aria-label", `Counter P${o.from}'s offer with this price`);
    b.addEventListener("click", () => ctx.sendShown({ type: "counter", price: Number(price.value) || 0 }));
    row.appendChild(label); row.appendChild(b);
  } else {
    row.appendChild(ctx.el("span", null, `Or counter with other terms (${left}) in the trade panel below.`));
  }
  return row;
}

function bsVendor(ctx, s, v, p) {
  const info = ctx.seats[p] || {};
  const who = info.bot ? info.bot : (p === ctx.seat ? "you" : (info.person || "person"));
  const mark = p === s.decider && !s.result;
  const panel = ctx.el("section", "marketlib-player" + (mark ? " marketlib-current" : "") + (p === ctx.seat ? " marketlib-own" : ""));
  panel.dataset.seat = String(p);
  const money = v.money === null ? "RM hidden" : `RM${v.money}`;
  const title = ctx.el("h4", "marketlib-row-title", `P${p} (${who}) · `);
  title.appendChild(mlPictured(ctx, "money", money));
  title.appendChild(document.createTextNode(` · bag ${v.bag.length}/${s.bag_limit}` +
    (s.mode === "sendiri" ? "" : ` · R&R ${v.rr_used ? "used" : "not used yet"}${s.token === p ? " · holds the Bansan Token" : ""}`) +
    (mark ? " · to decide" : "")));
  panel.appendChild(title);
  const wallet = ctx.el("div", "marketlib-row-items");
  wallet.appendChild(ctx.el("span", "marketlib-row-title", "Wallet:"));
  if (v.wallet === null) wallet.appendChild(ctx.el("span", "marketlib-empty", `${v.wallet_size} hidden list(s)`));
  else for (const id of v.wallet) {
    wallet.appendChild(bsList(ctx, id, true));
    for (const c of ctx.choices.filter((x) => x.target.startsWith(`complete:${id}:`)))
      wallet.appendChild(ctx.button(c.target, c.label || c.text, null, "marketlib-choice"));
  }
  if (s.mode !== "kenduri") panel.appendChild(wallet);
  if (v.completed.length) {
    const done = ctx.el("div", "marketlib-row-items");
    done.appendChild(ctx.el("span", "marketlib-row-title", "Completed:"));
    for (const id of v.completed) done.appendChild(bsList(ctx, id, false));
    panel.appendChild(done);
  }
  const bag = ctx.el("div", "marketlib-row-items");
  bag.appendChild(ctx.el("span", "marketlib-row-title", "Bag:"));
  for (const b of v.bag) bag.appendChild(bsCard(ctx, b.card, `P${p}'s bag`, b.produce));
  if (!v.bag.length) bag.appendChild(ctx.el("span", "marketlib-empty", "empty"));
  panel.appendChild(bag);
  if (ctx.selected && ctx.selected.startsWith("card:") && ctx.choices.some((c) => c.target === `${ctx.selected}@give:${p}`))
    panel.appendChild(ctx.button(`give:${p}`, `Give the selected card to P${p}`, null));
  return panel;
}

function bsTradePanel(ctx, s) {
  const me = ctx.seat;
  const o = s.offer;
  const countering = !!(o && o.kind === "trade" && o.to === me && o.counters < o.max_counters);
  const panel = ctx.el("details", "marketlib-panel marketlib-trade");
  panel.appendChild(ctx.el("summary", null, countering
    ? `Counter P${o.from}'s trade with your own terms (counter ${o.counters + 1} of at most ${o.max_counters})`
    : (ctx.outOfTurn || (s.decider !== me && s.decider !== null)
      ? `Trade (any time, also on P${s.decider}'s decision; the other vendor answers)`
      : "Trade or bargain (any time; the other vendor answers)")));
  if (countering || ctx.outOfTurn) panel.open = true;
  const to = ctx.el("select");
  to.setAttribute("aria-label", "Vendor to trade with");
  s.vendors.forEach((_, p) => { if (p !== me && (!countering || p === o.from)) { const opt = ctx.el("option", null, `P${p}`); opt.value = String(p); to.appendChild(opt); } });
  const boxes = (cards, name) => {
    const wrap = ctx.el("div", "marketlib-row-items");
    wrap.appendChild(ctx.el("span", "marketlib-row-title", name));
    for (const b of cards) {
      const label = ctx.el("label", null);
      const check = ctx.el("input");
      check.type = "checkbox"; check.value = b.card;
      check.setAttribute("aria-label", `${name} ${b.card}`);
      label.appendChild(check); label.appendChild(ctx.el("span", null, ` ${b.card} (${b.produce})`));
      wrap.appendChild(label);
    }
    return wrap;
  };
  const number = (name) => { const i = ctx.el("input"); i.type = "number"; i.min = "0"; i.value = "0"; i.setAttribute("aria-label", name); const l = ctx.el("label", null, `${name} RM `); l.appendChild(i); return [l, i]; };
  const give = boxes(s.vendors[me] ? s.vendors[me].bag : [], "Give from my bag:");
  const takeWrap = ctx.el("div");
  const fillTake = () => { takeWrap.replaceChildren(boxes(s.vendors[Number(to.value)] ? s.vendors[Number(to.value)].bag : [], "Take from their bag:")); };
  to.addEventListener("change", fillTake);
  const [payL, pay] = number("Pay");
  const [askL, ask] = number("Ask");
  const propose = ctx.el("button", "marketlib-btn", countering ? "Counter with these terms" : "Propose trade");
  propose.type = "button";
  propose.dataset.target = countering ? "button:counter-trade" : "button:propose-trade";
  propose.setAttribute("aria-label", countering ? `Counter P${o.from}'s trade with these terms` : "Propose this trade");
  propose.addEventListener("click", () => {
    const picked = (el) => [...el.querySelectorAll("input:checked")].map((i) => i.value);
    const terms = { give: picked(give), take: picked(takeWrap), pay: Number(pay.value) || 0, ask: Number(ask.value) || 0 };
    ctx.sendShown(countering ? { type: "counter", ...terms } : { type: "propose_trade", to: Number(to.value), ...terms });
  });
  const row = ctx.el("div", "marketlib-row-items");
  row.appendChild(ctx.el("span", null, "With "));
  row.appendChild(to);
  panel.appendChild(row);
  panel.appendChild(give);
  panel.appendChild(takeWrap);
  const money = ctx.el("div", "marketlib-row-items");
  money.appendChild(payL); money.appendChild(askL); money.appendChild(propose);
  panel.appendChild(money);
  const bargain = ctx.el("div", "marketlib-row-items");
  const card = ctx.el("input"); card.placeholder = "card, e.g. PC-12"; card.setAttribute("aria-label", "Card to bargain for");
  const [priceL, price] = number("Price");
  const ask2 = ctx.el("button", "marketlib-btn", "Propose bargain");
  ask2.type = "button";
  ask2.setAttribute("aria-label", "Propose a bargained price for a card you are buying");
  ask2.addEventListener("click", () => ctx.sendShown({ type: "bargain", card: card.value.trim().toUpperCase(), price: Number(price.value) || 0 }));
  bargain.appendChild(ctx.el("span", "marketlib-row-title", "Bargain (while buying from vendors):"));
  bargain.appendChild(card); bargain.appendChild(priceL); bargain.appendChild(ask2);
  if (!countering && s.decider === me && !ctx.outOfTurn) panel.appendChild(bargain);
  fillTake();
  return panel;
}

function drawGame(ctx, area) {
  const s = ctx.scene;
  if (!s.stalls) return "";
  const top = ctx.el("div", "marketlib-table marketlib-market");
  const [row, rowItems] = bsSection(ctx, `Wholesale Row (Deck ${s.deck}, lists ${s.list_deck}, outside market ${s.outside.length})`);
  for (const id of s.row) rowItems.appendChild(bsCard(ctx, id, "Wholesale Row"));
  top.appendChild(row);
  top.appendChild(bsBins(ctx, s));
  if (s.events.length) {
    const [ev, evItems] = bsSection(ctx, "Events");
    for (const id of s.events) evItems.appendChild(ctx.el("span", "marketlib-spent", `${ctx.cards.events[id].name} (${id}, ${ctx.cards.events[id].timeframe})`));
    top.appendChild(ev);
  }
  if (s.mode === "kenduri") {
    const [pub, pubItems] = bsSection(ctx, `Kenduri menu: ${s.public.length} public list(s) still open`);
    for (const id of s.public) {
      pubItems.appendChild(bsList(ctx, id, false));
      for (const c of ctx.choices.filter((x) => x.target.startsWith(`complete:${id}:`)))
        pubItems.appendChild(ctx.button(c.target, c.label || c.text, null, "marketlib-choice"));
    }
    if (!s.public.length) pubItems.appendChild(ctx.el("span", "marketlib-empty", "every list is completed"));
    top.appendChild(pub);
  }
  if (s.auto_log.length) {
    const [auto, autoItems] = bsSection(ctx, s.mode === "sendiri" ? "What the market did (automatic steps)" : "Automatic steps");
    autoItems.className = "";
    const list = ctx.el("ol", "marketlib-auto");
    for (const line of s.auto_log) list.appendChild(ctx.el("li", null, line));
    autoItems.appendChild(list);
    top.appendChild(auto);
  }
  // On a narrow board the seat's own choices and panel come first, then the public market.
  const mine = ctx.narrow && ctx.seat !== null && s.vendors[ctx.seat] ? ctx.seat : null;
  if (mine === null) area.appendChild(top);
  const pending = bsPending(ctx, s);
  if (pending) area.appendChild(pending);
  if (s.phase === "stock" && !s.pending) {
    const [st, stItems] = bsSection(ctx, "Stocking Phase: take every Row card of one type");
    stItems.appendChild(bsTypeButtons(ctx, "stock", "Take from the Row (free):", false));
    area.appendChild(st);
  }
  if (s.phase === "actions" && !s.pending && !s.offer) {
    const [ac, acItems] = bsSection(ctx, `Action Phase: ${s.actions_left} action(s) left (or click a Waste Bin to empty it)`);
    acItems.className = "";
    acItems.appendChild(bsTypeButtons(ctx, "buy", "Buy from vendors (market price):", true));
    acItems.appendChild(bsTypeButtons(ctx, "wholesale", "Buy wholesale (half price):", true));
    acItems.appendChild(bsTypeButtons(ctx, "sell", "Sell online (half price):", true));
    area.appendChild(ac);
  }
  const vendors = ctx.el("div", "marketlib-players");
  s.vendors.forEach((v, p) => { if (p !== mine) vendors.appendChild(bsVendor(ctx, s, v, p)); });
  const throwing = ctx.selected && ctx.choices.some((c) => c.target === `${ctx.selected}@throw`)
    ? ctx.button("throw", "Throw the selected card into its Waste Bin", null) : null;
  if (mine !== null) {
    area.appendChild(bsVendor(ctx, s, s.vendors[mine], mine));
    if (throwing) area.appendChild(throwing);
    area.appendChild(top);
  }
  area.appendChild(bsStalls(ctx, s));
  area.appendChild(vendors);
  if (throwing && mine === null) area.appendChild(throwing);
  if (!s.result && ctx.seat !== null && s.mode !== "sendiri" && s.vendors.length > 1) area.appendChild(bsTradePanel(ctx, s));
  const who = s.decider === null ? "game over" : (s.decider === ctx.seat ? "your decision" : `P${s.decider} to decide`);
  const mode = { standard: "", kenduri: " · Kenduri Menu", sendiri: " · Sendiri (solo)" }[s.mode];
  const round = Math.floor(s.turn / s.players) + 1;
  return `Bansan${mode} · round ${round} · ${s.title} · ${who}`;
}

export default makeBoard(drawGame);
