// Africana's board: the route map, the expedition spaces, both adventure books, the players
// and the seat's own hand, drawn from view(seat) over the fixed layout (layout.py).
//
// Targets: a location for "go", the seat's explorer for "move", the travel deck for "draw",
// the books for "buy", "buy <card>" and turning pages, an expedition card for "join" and
// "finish", an adventure card in front of the seat for "finish" and "discard", a hand card
// for "discard <colour>". Other moves ("done") stay in the page's list of legal moves.

import {
  board, button, buttonRows, byPlace, colourWord, contrast, drawMoreMoves, drawPlayers, drawStatus, el,
  fingerSize, group, moveOf, ofKind, paragraph, pawn, playerRow, say, seatColour, target, text, tip, youMark,
} from "/static/board-kit.js";

const CARD_W = 118;
const CARD_H = 74;
const GAP = 8;
const INK = "#2b2118";
const SEA = "#cfe3ea";
const LAND = "#efe2c0";
// Buttons never under a finger's 24 CSS px, however narrow the screen (board-kit's fingerSize).
const LOOK = { gap: GAP, ink: INK, fingers: true };

export function draw(container, view, ctx) {
  const layout = ctx.layout;
  const legal = ctx.legal || [];
  const svg = board(container, layout.width, layout.map_height, "Africana");
  // A move is at the location it goes to, or at the card it concerns (an expedition, an
  // adventure; in the hand, "grey", "grey assistant" or "joker").
  const places = byPlace(legal);
  drawMap(svg, view, ctx, places, legal);
  let y = layout.map_height + GAP;
  y = drawTurn(svg, y, view, ctx, legal);
  y = drawExpeditions(svg, y, view, ctx, places);
  y = drawBooks(svg, y, view, ctx, legal, places);
  y = drawHand(svg, y, view, ctx, places);
  y = drawPlayers(y, view.players, (top, player) => drawPlayer(svg, top, player, view, ctx, places));
  svg.setAttribute("viewBox", `0 0 ${layout.width} ${Math.ceil(y + GAP)}`);
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
  drawExplorers(svg, view, ctx, legal, names);
  svg.appendChild(names); // names above every piece, so none is hidden
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
  }
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
  drawStatus(svg, y, ctx, LOOK, line);
  const deck = say(ctx, "africana.deck", "Travel deck {cards}", { cards: view.travel_deck });
  const tall = fingerSize(svg, 22);
  const deckWidth = Math.max(128, Math.ceil(deck.length * tall * 0.3 + tall * 0.9));
  const deckButton = button(svg, width - deckWidth - GAP, y, deckWidth, tall, deck, moveOf(legal, "draw"), ctx);
  tip(deckButton, deck);
  y += tall + 6;
  if (turn.played) {
    const played = Object.entries(turn.played.travel).filter(([, n]) => n)
      .map(([c, n]) => `${n} ${colourWord(ctx, c)}`);
    if (turn.played.jokers) played.push(say(ctx, "africana.jokers", "{count} joker", { count: turn.played.jokers }));
    const words = played.length ? played.join(", ") : "-";
    text(svg, GAP, y + 10, `${say(ctx, "africana.played", "Played this move")}: ${words}`, {
      "font-size": 12, fill: INK,
    });
    y += 18;
  }
  // A location carries its first way to pay; the others for the same location are buttons here.
  const journeys = byPlace(ofKind(legal, "go"));
  const below = drawMoreMoves(svg, y, journeys, ctx, LOOK, say(ctx, "africana.other_payments", "Other ways to pay"));
  return below > y ? below + GAP : y;
}

// --- expedition spaces ----------------------------------------------------------------

function drawExpeditions(svg, y, view, ctx, places) {
  text(svg, GAP, y + 12, say(ctx, "africana.expeditions", "Expeditions"), {
    "font-size": 14, "font-weight": "bold", fill: INK,
  });
  const pile = view.expedition_pile;
  text(svg, ctx.layout.width - GAP, y + 12,
    `${say(ctx, "africana.pile", "pile")} A ${pile.A} · B ${pile.B} · C ${pile.C}`,
    { "font-size": 12, "text-anchor": "end", fill: INK });
  y += 18;
  const step = (ctx.layout.width - 2 * GAP - 4 * GAP) / 5;
  const bottoms = view.expeditions.map((space, i) =>
    drawExpeditionSpace(svg, GAP + i * (step + GAP), y, step, space, view, ctx, places));
  return Math.max(y + CARD_H + 20, ...bottoms) + GAP;
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
  const half = (width - 3 * GAP) / 2;
  const heights = ["north", "south"].map((book, i) =>
    drawBook(svg, GAP + i * (half + GAP), y, half, book, view, ctx, legal, places));
  return y + Math.max(...heights) + GAP;
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
  const below = paragraph(svg, GAP + width + GAP, y, ctx.layout.width - width - 3 * GAP, why,
    { "font-size": 11, fill: INK, class: "buy-why" });
  return Math.max(below, y + tall) + 6;
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
      { "font-size": 10, "text-anchor": "middle", fill: INK });
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
    text(svg, x, top + CARD_H + 26, info, { "font-size": 11, fill: INK });
    const below = buttonRows(svg, x, top + CARD_H + 32, width, arrows, ctx, fingerSize(svg, 20));
    return below - y;
  }
  return CARD_H + 34;
}

