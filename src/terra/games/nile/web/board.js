// Source of the Nile's board: the map as far as it is explored (terrain, rivers, cataracts,
// natives, oases, waterfalls and peaks, discovery counters), every hex's number, the ports and
// the explorers; below it, in the same <svg> but in units drawn to the container's width, what
// the decision at hand needs (a retreat's cause, the policies and what each risks), the seat's own
// Expedition Make-up (money left, each good's price while outfitting, the load against the
// capacity) and a line on every explorer.
//
// Where the whole map would make a hex smaller than a finger (WCAG 2.5.8: 24 CSS px), the map
// shows a window as wide as the container allows at that size and at most WINDOW_SHARE of the
// browser window tall, so that the panel and the page's moves stay near: it is panned both
// ways by the buttons under it, by a mouse's dragging or by moving the focus to a target, and
// sideways by a finger's (whose vertical swipe scrolls the page); the page itself never
// scrolls sideways.
//
// Targets: a hex for "counter <hex>" (set-up) and for "publish hex <hex>" (a hex chosen for
// publication), a port for "sail to <port>", the hex next to the explorer for
// "move <direction>"; on the Make-up, the goods for "buy", "leave", "take"
// and "cache" (a sick man's discharge marked ✚), and the boxes for the activity level and the
// mode of travel.
//
// A move's place is the id of its hex (a port's, for sailing); a step's one argument is its
// direction (1 north, clockwise), and a supply's two are the good (in the layout's order) and
// the amount.

import {
  board, button, buttonRows, byPlace, colourWord, el, flatSide, group, hexPoints, noClickAfterDrag, ofKind,
  paragraph, pawn, say, seatColour, target, text, tip, wrapLines, youMark,
} from "/static/board-kit.js";

const GAP = 8;
const INK = "#23201a";
const SEA = "#bcd7e6";
const BLANK = "#f3eddc";
const TERRAIN_COLOURS = [
  "#d8d27c", // veldt
  "#5b95d6", // lake
  "#a59c90", // mountain
  "#ebcb86", // desert
  "#4a9a4a", // jungle
  "#7fb3a4", // swamp
  "#5c9a7c", // jungle/swamp
  "#6c8a52", // jungle/mountain
];
// What may be done with a good of the Make-up, by the kind of move, and how its button says so.
const SUPPLY = { buy: "+", take: "+", leave: "−", "leave sick": "−", cache: "⌂" };
const SICK_MARK = "✚";
const TRAVEL = ["activity", "travel", "carry", "stop"];
// The least height on screen of a target hex (CSS px): WCAG 2.5.8's 24, and a little to spare.
const FINGER = 26;
// The map's window on a narrow screen: at most this share of the browser window's height (a
// phone's page holds the panel and the moves as well), but never under WINDOW_LEAST CSS px.
const WINDOW_SHARE = 0.45;
const WINDOW_LEAST = 300;
// A hex's number is printed HEX_ID map units tall; where the map is panned, at least ID_PX
// CSS px tall (the height of its box, the font's ascent and descent: ID_BOX of its size).
const HEX_ID = 5.5;
const ID_PX = 9.2;
const ID_BOX = 1.13;
// The width of the panel under the map, in its own units: the container's width in CSS px
// between these bounds, so that its words and buttons keep their size on a phone.
const PANEL_MIN = 320;
const PANEL_MAX = 900;
const BUTTON = 28; // a button's height in the panel's units
const LINE = 13; // the panel's text size
// What each map container remembers between draws: where the window is, what it centred on.
const memory = new WeakMap();
let windows = 0; // the map windows drawn, for their clip paths' ids

// An explorer's whereabouts in the page's language: the view names them as the engine does.
function statusWord(ctx, status) {
  const words = {
    "in Europe": say(ctx, "nile.in_europe", "in Europe"),
    "in Africa": say(ctx, "nile.in_africa", "in Africa"),
    captive: say(ctx, "nile.captive", "captive"),
    "sailing for Europe": say(ctx, "nile.sailing", "sailing for Europe"),
  };
  return words[status] ?? status;
}

// A good of the Expedition Make-up in the page's language, by its id, with the words of the
// game's log; a good this table lacks (from a custom data directory) keeps the data's name.
function goodWord(ctx, good, name) {
  const words = {
    bearer: say(ctx, "nile.bearer", "Bearer"),
    guide: say(ctx, "nile.guide", "Guide"),
    askari: say(ctx, "nile.askari", "Askari"),
    horse: say(ctx, "nile.horse", "Horse"),
    camel: say(ctx, "nile.camel", "Camel"),
    canoe: say(ctx, "nile.canoe", "Canoe"),
    ration: say(ctx, "nile.ration", "Ration"),
    gift: say(ctx, "nile.gift", "Gift"),
    musket: say(ctx, "nile.musket", "Musket"),
    water: say(ctx, "nile.water", "Water"),
  };
  return words[good] ?? name;
}

export function draw(container, view, ctx) {
  const layout = ctx.layout;
  const legal = ctx.legal || [];
  const memo = remember(container, view, ctx);
  const screen = container.clientWidth || PANEL_MAX;
  const svg = board(container, layout.width, layout.height, "Source of the Nile");
  const moves = hexMoves(legal, view, ctx);
  const frame = mapFrame(layout, screen, container.dataset.picture === "yes");
  const map = group(svg, { class: "map" });
  drawMap(map, view, ctx, moves, frame);
  const width = Math.max(PANEL_MIN, Math.min(PANEL_MAX, screen));
  const panel = group(svg, { class: "panel" });
  const sheet = { svg: panel, width, ctx };
  const pane = mapPane(svg, map, panel, width, memo, view, ctx, moves, frame);
  let y = GAP;
  if (pane.pannable) y = drawPanning(sheet, y, pane, ctx);
  y = drawTurn(sheet, y, view, ctx);
  y = drawRetreat(sheet, y, view, ctx, legal);
  y = drawPolicies(sheet, y, view, ctx, legal);
  y = drawOtherMoves(sheet, y, moves, ctx);
  y = drawMakeUp(sheet, y, view, ctx, legal);
  y = drawExplorers(sheet, y, view, ctx);
  pane.height = Math.ceil(y + GAP);
  pane.place();
}

