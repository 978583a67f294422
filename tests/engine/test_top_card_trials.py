"""`afterwards` guards judged without the move (compiler/top_card.py): when an option's rest of the turn is one
card moved onto a zone and its guards read that zone only as `top(zone)` and the zone the card leaves not at
all, the lister judges them with the card standing for the top card, calling variants of the definitions on
the way. The legal moves are those of the in-place trial (CARDRULES_IN_PLACE_TRIALS=1) for random positions;
where the guards read more (a count of the destination, the source zone), a watcher may fire, or the card
goes to the bottom, the trial still moves the card; a guard that fails is reported as the in-place trial
reports it."""

from __future__ import annotations

import itertools
import re

import pytest

import cardrules
from cardrules.compiler.codegen import CHECK_MEMO
from cardrules.compiler.listing import game_source
from cardrules.compiler.top_card import IN_PLACE_ONLY
from cardrules.engine.state import State
from cardrules.resources import bundled_games, bundled_variants

from .side_by_side import play_side_by_side

WITHOUT = "# Without the move"
IN_PLACE = "# In place:"

# `lead(p)` reads the pile only through `top_suit` (in `high`), a value of its top card; `play` may go on the
# pile only if its player then leads. Hand and deck are hidden: nobody knows a card (State.known stays empty).
RULES = """\
game "Top card"
players 2..3
attribute suit: red > blue > green
attribute rank: 1..6
cards: suit * rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: stack, public
zone kept: per_player, public
def top_suit = top(pile).suit
def high(p) = max([0] + [c.rank for c in kept(p) where c.suit == top_suit])
def lead(p) = all([high(p) >= high(q) for q in players where q != p])

setup:
  shuffle deck
  deal 4 from deck to hand
  deal 1 from deck to kept

turn:
  choose:
    play(c in hand(me)) only if lead(me) afterwards:
      move c to pile
    keep(c in hand(me)):
      move c to kept(me)
    draw only if count(deck) > 0:
      move top(deck) to hand(me)

end when empty(deck) or count(pile) >= 8:
  win best(players, by: count(kept(it)))
"""


def source(text: str, options: dict | None = None) -> str:
    rules = cardrules.prepare_source(text, "top.rules")
    return game_source(rules.rules, rules.symbols, options or {}, rules.sources, rules.name)


def lister_of(text: str, option: str) -> str:
    """The generated lister of the option named `option` (one only in these files)."""
    listers = [part for part in source(text).split("\ndef ") if part.startswith("n") and f", '{option}', " in part]
    assert len(listers) == 1
    return listers[0]


def in_place(monkeypatch, load):
    """A game loaded with every trial made in place."""
    monkeypatch.setenv(IN_PLACE_ONLY, "1")
    try:
        return load()
    finally:
        monkeypatch.delenv(IN_PLACE_ONLY)


# `high` reads the top card itself: its variant's values are kept by the card, not by a value worked out from it
BY_CARD = RULES.replace("where c.suit == top_suit])", "where c.suit == top(pile).suit])")


@pytest.mark.parametrize("text, key", [(RULES, "the value of top_suit with the card as top(pile)"),
                                       (BY_CARD, "the card, until kept changes")])
def test_a_guard_reading_the_top_card_is_judged_without_the_move(monkeypatch, text, key):
    lister = lister_of(text, "play")
    assert WITHOUT in lister and IN_PLACE not in lister and "allowed_later" in lister.split("elif ")[1]
    listing = source(text)
    assert "# lead with top(pile) given as a last argument" in listing  # and its callers' variants, each said
    assert f"# lead with top(pile) given as a last argument, the card an 'afterwards' guard's trial would put " \
           f"there (judged without the move): reads players, zone kept; kept in the state by p and {key}" in listing
    fast = cardrules.load_source(text, "top.rules")
    slow = in_place(monkeypatch, lambda: cardrules.load_source(text, "top.rules"))
    assert WITHOUT not in in_place(monkeypatch, lambda: source(text))
    calls = []
    original = State.allowed_later
    monkeypatch.setattr(State, "allowed_later", lambda s, *a: calls.append(1) or original(s, *a))
    assert play_side_by_side(fast, slow, range(40)) > 1000
    assert not calls  # neither asked the engine


def test_its_values_are_kept_under_its_definitions_keys():
    # `lead` and `high` read the pile only through `top_suit`, a value in their keys: a variant's stamp is its
    # definition's, and its key the same values worked out from the card, so the two share their entries
    # (codegen.Emitter.entry_owner): `lead(me)` asked after the move finds the value the trial worked out.
    game = cardrules.load_source(RULES, "top.rules")
    listing = source(RULES)
    own = {re.search(rf"^# {name}: [^\n]*\ndef (d[0-9]+_body)", listing, re.M)[1] for name in ("high", "lead")}
    state = game.new_initial_state(2, seed=3)  # its first player may play 3 cards of 4 to the pile
    state.kept.clear()
    before = [list(z) for z in state.zones], list(state.zver)
    plays = [a for a in state.legal_actions() if a.name == "play"]
    assert len(plays) == 3
    assert ([list(z) for z in state.zones], list(state.zver)) == before  # nothing moved, no version bumped
    owners = {key[0].__name__ for key in state.kept if isinstance(key, tuple)}
    assert owners == own  # the definitions' functions start the variants' keys
    mover = state.me
    state.apply_action(plays[0])
    kept = set(state.kept)
    assert game.call(state, "lead", mover, again=True) is True  # the move was allowed: its player leads
    assert set(state.kept) == kept  # found, not worked out again
    for key in kept:
        if isinstance(key, tuple) and key[0].__name__ in own:
            state.kept[key] = (state.kept[key][0], "kept")  # the value read is the one kept
    assert game.call(state, "lead", mover, again=True) == "kept"


