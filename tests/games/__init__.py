"""Each bundled game's worked examples (copied from its rules document), properties over random games, and referee."""
