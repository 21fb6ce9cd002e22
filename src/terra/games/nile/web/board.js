// Source of the Nile's board: the map as far as it is explored (terrain, rivers, cataracts,
// natives, oases, waterfalls and peaks, discovery counters), the ports and the explorers; the
// seat's own Expedition Make-up below, and a line on every explorer.
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
  board, button, buttonRows, byPlace, colourWord, drawMoreMoves, drawStatus, el, flatSide, group,
  hexPoints, pawn, say, seatColour, target, text, tip, youMark,
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
const LOOK = { gap: GAP, ink: INK };
// What may be done with a good of the Make-up, by the kind of move, and how its button says so.
const SUPPLY = { buy: "+", take: "+", leave: "−", "leave sick": "−", cache: "⌂" };
const SICK_MARK = "✚";
const TRAVEL = ["activity", "travel", "carry", "stop"];

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
  const svg = board(container, layout.width, layout.height, "Source of the Nile");
  const moves = hexMoves(legal, view, ctx);
  drawMap(svg, view, ctx, moves);
  let y = layout.height + GAP;
  y = drawTurn(svg, y, view, ctx);
  y = drawMoreMoves(svg, y, moves, ctx, LOOK);
  y = drawMakeUp(svg, y, view, ctx, legal);
  y = drawExplorers(svg, y, view, ctx);
  svg.setAttribute("viewBox", `0 0 ${layout.width} ${Math.ceil(y + GAP)}`);
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

function drawMap(svg, view, ctx, moves) {
  const layout = ctx.layout;
  el("rect", { width: layout.width, height: layout.height, fill: SEA }, svg);
  const known = knownHexes(view, ctx);
  const ground = group(svg, { class: "ground" });
  const rivers = group(svg, { class: "rivers", stroke: "#1d5fb4", "stroke-width": 2.2, fill: "none",
    "stroke-linecap": "round" });
  const marks = group(svg, { class: "marks" });
  layout.hexes.forEach(([id, x, y], h) => {
    drawHex(ground, view, ctx, h, id, x, y, known.has(h));
    drawRiver(rivers, view.map, h, x, y, layout.hex);
    drawFeatures(marks, view, ctx, h, x, y);
  });
  drawCounters(marks, view, ctx);
  drawPorts(svg, ctx);
  drawPieces(svg, view, ctx);
  for (const [h, actions] of moves) drawTarget(svg, ctx, h, actions[0]);
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
  el("polygon", attrs, parent);
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
  if (map.oasis[h]) el("circle", { cx: x + 4, cy: y - 4, r: 3, fill: "#2f9e44", stroke: "#fff" }, parent);
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
  text(node, 0, 3.3, "sml"[size] || "", { "font-size": 5, "text-anchor": "middle", fill: "#fff" });
  const sizes = [say(ctx, "nile.small_tribe", "small tribe"), say(ctx, "nile.medium_tribe", "medium tribe"),
    say(ctx, "nile.large_tribe", "large tribe")];
  tip(node, `${sizes[size]}${friendly ? `, ${say(ctx, "nile.friendly", "friendly")}` : ""}`);
}

