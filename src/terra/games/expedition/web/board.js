// Expedition's board: the world map with its sites, stations and lines, the three
// expeditions' arrows, the chips on sites, the public missions; below, the players and the
// seat's own research cards.
//
// Targets: a site for "mark" (a chip goes there); for an arrow "<colour> A > B", a dot of
// the expedition's colour on the line from A towards B; the last arrow of an expedition for
// "voucher remove <colour>"; a card in the hand for "voucher exchange"; a drawn card for "keep".

import {
  board, buttonRows, colourWord, el, group, idsByName, paragraph, pawn, rest, say, target, text,
  tip, verb, wrapLines,
} from "/static/board-kit.js";

const GAP = 10;
const INK = "#1f2a33";
const ARROWS = { red: "#d0312d", blue: "#1f5fbf", yellow: "#e0a800" };
const CONTINENTS = {
  violet: "#b48ad6", blue: "#6fa8dc", "light green": "#93c47d", orange: "#f6a04d",
  yellow: "#f1d14b", pink: "#f4a6c6",
};
const SEATS = ["#7d3cb5", "#2e8b57", "#c0392b", "#d35400", "#2c3e50", "#8e6b23"];

export function draw(container, view, ctx) {
  const layout = ctx.layout;
  const legal = ctx.legal || [];
  const svg = board(container, layout.width, layout.map_height, "Expedition");
  const names = idsByName(layout.points);
  drawMap(svg, view, ctx, legal, names);
  let y = layout.map_height + GAP;
  y = drawStatus(svg, y, view, ctx, legal);
  y = drawPlayers(svg, y, view, ctx, legal);
  svg.setAttribute("viewBox", `0 0 ${layout.width} ${Math.ceil(y + GAP)}`);
}

// The position of point `id` nearest to (x, y): an edge station has one on each edge.
function nearest(layout, id, x, y) {
  let best = layout.points[id].copies[0];
  for (const copy of layout.points[id].copies) {
    if (Math.abs(copy[0] - x) < Math.abs(best[0] - x)) best = copy;
  }
  return best;
}

// Both ends of the segment a-b, with each edge station on the side nearer the other end.
function segment(layout, a, b) {
  const pa = layout.points[a].copies[0];
  const pb = nearest(layout, b, pa[0], pa[1]);
  return [nearest(layout, a, pb[0], pb[1]), pb];
}

// --- the map ---------------------------------------------------------------------------

function drawMap(svg, view, ctx, legal, names) {
  const layout = ctx.layout;
  el("rect", { width: layout.width, height: layout.map_height, fill: "#d7e9f2" }, svg);
  const lines = group(svg, { class: "lines", stroke: "#8aa0ad", "stroke-width": 1.2 });
  for (const [a, b] of layout.lines) {
    const [p, q] = segment(layout, a, b);
    el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1] }, lines);
  }
  view.expeditions.forEach((expedition, i) => drawExpedition(svg, expedition, i, layout));
  const chips = chipOwners(view);
  const marks = new Map();
  for (const action of legal) {
    if (verb(action) === "mark") marks.set(names.get(rest(action).toLowerCase()), action);
  }
  const missions = new Set(view.public_missions);
  for (const [id, point] of Object.entries(layout.points)) {
    drawPoint(svg, id, point, layout, ctx, marks.get(id), missions.has(id), chips.get(id));
  }
  drawNames(svg, layout, missions);
  view.expeditions.forEach((expedition) => drawExpeditionEnd(svg, expedition, layout, ctx, legal));
  drawArrowChoices(svg, legal, layout, names, ctx);
}

function chipOwners(view) {
  const owners = new Map();
  for (const player of view.players) {
    for (const site of player.chips_on_board) owners.set(site, player.seat);
  }
  return owners;
}

// The three expeditions share lines; each is drawn a little off the line, by its colour.
function drawExpedition(svg, expedition, index, layout) {
  const colour = ARROWS[expedition.colour];
  const shift = (index - 1) * 3;
  const arrows = group(svg, { class: `expedition ${expedition.colour}`, stroke: colour, "stroke-width": 3 });
  for (const [a, b] of expedition.arrows) {
    const [p, q] = segment(layout, a, b);
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const nx = (-(q[1] - p[1]) / length) * shift;
    const ny = ((q[0] - p[0]) / length) * shift;
    el("line", { x1: p[0] + nx, y1: p[1] + ny, x2: q[0] + nx, y2: q[1] + ny }, arrows);
    const tipX = q[0] + nx - ((q[0] - p[0]) / length) * 8;
    const tipY = q[1] + ny - ((q[1] - p[1]) / length) * 8;
    const ux = (q[0] - p[0]) / length;
    const uy = (q[1] - p[1]) / length;
    el("path", {
      d: `M ${tipX} ${tipY} l ${-ux * 7 - uy * 4} ${-uy * 7 + ux * 4} l ${uy * 8} ${-ux * 8} Z`,
      fill: colour, stroke: "none",
    }, arrows);
  }
}

