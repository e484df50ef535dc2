// Bansan's deals on the board (B-ANY-01/02, A-B-60/61): the counter-offer row and the trade
// and bargain panel, with their money checks. Loaded before bansan.js (one module: no
// imports: the board is common.js, panels.js, pictures.js, this file, then bansan.js); its words
// come from Python (cards.words), like the rest of the board.

// The line under a form that says what is wrong with what was typed (nothing is sent).
function bsSaid(ctx) {
  const said = ctx.el("p", "marketlib-form-error");
  said.setAttribute("role", "alert");
  said.hidden = true;
  return said;
}

// Money typed into a form: whole ringgit, 0 or more, for each [name, input]; else the first
// wrong one is named in `said` and null is returned, so nothing is sent (a blank box was sent
// as RM0, and "1.5" came back as a message-format error, helper-87).
function bsRinggit(ctx, said, fields) {
  const out = [];
  for (const [name, input] of fields) {
    const text = input.value.trim();
    const n = Number(text);
    if (text === "" || !Number.isInteger(n) || n < 0) {
      said.textContent = mlT(ctx.cards.words.whole_ringgit, { name });
      said.hidden = false;
      input.focus();
      return null;
    }
    out.push(n);
  }
  said.hidden = true;
  return out;
}

// A counter-offer (A-B-60): another price for a bargain; other terms for a trade are set in
// the trade panel below, which then sends a counter instead of a new proposal.
function bsCounter(ctx, o) {
  const row = ctx.el("div", "marketlib-row-items marketlib-counter");
  const W = ctx.cards.words;
  const left = mlT(W.counter_left, { n: o.counters + 1, most: o.max_counters });
  if (o.kind === "bargain") {
    // the counter starts RM1 the reader's way: up for the seller (the scene names them), down
    // for the buyer, as a bot counters (bots/deals.py); a buyer asked RM0 can only go up (RM0
    // again is refused: "accept it instead")
    const buyer = ctx.seat !== o.seller;
    const label = ctx.el("label", null, mlT(W.counter_price_label, { card: o.card, left }));
    const price = ctx.el("input");
    price.type = "number"; price.min = "0"; price.step = "1"; price.inputMode = "numeric";
    price.value = String(buyer && o.price > 0 ? o.price - 1 : o.price + 1);
    price.setAttribute("aria-label", mlT(W.counter_price_aria, { card: o.card }));
    label.appendChild(price);
    const b = ctx.el("button", "marketlib-btn marketlib-legal", W.counter_price);
    b.type = "button";
    b.dataset.target = "button:counter-price";
    b.dataset.verb = (W.verbs || {}).counter || "";  // its tag, as a choice's (VERB_TAGS)
    b.setAttribute("aria-label", mlT(W.counter_price_button_aria, { seat: o.from }));
    ctx.keep(`counter:${o.from}:${o.card}:${o.price}:${o.counters}`, price);  // this offer's
    const said = bsSaid(ctx);
    b.addEventListener("click", () => {
      const money = bsRinggit(ctx, said, [[W.price, price]]);
      if (!money) return;
      ctx.sending("counter:");
      ctx.sendShown({ type: "counter", price: money[0] });
    });
    row.appendChild(label); row.appendChild(b); row.appendChild(said);
  } else {
    row.appendChild(ctx.el("span", null, mlT(W.counter_terms, { left })));
  }
  return row;
}

