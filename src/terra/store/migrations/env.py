"""Alembic's environment: runs on the connection the store hands over (no alembic.ini)."""

from __future__ import annotations

from alembic import context

from terra.store.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
