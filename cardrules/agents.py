"""Computer players for any rules file: `random`, `greedy` and `ismcts`, chosen by name.

Every agent has the same shape: it is built with `(game, seat, seed, **options)` and answers
`choose(state) -> Action` with one of `state.legal_actions()`. Agents are deterministic: the
same seed and the same sequence of states give the same choices. `make_agent("ismcts:iterations=200",
game, seat, seed)` builds one from a spec; `AGENTS` is the registry of names.

Honesty: an agent sees the game through the eyes of the player to move. The search agents never
look at cards that player cannot see: they work on `sample_information_set(state, player, rng)`,
which keeps what the player sees and deals every unseen card again at random (see docs/agents.md).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from typing import Any, Callable, ClassVar

from .engine import Action, Game, IllegalAction, State
from .beliefs import Beliefs, History, sample_information_set

HEURISTIC = "heuristic"  # a rules file may declare `def heuristic(p) = ...`: higher is better for p
CHANCE = "chance"  # and `def chance(p) = ...`: p's chance of winning from here, in percent
PRIVATE_WEIGHT = 1.0  # default heuristic: a card you hold that others cannot see (a move in reserve)
PUBLIC_WEIGHT = 0.5  # default heuristic: a card in your own public zone (position on the table)
SURPRISE = 0.1  # ismcts's beliefs: the chance that a player's move is not the one a careful player would make
ROLLOUT_DECISIONS = 100  # ismcts: decisions in one rollout at most
FOLLOW_UPS = 64  # ismcts's best rollout policy: second moves tried per decision at most
JUDGED_MOVES = 20  # ismcts's beliefs: decisions with more options than this are not judged
STEPS_PER_ITERATION = 70  # ismcts: default cap on the work per iteration of the budget (a light game uses under 50)
SOFTNESS = 0.5  # default estimate: material difference that makes one player e (2.7) times likelier to win


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


# ---------------------------------------------------------------------------------------------
# Evaluations

def material(state: State, player: int) -> float:
    """Cards a player owns: held privately (weight 1) and shown in their own public zones (weight 1/2).

    Only zone sizes are used, which every player can see."""
    game, n = state.game, state.n
    total = 0.0
    for spec in game.zones:
        if spec.per_player:
            weight = PUBLIC_WEIGHT if spec.visibility == "public" else PRIVATE_WEIGHT
            total += weight * len(state.zones[game.zone_slot(spec, n, player)])
    return total


def estimate(state: State) -> list[float]:
    """A guess at each player's chance of winning, summing to 1 (the default heuristic).

    Over: the returns. Otherwise eliminated players get 0 and the players still in share the
    win in proportion to exp(material / SOFTNESS): more cards in reserve, more chances to go on.
    """
    if state.terminal:
        return state.returns()
    active = [p for p in range(state.n) if not state.eliminated[p]]
    if not active:
        return [0.0] * state.n
    scores = {p: material(state, p) for p in active}
    top = max(scores.values())
    weights = {p: math.exp((s - top) / SOFTNESS) for p, s in scores.items()}
    total = sum(weights.values())
    return [weights.get(p, 0.0) / total for p in range(state.n)]


def declares(game: Game, name: str) -> bool:
    """Whether the rules file defines `name(p)`, a function of one player, for the agents to read."""
    declared = game.definitions.get(name)
    return declared is not None and declared[2] == 1


def judged_by(game: Game, preference: tuple[str, ...]) -> str:
    """The first of greedy's scores ('rules': heuristic(p), 'chance': chance(p)) that the rules
    file declares, in order of preference; 'default' (the default estimate) if none."""
    return next((kind for kind in preference if declares(game, GreedyAgent.SCORES[kind])), "default")


def estimator(game: Game) -> Callable[[State], list[float]]:
    """How the search values a position it stops at: each player's chance of winning, in [0, 1].

    The rules file's `chance(p)` (percent, clipped to 0..100) where it declares one, else the
    default `estimate`. A finished game gives its returns and an eliminated player 0 either way."""
    if not declares(game, CHANCE):
        return estimate

    def chances(state: State) -> list[float]:
        if state.terminal:
            return state.returns()
        return [0.0 if state.eliminated[p] else _percent(game.call(state, CHANCE, p, again=p > 0), game)
                for p in range(state.n)]
    return chances


def _percent(value: Any, game: Game) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AgentError(f"{game.path}: '{CHANCE}(p)' must give a number from 0 to 100, not {value!r}")
    return min(100.0, max(0.0, float(value))) / 100.0


def _lost(state: State, player: int) -> bool:
    return state.eliminated[player] or (state.terminal and player not in state.winners)


# ---------------------------------------------------------------------------------------------
# The agents

@register("random")
class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"
    description = "uniformly random legal moves"

    def __init__(self, game: Game | random.Random, seat: int = 0, seed: int = 0, **options: Any):
        rng = game if isinstance(game, random.Random) else None  # old form: RandomAgent(rng)
        super().__init__(None if rng else game, seat, seed, **options)  # type: ignore[arg-type]
        if rng is not None:
            self.rng = rng

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


@register("greedy")
class GreedyAgent(Agent):
    """One turn of lookahead: try each legal action, finish the turn with the best follow-ups,
    score the result with the rules file's `heuristic(p)` or `chance(p)` (or the default estimate)."""

    name = "greedy"
    description = "best move by a heuristic after finishing its own turn"
    options = {
        "depth": (int, 4, "own decisions looked at in one turn (the first included)"),
        "budget": (int, 400, "most states scored per move; past it, follow-ups are not searched"),
        "heuristic": (str, "auto", "auto: the rules file's heuristic(p) if declared, else its chance(p), else "
                                   "the default estimate; or force 'rules', 'chance' or 'default'"),
    }
    SCORES = {"rules": HEURISTIC, "chance": CHANCE, "default": None}

    def __init__(self, game: Game, seat: int = 0, seed: int = 0, **options: Any):
        super().__init__(game, seat, seed, **options)
        if self.heuristic == "auto":
            self.heuristic = judged_by(game, ("rules", "chance"))
        if self.heuristic not in self.SCORES:
            raise AgentError(f"greedy: heuristic must be auto, rules, chance or default, not '{self.heuristic}'")
        self.scored_by = self.SCORES[self.heuristic]  # the definition the score calls, None for the default
        if self.scored_by is not None and not declares(game, self.scored_by):
            raise AgentError(f"greedy: {game.title} declares no 'def {self.scored_by}(p)'")
        self.uses_rules = self.scored_by is not None
        self.depth = max(1, self.depth)

    def score(self, state: State, player: int) -> tuple:
        """Higher is better for `player`: (outcome, value) where outcome is 0 lost, 1 open, 2 won."""
        if state.terminal:
            return (2, 0.0) if player in state.winners else (0, 0.0)
        if state.eliminated[player]:
            return (0, 0.0)
        if self.scored_by == CHANCE:
            return (1, _percent(self.game.call(state, CHANCE, player), self.game))
        if self.scored_by is not None:
            return (1, self.game.call(state, HEURISTIC, player))
        return (1, estimate(state)[player])

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        world = sample_information_set(state, me, self.rng)
        best: list[Action] = []
        best_score: tuple | None = None
        for action, value in self.judge(world, legal, me):
            if best_score is None or value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return self.rng.choice(best or legal)

    def judge(self, world: State, moves: list[Action], player: int) -> list[tuple[Action, tuple]]:
        """Each move with its value for `player`: the score after the best way to finish the
        turn, then the score right after the move, so that of two equally good moves the one that
        does more at once wins. A move the player may make but that is not possible in this sample
        is left out, and so is a move that changes nothing the score sees and does not end the
        turn (a signal), unless every move is such: followed by the good move it looks as good as
        the good move, and before a forced loss it looks better, so a player could make it for ever."""
        share = max(1, self.budget // len(moves))
        world.legal_actions()  # computed once, shared by the clones
        now = self.score(world, player)
        judged, idle = [], []
        for action in moves:
            after = _clone_with_moves(world)
            try:
                after.apply_action(action)
            except IllegalAction:
                continue
            line = self._value(after, player, world.turns, self.depth - 1, [share])
            at_once = self.score(after, player)
            stays = at_once == now and not _turn_over(after, player, world.turns)
            (idle if stays else judged).append((action, line + at_once))
        return judged or idle

    def _value(self, state: State, me: int, turn: int, depth: int, budget: list[int]) -> tuple:
        budget[0] -= 1
        mine = not state.terminal and state.current_player() == me and state.turns == turn
        if not mine or depth <= 0 or budget[0] <= 0:
            return self.score(state, me)
        best = None
        for action in state.legal_actions():
            after = _clone_with_moves(state)
            after.apply_action(action)
            value = self._value(after, me, turn, depth - 1, budget)
            best = value if best is None or value > best else best
        return best


class _Node:
    __slots__ = ("action", "player", "children", "visits", "reward", "avail", "samples")

    def __init__(self, action: Action | None, player: int):
        self.action = action
        self.player = player  # who chose `action`: the node's reward is theirs
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0  # iterations in which this node's action was legal when its parent was selected from
        self.samples = 0  # paired search: real iterations through this root move


Line = list[tuple[Action, State]]  # moves a policy chose, each with the state after it


def _ucb(node: _Node, c: float, available: int) -> float:
    """UCB1 over the samples in which the move was available (single-observer ISMCTS)."""
    return node.reward / node.visits + c * math.sqrt(math.log(available) / node.visits)


@register("ismcts")
class ISMCTSAgent(Agent):
    """Single-observer information-set Monte Carlo tree search with determinization."""

    name = "ismcts"
    description = "information-set Monte Carlo tree search"
    options = {
        "iterations": (int, 600, "search iterations per move (0: no limit, then 'time' must be set)"),
        "steps": (int, 0, "moves the search may try on its samples per decision; a budget of work, like time, "
                          f"but the same on every machine (0: {STEPS_PER_ITERATION} per iteration of the "
                          "budget, no limit without one)"),
        "time": (float, 0.0, "seconds per move at most (0: no limit); makes the agent depend on speed"),
        "c": (float, 0.5, "UCB exploration constant (rewards are between 0 and 1)"),
        "rollout": (int, 1, "a rollout stops when the searching player's N-th next turn begins, and the "
                            "estimate scores that state (0: play to the end of the game)"),
        "cutoff": (int, 0, "a rollout that has tried more than N moves stops at the searching player's next "
                           "turn, and the estimate scores it: long rollouts are cut where short ones "
                           "play on (0: no cutoff)"),
        "policy": (str, "best", "rollout moves: random; careful (never put yourself out when another move "
                                "does not); thrifty (careful, and end the turn safely in as few decisions as "
                                "possible); best (the safe end of the turn within two decisions that keeps "
                                "the most material)"),
        "widen": (float, 1.0, "progressive widening: a node with n visits has at most 1 + widen * sqrt(n) "
                              "children (0: every legal move is tried before any is selected again)"),
        "finish": (bool, False, "play the searching player's last turn of a rollout with the policy before "
                                "scoring it, so a position where it cannot go on scores as lost"),
        "prior": (float, 30.0, "virtual visits that start each of the searching player's moves at the value "
                               "greedy gives it (0: no prior)"),
        "paired": (bool, False, "every move of the searching player is tried on the same samples in the same "
                                "order (the k-th try of each on the k-th sample, with the same rollout luck), "
                                "so that the moves are compared on equal deals"),
        "beliefs": (int, 0, "deals of the unseen cards weighed by how well they explain the other players' "
                             "moves so far; the search draws its samples from them (0: uniform samples)"),
    }

    def __init__(self, game: Game, seat: int = 0, seed: int = 0, **options: Any):
        super().__init__(game, seat, seed, **options)
        if not self.iterations and not self.time and not self.steps:
            raise AgentError("ismcts: give an iteration, a steps or a time budget")
        if self.policy not in ROLLOUT_POLICIES:
            raise AgentError(f"ismcts: policy must be one of {', '.join(ROLLOUT_POLICIES)}, not '{self.policy}'")
        if self.paired and self.prior <= 0:
            raise AgentError("ismcts: paired=yes needs the prior (prior > 0), which gives every root move its node")
        self.last_iterations = self.steps_done = 0
        self.forced: _Node | None = None  # paired search: the root move the next iteration tries
        self.history = History(seat)
        # The prior needs values on the scale of the search's results (0 to 1): chance(p) has it;
        # a heuristic(p) has an order but no scale, so the prior then goes by greedy's ranking.
        scored = judged_by(game, ("chance", "rules"))
        self.ranked = scored == "rules"
        self.greedy = GreedyAgent(game, seat, 0, heuristic=scored)  # for the prior
        self.model = GreedyAgent(game, seat, 0, heuristic=scored, depth=2)  # of the other players, for beliefs
        self.evaluate = estimator(game)  # where a rollout stops
        self.beliefs_kept = Beliefs(self.history, self.beliefs, self._likelihood)

    def observe(self, state: State, action: Action) -> None:
        if self.beliefs:
            self.history.observe(state, action)

    def _sampler(self, state: State, me: int, rng: random.Random) -> Callable[[], State]:
        """Where the iterations' samples come from: deals weighed by the moves watched so far when
        there are any that lead to `state`, else uniform deals of the unseen cards."""
        if self.beliefs and self.history.follows(state):
            weighed = self.beliefs_kept.samples(state, rng)
            if weighed:
                worlds = [world for world, _ in weighed]
                cumulative = list(itertools.accumulate(weight for _, weight in weighed))

                def draw() -> State:
                    world = rng.choices(worlds, cum_weights=cumulative)[0].clone()
                    world.rng = rng.getrandbits(64)
                    return world
                return draw
            self.history.forget()  # the watched moves cannot be replayed: start again from here
        return lambda: sample_information_set(state, me, rng)

    def _likelihood(self, world: State, action: Action) -> float:
        """How likely a careful player was to make `action`: greedy's judgement of every legal move
        (with the default estimate and the rest of the turn, two decisions deep), the best sharing
        the chance; any move keeps a small one, since players are not greedy. A decision with more
        than JUDGED_MOVES options is not judged (1 for every move): it would cost too much."""
        legal = world.legal_actions()
        if len(legal) == 1 or len(legal) > JUDGED_MOVES:
            return 1.0
        judged = self.model.judge(world, legal, world.current_player())
        top = max(value for _, value in judged)
        best = [move for move, value in judged if value == top]
        chosen = (1.0 - SURPRISE) / len(best) if action in best else 0.0
        return chosen + SURPRISE / len(legal)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        allowed = set(legal)
        root = _Node(None, -1)
        sample = self._sampler(state, me, self.rng)
        if self.prior > 0:
            self._seed(sample(), legal, root, me)
        if self.paired and root.children:
            source = random.Random(self.rng.getrandbits(64))  # the iterations reseed self.rng
            sample = self._paired(self._sampler(state, me, source), root, source)
        deadline = time.perf_counter() + self.time if self.time else math.inf
        # Where a move is costly to work out (long turns, long rollouts), the iterations alone
        # would take many seconds: by default the work is capped at what a light game's iterations take.
        steps = self.steps or (STEPS_PER_ITERATION * self.iterations if self.iterations else math.inf)
        done = self.steps_done = 0
        while (not self.iterations or done < self.iterations) and (done == 0 or time.perf_counter() < deadline
                                                                   and self.steps_done < steps):
            self._iterate(sample(), root, allowed, me)
            done += 1
        self.last_iterations = done
        options = [root.children[a] for a in legal if a in root.children]
        if not options:
            return legal[0]
        return max(options, key=lambda node: (node.visits, node.reward)).action

    def _paired(self, sample: Callable[[], State], root: _Node, source: random.Random) -> Callable[[], State]:
        """Samples for a paired search: the root move UCB picks next is tried on the sample its
        earlier tries have not used yet, with the same seed for the luck of the rollout, so two
        moves tried k times have been tried on the same k deals. Comparing moves on equal deals
        takes the luck of the deal out of their difference."""
        shared: list[tuple[State, int]] = []
        c = self.c

        def draw() -> State:
            best = max(root.children.values(), key=lambda child: _ucb(child, c, child.avail + 1))
            while len(shared) <= best.samples:
                shared.append((sample(), source.getrandbits(64)))
            world, luck = shared[best.samples]
            self.rng.seed(luck)
            self.forced = best
            return world.clone()
        return draw

    def _seed(self, world: State, legal: list[Action], root: _Node, me: int) -> None:
        """Progressive bias at the root: each move starts with `prior` virtual visits worth what
        greedy's one-turn lookahead (on one sample) thinks of it. A young search then plays like
        greedy, and the search overrules it only where its samples disagree often enough. Judged
        by a heuristic, which has no scale, greedy's best move is worth 1, its worst 0, and the
        others spread between them by rank."""
        judged = self.greedy.judge(world, legal, me)  # a move not possible here: no prior
        if self.ranked:
            order = sorted({value for _, value in judged})
            rank = {value: i / (len(order) - 1) if len(order) > 1 else 0.5 for i, value in enumerate(order)}
            worth = [(action, rank[value]) for action, value in judged]
        else:
            worth = [(action, value if outcome == 1 else outcome / 2) for action, (outcome, value, *_) in judged]
        for action, value in worth:
            node = root.children[action] = _Node(action, me)
            node.visits = node.avail = self.prior
            node.reward = self.prior * value

    def _iterate(self, world: State, root: _Node, allowed: set[Action], me: int) -> None:
        """One iteration on one sample: select, expand, roll out, back up."""
        c, widen = self.c, self.widen
        node = root
        path = []
        forced, self.forced = self.forced, None
        if forced is not None and forced.action in world.legal_actions():
            for child in root.children.values():
                child.avail += 1
            forced.samples += 1
            world.apply_action(forced.action)
            self.steps_done += 1
            path.append(forced)
            node = forced
        while not world.is_terminal():
            actions = world.legal_actions()
            if node is root:
                actions = [a for a in actions if a in allowed]
                if not actions:
                    return
            present = [node.children[a] for a in actions if a in node.children]
            room = not widen or len(node.children) < 1 + widen * math.sqrt(node.visits)
            if len(present) < len(actions) and (room or not present):
                world = self._expand(world, node, actions, present, path)
                break
            best, best_value = None, -math.inf
            for child in present:  # select by UCB among the children this sample allows
                child.avail += 1
                value = _ucb(child, c, child.avail)
                if value > best_value:
                    best, best_value = child, value
            world.apply_action(best.action)
            self.steps_done += 1
            path.append(best)
            node = best
        result = self.play_out(world, me)
        root.visits += 1  # progressive widening counts the root's visits too
        for visited in path:
            visited.visits += 1
            visited.reward += result[visited.player]

    def _expand(self, world: State, node: _Node, actions: list[Action], present: list[_Node],
                path: list[_Node]) -> State:
        """Add a child: when none of the node's children is legal in this sample, the move the
        rollout policy picks (with the policy's next move in the same turn, if it took two);
        otherwise a random untried move."""
        player = world.current_player()
        if not present:
            line = self._policy(world, actions)
            for action, _ in line:
                child = node.children[action] = _Node(action, player)
                path.append(child)
                node = child
            return line[-1][1]
        untried = [a for a in actions if a not in node.children]
        action = untried[self.rng.randrange(len(untried))]
        child = node.children[action] = _Node(action, player)
        path.append(child)
        world.apply_action(action)
        self.steps_done += 1
        return world

    def play_out(self, world: State, me: int) -> list[float]:
        """Each player's result of playing on from `world` with the rollout policy, as the search
        scores a leaf (public, so that benchmarks can value moves the way the search does). With
        `rollout=N`, stop when the N-th next turn of the searching player begins (so every leaf is
        judged at the same point of the round). A rollout longer than ROLLOUT_DECISIONS decisions
        is judged where it stands: a move that changes nothing (a signal, say) would otherwise let
        the policy play on forever."""
        turn, left, finishing = world.turns, self.rollout or math.inf, False
        stop = world.decisions + ROLLOUT_DECISIONS
        cut = self.steps_done + self.cutoff if self.cutoff else math.inf
        while not world.is_terminal():
            if world.decisions >= stop:
                return self.evaluate(world)
            if world.turns != turn:  # a new turn begins
                turn = world.turns
                if finishing:
                    return self.evaluate(world)
                if world.current_player() == me or world.eliminated[me]:
                    left -= 1
                    if left <= 0 or self.steps_done > cut:
                        if not self.finish or world.eliminated[me]:
                            return self.evaluate(world)
                        finishing = True  # play that turn too: can the player still go on?
            world = self._policy(world, world.legal_actions())[-1][1]
        return world.returns()

    def _policy(self, world: State, actions: list[Action]) -> Line:
        """The rollout policy's next move (or two moves of the same turn), with the states after them.

        random: any legal move. careful: a random move that does not put its own player out, if
        there is one. thrifty: a random move that ends the turn safely at once; else two moves that
        do; else as careful. best: of the safe ways to end the turn within two decisions, one that
        keeps the most material; else as careful."""
        rng = self.rng
        if len(actions) == 1 or self.policy == "random":
            action = actions[rng.randrange(len(actions))]
            world.apply_action(action)
            self.steps_done += 1
            return [(action, world)]
        player, turn = world.current_player(), world.turns
        going_on: Line = []
        last: Line = []
        for action in rng.sample(actions, len(actions)):
            trial = self._tried(world, action)
            if _lost(trial, player):
                last = [(action, trial)]  # puts its own player out: only if nothing else will do
            elif self.policy == "careful" or (self.policy == "thrifty" and _turn_over(trial, player, turn)):
                return [(action, trial)]
            else:
                going_on.append((action, trial))
        if self.policy == "best":
            return self._best_ending(going_on, player, turn) or last
        for action, trial in going_on:  # thrifty: look one decision further for a safe end of the turn
            follow = trial.legal_actions()
            for second in rng.sample(follow, len(follow)):
                after = self._tried(trial, second)
                if not _lost(after, player) and _turn_over(after, player, turn):
                    return [(action, trial), (second, after)]
        return going_on[:1] or last

    def _tried(self, state: State, action: Action) -> State:
        """A copy of `state` after `action`, counted as a step of the search."""
        after = _clone_with_moves(state)
        after.apply_action(action)
        self.steps_done += 1
        return after

    def _best_ending(self, trials: Line, player: int, turn: int) -> Line:
        """The safe end of the turn within two decisions that keeps the most material (ties at
        random; a move that wins the game beats them all), searched best-first: a move that does
        not end the turn is looked into only while the material it keeps could still beat the
        best ending found. At most FOLLOW_UPS second moves are tried: where a turn takes more
        decisions, none of them ends it, and trying them all made each rollout step cost a
        thousand moves. With no safe ending in sight, a random safe move (as careful)."""
        best: Line = []
        best_value = -math.inf
        going_on = []
        looked = 0
        for action, trial in trials:  # in random order
            value = _kept(trial, player)
            if _turn_over(trial, player, turn):
                if value > best_value:
                    best, best_value = [(action, trial)], value
            else:
                going_on.append((value, action, trial))
        fallback = going_on[:1]  # a random safe move, as careful plays; the most material may be a move
        # that changes no card (a signal), which never ends the turn
        going_on.sort(key=lambda entry: -entry[0])  # stable: the random order breaks ties
        for bound, action, trial in going_on:
            if bound <= best_value or looked >= FOLLOW_UPS:
                break
            follow = trial.legal_actions()
            for second in self.rng.sample(follow, len(follow)):
                looked += 1
                if looked > FOLLOW_UPS:
                    break
                after = self._tried(trial, second)
                if _lost(after, player) or not _turn_over(after, player, turn):
                    continue
                value = _kept(after, player)
                if value > best_value:
                    best, best_value = [(action, trial), (second, after)], value
                    if value >= bound:
                        break
        if not best and fallback:
            _, action, trial = fallback[0]
            return [(action, trial)]
        return best


def _kept(state: State, player: int) -> float:
    """What the best rollout policy keeps by ending its turn in `state`: its material, or
    everything if it has won."""
    return math.inf if state.terminal and player in state.winners else material(state, player)


def _turn_over(state: State, player: int, turn: int) -> bool:
    return state.terminal or state.turns != turn or state.current_player() != player


ROLLOUT_POLICIES = ("random", "careful", "thrifty", "best")


def _clone_with_moves(state: State) -> State:
    """A clone that keeps the legal moves already computed (they are immutable), so that applying
    one of them does not enumerate them again."""
    copy = state.clone()
    known = getattr(state, "_legal", None)
    if known is not None:
        copy._legal = list(known)
    return copy
