"""The Game's cards and piles as the rules document writes them, for the tests' own reckoning."""

from __future__ import annotations

PILES = ("asc1", "asc2", "desc1", "desc2")
ALL_NUMBERS = list(range(2, 100))  # 1.2: the 98 number cards
COMMANDS = {  # section 8.1: the command cards of The Game: Extreme
    "STOP": {13, 37, 61, 85}, "SKULL": {17, 41, 65, 89}, "THREE": {21, 45, 69, 93},
    "NO_COMMUNICATION": {9, 33, 57, 81}, "NO_BACKWARD": {25, 49, 73, 97}, "ONE_PILE": {5, 29, 53, 77},
    "DRAW_ONE": {11, 35, 59, 83},
}
COMMAND_NUMBERS = set().union(*COMMANDS.values())
