"""Batch simulation (cardrules/simulation/) and the `simulate` and `compare` commands.

Determinism across workers and backends, the statistics on hand-computed examples, Ctrl-C, and
the command lines. The Ray test needs the `ray` extra, which CI installs (README's set-up line).
"""

from __future__ import annotations

import json
import math
import pickle
from pathlib import Path

import attrs
import pytest

import cardrules
from cardrules import cli
from cardrules import simulation as sim

# A tiny cooperative game: everyone wins together if the last card played is high.
COOPERATIVE = """\
game "Toy"
players 1..3
attribute rank: 1..6
cards: rank -> stock
zone stock: stack, hidden
zone table: stack, public
zone hand: per_player, owner
setup:
  shuffle stock
  deal 2 from stock to hand
turn:
  choose:
    play(card in hand(me)):
      move card to table
end when all([empty(hand(p)) for p in players]):
  if top(table).rank > 3:
    win players
  else:
    lose
"""


@pytest.fixture(scope="module")
def simulate_json(invoke):
    """simulate_json(*args, code=0): `cardrules simulate ARGS --json`, its exit code checked, its JSON read."""
    def run(*args: str, code: int = 0) -> dict:
        result = invoke("simulate", *args, "--json")
        assert result.exit_code == code, result.output
        return json.loads(result.stdout)
    return run


def plan(games: int = 30, seed: int = 7, players: int = 2, game: str = "red7", options=None) -> sim.Plan:
    return sim.Plan.make(game, options, players, ["random"] * players, seed, games)


def record(i: int, winners: list[int], turns: int, decisions: int, first: int | None = 0, players: int = 2,
           error: str | None = None, value=None) -> sim.GameRecord:
    returns = [1.0 if p in winners else 0.0 for p in range(players)]
    return sim.GameRecord(i, i, error, first, winners, returns, turns, decisions, value)


# ---------------------------------------------------------------------------------------------
# Statistics on hand-computed examples

def test_wilson_interval_known_values():
    # 5 of 10: p = 0.5, z^2/n = 0.38416 -> centre 0.5, half-width 0.26341.
    low, high = sim.wilson_interval(5, 10)
    assert low == pytest.approx(0.236593, abs=1e-6) and high == pytest.approx(0.763407, abs=1e-6)
    # 0 of 10: (0, 2 * 0.19208 / 1.38416) = (0, 0.27753); and symmetrically 10 of 10.
    assert sim.wilson_interval(0, 10) == (0.0, pytest.approx(0.277533, abs=1e-6))
    assert sim.wilson_interval(10, 10) == (pytest.approx(0.722467, abs=1e-6), 1.0)
    assert sim.wilson_interval(81, 263) == (pytest.approx(0.255289, abs=1e-6), pytest.approx(0.366210, abs=1e-6))
    assert sim.wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        sim.wilson_interval(11, 10)


def test_percentiles_interpolate_between_order_statistics():
    values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5]  # 1..10 shuffled: position (n - 1) * q
    assert sim.percentile(values, 10) == pytest.approx(1.9)
    assert sim.percentile(values, 50) == pytest.approx(5.5)
    assert sim.percentile(values, 90) == pytest.approx(9.1)
    assert sim.percentile(values, 0) == 1 and sim.percentile(values, 100) == 10
    assert sim.percentile([7], 90) == 7
    assert sim.percentile([3, 1, 2], 50) == 2
    with pytest.raises(ValueError):
        sim.percentile([], 50)


def test_two_proportion_z_test():
    # 60/100 against 40/100: pooled p 0.5, se = sqrt(0.25 * 0.02) = 0.070711, z = -0.2 / se.
    z, p = sim.two_proportion_z_test(60, 100, 40, 100)
    assert z == pytest.approx(-2.828427, abs=1e-6)
    assert p == pytest.approx(0.0046777, abs=1e-7)  # 2 * (1 - Phi(2.828427))
    assert sim.two_proportion_z_test(40, 100, 60, 100)[0] == pytest.approx(2.828427, abs=1e-6)
    assert sim.two_proportion_z_test(50, 100, 50, 100) == (0.0, 1.0)
    assert sim.two_proportion_z_test(0, 10, 0, 20) == (0.0, 1.0)  # no variation at all
    assert sim.two_proportion_z_test(0, 0, 3, 10) == (0.0, 1.0)


