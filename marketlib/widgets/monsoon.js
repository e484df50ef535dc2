// Monsoon Market board: draws the scene (a seat's view) that Python sends. No rules here.

const MM_LEVEL = { gold: "Gold", silver: "Silver", bulk: "Bulk" };
const MM_ACTION = {
  upgrade: "Upgrade another Order", keep1: "Keep 1 spent card",
  fulfill_another: "Fulfill another Order", steal2: "Steal 2 cards",
};

// A good as a band in its colour: its picture and its name (and how many, for an Order).
function mmBand(ctx, good, words) {
  return mlBand(ctx, good, words || good, ctx.cards.colours[good], ctx.cards.inks[good]);
}

function mmCard(ctx, id, target, where) {
  // a card drawn as a card: its quantity large, beside its good (or its two goods, one above
  // the other: it counts as either); its code is in the button's label and title
  const card = ctx.cards.goods[id];
  const body = mlOnce(ctx, `mm|${id}`, () => {
    const face = ctx.el("span", "marketlib-card-body marketlib-card-face marketlib-goods-card");
    face.appendChild(ctx.el("span", "marketlib-qty", card.quantity));
    const col = ctx.el("span", "marketlib-halves");
    for (const good of card.goods) col.appendChild(mmBand(ctx, good));
    face.appendChild(col);
    return face;
  });
  return ctx.button(target || `card:${id}`, `${card.goods.join(" or ")} ${card.quantity} (${id}, ${where})`,
    body, "marketlib-card");
}

function mmOrder(ctx, id, owned, spendPhase) {
  const order = ctx.cards.orders[id];
  const body = ctx.el("span", "marketlib-order-body");
  // an Order drawn as a card: the goods it asks for, each a picture with its name and how
  // many; below, the seals on each edge; its code is small in its corner and in its title
  const head = ctx.el("span", "marketlib-order-head");
  head.appendChild(mlPictured(ctx, "order", id, "marketlib-id"));
  if (owned) head.appendChild(ctx.el("span", `marketlib-edge marketlib-edge-${owned.level}`, MM_LEVEL[owned.level]));
  body.appendChild(head);
  const need = ctx.el("span", "marketlib-halves marketlib-order-need");
  for (const [good, n] of order.needs) need.appendChild(mmBand(ctx, good, `${good} ${n}`));
  body.appendChild(need);
  const bulk = order.bonus_good ? `${order.bulk} + Bonus ${order.bonus_good}` : `${order.bulk}`;
  const edges = mlPictured(ctx, "seal", `Gold ${order.gold} · Silver ${order.silver} · Bulk ${bulk}`, "marketlib-order-edges");
  edges.title = "Seals for each edge: Gold (exact goods), Silver (each line by a different type), Bulk (enough goods in total; no Bonus Action, but the Bonus Good)";
  body.appendChild(edges);
  body.appendChild(ctx.el("span", "marketlib-order-action", MM_ACTION[order.bonus_action]));
  if (owned && owned.bonus) {
    const bonus = mlPictured(ctx, order.bonus_good, `Bonus ${order.bonus_good} ${order.bonus_quantity} unspent`, "marketlib-bonus-good");
    bonus.title = "A Bonus Good: spend it like a card to fulfil another Order (it turns this Order to Silver)";
    body.appendChild(bonus);
  }
  const target = owned && owned.bonus && spendPhase ? `bonus:${id}` : `order:${id}`;
  const what = owned ? `your Order ${id} at ${MM_LEVEL[owned.level]}` : `Order ${id}`;
  return ctx.button(target, `${what}: ${order.label}`, body, "marketlib-order");
}

function mmRow(ctx, title, items) {
  const row = ctx.el("section", "marketlib-row");
  row.appendChild(ctx.el("h4", "marketlib-row-title", title));
  const box = ctx.el("div", "marketlib-row-items");
  for (const item of items) box.appendChild(item);
  if (!items.length) box.appendChild(ctx.el("span", "marketlib-empty", "(empty)"));
  row.appendChild(box);
  return row;
}

