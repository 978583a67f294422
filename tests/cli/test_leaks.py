"""No player is shown a card hidden from them: every bundled game, player count and option set, over random playouts.

For each move of a few random playouts, the test collects every text each seat (and a spectator,
player -1) would be shown, written by the functions `cardrules play` prints with (cli/announce.py,
cli/render.py): the move and its events, the cards the seat came to know, the messages told to it,
the end-of-round summary, and the seat's own screen when it is to move (table, `show` lines,
prompt, moves). A card is hidden from a viewer at a move when its text appears in none of the
viewer's views of the move: before it, after it, and of a round as it ended within it (`State.view`,
the engine's own account of what a player sees and knows). Cards are found two ways: every card
the painter writes is marked («r3»), and the texts and full names of hidden cards are looked for as
words (those that are plain numbers only when marked: a number is also a count or a turn).
"""

from __future__ import annotations

import itertools
import random
import re
from io import StringIO
from typing import Any, Iterator

import pytest
from rich.console import Console
from rich.text import Text

import cardrules
from cardrules.cli.announce import before_move, move_lines, private_lines, seen_cards, seen_lines, view_for
from cardrules.cli.render import CardPainter, render_moves, render_view
from cardrules.resources import bundled_games, bundled_variants
from cardrules.values import Card

PLAYOUTS = 2
MAX_MOVES = 400
MARK = re.compile(r"«([^»]*)»")
CAPTION = re.compile(r"‹([^|›]*)\|[^›]*›")  # a card's caption (`caption:`), by the card's text


class MarkingPainter(CardPainter):
    """Writes every card it is given between « and », so that a card is found whatever its text."""

    def card(self, card: Card | str) -> Text:
        text = super().card(card)
        return Text.assemble("«", text, "»")

    def label(self, card: Card) -> Text:
        return Text.assemble("«", super().label(card), "»")

    def caption(self, card: Card | str) -> Text | None:
        """A caption as ‹card|words›: it must stand beside a card the viewer sees, like the card itself."""
        words = super().caption(card)
        text = self.game.card_texts[card] if isinstance(card, Card) else str(card)
        return None if words is None else Text.assemble("‹", text, "|", words, "›")


def plain(renderables: list[Any]) -> str:
    console = Console(file=StringIO(), width=200, color_system=None, legacy_windows=False)
    for item in renderables:
        console.print(item, soft_wrap=True)
    return console.file.getvalue()


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def visible(state: cardrules.State, viewer: int) -> set[str]:
    """The card texts `viewer` sees or knows, as the engine's view of the state says."""
    texts = set(state.game.card_texts)
    return {s for s in _strings(state.view(viewer).zones) if s in texts}


def leaks(game: cardrules.Game, text: str, allowed: set[str]) -> set[str]:
    """The cards of `text` whose text is not among `allowed`: marked ones, and hidden ones written as words."""
    labels = _labels(game)
    found = {labels.get(m, m) for m in MARK.findall(text) + CAPTION.findall(text)} - allowed
    assert found <= set(game.card_texts), f"marked words that are no card: {found - set(game.card_texts)}"
    words, texts = _word_finder(game)
    found |= {texts[word] for word in words.findall(MARK.sub(" ", text))} - allowed
    return found


_LABELS: dict[cardrules.Game, dict[str, str]] = {}  # by the game itself: an id may be reused
_FINDERS: dict[cardrules.Game, tuple[re.Pattern, dict[str, str]]] = {}


def _word_finder(game: cardrules.Game) -> tuple[re.Pattern, dict[str, str]]:
    """A pattern matching any card's text or full name as a word (plain numbers left out), and
    each such word -> the card's text."""
    if game not in _FINDERS:
        own = _own_words(game)
        texts = {word: game.card_texts[c] for c in game.cards for word in (game.card_texts[c], game.card_labels[c])
                 if not word.isdigit() and word not in own}
        words = "|".join(re.escape(w) for w in sorted(texts, key=len, reverse=True))
        _FINDERS[game] = (re.compile(rf"(?<!\w)(?:{words})(?!\w)" if words else r"(?!x)x"), texts)
    return _FINDERS[game]