// --- the map's window on a narrow screen --------------------------------------------------

// The container's memory, with the position just drawn (for a redraw when its width changes).
function remember(container, view, ctx) {
  let seen = memory.get(container);
  if (!seen) {
    seen = { left: null, top: null, focus: null, width: container.clientWidth };
    memory.set(container, seen);
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(() => {
        const now = container.clientWidth;
        // A container hidden for a moment (a page being photographed) is drawn again when seen.
        if (!now || Math.abs(now - seen.width) < 2 || !seen.last || !container.isConnected) return;
        draw(container, ...seen.last);
      }).observe(container);
    }
  }
  seen.width = container.clientWidth;
  seen.last = [view, ctx];
  return seen;
}

// Where the map is looked at, as [what, x, y]: the explorer to act (or the seat's), else the
// middle of the targets, else the middle of the map.
function focusOf(view, ctx, moves) {
  const layout = ctx.layout;
  const who = ctx.seat ?? view.player;
  const explorer = who === null || who === undefined ? null : view.explorers[who];
  if (explorer && explorer.hex >= 0) {
    const [, x, y] = layout.hexes[explorer.hex];
    return [`hex ${explorer.hex}`, x, y];
  }
  if (moves.size) {
    const spots = [...moves.keys()].map((h) => layout.hexes[h]);
    const middle = (values) => (Math.min(...values) + Math.max(...values)) / 2;
    return [`targets ${view.phase} ${spots.length}`, middle(spots.map((spot) => spot[1])),
      middle(spots.map((spot) => spot[2]))];
  }
  return ["middle", layout.width / 2, layout.height / 2];
}

// How the map is seen on a container ``screen`` CSS px wide: whole, or (``pannable``) where a
// whole map would draw a hex under FINGER px tall, through a window ``span`` map units wide and
// ``tall`` high at ``scale`` CSS px a unit.
function mapFrame(layout, screen, picture = false) {
  const hexHeight = Math.sqrt(3) * (layout.hex - 1); // a target ring's height in map units
  const scale = FINGER / hexHeight; // CSS px per map unit, at the least
  // A picture (a lobby card's small board) shows the whole map, however narrow.
  if (picture || screen / layout.width >= scale) {
    return { pannable: false, scale: screen / layout.width, span: layout.width, tall: layout.height };
  }
  const most = Math.max(WINDOW_LEAST, WINDOW_SHARE * (window.innerHeight || 0));
  return { pannable: true, scale, span: screen / scale, tall: Math.min(layout.height, most / scale) };
}

// What the one <svg> shows: the map and, under it, the panel, a group of its own units
// (``width`` of them across the screen, so that its words and buttons keep their size on a
// phone). A pannable map is seen through its window (``frame``): the map is clipped to it, and
// the panel is drawn right under it.
function mapPane(svg, map, panel, width, memo, view, ctx, moves, frame) {
  const layout = ctx.layout;
  const { pannable, span, tall } = frame;
  // A whole map is seen from its corner; the memory keeps the window's place for a narrower
  // screen again (a container hidden, a phone turned and back).
  const seen = pannable ? memo : { left: 0, top: 0 };
  const pane = { seen, span, tall, layout, moves, pannable, height: 0, redraw: null };
  if (pannable) {
    const [focus, x, y] = focusOf(view, ctx, moves);
    if (seen.focus !== focus || seen.left === null) {
      seen.left = x - span / 2;
      seen.top = y - tall / 2;
    }
    seen.focus = focus;
  }
  const clip = pannable ? clipToWindow(svg, map) : null;
  pane.place = () => {
    seen.left = Math.max(0, Math.min(layout.width - span, seen.left));
    seen.top = Math.max(0, Math.min(layout.height - tall, seen.top));
    const left = seen.left.toFixed(1);
    const top = seen.top.toFixed(1);
    const shrink = span / width; // map units per panel unit
    svg.setAttribute("viewBox", `${left} ${top} ${span.toFixed(1)} ${(tall + pane.height * shrink).toFixed(1)}`);
    panel.setAttribute("transform", `translate(${left} ${(seen.top + tall).toFixed(1)}) scale(${shrink.toFixed(4)})`);
    if (clip) {
      for (const [name, value] of [["x", left], ["y", top], ["width", span.toFixed(1)], ["height", tall.toFixed(1)]]) {
        clip.setAttribute(name, value);
      }
    }
    if (pane.redraw) pane.redraw();
  };
  if (!pannable) return pane;
  svg.classList.add("nile-pannable");
  panByDragging(svg, map, pane, frame.scale);
  // A target reached with the keyboard is brought into the window, before the browser
  // scrolls the page to it.
  svg.addEventListener("focusin", (event) => {
    const node = event.target.closest(".target");
    const hex = node && node.dataset.place ? layout.hexes.find(([id]) => id === node.dataset.place) : null;
    if (!hex) return;
    const [, x, y] = hex;
    const outside = (at, from, size) => at <= from + layout.hex || at >= from + size - layout.hex;
    if (!outside(x, seen.left, span) && !outside(y, seen.top, tall)) return;
    if (outside(x, seen.left, span)) seen.left = x - span / 2;
    if (outside(y, seen.top, tall)) seen.top = y - tall / 2;
    pane.place();
  });
  return pane;
}

// The map shows only what is inside its window (the panel below it is no place for hexes,
// and a hex out of sight takes no click); returns the window's rectangle, placed by the pane.
function clipToWindow(svg, map) {
  windows += 1;
  const id = `nile-window-${windows}`;
  const path = el("clipPath", { id }, el("defs", {}, svg));
  map.setAttribute("clip-path", `url(#${id})`);
  return el("rect", {}, path);
}

