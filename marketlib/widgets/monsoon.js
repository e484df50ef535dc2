// Monsoon Market board: draws the scene (a seat's view) that Python sends. No rules here.

// A level's and a Bonus Action's words: cards.words.level_<level>, action_<action>.

// A good as a band in its colour: its picture and its name (and how many, for an Order).
function mmBand(ctx, good, words) {
  return mlBand(ctx, good, words || ctx.cards.words[`good_${good}`] || good, ctx.cards.colours[good], ctx.cards.inks[good]);
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
  const W = ctx.cards.words;
  const goods = card.goods.map((g) => W[`good_${g}`]);
  return ctx.button(target || `card:${id}`, mlT(W.card, { goods: goods.join(W.or), quantity: card.quantity, id, where }),
    body, "marketlib-card");
}

// The seals on each edge of an Order ("Gold 5 · Silver 3 · Bulk 1", a Bulk edge's Bonus Good).
function mmEdges(ctx, order) {
  const W = ctx.cards.words;
  const bulk = order.bonus_good
    ? mlT(W.bonus_bulk, { bulk: order.bulk, good: W[`good_${order.bonus_good}`] }) : `${order.bulk}`;
  const edges = mlPictured(ctx, "seal", mlT(W.edges, { gold: order.gold, silver: order.silver, bulk }), "marketlib-order-edges");
  edges.title = W.edges_title;
  return edges;
}

function mmOrder(ctx, id, owned, spendPhase) {
  const W = ctx.cards.words;
  const order = ctx.cards.orders[id];
  const body = ctx.el("span", "marketlib-order-body");
  // an Order drawn as a card: the goods it asks for, each a picture with its name and how
  // many; below, the seals on each edge; its code is small in its corner and in its title
  const head = ctx.el("span", "marketlib-order-head");
  head.appendChild(mlPictured(ctx, "order", id, "marketlib-id"));
  if (owned) head.appendChild(ctx.el("span", `marketlib-edge marketlib-edge-${owned.level}`, W[`level_${owned.level}`]));
  body.appendChild(head);
  const need = ctx.el("span", "marketlib-halves marketlib-order-need");
  for (const [good, n] of order.needs) need.appendChild(mmBand(ctx, good, `${W[`good_${good}`]} ${n}`));
  body.appendChild(need);
  const bonusGood = W[`good_${order.bonus_good}`];
  body.appendChild(mmEdges(ctx, order));
  body.appendChild(ctx.el("span", "marketlib-order-action", W[`action_${order.bonus_action}`]));
  if (owned && owned.bonus) {
    const bonus = mlPictured(ctx, order.bonus_good, mlT(W.bonus_unspent, { good: bonusGood, quantity: order.bonus_quantity }), "marketlib-bonus-good");
    bonus.title = W.bonus_title;
    body.appendChild(bonus);
  }
  const target = owned && owned.bonus && spendPhase ? `bonus:${id}` : `order:${id}`;
  const what = owned ? mlT(W.your_order, { id, level: W[`level_${owned.level}`] }) : mlT(W.order, { id });
  return ctx.button(target, mlT(W.order_button, { what, label: order.label }), body, "marketlib-order");
}

function mmRow(ctx, title, items) {
  const row = ctx.el("section", "marketlib-row");
  row.appendChild(ctx.el("h4", "marketlib-row-title", title));
  const box = ctx.el("div", "marketlib-row-items");
  for (const item of items) box.appendChild(item);
  if (!items.length) box.appendChild(ctx.el("span", "marketlib-empty", ctx.cards.words.empty));
  row.appendChild(box);
  return row;
}

