"""Clocks: a table's time per move or bank, when the seat to move runs out of it, the bot that
stands in for a person, and the notices of the chat (a seat taken over or taken back).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Matches made before have no clock, and a person who leaves one is stood in for by the
    # lobby's first bot.
    op.add_column("matches", sa.Column("clock", sa.JSON(), nullable=True))
    op.add_column("matches", sa.Column("banks", sa.JSON(), nullable=True))
    op.add_column("matches", sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    op.add_column(
        "matches",
        sa.Column("stand_in", sa.String(32), nullable=False, server_default="greedy"),
    )
    op.create_index("ix_matches_deadline", "matches", ["deadline"])
    op.add_column("seats", sa.Column("stand_in", sa.String(32), nullable=True))
    op.add_column("chat", sa.Column("notice", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("notice")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("stand_in")
    op.drop_index("ix_matches_deadline", "matches")
    with op.batch_alter_table("matches") as batch:
        for column in ("stand_in", "deadline", "banks", "clock"):
            batch.drop_column(column)
