"""Tests of the `cardrules` command line (cardrules/cli/) and the terminal rendering (cardrules/cli/render.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import cardrules
from cardrules import cli, simulation
from cardrules.bots import RandomAgent
from cardrules.cli import render
from cardrules.cli.render import in_table_order
from cardrules.resources import bundled_games

REPO = Path(__file__).resolve().parents[2]
RED7 = REPO / "games" / "red7.rules"
CARET = re.compile(r"^\s*\^+\s*$", re.MULTILINE)


def red7_with(tmp_path: Path, old: str, new: str, name: str = "variant.rules") -> tuple[Path, str]:
    text = RED7.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path, text


def red7_with_options(tmp_path: Path) -> Path:
    """Red7 plus two options of its own: one used (hand size), one unused (a checker warning)."""
    text = RED7.read_text(encoding="utf-8")
    text = text.replace("order: number, color",
                        'option house_rule "An unused house rule" = false\n'
                        'option hand_size "Cards dealt to each player" = 7\n\n'
                        "order: number, color", 1)
    text = text.replace("deal 7 from deck to hand", "deal hand_size from deck to hand", 1)
    path = tmp_path / "options.rules"
    path.write_text(text, encoding="utf-8")
    return path


def seed_where_first_player_is(seat: int, players: int = 2) -> int:
    game = cardrules.load("red7")
    for seed in range(1000):
        if game.new_initial_state(players, seed).current_player() == seat:
            return seed
    raise AssertionError("no such seed")


# ---------------------------------------------------------------------------------------------
# list

def test_list_text(invoke):
    result = invoke("list")
    assert result.exit_code == 0, result.output
    assert "red7" in result.output and "Red7" in result.output
    assert "2-4" in result.output


def test_list_json(invoke):
    result = invoke("list", "--json")
    assert result.exit_code == 0, result.output
    entries = json.loads(result.stdout)
    red7 = next(e for e in entries if e["name"] == "red7")
    game = cardrules.load("red7")
    assert red7["title"] == game.title == "Red7"
    assert red7["players"] == [game.min_players, game.max_players] == [2, 4]
    assert red7["options"] == [{"name": name, "default": doc.default, "description": doc.description}
                               for name, doc in game.option_docs.items()]


def test_list_shows_options(invoke, tmp_path, monkeypatch):
    path = red7_with_options(tmp_path)
    monkeypatch.setattr(cli.games, "bundled_games", lambda: {"withopts": path})
    monkeypatch.setattr(cli.games, "bundled_variants", lambda: {})
    entries = json.loads(invoke("list", "--json").stdout)
    assert len(entries) == 1
    entry = entries[0]
    assert entry["name"] == "withopts" and entry["title"] == "Red7" and entry["players"] == [2, 4]
    options = {o["name"]: o for o in entry["options"]}
    assert options["house_rule"] == {"name": "house_rule", "default": False, "description": "An unused house rule"}
    assert options["hand_size"] == {"name": "hand_size", "default": 7, "description": "Cards dealt to each player"}
    text = invoke("list").output
    assert "house_rule" in text and "hand_size" in text and "Cards dealt to each player" in text


def test_list_reads_the_rules_without_compiling_a_game(invoke, monkeypatch):
    """Titles, player counts and options are the checked rules' own: `list` compiles nothing (it took 1.7 s
    compiling every bundled game; about 0.4 s with the checked rules read back from the disk cache)."""
    from cardrules import checked

    def refuse(*args):
        raise AssertionError("compiled")
    monkeypatch.setattr(checked, "compile_game", refuse)
    entries = {e["name"]: e for e in json.loads(invoke("list", "--json").stdout)}
    assert "error" not in entries["seven7s"] and entries["seven7s"]["players"] == [2, 4]
    assert all("error" not in entry for entry in entries.values()) and len(entries) > 10


def test_list_marks_the_bundled_variants(invoke):
    entries = {e["name"]: e for e in json.loads(invoke("list", "--json").stdout)}
    assert entries["red7"]["variant"] is False
    assert entries["red7-short-match"]["variant"] is True
    assert {"name": "advanced", "default": True} .items() <= entries["red7-short-match"]["options"][0].items()
    assert "(variant)" in invoke("list").output


def test_help_for_every_command(invoke):
    assert "list" in invoke("--help").output
    for command in ("list", "check", "play", "legal", "simulate"):
        result = invoke(command, "--help")
        assert result.exit_code == 0
        assert "Usage" in result.output


# ---------------------------------------------------------------------------------------------
# check

def test_check_bundled_game_ok(invoke):
    result = invoke("check", RED7)
    assert result.exit_code == 0, result.output
    assert f"{RED7}: ok" in result.output


def test_check_takes_a_bundled_games_name_unless_a_file_has_it(invoke, tmp_path, monkeypatch):
    result = invoke("check", "punto")
    assert result.exit_code == 0, result.output
    assert f"{bundled_games()['punto']}: ok" in result.output  # the file checked, by its path
    monkeypatch.chdir(tmp_path)
    (tmp_path / "punto").write_text('game "Mine"\nplayers 2..\n', encoding="utf-8")  # a file called punto here
    result = invoke("check", "punto")
    assert result.exit_code == 1 and "punto:2:" in result.output, result.output
    assert "cannot read" in invoke("check", "no-such-game").output


def test_check_broken_file(invoke, tmp_path):
    path, text = red7_with(tmp_path, "top(canvas).color", "top(canvass).color", "broken.rules")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "canvass" in row)
    column = text.splitlines()[line - 1].index("canvass") + 1
    result = invoke("check", path)
    assert result.exit_code == 1
    assert f"{path}:{line}:{column}: error:" in result.output
    assert "canvass" in result.output
    assert CARET.search(result.output)
    assert "1 error" in result.output


def test_check_broken_file_json(invoke, tmp_path):
    path, _ = red7_with(tmp_path, "zone canvas: stack, public", "zone canvas: stak, public", "broken.rules")
    result = invoke("check", "--json", path, RED7)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["errors"] >= 1 and data["warnings"] == 0
    assert [f["file"] for f in data["files"]] == [str(path), str(RED7)]
    diag = data["files"][0]["diagnostics"][0]
    for key in ("file", "line", "column", "code", "message"):
        assert key in diag
    assert diag["file"] == str(path) and diag["line"] > 1 and diag["severity"] == "error"
    assert data["files"][1]["diagnostics"] == []


def test_check_parse_error(invoke, tmp_path):
    path = tmp_path / "garbage.rules"
    path.write_text('game "X"\nplayers 2..\n', encoding="utf-8")
    result = invoke("check", path)
    assert result.exit_code == 1
    assert re.search(re.escape(str(path)) + r":\d+:\d+: error: ", result.output)


def test_check_missing_file(invoke, tmp_path):
    missing = tmp_path / "missing.rules"
    result = invoke("check", missing, RED7)
    assert result.exit_code == 1
    assert str(missing) in result.output and "cannot read" in result.output
    data = json.loads(invoke("check", "--json", missing).stdout)
    assert data["errors"] == 1
    assert data["files"][0]["diagnostics"][0]["file"] == str(missing)


def test_check_warnings_and_strict(invoke, tmp_path):
    path = red7_with_options(tmp_path)
    result = invoke("check", path)
    assert result.exit_code == 0, result.output
    assert "warning" in result.output and "ok" in result.output
    assert invoke("check", "--strict", path).exit_code == 1
    data = json.loads(invoke("check", "--json", path).stdout)
    assert data["errors"] == 0 and data["warnings"] == 1


def test_check_colours_on_a_terminal(invoke, tmp_path):
    path, _ = red7_with(tmp_path, "top(canvas).color", "top(canvass).color", "broken.rules")
    result = invoke("check", path, env={"FORCE_COLOR": "1", "NO_COLOR": None, "TERM": "xterm-256color"})
    assert result.exit_code == 1
    assert "\x1b[" in result.output
    plain = invoke("check", path, env={"NO_COLOR": "1", "FORCE_COLOR": None})
    assert "\x1b[" not in plain.output


# ---------------------------------------------------------------------------------------------
# play

def test_play_all_bots_runs_to_the_end(invoke):
    result = invoke("play", "red7", "--seat", "0=random", "--seed", "4", "-p", "3")
    assert result.exit_code == 0, result.output
    assert re.search(r"^P\d plays: ", result.output, re.MULTILINE)
    assert re.search(r"^P\d is out", result.output, re.MULTILINE)
    assert re.search(r"^Winners?: P\d", result.output, re.MULTILINE)
    assert "Rule: " in result.output  # the game's `show` line
    # the same seed gives the same game
    again = invoke("play", "red7", "--seat", "0=random", "--seed", "4", "-p", "3")
    assert again.output == result.output


def test_play_shows_the_variables_not_marked_internal(invoke, tmp_path):
    shown = invoke("play", "red7", "-o", "advanced", "--seat", "0=random", "--seed", "2")
    assert "Round: " in shown.output and "round_number" not in shown.output  # its show line, not its counter
    plain = RED7.read_text().replace("var round_number = 0, internal", "var round_number = 0")
    path = tmp_path / "listed.rules"
    path.write_text(plain)
    listed = invoke("play", path, "-o", "advanced", "--seat", "0=random", "--seed", "2")
    assert listed.exit_code == 0, listed.output
    assert "round_number: " in listed.output and "Rule: " in listed.output
    everything = invoke("play", "red7", "-o", "advanced", "--seat", "0=random", "--seed", "2", "--reveal-all")
    assert "round_number: " in everything.output  # spectator mode shows the bookkeeping too


def test_play_human_bad_entry_then_eof(card_texts, invoke):
    seed = seed_where_first_player_is(0)
    result = invoke("play", "red7", "--seed", seed, input="zzz\n99\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Red7" in out and "P0 (you)" in out
    assert "Rule: " in out
    assert "7 cards" in out  # the opponent's hand is a count
    assert "'zzz' is not a legal move" in out
    assert "There is no move 99" in out
    assert out.count("your move") >= 3  # prompted again after each bad entry, then EOF
    assert "Game abandoned" in out
    # the opponent's cards are not revealed
    state = cardrules.load("red7").new_initial_state(2, seed)
    for text in card_texts(state, "hand", 1):
        assert not re.search(rf"\b{re.escape(text)}\b", out), text


def test_play_human_moves_by_number_and_text(invoke):
    seed = seed_where_first_player_is(0)
    game = cardrules.load("red7")
    state = game.new_initial_state(2, seed)
    first = in_table_order(game, state.view(0), state.legal_actions())[0].text  # move 1 as listed (by the hand)
    result = invoke("play", "red7", "--seed", seed, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"P0 plays: {first}" in result.output
    shouted = "  ".join(first.upper().split())
    result = invoke("play", "red7", "--seed", seed, input=f"{shouted}\n")
    assert result.exit_code == 0, result.output
    assert f"P0 plays: {first}" in result.output


def test_play_human_to_the_end(invoke):
    seed = seed_where_first_player_is(0)
    result = invoke("play", "red7", "--seed", seed, input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert re.search(r"Winners?: P\d|nobody wins", result.output)


def test_play_hot_seat_waits_before_showing_a_hand(invoke):
    seed = seed_where_first_player_is(0)
    result = invoke("play", "red7", "--seed", seed, "--seat", "1=human", input="\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "P0's turn — press Enter" in out  # seats are named P0, P1 everywhere
    assert out.index("press Enter") < out.index("P0 (you)")


def test_play_bad_arguments_are_clean_errors(invoke):
    for args in (["--seat", "7=random"], ["--seat", "1=wizard"], ["--seat", "nonsense"], ["-p", "9"],
                 ["-o", "nosuchoption"]):
        result = invoke("play", "red7", *args)
        assert result.exit_code == 2, (args, result.output)
        assert "error" in result.output


def test_unknown_game_is_a_clean_error(invoke):
    for command in (["play"], ["simulate"], ["legal", "--position", "x.json"]):
        result = invoke(*command, "no-such-game")
        assert result.exit_code == 2
        assert "no-such-game" in result.output and "red7" in result.output


def test_play_broken_rules_file_prints_diagnostics(invoke, tmp_path):
    path, _ = red7_with(tmp_path, "top(canvas).color", "top(canvass).color", "broken.rules")
    result = invoke("play", path)
    assert result.exit_code == 1
    assert f"{path}:" in result.output and CARET.search(result.output)


def test_runtime_rules_errors_are_reported(invoke, tmp_path):
    path, _ = red7_with(tmp_path, "deal 7 from deck to hand", "deal 70 from deck to hand", "runtime.rules")
    result = invoke("play", path, "--seat", "0=random", "--seed", "1")
    assert result.exit_code == 1
    assert f"{path}:" in result.output and CARET.search(result.output)
    data = json.loads(invoke("simulate", path, "--games", "3", "--json").stdout)
    assert data["errors"] == 3 and data["wins"] == [0, 0]
    assert str(path) in data["first_error"]


def test_play_with_options(invoke, tmp_path):
    path = red7_with_options(tmp_path)
    result = invoke("play", path, "-o", "hand_size=3", "-o", "house_rule", "--seat", "0=random", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "3 cards" in result.output
    bad = invoke("play", path, "-o", "hand_size=lots", "--seat", "0=random")  # a bad command line: exit 2
    assert bad.exit_code == 2 and "option 'hand_size' takes a whole number, not 'lots'" in bad.output


def test_play_colours_cards_on_a_terminal(invoke):
    result = invoke("play", "red7", "--seat", "0=random", "--seed", "1",
                    env={"FORCE_COLOR": "1", "NO_COLOR": None, "TERM": "xterm-256color"})
    assert result.exit_code == 0
    assert "\x1b[" in result.output


# ---------------------------------------------------------------------------------------------
# legal (position format: docs/positions.md)

POSITION = {"players": 2, "to_move": 0,
            "zones": {"canvas": ["r3"], "palette": [["y4", "o4"], ["g6"]], "hand": [["o1", "v1", "i3"], ["b2"]]},
            "eliminated": [], "variables": {}}


def test_legal_text_and_json(invoke, tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    result = invoke("legal", "red7", "--position", path)
    assert result.exit_code == 0, result.output
    assert "P0 to move" in result.output
    assert re.search(r"^\s*1\. palette o1$", result.output, re.MULTILINE)
    data = json.loads(invoke("legal", "red7", "--position", path, "--json").stdout)
    assert data["player"] == 0
    texts = [a["text"] for a in data["actions"]]
    assert "palette o1" in texts and "fold" in texts
    first = data["actions"][0]
    assert first["action"] == "palette" and first["cards"] == [{"color": "orange", "number": 1}]
    assert first["values"] == ["o1"]


def test_legal_cards_as_attribute_objects(invoke, tmp_path):
    position = json.loads(json.dumps(POSITION))
    position["zones"]["hand"][0][0] = {"color": "orange", "number": 1}
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    result = invoke("legal", "red7", "--position", path, "--json")
    assert result.exit_code == 0, result.output
    assert "palette o1" in [a["text"] for a in json.loads(result.stdout)["actions"]]


def test_legal_invalid_json(invoke, tmp_path):
    path = tmp_path / "position.json"
    path.write_text('{"players": 2,\n  "to_move": 0,,\n}', encoding="utf-8")
    result = invoke("legal", "red7", "--position", path)
    assert result.exit_code == 1
    assert f"{path}:2:16:" in result.output and "JSON" in result.output
    assert CARET.search(result.output)


def test_legal_bad_position_and_missing_file(invoke, tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"players": 2, "to_move": 0, "zones": {"canvas": ["x9"]}}), encoding="utf-8")
    result = invoke("legal", "red7", "--position", path)
    assert result.exit_code == 1 and "x9" in result.output
    missing = invoke("legal", "red7", "--position", tmp_path / "nope.json")
    assert missing.exit_code == 1 and "nope.json" in missing.output


# ---------------------------------------------------------------------------------------------
# simulate

def test_simulate_json(invoke):
    result = invoke("simulate", "red7", "-p", "2", "--games", "20", "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "red7" and data["players"] == 2 and data["seed"] == 5
    assert data["games"] == 20
    assert data["errors"] == 0
    assert sum(data["wins"]) == 20
    assert len(data["win_rate"]) == 2 and abs(sum(data["win_rate"]) - 1) < 1e-9
    assert data["mean_turns"] > 0 and data["mean_decisions"] >= data["mean_turns"]
    again = json.loads(invoke("simulate", "red7", "--games", "20", "--seed", "5", "--json").stdout)
    assert again == data


def test_simulate_text(invoke):
    result = invoke("simulate", "red7", "-p", "3", "--games", "5")
    assert result.exit_code == 0, result.output
    assert "P2" in result.output and "errors: 0" in result.output


def test_simulate_counts_errors_and_goes_on(invoke, monkeypatch):
    calls = []

    class Flaky(simulation.Observer):  # breaks every other game as it starts
        def started(self, state):
            calls.append(state)
            if len(calls) % 2:
                raise cardrules.RulesRuntimeError([])

    real = simulation.run
    monkeypatch.setattr(simulation, "run", lambda plan, **kwargs: real(plan, observers=[Flaky()], **kwargs))
    result = invoke("simulate", "red7", "--games", "4", "--json")
    data = json.loads(result.stdout)
    assert len(calls) == 4 and data["errors"] == 2 and sum(data["wins"]) == 2
    assert data["first_error"].startswith("game 0")


# ---------------------------------------------------------------------------------------------
# main() and helpers

def test_main_never_shows_a_traceback(monkeypatch, capsys):
    def boom():
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(cli.games, "bundled_games", boom)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["list"])
    assert exit_info.value.code == 1
    captured = capsys.readouterr()
    assert "disk on fire" in captured.err and "Traceback" not in captured.err + captured.out


def test_main_runs_a_command(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["list", "--json"])
    assert exit_info.value.code == 0
    assert "red7" in [entry["name"] for entry in json.loads(capsys.readouterr().out)]


def test_parse_options_and_seats():
    assert cli.common.parse_options(["advanced", "rounds=3", " x = y "]) == {"advanced": True, "rounds": "3", "x": "y"}
    with pytest.raises(cli.common.CliError):
        cli.common.parse_options(["=3"])
    assert cli.play.parse_seats(None, 3) == ["human", "greedy", "greedy"]
    assert cli.play.parse_seats(["0=random", "P2=human"], 3) == ["random", "greedy", "human"]
    for bad in (["3=random"], ["1=nobody"], ["1"], ["a=human"]):
        with pytest.raises(cli.common.CliError) as info:
            cli.play.parse_seats(bad, 3)
        assert info.value.code == 2


def test_random_agent_is_reproducible():
    state = cardrules.load("red7").new_initial_state(2, 3)
    picks = [RandomAgent(state.game, 0, 9).choose(state) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in state.legal_actions()
    assert cli.play.derive_seed(1, 2) == cli.play.derive_seed(1, 2) != cli.play.derive_seed(2, 1)


def test_card_colours_from_attributes():
    game = cardrules.load("red7")
    painter = render.CardPainter(game)
    by_text = {game.card_texts[c]: c for c in game.cards}
    assert "red" in painter.style(by_text["r3"])
    assert "medium_purple" in painter.style("i3")
    assert "violet" in painter.style("V1")
    assert render.color_style("Indigo") == "medium_purple" and render.color_style(7) is None
    # on a 16-colour terminal every colour word still gets a distinct, visible standard colour
    standard = {render.color_style(w, "standard") for w in ("red", "orange", "yellow", "green", "blue",
                                                            "indigo", "violet")}
    assert len(standard) == 7 and "white" not in standard
    assert "blue" in render.CardPainter(game, "standard").style("i3")


def test_render_view_hides_what_a_player_may_not_see():
    from rich.console import Console

    game = cardrules.load("red7")
    state = game.new_initial_state(3, 1)
    viewer = state.current_player()
    console = Console(record=True, width=100)
    console.print(render.render_view(game, state.view(viewer)))
    out = console.export_text()
    assert "(you)" in out and out.count("7 cards") == 2
    for seat in range(3):
        for card in state.zone_cards("hand", seat):
            visible = re.search(rf"\b{game.card_texts[card]}\b", out) is not None
            assert visible == (seat == viewer)


@pytest.mark.parametrize("command", list(cli.commands()))
def test_help_paragraphs_are_wrapped_to_the_terminal_without_stubs(invoke, command):
    # typer's rich mode kept a docstring's own line breaks; at 80 columns each left a short stub
    # of a line in the middle of a paragraph ("keep their" alone on a line).
    result = invoke(command, "--help", env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0
    text = result.output.split("Usage:", 1)[1].split("╭", 1)[0]
    paragraphs = [p.splitlines() for p in re.split(r"\n\s*\n", text) if p.strip()][1:]  # after the usage line
    for lines in paragraphs:
        for line in lines[:-1]:
            assert len(line.strip()) > 40, f"{command} --help: a stub line {line.strip()!r} in {lines}"


def test_python_m_cardrules_runs_the_command():
    """`python -m cardrules` is the command, for a checkout run without installing it."""
    import subprocess
    import sys
    root = Path(cardrules.__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-m", "cardrules", "list", "--json"], cwd=root, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "red7" in {entry["name"] for entry in json.loads(done.stdout)}


def test_a_summary_follows_the_file_its_rules_extend(tmp_path):
    """A variant's summary (its options come from the game it extends) is made again when that file changes,
    and rules with errors are never kept: each call says so."""
    base = tmp_path / "base.rules"
    base.write_text(RED7.read_text())
    variant = tmp_path / "mine.rules"
    variant.write_text('extends "base.rules"\n')
    before = cardrules.summary(variant)
    assert cardrules.summary(variant) == before and before.option_docs["advanced"].description.startswith("Advanced")
    base.write_text(RED7.read_text().replace('"Advanced game:', '"Harder game:'))
    assert cardrules.summary(variant).option_docs["advanced"].description.startswith("Harder game:")
    base.write_text(RED7.read_text().replace("players 2..4", "players 2..x"))
    for _ in range(2):
        with pytest.raises(cardrules.RulesError):
            cardrules.summary(variant)


def test_check_reads_an_unchanged_file_back_from_the_disk_cache(invoke, tmp_path, monkeypatch):
    """An author checks after every edit, and a folder of rules at once: a file unchanged since it was last checked
    is not parsed or checked again (its diagnostics, warnings included, come from the disk cache)."""
    parsed = []
    real = cardrules.prepare_source
    monkeypatch.setattr(cardrules, "prepare_source", lambda *args: parsed.append(args[1]) or real(*args))
    mine = tmp_path / "mine.rules"
    mine.write_text(RED7.read_text() + "\ndef unused_thing = 3\n")
    first, again = invoke("check", mine), invoke("check", mine)
    assert parsed == [str(mine)]
    assert first.output == again.output and "1 warning" in again.output
    mine.write_text(RED7.read_text())
    edited = invoke("check", mine)
    assert parsed == [str(mine)] * 2 and "0 warnings" in edited.output
