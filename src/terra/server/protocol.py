"""The messages of the WebSocket protocol (``docs/web.md``, "Protocol").

Everything sent to a seat is built here, from that seat's ``view`` and ``log`` only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import Any, TypeGuard

import orjson

from terra.core.guide import Guide, GuideError
from terra.core.state import GameState
from terra.store import rematch
from terra.store.chat import Said
from terra.store.matches import MatchInfo, SeatInfo

MOVE = "move"
RESUME = "resume"
HINT = "hint"
UNDO = "undo"
UNDO_ANSWER = "undo_answer"
CHAT = "chat"
REMATCH = "rematch"
LEAVE = "leave"
REJOIN = "rejoin"
CLIENT_TYPES = (MOVE, RESUME, HINT, UNDO, UNDO_ANSWER, CHAT, REMATCH, LEAVE, REJOIN)


def result_of(state: GameState) -> dict[str, Any] | None:
    """The scores, winners and each seat's score by category of a finished game; ``None``
    before the end.

    The breakdown is sent only once the game is over: some of its categories count what was
    hidden during play (cards in a hand, unfinished adventures), and at the end every game
    reveals them in its final scoring.
    """
    if not state.is_over:
        return None
    return {
        "scores": state.scores(),
        "winners": state.winners(),
        "breakdown": state.score_breakdown(),
    }


def seed_of(state: GameState, shown: bool) -> int | None:
    """The match's seed where a page may know it: chosen by the match's creator and so shown
    from the start (``shown``), or at the end, for its replay. Before that the seed is every
    hidden card and every draw to come (docs/web.md, "Security")."""
    return state.seed if shown or state.is_over else None


def update(
    state: GameState,
    moves: int,
    seat: int | None,
    since: int,
    language: str = "en",
    *,
    seed_shown: bool = False,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) is shown of ``state`` after ``moves`` moves,
    with the log entries from ``since`` on, worded in ``language`` and naming the players by
    ``names`` (by seat) where given; the seed only where :func:`seed_of` allows. Where the
    page's newest entry has since been amended (a run of like events condensed into it,
    :meth:`GameState.amend`), the update starts one entry earlier: a page keeps its entries
    up to the update's ``since`` and replaces the rest."""
    current = state.current_player
    if 0 < since <= state.log_size and state.log_amended(since - 1):
        since -= 1  # the page's newest entry may have been condensed with later events since
    log = state.log(seat, since)
    game = state.game
    message: dict[str, Any] = {
        "type": "update",
        "seat": seat,
        "moves": moves,
        "since": since,
        "view": state.view(seat),
        "log": log,
        "log_text": [game.describe_event(state, entry, language, names) for entry in log],
        "seat_words": game.seat_words(state, language),
        "log_size": state.log_size,
        "to_move": current,
        "over": state.is_over,
        "result": result_of(state),
    }
    seed = seed_of(state, seed_shown)
    if seed is not None:
        message["seed"] = seed
    if seat is not None and current == seat:
        message["legal"] = legal_moves(state, language)
    return message


