"""Golden tests: the exact `check` output for a catalogue of typical mistakes in a rules file.

Regenerate the expected files with `UPDATE_GOLDEN=1 pytest -n 0 tests/language/test_errors.py` and review the diff.
"""

import json
import os
from pathlib import Path

import pytest

import cardrules
from cardrules.diagnostics import render_all

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden" / "errors"
# Cases come from every cases*.json file (one per area of the checker), so parallel work on the checker adds files,
# not lines to one file; a case name may appear only once across them.
CASES: dict[str, list[str]] = {}
for _file in sorted(GOLDEN.glob("cases*.json")):
    for _name, _case in json.loads(_file.read_text()).items():
        assert _name.startswith("_") or _name not in CASES, f"golden error case {_name} is defined twice"
        if not _name.startswith("_"):
            CASES[_name] = _case
BASE = (ROOT / "games" / "red7.rules").read_text()


def broken(case: str) -> str:
    old, new = CASES[case]
    assert BASE.count(old) >= 1, f"case {case}: the text to replace is no longer in red7.rules"
    return BASE.replace(old, new, 1)


@pytest.mark.parametrize("case", sorted(CASES))
def test_error_message(case):
    path = f"{case}.rules"
    text = broken(case)
    diagnostics = cardrules.check_source(text, path)
    wanted = "warning" if case.startswith("warning_") else "error"  # warning_* cases: a warning, no error
    reported = [d for d in diagnostics if d.severity == wanted]
    assert reported, f"{case}: the mistake was not reported"
    if wanted == "warning":
        assert all(d.severity == "warning" for d in diagnostics), f"{case}: errors besides the warning"
    for d in diagnostics:
        assert d.span.line >= 1 and d.span.column >= 1
        for word in ("COLON", "$END", "_NL", "NAME", "LPAR", "Token("):
            assert word not in d.message, f"raw token name {word} in: {d.message}"
    output = render_all(diagnostics, {path: text}) + "\n"
    expected = GOLDEN / f"{case}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        expected.write_text(output)
    assert output == expected.read_text()


def test_load_raises_the_same_diagnostics():
    text = broken("zone_typo")
    with pytest.raises(cardrules.RulesError) as info:
        cardrules.load_source(text, "zone_typo.rules")
    assert [d.code for d in info.value.diagnostics] == ["E221"]


def test_a_rules_error_survives_pickling_so_a_worker_process_can_report_it():
    import pickle

    with pytest.raises(cardrules.RulesError) as info:
        cardrules.load_source(BASE + "\ndef heuristic(p) = count(hand(p)) / 2\n", "broken.rules")
    copy = pickle.loads(pickle.dumps(info.value))
    assert type(copy) is type(info.value)
    assert copy.diagnostics == info.value.diagnostics
    assert str(copy) == str(info.value) and "broken.rules:" in str(copy)
    runtime = pickle.loads(pickle.dumps(cardrules.RulesRuntimeError(info.value.diagnostics, info.value.sources)))
    assert isinstance(runtime, cardrules.RulesRuntimeError) and str(runtime) == str(info.value)


def test_reporting_many_diagnostics_splits_the_source_once():
    """64,000 warnings took minutes to print when every one split the whole file again."""
    from cardrules import diagnostics

    text = BASE + "".join(f"def unused_{i} = {i}\n" for i in range(300))
    found = cardrules.check_source(text, "many.rules")
    assert len(found) >= 300
    diagnostics._lines.cache_clear()
    rendered = render_all(found, {"many.rules": text})
    assert rendered.count("def unused_") == len(found)  # each shows its own line
    assert diagnostics._lines.cache_info().misses == 1
