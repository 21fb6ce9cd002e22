// The replay of a finished match: the board as a spectator saw it after each move.
import { showFinal } from "/static/scores.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").at(-2));
const api = `/api/matches/${encodeURIComponent(matchId)}`;

let summary = null;
let layout = {};
let board = null;
let steps = 0;
let shown = -1; // the step on screen
let wanted = 0; // the step asked for
let loading = false;
const entries = []; // the log as far as it has been read: each step shows a prefix of it

function element(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function t(key, args = {}) {
  const parts = Object.entries(args).map(([name, value]) => `${name}: ${typeof value === "object" ? JSON.stringify(value) : value}`);
  return parts.length ? `${key} (${parts.join(", ")})` : key;
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function seatName(seat) {
  return summary.seats[seat]?.name ?? `Seat ${seat}`;
}

function show(update) {
  shown = update.moves;
  $("step").value = String(shown);
  const move = update.action ? `: ${update.action}` : "";
  let where = shown === 0 ? `Start of the game (0 of ${steps} moves)` : `Move ${shown} of ${steps}${move}`;
  if (!update.over && update.to_move !== null) where += ` · ${seatName(update.to_move)} to move`;
  $("where").textContent = where;
  $("first").disabled = $("previous").disabled = shown === 0;
  $("next").disabled = $("last").disabled = shown === steps;
  history.replaceState(null, "", `#step=${shown}`);

  if (update.since === entries.length) update.log_text.forEach((text) => entries.push(text));
  const log = $("log");
  log.replaceChildren(...entries.slice(0, update.log_size).map((text) => element("li", text)));
  log.scrollTop = log.scrollHeight;

  const players = $("players");
  players.replaceChildren(...summary.seats.map((seat) => {
    const item = element("li", `${seat.name}${seat.bot ? " (bot)" : ""}`);
    if (seat.seat === update.to_move) item.className = "turn";
    return item;
  }));

  showFinal($("final"), update, summary.seats.map((s) => s.name), null);
  const container = $("board");
  if (board) {
    try {
      board.draw(container, update.view, { seat: null, layout, legal: [], play: () => {}, t });
      return;
    } catch (error) {
      showError(`The board could not be drawn: ${error}`);
    }
  }
  $("raw").hidden = false;
  $("view").textContent = JSON.stringify(update.view, null, 1);
}

// Ask for `step`; while an answer is on its way only the latest step asked for is kept.
async function go(step) {
  wanted = Math.max(0, Math.min(steps, step));
  if (loading) return;
  loading = true;
  try {
    while (wanted !== shown) {
      const step = wanted;
      const response = await fetch(`${api}/replay?step=${step}&since=${entries.length}`);
      const body = await response.json();
      if (!response.ok) {
        showError(body.error);
        return;
      }
      showError("");
      show(body);
    }
  } catch (error) {
    showError(`The replay could not be loaded: ${error}`);
  } finally {
    loading = false;
  }
}

function controls() {
  $("first").addEventListener("click", () => go(0));
  $("previous").addEventListener("click", () => go(shown - 1));
  $("next").addEventListener("click", () => go(shown + 1));
  $("last").addEventListener("click", () => go(steps));
  $("step").addEventListener("input", (event) => go(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: steps }[event.key];
    if (moves === undefined) return;
    event.preventDefault();
    go(moves);
  });
}

async function start() {
  $("back").href = `/match/${encodeURIComponent(matchId)}`;
  const response = await fetch(api);
  if (!response.ok) {
    $("status").textContent = (await response.json()).error;
    return;
  }
  summary = await response.json();
  $("title").textContent = `${summary.title} (${summary.id})`;
  document.title = `Replay: ${summary.title} · Terra Incognita`;
  if (!summary.over) {
    $("status").textContent = "This game is still being played; its replay opens when it is over.";
    return;
  }
  steps = summary.moves;
  $("step").max = String(steps);
  const winners = summary.result.winners.map(seatName).join(", ");
  $("status").textContent = `${steps} moves. Won by ${winners || "nobody"}. Step with ← and →, Home and End.`;
  const games = (await (await fetch("/api/games")).json()).games;
  if (games.some((g) => g.id === summary.game && g.board)) {
    try {
      [board, layout] = await Promise.all([
        import(`/boards/${encodeURIComponent(summary.game)}.js`),
        fetch(`${api}/layout`).then((r) => r.json()),
      ]);
    } catch (error) {
      board = null;
      showError(`The board could not be loaded: ${error}`);
    }
  }
  controls();
  const asked = Number(new URLSearchParams(location.hash.slice(1)).get("step"));
  await go(Number.isInteger(asked) && asked >= 0 ? asked : 0);
}

start();
