"""The actions of a turn (rules §6): checks, then effects.

Every function takes a working copy of the state (already cloned), the seat and the
move (already shape-checked by notation.py), raises IllegalMove naming the rule that
forbids it, or applies it and appends events.
"""
from __future__ import annotations

from typing import Callable, Literal

from core.phase import Decision, OutOfPlace
from core.protocol import Event, IllegalMove
from core.text import Msg, P, say, say_n, term

from .. import battle, legal
from ..data import ACADEMY_COST, BUILD_CARDS, BUY_DRAWS, CARDS, KING_ACTIONS, shields
from ..flow import end_action
from ..options import option
from ..state import State, own, own_post
from core.records import new_event
from ..zones import post_index, post_name, post_shields
from .hand import draw_cards, keys_of, spend, take_from_hand


# --- attacks ---------------------------------------------------------------------------------

def attack(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-ATTACK-1")
    if not cards:
        raise IllegalMove("no-attack-cards", say("An attack needs at least one Soldier, Archer or Siege card."),
                          "CA-ACT-ATTACK-2")
    for card in cards:
        if not CARDS.attack[card]:
            raise IllegalMove("not-attack-card", say("{card} is not an attack card: only Soldiers, Archers and Siege "
                                                     "cards attack.", card=CARDS.label(card)), "CA-ACT-ATTACK-2")
    battle.declare(s, seat, move["target"], cards, None, events)


def night(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, [move["night"]] + cards, "CA-ACT-NIGHT-1")
    if CARDS.key[move["night"]] != "night":
        raise IllegalMove("not-night", say("{card} is not a {night} card.", card=CARDS.label(move["night"]),
                                           night=battle.NIGHT), "CA-ACT-NIGHT-1")
    for card in cards:
        if not CARDS.attack[card]:
            raise IllegalMove("not-attack-card", say("{card} is not an attack card: only Soldiers, Archers and Siege "
                                                     "cards go under the {night}.", card=CARDS.label(card),
                                                     night=battle.NIGHT), "CA-ACT-NIGHT-1")
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
    if card not in s["hands"][seat]:                      # (take_from_hand of one card: its refusal)
        take_from_hand(s, seat, [card], "CA-ACT-DEFEND-1")
    if s["defended"]:
        raise one_defend(s)
    if not CARDS.defender[card]:
        raise IllegalMove("cannot-station", say("{card} cannot be stationed: only Archers (on walls) and Soldiers "
                                                "(on the castle) defend.", card=CARDS.label(card)), "CA-ACT-DEFEND-7")
    posts = s["posts"][seat]
    index = post_index(move["post"], len(posts))
    if index is None:
        raise IllegalMove("no-such-post", say("You have no post {post}; write C or W1..W{last}.", post=move["post"],
                                              last=len(posts) - 1), "CA-ACT-DEFEND-7")
    post = posts[index]
    if not post[1]:
        raise IllegalMove("destroyed-post", say("A destroyed wall cannot be defended."), "CA-ACT-DEFEND-7")
    if CARDS.colour[card] != CARDS.colour[post[0]]:
        raise IllegalMove("colour-mismatch", say("The {colour} {card} does not match the {post_colour} {post}: "
                                                 "Archers defend walls, Soldiers the castle.",
                                                 colour=COLOURS[CARDS.colour[card]], card=CARDS.name(card),
                                                 post_colour=COLOURS[CARDS.colour[post[0]]], post=CARDS.name(post[0])),
                          "CA-ACT-DEFEND-2")
    if len(post[2]) >= CARDS.kind_of[post[0]].max_defenders:
        raise IllegalMove("post-full", say("{post} already has as many defenders as its printed shields.",
                                           post=post_name(index)), "CA-ACT-DEFEND-3")
    s["hands"][seat].remove(card)
    post = own_post(s, seat, index)
    post[2].append(card)
    s["defended"] = True
    events.append(new_event((say("{player} stations {card} on {post} (now {shields}).", player=P(seat), card=CARDS.label(card),
                            post=post_label(index), shields=shields(post_shields(post))), None, None)))
    end_action(s, events)


def takeback(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    limits_take_back = option(s, "defend-limit") == "place-or-take-back"
    if s["defended"] and limits_take_back:
        raise one_defend(s)
    for index, post in enumerate(s["posts"][seat]):
        if card in post[2]:
            post = own_post(s, seat, index)
            post[2].remove(card)
            s["hands"][seat].append(card)
            s["defended"] = s["defended"] or limits_take_back
            events.append(new_event((say("{player} takes {card} back from {post}.", player=P(seat), card=CARDS.label(card),
                                    post=post_label(index)), None, None)))
            end_action(s, events)
            return
    raise IllegalMove("not-stationed", say("{card} is not stationed in your fortress.", card=card), "CA-ACT-DEFEND-5")


def one_defend(s: State) -> IllegalMove:
    """CA-ACT-DEFEND-6: "Sólo se puede colocar una por turno" limits placing; games created under
    rules version 1 counted a take-back too."""
    if option(s, "defend-limit") == "placement":
        return IllegalMove("one-defend", say("Only one card may be placed in defence per turn (taking cards back "
                                             "is not limited)."), "CA-ACT-DEFEND-6")
    return IllegalMove("one-defend", say("Only one Defend action (place or take back) is allowed per turn."),
                       "CA-ACT-DEFEND-6")


# The colours of defenders and posts (CA-ACT-DEFEND-2), as a refusal says them.
COLOURS = {"green": say("green"), "blue": say("blue")}


# --- build, explore, buy, academy ---------------------------------------------------------------

def trade(s: State, seat: int, cards: list, deck: Literal["siege", "academy"], public: Msg,
          private: Callable[[Msg], Msg], events: list) -> None:
    """Spend `cards` for the top card of `deck`: everyone sees the trade, only the buyer the card
    (`private` says it)."""
    spend(s, seat, cards)
    card = own(s, deck).pop()
    s["hands"][seat].append(card)
    events.append(new_event((public, None, None)))
    events.append(new_event((private(CARDS.label(card)), (seat,), None)))
    end_action(s, events)


def build(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-BUILD-1")
    kinds = keys_of(cards)
    if len(cards) != BUILD_CARDS or any(k not in ("builder", "gold") for k in kinds) or "builder" not in kinds:
        raise IllegalMove("bad-build", say("{fault} Building takes exactly 4 cards, all Builders or Gold, with at "
                                           "least one Builder.", fault=build_fault(cards)), "CA-ACT-BUILD-1")
    if not s["siege"]:
        raise IllegalMove("siege-empty", say("The Siege deck is empty: nothing can be built."), "CA-ACT-BUILD-2")
    trade(s, seat, cards, "siege", say("{player} builds with {cards} and takes a Siege card.", player=P(seat),
                                       cards=battle.names(cards)),
          lambda card: say("You built {card}.", card=card), events)


def build_fault(cards: list[str]) -> Msg:
    """What is wrong with these cards as a build, in the player's words."""
    others = [c for c in cards if CARDS.key[c] not in ("builder", "gold")]
    if others:
        return say("{card} cannot be used to build.", card=CARDS.label(others[0]))
    if len(cards) != BUILD_CARDS:
        return say_n("You named {n} card.", "You named {n} cards.", len(cards))
    return say("You named no Builder.")


def explore(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-EXPLORE-1")
    if not cards or any(CARDS.torches[c] == 0 for c in cards):
        raise IllegalMove("bad-explore", say("Exploring takes one or more Explorers, and only Explorers."),
                          "CA-ACT-EXPLORE-1")
    spend(s, seat, cards)
    deck = own(s, "dungeon")
    dungeon = deck.pop()
    kind = CARDS.kind_of[dungeon]
    torches = sum(CARDS.torches[c] for c in cards)
    deck.insert(0, dungeon)                               # CA-ACT-EXPLORE-3
    s["dungeon_shown"] = kind.key
    events.append(new_event((say_n("{player} explores with {n} torch and turns up {card} (danger {danger}, treasure {treasure}).",
                              "{player} explores with {n} torches and turns up {card} (danger {danger}, treasure "
                              "{treasure}).", torches, player=P(seat), card=term(kind.name), danger=kind.danger,
                              treasure=kind.treasure), None, None)))
    if torches > kind.danger:                             # CA-ACT-EXPLORE-2
        events.append(new_event((say_n("{player} wins the exploration and draws {n} Village card.",
                                  "{player} wins the exploration and draws {n} Village cards.", kind.treasure,
                                  player=P(seat)), None, None)))
        got = draw_cards(s, seat, kind.treasure, events)
        if len(got) < kind.treasure:
            events.append(new_event((only_drawn(len(got)), None, None)))
    else:
        events.append(NOTHING_GAINED[seat])
    end_action(s, events)


def buy(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    hand = s["hands"][seat]
    if card not in hand:                                  # (take_from_hand of one card: its refusal)
        take_from_hand(s, seat, [card], "CA-ACT-BUY-1")
    if CARDS.key[card] != "gold":
        raise IllegalMove("not-gold", say("Buying spends one {gold}, not {card}.", gold=term("Gold"),
                                          card=CARDS.label(card)), "CA-ACT-BUY-1")
    hand.remove(card)                                     # (spend, of one card)
    s["discard"].append(card)
    events.append(BUY_EVENTS[seat][card])
    got = draw_cards(s, seat, BUY_DRAWS, events)
    if len(got) < BUY_DRAWS:
        events.append(new_event((only_drawn(len(got)), None, None)))
    end_action(s, events)


def only_drawn(drawn: int) -> Msg:
    """Fewer Village cards than due could be drawn (CA-LOOT-8)."""
    return say_n("Only {n} Village card could be drawn.", "Only {n} Village cards could be drawn.", drawn)


def academy(s: State, seat: int, move: dict, events: list) -> None:
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-ACADEMY-1")
    kinds = keys_of(cards)
    if sorted(kinds) != sorted(k for k, n in ACADEMY_COST.items() for _ in range(n)):
        given = battle.names(cards) if cards else say("no cards")
        raise IllegalMove("bad-academy", say("The Academy costs exactly 1 {duke} and 2 {gold}; you offered {given}.",
                                             duke=term("Duke"), gold=term("Gold"), given=given), "CA-ACT-ACADEMY-1")
    if not s["academy"]:
        raise IllegalMove("academy-empty", say("The Academy deck is empty."), "CA-ACT-ACADEMY-2")
    trade(s, seat, cards, "academy",
          say("{player} goes to the Academy ({cards}) and takes an Academy card.", player=P(seat),
              cards=battle.names(cards)),
          lambda card: say("You took {card}.", card=card), events)


# --- King, draw, discard --------------------------------------------------------------------------

def king(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    take_from_hand(s, seat, [card], "CA-ACT-KING-1")
    if CARDS.key[card] != "king":
        raise IllegalMove("not-king", say("{card} is not a {king}.", card=CARDS.label(card), king=KING),
                          "CA-ACT-KING-1")
    if s["king_turn"]:
        king_in_king(s, seat, card, events)
        return
    spend(s, seat, [card])
    s["king_turn"] = True
    s["actions"] = KING_ACTIONS
    events.append(new_event((say("{player} plays the {king} ({card}) and has two actions.", player=P(seat), king=KING,
                            card=card), None, None)))


def king_in_king(s: State, seat: int, card: str, events: list) -> None:
    """A King played as one of a King turn's actions (CA-ACT-KING-6). The original: "Cuando juegas el
    rey puedes hacer 2 acciones consecutivas (además de haber jugado el rey). Éstas pueden ser las que
    desees": playing it uses the action it is, and it gives its own two actions besides, so the
    actions left grow by one (2 left: 3; 1 left: 2). Games created before rules version 4 refuse it."""
    if option(s, "king-action") == "not-king":
        raise IllegalMove("king-in-king", say("A {king} cannot be played as one of the {king}'s two actions.",
                                              king=KING), "CA-ACT-KING-6")
    spend(s, seat, [card])
    s["actions"] += KING_ACTIONS - 1                      # this action spent, the new King's two gained
    events.append(new_event((say_n("{player} plays another {king} ({card}) as an action and has {n} action left.",
                                   "{player} plays another {king} ({card}) as an action and has {n} actions left.",
                                   s["actions"], player=P(seat), king=KING, card=card), None, None)))


KING = term("King")


def draw(s: State, seat: int, move: dict, events: list) -> None:
    if not s["king_turn"]:
        raise IllegalMove("draw-needs-king", say("Drawing a card is an action only inside a {king} turn.", king=KING),
                          "CA-ACT-KING-3")
    events.append(new_event((say("{player} uses an action to draw a Village card.", player=P(seat)), None, None)))
    if not draw_cards(s, seat, 1, events):
        events.append(new_event((say("No Village card is left to draw."), None, None)))
    end_action(s, events)


def discard(s: State, seat: int, move: dict, events: list) -> None:
    card = move["card"]
    hand = s["hands"][seat]
    if card not in hand:                                  # (take_from_hand of one card: its refusal)
        take_from_hand(s, seat, [card], "CA-ACT-DISCARD-1")
    hand.remove(card)                                     # (spend, of one card)
    s["discard"].append(card)
    events.append(DISCARD_EVENTS[seat][card])
    end_action(s, events)


def post_label(index: int) -> Msg:
    return POST_LABELS[index] if index < len(POST_LABELS) else say("wall {post}", post=post_name(index))


POST_LABELS = [say("the castle")] + [say("wall {post}", post=post_name(index)) for index in range(1, 10)]


NOTHING_GAINED = [Event(say("{player} does not beat the danger and gains nothing.", player=P(seat))) for seat in range(4)]

# Made once per seat and Gold card, as the turn draw's events are (flow.py).
BUY_EVENTS = [{card: Event(say_n("{player} spends {card} and draws {n} Village card.",
                                 "{player} spends {card} and draws {n} Village cards.", BUY_DRAWS, player=P(seat),
                                 card=CARDS.label(card))) for card in CARDS.of_kind["gold"]} for seat in range(4)]

# Made once, as the turn draw's events are (flow.py): the random player discards often.
DISCARD_EVENTS = [{card: Event(say("{player} discards {card} for no effect.", player=P(seat), card=CARDS.label(card)))
                   for card in CARDS.kind_of} for seat in range(4)]

TURN_ACTIONS = {"attack": attack, "night": night, "defend": defend, "takeback": takeback, "build": build,
                "explore": explore, "buy": buy, "academy": academy, "king": king, "draw": draw,
                "discard": discard}


def act(s: State, seat: int, move: dict, events: list) -> None:
    """One action of the turn, by its move type."""
    TURN_ACTIONS[move["type"]](s, seat, move, events)


def turn_sentence(king_turn: bool, actions: int) -> Msg:
    if king_turn:
        return say("{king} turn: choose your next action ({left} left).", king=KING, left=actions)
    return say("Your turn: choose one action.")


def asked(s: State, seat: int) -> Msg:
    """The turn's prompt: one action, or the King turn's next one; with an empty hand outside a King
    turn only a take-back is left (CA-TURN-7: flow.advance asks for it only then)."""
    key = (s["king_turn"], s["actions"])
    if not key[0] and not s["hands"][seat]:
        return TAKE_BACK_SENTENCE
    return TURN_SENTENCES.get(key) or turn_sentence(*key)


TURN_SENTENCES = {(king, actions): turn_sentence(king, actions) for king in (False, True) for actions in (1, 2, 3)}
TAKE_BACK_SENTENCE = say("Your hand is empty: take a stationed card back, your turn's one action (you cannot pass).")

# The active player's turn (CA-TURN-5): one action, compulsory (CA-TURN-3); the moves of the
# out-of-turn decisions are refused with the rule that says where they belong.
DECISION = Decision(
    "act", moves=frozenset(TURN_ACTIONS), rule="CA-TURN-5", prompt="turn", describe=asked, legal=legal.act_moves,
    resolve=act, code="wrong-move-now",
    wrong=say("On your turn choose one action: attack, night, defend, takeback, build, explore, buy, academy, "
              "king, draw (King turns only) or discard. Passing is not allowed."),
    out_of_place={
        "pass": OutOfPlace("CA-TURN-3", say("You cannot pass: every turn has one action (discard a card if nothing "
                                            "else helps)."), alone=True, code="no-pass"),
        "react": OutOfPlace("CA-ACT-REACT-10", say("Reactions are played against another player's attack on your "
                                                   "cards, not on your own turn.")),
        "join": OutOfPlace("CA-MULTI-1", say("Joining is for another player's attack, when you are asked, not for "
                                             "your own turn.")),
        "give": OutOfPlace("CA-MULTI-9", say("Only a player whose castle has fallen may give cards away, on their "
                                             "own turn; your castle still stands.")),
        "remove": OutOfPlace("CA-ACT-REACT-8", say("Removing an attack card follows a reaction against an attack, not "
                                                   "your own turn.")),
    })
