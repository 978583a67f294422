"""What a player may type at the move prompt besides a move: `rules`, `?` (the moves and these commands),
`save FILE` and `quit`; an entry -> done here, or the word that it was not one of them."""

from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.text import Text

from .. import CheckedRules
from ..diagnostics import RulesError
from ..engine import State
from ..engine.game import rules_digest
from ..simulation.records import PlayRecord
from .common import CliError
from .recordfiles import check_target, write_record
from .render import CardPainter, in_table_order, render_moves

QUIT = "quit"  # the entry asks to leave the game
DONE = "done"  # the entry was a command, and it is done: ask for the move again

COMMANDS_HELP = ("Besides a move you may type: [bold]rules[/] (the rules of this game), [bold]save FILE[/] (save the "
                 "game; [bold]cardrules play --resume FILE[/] goes on with it), [bold]quit[/] (leave the game), "
                 "[bold]?[/] (this list).")


def _words(text: str) -> str:
    return " ".join(text.lower().split())


class InGame:
    """The commands of one game: `rules` needs the checked rules and options (`rules()`: read when a player asks,
    as a game that starts warm has not read them), `save` the record so far (`saved(state)`: the game's record
    with its position)."""

    def __init__(self, console: Console, painter: CardPainter, rules: Callable[[], CheckedRules] | None,
                 saved: Callable[[State], PlayRecord] | None):
        self.console, self.painter, self.rules, self.saved = console, painter, rules, saved

    def handle(self, entry: str, state: State) -> str | None:
        """QUIT, DONE, or None when `entry` is not a command (then it is a move, or a mistake)."""
        words = _words(entry)
        first, _, rest = entry.strip().partition(" ")
        if words in ("q", "quit", "exit"):
            return QUIT
        if words in ("?", "help", "moves"):
            view = state.view(state.current_player())
            self.console.print(render_moves(self.painter, in_table_order(state.game, view, state.legal_actions())))
            self.console.print(Text.from_markup(COMMANDS_HELP), soft_wrap=True)
            return DONE
        if words in ("rules", "explain"):
            self._rules(state)
            return DONE
        if first.lower() == "save":
            self._save(state, rest.strip())
            return DONE
        return None

    def _rules(self, state: State) -> None:
        try:
            rules = self.rules() if self.rules is not None else None
        except (CliError, RulesError) as exc:  # the file changed or went away since the game started
            rules = None
            self.console.print(Text(str(exc), style="red"), soft_wrap=True)
        if rules is not None and rules_digest(rules.sources) != state.game.rules_digest:
            rules = None  # read now, they are not the rules this game is played by
            self.console.print(Text("The rules file has changed since this game started.", style="red"))
        if rules is None:
            self.console.print(Text("The rules are not at hand in this game.", style="red"))
            return
        # (the explainer reads the rules' syntax tree: imported when a player asks, not by every game's start)
        from ..authoring.explain import explain
        from .reports import render_explanation
        self.console.print(render_explanation(explain(rules, dict(state.game.options))), soft_wrap=True)

    def _save(self, state: State, path: str) -> None:
        """Write the game so far to `path`; a file that cannot be written is said in one line, and the
        game goes on (another name may do)."""
        if not path:
            self.console.print(Text("Write where to save the game: save FILE, e.g. save game.json", style="red"))
            return
        if self.saved is None:
            self.console.print(Text("This game cannot be saved.", style="red"))
            return
        try:
            check_target(path, state.game, "save")
            write_record(path, self.saved(state), "save")
        except CliError as exc:
            self.console.print(Text(f"Not saved: {exc.message}.", style="red"), soft_wrap=True)
            return
        self.console.print(Text(f"Saved to {path}: 'cardrules play --resume {path}' goes on from here.",
                                style="green"), soft_wrap=True)
