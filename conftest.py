"""Set before any test module is imported: cardrules' disk cache (cardrules/cache.py) goes to one directory of
this test run, never the user's own. The xdist workers share it (a worker starts with the environment of the
process that made it, and reads what another compiled instead of compiling it again: entries are written whole,
by renaming); that process alone removes it, at its end."""

import atexit
import os
import shutil
import tempfile

_OWNER = "CARDRULES_TEST_CACHE_OWNER"  # the process that made this run's cache directory

if os.environ.get(_OWNER) is None:
    os.environ["CARDRULES_CACHE_DIR"] = tempfile.mkdtemp(prefix="cardrules-test-cache-")
    os.environ[_OWNER] = str(os.getpid())
    atexit.register(shutil.rmtree, os.environ["CARDRULES_CACHE_DIR"], ignore_errors=True)
os.environ.pop("CARDRULES_NO_CACHE", None)
