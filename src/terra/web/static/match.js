import { language, languageSwitch, loadLanguage, t } from "/static/i18n.js";
import { remember } from "/static/mygames.js";
import { showFinal } from "/static/scores.js";
import { offerNextGame } from "/static/campaign.js";
import { element } from "/static/dom.js";
import { loadBoard, showView } from "/static/board-page.js";
import { applyPatch } from "/static/patch.js";
import { askToNotify, notifying, setTitle, signalTurn } from "/static/turn.js";
import { fillSeats, leaveTable, showTable } from "/static/table.js";
import { heardClock, offerLeave, showAway, standInWords } from "/static/clock.js";
import { heardRematch, offerRematch, showChat, showChatError, startChat } from "/static/talk.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token");
// A seat is opened by its invitation's token, or follows its player (an open table's seat):
// the server then says which seat this page plays.
let mySeat = token !== null && fragment.get("seat") !== null ? Number(fragment.get("seat")) : null;
let waiting = false; // an open table waiting for players: no move yet
let table = null; // an open table's last message
let bots = []; // the bots the server offers, for an open table's empty seats

let summary = null; // the match's public summary
let layout = {};
let board = null; // the game's board module, when it has one
let latest = null; // the last update
let logSize = 0; // log entries shown so far: a reconnect resumes from here
let socket = null;
let retry = 500;

function showError(message, rule) {
  const box = $("error");
  box.replaceChildren();
  if (rule) {
    box.append(element("strong", t("That move is not allowed:") + " "), message);
    box.append(element("span", t("Rule: {rule}", { rule }), { class: "rule" }));
  } else box.textContent = message;
  box.hidden = !message;
}

function play(text) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !latest) {
    showError(t("Not connected; the move was not sent."));
    return;
  }
  showError("");
  socket.send(JSON.stringify({ type: "move", action: text, moves: latest.moves }));
}

// One name per person: the name given, with the game's colour or nation beside it (as the
// log names them).
function seatName(seat) {
  let name = summary ? summary.seats[seat].name : t("Seat {seat}", { seat: seat + 1 });
  if (summary?.seats[seat].free) name = t("free seat"); // an open table's, until it is taken
  const word = latest?.seat_words?.[seat];
  return word ? `${name} (${word})` : name;
}

function showStatus(update) {
  let text;
  if (update.over) {
    const winners = update.result.winners.map(seatName).join(", ");
    const scores = update.result.scores.join(" – ");
    const nobody = t("nobody");
    text = t("Game over. Scores: {scores}. Won by {winners}.", { scores, winners: winners || nobody });
  } else if (waiting) text = t("The game has not started.");
  else if (update.to_move === mySeat) text = t("Your move.");
  else text = t("{name} to move.", { name: seatName(update.to_move) });
  signalTurn(!update.over && mySeat !== null && update.to_move === mySeat, update.moves);
  $("status").textContent = text + " " + t("(move {moves})", { moves: update.moves });
  const players = $("players");
  players.replaceChildren();
  for (const seat of summary.seats) {
    const bot = seat.bot ? " " + t("(bot)") : standInWords(seat);
    const you = seat.seat === mySeat ? " — " + t("you") : "";
    const who = seatName(seat.seat) + bot + you;
    players.append(element("li", who, seat.seat === update.to_move ? { class: "turn" } : {}));
  }
}

// The seed deals every card: a page is sent it only when its creator chose it (and everyone
// is then told so) or once the game is over, for its replay.
function showSeed(update) {
  const line = $("seed");
  line.hidden = update.seed === undefined;
  if (line.hidden) return;
  line.textContent = update.over
    ? t("Dealt from seed {seed}.", { seed: update.seed })
    : t("Dealt from seed {seed}, which the match's creator chose: whoever knows it can know every hidden card.", { seed: update.seed });
}

// A list of more moves of one kind than this folds away behind its count (the Nile's
// counters), so that the page stays within two screens; on a phone, so does a list of more
// than PLACED moves that are all targets on the board (Expedition's arrows), chosen there.
const FOLDED = 8;
const PLACED = 3;
const phone = window.matchMedia("(max-width: 700px)");

function moveButton(move) {
  const button = element("button", move.label || move.text, { type: "button" });
  if (move.help) button.title = move.help;
  button.addEventListener("click", () => play(move.text));
  return button;
}

/** What a kind of move does and the rule allowing it; on a phone its first sentence, the rest
 * folded under it. */
