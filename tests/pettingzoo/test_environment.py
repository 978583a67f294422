"""cardrules.pettingzoo: every bundled game passes PettingZoo's own api_test, observations show only
what the viewer sees, seeds repeat games, every legal move has its own index, rewards are the returns."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import cardrules
from cardrules.pettingzoo import env as make_env
from cardrules.pettingzoo.actions import ActionSpaceError
from cardrules.resources import bundled_games, bundled_variants

ROOT = Path(__file__).resolve().parents[2]
DRAFT = ROOT / "tests" / "games" / "draft" / "draft.rules"  # secret choices (`simultaneously`)
GAMES = [*bundled_games(), *bundled_variants(), str(DRAFT)]


def setups(name: str) -> list[tuple[int, dict]]:
    """The fewest and the most players, with the default options, and with each yes/no option on."""
    checked = cardrules.prepare(name)
    sets = [{}] + [{option: True} for option, doc in checked.option_docs.items() if doc.default is False]
    return [(n, options) for options in sets for n in sorted({checked.min_players, checked.max_players})
            if not checked.option_refusals(options, n)]


def random_states(env, seed: int, count: int):
    """States met by a random masked policy, with the seat to move: (seat, env) after each reset or move."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    for _ in range(count):
        if env.state.is_terminal():
            env.reset(seed=rng.randrange(1 << 30))
        yield env.state.current_player()
        env.step(rng.choice(legal_indexes(env)))


def legal_indexes(env) -> list[int]:
    return [int(i) for i in np.flatnonzero(env.observe(env.agent_selection)["action_mask"])]


@pytest.mark.parametrize("name", GAMES, ids=lambda g: Path(g).stem)
def test_every_game_passes_pettingzoos_api_test(name, recwarn):
    checked = cardrules.prepare(name)  # read once for every setup
    for players, options in setups(name):
        api_test(make_env(checked, players=players, options=options), num_cycles=200)


@pytest.mark.parametrize("name", GAMES, ids=lambda g: Path(g).stem)
def test_every_game_passes_pettingzoos_seed_and_render_tests(name):
    players = cardrules.prepare(name).max_players
    seed_test(lambda: make_env(name, players=players), num_cycles=100)
    render_test(lambda render_mode=None: make_env(name, players=players, render_mode=render_mode),
                custom_tests={"ansi": lambda text: "P0" in text and "P1" in text})


@pytest.mark.parametrize("name", GAMES, ids=lambda g: Path(g).stem)
def test_an_observation_is_the_same_whatever_the_cards_the_viewer_cannot_see(name):
    """A sample of the hidden cards (State.determinize: every unseen card dealt again) leaves each player's
    observation unchanged; the observations of two players differ (the test can tell states apart).
    A sample also draws secret choices for the players who have not chosen yet, so the "has chosen"
    entries are left out of the comparison."""
    players = cardrules.prepare(name).max_players
    env = make_env(name, players=players)
    start = dict((name, start) for name, start, _ in env.encoder.segments)["seats"] + 3 * players + 1
    chosen = slice(start, start + players)
    rng, differ = random.Random(1), 0
    for seat in random_states(env, 7, 60):
        state = env.state
        mine = env.encoder.encode(state, seat)
        for viewer in range(players):
            seen = env.encoder.encode(state, viewer)
            sampled = env.encoder.encode(state.determinize(viewer, rng), viewer)
            seen[chosen] = sampled[chosen] = 0
            assert np.array_equal(seen, sampled), (viewer, state.turns)
            differ += not np.array_equal(seen, mine)
    assert differ


@pytest.mark.parametrize("name", GAMES, ids=lambda g: Path(g).stem)
def test_every_legal_move_has_an_index_of_its_own(name):
    """Moves with different texts get different indexes (copies of a card share theirs), all within the space,
    and stepping an index makes that move."""
    env = make_env(name, players=cardrules.prepare(name).min_players)
    for _ in random_states(env, 3, 80):
        moves = env.moves
        texts = {move.text for move in env.state.legal_actions()}
        assert len(moves) == len(texts) and all(0 <= i < env.actions.size for i in moves)
        for index, move in moves.items():
            assert env.move_text(index) == move.text
            assert env.actions.describe(index).split()[0] == move.name


