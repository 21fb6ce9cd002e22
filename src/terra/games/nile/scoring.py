"""Source of the Nile: publishing in Europe and the victory points it brings (22-25).

Only published discoveries count (22.1). A hex's terrain, a spectacular discovery, a specimen
and a tribe's name are published once, by whoever publishes first (22.3-22.4, 20.74); friendly
tribes and the other awards are each explorer's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.nile.explorer import Explorer
from terra.games.nile.terms import BLANK

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_PUBLISH = "Source of the Nile, 22.0 Publishing"

# Sources of victory points on the score sheet.
SOURCES = ("hexes", "rivers", "oases", "tribes", "specials", "bonuses", "awards", "ranked")


def breakdown(explorer: Explorer) -> dict[str, int]:
    """Published victory points by source; ``total`` is the score."""
    found = {source: explorer.vp_by.get(source, 0) for source in SOURCES}
    found["total"] = explorer.vp
    return found


def publishable_hexes(state: NileState, explorer: Explorer) -> list[int]:
    """9.3, 10.293, 22.2-22.4: hexes he visited, fully explored and not yet published."""
    territory = state.territory
    published = state.published
    return [
        hex_
        for hex_, visited in enumerate(explorer.known)
        if visited
        and not published[hex_]
        and territory.terrain[hex_] != BLANK
        and territory.partial[hex_] < 0
    ]


def pending(state: NileState, explorer: Explorer) -> dict[str, int]:
    """What publishing now would bring, by source (ranked awards aside, 22.7)."""
    tables = state.data.tables
    territory = state.territory
    specialty = explorer.specialty
    found = dict.fromkeys(SOURCES, 0)
    for hex_ in publishable_hexes(state, explorer):
        found["hexes"] += tables.vp_hex[territory.terrain[hex_]][specialty]
        if territory.river_in[hex_] or territory.river_out[hex_]:
            found["rivers"] += tables.vp_river[specialty]
        if territory.oasis[hex_]:
            found["oases"] += tables.vp_oasis[specialty]
    found["tribes"] = tables.vp_friendly_tribe[specialty] * len(explorer.new_friends)
    for counter, kind in enumerate(state.counter_kind):
        name = tables.special_names[kind] if kind >= 0 else ""
        if (
            explorer.found_counters >> counter & 1
            and kind >= 0
            and name not in state.published_finds
        ):
            found["specials"] += tables.vp_special[kind][specialty]
    deck = state.data.deck
    names: set[str] = set()
    for card, vp in explorer.finds:
        if card < 0:  # no card's bonus: tusks a disaster gave (11, 20.71), never published
            found["bonuses"] += vp
            continue
        name = deck.bonus[card][specialty].name  # type: ignore[union-attr]
        if name not in state.published_finds and name not in names:
            names.add(name)
            found["bonuses"] += vp
    found["awards"] = explorer.awards
    return found


def publish(state: NileState) -> None:
    """22.1-22.5: an explorer in Europe publishes everything he has found; 7.0: the first to
    reach the target wins at once (ranked awards count only then, 22.7, 25.21)."""
    explorer = state.explorers[state.player]
    gains = pending(state, explorer)
    territory = state.territory
    tables = state.data.tables
    for hex_ in publishable_hexes(state, explorer):
        state.published[hex_] = 1
        territory.partial[hex_] = -1
    for counter, kind in enumerate(state.counter_kind):
        if explorer.found_counters >> counter & 1 and kind >= 0:
            state.published_finds.add(tables.special_names[kind])
    explorer.found_counters = 0
    deck = state.data.deck
    for card, _vp in explorer.finds:
        if card < 0:
            continue
        state.published_finds.add(deck.bonus[card][explorer.specialty].name)  # type: ignore[union-attr]
    explorer.finds = []
    explorer.new_friends = []
    explorer.awards = 0
    total = sum(gains.values())
    explorer.vp = max(0, explorer.vp + total)  # 22.5: never below nothing
    for source, vp in gains.items():
        if vp:
            explorer.vp_by[source] = explorer.vp_by.get(source, 0) + vp
    state.turn.published += max(0, total)
    state.emit("published", player=state.player, vp=total, by=gains, total=explorer.vp)
    if explorer.vp >= state.target:
        from terra.games.nile.rules import end_game  # noqa: PLC0415 - rules imports scoring

        end_game(state, "Source of the Nile, 7.0 Victory Conditions")


def lose_vp(state: NileState, explorer: Explorer, vp: int) -> None:
    """22.5: losses come off the current expedition's unpublished awards first, then off the
    published total, never below zero."""
    from_awards = min(vp, max(0, explorer.awards))
    explorer.awards -= from_awards
    rest = vp - from_awards
    if rest:
        explorer.vp = max(0, explorer.vp - rest)