def test_student_t_closed_forms():
    # df 1 is the Cauchy distribution: P(|T| >= 1) = 1/2. df 2: P(|T| >= t) = 1 - t / sqrt(2 + t^2).
    assert sim.student_t_two_sided_p(1.0, 1) == pytest.approx(0.5, abs=1e-12)
    assert sim.student_t_two_sided_p(2.0, 2) == pytest.approx(1 - 2 / math.sqrt(6), abs=1e-12)
    assert sim.student_t_two_sided_p(0.0, 5) == pytest.approx(1.0)
    # Large df tends to the normal distribution.
    assert sim.student_t_two_sided_p(1.959963984540054, 1e7) == pytest.approx(0.05, abs=1e-6)


def test_welch_t_test():
    # a: mean 3, variance 2.5; b: mean 6, variance 10. se = sqrt(2.5/5 + 10/5) = sqrt(2.5),
    # t = 3 / sqrt(2.5) = 1.897367, df = 2.5^2 / (0.5^2/4 + 2^2/4) = 6.25 / 1.0625 = 5.882353.
    t, df, p = sim.welch_t_test([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])
    assert t == pytest.approx(1.897367, abs=1e-6)
    assert df == pytest.approx(5.882353, abs=1e-6)
    assert p == pytest.approx(0.107531, abs=1e-6)
    t, df, p = sim.welch_t_test([12.1, 13.4, 11.8, 14.0, 12.9, 13.3], [14.2, 15.1, 13.9, 16.0, 14.8])
    assert (t, df, p) == (pytest.approx(3.762071, abs=1e-6), pytest.approx(8.687528, abs=1e-6),
                          pytest.approx(0.0047630, abs=1e-7))
    assert sim.welch_t_test([4, 4, 4], [4, 4]) == (0.0, 0.0, 1.0)
    assert sim.welch_t_test([4, 4, 4], [5, 5])[2] == 0.0
    assert sim.welch_t_test([1], [1, 2, 3]) == (0.0, 0.0, 1.0)


def test_summary_of_known_records():
    records = [record(0, [0], 3, 5, first=0), record(1, [1], 5, 9, first=0), record(2, [0, 1], 4, 7, first=1),
               record(3, [], 10, 12, first=1), record(4, [], 0, 0, error="game 4 (seed 4): boom")]
    run = sim.Run(plan(games=6, seed=1), records, interrupted=True, elapsed=0.1)
    s = sim.summarize(run, "toy", "Toy")
    assert (s.requested, s.games, s.valid_games, s.interrupted) == (6, 5, 4, True)
    assert s.wins == (2, 2) and s.win_rate == (0.5, 0.5)
    assert s.win_interval[0] == tuple(round(v, 4) for v in sim.wilson_interval(2, 4))
    assert s.shared_wins == 1 and s.shared_win_rate == 0.25 and s.no_winner == 1
    assert s.turns == sim.Lengths(mean=5.5, sd=round(math.sqrt(29 / 3), 3), min=3, p10=3.3, p50=4.5, p90=8.5,
                                  max=10)
    assert s.mean_turns == 5.5 and s.mean_decisions == 8.25
    # First player: seat 0 started games 0 and 1 (won game 0); seat 1 started 2 and 3 (won game 2).
    assert s.first_player == sim.FirstPlayer(games=4, wins=2, win_rate=0.5,
                                             win_interval=tuple(round(v, 4) for v in sim.wilson_interval(2, 4)),
                                             fair_share=0.5, starts=(2, 2))
    assert s.errors == 1 and s.first_error == "game 4 (seed 4): boom"
    assert s.cooperative is False and s.cooperative_results is None and s.result is None


