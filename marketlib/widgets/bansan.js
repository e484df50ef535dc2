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
  const back = mlPictured(ctx, c.waste, `${ctx.cards.wastes[c.waste]}${c.star ? " \u2605" : ""}`, "marketlib-card-label");
  if (c.star) mlExplained(back, ctx.cards.explain.star);  // what the Star does, where it is
  body.appendChild(back);
  return body;
}

function bsCard(ctx, id, where, as) {
  const c = ctx.cards.produce[id];
  const W = ctx.cards.words;
  const label = mlT(as ? (c.star ? W.card_as_star : W.card_as) : (c.star ? W.card_halves_star : W.card_halves),
    { name: ctx.cards.names[as], top: ctx.cards.names[c.top], bottom: ctx.cards.names[c.bottom],
      waste: ctx.cards.wastes[c.waste], id, where });
  return ctx.button(`card:${id}`, label, bsCardBody(ctx, id, as), "marketlib-card");
}

function bsSection(ctx, title, cls) {
  const box = ctx.el("section", "marketlib-row" + (cls ? " " + cls : ""));
  box.appendChild(ctx.el("h4", "marketlib-row-title", title));
  const items = ctx.el("div", "marketlib-row-items");
  box.appendChild(items);
  return [box, items];
}

// What a purchase button's price reads (RULES 4.1.5): a BUY from vendors at the market price;
// a wholesale BUY at half price, or free under its Event (EV-13..16); a sale at half price, or
// full under its Event (EV-17..20). The prices and Events are the scene's (the rules in force).
const BS_PRICE_WORDS = { wholesale: ["price_half", "price_free"], sell: ["price_half", "price_full"] };

function bsEventName(ctx, id) {
  const e = ctx.cards.events[id];
  return e ? `${e.name}, ${id}` : id;
}