def play(env, seed: int) -> list[np.ndarray]:
    """A game of a random masked policy seeded with `seed`: every observation of the player to move."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    seen = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seen.append(observation["observation"])
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen


def test_a_seed_repeats_the_game_and_unseeded_resets_follow_from_it():
    env = make_env("crazy-eights", players=3)
    first, again = play(env, 5), play(env, 5)
    assert len(first) == len(again) and all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not np.array_equal(play(env, 6)[0], first[0])
    env.reset(seed=11)
    env.reset()
    one = env.observe(env.agent_selection)["observation"]
    env.reset(seed=11)
    env.reset()
    assert np.array_equal(one, env.observe(env.agent_selection)["observation"])


def test_rewards_are_the_games_returns_and_every_agent_finishes():
    env = make_env("red7", players=3)
    for seed in range(5):
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            rewards[agent] += reward
            if terminated:
                final = env.state.returns()
                env.step(None)
                continue
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        assert env.agents == [] and [rewards[a] for a in env.possible_agents] == final
        assert sum(final) >= 1.0


def test_rewards_may_come_from_the_games_own_result():
    """The Game is cooperative and rarely won: its `result` (cards left) makes a reward that says how close."""
    env = make_env("the-game", players=2, rewards=lambda s: [-s.result()] * s.n)
    rng, final = np.random.default_rng(3), {}
    env.reset(seed=3)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.state.result() > 0 and final == dict.fromkeys(env.possible_agents, -float(env.state.result()))


def test_an_illegal_action_is_refused_with_the_legal_ones():
    env = make_env("red7", players=2)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=f"action {illegal} is not legal for player_"):
        env.step(illegal)


def test_max_steps_truncates_the_game():
    env = make_env("seven7s", players=2, max_steps=3)
    env.reset(seed=0)
    for _ in range(3):
        env.step(legal_indexes(env)[0])
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_render_draws_the_terminal_picture():
    env = make_env("crazy-eights", players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "Crazy Eights" in text and "to move" in text and "(you)" in text
    assert make_env("crazy-eights", players=2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        make_env("crazy-eights", render_mode="rgb_array")


MINI = """\
game "Mini"
players 2..2
attribute rank: 1..3
cards: rank -> pile
zone pile: stack, hidden
zone hand: per_player, owner
setup:
  deal 1 from pile to hand
turn:
  choose:
    bid(k in {source}):
      move hand(me) to pile
end when empty(hand(0)) and empty(hand(1)):
  win players
"""


def test_a_rules_file_by_path_and_a_number_the_space_cannot_hold(tmp_path):
    path = tmp_path / "mini.rules"
    path.write_text(MINI.format(source="[0, 100]"))
    env = make_env(str(path))
    env.reset(seed=0)
    assert [env.move_text(i) for i in legal_indexes(env)] == ["bid 0", "bid 100"]
    path.write_text(MINI.format(source="[0, 1000]"))
    env = make_env(str(path))
    with pytest.raises(ActionSpaceError, match="'bid 1000' names 1000, which its option 'bid' cannot number"):
        env.reset(seed=0)
    env = make_env(str(path), numbers=range(0, 1001))
    env.reset(seed=0)
    assert len(legal_indexes(env)) == 2


def test_the_base_install_does_not_import_the_rl_packages():
    code = ("import sys, cardrules, cardrules.pettingzoo\n"
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_a_move_naming_an_unseen_card_has_an_index_by_place():
    """Seven7s' Wonders power looks at an opponent's card by place ("hand(P1)#2"): such moves get indexes in
    the option's unseen group, one per place and number, and the chosen one is made."""
    env = make_env("seven7s", players=2)
    rng = random.Random(0)
    for seed in range(200):
        env.reset(seed=seed)
        while not env.state.is_terminal():
            unseen = {i: m for i, m in env.moves.items() if "#" in m.text}
            if unseen:
                assert all(env.actions.describe(i).split()[1].startswith("unseen#") for i in unseen)
                assert len(set(unseen)) == len({m.text for m in unseen.values()})
                index = min(unseen)
                env.step(index)
                return
            env.step(rng.choice(legal_indexes(env)))
    pytest.fail("no move named an unseen card in 200 games")


def test_a_secret_choosers_own_hand_needs_no_room_for_unseen_cards():
    """In `simultaneously for p`, `hand(p)` is the chooser's own hand: its binder ranges over card types only."""
    env = make_env(str(DRAFT), players=3)
    (block,) = env.actions.blocks.values()
    assert [groups for groups, _, _ in block.domains] == [("card", "none")]