function about(move) {
  const rule = move.rule ? element("p", t("Rule: {rule}", { rule: move.rule }), { class: "rule" }) : null;
  if (!phone.matches || !move.help) {
    const help = move.help ? element("p", move.help, { class: "move-help" }) : null;
    return [help, rule].filter((node) => node !== null);
  }
  const split = move.help.search(/[.!?] \p{Lu}/u);
  const first = split < 0 ? move.help : move.help.slice(0, split + 1);
  const rest = move.help.slice(first.length).trim();
  const fold = element("details", undefined, { class: "about" });
  const summary = element("summary", first, { class: "move-help" });
  summary.append(" ", element("span", t("(more)"), { class: "more" }));
  fold.append(summary);
  if (rest) fold.append(element("p", rest, { class: "move-help" }));
  if (rule) fold.append(rule);
  return [fold];
}

/** The legal moves grouped by kind, each kind with what it does and the rule allowing it. */
function showLegal(update) {
  const list = $("legal");
  list.replaceChildren();
  $("hint").hidden = !update.legal;
  // Undo is the server's to allow: on the seat's turn where every other seat is a bot; where
  // other people play, at any time, once they agree (an undo asked for).
  const alone = summary.seats.every((s) => s.seat === mySeat || s.bot);
  const away = mySeat !== null && Boolean(summary.seats[mySeat]?.stand_in); // a bot plays the seat
  const mayAsk = !away && (alone ? Boolean(update.legal) : mySeat !== null && !update.over);
  $("undo").hidden = !mayAsk || update.moves === 0;
  if (asked && asked.moves !== update.moves) showAsked(null);
  $("hint").hidden ||= waiting;
  if (!update.legal || waiting) {
    let words = t("Wait for your turn.");
    if (update.over) words = t("The game is over.");
    else if (mySeat === null) words = t("You are watching.");
    else if (waiting) words = t("The game has not started.");
    list.append(element("li", words));
    return;
  }
  const kinds = new Map();
  for (const move of update.legal) {
    if (!kinds.has(move.kind)) kinds.set(move.kind, []);
    kinds.get(move.kind).push(move);
  }
  for (const moves of kinds.values()) {
    const item = element("li", undefined, { class: "kind" });
    item.append(...about(moves[0]));
    const choices = element("div", undefined, { class: "choices" });
    choices.append(...moves.map(moveButton));
    const placed = moves.every((m) => m.place !== null && m.place !== undefined);
    if (moves.length > FOLDED || (phone.matches && placed && moves.length > PLACED)) {
      const fold = element("details");
      const count = moves.length;
      const words = placed
        ? t("{count} choices: open the list, or choose on the board", { count })
        : t("{count} choices", { count });
      fold.append(element("summary", words), choices);
      item.append(fold);
    } else item.append(choices);
    list.append(item);
  }
}

let asked = null; // the undo asked for and waiting for answers, if any

/** An undo asked for (undo_asked), agreed to by one (undo_agreed), refused (undo_refused) or
 * ended by a move (undo_void): the other people are asked to agree, the asker waits. */
function showAsked(message) {
  const box = $("asked");
  box.replaceChildren();
  if (message === null || message.type === "undo_void") {
    asked = null;
    box.hidden = true;
    return;
  }
  const who = seatName(message.seat);
  if (message.type === "undo_refused") {
    asked = { moves: message.moves, refused: true }; // shown until the game moves on
    box.append(element("p", t("{name} did not agree to take back the last move.", { name: seatName(message.by) })));
    box.hidden = false;
    return;
  }
  if (message.type === "undo_asked") asked = { moves: message.moves, seat: message.seat, answered: false };
  if (!asked) return;
  if (message.type === "undo_agreed" && message.by === mySeat) asked.answered = true;
  if (message.seat === mySeat) {
    box.append(element("p", t("You asked the other players to agree to take back your last move.")));
  } else if (mySeat === null || asked.answered) {
    box.append(element("p", t("{name} asked to take back their last move; the players are answering.", { name: who })));
  } else {
    box.append(element("p", t("{name} asks to take back their last move. Do you agree?", { name: who })));
    const answer = (agree) => () => {
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: "undo_answer", moves: asked.moves, agree }));
      }
    };
    const yes = element("button", t("Agree"), { type: "button" });
    yes.addEventListener("click", answer(true));
    const no = element("button", t("Refuse"), { type: "button" });
    no.addEventListener("click", answer(false));
    box.append(yes, " ", no);
  }
  box.hidden = false;
}

