"""The compiler: checked rules + option values -> an `engine.Game` whose expressions are generated Python."""

from __future__ import annotations

from typing import Any

__all__ = ["compile_game", "switches", "option_docs", "option_refusals", "option_values"]
_FROM = {"compile_game": "build", "switches": "settings", "option_docs": "options",
         "option_refusals": "options", "option_values": "options"}


def __getattr__(name: str) -> Any:
    """The compiler's entry points, imported when first asked for: a game read back from the disk cache
    imports only the modules it runs (runtime.py, scope.py), not the whole compiler."""
    if name not in _FROM:
        raise AttributeError(f"module 'cardrules.compiler' has no attribute '{name}'")
    import importlib
    value = getattr(importlib.import_module(f"{__name__}.{_FROM[name]}"), name)
    globals()[name] = value
    return value
