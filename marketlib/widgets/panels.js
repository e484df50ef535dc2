// marketlib boards: the panels around the game's own drawing (status line, "While you waited",
// instruction bar, confirmation, controls, legend, log, text description) and the keyboard.
// Concatenated after common.js; no imports, no network.

function mlStatus(model) {
  // One fixed area for busy / error / notice, so a message never pushes the board down.
  const box = mlEl("div", "marketlib-status");
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  if (model.get("busy")) box.appendChild(mlEl("div", "marketlib-busy", model.get("busy")));
  if (model.get("error")) box.appendChild(mlEl("div", "marketlib-error", model.get("error")));
  if (model.get("notice")) box.appendChild(mlEl("div", "marketlib-notice", model.get("notice")));
  return box;
}

// The step in progress as this seat reads it (Python words it per seat: "you" for the decider,
// "P0 is buying ... from you" for a seller); not repeated when the instruction bar says it, nor
// twice in one box (a bargain's offer waits inside a BUY: both parts would add it).
function mlStepLine(ctx, s, box) {
  if (s.step && s.step !== s.instruction && !box.querySelector(".marketlib-step")) {
    box.appendChild(ctx.el("p", "marketlib-step", s.step));
  }
}

function mlStory(model) {
  const lines = model.get("story") || [];
  if (!lines.length) return null;
  const box = mlEl("details", "marketlib-story");
  box.open = true;
  box.appendChild(mlEl("summary", null, "While you waited"));
  const list = mlEl("ul");
  for (const line of lines) list.appendChild(mlEl("li", null, line));
  box.appendChild(list);
  return box;
}

function mlConfirm(choice, yes, no) {
  const bar = mlEl("div", "marketlib-confirm");
  bar.setAttribute("role", "alertdialog");
  bar.appendChild(mlEl("span", null, choice.warn));
  const ok = mlEl("button", "marketlib-btn marketlib-legal", `Yes: ${choice.label || choice.text}`);
  ok.type = "button";
  ok.setAttribute("aria-label", `Yes, ${choice.label || choice.text}`);
  ok.dataset.target = "confirm:yes";
  ok.addEventListener("click", yes);
  const cancel = mlEl("button", "marketlib-btn", "No, go back");
  cancel.type = "button";
  cancel.setAttribute("aria-label", "No, do not play it");
  cancel.dataset.target = "confirm:no";
  cancel.addEventListener("click", no);
  bar.appendChild(ok);
  bar.appendChild(cancel);
  return bar;
}

// Acting out of turn on a shared device (Bansan's "at any time", A-B-60): another person steps
// in on the decider's turn, plays their Rent & Release or proposes a trade, and steps back.
function mlOutOfTurn(model, send, decider) {
  const seats = model.get("step_in") || [];
  const out = !!model.get("out_of_turn");
  if (!seats.length && !out) return null;
  const bar = mlEl("div", "marketlib-out-of-turn");
  if (out) {
    bar.appendChild(mlEl("span", "marketlib-say",
      `P${model.get("seat")}, you are acting out of turn on P${decider}'s decision: rent and release a stall or propose a trade below, or step back.`));
    const back = mlEl("button", "marketlib-btn marketlib-control", `Back to P${decider}`);
    back.type = "button";
    back.dataset.target = "button:step-out";
    back.setAttribute("aria-label", `Step back: P${decider} decides`);
    back.addEventListener("click", () => send({ type: "step_out" }));
    bar.appendChild(back);
    return bar;
  }
  bar.appendChild(mlEl("span", "marketlib-row-title", "Out of turn (any time):"));
  for (const seat of seats) {
    const b = mlEl("button", "marketlib-btn marketlib-control", `P${seat} acts now`);
    b.type = "button";
    b.dataset.target = `button:step-in-${seat}`;
    b.title = `P${seat} takes the device to rent and release a stall or propose a trade, then hands it back`;
    b.setAttribute("aria-label", b.title);
    b.addEventListener("click", () => send({ type: "step_in", seat }));
    bar.appendChild(b);
  }
  return bar;
}

