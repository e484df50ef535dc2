// Small pictures beside their words (issue 30, point 4). ML_PICTURES (a picture's name -> its
// SVG, from marketlib/widgets/pictures/, put at the top of the module by board.py) and the
// game's cards.pictures (a thing's code -> a picture's name) come from Python. A picture is
// never alone: the words beside it say what it is, and screen readers skip it (aria-hidden).

const mlPictureTemplates = new Map();

// The picture of `key` (a produce type, a good, "money"...) as an <svg>, or null if it has none.
// Each is made once, then cloned: a board draws a hundred of them on every redraw.
function mlPicture(ctx, key, cls) {
  const name = (ctx.cards.pictures || {})[key];
  const id = `${name}|${key}|${cls || ""}`;
  let svg = mlPictureTemplates.get(id);
  if (svg === undefined) {
    svg = null;
    if (name && typeof ML_PICTURES !== "undefined" && ML_PICTURES[name]) {
      const tpl = document.createElement("template");
      tpl.innerHTML = ML_PICTURES[name];
      svg = tpl.content.firstElementChild;
      svg.setAttribute("class", "marketlib-pic" + (cls ? " " + cls : ""));
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      svg.dataset.picture = key;
    }
    mlPictureTemplates.set(id, svg);
  }
  return svg ? svg.cloneNode(true) : null;
}

// A drawing that depends only on the game's cards (a card's face): made once per cards payload
// and key, then cloned.
const mlDrawn = new WeakMap();
function mlOnce(ctx, key, make) {
  let made = mlDrawn.get(ctx.cards);
  if (!made) { made = new Map(); mlDrawn.set(ctx.cards, made); }
  let node = made.get(key);
  if (!node) { node = make(); made.set(key, node); }
  return node.cloneNode(true);
}

// `count` pictures of `key` with `words` beside them.
function mlPictured(ctx, key, words, cls, count) {
  return mlOnce(ctx, `pictured|${key}|${words}|${cls || ""}|${count || 1}`,
    () => mlPicturedNew(ctx, key, words, cls, count));
}

function mlPicturedNew(ctx, key, words, cls, count) {
  const box = mlEl("span", "marketlib-pictured" + (cls ? " " + cls : ""));
  for (let i = 0; i < (count || 1); i++) {
    const pic = mlPicture(ctx, key);
    if (pic) box.appendChild(pic);
  }
  box.appendChild(mlEl("span", "marketlib-words", words));
  return box;
}

// A band in a thing's colour (a produce type, a good): its picture and words in its ink.
function mlBand(ctx, key, words, colour, ink, count) {
  return mlOnce(ctx, `band|${key}|${words}|${colour}|${ink}|${count || 1}`, () => {
    const band = mlPicturedNew(ctx, key, words, "marketlib-band", count);
    band.style.background = colour;
    band.style.color = ink;
    return band;
  });
}

// What the board's codes and symbols mean (the game's cards.legend), folded under the board.
function mlLegend(cards) {
  const items = cards.legend || [];
  if (!items.length) return null;
  const box = mlEl("details", "marketlib-legend");
  box.appendChild(mlEl("summary", null, (cards.words || {}).legend));
  const list = mlEl("dl");
  for (const [code, meaning] of items) {
    list.appendChild(mlEl("dt", null, code));
    list.appendChild(mlEl("dd", null, meaning));
  }
  box.appendChild(list);
  return box;
}
