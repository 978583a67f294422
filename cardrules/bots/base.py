"""Agent specs ("ismcts:iterations=200") -> computer players: the `Agent` protocol, options, registry.

Every agent has the same shape: it is built with `(game, seat, seed, **options)` and answers
`choose(state) -> Action` with one of `state.legal_actions()`. Agents are deterministic: the
same seed and the same sequence of states give the same choices. `make_agent("ismcts:iterations=200",
game, seat, seed)` builds one from a spec; `AGENTS` is the registry of names, filled by
`@register` in each agent's module.

Honesty: an agent sees the game through the eyes of the player to move. The search agents never
look at cards that player cannot see: they work on `sample_information_set(state, player, rng)`,
which keeps what the player sees and deals every unseen card again at random (see docs/agents.md).
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar

from ..engine import Action, Game, State


class AgentError(ValueError):
    """A bad agent spec: unknown agent, unknown option, or a value of the wrong kind."""


# ---------------------------------------------------------------------------------------------
# Options

Option = tuple[type, Any, str]  # (type, default, help)


def _convert(agent: str, key: str, kind: type, raw: Any) -> Any:
    if not isinstance(raw, str):
        value = raw
    elif kind is bool:
        lowered = raw.strip().lower()
        if lowered not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
            raise AgentError(f"{agent}: option '{key}' is yes/no, not '{raw}'")
        return lowered in ("1", "true", "yes", "on")
    else:
        try:
            value = kind(raw.strip())
        except ValueError:
            word = {int: "a whole number", float: "a number"}.get(kind, kind.__name__)
            raise AgentError(f"{agent}: option '{key}' must be {word}, not '{raw}'") from None
    if kind in (int, float) and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise AgentError(f"{agent}: option '{key}' must be a number, not {value!r}")
    if kind in (int, float) and value < 0:
        raise AgentError(f"{agent}: option '{key}' must not be negative")
    return kind(value)


class Agent:
    """The interface: subclasses set `name`, `options` and implement `choose`."""

    name: ClassVar[str] = "agent"
    description: ClassVar[str] = ""
    options: ClassVar[dict[str, Option]] = {}

    def __init__(self, game: Game, seat: int = 0, seed: int = 0, **options: Any):
        self.game = game
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        unknown = [key for key in options if key not in self.options]
        if unknown:
            known = ", ".join(self.options) or "none"
            raise AgentError(f"{self.name} has no option '{unknown[0]}' (its options: {known})")
        for key, (kind, default, _) in self.options.items():
            value = _convert(self.name, key, kind, options[key]) if key in options else default
            setattr(self, key, value)

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def observe(self, state: State, action: Action) -> None:
        """Told of every move of the game, by any player, before it is made (the state is the one
        before it). An agent may keep what it learns; it must use only what its seat could see."""

    def __repr__(self) -> str:
        settings = ",".join(f"{key}={getattr(self, key)}" for key in self.options)
        return f"{self.name}:{settings}" if settings else self.name


def inform(agents, state: State, action: Action) -> None:
    """Tell every agent of a move about to be made (agents without `observe` are skipped)."""
    for agent in agents:
        observe = getattr(agent, "observe", None)
        if observe is not None:
            observe(state, action)


AgentFactory = Callable[..., Agent]
AGENTS: dict[str, AgentFactory] = {}


def register(name: str, factory: AgentFactory | None = None):
    """Add an agent to the registry (usable as a class decorator): `@register("mine")`."""
    def add(f: AgentFactory) -> AgentFactory:
        AGENTS[name] = f
        return f
    return add(factory) if factory is not None else add


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """"ismcts:iterations=200,c=0.5" -> ("ismcts", {"iterations": "200", "c": "0.5"})."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not key or not value.strip():
            raise AgentError(f"bad agent option '{item}' in '{spec}': write NAME:KEY=VALUE,KEY=VALUE")
        options[key] = value.strip()
    if not name:
        raise AgentError(f"bad agent '{spec}': no agent name")
    return name, options


def check_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Parse a spec and check its agent name and option names and values, without a game."""
    name, options = parse_spec(spec)
    if name not in AGENTS:
        raise AgentError(f"unknown agent '{name}' (known: {', '.join(AGENTS)})")
    declared = getattr(AGENTS[name], "options", None)
    if isinstance(declared, dict):
        for key, raw in options.items():
            if key not in declared:
                raise AgentError(f"{name} has no option '{key}' (its options: {', '.join(declared) or 'none'})")
            _convert(name, key, declared[key][0], raw)
    return name, options


def make_agent(spec: str, game: Game, seat: int = 0, seed: int = 0) -> Agent:
    """An agent from "name" or "name:key=value,key=value", e.g. "ismcts:time=0.5"."""
    name, options = check_spec(spec)
    return AGENTS[name](game, seat, seed, **options)


def agent_names() -> list[str]:
    return list(AGENTS)
