"""The benchmarks' own tests write cardrules' disk cache to a directory of their session, never the user's."""

import atexit
import os
import shutil
import tempfile

os.environ["CARDRULES_CACHE_DIR"] = tempfile.mkdtemp(prefix="cardrules-bench-cache-")
atexit.register(shutil.rmtree, os.environ["CARDRULES_CACHE_DIR"], ignore_errors=True)
