"""A new game: the deal (state.new_state), an optional scenario, the first turn.

A scenario starts a game from an exact position (the rulebook's worked examples become tests).

A scenario is a dict; every key is optional. Cards are given by id ("V12") or by kind
("soldier", "ambush", "tower"); a kind takes any card of that kind still in a draw deck.
Every card is moved from wherever it was, so all 120 cards stay accounted for.

  {"turn": 0,                               # active seat (its turn draw follows unless skip_draw)
   "skip_draw": true,                       # the hands below already include the turn draw
   "hands": {"0": ["soldier", "soldier"], "1": ["ambush"]},   # replaces those hands
   "posts": {"1": {"W1": {"defenders": ["archer"]}, "W2": {"standing": false},
                   "C": {"defenders": ["soldier"]}}},
   "loot": {"2": ["gold"]},
   "eliminated": [3],                       # castles already lost (3-4 players)
   "village_top": ["soldier", "gold"],      # next cards drawn, first listed first
   "siege_top": ["tower"], "academy_top": [...], "dungeon_top": ["troll"],
   "discard": ["night"]}
"""
from __future__ import annotations

from core.protocol import Event, IllegalMove
from core.text import Msg, say

from . import flow
from .data import CARDS
from .state import DECKS, State, new_state
from .zones import post_index

DECK_OF = {"V": "village", "S": "siege", "A": "academy", "D": "dungeon"}


def setup_state(players: int, options: dict, seed: str, scenario: dict | None) -> State:
    """The deal, the scenario if any, then the first turn's draw (unless the scenario says the
    hands hold it already) and whatever follows automatically."""
    s = new_state(players, options, str(seed))
    events: list[Event] = []
    if scenario is not None:
        s = apply_scenario(s, scenario)
        if not scenario.get("skip_draw", False):
            flow.begin_turn(s, s["turn"], events)
        else:
            s["phase"] = "act" if s["alive"][s["turn"]] else "gift"
    else:
        flow.begin_turn(s, s["turn"], events)
    flow.advance(s, events)
    return s


def _fail(message: Msg) -> IllegalMove:
    return IllegalMove("bad-scenario", message, "CA-SETUP-9")


def apply_scenario(s: State, scenario: dict) -> State:
    """Place the scenario's cards; any malformed part is refused as bad-scenario."""
    if not isinstance(scenario, dict):
        raise _fail(say("A scenario is a JSON object."))
    try:
        Placer(s).place(scenario)
    except (TypeError, AttributeError, ValueError, KeyError) as err:
        raise _fail(say("Malformed scenario ({error}): see core/castle_assault/README.md.",
                        error=type(err).__name__)) from None
    return s


class Placer:
    """Moves the cards a scenario names into place, each card once."""

    def __init__(self, s: State):
        self.s = s
        self.fixed: set[str] = set()

    def place(self, scenario: dict) -> None:
        s = self.s
        self.place_hands(scenario.get("hands", {}))
        for key, posts in scenario.get("posts", {}).items():
            self.place_posts(self.seat_of(key), posts)
        for key, specs in scenario.get("loot", {}).items():
            s["loot"][self.seat_of(key)] = [self.take(spec) for spec in specs]
        s["discard"] = s["discard"] + [self.take(spec) for spec in scenario.get("discard", [])]
        for deck in DECKS:
            tops = [self.take(spec) for spec in scenario.get(f"{deck}_top", [])]
            s[deck] = s[deck] + list(reversed(tops))
        for key in scenario.get("eliminated", []):
            self.eliminate(self.seat_of(key))
        if "turn" in scenario:
            s["turn"] = self.seat_of(scenario["turn"])

    def seat_of(self, key: object) -> int:
        try:
            seat = int(key)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            raise _fail(say("{key} is not a seat.", key=repr(key))) from None
        if not 0 <= seat < self.s["players"]:
            raise _fail(say("There is no seat {seat}.", seat=seat))
        return seat

    def take(self, spec: str) -> str:
        """Remove one card matching spec from a deck (or an unfixed zone) and return its id."""
        card = self.find(spec)
        if card in self.fixed:
            raise _fail(say("{card} is placed twice.", card=card))
        s = self.s
        for zone in [s["village"], s["siege"], s["academy"], s["dungeon"], s["discard"]] + s["hands"] + s["loot"]:
            if card in zone:
                zone.remove(card)
                break
        else:
            raise _fail(say("{card} cannot be moved (it is a Fortress card or already placed).", card=card))
        self.fixed.add(card)
        return card

    def find(self, spec: str) -> str:
        """The card a spec names: its id, or a free card of that kind (a deck's first, else a hand's)."""
        if spec in CARDS.kind_of:
            return spec
        if spec not in CARDS.kinds:
            raise _fail(say("{spec} is neither a card id nor a card kind.", spec=repr(spec)))
        deck = DECK_OF.get(CARDS.kinds[spec].deck)
        pool = self.s[deck] if deck else []  # type: ignore[literal-required]
        card = next((c for c in reversed(pool) if CARDS.key[c] == spec and c not in self.fixed), None)
        if card is None:
            card = next((c for h in self.s["hands"] for c in h if CARDS.key[c] == spec and c not in self.fixed),
                        None)
        if card is None:
            raise _fail(say("No free {kind} card is left for the scenario.", kind=spec))
        return card

    def place_hands(self, hands: dict) -> None:
        """The named hands go back to their decks first, then are dealt as the scenario says."""
        s = self.s
        for key in hands:
            seat = self.seat_of(key)
            for card in s["hands"][seat]:
                s[DECK_OF[CARDS.deck[card]]].insert(0, card)  # type: ignore[literal-required]
            s["hands"][seat] = []
        for key, specs in hands.items():
            s["hands"][self.seat_of(key)] = [self.take(spec) for spec in specs]

    def place_posts(self, seat: int, posts: dict) -> None:
        for name, spec in posts.items():
            index = post_index(name, len(self.s["posts"][seat]))
            if index is None:
                raise _fail(say("Seat {seat} has no post {post}.", seat=seat, post=name))
            post = self.s["posts"][seat][index]
            post[1] = bool(spec.get("standing", True))
            post[2] = [self.take(c) for c in spec.get("defenders", [])]

    def eliminate(self, seat: int) -> None:
        s = self.s
        s["alive"][seat] = False
        for post in s["posts"][seat]:
            s["discard"].extend(post[2])
            s["out_of_game"].append(post[0])
        s["posts"][seat] = []
