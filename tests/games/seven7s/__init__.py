"""Seven7s (games/seven7s.rules): worked examples, properties and the game in the terminal."""
