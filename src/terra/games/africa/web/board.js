// Africa's board: the hex map with its markers (face up or face down, as the view shows),
// base camps, herds and nomads, and the researchers; the players' goods and treasure below.
// On a narrow screen the map pans inside its own box, drawn large enough that its smallest
// words (the hexes' ids) can be read; what is below it is a second <svg>, one unit a CSS pixel.
//
// Targets: a hex for "start", "go", "jump", "uncover", "move" (lifting an animal or nomad)
// and "place"; a good in the uncovering player's row for "exchange". When several moves
// happen at one hex, the hex carries the first and the others are buttons under the map.

import {
  byPlace, colourWord, contrast, drawMoreMoves, drawPlayers, el, group, hexPoints, mapAndLines, measure, ofKind,
  pawn, playerRow, say, seatColour, target, text, tip, youMark,
} from "/static/board-kit.js";

// A hex with several moves carries the first of these; a step next door reads more naturally
// as a click than a jump across the map.
const PLACE_KINDS = ["start", "place", "move", "uncover", "go", "jump"];
const GAP = 8;
const INK = "#2b2118";
// Buttons never under a finger's 24 CSS px, however narrow the screen (board-kit's fingerSize).
const LOOK = { gap: GAP, ink: INK, fingers: true };
// The smallest words on the map are the hexes' ids and the two-line markers' words, ID_SIZE
// units tall; the map is drawn at least large enough that they are READABLE CSS px tall.
const ID_SIZE = 7.5;
const READABLE = 9;
const CATEGORY_COLOURS = {
  gold: "#e8b923", jewels: "#8fd3e8", goods: "#c98b4f", animal: "#9fc36b", nomad: "#d9b98c",
  monument: "#b9b3a6",
};

// A marker (a good, a treasure, an animal, a nomad or a monument; "statue", "gold 2") in the
// page's language, with the words of the game's log: the kind is translated, its value stays. A
// kind this table lacks (from a custom data directory) keeps the data's name.
function markerWord(ctx, marker) {
  const [kind, ...value] = marker.split(" ");
  const words = {
    gold: say(ctx, "africa.gold", "gold"),
    jewels: say(ctx, "africa.jewels", "jewels"),
    statue: say(ctx, "africa.statue", "statue"),
    kettle: say(ctx, "africa.kettle", "kettle"),
    clothing: say(ctx, "africa.clothing", "clothing"),
    drum: say(ctx, "africa.drum", "drum"),
    mask: say(ctx, "africa.mask", "mask"),
    elephant: say(ctx, "africa.elephant", "elephant"),
    zebra: say(ctx, "africa.zebra", "zebra"),
    lion: say(ctx, "africa.lion", "lion"),
    giraffe: say(ctx, "africa.giraffe", "giraffe"),
    nomad: say(ctx, "africa.nomad", "nomad"),
    monument: say(ctx, "africa.monument", "monument"),
  };
  return [words[kind] ?? kind, ...value].join(" ");
}

// The map pans sideways inside its own box where the page is too narrow for its words; the
// turn, the legend and the players below it always fit the page's width.
export function draw(container, view, ctx) {
  const legal = ctx.legal || [];
  // A hex's moves are at its id; an exchange is at "<colour> <good>", in that player's row.
  const moves = byPlace(legal.filter((move) => PLACE_KINDS.includes(move.kind)));
  const rank = (move) => PLACE_KINDS.indexOf(move.kind);
  for (const list of moves.values()) list.sort((a, b) => rank(a) - rank(b));
  const exchanges = byPlace(ofKind(legal, "exchange"));
  mapAndLines(container, ctx, {
    label: "Africa", height: ctx.layout.height, low: true, least: READABLE / ID_SIZE, gap: GAP,
    redraw: () => draw(container, view, ctx),
    map: (svg) => {
      drawMap(svg, view, ctx, moves);
      return firstSight(view, ctx, moves);
    },
    lines: (svg, under) => {
      const y = drawTurn(svg, GAP, view, under);
      const more = drawMoreMoves(svg, y, moves, under, LOOK, say(ctx, "africa.more_moves", "More moves at these hexes"));
      return drawPlayers(more, view.players, (top, player) => drawPlayer(svg, top, player, view, under, exchanges));
    },
  });
}

