"""The pipeline as a whole: grammar, façade, genericity of the package, runtime errors in rules terms."""

import re
from pathlib import Path

import pytest

import cardrules
from cardrules.language import nodes, syntax
from cardrules.resources import bundled_games

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "cardrules"
GENERIC_ZONE_WORDS = {"deck", "hand", "grid", "removed", "draw", "columns", "pile", "scored"}
GENERIC_OPTION_WORDS = {"advanced", "teams"}

MINI = """\
game "Mini"
players 2..2
attribute rank: 1..3
cards: rank -> pile
zone pile: stack, hidden
zone discard: stack, public
zone hand: per_player, owner
setup:
  deal 1 from pile to hand
turn:
  choose:
    play(card in hand(me)):
      move card to discard
after turn:
{after}
end when empty(hand(0)) and empty(hand(1)):
  win players
"""


def test_grammar_builds_in_strict_mode():
    parser = syntax.build_parser(strict=True)
    assert parser.options.parser == "lalr"


def test_parse_gives_frozen_nodes_with_spans_outside_equality():
    a = syntax.parse('game "X"\n', "a.rules").declarations[0]
    b = syntax.parse('\n\ngame "X"\n', "b.rules").declarations[0]
    assert a == b and a.span != b.span
    with pytest.raises(AttributeError):
        a.title = "Y"
    assert isinstance(a, nodes.GameDecl) and a.span.line == 1 and b.span.line == 3


def _words_of_bundled_games() -> tuple[set[str], set[str]]:
    """(names matched in any case: files, zones, cards, options; titles matched as written)."""
    names: set[str] = set()
    titles: set[str] = set()
    for name, path in bundled_games().items():
        names.add(name)
        rules = syntax.parse(path.read_text(), str(path))
        for decl in rules.declarations:
            match decl:
                case nodes.GameDecl(title):
                    titles.add(title)
                case nodes.ZoneDecl(zone) if zone not in GENERIC_ZONE_WORDS:
                    names.add(zone)
                case nodes.CardDecl(card) | nodes.OptionDecl(card) if card not in GENERIC_OPTION_WORDS:
                    names.add(card)
    return names, titles


def test_package_mentions_no_bundled_game():
    names, titles = _words_of_bundled_games()
    assert {"red7", "palette", "canvas", "extreme"} <= {w.lower() for w in names}
    by_name = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(names)) + r")\b", re.IGNORECASE)
    by_title = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(titles)) + r")\b")
    hits = []
    for source in PACKAGE.rglob("*.py"):
        for number, line in enumerate(source.read_text().splitlines(), 1):
            if by_name.search(line) or by_title.search(line):
                hits.append(f"{source.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not hits, "game-specific words in the generic package:\n" + "\n".join(hits)


def test_package_code_is_generic():
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        for pattern in (r"red ?7", "punto", r"seven ?7s", "palette", "canvas", "extreme"):
            assert re.search(pattern, text) is None, (path.name, pattern)


def test_every_bundled_game_checks_clean():
    for name, path in bundled_games().items():
        diagnostics = cardrules.check_source(path.read_text(), str(path))
        assert [d for d in diagnostics if d.severity == "error"] == [], name


def test_load_by_name_and_by_path_give_the_same_game():
    by_name = cardrules.load("red7")
    by_path = cardrules.load(ROOT / "games" / "red7.rules")
    assert by_name.card_texts == by_path.card_texts and by_name.title == by_path.title == "Red7"


def test_unknown_game_name_is_a_clear_error():
    with pytest.raises(FileNotFoundError, match="red7"):
        cardrules.load("no-such-game")


def test_runtime_error_points_at_the_rules_line():
    text = MINI.format(after="  move top(pile) to hand(me)")
    game = cardrules.load_source(text, "mini.rules")
    state = game.new_initial_state(2, seed=1)
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        while not state.is_terminal():
            state.apply_action(0)
    diag = info.value.diagnostics[0]
    assert (diag.path, diag.span.line) == ("mini.rules", 15)
    assert "no card to move" in diag.message


def test_endless_loop_is_stopped_with_a_message():
    text = MINI.format(after="  repeat:\n    pass")
    game = cardrules.load_source(text, "mini.rules")
    state = game.new_initial_state(2, seed=1)
    with pytest.raises(cardrules.RulesRuntimeError, match="without reaching a decision"):
        state.apply_action(0)


def test_illegal_action_is_refused():
    state = cardrules.load("red7").new_initial_state(2, seed=3)
    with pytest.raises(cardrules.IllegalAction):
        state.apply_action("palette nothing")
    with pytest.raises(cardrules.IllegalAction):
        state.apply_action(999)


def test_same_seed_same_deal_different_seed_different_deal():
    game = cardrules.load("red7")
    a, b, c = (game.new_initial_state(3, seed=s) for s in (5, 5, 6))
    assert a == b and a.zones != c.zones


def test_options_are_checked():
    with pytest.raises(cardrules.RulesError, match="unknown option 'fast'"):
        cardrules.load("red7", options={"fast": "1"})
