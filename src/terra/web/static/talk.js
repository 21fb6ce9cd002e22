// What the people at a match's table say and ask besides moves: the chat, and a rematch of a
// finished match (docs/web.md, "Chat" and "Rematch"). A message's text is only ever set as
// text (textContent), never as markup.
import { language, t } from "/static/i18n.js";
import { element } from "/static/dom.js";

const $ = (id) => document.getElementById(id);

/** The chat's form: sends its text with `send` and empties the field. */
export function startChat(send) {
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const field = $("chat-text");
    const text = field.value.trim();
    if (!text) return;
    showChatError("");
    if (send({ type: "chat", text })) field.value = "";
    else showChatError(t("Not connected; the message was not sent."));
  });
}

/** One chat message (chat), or the recent ones of a page that opens (chat_history), named
 * by `seatName`; a spectator's is marked as such. */
export function showChat(message, seatName) {
  const list = $("chat");
  if (message.type === "chat_history") list.replaceChildren();
  for (const line of message.type === "chat_history" ? message.lines : [message]) {
    // A message may reach a page twice (told by its own server and heard from the database).
    if (list.querySelector(`li[data-id="${Number(line.id)}"]`)) continue;
    const who = line.spectator && !line.notice ? t("Spectator") : seatName(line.seat);
    const kind = line.notice ? { class: "notice" } : line.spectator ? { class: "spectator" } : {};
    const item = element("li", undefined, { "data-id": String(line.id), ...kind });
    const when = new Date(line.time);
    const time = element("time", when.toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit" }), { datetime: line.time });
    if (line.notice) item.append(time, " ", element("em", noticeWords(line.notice, who)));
    else item.append(time, " ", element("strong", who + ":"), " ", element("span", line.text, { class: "said" }));
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

/** What the server says befell a seat (docs/web.md, "Clocks"). */
function noticeWords(notice, name) {
  if (notice === "time") return t("{name} ran out of time: a bot plays their seat until they take it back.", { name });
  if (notice === "left") return t("{name} left the game: a bot plays their seat until they take it back.", { name });
  if (notice === "back") return t("{name} took their seat back.", { name });
  return notice;
}

export function showChatError(text) {
  const box = $("chat-error");
  box.textContent = text;
  box.hidden = !text;
}

let rematch = { asked: [], match: null };
let clicked = false; // this page asked for the rematch: it goes there once it is made

/** Under a finished match's scores: the Rematch button of a seat, who has asked, and, once
 * every person has, the way to the new match. */
export function offerRematch(seats, mySeat, seatName, send) {
  const section = $("rematch");
  section.replaceChildren(element("h2", t("Rematch")));
  const people = seats.filter((s) => !s.bot);
  const asked = people.filter((s) => rematch.asked.includes(s.seat));
  const waiting = people.filter((s) => !rematch.asked.includes(s.seat));
  const names = (list) => list.map((s) => seatName(s.seat)).join(", ");
  section.hidden = mySeat === null && !asked.length && rematch.match === null; // nothing to show
  if (section.hidden) return;
  if (rematch.match !== null) {
    section.append(element("p", t("The rematch is ready.")));
    if (mySeat !== null) {
      const go = element("button", t("Go to the rematch"), { type: "button", id: "go-rematch" });
      go.addEventListener("click", () => send({ type: "rematch" }));
      section.append(go);
    } else {
      section.append(element("a", t("Watch the rematch"), { href: `/match/${encodeURIComponent(rematch.match)}` }));
    }
  } else {
    if (asked.length) section.append(element("p", t("Asked for a rematch: {names}.", { names: names(asked) })));
    if (asked.length && waiting.length) section.append(element("p", t("Waiting for: {names}.", { names: names(waiting) })));
    if (mySeat !== null && !rematch.asked.includes(mySeat)) {
      const button = element("button", t("Rematch"), { type: "button", id: "ask-rematch" });
      button.title = t("Play again: the same game, players and options, dealt afresh. Bots agree at once.");
      button.addEventListener("click", () => {
        clicked = send({ type: "rematch" });
      });
      section.append(button);
    }
  }
  section.hidden = false;
}

/** Who has asked for a rematch (rematch): shown; once made, a page that asked asks for its
 * own invitation, which the server gives it alone (rematch_invite). */
export function heardRematch(message, send) {
  rematch = { asked: message.asked, match: message.match };
  if (message.match !== null && clicked) send({ type: "rematch" });
}