// Where the map's box opens on a phone (in map units): the middle of the seat's targets, else
// its researcher, else the map's middle.
function firstSight(view, ctx, moves) {
  const layout = ctx.layout;
  const centres = new Map(layout.hexes.map((hex) => [hex.id, [hex.x, hex.y]]));
  let points = [...moves.keys()].map((id) => centres.get(id)).filter(Boolean);
  const own = view.players.find((player) => player.seat === ctx.seat);
  if (!points.length && own && own.researcher) points = [centres.get(own.researcher)].filter(Boolean);
  if (!points.length) return [layout.width / 2, layout.height / 2];
  const middle = (values) => (Math.min(...values) + Math.max(...values)) / 2;
  return [middle(points.map((p) => p[0])), middle(points.map((p) => p[1]))];
}

// --- words that fit ----------------------------------------------------------------------

// Words in lines no wider than room: broken between their parts ("3 points · camps 2"), and a
// part too long for a line of its own between its words.
function fitLines(svg, words, room, attrs) {
  const lines = [];
  const add = (line, piece, joint) => {
    const longer = line ? line + joint + piece : piece;
    if (!line || measure(svg, longer, attrs) <= room) return longer;
    lines.push(line);
    return piece;
  };
  let line = "";
  for (const part of words.split(" · ")) {
    if (measure(svg, part, attrs) <= room) line = add(line, part, " · ");
    else {
      if (line) lines.push(line);
      line = part.split(" ").reduce((sofar, word) => add(sofar, word, " "), "");
    }
  }
  if (line) lines.push(line);
  return lines;
}

// Lines of words from (x, y), y the first one's baseline, `step` apart; the last one's baseline.
function writeLines(parent, x, y, lines, step, attrs) {
  lines.forEach((line, i) => text(parent, x, y + i * step, line, attrs));
  return y + (lines.length - 1) * step;
}

// --- the map ---------------------------------------------------------------------------

function drawMap(svg, view, ctx, moves) {
  const layout = ctx.layout;
  el("rect", { width: layout.width, height: layout.height, fill: "#cfe3ea" }, svg);
  const byId = new Map(view.board.map((cell) => [cell.hex, cell]));
  for (const hex of layout.hexes) {
    drawHex(svg, hex, byId.get(hex.id), layout, view, ctx, moves.get(hex.id) || []);
  }
  drawResearchers(svg, view, ctx);
  drawCityNames(svg, layout);
  svg.appendChild(svg.querySelector(":scope > g.names")); // keep the names on top
}

// Names and the hexes' coordinates (the moves and the log say "go E7") go above every hex and
// piece, so that nothing covers them. A hex's id is at its foot, where a city's name is instead;
// a city's id goes to its head. Set this way no two of them meet (tests/web/test_labels.py).
function drawCityNames(svg, layout) {
  const r = layout.hex;
  const labels = group(svg, { class: "names" });
  for (const hex of layout.hexes) {
    const foot = hex.y + r * 0.8;
    const head = hex.y - r * 0.56;
    text(labels, hex.x, hex.city ? head : foot, hex.id, {
      "font-size": ID_SIZE, "text-anchor": "middle", class: "label coord", fill: "#5a4a30",
    });
    if (!hex.city) continue;
    text(labels, hex.x, foot, hex.city, {
      "font-size": 9, "text-anchor": "middle", class: "label", "font-weight": "bold",
    });
  }
}

