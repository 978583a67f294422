"""What a command imports when it starts (docs/performance.md, "Start-up"): checked by the modules imported, never
by a timing, so that the test means the same on a busy machine."""

from __future__ import annotations

import gc
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import cli
from cardrules.cli import lazy

REPO = Path(__file__).resolve().parents[2]
MAIN = "from cardrules.cli import main; main()"


def started(args: list[str], cache_dir: Path, extra: str = "",
            flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """A `cardrules ARGS` process of this checkout with its disk cache in `cache_dir`, `extra` run before the
    command line (a probe), `flags` given to Python; it must succeed."""
    path = os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])
    env = {**os.environ, "PYTHONPATH": path, "CARDRULES_CACHE_DIR": str(cache_dir)}
    env.pop("CARDRULES_NO_CACHE", None)
    result = subprocess.run([sys.executable, *flags, "-c", extra + MAIN, *args], capture_output=True, text=True,
                            timeout=120, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    return result


def imported(args: list[str], cache_dir: Path, extra: str = "") -> set[str]:
    """The modules a `cardrules ARGS` process imports (python -X importtime names every one on stderr)."""
    result = started(args, cache_dir, extra, ("-X", "importtime"))
    return set(re.findall(r"^import time:.*\|\s*([\w.]+)\s*$", result.stderr, re.M))


def under(modules: set[str], *packages: str) -> set[str]:
    return {m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)}


@pytest.fixture(scope="module")
def warm_simulate(tmp_path_factory) -> set[str]:
    where = tmp_path_factory.mktemp("cache")
    imported(["simulate", "red7", "--games", "1"], where)  # fills the disk cache
    return imported(["simulate", "red7", "--games", "1"], where)


def test_a_warm_simulate_plays_its_game_read_back_with_the_engine_alone(warm_simulate):
    """The game a command compiled before comes back without its checked rules, the compiler or the language
    (checked.requested, game_store.py): only the few compiler modules a compiled game holds objects of."""
    assert "cardrules.cli.simulate" in warm_simulate and "cardrules.engine.state" in warm_simulate  # it did run
    assert under(warm_simulate, "cardrules.compiler") == {"cardrules.compiler", "cardrules.compiler.runtime",
                                                          "cardrules.compiler.scope", "cardrules.compiler.settings"}
    assert not under(warm_simulate, "cardrules.language")


def test_a_warm_simulate_imports_no_pydantic_parser_or_other_commands(warm_simulate):
    assert "cardrules.cli.simulate" in warm_simulate  # it did run
    # typer >= 0.29 coerces parameters with pydantic (pyproject.toml keeps typer below it)
    assert not under(warm_simulate, "pydantic", "pydantic_core")
    # the checked rules come from the disk cache: no parser, no checker
    assert not under(warm_simulate, "lark", "interegular", "cardrules.language.syntax", "cardrules.language.check")
    # only the simulate group's own modules: no play screen, no records, no authoring tools
    # JSON is written through cattrs only when a command prints it (cardrules/converter.py)
    assert not under(warm_simulate, "cattrs")
    assert not under(warm_simulate, "cardrules.cli.play", "cardrules.cli.replay", "cardrules.cli.authoring",
                     "cardrules.cli.games", "cardrules.cli.compile", "cardrules.authoring",
                     "cardrules.simulation.records")
    # a summary draws no cards: the renderer of play screens is not needed
    assert "cardrules.cli.render" not in warm_simulate
    # a warm start writes no file: tempfile (with random and shutil) is imported by a write alone
    assert "tempfile" not in warm_simulate
    # the consoles turn no `:name:` into an emoji, so rich's table of emoji codes (~3 ms) is never read
    assert "rich._emoji_codes" not in warm_simulate
    # one job starts no pool: the process pool's modules are imported by --jobs J alone
    assert not under(warm_simulate, "multiprocessing", "concurrent")


def test_a_warm_simulate_reads_no_builtin_signature(tmp_path):
    """attrs reads each converter's signature as it makes a class; a builtin's (`converter=tuple`) made the
    process compile the tokenizer's expressions, ~13 ms of every start (values.as_tuple)."""
    report = ("import atexit, sys; atexit.register(lambda: print('tokenizer compiled:', "
              "sys.modules['tokenize']._compile.cache_info().currsize if 'tokenize' in sys.modules else 0, "
              "file=sys.stderr)); ")
    for _ in range(2):  # the second start is warm
        result = started(["simulate", "red7", "--games", "1"], tmp_path, report)
    assert "tokenizer compiled: 0" in result.stderr, result.stderr[-2000:]


