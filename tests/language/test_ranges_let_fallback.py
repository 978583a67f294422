"""Number ranges `a..b`, `let` and named fallback options, on small rules files written for the test."""

import json

import pytest

import cardrules
from cardrules.authoring.explain import explain
from cardrules.authoring.fmt import format_text
from cardrules.diagnostics import RulesRuntimeError

HEAD = """\
game "T"
players 2..3
attribute rank: 1..6
cards: rank -> deck
zone deck: stack, hidden
zone pile: stack, public
zone hand: per_player, owner
var result = 0
var bid per player = -1
"""


def load(body: str):
    return cardrules.load_source(HEAD + body, "t.rules")


def errors(body: str) -> list[tuple[str, int, str]]:
    return [(d.code, d.span.line, d.message) for d in cardrules.check_source(HEAD + body, "t.rules")
            if d.severity == "error"]


def value_of(expr: str, n: int = 2):
    game = load(f"setup:\n  set result = {expr}\nturn:\n  choose:\n    go:\n      win me\n")
    return game.new_initial_state(n).vars[0]


# ---- number ranges --------------------------------------------------------------------------------
@pytest.mark.parametrize("expr, expected", [
    ("1..5", [1, 2, 3, 4, 5]), ("3..3", [3]), ("4..2", []), ("-2..1", [-2, -1, 0, 1]),
    ("[x * 2 for x in 1..5]", [2, 4, 6, 8, 10]), ("0..num_players", [0, 1, 2]),
    ("1..2 + 3", [1, 2, 3, 4, 5]),  # `+` binds tighter than `..`
    ("3 in 1..5", True), ("6 not in 1..5", True), ("count(1..100)", 100), ("sum(1..4)", 10),
    ("(1..2) + (5..6)", [1, 2, 5, 6]), ("[n for n in 1..count(deck) where n % 3 == 0]", [3, 6]),
])
def test_range_values(expr, expected):
    assert value_of(expr) == expected


def test_range_in_a_binder_offers_one_move_per_number_typed_as_shown(tmp_path, invoke):
    rules = HEAD + """\
setup:
  deal 2 from deck to hand
turn:
  choose "Your bid?":
    bid(n in 0..count(hand(me))):
      set bid(me) = n
      win me
"""
    game = cardrules.load_source(rules, "t.rules")
    state = game.new_initial_state(2)
    assert [a.text for a in state.legal_actions()] == ["bid 0", "bid 1", "bid 2"]
    move = state.move_view(state.legal_actions()[1])
    assert (move.text, move.action, move.values, move.cards) == ("bid 1", "bid", ("1",), ())
    state.apply_action("bid 2")
    assert state.vars[game.var_slot(game.vars[1], 2, 0)] == 2
    path = tmp_path / "t.rules"
    path.write_text(rules, encoding="utf-8")
    position = tmp_path / "p.json"
    position.write_text(json.dumps({"players": 2, "to_move": 1, "zones": {"hand": [[], ["1"]]}}), encoding="utf-8")
    result = invoke("legal", path, "--position", position, "--json")
    assert result.exit_code == 0, result.output
    assert [a["text"] for a in json.loads(result.stdout)["actions"]] == ["bid 0", "bid 1"]


def test_a_huge_range_is_a_clear_error_not_a_memory_hog():
    found = errors("setup:\n  set result = count(0..1000000000)\nturn:\n  pass\n")
    assert [(code, line) for code, line, _ in found] == [("E266", 11)]
    assert "1000000001 numbers" in found[0][2] and "at most 10000" in found[0][2]
    game = load("def big = 1000000000\nsetup:\n  set result = count(1..result + big)\nturn:\n  pass\n")
    with pytest.raises(RulesRuntimeError) as info:
        game.new_initial_state(2)
    assert info.value.diagnostics[0].span.line == 12
    assert "at most 10000" in info.value.diagnostics[0].message


def test_a_range_of_things_that_are_not_numbers():
    assert [code for code, _, _ in errors('setup:\n  set result = 1.."a"\nturn:\n  pass\n')] == ["E407"]  # kinds.py
    assert [code for code, _, _ in errors('setup:\n  set result = count(1..top(deck))\nturn:\n  pass\n')] == ["E407"]
    # a list of mixed kinds hides the card from the check: the run time still refuses it
    game = load("setup:\n  set result = count(1..[top(deck), 1][0])\nturn:\n  pass\n")
    with pytest.raises(RulesRuntimeError) as info:
        game.new_initial_state(2)
    assert "whole numbers" in info.value.diagnostics[0].message and "a card" in info.value.diagnostics[0].message


