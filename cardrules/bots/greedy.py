"""The `greedy` agent: one turn of lookahead, scored by the file's heuristic(p) or chance(p) or an estimate."""

from __future__ import annotations

from typing import Any

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
        "budget": (int, 400, "most states scored per move after the move itself: each move's line gets an even "
                             "share, and a position's follow-ups are searched only if its line can score all"),
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
        Such an idle move's line is searched only when every move is idle (each move searches on a
        budget of its own, so skipping one changes no other move's value)."""
        share = self.budget // len(moves)
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
            if at_once == now and not turn_over(after, player, world.turns):
                idle.append((action, after, at_once))
            else:
                judged.append((action, self._value(after, player, world.turns, self.depth - 1, [share], at_once)
                               + at_once))
        if judged:
            return judged
        return [(action, self._value(after, player, world.turns, self.depth - 1, [share], at_once) + at_once)
                for action, after, at_once in idle]

    def _value(self, state: State, me: int, turn: int, depth: int, budget: list[int], scored: tuple | None = None
               ) -> tuple:
        """The best score `me` can reach by finishing the turn from `state` (`scored`: its score, if known).

        `budget` holds how many more positions this line may score. A position's follow-ups are searched only
        when it covers every one of them (they are paid for up front, before the first is searched deeper), so
        the line scores at most that many positions and a position is searched in full or not at all."""
        mine = not state.terminal and state.current_player() == me and state.turns == turn
        if mine and depth > 0:
            moves = state.legal_actions()
            if len(moves) <= budget[0]:
                budget[0] -= len(moves)
                best = None
                for action in moves:
                    after = state.clone_with_moves()
                    after.apply_action(action)
                    value = self._value(after, me, turn, depth - 1, budget)
                    best = value if best is None or value > best else best
                return best
        return self.score(state, me) if scored is None else scored


def judged_by(game: Game, preference: tuple[str, ...]) -> str:
    """The first of greedy's scores ('rules': heuristic(p), 'chance': chance(p)) that the rules
    file declares, in order of preference; 'default' (the default estimate) if none."""
    return next((kind for kind in preference if declares(game, GreedyAgent.SCORES[kind])), "default")