// Dragging the map pans it: a mouse both ways, a finger sideways only (its vertical swipe
// scrolls the page: touch-action pan-y); a drag ends without playing the target it began on.
function panByDragging(svg, map, pane, scale) {
  let start = null;
  const drag = noClickAfterDrag(svg);
  svg.addEventListener("pointerdown", (event) => {
    if (!map.contains(event.target)) return;
    start = { x: event.clientX, y: event.clientY, left: pane.seen.left, top: pane.seen.top };
    drag.moved = false;
  });
  svg.addEventListener("pointermove", (event) => {
    if (!start) return;
    const mouse = event.pointerType === "mouse";
    if (mouse && !(event.buttons & 1)) {
      start = null; // released outside the board
      return;
    }
    const dx = event.clientX - start.x;
    const dy = mouse ? event.clientY - start.y : 0;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    if (!drag.moved) svg.setPointerCapture(event.pointerId);
    drag.moved = true;
    pane.seen.left = start.left - dx / scale;
    pane.seen.top = start.top - dy / scale;
    pane.place();
  });
  const end = () => {
    start = null;
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
}

// The buttons that pan the pane, each with how many targets lie beyond it that way: west and
// east at the row's ends, north and south beside them where the map is taller than its
// window, and a hint in the middle where there is room.
function drawPanning(sheet, y, pane, ctx) {
  const row = group(sheet.svg, { class: "panning" });
  const upright = pane.tall < pane.layout.height - 0.5;
  const count = upright ? 4 : 2;
  const width = Math.min(112, (sheet.width - 2 * GAP - (count - 1) * 6) / count);
  const right = sheet.width - GAP - width;
  const west = panButton(row, GAP, y, width, () => [-pane.span * 0.6, 0]);
  const north = upright ? panButton(row, GAP + width + 6, y, width, () => [0, -pane.tall * 0.6]) : null;
  const south = upright ? panButton(row, right - width - 6, y, width, () => [0, pane.tall * 0.6]) : null;
  const east = panButton(row, right, y, width, () => [pane.span * 0.6, 0]);
  const inner = upright ? [GAP + 2 * width + 6, right - width - 6] : [GAP + width, right];
  const hint = text(row, (inner[0] + inner[1]) / 2, y + BUTTON / 2 + 4, say(ctx, "nile.drag_map", "drag the map"), {
    "font-size": 11, "text-anchor": "middle", fill: "#6b5a3a",
  });
  if (inner[1] - inner[0] < 2 * GAP + hint.textContent.length * 6) hint.remove();
  pane.redraw = () => {
    const { left, top } = pane.seen;
    const edge = pane.layout.hex * 0.5;
    const beyond = { west: 0, east: 0, north: 0, south: 0 };
    for (const h of pane.moves.keys()) {
      const [, x, at] = pane.layout.hexes[h];
      if (x < left + edge) beyond.west += 1;
      else if (x > left + pane.span - edge) beyond.east += 1;
      if (at < top + edge) beyond.north += 1;
      else if (at > top + pane.tall - edge) beyond.south += 1;
    }
    panWords(west, beyond.west ? say(ctx, "nile.west_moves", "◀ west ({count})", { count: beyond.west })
      : say(ctx, "nile.west", "◀ west"), left <= 0.5);
    panWords(east, beyond.east ? say(ctx, "nile.east_moves", "east ({count}) ▶", { count: beyond.east })
      : say(ctx, "nile.east", "east ▶"), left >= pane.layout.width - pane.span - 0.5);
    if (!upright) return;
    panWords(north, beyond.north ? say(ctx, "nile.north_moves", "▲ north ({count})", { count: beyond.north })
      : say(ctx, "nile.north", "▲ north"), top <= 0.5);
    panWords(south, beyond.south ? say(ctx, "nile.south_moves", "▼ south ({count})", { count: beyond.south })
      : say(ctx, "nile.south", "▼ south"), top >= pane.layout.height - pane.tall - 0.5);
  };
  for (const control of [west, north, south, east]) {
    if (!control) continue;
    activate(control.node, () => {
      const [dx, dy] = control.by();
      pane.seen.left += dx;
      pane.seen.top += dy;
      pane.place();
    });
  }
  pane.redraw();
  return y + BUTTON + 8;
}

// A pan button's words, squeezed into it where they are longer (a count of three digits, a
// long translation), and dimmed where the map ends that way.
function panWords(control, words, end) {
  const node = control.label;
  node.textContent = words;
  node.removeAttribute("textLength");
  node.removeAttribute("lengthAdjust");
  const room = control.width - 8;
  if (node.getComputedTextLength() > room) {
    node.setAttribute("textLength", room);
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  control.node.classList.toggle("dim", end);
}

function panButton(parent, x, y, width, by) {
  const node = group(parent, { class: "board-button pan", role: "button", tabindex: 0 }, x, y);
  el("rect", { width, height: BUTTON, rx: 6, class: "hit" }, node);
  const label = text(node, width / 2, BUTTON / 2, "", {
    "text-anchor": "middle", "dominant-baseline": "central", "font-size": 13,
  });
  return { node, label, by, width };
}

// A control that is not a move: a click, Enter or Space runs act.
function activate(node, act) {
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    act();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act();
    }
  });
}

// --- which hex a move happens at ---------------------------------------------------------

// The moves by the index of their hex: a move's place, or for a step the hex next to the
// explorer in its direction.
function hexMoves(legal, view, ctx) {
  const index = new Map(ctx.layout.hexes.map(([id], i) => [id, i]));
  const moves = new Map();
  for (const [place, list] of byPlace(legal)) {
    if (index.has(place)) moves.set(index.get(place), list);
  }
  const here = ctx.seat === null || ctx.seat === undefined ? -1 : view.explorers[ctx.seat].hex;
  for (const move of legal) {
    if (move.kind !== "move" || here < 0) continue;
    const there = ctx.layout.neighbours[here][move.args[0] - 1] ?? -1;
    if (there < 0) continue;
    if (!moves.has(there)) moves.set(there, []);
    moves.get(there).push(move);
  }
  return moves;
}

