"""Africana in the terminal: the board as one seat sees it, and the log in plain English.

``render(state, seat)`` draws only what ``state.view(seat)`` holds; the card details it adds
(targets, rewards) are printed on the cards and come from the components. The locations on the
map, the cards in sight and the own hand's slots are marked as showing the places of the moves
made with them (:func:`terra.core.terminal.place_style`), for pointing at them. ``describe(event)``
turns one log entry into a sentence from the message catalog ``locale/en.toml``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from terra.core.catalogs import Entry, EventLog, person
from terra.core.terminal import place_style
from terra.games.africana.buying import ADVENTURE_PRICE
from terra.games.africana.components import HEMISPHERES, Components, load_components
from terra.games.africana.movement import RECOLOUR_PRICE
from terra.games.africana.state import AfricanaState
from terra.games.africana.textmap import draw_map, map_legend, player_token, travel_text

UNKNOWN_CARD = "?"

PHASE_DOING = {
    "choose": "chooses an action: draw, buy or move",
    "buy": "is buying adventure cards",
    "move": "is moving the explorer",
    "discard": "discards down to the hand limit of 5 cards",
    "drop": "discards unfinished adventures down to 3",
}


# --- the log -----------------------------------------------------------------------------


def seat_words(data: Components, players: int, language: str = "en") -> list[str]:
    """Each seat's company colour in the catalog's words."""
    words = _Words(catalog(language), data)
    return [words.player(seat) for seat in range(players)]


def _wording(entry: Entry[Components]) -> None:
    """An entry's words: ids become the names in the component data, and players are named
    by the players' names where given."""
    words = _Words(entry.messages, entry.data, entry.names)
    words.fill_in(entry.key, entry.args, entry.fields)


# One log entry (``{key, args}``) as a sentence: ``describe(event, data, language, names)``.
# Without ``data`` the shipped components name the locations and players.
describe: EventLog[Components] = EventLog("terra.games.africana", _wording, load_components)
catalog = describe.catalog


class _Words:
    """Formats event arguments in the words of one catalog."""

    def __init__(
        self, messages: Mapping[str, Any], data: Components, names: Sequence[str] | None = None
    ) -> None:
        self.names = names
        self.part: Mapping[str, str] = messages["part"]
        self.word: Mapping[str, str] = messages["word"]
        self.noun: Mapping[str, Sequence[str]] = messages["noun"]
        self.data = data

    def fill_in(self, key: str, args: Mapping[str, Any], out: dict[str, str]) -> None:
        """Put the words of an entry's ``args`` into its template's fields ``out``."""
        if "player" in args:
            out["player"] = self.player(args["player"])
        for name in ("origin", "destination"):
            if name in args:
                out[name] = self.location(args[name])
        if "silver" in args:
            out["silver"] = self.count("silver", args["silver"])
        for name in ("book", "direction"):
            if name in args:
                out[name] = self.word.get(args[name], args[name])
        if key == "reshuffle":
            out["cards"] = self.count("travel_card", args["cards"])
        if key in ("draw", "join"):
            out["count"] = self.count("travel_card", args.get("count", 0))
            seen = args.get("cards")
            out["seen"] = self.part["seen"].format(cards=self.colours(seen)) if seen else ""
        if key == "join":
            out["bonus"] = self.bonus(args)
        if key == "turn_page":
            cost = args.get("cost", 0)
            out["cost"] = self.count("silver", cost) if cost else self.part["free"]
        if key == "buy":
            out["price"] = self.count("silver", ADVENTURE_PRICE)
        if key == "end_adventure":
            if "assistant" in args:
                colour = self.word.get(args["assistant"], args["assistant"])
                out["reward"] = self.part["reward_assistant"].format(colour=colour)
            else:
                out["reward"] = self.part["reward_silver"].format(silver=out.get("silver", "0"))
        if key == "step":
            out["payment"] = self.payment(str(args["payment"]))
        if key == "discard":
            out["card"] = self.hand_card(str(args["card"]), "card")
        if key == "game_over":
            out["scores"] = self.part["list"].join(
                self.part["score"].format(player=self.player(p), points=points)
                for p, points in enumerate(args.get("scores", []))
            )

    def player(self, seat: Any) -> str:
        companies = self.data.companies
        if isinstance(seat, int) and 0 <= seat < len(companies):
            colour = companies[seat].colour
            return person(self.word.get(colour, colour.capitalize()), seat, self.names)
        return str(seat)

    def location(self, ident: Any) -> str:
        index = self.data.location(str(ident))
        if index < 0:
            return str(ident).replace("_", " ").title()
        return self.data.location_names[index]

    def count(self, noun: str, n: Any) -> str:
        singular, plural = self.noun[noun]
        return f"{n} {singular if n == 1 else plural}"

    def colours(self, names: Iterable[Any]) -> str:
        words = [self.word.get(str(n), str(n)) for n in names]
        if len(words) <= 1:
            return "".join(words)
        return self.part["list"].join(words[:-1]) + self.part["and"] + words[-1]

    def bonus(self, args: Mapping[str, Any]) -> str:
        parts = []
        if args.get("silver"):
            parts.append(self.count("silver", args["silver"]))
        if args.get("count"):
            parts.append(self.count("travel_card", args["count"]))
        return self.part["and"].join(parts) or self.part["nothing"]

    def hand_card(self, card: str, prefix: str) -> str:
        """A hand slot in notation (``grey``, ``grey assistant``, ``joker``) in words."""
        if card == "joker":
            return self.part[f"{prefix}_joker"]
        colour, _, kind = card.partition(" ")
        name = self.word.get(colour, colour)
        if kind == "assistant":
            return self.part[f"{prefix}_assistant"].format(colour=name)
        return self.part[f"{prefix}_travel"].format(colour=name)

    def payment(self, payment: str) -> str:
        card, recoloured, _ = payment.partition(" recoloured")
        words = self.hand_card(card, "pay")
        if recoloured:
            price = self.count("silver", RECOLOUR_PRICE)
            return self.part["pay_recoloured"].format(card=words, price=price)
        return words


