// Small pictures beside their words (issue 30, point 4). ML_PICTURES (a picture's name -> its
// SVG, from marketlib/widgets/pictures/, put at the top of the module by board.py) and the
// game's cards.pictures (a thing's code -> a picture's name) come from Python. A picture is
// never alone: the words beside it say what it is, and screen readers skip it (aria-hidden).

const mlPictureTemplates = new Map();

// The picture of `key` (a produce type, a good, "money"...) as an <svg>, or null if it has none.
function mlPicture(ctx, key, cls) {
  const name = (ctx.cards.pictures || {})[key];
  let tpl = mlPictureTemplates.get(name);
  if (tpl === undefined) {
    tpl = null;
    if (name && typeof ML_PICTURES !== "undefined" && ML_PICTURES[name]) {
      tpl = document.createElement("template");
      tpl.innerHTML = ML_PICTURES[name];
    }
    mlPictureTemplates.set(name, tpl);
  }
  if (!tpl) return null;
  const svg = tpl.content.firstElementChild.cloneNode(true);
  svg.setAttribute("class", "marketlib-pic" + (cls ? " " + cls : ""));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.dataset.picture = key;
  return svg;
}

// `count` pictures of `key` with `words` beside them.
function mlPictured(ctx, key, words, cls, count) {
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
  const band = mlPictured(ctx, key, words, "marketlib-band", count);
  band.style.background = colour;
  band.style.color = ink;
  return band;
}
