"""Computer players for any rules file, chosen by name: `random`, `greedy` and `ismcts` (one module each)."""

# isort: off
# Imported in this order, each module registering its agent: the registry lists them so.
from .random_agent import RandomAgent
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
# isort: on
from .base import AGENTS, Agent, AgentError, check_spec, inform, make_agent, parse_spec, register

__all__ = ["AGENTS", "Agent", "AgentError", "GreedyAgent", "ISMCTSAgent", "RandomAgent", "check_spec", "inform",
           "make_agent", "parse_spec", "register"]