// --- the map ---------------------------------------------------------------------------

function drawMap(map, view, ctx, moves, frame) {
  const layout = ctx.layout;
  el("rect", { width: layout.width, height: layout.height, fill: SEA }, map);
  const known = knownHexes(view, ctx);
  const ground = group(map, { class: "ground" });
  const rivers = group(map, { class: "rivers", stroke: "#1d5fb4", "stroke-width": 2.2, fill: "none",
    "stroke-linecap": "round" });
  const marks = group(map, { class: "marks" });
  layout.hexes.forEach(([id, x, y], h) => {
    drawHex(ground, view, ctx, h, id, x, y, known.has(h));
    drawRiver(rivers, view.map, h, x, y, layout.hex);
    drawFeatures(marks, view, ctx, h, x, y);
  });
  const names = drawPorts(map, ctx);
  drawHexIds(map, ctx, names, frame);
  drawCounters(marks, view, ctx);
  drawPieces(map, view, ctx);
  for (const [h, actions] of moves) drawTarget(map, ctx, h, actions[0]);
}

// A seat's explorer remembers where he has been; a spectator follows the explorer to move.
function knownHexes(view, ctx) {
  const focus = ctx.seat ?? view.player;
  if (focus === null || focus === undefined) return new Set();
  return new Set(view.explorers[focus].known);
}

function drawHex(parent, view, ctx, h, id, x, y, visited) {
  const terrain = view.map.terrain[h];
  const fill = terrain >= 0 ? TERRAIN_COLOURS[terrain] : BLANK;
  const attrs = {
    points: hexPoints(x, y, ctx.layout.hex - 0.3, true), fill,
    stroke: visited ? "#5a4020" : "#c9bfa6", "stroke-width": visited ? 1.4 : 0.5,
  };
  if (view.map.partial[h] >= 0) attrs["fill-opacity"] = 0.55;
  tip(el("polygon", attrs, parent), say(ctx, "nile.hex", "hex {hex}", { hex: id }));
}

// A river runs from each side its water enters by to the centre and out by its one outlet.
function drawRiver(parent, map, h, x, y, r) {
  const into = map.river_in[h];
  const out = map.river_out[h];
  if (!into && !out && !map.source[h]) return;
  const centre = `${x} ${y}`;
  let path = "";
  for (let side = 1; side <= 6; side += 1) {
    if (into & (1 << side)) {
      const [sx, sy] = flatSide(x, y, r, side);
      path += `M ${sx} ${sy} L ${centre} `;
    }
  }
  for (let side = 1; side <= 6; side += 1) {
    if (out & (1 << side)) {
      const [sx, sy] = flatSide(x, y, r, side);
      path += `M ${centre} L ${sx} ${sy} `;
    }
  }
  if (path) el("path", { d: path }, parent);
  if (map.source[h]) el("circle", { cx: x, cy: y, r: 2.2, fill: "#1d5fb4", stroke: "none" }, parent);
}

function drawFeatures(parent, view, ctx, h, x, y) {
  const map = view.map;
  if (map.cataract[h]) {
    el("path", { d: `M ${x - 5} ${y - 3} l 3 3 l 2 -3 l 3 3 l 2 -3`, stroke: "#fff", "stroke-width": 1.6,
      fill: "none" }, parent);
  }
  if (map.oasis[h]) el("circle", { cx: x + 6, cy: y + 2, r: 3, fill: "#2f9e44", stroke: "#fff" }, parent);
  if (map.waterfall[h]) {
    const fall = el("path", { d: `M ${x - 3} ${y + 2} v 5 M ${x} ${y + 2} v 6 M ${x + 3} ${y + 2} v 5`,
      stroke: "#e8f4ff", "stroke-width": 1.2 }, parent);
    tip(fall, say(ctx, "nile.waterfall", "waterfall, {feet} feet", { feet: map.waterfall[h] }));
  }
  if (map.peak[h]) {
    const peak = el("path", { d: `M ${x - 5} ${y + 5} L ${x} ${y - 5} L ${x + 5} ${y + 5} Z`,
      fill: "#fff", stroke: INK, "stroke-width": 0.6 }, parent);
    tip(peak, say(ctx, "nile.peak", "peak, {feet} feet", { feet: map.peak[h] }));
  }
  if (map.tribe[h]) drawTribe(parent, view, ctx, h, x, y);
}

function drawTribe(parent, view, ctx, h, x, y) {
  const seat = ctx.seat ?? view.player;
  const friendly = seat !== null && seat !== undefined && view.explorers[seat].friendly.includes(view.map.tribe[h]);
  const size = Math.max(0, view.map.tribe_size[h]);
  const node = group(parent, { class: "tribe" }, x - 4, y + 3);
  el("path", { d: "M -4 4 L 0 -4 L 4 4 Z", fill: friendly ? "#2f9e44" : "#b3261e", stroke: "#fff",
    "stroke-width": 0.6 }, node);
  let about;
  if (view.game_two) {
    // Game II (33.3, 39.1): the tribe's natives and its attitude toward all explorers.
    const attitude = view.map.attitude[view.map.tribe[h]];
    about = say(ctx, "nile.tribe_natives", "{count} natives, attitude {attitude}", { count: size, attitude });
  } else {
    text(node, 0, 3.3, "sml"[size] || "", { "font-size": 5, "text-anchor": "middle", fill: "#fff" });
    about = [say(ctx, "nile.small_tribe", "small tribe"), say(ctx, "nile.medium_tribe", "medium tribe"),
      say(ctx, "nile.large_tribe", "large tribe")][size];
  }
  tip(node, `${about}${friendly ? `, ${say(ctx, "nile.friendly", "friendly")}` : ""}`);
}

