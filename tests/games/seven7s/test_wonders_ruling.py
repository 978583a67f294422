"""Ruling 6.7.6 (shared/rules/seven7s.md): every card of an opponent's hand is a choosable position for a
Wonders look, including a card the looker already knows, and a position carries no identity. The first
test is the repro of the bug of #21: a known card was never offered."""

from cardrules.values import Unseen


def looks(state) -> list[str]:
    return sorted(a.text for a in state.legal_actions() if a.name == "look")


def test_a_wonders_look_offers_every_card_of_the_opponents_hands_known_or_not(position, play):
    # P0 already knows VI2 (say from an earlier look): it is still one of P1's three positions.
    s = position(hands=[["WO1", "SE2", "DS2", "SE7"], ["VI1", "VI2", "VI3"]], deck=["CO1", "CO2"],
                 known=[["VI2"], []])
    play(s, "play WO1 wonders")
    assert looks(s) == ["look hand(P1)#1", "look hand(P1)#2", "look hand(P1)#3"]
    offered = [a for a in s.legal_actions() if a.name == "look"]
    assert all(isinstance(a.values[0], Unseen) for a in offered)  # by place: the known card is not named
    assert not any(code in " ".join(a.text for a in s.legal_actions()) for code in ("VI1", "VI2", "VI3"))


def test_a_look_may_land_on_the_known_card_and_be_wasted(position, play):
    s = position(hands=[["WO1", "SE2", "DS2", "SE7"], ["VI1", "VI2"]], empty_deck=True, known=[["VI2"], []])
    play(s, "play WO1 wonders")
    target = next(a for a in s.legal_actions() if a.name == "look" and a.actual[0].__class__ is not Unseen
                  and s.game.card_texts[a.actual[0]] == "VI2")
    play(s, target.text)
    # Wasted: P0 knew VI2 already; the other position is still there, and only 2 cards are available (6.7.2).
    assert len(looks(s)) == 1
    play(s, looks(s)[0])
    assert s.view(0).zones["hand"][1] == {"count": 2, "known": [{"card": "VI1"}, {"card": "VI2"}]}
    assert not any(a.name.startswith("look") for a in s.legal_actions())  # nothing left to look at


def test_a_position_is_looked_at_once_per_power(position, play):
    s = position(hands=[["WO1", "SE2", "DS2", "SE7"], ["VI1", "VI2", "VI3"]], empty_deck=True)
    play(s, "play WO1 wonders")
    first = looks(s)[1]
    play(s, first)
    assert first not in looks(s) and len(looks(s)) == 2
    play(s, looks(s)[0])
    play(s, looks(s)[0])
    assert s.view(0).zones["hand"][1]["count"] == 3 and len(s.view(0).zones["hand"][1]["known"]) == 3


def test_the_other_players_learn_nothing_from_the_look(position, play):
    s = position(players=3, hands=[["WO1", "SE2", "DS2", "SE7"], ["VI1", "VI2", "VI3"], ["LG1"]],
                 deck=["CO1", "CO2"], known=[[], [], ["VI3"]])
    play(s, "play WO1 wonders", "look hand(P1)#1", "look hand(P1)#2", "look hand(P1)#3")
    assert s.view(2).zones["hand"][1] == {"count": 3, "known": [{"card": "VI3"}]}
    assert "known" not in str(s.view(2).zones["deck"]) and "known" not in str(s.view(1).zones["hand"][0])
