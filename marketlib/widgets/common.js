// marketlib boards: the shared front end. No imports and no network: this file, panels.js and
// the game's own file (monsoon.js / bansan.js) are concatenated; the game's file ends with
// `export default makeBoard(drawGame)`. Python owns the game; this code only draws the scene it
// is sent and sends back the index of a legal choice, or asks Python to explain a click.

// The words a person reads come from Python in the seat's language (cards.words,
// marketlib/widgets/board_words.py): mlT fills a template's {name} slots.
function mlWords(model) {
  return (model.get("cards") || {}).words || {};
}

// The tag a highlighted thing shows under its words (board.css, .marketlib-legal::after): its
// verb's tag in the seat's language (cards.words.verbs, board_words.VERB_TAGS: "buy \u2713").
function mlVerbTag(model, verb) {
  return (mlWords(model).verbs || {})[verb] || "";
}

function mlT(template, vars) {
  return String(template === undefined ? "" : template)
    .replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
}

// mlT into a node: a value that is a DOM node (a picture beside its words) goes in as it is,
// where the translated sentence puts its slot.
function mlTNodes(node, template, vars) {
  const parts = String(template === undefined ? "" : template).split(/(\{\w+\})/);
  for (const part of parts) {
    const key = /^\{(\w+)\}$/.exec(part);
    const value = key && vars && key[1] in vars ? vars[key[1]] : part;
    node.appendChild(value instanceof Node ? value : document.createTextNode(String(value)));
  }
  return node;
}

// A mark that says what it means when pointed at: its title, drawn dotted (board.css).
function mlExplained(node, text) {
  node.title = text;
  node.classList.add("marketlib-explained");
  return node;
}

