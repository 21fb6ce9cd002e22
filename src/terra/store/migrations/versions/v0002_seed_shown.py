"""Whether a match's seed is shown to its pages (chosen by its creator) or kept to the end.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Matches made before keep their seed to the end: showing it now would deal every hidden
    # card of a match under way to everyone.
    op.add_column(
        "matches",
        sa.Column("seed_shown", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("seed_shown")
