"""Computer players. They know games only through the core contract and a game's evaluator."""

from terra.ai.bots import BOTS, Bot, GreedyBot, RandomBot, bot_names, make_bot

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "bot_names", "make_bot"]