def view_patch(old: Any, new: Any, path: tuple[Any, ...] = ()) -> list[list[Any]]:
    """What turns the view ``old`` into ``new`` (docs/web.md, "Patches"): a list of changes,
    each ``[path, value]`` (set the value at the path of keys and indices, the empty path the
    whole view) or ``[path]`` (remove a key). A list of the same length is patched item by
    item; one that changed its length, or most of its items, is sent whole."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        changes: list[list[Any]] = []
        for key, value in new.items():
            if key in old:
                changes += view_patch(old[key], value, (*path, key))
            else:
                changes.append([[*path, key], value])
        changes += [[[*path, key]] for key in old.keys() - new.keys()]
        return changes
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        changes = []
        for index, (was, now) in enumerate(zip(old, new, strict=True)):
            if was != now:
                changes += view_patch(was, now, (*path, index))
                if len(changes) > len(new) // 2:
                    return [[list(path), new]]
        return changes
    return [[list(path), new]]


def patched(
    message: dict[str, Any], base: dict[str, Any], moves: int, whole: int
) -> tuple[dict[str, Any], int]:
    """``message`` (an update) with its view sent as the changes since the view ``base`` a
    page was shown after ``moves`` moves (``"base": moves``), where they are smaller; and the
    length of the whole view's text as last measured.

    ``whole`` is that length as measured before (0: never): a view changes little from one move
    to the next, so a patch under a quarter of it is sent without encoding the whole view to
    compare (the Nile's view is 25 KB, its patches 3 KB)."""
    changes = view_patch(base, message["view"])
    size = len(encode({"patch": changes}))
    if size * 4 >= whole:
        whole = len(encode({"view": message["view"]}))
        if size >= whole:
            return message, whole
    found = {key: value for key, value in message.items() if key != "view"}
    found["base"] = moves
    found["patch"] = changes
    return found, whole


def legal_moves(state: GameState, language: str = "en") -> list[dict[str, Any]]:
    """The legal moves of the seat to act as data: each move's int (``action``), its notation
    (``text``, what the page sends back), the name of its kind of move (``kind``), its
    arguments (``args``) and the place on the board it concerns (``place``, or ``None``), so
    that a board never reads the notation; and, for the player, the move as a button reads it
    in ``language`` (``label``), what its kind of move does (``help``, from the game's guide)
    and the rule that allows it (``rule``)."""
    text = state.tables.text
    try:
        guide: Guide | None = state.game.guide(language)
    except GuideError:
        guide = None
    words = state.game.move_words(language)
    moves = []
    for action in state.legal_actions():
        data = state.action_data(action)
        kind = data["kind"]
        data["help"] = guide.moves.get(kind, "") if guide else ""
        data["rule"] = state.action_rule(action)
        fixed = not data["args"]
        data["label"] = guide.label(kind, text[action], fixed, words) if guide else text[action]
        moves.append({"action": action, "text": text[action], **data})
    return moves


def chat_line(said: Said, seats: tuple[SeatInfo, ...]) -> dict[str, Any]:
    """A chat message as the pages are sent it: who sent it (a seat and its name as the match
    names it, or a spectator), when (ISO 8601, UTC) and its text."""
    sent = said.sent if said.sent.tzinfo is not None else said.sent.replace(tzinfo=UTC)
    seat = said.seat
    return {
        "type": "chat",
        "id": said.id,
        "seat": seat,
        "name": None if seat is None else seats[seat].name,
        "spectator": seat is None,
        "time": sent.astimezone(UTC).isoformat(),
        "text": said.text,
        "notice": said.notice,
    }


def rematch_state(found: rematch.Rematch) -> str:
    """The pages' message of who asked for a rematch, and the match made once all did."""
    return encode({"type": "rematch", "asked": list(found.asked), "match": found.match})


def seats_of(info: MatchInfo) -> list[dict[str, Any]]:
    """Who sits where: each seat's name, bot and, at an open table, whether it is free."""
    return [
        {
            "seat": s.seat,
            "name": s.name,
            "bot": s.bot,
            "free": info.free(s),
            "stand_in": s.stand_in,
        }
        for s in info.seats
    ]


def table_state(info: MatchInfo) -> str:
    """An open table's message (``table``): whether it waits, and how many of its seats are
    taken, for the pages of its match."""
    taken = sum(not info.free(s) for s in info.seats)
    message = {
        "type": "table",
        "waiting": info.waiting,
        "taken": taken,
        "players": info.players,
        "seats": seats_of(info),
    }
    return encode(message)


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text (orjson: a move's updates are the server's busiest
    work after the database, and the standard library takes several times longer).

    Text that is not Unicode (a lone surrogate a page sent, quoted back in an error) is
    escaped by the standard library instead, which orjson refuses to do."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"))


