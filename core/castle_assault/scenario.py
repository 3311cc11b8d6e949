"""Start a game from an exact position (the rulebook's worked examples become tests).

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

from core.protocol import IllegalMove

from .cards import CARDS
from .state import post_index

DECK_OF = {"V": "village", "S": "siege", "A": "academy", "D": "dungeon"}


def _fail(message: str) -> IllegalMove:
    return IllegalMove("bad-scenario", message, "CA-SETUP-9")


def apply_scenario(s: dict, scenario: dict) -> dict:
    """Place the scenario's cards; any malformed part is refused as bad-scenario."""
    if not isinstance(scenario, dict):
        raise _fail("A scenario is a JSON object.")
    try:
        return _place(s, scenario)
    except (TypeError, AttributeError, ValueError, KeyError) as err:
        raise _fail(f"Malformed scenario ({type(err).__name__}): see docs/castle-assault.md.") from None


def _place(s: dict, scenario: dict) -> dict:
    n = s["n"]
    fixed: set[str] = set()

    def seat_of(key) -> int:
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise _fail(f"{key!r} is not a seat.") from None
        if not 0 <= seat < n:
            raise _fail(f"There is no seat {seat}.")
        return seat

    def take(spec: str) -> str:
        """Remove one card matching spec from a deck (or an unfixed zone) and return its id."""
        if spec in CARDS.kind_of:
            card = spec
        elif spec in CARDS.kinds:
            deck = DECK_OF.get(CARDS.kinds[spec].deck)
            pool = s[deck] if deck else []
            card = next((c for c in reversed(pool) if CARDS.key[c] == spec and c not in fixed), None)
            if card is None:
                card = next((c for h in s["hands"] for c in h if CARDS.key[c] == spec and c not in fixed), None)
            if card is None:
                raise _fail(f"No free {spec} card is left for the scenario.")
        else:
            raise _fail(f"{spec!r} is neither a card id nor a card kind.")
        if card in fixed:
            raise _fail(f"{card} is placed twice.")
        for zone in [s["village"], s["siege"], s["academy"], s["dungeon"], s["discard"]] + s["hands"] + s["loot"]:
            if card in zone:
                zone.remove(card)
                break
        else:
            raise _fail(f"{card} cannot be moved (it is a Fortress card or already placed).")
        fixed.add(card)
        return card

    hands = scenario.get("hands", {})
    for key in hands:
        seat = seat_of(key)
        for card in s["hands"][seat]:
            s[DECK_OF[CARDS.deck[card]]].insert(0, card)
        s["hands"][seat] = []
    for key, specs in hands.items():
        s["hands"][seat_of(key)] = [take(spec) for spec in specs]
    for key, posts in scenario.get("posts", {}).items():
        seat = seat_of(key)
        for name, spec in posts.items():
            index = post_index(name, len(s["posts"][seat]))
            if index is None:
                raise _fail(f"Seat {seat} has no post {name}.")
            post = s["posts"][seat][index]
            post[1] = bool(spec.get("standing", True))
            post[2] = [take(c) for c in spec.get("defenders", [])]
    for key, specs in scenario.get("loot", {}).items():
        s["loot"][seat_of(key)] = [take(spec) for spec in specs]
    s["discard"] = s["discard"] + [take(spec) for spec in scenario.get("discard", [])]
    for deck in ("village", "siege", "academy", "dungeon"):
        tops = [take(spec) for spec in scenario.get(f"{deck}_top", [])]
        s[deck] = s[deck] + list(reversed(tops))
    for key in scenario.get("eliminated", []):
        seat = seat_of(key)
        s["alive"][seat] = False
        for post in s["posts"][seat]:
            s["discard"].extend(post[2])
            s["out"].append(post[0])
        s["posts"][seat] = []
    if "turn" in scenario:
        s["turn"] = seat_of(scenario["turn"])
    return s
