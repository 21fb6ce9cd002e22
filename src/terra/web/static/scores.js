// The end of a game: every seat's score by category, the winners marked, and a link to the replay.
import { t } from "/static/i18n.js";

function cell(tag, text, className) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

// The categories of the games' score_breakdown(), by their English label, in the page's
// language (a function: the words are read once the language is loaded).
const categoryLabels = () => ({
  // Africa
  Play: t("During play"),
  Bonus: t("Bonus"),
  Goods: t("Goods"),
  Gold: t("Gold"),
  Jewels: t("Jewels"),
  // Africana
  Expeditions: t("Expeditions"),
  Artifacts: t("Artifacts"),
  Collections: t("Collections"),
  Assistants: t("Assistants"),
  Silver: t("Silver"),
  "Travel cards": t("Travel cards"),
  "Unfinished artifacts": t("Unfinished artifacts"),
  // Expedition
  Missions: t("Missions"),
  "Chips back": t("Chips back"),
  "Cards in hand": t("Cards in hand"),
  "Chips on board": t("Chips on board"),
  "Lines to chips": t("Lines to chips"),
  // Source of the Nile
  Hexes: t("Hexes"),
  Rivers: t("Rivers"),
  Oases: t("Oases"),
  Tribes: t("Tribes"),
  Specials: t("Specials"),
  Bonuses: t("Bonuses"),
  Awards: t("Awards"),
  Journeys: t("Journeys"),
  Ranked: t("Ranked"),
});

// "unfinished_artifacts" reads "Unfinished artifacts" in English; a category without a
// translation keeps that English label.
export function categoryName(category) {
  const words = category.replaceAll("_", " ");
  const english = words.charAt(0).toUpperCase() + words.slice(1);
  const labels = categoryLabels();
  return Object.hasOwn(labels, english) ? labels[english] : english;
}

// A table with a column per seat and a row per category, "total" last; winners' columns marked.
export function scoreTable(result, names) {
  const breakdown = result.breakdown || result.scores.map((total) => ({ total }));
  const winners = new Set(result.winners);
  const categories = Object.keys(breakdown[0] || {}).filter((c) => c !== "total");
  const table = document.createElement("table");
  table.className = "scores";
  const head = table.createTHead().insertRow();
  head.append(cell("th", ""));
  breakdown.forEach((_, seat) => {
    // Numbered as the players' list numbers them: two bots of one kind share a name.
    const name = names[seat] ?? t("Seat {seat}", { seat });
    const th = cell("th", `${seat}. ${name}`, winners.has(seat) ? "winner" : "");
    th.scope = "col";
    if (winners.has(seat)) th.append(cell("span", " " + t("★ winner"), "mark"));
    head.append(th);
  });
  const body = table.createTBody();
  const row = (label, values, className) => {
    const tr = body.insertRow();
    if (className) tr.className = className;
    const th = cell("th", label);
    th.scope = "row";
    tr.append(th);
    values.forEach((value, seat) => tr.append(cell("td", String(value), winners.has(seat) ? "winner" : "")));
  };
  for (const category of categories) row(categoryName(category), breakdown.map((b) => b[category] ?? 0));
  row(t("Total"), breakdown.map((b) => b.total), "total");
  return table;
}

// Fill `section` with the final table of `update` (hidden while the game goes on).
export function showFinal(section, update, names, replayHref) {
  if (!update.over || !update.result) {
    section.hidden = true;
    return;
  }
  const heading = cell("h2", t("Final scores"));
  const wrap = document.createElement("div");
  wrap.className = "scores-wrap";
  wrap.append(scoreTable(update.result, names));
  const parts = [heading, wrap];
  if (replayHref) {
    const link = cell("a", t("Replay this game move by move"));
    link.href = replayHref;
    link.className = "replay-link";
    parts.push(cell("p", ""));
    parts.at(-1).append(link);
  }
  section.replaceChildren(...parts);
  section.hidden = false;
}
