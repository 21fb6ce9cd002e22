"""Source of the Nile in the terminal: what one seat sees.

``render(state, seat)`` draws only what ``state.view(seat)`` holds, with names from the public
component data: the turn, the whole map (:mod:`terra.games.nile.display.mapboard`), the encounter in
progress, the seat's Player Aid Sheet (the expedition, its load against what it can carry, the
finds not yet published), the outfitting prices while it outfits, every explorer's victory
points and the latest events, worded by :mod:`~.log`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from terra.games.nile import logistics
from terra.games.nile.actions import PART_HEX, PART_SPECIAL, PART_TRIBE, PLAYER_COLOURS, plural
from terra.games.nile.components import Components
from terra.games.nile.discoveries import SPECIMEN_IDS, is_specimen
from terra.games.nile.display.log import catalog, describe, goods, player_name
from terra.games.nile.display.mapboard import (
    COLOUR_STYLES,
    DEFAULT_SCALE,
    africa_map,
    colour_mark,
    neighbours_line,
)
from terra.games.nile.party import Party
from terra.games.nile.terms import ACTIVITY_IDS, GOOD_IDS, MODE_IDS, PEOPLE, SIZE_IDS

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RECENT = 5  # log entries shown under the board


# --- the board ---------------------------------------------------------------------------


def _explorer_label(seat: int, viewer: int | None) -> Text:
    text = Text(colour_mark(seat), style=COLOUR_STYLES[PLAYER_COLOURS[seat]])
    text.append(f" {player_name(seat)}" + (" (you)" if seat == viewer else ""))
    return text


def _specialty(data: Components, specialty: int) -> str:
    return data.tables.specialty_names[specialty] if specialty >= 0 else "-"


def _head(view: Mapping[str, Any], data: Components) -> Text:
    """The round, whose turn it is, the phase and the movement points."""
    head = Text()
    round_ = f"Round {view['round'] + 1} of {view['turn_limit']}"
    if view["player"] is None:
        head.append(f"Game over after {view['round']} rounds.", style="bold")
        return head
    seat = view["player"]
    head.append(f"{round_}: ", style="bold")
    head.append_text(_explorer_label(seat, None))
    head.append(f" - {view['phase']}")
    turn = view["turn"]
    if turn["activity"] >= 0:
        left = max(0, turn["allowance"] - turn["spent"])
        head.append(
            f" - {ACTIVITY_IDS[turn['activity']]}, {turn['spent']} of {turn['allowance']} "
            f"movement points spent, {left} left"
        )
    if turn["lost"]:
        head.append(" - LOST this turn", style="bold red")
    elif turn["stopped"]:
        head.append(" - can move no further", style="bold")
    if view["game_two"]:  # 30.0; 2.3: a later game of a campaign says which
        number = view.get("campaign_game", 1)
        campaign = f", game {number} of the campaign" if number > 1 else ""
        head.append(
            f" (Game II{campaign}: the most published v.p. after the last turn win)", style="dim"
        )
    else:
        head.append(f" (first to {view['target']} published v.p. wins)", style="dim")
    return head


def _donation(donation: Mapping[str, Any]) -> str:
    """A donation held (26.1, 26.6): its dollars, a free ticket, or nothing (a card of none)."""
    if donation["dollars"]:
        return f"${donation['dollars']:,}"
    return f"ticket to {donation['ticket']}" if donation["ticket"] else "no donation"


def _party_from_view(party: Mapping[str, Any]) -> Party:
    """The Party the view describes, to weigh it with the rules' own arithmetic."""
    fields = {name: party[name] for name in Party.__slots__ if name in party}
    fields["specimens"] = list(fields.get("specimens", []))
    return Party(**fields)


def _people(party: Mapping[str, Any], data: Components) -> str:
    parts = []
    for good in PEOPLE:
        name = GOOD_IDS[good]
        healthy, sick = party[name + "s"], party["sick_" + name + "s"]
        if healthy or sick:
            parts.append(f"{healthy + sick} {goods(name, healthy + sick)}")
            if sick:
                parts[-1] += f" ({sick} sick)"
    return ", ".join(parts) or "nobody"


def _stock(party: Mapping[str, Any]) -> str:
    names = ("horses", "camels", "canoes", "rations", "gifts", "muskets", "water", "tusks")
    parts = [plural(name.removesuffix("s"), party[name]) for name in names if party[name]]
    if party["specimens"]:
        parts.append(plural("specimen", len(party["specimens"])))
    if party["fresh"]:
        parts.append(plural("fresh ration", party["fresh"]))
    return ", ".join(parts) or "nothing"


