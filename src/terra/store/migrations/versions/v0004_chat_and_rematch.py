"""A match's chat, and its rematch: who asked for one, and the match made.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("sent", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_match_id", "chat", ["match_id"])
    # Matches made before have no rematch, and nobody has asked for one.
    op.add_column("matches", sa.Column("rematch", sa.String(32), nullable=True))
    op.add_column("seats", sa.Column("rematch_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("rematch_hash")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rematch")
    op.drop_index("ix_chat_match_id", "chat")
    op.drop_table("chat")