function drawHex(svg, hex, cell, layout, view, ctx, actions) {
  const r = layout.hex;
  const node = group(svg, { class: "hex", "data-place": hex.id });
  el("polygon", {
    points: hexPoints(hex.x, hex.y, r - 0.5, false),
    fill: hex.city ? "#e9cf9a" : "#efe2c0", stroke: "#b59a6a", "stroke-width": 1, class: "hit",
  }, node);
  if (cell && cell.camp !== null && cell.camp !== undefined) drawCamp(node, hex, view, ctx, cell.camp);
  if (cell && cell.marker) drawMarker(node, hex, cell.marker, layout, r, ctx);
  tip(node, describeHex(hex, cell, ctx));
  if (actions.length) target(node, actions[0], ctx);
}

function describeHex(hex, cell, ctx) {
  const parts = [hex.city ? `${hex.city} (${hex.id})` : hex.id];
  if (cell && cell.marker === "?") parts.push(say(ctx, "africa.face_down", "face-down marker"));
  else if (cell && cell.marker) parts.push(markerWord(ctx, cell.marker));
  if (cell && cell.camp !== null && cell.camp !== undefined) {
    parts.push(say(ctx, "africa.camp_of", "camp of seat {seat}", { seat: cell.camp + 1 }));
  }
  return parts.join(", ");
}

// A marker is a tile across the hex's middle, coloured by its category and named in words
// ("zebra", "gold" over "2"), squeezed to the tile where a word is long.
function drawMarker(node, hex, marker, layout, r, ctx) {
  const width = r * 1.52;
  const height = r * 0.8;
  const x = hex.x - width / 2;
  const y = hex.y - height / 2;
  if (marker === "?") {
    el("rect", { x, y, width, height, rx: 3, fill: "#7b5a36", stroke: "#4a341c" }, node);
    text(node, hex.x, hex.y, "?", {
      "font-size": 12, "text-anchor": "middle", "dominant-baseline": "central", fill: "#f3e6c8",
    });
    return;
  }
  const kind = layout.markers[marker];
  const fill = kind ? CATEGORY_COLOURS[kind.category] : "#fff";
  el("rect", { x, y, width, height, rx: 3, fill, stroke: INK, "stroke-width": 0.8 }, node);
  const [word, value] = markerWord(ctx, marker).split(" ");
  const lines = value ? [[word, hex.y - 3.6], [value, hex.y + 4.8]] : [[word, hex.y]];
  for (const [line, ly] of lines) {
    const size = value ? ID_SIZE : 8.5;
    const room = width - 3;
    const squeeze = line.length * size * 0.62 > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
    text(node, hex.x, ly, line, {
      "font-size": size, "text-anchor": "middle", "dominant-baseline": "central", fill: INK,
      "font-weight": "bold", class: "marker-word", ...squeeze,
    });
  }
}

function paintOf(ctx, seat) {
  return seatColour(ctx.layout.colours[seat]);
}

// A base camp is a small tent in the owner's colour, at the top corner of the hex.
function drawCamp(node, hex, view, ctx, seat) {
  const x = hex.x + ctx.layout.hex * 0.45;
  const y = hex.y - ctx.layout.hex * 0.5;
  el("path", { d: `M ${x - 6} ${y + 5} L ${x} ${y - 6} L ${x + 6} ${y + 5} Z`, fill: paintOf(ctx, seat),
    stroke: INK, "stroke-width": 1 }, node);
}

function drawResearchers(svg, view, ctx) {
  const here = new Map();
  const centres = new Map(ctx.layout.hexes.map((hex) => [hex.id, hex]));
  for (const player of view.players) {
    if (!player.researcher) continue;
    const hex = centres.get(player.researcher);
    const k = here.get(hex.id) || 0;
    here.set(hex.id, k + 1);
    const piece = pawn(svg, hex.x - 10 + k * 10, hex.y - 12, 6.5, paintOf(ctx, player.seat), String(player.seat + 1));
    tip(piece, say(ctx, "africa.researcher", "{colour} researcher", { colour: colourWord(ctx, player.colour) }));
  }
}

// --- below the map ---------------------------------------------------------------------