function drawCounters(parent, view, ctx) {
  for (const counter of view.counters) {
    if (counter.hex < 0) continue;
    const [, x, y] = ctx.layout.hexes[counter.hex];
    const face = counter.discovery;
    const node = group(parent, { class: "counter" }, x, y);
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
function drawPorts(svg, ctx) {
  const names = group(svg, { class: "ports" });
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
}

function drawPieces(svg, view, ctx) {
  const here = new Map();
  view.explorers.forEach((explorer, seat) => {
    if (explorer.hex === null || explorer.hex < 0) return;
    const [, x, y] = ctx.layout.hexes[explorer.hex];
    const k = here.get(explorer.hex) || 0;
    here.set(explorer.hex, k + 1);
    const colour = ctx.layout.colours[seat];
    const piece = pawn(svg, x - 3 + k * 7, y - 3 - k * 2, 6, seatColour(colour), String(seat + 1));
    const specialty = ctx.layout.specialties[explorer.specialty] || say(ctx, "nile.explorer", "explorer");
    tip(piece, `${colourWord(ctx, colour)}: ${specialty}, ${statusWord(ctx, explorer.status)}`);
    for (const cache of explorer.caches) {
      const [, cx, cy] = ctx.layout.hexes[cache.hex];
      el("rect", { x: cx + 3, y: cy + 2, width: 5, height: 4, fill: seatColour(colour),
        stroke: INK, "stroke-width": 0.5 }, svg);
    }
  });
}

// A target hex is a ring over the map, so that it stays clickable above every mark.
function drawTarget(svg, ctx, h, move) {
  const [id, x, y] = ctx.layout.hexes[h];
  const ring = el("polygon", { points: hexPoints(x, y, ctx.layout.hex - 1, true), fill: "rgba(255,255,255,0.01)",
    "data-place": id }, svg);
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
    over: say(ctx, "nile.phase_over", "over"),
  };
  return words[phase] ?? phase;
}

function drawTurn(svg, y, view, ctx) {
  let line = null;
  if (view.player !== null && view.player !== undefined) {
    const colour = ctx.layout.colours[view.player];
    line = say(ctx, "nile.round", "Round {round} · {colour}: {phase}",
      { round: view.round, colour: colourWord(ctx, colour), phase: phaseWords(ctx, view.phase) });
  }
  const aside = say(ctx, "nile.goal", "{target} VP to win · turn limit {limit}", { target: view.target, limit: view.turn_limit });
  y = drawStatus(svg, y, ctx, LOOK, line, { aside });
  if (view.encounter) {
    const [id] = ctx.layout.hexes[view.encounter.hex];
    text(svg, GAP, y + 11, say(ctx, "nile.encounter", "Natives met at {hex}", { hex: id }), { "font-size": 12, fill: INK });
    y += 16;
  }
  return y;
}

function partyKey(good) {
  return good === "water" ? "water" : `${good}s`;
}

// The good a move of the Make-up concerns (its first argument), or null for another move.
function supplyGood(move, goods) {
  return move.kind in SUPPLY ? goods[move.args[0]] ?? null : null;
}

// The seat's Expedition Make-up: each good with what may be done with it now.
function drawMakeUp(svg, y, view, ctx, legal) {
  if (ctx.seat === null || ctx.seat === undefined) return y;
  const explorer = view.explorers[ctx.seat];
  const layout = ctx.layout;
  const vp = say(ctx, "nile.vp", "{vp} VP", { vp: explorer.vp });
  text(svg, GAP, y + 13, `${say(ctx, "nile.make_up", "Your expedition")} · $${explorer.money} · ${vp}`, {
    "font-size": 14, "font-weight": "bold", fill: INK,
  });
  y += 20;
  const width = (layout.width - 3 * GAP) / 2;
  layout.goods.forEach((good, i) => {
    const x = GAP + (i % 2) * (width + GAP);
    const top = y + Math.floor(i / 2) * 30;
    const count = explorer.party[partyKey(good)] ?? 0;
    const sick = explorer.party[`sick_${partyKey(good)}`];
    const sickCount = sick ? ` ${SICK_MARK}${sick}` : "";
    text(svg, x, top + 14, `${goodWord(ctx, good, layout.good_names[i])} ${count}${sickCount}`, { "font-size": 12, fill: INK });
    const moves = legal.filter((move) => supplyGood(move, layout.goods) === good);
    moves.slice(0, 4).forEach((move, k) => {
      const label = `${SUPPLY[move.kind]}${move.args[1]}${move.kind === "leave sick" ? SICK_MARK : ""}`;
      button(svg, x + 92 + k * 52, top, 48, 20, label, move, ctx);
    });
  });
  y += Math.ceil(layout.goods.length / 2) * 30 + 4;
  const extra = legal.filter((move) => supplyGood(move, layout.goods) && !shownSupply(move, legal, layout));
  const travel = legal.filter((move) => TRAVEL.includes(move.kind));
  return buttonRows(svg, GAP, y, layout.width - 2 * GAP, [...travel, ...extra].map((m) => [m.text, m]), ctx, 22);
}

// Each good shows its first four moves; any more are listed with the travel choices.
function shownSupply(move, legal, layout) {
  const good = supplyGood(move, layout.goods);
  return legal.filter((other) => supplyGood(other, layout.goods) === good).indexOf(move) < 4;
}

function drawExplorers(svg, y, view, ctx) {
  view.explorers.forEach((explorer, seat) => {
    const colour = ctx.layout.colours[seat];
    const specialty = ctx.layout.specialties[explorer.specialty] || "";
    const where = explorer.hex >= 0 ? ctx.layout.hexes[explorer.hex][0] : "";
    pawn(svg, GAP + 8, y + 10, 7, seatColour(colour), String(seat + 1));
    const you = youMark(ctx, seat);
    const finds = say(ctx, "nile.finds", "finds {count}", { count: explorer.finds.length });
    const status = statusWord(ctx, explorer.status);
    const vp = say(ctx, "nile.vp", "{vp} VP", { vp: explorer.vp });
    text(svg, GAP + 20, y + 14, `${colourWord(ctx, colour)}${you} · ${specialty} · ${status} ${where} · ${vp} · `
      + `$${explorer.money} · ${finds}`, { "font-size": 12, fill: INK });
    y += 22;
  });
  return y;
}
