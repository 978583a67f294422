"""What each definition reads (compiler/reads.py), through the definitions it calls, from a small rules file."""

import cardrules
from cardrules.compiler.reads import STATE, definition_reads, expression_reads, recursive
from cardrules.language import nodes

RULES = '''game "Reads"
players 2..3
option bonus "a bonus" = 2
attribute rank: 1..5
cards: rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: stack, public
var score per player = 0
var turn_count = 0
def constant = 3 + bonus
def by_players = num_players * constant
def top_rank = top(pile).rank
def mine = hand(me)
def best_in(p) = max([c.rank for c in hand(p)] + [top_rank])
def leader = best(players, by: score(it) + turn_count)
def alive = count(active)
def chain(k) = 0 if k <= 0 else chain(k - 1)
def random_card = random(deck)
setup:
  deal 2 from deck to hand
turn:
  choose:
    play(c in hand(me)) only if c.rank >= top_rank:
      move c to pile
    otherwise:
      pass
end when empty(deck):
  win me
'''


def reads():
    rules = cardrules.prepare_source(RULES, "reads.rules")
    return rules, definition_reads(rules.symbols)


def test_constants_and_options_are_no_reads_and_the_players_are_fixed():
    _, found = reads()
    assert found["constant"] == frozenset()
    assert found["by_players"] == {"players"}


def test_reads_go_through_the_definitions_called():
    _, found = reads()
    assert found["top_rank"] == {"zone pile"}
    assert found["mine"] == {"me", "zone hand"}
    assert found["best_in"] == {"zone hand", "zone pile"}
    assert found["leader"] == {"players", "var score", "var turn_count"}
    assert found["alive"] == {"active"}


def test_unknown_state_is_anything_and_recursion_is_found():
    rules, found = reads()
    assert STATE in found["random_card"]
    assert found["chain"] == frozenset()
    assert recursive(rules.symbols) == {"chain"}


def test_an_expression_of_a_procedure_reads_its_definitions_but_not_its_bound_names():
    rules, found = reads()
    guard = nodes.Compare(">=", nodes.Attr(nodes.Name("c"), "rank"), nodes.Name("top_rank"))
    assert expression_reads(guard, rules.symbols, {"c"}, found) == {"zone pile"}