function pointFill(point, layout) {
  if (point.kind === "site") return CONTINENTS[layout.continents[point.continent].colour] || "#ddd";
  if (point.kind === "green") return "#2e9d44";
  if (point.kind === "red") return "#d0312d";
  return "#333";
}

function drawPoint(svg, id, point, layout, ctx, mark, mission, chip) {
  const r = point.kind === "site" ? layout.dot : layout.dot - 1.5;
  point.copies.forEach((copy, k) => {
    const node = group(svg, { class: `point ${point.kind}`, "data-place": id }, copy[0], copy[1]);
    const shape = point.kind === "site"
      ? el("circle", { r, fill: pointFill(point, layout), stroke: INK, "stroke-width": 1 }, node)
      : el("rect", { x: -r, y: -r, width: 2 * r, height: 2 * r, fill: pointFill(point, layout),
        stroke: INK, "stroke-width": 1 }, node);
    shape.classList.add("hit");
    if (mission) el("circle", { r: r + 3.5, fill: "none", stroke: "#c89b00", "stroke-width": 2 }, node);
    if (point.wrap) text(node, 0, 3.5, String(point.wrap), { "font-size": 9, "text-anchor": "middle", fill: "#fff" });
    if (chip !== undefined) pawn(node, r + 2, -r - 2, 4.5, SEATS[chip]);
    tip(node, describePoint(point, layout, mission, chip, ctx));
    if (mark && k === 0) target(node, mark, ctx);
  });
}

// Names go above every point and line, so that none is covered by a neighbour's dot.
function drawNames(svg, layout, missions) {
  const names = group(svg, { class: "names" });
  for (const [id, point] of Object.entries(layout.points)) {
    const label = point.label;
    text(names, label.x, label.y, point.name, {
      "font-size": label.size ?? layout.label_size, "text-anchor": label.anchor, class: "label",
      "font-weight": missions.has(id) ? "bold" : "normal",
    });
  }
}

function describePoint(point, layout, mission, chip, ctx) {
  const parts = [point.name];
  if (point.kind === "site") parts.push(layout.continents[point.continent].name);
  else if (point.kind === "red") parts.push(say(ctx, "expedition.red_station", "red station"));
  else if (point.kind === "green") parts.push(say(ctx, "expedition.green_station", "green station"));
  else parts.push(`${point.kind} station`);
  if (mission) parts.push(say(ctx, "expedition.public_mission", "public mission"));
  if (chip !== undefined) parts.push(say(ctx, "expedition.chip_of", "chip of player {number}", { number: chip + 1 }));
  return parts.join(", ");
}

// The head of each expedition; the last arrow is the target for taking it back.
function drawExpeditionEnd(svg, expedition, layout, ctx, legal) {
  const [x, y] = layout.points[expedition.end].copies[0];
  const offset = { red: -1, blue: 0, yellow: 1 }[expedition.colour] * 9;
  const head = group(svg, { class: "head" }, x + offset, y - 14);
  el("path", { d: "M 0 6 L -5 -4 L 5 -4 Z", fill: ARROWS[expedition.colour], stroke: INK,
    "stroke-width": 0.8, class: "hit" }, head);
  const arrows = say(ctx, "expedition.arrows", "{count} arrows, {left} left",
    { count: expedition.arrows.length, left: expedition.arrows_left });
  tip(head, `${colourWord(ctx, expedition.colour)}: ${arrows}`);
  const remove = `voucher remove ${expedition.colour}`;
  if (legal.includes(remove)) target(head, remove, ctx);
}

// "red Stockholm > Moscow": a dot of red on the line, near two thirds of the way to Moscow.
// Dots never lie on one another or on a place, however small the screen: each takes the first
// free spot along its line, then beside it; a choice with no free spot (three colours on one
// short line) stays in the page's list of moves.
const CHOICE_RADIUS = 6;
const ALONG = [0.62, 0.45, 0.78, 0.3, 0.9];
const ASIDE = [0, 1, -1];

function drawArrowChoices(svg, legal, layout, names, ctx) {
  const apart = 2 * CHOICE_RADIUS + 1;
  const taken = Object.values(layout.points).flatMap((point) => point.copies);
  const free = (x, y) => taken.every(([tx, ty]) => Math.hypot(tx - x, ty - y) >= apart);
  for (const action of legal) {
    const colour = verb(action);
    if (!ARROWS[colour]) continue;
    const [from, to] = rest(action).split(" > ").map((name) => names.get(name.trim().toLowerCase()));
    if (!from || !to) continue;
    const [p, q] = segment(layout, from, to);
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const [ux, uy] = [(q[0] - p[0]) / length, (q[1] - p[1]) / length];
    let spot = null;
    for (const side of ASIDE) {
      for (const along of ALONG) {
        const x = p[0] + (q[0] - p[0]) * along - uy * side * apart;
        const y = p[1] + (q[1] - p[1]) * along + ux * side * apart;
        if (free(x, y)) {
          spot = [x, y];
          break;
        }
      }
      if (spot) break;
    }
    if (!spot) continue;
    taken.push(spot);
    const dot = el("circle", { cx: spot[0], cy: spot[1], r: CHOICE_RADIUS, fill: ARROWS[colour], class: "arrow-choice" }, svg);
    target(dot, action, ctx);
  }
}

