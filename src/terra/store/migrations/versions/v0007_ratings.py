"""Ratings of people and bots per game, and the mark of a finished match that is rated.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game", "player_id", name="uq_ratings_game_player"),
        sa.UniqueConstraint("game", "bot", name="uq_ratings_game_bot"),
        sa.CheckConstraint("(player_id IS NULL) <> (bot IS NULL)", name="ck_ratings_one_subject"),
    )
    # Matches that ended before are rated when a server next starts (oldest first).
    op.add_column(
        "matches", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rated")
    op.drop_table("ratings")
