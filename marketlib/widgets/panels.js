// marketlib boards: the panels around the game's own drawing (status line, "While you waited",
// instruction bar, confirmation, controls, legend, log, text description) and the keyboard.
// Concatenated after common.js; no imports, no network.

function mlStatus(model) {
  // One fixed area for busy / error / notice / confirmation, so a message never pushes the board down.
  const box = mlEl("div", "marketlib-status");
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  if (model.get("busy")) box.appendChild(mlEl("div", "marketlib-busy", model.get("busy")));
  if (model.get("error")) box.appendChild(mlEl("div", "marketlib-error", model.get("error")));
  if (model.get("notice")) box.appendChild(mlEl("div", "marketlib-notice", model.get("notice")));
  // A confirmation of what this seat just did ("Done: ...", "Undone: ..."): a calm tick, never
  // drawn like a refusal or an answer to a question (issue 30, point 4).
  const done = model.get("confirmation");
  if (done) {
    const line = mlEl("div", "marketlib-confirmation");  // read by the box's own status region
    const tick = mlEl("span", "marketlib-tick", "\u2713");
    tick.setAttribute("aria-hidden", "true");
    line.appendChild(tick);
    line.appendChild(mlEl("span", null, done));
    box.appendChild(line);
  }
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
  box.appendChild(mlEl("summary", null, mlWords(model).waited));
  const list = mlEl("ul");
  for (const line of lines) list.appendChild(mlEl("li", null, line));
  box.appendChild(list);
  return box;
}

function mlConfirm(choice, yes, no, w) {
  const bar = mlEl("div", "marketlib-confirm");
  bar.setAttribute("role", "alertdialog");
  bar.appendChild(mlEl("span", null, choice.warn));
  const ok = mlEl("button", "marketlib-btn marketlib-legal", mlT(w.confirm_yes, { choice: choice.label || choice.text }));
  ok.type = "button";
  ok.setAttribute("aria-label", mlT(w.confirm_yes_aria, { choice: choice.label || choice.text }));
  ok.dataset.target = "confirm:yes";
  ok.dataset.verb = (w.verbs || {})[choice.verb] || "";  // the tag of the choice it plays
  ok.addEventListener("click", yes);
  const cancel = mlEl("button", "marketlib-btn", w.confirm_no);
  cancel.type = "button";
  cancel.setAttribute("aria-label", w.confirm_no_aria);
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
  const w = mlWords(model);
  if (out) {
    bar.appendChild(mlEl("span", "marketlib-say",
      mlT(w.out_of_turn_say, { seat: model.get("seat"), decider })));
    const back = mlEl("button", "marketlib-btn marketlib-control", mlT(w.back_to, { decider }));
    back.type = "button";
    back.dataset.target = "button:step-out";
    back.setAttribute("aria-label", mlT(w.back_to_aria, { decider }));
    back.addEventListener("click", () => send({ type: "step_out" }));
    bar.appendChild(back);
    return bar;
  }
  bar.appendChild(mlEl("span", "marketlib-row-title", w.out_of_turn_title));
  for (const seat of seats) {
    const b = mlEl("button", "marketlib-btn marketlib-control", mlT(w.step_in, { seat }));
    b.type = "button";
    b.dataset.target = `button:step-in-${seat}`;
    b.title = mlT(w.step_in_title, { seat });
    b.setAttribute("aria-label", b.title);
    b.addEventListener("click", () => send({ type: "step_in", seat }));
    bar.appendChild(b);
  }
  return bar;
}

