"""How to play, served: the guide of each game in the page's language, with its pictures.

``GET /api/games/{game}/guide?lang=de`` answers the game's guide (:mod:`terra.core.guide`)
and, for each section that asks for a picture, the position to draw: the board's layout and a
spectator's view of a game played from the start by the greedy bot. The page draws them with
the game's own board module, so the pictures are the board a player will see.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terra.ai.bots import make_bot
from terra.core.errors import UnknownGame
from terra.core.guide import GuideError, Picture
from terra.core.registry import game as find_game
from terra.server import i18n
from terra.server.api import BadRequest

# The seed of every picture's game: pictures are the same on every server and every day.
PICTURE_SEED = 1


def picture(game_id: str, shown: Picture) -> dict[str, Any]:
    """The layout and a spectator's view of the position ``shown`` asks for."""
    options = tuple(sorted(shown.options.items()))
    return _position(game_id, shown.players, shown.moves, options)


@cache
def _position(
    game_id: str, players: int, moves: int, options: tuple[tuple[str, Any], ...]
) -> dict[str, Any]:
    game = find_game(game_id)
    state = game.new(players, PICTURE_SEED, dict(options))
    bot = make_bot("greedy", PICTURE_SEED)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return {"layout": game.board_layout(state), "view": state.view(None)}


def _guide(game_id: str, language: str) -> dict[str, Any]:
    game = find_game(game_id)
    guide = game.guide(language)
    answer = guide.to_dict()
    answer["game"] = game.id
    answer["board"] = game.web_board() is not None
    answer["pictures"] = {
        section.id: picture(game.id, section.picture)
        for section in guide.section
        if section.picture is not None and answer["board"]
    }
    return answer


async def game_guide(request: Request) -> Response:
    """``GET /api/games/{game}/guide?lang=de``: how to play, in the page's language."""
    language = i18n.language_of(request.query_params.get("lang"))
    try:
        answer = await to_thread.run_sync(_guide, request.path_params["game_id"], language)
    except UnknownGame as problem:
        raise BadRequest(str(problem), 404) from None
    except GuideError as problem:
        raise BadRequest(str(problem), 404) from None
    return JSONResponse(answer, headers={"cache-control": "public, max-age=3600"})
