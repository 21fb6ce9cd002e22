"""Source of the Nile's log in words: ``describe(event, data, language)`` turns one log entry
into a sentence from the catalog ``locale/<language>.toml``, with ids turned into names first;
``seat_words`` names the seats' colours. The terminal board is :mod:`~.render`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from terra.core.catalogs import Entry, EventLog, person
from terra.games.nile.actions import PLAYER_COLOURS
from terra.games.nile.components import Components, load_components
from terra.games.nile.components.tables import CAPTURED, ESCAPES, KILLED
from terra.games.nile.terms import ACTIVITY_IDS, GOOD_IDS, MODE_IDS, TERRAIN_NAMES

DEFEAT_IDS = {CAPTURED: "captured", KILLED: "killed", ESCAPES: "escapes"}
PRIVATE_ARGS: Mapping[str, tuple[str, ...]] = {
    "port-chosen": ("port",),
    "counter-seen": ("discovery",),
}  # as NileState.private_args: an event missing one is worded by [hidden]


# --- the log -----------------------------------------------------------------------------


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


def _wording(entry: Entry[Components]) -> None:
    """An entry's words: ids become names from the component data, and players are named by
    the players' names where given."""
    entry.messages = _named(entry.messages, entry.names)
    _name_fields(entry.fields, entry)
    _outcome_fields(entry.fields, entry)
    _list_fields(entry.fields, entry)


# One log entry (``{key, args}``) as a sentence: ``describe(event, data, language, names)``.
describe: EventLog[Components] = EventLog(
    "terra.games.nile", _wording, load_components, private=PRIVATE_ARGS
)
catalog = describe.catalog


def _name_fields(fields: dict[str, str], entry: Entry[Components]) -> None:
    """The names the ids of an entry stand for: seats, hexes, ports, goods, terrain, cards."""
    key, args, messages = entry.key, entry.args, entry.messages
    part: dict[str, str] = messages["part"]
    board, tables = entry.data.board, entry.data.tables
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


def _outcome_fields(fields: dict[str, str], entry: Entry[Components]) -> None:
    """The words for what happened: policies, battles, trades, deaths and discoveries."""
    key, args, messages = entry.key, entry.args, entry.messages
    part: dict[str, str] = messages["part"]
    tables = entry.data.tables
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
    _game_two_fields(fields, entry)
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
        if args.get("partners"):  # 29.2: each paid his own passage out of the pool
            fields["ticket"] = part["joint-passage"].format(count=args["partners"], fare=fare)
        elif args.get("free"):
            fields["ticket"] = part["free"]
        elif args["ticket"]:
            fields["ticket"] = part["ticket"]
        else:
            fields["ticket"] = part["passage"].format(fare=fare)
    if key == "counter-seen" and not entry.hidden:
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


def _game_two_fields(fields: dict[str, str], entry: Entry[Components]) -> None:
    """The words of Game II's own events (34.0-41.0)."""
    key, args, messages = entry.key, entry.args, entry.messages
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
    if key == "oasis-search":
        fields["verdict"] = part["oasis-found"] if args["found"] else part["oasis-missed"]
    if key == "search-failed":
        fields["dice"] = part["list"].join(str(die) for die in args["dice"])
    if key == "escaped":
        members = args["members"]
        fields["members"] = _goods_list(members, messages) if members else part["alone"]
    if key in ("split", "split-proposed"):
        fields["terms"] = messages["terms"][str(args["terms"])]
    if key == "split":
        took = args["took"]
        fields["took"] = _goods_list(took, messages) if took else part["nothing"]


def _list_fields(fields: dict[str, str], entry: Entry[Components]) -> None:
    """The lists an entry holds: publications, donations, dice, ports and scores."""
    key, args, messages = entry.key, entry.args, entry.messages
    part: dict[str, str] = messages["part"]
    board, tables, deck = entry.data.board, entry.data.tables, entry.data.deck
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
