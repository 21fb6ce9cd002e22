// An open table on the match page: waiting for players, who sits where, and the creator's
// button that fills the empty seats with bots (docs/web.md, "Players and open tables").
import { t } from "/static/i18n.js";
import { element } from "/static/dom.js";

/** Show the table's state in ``box``; ``fill(bot)`` asks the server to fill the free seats. */
export function showTable(box, message, mySeat, bots, fill, leave) {
  box.replaceChildren();
  if (message.closed) {
    box.append(element("p", t("Its creator closed this table before it started.")), element("a", t("Back to the lobby"), { href: "/" }));
    box.hidden = false;
    return;
  }
  box.hidden = !message.waiting;
  if (!message.waiting) return;
  box.append(element("h2", t("Waiting for players ({taken} of {players})", { taken: message.taken, players: message.players })));
  const seats = element("ul", undefined, { class: "table-seats" });
  for (const seat of message.seats) {
    let who = seat.name;
    if (seat.free) who = t("free seat");
    else if (seat.bot) who = t("{bot} bot", { bot: seat.bot });
    if (seat.seat === mySeat) who += " — " + t("you");
    seats.append(element("li", t("Seat {seat}", { seat: seat.seat + 1 }) + ": " + who, seat.free ? { class: "free" } : {}));
  }
  box.append(seats);
  if (mySeat !== null) {
    const words = mySeat === 0 ? t("Close this table") : t("Leave this table");
    const button = element("button", words, { type: "button", id: "leave-table" });
    button.addEventListener("click", leave);
    box.append(button);
  }
  if (mySeat !== 0 || !bots.length) {
    box.append(element("p", t("The game starts when every seat is taken.")));
    return;
  }
  const form = element("form", undefined, { class: "typed" });
  const choice = element("select", undefined, { id: "fill-bot", "aria-label": t("Bot") });
  for (const bot of bots) choice.append(element("option", t("{bot} bot", { bot }), { value: bot }));
  choice.value = bots.includes("greedy") ? "greedy" : bots[0];
  form.append(choice, element("button", t("Fill the empty seats with bots"), { type: "submit" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    fill(choice.value);
  });
  box.append(element("p", t("The game starts when every seat is taken, or when you fill the empty seats with bots.")), form);
}

/** Give up this player's seat at ``matchId`` (its creator: close the table); the error's words,
 * if any. */
export function leaveTable(matchId, language) {
  return changeTable(matchId, "leave", {}, language);
}

/** Ask the server to fill the free seats of ``matchId`` with ``bot``; the error's words, if any. */
export function fillSeats(matchId, bot, language) {
  return changeTable(matchId, "fill", { bot }, language);
}

// POST body to the open table's `change` (leave, fill), the server's words in the page's
// language; the error's words, if any.
async function changeTable(matchId, change, body, language) {
  try {
    const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}/${change}?lang=${language}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return response.ok ? null : (await response.json()).error;
  } catch {
    return t("The server cannot be reached.");
  }
}