@pytest.mark.parametrize("change, why", [
    ("only if lead(me) afterwards", "only if lead(me) and count(pile) < 5 afterwards"),  # counts the destination
    ("only if lead(me) afterwards", "only if lead(me) and count(hand(me)) > 1 afterwards"),  # reads the source
    ("def top_suit = top(pile).suit", "def top_suit = bottom(pile).suit"),  # another card of the destination
    ("      move c to pile\n", "      move c to pile at bottom\n"),  # the card goes under the others
])
def test_a_guard_reading_more_is_judged_after_the_move(monkeypatch, change, why):
    text = RULES.replace(change, why)
    assert text != RULES
    lister = lister_of(text, "play")
    assert IN_PLACE in lister and WITHOUT not in lister
    fast = cardrules.load_source(text, "top.rules")
    play_side_by_side(fast, in_place(monkeypatch, lambda: cardrules.load_source(text, "top.rules")), range(12))


def test_guards_under_when_are_judged_where_they_apply(monkeypatch):
    text = RULES.replace("only if lead(me) afterwards", "only if lead(me) afterwards when c.rank > 2 "
                                                        "only if top_suit != blue afterwards when c.rank < 5")
    lister = lister_of(text, "play")
    assert WITHOUT in lister and IN_PLACE not in lister
    fast = cardrules.load_source(text, "top.rules")
    assert play_side_by_side(fast, in_place(monkeypatch, lambda: cardrules.load_source(text, "top.rules")),
                             range(20)) > 500


def test_a_keyed_destination_is_matched_by_its_key(monkeypatch):
    text = RULES.replace("    keep(c in hand(me)):\n",
                         "    keep(c in hand(me)) only if top(kept(me)).rank >= 3 or count(deck) > 20 afterwards:\n")
    assert WITHOUT in lister_of(text, "keep")
    other = text.replace("top(kept(me)).rank >= 3", "top(kept(left(me))).rank >= 3")  # another player's
    assert IN_PLACE in lister_of(other, "keep")
    fast = cardrules.load_source(text, "top.rules")
    assert play_side_by_side(fast, in_place(monkeypatch, lambda: cardrules.load_source(text, "top.rules")),
                             range(20)) > 500


def test_a_bottom_move_whose_guards_do_not_read_the_destination_needs_no_move():
    text = RULES.replace("      move c to pile\n", "      move c to pile at bottom\n").replace(
        "only if lead(me) afterwards", "only if high(me) > 0 or true afterwards")
    text = text.replace("def top_suit = top(pile).suit", "def top_suit = red")
    assert WITHOUT in lister_of(text, "play")


def test_a_watcher_on_the_move_leaves_the_search_to_the_engine():
    """A move a watcher listens to is no straight move: the engine plays the rest of the turn on a clone."""
    text = RULES.replace("end when", "on move card from hand to pile where card.rank == 6:\n"
                                      "  move card to kept(me)\n\nend when")
    lister = lister_of(text, "play")
    assert WITHOUT not in lister and IN_PLACE not in lister and "allowed_later" in lister


def test_a_watcher_switched_off_by_an_option_does_not_count():
    text = RULES.replace('players 2..3\n', 'players 2..3\noption sixes "Sixes are kept" = false\n').replace(
        "end when", "on move card from hand to pile where sixes and card.rank == 6:\n"
                    "  move card to kept(me)\n\nend when")
    assert WITHOUT in source(text)
    assert WITHOUT not in source(text, {"sixes": True})


@pytest.mark.parametrize("guard, setup", [
    ("only if 6 // (high(me) - high(me)) > 0 and lead(me) afterwards", ""),  # divides by zero
    ("only if top(kept(me)).rank + 1 > 0 and lead(me) afterwards", "  move kept(me) to deck\n"),  # no top card
])
def test_a_guard_that_fails_is_reported_as_the_move_made_in_place_reports_it(monkeypatch, guard, setup):
    text = RULES.replace("only if lead(me) afterwards", guard).replace("  deal 1 from deck to kept\n",
                                                                       "  deal 1 from deck to kept\n" + setup)
    assert WITHOUT in lister_of(text, "play")
    errors = []
    for game in (cardrules.load_source(text, "top.rules"),
                 in_place(monkeypatch, lambda: cardrules.load_source(text, "top.rules"))):
        state = game.new_initial_state(2, seed=1)
        with pytest.raises(cardrules.RulesRuntimeError) as caught:
            state.legal_actions()
        errors.append((caught.value.diagnostics[0].code, caught.value.diagnostics[0].span, str(caught.value)))
    assert errors[0] == errors[1] and errors[0][0] == "R302", errors
    line = text.splitlines()[errors[0][1].line - 1]
    assert line[errors[0][1].column - 1:].startswith(guard), errors[0][1]