def _own_words(game: cardrules.Game) -> set[str]:
    """Words the rules file writes itself, in its quoted texts and the names of its moves: a card called
    `chopsticks` beside a move called `chopsticks` is no leak when the move's name is printed. Such a card
    is still found when it is printed as a card (marked by the painter)."""
    said = [line for text in game.sources.values() for line in text.splitlines()
            if re.match(r"\s*(choose|say|show)\b", line)]  # questions, messages and labels, not card names
    quoted = {w for line in said for q in re.findall(r'"([^"]*)"', line) for w in re.findall(r"\w+", q)}
    moves = {option.name for decision in game.decisions.values() for option in decision.options}
    return quoted | moves


def _labels(game: cardrules.Game) -> dict[str, str]:
    """Full name -> text, for the cards whose full name differs from their text."""
    if game not in _LABELS:
        _LABELS[game] = {game.card_labels[c]: game.card_texts[c] for c in game.cards
                             if game.card_labels[c] != game.card_texts[c]}
    return _LABELS[game]


def shown_at_move(painter: CardPainter, before: cardrules.State, move, after: cardrules.State, viewer: int,
                  seen_before: set) -> list[Any]:
    """What `viewer` is told of one move (announce.py, as `play` prints it)."""
    lines: list[Any] = move_lines(painter, move, after, viewer)
    if viewer >= 0:
        lines += seen_lines(painter, seen_before, after, viewer) + private_lines(painter, after, viewer)
    for event in after.events:
        if event.kind == "round" and event.snapshot is not None:
            lines.append(render_view(after.game, view_for(event.snapshot, viewer), painter))
    return lines


def screen(painter: CardPainter, state: cardrules.State, seat: int) -> list[Any]:
    """The screen of the seat to move: its table, the prompt and its moves."""
    return [render_view(state.game, view_for(state, seat), painter, turn=state.turns), Text(state.prompt()),
            render_moves(painter, state.legal_actions())]


def check_playout(game: cardrules.Game, players: int, seed: int, render_move=shown_at_move) -> list[str]:
    """Play one random game; every leak found, as words."""
    painter, rng = MarkingPainter(game), random.Random(seed)
    state = game.new_initial_state(players, seed)
    viewers = [-1, *range(players)]
    problems = []
    for viewer in viewers:
        for card in leaks(game, plain([render_view(game, view_for(state, viewer), painter)]), visible(state, viewer)):
            problems.append(f"start, seen by P{viewer}: {card}")
    allowed = {v: visible(state, v) for v in viewers}  # what each viewer sees of the state as it stands
    for _ in range(MAX_MOVES):
        if state.is_terminal():
            break
        seat = state.current_player()
        for card in leaks(game, plain(screen(painter, state, seat)), allowed[seat]):
            problems.append(f"turn {state.turns}, P{seat}'s screen: {card}")
        action = rng.choice(state.legal_actions())
        before = state.clone()
        move = before_move(state, seat, action)
        seen = {v: seen_cards(state, v) for v in range(players)}
        state.apply_action(action)
        ended = [event.snapshot for event in state.events if event.snapshot is not None]  # a round, as it ended
        after = {v: visible(state, v) for v in viewers}  # (the next move's `allowed`: the state is the same)
        for viewer in viewers:
            text = plain(render_move(painter, before, move, state, viewer, seen.get(viewer, set())))
            shown = allowed[viewer].union(after[viewer], *(visible(s, viewer) for s in ended))
            for card in leaks(game, text, shown):
                problems.append(f"turn {state.turns}, P{seat} moved, told to P{viewer}: {card} in {text!r}")
        allowed = after
    return problems


