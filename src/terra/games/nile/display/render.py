"""Source of the Nile in the terminal: what one seat sees, and the log in plain English.

``render(state, seat)`` draws only what ``state.view(seat)`` holds, with names from the public
component data: the turn, the whole map (:mod:`terra.games.nile.display.mapboard`), the encounter in
progress, the seat's Player Aid Sheet (the expedition, its load against what it can carry, the
finds not yet published), the outfitting prices while it outfits, every explorer's victory
points and the latest events. ``describe(event)`` turns one log entry into a sentence from
``locale/en.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from terra.core.catalogs import fill, log_catalog, person
from terra.games.nile import logistics
from terra.games.nile.actions import PART_HEX, PART_SPECIAL, PART_TRIBE, PLAYER_COLOURS, plural
from terra.games.nile.components import Components, load_components
from terra.games.nile.components.tables import CAPTURED, ESCAPES, KILLED
from terra.games.nile.discoveries import SPECIMEN_IDS, is_specimen
from terra.games.nile.display.mapboard import (
    COLOUR_STYLES,
    africa_map,
    colour_mark,
    neighbours_line,
)
from terra.games.nile.party import Party
from terra.games.nile.terms import (
    ACTIVITY_IDS,
    GOOD_IDS,
    MODE_IDS,
    PEOPLE,
    SIZE_IDS,
    TERRAIN_NAMES,
)

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RECENT = 5  # log entries shown under the board
DEFEAT_IDS = {CAPTURED: "captured", KILLED: "killed", ESCAPES: "escapes"}
PRIVATE_ARGS: Mapping[str, tuple[str, ...]] = {
    "port-chosen": ("port",),
    "counter-seen": ("discovery",),
}  # as NileState.private_args: an event missing one is worded by [hidden]


# --- the log -----------------------------------------------------------------------------


def catalog(language: str = "en") -> dict[str, Any]:
    """The message catalog of ``language`` (``locale/<language>.toml``), loaded once; English
    for a language without a catalog."""
    return log_catalog("terra.games.nile", language)


def player_name(seat: int) -> str:
    """A seat's explorer by his colour, as the log and the tables name him: ``Red``."""
    return PLAYER_COLOURS[seat].capitalize()


def goods(name: str, count: int) -> str:
    """A good's id in the singular or plural ``count`` asks for: ``bearer``, ``askaris``."""
    return name if count == 1 or name == "water" else name + "s"


def _good(messages: Mapping[str, Any], name: str, count: int) -> str:
    """A good in the catalog's words, in the singular or plural ``count`` asks for."""
    singular, plural = messages["good"][name]
    return str(singular if count == 1 else plural)


def _player(messages: Mapping[str, Any], seat: int) -> str:
    """An explorer by his colour in the catalog's words (and his player's name, where the
    caller gave the names: :func:`_named`)."""
    colour = messages["colour"][PLAYER_COLOURS[seat]]
    return str(messages["part"]["player"]).format(colour=colour)


def seat_words(players: int, language: str = "en") -> list[str]:
    """Each seat's colour in the catalog's words."""
    messages = catalog(language)
    return [_player(messages, seat) for seat in range(players)]


def _named(messages: dict[str, Any], names: Sequence[str] | None) -> dict[str, Any]:
    """``messages`` whose colours name the players too: the colours stand for the seats
    wherever an entry names one."""
    if names is None:
        return messages
    colours = dict(messages["colour"])
    for seat, colour in enumerate(PLAYER_COLOURS[: len(names)]):
        colours[colour] = person(str(colours[colour]), seat, names)
    return {**messages, "colour": colours}


def _goods_list(found: Mapping[str, int], messages: Mapping[str, Any]) -> str:
    part = messages["part"]
    listed = [f"{count} {_good(messages, name, count)}" for name, count in found.items() if count]
    return str(part["list"]).join(listed) or str(part["nothing"])


def _upkeep_report(args: Mapping[str, Any], messages: Mapping[str, Any]) -> str:
    part = messages["part"]
    hunted = int(args.get("hunted", 0))
    meat = f"{hunted} {_good(messages, 'ration', hunted)}"
    pieces = [part["hunted"].format(rations=meat) if hunted else part["no-hunt"]]
    for field in ("hungry", "thirsty", "recovered", "died"):
        found = args.get("deserted" if field == "hungry" else field) or {}
        if any(found.values()):
            pieces.append(part[field].format(goods=_goods_list(found, messages)))
    if args.get("explorer_sick"):
        pieces.append(part["explorer-sick"])
    if args.get("askari_deserted"):
        pieces.append(part["askari-deserted"])
    if args.get("strays"):
        pieces.append(part["strays"].format(count=args["strays"]))
    return str(part["list"]).join(pieces)


