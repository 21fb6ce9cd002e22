import { language, languageSwitch, loadLanguage, t } from "/static/i18n.js";
import { remember } from "/static/mygames.js";
import { showFinal } from "/static/scores.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token");
const mySeat = token !== null && fragment.get("seat") !== null ? Number(fragment.get("seat")) : null;

let summary = null; // the match's public summary
let layout = {};
let board = null; // the game's board module, when it has one
let latest = null; // the last update
let logSize = 0; // log entries shown so far: a reconnect resumes from here
let socket = null;
let retry = 500;

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

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

function seatName(seat) {
  return summary ? summary.seats[seat].name : t("Seat {seat}", { seat });
}

function showStatus(update) {
  let text;
  if (update.over) {
    const winners = update.result.winners.map(seatName).join(", ");
    const scores = update.result.scores.join(" – ");
    const nobody = t("nobody");
    text = t("Game over. Scores: {scores}. Won by {winners}.", { scores, winners: winners || nobody });
  } else if (update.to_move === mySeat) text = t("Your move.");
  else text = t("{name} to move.", { name: seatName(update.to_move) });
  $("status").textContent = text + " " + t("(move {moves})", { moves: update.moves });
  const players = $("players");
  players.replaceChildren();
  for (const seat of summary.seats) {
    const bot = seat.bot ? " " + t("(bot)") : "";
    const you = seat.seat === mySeat ? " — " + t("you") : "";
    const who = seat.name + bot + you;
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

function showLegal(update) {
  const list = $("legal");
  list.replaceChildren();
  if (!update.legal) {
    list.append(element("li", mySeat === null ? t("You are watching.") : t("Wait for your turn.")));
    return;
  }
  for (const move of update.legal) {
    const item = element("li");
    const button = element("button", move.text, { type: "button" });
    button.addEventListener("click", () => play(move.text));
    item.append(button);
    list.append(item);
  }
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
  const container = $("board");
  if (board) {
    try {
      board.draw(container, update.view, { seat: mySeat, layout, legal: update.legal || [], play, t });
      return;
    } catch (error) {
      showError(t("The board could not be drawn: {error}", { error }));
    }
  }
  $("raw").hidden = false;
  $("view").textContent = JSON.stringify(update.view, null, 1);
}

function receive(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  if (message.type === "error") {
    showError(message.message, message.rule);
    return;
  }
  if (message.type !== "update") return;
  latest = message;
  retry = 500;
  showStatus(message);
  showSeed(message);
  showLegal(message);
  showLog(message);
  showBoard(message);
  showFinal($("final"), message, summary.seats.map((s) => s.name), `/match/${encodeURIComponent(matchId)}/replay`);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ since: String(logSize), lang: language });
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
  await loadLanguage();
  $("language-switch").replaceChildren(languageSwitch());
  $("typed-move").placeholder = t("e.g. done");
  const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}`);
  if (!response.ok) {
    $("status").textContent = (await response.json()).error;
    return;
  }
  summary = await response.json();
  $("title").textContent = `${summary.title} (${summary.id})`;
  document.title = `${summary.title} · Terra Incognita`;
  if (token !== null) remember({ id: summary.id, game: summary.game, seat: mySeat, name: summary.seats[mySeat].name, token, created: Date.now() });
  const games = (await (await fetch("/api/games")).json()).games;
  if (games.some((g) => g.id === summary.game && g.board)) {
    try {
      [board, layout] = await Promise.all([
        import(`/boards/${encodeURIComponent(summary.game)}.js`),
        fetch(`/api/matches/${encodeURIComponent(matchId)}/layout`).then((r) => r.json()),
      ]);
    } catch (error) {
      board = null;
      showError(t("The board could not be loaded: {error}", { error }));
    }
  }
  connect();
}

// A move may also be typed in its notation, as on the command line; the server explains a
// refusal with its rule.
if (mySeat !== null) {
  $("typed").hidden = false;
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (text) play(text);
  });
}

start();
