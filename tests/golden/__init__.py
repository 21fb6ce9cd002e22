"""Golden records: seeded games that pin the engine's behaviour (see make_golden.py)."""
