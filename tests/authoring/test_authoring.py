"""The authoring tools: check's warnings, validate, explain, fmt and new (cardrules/authoring/)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import cardrules
from cardrules import checked
from cardrules.authoring.explain import explain_text
from cardrules.authoring.fmt import format_text
from cardrules.authoring.new import variant_text
from cardrules.authoring.validate import validate
from cardrules.language import syntax
from cardrules.resources import bundled_games, bundled_variants

REPO = Path(__file__).resolve().parents[2]
RED7 = REPO / "games" / "red7.rules"
EIGHTS = REPO / "games" / "crazy-eights.rules"
BUNDLED = sorted({**bundled_games(), **bundled_variants()}.values())

# A small game to break in many ways: {turn} is the body of the turn's choose.
SMALL = """\
game "Small"
players 2..3
option fast "A switch" = false
option goal "A number" = 3
attribute n: 1..8
cards: n -> pile
zone pile: stack, hidden
zone out: stack, public
zone hand: per_player, owner
var moves per player = 0
setup:
  shuffle pile
  deal 2 from pile to hand
turn:
  choose "Your move":
{turn}
end when empty(hand(me)) or count(out) >= goal + 5:
  win me
show "Out": count(out)
"""
PLAY = """\
    play(card in hand(me)):
      move card to out
      set moves(me) = moves(me) + (2 if fast else 1)
