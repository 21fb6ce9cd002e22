// Expedition's board: the world map with its sites, stations and lines, the three
// expeditions' arrows, the chips on sites, the public missions; below, the players and the
// seat's own research cards.
//
// Targets: a site for "mark" (a chip goes there); for an arrow "<colour> A > B", a dot of
// the expedition's colour on the line from A towards B; the last arrow of an expedition for
// "voucher remove <colour>"; a card in the hand for "voucher exchange"; a drawn card for "keep".
// A move's place is the site or station it names; an arrow's arguments are its expedition (in
// the view's order), the points it joins (in the layout's order) and its line.

import {
  buttonRows, byPlace, colourWord, drawPlayers, drawStatus, el, group, mapAndLines, ofKind, paragraph, pawn,
  playerRow, say, target, text, tip, wrapLines, youMark,
} from "/static/board-kit.js";

const GAP = 10;
const INK = "#1f2a33";
const ARROWS = { red: "#d0312d", blue: "#1f5fbf", yellow: "#e0a800" };
const CONTINENTS = {
  violet: "#b48ad6", blue: "#6fa8dc", "light green": "#93c47d", orange: "#f6a04d",
  yellow: "#f1d14b", pink: "#f4a6c6",
};
const SEATS = ["#7d3cb5", "#2e8b57", "#c0392b", "#d35400", "#2c3e50", "#8e6b23"];
const LOOK = { gap: GAP, ink: INK };
// Every target on the map reaches this far from its centre (a transparent disc), and no two
// targets' discs meet: the map is drawn at least one CSS pixel per unit (pannedBoard), so each
// target is 24 CSS px across at the least (WCAG 2.2, 2.5.8).
const REACH = 12;
const NARROW = 700; // below this many CSS px, the lines under the map wrap

// The map pans sideways inside its own box where the page is narrower than the map; the
// players and the cards below it always fit the page's width.
export function draw(container, view, ctx) {
  const legal = ctx.legal || [];
  const exchanges = byPlace(ofKind(legal, "voucher exchange"));
  mapAndLines(container, ctx, {
    label: "Expedition", height: ctx.layout.map_height, low: true, gap: GAP,
    redraw: () => draw(container, view, ctx),
    map: (svg) => drawMap(svg, view, ctx, legal),
    lines: (svg, under) => {
      const y = drawTurn(svg, GAP, view, under, legal);
      return drawPlayers(y, view.players, (top, player) => drawPlayer(svg, top, player, view, under, exchanges));
    },
  });
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

// Draws the map; returns the point (in map units) to pan to first: the middle of the seat's
// targets, else of the expeditions' heads.
function drawMap(svg, view, ctx, legal) {
  const layout = ctx.layout;
  el("rect", { width: layout.width, height: layout.map_height, fill: "#d7e9f2" }, svg);
  const lines = group(svg, { class: "lines", stroke: "#8aa0ad", "stroke-width": 1.5 });
  for (const [a, b] of layout.lines) {
    const [p, q] = segment(layout, a, b);
    el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1] }, lines);
  }
  view.expeditions.forEach((expedition, i) => drawExpedition(svg, expedition, i, layout));
  const chips = chipOwners(view);
  const marks = byPlace(ofKind(legal, "mark"));
  const missions = new Set(view.public_missions);
  for (const [id, point] of Object.entries(layout.points)) {
    drawPoint(svg, id, point, layout, ctx, (marks.get(id) || [])[0], missions.has(id), chips.get(id));
  }
  const ties = group(svg, { class: "ties", "stroke-width": 2, "stroke-dasharray": "3 2" });
  drawNames(svg, layout, missions);
  const room = new Room(layout, ties);
  const removals = ofKind(legal, "voucher remove");
  view.expeditions.forEach((expedition, i) => {
    drawExpeditionEnd(svg, expedition, layout, ctx, removals.find((move) => move.args[0] === i), room);
  });
  drawArrowChoices(svg, view, ofKind(legal, "arrow"), layout, ctx, room);
  const frame = svg.getBoundingClientRect();
  const unit = layout.width / (frame.width || 1);
  const centres = [...svg.querySelectorAll(".target")].map((node) => node.getBoundingClientRect())
    .map((box) => [((box.left + box.right) / 2 - frame.left) * unit, ((box.top + box.bottom) / 2 - frame.top) * unit]);
  const heads = view.expeditions.map((expedition) => layout.points[expedition.end].copies[0]);
  const points = centres.length ? centres : heads;
  const middle = (values) => (Math.min(...values) + Math.max(...values)) / 2;
  return [middle(points.map((p) => p[0])), middle(points.map((p) => p[1]))];
}