def test_first_player_fair_share_with_teams():
    """With two sides of two, a first player without an advantage wins half the games (with a
    partner), not a quarter."""
    teams = [[0, 2], [1, 3]]
    records = [attrs.evolve(record(i, side, 5, 5, first=i % 4, players=4), sides=teams)
               for i, side in enumerate([[0, 2], [1, 3], [0, 2], [0, 2]])]
    s = sim.summarize(sim.Run(plan(games=4, players=4), records, False, 0.0), "toy", "Toy")
    assert s.first_player.fair_share == 0.5
    assert s.first_player.wins == 3  # the first player was on the winning side in games 0, 1 and 2
    assert s.sides.wins == (3, 1)
    alone = sim.summarize(sim.Run(plan(games=4, players=4), [record(i, [i], 5, 5, first=i, players=4)
                                                             for i in range(4)], False, 0.0), "toy", "Toy")
    assert alone.first_player.fair_share == 0.25


def test_cooperative_summary_and_result_values():
    records = [record(0, [0, 1], 4, 8, value=0), record(1, [], 6, 11, value=3), record(2, [], 6, 12, value=5),
               record(3, [0, 1], 5, 9, value=0)]
    s = sim.summarize(sim.Run(plan(games=4), records, False, 0.0), "toy", "Toy", "cards left")
    assert s.cooperative is True
    coop = s.cooperative_results
    assert coop.wins == 2 and coop.win_rate == 0.5
    assert coop.returns == ((0.0, 2), (1.0, 2))
    assert coop.turns == ((4, 1), (5, 1), (6, 2))
    assert s.result.label == "cards left" and s.result.spread.mean == 2.0
    assert s.result.distribution == ((0, 2), (3, 1), (5, 1))
    # One game with a single winner: not cooperative.
    records.append(record(4, [1], 3, 3))
    assert sim.summarize(sim.Run(plan(games=5), records, False, 0.0)).cooperative is False


def test_result_value_hook_reads_the_rules_files_result():
    class WithResult:
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    assert sim.result_value(WithResult(12)) == 12
    assert sim.result_value(WithResult(True)) == 1
    assert sim.result_value(WithResult(None)) is None
    assert sim.result_value(object()) is None  # an engine without `result`


def test_compare_rows_on_known_records():
    a = sim.Run(plan(games=4), [record(i, [0], 2 + i, 4, first=0) for i in range(4)], False, 0.0)
    b = sim.Run(plan(games=4), [record(i, [i % 2], 5 + i, 8, first=0) for i in range(4)], False, 0.0)
    rows = {(r.statistic, r.seat): r for r in sim.compare(a, b)}
    win0 = rows[("win_rate", 0)]
    z, p = sim.two_proportion_z_test(4, 4, 2, 4)
    assert (win0.a, win0.b, win0.difference) == (1.0, 0.5, -0.5)
    assert win0.z == round(z, 3) and win0.p_value == float(f"{p:.4g}")
    turns = rows[("mean_turns", None)]
    t, df, p = sim.welch_t_test([2, 3, 4, 5], [5, 6, 7, 8])
    assert (turns.a, turns.b, turns.difference) == (3.5, 6.5, 3.0)
    assert turns.p_value == float(f"{p:.4g}") and turns.significant == (p < 0.05)
    assert rows[("mean_decisions", None)].significant is True  # 4 vs 8, no variance at all
    assert {("first_player_win_rate", None), ("shared_win_rate", None), ("error_rate", None)} <= set(rows)


# ---------------------------------------------------------------------------------------------
# The records' JSON: the keys, their order and the optional ones, as --json prints them

SUMMARY_KEYS = ["game", "title", "options", "players", "agents", "seed", "requested", "games", "interrupted",
                "valid_games", "wins", "win_rate", "win_interval", "shared_wins", "shared_win_rate", "no_winner",
                "mean_turns", "mean_decisions", "turns", "decisions", "first_player", "errors", "first_error",
                "result", "cooperative", "cooperative_results"]


def interval(k: int, n: int) -> list[float]:
    """A 95% interval as the JSON writes it."""
    return [round(v, 4) for v in sim.wilson_interval(k, n)]


