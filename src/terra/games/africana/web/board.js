// Africana's board: the route map, the expedition spaces, both adventure books, the players
// and the seat's own hand, drawn from view(seat) over the fixed layout (layout.py).
//
// Targets: a location for "go", the seat's explorer for "move", the travel deck for "draw",
// the books for "buy", "buy <card>" and turning pages, an expedition card for "join" and
// "finish", an adventure card in front of the seat for "finish" and "discard", a hand card
// for "discard <colour>". Other moves ("done") stay in the page's list of legal moves.

import {
  button, buttonRows, byPlace, colourWord, contrast, drawMoreMoves, drawPlayers, drawStatus, el, fingerSize,
  group, mapAndLines, measure, moveOf, ofKind, pawn, playerRow, say, seatColour, target, text, tip, youMark,
} from "/static/board-kit.js";

const CARD_W = 118;
const CARD_H = 74;
const GAP = 8;
const INK = "#2b2118";
const SEA = "#cfe3ea";
const LAND = "#efe2c0";
// Buttons never under a finger's 24 CSS px, however narrow the screen (board-kit's fingerSize).
const LOOK = { gap: GAP, ink: INK, fingers: true };

// A map taller than this many CSS px, half a phone's screen, is seen on a phone in a box lower
// than itself (pannedBoard's low), so that the page stays within two screens.
const LOW = 420;
// The least width, in CSS px, of an expedition card: "→ Victoria Falls" in 11 px.
const EXPEDITION_W = 104;

// The map is drawn at least one CSS pixel per unit, so that its names keep their 13 px: on a
// phone it pans inside its own box. Below it one unit is one CSS pixel, the lines as wide as
// the container (up to the map's width), so that the cards and rows keep their words readable
// and wrap where the screen is narrow.
export function draw(container, view, ctx) {
  const legal = ctx.legal || [];
  // A move is at the location it goes to, or at the card it concerns (an expedition, an
  // adventure; in the hand, "grey", "grey assistant" or "joker").
  const places = byPlace(legal);
  const height = ctx.layout.map_height;
  mapAndLines(container, ctx, {
    label: "Africana", height, low: height > LOW, gap: GAP,
    redraw: () => draw(container, view, ctx),
    map: (svg) => drawMap(svg, view, ctx, places, legal),
    lines: (svg, under) => {
      let y = GAP;
      y = drawTurn(svg, y, view, under, legal);
      y = drawExpeditions(svg, y, view, under, places);
      y = drawBooks(svg, y, view, under, legal, places);
      y = drawHand(svg, y, view, under, places);
      return drawPlayers(y, view.players, (top, player) => drawPlayer(svg, top, player, view, under, places));
    },
  });
}

// --- words that fit ---------------------------------------------------------------------

// Words broken into lines no wider than width: between the parts " · " separates where that
// is enough (a player's line keeps its silver and its points whole), else between words.
function fitLines(svg, words, width, attrs) {
  const fits = (line) => measure(svg, line, attrs) <= width;
  if (fits(words)) return [words];
  const lines = [];
  let line = "";
  const add = (piece, joiner) => {
    const longer = line ? `${line}${joiner}${piece}` : piece;
    if (fits(longer) || !line) line = longer;
    else {
      lines.push(joiner === " · " ? `${line} ·` : line);
      line = piece;
    }
  };
  for (const part of String(words).split(" · ")) {
    if (fits(part)) add(part, " · ");
    else part.split(" ").forEach((word, i) => add(word, i ? " " : " · "));
  }
  if (line) lines.push(line);
  return lines;
}

// One text of several lines from baseline y, each a tspan `leading` below the one before: a
// reader still finds the whole row's words in one node.
function textLines(parent, x, y, lines, attrs, leading) {
  if (lines.length === 1) return text(parent, x, y, lines[0], attrs);
  const node = text(parent, x, y, "", attrs);
  lines.forEach((line, i) => {
    el("tspan", { x, dy: i ? leading : null }, node).textContent = i < lines.length - 1 ? `${line} ` : line;
  });
  return node;
}

// How many of a thing `size` wide, `space` apart, go across width (one at the least).
function across(width, size, space) {
  return Math.max(1, Math.floor((width + space) / (size + space)));
}