function bsTypeButtons(ctx, s, prefix, label, priced) {
  const row = ctx.el("div", "marketlib-row-items");
  row.appendChild(ctx.el("span", "marketlib-row-title", label));
  for (const t of BS_TYPES) {
    const body = ctx.el("span", "marketlib-card-body");
    body.appendChild(bsBand(ctx, t));
    const price = s.prices[t];
    const word = BS_PRICE_WORDS[prefix] && BS_PRICE_WORDS[prefix][s.price_events[prefix] ? 1 : 0];
    const unoperated = prefix === "buy" && s.unoperated_factor  // B-SOLO-12: twice, to the bank
      ? mlT(ctx.cards.words.price_unoperated, { price, double: price * s.unoperated_factor }) : `RM${price}`;
    if (priced) body.appendChild(mlPictured(ctx, "money", word ? mlT(ctx.cards.words[word], { price }) : unoperated));
    row.appendChild(ctx.button(`${prefix}:${t}`, mlT(ctx.cards.words.type_button, { label, name: ctx.cards.names[t] }), body, "marketlib-type"));
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
  return ctx.button(`list:${id}`, mlT(ctx.cards.words.list, { id, icons: l.icons.join(", "), value: l.value }), body, "marketlib-list");
}

function bsStalls(ctx, s) {
  const W = ctx.cards.words;
  const [box, items] = bsSection(ctx, W.stalls);
  items.className = "marketlib-grid";
  items.style.setProperty("--marketlib-columns", String(s.columns));  // narrow: reflowed (board.css)
  box.classList.add("marketlib-market");
  s.stalls.forEach((st, i) => {
    if (s.mode === "sendiri" && i % s.columns === 0) {
      const row = i / s.columns + 1;
      const cellMove = ctx.button(`move:${row}`, mlT(W.move_row_aria, { row }), null, "marketlib-move");
      cellMove.textContent = mlT(W.move_row, { row });  // a whole grid row (board.css)
      items.appendChild(cellMove);
    }
    const info = ctx.cards.stalls[st.id];
    const cell = ctx.el("div", "marketlib-player" + (st.open ? "" : " marketlib-stall-closed"));
    const who = st.renter === null ? W.unoperated : (st.renter === -1 ? W.neighbour : `P${st.renter}`);
    const head = ctx.el("span", "marketlib-card-body");
    head.appendChild(bsBand(ctx, info.sells));
    const whoEl = head.appendChild(ctx.el("b", null, who));
    if (st.renter === null) mlExplained(whoEl, ctx.cards.explain.unoperated);
    head.appendChild(ctx.el("span", null, st.open ? W.open : W.closed_head));
    head.appendChild(ctx.el("span", "marketlib-id", st.id));
    cell.appendChild(ctx.button(`stall:${st.id}`, mlT(W.stall, { id: st.id, name: ctx.cards.names[info.sells], who, state: st.open ? W.open : W.closed, count: st.cards.length }), head, "marketlib-stall"));
    const stock = ctx.el("div", "marketlib-row-items");
    for (const id of st.cards) stock.appendChild(bsCard(ctx, id, mlT(W.in_stall, { id: st.id }), info.sells));
    if (!st.cards.length) stock.appendChild(ctx.el("span", "marketlib-empty", W.empty));
    cell.appendChild(stock);
    items.appendChild(cell);
  });
  const rr = ctx.choices.filter((c) => c.target.startsWith("rr:"));
  const anyRR = ctx.anyTime.filter((c) => c.target.startsWith("rr:"));
  if (rr.length || anyRR.length) {
    const panel = ctx.el("details", "marketlib-panel marketlib-rr");
    const when = rr.length ? "" : (s.decider === ctx.seat ? W.rr_now_own : mlT(W.rr_now_other, { decider: s.decider }));
    panel.appendChild(ctx.el("summary", null, mlT(W.rr, { when, count: rr.length + anyRR.length })));
    for (const c of rr) panel.appendChild(ctx.button(c.target, c.label || c.text, null, "marketlib-choice"));
    for (const c of anyRR) panel.appendChild(ctx.anyTimeButton(c));
    ctx.keep("rr:open", panel);  // open while the person reads it, whoever moves meanwhile
    if (ctx.outOfTurn) panel.open = true;  // and always for a person who stepped in
    box.appendChild(panel);
  }
  return box;
}

function bsBins(ctx, s) {
  const W = ctx.cards.words;
  const [box, items] = bsSection(ctx, mlT(W.bins, { capacity: s.bin_capacity }));
  s.bins.forEach((cards, i) => {
    const w = BS_WASTE[i];
    const over = s.bins_over[i];
    const body = ctx.el("span", "marketlib-card-body");
    const name = mlPictured(ctx, w, ctx.cards.wastes[w], "marketlib-strong");
    name.prepend(mlPicture(ctx, "bin"));
    body.appendChild(name);
    body.appendChild(ctx.el("span", null, `${cards.length}/${s.bin_capacity}${over ? W.overflow : ""}`));
    const meter = ctx.el("span", "marketlib-meter" + (over ? " marketlib-meter-over" : ""));
    meter.style.width = `${Math.min(60, 10 * cards.length)}px`;
    body.appendChild(meter);
    items.appendChild(ctx.button(`bin:${w}`, mlT(over ? W.bin_over : W.bin, { waste: ctx.cards.wastes[w], count: cards.length, capacity: s.bin_capacity }), body, "marketlib-bin" + (over ? " marketlib-bin-over" : "")));
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
    else if (o.to === ctx.seat) box.appendChild(ctx.el("p", null, mlT(ctx.cards.words.counters_made, { counters: o.counters, most: o.max_counters })));
    // the vendor who made the offer may take it back while it waits (an any-time action)
    for (const c of ctx.anyTime.filter((c) => c.target === "button:withdraw")) box.appendChild(ctx.anyTimeButton(c));
  }
  if (p && p.kind === "Stocking") {
    mlStepLine(ctx, s, box);
    const row = ctx.el("div", "marketlib-row-items");
    for (const c of p.cards) row.appendChild(bsCard(ctx, c.card, mlT(ctx.cards.words.to_stock_as, { options: c.options.join(ctx.cards.words.or) }), c.options.length === 1 ? c.options[0] : null));
    box.appendChild(row);
  } else if (p && p.kind === "OpeningHand") {
    mlStepLine(ctx, s, box);
    const row = ctx.el("div", "marketlib-row-items");
    for (const id of p.cards) row.appendChild(bsCard(ctx, id, ctx.cards.words.opening_hand));
    box.appendChild(row);
    for (const half of ["top", "bottom"]) {
      const line = ctx.el("div", "marketlib-row-items");
      const pick = ctx.button(`button:half-${half}`, mlT(ctx.cards.words[`use_halves_aria_${half}`], { count: p.cards.length }), null);
      pick.textContent = ctx.cards.words[`use_halves_${half}`];
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

function bsVendor(ctx, s, v, p) {
  const W = ctx.cards.words;
  const info = ctx.seats[p] || {};
  const who = info.bot ? info.bot : (p === ctx.seat ? W.you : (info.person || W.person));
  const mark = p === s.decider && !s.result;
  const panel = ctx.el("section", "marketlib-player" + (mark ? " marketlib-current" : "") + (p === ctx.seat ? " marketlib-own" : ""));
  panel.dataset.seat = String(p);
  const money = v.money === null ? W.rm_hidden : `RM${v.money}`;
  const title = mlTNodes(ctx.el("h4", "marketlib-row-title"), W.vendor_head,
    { seat: p, who, money: mlPictured(ctx, "money", money), bag: v.bag.length, limit: s.bag_limit });
  title.appendChild(document.createTextNode(
    (s.mode === "sendiri" ? "" : `${v.rr_used ? W.rr_used : W.rr_unused}${s.token === p ? W.token : ""}`) +
    (mark ? W.to_decide : "")));
  panel.appendChild(title);
  const wallet = ctx.el("div", "marketlib-row-items");
  wallet.appendChild(ctx.el("span", "marketlib-row-title", W.wallet));
  if (v.wallet === null) wallet.appendChild(ctx.el("span", "marketlib-empty", mlT(W.hidden_lists, { count: v.wallet_size })));
  else for (const id of v.wallet) {
    wallet.appendChild(bsList(ctx, id, true));
    for (const c of ctx.choices.filter((x) => x.target.startsWith(`complete:${id}:`)))
      wallet.appendChild(ctx.button(c.target, c.label || c.text, null, "marketlib-choice"));
  }
  if (s.mode !== "kenduri") panel.appendChild(wallet);
  if (v.completed.length) {
    const done = ctx.el("div", "marketlib-row-items");
    done.appendChild(ctx.el("span", "marketlib-row-title", W.completed));
    for (const id of v.completed) done.appendChild(bsList(ctx, id, false));
    panel.appendChild(done);
  }
  const bag = ctx.el("div", "marketlib-row-items");
  bag.appendChild(ctx.el("span", "marketlib-row-title", W.bag));
  for (const b of v.bag) bag.appendChild(bsCard(ctx, b.card, mlT(W.bag_of, { seat: p }), b.produce));
  if (!v.bag.length) bag.appendChild(ctx.el("span", "marketlib-empty", W.empty));
  panel.appendChild(bag);
  if (ctx.selected && ctx.selected.startsWith("card:") && ctx.choices.some((c) => c.target === `${ctx.selected}@give:${p}`))
    panel.appendChild(ctx.button(`give:${p}`, mlT(W.give, { seat: p }), null));
  return panel;
}

function drawGame(ctx, area) {
  const s = ctx.scene;
  if (!s.stalls) return "";
  const W = ctx.cards.words;
  const top = ctx.el("div", "marketlib-table marketlib-market");
  const [row, rowItems] = bsSection(ctx, "");
  const outside = mlExplained(ctx.el("span", null, String(s.outside.length)), ctx.cards.explain.outside);  // the count only
  mlTNodes(row.firstChild, W.row, { deck: s.deck, lists: s.list_deck, outside });
  for (const id of s.row) rowItems.appendChild(bsCard(ctx, id, W.wholesale_row));
  top.appendChild(row);
  top.appendChild(bsBins(ctx, s));
  if (s.events.length) {
    const [ev, evItems] = bsSection(ctx, W.events);
    for (const id of s.events) {  // each with whether it is in force (the scene's words)
      const st = (s.event_status || {})[id];
      const said = `${ctx.cards.events[id].name} (${id}): ${ctx.cards.events[id].does}`;
      evItems.appendChild(ctx.el("span", st ? `marketlib-spent marketlib-event-${st.state}` : "marketlib-spent",
        st ? `${said} (${st.words})` : said));
    }
    top.appendChild(ev);
  }
  if (s.mode === "kenduri") {
    const [pub, pubItems] = bsSection(ctx, mlT(W.kenduri_menu, { count: s.public.length }));
    for (const id of s.public) {
      pubItems.appendChild(bsList(ctx, id, false));
      for (const c of ctx.choices.filter((x) => x.target.startsWith(`complete:${id}:`)))
        pubItems.appendChild(ctx.button(c.target, c.label || c.text, null, "marketlib-choice"));
    }
    if (!s.public.length) pubItems.appendChild(ctx.el("span", "marketlib-empty", W.all_completed));
    top.appendChild(pub);
  }
  if (s.auto_log.length) {
    const [auto, autoItems] = bsSection(ctx, s.mode === "sendiri" ? W.auto_solo : W.auto);
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
    const [st, stItems] = bsSection(ctx, W.stock_title);
    stItems.appendChild(bsTypeButtons(ctx, s, "stock", W.stock_take, false));
    area.appendChild(st);
  }
  if (s.phase === "actions" && !s.pending && !s.offer) {
    const [ac, acItems] = bsSection(ctx, mlT(W.actions_title, { count: s.actions_left }));
    acItems.className = "";
    const free = s.price_events.wholesale, full = s.price_events.sell;
    if (s.price_note) acItems.appendChild(ctx.el("p", "marketlib-price-note", s.price_note));
    acItems.appendChild(bsTypeButtons(ctx, s, "buy", W.buy, true));
    acItems.appendChild(bsTypeButtons(ctx, s, "wholesale", free ? mlT(W.buy_wholesale_free, { event: bsEventName(ctx, free) }) : W.buy_wholesale, true));
    acItems.appendChild(bsTypeButtons(ctx, s, "sell", full ? mlT(W.sell_full, { event: bsEventName(ctx, full) }) : W.sell, true));
    area.appendChild(ac);
  }
  const vendors = ctx.el("div", "marketlib-players");
  s.vendors.forEach((v, p) => { if (p !== mine) vendors.appendChild(bsVendor(ctx, s, v, p)); });
  const throwing = ctx.selected && ctx.choices.some((c) => c.target === `${ctx.selected}@throw`)
    ? ctx.button("throw", W.throw, null) : null;
  if (mine !== null) {
    area.appendChild(bsVendor(ctx, s, s.vendors[mine], mine));
    if (throwing) area.appendChild(throwing);
    area.appendChild(top);
  }
  area.appendChild(bsStalls(ctx, s));
  area.appendChild(vendors);
  if (throwing && mine === null) area.appendChild(throwing);
  if (!s.result && ctx.seat !== null && s.mode !== "sendiri" && s.vendors.length > 1) area.appendChild(bsTradePanel(ctx, s));
  const who = s.decider === null ? W.game_over : (s.decider === ctx.seat ? W.your_decision : mlT(W.p_to_decide, { seat: s.decider }));
  const mode = { standard: "", kenduri: W.mode_kenduri, sendiri: W.mode_sendiri }[s.mode];
  const head = s.result ? W.header_over : (s.round === null ? W.header_between : W.header);  // round: in the turns only
  return mlT(head, { mode, round: s.round, title: s.title, who });
}

export default makeBoard(drawGame);