def test_a_summary_without_teams_has_no_sides_and_wins_by_seat():
    records = [record(0, [0], 3, 5, value=2), record(1, [1], 5, 9, value=4)]
    data = sim.summarize(sim.Run(plan(games=2), records, False, 0.0), "toy", "Toy", "cards left").to_json()
    assert list(data) == SUMMARY_KEYS  # no `sides`, and no `cards_left`: the game is not cooperative
    assert data["wins"] == [1, 1] and data["win_rate"] == [0.5, 0.5] and len(data["win_interval"]) == 2
    assert list(data["turns"]) == ["mean", "sd", "min", "p10", "p50", "p90", "max"]
    assert list(data["result"]) == ["label", "games", "mean", "sd", "min", "p10", "p50", "p90", "max",
                                    "distribution"]
    assert data["result"]["distribution"] == [[2, 1], [4, 1]]
    words = sim.summarize(sim.Run(plan(games=1), [record(0, [0], 3, 5, value="red")], False, 0.0)).to_json()
    assert list(words["result"]) == ["label", "games", "distribution"]  # no spread for texts


def test_a_summary_with_teams_adds_sides_after_the_other_keys():
    teams = [[0, 2], [1, 3]]
    records = [attrs.evolve(record(i, side, 5, 5, first=i % 4, players=4), sides=teams)
               for i, side in enumerate([[0, 2], [1, 3], [0, 2]])]
    data = sim.summarize(sim.Run(plan(games=3, players=4), records, False, 0.0), "toy", "Toy").to_json()
    assert list(data) == SUMMARY_KEYS + ["sides"]
    assert data["sides"] == {"sides": teams, "wins": [2, 1], "win_rate": [0.6667, 0.3333],
                             "win_interval": [interval(2, 3), interval(1, 3)]}
    alone = [attrs.evolve(record(i, [i], 5, 5, players=2), sides=[[0], [1]]) for i in range(2)]
    assert "sides" not in sim.summarize(sim.Run(plan(games=2), alone, False, 0.0)).to_json()  # a seat is no team


def test_a_cooperative_summary_gives_the_tables_wins_and_its_result_by_label():
    records = [record(0, [0, 1], 4, 8, value=0), record(1, [], 6, 11, value=3), record(2, [0, 1], 5, 9, value=0)]
    summary = sim.summarize(sim.Run(plan(games=3), records, False, 0.0), "toy", "Toy", "cards left")
    data = summary.to_json()
    assert list(data) == SUMMARY_KEYS + ["cards_left"]
    assert data["wins"] == 2 and data["win_rate"] == 0.6667 and data["win_interval"] == interval(2, 3)
    assert summary.wins == (2, 2)  # the record keeps the wins by seat
    assert data["cards_left"] == data["result"] and data["result"]["label"] == "cards left"
    assert data["cooperative_results"] == {"wins": 2, "win_rate": 0.6667, "win_interval": data["win_interval"],
                                           "returns": [[0.0, 1], [1.0, 2]], "turns": [[4, 1], [5, 1], [6, 1]],
                                           "decisions": [[8, 1], [9, 1], [11, 1]]}
    unlabelled = sim.summarize(sim.Run(plan(games=3), records, False, 0.0)).to_json()
    assert list(unlabelled) == SUMMARY_KEYS and unlabelled["wins"] == 2


def test_comparison_rows_carry_the_numbers_of_their_own_test():
    a = sim.Run(plan(games=3), [record(i, [0], 4, 4, value=1) for i in range(3)], False, 0.0)
    b = sim.Run(plan(games=3), [record(i, [1], 4 + i, 6, value=2) for i in range(3)], False, 0.0)
    rows = {row.statistic: row.to_json() for row in sim.compare(a, b)}
    assert list(rows["first_player_win_rate"]) == ["statistic", "seat", "a", "b", "difference", "test", "z",
                                                   "p_value", "significant"]
    assert list(rows["mean_turns"]) == ["statistic", "seat", "a", "b", "difference", "test", "t", "df", "p_value",
                                        "significant"]
    assert rows["mean_decisions"]["t"] is None  # neither side varies: an infinite t is written as null
    assert rows["mean_result"]["test"] == "Welch t" and rows["error_rate"]["test"] == "two-proportion z"


