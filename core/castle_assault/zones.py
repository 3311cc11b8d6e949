"""Where the cards are and how they move: the decks and the discard pile (draws, the Village
rebuild), the fortresses' posts, and attack targets written as text.

Castle Assault has no map; its "board" is this: every seat's posts (castle and walls with their
stationed cards) and the shared decks, and the notation's target names ("1/W2", a card id).
"""
from __future__ import annotations

from core.rng import Rng
from core.text import Msg, join, say, say_n

from .data import CARDS
from .options import option
from .state import Battle, State, game_rng, own, shuffle
from core.records import new_event


def draw_village(s: State, events: list) -> str | None:
    """Top Village card, rebuilding the deck from the discard pile when empty (CA-GEN-5).

    Returns None when no Village card exists to draw (the draw is skipped, CA-LOOT-8)."""
    if not s["village"]:
        rebuild_village(s, events)
        if not s["village"]:
            return None
    return s["village"].pop()


def rebuild_village(s: State, events: list) -> None:
    """CA-GEN-5: take the other decks' cards out of the discard pile, shuffle the rest."""
    if not s["discard"]:
        return
    piles = sort_discard(s["discard"], option(s, "rebuild") == "own-deck")
    rng = game_rng(s)
    s["discard"] = []
    if option(s, "reshuffle") == "bottom":
        returned = put_under_decks(s, piles, rng)
    else:
        returned = take_out_of_game(s, piles)
    if piles["fortress"]:                              # a Fortress card has no deck: it leaves the game
        own(s, "out_of_game").extend(piles["fortress"])
        returned.append(say_n("{n} Fortress card left the game.", "{n} Fortress cards left the game.",
                              len(piles["fortress"])))
    s["village"] = shuffle(rng, piles["village"])
    s["rng"] = rng.counter
    ran_out = say_n("The Village deck ran out: {n} discarded Village cards were shuffled into a new deck.",  # "cards" even for 1
                    "The Village deck ran out: {n} discarded Village cards were shuffled into a new deck.",
                    len(piles["village"]))
    events.append(new_event((join(" ", [ran_out, *returned]) if returned else ran_out, None, None)))


def sort_discard(discard: list[str], own_deck: bool) -> dict[str, list[str]]:
    """The discard pile by the deck each card goes back to; rules version 1 (not `own_deck`)
    sent every card but Village and Siege cards to the Academy."""
    piles: dict[str, list[str]] = {"village": [], "siege": [], "academy": [], "dungeon": [], "fortress": []}
    for card in discard:
        deck = CARDS.deck[card]
        if deck == "V":
            piles["village"].append(card)
        elif deck == "S":
            piles["siege"].append(card)
        elif deck == "A" or not own_deck:
            piles["academy"].append(card)
        else:
            piles["dungeon" if deck == "D" else "fortress"].append(card)
    return piles


def put_under_decks(s: State, piles: dict[str, list[str]], rng: Rng) -> list[Msg]:
    """V-RESHUFFLE 'bottom': each pile shuffled under its own deck; what the table is told."""
    for deck in ("siege", "academy", "dungeon"):
        if piles[deck]:
            s[deck] = shuffle(rng, piles[deck]) + s[deck]
    siege, academy, dungeon = piles["siege"], piles["academy"], piles["dungeon"]
    returned = []
    if siege or academy:
        returned.append(say("{siege} Siege and {academy} Academy cards went under their own decks.",
                            siege=len(siege), academy=len(academy)))
    if dungeon:
        returned.append(say_n("{n} Dungeon card went under the Dungeon deck.",
                              "{n} Dungeon cards went under the Dungeon deck.", len(dungeon)))
    return returned


def take_out_of_game(s: State, piles: dict[str, list[str]]) -> list[Msg]:
    """V-RESHUFFLE 'remove': Siege, Academy and Dungeon cards leave the game."""
    siege, academy, dungeon = piles["siege"], piles["academy"], piles["dungeon"]
    own(s, "out_of_game").extend(siege + academy + dungeon)
    returned = []
    if siege or academy:
        returned.append(say("{siege} Siege and {academy} Academy cards left the game.", siege=len(siege),
                            academy=len(academy)))
    if dungeon:
        returned.append(say_n("{n} Dungeon card left the game.", "{n} Dungeon cards left the game.", len(dungeon)))
    return returned


# --- posts and targets ---------------------------------------------------------------------

def post_name(index: int) -> str:
    return "C" if index == 0 else f"W{index}"


def post_index(name: str, count: int) -> int | None:
    if name == "C":
        return 0 if count > 0 else None
    if len(name) >= 2 and name[0] == "W" and name[1:].isdigit() and name[1] != "0":
        i = int(name[1:])
        return i if i < count else None
    return None


def walls_standing(s: State, seat: int) -> bool:
    for post in s["posts"][seat][1:]:
        if post[1]:
            return True
    return False


def post_shields(post: list) -> int:
    """Printed shields plus every stationed card's defence, in half points (CA-ACT-ATTACK-9)."""
    total = CARDS.defence[post[0]]
    for card in post[2]:
        total += CARDS.defence[card]
    return total


def find_stationed(s: State, card: str) -> tuple[int, int] | None:
    """(owner seat, post index) of a stationed card, or None."""
    for seat, posts in enumerate(s["posts"]):
        for i, post in enumerate(posts):
            if card in post[2]:
                return seat, i
    return None


def target_of(s: State, b: Battle) -> tuple[int, int, str | None]:
    """The battle's target (it exists: it was checked when the attack was declared)."""
    where = resolve_target(s, b["target"])
    assert where is not None, f"the battle's target {b['target']} is gone"
    return where


# Every post target as written, "<seat>/C" and "<seat>/W<n>" (n < 10): (seat, post index). Every
# battle looks its target up several times; any other text takes resolve_target's long way.
POST_TARGETS = {f"{seat}/{post_name(index)}": (seat, index) for seat in range(10) for index in range(10)}


def resolve_target(s: State, target: str) -> tuple[int, int, str | None] | None:
    """A target text -> (owner, post index, stationed card or None); None if no such card.

    Targets are written "<seat>/C", "<seat>/W<n>" for posts, or a stationed card's id."""
    known = POST_TARGETS.get(target)
    if known is not None:
        owner, at = known
        return (owner, at, None) if owner < s["players"] and at < len(s["posts"][owner]) else None
    if "/" in target:
        seat_text, _, post = target.partition("/")
        if not seat_text.isdigit() or len(seat_text) > 1:
            return None
        seat = int(seat_text)
        if seat >= s["players"]:
            return None
        index = post_index(post, len(s["posts"][seat]))
        if index is None:
            return None
        return seat, index, None
    where = find_stationed(s, target)
    if where is None:
        return None
    return where[0], where[1], target
