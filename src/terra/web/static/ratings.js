// The ratings of people and bots, per game: the chosen game's leaderboard and this player's
// own standing (docs/web.md, "Ratings").
import { language, t } from "/static/i18n.js";
import { element } from "/static/dom.js";

const $ = (id) => document.getElementById(id);
let player = null; // {name, ratings} once this browser has a name
let chosen = false; // whether the game was chosen in the page, not for the player

function number(value) {
  return value.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function chosenTitle() {
  const option = $("ratings-game").selectedOptions[0];
  return option ? option.textContent : "";
}

/** This player's ratings in every game, under their name; ``me`` is /api/players/me's answer. */
export function showMyRatings(me) {
  player = me;
  const list = $("my-ratings");
  list.replaceChildren();
  for (const rated of me ? me.ratings : []) {
    const args = { game: rated.title, rating: number(rated.rating), rank: rated.rank, games: rated.games };
    list.append(element("li", t("{game}: rating {rating}, place {rank}, games rated: {games}", args)));
  }
  list.hidden = $("my-ratings-title").hidden = list.children.length === 0;
  const most = me ? [...me.ratings].sort((a, b) => b.games - a.games)[0] : undefined;
  if (most && !chosen) $("ratings-game").value = most.game; // the game they play most, first
  showStanding();
  showLeaderboard(); // again: their own row is marked
}

/** Where this player stands in the chosen game, in words beside its leaderboard. */
function showStanding() {
  const standing = $("my-standing");
  const game = $("ratings-game").value;
  if (!player) {
    standing.textContent = t("Pick a name and finish a game at an open table to be rated.");
    return;
  }
  const rated = player.ratings.find((r) => r.game === game);
  if (!rated) {
    standing.textContent = t("You have no rating in {game} yet: finish a game at an open table.", { game: chosenTitle() });
    return;
  }
  const args = { game: chosenTitle(), rank: rated.rank, rating: number(rated.rating), games: rated.games };
  standing.textContent = t("Your place in {game}: {rank}, with a rating of {rating} (games rated: {games}).", args);
}

function row(rated) {
  const mine = !rated.bot && player !== null && rated.name === player.name;
  const line = element("tr", undefined, rated.bot ? { class: "bot" } : mine ? { class: "me" } : {});
  const name = rated.bot ? t("{bot} bot", { bot: rated.name }) : rated.name;
  const who = element("th", mine ? t("{name} (you)", { name }) : name, { scope: "row" });
  line.append(
    element("td", String(rated.rank)),
    who,
    element("td", number(rated.rating)),
    element("td", `${number(rated.mu)} ±\u00a0${number(rated.sigma)}`), // a narrow screen breaks before ±
    element("td", String(rated.games)),
  );
  return line;
}

/** The chosen game's leaderboard: people and bots, the best rating first. */
export async function showLeaderboard() {
  const game = $("ratings-game").value;
  const error = $("ratings-error");
  let answer;
  try {
    const response = await fetch(`/api/ratings?game=${encodeURIComponent(game)}&lang=${language}`);
    answer = await response.json();
    if (!response.ok) throw new Error(answer.error);
  } catch (problem) {
    error.textContent = problem instanceof SyntaxError ? t("The server cannot be reached.") : problem.message;
    error.hidden = false;
    return;
  }
  if ($("ratings-game").value !== game) return; // another game was chosen meanwhile
  error.hidden = true;
  $("ratings").replaceChildren(...answer.ratings.map(row));
  $("ratings-table").hidden = answer.ratings.length === 0;
  $("ratings-empty").hidden = answer.ratings.length > 0;
  showStanding();
}

/** Offer the ratings of ``games`` (the lobby's list), the first shown. */
export function startRatings(games) {
  const select = $("ratings-game");
  for (const game of games) select.append(element("option", game.title, { value: game.id }));
  select.addEventListener("change", () => {
    chosen = true;
    showLeaderboard();
  });
  showLeaderboard();
}
