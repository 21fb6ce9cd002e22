// Drawing helpers shared by every game's board module (see docs/web.md, "Board modules").
//
// A board draws one seat's view as SVG and marks the legal moves that happen at a place as
// targets: elements with the class "target" and data-action="<action text>" whose click calls
// ctx.play(text). ctx.legal holds the seat's legal moves as data, {action, text, kind, args,
// place}: a board finds a move by its kind, its arguments and its place, and never reads its
// text. Everything here is game-agnostic; a game's rules stay in its own board.js.

export const SVG_NS = "http://www.w3.org/2000/svg";

const STYLESHEET = new URL("board.css", import.meta.url).href;

/** Create an SVG element with attributes, appended to parent when one is given. */
export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** A text element; attrs may set class, anchor, size and so on. */
export function text(parent, x, y, content, attrs = {}) {
  const node = el("text", { x, y, ...attrs }, parent);
  node.textContent = String(content);
  return node;
}

/** A group, optionally translated to (x, y). */
export function group(parent, attrs = {}, x = 0, y = 0) {
  const transform = x || y ? `translate(${x} ${y})` : null;
  return el("g", { transform, ...attrs }, parent);
}

/** Replace the container's contents with a fresh <svg> of the given viewBox size. */
export function board(container, width, height, label) {
  container.replaceChildren();
  return addBoard(container, width, height, label);
}

/** Append a fresh <svg> of the given viewBox size to the container, keeping what is there. */
export function addBoard(container, width, height, label) {
  ensureStylesheet();
  const svg = el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "terra-board",
    role: "group",
    "aria-label": label,
    preserveAspectRatio: "xMidYMin meet",
  });
  container.appendChild(svg);
  return svg;
}

/**
 * Replace the container's contents with an <svg> drawn at least one CSS pixel per unit of its
 * viewBox (or `least` CSS px, for a map whose smallest words need more to be read), however
 * narrow the container: there it pans sideways inside its own box (a finger, the scroll bar, a
 * focused target scrolling into view) and the page never scrolls sideways.
 * Returns the svg and `keepPan()`, to call once drawn: it pans back to where the previous
 * board of the container was panned, or, on a first drawing, centres x (a viewBox unit).
 */
export function pannedBoard(container, width, height, label, zoom = null, low = false, least = 1) {
  const before = container.querySelector(":scope > .terra-pan");
  const panned = before ? [before.scrollLeft, before.scrollTop] : null;
  container.replaceChildren();
  // zoom = {whole, close, redraw}: the words of a button that shows the whole map at the page's
  // width (its targets then smaller than a finger) and back, and how the board draws itself
  // again; the choice holds across redraws.
  // A picture (a lobby card's small board: container.dataset.picture) shows the whole map,
  // with no button: nothing in it is to be read closely or played.
  const picture = container.dataset.picture === "yes";
  const whole = picture || (zoom !== null && container.dataset.wholeMap === "yes");
  let toggle = null;
  if (zoom !== null && !picture) {
    toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "terra-zoom";
    toggle.textContent = whole ? zoom.close : zoom.whole;
    toggle.setAttribute("aria-pressed", String(whole));
    toggle.addEventListener("click", () => {
      container.dataset.wholeMap = whole ? "no" : "yes";
      zoom.redraw();
    });
    container.appendChild(toggle);
  }
  const pan = document.createElement("div");
  // low: on a phone the box is also lower than the map, scrolled up and down in it too
  // (board.css), so that the page stays within two screens.
  pan.className = low && !whole ? "terra-pan low" : "terra-pan";
  // A keyboard scrolls the box too, once it has the focus (WCAG 2.1.1).
  pan.tabIndex = 0;
  pan.setAttribute("role", "region");
  pan.setAttribute("aria-label", label);
  container.appendChild(pan);
  const svg = addBoard(pan, width, height, label);
  if (!whole) svg.style.minWidth = `${width * least}px`;
  dragToPan(pan);
  const keepPan = (x, y) => {
    if (toggle !== null) toggle.hidden = !whole && pan.scrollWidth <= pan.clientWidth;
    pan.classList.toggle("pans", pan.scrollWidth > pan.clientWidth);
    const scale = svg.clientWidth / width;
    if (panned !== null) [pan.scrollLeft, pan.scrollTop] = panned;
    else {
      if (x !== undefined) pan.scrollLeft = x * scale - pan.clientWidth / 2;
      if (y !== undefined) pan.scrollTop = y * scale - pan.clientHeight / 2;
    }
  };
  return { svg, pan, keepPan };
}

