"""Ratings of people and bots, per game, from every finished match an identified player sat in
(docs/web.md, "Ratings").

A rating is openskill's Plackett-Luce model (as ``terra tournament`` rates bots,
:mod:`terra.sim.stats`), fed the match's whole finishing order: its winners first, the others
by score, ties sharing a place. A seat is rated as its identified player's, else as its bot's
(each bot by the name the table gave it, ``greedy`` or ``ismcts:1s``), else it is a person
seated by an invitation link: they take part at the model's starting rating, which is not
stored, for nobody can tell who they are the next time. A match with no identified player is
not rated at all: it says nothing of anyone whose rating is kept.

Each finished match is rated once: :meth:`Ratings.rate` locks the match's row, reads its mark
(``matches.rated``) and sets it in the transaction that changes the ratings. Two server
processes finishing matches of the same players at once update the ratings one after the
other (an advisory lock on PostgreSQL; SQLite has one writer); a match whose rating a fault
or a restart interrupted is rated by :meth:`Ratings.unrated` at the next start.
"""

from __future__ import annotations

import dataclasses
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, Engine, and_, func, insert, or_, select, text, update

from terra.core.places import finishing_places
from terra.store.database import WRITE
from terra.store.faults import guarded
from terra.store.matches import UnknownMatch, check_id
from terra.store.models import Match, Player, Rating, Seat, now
from terra.store.players import PlayerInfo

# The displayed rating is the low end of the interval mu ± 2 sigma (as ``terra tournament``
# reports it): a newcomer starts at 25 - 2 * 8.33 = 8.33 and climbs as their games make the
# model surer of a skill above the start.
SPREAD = 2.0
# The most entries a game's leaderboard lists, the best first.
LEADERBOARD = 100
# The key of the advisory lock under which a PostgreSQL database's ratings change (any fixed
# number; this one spells "rate" in ASCII).
RATINGS_LOCK = 0x72617465
# The model of every rating: people learn, so ``tau`` keeps a rating able to move.
MODEL = PlackettLuce()

PLAYER = "player"
BOT = "bot"


@dataclass(frozen=True)
class Standing:
    """A rating as the leaderboard shows it: whose (a player's name, or a bot's), ``mu`` and
    ``sigma``, the matches rated, and the place in the game's leaderboard."""

    game: str
    name: str
    bot: bool
    mu: float
    sigma: float
    games: int
    rank: int

    @property
    def rating(self) -> float:
        """The conservative rating shown and ranked by: ``mu - 2 sigma``."""
        return self.mu - SPREAD * self.sigma

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "bot": self.bot,
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "rating": round(self.rating, 2),
            "games": self.games,
            "rank": self.rank,
        }


Subject = tuple[str, str]  # (PLAYER, a player's id) or (BOT, a bot's name)


def subject_of(player_id: str | None, bot: str | None) -> Subject | None:
    """Whose rating a seat's result counts for: its identified player's (also while a bot
    stands in for them), else its bot's; ``None`` for a person without an identity."""
    if player_id is not None:
        return (PLAYER, player_id)
    if bot is not None:
        return (BOT, bot)
    return None


def updated(
    priors: Sequence[tuple[float, float]], places: Sequence[int]
) -> list[tuple[float, float]]:
    """Each seat's ``(mu, sigma)`` after a game in which the seats, rated ``priors``, finished
    in ``places`` (1 = first; equal places are a tie).

    >>> [round(mu, 2) for mu, _ in updated([(25.0, 25 / 3), (25.0, 25 / 3)], [1, 2])]
    [27.64, 22.36]
    """
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in priors]
    after = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in after]