// A company in the page's language: the German and Dutch rulebooks name the countries in their
// own words. A company this table lacks (from a custom data directory) keeps the data's name.
function companyWord(ctx, country) {
  const words = {
    Italy: say(ctx, "africana.italy", "Italy"),
    France: say(ctx, "africana.france", "France"),
    Germany: say(ctx, "africana.germany", "Germany"),
    England: say(ctx, "africana.england", "England"),
  };
  return words[country] ?? country;
}

// An adventure card's artifact in the page's language, or the data's name for one it lacks.
function artifactWord(ctx, artifact) {
  const words = {
    drum: say(ctx, "africana.drum", "drum"),
    mask: say(ctx, "africana.mask", "mask"),
    statue: say(ctx, "africana.statue", "statue"),
    shield: say(ctx, "africana.shield", "shield"),
    necklace: say(ctx, "africana.necklace", "necklace"),
  };
  return words[artifact] ?? artifact;
}

// --- the route map ---------------------------------------------------------------------

function drawMap(svg, view, ctx, places, legal) {
  const layout = ctx.layout;
  el("rect", { width: layout.width, height: layout.map_height, fill: SEA }, svg);
  drawLand(svg, layout);
  drawEquator(svg, layout, ctx);
  const locations = layout.locations;
  const routes = group(svg, { class: "routes" });
  for (const [a, b] of layout.routes) {
    el("line", {
      x1: locations[a].x, y1: locations[a].y, x2: locations[b].x, y2: locations[b].y,
      stroke: "#7a5b3a", "stroke-width": 2.5, "stroke-dasharray": "6 4",
    }, routes);
  }
  const names = group(svg, { class: "names" });
  for (const [id, place] of Object.entries(locations)) {
    drawLocation(svg, names, id, place, layout, places.get(id) || [], ctx);
  }
  const explorer = drawExplorers(svg, view, ctx, legal, names);
  svg.appendChild(names); // names above every piece, so none is hidden
  return firstView(ctx, places, explorer);
}

// Where a box narrower than the map opens (in map units): on the middle of the locations the
// seat may go to, else on its explorer, else on the middle of the map.
function firstView(ctx, places, explorer) {
  const layout = ctx.layout;
  const points = Object.entries(layout.locations).filter(([id]) => places.has(id)).map(([, p]) => [p.x, p.y]);
  if (!points.length) return explorer ?? [layout.width / 2, layout.map_height / 2];
  const middle = (values) => (Math.min(...values) + Math.max(...values)) / 2;
  return [middle(points.map((p) => p[0])), middle(points.map((p) => p[1]))];
}

// The land is the hull of the locations drawn with a broad round pen: enough to read as a
// continent without claiming a coastline the data does not have.
function drawLand(svg, layout) {
  const hull = convexHull(Object.values(layout.locations).map((p) => [p.x, p.y]));
  el("polygon", {
    points: hull.map(([x, y]) => `${x},${y}`).join(" "),
    fill: LAND, stroke: LAND, "stroke-width": 70, "stroke-linejoin": "round",
  }, svg);
}

