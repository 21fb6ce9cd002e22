"""The tables: a match, its seats and its moves."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The declarative base of the store's tables."""


class Match(Base):
    """One game on the server: the inputs of its record, and where it stands."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    # Seeds are 64-bit unsigned; PostgreSQL's BIGINT is signed, so it is kept as text.
    seed: Mapped[str] = mapped_column(String(24))
    # A seed its creator chose is shown to every page; a seed the server drew only once the
    # match is over (docs/web.md, "Security").
    seed_shown: Mapped[bool] = mapped_column(Boolean, default=False)
    move_count: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="active")
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The match whose end this one starts from (the next game of a campaign), or none.
    continues: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # The match made as this one's rematch, once every person has asked for it.
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # An open table: listed in the lobby, its free seats taken by identified players; its
    # status is "waiting" until every seat is taken (docs/web.md, "Open tables").
    open_table: Mapped[bool] = mapped_column(Boolean, default=False)
    # The table's clock (:class:`terra.store.clocks.Clock` as JSON), or none; the seconds
    # left in each seat's bank (a bank clock); when the seat to move runs out of time (none
    # while a bot or a stand-in is to move); the bot that plays for a person who left or ran
    # out of time (docs/web.md, "Clocks").
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    banks: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    stand_in: Mapped[str] = mapped_column(String(32), default="greedy")
    # Whether its end has been counted in the ratings (docs/web.md, "Ratings"): set in the
    # transaction that updates them, so that each finished match is rated once.
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    # An undo asked for and waiting for the other people's answers (:mod:`terra.store.undos`):
    # who asked, at which move count, whose agreement it needs and who has agreed. It lapses
    # by itself once the match has another move count.
    undo: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class Seat(Base):
    """A seat of a match: a person holding a secret token, or a bot."""

    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    # The hash of this person's token in the rematch, kept from when they asked for one.
    rematch_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The identified player who holds this seat (an open table's), or none.
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    # The bot playing for this person while they are away (they left, or their time ran
    # out), until they take the seat back.
    stand_in: Mapped[str | None] = mapped_column(String(32), nullable=True)


def plays(bot: str | None, stand_in: str | None) -> str | None:
    """The bot that makes a seat's decisions now: its own ``bot``, or the ``stand_in`` playing
    for its person while they are away; ``None`` while a person makes them."""
    return bot or stand_in


class Player(Base):
    """A person known by a display name and a secret key their browser keeps (only its hash
    is stored)."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(24))
    # The name case-folded: unique, so that no two players go by names told apart by case.
    name_key: Mapped[str] = mapped_column(String(96), unique=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Rating(Base):
    """The openskill rating of a player, or of a bot by its name, in one game."""

    __tablename__ = "ratings"
    __table_args__ = (
        UniqueConstraint("game", "player_id", name="uq_ratings_game_player"),
        UniqueConstraint("game", "bot", name="uq_ratings_game_bot"),
        CheckConstraint("(player_id IS NULL) <> (bot IS NULL)", name="ck_ratings_one_subject"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(64))
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), nullable=True
    )
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)  # finished matches rated
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Move(Base):
    """One action of a match, in the order the database accepted it."""

    __tablename__ = "moves"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # from 0; unique per match
    action: Mapped[str] = mapped_column(Text)
    played: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatLine(Base):
    """One message of a match's chat: a seat's, or a spectator's (``seat`` ``None``)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    # A line the server wrote, not a person: what befell ``seat`` (docs/web.md, "Clocks"):
    # "time" (a bot took over when its time ran out), "left", "back" (taken back).
    notice: Mapped[str | None] = mapped_column(String(16), nullable=True)
    sent: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


__all__ = ["Base", "ChatLine", "Match", "Move", "Player", "Rating", "Seat", "now"]