# --- cards and players -------------------------------------------------------------------


@cache
def _index(ids: tuple[str, ...]) -> dict[str, int]:
    return {ident: i for i, ident in enumerate(ids)}


def _reward(silver: int, points: int) -> str:
    return f"{silver} silver · {points} VP"


def expedition_text(data: Components, ident: str) -> Text:
    """``A3 Leopoldville → Timbuctoo`` (the rewards are shown apart)."""
    card = _index(data.expedition_ids)[ident]
    names = data.location_names
    start, target = data.expedition_start[card], data.expedition_target[card]
    return Text(f"{ident} {names[start]} → {names[target]}")


def adventure_text(data: Components, ident: str) -> Text:
    """``N1 → Cape Town: drum, 1 silver · 5 VP`` or ``S4 → Cairo: grey assistant``."""
    card = _index(data.adventure_ids)[ident]
    text = Text(f"{ident} → {data.location_names[data.adventure_target[card]]}: ")
    assistant = data.adventure_assistant[card]
    if assistant >= 0:
        colour = data.colours[assistant]
        text.append_text(travel_text(colour))
        text.append(" assistant")
    else:
        artifact = data.artifacts[data.adventure_artifact[card]]
        silver, points = data.adventure_silver[card], data.adventure_points[card]
        text.append(f"{artifact}, {_reward(silver, points)}")
    return text


def _won_adventure(data: Components, ident: str) -> Text:
    card = _index(data.adventure_ids)[ident]
    assistant = data.adventure_assistant[card]
    if assistant >= 0:
        colour = travel_text(data.colours[assistant])
        return Text(f"{ident} ").append_text(colour).append(" assistant")
    return Text(
        f"{ident} {data.artifacts[data.adventure_artifact[card]]} {data.adventure_points[card]} VP"
    )


def _joined(parts: Iterable[Text], separator: str = ", ") -> Text:
    return Text(separator).join(parts)


def _counts(counts: Mapping[str, int], suffix: str = "", places: bool = False) -> Text:
    """``grey 2, orange 1`` with each colour in its style; ``none`` when all are zero. With
    ``places`` each is marked as showing its hand slot (``grey``, ``grey assistant``), the
    place of a move that plays or discards one."""
    parts = [travel_text(c, f"{c}{suffix} {n}") for c, n in counts.items() if n]
    if places:
        for part, colour in zip(parts, (c for c, n in counts.items() if n), strict=True):
            part.stylize(place_style(f"{colour}{suffix}"))
    return _joined(parts) if parts else Text("none")


