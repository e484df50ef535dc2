// marketlib boards: the shared front end. No imports and no network: this file is concatenated
// before the game's own file (monsoon.js / bansan.js), which ends with
// `export default makeBoard(drawGame)`. Python owns the game; this code only draws the scene it
// is sent and sends back the index of a legal choice, or asks Python to explain a click.

function mlEl(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function mlTimings() {
  if (!globalThis.__marketlibTimings) globalThis.__marketlibTimings = [];
  return globalThis.__marketlibTimings;
}

function makeBoard(drawGame) {
  return {
    render({ model, el }) {
      const root = mlEl("div", "marketlib-board");
      root.tabIndex = -1;
      el.appendChild(root);
      let clickedAt = null;
      let focusKey = null;

      const send = (msg) => model.send(msg);
      const play = (index) => {
        clickedAt = performance.now();
        send({ type: "play", index, version: model.get("version") });
      };

      // Two-click choices: a target "A@B" (e.g. a card, then the Stall to tuck it into) is
      // played by clicking A (which selects it) and then B.
      let selected = null;

      function makeCtx(previewLine) {
        const choices = model.get("choices") || [];
        const byTarget = new Map();
        const firsts = new Set();
        for (const c of choices) {
          if (!byTarget.has(c.target)) byTarget.set(c.target, []);
          byTarget.get(c.target).push(c);
          if (c.target.includes("@")) firsts.add(c.target.split("@")[0]);
        }
        if (selected && !firsts.has(selected)) selected = null;
        const drawn = new Set();
        const markLegal = (b, label, c, verb) => {
          b.classList.add("marketlib-legal");
          b.dataset.choice = String(c.index);
          b.dataset.verb = verb;
          b.setAttribute("aria-label", `${label}: ${c.text} (${c.preview})`);
          const show = () => { previewLine.textContent = `${c.text}: ${c.preview}`; };
          b.addEventListener("mouseenter", show);
          b.addEventListener("focus", show);
        };
        return {
          scene: model.get("scene") || {},
          cards: model.get("cards") || {},
          seat: model.get("seat"),
          teacher: !!model.get("teacher_view"),
          seats: model.get("seats") || [],
          choices,
          drawn,
          selected,
          el: mlEl,
          send,
          // A real <button> for an on-board thing. Legal: highlighted, click plays it (or
          // selects it, for a two-click choice). Otherwise a click asks Python why not.
          button(target, label, content, extraClass) {
            const b = mlEl("button", "marketlib-btn" + (extraClass ? " " + extraClass : ""));
            b.type = "button";
            b.dataset.target = target;
            if (content) b.appendChild(content); else b.textContent = label;
            drawn.add(target);
            const second = selected ? byTarget.get(`${selected}@${target}`) : null;
            const options = byTarget.get(target) || [];
            if (second) {
              drawn.add(`${selected}@${target}`);
              const c = second[0];
              markLegal(b, label, c, c.text.split(" ")[1] || "");
              b.addEventListener("click", () => { focusKey = target; selected = null; play(c.index); });
            } else if (options.length) {
              const c = options[0];
              markLegal(b, label, c, c.text.split(" ")[1] || "");
              b.addEventListener("click", () => { focusKey = target; selected = null; play(c.index); });
            } else if (firsts.has(target)) {
              for (const c of choices) if (c.target.startsWith(`${target}@`)) drawn.add(c.target);
              b.classList.add("marketlib-legal");
              if (selected === target) b.classList.add("marketlib-selected");
              b.dataset.verb = selected === target ? "selected" : "select";
              b.setAttribute("aria-pressed", String(selected === target));
              b.setAttribute("aria-label", `${label}: select, then choose where it goes`);
              b.addEventListener("click", () => {
                focusKey = target;
                selected = selected === target ? null : target;
                redraw();
              });
            } else {
              b.setAttribute("aria-label", `${label} (not a legal choice now: click to see why)`);
              b.addEventListener("click", () => { focusKey = target; send({ type: "explain", target }); });
            }
            return b;
          },
        };
      }

      function controls() {
        const bar = mlEl("div", "marketlib-controls");
        const add = (text, aria, onClick, disabled) => {
          const b = mlEl("button", "marketlib-btn marketlib-control", text);
          b.type = "button";
          b.setAttribute("aria-label", aria);
          b.disabled = !!disabled;
          b.addEventListener("click", onClick);
          bar.appendChild(b);
          return b;
        };
        add("Undo (u)", "Undo the last move", () => send({ type: "undo" }), !model.get("can_undo"));
        add("Redo (r)", "Redo", () => send({ type: "redo" }), !model.get("can_redo"));
        const seedLabel = mlEl("label", "marketlib-seed", "Seed ");
        const seed = mlEl("input");
        seed.type = "text";
        seed.inputMode = "numeric";
        seed.value = String(model.get("seed"));
        seed.setAttribute("aria-label", "Seed for a new game");
        seedLabel.appendChild(seed);
        bar.appendChild(seedLabel);
        add("New game", "Start a new game with this seed",
          () => send({ type: "new_game", seed: String(seed.value || "0").trim() }));
        const seats = model.get("seats") || [];
        const humans = seats.filter((s) => !s.bot);
        if (humans.length > 1) {
          for (const s of humans) {
            const b = add(`Seat P${s.seat}`, `Show seat P${s.seat}`,
              () => send({ type: "set_seat", seat: s.seat }));
            b.setAttribute("aria-pressed", String(model.get("seat") === s.seat));
          }
        }
        if (model.get("teacher")) {
          const on = !!model.get("teacher_view");
          const t = add(on ? "Teacher view: on" : "Teacher view: off",
            "Teacher view shows every hidden card", () => send({ type: "teacher", on: !on }));
          t.setAttribute("aria-pressed", String(on));
        }
        return bar;
      }

      // A selection or a preview belongs to one position: forget them when it changes
      // (a move, undo, redo, new game, another seat, the cover).
      let shownPosition = model.get("position");

      function redraw() {
        const started = performance.now();
        if (model.get("position") !== shownPosition) {
          shownPosition = model.get("position");
          selected = null;
        }
        root.replaceChildren();
        const header = mlEl("div", "marketlib-header");
        root.appendChild(header);
        if (model.get("error")) root.appendChild(mlEl("div", "marketlib-error", model.get("error")));
        if (model.get("notice")) {
          const n = mlEl("div", "marketlib-notice", model.get("notice"));
          n.setAttribute("role", "status");
          root.appendChild(n);
        }
        if (model.get("covered")) {
          const cover = mlEl("div", "marketlib-cover");
          cover.appendChild(mlEl("p", null,
            `Pass the device to P${model.get("seat")}. Their hidden cards are covered until then.`));
          const b = mlEl("button", "marketlib-btn marketlib-legal", `I am P${model.get("seat")}: show my board`);
          b.type = "button";
          b.addEventListener("click", () => send({ type: "reveal" }));
          cover.appendChild(b);
          root.appendChild(cover);
          root.appendChild(controls());
          b.focus();
          return;
        }
        const previewLine = mlEl("div", "marketlib-preview", "Hover or focus a highlighted choice to preview it.");
        previewLine.setAttribute("aria-live", "polite");
        const ctx = makeCtx(previewLine);
        const boardArea = mlEl("div", "marketlib-area");
        header.textContent = drawGame(ctx, boardArea) || "";
        root.appendChild(boardArea);
        const rest = ctx.choices.filter((c) => !ctx.drawn.has(c.target)
          && (!c.target.includes("@") || !ctx.drawn.has(c.target.split("@")[0])
              || c.target.startsWith(`${selected}@`)));
        if (rest.length) {
          const bar = mlEl("div", "marketlib-choicebar");
          for (const c of rest) {
            const b = mlEl("button", "marketlib-btn marketlib-choice marketlib-legal", c.text);
            b.type = "button";
            b.dataset.target = c.target;
            b.dataset.verb = c.text.split(" ")[1] || "";
            b.setAttribute("aria-label", `${c.text} (${c.preview})`);
            b.addEventListener("focus", () => { previewLine.textContent = `${c.text}: ${c.preview}`; });
            b.addEventListener("click", () => { focusKey = c.target; selected = null; play(c.index); });
            bar.appendChild(b);
          }
          root.appendChild(bar);
        }
        root.appendChild(previewLine);
        if (model.get("summary")) root.appendChild(mlEl("div", "marketlib-summary", model.get("summary")));
        root.appendChild(controls());
        const logBox = mlEl("details", "marketlib-log");
        logBox.open = true;
        logBox.appendChild(mlEl("summary", null, "Game log"));
        const list = mlEl("ol");
        const lines = model.get("log") || [];
        list.start = Math.max(1, lines.length - 11);
        for (const line of lines.slice(-12)) list.appendChild(mlEl("li", null, line));
        logBox.appendChild(list);
        root.appendChild(logBox);
        const text = mlEl("details", "marketlib-text");
        text.appendChild(mlEl("summary", null, "Text description of the board"));
        text.appendChild(mlEl("pre", null, model.get("description")));
        root.appendChild(text);
        if (focusKey) {
          const again = root.querySelector(`[data-target="${CSS.escape(focusKey)}"]`)
            || root.querySelector(".marketlib-legal");
          if (again) again.focus({ preventScroll: true });
        }
        if (clickedAt !== null) {
          const now = performance.now();
          mlTimings().push(now - clickedAt);
          (globalThis.__marketlibRedrawMs ||= []).push(now - started);
          clickedAt = null;
        }
      }

      const onKey = (event) => {
        if (event.target && event.target.tagName === "INPUT") return;
        if (event.key === "u" && model.get("can_undo")) send({ type: "undo" });
        if (event.key === "r" && model.get("can_redo")) send({ type: "redo" });
      };
      root.addEventListener("keydown", onKey);
      // One redraw per batch of trait changes (Python sends them in one message).
      let queued = false;
      const schedule = () => {
        if (queued) return;
        queued = true;
        queueMicrotask(() => { queued = false; redraw(); });
      };
      const names = ["version", "error", "notice", "covered", "position"];
      for (const name of names) model.on(`change:${name}`, schedule);
      redraw();
      return () => {
        for (const name of names) model.off(`change:${name}`, schedule);
        root.removeEventListener("keydown", onKey);
        root.remove();
      };
    },
  };
}
