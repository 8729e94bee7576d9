"""Game-agnostic AI: bots, search, analysis and the match loop.

Imports ``engine.core`` only; every game reaches the AI through the ``State`` protocol
(``evaluate``, ``resample_hidden``, ``chance_outcomes``, ``returns`` …). See ``docs/ai.md``.
"""

from realpolitik.ai.analysis import Analysis, MoveStat
from realpolitik.ai.bots import Bot, SearchingBot, analyse, bot_names, describe_bots, make_bot
from realpolitik.ai.expectimax import expectimax_value
from realpolitik.ai.match import MatchResult, play_match

__all__ = [
    "Analysis",
    "Bot",
    "MatchResult",
    "MoveStat",
    "SearchingBot",
    "analyse",
    "bot_names",
    "describe_bots",
    "expectimax_value",
    "make_bot",
    "play_match",
]