def test_the_compare_report_and_the_game_records_as_json():
    a = sim.Run(plan(games=2), [record(i, [0], 4, 4) for i in range(2)], False, 0.0)
    summary = sim.summarize(a)
    report = sim.Comparison(2, 7, 2, ("random", "random"), True, sim.Labels("red7", "red7 -o advanced"), summary,
                            None, ())
    data = report.to_json()
    assert list(data) == ["players", "seed", "requested", "agents", "interrupted", "labels", "a", "b", "comparisons"]
    assert data["labels"] == {"a": "red7", "b": "red7 -o advanced"} and data["b"] is None
    assert data["a"] == summary.to_json() and data["agents"] == ["random", "random"]
    game = record(3, [1], 4, 6, first=1).to_json()
    assert game == {"index": 3, "seed": 3, "error": None, "first": 1, "winners": [1], "returns": [0.0, 1.0],
                    "turns": 4, "decisions": 6, "value": None}  # `sides` only with teams
    assert attrs.evolve(record(0, [0], 1, 1), sides=[[0], [1]]).to_json()["sides"] == [[0], [1]]


def test_the_records_pickle():
    """The pool and Ray send records between processes."""
    records = [attrs.evolve(record(i, [i % 2], 3, 4, value=i), sides=[[0], [1]]) for i in range(3)]
    run = sim.Run(plan(games=3), records, False, 0.0)
    summary = sim.summarize(run, "toy", "Toy", "points")
    report = sim.Comparison(2, 7, 3, ("random", "random"), False, sim.Labels("a", "b"), summary, summary,
                            tuple(sim.compare(run, run)))
    for value in (records, summary, report):
        assert pickle.loads(pickle.dumps(value)) == value


# ---------------------------------------------------------------------------------------------
# Seeds and determinism

def test_seeds_depend_on_the_base_seed_and_the_index_only():
    assert sim.deal_seed(5, 3) == sim.deal_seed(5, 3) != sim.deal_seed(5, 4) != sim.deal_seed(6, 3)
    assert sim.agent_seed(5, 3, 0) != sim.agent_seed(5, 3, 1)
    game = cardrules.load("red7")
    short = sim.run(plan(games=4, seed=11), game=game)
    long = sim.run(plan(games=12, seed=11), game=game)
    assert long.records[:4] == short.records  # game i is the same game in any run of seed S
    assert [r.seed for r in short.records] == [sim.deal_seed(11, i) for i in range(4)]
    # The first player is whoever was to move right after the initial state.
    for r in long.records:
        assert r.first == game.new_initial_state(2, r.seed).current_player()


def test_the_seeds_of_a_run_are_derive_seed_of_their_parts():
    """deal_seed and agent_seed write the tuple's repr directly (once per game): the same numbers."""
    for seed in (0, 1, -7, 2**70, 123456789):
        for index in (0, 3, 10**9):
            assert sim.deal_seed(seed, index) == sim.derive_seed("deal", seed, index)
            assert sim.agent_seed(seed, index, 2) == sim.derive_seed("agent", seed, index, 2)
    assert sim.deal_seed(True, 1) == sim.derive_seed("deal", True, 1)  # not an int: the general way
    assert sim.deal_seed(0, 0) == 8475336564805861457  # pinned: a run's games depend on it


def test_same_seed_same_results_and_another_seed_differs(simulate_json):
    first = simulate_json("red7", "-p", "3", "--games", "25", "--seed", "3")
    again = simulate_json("red7", "-p", "3", "--games", "25", "--seed", "3")
    other = simulate_json("red7", "-p", "3", "--games", "25", "--seed", "4")
    assert first == again
    assert (first["wins"], first["turns"]) != (other["wins"], other["turns"])
    assert first["games"] == first["requested"] == 25 and first["interrupted"] is False
    legacy = {"games", "wins", "win_rate", "mean_turns", "mean_decisions", "errors", "seed", "players", "game",
              "first_error"}
    assert legacy <= set(first)


def test_one_job_and_two_jobs_give_identical_json(simulate_json):
    one = simulate_json("red7", "--games", "40", "--seed", "9", "--jobs", "1")
    two = simulate_json("red7", "--games", "40", "--seed", "9", "--jobs", "2")
    assert one == two  # the JSON has no timing fields: everything must match