function mlEl(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// Scroll the scrolling boxes around `el` (a notebook's panel, or the page), nearest first,
// until `el`, whose top was at `top` in the window, is there again: what is under the
// pointer stays under it. A box that cannot scroll that way (a grid that scrolls sideways
// only) leaves it to the next one out.
function mlHold(el, top) {
  let box = el.parentElement;
  for (;;) {
    const moved = el.getBoundingClientRect().top - top;
    if (Math.abs(moved) < 0.5) return;
    while (box && !(box.scrollHeight > box.clientHeight
                    && /(auto|scroll|overlay)/.test(getComputedStyle(box).overflowY))) {
      box = box.parentElement;
    }
    (box || document.scrollingElement || document.documentElement)
      .scrollBy({ top: moved, left: 0, behavior: "instant" });
    if (!box) return;
    box = box.parentElement;
  }
}

// Click-to-redraw timings, recorded only when a test or benchmark asks for them by setting
// globalThis.__marketlibTimings = [].
function mlRecord(clickedAt, started) {
  if (clickedAt === null || !Array.isArray(globalThis.__marketlibTimings)) return;
  const now = performance.now();
  globalThis.__marketlibTimings.push(now - clickedAt);
  if (Array.isArray(globalThis.__marketlibRedrawMs)) globalThis.__marketlibRedrawMs.push(now - started);
}

// Below this width (px) a board is drawn for a phone (the class marketlib-narrow).
const ML_NARROW = 640;

function makeBoard(drawGame) {
  return {
    render({ model, el }) {
      const root = mlEl("div", "marketlib-board");
      root.tabIndex = -1;
      el.appendChild(root);
      // A narrow board (a phone, a narrow notebook column) gets the class marketlib-narrow
      // from its own width, not the window's: the Stalls reflow, tap targets grow to 44 px and
      // the seat's own panel and choices come before the public market (board.css).
      // Hysteresis: a board between ML_NARROW and ML_NARROW + 40 px keeps its layout, so a
      // scroll bar that comes and goes with the layout cannot flip it back and forth.
      const isNarrow = () => {
        const w = root.getBoundingClientRect().width;
        if (w <= 0) return root.classList.contains("marketlib-narrow");
        return w < ML_NARROW || (w < ML_NARROW + 40 && root.classList.contains("marketlib-narrow"));
      };
      root.classList.toggle("marketlib-narrow", isNarrow());
      let clickedAt = null;
      let focusKey = null;
      const textAsked = { open: null };  // the text view asked for, until answered (mlText)
      let confirming = null;

      const send = (msg) => model.send(msg);
      // The version of the drawing on screen: every message made on it carries it, and Python
      // refuses it if the game moved on since (PROTOCOL.md, "version").
      let shown = model.get("version");
      // Play a choice of the decider (`play`) or an any-time action of the seat shown
      // (`any_time`, e.g. Rent & Release on another vendor's decision); a choice with a
      // warning is asked about first.
      const sendChoice = (type, key) => (choice) => {
        if (choice.warn && confirming !== key(choice)) {
          confirming = key(choice);
          focusKey = "confirm:yes";
          redraw();
          return;
        }
        confirming = null;
        clickedAt = performance.now();
        send({ type, index: choice.index, version: shown });
      };
      const play = sendChoice("play", (c) => c.index);
      const playAnyTime = sendChoice("any_time", (c) => `any:${c.index}`);

      // The preview line shows what a choice does when the person points at it or moves the
      // keyboard focus to it (panels.js, mlPreviews). After a redraw the board puts the focus
      // back itself (on the thing clicked, or on the first legal thing once that is gone);
      // after a pointer click that focus is not the person's, so the line keeps its hint
      // rather than previewing a choice nobody pointed at (it read "Pass: ends your turn"
      // after every click, helper-72). A keyboard player sees the preview of the button the
      // focus lands on.
      let byPointer = false;
      let restoring = false;
      root.addEventListener("pointerdown", () => { byPointer = true; }, true);
      root.addEventListener("keydown", (event) => {
        byPointer = false;
        // Escape hands the focus back to the notebook (mlKeys): a redraw still on its way
        // (a click just made) must not pull it back onto the board
        if (event.key === "Escape") focusKey = null;
      }, true);
      const previews = mlPreviews(model, send, () => shown, () => restoring && byPointer);
      const previewOn = previews.on;

      // Two-click choices: a target "A@B" (e.g. a card, then the Stall to tuck it into) is
      // played by clicking A (which selects it) and then B.
      let selected = null;

      // what the person typed, ticked or opened in the board's forms (panels.js, mlForms)
      const { keep, sending, remembered } = mlForms(model);

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
        const markLegal = (b, label, c) => {
          b.classList.add("marketlib-legal");
          b.dataset.choice = String(c.index);
          b.dataset.verb = mlVerbTag(model, c.verb);
          const words = c.label || c.text;
          previewOn(b, previewLine, c, ["choices", c.index],
            (p) => (p === null ? `${label}: ${words}` : `${label}: ${words} (${p})`));
        };
        return {
          narrow: root.classList.contains("marketlib-narrow"),
          scene: model.get("scene") || {},
          cards: model.get("cards") || {},
          seat: model.get("seat"),
          teacher: !!model.get("teacher_view"),
          seats: model.get("seats") || [],
          choices,
          anyTime: model.get("any_time") || [],
          outOfTurn: !!model.get("out_of_turn"),
          drawn,
          selected,
          el: mlEl,
          keep,
          sending,
          send,
          // A message made on what is shown (a proposal, a counter-offer): it carries the
          // version of this drawing, so Python refuses it if the game moved on meanwhile.
          sendShown: (msg) => send({ ...msg, version: shown }),
          // A button for one of the seat's any-time actions (not a choice of the decider's).
          anyTimeButton(c) {
            const words = c.label || c.text;
            const b = mlEl("button", "marketlib-btn marketlib-choice marketlib-legal marketlib-any-time", words);
            b.type = "button";
            b.dataset.target = `any:${c.target}`;
            b.dataset.verb = mlVerbTag(model, c.verb);
            previewOn(b, previewLine, c, ["any_time", c.index], (p) => (p === null
              ? mlT(mlWords(model).any_time_aria_plain, { words })
              : mlT(mlWords(model).any_time_aria, { words, preview: p })));
            b.addEventListener("click", () => { focusKey = `any:${c.target}`; playAnyTime(c); });
            return b;
          },
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
              markLegal(b, label, c);
              b.addEventListener("click", () => { focusKey = target; selected = null; play(c); });
            } else if (options.length) {
              const c = options[0];
              markLegal(b, label, c);
              b.addEventListener("click", () => { focusKey = target; selected = null; play(c); });
            } else if (firsts.has(target)) {
              for (const c of choices) if (c.target.startsWith(`${target}@`)) drawn.add(c.target);
              b.classList.add("marketlib-legal");
              if (selected === target) b.classList.add("marketlib-selected");
              b.dataset.verb = mlVerbTag(model, selected === target ? "selected" : "select");
              b.setAttribute("aria-pressed", String(selected === target));
              b.setAttribute("aria-label", mlT(mlWords(model).select_aria, { label }));
              b.title = mlT(mlWords(model).select_title, { label });
              b.addEventListener("click", () => {
                focusKey = target;
                selected = selected === target ? null : target;
                redraw();
              });
            } else {
              b.setAttribute("aria-label", mlT(mlWords(model).not_legal, { label }));
              b.title = mlT(mlWords(model).not_legal, { label });
              // With a card selected, the click is the second step of a two-click move:
              // Python explains that move (this card into this Stall), not the Stall alone.
              b.addEventListener("click", () => {
                focusKey = target;
                send({ type: "explain", target: selected ? `${selected}@${target}` : target });
              });
            }
            return b;
          },
        };
      }

      // A selection, a question or a preview belongs to one position: forget them when it
      // changes (a move, undo, redo, new game, another seat, the cover).
      let shownPosition = model.get("position");

      function choiceButton(c, previewLine) {
        const words = c.label || c.text;
        const b = mlEl("button", "marketlib-btn marketlib-choice marketlib-legal", words);
        b.type = "button";
        b.dataset.target = c.target;
        b.dataset.choice = String(c.index);
        b.dataset.verb = mlVerbTag(model, c.verb);
        previewOn(b, previewLine, c, ["choices", c.index],
          (p) => (p === null ? words : `${words} (${p})`));
        b.addEventListener("click", () => { focusKey = c.target; selected = null; play(c); });
        return b;
      }

      function redraw() {
        const started = performance.now();
        shown = model.get("version");
        const hadFocus = root.contains(document.activeElement) || focusKey !== null;
        const moved = model.get("position") !== shownPosition;
        if (moved) {
          shownPosition = model.get("position");
          selected = null;
          confirming = null;
        }
        remembered();
        root.replaceChildren();
        const header = mlEl("div", "marketlib-header");
        root.appendChild(header);
        root.appendChild(mlStatus(model));
        if (model.get("covered")) {
          const cover = mlEl("div", "marketlib-cover");
          const w = mlWords(model);
          cover.appendChild(mlEl("p", null, mlT(w.cover_pass, { seat: model.get("seat") })));
          const b = mlEl("button", "marketlib-btn marketlib-legal", mlT(w.cover_reveal, { seat: model.get("seat") }));
          b.type = "button";
          b.dataset.target = "button:reveal";
          b.addEventListener("click", () => { focusKey = "button:reveal"; send({ type: "reveal" }); });
          cover.appendChild(b);
          if (model.get("out_of_turn")) {  // stepped in by mistake: hand the device back
            const back = mlEl("button", "marketlib-btn marketlib-control", w.step_back_nobody);
            back.type = "button";
            back.dataset.target = "button:step-out";
            back.setAttribute("aria-label", w.step_back_nobody_aria);
            back.addEventListener("click", () => send({ type: "step_out" }));
            cover.appendChild(back);
          }
          root.appendChild(cover);
          root.appendChild(mlControls(model, send));
          if (hadFocus) b.focus({ preventScroll: true });
          mlRecord(clickedAt, started);
          clickedAt = null;
          return;
        }
        const story = mlStory(model);
        if (story) root.appendChild(story);
        const previewLine = previews.line(
          `${mlScope(model.get("position"))}:${root.classList.contains("marketlib-narrow")}`);
        const ctx = makeCtx(previewLine);
        const boardArea = mlEl("div", "marketlib-area");
        header.textContent = drawGame(ctx, boardArea) || "";
        // The instruction for this step, with the buttons that are not on the board beside it.
        const bar = mlEl("div", "marketlib-instruction");
        if (ctx.scene.instruction) bar.appendChild(mlEl("span", "marketlib-say", ctx.scene.instruction));
        const rest = ctx.choices.filter((c) => !ctx.drawn.has(c.target)
          && (!c.target.includes("@") || !ctx.drawn.has(c.target.split("@")[0])
              || c.target.startsWith(`${selected}@`)));
        for (const c of rest) bar.appendChild(choiceButton(c, previewLine));
        if (ctx.scene.goal) root.appendChild(mlEl("div", "marketlib-goal", ctx.scene.goal));
        if (ctx.cards.rules_changed) root.appendChild(mlEl("div", "marketlib-rules-changed", ctx.cards.rules_changed));
        root.appendChild(bar);
        // the result right under "The game is over.": on a phone it came after the whole
        // board, a couple of screens down (helper-86)
        if (model.get("summary")) root.appendChild(mlEl("div", "marketlib-summary", model.get("summary")));
        const turnBar = mlOutOfTurn(model, send, ctx.scene.decider);
        if (turnBar) root.appendChild(turnBar);
        const asked = typeof confirming === "string"
          ? ctx.anyTime.find((c) => `any:${c.index}` === confirming)
          : ctx.choices.find((c) => c.index === confirming);
        if (asked) {
          const again = typeof confirming === "string" ? playAnyTime : play;
          root.appendChild(mlConfirm(asked, () => { focusKey = asked.target; again(asked); },
            () => { confirming = null; focusKey = asked.target; redraw(); }, mlWords(model)));
        }
        root.appendChild(previewLine);
        root.appendChild(boardArea);
        const legend = mlLegend(ctx.cards);
        if (legend) root.appendChild(legend);
        root.appendChild(mlControls(model, send));
        const [logBox, logList] = mlLog(model);
        root.appendChild(logBox);
        logList.scrollTop = logList.scrollHeight;
        root.appendChild(mlText(model, send, textAsked));
        if (hadFocus) {
          const again = (focusKey && root.querySelector(`[data-target="${CSS.escape(focusKey)}"]`))
            || root.querySelector(".marketlib-legal") || root.querySelector("button:not([disabled])") || root;
          restoring = true;
          again.focus({ preventScroll: true });
          restoring = false;
        }
        focusKey = null;
        mlRecord(clickedAt, started);
        clickedAt = null;
      }

      const unkeys = mlKeys(root, model, send, () => shown);
      // One redraw per batch of trait changes (Python sends them in one message).
      let queued = false;
      const schedule = () => {
        if (queued) return;
        queued = true;
        queueMicrotask(() => { queued = false; redraw(); });
      };
      const names = ["version", "error", "notice", "confirmation", "covered", "position", "busy"];
      for (const name of names) model.on(`change:${name}`, schedule);
      // the text view's description, sent when it is opened: written where it is, no redraw;
      // and the panel as Python has it, once Python has what the person last asked for
      // (mlText: until then, as asked)
      const described = () => {
        if (textAsked.open === !!model.get("text_open")) textAsked.open = null;  // answered
        const text = root.querySelector(".marketlib-text");
        if (!text) return;
        text.querySelector("pre").textContent = model.get("description") || "";
        if (textAsked.open === null) text.open = !!model.get("text_open");
      };
      model.on("change:description", described);
      model.on("change:text_open", described);
      // Redraw when the board crosses the narrow width (the order of its parts changes).
      const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
        const narrow = isNarrow();
        if (narrow !== root.classList.contains("marketlib-narrow")) {
          root.classList.toggle("marketlib-narrow", narrow);
          schedule();
        }
      });
      if (resized) resized.observe(root);
      redraw();
      return () => {
        if (resized) resized.disconnect();
        for (const name of names) model.off(`change:${name}`, schedule);
        model.off("change:description", described);
        model.off("change:text_open", described);
        previews.stop();
        unkeys();
        root.remove();
      };
    },
  };
}
