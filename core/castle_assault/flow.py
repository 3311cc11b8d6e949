"""Turn progression and the out-of-turn windows: who must decide now, and everything automatic.

After every move `advance` runs the automatic steps (turn draws, forced passes, windows
nobody is asked to answer, removals without a real choice, resolution) until one seat
must decide or the game is over. Exactly one seat is ever prompted at a time; what it is
asked, and how it answers, is its phase's `Decision` record (phases/, core/phase.py).
"""
from __future__ import annotations

import re
from typing import Callable

from core.protocol import Event, declared_code
from core.text import Msg, P, say, say_n

from . import battle
from .battle import destroyed_castle, last_castle
from .data import CARDS
from .options import option
from .state import State, the_battle
from core.records import new_event
from .zones import draw_village


def wants_join_prompt(s: State, seat: int) -> bool:
    """fast: only a seat holding an attack card is asked; strict: every possible joiner.
    A standing 'always pass' answers for the seat in both modes."""
    if s["standing"][seat][0]:
        return False
    if option(s, "windows") == "strict":
        return True
    return not CARDS.attackers.isdisjoint(s["hands"][seat])


def wants_react_prompt(s: State, seat: int) -> bool:
    if s["standing"][seat][1]:
        return False
    if option(s, "windows") == "strict":
        return True
    return not CARDS.academy.isdisjoint(s["hands"][seat])


def advance(s: State, events: list) -> None:
    """Run automatic steps until a seat must decide or the game ends."""
    idle_turns = 0
    while True:
        phase = s["phase"]
        if phase == "over":
            return
        if phase in BATTLE_STEPS:
            if BATTLE_STEPS[phase](s, events):
                return
            continue
        seat = s["turn"]
        if phase == "act":
            if s["hands"][seat] or s["king_turn"]:             # a King turn can always Draw (CA-ACT-KING-7)
                return
            if takes_back(s, seat):
                return
            # CA-TURN-7: no card in hand after the draw and nothing stationed is the one forced pass.
            events.append(new_event((say("{player} has no card and no possible action: the turn passes.", player=P(seat)), None, None)))
        elif s["hands"][seat]:                            # gift
            return
        idle_turns += 1
        if idle_turns > 2 * s["players"]:
            finish(s, None, NOBODY_CAN_ACT, events)
            return
        next_turn(s, events)


def takes_back(s: State, seat: int) -> bool:
    """CA-TURN-7: an empty hand with a card stationed in defence still has an action, taking it back
    (CA-ACT-DEFEND-5), and it is compulsory: "Es obligatorio realizar una acción ... (no es posible
    'pasar turno')". Games created before rules version 4 pass the turn instead (option "empty-hand")."""
    return any(post[2] for post in s["posts"][seat]) and option(s, "empty-hand") == "take-back"


def join_auto(s: State, seat: int) -> dict | None:
    """The join window's answer without a real choice (the record's `auto`, phases/join.py): a
    pass for a seat nobody asks (CA-MULTI-5, a standing answer)."""
    return None if wants_join_prompt(s, seat) else {"type": "pass"}


def react_auto(s: State, seat: int) -> dict | None:
    """The reaction window's answer without a real choice (phases/react.py): a pass for a victim
    nobody asks (CA-ACT-REACT-4, a standing answer)."""
    return None if wants_react_prompt(s, seat) else {"type": "pass"}


def join_step(s: State, events: list) -> bool:
    """Skip the joiners nobody asks (their pass, never announced); True if one must decide."""
    b = the_battle(s)
    while b["to_ask"] and not wants_join_prompt(s, b["to_ask"][0]):    # (join_auto, without its frame)
        b["to_ask"].pop(0)                                # the pass that phases/join.py carries out (decline)
    if b["to_ask"]:
        return True
    s["phase"] = "react"
    return False


def react_step(s: State, events: list) -> bool:
    """The victim is asked to react, or passes automatically."""
    b = the_battle(s)
    victim = b["victim"]
    if wants_react_prompt(s, victim):                     # (react_auto, without its frame)
        return True
    battle.react(s, victim, [], events)                   # the pass that phases/react.py carries out
    return False


def remove_step(s: State, events: list) -> bool:
    """Removals without a real choice happen by themselves; then the battle is resolved."""
    if battle.settle_trivial_removals(s, events):
        return True
    battle.resolve(s, events)
    end_action(s, events)
    return False


# The automatic part of each battle phase: True when a seat must decide now.
BATTLE_STEPS = {"join": join_step, "react": react_step, "remove": remove_step}


def end_action(s: State, events: list) -> None:
    """One action is complete: a King action may remain (CA-ACT-KING-1), else the turn ends."""
    if s["phase"] == "over":
        return                                            # CA-ACT-KING-9
    s["actions"] -= 1
    if s["actions"] > 0:
        s["phase"] = "act"
        return
    next_turn(s, events)


def next_turn(s: State, events: list) -> None:
    """Clockwise to the next seat (CA-SETUP-8); its compulsory draw (CA-TURN-1)."""
    s["turns"] += 1
    s["quiet_turns"] += 1
    stall = s["options"].get("stall")                     # (option(s, "stall") when it is stored: most turns)
    if stall is None:
        stall = option(s, "stall")
    if stall and s["quiet_turns"] >= stall * s["players"]:
        finish(s, None, stalled(stall), events)
        return
    begin_turn(s, (s["turn"] + 1) % s["players"], events)