function drawCounters(parent, view, ctx) {
  for (const counter of view.counters) {
    if (counter.hex < 0) continue;
    const [, x, y] = ctx.layout.hexes[counter.hex];
    const face = counter.discovery;
    const node = group(parent, { class: "counter" }, x, y + 1.5); // under the hex's number
    el("circle", { r: 5.5, fill: face === null ? "#fffbe8" : face < 0 ? "#ddd" : "#ffd54a", stroke: INK,
      "stroke-width": 0.8 }, node);
    text(node, 0, 2.6, face === null ? "?" : face < 0 ? "×" : "$", {
      "font-size": 7.5, "text-anchor": "middle", fill: INK, "font-weight": "bold",
    });
    const words = face === null ? say(ctx, "nile.counter", "discovery counter")
      : face < 0 ? say(ctx, "nile.false_trail", "false trail") : ctx.layout.specials[face];
    tip(node, words);
  }
}

// A port's name goes out to sea beside it, or inland where the board's edge is near; a name
// that would cover another name or a port tries the other side, then a line lower or higher.
function drawPorts(map, ctx) {
  const names = group(map, { class: "ports" });
  const spots = ctx.layout.ports.map((port) => ctx.layout.hexes[port.hex]);
  const marks = spots.map(([, x, y]) => [x - 5, y - 5, x + 5, y + 5]);
  const taken = [...marks];
  const covers = (box) => taken.some((other) => box[0] < other[2] && other[0] < box[2] && box[1] < other[3] && other[1] < box[3]);
  ctx.layout.ports.forEach((port, index) => {
    const [, x, y] = spots[index];
    el("rect", { x: x - 4, y: y - 4, width: 8, height: 8, fill: "#7a1f5c", stroke: "#fff", "stroke-width": 1, "data-port": port.name }, names);
    const width = port.name.length * 7.8; // bold, a little wider than a browser draws it
    const west = x - 8 - width;
    const east = x + 8;
    let sides = port.coast === "west" ? [west, east] : [east, west];
    sides = sides.filter((left) => left >= 2 && left + width <= ctx.layout.width - 2);
    const boxAt = (left, baseline) => [left - 1, baseline - 10, left + width + 1, baseline + 3];
    let chosen = null;
    for (const shift of [0, 11, -11, 22, -22]) {
      for (const left of sides) {
        if (!covers(boxAt(left, y + 3.5 + shift))) {
          chosen = [left, y + 3.5 + shift];
          break;
        }
      }
      if (chosen) break;
    }
    chosen = chosen || [sides[0] ?? east, y + 3.5];
    taken.push(boxAt(...chosen));
    text(names, chosen[0], chosen[1], port.name, { "font-size": 10, class: "label", "font-weight": "bold" });
  });
  return taken.slice(marks.length);
}

// Each hex's number (moves and the log name hexes by it), small, at the top of the hex, where
// no port's name lies; the hex's tooltip names it too. On a panned map it is drawn larger, to
// be read on a phone: it grows upwards from the same baseline, into the room between the hex's
// top side and its marks (a counter, a peak, an explorer), which stay clear of it.
function drawHexIds(map, ctx, names, frame) {
  const ids = group(map, { class: "hex-ids" });
  const size = frame.pannable ? Math.max(HEX_ID, ID_PX / (frame.scale * ID_BOX)) : HEX_ID;
  const grow = size / HEX_ID;
  const clear = (x, y) => !names.some((box) => x - 8 * grow < box[2] && box[0] < x + 8 * grow
    && y - 6.2 - 5.3 * grow < box[3] && box[1] < y - 6.2 + 1.7 * grow);
  for (const [id, x, y] of ctx.layout.hexes) {
    if (clear(x, y)) text(ids, x, y - 6.2, id, { "font-size": +size.toFixed(2), "text-anchor": "middle", class: "label hexid" });
  }
}

function drawPieces(map, view, ctx) {
  const here = new Map();
  view.explorers.forEach((explorer, seat) => {
    if (explorer.hex === null || explorer.hex < 0) return;
    const [, x, y] = ctx.layout.hexes[explorer.hex];
    const k = here.get(explorer.hex) || 0;
    here.set(explorer.hex, k + 1);
    const colour = ctx.layout.colours[seat];
    const piece = pawn(map, x - 3 + k * 7, y + 1 - k * 2, 6, seatColour(colour), String(seat + 1));
    const specialty = ctx.layout.specialties[explorer.specialty] || say(ctx, "nile.explorer", "explorer");
    tip(piece, `${colourWord(ctx, colour)}: ${specialty}, ${statusWord(ctx, explorer.status)}`);
    for (const cache of explorer.caches) {
      const [, cx, cy] = ctx.layout.hexes[cache.hex];
      el("rect", { x: cx + 3, y: cy + 2, width: 5, height: 4, fill: seatColour(colour),
        stroke: INK, "stroke-width": 0.5 }, map);
    }
  });
}

// A target hex is a ring over the map, so that it stays clickable above every mark.
function drawTarget(map, ctx, h, move) {
  const [id, x, y] = ctx.layout.hexes[h];
  const ring = el("polygon", { points: hexPoints(x, y, ctx.layout.hex - 1, true), fill: "rgba(255,255,255,0.01)",
    "data-place": id }, map);
  tip(ring, `${move.text} (${id})`);
  target(ring, move, ctx);
}

// --- below the map ---------------------------------------------------------------------

// The phase in the page's language: the view names it by the engine's id.
function phaseWords(ctx, phase) {
  const words = {
    counters: say(ctx, "nile.phase_counters", "counters"),
    port: say(ctx, "nile.phase_port", "port"),
    specialty: say(ctx, "nile.phase_specialty", "specialty"),
    outfit: say(ctx, "nile.phase_outfit", "outfit"),
    activity: say(ctx, "nile.phase_activity", "activity"),
    moving: say(ctx, "nile.phase_moving", "moving"),
    retreat: say(ctx, "nile.phase_retreat", "retreat"),
    policy: say(ctx, "nile.phase_policy", "policy"),
    negotiate: say(ctx, "nile.phase_negotiate", "negotiate"),
    escape: say(ctx, "nile.phase_escape", "escape"),
    spoils: say(ctx, "nile.phase_spoils", "spoils"),
    captivity: say(ctx, "nile.phase_captivity", "captivity"),
    europe: say(ctx, "nile.phase_europe", "europe"),
    publishing: say(ctx, "nile.phase_publishing", "publishing"),
    mission: say(ctx, "nile.phase_mission", "mission"),
    joint: say(ctx, "nile.phase_joint", "in a joint expedition"),
    answer: say(ctx, "nile.phase_answer", "answering a proposal"),
    over: say(ctx, "nile.phase_over", "over"),
  };
  return words[phase] ?? phase;
}