def _mapped_extras(args: Mapping[str, Any], part: Mapping[str, str]) -> str:
    extras = ""
    for flag in ("river", "oasis", "cataract"):
        if args.get(flag):
            extras += part[flag]
    if args.get("tribe"):
        extras += part["tribe"].format(tribe=args["tribe"], size=part["natives"])
    if args.get("peak"):
        extras += part["peak"].format(feet=f"{args['peak']:,}")
    if args.get("waterfall"):
        extras += part["waterfall"].format(feet=f"{args['waterfall']:,}")
    if args.get("lake_miles"):
        extras += part["lake"].format(miles=f"{args['lake_miles']:,}")
    return extras


def describe(
    event: Mapping[str, Any],
    data: Components | None = None,
    language: str = "en",
    names: Sequence[str] | None = None,
) -> str:
    """One log entry (``{key, args}``) as a sentence; ids become names from ``data``, and
    players are named by ``names`` where given."""
    messages = _named(catalog(language), names)
    data = data or load_components()
    key = str(event["key"])
    args: dict[str, Any] = dict(event.get("args") or {})
    hidden = any(name not in args for name in PRIVATE_ARGS.get(key, ()))
    template = (messages["hidden"] if hidden else messages["event"]).get(key)
    if template is None:
        return f"{key}: {args}"
    fields = {name: str(value) for name, value in args.items()}
    _name_fields(fields, key, args, messages, data)
    _outcome_fields(fields, key, args, messages, data, hidden=hidden)
    _list_fields(fields, key, args, messages, data)
    return fill(template, fields)


def _name_fields(
    fields: dict[str, str],
    key: str,
    args: dict[str, Any],
    messages: dict[str, Any],
    data: Components,
) -> None:
    """The names the ids of an entry stand for: seats, hexes, ports, goods, terrain, cards."""
    board, tables = data.board, data.tables
    part: dict[str, str] = messages["part"]
    for name in ("player", "subject"):
        if name in args:
            fields[name] = _player(messages, int(args[name]))
    if "hex" in args:
        fields["hex"] = board.hex_name(int(args["hex"]))
    if "port" in args:
        fields["port"] = board.port_names[int(args["port"])]
    if key == "epic-journey":
        fields["start"] = board.port_names[int(args["start"])]
        fields["end"] = board.port_names[int(args["end"])]
    if "good" in args:
        count = next((int(args[n]) for n in ("count", "amount", "quantity") if n in args), 1)
        fields["good"] = _good(messages, GOOD_IDS[int(args["good"])], count)
    for name in ("allowance", "cost"):
        if name in args:
            count = int(args[name])
            fields[name] = part["point"] if count == 1 else part["points"].format(count=count)
    if "terrain" in args:
        fields["terrain"] = str(messages["terrain"][TERRAIN_NAMES[int(args["terrain"])]])
    if "card" in args:
        fields["card"] = str(int(args["card"]) + 1)  # cards are numbered from 1
    if "counter" in args:
        fields["number"] = str(int(args["counter"]) + 1)
    if "specialty" in args:
        fields["specialty"] = tables.specialty_names[int(args["specialty"])].lower()
    if "activity" in args:
        fields["activity"] = messages["activity"][ACTIVITY_IDS[int(args["activity"])]]
    if "mode" in args:
        fields["mode"] = messages["mode"][MODE_IDS[int(args["mode"])]]


def _outcome_fields(
    fields: dict[str, str],
    key: str,
    args: dict[str, Any],
    messages: dict[str, Any],
    data: Components,
    *,
    hidden: bool,
) -> None:
    """The words for what happened: policies, battles, trades, deaths and discoveries."""
    tables = data.tables
    part: dict[str, str] = messages["part"]
    if key in ("policy", "policy-dice"):
        fields["policy_number"] = str(args["policy"])
        fields["policy"] = tables.policy_names[int(args["policy"]) - 1]
        fields["outcome"] = messages["outcome"].get(str(args["outcome"]), str(args["outcome"]))
    if key in ("defeated", "escape-attempt"):
        words = messages["defeat"][DEFEAT_IDS[int(args["result"])]]
        fields["result"] = words.format(members=args.get("members", 0))
    if key in ("defeated-dice", "escape-dice"):  # Game II: who escapes is told apart (35.3)
        fields["result"] = messages["defeat"][f"{DEFEAT_IDS[int(args['result'])]}-dice"]
    if key == "lost-check":
        fields["verdict"] = part["lost"] if args["lost"] else part["not-lost"]
    if key == "combat":
        count = int(args["rounds"])
        fields["rounds"] = part["round" if count == 1 else "rounds"].format(count=count)
    if key in ("battle", "combat"):
        fields["attack"] = part["ambush"] if args["ambush"] else part["charge"]
        fields["result"] = part["won"] if args["won"] else part["lost-battle"]
        fields["broke"] = part["broke"] if args.get("broke") else ""
    _game_two_fields(fields, key, args, messages)
    if key == "spoils":
        fields["village"] = part["village"] if args["village"] else ""
    if key == "natives-met":
        fields["staying"] = part["staying"] if args["staying"] else ""
    if key == "traded":
        fields["deal"] = part["selling"] if args["selling"] else part["buying"]
    if key == "left":
        fields["sick"] = part["sick"] if args["sick"] else ""
    if "find" in args:
        fields["find"] = str(messages["find"].get(args["find"], args["find"]))
    if key == "sailed-for-africa":
        fare = int(args.get("fare", 0))
        if args.get("free"):
            fields["ticket"] = part["free"]
        elif args["ticket"]:
            fields["ticket"] = part["ticket"]
        else:
            fields["ticket"] = part["passage"].format(fare=fare)
    if key == "counter-seen" and not hidden:
        kind = int(args["discovery"])
        fields["discovery"] = tables.special_names[kind] if kind >= 0 else part["false-trail"]
    if key == "explorer-died":
        fields["how"] = str(messages["death"].get(args["how"], args["how"]))
    if key == "hex-mapped":
        fields["extras"] = _mapped_extras(args, part)
    if key == "over-the-falls":
        fields["lost"] = _goods_list(args["lost"], messages)
    if key == "upkeep":
        fields["report"] = _upkeep_report(args, messages)