function chipOwners(view) {
  const owners = new Map();
  for (const player of view.players) {
    for (const site of player.chips_on_board) owners.set(site, player.seat);
  }
  return owners;
}

// The three expeditions share lines; each is drawn a little off the line, by its colour, with
// its head halfway along, away from the names, which stand by the points.
function drawExpedition(svg, expedition, index, layout) {
  const colour = ARROWS[expedition.colour];
  const shift = (index - 1) * 4;
  const arrows = group(svg, { class: `expedition ${expedition.colour}`, stroke: colour, "stroke-width": 3.5 });
  for (const [a, b] of expedition.arrows) {
    const [p, q] = segment(layout, a, b);
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const [ux, uy] = [(q[0] - p[0]) / length, (q[1] - p[1]) / length];
    const [nx, ny] = [-uy * shift, ux * shift];
    el("line", { x1: p[0] + nx, y1: p[1] + ny, x2: q[0] + nx, y2: q[1] + ny }, arrows);
    const tipX = (p[0] + q[0]) / 2 + nx + ux * 6;
    const tipY = (p[1] + q[1]) / 2 + ny + uy * 6;
    el("path", {
      d: `M ${tipX} ${tipY} l ${-ux * 12 - uy * 6} ${-uy * 12 + ux * 6} l ${uy * 12} ${-ux * 12} Z`,
      fill: colour, stroke: INK, "stroke-width": 0.8, "stroke-linejoin": "round",
    }, arrows);
  }
}

function pointFill(point, layout) {
  if (point.kind === "site") return CONTINENTS[layout.continents[point.continent].colour] || "#ddd";
  if (point.kind === "green") return "#2e9d44";
  if (point.kind === "red") return "#d0312d";
  return "#333";
}

// A transparent disc of REACH around a target's centre: where a finger may land on it.
function reach(node, x = 0, y = 0) {
  return el("circle", { cx: x, cy: y, r: REACH, fill: "transparent", class: "reach" }, node);
}