def test_every_command_is_listed_with_its_group():
    for module, names in cli.GROUPS.items():
        assert tuple(lazy.group_commands("cardrules.cli", module)) == names, module
    assert list(cli.commands()) == [name for names in cli.GROUPS.values() for name in names]


def test_a_command_is_built_when_first_looked_up(invoke):
    result = invoke("simulat", "red7")
    assert result.exit_code == 2 and "Did you mean 'simulate'?" in result.output
    listed = invoke("--help", env={"COLUMNS": "200"}, terminal_width=200)
    assert listed.exit_code == 0
    places = [listed.output.index(f"│ {name} ") for name in cli.commands()]
    assert places == sorted(places)  # every command in --help, in the order of GROUPS


def test_the_list_of_commands_imports_no_command_module(tmp_path):
    """`cardrules --help` (and `cardrules` alone) lists every command with its help's first paragraph, read from the
    group modules' source: it imports none of them (each would import what its commands need)."""
    listed = imported(["--help"], tmp_path)
    assert "cardrules.cli.lazy" in listed  # it did run
    assert not under(listed, *(f"cardrules.cli.{module}" for module in cli.GROUPS))


def test_the_list_of_commands_reads_as_when_every_command_is_built(invoke, monkeypatch):
    quick = invoke("--help", env={"COLUMNS": "120"}, terminal_width=120)
    monkeypatch.setattr(lazy, "summaries", lambda package, module: {})  # no source read: each command is built
    built = invoke("--help", env={"COLUMNS": "120"}, terminal_width=120)
    assert quick.exit_code == built.exit_code == 0
    assert quick.output == built.output
    assert all(f"│ {name} " in quick.output for name in cli.commands())


def test_a_command_listed_in_the_source_has_its_docstring():
    for module, names in cli.GROUPS.items():
        functions = lazy.group_commands("cardrules.cli", module)
        read = {name: inspect.cleandoc(doc) for name, doc in lazy.summaries("cardrules.cli", module).items()}
        assert read == {name: inspect.cleandoc(functions[name].__doc__) for name in names}


def test_a_command_leaves_its_objects_out_of_the_exits_cycle_searches(tmp_path):
    """Python's exit searches every object for reference cycles, more than once: a tenth of a second of CPU after
    a warm `simulate red7 --games 1`, and more after many games (the definitions' kept tables). The command line
    freezes its objects as it ends, which leaves them out (docs/performance.md, "The process's exit")."""
    probe = "import atexit, gc; atexit.register(lambda: print('frozen', gc.get_freeze_count() > 1000)); "
    done = started(["simulate", "red7", "--games", "1"], tmp_path, probe)
    assert done.stdout.splitlines()[-1] == "frozen True"


def test_the_command_line_called_in_a_process_that_goes_on_freezes_nothing():
    before = gc.get_freeze_count()
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert gc.get_freeze_count() == before


def test_a_warm_play_reads_no_rules_until_a_player_asks(tmp_path):
    """A game played before starts from the disk cache alone, as `simulate` does: the rules (their syntax tree,
    the language, the explainer) are read when a player types `rules`."""
    args = ["play", "red7", "--seat", "0=random", "--seat", "1=random", "--seed", "4"]
    imported(args, tmp_path)  # fills the disk cache
    warm = imported(args, tmp_path)
    assert "cardrules.cli.play" in warm and "cardrules.engine.state" in warm  # it did run
    assert not under(warm, "cardrules.language", "cardrules.authoring", "lark")


def test_a_warm_list_reads_the_summaries_alone(tmp_path):
    """`list` shows titles, player counts and options: read back as summaries kept beside the checked rules, they
    need no syntax tree, so no language module (`checked.summarised`)."""
    imported(["list"], tmp_path)  # fills the disk cache
    warm = imported(["list"], tmp_path)
    assert "cardrules.cli.games" in warm  # it did run
    assert not under(warm, "cardrules.language", "lark")
