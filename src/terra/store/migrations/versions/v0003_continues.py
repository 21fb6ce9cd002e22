"""The match a match continues: the next game of a campaign starts where that one left off.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Matches made before continue none.
    op.add_column("matches", sa.Column("continues", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("continues")
