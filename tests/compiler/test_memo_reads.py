"""What each definition's memo entry depends on (compiler/reads.slot_reads): the zone and variable slots it
reads, per parameter where the text names it, the parameterless definitions it counts by value, and None
for a definition that reads more than the memo keyed by reads can follow."""

import cardrules
from cardrules.compiler.listing import game_source
from cardrules.compiler.reads import ME, Stamp, definition_reads, slot_reads
from tests.compiler.test_reads import RULES

EXTRA = '''
def ranks_of(p) = [c.rank for c in hand(p)]
def both(p) = ranks_of(p) + ranks_of(me)
def beyond(p) = [q for q in players where count(hand(q)) > count(hand(p))]
def shadowed(p) = [p for p in players where count(hand(p)) > 0]
def owner_of(c) = owner(c)
'''


def stamps() -> dict[str, Stamp | None]:
    rules = cardrules.prepare_source(RULES.replace("setup:", EXTRA + "setup:"), "reads.rules")
    return slot_reads(rules.symbols, definition_reads(rules.symbols), {"top_rank"})


def test_a_zone_of_a_parameter_is_that_players_slot():
    got = stamps()
    assert got["ranks_of"] == Stamp(frozenset({("zone", "hand", 0)}))
    assert got["both"] == Stamp(frozenset({("zone", "hand", 0), ("zone", "hand", ME)}), me=True)  # whose hand
    assert got["mine"] == Stamp(frozenset({("zone", "hand", ME)}), me=True)


def test_a_name_bound_inside_or_another_player_is_every_slot():
    got = stamps()
    assert got["beyond"].slots == {("zone", "hand", None), ("zone", "hand", 0)}
    assert got["shadowed"].slots == {("zone", "hand", None)}
    assert got["leader"] == Stamp(frozenset({("var", "score", None), ("var", "turn_count", None)}))
    assert got["alive"] == Stamp(active=True)


def test_a_single_value_definition_counts_by_its_value():
    got = stamps()
    assert got["top_rank"] == Stamp(frozenset({("zone", "pile", None)}))
    assert got["best_in"] == Stamp(frozenset({("zone", "hand", 0)}), values=("top_rank",))


def test_a_single_value_definition_that_costs_a_call_counts_by_its_slots():
    rules = cardrules.prepare_source(RULES.replace("setup:", EXTRA + "setup:"), "reads.rules")
    got = slot_reads(rules.symbols, definition_reads(rules.symbols))
    assert got["best_in"] == Stamp(frozenset({("zone", "hand", 0), ("zone", "pile", None)}))


def test_what_the_memo_cannot_follow_lasts_one_instruction():
    got = stamps()
    assert got["random_card"] is None and got["owner_of"] is None
    rules = cardrules.prepare_source(RULES.replace("setup:", EXTRA + "setup:"), "reads.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    assert "# random_card: reads state, zone deck; memoised per state, for one instruction" in source
    assert "# best_in: reads zone hand, zone pile; kept in the state by p and the value of top_rank, until " \
           "hand(p) changes (the memo keyed by reads)" in source