def _game_two_fields(
    fields: dict[str, str], key: str, args: dict[str, Any], messages: dict[str, Any]
) -> None:
    """The words of Game II's own events (34.0-41.0)."""
    part: dict[str, str] = messages["part"]
    if key == "gifts-judged":
        fields["verdict"] = part["insulted"] if args["insulted"] else part["satisfied"]
    if key in ("attitude", "attitude-earned"):
        fields["change"] = f"{int(args['change']):+d}"
        fields["why"] = part.get(f"why-{args['why']}", str(args["why"]))
    if key == "poison-attempt":
        fields["who"] = part.get(str(args["who"]), str(args["who"]))
        fields["result"] = part.get(f"poison-{args['result']}", str(args["result"]))
    if key == "studied":
        fields["dice"] = part["list"].join(str(die) for die in args["dice"])
        fields["sick"] = part["falls-sick"] if args["sick"] else ""
    if key == "mission":
        fields["attitude"] = f"{int(args['attitude']):+d}"
    if key == "search-failed":
        fields["dice"] = part["list"].join(str(die) for die in args["dice"])
    if key == "escaped":
        members = args["members"]
        fields["members"] = _goods_list(members, messages) if members else part["alone"]


def _list_fields(
    fields: dict[str, str],
    key: str,
    args: dict[str, Any],
    messages: dict[str, Any],
    data: Components,
) -> None:
    """The lists an entry holds: publications, donations, dice, ports and scores."""
    board, tables, deck = data.board, data.tables, data.deck
    part: dict[str, str] = messages["part"]
    if key == "published":
        by = {source: vp for source, vp in args["by"].items() if vp}
        source_words = messages["source"]
        fields["by"] = part["list"].join(
            f"{source_words.get(source, source)} {vp}" for source, vp in by.items()
        ) or str(part["nothing"])
        kept = args.get("kept", 0)
        fields["kept"] = part["kept-hexes"].format(count=kept) if kept else ""
    if key == "chosen-to-publish":
        fields["parts"] = part["list"].join(
            [part["hex"].format(hex=board.hex_name(int(h))) for h in args["hexes"]]
            + [part["tribe-number"].format(tribe=t) for t in args["tribes"]]
            + [tables.special_names[int(k)] for k in args["specials"]]
        ) or str(part["nothing"])
    if key in ("donations-drawn", "donations-dealt"):
        gifts = []
        for card in args["cards"]:
            if deck.dollars[card]:
                gifts.append(part["dollars"].format(dollars=f"{deck.dollars[card]:,}"))
            elif deck.ticket[card]:
                gifts.append(part["ticket-to"].format(port=deck.ticket[card]))
            else:
                gifts.append(part["no-donation"])
        fields["donations"] = part["list"].join(gifts) or str(part["nothing"])
    if key == "first-player-dice":
        fields["totals"] = part["list"].join(
            f"{_player(messages, seat)} {total}"
            for seat, total in zip(args["seats"], args["totals"], strict=True)
        )
    if key == "ports-revealed":
        fields["ports"] = part["list"].join(
            f"{_player(messages, seat)} {board.port_names[port]}"
            for seat, port in enumerate(args["ports"])
            if port >= 0
        )
    if key == "game-over":
        fields["scores"] = part["list"].join(
            f"{_player(messages, seat)} {vp}" for seat, vp in enumerate(args["scores"])
        )


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
    head.append(f" (first to {view['target']} published v.p. wins)", style="dim")
    return head


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
        lines.append(
            ", ".join(
                f"${d['dollars']:,}" if d["dollars"] else f"ticket to {d['ticket']}"
                for d in explorer["donations"]
            )
        )
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


def render(state: NileState, seat: int | None) -> RenderableType:
    """Everything ``seat`` may see, drawn for the terminal (see the module)."""
    data = state.data
    view = _with_pending(state, state.view(seat), seat)
    parts: list[RenderableType] = [africa_map(view, data.board, seat), _head(view, data)]
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