function mlControls(model, send) {
  const bar = mlEl("div", "marketlib-controls");
  const add = (text, aria, onClick, disabled) => {
    const b = mlEl("button", "marketlib-btn marketlib-control", text);
    b.type = "button";
    b.setAttribute("aria-label", aria);
    b.dataset.target = `control:${text}`;
    b.disabled = !!disabled;
    b.addEventListener("click", onClick);
    bar.appendChild(b);
    return b;
  };
  // The controls this board offers (a classroom seat offers none: undo is the teacher's).
  const offered = new Set(model.get("controls") || ["undo", "redo", "new_game", "set_seat", "teacher", "hint", "review"]);
  // Undo and redo act on the position shown: they carry its version (PROTOCOL.md).
  const version = model.get("version");
  if (offered.has("undo")) add("Undo (u)", "Undo the last move (key u)", () => send({ type: "undo", version }), !model.get("can_undo"));
  if (offered.has("redo")) add("Redo (r)", "Redo (key r)", () => send({ type: "redo", version }), !model.get("can_redo"));
  if (offered.has("new_game")) {
    // Empty by default: "New game" then deals fresh cards (Python draws the seed). The
    // current game's seed is shown beside it, to type in and play the same deal again.
    const current = String(model.get("seed") || "");
    const seedLabel = mlEl("label", "marketlib-seed", "Seed (optional) ");
    const seed = mlEl("input");
    seed.type = "text";
    seed.inputMode = "numeric";
    seed.value = "";
    seed.placeholder = current ? `this game: ${current}` : "fresh deal";
    seed.dataset.current = current;
    seed.setAttribute("aria-label", current
      ? `Seed for the next game (optional): empty deals fresh cards; type ${current} to play this deal again`
      : "Seed for the next game (optional): empty deals fresh cards");
    seedLabel.appendChild(seed);
    bar.appendChild(seedLabel);
    add("New game", "Start a new game: fresh cards, or the deal of the seed typed",
      () => send({ type: "new_game", seed: seed.value.trim() || null }));
  }
  const seats = model.get("seats") || [];
  const humans = seats.filter((s) => !s.bot);
  if (humans.length > 1 && offered.has("set_seat")) {
    for (const s of humans) {
      const b = add(`Seat P${s.seat}`, `Show seat P${s.seat}`, () => send({ type: "set_seat", seat: s.seat }));
      b.setAttribute("aria-pressed", String(model.get("seat") === s.seat));
    }
  }
  // The coach (issue 29): a hint on the shown seat's own decision, a review once the game is
  // over. The teacher may switch them off for a classroom; the buttons are then not offered.
  if (offered.has("hint") && !model.get("covered") && !model.get("summary")
      && (model.get("choices") || []).length) {
    add("Hint", "Hint: what the coach would play here, and why", () => send({ type: "hint" }));
  }
  if (offered.has("review") && !model.get("covered") && model.get("summary")) {
    add("Review this game", "Review this game: the moves that cost or gained the most",
      () => send({ type: "review" }));
  }
  if (model.get("teacher") && offered.has("teacher")) {
    const on = !!model.get("teacher_view");
    const t = add(on ? "Teacher view: on" : "Teacher view: off",
      "Teacher view shows every hidden card", () => send({ type: "teacher", on: !on }));
    t.setAttribute("aria-pressed", String(on));
  }
  return bar;
}

function mlLegend(cards) {
  const items = cards.legend || [];
  if (!items.length) return null;
  const box = mlEl("details", "marketlib-legend");
  box.appendChild(mlEl("summary", null, "What the codes and symbols mean"));
  const list = mlEl("dl");
  for (const [code, meaning] of items) {
    list.appendChild(mlEl("dt", null, code));
    list.appendChild(mlEl("dd", null, meaning));
  }
  box.appendChild(list);
  return box;
}

function mlLog(model) {
  const box = mlEl("details", "marketlib-log");
  box.open = true;
  const lines = model.get("log") || [];
  const total = Math.max(model.get("log_total") || 0, lines.length);
  const shown = total > lines.length ? `, the last ${lines.length} shown` : "";
  box.appendChild(mlEl("summary", null, `Game log (${total} moves${shown}, newest last)`));
  const list = mlEl("ol");
  list.setAttribute("tabindex", "0");
  list.setAttribute("aria-label", "Game log");
  for (const line of lines) list.appendChild(mlEl("li", null, line));
  box.appendChild(list);
  return [box, list];
}

function mlText(model) {
  const text = mlEl("details", "marketlib-text");
  text.appendChild(mlEl("summary", null, "Text description of the board"));
  text.appendChild(mlEl("pre", null, model.get("description")));
  return text;
}

// Keys pressed inside a board stay inside it: JupyterLab and Notebook 7 skip their shortcuts
// for events from an element marked data-lm-suppress-shortcuts, and nothing propagates past the
// board root. The board's own keys: u (undo), r (redo), arrows (move between buttons), Escape
// (hand focus back to the notebook), Enter and Space (press the focused button).
function mlKeys(root, model, send, shown) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const buttons = () => [...root.querySelectorAll("button:not([disabled])")].filter((b) => b.offsetParent !== null);
  const onKey = (event) => {
    event.stopPropagation();
    const tag = event.target && event.target.tagName;
    if (event.type !== "keydown") return;
    if (event.key === "Escape") {
      event.preventDefault();
      const home = root.closest(".jp-Notebook") || root.closest(".jp-Cell");
      if (document.activeElement && root.contains(document.activeElement)) document.activeElement.blur();
      if (home) home.focus();
      return;
    }
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "u" || event.key === "r") {
      event.preventDefault();
      if (event.key === "u" && model.get("can_undo")) send({ type: "undo", version: shown() });
      if (event.key === "r" && model.get("can_redo")) send({ type: "redo", version: shown() });
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      const all = buttons();
      if (!all.length) return;
      const at = all.indexOf(document.activeElement);
      all[(at + step + all.length) % all.length].focus();
    }
  };
  for (const type of ["keydown", "keyup", "keypress"]) root.addEventListener(type, onKey);
  return () => { for (const type of ["keydown", "keyup", "keypress"]) root.removeEventListener(type, onKey); };
}
