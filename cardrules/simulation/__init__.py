"""Games played: the one match driver, seeds, batch play on local and Ray backends, statistics and summaries."""

from ..limits import MAX_DECISIONS
from .match import Chooser, FirstMover, GameDidNotEnd, Observer, play_match, result_label, result_value
from .runner import (
    BACKENDS,
    BackendUnavailable,
    GameRecord,
    Plan,
    Run,
    Schedule,
    check_agents,
    default_jobs,
    play_game,
    run,
    run_chunk,
    seat_agents,
    worker_game,
)
from .seeds import agent_seed, deal_seed, derive_seed
from .statistics import (
    incomplete_beta,
    mean,
    percentile,
    student_t_two_sided_p,
    two_proportion_z_test,
    variance,
    welch_t_test,
    wilson_interval,
)
from .summary import (
    ALPHA,
    T_TEST,
    Z_TEST,
    Comparison,
    ComparisonRow,
    CooperativeResults,
    FirstPlayer,
    Labels,
    Lengths,
    ResultSummary,
    SideWins,
    Summary,
    compare,
    distribution,
    is_cooperative,
    json_key,
    length_summary,
    result_summary,
    side_summary,
    summarize,
)

__all__ = ["ALPHA", "BACKENDS", "BackendUnavailable", "Chooser", "Comparison", "ComparisonRow", "CooperativeResults",
           "FirstMover", "FirstPlayer", "GameDidNotEnd", "GameRecord", "Labels", "Lengths", "MAX_DECISIONS", "Observer",
           "Plan", "ResultSummary", "Run", "Schedule", "SideWins", "Summary", "T_TEST", "Z_TEST", "agent_seed",
           "check_agents", "compare", "deal_seed", "default_jobs", "derive_seed", "distribution",
           "incomplete_beta", "is_cooperative", "json_key", "length_summary", "mean", "percentile",
           "play_game", "play_match", "result_label", "result_summary", "result_value", "run", "run_chunk",
           "seat_agents", "side_summary", "student_t_two_sided_p", "summarize", "two_proportion_z_test", "variance",
           "welch_t_test", "wilson_interval", "worker_game"]
