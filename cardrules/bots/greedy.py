"""The `greedy` agent: one turn of lookahead, scored by the file's heuristic(p) or chance(p) or an estimate."""

from __future__ import annotations

from collections import deque
from typing import Any

import attrs

from ..engine import Action, Game, IllegalAction, State
from .base import Agent, AgentError, register
from .beliefs import sample_information_set
from .evaluation import CHANCE, HEURISTIC, declares, estimate, percent, turn_over


@register("greedy")
class GreedyAgent(Agent):
    """One turn of lookahead: try each legal action, finish the turn with the best follow-ups,
    score the result with the rules file's `heuristic(p)` or `chance(p)` (or the default estimate)."""

    name = "greedy"
    description = "best move by a heuristic after finishing its own turn"
    options = {
        "depth": (int, 4, "own decisions looked at in one turn (the first included)"),
        "budget": (int, 60, "most positions scored per move past the moves themselves: breadth first, the moves "
                             "that score best at once first, a position's follow-ups all or none"),
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
            return (1, percent(self.game.call(state, CHANCE, player), self.game))
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
        the good move, and before a forced loss it looks better, so a player could make it for ever.
        Such an idle move's line is searched only when every move is idle."""
        world.legal_actions()  # computed once, shared by the clones
        now = self.score(world, player)
        judged, idle = [], []
        for action in moves:
            after = world.clone_with_moves()
            try:
                after.apply_action(action)
            except IllegalAction:
                continue
            at_once = self.score(after, player)
            stays = at_once == now and not turn_over(after, player, world.turns)
            (idle if stays else judged).append((action, Line(after, at_once, self.depth - 1)))
        lines = judged or idle
        self._search([line for _, line in lines], player, world.turns)
        return [(action, line.value() + line.scored) for action, line in lines]

    def _search(self, lines: list[Line], me: int, turn: int) -> None:
        """Search the lines' follow-ups within the budget: breadth first (every move's own follow-ups before
        any follow-up's), the moves that score best at once first, a position's follow-ups all or none (a
        position whose follow-ups the budget left cannot pay for all stays a leaf). Where the budget covers
        every line to its depth, this is the full search: each position's value the best of its follow-ups'."""
        budget = self.budget
        queue = deque(sorted(lines, key=lambda line: line.scored, reverse=True))  # stable: ties in move order
        while queue:
            line = queue.popleft()
            state = line.state
            line.state = None  # searched or not, the position is not needed any more
            if line.depth <= 0 or turn_over(state, me, turn):
                continue
            moves = state.legal_actions()
            if len(moves) > budget:
                continue
            budget -= len(moves)
            line.follow = []
            for action in moves:
                after = state.clone_with_moves()
                after.apply_action(action)
                follow = Line(after, self.score(after, me), line.depth - 1)
                line.follow.append(follow)
                if follow.depth > 0 and not turn_over(after, me, turn):
                    queue.append(follow)
                else:
                    follow.state = None  # a leaf whatever the budget: keep no copy alive


@attrs.define(slots=True)
class Line:
    """A position of greedy's search: its score for the searching player, the own decisions left to look at,
    and the positions after each of its moves once searched."""

    state: State | None
    scored: tuple
    depth: int
    follow: list[Line] | None = None

    def value(self) -> tuple:
        """The best score reachable from here: the position's own score, or the best of its follow-ups'."""
        if self.follow is None:
            return self.scored
        return max(follow.value() for follow in self.follow)


def judged_by(game: Game, preference: tuple[str, ...]) -> str:
    """The first of greedy's scores ('rules': heuristic(p), 'chance': chance(p)) that the rules
    file declares, in order of preference; 'default' (the default estimate) if none."""
    return next((kind for kind in preference if declares(game, GreedyAgent.SCORES[kind])), "default")