def _card(text: Text, ident: str) -> Text:
    """``text``, marked as showing card ``ident``: the place of a move with that card."""
    text.stylize(place_style(ident))
    return text


# --- the sections of the board -----------------------------------------------------------


def _status(state: AfricanaState, view: Mapping[str, Any]) -> Text:
    data = state.data
    turn = view["turn"]
    text = Text(f"Africana · round {turn['round']} · turn {turn['number']}", style="bold")
    if view.get("winners") is not None:
        names = " and ".join(view["players"][w]["company"] for w in view["winners"])
        text.append(
            f" · game over: {names} {'win' if len(view['winners']) > 1 else 'wins'}", style="bold"
        )
        return text
    seat = turn["player"]
    player = view["players"][seat]
    text.append(" · ")
    text.append_text(player_token(data, seat))
    text.append(f" {player['company']}{' (you)' if seat == view['seat'] else ''} ")
    text.append(PHASE_DOING.get(turn["phase"], turn["phase"]))
    if turn["ending"]:
        text.append(" · last round!", style="bold red")
    return text


def _turn_details(state: AfricanaState, view: Mapping[str, Any]) -> Text | None:
    turn = view["turn"]
    if "book" in turn:
        cost = turn["next_page_cost"]
        return Text(
            f"Buying from the {turn['book']} book: pages turned {turn['pages_turned']}, the "
            f"next page costs {'nothing' if not cost else f'{cost} silver'}, a card "
            f"{ADVENTURE_PRICE} silver."
        )
    if "played" in turn:
        played = turn["played"]
        text = Text("Played this action: ")
        parts = [_counts(played["travel"])] if any(played["travel"].values()) else []
        if any(played["assistants"].values()):
            parts.append(_counts(played["assistants"], " assistant"))
        if played["jokers"]:
            parts.append(Text(f"joker {played['jokers']}"))
        return text.append_text(_joined(parts) if parts else Text("nothing yet"))
    return None


def expeditions_table(state: AfricanaState, view: Mapping[str, Any]) -> Table:
    """The 5 expedition spaces: bonus, card, route, reward and the markers on it."""
    data = state.data
    pile = view["expedition_pile"]
    caption = (
        f"expedition pile: A {pile['A']} · B {pile['B']} · C {pile['C']}  "
        f"({view['expeditions_removed']} C cards removed unseen)"
    )
    table = Table(
        title="Expeditions",
        title_justify="left",
        caption=caption,
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
    )
    for column in ("#", "bonus", "expedition", "reward", "joined"):
        table.add_column(column, no_wrap=column != "expedition")
    for space in view["expeditions"]:
        bonus = space["bonus"]
        gift = [f"+{bonus['silver']} silver"] if bonus["silver"] else []
        if bonus["travel_cards"]:
            gift.append(f"+{bonus['travel_cards']} card")
        ident = space["expedition"]
        if ident is None:
            table.add_row(str(space["space"]), ", ".join(gift), "(empty)", "", "")
            continue
        card = _index(data.expedition_ids)[ident]
        reward = _reward(data.expedition_silver[card], data.expedition_points[card])
        markers = _joined((player_token(data, p) for p in space["joined"]), " ")
        shown = _card(expedition_text(data, ident), ident)
        table.add_row(str(space["space"]), ", ".join(gift), shown, reward, markers)
    return table


def books_table(state: AfricanaState, view: Mapping[str, Any]) -> Table:
    """Both books: the card on top of each half, and the cards known below it (? unseen)."""
    data = state.data
    table = Table.grid(padding=(0, 1))
    table.title = "Adventure books"
    table.title_justify = "left"
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column()
    for book in HEMISPHERES:
        halves = view["books"][book]
        for half in ("turned", "unturned"):
            cards = halves[half]
            if not cards:
                table.add_row(book, f"{half} 0", Text("(empty)"))
                continue
            top = cards[0]
            shown = _card(adventure_text(data, top), top) if top else Text(UNKNOWN_CARD)
            if len(cards) > 1:
                below = " ".join(c or UNKNOWN_CARD for c in cards[1:])
                shown.append(f"\n below: {below}", style="dim")
            table.add_row(book, f"{half} {len(cards)}", shown)
    return table