// The panel's words, at its size, from (x, y) to the width left; returns the y below them.
function words(sheet, x, y, content, attrs = {}) {
  return paragraph(sheet.svg, x, y, sheet.width - x - GAP, content, { "font-size": LINE, fill: INK, ...attrs });
}

// How wide a text of the panel is in its units: measured where the page lays the board out,
// else estimated (a hidden container measures nothing).
function textWidth(node, size, bold = false) {
  const measured = node.getComputedTextLength();
  return measured > 0 ? measured : node.textContent.length * size * (bold ? 0.62 : 0.56);
}

// A bold line of the panel with its baseline at y + baseline: the first of the ways to say it
// that fits the panel's width, else the last one wrapped (a phone, a long translation).
// Returns how much taller than one line it came out.
function headline(sheet, y, baseline, ways, size) {
  const attrs = { "font-size": size, "font-weight": "bold", fill: INK };
  const room = sheet.width - 2 * GAP;
  for (const content of ways) {
    const node = text(sheet.svg, GAP, y + baseline, content, attrs);
    if (textWidth(node, size, true) <= room) return 0;
    node.remove();
  }
  // wrapLines reckons with ordinary letters; bold ones are about a tenth wider.
  const lines = wrapLines(ways[ways.length - 1], room * 0.9, size);
  lines.forEach((line, i) => text(sheet.svg, GAP, y + baseline + i * size * 1.25, line, attrs));
  return (lines.length - 1) * size * 1.25;
}

function activityWord(ctx, level) {
  return [say(ctx, "nile.cautious", "cautious"), say(ctx, "nile.normal", "normal"),
    say(ctx, "nile.reckless", "reckless")][level] ?? "";
}

function modeWord(ctx, mode) {
  return [say(ctx, "nile.on_foot", "on foot"), say(ctx, "nile.mounted", "mounted"),
    say(ctx, "nile.by_canoe", "by canoe")][mode] ?? "";
}

function hexId(ctx, h) {
  return h !== null && h !== undefined && h >= 0 ? ctx.layout.hexes[h][0] : "";
}

function drawTurn(sheet, y, view, ctx) {
  let line = say(ctx, "board.over", "The game is over");
  if (view.player !== null && view.player !== undefined) {
    const colour = ctx.layout.colours[view.player];
    line = say(ctx, "nile.round", "Round {round} · {colour}: {phase}",
      { round: view.round, colour: colourWord(ctx, colour), phase: phaseWords(ctx, view.phase) });
  }
  y += headline(sheet, y, 15, [line], 16);
  const campaign = view.campaign_game > 1 // 2.3: a later game of a campaign says which
    ? say(ctx, "nile.campaign_game", "game {number} of the campaign", { number: view.campaign_game }) + " · "
    : "";
  const aside = view.game_two // 30.0: no target; the most points when the turns are over
    ? campaign + say(ctx, "nile.goal_two", "Game II · most VP after turn {limit}", { limit: view.turn_limit })
    : say(ctx, "nile.goal", "{target} VP to win · turn limit {limit}", { target: view.target, limit: view.turn_limit });
  if (sheet.width >= 600) {
    text(sheet.svg, sheet.width - GAP, y + 15, aside, { "font-size": 12, "text-anchor": "end", fill: INK });
    y += 24;
  } else {
    y = words(sheet, GAP, y + 20, aside, { "font-size": 12 });
  }
  const turn = view.turn;
  if ((view.phase === "moving" || view.phase === "retreat") && turn.allowance > 0) {
    y = words(sheet, GAP, y, say(ctx, "nile.movement", "{activity} pace: {left} of {allowance} movement points left",
      { activity: activityWord(ctx, turn.activity), left: Math.max(0, turn.allowance - turn.spent), allowance: turn.allowance }));
  }
  if (view.encounter) {
    const sizes = [say(ctx, "nile.small_tribe", "small tribe"), say(ctx, "nile.medium_tribe", "medium tribe"),
      say(ctx, "nile.large_tribe", "large tribe")];
    const met = view.encounter.tribe
      ? say(ctx, "nile.encounter_tribe", "Natives met at {hex}: tribe {tribe} ({size})",
        { hex: hexId(ctx, view.encounter.hex), tribe: view.encounter.tribe, size: sizes[view.encounter.size] ?? "" })
      : say(ctx, "nile.encounter", "Natives met at {hex}", { hex: hexId(ctx, view.encounter.hex) });
    y = words(sheet, GAP, y, met, { "font-weight": "bold" });
  }
  if (view.proposal) y = words(sheet, GAP, y, proposalWords(ctx, view.proposal), { "font-weight": "bold" });
  return y + 4;
}

// 29.4, 29.7: the agreement asked for, and who is still to answer it.
function proposalWords(ctx, proposal) {
  const name = (seat) => colourWord(ctx, ctx.layout.colours[seat]);
  const waiting = proposal.waiting.map(name).join(", ");
  if (proposal.join !== null) {
    return say(ctx, "nile.proposal_join", "{proposer} asks to join the expedition {colour} travels in; {waiting} to answer",
      { proposer: name(proposal.proposer), colour: name(proposal.join), waiting });
  }
  const terms = {
    evenly: say(ctx, "nile.split_evenly", "with half of everything"),
    alone: say(ctx, "nile.split_alone", "with nothing but himself"),
  };
  return say(ctx, "nile.proposal_split", "{proposer} proposes to leave the joint expedition {terms}; {waiting} to answer",
    { proposer: name(proposal.proposer), terms: terms[proposal.terms] ?? proposal.terms, waiting });
}