function mlControls(model, send) {
  const bar = mlEl("div", "marketlib-controls");
  const w = mlWords(model);
  // A control's data-target is its name in every language (control_targets); a seat's is
  // its own.
  const add = (name, text, aria, onClick, disabled) => {
    const b = mlEl("button", "marketlib-btn marketlib-control", text);
    b.type = "button";
    b.setAttribute("aria-label", aria);
    b.dataset.target = `control:${(w.control_targets || {})[name] || text}`;
    b.disabled = !!disabled;
    b.addEventListener("click", onClick);
    bar.appendChild(b);
    return b;
  };
  // The controls this board offers (a classroom seat offers none: undo is the teacher's).
  const offered = new Set(model.get("controls") || ["undo", "redo", "new_game", "set_seat", "teacher", "hint", "review"]);
  // Undo and redo act on the position shown: they carry its version (PROTOCOL.md).
  const version = model.get("version");
  if (offered.has("undo")) add("undo", w.undo, w.undo_aria, () => send({ type: "undo", version }), !model.get("can_undo"));
  if (offered.has("redo")) add("redo", w.redo, w.redo_aria, () => send({ type: "redo", version }), !model.get("can_redo"));
  if (offered.has("new_game")) {
    // Empty by default: "New game" then deals fresh cards (Python draws the seed). The
    // current game's seed is shown beside it, to type in and play the same deal again.
    const current = String(model.get("seed") || "");
    const seedLabel = mlEl("label", "marketlib-seed", w.seed_label);
    const seed = mlEl("input");
    seed.type = "text";
    seed.inputMode = "numeric";
    seed.value = "";
    seed.placeholder = current ? mlT(w.seed_this_game, { seed: current }) : w.seed_fresh;
    seed.dataset.current = current;
    seed.setAttribute("aria-label", current ? mlT(w.seed_aria_again, { seed: current }) : w.seed_aria);
    seedLabel.appendChild(seed);
    bar.appendChild(seedLabel);
    add("new_game", w.new_game, w.new_game_aria,
      () => send({ type: "new_game", seed: seed.value.trim() || null }));
  }
  const seats = model.get("seats") || [];
  const humans = seats.filter((s) => !s.bot);
  if (humans.length > 1 && offered.has("set_seat")) {
    for (const s of humans) {
      const b = add(null, mlT(w.seat, { seat: s.seat }), mlT(w.seat_aria, { seat: s.seat }), () => send({ type: "set_seat", seat: s.seat }));
      b.setAttribute("aria-pressed", String(model.get("seat") === s.seat));
    }
  }
  // The coach (issue 29): a hint on the shown seat's own decision, a review once the game is
  // over. The teacher may switch them off for a classroom; the buttons are then not offered.
  if (offered.has("hint") && !model.get("covered") && !model.get("summary")
      && (model.get("choices") || []).length) {
    add("hint", w.hint, w.hint_aria, () => send({ type: "hint" }));
  }
  if (offered.has("review") && !model.get("covered") && model.get("summary")) {
    add("review", w.review, w.review_aria,
      () => send({ type: "review" }));
  }
  if (model.get("teacher") && offered.has("teacher")) {
    const on = !!model.get("teacher_view");
    const t = add(on ? "teacher_on" : "teacher_off", on ? w.teacher_on : w.teacher_off,
      w.teacher_aria, () => send({ type: "teacher", on: !on }));
    t.setAttribute("aria-pressed", String(on));
  }
  return bar;
}

function mlLog(model) {
  const box = mlEl("details", "marketlib-log");
  box.open = true;
  const lines = model.get("log") || [];
  const total = Math.max(model.get("log_total") || 0, lines.length);
  const w = mlWords(model);
  const shown = total > lines.length ? mlT(w.log_shown, { shown: lines.length }) : "";
  box.appendChild(mlEl("summary", null, mlT(w.log, { total, shown })));
  const list = mlEl("ol");
  list.setAttribute("tabindex", "0");
  list.setAttribute("aria-label", w.log_aria);
  for (const line of lines) list.appendChild(mlEl("li", null, line));
  box.appendChild(list);
  return [box, list];
}

