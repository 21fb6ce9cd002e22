import { language, languageSwitch, loadLanguage, t } from "/static/i18n.js";
import { myGames, remember, replayLink, seatLink } from "/static/mygames.js";
import { element } from "/static/dom.js";
import { lookingOn } from "/static/board-page.js";
import { startPlayers } from "/static/players.js";
import { startRatings } from "/static/ratings.js";

const $ = (id) => document.getElementById(id);
let games = [];

function chosenGame() {
  return games.find((g) => g.id === $("game").value);
}

function showAbout(game) {
  const about = $("about");
  about.replaceChildren();
  if (game.players) about.append(element("p", t("{players} players · {length}", { players: game.players, length: game.length }), { class: "facts" }));
  about.append(element("a", t("How to play {game}", { game: game.title }), { href: `/learn/${encodeURIComponent(game.id)}` }));
}

/** A bot's measured strength in words: whom it beat, how often, at which level. */
function strengthWords(measure) {
  const share = Math.round(measure.won * 100);
  const args = { bot: measure.bot, share, against: measure.against, games: measure.games, players: measure.players };
  if (measure.iterations) {
    return t("{bot} won {share}% of {games} {players}-player games against {against} at {iterations} iterations a move (the table plays a second a move)", { ...args, iterations: measure.iterations });
  }
  return t("{bot} won {share}% of {games} {players}-player games against {against}", args);
}

/** A card per game: its board drawn small, what it is, how long, its variants and its bots. */
async function showCards() {
  const list = $("cards");
  list.replaceChildren();
  for (const game of games) {
    const card = element("li", undefined, { class: "card" });
    // A picture, not a control: out of the tab order and of what a screen reader reads.
    const picture = element("div", undefined, { class: "picture" });
    picture.inert = true;
    picture.dataset.picture = "yes"; // the boards draw their whole map small, with no controls
    const heading = element("h3", game.title);
    const by = element("p", t("by {designer}, {year}", { designer: game.designer, year: game.year }), { class: "by" });
    card.append(picture, heading, by);
    if (game.summary) card.append(element("p", game.summary));
    if (game.players) card.append(element("p", t("{players} players · {length}", { players: game.players, length: game.length }), { class: "facts" }));
    const variants = game.options.filter((o) => o.kind === "bool").map((o) => o.label);
    if (variants.length) card.append(element("p", t("Variants: {variants}", { variants: variants.join(", ") })));
    if (game.strength.length) {
      const bots = element("ul", undefined, { class: "strength", "aria-label": t("Bots, weakest first") });
      for (const measure of game.strength) bots.append(element("li", strengthWords(measure)));
      card.append(bots);
    }
    const actions = element("p", undefined, { class: "card-actions" });
    actions.append(element("a", t("How to play {game}", { game: game.title }), { href: `/learn/${encodeURIComponent(game.id)}` }));
    const choose = element("button", t("Play {game}", { game: game.title }), { type: "button" });
    choose.addEventListener("click", () => {
      $("game").value = game.id;
      showOptions();
      $("new-game").scrollIntoView({ behavior: "smooth" });
      $("game").focus();
    });
    actions.append(choose);
    card.append(actions);
    list.append(card);
    drawSmall(picture, game);
  }
}

async function drawSmall(holder, game) {
  if (!game.board) return;
  try {
    const [module, guide] = await Promise.all([
      import(`/boards/${encodeURIComponent(game.id)}.js`),
      fetch(`/api/games/${encodeURIComponent(game.id)}/guide?lang=${language}`).then((r) => r.json()),
    ]);
    const shown = Object.values(guide.pictures || {}).pop();
    if (!shown) return;
    module.draw(holder, shown.view, lookingOn(shown.layout));
  } catch {
    holder.remove();
  }
}

function showOptions() {
  const game = chosenGame();
  showAbout(game);
  const box = $("options");
  box.replaceChildren(element("legend", t("Options")));
  for (const option of game.options) {
    const label = element("label", (option.label || option.name) + " ");
    let input;
    if (option.kind === "bool") {
      input = element("input", undefined, { type: "checkbox" });
      input.checked = Boolean(option.default);
    } else if (option.choices) {
      input = element("select");
      for (const choice of option.choices) input.append(element("option", String(choice)));
      input.value = String(option.default);
    } else {
      input = element("input", undefined, { type: option.kind === "int" ? "number" : "text" });
      if (option.minimum !== null) input.min = option.minimum;
      if (option.maximum !== null) input.max = option.maximum;
      if (option.default !== null) input.value = option.default;
    }
    input.dataset.option = option.name;
    input.dataset.kind = option.kind;
    label.append(input, element("span", option.help, { class: "help" }));
    if (option.only) {
      // A variant's own option: shown, and sent, only while that variant is chosen.
      label.dataset.onlyOption = option.only[0];
      label.dataset.onlyValue = String(option.only[1]);
    }
    box.append(label);
  }
  box.hidden = game.options.length === 0;
  showVariantOptions();
  const players = $("players");
  players.min = game.min_players;
  players.max = game.max_players;
  players.value = Math.min(Math.max(Number(players.value), game.min_players), game.max_players);
  showSeats();
}