// 9.44-9.46, 10.291: a newly mapped hex may be left again; why staying is refused, if it is.
function drawRetreat(sheet, y, view, ctx, legal) {
  const choice = view.retreat;
  if (!choice) return y;
  const colour = colourWord(ctx, ctx.layout.colours[view.player]);
  const hex = hexId(ctx, choice.hex);
  const back = hexId(ctx, choice.back_to);
  y = words(sheet, GAP, y, say(ctx, "nile.retreat_why",
    "{colour} has just mapped {hex}: stay there, or retreat to {back} (the movement points stay spent; 9.44-9.46).",
    { colour, hex, back }));
  if (choice.stay_refused) {
    y = words(sheet, GAP, y, say(ctx, "nile.stay_refused", "Staying is refused: {reason}", { reason: choice.stay_refused }),
      { fill: "#9b1c1c" });
  }
  const items = [];
  for (const move of ofKind(legal, "retreat")) items.push([say(ctx, "nile.retreat_to", "retreat to {hex}", { hex: back }), move]);
  for (const move of ofKind(legal, "stay")) items.push([say(ctx, "nile.stay_in", "stay in {hex}", { hex }), move]);
  return buttonRows(sheet.svg, GAP, y + 2, sheet.width - 2 * GAP, items, ctx, BUTTON) + 4;
}

// 13.3-13.32: each policy by its name, with the natives' answers to it out of the 36 throws of
// two dice at the turn's activity level.
function drawPolicies(sheet, y, view, ctx, legal) {
  const moves = ofKind(legal, "policy");
  const policies = ctx.layout.policies;
  if (!moves.length || !policies) return y;
  const level = view.turn.activity >= 0 ? view.turn.activity : 1;
  y = words(sheet, GAP, y, say(ctx, "nile.policy_heading",
    "Choose a policy toward the natives. At a {activity} pace, of 36 throws of two dice:",
    { activity: activityWord(ctx, level) }), { "font-weight": "bold" });
  const wide = sheet.width >= 600;
  const width = wide ? 200 : sheet.width - 2 * GAP;
  for (const move of moves) {
    const policy = policies[move.args[0]];
    if (!policy) continue;
    const count = { F: 0, N: 0, H: 0, A: 0, C: 0 };
    [...policy.attitude[level]].forEach((letter, i) => {
      count[letter] += 6 - Math.abs(i + 2 - 7);
    });
    const notes = [say(ctx, "nile.policy_risk",
      "attacked {attacked} (ambush {ambush}), hostile {hostile}, neutral {neutral}, friendly {friendly}",
      { attacked: count.A + count.C, ambush: count.A, hostile: count.H, neutral: count.N, friendly: count.F })];
    notes.push(policy.negotiates ? say(ctx, "nile.policy_talks", "neutral natives negotiate")
      : say(ctx, "nile.policy_no_talks", "no negotiation"));
    if (policy.retreats) notes.push(say(ctx, "nile.policy_retreats", "hostile natives make you retreat"));
    if (policy.needs_arms) notes.push(say(ctx, "nile.policy_arms", "needs an armed man"));
    button(sheet.svg, GAP, y, width, BUTTON, `${move.args[0] + 1} ${policy.name}`, move, ctx);
    const below = wide ? y : y + BUTTON;
    const after = words(sheet, wide ? GAP + width + 8 : GAP, below, notes.join("; "), { "font-size": 12 });
    y = Math.max(after, y + BUTTON) + 4;
  }
  return y;
}

// The moves at a hex other than the one the hex carries, as buttons.
function drawOtherMoves(sheet, y, moves, ctx) {
  const items = [];
  for (const list of moves.values()) {
    for (const move of list.slice(1)) items.push([move.text, move]);
  }
  return buttonRows(sheet.svg, GAP, y, sheet.width - 2 * GAP, items, ctx, BUTTON);
}

function partyKey(good) {
  return good === "water" ? "water" : `${good}s`;
}

// The good a move of the Make-up concerns (its first argument), or null for another move.
function supplyGood(move, goods) {
  return move.kind in SUPPLY ? goods[move.args[0]] ?? null : null;
}

