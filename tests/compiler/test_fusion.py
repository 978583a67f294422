"""Small definitions written into their callers, constant ones folded, fixed ones cached for the game, and
calls in loops made without the memo (codegen + inlining.py): the values and the games stay the same."""

import pytest

import cardrules
from cardrules.bots import RandomAgent
from cardrules.compiler import codegen, compile_game
from cardrules.compiler import compiler as compiler_module
from cardrules.compiler.listing import game_source
from cardrules.compiler.reads import STATE
from cardrules.resources import bundled_games
from cardrules.simulation import Observer, play_match

RULES = '''game "Fuse"
players 2..3
option bonus "a bonus" = 1
attribute rank: 1..6
cards: rank copies 2 -> deck
zone deck: stack, hidden
zone hand: per_player, public
var base = 1
def step = 2 + bonus
def flag = bonus > 0
def plus(x) = x + base
def twice(x) = plus(x) + plus(x)
def rank_of(c) = c.rank
def total(p) = sum([plus(rank_of(c)) for c in hand(p)])
def beaten(p) = [count([b for b in hand(p) where plus(rank_of(b)) > plus(rank_of(a))]) for a in hand(p)]
def shadow(rank) = [c for c in hand(0) where rank_of(c) > rank]
def per_seat(p) = p * num_players + step
def top_total = total(me) + twice(step)
setup:
  shuffle deck
  deal 3 from deck to hand
turn:
  choose:
    play(c in hand(me)) only if plus(rank_of(c)) > step - 2 and flag:
      move c to deck
      set base = base + 1
    otherwise:
      pass
end when base > 4:
  win me
'''


def unfused(monkeypatch):
    """Compile as before #26: no definition inlined, folded or cached by the players, every call memoised."""
    monkeypatch.setattr(codegen.Emitter, "inlined", lambda *args: None)
    monkeypatch.setattr(codegen.Emitter, "varies", lambda *args: False)
    monkeypatch.setattr(compiler_module, "folded", lambda *args: {})
    monkeypatch.setattr(compiler_module, "definition_reads",
                        lambda sym: {name: frozenset({STATE}) for name in [*sym.defs, *sym.cases]})


def compiled(rules: cardrules.CheckedRules, options=None):
    return compile_game(rules.rules, rules.symbols, dict(options or {}), rules.sources, rules.name)


def test_the_values_are_worked_out_as_written():
    game = compiled(cardrules.prepare_source(RULES, "fuse.rules"))
    state = game.new_initial_state(3, seed=4)
    ranks = {p: [game.card_attrs["rank"][c] for c in state.zone_cards("hand", p)] for p in range(3)}
    base = state.vars[0]
    assert game.call(state, "step") == 3
    assert game.call(state, "flag") is True
    assert game.call(state, "twice", 5) == 2 * (5 + base)
    assert game.call(state, "total", 1) == sum(r + base for r in ranks[1])
    assert game.call(state, "beaten", 2) == [sum(1 for b in ranks[2] if b > a) for a in ranks[2]]
    assert [game.card_attrs["rank"][c] for c in game.call(state, "shadow", 3)] == [r for r in ranks[0] if r > 3]
    assert game.call(state, "per_seat", 2) == 2 * 3 + 3
    assert game.call(state, "top_total") == sum(r + base for r in ranks[0]) + 2 * (3 + base)


def test_the_listing_shows_what_is_inlined_cached_and_folded():
    rules = cardrules.prepare_source(RULES, "fuse.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    compile(source, "listing", "exec")  # the listing is Python
    assert "# flag: reads nothing of the state; a constant of the options: True" in source
    assert "# step: reads nothing of the state; cached for the game by the number of players" in source
    assert "# rank_of: reads nothing of the state; cached for the game by its arguments" in source
    assert "# per_seat: reads players; cached for the game by the number of players" in source
    assert "# total: reads var base, zone hand; kept in the state by p, until base or hand(p) changes" in source
    assert "# plus: reads var base; kept in the state by x, until base changes (the memo keyed by reads); written " \
           "into its callers" in source
    assert "# top_total: reads me, var base, zone hand; kept in the state by me, until base or hand(me) changes" \
        in source


class Moves(Observer):
    def __init__(self):
        self.lines: list[str] = []

    def moved(self, state, player, action):
        self.lines.append(f"{player} {action.text}")
        self.lines.extend(event.text for event in state.events)


def playouts(game, players: int, seeds: range) -> list:
    out = []
    for seed in seeds:
        moves = Moves()
        state = play_match(game, players, seed, [RandomAgent(game, p, seed) for p in range(players)], [moves])
        out.append((moves.lines, state.zones, [game.describe(v) for v in state.vars], state.winners))  # own Syms
    return out


@pytest.mark.parametrize("name", [*bundled_games(), "fuse"])
def test_the_same_games_with_and_without_fusing(name, monkeypatch):
    rules = cardrules.prepare_source(RULES, "fuse.rules") if name == "fuse" else cardrules.prepare(name)
    fused = compiled(rules)
    players = max(fused.min_players, 2) if fused.max_players >= 2 else fused.min_players
    with monkeypatch.context() as patched:
        unfused(patched)
        plain = compiled(rules)
    assert playouts(fused, players, range(3)) == playouts(plain, players, range(3))
