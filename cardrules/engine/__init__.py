"""The turn engine: a compiled `Game` (immutable rules for one set of options) and the plain-data `State` it runs."""

from . import zones
from .actions import Action, IllegalAction
from .game import Game
from .specs import (
    BinderSpec,
    Decision,
    DefinitionSpec,
    GuardSpec,
    HoldsSpec,
    OptionDoc,
    OptionSpec,
    ResultSpec,
    RuleFailure,
    ShowSpec,
    SidesSpec,
    StraightMove,
    VarSpec,
    ZoneSpec,
)
from .state import State, Tracer
from .views import LegalMoves, MoveView, View
from .zones.columns import ColumnsKind
from .zones.grid import GridKind
from .zones.row import RowKind
from .zones.stack import StackKind

# The standard zone kinds, in the order `cardrules check` lists them; a zone naming none is a stack.
zones.register(StackKind(), default=True)
zones.register(RowKind())
zones.register(GridKind())
zones.register(ColumnsKind())

__all__ = ["Action", "BinderSpec", "Decision", "DefinitionSpec", "Game", "GuardSpec", "HoldsSpec", "IllegalAction",
           "LegalMoves", "MoveView", "OptionDoc", "OptionSpec", "ResultSpec", "RuleFailure", "ShowSpec", "SidesSpec",
           "State", "StraightMove", "Tracer", "VarSpec", "View", "ZoneSpec"]