@pytest.mark.xdist_group("ray")  # one local Ray instance at a time (pyproject.toml runs tests on every core)
def test_local_and_ray_backends_give_identical_json(simulate_json):
    try:
        import ray  # noqa: F401
    except ImportError:  # pragma: no cover - CI installs the extra; this must not pass silently
        pytest.fail("the ray backend test needs Ray: pip install -e '.[test,ray]'")
    local = simulate_json("red7", "-p", "3", "--games", "30", "--seed", "2", "--agent", "random")
    remote = simulate_json("red7", "-p", "3", "--games", "30", "--seed", "2", "--agent", "random",
                           "--backend", "ray", "--jobs", "2")
    assert local == remote


class Watched(sim.Schedule):
    """The schedule, noting the ranges it hands out and the pace the workers report."""

    handed: list[tuple[int, int]] = []
    reported: list[tuple[int, float]] = []

    def take(self):
        chunk = super().take()
        if chunk is not None:
            self.handed.append(chunk)
        return chunk

    def finished(self, games, seconds):
        self.reported.append((games, seconds))
        super().finished(games, seconds)


@pytest.mark.xdist_group("ray")
def test_ray_chunks_follow_the_schedule(monkeypatch):
    """Ray sent fixed chunks (60 games, 2 workers: 20 chunks of 3) where the pool paced them: now both hand
    out the ranges of runner.Schedule, sized by the game time the workers measure."""
    from cardrules.simulation import runner

    monkeypatch.setattr(Watched, "handed", [])
    monkeypatch.setattr(Watched, "reported", [])
    monkeypatch.setattr(runner, "Schedule", Watched)
    finished = []
    remote = sim.run(plan(games=60, seed=4), jobs=2, backend="ray", progress=finished.append)
    assert remote.records == sim.run(plan(games=60, seed=4)).records and not remote.interrupted
    handed = Watched.handed
    assert handed[:4] == [(0, 7), (7, 14), (14, 21), (21, 28)]  # 8 at most, a quarter per worker, until timed
    assert handed[-1][1] == 60 and all(a[1] == b[0] for a, b in zip(handed, handed[1:]))
    sizes = sorted(stop - start for start, stop in handed)
    assert sorted(finished) == sizes == sorted(games for games, _ in Watched.reported)
    assert all(seconds > 0 for _, seconds in Watched.reported)  # each chunk's time, measured by its worker


def test_pool_runs_chunks_and_reloads_the_game_in_workers():
    game = cardrules.load("red7", {"advanced": True})
    base = sim.run(plan(games=6, seed=1, options={"advanced": True}), game=game)
    pooled = sim.run(plan(games=6, seed=1, options={"advanced": True}), jobs=2)
    assert pooled.records == base.records and not pooled.interrupted


def test_a_huge_run_hands_out_its_work_a_little_at_a_time(monkeypatch):
    """--games 10**11 built its whole work list (3.8 GB) before the first game: chunks are made as
    workers need them."""
    from cardrules.simulation import runner

    handed_out = []
    real = runner.Schedule.take

    def counted(self):
        chunk = real(self)
        handed_out.append(chunk)
        return chunk
    monkeypatch.setattr(runner.Schedule, "take", counted)
    finished = []

    def progress(count):
        finished.append(count)
        if len(finished) == 3:
            raise KeyboardInterrupt
    run = sim.run(plan(games=10_000_000, seed=3), jobs=2, progress=progress)
    assert run.interrupted and 0 < len(run.records) == sum(finished)
    assert len(handed_out) <= 2 * 2 + 3  # what was in flight, and one more per finished chunk