def begin_turn(s: State, seat: int, events: list) -> None:
    s["turn"] = seat
    s["actions"] = 1
    s["king_turn"] = False
    s["defended"] = False
    if not s["alive"][seat]:
        s["phase"] = "gift"                               # CA-TURN-8, CA-MULTI-9
        events.append(GIFT_TURN_EVENTS[option(s, "gift")][seat])
        return
    s["phase"] = "act"
    village = s["village"]
    card = village.pop() if village else draw_village(s, events)   # (draw_village's usual case inline)
    if card is None:
        events.append(new_event((say("{player}'s turn: no Village card is left to draw.", player=P(seat)), None, None)))
        return
    s["hands"][seat].append(card)
    events += TURN_DRAW_EVENTS[seat][card]               # (DRAW_EVENTS[seat], DREW_EVENTS[seat][card])


# The events of every turn's draw, made once (an Event is immutable; most moves end a turn).
GIFT_TURN_EVENTS = {  # by option "gift": one card a turn, or any number (CA-MULTI-9)
    "one": [Event(say("{player}'s turn (no castle: give a card to a player or pass).", player=P(seat))) for seat in range(4)],
    "any": [Event(say("{player}'s turn (no castle: give one or more cards to a player or pass).", player=P(seat)))
            for seat in range(4)]}
DRAW_EVENTS = [Event(say("{player}'s turn: {player} draws a Village card.", player=P(seat))) for seat in range(4)]
DREW_EVENTS = [{card: Event(say("You drew {cards}.", cards=CARDS.label(card)), (seat,)) for card in CARDS.kind_of}
               for seat in range(4)]
TURN_DRAW_EVENTS = [{card: (DRAW_EVENTS[seat], drew) for card, drew in DREW_EVENTS[seat].items()} for seat in range(4)]


def finish(s: State, winner: int | None, reason: Msg, events: list) -> None:
    """The game is over: the state keeps the reason's English text (plain data, so states and
    their hashes stay what they were); `reason_message` says it again as a message."""
    s["phase"] = "over"
    s["winner"] = winner
    s["reason"] = str(reason)
    events.append(new_event((reason, None, None)))


# The reasons a game ends, as messages (the state stores their English text).
NOBODY_CAN_ACT = say("Nobody can act any more: the game ends without a winner.")


def stalled(rounds: int) -> Msg:
    return say_n("No battle was won for {n} full round: the game ends without a winner.",
                 "No battle was won for {n} full rounds: the game ends without a winner.", rounds)


def resigned(player: str, winner: str) -> Msg:
    return say("{player} resigned: {winner} wins.", player=player, winner=winner)


# A stored reason read back into its message: (its English, as a pattern; the message).
SEAT = r"(\{P\d\})"
READINGS: tuple[tuple[re.Pattern, Callable[[re.Match], Msg]], ...] = (
    (re.compile(SEAT + r" destroyed the rival castle\."), lambda m: destroyed_castle(m[1])),
    (re.compile(SEAT + r" has the only castle left standing\."), lambda m: last_castle(m[1])),
    (re.compile(SEAT + r" resigned: " + SEAT + r" wins\."), lambda m: resigned(m[1], m[2])),
    (re.compile(r"No battle was won for (\d+) full rounds?: the game ends without a winner\."),
     lambda m: stalled(int(m[1]))),
    (re.compile(re.escape(NOBODY_CAN_ACT)), lambda m: NOBODY_CAN_ACT),
)


def reason_message(reason: str) -> Msg | str:
    """A stored reason (the state's English text) as the message that said it; a text no
    reading knows stays as it is."""
    for pattern, message in READINGS:
        found = pattern.fullmatch(reason)
        if found is not None:
            said = message(found)
            if said == reason:
                return said
    return reason


# Result codes (core/castle_assault/README.md), told from the stored reason: a state has no code key,
# so that the states (and hashes) of games stored before codes existed stay what they were.
REASON_CODES = (("destroyed the rival castle.", "last-castle"),          # CA-END-2
                ("has the only castle left standing.", "last-castle"),   # CA-END-3
                ("resigned: ", "resigned"),                              # core/castle_assault/resign.py
                ("No battle was won for ", "stalled"),                   # V-STALL, CA-END-4
                ("Nobody can act any more", "nobody-can-act"))


RESULT_CODES = {
    "last-castle": "one castle is left: the rival castle fell (2 players) or every other one did (CA-END-2, CA-END-3)",
    "resigned": "every other player resigned (CA-END-3)",
    "stalled": "the stall limit of full rounds passed without a won battle; no winner (CA-END-4)",
    "nobody-can-act": "no seat holds a card and none can be drawn; no winner (CA-END)",
}


def reason_code(reason: str) -> str:
    """The code of a stored reason (the reason is kept in the state as it was written, so
    stored games keep their hashes); an unknown reason is an engine error."""
    return declared_code(RESULT_CODES, next((code for words, code in REASON_CODES if words in reason), None), reason)


def prompted_seat(s: State | dict) -> int | None:
    """The one seat that must decide now, or None when the game is over."""
    phase = s["phase"]
    if phase == "over":
        return None
    if phase in ("act", "gift"):
        return s["turn"]
    b = s["battle"]
    assert b is not None
    if phase == "join":
        return b["to_ask"][0]
    return b["victim"]