// The phase in the page's language: the view names it by the engine's id.
function phaseWords(ctx, phase) {
  const words = {
    start: say(ctx, "africa.phase_start", "start"),
    turn: say(ctx, "africa.phase_turn", "turn"),
    goods: say(ctx, "africa.phase_goods", "goods"),
    place: say(ctx, "africa.phase_place", "place"),
    over: say(ctx, "africa.phase_over", "over"),
  };
  return words[phase] ?? phase;
}

function drawTurn(svg, y, view, ctx) {
  const turn = view.turn;
  let line = null;
  if (turn.player !== null && turn.player !== undefined) {
    const who = colourWord(ctx, view.players[turn.player].colour);
    line = say(ctx, "africa.turn", "Turn {number} · {who}: {phase}, action {action}/{actions}", {
      number: turn.number, who, phase: phaseWords(ctx, turn.phase), action: turn.action, actions: turn.actions_per_turn,
    });
  }
  // Whose turn in bold, as the kit's status line, in as many lines as the width needs.
  const room = ctx.layout.width - 2 * GAP;
  const bold = { "font-size": 15, "font-weight": "bold", fill: INK };
  const status = line ?? say(ctx, "board.over", "The game is over");
  y = writeLines(svg, GAP, y + 14, fitLines(svg, status, room, bold), 18, bold);
  const found = `${say(ctx, "africa.monuments", "monuments found")} ${view.monuments_found}`;
  const camps = `${say(ctx, "africa.supply", "camps in supply")} ${view.supply_camps}`;
  y = writeLine(svg, y + 18, `${found} · ${camps}`, room) + 8;
  y = drawLegend(svg, y, ctx);
  if (turn.placing) {
    const words = say(ctx, "africa.placing", "to place: {marker} (from {hex})",
      { ...turn.placing, marker: markerWord(ctx, turn.placing.marker) });
    y = writeLine(svg, y + 10, words, room) + 8;
  }
  if (turn.uncovered_good) {
    const words = `${say(ctx, "africa.uncovered", "uncovered")}: ${markerWord(ctx, turn.uncovered_good)}`;
    y = writeLine(svg, y + 10, words, room) + 8;
  }
  return y;
}

// A line of plain words under the map from baseline y, wrapped to room; the last baseline.
function writeLine(svg, y, words, room) {
  const plain = { "font-size": 12, fill: INK };
  return writeLines(svg, GAP, y, fitLines(svg, words, room, plain), 15, plain);
}

// What the markers' colours mean, one swatch per category.
const LEGEND_WORDS = { "font-size": 11, fill: "#5a4a30" };
function drawLegend(svg, y, ctx) {
  const words = {
    gold: say(ctx, "africa.gold", "gold"),
    jewels: say(ctx, "africa.jewels", "jewels"),
    goods: say(ctx, "africa.goods", "goods"),
    animal: say(ctx, "africa.animals", "animals"),
    nomad: say(ctx, "africa.nomad", "nomad"),
    monument: say(ctx, "africa.monument", "monument"),
  };
  const legend = group(svg, { class: "legend" });
  let x = GAP;
  for (const [category, fill] of Object.entries(CATEGORY_COLOURS)) {
    const word = words[category] ?? category;
    const width = 14 + measure(svg, word, LEGEND_WORDS);
    if (x > GAP && x + width > ctx.layout.width - GAP) {
      x = GAP;
      y += 16;
    }
    el("rect", { x, y: y + 2, width: 11, height: 11, rx: 2, fill, stroke: INK, "stroke-width": 0.8 }, legend);
    text(legend, x + 14, y + 11.5, word, LEGEND_WORDS);
    x += width + 9;
  }
  return y + 20;
}

