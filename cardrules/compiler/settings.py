"""The environment switches that change the code the compiler writes (tests set them), and their values now: a
cache of compiled games keys its entries by them (checked.py), without importing the rest of the compiler."""

from __future__ import annotations

import os

CHECK_MEMO = "CARDRULES_CHECK_MEMO"  # set to 1: every memo hit is computed again and compared (codegen.py)
IN_PLACE_ONLY = "CARDRULES_IN_PLACE_TRIALS"  # set to 1 when a game is compiled: every trial moves the card
# set to 1 when a game is compiled: a lister works every part of its guards out again for each candidate
# (enumeration._Placing keeps none across candidates)
PER_CANDIDATE = "CARDRULES_PER_CANDIDATE"
PER_LISTING = "CARDRULES_PER_LISTING"  # set to 1 when a game is compiled: no lister keeps its moves (kept_listing.py)
SWITCHES = (CHECK_MEMO, IN_PLACE_ONLY, PER_CANDIDATE, PER_LISTING)


def switched_on(name: str) -> bool:
    """Whether a switch is set now (to anything but empty or 0): read when a game is compiled."""
    return os.environ.get(name, "") not in ("", "0")


def switches() -> str:
    """The compile-time switches as set now."""
    return "\0".join(f"{name}={os.environ.get(name, '')}" for name in SWITCHES)