def test_what_anybody_knows_plays_no_part(monkeypatch):
    """A public deck: the cards dealt are known (State.known), which the in-place trial leaves to the engine;
    judged without the move, the guard reads no knowledge and the listing is the same."""
    text = RULES.replace("zone deck: stack, hidden", "zone deck: stack, public")
    fast = cardrules.load_source(text, "top.rules")
    assert fast.new_initial_state(2, seed=0).known
    assert WITHOUT in lister_of(text, "play")
    play_side_by_side(fast, in_place(monkeypatch, lambda: cardrules.load_source(text, "top.rules")), range(10))


def _applying() -> list[tuple[str, dict]]:
    """Every bundled game, variant and yes/no option set whose listers judge some guard without the move."""
    out = []
    for name, path in {**bundled_games(), **bundled_variants()}.items():
        rules = cardrules.prepare(path)
        switches = [n for n, d in rules.option_docs.items() if isinstance(d.default, bool)]
        for values in itertools.product([False, True], repeat=len(switches)):
            options = dict(zip(switches, values))
            if WITHOUT in game_source(rules.rules, rules.symbols, options, rules.sources, rules.name):
                out.append((name, options))
    return out


APPLYING = _applying()


def test_red7_judges_its_canvas_plays_without_the_move():
    red7 = [options for name, options in APPLYING if name == "red7"]
    assert {"advanced": False, "expert": False} in red7 and {"advanced": False, "expert": True} in red7
    # advanced: a watcher listens to the move to the canvas, so the engine plays it out on a clone
    assert all(not options["advanced"] for options in red7)


@pytest.mark.parametrize("checking", [False, True])
@pytest.mark.parametrize("name, options", APPLYING, ids=[f"{n}-{o}" for n, o in APPLYING])
def test_bundled_games_list_the_moves_of_the_in_place_trial(monkeypatch, name, options, checking):
    if checking:  # every memo hit computed again and compared: variants' values and the definitions' alike
        monkeypatch.setenv(CHECK_MEMO, "1")
    path = {**bundled_games(), **bundled_variants()}[name]
    fast = cardrules.load(path, options)
    slow = in_place(monkeypatch, lambda: cardrules.load(path, options))
    assert play_side_by_side(fast, slow, range(30 if not checking else 8), counts=3) > 100


# the card bound through `sorted(...)` leaves the hand, which this guard reads: the move must be made
SORTED = RULES.replace("play(c in hand(me)) only if lead(me) afterwards:",
                       "play(c in sorted(hand(me))) only if lead(me) and count(hand(me)) < 4 afterwards:")

# the file has a definition by the name the playout would give the variant first (its value used in the game)
TAKEN = RULES.replace("def lead(p)", "def lead_top1 = 8\ndef lead(p)").replace("count(pile) >= 8",
                                                                            "count(pile) >= lead_top1")


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("text, judged", [(RULES, True), (SORTED, False), (TAKEN, True)],
                         ids=["top", "reads-the-hand", "name-taken"])
def test_the_playout_judges_such_a_guard_without_the_move_too(monkeypatch, players, text, judged):
    """The playout (compiler/playout_choices.py) judges the same guards as the engine's listers: the variants of
    the definitions called with the card (written by a name no definition of the file has: `lead_top1`, or
    `lead_top2` where the file has a `lead_top1`), no card moved;
    with every trial made in place, or where a guard reads the zone the card leaves (its binder's `sorted(...)`
    seen through), it moves the card and puts it back. Each plays the engine's games."""
    from cardrules.simulation import runner
    from cardrules.simulation.runner import Plan, play_game
    from cardrules.simulation.seeds import deal_seed

    assert SORTED != RULES and TAKEN.count("lead_top1") == 2
    assert ("d_lead_top2(" in cardrules.load_source(text, "top.rules").playout.source) is (text == TAKEN)
    fast = cardrules.load_source(text, "top.rules")
    slow = in_place(monkeypatch, lambda: cardrules.load_source(text, "top.rules"))
    variant = re.compile(r"^ +ok = d_lead_top[0-9]+\(SEATS\[me\], b[0-9]+\)", re.M)
    assert bool(variant.search(fast.playout.source)) is judged and not variant.search(slow.playout.source)
    assert (".index(" not in fast.playout.source) is judged and ".index(" in slow.playout.source
    plan = Plan.make("top.rules", {}, players, ["random"] * players, 7, 40)
    for game in (fast, slow):
        records = [runner._played_out(game, plan, i, deal_seed(plan.seed, i)) for i in range(40)]
        assert None not in records
        assert records == [play_game(game, plan, i, playout=False) for i in range(40)]
