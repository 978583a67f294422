"""`holds ZONE(p): COND`: what a zone can hold, known to anyone who knows the rules. The checker's
messages, and samples of the unseen cards (determinize) that keep to it without reading them."""

import random
from collections import Counter

import pytest

import cardrules
from cardrules.bots.beliefs import sample_information_set
from cardrules.diagnostics import RulesRuntimeError
from cardrules.values import SEATS

# Each player's face-down deck holds the cards of their own colour; a hand shows its top card.
SPLIT = """\
game "Split"
players 2..3
attribute color: red > blue > green
attribute rank: 1..6
cards: color * rank -> box
text: color rank
zone box: stack, hidden
zone deck: per player, hidden
zone shown: per player, public
def mine(p) = [red, blue, green][p]
HOLDS
setup:
  for p in players:
    move box where color == mine(p) to deck(p)
    shuffle deck(p)
turn:
  choose:
    turn_up:
      move top(deck(me)) to shown(me)
end when all([empty(deck(p)) for p in players]):
  win players
"""
HOLDS = "holds deck(p): color == mine(p)"


def split(holds: str = HOLDS) -> cardrules.Game:
    return cardrules.load_source(SPLIT.replace("HOLDS", holds), "split.rules")


def colours(game, state, n):
    return [Counter(str(game.card_attrs["color"][c]) for c in state.zone_cards("deck", p)) for p in range(n)]


@pytest.mark.parametrize("n", [2, 3])
def test_samples_keep_each_deck_to_what_it_holds(n):
    game = split()
    state = game.new_initial_state(n, 4)
    state.apply_action(state.legal_actions()[0])
    samples = [sample_information_set(state, 1, random.Random(seed)) for seed in range(20)]
    assert all(colours(game, sample, n) == colours(game, state, n) for sample in samples)
    # and within its zone, each card is dealt anew: the order of a deck is no more known than before
    assert any(sample.zone_cards("deck", 0) != state.zone_cards("deck", 0) for sample in samples)


def test_without_holds_the_samples_mix_the_decks():
    # The test above can fail: the same deal, sampled without the declaration, mixes colours.
    game = split("")
    state = game.new_initial_state(2, 4)
    mixed = colours(game, sample_information_set(state, 1, random.Random(0)), 2)
    assert len(mixed[0]) > 1 or len(mixed[1]) > 1


def test_a_sample_depends_only_on_the_view_not_on_the_hidden_cards():
    # Swap a card of each deck behind the sampler's back (a state the rules can never reach): the
    # sample drawn with the same generator is the same, so it never read where the cards lay.
    game = split()
    state = game.new_initial_state(2, 9)
    changed = state.clone()
    a, b = changed.zone_cards("deck", 0), changed.zone_cards("deck", 1)
    a[0], b[0] = b[0], a[0]
    first = sample_information_set(state, 0, random.Random(5))
    second = sample_information_set(changed, 0, random.Random(5))
    assert first.zones == second.zones


def test_the_declared_condition_holds_in_every_state_of_random_games():
    game = split()
    condition = game.holds["deck"].condition
    for seed in range(5):
        state = game.new_initial_state(3, seed)
        while not state.is_terminal():
            for p in range(3):
                assert all(condition(state, SEATS[p], card) for card in state.zone_cards("deck", p))
            state.apply_action(state.legal_actions()[0])


def test_a_condition_that_fails_while_sampling_names_its_line():
    game = split("holds deck(p): rank // (rank - rank) == 0")
    state = game.new_initial_state(2, 0)
    with pytest.raises(RulesRuntimeError) as info:
        sample_information_set(state, 0, random.Random(0))
    (diag,) = info.value.diagnostics
    assert diag.code == "R310" and "division by zero" in diag.message and diag.span.line == 11


@pytest.mark.parametrize("holds, code, message", [
    ("holds deck: color == red", "E225", "'deck' is a zone per player: name its owner, as in 'holds deck(p): ...'"),
    ("holds box(p): color == red", "E225", "'box' is a shared zone, which has no owner: write 'holds box: ...'"),
    ("holds dek(p): color == red", "E221", "unknown zone 'dek' — did you mean 'deck'?"),
    ("holds deck(p): colour == mine(p)", "E274", None),
    ("holds deck(p): color == mine(p)\nholds deck(q): rank > 0", "E201", "'holds deck' is declared more than once"),
])
def test_the_checker_explains_a_wrong_holds(holds, code, message):
    diagnostics = cardrules.check_source(SPLIT.replace("HOLDS", holds), "split.rules")
    found = [d for d in diagnostics if d.severity == "error"]
    assert [d.code for d in found] == [code]
    assert message is None or found[0].message == message
    assert found[0].span.line >= 11


def test_a_variant_replaces_the_holds_of_a_zone(tmp_path):
    (tmp_path / "split.rules").write_text(SPLIT.replace("HOLDS", HOLDS))
    (tmp_path / "loose.rules").write_text('extends "split.rules"\nholds deck(p): rank > 0\n')
    game = cardrules.load(str(tmp_path / "loose.rules"))
    state = game.new_initial_state(2, 4)
    assert all(game.holds["deck"].condition(state, SEATS[0], card) for card in game.cards)


@pytest.mark.parametrize("condition", ["color == mine(p) or empty(box)", "count(deck(p)) < 99", "color == mine(me)"])
def test_what_a_zone_holds_cannot_depend_on_the_state_of_the_game(condition):
    diagnostics = cardrules.check_source(SPLIT.replace("HOLDS", f"holds deck(p): {condition}"), "split.rules")
    assert [d.code for d in diagnostics if d.severity == "error"] == ["E227"]


def test_validate_finds_a_card_that_a_holds_rules_out():
    from cardrules.authoring.validate import validate

    wrong = validate(SPLIT.replace("HOLDS", "holds deck(p): rank < 6"), "split.rules", playouts=2)
    assert wrong.failed
    (failure,) = wrong.failures
    assert failure.diagnostics[0].code == "R311" and failure.diagnostics[0].span.line == 11
    assert " lay in deck(P" in failure.message and failure.message.endswith("which this 'holds' rules out")
    assert not validate(SPLIT.replace("HOLDS", HOLDS), "split.rules", playouts=2).failed
