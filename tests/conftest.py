"""Fixtures every folder shares: run the CLI, load games, build positions, make moves, play out, read texts.

Tests take them as arguments (never `from conftest import ...`). Each gives a function and is
session-scoped, so hypothesis tests may use it too. A folder's own conftest.py wraps them in its
game's words (tests/games/red7/conftest.py builds a position from palettes, hands and a rule).
"""

from __future__ import annotations

import random
import signal
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import Result
from typer.testing import CliRunner

# A shell starts a background job (`pytest &`) with Ctrl-C ignored, and a command the tests start would inherit
# that: the tests that stop a command with SIGINT would wait for nothing. A handler of our own is not inherited
# (a new program starts with the default), so the commands answer Ctrl-C as they do in a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

import cardrules  # noqa: E402
from cardrules import cli  # noqa: E402
from cardrules.engine.positions import load_position  # noqa: E402


@pytest.fixture(scope="session")
def invoke() -> Callable[..., Result]:
    """invoke(*args, input=None, env=None): run the `cardrules` app in this process and return its result.

    Arguments may be paths or numbers. A traceback in the output fails the test, and so does any
    exception but SystemExit (the commands exit that way, with their exit code)."""
    runner = CliRunner()

    def run(*args: Any, input: str | None = None, env: dict | None = None, **extra: Any) -> Result:
        result = runner.invoke(cli.app, [str(a) for a in args], input=input, env=env, **extra)
        assert "Traceback" not in result.output, result.output
        if result.exception is not None:
            assert isinstance(result.exception, SystemExit), repr(result.exception)
        return result
    return run


@pytest.fixture(scope="session")
def load_game() -> Callable[..., cardrules.Game]:
    """load_game(name, options=None): cardrules.load, compiled once per (name, options) for the session.

    Only for a test that leaves the game as it is; one that changes it loads its own."""
    games: dict[tuple, cardrules.Game] = {}

    def load(name: str, options: dict | None = None) -> cardrules.Game:
        key = (str(name), tuple(sorted((options or {}).items())))
        if key not in games:
            games[key] = cardrules.load(name, options)
        return games[key]
    return load


@pytest.fixture(scope="session")
def position() -> Callable[..., cardrules.State]:
    """position(game, zones, players=, to_move=, eliminated=, variables=, seed=, known=): a state at the start
    of a turn, through load_position (docs/positions.md). Zones are named as in a position file; what
    is left out takes the file's default (every unlisted card stays in its home zone)."""
    def build(game: cardrules.Game, zones: dict | None = None, *, players: int | None = None,
              to_move: int | None = None, eliminated: Any = None, variables: dict | None = None,
              seed: int | None = None, known: list | None = None) -> cardrules.State:
        given = {"players": players, "to_move": to_move, "zones": zones, "eliminated": eliminated,
                 "variables": variables, "seed": seed, "known": known}
        return load_position(game, {key: value for key, value in given.items() if value is not None})
    return build


@pytest.fixture(scope="session")
def playout() -> Callable[..., cardrules.State]:
    """playout(state, rng, limit=10_000): uniformly random legal moves until the game ends or `limit` moves
    were made. `rng` is a random.Random or a seed for one. Returns the state: the caller checks the end."""
    def play(state: cardrules.State, rng: random.Random | int, limit: int = 10_000) -> cardrules.State:
        chooser = rng if isinstance(rng, random.Random) else random.Random(rng)
        for _ in range(limit):
            if state.is_terminal():
                break
            state.apply_action(chooser.choice(state.legal_actions()))
        return state
    return play


@pytest.fixture(scope="session")
def texts() -> Callable[[cardrules.State], list[str]]:
    """texts(state): the texts of the legal moves, in the engine's order."""
    return lambda state: [action.text for action in state.legal_actions()]


@pytest.fixture(scope="session")
def play(texts) -> Callable[..., cardrules.State]:
    """play(state, *moves): make each move, by its text, after checking that it is legal; returns the state."""
    def make(state: cardrules.State, *moves: str) -> cardrules.State:
        for move in moves:
            assert move in texts(state), f"{move!r} should be legal; legal: {texts(state)}"
            state.apply_action(move)
        return state
    return make


@pytest.fixture(scope="session")
def card_texts() -> Callable[..., list[str]]:
    """card_texts(state, zone, seat=0): the texts of a zone's cards, bottom to top (`seat`: whose, for a zone
    per player)."""
    return lambda state, zone, seat=0: [state.game.card_texts[card] for card in state.zone_cards(zone, seat)]