// "exchange kettle with blue" is at "blue kettle": the kettles in blue's row are what the player
// takes.
// The gold and jewels in a row are those a base camp took (5. Use Natural Resources), counted
// for the majorities at the end; uncovered gold scores at once and stays on the map, so a
// player who "uncovers gold 2 and scores 2 points" still holds none: the row says so.
function drawPlayer(svg, y, player, view, ctx, exchanges) {
  const width = ctx.layout.width - 2 * GAP;
  const points = say(ctx, "africa.points", "{points} points", { points: player.score.total });
  const holdings = say(ctx, "africa.held", "camps {camps} · gold held {gold} · jewels held {jewels}", player);
  const colour = colourWord(ctx, player.colour);
  // A heading too long for the row (a phone, a long name) goes on as many lines as it needs.
  const bold = { "font-size": 13, "font-weight": "bold", fill: INK };
  const heading = fitLines(svg, `${colour}${youMark(ctx, player.seat)} · ${points} · ${holdings}`, width - 34, bold);
  const chips = goodsChips(svg, view, ctx, width);
  const top = 28 + (heading.length - 1) * HEADING_STEP;
  const height = top + chips.lines * (CHIP_HEIGHT + 6);
  const row = playerRow(svg, y, ctx, LOOK, view.turn.player === player.seat, {
    height, idle: "#f7f1e3", stroke: "#b9a27a",
    pawn: [14, 15, 8, paintOf(ctx, player.seat), String(player.seat + 1)],
    heading: [28, 19.5, 13, heading[0]],
  });
  writeLines(row, 28, 19.5 + HEADING_STEP, heading.slice(1), HEADING_STEP, bold);
  tip(row, say(ctx, "africa.held_tip",
    "Gold and jewels held: taken by base camps, they count for the majorities at the end. Uncovered gold and jewels score at once and stay on the map."));
  ctx.layout.goods.forEach((good, i) => {
    const count = player.goods[good] || 0;
    const [x, line] = chips.at(i);
    const chip = group(row, { class: "good" }, x, top + line * (CHIP_HEIGHT + 6));
    el("rect", { width: chips.width, height: CHIP_HEIGHT, rx: 4, fill: count ? CATEGORY_COLOURS.goods : "#ece3cf",
      class: "hit", stroke: "#8a6d4b" }, chip);
    const word = markerWord(ctx, good);
    text(chip, chips.width / 2, CHIP_HEIGHT / 2, `${word} ${count}`, { ...CHIP_WORDS, "text-anchor": "middle",
      "dominant-baseline": "central", fill: count ? contrast("#c98b4f") : "#8a7a60" });
    tip(chip, `${colour}: ${count} ${word}`);
    const exchange = exchanges.get(`${player.colour} ${good}`);
    if (exchange) target(chip, exchange[0], ctx);
  });
  return y + height + 6;
}

const HEADING_STEP = 16;
const CHIP_HEIGHT = 24; // a finger's size, one unit a CSS pixel under the map
const CHIP_WORDS = { "font-size": 11 };
const CHIP_GAP = 5;

// The goods' chips in a row `width` wide: each as wide as the longest chip's words need (of
// every row, so that the rows' chips line up), 72 units where the row has room for them all on
// one line, else on as many lines as needed. at(i) is the i-th chip's x and line.
function goodsChips(svg, view, ctx, width) {
  const goods = ctx.layout.goods;
  const room = width - 16;
  const counts = (good) => new Set(view.players.map((player) => player.goods[good] || 0));
  const words = goods.flatMap((good) => [...counts(good)].map((count) => `${markerWord(ctx, good)} ${count}`));
  const need = Math.ceil(Math.max(...words.map((label) => measure(svg, label, CHIP_WORDS))) + 10);
  const shared = Math.floor((room - CHIP_GAP * (goods.length - 1)) / goods.length);
  const chip = Math.max(need, Math.min(72, shared));
  const across = Math.max(1, Math.floor((room + CHIP_GAP) / (chip + CHIP_GAP)));
  return {
    width: chip,
    lines: Math.ceil(goods.length / across),
    at: (i) => [8 + (i % across) * (chip + CHIP_GAP), Math.floor(i / across)],
  };
}
