"""Terminal snapshots: the screen of `cardrules play` for each bundled game, compared with a golden file.

Each bundled game (`cardrules.resources.bundled_games()`) has `golden/screens/GAME.txt`: the whole text
`cardrules play GAME --seed 1` prints at 80 columns, without colour, for the human in seat 0 against the
default opponents. The human types `1` (the first listed move) for their first `HUMAN_MOVES` decisions;
then a greedy bot plays for them to the end, so the file holds the opening table, the prompt, a few moves
and the game-over screen, all as seat 0 sees them. A line `[snapshot] ...` marks where the bot takes over
(the harness writes it; the game does not). `hot-seat-red7.txt` is a game of two humans on one terminal: the
harness passes for a terminal (so the screen is cleared between players, shown as a `[screen cleared]`
line) and the test checks that every screen shows the hand of its own player only.

Regenerate after a change of the screen with `UPDATE_GOLDEN=1 pytest -n 0 tests/cli/test_screens.py` and review
the diff (`git diff tests/cli/golden/screens`): it is the change every player will see.
"""

from __future__ import annotations

import builtins
import difflib
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.markup import escape
from rich.text import Text
from typer.testing import CliRunner

from cardrules import cli
from cardrules.bots import inform, make_agent
from cardrules.cli import play as play_command
from cardrules.resources import bundled_games
from cardrules.simulation import derive_seed

SCREENS = Path(__file__).parent / "golden" / "screens"
SEED = 1
HUMAN_MOVES = 3
HOT_SEAT = "hot-seat-red7.txt"
STYLED = "styled-red7.txt"
EXTREME = "the-game-extreme.txt"  # The Game: Extreme: the captions of the command cards (`caption:`)
CLEAR = "\x1b[3J\x1b[2J\x1b[H"  # play.clear_screen
# The one human seat's input: the first listed move each time, then a greedy bot. The bots' moves follow
# from the seed, so the snapshot only changes when what the game prints changes.
ENV = {"COLUMNS": "80", "LINES": "50", "NO_COLOR": "1", "TERM": "dumb"}


class TakeOver:
    """A human's seat: their own seat object for its first `moves` decisions, then a greedy bot."""

    def __init__(self, human: Any, game, seed: int, seat: int, moves: int):
        self.human, self.seat, self.moves = human, seat, moves
        self.agent = make_agent("greedy", game, seat, derive_seed(seed, seat))

    def choose(self, state):
        if self.moves > 0:
            self.moves -= 1
            return self.human.choose(state)
        if self.moves == 0:
            self.moves = -1
            print(f"[snapshot] from here a greedy bot plays for P{self.seat}")
        return self.agent.choose(state)

    def observe(self, state, action) -> None:
        inform([self.agent], state, action)


def echoing_input(prompt: str = "") -> str:
    """input() as on a terminal: what is typed shows after the prompt (rich's Console.input calls input())."""
    sys.stdout.write(prompt)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    sys.stdout.write(line.rstrip("\n") + "\n")
    return line.rstrip("\n")


def run_play(monkeypatch, args: list[str], input: str, moves: dict[int, int] | None = None,
             env: dict | None = None) -> str:
    """The output of `cardrules play ARGS` with `input` typed (echoed, as on a terminal); the seats of
    `moves` (seat -> decisions) are taken over by a greedy bot after so many decisions."""
    real = play_command.play_match

    def handing_over(game, n, seed, seats, *rest, **named):
        seats = [TakeOver(chooser, game, seed, seat, moves[seat]) if seat in moves else chooser
                 for seat, chooser in enumerate(seats)]
        return real(game, n, seed, seats, *rest, **named)
    if moves:
        monkeypatch.setattr(play_command, "play_match", handing_over)
    monkeypatch.setattr(builtins, "input", echoing_input)
    result = CliRunner().invoke(cli.app, ["play", *args], input=input, env={**ENV, **(env or {})})
    assert "Traceback" not in result.output and result.exit_code == 0, result.output
    return result.output


def compare(path: Path, text: str) -> None:
    """`text` is the golden file `path`, or the test fails with a unified diff (UPDATE_GOLDEN=1 rewrites it)."""
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert path.exists(), f"no snapshot {path.name}: write it with UPDATE_GOLDEN=1 pytest -n 0 {__file__} and review it"
    expected = path.read_text()
    if text != expected:
        diff = difflib.unified_diff(expected.splitlines(keepends=True), text.splitlines(keepends=True),
                                    f"{path.name} (golden)", f"{path.name} (now)")
        pytest.fail("the screen changed; review, then regenerate with UPDATE_GOLDEN=1:\n" + "".join(diff),
                    pytrace=False)


def screen(monkeypatch, game: str) -> str:
    return run_play(monkeypatch, [game, "--seed", str(SEED)], "1\n" * HUMAN_MOVES, moves={0: HUMAN_MOVES})