// The text view: its description is written only while it is open (issue 28: a closed one
// costs nothing). Opening and closing it tells Python ({type: "text", open}), which sends the
// description of the drawing shown and then one with every drawing; it stays open across
// redraws and reloads (the `text_open` trait), and the text is filled in where it is when it
// comes (`change:description`, common.js). `asked` (kept by common.js across redraws) holds
// what the person last asked for until Python's `text_open` says it: meanwhile the panel is
// drawn as asked, and a second click before the answer is sent too (helper-92: it was not,
// and the answer to the first undid it).
function mlText(model, send, asked) {
  const text = mlEl("details", "marketlib-text");
  text.open = asked.open ?? !!model.get("text_open");
  text.appendChild(mlEl("summary", null, mlWords(model).text));
  text.appendChild(mlEl("pre", null, model.get("description")));
  text.addEventListener("toggle", () => {
    if (text.open === (asked.open ?? !!model.get("text_open"))) return;  // drawn, not clicked
    asked.open = text.open;
    send({ type: "text", open: text.open });
  });
  const key = (model.get("cards") || {}).text_key;  // how to read its codes and marks
  if (key) text.appendChild(mlEl("p", "marketlib-text-key", key));
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

// The preview line, and each choice's title and label with its preview. Python works the
// previews out when the person first points at a choice of a drawing (issue 28: a position
// nobody points at, a computer player's or one on a phone, where a tap plays, previews
// nothing): the board asks once per drawing ({type: "previews"}) and fills in the line, the
// titles and the labels when the answer comes (the `previews` trait, with the drawing's
// version). `shown()`: the version on screen; `quiet()`: a focus the board moved itself.
function mlPreviews(model, send, shown, quiet) {
  // The line never shrinks within its scope (line()): a shorter preview moved the board up
  // under the pointer, onto another choice whose longer preview moved it back, and a click
  // between the two played nothing (helper-78, a 390 px window).
  let tallest = 0;  // the line's tallest height on this board, kept across its redraws
  let lineScope = null;  // what `tallest` was measured for (line(scope))
  let asked = -1;  // the version previews were asked for
  let askedAt = 0;  // and when: an answer lost (a dropped link) is asked for again after 3 s
  let labelled = [];  // this drawing's choices: {b, key: [list, index], words, text, aria, line}
  let pointed = null;  // the one the line is for
  let touchedAt = -1e9;  // when a finger last came onto a choice: a tap plays, so the focus it
  // gives the button a moment later asks for nothing (a Tab later on does)
  const previewOf = (key) => {
    const known = model.get("previews") || {};
    const text = known.version === shown() ? (known[key[0]] || [])[key[1]] : undefined;
    return typeof text === "string" ? text : null;
  };
  const dress = (e) => {
    const p = previewOf(e.key);
    e.b.title = p === null ? `${e.words} [${e.text}]` : `${e.words} [${e.text}]: ${p}`;
    e.b.setAttribute("aria-label", e.aria(p));
  };
  const fill = (e) => {
    const p = previewOf(e.key);
    if (p === null) return;  // asked for: the answer fills it in
    // What the pointer is on (the deepest hovered thing of the board), else what the
    // keyboard focused, is held in place: not the choice that asked, which the pointer may
    // have only crossed on its way to another thing (holding it carried that thing away,
    // helper-97), nor a focus the board gave itself after a click (helper-98).
    const root = e.line.parentElement;
    const hovered = root ? root.querySelectorAll(":hover") : [];
    const focused = document.activeElement;
    const under = hovered.length ? hovered[hovered.length - 1]
      : (root && root.contains(focused) && focused.matches(":focus-visible") ? focused : null);
    const at = under ? under.getBoundingClientRect().top : null;
    e.line.textContent = `${e.words}: ${p}`;
    // laid-out height with its fractions (offsetHeight's 70 for 70.19 px moved the board up)
    const tall = parseFloat(getComputedStyle(e.line).height);
    if (tall > tallest) {
      tallest = tall;
      e.line.style.minHeight = `${tall}px`;
    }
    // A longer preview grows the line, which is above the board: the choice pointed at
    // moved down under the pointer when its preview came, and a click made at once landed
    // beside it and played nothing (a narrow window; the classroom test at 390 px, 2 of 3
    // loaded runs). The page scrolls by the growth, so what is under the pointer stays
    // (common.js, mlHold); a thing above the line did not move, and nothing scrolls.
    if (at !== null) mlHold(under, at);
  };
  const answered = () => {
    for (const e of labelled) dress(e);
    if (pointed) fill(pointed);
  };
  model.on("change:previews", answered);
  return {
    // A new drawing's line, with the hint until a choice is pointed at. It keeps the height
    // of the tallest preview shown across positions: shrunk back at each move, it moved the
    // board up by what mlHold had scrolled (helper-97). A new `scope` (mlScope and the width
    // class) starts it again (helper-98: a band left blank after a phone was turned).
    line(scope) {
      if (scope !== lineScope) {
        lineScope = scope;
        tallest = 0;
      }
      labelled = [];
      pointed = null;
      const touch = window.matchMedia && window.matchMedia("(hover: none)").matches;  // a phone:
      const line = mlEl("div", "marketlib-preview",  // no hover, a tap plays (helper-78)
        mlWords(model)[touch ? "preview_hint_touch" : "preview_hint"]);
      if (tallest) line.style.minHeight = `${tallest}px`;
      line.setAttribute("aria-live", "polite");
      return line;
    },
    // Button `b` shows choice `c` (`key`: its place in the answer); `aria(preview)` is its
    // label, `preview` null until the answer comes.
    on(b, line, c, key, aria) {
      const e = { b, key, words: c.label || c.text, text: c.text, aria, line };
      labelled.push(e);
      dress(e);
      const show = () => {
        pointed = e;
        const now = performance.now();
        if (previewOf(key) === null && now - touchedAt > 1000
            && (asked !== shown() || now - askedAt > 3000)) {
          asked = shown();
          askedAt = now;
          send({ type: "previews", version: shown() });
        }
        fill(e);
      };
      b.addEventListener("pointerenter", (ev) => {
        if (ev.pointerType === "touch") touchedAt = performance.now();
        else show();
      });
      b.addEventListener("focus", () => { if (!quiet()) show(); });
    },
    stop() { model.off("change:previews", answered); },
  };
}

// The game, seat shown, teacher view and cover of a `position` (game:cursor:timeline:seat:
// teacher:covered, from Python): what a board's forms and its preview line belong to.
function mlScope(position) {
  const [game, , , seat, teacher, covered] = String(position).split(":");
  return `${game}:${seat}:${teacher}:${covered}`;
}

// What the person typed, ticked or opened in a board's forms (a trade, a counter, a panel):
// kept across redraws while the game and the seat shown stay the same, so another vendor's
// move does not close a trade half typed (helper-86), and a refusal ("you can pay at most
// RM5") leaves the terms there to correct (helper-87). `keep(key, el)` restores and records
// one element; a form that sends calls `sending(prefix)`, which clears its terms and puts
// them back if the answer leaves the position as it was; `remembered()` runs at each redraw.
function mlForms(model) {
  let typed = new Map();
  let typedScope = mlScope(model.get("position"));
  let unsent = null;  // { position, entries }: a form's terms while its message is answered
  const keep = (key, el) => {
    const field = el.tagName === "DETAILS" ? "open" : (el.type === "checkbox" ? "checked" : "value");
    const known = typed.has(key) && (el.tagName !== "SELECT"
      || [...el.options].some((option) => option.value === typed.get(key)));
    if (known) el[field] = typed.get(key);
    if (field === "open") {  // the person's own opening and closing only (a click or a key on
      // its summary), not the board's: "toggle" also fires for a panel the board opened
      const summary = el.querySelector("summary");
      if (summary) summary.addEventListener("click", () => typed.set(key, !el.open));
      return el;
    }
    el.addEventListener("input", () => typed.set(key, el[field]));
    if (el.tagName === "SELECT") el.addEventListener("change", () => typed.set(key, el.value));
    return el;
  };
  const sending = (prefix) => {
    const entries = [...typed].filter(([key]) => key.startsWith(prefix) && !key.endsWith(":open"));
    for (const [key] of entries) typed.delete(key);
    unsent = { position: model.get("position"), entries };
  };
  const remembered = () => {
    const position = model.get("position");
    if (mlScope(position) !== typedScope) {  // another game, seat or cover: a fresh form
      typedScope = mlScope(position);
      typed = new Map();
      unsent = null;
    } else if (unsent && position === unsent.position && (model.get("notice") || model.get("error"))) {
      for (const [key, value] of unsent.entries) typed.set(key, value);  // refused: put back
      unsent = null;
    } else if (unsent && position !== unsent.position) {
      unsent = null;  // it was played (or the game moved on): the form starts empty
    }
  };
  return { keep, sending, remembered };
}
