"""The top-level options: --help writes --no-cache as the flag it is, without a value's type (`<bool>`: #24 nit);
--version names the package and Python."""

from __future__ import annotations

import re
import sys


def test_no_cache_is_shown_as_a_plain_flag(invoke):
    out = invoke("--help", env={"COLUMNS": "100"}).stdout
    line = next(line for line in out.splitlines() if "--no-cache" in line)
    assert re.search(r"--no-cache\s+Neither read nor write", line), line
    assert "<bool>" not in line


def test_version_names_the_installed_package_and_python_and_exits_0(invoke):
    from importlib.metadata import version

    done = invoke("--version")
    assert done.exit_code == 0
    assert done.stdout.strip() == f"cardrules {version('cardrules')} (Python {sys.version.split()[0]})"
    listed = invoke("--help", env={"COLUMNS": "100"}).stdout
    assert re.search(r"--version\s+Show the version", listed)