function convexHull(points) {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const out = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

function drawEquator(svg, layout, ctx) {
  el("line", {
    x1: 0, y1: layout.equator, x2: layout.width, y2: layout.equator,
    stroke: "#8a6d4b", "stroke-width": 1, "stroke-dasharray": "2 6",
  }, svg);
  text(svg, 6, layout.equator - 5, say(ctx, "africana.equator", "equator"), {
    "font-size": 11, class: "label", "font-style": "italic",
  });
}

function drawLocation(svg, names, id, place, layout, journeys, ctx) {
  const node = group(svg, { class: "location", "data-place": id }, place.x, place.y);
  const r = layout.dot;
  const symbols = place.symbols;
  if (symbols.length === 1) {
    el("circle", { r, fill: symbols[0], class: "hit", stroke: INK, "stroke-width": 1.5 }, node);
  } else {
    el("path", { d: `M 0 ${-r} A ${r} ${r} 0 0 0 0 ${r} Z`, fill: symbols[0] }, node);
    el("path", { d: `M 0 ${-r} A ${r} ${r} 0 0 1 0 ${r} Z`, fill: symbols[1] }, node);
    el("circle", { r, fill: "none", class: "hit", stroke: INK, "stroke-width": 1.5 }, node);
  }
  tip(node, `${place.name} (${symbols.map((colour) => colourWord(ctx, colour)).join(", ")})`);
  const label = place.label;
  text(names, label.x, label.y, place.name, {
    "text-anchor": label.anchor, "font-size": layout.label_size, class: "label",
  });
  if (journeys.length) target(node, journeys[0], ctx);
}

function paintOf(ctx, seat) {
  return seatColour(ctx.layout.companies[seat].colour);
}

// Spots round a location where an explorer may stand: the four diagonals first, then the
// sides, then further out.
const SPOTS = [16, 24, 32].flatMap((far) => [1, 3, 7, 5, 0, 2, 4, 6].map((eighth) => {
  const angle = (Math.PI / 4) * eighth;
  return [Math.cos(angle) * far, -Math.sin(angle) * far];
}));

// An explorer stands beside its location on the first spot that leaves every place's name and
// dot and every other explorer clear (names are measured as the browser draws them), so that
// no piece hides "Serengeti"; where none is clear, the nearest spot (the names are drawn above).
// Returns where the seat's own explorer stands, or null.
function drawExplorers(svg, view, ctx, legal, names) {
  const r = 9;
  const pad = 1.5;
  const busy = [...names.querySelectorAll("text")].map((node) => {
    const box = node.getBBox();
    return [box.x - pad, box.y - pad, box.x + box.width + pad, box.y + box.height + pad];
  });
  const dot = ctx.layout.dot;
  for (const place of Object.values(ctx.layout.locations)) {
    busy.push([place.x - dot, place.y - dot, place.x + dot, place.y + dot]);
  }
  const clear = (x, y) => x - r >= 0 && x + r <= ctx.layout.width && y - r >= 0 && y + r <= ctx.layout.map_height
    && busy.every(([x0, y0, x1, y1]) => x + r <= x0 || x - r >= x1 || y + r <= y0 || y - r >= y1);
  let own = null;
  for (const player of view.players) {
    const place = ctx.layout.locations[player.location];
    const spot = SPOTS.find(([dx, dy]) => clear(place.x + dx, place.y + dy)) ?? SPOTS[0];
    const x = place.x + spot[0];
    const y = place.y + spot[1];
    busy.push([x - r, y - r, x + r, y + r]);
    const company = companyWord(ctx, player.company);
    const piece = pawn(svg, x, y, r, paintOf(ctx, player.seat), company[0]);
    piece.querySelector("circle").classList.add("hit");
    tip(piece, `${company} (${colourWord(ctx, player.colour)})`);
    const move = moveOf(legal, "move");
    if (player.seat === ctx.seat && move) target(piece, move, ctx);
    if (player.seat === ctx.seat) own = [x, y];
  }
  return own;
}

// --- the turn --------------------------------------------------------------------------

// The phase in the page's language: the view names it by the engine's id.
function phaseWords(ctx, phase) {
  const words = {
    choose: say(ctx, "africana.phase_choose", "choose"),
    buy: say(ctx, "africana.phase_buy", "buy"),
    move: say(ctx, "africana.phase_move", "move"),
    discard: say(ctx, "africana.phase_discard", "discard"),
    drop: say(ctx, "africana.phase_drop", "drop"),
    over: say(ctx, "africana.phase_over", "over"),
  };
  return words[phase] ?? phase;
}

function drawTurn(svg, y, view, ctx, legal) {
  const turn = view.turn;
  const width = ctx.layout.width;
  let line = null;
  if (turn.player !== null && turn.player !== undefined) {
    const who = companyWord(ctx, view.players[turn.player].company);
    line = say(ctx, "africana.round", "Round {round} · {who}: {phase}", { round: turn.round, who, phase: phaseWords(ctx, turn.phase) });
    if (turn.ending) line += ` · ${say(ctx, "africana.last_round", "last round")}`;
  }
  const deck = say(ctx, "africana.deck", "Travel deck {cards}", { cards: view.travel_deck });
  const tall = fingerSize(svg, 22);
  const deckWidth = Math.max(128, Math.ceil(deck.length * tall * 0.3 + tall * 0.9));
  const deckButton = button(svg, width - deckWidth - GAP, y, deckWidth, tall, deck, moveOf(legal, "draw"), ctx);
  tip(deckButton, deck);
  // The status goes left of the deck's button, on two lines where one is not enough.
  const status = { "font-size": 15, "font-weight": "bold", fill: INK };
  const lines = fitLines(svg, line ?? say(ctx, "board.over", "The game is over"), width - deckWidth - 3 * GAP, status);
  let below = y + tall + 6;
  if (lines.length === 1) drawStatus(svg, y, ctx, LOOK, line);
  else {
    textLines(svg, GAP, y + 14, lines, status, 18);
    below = Math.max(below, y + 14 + (lines.length - 1) * 18 + 8);
  }
  y = below;
  if (turn.played) {
    const played = Object.entries(turn.played.travel).filter(([, n]) => n)
      .map(([c, n]) => `${n} ${colourWord(ctx, c)}`);
    if (turn.played.jokers) played.push(say(ctx, "africana.jokers", "{count} joker", { count: turn.played.jokers }));
    const words = played.length ? played.join(", ") : "-";
    const small = { "font-size": 12, fill: INK };
    const said = fitLines(svg, `${say(ctx, "africana.played", "Played this move")}: ${words}`, width - 2 * GAP, small);
    textLines(svg, GAP, y + 10, said, small, 15);
    y += 18 + (said.length - 1) * 15;
  }
  // A location carries its first way to pay; the others for the same location are buttons here.
  const journeys = byPlace(ofKind(legal, "go"));
  const more = drawMoreMoves(svg, y, journeys, ctx, LOOK, say(ctx, "africana.other_payments", "Other ways to pay"));
  return more > y ? more + GAP : y;
}

// --- expedition spaces ----------------------------------------------------------------

function drawExpeditions(svg, y, view, ctx, places) {
  const width = ctx.layout.width;
  const heading = { "font-size": 14, "font-weight": "bold", fill: INK };
  const title = say(ctx, "africana.expeditions", "Expeditions");
  text(svg, GAP, y + 12, title, heading);
  const pile = view.expedition_pile;
  const piles = `${say(ctx, "africana.pile", "pile")} A ${pile.A} · B ${pile.B} · C ${pile.C}`;
  const small = { "font-size": 12, fill: INK };
  // The piles go right of the heading, or under it where the line is too short for both.
  if (measure(svg, title, heading) + measure(svg, piles, small) + 3 * GAP <= width) {
    text(svg, width - GAP, y + 12, piles, { ...small, "text-anchor": "end" });
  } else {
    y += 16;
    text(svg, GAP, y + 12, piles, small);
  }
  y += 18;
  // Five cards across where they fit; on a phone, rows of as many as fit.
  const count = view.expeditions.length;
  const columns = Math.min(count, across(width - 2 * GAP, EXPEDITION_W, GAP));
  const step = (width - 2 * GAP - (columns - 1) * GAP) / columns;
  for (let first = 0; first < count; first += columns) {
    const bottoms = view.expeditions.slice(first, first + columns).map((space, i) =>
      drawExpeditionSpace(svg, GAP + i * (step + GAP), y, step, space, view, ctx, places));
    y = Math.max(y + CARD_H + 20, ...bottoms) + GAP;
  }
  return y;
}

function bonusWords(bonus, ctx) {
  if (bonus.travel_cards) return say(ctx, "africana.bonus_cards", "+{count} card", { count: bonus.travel_cards });
  return say(ctx, "africana.bonus_silver", "+{silver} silver", { silver: bonus.silver });
}

function drawExpeditionSpace(svg, x, y, width, space, view, ctx, places) {
  text(svg, x + width / 2, y + 11, bonusWords(space.bonus, ctx), {
    "font-size": 11, "text-anchor": "middle", fill: "#6b5a3a",
  });
  const top = y + 15;
  const card = space.expedition;
  const node = group(svg, { class: "card expedition" }, x, top);
  el("rect", { width, height: CARD_H, rx: 6, fill: card ? "#fdf6e3" : "#e4dccb", class: "hit",
    stroke: "#6b5a3a" }, node);
  if (!card) return top + CARD_H;
  const face = ctx.layout.expeditions[card];
  const locations = ctx.layout.locations;
  text(node, 6, 15, card, { "font-size": 13, "font-weight": "bold", fill: INK });
  text(node, width - 6, 15, `${face.silver}$ ${face.points}★`, {
    "font-size": 12, "text-anchor": "end", fill: INK,
  });
  text(node, 6, 33, locations[face.start].name, { "font-size": 11, fill: INK });
  text(node, 6, 48, `→ ${locations[face.target].name}`, { "font-size": 11, fill: INK });
  space.joined.forEach((seat, k) => {
    pawn(node, 10 + k * 16, CARD_H - 11, 6, paintOf(ctx, seat));
  });
  const rewards = say(ctx, "africana.rewards", "{silver} silver, {points} points", { silver: face.silver, points: face.points });
  tip(node, `${card}: ${locations[face.start].name} → ${locations[face.target].name}, ${rewards}`);
  const moves = places.get(card) || [];
  if (moves.length) target(node, moves[0], ctx);
  if (moves.length > 1) {
    const items = moves.slice(1).map((move) => [move.text, move]);
    return buttonRows(svg, x, top + CARD_H + 2, width, items, ctx, fingerSize(svg, 16));
  }
  return top + CARD_H;
}

// --- the adventure books ----------------------------------------------------------------

function drawBooks(svg, y, view, ctx, legal, places) {
  const width = ctx.layout.width;
  text(svg, GAP, y + 12, say(ctx, "africana.books", "Adventure books"), {
    "font-size": 14, "font-weight": "bold", fill: INK,
  });
  y += 20;
  const buy = moveOf(legal, "buy");
  if (buy) y = drawBuy(svg, y, view, ctx, buy);
  // The two books side by side where each one's cards (the last turned page, if any, and the
  // next) fit in half the width, else one under the other.
  const half = (width - 3 * GAP) / 2;
  const wide = (book) => (view.books[book].turned.length ? CARD_W - 18 + GAP : 0) + CARD_W;
  if (half >= Math.max(wide("north"), wide("south"))) {
    const heights = ["north", "south"].map((book, i) =>
      drawBook(svg, GAP + i * (half + GAP), y, half, book, view, ctx, legal, places));
    return y + Math.max(...heights) + GAP;
  }
  for (const book of ["north", "south"]) {
    y += drawBook(svg, GAP, y, width - 2 * GAP, book, view, ctx, legal, places) + GAP;
  }
  return y;
}

// Africana, B) Buy adventure cards: the book is the one of the half of the map where the
// explorer stands (buying.book_of); the button names it and says why.
function drawBuy(svg, y, view, ctx, buy) {
  const me = view.players[view.turn.player];
  const where = ctx.layout.locations[me.location];
  const north = where.hemisphere === "north";
  const label = north ? say(ctx, "africana.buy_north", "buy from the North book")
    : say(ctx, "africana.buy_south", "buy from the South book");
  const why = north
    ? say(ctx, "africana.buy_north_why", "your explorer is in {place}, north of the equator", { place: where.name })
    : say(ctx, "africana.buy_south_why", "your explorer is in {place}, south of the equator", { place: where.name });
  const tall = fingerSize(svg, 20);
  const width = Math.ceil(label.length * tall * 0.3 + tall * 0.9);
  tip(button(svg, GAP, y, width, tall, label, buy, ctx, { "data-book": where.hemisphere }), `${label}: ${why}`);
  const look = { "font-size": 11, fill: INK, class: "buy-why" };
  const lines = fitLines(svg, why, ctx.layout.width - width - 3 * GAP, look);
  textLines(svg, GAP + width + GAP, y + 11, lines, look, 14);
  return Math.max(y + 11 + lines.length * 14 - 10, y + tall) + 6;
}

function drawBook(svg, x, y, width, name, view, ctx, legal, places) {
  const book = view.books[name];
  const open = view.turn.book === name;
  const half = name === "north" ? say(ctx, "africana.north", "North") : say(ctx, "africana.south", "South");
  const pages = say(ctx, "africana.pages", "{count} pages", { count: book.unturned.length });
  const title = `${half} · ${pages}`;
  text(svg, x, y + 11, title, { "font-size": 12, fill: INK, "font-weight": open ? "bold" : "normal" });
  const top = y + 16;
  const turned = book.turned;
  let cardX = x;
  if (turned.length) {
    drawAdventure(svg, x, top, CARD_W - 18, CARD_H, turned[turned.length - 1], ctx, null, true);
    text(svg, x + (CARD_W - 18) / 2, top + CARD_H + 12, say(ctx, "africana.turned", "{count} turned", { count: turned.length }),
      { "font-size": 11, "text-anchor": "middle", fill: INK });
    cardX = x + CARD_W - 18 + GAP;
  }
  const page = book.unturned[0];
  const buy = page ? (places.get(page) || [])[0] : undefined;
  drawAdventure(svg, cardX, top, CARD_W, CARD_H, page, ctx, buy || null, false);
  if (open) {
    const arrows = [];
    const back = moveOf(legal, "turn back");
    const forward = moveOf(legal, "turn forward");
    if (back) arrows.push([`◀ ${say(ctx, "africana.turn_back", "turn back")}`, back]);
    if (forward) arrows.push([`${say(ctx, "africana.turn_forward", "turn forward")} ▶`, forward]);
    const info = say(ctx, "africana.page_cost", "{count} turned · next page {cost}$",
      { count: view.turn.pages_turned, cost: view.turn.next_page_cost });
    const look = { "font-size": 11, fill: INK };
    const lines = fitLines(svg, info, width, look);
    textLines(svg, x, top + CARD_H + 26, lines, look, 14);
    const below = buttonRows(svg, x, top + CARD_H + 32 + (lines.length - 1) * 14, width, arrows, ctx, fingerSize(svg, 20));
    return below - y;
  }
  return CARD_H + 34;
}

// An adventure card; its reward goes on a second line where one is too short for it, the card
// growing to hold it. Returns the card's height.
function drawAdventure(svg, x, y, width, height, card, ctx, move, small) {
  const node = group(svg, { class: "card adventure" }, x, y);
  const known = card !== null && card !== undefined;
  const face = el("rect", { width, height, rx: 6, class: "hit", stroke: "#6b5a3a",
    fill: known ? (small ? "#efe7d4" : "#fffaf0") : "#a98f63" }, node);
  if (!known) {
    text(node, width / 2, height / 2 + 5, "?", { "font-size": 18, "text-anchor": "middle", fill: "#fff" });
    return height;
  }
  const adventure = ctx.layout.adventures[card];
  const place = ctx.layout.locations[adventure.target].name;
  text(node, 6, 14, card, { "font-size": 12, "font-weight": "bold", fill: INK });
  text(node, 6, 30, place, { "font-size": 11, fill: INK });
  const reward = adventure.assistant
    ? say(ctx, "africana.assistant", "{colour} assistant", { colour: colourWord(ctx, adventure.assistant) })
    : `${artifactWord(ctx, adventure.artifact)} ${adventure.silver}$ ${adventure.points}★`;
  const look = { "font-size": 11, fill: INK };
  const lines = fitLines(svg, reward, width - 12, look);
  textLines(node, 6, 45, lines, look, 13);
  const tall = Math.max(height, 45 + (lines.length - 1) * 13 + 6);
  face.setAttribute("height", tall);
  if (adventure.assistant) el("rect", { x: width - 18, y: 5, width: 12, height: 12, fill: adventure.assistant }, node);
  tip(node, `${card}: ${place}, ${reward}`);
  if (move) target(node, move, ctx);
  return tall;
}

// --- the seat's hand and the players ---------------------------------------------------

function drawHand(svg, y, view, ctx, places) {
  const me = ctx.seat === null || ctx.seat === undefined ? null : view.players[ctx.seat];
  if (!me || !me.hand) return y;
  text(svg, GAP, y + 12, say(ctx, "africana.hand", "Your hand"), {
    "font-size": 14, "font-weight": "bold", fill: INK,
  });
  y += 18;
  const slots = [];
  for (const colour of ctx.layout.colours) {
    if (me.hand[colour]) slots.push([colour, me.hand[colour], colour, ""]);
  }
  for (const colour of ctx.layout.colours) {
    const n = me.assistants[colour];
    if (n) slots.push([colour, n, `${colour} assistant`, "A"]);
  }
  if (me.jokers) slots.push(["#333", me.jokers, "joker", "J"]);
  // As many cards to a row as the width holds.
  const columns = across(ctx.layout.width - 2 * GAP, 46, 6);
  slots.forEach(([colour, count, place, mark], i) => {
    const node = group(svg, { class: "card travel" }, GAP + (i % columns) * 52, y + Math.floor(i / columns) * 70);
    el("rect", { width: 46, height: 62, rx: 5, fill: colour, class: "hit", stroke: INK }, node);
    text(node, 23, 30, `${count}×`, { "font-size": 15, "text-anchor": "middle", fill: contrast(colour),
      "font-weight": "bold" });
    if (mark) text(node, 23, 52, mark === "A" ? say(ctx, "africana.assist", "assist.") : say(ctx, "africana.joker", "joker"), { "font-size": 11,
      "text-anchor": "middle", fill: contrast(colour) });
    const word = colourWord(ctx, colour);
    const assistant = say(ctx, "africana.assistant", "{colour} assistant", { colour: word });
    tip(node, `${count} ${mark === "A" ? assistant : mark === "J" ? say(ctx, "africana.joker", "joker") : word}`);
    const discard = (places.get(place) || [])[0];
    if (discard) target(node, discard, ctx);
  });
  return y + Math.ceil(slots.length / columns) * 70;
}

// The score in a row is what the player would score if the game ended now (Africana, Scoring):
// it counts 1 point for every 2 travel cards in hand and every 10 silver, so it drops when a
// card is played and comes back when one is drawn. The row says so, and its tip adds it up.
function pointsNow(ctx, player) {
  return say(ctx, "africana.points_now", "{points} points if the game ended now", { points: player.score.total });
}

function scoreTip(ctx, score) {
  return say(ctx, "africana.score_tip",
    "If the game ended now: expeditions {expeditions}, artifacts {artifacts}, collections {collections}, assistants {assistants}, silver {silver}, travel cards {travel_cards}, unfinished adventures {unfinished_artifacts}",
    score);
}

// A player's row: the heading (company, colour, silver, score) and the holdings under it, each
// on as many lines as the row's width needs; the adventures in front of the player below.
function drawPlayer(svg, y, player, view, ctx, places) {
  const company = companyWord(ctx, player.company);
  const assistants = Object.entries(player.assistants).filter(([, n]) => n)
    .map(([c, n]) => `${n} ${colourWord(ctx, c)}`);
  // The log names players by colour, the board by company: show both.
  const name = `${company}, ${colourWord(ctx, player.colour)}`;
  const room = ctx.layout.width - 2 * GAP - 32 - 6;
  const bold = { "font-size": 13, "font-weight": "bold", fill: INK };
  const heading = fitLines(svg, `${name}${youMark(ctx, player.seat)} · ${player.silver}$ · ${pointsNow(ctx, player)}`, room, bold);
  const holdings = say(ctx, "africana.holdings", "{cards} cards · {jokers} jokers · {markers} markers · won {won}", {
    cards: player.travel_cards, jokers: player.jokers, markers: player.markers_free,
    won: `${player.expeditions_won.length}+${player.adventures_won.length}`,
  });
  const helpers = say(ctx, "africana.assistants", "assistants {list}", { list: assistants.join(", ") });
  const small = { "font-size": 11, fill: INK };
  const details = fitLines(svg, holdings + (assistants.length ? ` · ${helpers}` : ""), room, small);
  const under = 32 + (heading.length - 1) * 16;
  const height = under + (details.length - 1) * 14 + 14;
  const row = playerRow(svg, y, ctx, LOOK, view.turn.player === player.seat, {
    height, idle: "#f7f1e3", stroke: "#b9a27a",
    pawn: [16, 16, 9, paintOf(ctx, player.seat), company[0]],
    heading: [32, 15, 13, heading[0]],
  });
  if (heading.length > 1) {
    const drawn = row.querySelector(":scope > text");
    drawn.remove();
    textLines(row, 32, 15, heading, bold, 16);
  }
  tip(row, scoreTip(ctx, player.score));
  textLines(row, 32, under, details, small, 14);
  y += height + 4;
  if (!player.adventures.length) return y;
  // The adventures in front of the player, in rows of as many as fit.
  const columns = across(ctx.layout.width - 2 * GAP - 8, CARD_W - 18, 6);
  for (let first = 0; first < player.adventures.length; first += columns) {
    const heights = player.adventures.slice(first, first + columns).map((card, i) => {
      const move = player.seat === ctx.seat ? (places.get(card) || [])[0] : null;
      return drawAdventure(svg, GAP + 8 + i * (CARD_W - 18 + 6), y, CARD_W - 18, 52, card, ctx, move || null, true);
    });
    y += Math.max(...heights) + 6;
  }
  return y;
}