/**
 * The width, in CSS px, of a second <svg> under a panned map (addBoard), drawn one unit a CSS
 * pixel so that its words keep their size on a phone: the container's, up to the map's width
 * (mapWidth, in the map's units).
 */
export function underWidth(container, mapWidth) {
  return Math.round(Math.min(mapWidth, Math.max(320, container.clientWidth || mapWidth)));
}

// A phone turned sideways: the lines under the map are laid out again for the new width.
const RESIZED = 40; // CSS px the width under the map changes by before a redrawing
const watched = new WeakMap();

/**
 * Calls redraw when the container's width has changed enough that the lines under its panned
 * map (drawn `width` wide by underWidth) should be laid out again; only while `map` (the
 * panned svg) is the one drawn last in the container: another board may replace it.
 */
export function redrawWhenResized(container, mapWidth, map, width, redraw) {
  if (typeof ResizeObserver === "undefined") return;
  let watch = watched.get(container);
  if (!watch) {
    watch = {};
    const stale = () => container.clientWidth && container.contains(watch.map)
      && Math.abs(underWidth(container, watch.mapWidth) - watch.width) > RESIZED;
    // Redrawn in the next frame: redrawing inside the observer's callback would resize again.
    new ResizeObserver(() => {
      if (stale()) requestAnimationFrame(() => stale() && watch.redraw());
    }).observe(container);
    watched.set(container, watch);
  }
  Object.assign(watch, { mapWidth, map, width, redraw });
}

/**
 * A map that pans in its own box (pannedBoard, with the button that shows it whole) and under
 * it a second <svg> of lines, one unit a CSS pixel, as wide as the container up to the map's
 * width (underWidth) and laid out again when that width changes (redrawWhenResized).
 * parts = {label, height (the map's, in its units), low and least (pannedBoard's), gap (the
 * margin below the last line), redraw (draws the whole board again), map(svg): draws the map
 * and returns where its box opens ([x, y], in map units), lines(svg, under): draws the lines
 * from the top, under being ctx with the layout as wide as they are, and returns the y below
 * the last}.
 */
export function mapAndLines(container, ctx, parts) {
  const layout = ctx.layout;
  const zoom = {
    whole: say(ctx, "board.whole_map", "Show the whole map"),
    close: say(ctx, "board.close_map", "Back to the readable map"),
    redraw: parts.redraw,
  };
  const map = pannedBoard(container, layout.width, parts.height, parts.label, zoom, parts.low, parts.least ?? 1);
  map.keepPan(...parts.map(map.svg));
  const width = underWidth(container, layout.width);
  const under = { ...ctx, layout: { ...layout, width } };
  const svg = addBoard(container, width, 100, parts.label);
  const y = parts.lines(svg, under);
  svg.setAttribute("viewBox", `0 0 ${width} ${Math.ceil(y + parts.gap)}`);
  redrawWhenResized(container, layout.width, map.svg, width, parts.redraw);
}

// A mouse pans the box by dragging (a finger pans it natively); a drag plays no move.
const DRAG = 5; // CSS px a mouse moves before a press is a drag rather than a click
function dragToPan(pan) {
  let start = null;
  const drag = noClickAfterDrag(pan);
  pan.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY, left: pan.scrollLeft, top: pan.scrollTop };
    drag.moved = false;
  });
  pan.addEventListener("pointermove", (event) => {
    if (!start || !(event.buttons & 1)) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > DRAG) drag.moved = true;
    if (!drag.moved) return;
    pan.scrollLeft = start.left - (event.clientX - start.x);
    pan.scrollTop = start.top - (event.clientY - start.y);
  });
  pan.addEventListener("pointerup", () => {
    start = null;
  });
}

/**
 * The click that ends a drag on node (a map panned by dragging) reaches no target in it, so
 * plays no move. Returns the drag's state: the dragging code sets `moved` once the pointer has
 * moved far enough to be a drag, and the click that follows sets it back.
 */
