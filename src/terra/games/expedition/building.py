"""Expedition, Building Rules, with Starting an Expedition and Game Board Edges; Stations
(Green Station, Red Station); Loops.

An arrow continues an expedition from its end along a line its colour does not use; a new one
leaves the start on a free line; an edge station (Expedition, Game Board Edges) is one point,
drawn on both edges of the map, so an expedition reaching it goes on from either side. What an
expedition reaches takes effect at once: a green station gives another arrow, a red one a
travel voucher, a site its research missions (:mod:`~terra.games.expedition.missions`). Back on
its own route, it has closed a loop and gets another arrow from a point of its route.

The geometry of the routes (where an expedition may go on, its loops) is
:mod:`~terra.games.expedition.routes`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, Writer
from terra.games.expedition import routes
from terra.games.expedition.actions import ARROWS, COLOURS, colour_name
from terra.games.expedition.components import GREEN, RED, SITE, Components
from terra.games.expedition.game_end import check_game_end
from terra.games.expedition.missions import claim_public_mission, lay_down_missions
from terra.games.expedition.rulebook import (
    RULE_BUILD,
    RULE_LOOP,
    RULE_LOOP_A,
    RULE_START,
    RULE_TURN,
    Phase,
)

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

_PLAYING = Phase.PLAYING  # read once (see terra.games.expedition.game_end)


def write_arrows(data: Components, out: Writer) -> None:
    """``red Stockholm > Moscow``: colour by colour, each line both ways, in the order of the
    map; the arguments are the colour, the origin, the target and the line."""
    names = data.point_names
    for colour, name in enumerate(COLOURS):
        for line, (a, b) in enumerate(data.lines):
            out.add(f"{name} {names[a]} > {names[b]}", colour, a, b, line)
            out.add(f"{name} {names[b]} > {names[a]}", colour, b, a, line)


def arrows(state: ExpeditionState, out: list[int]) -> None:
    """Expedition, Building Rules and Loops: the arrows the player may place now. Right after a
    loop, the loop arrow (:func:`routes.loop_arrows`); else, while the turn has an arrow to
    place, those continuing any expedition from its end."""
    if state.loop >= 0:
        out += routes.loop_arrows(state)
    elif state.must or state.may:
        routes.every_continuation(state, out)


def explain_arrow(
    state: ExpeditionState, colour: int, origin: int, target: int, line: int
) -> IllegalAction | None:
    """Expedition, Building Rules and Loops: an arrow continues an expedition from its end
    (right after a loop: of that colour, from a point with an arrowhead of that colour), never
    along a line its colour already uses (no parallel arrow, no turnabout); a new expedition
    leaves the start on a line no arrow uses; an expedition has 45 arrows; and it closes at
    most one loop in a turn."""
    names = state.data.point_names
    cname = colour_name(colour)
    placed = state.arrows[colour]
    wrong_origin = _explain_origin(state, colour, origin)
    if wrong_origin is not None:
        return wrong_origin
    if len(placed) >= ARROWS:
        return refusal(
            "arrows_used_up",
            "all {arrows} {colour} arrows are on the board",
            RULE_BUILD,
            arrows=ARROWS,
            colour=cname,
        )
    if state.used[colour][line]:
        if placed and line == placed[-1] >> routes.SHIFT_LINE:
            return refusal(
                "turnabout",
                "a {colour} arrow may not turn back by 180 degrees",
                RULE_BUILD,
                colour=cname,
            )
        return refusal(
            "line_used_by_colour",
            "a {colour} arrow already lies on the line {origin} - {target}; one colour never "
            "runs twice along a line",
            RULE_BUILD,
            colour=cname,
            origin=names[origin],
            target=names[target],
        )
    if not placed and state.taken[line]:
        return refusal(
            "start_line_taken",
            "the line {origin} - {target} is taken; a new expedition starts on a free line",
            RULE_START,
            origin=names[origin],
            target=names[target],
        )
    if state.looped >> colour & 1 and state.route[colour] >> target & 1:
        return refusal(
            "second_loop",
            "the {colour} expedition already closed a loop this turn; {target} would close another",
            RULE_LOOP,
            colour=cname,
            target=names[target],
        )
    return None


def _explain_origin(state: ExpeditionState, colour: int, origin: int) -> IllegalAction | None:
    """Expedition, Building Rules and Loops: where an arrow of ``colour`` may start: from the
    expedition's end, or right after a loop from a point of it (the loop's colour only); a
    new expedition from the start."""
    names = state.data.point_names
    cname = colour_name(colour)
    placed = state.arrows[colour]
    if state.loop >= 0:
        if colour != state.loop:
            return refusal(
                "loop_colour",
                "a loop was closed: the next arrow must be {colour}",
                RULE_LOOP,
                colour=colour_name(state.loop),
            )
        if not state.loop_from >> origin & 1:
            if state.options.get("variant_a"):
                return refusal(
                    "branch_off_the_loop",
                    "after a loop the {colour} expedition continues from a point of the loop "
                    "just closed; {point} is not one",
                    RULE_LOOP_A,
                    colour=cname,
                    point=names[origin],
                )
            return refusal(
                "branch_without_arrowhead",
                "after a loop the {colour} expedition continues from a point it was already at, "
                "where a {colour} arrowhead lies; {point} is not one",
                RULE_LOOP,
                colour=cname,
                point=names[origin],
            )
    else:
        if not (state.must or state.may):
            return refusal("no_arrow_due", "you have no arrow left to place this turn", RULE_TURN)
        if origin != state.end[colour]:
            if not placed:
                return refusal(
                    "start_elsewhere",
                    "a new expedition starts at {start}, not at {point}",
                    RULE_START,
                    start=names[state.data.start],
                    point=names[origin],
                )
            return refusal(
                "continue_from_end",
                "the {colour} expedition ends at {end}; it can only be continued from there "
                "(branches only right after a loop)",
                RULE_BUILD,
                colour=cname,
                end=names[state.end[colour]],
            )
    return None


def loop_arrow_first(state: ExpeditionState) -> IllegalAction:
    """Expedition, Loops: the extra arrow of a loop comes before anything else."""
    return refusal(
        "loop_arrow_first",
        "a loop was closed: first place the extra {colour} arrow",
        RULE_LOOP,
        colour=colour_name(state.loop),
    )


def place_arrow(state: ExpeditionState, colour: int, origin: int, target: int, line: int) -> None:
    """Expedition, Building Rules: one arrow along a line, from the end of an expedition (or
    from any point of it right after a loop), with the effects of the point it reaches. It is
    the loop arrow if one is due, else a green station's arrow if one is pending (that one
    lapses at the player's next other action), else an arrow the turn owes. Then Expedition,
    Game End: does the game go on?"""
    if state.loop == colour:
        state.loop = -1
        state.loop_from = 0
        state.phase = _PLAYING
    elif state.may:
        state.may -= 1
    else:
        state.must -= 1
    state.arrows[colour].append(routes.pack(line, origin, target))
    state.used[colour][line] = 1
    state.taken[line] += 1
    state.end[colour] = target
    data = state.data
    state.emit(
        "arrow",
        player=state.player,
        colour=COLOURS[colour],
        origin=data.point_ids[origin],
        target=data.point_ids[target],
    )
    closes = state.route[colour] >> target & 1
    state.route[colour] |= 1 << target
    if closes:
        close_loop(state, colour)
    arrive(state, colour, target)
    check_game_end(state)


def close_loop(state: ExpeditionState, colour: int) -> None:
    """Expedition, Loops: the expedition is back on its own route, so the player must place
    another arrow of that colour from a point with an arrowhead of its colour (Variant A: a
    point of this loop)."""
    state.looped |= 1 << colour
    state.loop = colour
    state.phase = Phase.LOOP_ARROW
    if state.options.get("variant_a"):
        state.loop_from = routes.loop_points(state, colour)
    else:
        state.loop_from = routes.loop_origins(state, colour)
    state.emit("loop", player=state.player, colour=colour_name(colour))


def arrive(state: ExpeditionState, colour: int, point: int) -> None:
    """Expedition, Stations and Research Missions: what happens where an expedition arrives."""
    data = state.data
    kind = data.kind[point]
    if kind == SITE:
        lay_down_missions(state, point)
        if state.phase is not Phase.OVER and point in state.public:
            claim_public_mission(state, point)
    elif kind == GREEN:
        green_station(state)
    elif kind == RED:
        red_station(state)


def green_station(state: ExpeditionState) -> None:
    """Expedition, Stations - Green Station: the player may immediately place another arrow, on
    any expedition (right after the loop arrow, if one is due)."""
    state.may += 1
    state.emit("green", player=state.player)


def red_station(state: ExpeditionState) -> None:
    """Expedition, Stations - Red Station: the player takes a travel voucher from the bank."""
    state.vouchers[state.player] += 1
    state.emit("red", player=state.player)


def target_id(data: Components, colour: int, origin: int, target: int, line: int) -> str:
    """The place of an arrow: the point it reaches, as views name it."""
    return data.point_ids[target]


ARROW = Move(
    name="arrow",
    rule=RULE_BUILD,
    notation=write_arrows,
    offer=arrows,
    explain=explain_arrow,
    effect=place_arrow,
    place=target_id,
)
