"""Go Fish (games/go-fish.rules), checked against docs/games/go-fish.md."""