let due = null; // the answer the rules wait for: { seat, moves, until (ms) }
let dueTimer = null;

/** A person's time to answer a proposal (answer_by): counted down on every page, the refusal
 * played for them by the server when it runs out. */
function showDue(message) {
  due = { seat: message.seat, moves: message.moves, until: Date.now() + message.seconds * 1000 };
  clearInterval(dueTimer);
  dueTimer = setInterval(drawDue, 1000);
  drawDue();
}

function drawDue() {
  const box = $("due");
  if (!due || !latest || latest.moves !== due.moves || latest.over) {
    box.hidden = true;
    if (due && latest && latest.moves > due.moves) {
      due = null;
      clearInterval(dueTimer);
    }
    return;
  }
  const seconds = Math.max(0, Math.ceil((due.until - Date.now()) / 1000));
  box.textContent = due.seat === mySeat
    ? t("Answer within {seconds} s, or the proposal is refused.", { seconds })
    : t("{name} has {seconds} s to answer.", { name: seatName(due.seat), seconds });
  box.hidden = false;
}

function askUndo() {
  if (!socket || socket.readyState !== WebSocket.OPEN || !latest) return;
  showError("");
  socket.send(JSON.stringify({ type: "undo", moves: latest.moves }));
}

function askHint() {
  if (!socket || socket.readyState !== WebSocket.OPEN || !latest) return;
  const shown = $("hints");
  shown.hidden = false;
  shown.replaceChildren(element("li", t("Thinking…")));
  socket.send(JSON.stringify({ type: "hint", moves: latest.moves }));
}

/** The search's best moves for this position: each playable, with its figures in words. */
function showHints(message) {
  const shown = $("hints");
  shown.replaceChildren();
  if (!latest || message.moves !== latest.moves) {
    shown.hidden = true;
    return;
  }
  for (const hint of message.hints) {
    const item = element("li");
    const share = Math.round(hint.share * 100);
    const points = hint.points.toFixed(1);
    const change = (hint.change >= 0 ? "+" : "") + hint.change.toFixed(1);
    let why = t("chosen in {share}% of the search; afterwards you stand at about {points} points ({change} this turn)", { share, points, change });
    if (hint.rival !== null) why += t(", the best rival at {rival}", { rival: hint.rival.toFixed(1) });
    const move = (latest.legal || []).find((m) => m.text === hint.text) || { text: hint.text };
    item.append(moveButton(move), element("span", why, { class: "why" }));
    shown.append(item);
  }
  shown.hidden = false;
}

function showLog(update) {
  const log = $("log");
  if (update.since < logSize) {
    // A full log after a fresh connect: start again from what the server sent.
    while (log.children.length > update.since) log.lastChild.remove();
  }
  update.log.forEach((entry, index) => {
    log.append(element("li", update.log_text?.[index] ?? entry.key));
  });
  logSize = update.log_size;
  log.scrollTop = log.scrollHeight;
}

function showBoard(update) {
  const names = summary.seats.map((s) => s.name);
  showView(board, update.view, { seat: mySeat, layout, legal: update.legal || [], play, t, names }, showError);
}

/** Send a message other than a move; false when not connected. */
function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function showRematch() {
  offerRematch(summary.seats, mySeat, seatName, send);
}

/** The chat and the rematch's messages; false for any other. */
function talked(message) {
  if (message.type === "error" && message.chat) showChatError(message.message);
  else if (message.type === "chat" || message.type === "chat_history") showChat(message, seatName);
  else if (message.type === "rematch_invite") location.assign(message.invite);
  else if (message.type === "rematch") {
    heardRematch(message, send);
    if (latest?.over) showRematch();
  } else return false;
  return true;
}