function bsTradePanel(ctx, s) {
  const W = ctx.cards.words;
  const me = ctx.seat;
  const o = s.offer;
  const countering = !!(o && o.kind === "trade" && o.to === me && o.counters < o.max_counters);
  // what is typed is kept per form: a proposal, or the counter to this one offer
  const form = countering ? `counter-trade:${o.from}:${o.counters}` : "trade";
  const panel = ctx.el("details", "marketlib-panel marketlib-trade");
  panel.appendChild(ctx.el("summary", null, countering
    ? mlT(W.trade_counter, { seat: o.from, n: o.counters + 1, most: o.max_counters })
    : (ctx.outOfTurn || (s.decider !== me && s.decider !== null)
      ? mlT(W.trade_other, { decider: s.decider })
      : W.trade)));
  ctx.keep(`${form}:open`, panel);
  if (countering || ctx.outOfTurn) panel.open = true;  // whatever the person did with it before
  const to = ctx.el("select");
  to.setAttribute("aria-label", W.trade_with_aria);
  s.vendors.forEach((_, p) => { if (p !== me && (!countering || p === o.from)) { const opt = ctx.el("option", null, `P${p}`); opt.value = String(p); to.appendChild(opt); } });
  const boxes = (cards, name) => {
    const wrap = ctx.el("div", "marketlib-row-items");
    wrap.appendChild(ctx.el("span", "marketlib-row-title", name));
    for (const b of cards) {
      const label = ctx.el("label", null);
      const check = ctx.el("input");
      check.type = "checkbox"; check.value = b.card;
      check.setAttribute("aria-label", `${name} ${b.card}`);
      ctx.keep(`${form}:${name}:${b.card}`, check);
      label.appendChild(check); label.appendChild(ctx.el("span", null, ` ${b.card} (${b.produce})`));
      wrap.appendChild(label);
    }
    return wrap;
  };
  const number = (name, key) => {
    const i = ctx.el("input");
    i.type = "number"; i.min = "0"; i.step = "1"; i.inputMode = "numeric"; i.value = "0";
    i.setAttribute("aria-label", name);
    ctx.keep(key, i);
    const l = ctx.el("label", null, mlT(W.money_label, { name }));
    l.appendChild(i);
    return [l, i];
  };
  const give = boxes(s.vendors[me] ? s.vendors[me].bag : [], W.give_from);
  const takeWrap = ctx.el("div");
  const fillTake = () => { takeWrap.replaceChildren(boxes(s.vendors[Number(to.value)] ? s.vendors[Number(to.value)].bag : [], W.take_from)); };
  ctx.keep(`${form}:seat`, to);
  to.addEventListener("change", fillTake);
  const [payL, pay] = number(W.pay, `${form}:pay`);
  const [askL, ask] = number(W.ask, `${form}:ask`);
  const said = bsSaid(ctx);
  const propose = ctx.el("button", "marketlib-btn", countering ? W.counter_terms_button : W.propose_trade);
  propose.type = "button";
  propose.dataset.target = countering ? "button:counter-trade" : "button:propose-trade";
  propose.setAttribute("aria-label", countering ? mlT(W.counter_terms_aria, { seat: o.from }) : W.propose_trade_aria);
  propose.addEventListener("click", () => {
    const picked = (el) => [...el.querySelectorAll("input:checked")].map((i) => i.value);
    const money = bsRinggit(ctx, said, [[W.pay, pay], [W.ask, ask]]);
    if (!money) return;
    const terms = { give: picked(give), take: picked(takeWrap), pay: money[0], ask: money[1] };
    ctx.sending(`${form}:`);
    ctx.sendShown(countering ? { type: "counter", ...terms } : { type: "propose_trade", to: Number(to.value), ...terms });
  });
  const row = ctx.el("div", "marketlib-row-items");
  row.appendChild(ctx.el("span", null, W.with));
  row.appendChild(to);
  panel.appendChild(row);
  panel.appendChild(give);
  panel.appendChild(takeWrap);
  const money = ctx.el("div", "marketlib-row-items");
  money.appendChild(payL); money.appendChild(askL); money.appendChild(propose);
  panel.appendChild(money);
  panel.appendChild(said);
  // A bargain (B-ANY-01, B-BUY-02) is for a card of the BUY from vendors in progress: the
  // cards it can be for are listed by their produce and Stall (the board draws no codes on
  // cards, so a box asking for "PC-12" asked for what a student could not see, helper-86).
  const p = s.pending;
  const buying = p && p.kind === "Purchase" && p.purchase === "vendors" && s.decider === me;
  // the cards the BUY may pick now are the ones a bargain can be for: Python's own legal
  // picks (a board does not repeat the engine's checks: one seller per BUY under
  // buy_multi_seller=False, helper-88)
  const pickable = new Set(buying ? ctx.choices.filter((c) => c.verb === "pick")
    .map((c) => c.target.split(":")[1]) : []);
  const card = ctx.el("select");
  card.setAttribute("aria-label", W.card_aria);
  for (const st of s.stalls) for (const id of st.cards) {
    if (!pickable.has(id)) continue;  // (never an own or unoperated Stall: B-BUY-04/06)
    const option = ctx.el("option", null, mlT(W.bargain_card, {
      produce: ctx.cards.names[p.produce], seat: st.renter, stall: st.id, card: id }));
    option.value = id;
    card.appendChild(option);
  }
  ctx.keep("bargain:card", card);
  const bargain = ctx.el("div", "marketlib-row-items");
  const [priceL, price] = number(W.price, "bargain:price");
  const ask2 = ctx.el("button", "marketlib-btn", W.propose_bargain);
  ask2.type = "button";
  ask2.setAttribute("aria-label", W.propose_bargain_aria);
  const saidBargain = bsSaid(ctx);
  ask2.addEventListener("click", () => {
    const money = bsRinggit(ctx, saidBargain, [[W.price, price]]);
    if (!money) return;
    ctx.sending("bargain:");
    ctx.sendShown({ type: "bargain", card: card.value, price: money[0] });
  });
  bargain.appendChild(ctx.el("span", "marketlib-row-title", W.bargain));
  bargain.appendChild(card); bargain.appendChild(priceL); bargain.appendChild(ask2);
  if (!countering && card.options.length && !ctx.outOfTurn) {
    panel.appendChild(bargain);
    panel.appendChild(saidBargain);
  }
  fillTake();
  return panel;
}