"""


def small(turn: str = PLAY, extra: str = "") -> str:
    return SMALL.format(turn=turn.rstrip("\n")) + extra


def codes(text: str) -> list[str]:
    return [d.code for d in cardrules.check_source(text, "t.rules")]


# ---------------------------------------------------------------------------------------------
# check: warnings

def test_the_small_game_is_clean():
    assert codes(small()) == []


def test_unused_option_has_its_own_warning():
    text = small().replace('option goal "A number" = 3', 'option goal "A number" = 3\noption idle "Unused" = 1')
    diags = cardrules.check_source(text, "t.rules")
    assert [(d.code, d.severity, d.span.line) for d in diags] == [("W203", "warning", 5)]
    assert "option 'idle' is never used" in diags[0].message


def test_unused_definition_is_still_w202():
    assert codes(small(extra="def spare = 1\n")) == ["W202"]


@pytest.mark.parametrize("guard", ["false", "1 > 2", "not true", "never", "false and card.n > 1",
                                   "card.n > 1 and never", "1 == 1 and 2 < 1"])
def test_a_guard_that_is_always_false_is_reported(guard):
    turn = PLAY + f"    skip(card in hand(me)) only if {guard}:\n      pass\n"
    diags = cardrules.check_source(small(turn, "def never = 1 > 3\n" if "never" in guard else ""), "t.rules")
    assert [d.code for d in diags] == ["W204"], guard
    assert "option 'skip' can never be taken" in diags[0].message
    assert diags[0].span.line == 19


@pytest.mark.parametrize("source", ["[]", "hand(me) where false", "[c for c in hand(me) where 1 > 2]",
                                    "[] if true else hand(me)", "nothing"])
def test_a_binder_over_an_always_empty_list_is_reported(source):
    turn = PLAY + f"    skip(card in {source}):\n      pass\n"
    diags = cardrules.check_source(small(turn, "def nothing = []\n" if "nothing" in source else ""), "t.rules")
    assert [d.code for d in diags] == ["W204"], source
    assert "'card' takes its values from a list that is always empty" in diags[0].message


@pytest.mark.parametrize("guard", ["fast", "not fast", "goal > 10", "false when card.n > 2", "card.n > 9",
                                   "true", "false when fast", "1 < 2 or card.n > 1"])
def test_guards_that_might_hold_are_not_reported(guard):
    turn = PLAY + f"    skip(card in hand(me)) only if {guard}:\n      pass\n"
    assert codes(small(turn)) == [], guard


def test_end_conditions_and_triggers_that_are_always_false():
    extra = ("end when false:\n  win me\n"
             "on move c to out where 2 < 1:\n  pass\n"
             "on move c to out where fast:\n  pass\n")
    diags = cardrules.check_source(small(extra=extra), "t.rules")
    assert [(d.code, d.span.line) for d in diags] == [("W205", 22), ("W205", 24)]
    assert "this 'end when' can never end the game" in diags[0].message
    assert "this trigger can never run" in diags[1].message


def test_bundled_games_have_no_warnings():
    for path in BUNDLED:
        diags = cardrules.check_source(path.read_text(encoding="utf-8"), str(path))
        assert diags == [], f"{path.name}: {[d.message for d in diags]}"


def test_check_exit_codes_and_strict(invoke, tmp_path):
    clean, warned, broken = tmp_path / "clean.rules", tmp_path / "warned.rules", tmp_path / "broken.rules"
    clean.write_text(small())
    warned.write_text(small(PLAY + "    skip only if false:\n      pass\n"))
    broken.write_text(small().replace("move card to out", "move card to outt"))
    assert invoke("check", clean).exit_code == 0
    assert invoke("check", "--strict", clean).exit_code == 0
    result = invoke("check", warned)
    assert result.exit_code == 0 and "W204" not in result.output and "can never be taken" in result.output
    assert invoke("check", "--strict", warned).exit_code == 1
    assert invoke("check", broken).exit_code == 1
    data = json.loads(invoke("check", "--json", warned).stdout)
    assert data["warnings"] == 1 and data["files"][0]["diagnostics"][0]["code"] == "W204"


# ---------------------------------------------------------------------------------------------
# validate

def test_validate_plays_every_player_count_and_switch_combination():
    report = validate(small(), "small.rules", playouts=3)
    assert not report.failed, report.problems
    assert report.varied == ["fast"]
    assert [(r.players, r.options) for r in report.runs] == [
        (2, {"fast": False}), (3, {"fast": False}), (2, {"fast": True}), (3, {"fast": True})]
    assert all(r.games == r.finished == 3 for r in report.runs)
    assert report.never("option") == [] and report.never("end") == []
    # moves: 1 a play, 2 with fast; a player makes 1 or 2 plays before someone is out (2 cards each)
    low, high = report.numbers["var moves (per player)"]
    assert low >= 0 and high <= 4 and high >= 2
    assert report.numbers['show "Out"'][0] >= 1


def test_validate_fixes_options_given_with_o():
    report = validate(small(), "small.rules", playouts=2, options={"fast": True}, players=2)
    assert report.varied == [] and [(r.players, r.options) for r in report.runs] == [(2, {"fast": True})]


def test_validate_reports_a_runtime_error_at_its_rules_line():
    turn = PLAY + "    grab:\n      move top(pile) to hand(me)\n      move top(pile) to hand(me)\n"
    text = small(turn).replace("deal 2 from pile to hand", "deal 1 from pile to hand")
    report = validate(text, "broken.rules", playouts=5, players=2)
    assert report.failed
    failure = next(f for f in report.failures if f.kind == "error")
    assert failure.diagnostics[0].span.line in (19, 20) and "no card to move" in failure.message
    assert failure.count == sum(r.errors for r in report.runs) >= 1
    assert any("runtime error" in p for p in report.problems)


def test_validate_reports_games_that_do_not_end():
    turn = "    wait:\n      pass\n"
    report = validate(small(turn), "loop.rules", playouts=2, players=2, max_decisions=50)
    assert report.failed and sum(r.unfinished for r in report.runs) == 4
    assert report.failures[0].kind == "unfinished" and "did not end within 50 decisions" in report.failures[0].message
    assert [p.name for p in report.never("end")] == ["end when"]


def test_validate_lists_what_never_happened():
    turn = PLAY + "    never_taken(card in hand(me)) only if card.n > 10:\n      pass\n"
    extra = ("on move c to out where c.n > 10:\n  pass\n"
             "on move c to out:\n  pass\n"
             "end when count(out) > 1000:\n  win me\n")
    report = validate(small(turn, extra), "t.rules", playouts=3)
    assert not report.failed
    assert [(p.name, p.line) for p in report.never("option")] == [("never_taken", 19)]
    assert [(p.name, p.line) for p in report.never("trigger")] == [("on move c to out", 24)]
    assert [(p.kind, p.line) for p in report.never("end")] == [("end", 28)]
    fired = next(p for p in report.places if p.kind == "trigger" and p.line == 26)
    plays = next(p for p in report.places if p.name == "play")
    assert fired.count == plays.count > 0  # every play moves a card to `out`, nothing else does
    assert validate(small(turn, extra), "t.rules", playouts=3, strict=True).failed


def test_triggers_are_counted_in_the_game_not_in_afterwards_searches():
    turn = ("    play(card in hand(me)) only if count(out) >= 0 afterwards:\n      move card to out\n")
    extra = "on move c to out:\n  pass\n"
    report = validate(small(turn, extra), "t.rules", playouts=4)
    fired = next(p for p in report.places if p.kind == "trigger")
    plays = next(p for p in report.places if p.name == "play")
    assert fired.count == plays.count > 0


def test_validate_stops_at_check_errors():
    report = validate(small().replace("move card to out", "move card to outt"), "t.rules", playouts=3)
    assert report.failed and report.runs == [] and report.errors[0].code == "E221"


def test_validate_is_reproducible():
    a = validate(EIGHTS.read_text(), str(EIGHTS), playouts=2, players=3).to_json()
    b = validate(EIGHTS.read_text(), str(EIGHTS), playouts=2, players=3).to_json()
    assert a == b and a["ok"]


def test_validate_command(invoke, tmp_path):
    result = invoke("validate", "crazy-eights", "--playouts", "2", "-p", "2")
    assert result.exit_code == 0, result.output
    assert "OK" in result.output and "draw_one" in result.output
    data = json.loads(invoke("validate", "crazy-eights", "--playouts", "2", "-p", "2", "--json").stdout)
    assert data["ok"] and data["varied_options"] == ["draw_one", "match_play"] and len(data["runs"]) == 4
    assert "var score (per player)" in data["numbers"]
    broken = tmp_path / "broken.rules"
    turn = PLAY + "    grab:\n      move top(pile) to hand(me)\n      move top(pile) to hand(me)\n"
    broken.write_text(small(turn).replace("deal 2 from pile to hand", "deal 1 from pile to hand"))
    result = invoke("validate", broken, "--playouts", "5", "-p", "2")
    assert result.exit_code == 1
    assert re.search(r"broken\.rules:(19|20):\d+: error: there is no card to move", result.output)
    assert "FAILED" in result.output
    assert invoke("validate", "crazy-eights", "-o", "nosuch").exit_code == 2
    assert invoke("validate", "no-such-game").exit_code == 2
    assert invoke("validate", "crazy-eights", "-p", "9").exit_code == 2


# ---------------------------------------------------------------------------------------------
# explain

def _lines(explanation) -> list[str]:
    return explanation.text().splitlines()


def _line(explanation, needle: str) -> str:
    return next(line for line in _lines(explanation) if needle in line)


def test_explain_follows_the_options():
    text = RED7.read_text()
    basic = explain_text(text, str(RED7))
    expert = explain_text(text, str(RED7), {"expert": True})
    # a trigger whose condition mentions an option
    assert _line(basic, "if expert and card.number == 3").endswith("(only with expert)")
    assert _line(expert, "card.number == 3:").endswith("(with expert)")
    assert "expert and card.number == 3" not in expert.text()
    # a `when` condition that mentions an option: waived without it, simplified with it
    assert "[with expert: only if winning(me) afterwards when expert and card.number in [1, 7]]" in \
        _line(basic, "1.1. palette")
    assert "only if winning(me) afterwards (at the end of the turn), when card.number in [1, 7]" in \
        _line(expert, "1.1. palette")
    # `if OPTION:` blocks, and what follows an `if` that ends the game
    assert _line(basic, "if not advanced:").endswith("(without advanced)")
    assert _line(basic, "new round starts").endswith("(only with advanced)")
    advanced = explain_text(text, str(RED7), {"advanced": True})
    assert _line(advanced, "if not advanced:").endswith("(only without advanced)")
    assert _line(advanced, "new round starts").endswith("(with advanced)")
    assert _line(basic, 'show "Scores"').endswith("(only with advanced)")


def test_explain_describes_the_parts_of_a_game():
    explanation = explain_text(EIGHTS.read_text(), str(EIGHTS))
    text = explanation.text()
    assert "Crazy Eights" in text and "2 to 5 players" in text
    assert "one for every rank × suit = 52 cards, starting in stock" in text
    assert "stock: a stack — nobody sees its cards, only how many there are" in text
    assert ("hand: one stack per player — only its owner sees the cards; the others see how many; drawn in the "
            "card order\n") in text
    red7 = explain_text(RED7.read_text(), str(RED7)).text()
    assert "palette: one stack per player — everyone sees its cards; turned face down while its owner is out" in red7
    assert "2.1.2. wild — for each card in hand(me) where rank == eight, and each s in suits" in text
    assert "2.1.3. otherwise (offered only when no other option is possible)" in text
    assert "deal (7 if num_players == 2 else 5) from stock to every player's hand" in text
    titles = [s["title"] for s in explanation.to_json()["sections"]]
    assert titles[:4] == ["Players", "Options", "Cards", "Zones"] and "A turn" in titles
    turn = next(s for s in explanation.to_json()["sections"] if s["title"] == "A turn")
    assert turn["items"][1]["number"] == "2." and turn["items"][1]["children"][0]["number"] == "2.1."


def test_explain_command(invoke):
    result = invoke("explain", "red7", "-o", "expert")
    assert result.exit_code == 0 and "Options in effect: advanced=false, expert=true" in result.output
    data = json.loads(invoke("explain", "crazy-eights", "--json").stdout)
    assert data["title"] == "Crazy Eights" and data["options"]["match_play"] is False
    assert invoke("explain", "red7", "-o", "nosuch").exit_code == 2
    broken = invoke("explain", "red7", "-o", "expert=maybe")
    assert broken.exit_code in (1, 2) and "Traceback" not in broken.output


def test_the_command_explains_from_the_cached_game_what_the_library_explains_from_a_fresh_compile(invoke,
                                                                                                  monkeypatch):
    # the command reads the compiled game from the disk cache (written by its first run, read by its second)
    path = Path(bundled_games()["red7"])
    fresh = json.loads(json.dumps(explain_text(path.read_text(), str(path), {"expert": True}).to_json()))
    compiled, real = [], checked.compile_game
    monkeypatch.setattr(checked, "compile_game", lambda *a: compiled.append(a[2]) or real(*a))
    for _ in range(2):
        result = invoke("explain", "red7", "-o", "expert", "--json")
        assert result.exit_code == 0 and json.loads(result.stdout) == fresh
    assert len(compiled) <= 1  # the second run compiled nothing (the first may have, unless another test did)


def test_explain_every_bundled_game_with_every_switch_on():
    for path in BUNDLED:
        game = cardrules.load(path)
        switches = {name: True for name, doc in game.option_docs.items() if isinstance(doc.default, bool)}
        for options in ({}, switches):
            explanation = explain_text(path.read_text(), str(path), options)
            assert explanation.text() and json.dumps(explanation.to_json())


# ---------------------------------------------------------------------------------------------
# fmt

MESSY = """\