def test_an_empty_range_in_a_binder_is_noted_as_never_legal():
    warnings = [d.code for d in cardrules.check_source(HEAD + "turn:\n  choose:\n    bid(n in 3..1):\n      pass\n"
                                                        "    go:\n      win me\n")]
    assert "W204" in warnings


def test_attribute_ranges_still_parse_as_declarations():
    game = load("turn:\n  choose:\n    go:\n      win me\n")
    assert game.attributes["rank"] == (1, 6)


# ---- let --------------------------------------------------------------------------------------------
LET_TURN = """\
setup:
  deal 1 from deck to pile
turn:
  let before = count(pile)
  move top(deck) to pile
  let after = count(pile)
  if after > before:
    let grown = after - before
    set result = grown * 10 + before
  win me
"""


def test_let_is_worked_out_once_and_named_for_the_rest_of_its_block():
    game = load(LET_TURN)
    state = game.new_initial_state(2)
    assert state.is_terminal() and state.vars[0] == 11


@pytest.mark.parametrize("body, code", [
    ("turn:\n  let x = 1\n  let x = 2\n  win me\n", "E267"),
    ("turn:\n  for p in players:\n    let p = 1\n  win me\n", "E267"),
    ("turn:\n  let x = 1\n  if x > 0:\n    let x = 2\n  win me\n", "E267"),
    ("turn:\n  let pile = 1\n  win me\n", "E268"),
    ("turn:\n  let result = 1\n  win me\n", "E268"),
    ("turn:\n  let me = 1\n  win me\n", "E268"),
    ("turn:\n  let count = 1\n  win me\n", "E268"),
    ("turn:\n  win x\n  let x = 1\n", "E274"),  # not before its `let`
    ("turn:\n  if true:\n    let x = 1\n  win x\n", "E274"),  # nor outside its block
    ("turn:\n  let x = 1\n  set x = 2\n  win me\n", "E254"),  # not settable
])
def test_let_misuse_is_a_located_error(body, code):
    found = errors(body)
    assert [c for c, _, _ in found] == [code], found
    assert found[0][1] > 9


def test_let_in_two_sibling_blocks_is_fine():
    assert errors("turn:\n  if true:\n    let x = 1\n    win x\n  else:\n    let x = 0\n    win x\n") == []


# ---- named fallback ----------------------------------------------------------------------------------
FALLBACK = """\
setup:
  shuffle deck
  deal 1 from deck to pile
  deal 2 from deck to hand
turn:
  choose:
    play(card in hand(me)) only if card > top(pile):
      move card to pile
    otherwise draw:
      move top(deck) to hand(me)
  if empty(deck) or empty(hand(me)):
    win me
"""


def test_a_named_fallback_is_offered_only_when_nothing_else_is():
    game = load(FALLBACK)
    seen = set()
    for seed in range(30):
        state = game.new_initial_state(2, seed)
        while not state.is_terminal():
            texts = [a.text for a in state.legal_actions()]
            if "draw" in texts:
                assert texts == ["draw"]
                seen.add("draw")
            else:
                seen.add("play")
            state.apply_action(texts[0])
    assert seen == {"draw", "play"}


def test_fallback_misuse():
    two = FALLBACK.replace("    otherwise draw:\n", "    otherwise pass_turn:\n      pass\n    otherwise draw:\n")
    assert [c for c, _, _ in errors(two)] == ["E269"]
    binders = FALLBACK.replace("otherwise draw:", "otherwise draw(c in deck):")
    assert [c for c, _, _ in errors(binders)] == ["E256"]
    assert errors(FALLBACK.replace("otherwise draw:", "otherwise:")) == []  # the old form keeps working


def test_new_constructs_are_explained_and_formatted():
    text = HEAD + "setup:\n  deal 1 from deck to pile\n  deal 2 from deck to hand\nturn:\n  let n = 0..2\n" \
        "  choose:\n    bid(b in n)  only if b  in  1..2:\n      set bid(me) = b\n" \
        "    otherwise   draw:\n      move top(deck) to hand(me)\n  win me\n"
    formatted = format_text(text)
    assert "  let n = 0..2\n" in formatted and "bid(b in n) only if b in 1..2:" in formatted
    assert "    otherwise draw:\n" in formatted and format_text(formatted) == formatted
    lines = [item.plain for section in explain(cardrules.prepare_source(text, "t.rules")).sections
             for item in _all(section.items)]
    assert any(line.startswith("let n be 0..2") for line in lines)
    assert any(line.startswith("bid — for each b in n — only if b in 1..2") for line in lines)
    assert "draw (offered only when no other option is possible)" in lines


def _all(items):
    for item in items:
        yield item
        yield from _all(item.children)
