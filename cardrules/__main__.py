"""`python -m cardrules ...`: the `cardrules` command run by this interpreter (a checkout not installed, say)."""

from .cli import main

main()
