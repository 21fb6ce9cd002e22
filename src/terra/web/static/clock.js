// A table's clock on the match page, and a person's seat played by a bot while they are away
// (docs/web.md, "Clocks"): the time left counts down on every page; the server keeps it.
import { t } from "/static/i18n.js";
import { element } from "/static/dom.js";

const $ = (id) => document.getElementById(id);

let clock = null; // the last clock message, with the page's time it came at
let ticking = null;
let nameOf = (seat) => String(seat);
let isPerson = () => true;
let me = null;

/** A duration in the words a clock shows: 0:45 and 12:05 under an hour, then hours and
 * minutes, then days and hours. */
export function duration(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (days) return t("{days} d {hours} h", { days, hours });
  if (hours) return t("{hours} h {minutes} min", { hours, minutes });
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

/** What a table's clock is, in words (the lobby lists it so). */
export function clockWords(given) {
  if (!given) return t("no clock");
  if (given.kind === "bank") {
    const bank = duration(given.seconds);
    return given.increment ? t("{bank} each, +{increment} s a move", { bank, increment: given.increment }) : t("{bank} each", { bank });
  }
  return t("{time} a move", { time: duration(given.seconds) });
}

/** A clock message: whose time runs and how much is left, every person's bank
 * (``person(seat)``: whether a person holds the seat; a bot's decisions are not timed). */
export function heardClock(message, seatName, mySeat, person) {
  clock = { ...message, at: Date.now() };
  nameOf = seatName;
  isPerson = person;
  me = mySeat;
  clearInterval(ticking);
  ticking = setInterval(drawClock, 1000);
  drawClock();
}

function drawClock() {
  const line = $("clock");
  if (!clock) {
    line.hidden = true;
    return;
  }
  const gone = (Date.now() - clock.at) / 1000;
  const parts = [];
  if (clock.seat !== null && clock.left !== null) {
    const left = duration(clock.left - gone);
    parts.push(clock.seat === me ? t("Your time: {left}", { left }) : t("{name}'s time: {left}", { name: nameOf(clock.seat), left }));
  } else parts.push(t("Clock: {clock}", { clock: clockWords(clock) }));
  if (clock.banks) {
    const banks = clock.banks.flatMap((bank, seat) => {
      if (!isPerson(seat)) return [];
      const left = seat === clock.seat && clock.left !== null ? clock.left - gone : bank;
      return [`${nameOf(seat)} ${duration(left)}`];
    });
    parts.push(t("banks: {banks}", { banks: banks.join(", ") }));
  }
  line.textContent = parts.join(" · ");
  line.hidden = false;
}

/** A person whose seat a bot plays is offered it back; a person at their seat may leave the
 * game to the table's bot (``send`` sends the page's message). */
export function showAway(seats, mySeat, over, send) {
  const box = $("away");
  const leave = $("leave");
  box.replaceChildren();
  const seat = mySeat === null ? null : seats[mySeat];
  const person = seat !== null && seat !== undefined && !seat.bot && !seat.free;
  leave.hidden = !person || over || Boolean(seat.stand_in);
  box.hidden = !person || over || !seat.stand_in;
  if (box.hidden) return;
  box.append(element("p", t("A bot ({bot}) plays your seat while you are away.", { bot: seat.stand_in })));
  const back = element("button", t("Take my seat back"), { type: "button", id: "rejoin" });
  back.addEventListener("click", () => send({ type: "rejoin" }));
  box.append(back);
}

/** The Leave button: after the player confirms, a bot plays their seat until they return. */
export function offerLeave(send) {
  $("leave").addEventListener("click", () => {
    if (confirm(t("Leave the game? A bot plays your seat until you take it back."))) send({ type: "leave" });
  });
}

/** A seat's words in the players' list while a bot stands in for its person. */
export function standInWords(seat) {
  return seat.stand_in ? " " + t("(away: {bot} bot plays)", { bot: seat.stand_in }) : "";
}
