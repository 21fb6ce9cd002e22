// Reviewing a finished game on its replay page: for a seat's decisions, what the search would
// have played there and what the move played cost (GET /api/matches/<id>/review).
import { t } from "/static/i18n.js";
import { element } from "/static/dom.js";

const signed = (value) => (value >= 0 ? "+" : "") + value.toFixed(2);

/**
 * Wire the review controls. api: the match's API path; names(seat): a seat's name;
 * position(): the step on screen; go(step): show a step.
 */
export function reviewControls({ api, seats, names, position, go }) {
  const $ = (id) => document.getElementById(id);
  const seat = $("review-seat");
  for (const s of seats) seat.append(element("option", names(s.seat), { value: String(s.seat) }));
  let movers = null;
  async function loadMovers() {
    if (movers === null) movers = (await (await fetch(`${api}/review`)).json()).movers || [];
    return movers;
  }
  async function jump(direction) {
    const found = await loadMovers();
    const mine = Number(seat.value);
    const here = position();
    let step = -1;
    if (direction > 0) step = found.findIndex((mover, k) => k > here && mover === mine);
    else for (let k = Math.min(here - 1, found.length - 1); k >= 0; k--) if (found[k] === mine) { step = k; break; }
    if (step < 0) {
      $("review-answer").textContent = t("No more decisions of {name} that way.", { name: names(mine) });
      return;
    }
    await go(step);
    await explain(step);
  }
  async function explain(step) {
    const answer = $("review-answer");
    const found = await loadMovers();
    if (step >= found.length) {
      answer.textContent = t("The game ends here: there is no move to review.");
      return;
    }
    answer.replaceChildren(element("p", t("The search is looking at this move…")));
    const response = await fetch(`${api}/review?step=${step}`);
    const body = await response.json();
    if (!response.ok) {
      answer.textContent = body.error;
      return;
    }
    answer.replaceChildren(element("p", t("From this position, {name} played {move}.", { name: names(body.seat), move: body.played })));
    const list = element("ol");
    for (const hint of body.best) {
      const share = Math.round(hint.share * 100);
      list.append(element("li", t("{move}: chosen in {share}% of the search, expected result {value}", { move: hint.text, share, value: signed(hint.value) })));
    }
    answer.append(element("p", t("The search's favourites:")), list);
    let verdict;
    if (body.value === null) verdict = t("The search never tried the move played.");
    else if (body.cost < 0.005) verdict = t("The move played is as good as the search's best (expected {value}).", { value: signed(body.value) });
    else verdict = t("The move played is expected to bring {value}, {cost} less than the search's best (results run from -1 to +1).", { value: signed(body.value), cost: body.cost.toFixed(2) });
    answer.append(element("p", verdict, { class: "verdict" }));
  }
  $("review-previous").addEventListener("click", () => jump(-1));
  $("review-next").addEventListener("click", () => jump(1));
  $("review-here").addEventListener("click", () => explain(position()));
}