def cases() -> Iterator[tuple[str, int, dict]]:
    """Every bundled game and variant, player count and on/off combination of its yes/no options."""
    for name in sorted({**bundled_games(), **bundled_variants()}):
        game = cardrules.prepare(name)  # checked, not compiled: the cases are listed as the tests are collected
        switches = {n: doc for n, doc in game.option_docs.items() if isinstance(doc.default, bool)}
        for players, values in itertools.product(range(game.min_players, game.max_players + 1),
                                                 itertools.product([False, True], repeat=len(switches))):
            options = dict(zip(switches, values))
            if all(value == doc.default or doc.players is None or doc.players[0] <= players <= doc.players[1]
                   for doc, value in zip(switches.values(), values)):  # else refused before the game starts
                yield name, players, options


CASES = list(cases())


def seeds(index: int) -> range:
    """A game's first case plays PLAYOUTS games; each of its other player counts and option sets plays one, each
    from a seed of its own (more deals seen in all for the suite's time)."""
    first = index == 0 or CASES[index - 1][0] != CASES[index][0]
    return range(PLAYOUTS) if first else range(PLAYOUTS + index, PLAYOUTS + index + 1)


@pytest.mark.parametrize("index", range(len(CASES)),
                         ids=[f"{n}-p{p}-" + ",".join(k for k, v in o.items() if v) for n, p, o in CASES])
def test_nobody_is_shown_a_card_hidden_from_them(index):
    name, players, options = CASES[index]
    game = cardrules.load(cardrules.find_game(name), options)
    problems = [p for seed in seeds(index) for p in check_playout(game, players, seed)]
    assert not problems, "\n".join(problems[:10])


def test_the_check_finds_a_move_printed_as_its_mover_sees_it():
    """The check can fail: printing each move in full (as `play` did before) is caught."""
    def in_full(painter, before, move, after, viewer, seen):
        return [Text.assemble(f"P{move.seat} plays: ", painter.action(move.action))]
    game = cardrules.load(cardrules.find_game("seven7s"))
    problems = [p for seed in range(4) for p in check_playout(game, 3, seed, in_full)]
    assert any("back" in p for p in problems), problems[:5]


def test_the_check_finds_a_caption_beside_a_hidden_card():
    """Captions are covered: The Game: Extreme's playouts draw them (and none is found beside a hidden card),
    and a screen that writes the captions of the mover's hand to everybody is caught."""
    game = cardrules.load(cardrules.find_game("the-game"), {"extreme": True})
    painter, state = MarkingPainter(game), game.new_initial_state(3, 0)
    drawn = plain([render_view(game, view_for(state, seat), painter) for seat in range(3)])
    assert CAPTION.search(drawn), "the deal of seed 0 must give a command card for this test to mean anything"
    assert not check_playout(game, 3, 0)

    def with_hand_captions(painter, before, move, after, viewer, seen):
        captions = [painter.caption(c) for c in before.zone_cards("hand", move.seat)]
        return [Text(" ").join(c for c in captions if c is not None)]
    problems = check_playout(game, 3, 0, with_hand_captions)
    assert any("told to P" in p and "‹" in p for p in problems), problems[:5]


def test_seven7s_wonders_look_is_told_to_nobody_else(invoke):
    """The repro of #21: `yes 1 | cardrules play seven7s -p 3 --seed 7` printed `P1 plays: back AG5`,
    a deck card P1 looked at in private (the opponents were random then; they are given explicitly now)."""
    result = invoke("play", "seven7s", "-p", "3", "--seed", "7", "--seat", "1=random", "--seat", "2=random",
                    input="1\n" * 400)
    assert result.exit_code == 0, result.output
    backs = re.findall(r"P([12]) plays: back (\S+)", result.output)
    assert backs, "the game no longer has another seat put a card back: choose another seed"
    assert all(card == "a" for _, card in backs), backs  # `back a card`
    assert "P1 plays: back a card" in result.output
