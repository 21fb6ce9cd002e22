// The harness page's script (tests/web/harness.html): a file, as the server's pages load
// theirs, so that the page runs under the server's Content-Security-Policy.

window.played = [];
window.errors = [];
window.addEventListener("error", (event) => window.errors.push(String(event.message)));

// Import the game's board module once per page.
window.load = async (game) => {
  window.boardModule = await import(`/boards/${game}.js`);
  return true;
};

// Draw a position; returns the actions of the targets, in document order.
window.show = (view, layout, legal, seat) => {
  window.played = [];
  const ctx = {
    seat,
    layout,
    legal,
    play: (text) => window.played.push(text),
    t: (key) => key,
  };
  window.boardModule.draw(document.getElementById("board"), view, ctx);
  return [...document.querySelectorAll(".target[data-action]")].map((node) => node.dataset.action);
};

// Where to click target number i so that the click lands on it and on nothing above it;
// null when no point of it can be hit.
window.aim = (i) => {
  const node = document.querySelectorAll(".target[data-action]")[i];
  node.scrollIntoView({ block: "center", inline: "center" });
  const box = node.getBoundingClientRect();
  const steps = [0.5, 0.35, 0.65, 0.2, 0.8];
  for (const fy of steps) {
    for (const fx of steps) {
      const x = box.left + box.width * fx;
      const y = box.top + box.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest(".target") === node) return [x, y];
    }
  }
  return null;
};

window.ready = true;
