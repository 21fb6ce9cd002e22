// The replay of a finished match: the board as a spectator saw it after each move.
import { language, languageSwitch, loadLanguage, t } from "/static/i18n.js";
import { reviewControls } from "/static/review.js";
import { showFinal } from "/static/scores.js";
import { showCampaign } from "/static/campaign.js";
import { element } from "/static/dom.js";
import { loadBoard, lookingOn, showView } from "/static/board-page.js";

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
const RETRIES = 4; // times a step is asked again when the server fails to answer
const entries = []; // the log as far as it has been read: each step shows a prefix of it

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

let words = []; // the game's colour or nation of each seat, as the log names them

function seatName(seat) {
  const name = summary.seats[seat]?.name ?? t("Seat {seat}", { seat: seat + 1 });
  return words[seat] ? `${name} (${words[seat]})` : name;
}

function show(update) {
  words = update.seat_words || [];
  shown = update.moves;
  $("step").value = String(shown);
  let where;
  if (shown === 0) where = t("Start of the game (0 of {steps} moves)", { steps });
  else if (update.action) where = t("Move {move} of {steps}: {action}", { move: shown, steps, action: update.action });
  else where = t("Move {move} of {steps}", { move: shown, steps });
  if (!update.over && update.to_move !== null) where += " · " + t("{name} to move", { name: seatName(update.to_move) });
  $("where").textContent = where;
  $("first").disabled = $("previous").disabled = shown === 0;
  $("next").disabled = $("last").disabled = shown === steps;
  history.replaceState(null, "", `#step=${shown}`);

  // The entries from the update's since on replace what the page had from there: the step's
  // newest entry may read otherwise at a later step (a run of purchases condensed into one).
  if (update.since <= entries.length) entries.splice(update.since, entries.length, ...update.log_text);
  const log = $("log");
  log.replaceChildren(...entries.slice(0, update.log_size).map((text) => element("li", text)));
  log.scrollTop = log.scrollHeight;

  const players = $("players");
  players.replaceChildren(...summary.seats.map((seat) => {
    const item = element("li", seat.bot ? seatName(seat.seat) + " " + t("(bot)") : seatName(seat.seat));
    if (seat.seat === update.to_move) item.className = "turn";
    return item;
  }));

  showFinal($("final"), update, summary.seats.map((s) => seatName(s.seat)), null);
  showView(board, update.view, lookingOn(layout, summary.seats.map((s) => s.name)), showError);
}

// Ask for `step`; while an answer is on its way only the latest step asked for is kept.
async function go(step) {
  wanted = Math.max(0, Math.min(steps, step));
  if (loading) return;
  loading = true;
  try {
    let tries = 0;
    while (wanted !== shown) {
      const step = wanted;
      const query = new URLSearchParams({ step: String(step), since: String(entries.length), lang: language });
      let response;
      try {
        response = await fetch(`${api}/replay?${query}`);
      } catch (error) {
        response = null; // the connection dropped: asked again below
        if (tries >= RETRIES) throw error;
      }
      // A busy or restarting server (5xx) or a dropped connection is asked again, a little
      // later each time; a refusal (4xx) is shown at once.
      if ((response === null || response.status >= 500) && tries < RETRIES) {
        tries += 1;
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** tries));
        continue;
      }
      tries = 0;
      const body = await response.json();
      if (!response.ok) {
        showError(body.error);
        return;
      }
      showError("");
      show(body);
    }
  } catch (error) {
    showError(t("The replay could not be loaded: {error}", { error }));
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

// The controls' hints and names, which are attributes, not text (data-t translates text).
function labelControls() {
  $("controls").setAttribute("aria-label", t("Steps of the replay"));
  $("step").setAttribute("aria-label", t("Move"));
  const buttons = {
    first: [t("First (Home)"), t("First position")],
    previous: [t("Previous (←)"), t("Previous move")],
    next: [t("Next (→)"), t("Next move")],
    last: [t("Last (End)"), t("Last position")],
  };
  for (const [id, [title, label]] of Object.entries(buttons)) {
    $(id).title = title;
    $(id).setAttribute("aria-label", label);
  }
}

async function start() {
  await loadLanguage();
  $("language-switch").replaceChildren(languageSwitch());
  labelControls();
  $("back").href = `/match/${encodeURIComponent(matchId)}`;
  const response = await fetch(api);
  if (!response.ok) {
    $("status").textContent = (await response.json()).error;
    return;
  }
  summary = await response.json();
  $("title").textContent = t("Replay of {title}", { title: `${summary.title} (${summary.id})` });
  document.title = t("Replay: {title}", { title: summary.title }) + " · Terra Incognita";
  if (!summary.over) {
    $("status").textContent = t("This game is still being played; its replay opens when it is over.");
    return;
  }
  steps = summary.moves;
  $("step").max = String(steps);
  const winners = summary.result.winners.map(seatName).join(", ");
  $("status").textContent = t("{steps} moves. Won by {winners}. Step with ← and →, Home and End.", { steps, winners: winners || t("nobody") });
  const games = (await (await fetch("/api/games")).json()).games;
  ({ board, layout } = await loadBoard(summary.game, games, `${api}/layout`, showError));
  controls();
  showCampaign($("campaign"), api, board, layout);
  reviewControls({ api, seats: summary.seats, names: seatName, position: () => shown, go });
  const asked = Number(new URLSearchParams(location.hash.slice(1)).get("step"));
  await go(Number.isInteger(asked) && asked >= 0 ? asked : 0);
}

start();