def test_a_secret_choosers_name_bound_again_in_a_list_is_not_the_chooser(tmp_path):
    """`[top(hand(p)) for p in players]` inside `simultaneously for p` ranges over every player's hand: the
    binder needs room for unseen cards (the chooser's `p` used to be read as `me` inside the list too, and the
    first move naming another hand's card by place had no index)."""
    path = tmp_path / "rebound.rules"
    path.write_text(DRAFT.read_text().replace("in hand(p)", "in [top(hand(p)) for p in players]", 1))
    assert "[top(hand(p)) for p in players]" in path.read_text()
    env = make_env(str(path), players=3)
    assert any("unseen" in groups for block in env.actions.blocks.values() for groups, _, _ in block.domains)
    env.reset(seed=0)
    assert legal_indexes(env)  # every move listed has its index


TWO_BLIND = MINI.replace("zone hand: per_player, owner", "zone hand: per_player, owner\nzone box: stack, hidden")


def test_an_option_of_several_hiding_binders_past_the_block_limit_gets_no_room_for_unseen_cards(tmp_path):
    path = tmp_path / "blind.rules"
    path.write_text(TWO_BLIND.replace("bid(k in {source})", "bid(a in hand(1 - me), b in hand(1 - me))"))
    env = make_env(str(path))
    (block,) = env.actions.blocks.values()
    assert [groups for groups, _, _ in block.domains] == [("card", "unseen", "none")] * 2  # small: room kept
    big = tmp_path / "big.rules"
    big.write_text(path.read_text().replace("attribute rank: 1..3", "attribute rank: 1..80"))
    env = make_env(str(big))
    (block,) = env.actions.blocks.values()
    assert [groups for groups, _, _ in block.domains] == [("card", "none")] * 2
    with pytest.raises(ActionSpaceError, match="names hand\\(P1\\)#1, which its option 'bid' cannot number"):
        env.reset(seed=0)


def test_the_training_loop_of_the_docs_runs():
    text = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    blocks = [b.split("```")[0] for b in text.split("```python\n")[1:]]
    (example,) = [b for b in blocks if "REINFORCE" in b]
    assert "episodes, rate, wins = 300," in example
    exec(compile(example.replace("episodes, rate, wins = 300,", "episodes, rate, wins = 4,"), "agents.md", "exec"), {})


def test_environments_of_one_game_compile_it_once_and_play_alike(monkeypatch, tmp_path):
    """A vector of environments of the same game and options reads the compiled game back from the disk cache
    (as the commands do) instead of compiling it for each; each is a game of its own that plays the same."""
    from cardrules import checked

    monkeypatch.setenv("CARDRULES_CACHE_DIR", str(tmp_path))
    compiled = []
    real = checked.compile_game
    monkeypatch.setattr(checked, "compile_game", lambda *a: compiled.append(a[2]) or real(*a))
    envs = [make_env("red7", 3, {"advanced": True}) for _ in range(3)]
    assert len(compiled) == 1, compiled
    assert len({id(e.game) for e in envs}) == 3
    for e in envs:
        e.reset(seed=11)
    masks = [e.observe(e.agent_selection)["action_mask"] for e in envs]
    assert all((m == masks[0]).all() for m in masks) and masks[0].sum() > 1
    make_env("red7", 3, {"advanced": False})
    assert len(compiled) == 2  # other options: compiled


LAYOUTS = Path(__file__).parent / "golden" / "layouts.json"


def test_each_environments_layout_digest_is_pinned():
    """`metadata["layout"]` tells an agent whether the numbers it learned against still mean the same: equal for
    equal environments, and pinned here for every bundled game and variant at its fewest and most players, so
    that a change of any action space or observation shows in review (`UPDATE_GOLDEN=1 pytest -n 0
    tests/pettingzoo/test_environment.py -k layout` rewrites the file; say so in the commit and to users)."""
    found = {}
    for name in sorted({*bundled_games(), *bundled_variants()}):
        checked = cardrules.prepare(name)
        for players in sorted({checked.min_players, checked.max_players}):
            found[f"{name} {players}"] = make_env(checked, players).metadata["layout"]
    assert make_env("sushi-go", 2).metadata["layout"] == found["sushi-go 2"] != found["sushi-go 5"]  # other seats
    if os.environ.get("UPDATE_GOLDEN"):
        LAYOUTS.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    assert found == json.loads(LAYOUTS.read_text())