def test_chunks_follow_the_pace_of_the_games_and_shrink_at_the_end():
    """A pool's chunks: small until a chunk's time is known, then about a tenth of a second of a worker's
    games, never more than a quarter of what is left (two workers), one game at the very end."""
    from cardrules.simulation.runner import Schedule

    schedule = Schedule(2000, 2)
    first = schedule.opening()  # two a worker
    assert first == [(0, 8), (8, 16), (16, 24), (24, 32)]
    assert schedule.after(8, 0.002) == (32, 432)  # 4,000 games a second: 400 a chunk
    taken = [schedule.take() for _ in range(100)]
    ranges = first + [(32, 432)] + [t for t in taken if t is not None]
    assert taken[-1] is None and ranges[-1][1] == 2000 and ranges[-1][1] - ranges[-1][0] == 1
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))  # every game once, in order
    assert all(stop - start <= -(-(2000 - start) // 4) for start, stop in ranges[4:])
    slow = Schedule(100, 2)
    slow.take()
    slow.finished(8, 0.3)  # 27 games a second: 2 a chunk
    assert slow.take() == (8, 10)


# ---------------------------------------------------------------------------------------------
# Errors and Ctrl-C

class Breaking(sim.Observer):
    """Watches every game of a run and breaks in game `at` (counted from 1) with `error`."""

    def __init__(self, at: int, error: BaseException):
        self.at, self.error, self.games = at, error, 0

    def started(self, state) -> None:
        self.games += 1
        if self.games == self.at:
            raise self.error


def test_a_failing_game_is_counted_and_the_run_goes_on():
    breaking = Breaking(2, ValueError("something broke"))
    run = sim.run(plan(games=5), observers=[breaking])
    summary = sim.summarize(run)
    assert breaking.games == 5 and summary.errors == 1 and summary.valid_games == 4
    assert summary.first_error == f"game 1 (seed {sim.deal_seed(7, 1)}): something broke"
    assert sum(summary.wins) == 4


def watched_runs(monkeypatch, observer: sim.Observer) -> None:
    """The commands' runs (one local job) played with `observer` watching every game."""
    real = sim.run
    monkeypatch.setattr(sim, "run", lambda plan, **kwargs: real(plan, observers=[observer], **kwargs))


def test_ctrl_c_reports_the_games_finished_so_far(invoke, simulate_json, monkeypatch):
    interrupted_at_the_sixth_game = Breaking(6, KeyboardInterrupt())
    watched_runs(monkeypatch, interrupted_at_the_sixth_game)
    data = simulate_json("red7", "--games", "20", "--seed", "1", code=130)
    assert data["interrupted"] is True and data["requested"] == 20 and data["games"] == 5
    assert sum(data["wins"]) == 5 and data["turns"]["mean"] > 0
    interrupted_at_the_sixth_game.games = 0
    text = invoke("simulate", "red7", "--games", "20", "--seed", "1")
    assert text.exit_code == 130
    assert "Interrupted: 5 of the 20 requested games finished" in text.output
    assert "P1" in text.output and "95% CI" in text.output


def test_ctrl_c_stops_worker_processes_and_keeps_finished_chunks():
    finished = []

    def progress(count):
        finished.append(count)
        if len(finished) == 2:
            raise KeyboardInterrupt  # as if Ctrl-C arrived while waiting for the third chunk

    run = sim.run(plan(games=200, seed=3), jobs=2, progress=progress)
    assert run.interrupted and len(run.records) == sum(finished) < 200
    reference = sim.run(plan(games=200, seed=3))
    by_index = {r.index: r for r in reference.records}
    assert all(r == by_index[r.index] for r in run.records)


# ---------------------------------------------------------------------------------------------
# The command lines

def test_simulate_text_report(invoke):
    result = invoke("simulate", "red7", "-p", "3", "--games", "12", "--seed", "2")
    assert result.exit_code == 0, result.output
    for words in ("95% CI", "shared wins", "first player", "p10", "p50", "p90", "errors: 0", "games/s"):
        assert words in result.output, words


def test_simulate_pace_reads_in_seconds_per_game_when_games_are_slow():
    assert cli.simulate.pace(12, 0.5) == "24.0 games/s"
    assert cli.simulate.pace(2, 191.48) == "95.7 s per game"  # not "0.0 games/s"


def test_simulate_per_seat_agents_and_bad_agents(invoke, simulate_json):
    data = simulate_json("red7", "--games", "3", "--agent", "random", "--agent", "greedy")
    assert data["agents"] == ["random", "greedy"] and sum(data["wins"]) == 3
    assert simulate_json("red7", "-p", "3", "--games", "2", "--agent", "greedy")["agents"] == ["greedy"] * 3
    too_many = invoke("simulate", "red7", "--agent", "random", "--agent", "random", "--agent", "random")
    assert too_many.exit_code == 2 and "one per seat" in too_many.output
    unknown = invoke("simulate", "red7", "--agent", "no-such-bot")
    assert unknown.exit_code == 2 and "no-such-bot" in unknown.output and "random" in unknown.output


def test_simulate_bad_backend_arguments(invoke):
    bad = invoke("simulate", "red7", "--backend", "cloud")
    assert bad.exit_code == 2 and "cloud" in bad.output
    address = invoke("simulate", "red7", "--address", "10.0.0.1:6379")
    assert address.exit_code == 2 and "--backend ray" in address.output


def test_simulate_a_cooperative_game(invoke, simulate_json, tmp_path: Path):
    path = tmp_path / "toy.rules"
    path.write_text(COOPERATIVE, encoding="utf-8")
    data = simulate_json(str(path), "-p", "2", "--games", "60", "--seed", "4")
    assert data["game"] == "toy" and data["cooperative"] is True
    coop = data["cooperative_results"]
    # issue 3: one win rate for the table instead of wins per seat
    assert 0 < coop["wins"] < 60 and data["wins"] == coop["wins"] and data["win_rate"] == coop["win_rate"]
    assert coop["returns"] == [[0.0, 60 - coop["wins"]], [1.0, coop["wins"]]]
    assert coop["turns"] == [[4, 60]]  # two cards each, one a turn
    text = invoke("simulate", str(path), "-p", "2", "--games", "10")
    assert text.exit_code == 0 and "Cooperative game" in text.output


def test_compare_the_same_game_with_an_option(invoke, simulate_json):
    result = invoke("compare", "red7", "red7", "-o:b", "advanced", "--games", "12", "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["a"]["options"] == {} and data["b"]["options"] == {"advanced": True}
    assert data["labels"] == {"a": "red7", "b": "red7 -o advanced"}
    rows = {(r["statistic"], r["seat"]): r for r in data["comparisons"]}
    turns = rows[("mean_turns", None)]
    assert turns["b"] > turns["a"] and turns["significant"] is True  # rounds make the game much longer
    assert turns["difference"] == pytest.approx(turns["b"] - turns["a"], abs=1e-3)
    assert {("win_rate", 0), ("win_rate", 1), ("first_player_win_rate", None), ("mean_decisions", None)} <= set(rows)
    # A alone is exactly `simulate` with the same seed.
    assert data["a"] == simulate_json("red7", "--games", "12", "--seed", "5")


def test_compare_identical_games_finds_no_difference(invoke):
    result = invoke("compare", "red7", "red7", "--option-a", "advanced", "-o:b", "advanced", "--games", "5",
                    "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["a"] == data["b"]
    assert all(r["difference"] == 0 and not r["significant"] for r in data["comparisons"])


def test_compare_text_and_help(invoke):
    result = invoke("compare", "red7", "red7", "-o:b", "advanced", "--games", "6", "-p", "3")
    assert result.exit_code == 0, result.output
    for words in ("win rate P2", "mean turns", "B − A", "Welch", "red7 -o advanced"):
        assert words in result.output, words
    usage = invoke("compare", "--help")
    assert usage.exit_code == 0 and "-o:a" in usage.output and "-o:b" in usage.output
    bad = invoke("compare", "red7", "red7", "-o:b", "no_such_option")
    assert bad.exit_code == 2 and "no_such_option" in bad.output


def test_cooperative_game_reports_one_win_rate_and_its_result_by_label(invoke):
    """The Game: everybody wins or loses together, so one win rate and the 'cards left' distribution."""
    result = invoke("simulate", "the-game", "-p", "3", "--games", "30", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["cooperative"] is True and summary["errors"] == 0
    assert isinstance(summary["win_rate"], float) and 0.0 <= summary["win_rate"] <= 1.0
    left = summary["cards_left"]
    assert left["games"] == 30 and sum(count for _, count in left["distribution"]) == 30
    assert all(0 <= value <= 98 for value, _ in left["distribution"])