def _sheet(state: NileState, view: Mapping[str, Any], seat: int) -> Panel:
    """The Player Aid Sheet of ``seat``'s explorer: where he is, his expedition, its load
    against what it can carry in its mode, money, finds and points."""
    data = state.data
    board, tables = data.board, data.tables
    explorer = view["explorers"][seat]
    party = explorer["party"]
    lines = Text()
    specialty = explorer["specialty"]
    lines.append(
        f"{_specialty(data, specialty) if specialty >= 0 else 'No specialty yet'}, "
        f"{explorer['status']}",
        style="bold",
    )
    if explorer["hex"] is not None and explorer["hex"] >= 0:
        lines.append(f" at {board.hex_name(explorer['hex'])}")
    if explorer["port"] is not None and explorer["port"] >= 0:
        lines.append(f"; port {board.port_names[explorer['port']]}")
    mode = explorer["mode"]
    lines.append(f"; travels {catalog()['mode'][MODE_IDS[mode]]}\n")
    lines.append("People: ", style="bold")
    lines.append(_people(party, data))
    if party["explorer_sick"]:
        lines.append("; the explorer is sick", style="bold red")
    lines.append("\nCarried: ", style="bold")
    lines.append(_stock(party) + "\n")
    weighed = _party_from_view(party)
    load = logistics.portage_cost(weighed, mode, tables)
    capability = logistics.transport_capability(weighed, mode, tables)
    lines.append("Load ", style="bold")
    lines.append(
        f"{load} against a capability of {capability} {catalog()['mode'][MODE_IDS[mode]]}",
        style="bold red" if load > capability else "",
    )
    if view["phase"] == "outfit" and view["player"] == seat:
        lines.append("   Money: ", style="bold")
        lines.append(f"${explorer['money']:,}")
    finds = [_find_name(data, card, explorer["specialty"]) for card in explorer["finds"]]
    finds = [name for name in finds if name]
    if finds:
        lines.append("\nFinds: ", style="bold")
        lines.append(", ".join(finds))
    if explorer["donations"]:
        lines.append("\nDonations: ", style="bold")
        lines.append(", ".join(_donation(d) for d in explorer["donations"]))
    published = ", ".join(f"{s} {vp}" for s, vp in explorer["vp_by"].items() if vp)
    lines.append("\nPublished: ", style="bold")
    lines.append(f"{explorer['vp']} v.p." + (f" ({published})" if published else ""))
    if explorer["seat_pending"] is not None:
        pending = explorer["seat_pending"]
        found = ", ".join(f"{source} {vp}" for source, vp in pending.items() if vp)
        lines.append("   On publishing: ", style="bold")
        lines.append(f"{sum(pending.values())} more" + (f" ({found})" if found else ""))
    chosen = view["turn"]["chosen"]
    if chosen and view["player"] == seat:
        lines.append("\nChosen to publish (done publishes them): ", style="bold")
        lines.append(_chosen_words(data, chosen))
    return Panel(lines, title=Text.assemble("Player Aid Sheet: ", _explorer_label(seat, seat)))


def _chosen_words(data: Components, chosen: Sequence[Sequence[int]]) -> str:
    """The parts of a publication being chosen (22.1-22.2), as the notation names them."""
    names = {PART_HEX: "hex", PART_TRIBE: "tribe"}
    return ", ".join(
        data.tables.special_names[index]
        if part == PART_SPECIAL
        else f"{names[part]} {data.board.hex_ids[index] if part == PART_HEX else index}"
        for part, index in chosen
    )


def _outfitting(state: NileState, view: Mapping[str, Any], seat: int) -> Text:
    """The port's Rates of Exchange: the price of each good it sells (5.3, 5.426-5.427)."""
    data = state.data
    explorer = view["explorers"][seat]
    hex_ = explorer["hex"]
    port = data.board.port_of[hex_] if hex_ is not None and hex_ >= 0 else -1
    text = Text("Prices", style="bold")
    if port < 0:
        return text.append(": outfitting happens at a port", style="")
    text.append(f" at {data.board.port_names[port]}: ", style="bold")
    prices = [
        f"{name} ${data.tables.price[good]}"
        for good, name in enumerate(GOOD_IDS)
        if logistics.can_buy_at(data, good, port)
    ]
    text.append(", ".join(prices) + f"; ${explorer['money']:,} to spend")
    return text


