"""The Game's `heuristic(p)` (games/the-game.rules, for the bots): a turn under way owes its plays; a turn
not begun owes nothing, so a player alone at the table (or whose partners' hands are empty) may end a
turn without it looking worse than playing on. Positions through position files; the expected values are
counted from the cards the test placed (room: 99 - top on an up pile, top - 2 on a down pile; two steps a
card left)."""

from __future__ import annotations

from cardrules.bots import make_agent


def heuristic(game, state, p=0):
    return game.call(state, "heuristic", p)


def test_a_turn_not_begun_owes_nothing(position, play, original):
    s = position(original, players=1, piles={"asc1": [10]}, hands=[[20, 30, 40]], draw=5)
    room = (99 - 10) + (99 - 1) + (100 - 2) + (100 - 2)  # the empty piles start at 1 and 100
    assert heuristic(original, s) == room - 2 * (3 + 5)  # played 0: nothing owed yet
    play(s, "play 20 asc1")
    assert heuristic(original, s) == room - 10 - 2 * (2 + 5) - 100  # one play of the two owed
    play(s, "play 30 asc1")
    assert heuristic(original, s) == room - 20 - 2 * (1 + 5) - 1  # may end: a turn not over costs 1


def test_greedy_alone_ends_its_turn_rather_than_spoil_a_pile(position, original):
    """With the owed plays counted at the start of the next turn, ending looked 200 worse than any
    play, and greedy emptied its hand onto the piles (the old heuristic: 54 cards left a game alone)."""
    s = position(original, players=1, piles={"asc1": [10], "desc1": [90]}, hands=[[11, 12, 60, 70]], draw=10)
    bot = make_agent("greedy", original, seat=0, seed=1)
    made = []
    while s.turns == 1 and not s.is_terminal():
        action = bot.choose(s)
        made.append(action.text)
        s.apply_action(action)
    assert made[-1] == "end" and len(made) == 3, made  # the two close plays (11, 12), then end
