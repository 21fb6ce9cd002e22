"""Players known by a name and a key, open tables and the seats players hold at them.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    # Matches made before are private tables, and no player holds a seat.
    op.add_column(
        "matches", sa.Column("open_table", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.create_foreign_key("fk_seats_player_id", "players", ["player_id"], ["id"])
        batch.create_index("ix_seats_player_id", ["player_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_player_id")
        batch.drop_constraint("fk_seats_player_id", type_="foreignkey")
        batch.drop_column("player_id")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("open_table")
    op.drop_table("players")
