"""The numbered moves follow the table (#24 nit): a sorted hand's cards are listed in the order the hand is drawn,
while a typed number still picks the move shown with it and a record keeps the engine's index of that move."""

from __future__ import annotations

import json
import re

import cardrules

# Red7, seed 7: P0's hand is drawn `b1 g1 o2 r5 i6 o7 r7` (sorted), the engine lists g1 b1 o2 r5 o7 r7 i6.
ARGS = ["play", "red7", "--seed", "7"]


def listed(output: str, option: str) -> list[str]:
    return [m.group(1) for m in re.finditer(rf"^\s+\d+\. {option} (\S+)$", output, re.MULTILINE)]


def hand(output: str) -> list[str]:
    line = next(line for line in output.splitlines() if "hand:" in line and "cards" not in line)
    return line.split("hand:")[1].split()


def test_the_moves_list_the_cards_in_the_order_the_hand_is_drawn(invoke):
    output = invoke(*ARGS, input="quit\n").output
    drawn = hand(output)
    assert listed(output, "palette") == [card for card in drawn if card != "v4"], output
    engine = cardrules.load(cardrules.find_game("red7"))
    assert drawn != [a.text.split()[1] for a in _p0_state(engine).legal_actions() if a.name == "palette"], \
        "the engine must list this hand in another order for the test to mean anything"


def _p0_state(game: cardrules.Game) -> cardrules.State:
    """The position P0 first sees in the game above (P1's two moves replayed from a record)."""
    state = game.new_initial_state(2, 7)
    for text in ("palette y6", "canvas g3"):
        state.apply_action(next(a for a in state.legal_actions() if a.text == text))
    return state


def test_a_typed_number_picks_the_move_shown_and_the_record_keeps_the_engines_index(invoke, tmp_path):
    record = tmp_path / "game.json"
    output = invoke(*ARGS, "--record", record, input="1\nquit\n").output
    first = listed(output, "palette")[0]
    assert f"P0 plays: palette {first}" in output
    moves = json.loads(record.read_text())["moves"]
    game = cardrules.load(cardrules.find_game("red7"))
    state = game.new_initial_state(2, 7)
    for move in moves:  # the record replays: each index names the move its text says
        assert state.legal_actions()[move["index"]].text == move["move"]
        state.apply_action(state.legal_actions()[move["index"]])
    mine = next(m for m in moves if m["player"] == 0)
    assert mine["move"] == f"palette {first}" and mine["index"] != 0, "the engine's index, not the number typed"


def test_the_move_list_of_question_mark_is_the_same(invoke):
    output = invoke(*ARGS, input="?\nquit\n").output
    lists: list[list[str]] = []
    for number, move in re.findall(r"(\d+)\. (.*)$", output, re.MULTILINE):
        if number == "1":
            lists.append([])
        lists[-1].append(move)
    assert len(lists) == 2 and lists[0] == lists[1] and lists[0][0] == "palette b1", lists


def test_moves_without_cards_and_other_options_keep_the_engines_order():
    from cardrules.cli.render import in_table_order
    game = cardrules.load(cardrules.find_game("red7"))
    state = _p0_state(game)
    legal = state.legal_actions()
    shown = in_table_order(game, state.view(0), legal)
    assert sorted(map(id, shown)) == sorted(map(id, legal))
    names = [a.name for a in shown]
    assert names == sorted(names, key=[a.name for a in legal].index)  # each option's moves together, in order
    assert shown[-1].text == legal[-1].text == "fold"
