"""Lost Cities (games/lost-cities.rules): worked examples, properties and the bots."""
