"""Fixtures every test folder may use."""

from tests.postgres import database_url, postgres, postgres_url

__all__ = ["database_url", "postgres", "postgres_url"]