export function noClickAfterDrag(node) {
  const drag = { moved: false };
  node.addEventListener("click", (event) => {
    if (!drag.moved) return;
    drag.moved = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
  return drag;
}

// Pages normally link board.css themselves (render-blocking, so that a panned map's box can
// scroll on its first drawing); a board shown without it still gets its highlights, because the
// stylesheet is found beside this module. A link's href property is the address resolved.
function ensureStylesheet() {
  const links = [...document.querySelectorAll("link[rel=stylesheet]")];
  if (links.some((link) => link.href === STYLESHEET || "terraBoard" in link.dataset)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLESHEET;
  link.dataset.terraBoard = "";
  document.head.appendChild(link);
}

/** A native tooltip: the <title> child every browser shows on hover and reads aloud. */
export function tip(node, content) {
  el("title", {}, node).textContent = String(content);
  return node;
}

/** Make node a clickable target for the legal move `move` (an entry of ctx.legal). */
export function target(node, move, ctx) {
  const action = move.text;
  node.classList.add("target");
  node.dataset.action = action;
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    ctx.play(action);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      ctx.play(action);
    }
  });
  if (!node.querySelector(":scope > title")) tip(node, action);
  return node;
}

/**
 * A board's own words in the page's language: ctx.t translates the English text (the msgid of
 * the web catalogs, extracted from this third argument); key only names the phrase for readers.
 */
export function say(ctx, key, english, args = {}) {
  const said = ctx && ctx.t ? ctx.t(english, args) : english;
  return said.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

/**
 * A colour the data names (a seat's, a card's, an expedition's) in the page's language; a
 * colour this table lacks, as a custom data directory may bring, stays as the data names it.
 */
export function colourWord(ctx, colour) {
  const words = {
    white: say(ctx, "colour.white", "white"),
    blue: say(ctx, "colour.blue", "blue"),
    yellow: say(ctx, "colour.yellow", "yellow"),
    red: say(ctx, "colour.red", "red"),
    green: say(ctx, "colour.green", "green"),
    black: say(ctx, "colour.black", "black"),
    magenta: say(ctx, "colour.magenta", "magenta"),
    turquoise: say(ctx, "colour.turquoise", "turquoise"),
    grey: say(ctx, "colour.grey", "grey"),
    orange: say(ctx, "colour.orange", "orange"),
    violet: say(ctx, "colour.violet", "violet"),
  };
  return words[colour] ?? colour;
}

/**
 * The legal moves by the place they happen at (a move's place, as the game's view and layout
 * name it): a Map from place to its moves, in the order of ctx.legal. Moves at no place are left
 * out.
 */
export function byPlace(legal) {
  const places = new Map();
  for (const move of legal) {
    if (move.place === null || move.place === undefined) continue;
    if (!places.has(move.place)) places.set(move.place, []);
    places.get(move.place).push(move);
  }
  return places;
}

/** The legal moves of one kind (a move's kind names it: "go", "buy", "camp research"). */
export function ofKind(legal, kind) {
  return legal.filter((move) => move.kind === kind);
}

/** The legal move of this kind (the first, if several), or null. */
export function moveOf(legal, kind) {
  return legal.find((move) => move.kind === kind) ?? null;
}

/** A labelled button (a rounded box with text) for a legal move, or a plain box for null;
 * returns its group. */
export function button(parent, x, y, width, height, label, move, ctx, attrs = {}) {
  const node = group(parent, { class: "board-button", ...attrs }, x, y);
  el("rect", { width, height, rx: Math.min(6, height / 3), class: "hit" }, node);
  text(node, width / 2, height / 2, label, {
    "text-anchor": "middle",
    "dominant-baseline": "central",
    "font-size": Math.round(height * 0.5),
  });
  if (move) target(node, move, ctx);
  return node;
}

/**
 * Buttons stacked under a place for several moves there (say, two ways to pay for one
 * journey): the place itself carries the first, and each other one gets a small labelled
 * button. label(move) names each; buttons grow downwards from (x, y).
 */
export function choiceStack(parent, x, y, moves, ctx, label, size = 14) {
  const stack = group(parent, { class: "choices" });
  moves.forEach((move, i) => {
    const words = label(move);
    const width = Math.max(size * 2, words.length * size * 0.55 + size * 0.8);
    button(stack, x - width / 2, y + i * (size + 3), width, size, words, move, ctx);
  });
  return stack;
}

// --- hexagons --------------------------------------------------------------------------

/** Corners of a hexagon of circumradius r round (cx, cy) as an SVG points string. */
export function hexPoints(cx, cy, r, flatTop = true) {
  const corners = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i + (flatTop ? 0 : 30));
    corners.push(`${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`);
  }
  return corners.join(" ");
}

