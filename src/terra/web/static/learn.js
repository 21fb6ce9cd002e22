// How to play a game: its guide in the page's language (/api/games/<game>/guide), with
// pictures drawn by the game's own board module from positions the server works out.
import { language, languageSwitch, loadLanguage, t } from "/static/i18n.js";
import { element } from "/static/dom.js";
import { lookingOn } from "/static/board-page.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());

function showGames(games) {
  const nav = $("games");
  nav.replaceChildren();
  for (const game of games) {
    const link = element("a", game.title, { href: `/learn/${encodeURIComponent(game.id)}` });
    if (game.id === gameId) link.setAttribute("aria-current", "page");
    nav.append(link);
  }
}

function drawPicture(figure, board, picture) {
  const holder = element("div", undefined, { class: "picture" });
  figure.prepend(holder);
  try {
    board.draw(holder, picture.view, lookingOn(picture.layout));
    // A picture is not a control: its move targets, if any, are left out of the tab order.
    for (const node of holder.querySelectorAll(".target")) node.setAttribute("tabindex", "-1");
  } catch (error) {
    holder.textContent = t("The board could not be drawn: {error}", { error });
  }
}

function showSection(section, guide, board) {
  const part = element("section", undefined, { id: section.id, "aria-labelledby": `${section.id}-title` });
  part.append(element("h2", section.title, { id: `${section.id}-title` }));
  for (const paragraph of section.text) part.append(element("p", paragraph));
  if (section.items.length) {
    const list = element("ul");
    for (const item of section.items) list.append(element("li", item));
    part.append(list);
  }
  const picture = guide.pictures[section.id];
  if (section.picture && picture && board) {
    const figure = element("figure");
    figure.append(element("figcaption", section.picture.caption));
    drawPicture(figure, board, picture);
    part.append(figure);
  }
  if (section.rules.length) {
    part.append(element("p", t("In the rulebook: {rules}", { rules: section.rules.join("; ") }), { class: "rule" }));
  }
  return part;
}

function showMoves(guide) {
  const part = element("section", undefined, { id: "moves", "aria-labelledby": "moves-title" });
  part.append(element("h2", t("The moves"), { id: "moves-title" }));
  const list = element("dl", undefined, { class: "guide-moves" });
  for (const [kind, words] of Object.entries(guide.moves)) list.append(element("dt", kind), element("dd", words));
  part.append(list);
  return part;
}

function showOptions(guide) {
  const part = element("section", undefined, { id: "options", "aria-labelledby": "options-title" });
  part.append(element("h2", t("Options"), { id: "options-title" }));
  const list = element("dl", undefined, { class: "guide-moves" });
  for (const words of Object.values(guide.options)) list.append(element("dt", words.label), element("dd", words.help));
  part.append(list);
  return part;
}

async function start() {
  await loadLanguage();
  $("language-switch").replaceChildren(languageSwitch());
  const [games, answer] = await Promise.all([
    fetch("/api/games").then((r) => r.json()),
    fetch(`/api/games/${encodeURIComponent(gameId)}/guide?lang=${language}`),
  ]);
  showGames(games.games);
  const guide = await answer.json();
  const article = $("guide");
  if (!answer.ok) {
    $("status").textContent = guide.error;
    return;
  }
  let board = null;
  if (guide.board) {
    try {
      board = await import(`/boards/${encodeURIComponent(gameId)}.js`);
    } catch {
      board = null;
    }
  }
  document.title = `${guide.title} · Terra Incognita`;
  $("title").textContent = guide.title;
  const intro = element("section", undefined, { class: "guide-intro" });
  intro.append(element("p", guide.summary));
  const facts = element("p", t("{players} players · {length}", { players: guide.players, length: guide.length }), { class: "facts" });
  intro.append(facts, element("a", t("Start a game"), { href: `/?game=${encodeURIComponent(gameId)}`, class: "button" }));
  article.replaceChildren(intro);
  for (const section of guide.section) article.append(showSection(section, guide, board));
  article.append(showMoves(guide));
  if (Object.keys(guide.options).length) article.append(showOptions(guide));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

start();
