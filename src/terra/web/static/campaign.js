// A campaign: the next game started where a finished one left off (Source of the Nile's Game II,
// rulebook 2.3 and 30.0), and the map at the end of each game of a campaign, side by side.
import { t } from "/static/i18n.js";
import { remember } from "/static/mygames.js";
import { element } from "/static/dom.js";
import { lookingOn } from "/static/board-page.js";

let offered = false;

// Under a finished match's scores: a button that creates the next game of its campaign, with
// the same seats (the same bots, the people under their names), when the match's rules let it
// go on. A seat opens its own place in the new game; the invitations of the others are listed.
export async function offerNextGame(section, matchId, mySeat) {
  if (offered) return;
  offered = true;
  const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}`);
  if (!response.ok) return;
  const summary = await response.json();
  if (!summary.continuable) return;
  const button = element("button", t("Continue the campaign"), { type: "button", id: "continue-campaign" });
  const note = element("p", t("The next game starts on the map as this one left it: what was published stays published."));
  button.addEventListener("click", () => startNextGame(section, summary, mySeat, button));
  section.replaceChildren(element("h2", t("The campaign")), note, button);
  section.hidden = false;
}

async function startNextGame(section, summary, mySeat, button) {
  button.disabled = true;
  const seats = summary.seats.map((s) => (s.bot ? { bot: s.bot, name: s.name } : { name: s.name }));
  const body = { game: summary.game, players: summary.players, options: summary.options, seats, continues: summary.id };
  let answer;
  try {
    const response = await fetch("/api/matches", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    answer = await response.json();
    if (!response.ok) throw new Error(answer.error);
  } catch (error) {
    section.append(element("p", t("The next game could not be started: {error}", { error: error.message }), { class: "error", role: "alert" }));
    button.disabled = false;
    return;
  }
  const invites = answer.seats.filter((s) => s.invite);
  for (const seat of invites) {
    const token = new URLSearchParams(new URL(seat.invite).hash.slice(1)).get("token");
    remember({ id: answer.id, game: answer.game, seat: seat.seat, name: seat.name, token, created: Date.now() });
  }
  const mine = invites.find((s) => s.seat === mySeat);
  if (invites.length === 0 || (mine && invites.length === 1)) {
    location.assign(mine ? mine.invite : answer.spectate);
    return;
  }
  const list = element("ul", "", { class: "invites" });
  for (const seat of invites) {
    const item = element("li", t("Seat {seat} ({name}):", { seat: seat.seat + 1, name: seat.name }) + " ");
    item.append(element("a", seat.invite, { href: seat.invite, class: "invite" }));
    list.append(item);
  }
  section.append(element("p", t("The next game is ready. Send each person their link:")), list);
}

// The map at the end of each game of the campaign that led to this match, the first first
// (drawn only for a match that continues another).
export async function showCampaign(section, api, board, layout) {
  const response = await fetch(`${api}/campaign`);
  if (!response.ok || !board) return;
  const games = (await response.json()).games;
  if (games.length < 2) return;
  const row = element("div", "", { class: "campaign-maps" });
  section.replaceChildren(element("h2", t("The campaign: the map as it grew")), row);
  section.hidden = false;
  games.forEach((game, index) => {
    const figure = element("figure", "", { class: "campaign-map" });
    const drawn = element("div", "", { class: "campaign-board" });
    const caption = game.over
      ? t("Game {number}: the map at its end", { number: index + 1 })
      : t("Game {number}: the map now", { number: index + 1 });
    figure.append(element("figcaption", caption), drawn);
    row.append(figure); // in the page before it is drawn: a board is drawn to its width
    board.draw(drawn, game.view, lookingOn(layout));
  });
}