#   leading comment
game   "Messy"   # title
players 2 .. 3
attribute suit : a "A">b>c
attribute n: 1..5
cards : n*suit copies 2->deck
order : n , suit
text: n suit
zone deck : stack,hidden
zone pile: stack , public
zone hand: per_player,owner
option fast "quick"=false
var x=0
var score per player = - 1
def f( a,b ) = (a+b)*-2//3%4
def g = [ 1,2 , 3 ][ 0 ]+(1,)[0] + hand( 0 )[ -1 ].n
def h(c) = (c.n
          + 1 +   # continued
              2   # more
    # inside
            )
def k(v) by v:
    a  : 1
    b "bee":2
  # odd comment
    c: 3
setup:



    shuffle deck
    deal 2 from deck to hand
        # deep comment
    move top( deck ) to pile
turn:
    choose "Your move":
        play( card in hand(me) ) only if card.n>=top(pile).n or fast only if true afterwards when x==0 :
            move card to pile
            set x = x+1
        end( c in hand(me) where n<2 ):   
            pass


        pass :
          set score(me) = score(me) \\
             + 1
# back at the top
end when x>3 or count(hand(me))==0 : win me
show "X" : x if x>0 else none   
# trailing


"""  # noqa: W291 (the trailing spaces are part of the messy layout fmt must clean)

CANONICAL = """\
#   leading comment
game "Messy"  # title
players 2..3
attribute suit: a "A" > b > c
attribute n: 1..5
cards: n * suit copies 2 -> deck
order: n, suit
text: n suit
zone deck: stack, hidden
zone pile: stack, public
zone hand: per_player, owner
option fast "quick" = false
var x = 0
var score per player = -1
def f(a, b) = (a + b) * -2 // 3 % 4
def g = [1, 2, 3][0] + (1,)[0] + hand(0)[-1].n
def h(c) = (c.n
          + 1 +  # continued
              2  # more
            # inside
            )
