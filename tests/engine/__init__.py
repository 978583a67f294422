"""The runtime: the engine's API, named actions, holds, known cards, grids, positions and saves."""