// --- below the map ---------------------------------------------------------------------

// The phase in the page's language: the view names it by the engine's id.
function phaseWords(ctx, phase) {
  const words = {
    marking: say(ctx, "expedition.phase_marking", "marking"),
    playing: say(ctx, "expedition.phase_playing", "playing"),
    over: say(ctx, "expedition.phase_over", "over"),
  };
  return words[phase] ?? phase;
}

function drawStatus(svg, y, view, ctx, legal) {
  const turn = view.turn;
  let line;
  if (turn.player === null || turn.player === undefined) {
    line = say(ctx, "expedition.over", "The game is over");
  } else {
    line = say(ctx, "expedition.turn", "Turn {number} · player {player}: {phase}",
      { number: turn.number, player: turn.player + 1, phase: phaseWords(ctx, turn.phase) });
    if (turn.arrows_due || turn.arrows_optional) {
      const due = `${turn.arrows_due}+${turn.arrows_optional}`;
      line += " · " + say(ctx, "expedition.arrows_due", "arrows {due}", { due });
    }
    if (turn.loop) line += " · " + say(ctx, "expedition.loop", "loop ({colour})", { colour: colourWord(ctx, turn.loop) });
  }
  text(svg, GAP, y + 16, line, { "font-size": 18, "font-weight": "bold", fill: INK });
  const left = view.expeditions.map((e) => `${colourWord(ctx, e.colour)} ${e.arrows_left}`).join(" · ");
  text(svg, ctx.layout.width - GAP, y + 16, `${say(ctx, "expedition.arrows_left", "arrows left")}: ${left} · `
    + `${say(ctx, "expedition.deck", "deck")} ${view.deck.size}`, { "font-size": 14, "text-anchor": "end", fill: INK });
  y += 26;
  const missions = view.public_missions.map((id) => ctx.layout.points[id].name).join(", ");
  y = paragraph(svg, GAP, y, ctx.layout.width - 2 * GAP,
    `${say(ctx, "expedition.public", "Public missions")}: ${missions || "-"}`, { "font-size": 14, fill: INK });
  if (turn.drawn) {
    text(svg, GAP, y + 14, say(ctx, "expedition.drawn", "Drawn, keep one:"), { "font-size": 14, fill: INK });
    const items = turn.drawn.map((id) => {
      const name = ctx.layout.points[id].name;
      return [name, legal.includes(`keep ${name}`) ? `keep ${name}` : null];
    });
    y = buttonRows(svg, 140, y, ctx.layout.width - 150, items, ctx, 22);
  }
  return y;
}

function drawPlayers(svg, y, view, ctx, legal) {
  for (const player of view.players) y = drawPlayer(svg, y, player, view, ctx, legal);
  return y;
}

function drawPlayer(svg, y, player, view, ctx, legal) {
  const width = ctx.layout.width - 2 * GAP;
  const names = (ids) => ids.map((id) => ctx.layout.points[id].name).join(", ") || "-";
  const active = view.turn.player === player.seat;
  const you = player.seat === ctx.seat ? ` (${say(ctx, "expedition.you", "you")})` : "";
  const laid = `${say(ctx, "expedition.laid_down", "laid down")}: ${names(player.laid_down)}`;
  const rowHeight = 34 + wrapLines(laid, width - 40, 13).length * 13 * 1.3;
  const row = group(svg, { class: "player" }, GAP, y);
  el("rect", { width, height: rowHeight, rx: 6, fill: active ? "#fff3c4" : "#f2f5f7", stroke: "#9fb3bf" }, row);
  pawn(row, 16, 16, 9, SEATS[player.seat], String(player.seat + 1));
  const who = say(ctx, "expedition.player", "Player {number}", { number: player.seat + 1 });
  const holdings = say(ctx, "expedition.holdings", "{points} points · {cards} cards · {vouchers} vouchers · chips back {chips}", {
    points: player.score.total, cards: player.cards_in_hand, vouchers: player.vouchers, chips: player.chips_back,
  });
  text(row, 32, 21, `${who}${you} · ${holdings}`,
  { "font-size": 16, "font-weight": "bold", fill: INK });
  paragraph(row, 32, 26, width - 40, laid, { "font-size": 13, fill: INK });
  y += rowHeight + 4;
  if (!player.hand) return y;
  text(svg, GAP, y + 15, say(ctx, "expedition.hand", "Your cards:"), { "font-size": 14, fill: INK });
  const items = player.hand.map((id) => {
    const name = ctx.layout.points[id].name;
    const exchange = `voucher exchange ${name}`;
    const marked = player.marked.includes(id) ? " ●" : "";
    return [`${name}${marked}`, legal.includes(exchange) ? exchange : null];
  });
  return buttonRows(svg, 110, y, ctx.layout.width - 120, items, ctx, 24) + 4;
}