def supplies(view: Mapping[str, Any]) -> Text:
    """Travel cards and assistants outside the hands."""
    text = Text(f"Travel deck {view['travel_deck']} · discards ")
    text.append_text(_counts(view["discard_pile"]))
    text.append(" · assistants in supply ")
    text.append_text(_counts(view["assistant_supply"]))
    gone = view["out_of_game"]
    if gone["jokers"] or any(gone["assistants"].values()):
        text.append(" · out of the game: ")
        parts = [Text(f"joker {gone['jokers']}")] if gone["jokers"] else []
        if any(gone["assistants"].values()):
            parts.append(_counts(gone["assistants"], " assistant"))
        text.append_text(_joined(parts))
    return text


def players_table(state: AfricanaState, view: Mapping[str, Any]) -> Table:
    """Every company: where it is, its money, markers, cards in hand and running score."""
    data = state.data
    table = Table(
        title="Companies",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
    )
    for column in ("player", "at", "silver", "markers", "hand", "score"):
        table.add_column(column, no_wrap=column != "hand")
    for player in view["players"]:
        seat = player["seat"]
        name = player_token(data, seat).append(f" {player['company']} ({seat})")
        if seat == view["seat"]:
            name.append(" you", style="bold")
        hand = Text(f"{player['hand_size']}: {player['travel_cards']} travel")
        if player["jokers"]:
            hand.append(f", joker {player['jokers']}")
        if any(player["assistants"].values()):
            hand.append(", ").append_text(_counts(player["assistants"], " assistant"))
        table.add_row(
            name,
            data.location_names[data.location(player["location"])],
            str(player["silver"]),
            f"{player['markers_free']} free",
            hand,
            str(player["score"]["total"]),
        )
    return table


def player_cards(state: AfricanaState, view: Mapping[str, Any]) -> Table:
    """The adventures each company holds, with their targets, and the cards it has won."""
    data = state.data
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    for player in view["players"]:
        token = player_token(data, player["seat"])
        if player["adventures"]:
            held = (_card(adventure_text(data, a), a) for a in player["adventures"])
            adventures = _joined(held, "; ")
            table.add_row(token, Text("adventures: ").append_text(adventures))
        ids = _index(data.expedition_ids)
        won = [Text(f"{e} {data.expedition_points[ids[e]]} VP") for e in player["expeditions_won"]]
        won += [_won_adventure(data, a) for a in player["adventures_won"]]
        if won:
            table.add_row(token, Text("won: ").append_text(_joined(won)))
    return table


def own_hand(player: Mapping[str, Any]) -> Text:
    """The viewing seat's own hand, colour by colour."""
    text = Text("Your hand: ", style="bold")
    travel = any(player["hand"].values())
    text.append_text(_counts(player["hand"], places=True) if travel else Text("no travel cards"))
    if player["jokers"]:
        text.append(" · ").append(f"joker {player['jokers']}", style=place_style("joker"))
    if any(player["assistants"].values()):
        text.append(" · ").append_text(_counts(player["assistants"], " assistant", places=True))
    return text


def render(state: AfricanaState, seat: int | None) -> RenderableType:
    """The board as ``seat`` may see it (``None``: a spectator), as a rich renderable."""
    view = state.view(seat)
    data = state.data
    players = view["players"]
    parts: list[RenderableType] = [_status(state, view)]
    africa = Group(draw_map(data, players), map_legend(data, players))
    parts.append(
        Panel(
            africa,
            title="Africa",
            title_align="left",
            expand=False,
            box=box.ROUNDED,
            padding=(0, 1),
        )
    )
    parts += [expeditions_table(state, view), Text(), books_table(state, view), Text()]
    parts += [supplies(view), Text()]
    parts.append(players_table(state, view))
    parts.append(player_cards(state, view))
    if seat is not None and "hand" in players[seat]:
        parts.append(Text())
        parts.append(own_hand(players[seat]))
    details = _turn_details(state, view)
    if details is not None:
        parts.append(details)
    return Group(*parts)
