// "Your turn" where a player looks when the page is not in front: the tab's title and icon
// say it, and, for a player who asked, a browser notification while the page is hidden.
import { t } from "/static/i18n.js";

const PLAIN = "/static/icon.svg";
const TURN = "/static/icon-turn.svg"; // the icon with a red dot: your move

let title = "";
let notified = -1; // the move count last notified, so that one turn notifies once

function icon() {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

/** The page's own title, shown while it is not the player's turn. */
export function setTitle(text) {
  title = text;
  document.title = text;
  icon().href = PLAIN;
}

/** Whether the player asked to be notified, and the browser lets the page do it. */
export function notifying() {
  return "Notification" in window && Notification.permission === "granted"
    && localStorage.getItem("terra-notify") === "yes";
}

/** The opt-in: asks the browser's permission; returns whether notifications are on. */
export async function askToNotify() {
  if (!("Notification" in window)) return false;
  const answer = await Notification.requestPermission();
  localStorage.setItem("terra-notify", answer === "granted" ? "yes" : "no");
  return answer === "granted";
}

/** The tab says whether it is the player's turn (``mine``) at move ``moves``. */
export function signalTurn(mine, moves) {
  document.title = mine ? `● ${t("Your move")} · ${title}` : title;
  icon().href = mine ? TURN : PLAIN;
  if (mine && document.hidden && notifying() && notified !== moves) {
    notified = moves;
    new Notification(t("Your move"), { body: title, icon: TURN, tag: "terra-turn" });
  }
}