function receive(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  if (talked(message)) return;
  if (message.type === "error") {
    showError(message.message, message.rule);
    return;
  }
  if (message.type === "hints") {
    showHints(message);
    return;
  }
  if (message.type.startsWith("undo_")) {
    showAsked(message);
    return;
  }
  if (message.type === "answer_by") {
    showDue(message);
    return;
  }
  if (message.type === "table") {
    heardTable(message);
    return;
  }
  if (message.type === "clock") {
    heardClock(message, seatName, mySeat, (seat) => !summary.seats[seat].bot);
    return;
  }
  if (message.type !== "update") return;
  if (message.patch) {
    // The changes to the view last shown; if they do not fit it, the whole view is asked for.
    const view = latest && latest.moves === message.base ? applyPatch(latest.view, message.patch) : null;
    if (view === null) {
      socket.send(JSON.stringify({ type: "resume", since: logSize }));
      return;
    }
    message.view = view;
  }
  if (token === null && message.seat !== null && mySeat === null) {
    mySeat = message.seat; // the table's message came first: it is shown again as this seat's
    seatTools();
    if (table) showTable($("table"), table, mySeat, bots, fillWith, leaveWith);
  }
  if (!latest || latest.moves !== message.moves) $("hints").hidden = true;
  latest = message;
  retry = 500;
  showStatus(message);
  showSeed(message);
  showLegal(message);
  showLog(message);
  showBoard(message);
  drawDue();
  showAway(summary.seats, mySeat, message.over, send);
  showFinal($("final"), message, summary.seats.map((s) => seatName(s.seat)), `/match/${encodeURIComponent(matchId)}/replay`);
  if (message.over) {
    offerNextGame($("next-game"), matchId, mySeat);
    showRematch();
  }
}

/** An open table's seats and whether it waits (a ``table`` message). */
function heardTable(message) {
  table = message;
  if (message.closed) {
    showTable($("table"), message, mySeat, bots, fillWith, leaveWith);
    $("status").textContent = t("This table is closed.");
    $("legal").replaceChildren();
    return;
  }
  waiting = message.waiting;
  summary.seats = message.seats;
  showTable($("table"), message, mySeat, bots, fillWith, leaveWith);
  if (latest) {
    showStatus(latest);
    showLegal(latest);
    showAway(summary.seats, mySeat, latest.over, send);
  }
}

async function leaveWith() {
  const error = await leaveTable(matchId, language);
  if (error) showError(error);
  else location.assign("/");
}

async function fillWith(bot) {
  const error = await fillSeats(matchId, bot, language);
  if (error) showError(error);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ since: String(logSize), lang: language, patch: "1" });
  if (token !== null) query.set("token", token);
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(matchId)}?${query}`);
  socket.addEventListener("message", receive);
  socket.addEventListener("close", (event) => {
    if (event.code === 4403 || event.code === 4404) {
      $("status").textContent = t("This link does not open a game here.");
      return;
    }
    $("status").textContent = t("Connection lost; reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

async function start() {
  // On a phone the log, the chat and the players (whom the board lists too) fold away under
  // their headings, so that the page stays within two screens.
  if (phone.matches) {
    $("log-box").open = false;
    $("chat-box").open = false;
    $("players-box").open = false;
    $("typed-box").open = false;
  }
  await loadLanguage();
  $("language-switch").replaceChildren(languageSwitch());
  $("typed-move").placeholder = t("e.g. done");
  const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}`);
  if (!response.ok) {
    $("status").textContent = (await response.json()).error;
    return;
  }
  summary = await response.json();
  // The match's id is in the address too: a phone leaves it out of the heading.
  $("title").replaceChildren(summary.title, element("span", ` (${summary.id})`, { class: "match-id" }));
  $("guide-link").href = `/learn/${encodeURIComponent(summary.game)}`;
  setTitle(`${summary.title} · Terra Incognita`);
  if (token !== null) remember({ id: summary.id, game: summary.game, seat: mySeat, name: summary.seats[mySeat].name, token, created: Date.now() });
  const games = (await (await fetch("/api/games")).json()).games;
  bots = games.find((g) => g.id === summary.game)?.bots ?? [];
  ({ board, layout } = await loadBoard(summary.game, games, `/api/matches/${encodeURIComponent(matchId)}/layout`, showError));
  connect();
}

startChat(send);

// A move may also be typed in its notation, as on the command line; the server explains a
// refusal with its rule.
function seatTools() {
  $("hint").addEventListener("click", askHint);
  // A seated player may ask for a notification when their turn comes while the page is hidden.
  $("notify").hidden = mySeat === null || !("Notification" in window) || notifying();
  $("notify").addEventListener("click", async () => {
    $("notify").hidden = await askToNotify();
  });
  $("undo").addEventListener("click", askUndo);
  offerLeave(send);
  $("typed-box").hidden = false;
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (text) play(text);
  });
}

if (mySeat !== null) seatTools();
start();
