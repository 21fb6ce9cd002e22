// The end of a game: every seat's score by category, the winners marked, and a link to the replay.

function cell(tag, text, className) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

// "unfinished_artifacts" reads "Unfinished artifacts".
export function categoryName(category) {
  const words = category.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
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
    const th = cell("th", names[seat] ?? `Seat ${seat}`, winners.has(seat) ? "winner" : "");
    th.scope = "col";
    if (winners.has(seat)) th.append(cell("span", " ★ winner", "mark"));
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
  row("Total", breakdown.map((b) => b.total), "total");
  return table;
}

// Fill `section` with the final table of `update` (hidden while the game goes on).
export function showFinal(section, update, names, replayHref) {
  if (!update.over || !update.result) {
    section.hidden = true;
    return;
  }
  const heading = cell("h2", "Final scores");
  const wrap = document.createElement("div");
  wrap.className = "scores-wrap";
  wrap.append(scoreTable(update.result, names));
  const parts = [heading, wrap];
  if (replayHref) {
    const link = cell("a", "Replay this game move by move");
    link.href = replayHref;
    link.className = "replay-link";
    parts.push(cell("p", ""));
    parts.at(-1).append(link);
  }
  section.replaceChildren(...parts);
  section.hidden = false;
}
