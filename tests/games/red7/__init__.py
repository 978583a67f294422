"""Red7 (games/red7.rules): worked examples of the basic, advanced and expert game, properties, referee."""
