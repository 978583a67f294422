"""The `ismcts` agent: information-set Monte Carlo tree search over samples of what its player cannot see."""

from __future__ import annotations

import itertools
import math
import random
import time
from typing import Any, Callable

from ..engine import Action, Game, State
from ..engine.secret import settle
from .base import Agent, AgentError, register
from .beliefs import Beliefs, History, sample_information_set
from .evaluation import estimator, free_move, kept, lost, turn_over
from .greedy import GreedyAgent, judged_by

SURPRISE = 0.1  # ismcts's beliefs: the chance that a player's move is not the one a careful player would make
ROLLOUT_DECISIONS = 100  # ismcts: decisions in one rollout at most
FOLLOW_UPS = 64  # ismcts's best rollout policy: second moves tried per decision at most
JUDGED_MOVES = 20  # ismcts's beliefs: decisions with more options than this are not judged
DEFAULT_TIME = 0.2  # ismcts: seconds a move when no budget is given (the prior and the samples included)
STEPS_PER_ITERATION = 70  # ismcts: default cap on the work per iteration of the budget (a light game uses under 50)
ROLLOUT_POLICIES = ("random", "careful", "thrifty", "best")
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}  # what a time budget counts


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
        "iterations": (int, 0, "search iterations per move at most (0: no limit); reproducible: given without "
                               "'time', the search has no time limit"),
        "steps": (int, 0, "moves the search may try on its samples per decision; a budget of work, like time, "
                          f"but the same on every machine (0: {STEPS_PER_ITERATION} per iteration of the "
                          "budget, no limit without one)"),
        "time": (float, DEFAULT_TIME, f"seconds of thinking per move at most (default {DEFAULT_TIME}, none when "
                                      "iterations or steps is given without time; 0: no limit). A time budget "
                                      "makes the choices depend on the machine's speed and load: use "
                                      "iterations=N for reproducible games"),
        "clock": (str, "wall", "what 'time' counts: wall (seconds elapsed) or cpu (this process's CPU seconds, "
                               "steadier on a busy machine)"),
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
        if "time" not in options and ("iterations" in options or "steps" in options):
            self.time = 0.0  # a budget of iterations or steps alone: the same search on every machine
        if self.clock not in CLOCKS:
            raise AgentError(f"ismcts: clock must be {' or '.join(CLOCKS)}, not '{self.clock}'")
        self.timer: Callable[[], float] = CLOCKS[self.clock]  # tests put a fake clock here
        if not self.iterations and not self.time and not self.steps:
            raise AgentError("ismcts: give an iteration, a steps or a time budget")
        if self.policy not in ROLLOUT_POLICIES:
            raise AgentError(f"ismcts: policy must be one of {', '.join(ROLLOUT_POLICIES)}, not '{self.policy}'")
        if self.paired and self.prior <= 0:
            raise AgentError("ismcts: paired=yes needs the prior (prior > 0), which gives every root move its node")
        self.last_iterations = self.steps_done = 0
        self.idled: tuple[int, int] | None = None  # (turn, decision) at which our last move, a free one, left us
        self.deadline = math.inf  # of the time budget, for the move being chosen
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
                    if world.secret is not None:  # the other players' secret choices: drawn, never read
                        settle(world, me, rng)
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
        # The time budget counts from here: drawing the samples and the greedy prior are thinking too.
        self.deadline = deadline = self.timer() + self.time if self.time else math.inf
        me = state.current_player()
        probe = self._probe(state, me)
        if self.idled == (state.turns, state.decisions):  # our last move, in this very turn, changed nothing
            legal = [action for action in legal if not free_move(probe, action)] or legal
        allowed = set(legal)
        root = _Node(None, -1)
        sample = self._sampler(state, me, self.rng)
        if self.prior > 0:
            self._seed(sample(), legal, root, me)
        if self.paired and root.children:
            source = random.Random(self.rng.getrandbits(64))  # the iterations reseed self.rng
            sample = self._paired(self._sampler(state, me, source), root, source)
        # Where a move is costly to work out (long turns, long rollouts), the iterations alone
        # would take many seconds: by default the work is capped at what a light game's iterations take.
        steps = self.steps or (STEPS_PER_ITERATION * self.iterations if self.iterations else math.inf)
        done = self.steps_done = 0
        # Every budget given is a most: the first one reached ends the search (one iteration at least).
        timer = self.timer
        while (not self.iterations or done < self.iterations) and (done == 0 or self.steps_done < steps
                                                                   and timer() < deadline):
            self._iterate(sample(), root, allowed, me)
            done += 1
        self.last_iterations, self.deadline = done, math.inf  # play_out called on its own has no deadline
        options = [root.children[a] for a in legal if a in root.children]
        chosen = max(options, key=lambda node: (node.visits, node.reward)).action if options else legal[0]
        self.idled = (state.turns, state.decisions + 1) if free_move(probe, chosen) else None
        return chosen

    @staticmethod
    def _probe(state: State, me: int) -> State:
        """A sample of what `me` sees, drawn with a generator of its own (the search's draws stay as they
        were), on which to tell the moves that change variables only (`free_move`): like everything the
        search knows, it depends on the player's view alone."""
        return sample_information_set(state, me, random.Random(0))

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
        the policy play on forever; so is one still going when the time budget runs out, so that a
        long rollout (a game of many small moves) does not carry the move past its time."""
        turn, left, finishing = world.turns, self.rollout or math.inf, False
        stop = world.decisions + ROLLOUT_DECISIONS
        cut = self.steps_done + self.cutoff if self.cutoff else math.inf
        deadline, timer = self.deadline, self.timer
        while not world.is_terminal():
            if world.decisions >= stop or deadline != math.inf and timer() >= deadline:
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
            if lost(trial, player):
                last = [(action, trial)]  # puts its own player out: only if nothing else will do
            elif self.policy == "careful" or (self.policy == "thrifty" and turn_over(trial, player, turn)):
                return [(action, trial)]
            else:
                going_on.append((action, trial))
        if self.policy == "best":
            return self._best_ending(going_on, player, turn) or last
        for action, trial in going_on:  # thrifty: look one decision further for a safe end of the turn
            follow = trial.legal_actions()
            for second in rng.sample(follow, len(follow)):
                after = self._tried(trial, second)
                if not lost(after, player) and turn_over(after, player, turn):
                    return [(action, trial), (second, after)]
        return going_on[:1] or last

    def _tried(self, state: State, action: Action) -> State:
        """A copy of `state` after `action`, counted as a step of the search."""
        after = state.clone_with_moves()
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
            value = kept(trial, player)
            if turn_over(trial, player, turn):
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
                if lost(after, player) or not turn_over(after, player, turn):
                    continue
                value = kept(after, player)
                if value > best_value:
                    best, best_value = [(action, trial), (second, after)], value
                    if value >= bound:
                        break
        if not best and fallback:
            _, action, trial = fallback[0]
            return [(action, trial)]
        return best