/** Centre of cell (row, col) in flat-topped columns, odd columns shifted half a hex down. */
export function oddqCentre(row, col, r) {
  const x = r + col * 1.5 * r;
  const h = Math.sqrt(3) * r;
  const y = h / 2 + row * h + (col & 1 ? h / 2 : 0);
  return [x, y];
}

/** Centre of cell (row, col) in pointy-topped rows, odd rows shifted half a hex east. */
export function oddrCentre(row, col, r) {
  const w = Math.sqrt(3) * r;
  const x = w / 2 + col * w + (row & 1 ? w / 2 : 0);
  const y = r + row * 1.5 * r;
  return [x, y];
}

/** Midpoint of the side of a flat-topped hex facing compass direction d (1 north, clockwise). */
export function flatSide(cx, cy, r, d) {
  if (d === 0) return [cx, cy];
  const angle = (Math.PI / 180) * (-90 + 60 * (d - 1));
  const apothem = (Math.sqrt(3) / 2) * r;
  return [cx + apothem * Math.cos(angle), cy + apothem * Math.sin(angle)];
}

// --- small pieces ------------------------------------------------------------------------

/** A player's pawn: a circle of the seat's colour with an outline that reads on any ground. */
export function pawn(parent, x, y, r, colour, label = null) {
  const node = group(parent, { class: "pawn" }, x, y);
  el("circle", { r, fill: colour, stroke: "#111", "stroke-width": Math.max(1, r / 4) }, node);
  if (label) {
    text(node, 0, 0, label, {
      "text-anchor": "middle",
      "dominant-baseline": "central",
      "font-size": r * 1.2,
      fill: contrast(colour),
      "font-weight": "bold",
    });
  }
  return node;
}

/** Black or white, whichever reads better on a named or #rrggbb colour. */
export function contrast(colour) {
  const light = ["white", "yellow", "#ffffff", "lightgreen", "pink", "orange", "khaki"];
  if (light.includes(colour)) return "#111";
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (match) {
    const [r, g, b] = match.slice(1).map((h) => parseInt(h, 16));
    return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111" : "#fff";
  }
  return "#fff";
}

// WCAG 2.2, 2.5.8 "Target Size (Minimum)": a target a finger can hit is 24 CSS pixels.
export const FINGER_PX = 24;

/**
 * SVG units per CSS pixel of the board node is drawn in, as the page lays it out now (1 where
 * it is not laid out yet, say in a hidden container).
 */
export function unitsPerPixel(node) {
  const svg = node.ownerSVGElement || node;
  const shown = svg.getBoundingClientRect ? svg.getBoundingClientRect().width : 0;
  const units = svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : 0;
  return shown > 0 && units > 0 ? units / shown : 1;
}

/**
 * A button's height in SVG units: size, or taller where size would be drawn under FINGER_PX
 * CSS pixels (a board scaled down to a phone's width). Pass it to button or buttonRows.
 */
export function fingerSize(node, size) {
  return Math.max(size, Math.ceil(FINGER_PX * unitsPerPixel(node)));
}

/**
 * A row of buttons that wraps inside width, from (x, y); returns the y below the last row.
 * items are [label, move] pairs; a move of null draws a plain (unclickable) box.
 */
export function buttonRows(parent, x, y, width, items, ctx, size = 18) {
  let left = x;
  let top = y;
  for (const [label, move] of items) {
    const w = Math.ceil(String(label).length * size * 0.3 + size * 0.9);
    if (left > x && left + w > x + width) {
      left = x;
      top += size + 5;
    }
    button(parent, left, top, w, size, label, move, ctx);
    left += w + 5;
  }
  return items.length ? top + size + 5 : y;
}

/**
 * How wide words are drawn in svg with attrs, in its units, as the browser lays them out (0
 * where the board is not laid out, say in a hidden container: there everything fits).
 */
export function measure(svg, words, attrs = {}) {
  const probe = text(svg, 0, 0, words, { ...attrs, visibility: "hidden" });
  const width = probe.getComputedTextLength();
  probe.remove();
  return width;
}