function mmPending(ctx, s) {
  const p = s.pending;
  if (!p) return null;
  const box = ctx.el("section", "marketlib-pending");
  const W = ctx.cards.words;
  // the words come from Python, per seat: the decider reads "you", the others "P0 is ..."
  mlStepLine(ctx, s, box);
  if (p.type === "fulfill") {
    const need = ctx.el("div", "marketlib-row-items");
    const order = ctx.cards.orders[p.order];
    for (const [good, n] of order.needs) need.appendChild(mmBand(ctx, good, `${W[`good_${good}`]} ${n}`));
    box.appendChild(need);
    // the Order's seals per level and its Bonus Action stay in sight while it is fulfilled
    // (a first-time player lost them once the Order left the display)
    const edges = ctx.el("div", "marketlib-row-items");
    edges.appendChild(mmEdges(ctx, order));
    edges.appendChild(ctx.el("span", "marketlib-order-action", W[`action_${order.bonus_action}`]));
    box.appendChild(edges);
    box.appendChild(ctx.el("p", null, mlT(W.spent_head, { order: p.order, label: ctx.cards.orders[p.order].label })));
    const spent = ctx.el("div", "marketlib-row-items");
    for (const id of p.cards) {
      const card = ctx.cards.goods[id];
      const one = mlPictured(ctx, card.goods[0], card.label, "marketlib-spent");
      one.title = id;
      spent.appendChild(one);
    }
    for (const id of p.bonus_goods) spent.appendChild(ctx.el("span", "marketlib-spent", mlT(W.bonus_from, { good: W[`good_${ctx.cards.orders[id].bonus_good}`], id })));
    if (!p.cards.length && !p.bonus_goods.length) spent.appendChild(ctx.el("span", "marketlib-empty", W.nothing_yet));
    box.appendChild(spent);
    const levels = ctx.el("div", "marketlib-row-items");
    for (const level of ["gold", "silver", "bulk"]) levels.appendChild(ctx.button(`level:${level}`, mlT(W.declare, { level: W[`level_${level}`] }), null, `marketlib-level marketlib-edge-${level}`));
    box.appendChild(levels);
  }
  if (p.type === "bonus") {
    if (p.action === "keep1") {
      const spent = ctx.el("div", "marketlib-row-items");
      for (const id of p.spent) spent.appendChild(mmCard(ctx, id, `spent:${id}`, W.spent));
      box.appendChild(spent);
    }
  }
  return box;
}

function drawGame(ctx, area) {
  const s = ctx.scene;
  if (!s.rules) return "";
  const W = ctx.cards.words;
  const spendPhase = s.phase === "spend";
  const top = ctx.el("div", "marketlib-table marketlib-market");
  top.appendChild(mmRow(ctx, mlT(W.market, { deck: s.goods_deck_size, discard: s.discard.length }),
    s.market.map((id) => mmCard(ctx, id, null, W.in_market))));
  top.appendChild(mmRow(ctx, mlT(W.order_display, { deck: s.order_deck_size }),
    s.order_display.map((id) => mmOrder(ctx, id, null, spendPhase))));
  // On a narrow board the seat's own choices and panel come first, then the public market.
  const mine = ctx.narrow && ctx.seat !== null && s.seats[ctx.seat] ? ctx.seat : null;
  if (mine === null) area.appendChild(top);
  const pending = mmPending(ctx, s);
  if (pending) area.appendChild(pending);
  const players = ctx.el("div", "marketlib-players");
  const panels = s.seats.map((seat, p) => {
    const info = ctx.seats[p] || {};
    const who = info.bot ? `${info.bot}` : (p === ctx.seat ? W.you : (info.person || W.person));
    const panel = ctx.el("section", "marketlib-player" + (p === s.current && !s.result ? " marketlib-current" : "") + (p === ctx.seat ? " marketlib-own" : ""));
    panel.dataset.seat = String(p);
    const title = mlTNodes(ctx.el("h4", "marketlib-row-title"), s.seals[p] === 1 ? W.player_head_one : W.player_head,
      { seat: p, who, seals: mlPictured(ctx, "seal", `${s.seals[p]}`), cards: seat.display.length, limit: s.rules.display_limit });
    title.appendChild(document.createTextNode(p === s.current && !s.result ? W.to_play : ""));
    panel.appendChild(title);
    const cards = ctx.el("div", "marketlib-row-items");
    for (const id of seat.display) cards.appendChild(mmCard(ctx, id, null, mlT(W.display_of, { seat: p })));
    if (!seat.display.length) cards.appendChild(ctx.el("span", "marketlib-empty", W.no_cards));
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
  if (s.result) return mlT(W.header_over, { target });
  const who = s.current === ctx.seat ? W.your_turn : mlT(W.p_to_play, { seat: s.current });
  return mlT(W.header, { round: s.round, title: s.title, who, target });
}

export default makeBoard(drawGame);
