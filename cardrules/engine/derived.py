"""What a compiled game works out while it is played and keeps (`Derived`): facts of its layout and its
`holds` rules that depend only on the number of players, a seat and who is out, never on the cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..values import Card
from . import knowledge, openings
from .state import State

if TYPE_CHECKING:
    from .game import Game


class Derived:
    """The run-time cache of one `Game` (`Game.derived`), shared by every state of that game.

    Each fact is keyed by everything it depends on (the number of players, the seat asking, who
    is out, the zone slots in question), so states with different player counts or different
    seats out may share it: a state never reads what does not hold for it. It is filled on first
    use, by these methods only; entries are never changed once made, so two states (or two threads,
    which at worst both work out the same value) read the same answers whatever warmed it first.
    What it gives is immutable (tuples, booleans), so no caller can change what others will read.
    The one state it holds, each player count's opening (openings.py), is never given out: only clones.
    """

    __slots__ = ("_hidden", "_seers", "_sight", "_allows", "_zones_for", "_openings", "_zone_texts")

    def __init__(self) -> None:
        self._hidden: dict[tuple, tuple[int, ...]] = {}  # (players, seat, out) -> slots the seat cannot see
        self._seers: dict[tuple, tuple[int, ...]] = {}  # (players, out) -> per slot, the seats that see it
        self._sight: dict[tuple, tuple] = {}  # (players, out) -> (seers, watchers): see `sight`
        self._allows: dict[int, dict[tuple[int, Card], bool]] = {}  # players -> (slot, card) -> `holds` allows
        self._zones_for: dict[tuple, dict[Card, tuple[int, ...]]] = {}  # (players, slots) -> card -> its slots
        self._openings: dict[int, openings.Opening | None] = {}  # players -> its opening (cloned, never given)
        self._zone_texts: dict[int, tuple[str, ...]] = {}  # players -> per slot, the zone as the rules write it

    def hidden_slots(self, s: State, player: int) -> tuple[int, ...]:
        """The slots whose cards `player` cannot see in a state like `s` (`State.hidden_from`)."""
        key = (s.n, player, tuple(s.eliminated))
        slots = self._hidden.get(key)
        if slots is None:
            slots = self._hidden[key] = tuple(_probe(s).hidden_from(player))
        return slots

    def seer_masks(self, s: State) -> tuple[int, ...]:
        """For each slot of a state like `s`, the seats that see its cards as a bitmask (knowledge.seers)."""
        key = (s.n, tuple(s.eliminated))
        masks = self._seers.get(key)
        if masks is None:
            masks = self._seers[key] = tuple(knowledge.seer_masks(_probe(s)))
        return masks

    def sight(self, s: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For each slot of a state like `s`: the seats that see its cards, and the seats that can tell
        which card leaves it (knowledge.watcher_masks), as bitmasks; one lookup for a move (knowledge.follow)."""
        key = (s.n, tuple(s.eliminated))
        found = self._sight.get(key)
        if found is None:
            found = self._sight[key] = (self.seer_masks(s), tuple(knowledge.watcher_masks(_probe(s))))
        return found

    def zone_texts(self, s: State) -> tuple[str, ...]:
        """For each slot of a state like `s`, its zone as the rules write it (knowledge.zone_text): the
        names of unseen cards (naming.Namer) start with it."""
        texts = self._zone_texts.get(s.n)
        if texts is None:
            game = s.game
            slots = game.shared_zones + s.n * (len(game.zones) - game.shared_zones)
            texts = self._zone_texts[s.n] = tuple(knowledge.zone_text(s, slot) for slot in range(slots))
        return texts

    def holds_allows(self, s: State, slot: int, card: Card) -> bool:
        """Whether the `holds` of the zone at `slot` allows the card (knowledge.holds_verdict). The
        checker made sure a condition reads no state (E227), so its answer holds in every game with
        this many players."""
        verdicts = self._allows.get(s.n)
        if verdicts is None:
            verdicts = self._allows[s.n] = {}
        verdict = verdicts.get((slot, card))
        if verdict is None:
            verdict = verdicts[slot, card] = knowledge.holds_verdict(s, slot, card)
        return verdict

    def new_game(self, game: "Game", n: int, seed_state: int) -> State | None:
        """A new game of `n` players from the opening of `game` (openings.py), or None if it has none (or the
        rest of the set-up fails: the caller runs the whole set-up, which reports it)."""
        try:
            start = self._openings[n]
        except KeyError:
            start = self._openings[n] = openings.opening(game, n)
        return None if start is None else openings.new_game(start, seed_state)

    def zones_for(self, s: State, slots: tuple[int, ...], card: Card) -> tuple[int, ...]:
        """The slots among `slots` whose `holds` allows the card (knowledge.keep_to_holds)."""
        found = self._zones_for.get((s.n, slots))
        if found is None:
            found = self._zones_for[s.n, slots] = {}
        allowed = found.get(card)
        if allowed is None:
            allowed = found[card] = tuple(slot for slot in slots if self.holds_allows(s, slot, card))
        return allowed


def _probe(s: State) -> State:
    return probe(s.game, s.n, s.eliminated)


def probe(game: "Game", n: int, eliminated: list[bool]) -> State:
    """A state with nothing but the game, the number of players and who is out: all a fact here may read (a
    playout asks `Derived` with one: engine/playouts.by_place)."""
    return State(game=game, n=n, zones=[], vars=[], eliminated=list(eliminated), locals=[], rng=0)
