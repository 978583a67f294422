"""The compiler: checked rules + option values -> an `engine.Game` whose expressions are generated Python."""

from .build import compile_game, switches
from .options import option_docs, option_refusals, option_values

__all__ = ["compile_game", "switches", "option_docs", "option_refusals", "option_values"]