function mmPending(ctx, s) {
  const p = s.pending;
  if (!p) return null;
  const box = ctx.el("section", "marketlib-pending");
  // the words come from Python, per seat: the decider reads "you", the others "P0 is ..."
  mlStepLine(ctx, s, box);
  if (p.type === "fulfill") {
    const need = ctx.el("div", "marketlib-row-items");
    for (const [good, n] of ctx.cards.orders[p.order].needs) need.appendChild(mmBand(ctx, good, `${good} ${n}`));
    box.appendChild(need);
    box.appendChild(ctx.el("p", null, `${p.order} (${ctx.cards.orders[p.order].label}). Spent:`));
    const spent = ctx.el("div", "marketlib-row-items");
    for (const id of p.cards) {
      const card = ctx.cards.goods[id];
      const one = mlPictured(ctx, card.goods[0], card.label, "marketlib-spent");
      one.title = id;
      spent.appendChild(one);
    }
    for (const id of p.bonus_goods) spent.appendChild(ctx.el("span", "marketlib-spent", `Bonus ${ctx.cards.orders[id].bonus_good} from ${id}`));
    if (!p.cards.length && !p.bonus_goods.length) spent.appendChild(ctx.el("span", "marketlib-empty", "nothing yet"));
    box.appendChild(spent);
    const levels = ctx.el("div", "marketlib-row-items");
    for (const level of ["gold", "silver", "bulk"]) levels.appendChild(ctx.button(`level:${level}`, `Declare ${MM_LEVEL[level]}`, null, `marketlib-level marketlib-edge-${level}`));
    box.appendChild(levels);
  }
  if (p.type === "bonus") {
    if (p.action === "keep1") {
      const spent = ctx.el("div", "marketlib-row-items");
      for (const id of p.spent) spent.appendChild(mmCard(ctx, id, `spent:${id}`, "spent"));
      box.appendChild(spent);
    }
  }
  return box;
}

function drawGame(ctx, area) {
  const s = ctx.scene;
  if (!s.rules) return "";
  const spendPhase = s.phase === "spend";
  const top = ctx.el("div", "marketlib-table marketlib-market");
  top.appendChild(mmRow(ctx, `Market (Goods deck ${s.goods_deck_size}, discard ${s.discard.length})`,
    s.market.map((id) => mmCard(ctx, id, null, "Market"))));
  top.appendChild(mmRow(ctx, `Order display (Order deck ${s.order_deck_size})`,
    s.order_display.map((id) => mmOrder(ctx, id, null, spendPhase))));
  // On a narrow board the seat's own choices and panel come first, then the public market.
  const mine = ctx.narrow && ctx.seat !== null && s.seats[ctx.seat] ? ctx.seat : null;
  if (mine === null) area.appendChild(top);
  const pending = mmPending(ctx, s);
  if (pending) area.appendChild(pending);
  const players = ctx.el("div", "marketlib-players");
  const panels = s.seats.map((seat, p) => {
    const info = ctx.seats[p] || {};
    const who = info.bot ? `${info.bot}` : (p === ctx.seat ? "you" : (info.person || "person"));
    const panel = ctx.el("section", "marketlib-player" + (p === s.current && !s.result ? " marketlib-current" : "") + (p === ctx.seat ? " marketlib-own" : ""));
    panel.dataset.seat = String(p);
    const title = ctx.el("h4", "marketlib-row-title", `P${p} (${who}) · `);
    title.appendChild(mlPictured(ctx, "seal", `${s.seals[p]} seals`));
    title.appendChild(document.createTextNode(` · ${seat.display.length}/${s.rules.display_limit} cards${p === s.current && !s.result ? " · to play" : ""}`));
    panel.appendChild(title);
    const cards = ctx.el("div", "marketlib-row-items");
    for (const id of seat.display) cards.appendChild(mmCard(ctx, id, null, `P${p}'s display`));
    if (!seat.display.length) cards.appendChild(ctx.el("span", "marketlib-empty", "(no cards)"));
    panel.appendChild(cards);
    if (seat.orders.length) {
      const orders = ctx.el("div", "marketlib-row-items");
      for (const o of seat.orders) orders.appendChild(mmOrder(ctx, o.id, o, spendPhase && p === s.current));
      panel.appendChild(orders);
    }
    return panel;
  });
  panels.forEach((panel, p) => { if (p !== mine) players.appendChild(panel); });
  if (mine !== null) {
    area.appendChild(panels[mine]);
    area.appendChild(top);
  }
  area.appendChild(players);
  const target = s.rules.seal_target;
  if (s.result) return `Monsoon Market · game over · target ${target} seals`;
  const who = s.current === ctx.seat ? "your turn" : `P${s.current} to play`;
  const round = Math.floor(s.turn / s.seats.length) + 1;
  return `Monsoon Market · round ${round} · ${s.title} · ${who} · target ${target} seals`;
}

export default makeBoard(drawGame);
