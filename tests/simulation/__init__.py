"""Batch simulation, compare, and the golden digests of what the commands print for every bundled game."""