function drawPoint(svg, id, point, layout, ctx, mark, mission, chip) {
  const r = point.kind === "site" ? layout.dot : layout.dot - 1.5;
  point.copies.forEach((copy, k) => {
    const node = group(svg, { class: `point ${point.kind}`, "data-place": id }, copy[0], copy[1]);
    if (mark && k === 0) reach(node);
    const shape = point.kind === "site"
      ? el("circle", { r, fill: pointFill(point, layout), stroke: INK, "stroke-width": 1 }, node)
      : el("rect", { x: -r, y: -r, width: 2 * r, height: 2 * r, fill: pointFill(point, layout),
        stroke: INK, "stroke-width": 1 }, node);
    shape.classList.add("hit");
    if (mission) el("circle", { r: r + 3.5, fill: "none", stroke: "#c89b00", "stroke-width": 2.5 }, node);
    if (point.wrap) text(node, 0, 3.5, String(point.wrap), { "font-size": 9, "text-anchor": "middle", fill: "#fff" });
    if (chip !== undefined) pawn(node, r + 1, -r - 1, 4.5, SEATS[chip]);
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

// The free room of the map for the markers drawn over it (expeditions' heads, arrows to
// choose): a marker's reach meets no point's, no other marker's, and its disc no name.
class Room {
  // ties: the group, under the names, for the lines that tie a marker to its place.
  constructor(layout, ties) {
    this.ties = ties;
    this.taken = Object.values(layout.points).flatMap((point) => point.copies);
    this.names = Object.values(layout.points).map((point) => point.label.box).filter(Boolean);
    this.width = layout.width;
    this.height = layout.map_height;
  }

  free(x, y, radius) {
    if (x < REACH || y < REACH || x > this.width - REACH || y > this.height - REACH) return false;
    if (!this.taken.every(([tx, ty]) => Math.hypot(tx - x, ty - y) >= 2 * REACH)) return false;
    return this.names.every(([x0, y0, x1, y1]) => {
      const dx = Math.max(x0 - x, 0, x - x1);
      const dy = Math.max(y0 - y, 0, y - y1);
      return Math.hypot(dx, dy) >= radius;
    });
  }

  // The first free spot of `spots`, taken; null if none is free.
  take(spots, radius) {
    const spot = spots.find(([x, y]) => this.free(x, y, radius));
    if (spot) this.taken.push(spot);
    return spot || null;
  }
}

// The head of each expedition: a marker of its colour beside the point it has reached, tied
// to it by a short line; the target for taking its last arrow back.
const HEAD_RADIUS = 8;
const HEAD_ANGLES = [-90, -60, -120, -30, -150, 0, 180, 30, 150, 60, 120, 90];

function drawExpeditionEnd(svg, expedition, layout, ctx, remove, room) {
  const [x, y] = layout.points[expedition.end].copies[0];
  const spots = [];
  for (const distance of [2 * REACH, 2 * REACH + 10, 2 * REACH + 22, 2 * REACH + 36]) {
    for (const angle of HEAD_ANGLES) {
      const a = (angle * Math.PI) / 180;
      spots.push([x + Math.cos(a) * distance, y + Math.sin(a) * distance]);
    }
  }
  // Where every spot is near a name, a head goes on one: it shows where the expedition is.
  const spot = room.take(spots, HEAD_RADIUS + 1) || room.take(spots, 0) || [x, y - 2 * REACH];
  const colour = ARROWS[expedition.colour];
  el("line", { x1: x, y1: y, x2: spot[0], y2: spot[1], stroke: colour }, room.ties);
  const head = group(svg, { class: "head" }, spot[0], spot[1]);
  if (remove) reach(head);
  el("circle", { r: HEAD_RADIUS, fill: colour, stroke: INK, "stroke-width": 1, class: "hit" }, head);
  el("path", { d: "M -4 -3 L 4 -3 L 0 4 Z", fill: "#fff" }, head);
  const arrows = say(ctx, "expedition.arrows", "{count} arrows, {left} left",
    { count: expedition.arrows.length, left: expedition.arrows_left });
  tip(head, `${colourWord(ctx, expedition.colour)}: ${arrows}`);
  if (remove) target(head, remove, ctx);
}

// "red Stockholm > Moscow": a dot of red on the line, pointing to Moscow. Dots never lie on
// one another, on a place or on a name: each takes the first free spot along its line, then
// beside it; a choice with no free spot stays in the page's list of moves.
const CHOICE_RADIUS = 8;
const ALONG = [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82];
const ASIDE = [0, 1, -1, 1.5, -1.5, 2, -2];

function drawArrowChoices(svg, view, arrows, layout, ctx, room) {
  const ids = Object.keys(layout.points);
  for (const move of arrows) {
    const colour = view.expeditions[move.args[0]].colour;
    const [from, to] = [ids[move.args[1]], ids[move.args[2]]];
    if (!from || !to) continue;
    const [p, q] = segment(layout, from, to);
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const [ux, uy] = [(q[0] - p[0]) / length, (q[1] - p[1]) / length];
    const spots = ASIDE.flatMap((side) => ALONG.map((along) => [
      p[0] + (q[0] - p[0]) * along - uy * side * 2 * REACH,
      p[1] + (q[1] - p[1]) * along + ux * side * 2 * REACH,
      side, along,
    ]));
    const spot = room.take(spots, CHOICE_RADIUS + 1);
    if (!spot) continue;
    const [side, along] = spot.slice(2);
    if (side) {
      el("line", { x1: spot[0], y1: spot[1], x2: p[0] + (q[0] - p[0]) * along, y2: p[1] + (q[1] - p[1]) * along,
        stroke: ARROWS[colour] }, room.ties);
    }
    const dot = group(svg, { class: "arrow-choice" }, spot[0], spot[1]);
    reach(dot);
    el("circle", { r: CHOICE_RADIUS, fill: ARROWS[colour], stroke: INK, "stroke-width": 1, class: "hit" }, dot);
    const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
    el("path", { d: "M -3 -4 L 4 0 L -3 4 Z", fill: "#fff", transform: `rotate(${angle.toFixed(1)})` }, dot);
    target(dot, move, ctx);
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

function drawTurn(svg, y, view, ctx, legal) {
  const turn = view.turn;
  let line = null;
  if (turn.player !== null && turn.player !== undefined) {
    line = say(ctx, "expedition.turn", "Turn {number} · player {player}: {phase}",
      { number: turn.number, player: turn.player + 1, phase: phaseWords(ctx, turn.phase) });
    if (turn.arrows_due || turn.arrows_optional) {
      const due = `${turn.arrows_due}+${turn.arrows_optional}`;
      line += " · " + say(ctx, "expedition.arrows_due", "arrows {due}", { due });
    }
    if (turn.loop) line += " · " + say(ctx, "expedition.loop", "loop ({colour})", { colour: colourWord(ctx, turn.loop) });
  }
  const left = view.expeditions.map((e) => `${colourWord(ctx, e.colour)} ${e.arrows_left}`).join(" · ");
  const aside = `${say(ctx, "expedition.arrows_left", "arrows left")}: ${left} · `
    + `${say(ctx, "expedition.deck", "deck")} ${view.deck.size}`;
  const narrow = ctx.layout.width < NARROW;
  if (narrow) {
    const status = line ?? say(ctx, "board.over", "The game is over");
    y = paragraph(svg, GAP, y, ctx.layout.width - 2 * GAP, status, { "font-size": 18, "font-weight": "bold", fill: INK });
    y = paragraph(svg, GAP, y - 2, ctx.layout.width - 2 * GAP, aside, { "font-size": 14, fill: INK });
  } else {
    y = drawStatus(svg, y, ctx, LOOK, line, { size: 18, aside, asideSize: 14 }) + 1;
  }
  const missions = view.public_missions.map((id) => ctx.layout.points[id].name).join(", ");
  y = paragraph(svg, GAP, y, ctx.layout.width - 2 * GAP,
    `${say(ctx, "expedition.public", "Public missions")}: ${missions || "-"}`, { "font-size": 14, fill: INK });
  if (turn.drawn) {
    text(svg, GAP, y + 14, say(ctx, "expedition.drawn", "Drawn, keep one:"), { "font-size": 14, fill: INK });
    const keeps = byPlace(ofKind(legal, "keep"));
    const items = turn.drawn.map((id) => [ctx.layout.points[id].name, (keeps.get(id) || [null])[0]]);
    y = buttonRows(svg, 140, y, ctx.layout.width - 150, items, ctx, 26);
  }
  return y;
}

function drawPlayer(svg, y, player, view, ctx, exchanges) {
  const width = ctx.layout.width - 2 * GAP;
  const names = (ids) => ids.map((id) => ctx.layout.points[id].name).join(", ") || "-";
  const laid = `${say(ctx, "expedition.laid_down", "laid down")}: ${names(player.laid_down)}`;
  // The seats have no colour: a person is their name where the page knows it.
  const named = ctx.names?.[player.seat];
  const who = named ?? say(ctx, "expedition.player", "Player {number}", { number: player.seat + 1 });
  const holdings = say(ctx, "expedition.holdings", "{points} points · {cards} cards · {vouchers} vouchers · chips back {chips}", {
    points: player.score.total, cards: player.cards_in_hand, vouchers: player.vouchers, chips: player.chips_back,
  });
  // On a narrow screen the holdings go on a line of their own, under the player's name.
  const narrow = ctx.layout.width < NARROW;
  const you = named ? youMark({ ...ctx, names: undefined }, player.seat) : youMark(ctx, player.seat);
  const heading = narrow ? `${who}${you}` : `${who}${you} · ${holdings}`;
  const details = narrow ? [holdings, laid] : [laid];
  const lines = details.reduce((count, line) => count + wrapLines(line, width - 40, 13).length, 0);
  const rowHeight = 34 + lines * 13 * 1.3 + (details.length - 1) * 4;
  const row = playerRow(svg, y, ctx, LOOK, view.turn.player === player.seat, {
    height: rowHeight, idle: "#f2f5f7", stroke: "#9fb3bf",
    pawn: [16, 16, 9, SEATS[player.seat], String(player.seat + 1)],
    heading: [32, 21, 16, heading],
  });
  details.reduce((top, line) => paragraph(row, 32, top, width - 40, line, { "font-size": 13, fill: INK }), 26);
  y += rowHeight + 4;
  if (!player.hand) return y;
  text(svg, GAP, y + 15, say(ctx, "expedition.hand", "Your cards:"), { "font-size": 14, fill: INK });
  const items = player.hand.map((id) => {
    const marked = player.marked.includes(id) ? " ●" : "";
    return [`${ctx.layout.points[id].name}${marked}`, (exchanges.get(id) || [null])[0]];
  });
  return buttonRows(svg, 110, y, ctx.layout.width - 120, items, ctx, 26) + 4;
}