def k(v) by v:
  a: 1
  b "bee": 2
  # odd comment
  c: 3

setup:
  shuffle deck
  deal 2 from deck to hand
  # deep comment
  move top(deck) to pile

turn:
  choose "Your move":
    play(card in hand(me)) only if card.n >= top(pile).n or fast only if true afterwards when x == 0:
      move card to pile
      set x = x + 1
    end(c in hand(me) where n < 2):
      pass

    pass:
      set score(me) = score(me) \\
         + 1

# back at the top
end when x > 3 or count(hand(me)) == 0: win me
show "X": x if x > 0 else none
# trailing
"""


def _comments(text: str) -> list[str]:
    return [t.strip() for t in syntax.layout_tokens(text) if t.type == "COMMENT"] + \
        [line.strip() for t in syntax.layout_tokens(text) if t.type == "_NL" for line in t.split("\n")
         if line.strip()]


def test_fmt_writes_the_canonical_layout():
    assert format_text(MESSY, "m.rules") == CANONICAL
    assert format_text(CANONICAL, "m.rules") == CANONICAL


def test_fmt_keeps_meaning_and_comments():
    formatted = format_text(MESSY, "m.rules")
    assert syntax.parse(formatted, "m.rules") == syntax.parse(MESSY, "m.rules")
    assert sorted(_comments(formatted)) == sorted(c.rstrip() for c in _comments(MESSY))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_files_are_canonical(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


def test_fmt_small_cases():
    assert format_text("game \"X\"\r\nplayers 1..2\r\n") == 'game "X"\nplayers 1..2\n'
    assert format_text('game "X"') == 'game "X"\n'
    assert format_text("") == ""
    assert format_text("# only a comment") == "# only a comment\n"
    assert format_text("def x = - 1 - -2\n") == "def x = -1 - -2\n"
    assert format_text("def x = a[0] + [1][0] + f(x)[1]\n") == "def x = a[0] + [1][0] + f(x)[1]\n"
    assert format_text("def x = y in [1,2] and not(z)\n") == "def x = y in [1, 2] and not (z)\n"
    # a blank line directly after a block's first line is dropped; one before a top-level line kept
    text = "turn:\n\n  choose:\n    end:\n      pass\nshow \"a\": 1\n"
    assert format_text(text) == "turn:\n  choose:\n    end:\n      pass\n\nshow \"a\": 1\n"


def test_fmt_refuses_a_file_that_does_not_parse():
    with pytest.raises(cardrules.RulesError):
        format_text("game \"X\n")


def test_fmt_command(invoke, tmp_path):
    messy = tmp_path / "messy.rules"
    messy.write_text(MESSY)
    broken = tmp_path / "sub" / "broken.rules"
    broken.parent.mkdir()
    broken.write_text("game \"X\"\nplayers 2..\n")
    result = invoke("fmt", "--check", messy)
    assert result.exit_code == 1 and "would reformat" in result.output and messy.read_text() == MESSY
    result = invoke("fmt", "--diff", messy)
    assert "+players 2..3" in result.output and messy.read_text() == MESSY
    result = invoke("fmt", messy)
    assert result.exit_code == 0 and "reformatted" in result.output and messy.read_text() == CANONICAL
    assert invoke("fmt", "--check", messy).exit_code == 0
    result = invoke("fmt", "--check", tmp_path)  # a directory: every .rules file below it
    assert result.exit_code == 1 and "broken.rules:2:" in result.output
    assert invoke("fmt", tmp_path / "empty-dir-does-not-exist").exit_code == 1


def test_fmt_of_a_bundled_games_name_says_how_to_get_a_copy(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("fmt", "punto")
    assert result.exit_code == 1 and "cannot read this file" in result.output
    assert "cardrules new my-punto --from punto" in " ".join(result.output.split())  # (the line may wrap)
    result = invoke("fmt", "no-such-game")
    assert result.exit_code == 1 and "cannot read this file" in result.output and "bundled" not in result.output


def test_fmt_check_passes_on_the_bundled_games(invoke):
    result = invoke("fmt", "--check", REPO / "games")
    assert result.exit_code == 0, result.output
    assert f"{len(BUNDLED)} files checked, 0 would be reformatted" in result.output


# ---------------------------------------------------------------------------------------------
# new

def test_new_variant_text_checks_clean_and_is_formatted():
    for path in BUNDLED:
        text = variant_text(path.read_text(encoding="utf-8"), str(path), path.stem, "mine")
        assert cardrules.check_source(text, "mine.rules") == [], path.name
        assert format_text(text, "mine.rules") == text
        assert f'extends "{path.stem}"' in text


def test_new_lists_options_and_definitions_to_uncomment():
    text = variant_text(RED7.read_text(), str(RED7), "red7", "mine")
    assert '# option expert "Expert actions' in text
    assert "# def target = [40, 35, 30][num_players - 2]" in text
    assert "# def qualifying_set(cards, rule) by rule:\n#   red " in text
    changed = text.replace("# def target = [40, 35, 30][num_players - 2]", "def target = [5, 5, 5][num_players - 2]")
    game = cardrules.load_source(changed, str(REPO / "mine.rules"))
    assert game.title == "Red7: mine"
    assert game.call(game.new_initial_state(2, 1), "target") == 5


def test_new_lists_case_actions_too():
    seven7s = REPO / "games" / "seven7s.rules"
    text = variant_text(seven7s.read_text(), str(seven7s), "seven7s", "mine")
    assert "# action power(t) by t:\n" in text


def test_new_command(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("new", "house", "--from", "crazy-eights")
    assert result.exit_code == 0, result.output
    written = tmp_path / "house.rules"
    assert 'extends "crazy-eights"' in written.read_text()
    assert invoke("check", "--strict", written).exit_code == 0
    again = invoke("new", "house", "--from", "crazy-eights")
    assert again.exit_code == 1 and "already exists" in again.output
    written.write_text("# mine\n")
    assert invoke("new", "house", "--from", "crazy-eights", "--force").exit_code == 0
    assert "extends" in written.read_text()
    # from a path: the new file names it relative to itself
    (tmp_path / "deep").mkdir()
    assert invoke("new", "deep/other.rules", "--from", str(EIGHTS)).exit_code == 0
    other = (tmp_path / "deep" / "other.rules").read_text()
    assert re.search(r'^extends "\.\./.*games/crazy-eights\.rules"$', other, re.M)
    assert invoke("check", "--strict", tmp_path / "deep" / "other.rules").exit_code == 0
    assert invoke("new", "x", "--from", "no-such-game").exit_code == 2
    assert invoke("new", "nodir/x", "--from", "red7").exit_code == 1


# ---------------------------------------------------------------------------------------------
# expressions in words: unparse and option requirements

def _expressions(node):
    import attrs

    from cardrules.language import nodes
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            stack.extend(item)
        elif attrs.has(type(item)):
            if isinstance(item, nodes.DefDecl | nodes.ShowDecl):
                yield item.body if isinstance(item, nodes.DefDecl) else item.value
            elif isinstance(item, nodes.Guard | nodes.EndDecl | nodes.If):
                yield from ([item.condition] if not isinstance(item, nodes.If) else [c for c, _ in item.branches])
            stack.extend(getattr(item, f.name) for f in attrs.fields(type(item)) if f.name != "span")


def test_unparse_reads_back_to_the_same_expression():
    from cardrules.authoring.exprs import unparse
    count = 0
    for path in BUNDLED:
        for expr in _expressions(syntax.parse(path.read_text(), str(path)).declarations):
            text = unparse(expr)
            assert syntax.parse(f"def x = {text}\n").declarations[0].body == expr, text
            count += 1
    assert count > 50


@pytest.mark.parametrize("condition, options, words", [
    ("fast", {"fast": False}, "with fast"),
    ("not fast and card.n > 2", {"fast": True}, "without fast"),
    ("fast and slow", {"fast": True, "slow": False}, "with fast and with slow"),
    ("fast or slow", {"fast": False, "slow": False}, "when fast or slow"),
    ("card.n > goal", {"goal": 3}, None),
    ("goal > 5", {"goal": 3}, "when goal > 5"),
    ("card.n > 2", {"fast": True}, None),
    ("fast or true", {"fast": False}, None),
    ("fast and false", {"fast": True}, "never"),
])
def test_requirement_in_words(condition, options, words):
    from cardrules.authoring.exprs import requirement
    expr = syntax.parse(f"def x = {condition}\n").declarations[0].body
    assert requirement(expr, options) == words