@pytest.mark.parametrize("game", sorted(bundled_games()))
def test_the_screen_of_each_bundled_game(monkeypatch, game):
    text = screen(monkeypatch, game)
    assert text.count("[snapshot]") == 1 and "Game over after" in text and "Game abandoned" not in text
    assert "\x1b" not in text and max(len(line) for line in text.splitlines()) <= 80
    compare(SCREENS / f"{game}.txt", text)


def test_the_screen_of_the_extreme_game_captions_its_command_cards(monkeypatch):
    text = run_play(monkeypatch, ["the-game", "-o", "extreme", "--seed", str(SEED)], "1\n" * HUMAN_MOVES,
                    moves={0: HUMAN_MOVES})
    hand = next(line for line in text.splitlines() if "hand:" in line and "cards" not in line)
    assert re.search(r"\d+ [A-Z_]{4,}", hand), f"the seed must deal a command card to P0: {hand}"
    assert max(len(line) for line in text.splitlines()) <= 80
    compare(SCREENS / EXTREME, text)


def test_every_snapshot_is_of_a_bundled_game():
    names = {path.stem for path in SCREENS.glob("*.txt") if path.name not in (HOT_SEAT, STYLED, EXTREME)}
    assert names == set(bundled_games()), "a snapshot without its game, or a game without its snapshot"


def hot_seat(monkeypatch) -> str:
    """Red7 with two humans at one terminal, each taking their first move for two turns; then bots finish."""
    turn = "\n" + "\n" + "1\n1\n"  # the last player is done; the next is there; a card to the palette, then the rule
    args = ["red7", "--seed", str(SEED), "--seat", "0=human", "--seat", "1=human"]
    raw = run_play(monkeypatch, args, "\n1\n1\n" + turn * 3, moves={0: 4, 1: 4}, env={"TTY_COMPATIBLE": "1"})
    return raw.replace(CLEAR, "[screen cleared]\n")


def test_a_hot_seat_screen_shows_the_hand_of_its_player_only(monkeypatch):
    text = hot_seat(monkeypatch)
    assert "\x1b" not in text  # the clearing is the only control sequence, and it is written out as words
    screens = text.split("[screen cleared]")
    assert len(screens) >= 4
    for part in screens[1:]:  # each begins with the player confirming they sit at the terminal
        part = part.partition("[snapshot]")[0]  # the end of the game shows what `reveal at end` reveals
        player = re.search(r"press Enter when you are (P\d)", part).group(1)
        other = "P1" if player == "P0" else "P0"
        seen = re.findall(r"^  (P\d)(?: \(you\))?.*\n    hand: +(.*)$", part, re.MULTILINE)
        assert seen and all(re.fullmatch(r"\d+ cards?", hand) for seat, hand in seen if seat == other), part
        assert f"{player} (you)" in part and f"{other} (you)" not in part
    compare(SCREENS / HOT_SEAT, text)


def test_a_hot_seat_catch_up_shows_only_what_happened_since_its_player_last_moved(monkeypatch):
    screens = hot_seat(monkeypatch).split("[screen cleared]")
    caught_up = 0
    for part in screens[1:]:
        player = re.search(r"press Enter when you are (P\d)", part).group(1)
        catch_up = part.split("press Enter when you are", 1)[1].split("\n\n", 1)[0]
        assert f"{player} plays:" not in catch_up, f"{player} is shown their own last turn again:{catch_up}"
        caught_up += "plays:" in catch_up
    assert caught_up >= 2, "the game must hand over after moves for this test to mean anything"


SPINNER = re.compile(r"\x1b\[\?25l.*?\x1b\[\?25h\r\x1b\[1A\x1b\[2K", re.DOTALL)  # a bot "is thinking…"


def markup(text: Text) -> str:
    """A line as runs of one style each: `[bold color(1)]r3[/]`; unstyled text as it is."""
    runs = [(escape(seg.text), str(seg.style or "")) for seg in text.render(Console()) if seg.text]
    return "".join(f"[{style}]{part}[/]" if style and part.strip() else part for part, style in runs)


def test_the_styles_of_a_screen(monkeypatch):
    """Red7's screen in colour, each style written as rich markup ([bold]...[/bold]): a change of colour
    shows in the diff as words."""
    env = {"TTY_COMPATIBLE": "1", "FORCE_COLOR": "1", "NO_COLOR": "", "TERM": "xterm-256color", "COLORTERM": ""}
    raw = run_play(monkeypatch, ["red7", "--seed", str(SEED)], "1\n" * HUMAN_MOVES, moves={0: HUMAN_MOVES}, env=env)
    lines = [markup(Text.from_ansi(line)) for line in SPINNER.sub("", raw).splitlines()]
    assert any("[" in line and "[/" in line for line in lines), "no style at all: the colours were not on"
    compare(SCREENS / STYLED, "\n".join(lines) + "\n")
