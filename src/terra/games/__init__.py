"""One package per game; each exposes ``GAME`` and is found by the registry."""