// The seat's Expedition Make-up: money, load against capacity, and each good with its price
// while outfitting and what may be done with it now.
function drawMakeUp(sheet, y, view, ctx, legal) {
  if (ctx.seat === null || ctx.seat === undefined) return y;
  const svg = sheet.svg;
  const explorer = view.explorers[ctx.seat];
  const layout = ctx.layout;
  const prices = view.player === ctx.seat ? view.prices : null;
  const vp = say(ctx, "nile.vp", "{vp} VP", { vp: explorer.vp });
  const heading = say(ctx, "nile.make_up", "Your expedition");
  const short = `${heading} · $${explorer.money} · ${vp}`;
  // Where "left to spend" makes the line too long for the panel (a phone), the sum says it.
  const lines = prices
    ? [`${heading} · ${say(ctx, "nile.money_left", "${money} left to spend", { money: explorer.money })} · ${vp}`, short]
    : [short];
  y += 22 + headline(sheet, y, 15, lines, 15);
  const over = explorer.load > explorer.capacity;
  if (explorer.status === "in Africa") {
    y = words(sheet, GAP, y - 2, say(ctx, "nile.load", "Load {load} of a capacity of {capacity} {mode}",
      { load: explorer.load, capacity: explorer.capacity, mode: modeWord(ctx, explorer.mode) })
      + (over ? ` · ${say(ctx, "nile.overloaded", "overloaded: leave something behind")}` : ""),
    { fill: over ? "#9b1c1c" : INK, "font-weight": over ? "bold" : "normal" });
  }
  const shown = layout.goods.map((good, i) => {
    const count = explorer.party[partyKey(good)] ?? 0;
    const moves = legal.filter((move) => supplyGood(move, layout.goods) === good);
    const price = prices ? prices[i] : null;
    return { good, i, count, moves, price };
  }).filter((row) => row.count || row.moves.length || (row.price !== null && row.price !== undefined));
  // Each row's words are drawn first, to be measured, and placed once the grid is known.
  for (const row of shown) {
    const sick = explorer.party[`sick_${partyKey(row.good)}`];
    const sickCount = sick ? ` ${SICK_MARK}${sick}` : "";
    row.name = text(svg, 0, 0, `${goodWord(ctx, row.good, layout.good_names[row.i])} ${row.count}${sickCount}`,
      { "font-size": LINE, fill: INK });
    row.cost = row.price === null || row.price === undefined ? null
      : tip(text(svg, 0, 0, `$${row.price}`, { "font-size": 12, fill: "#6b5a3a" }), say(ctx, "nile.price", "the port's price of one"));
  }
  const grid = goodsGrid(sheet, shown);
  const width = (sheet.width - (grid.columns + 1) * GAP) / grid.columns;
  const height = shown.some((row) => row.moves.length) ? BUTTON + grid.gap : grid.stacked ? 30 : 22; // closer without buttons
  shown.forEach((row, n) => {
    const x = GAP + (n % grid.columns) * (width + GAP);
    const top = y + Math.floor(n / grid.columns) * height;
    const baseline = grid.stacked ? top + 12 : top + Math.min(19, height - 4);
    row.name.setAttribute("x", x);
    row.name.setAttribute("y", baseline);
    if (row.cost && grid.stacked) {
      row.cost.setAttribute("x", x);
      row.cost.setAttribute("y", top + 26);
    } else if (row.cost) {
      row.cost.setAttribute("x", x + grid.price);
      row.cost.setAttribute("y", baseline);
      row.cost.setAttribute("text-anchor", "end");
    }
    row.moves.slice(0, 4).forEach((move, k) => {
      const label = `${SUPPLY[move.kind]}${move.args[1]}${move.kind === "leave sick" ? SICK_MARK : ""}`;
      const node = button(svg, x + grid.buttons + k * grid.step, top, grid.button, BUTTON, label, move, ctx);
      if (move.kind === "buy" && row.price) {
        node.querySelector("title").textContent = say(ctx, "nile.buy_cost", "{move}: ${cost}",
          { move: move.text, cost: row.price * move.args[1] });
      }
    });
  });
  y += Math.ceil(shown.length / grid.columns) * height + 4;
  const extra = legal.filter((move) => supplyGood(move, layout.goods) && !shownSupply(move, legal, layout));
  const travel = legal.filter((move) => TRAVEL.includes(move.kind));
  return buttonRows(svg, GAP, y, sheet.width - 2 * GAP, [...travel, ...extra].map((m) => [m.text, m]), ctx, BUTTON);
}

// The goods' rows in columns: two on a wide panel, with the price beside the name; on a
// narrower one (a phone) two as well where rows with the price under the name and slimmer
// buttons fit half the panel, else one as on a wide panel. ``price`` is where a price beside
// the name ends, ``buttons`` where the buttons begin, ``button`` their width, ``step`` the
// distance from one to the next and ``gap`` the room under a row of them.
function goodsGrid(sheet, rows) {
  const wide = { price: 118, buttons: 126, button: 46, step: 50, gap: 6, stacked: false };
  if (sheet.width >= 640) return { columns: 2, ...wide };
  const stacked = rows.some((row) => row.cost);
  const label = Math.max(0, ...rows.map((row) => textWidth(row.name, LINE)),
    ...rows.map((row) => (row.cost ? textWidth(row.cost, 12) : 0)));
  const most = Math.max(0, ...rows.map((row) => Math.min(4, row.moves.length)));
  const narrow = { price: 0, buttons: Math.ceil(label) + 6, button: 38, step: 42, gap: 4, stacked };
  const fits = narrow.buttons + most * narrow.step - 4 <= (sheet.width - 3 * GAP) / 2;
  return fits ? { columns: 2, ...narrow } : { columns: 1, ...wide };
}

// Each good shows its first four moves; any more are listed with the travel choices.
function shownSupply(move, legal, layout) {
  const good = supplyGood(move, layout.goods);
  return legal.filter((other) => supplyGood(other, layout.goods) === good).indexOf(move) < 4;
}

// A line on every explorer: only what there is to say (no specialty chosen yet, no hex).
function drawExplorers(sheet, y, view, ctx) {
  y += 4;
  view.explorers.forEach((explorer, seat) => {
    const colour = ctx.layout.colours[seat];
    const parts = [`${colourWord(ctx, colour)}${youMark(ctx, seat)}`];
    const specialty = ctx.layout.specialties[explorer.specialty];
    if (specialty) parts.push(specialty);
    const where = hexId(ctx, explorer.hex);
    parts.push(where ? `${statusWord(ctx, explorer.status)} ${where}` : statusWord(ctx, explorer.status));
    // 29.3: a partner travels in another's expedition; its leader names his partners
    if (explorer.joined !== null && explorer.joined !== undefined) {
      parts.push(say(ctx, "nile.travels_with", "with {colour}'s expedition",
        { colour: colourWord(ctx, ctx.layout.colours[explorer.joined]) }));
    }
    if (explorer.partners?.length) {
      parts.push(say(ctx, "nile.leads", "leads {colours}",
        { colours: explorer.partners.map((other) => colourWord(ctx, ctx.layout.colours[other])).join(", ") }));
    }
    parts.push(say(ctx, "nile.vp", "{vp} VP", { vp: explorer.vp }));
    if (explorer.money) parts.push(`$${explorer.money}`);
    if (explorer.finds.length) parts.push(say(ctx, "nile.finds", "finds {count}", { count: explorer.finds.length }));
    pawn(sheet.svg, GAP + 9, y + 11, 8, seatColour(colour), String(seat + 1));
    y = Math.max(y + 24, words(sheet, GAP + 24, y, parts.join(" · "), { "font-weight": seat === ctx.seat ? "bold" : "normal" }) + 4);
  });
  return y;
}
