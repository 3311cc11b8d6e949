"""The actions of a turn (rules §6): checks, then effects.

Every function takes a working copy of the state (already cloned), the seat and the
move (already shape-checked by notation.py), raises IllegalMove naming the rule that
forbids it, or applies it and appends events.
"""
from __future__ import annotations

from typing import Literal

from core.protocol import Event, IllegalMove

from .. import battle
from ..data import ACADEMY_COST, BUILD_CARDS, BUY_DRAWS, CARDS, KING_ACTIONS, amount, count
from ..flow import end_action
from ..options import option
from ..state import State, own, own_posts
from ..zones import post_index, post_name, post_shields
from .hand import draw_cards, keys_of, spend, take_from_hand


# --- attacks ---------------------------------------------------------------------------------

def attack(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-ATTACK-1")
    if not cards:
        raise IllegalMove("no-attack-cards", "An attack needs at least one Soldier, Archer or Siege card.",
                          "CA-ACT-ATTACK-2")
    for card in cards:
        if not CARDS.attack[card]:
            raise IllegalMove("not-attack-card", f"{CARDS.label(card)} is not an attack card: only Soldiers, "
                              "Archers and Siege cards attack.", "CA-ACT-ATTACK-2")
    battle.declare(s, seat, move["target"], cards, None, events)


def night(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, [move["night"]] + cards, "CA-ACT-NIGHT-1")
    if CARDS.key[move["night"]] != "night":
        raise IllegalMove("not-night", f"{CARDS.label(move['night'])} is not a Night card.", "CA-ACT-NIGHT-1")
    for card in cards:
        if not CARDS.attack[card]:
            raise IllegalMove("not-attack-card", f"{CARDS.label(card)} is not an attack card: only Soldiers, "
                              "Archers and Siege cards go under the Night.", "CA-ACT-NIGHT-1")
    try:
        battle.check_target(s, seat, move["target"], cards)
    except IllegalMove as err:
        if err.code == "castle-walled":
            err.rule = "CA-ACT-NIGHT-8"
        raise
    battle.declare(s, seat, move["target"], cards, move["night"], events)


# --- defend ----------------------------------------------------------------------------------

def defend(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    take_from_hand(s, seat, [card], "CA-ACT-DEFEND-1")
    if s["defended"]:
        raise one_defend(s)
    if not CARDS.defender[card]:
        raise IllegalMove("cannot-station", f"{CARDS.label(card)} cannot be stationed: only Archers (on walls) "
                          "and Soldiers (on the castle) defend.", "CA-ACT-DEFEND-7")
    posts = s["posts"][seat]
    index = post_index(move["post"], len(posts))
    if index is None:
        raise IllegalMove("no-such-post", f"You have no post {move['post']}; write C or W1..W{len(posts) - 1}.",
                          "CA-ACT-DEFEND-7")
    post = posts[index]
    if not post[1]:
        raise IllegalMove("destroyed-post", "A destroyed wall cannot be defended.", "CA-ACT-DEFEND-7")
    if CARDS.colour[card] != CARDS.colour[post[0]]:
        raise IllegalMove("colour-mismatch", f"The {CARDS.colour[card]} {CARDS.name(card)} does not match the "
                          f"{CARDS.colour[post[0]]} {CARDS.name(post[0])}: Archers defend walls, Soldiers the castle.",
                          "CA-ACT-DEFEND-2")
    if len(post[2]) >= CARDS.kind_of[post[0]].max_defenders:
        raise IllegalMove("post-full", f"{post_name(index)} already has as many defenders as its printed shields.",
                          "CA-ACT-DEFEND-3")
    s["hands"][seat].remove(card)
    post = own_posts(s, seat)[index]
    post[2].append(card)
    s["defended"] = True
    events.append(Event(f"{{P{seat}}} stations {CARDS.label(card)} on {post_label(index)} "
                        f"(now {amount(post_shields(post), 'shield')})."))
    end_action(s, events)


def takeback(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    limits_take_back = option(s, "defend-limit") == "place-or-take-back"
    if s["defended"] and limits_take_back:
        raise one_defend(s)
    for index, post in enumerate(s["posts"][seat]):
        if card in post[2]:
            post = own_posts(s, seat)[index]
            post[2].remove(card)
            s["hands"][seat].append(card)
            s["defended"] = s["defended"] or limits_take_back
            events.append(Event(f"{{P{seat}}} takes {CARDS.label(card)} back from {post_label(index)}."))
            end_action(s, events)
            return
    raise IllegalMove("not-stationed", f"{card} is not stationed in your fortress.", "CA-ACT-DEFEND-5")


def one_defend(s: State) -> IllegalMove:
    """CA-ACT-DEFEND-6: "Sólo se puede colocar una por turno" limits placing; games created under
    rules version 1 counted a take-back too."""
    if option(s, "defend-limit") == "placement":
        return IllegalMove("one-defend", "Only one card may be placed in defence per turn (taking cards back "
                           "is not limited).", "CA-ACT-DEFEND-6")
    return IllegalMove("one-defend", "Only one Defend action (place or take back) is allowed per turn.",
                       "CA-ACT-DEFEND-6")


# --- build, explore, buy, academy ---------------------------------------------------------------

def trade(s: State, seat: int, cards: list, deck: Literal["siege", "academy"], public: str, private: str, events: list) -> None:
    """Spend `cards` for the top card of `deck`: everyone sees the trade, only the buyer the card."""
    spend(s, seat, cards)
    card = own(s, deck).pop()
    s["hands"][seat].append(card)
    events.append(Event(public))
    events.append(Event(private.format(CARDS.label(card)), (seat,)))
    end_action(s, events)


def build(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-BUILD-1")
    kinds = keys_of(cards)
    if len(cards) != BUILD_CARDS or any(k not in ("builder", "gold") for k in kinds) or "builder" not in kinds:
        raise IllegalMove("bad-build", build_fault(cards) + " Building takes exactly 4 cards, all Builders or "
                          "Gold, with at least one Builder.", "CA-ACT-BUILD-1")
    if not s["siege"]:
        raise IllegalMove("siege-empty", "The Siege deck is empty: nothing can be built.", "CA-ACT-BUILD-2")
    trade(s, seat, cards, "siege", f"{{P{seat}}} builds with {battle.names(cards)} and takes a Siege card.",
          "You built {}.", events)


def build_fault(cards: list[str]) -> str:
    """What is wrong with these cards as a build, in the player's words."""
    others = [c for c in cards if CARDS.key[c] not in ("builder", "gold")]
    if others:
        return f"{CARDS.label(others[0])} cannot be used to build."
    if len(cards) != BUILD_CARDS:
        return f"You named {count(len(cards), 'card')}."
    return "You named no Builder."


def explore(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-EXPLORE-1")
    if not cards or any(CARDS.torches[c] == 0 for c in cards):
        raise IllegalMove("bad-explore", "Exploring takes one or more Explorers, and only Explorers.",
                          "CA-ACT-EXPLORE-1")
    spend(s, seat, cards)
    deck = own(s, "dungeon")
    dungeon = deck.pop()
    kind = CARDS.kind_of[dungeon]
    torches = sum(CARDS.torches[c] for c in cards)
    deck.insert(0, dungeon)                               # CA-ACT-EXPLORE-3
    s["dungeon_shown"] = kind.key
    events.append(Event(f"{{P{seat}}} explores with {count(torches, 'torch').replace('torchs', 'torches')} "
                        f"and turns up {kind.name} (danger {kind.danger}, treasure {kind.treasure})."))
    if torches > kind.danger:                             # CA-ACT-EXPLORE-2
        events.append(Event(f"{{P{seat}}} wins the exploration and draws {count(kind.treasure, 'Village card')}."))
        got = draw_cards(s, seat, kind.treasure, events)
        if len(got) < kind.treasure:
            events.append(Event(f"Only {count(len(got), 'Village card')} could be drawn."))
    else:
        events.append(Event(f"{{P{seat}}} does not beat the danger and gains nothing."))
    end_action(s, events)


def buy(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    take_from_hand(s, seat, [card], "CA-ACT-BUY-1")
    if CARDS.key[card] != "gold":
        raise IllegalMove("not-gold", f"Buying spends one Gold, not {CARDS.label(card)}.", "CA-ACT-BUY-1")
    spend(s, seat, [card])
    events.append(Event(f"{{P{seat}}} spends {CARDS.label(card)} and draws {count(BUY_DRAWS, 'Village card')}."))
    got = draw_cards(s, seat, BUY_DRAWS, events)
    if len(got) < BUY_DRAWS:
        events.append(Event(f"Only {count(len(got), 'Village card')} could be drawn."))
    end_action(s, events)


def academy(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-ACADEMY-1")
    kinds = keys_of(cards)
    if sorted(kinds) != sorted(k for k, n in ACADEMY_COST.items() for _ in range(n)):
        given = ", ".join(CARDS.label(c) for c in cards) or "no cards"
        raise IllegalMove("bad-academy", f"The Academy costs exactly 1 Duke and 2 Gold; you offered {given}.",
                          "CA-ACT-ACADEMY-1")
    if not s["academy"]:
        raise IllegalMove("academy-empty", "The Academy deck is empty.", "CA-ACT-ACADEMY-2")
    trade(s, seat, cards, "academy",
          f"{{P{seat}}} goes to the Academy ({battle.names(cards)}) and takes an Academy card.", "You took {}.", events)


# --- King, draw, discard --------------------------------------------------------------------------

def king(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    take_from_hand(s, seat, [card], "CA-ACT-KING-1")
    if CARDS.key[card] != "king":
        raise IllegalMove("not-king", f"{CARDS.label(card)} is not a King.", "CA-ACT-KING-1")
    if s["king_turn"]:
        raise IllegalMove("king-in-king", "A King cannot be played as one of the King's two actions.",
                          "CA-ACT-KING-6")
    spend(s, seat, [card])
    s["king_turn"] = True
    s["actions"] = KING_ACTIONS
    events.append(Event(f"{{P{seat}}} plays the King ({card}) and has two actions."))


def draw(s: State, seat: int, move: dict, events: list) -> None:
    if not s["king_turn"]:
        raise IllegalMove("draw-needs-king", "Drawing a card is an action only inside a King turn.", "CA-ACT-KING-3")
    events.append(Event(f"{{P{seat}}} uses an action to draw a Village card."))
    if not draw_cards(s, seat, 1, events):
        events.append(Event("No Village card is left to draw."))
    end_action(s, events)


def discard(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    take_from_hand(s, seat, [card], "CA-ACT-DISCARD-1")
    spend(s, seat, [card])
    events.append(DISCARD_EVENTS[seat][card])
    end_action(s, events)


def post_label(index: int) -> str:
    return "the castle" if index == 0 else f"wall {post_name(index)}"


# Made once, as the turn draw's events are (flow.py): the random player discards often.
DISCARD_EVENTS = [{card: Event(f"{{P{seat}}} discards {CARDS.label(card)} for no effect.") for card in CARDS.kind_of}
                  for seat in range(4)]

TURN_ACTIONS = {"attack": attack, "night": night, "defend": defend, "takeback": takeback, "build": build,
                "explore": explore, "buy": buy, "academy": academy, "king": king, "draw": draw,
                "discard": discard}