function drawAdventure(svg, x, y, width, height, card, ctx, move, small) {
  const node = group(svg, { class: "card adventure" }, x, y);
  const known = card !== null && card !== undefined;
  el("rect", { width, height, rx: 6, class: "hit", stroke: "#6b5a3a",
    fill: known ? (small ? "#efe7d4" : "#fffaf0") : "#a98f63" }, node);
  if (!known) {
    text(node, width / 2, height / 2 + 5, "?", { "font-size": 18, "text-anchor": "middle", fill: "#fff" });
    return node;
  }
  const face = ctx.layout.adventures[card];
  const place = ctx.layout.locations[face.target].name;
  text(node, 6, 14, card, { "font-size": 12, "font-weight": "bold", fill: INK });
  text(node, 6, 30, place, { "font-size": 11, fill: INK });
  const reward = face.assistant
    ? say(ctx, "africana.assistant", "{colour} assistant", { colour: colourWord(ctx, face.assistant) })
    : `${artifactWord(ctx, face.artifact)} ${face.silver}$ ${face.points}★`;
  text(node, 6, 45, reward, { "font-size": small ? 8.5 : 10, fill: INK });
  if (face.assistant) el("rect", { x: width - 18, y: 5, width: 12, height: 12, fill: face.assistant }, node);
  tip(node, `${card}: ${place}, ${reward}`);
  if (move) target(node, move, ctx);
  return node;
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
  slots.forEach(([colour, count, place, mark], i) => {
    const node = group(svg, { class: "card travel" }, GAP + i * 52, y);
    el("rect", { width: 46, height: 62, rx: 5, fill: colour, class: "hit", stroke: INK }, node);
    text(node, 23, 30, `${count}×`, { "font-size": 15, "text-anchor": "middle", fill: contrast(colour),
      "font-weight": "bold" });
    if (mark) text(node, 23, 52, mark === "A" ? say(ctx, "africana.assist", "assist.") : say(ctx, "africana.joker", "joker"), { "font-size": 10,
      "text-anchor": "middle", fill: contrast(colour) });
    const word = colourWord(ctx, colour);
    const assistant = say(ctx, "africana.assistant", "{colour} assistant", { colour: word });
    tip(node, `${count} ${mark === "A" ? assistant : mark === "J" ? say(ctx, "africana.joker", "joker") : word}`);
    const discard = (places.get(place) || [])[0];
    if (discard) target(node, discard, ctx);
  });
  return y + (slots.length ? 70 : 0);
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

function drawPlayer(svg, y, player, view, ctx, places) {
  const company = companyWord(ctx, player.company);
  const assistants = Object.entries(player.assistants).filter(([, n]) => n)
    .map(([c, n]) => `${n} ${colourWord(ctx, c)}`);
  // The log names players by colour, the board by company: show both.
  const name = `${company}, ${colourWord(ctx, player.colour)}`;
  const row = playerRow(svg, y, ctx, LOOK, view.turn.player === player.seat, {
    height: 46, idle: "#f7f1e3", stroke: "#b9a27a",
    pawn: [16, 16, 9, paintOf(ctx, player.seat), company[0]],
    heading: [32, 15, 13, `${name}${youMark(ctx, player.seat)} · ${player.silver}$ · ${pointsNow(ctx, player)}`],
  });
  tip(row, scoreTip(ctx, player.score));
  const holdings = say(ctx, "africana.holdings", "{cards} cards · {jokers} jokers · {markers} markers · won {won}", {
    cards: player.travel_cards, jokers: player.jokers, markers: player.markers_free,
    won: `${player.expeditions_won.length}+${player.adventures_won.length}`,
  });
  const helpers = say(ctx, "africana.assistants", "assistants {list}", { list: assistants.join(", ") });
  text(row, 32, 32, holdings + (assistants.length ? ` · ${helpers}` : ""), { "font-size": 11, fill: INK });
  y += 50;
  if (!player.adventures.length) return y;
  player.adventures.forEach((card, i) => {
    const move = player.seat === ctx.seat ? (places.get(card) || [])[0] : null;
    drawAdventure(svg, GAP + 8 + i * (CARD_W - 18 + 6), y, CARD_W - 18, 52, card, ctx, move || null, true);
  });
  return y + 58;
}
