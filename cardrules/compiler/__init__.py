"""The compiler: checked rules + option values -> an `engine.Game` whose expressions are generated Python."""

from .build import compile_game
from .options import literal_default, option_docs, option_refusals, option_values

__all__ = ["compile_game", "literal_default", "option_docs", "option_refusals", "option_values"]
