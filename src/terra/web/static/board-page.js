// A game's board on a page: its module and the match's layout loaded, a view drawn in the
// page's #board (or shown as text where the game has no board or it fails), and the context
// of a board that shows a position nobody plays on it (a replay, a campaign's maps, a guide).
import { t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

/** A board's ctx for a position shown, not played: no seat, no legal moves. */
export function lookingOn(layout, names = []) {
  return { seat: null, layout, legal: [], play: () => {}, t, names };
}

/**
 * The game's board module and the match's layout (from layoutUrl), where the game has a board
 * (as games, the server's list, says); else, or when either fails to load (failed is told
 * why), no board: the page shows the view as text.
 */
export async function loadBoard(game, games, layoutUrl, failed) {
  if (!games.some((g) => g.id === game && g.board)) return { board: null, layout: {} };
  try {
    const [board, layout] = await Promise.all([
      import(`/boards/${encodeURIComponent(game)}.js`),
      fetch(layoutUrl).then((r) => r.json()),
    ]);
    return { board, layout };
  } catch (error) {
    failed(t("The board could not be loaded: {error}", { error }));
    return { board: null, layout: {} };
  }
}

/** The view drawn by board with ctx in #board; without a board, or when it fails (failed is
 * told why), the view as text in #raw. */
export function showView(board, view, ctx, failed) {
  if (board) {
    try {
      board.draw($("board"), view, ctx);
      return;
    } catch (error) {
      failed(t("The board could not be drawn: {error}", { error }));
    }
  }
  $("raw").hidden = false;
  $("view").textContent = JSON.stringify(view, null, 1);
}