function showSeats() {
  const game = chosenGame();
  const box = $("seats");
  box.replaceChildren(element("legend", t("Seats")));
  const count = Number($("players").value) || game.min_players;
  for (let seat = 0; seat < count; seat++) {
    const label = element("label", t("Seat {seat}", { seat: seat + 1 }) + " ");
    const who = element("select", undefined, { "data-seat": seat });
    who.append(element("option", t("a person"), { value: "" }));
    for (const bot of game.bots) who.append(element("option", t("{bot} bot", { bot }), { value: bot }));
    if (seat > 0) who.value = game.bots.includes("greedy") ? "greedy" : game.bots[0];
    const name = element("input", undefined, { type: "text", maxlength: 40, placeholder: t("name"), "data-name": seat });
    label.append(who, name);
    box.append(label);
  }
  const standIn = $("stand-in");
  standIn.replaceChildren(...game.bots.map((bot) => element("option", t("{bot} bot", { bot }), { value: bot })));
  standIn.value = game.bots.includes("greedy") ? "greedy" : game.bots[0];
}

/** The clock chosen (``kind:seconds[:increment]``), as the server takes it. */
function readClock() {
  const [kind, seconds, increment] = $("clock").value.split(":");
  if (!kind) return null;
  return { kind, seconds: Number(seconds), ...(increment ? { increment: Number(increment) } : {}) };
}

// Each variant's own options only while it is chosen (an option's ``only``).
function showVariantOptions() {
  const box = $("options");
  for (const label of box.querySelectorAll("[data-only-option]")) {
    const chooser = box.querySelector(`[data-option="${label.dataset.onlyOption}"]`);
    const on = chooser !== null && String(chooser.value) === label.dataset.onlyValue;
    label.hidden = !on;
    label.querySelector("[data-option]").disabled = !on;
  }
}

function readOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]:not(:disabled)")) {
    const kind = input.dataset.kind;
    if (kind === "bool") options[input.dataset.option] = input.checked;
    else if (input.value !== "") options[input.dataset.option] = kind === "int" ? Number(input.value) : input.value;
  }
  return options;
}

function readSeats() {
  return [...$("seats").querySelectorAll("[data-seat]")].map((who) => {
    const seat = {};
    if (who.value) seat.bot = who.value;
    const name = $("seats").querySelector(`[data-name="${who.dataset.seat}"]`).value.trim();
    if (name) seat.name = name;
    return seat;
  });
}

async function create(event) {
  event.preventDefault();
  const error = $("create-error");
  error.hidden = true;
  const body = { game: $("game").value, players: Number($("players").value), options: readOptions(), seats: readSeats() };
  if ($("open").checked) body.open = true;
  const clock = readClock();
  if (clock) body.clock = clock;
  body.stand_in = $("stand-in").value;
  let response;
  try {
    response = await fetch(`/api/matches?lang=${language}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    error.textContent = t("The server cannot be reached.");
    error.hidden = false;
    return;
  }
  const answer = await response.json();
  if (!response.ok) {
    error.textContent = answer.error;
    error.hidden = false;
    return;
  }
  if (answer.open) {
    location.assign(`/match/${encodeURIComponent(answer.id)}`); // the table waits there
    return;
  }
  const list = $("invites");
  list.replaceChildren();
  for (const seat of answer.seats) {
    if (!seat.invite) continue;
    const token = new URLSearchParams(new URL(seat.invite).hash.slice(1)).get("token");
    remember({ id: answer.id, game: answer.game, seat: seat.seat, name: seat.name, token, created: Date.now() });
    const item = element("li", t("Seat {seat} ({name}):", { seat: seat.seat + 1, name: seat.name }) + " ");
    item.append(element("a", seat.invite, { href: seat.invite, class: "invite" }));
    list.append(item);
  }
  const spectate = $("spectate");
  spectate.textContent = answer.spectate;
  spectate.href = answer.spectate;
  $("created").hidden = false;
  showMyGames();
}

async function showMyGames() {
  const list = $("my-games");
  list.replaceChildren();
  const entries = myGames();
  if (entries.length === 0) list.append(element("li", t("None yet.")));
  for (const entry of entries) {
    const item = element("li");
    const label = t("{game} {id} (seat {seat})", { game: entry.game, id: entry.id, seat: entry.seat + 1 });
    item.append(element("a", label, { href: seatLink(entry) }));
    const state = element("span", " …");
    item.append(state);
    list.append(item);
    fetch(`/api/matches/${encodeURIComponent(entry.id)}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(r)))
      .then((match) => {
        if (match.over) {
          const winners = match.result.winners.map((s) => match.seats[s].name).join(", ");
          state.textContent = " " + t("over: won by {winners}", { winners }) + " · ";
          state.append(element("a", t("replay"), { href: replayLink(entry) }));
        }
        else if (match.to_move === entry.seat) {
          state.textContent = " " + t("your turn");
          state.className = "turn";
        } else state.textContent = " " + t("{name} to move", { name: match.seats[match.to_move].name });
      })
      .catch(() => (state.textContent = " " + t("(not on this server)")));
  }
}

async function start() {
  await loadLanguage();
  $("language-switch").replaceChildren(languageSwitch());
  const response = await fetch(`/api/games?lang=${language}`);
  games = (await response.json()).games;
  const select = $("game");
  for (const game of games) select.append(element("option", game.title, { value: game.id }));
  const asked = new URLSearchParams(location.search).get("game");
  if (games.some((g) => g.id === asked)) select.value = asked;
  select.addEventListener("change", showOptions);
  $("options").addEventListener("change", showVariantOptions);
  $("players").addEventListener("change", showSeats);
  $("create").addEventListener("submit", create);
  showOptions();
  showCards();
  startRatings(games);
  startPlayers();
  showMyGames();
}

start();
