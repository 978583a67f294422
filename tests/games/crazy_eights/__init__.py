"""Crazy Eights (games/crazy-eights.rules), the game docs/tutorial.md builds."""
