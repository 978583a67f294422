"""The Game and The Game: Extreme (games/the-game.rules): worked examples and properties."""
