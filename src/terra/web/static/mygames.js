// The games of this browser: a seat's token is kept only here, never sent but to its socket.
const KEY = "terra.myGames";

export function myGames() {
  try {
    const games = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(games) ? games : [];
  } catch {
    return [];
  }
}

export function remember(entry) {
  const games = myGames().filter((g) => !(g.id === entry.id && g.seat === entry.seat));
  games.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(games.slice(0, 100)));
}

export function seatLink(entry) {
  const url = `/match/${encodeURIComponent(entry.id)}`;
  return entry.token ? `${url}#seat=${entry.seat}&token=${encodeURIComponent(entry.token)}` : url;
}

export function replayLink(entry) {
  return `/match/${encodeURIComponent(entry.id)}/replay`;
}