/** Words broken into lines of at most width units at this font size (an estimate). */
export function wrapLines(content, width, size) {
  const most = Math.max(8, Math.floor(width / (size * 0.56)));
  const lines = [];
  let line = "";
  for (const word of String(content).split(" ")) {
    if (line && line.length + 1 + word.length > most) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Text wrapped into lines from (x, y); returns the y below the last line. */
export function paragraph(parent, x, y, width, content, attrs = {}) {
  const size = Number(attrs["font-size"] || 12);
  const lines = wrapLines(content, width, size);
  lines.forEach((line, i) => text(parent, x, y + size + i * size * 1.3, line, attrs));
  return y + lines.length * size * 1.3 + size * 0.3;
}

// --- what every board draws below its map ------------------------------------------------
//
// look = {gap, ink, fingers}: a board's margin and the colour of its writing; with fingers
// true, its buttons are never drawn under FINGER_PX CSS pixels tall (fingerSize).

// A seat's colour as the boards paint it, by the name the game's data gives it.
const SEAT_PAINT = {
  red: "#d63a2f", blue: "#2f6fd6", yellow: "#f2c617", green: "#3c9a3c", white: "#ffffff", black: "#222",
};

/** The paint of a seat's colour as the data names it (a colour this table lacks, as named). */
export function seatColour(colour) {
  return SEAT_PAINT[colour] || colour;
}

/**
 * What follows a seat's colour or nation in its row: the person's name where the page knows
 * the players' names (ctx.names, by seat), and " (you)" for the page's own seat, in the page's
 * language: one name per person, the game's colour beside it.
 */
export function youMark(ctx, seat) {
  const name = ctx.names?.[seat] ? ` · ${ctx.names[seat]}` : "";
  return name + (seat === ctx.seat ? ` (${say(ctx, "board.you", "you")})` : "");
}

/**
 * The status line under the map, in bold: line (whose turn, and what they are doing), or that
 * the game is over where line is null; aside, if given, goes right-aligned on the same line in
 * asideSize. Returns the y below it.
 */
export function drawStatus(svg, y, ctx, look, line, { size = 15, aside = null, asideSize = 12 } = {}) {
  const words = line ?? say(ctx, "board.over", "The game is over");
  text(svg, look.gap, y + size - 1, words, { "font-size": size, "font-weight": "bold", fill: look.ink });
  if (aside) {
    text(svg, ctx.layout.width - look.gap, y + size - 1, aside, {
      "font-size": asideSize, "text-anchor": "end", fill: look.ink,
    });
  }
  return y + size + 7;
}

/**
 * The moves at a place other than the one the place carries (a step and a jump to one hex), as
 * rows of buttons labelled by label(move), under heading if one is given. Returns the y below.
 */
export function drawMoreMoves(svg, y, moves, ctx, look, heading = null, label = (move) => move.text) {
  const items = [];
  for (const list of moves.values()) {
    for (const move of list.slice(1)) items.push([label(move), move]);
  }
  if (!items.length) return y;
  if (heading) {
    text(svg, look.gap, y + 11, heading, { "font-size": 12, fill: look.ink });
    y += 16;
  }
  const size = look.fingers ? fingerSize(svg, 20) : 20;
  return buttonRows(svg, look.gap, y, ctx.layout.width - 2 * look.gap, items, ctx, size);
}

/**
 * A player's row across the board from y: a box, lit while it is that player's turn, with the
 * seat's pawn and a heading in bold beside it. row = {height, idle (the box's colour when not
 * lit), stroke, pawn: [x, y, r, paint, mark], heading: [x, y, size, words]}. Returns the row's
 * group, at (look.gap, y), for the board's own lines.
 */
export function playerRow(svg, y, ctx, look, active, row) {
  const node = group(svg, { class: "player" }, look.gap, y);
  el("rect", {
    width: ctx.layout.width - 2 * look.gap, height: row.height, rx: 6,
    fill: active ? "#fff3c4" : row.idle, stroke: row.stroke,
  }, node);
  const [px, py, r, paint, mark] = row.pawn;
  pawn(node, px, py, r, paint, mark);
  const [hx, hy, size, words] = row.heading;
  text(node, hx, hy, words, { "font-size": size, "font-weight": "bold", fill: look.ink });
  return node;
}

/** Each player drawn by drawPlayer(y, player) under the one before; the y below the last. */
export function drawPlayers(y, players, drawPlayer) {
  for (const player of players) y = drawPlayer(y, player);
  return y;
}