def error(message: str, **extra: Any) -> str:
    """An error message as JSON text."""
    return encode({"type": "error", "message": message, **extra})


class ProtocolError(ValueError):
    """A client message the server cannot act on; the text says why."""


@dataclass(frozen=True)
class Move:
    """``{"type": "move", "action": text, "moves": N}``."""

    action: str
    moves: int


@dataclass(frozen=True)
class Hint:
    """``{"type": "hint", "moves": N}``: the search's best moves in the position after N."""

    moves: int


@dataclass(frozen=True)
class Undo:
    """``{"type": "undo", "moves": N}``: take back this seat's last decision, seen after N."""

    moves: int


@dataclass(frozen=True)
class UndoAnswer:
    """``{"type": "undo_answer", "moves": N, "agree": true|false}``: this seat's answer to the
    undo another seat asked for at move N."""

    moves: int
    agree: bool


@dataclass(frozen=True)
class Chat:
    """``{"type": "chat", "text": "..."}``: words for everyone at the match's table."""

    text: str


@dataclass(frozen=True)
class Rematch:
    """``{"type": "rematch"}``: this seat asks for a rematch of the finished match."""


@dataclass(frozen=True)
class Leave:
    """``{"type": "leave"}``: this seat's person leaves; the table's bot plays for them."""


@dataclass(frozen=True)
class Rejoin:
    """``{"type": "rejoin"}``: this seat's person takes it back from the bot standing in."""


@dataclass(frozen=True)
class Resume:
    """``{"type": "resume", "since": K}``."""

    since: int


Message = Move | Resume | Hint | Undo | UndoAnswer | Chat | Rematch | Leave | Rejoin


def parse(text: str) -> Message:
    """A client message; raises :class:`ProtocolError` saying what is wrong."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ProtocolError("a message is a JSON object; this one is nested too deeply") from None
    except ValueError as problem:  # not JSON, or a number past the interpreter's digits
        raise ProtocolError(f"a message is a JSON object; this is not JSON ({problem})") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object with a 'type'")
    kind = data.get("type")
    if kind == MOVE:
        action = data.get("action")
        if not isinstance(action, str):
            raise ProtocolError("a move needs 'action': the move's text, e.g. from 'legal'")
        return Move(action, _moves_seen(data, "a move"))
    if kind == RESUME:
        since = data.get("since")
        if not _count(since):
            raise ProtocolError("a resume needs 'since': the number of log entries you have")
        return Resume(since)
    if kind == HINT:
        return Hint(_moves_seen(data, "a hint"))
    if kind == UNDO:
        return Undo(_moves_seen(data, "an undo"))
    if kind == UNDO_ANSWER:
        moves, agree = data.get("moves"), data.get("agree")
        if not _count(moves) or not isinstance(agree, bool):
            raise ProtocolError(
                "an undo answer needs 'moves' (the move count it was asked at) and 'agree' "
                "(true or false)"
            )
        return UndoAnswer(moves, agree)
    if kind == CHAT:
        words = data.get("text")
        if not isinstance(words, str):
            raise ProtocolError("a chat message needs 'text': the words to send, as a string")
        return Chat(words)
    if kind == REMATCH:
        return Rematch()
    if kind == LEAVE:
        return Leave()
    if kind == REJOIN:
        return Rejoin()
    known = ", ".join(repr(k) for k in CLIENT_TYPES)
    shown = json.dumps(kind)[:40] if kind is not None else "none"
    raise ProtocolError(f"unknown message type {shown} (known types: {known})")


def _moves_seen(data: dict[str, Any], what: str) -> int:
    """The message's ``moves``, the move count of the position the page saw; raises
    :class:`ProtocolError` saying that ``what`` (``a hint``) needs it."""
    moves = data.get("moves")
    if not _count(moves):
        raise ProtocolError(f"{what} needs 'moves': the move count of the position you saw")
    return moves


def _count(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31