def _encounter(state: NileState, view: Mapping[str, Any], seat: int | None) -> Text | None:
    encounter = view["encounter"]
    if encounter is None:
        return None
    data = state.data
    friendly = seat is not None and encounter["tribe"] in view["explorers"][seat]["friendly"]
    text = Text("Natives: ", style="bold red")
    who = f"tribe {encounter['tribe']}" if encounter["tribe"] else "a band"
    size = encounter["size"]
    strength = f"{size} natives" if view["game_two"] else SIZE_IDS[size]
    text.append(
        f"{who} ({strength}) at {data.board.hex_name(encounter['hex'])}"
        + (", friendly to you" if friendly else "")
        + f" - {view['phase']}"
    )
    if view["phase"] == "policy":
        text.append("\nPolicies: " + ", ".join(
            f"{n} {name}" for n, name in enumerate(data.tables.policy_names, start=1)
        ), style="dim")  # fmt: skip
    return text


def _vp_table(state: NileState, view: Mapping[str, Any], seat: int | None) -> Table:
    """Every explorer: specialty, whereabouts, mode, published points by source."""
    data = state.data
    table = Table(box=None, pad_edge=False, header_style="bold dim")
    for column in ("explorer", "specialty", "where", "v.p.", "hexes", "rivers", "tribes",
                   "other"):  # fmt: skip
        table.add_column(column, justify="left" if column in ("explorer", "where") else "right")
    for other, explorer in enumerate(view["explorers"]):
        by = explorer["vp_by"]
        where = explorer["status"]
        if explorer["hex"] is not None and explorer["hex"] >= 0:
            where = data.board.hex_name(explorer["hex"])
        if explorer.get("joined") is not None:  # 29.3: in another's expedition
            where += f" with {PLAYER_COLOURS[explorer['joined']]}"
        main = ("hexes", "rivers", "tribes")
        rest = sum(vp for source, vp in by.items() if source not in main)
        specialty = _specialty(data, explorer["specialty"]).split("/")[0]
        table.add_row(
            _explorer_label(other, seat),
            specialty,
            where,
            Text(str(explorer["vp"]), style="bold"),
            *(str(by.get(source, 0)) for source in main),
            str(rest),
        )
    return table


def _find_name(data: Components, card: int, specialty: int) -> str:
    """A find on the sheet: a card's bonus by its name, tusks, or a specimen of Game II (40.45)
    by the hex it was found in."""
    if is_specimen(card):
        return f"specimen from {data.board.hex_name(card - SPECIMEN_IDS)}"
    if card < 0:
        return "tusks"
    bonus = data.deck.bonus[card][specialty] if specialty >= 0 else None
    return bonus.name if bonus is not None else ""


def _known_finds(state: NileState, view: Mapping[str, Any]) -> Text | None:
    """The discovery counters whose faces the seat knows, and the tribes near its explorer."""
    names = state.data.tables.special_names
    known = [
        f"{state.data.board.hex_name(c['hex'])} "
        + (names[c["discovery"]] if c["discovery"] >= 0 else "false trail")
        for c in view["counters"]
        if c["discovery"] is not None and c["hex"] >= 0
    ]
    if not known:
        return None
    return Text("Counters you know: ", style="bold").append(", ".join(known), style="")


def _with_pending(state: NileState, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The view with each explorer's ``seat_pending``: what publishing would bring, for the
    seat's own explorer only (his unpublished finds are his to weigh)."""
    from terra.games.nile.publishing import pending  # noqa: PLC0415 - scoring imports the state

    for other, explorer in enumerate(view["explorers"]):
        own = other == seat and explorer["specialty"] >= 0
        explorer["seat_pending"] = pending(state, state.explorers[other]) if own else None
    return view


def render(state: NileState, seat: int | None, scale: str = DEFAULT_SCALE) -> RenderableType:
    """Everything ``seat`` may see, drawn for the terminal (see the module), the map at
    ``scale`` (one of :data:`~.mapboard.SCALES`)."""
    data = state.data
    view = _with_pending(state, state.view(seat), seat)
    parts: list[RenderableType] = [africa_map(view, data.board, seat, scale), _head(view, data)]
    focus = seat if seat is not None else view["player"]
    if focus is not None and view["explorers"][focus]["hex"] >= 0:
        parts.append(neighbours_line(view, data.board, focus))
    encounter = _encounter(state, view, seat)
    if encounter is not None:
        parts.append(encounter)
    if focus is not None:
        parts.append(_sheet(state, view, focus))
        if view["phase"] == "outfit" and view["player"] == focus:
            parts.append(_outfitting(state, view, focus))
    finds = _known_finds(state, view)
    if finds is not None:
        parts.append(finds)
    parts.append(_vp_table(state, view, seat))
    recent = recent_lines(state, seat)
    if recent:
        parts.append(Panel("\n".join(recent), title="Recent events", box=box.ROUNDED))
    return Group(*parts)


def recent_lines(state: NileState, seat: int | None, count: int = RECENT) -> Sequence[str]:
    """The last ``count`` log entries ``seat`` may read, as sentences."""
    return [describe(e, state.data) for e in state.log(seat, state.log_size - count)]
