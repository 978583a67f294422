"""The top-level --help writes --no-cache as the flag it is, without a value's type (`<bool>`: #24 nit)."""

from __future__ import annotations

import re


def test_no_cache_is_shown_as_a_plain_flag(invoke):
    out = invoke("--help", env={"COLUMNS": "100"}).stdout
    line = next(line for line in out.splitlines() if "--no-cache" in line)
    assert re.search(r"--no-cache\s+Neither read nor write", line), line
    assert "<bool>" not in line
