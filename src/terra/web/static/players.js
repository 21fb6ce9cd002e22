// The lobby's player: a display name picked once (the server keeps the browser's key in a
// cookie no script reads), the open tables to join, and the games this player sits in
// (docs/web.md, "Players and open tables").
import { language, t } from "/static/i18n.js";
import { element } from "/static/dom.js";
import { clockWords, duration } from "/static/clock.js";
import { showMyRatings } from "/static/ratings.js";

const $ = (id) => document.getElementById(id);
export let me = null; // {id, name, games} once this browser has a name

async function post(url, body) {
  const response = await fetch(`${url}?lang=${language}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error);
  return answer;
}

/** Ask the server who this browser's player is, and show their name and games. */
export async function showMe() {
  const response = await fetch("/api/players/me");
  me = response.ok ? await response.json() : null;
  $("me-name").hidden = !me;
  if (me) {
    $("me-name").textContent = t("You play as {name}.", { name: me.name });
    $("name").value = me.name;
  }
  showMyTables();
  showMyRatings(me);
}

async function pickName(event) {
  event.preventDefault();
  const error = $("name-error");
  error.hidden = true;
  try {
    await post("/api/players", { name: $("name").value });
  } catch (problem) {
    error.textContent = problem.message;
    error.hidden = false;
    return;
  }
  await showMe();
  showTables();
}

function seatWords(seat) {
  if (seat.free) return t("free seat");
  if (seat.bot) return t("{bot} bot", { bot: seat.bot });
  return seat.name;
}

/** The open tables waiting for players, each with a Join button. */
export async function showTables() {
  const list = $("open-tables");
  let tables = [];
  try {
    tables = (await (await fetch(`/api/tables?lang=${language}`)).json()).tables;
  } catch {
    return;
  }
  list.replaceChildren();
  if (tables.length === 0) list.append(element("li", t("No open table yet.")));
  for (const table of tables) {
    const item = element("li", undefined, { "data-table": table.id });
    const variant = table.variant.length ? ` (${table.variant.join(", ")})` : "";
    const seats = t("{taken} of {players} seats taken", { taken: table.taken, players: table.players });
    const clock = clockWords(table.clock);
    item.append(element("strong", table.title + variant), ` · ${clock} · ${seats}: ${table.seats.map(seatWords).join(", ")} `);
    const mine = me && me.games.some((g) => g.id === table.id);
    if (mine) item.append(element("a", t("Open"), { href: `/match/${encodeURIComponent(table.id)}` }));
    else {
      const join = element("button", t("Join"), { type: "button" });
      join.addEventListener("click", () => joinTable(table.id));
      item.append(join);
    }
    list.append(item);
  }
}

async function joinTable(matchId) {
  const error = $("join-error");
  error.hidden = true;
  try {
    await post(`/api/matches/${encodeURIComponent(matchId)}/join`, {});
  } catch (problem) {
    error.textContent = problem.message;
    error.hidden = false;
    return;
  }
  location.assign(`/match/${encodeURIComponent(matchId)}`);
}

/** The games where this player holds a seat, those where it is their move first. */
function showMyTables() {
  const list = $("my-tables");
  list.replaceChildren();
  for (const game of me ? me.games : []) {
    const item = element("li");
    const label = t("{game} {id} (seat {seat})", { game: game.title, id: game.id, seat: game.seat + 1 });
    item.append(element("a", label, { href: `/match/${encodeURIComponent(game.id)}` }));
    let state = t("{name} to move", { name: game.to_move === null ? "" : game.seats[game.to_move].name });
    if (game.your_turn) state = t("your turn");
    else if (game.waiting) state = t("waiting for players");
    else if (game.over) state = t("over");
    if (game.time_left !== null && game.time_left !== undefined) state += " · " + t("{left} left", { left: duration(game.time_left) });
    item.append(element("span", " " + state, game.your_turn ? { class: "turn" } : {}));
    list.append(item);
  }
}

export function startPlayers() {
  $("name-form").addEventListener("submit", pickName);
  showMe().then(showTables);
  setInterval(showTables, 5000);
}
