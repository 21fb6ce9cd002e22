"""Expedition, Marking Research Destinations, with Variant A's chips: in turn, round after
round, each player marks destinations of their own cards with chips (4 each; Variant A: as
many as they like, passing when done); then the public display is filled up again and play
begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, fixed
from terra.games.expedition.actions import PASS, every_site, site_id
from terra.games.expedition.gameplay import start_playing
from terra.games.expedition.missions import refill_public_missions
from terra.games.expedition.rulebook import RULE_CHIPS, RULE_VARIANT_A

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

CHIP_DISTANCE = 2  # a marked destination lies at least this many lines from the start
CHIPS = 4  # chips each player places in the basic game
CHIPS_VARIANT_A = 10  # all the chips of a colour (Variant A)


def chip_limit(state: ExpeditionState) -> int:
    """Basic game: 4 chips each; Variant A: as many as a player likes, up to all 10."""
    return CHIPS_VARIANT_A if state.options.get("variant_a") else CHIPS


def markable(state: ExpeditionState, card: int) -> bool:
    """Expedition, Marking Research Destinations: a destination not yet marked, at least two
    lines from the start."""
    data = state.data
    return state.chip[card] < 0 and data.distance[data.start][card] >= CHIP_DISTANCE


def can_mark(state: ExpeditionState, player: int) -> bool:
    """Expedition, Marking Research Destinations: whether ``player`` may still place a chip."""
    if state.chips_placed[player] >= chip_limit(state):
        return False
    return any(markable(state, card) for card in state.hand[player])


def next_marker(state: ExpeditionState, first: bool = False) -> None:
    """Expedition, Marking Research Destinations: in turn order, round after round, until every
    player has placed their chips; then the display is filled up and play begins."""
    n = state.num_players
    everyone = (1 << n) - 1
    if state.done_marking == everyone:
        refill_public_missions(state)
        start_playing(state)
        return
    p = state.player if first else (state.player + 1) % n
    while state.done_marking >> p & 1:
        p = (p + 1) % n
    state.player = p


# --- mark <site> ------------------------------------------------------------------------------


def marks(state: ExpeditionState, out: list[int]) -> None:
    """Expedition, Marking Research Destinations: the destinations the player may mark now."""
    base = state.tables.mark_base
    out += sorted(base + card for card in state.hand[state.player] if markable(state, card))


def explain_mark(state: ExpeditionState, card: int) -> IllegalAction | None:
    """Expedition, Marking Research Destinations: a chip goes on a destination of one of your
    own cards, not yet marked, at least two lines from the start, within your chips (4;
    Variant A: up to 10)."""
    data = state.data
    name = data.point_names[card]
    p = state.player
    if card not in state.hand[p]:
        return refusal(
            "card_not_held", "you hold no research card for {site}", RULE_CHIPS, site=name
        )
    if state.chip[card] >= 0:
        return refusal("already_marked", "{site} is already marked", RULE_CHIPS, site=name)
    distance = data.distance[data.start][card]
    if distance < CHIP_DISTANCE:
        return refusal(
            "too_close_to_mark",
            "{site} is only {distance} line(s) from the start; a marked destination must be "
            "at least {minimum} away",
            RULE_CHIPS,
            site=name,
            distance=distance,
            minimum=CHIP_DISTANCE,
        )
    if state.chips_placed[p] >= chip_limit(state):
        return refusal(
            "chips_used_up",
            "you have placed all {chips} chips",
            RULE_CHIPS,
            chips=chip_limit(state),
        )
    return None


def mark_destination(state: ExpeditionState, site: int) -> None:
    """Expedition, Marking Research Destinations: a chip on one of your own destinations, which
    shows that card to everybody."""
    p = state.player
    state.chip[site] = p
    state.chips_placed[p] += 1
    state.emit("mark", player=p, card=state.data.point_ids[site])
    if not can_mark(state, p):
        state.done_marking |= 1 << p
    next_marker(state)


MARK = Move(
    name="mark",
    rule=RULE_CHIPS,
    notation=every_site("mark"),
    offer=marks,
    explain=explain_mark,
    effect=mark_destination,
    place=site_id,
)


# --- pass (Variant A) ---------------------------------------------------------------------------


def may_pass(state: ExpeditionState, out: list[int]) -> None:
    """Expedition, Variant A: a player may stop placing chips at any time."""
    if state.options.get("variant_a"):
        out.append(PASS)


def explain_pass(state: ExpeditionState) -> IllegalAction | None:
    """Expedition, Variant A: a player places as many chips as they like and passes to stop."""
    if not state.options.get("variant_a"):
        return refusal(
            "passing_is_variant_a",
            "each player places {chips} chips in the basic game; passing is Variant A",
            RULE_CHIPS,
            chips=CHIPS,
        )
    return None


def pass_marking(state: ExpeditionState) -> None:
    """Expedition, Variant A: a player who wants no more chips passes."""
    p = state.player
    state.done_marking |= 1 << p
    state.emit("pass", player=p)
    next_marker(state)


PASS_MARKING = Move(
    name="pass",
    rule=RULE_VARIANT_A,
    notation=fixed("pass"),
    offer=may_pass,
    explain=explain_pass,
    effect=pass_marking,
)


# --- refusals outside the marking -----------------------------------------------------------------


def refuse_before_marking_ends(state: ExpeditionState, action: int) -> IllegalAction:
    """Expedition, Marking Research Destinations: no other move until every chip is placed."""
    return refusal(
        "marking_first",
        "{move!r}: first every player marks research destinations with chips ('mark <site>')",
        RULE_CHIPS,
        move=state.tables.text[action],
    )


def refuse_after_marking(state: ExpeditionState, action: int) -> IllegalAction:
    """Expedition, Marking Research Destinations: chips are placed only before play begins."""
    return refusal(
        "marking_over",
        "{move!r}: chips are placed only before the first arrow",
        RULE_CHIPS,
        move=state.tables.text[action],
    )
