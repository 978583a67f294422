"""The agents (random, greedy, ismcts) and their beliefs about the cards they cannot see."""
