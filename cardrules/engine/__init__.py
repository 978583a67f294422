"""The turn engine: a compiled `Game` (immutable rules for one set of options) and the plain-data `State` it runs."""

from .actions import Action, IllegalAction
from .game import Game
from .specs import Decision, GuardSpec, OptionSpec, RuleFailure, VarSpec, ZoneSpec
from .state import State, Tracer

__all__ = ["Action", "Decision", "Game", "GuardSpec", "IllegalAction", "OptionSpec", "RuleFailure", "State",
           "Tracer", "VarSpec", "ZoneSpec"]