class Ratings:
    """The ratings of one database, and the finished matches they are made of."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.locks = engine.dialect.name == "postgresql"  # several processes may rate at once

    @guarded
    def rate(self, match_id: str) -> bool:
        """Count the finished match ``match_id`` in the ratings, unless it is counted already,
        is not over, or seats no identified player; whether it was counted now. Raises
        :class:`~terra.store.matches.UnknownMatch`."""
        check_id(match_id)
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            match = connection.execute(
                select(Match.game, Match.status, Match.result, Match.rated)
                .where(Match.id == match_id)
                .with_for_update()
            ).one_or_none()
            if match is None:
                raise UnknownMatch(f"there is no match {match_id!r}")
            if match.rated or match.status != "over" or not match.result:
                return False
            seats = connection.execute(
                select(Seat.player_id, Seat.bot)
                .where(Seat.match_id == match_id)
                .order_by(Seat.seat)
            ).all()
            subjects = [subject_of(s.player_id, s.bot) for s in seats]
            if not any(s is not None and s[0] == PLAYER for s in subjects):
                return False
            if self.locks:  # the ratings read below change only under this lock
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": RATINGS_LOCK}
                )
            places = finishing_places(match.result["scores"], match.result["winners"])
            _count(connection, match.game, subjects, places)
            connection.execute(update(Match).where(Match.id == match_id).values(rated=True))
        return True

    @guarded
    def unrated(self) -> list[str]:
        """The finished matches with an identified player that are not rated, the first to
        finish first: those whose rating a fault or a restart interrupted, and those that
        ended before the server kept ratings."""
        query = (
            select(Match.id)
            .where(
                Match.status == "over",
                Match.rated.is_(False),
                select(Seat.seat)
                .where(Seat.match_id == Match.id, Seat.player_id.is_not(None))
                .exists(),
            )
            .order_by(Match.updated, Match.id)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    @guarded
    def leaderboard(self, game: str, limit: int = LEADERBOARD) -> list[Standing]:
        """The ratings of ``game`` (an id the caller checked), best first, at most ``limit``;
        a place is one more than the ratings above it, so equal ratings share one."""
        order = (Rating.mu - SPREAD * Rating.sigma).desc(), Rating.games.desc(), Rating.id
        query = (
            select(Rating.mu, Rating.sigma, Rating.games, Rating.bot, Player.name)
            .outerjoin(Player, Player.id == Rating.player_id)
            .where(Rating.game == game)
            .order_by(*order)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        found: list[Standing] = []
        for place, row in enumerate(rows, start=1):
            standing = Standing(
                game=game,
                name=row.bot if row.bot is not None else row.name,
                bot=row.bot is not None,
                mu=row.mu,
                sigma=row.sigma,
                games=row.games,
                rank=place,
            )
            if found and found[-1].rating == standing.rating:  # equal ratings share a place
                standing = dataclasses.replace(standing, rank=found[-1].rank)
            found.append(standing)
        return found

    @guarded
    def of_player(self, player_id: str) -> list[Standing]:
        """The player's rating in every game they have been rated in, each with their place
        in that game's leaderboard (one more than the ratings above theirs)."""
        theirs = (
            select(Rating.game, Rating.mu, Rating.sigma, Rating.games, Player.name)
            .join(Player, Player.id == Rating.player_id)
            .where(Rating.player_id == player_id)
            .order_by(Rating.game)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(theirs).all()
            found = []
            for row in rows:
                shown = row.mu - SPREAD * row.sigma
                above = connection.execute(
                    select(func.count())
                    .select_from(Rating)
                    .where(Rating.game == row.game, Rating.mu - SPREAD * Rating.sigma > shown)
                ).scalar_one()
                found.append(
                    Standing(row.game, row.name, False, row.mu, row.sigma, row.games, above + 1)
                )
        return found

    @guarded
    def player_named(self, name: str) -> PlayerInfo | None:
        """The player called ``name`` in any case, or ``None``."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(Player.id, Player.name).where(Player.name_key == name.casefold())
            ).one_or_none()
        return None if row is None else PlayerInfo(row.id, row.name)


def _count(
    connection: Connection,
    game: str,
    subjects: Sequence[Subject | None],
    places: Sequence[int],
) -> None:
    """Update the stored ratings in ``game`` of the seats' ``subjects`` (``None``: a person
    rated at the starting rating, and not stored) after they finished in ``places``."""
    kept = _stored(connection, game, [s for s in subjects if s is not None])
    start = (MODEL.mu, MODEL.sigma)
    priors = [start if s is None else kept.get(s, start) for s in subjects]
    seats: dict[Subject, list[tuple[float, float]]] = {}
    for subject, after in zip(subjects, updated(priors, places), strict=True):
        if subject is not None:
            seats.setdefault(subject, []).append(after)
    stamp = now()
    for subject, outcomes in seats.items():
        # A bot in several seats moves by the mean of its seats' updates, as a tournament's
        # does: one match is one observation of its strength.
        mu = statistics.fmean(mu for mu, _ in outcomes)
        sigma = statistics.fmean(sigma for _, sigma in outcomes)
        kind, who = subject
        column = Rating.player_id if kind == PLAYER else Rating.bot
        if subject in kept:
            connection.execute(
                update(Rating)
                .where(Rating.game == game, column == who)
                .values(mu=mu, sigma=sigma, games=Rating.games + 1, updated=stamp)
            )
        else:
            connection.execute(
                insert(Rating).values(
                    game=game,
                    player_id=who if kind == PLAYER else None,
                    bot=who if kind == BOT else None,
                    mu=mu,
                    sigma=sigma,
                    games=1,
                    updated=stamp,
                )
            )


def _stored(
    connection: Connection, game: str, subjects: Sequence[Subject]
) -> dict[Subject, tuple[float, float]]:
    """The stored ``(mu, sigma)`` in ``game`` of those of ``subjects`` who have one."""
    players = [who for kind, who in subjects if kind == PLAYER]
    bots = [who for kind, who in subjects if kind == BOT]
    rows = connection.execute(
        select(Rating.player_id, Rating.bot, Rating.mu, Rating.sigma).where(
            Rating.game == game,
            or_(
                and_(Rating.player_id.is_not(None), Rating.player_id.in_(players)),
                and_(Rating.bot.is_not(None), Rating.bot.in_(bots)),
            ),
        )
    ).all()
    return {
        ((PLAYER, row.player_id) if row.player_id is not None else (BOT, row.bot)): (
            row.mu,
            row.sigma,
        )
        for row in rows
    }
