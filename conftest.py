"""Set before any test module is imported: cardrules' disk cache (cardrules/cache.py) goes to one directory of
this test run, never the user's own. The xdist workers share it (a worker starts with the environment of the
process that made it, and reads what another compiled instead of compiling it again: entries are written whole,
by renaming); that process alone removes it, at its end.

At the end of the run each process's objects are frozen (`gc.freeze`), as the command line does before it exits
(docs/performance.md, "The process's exit"): a worker that compiled and played hundreds of games spent ~2 CPU s
of its exit searching them for reference cycles."""

import atexit
import gc
import os
import shutil
import tempfile

_OWNER = "CARDRULES_TEST_CACHE_OWNER"  # the process that made this run's cache directory

if os.environ.get(_OWNER) is None:
    os.environ["CARDRULES_CACHE_DIR"] = tempfile.mkdtemp(prefix="cardrules-test-cache-")
    os.environ[_OWNER] = str(os.getpid())
    atexit.register(shutil.rmtree, os.environ["CARDRULES_CACHE_DIR"], ignore_errors=True)
os.environ.pop("CARDRULES_NO_CACHE", None)


def pytest_unconfigure(config):
    gc.freeze()
