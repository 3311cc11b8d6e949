"""One module per kind of decision: `turn` (a turn's action), `gift` (the turn of a seat
without a castle), `join` and `react` (the out-of-turn windows of a battle), `remove` (the
victim's removal choice), `standing` (standing answers, any time); `hand` holds what they share.

`decide` checks that the move is one the current phase asks for and hands it to its module;
flow.advance then runs whatever follows automatically.
"""
from __future__ import annotations

from core.protocol import Event, IllegalMove
from core.text import say

from ..state import State
from . import gift, join, react, remove, turn

ALLOWED = {"act": set(turn.TURN_ACTIONS), "gift": {"give", "pass"}, "join": {"join", "pass"},
           "react": {"react", "pass"}, "remove": {"remove"}}
RULE_OF = {"act": "CA-TURN-5", "gift": "CA-MULTI-9", "join": "CA-MULTI-4", "react": "CA-ACT-REACT-1",
           "remove": "CA-ACT-REACT-8"}
# Moves that exist, but never on one's own turn: the rule that says where they belong.
OUT_OF_PLACE = {"react": "CA-ACT-REACT-10", "join": "CA-MULTI-1", "give": "CA-MULTI-9", "remove": "CA-ACT-REACT-8"}
# Why such a move is refused on one's own turn, said before the list of what the turn allows.
OUT_OF_PLACE_WHY = {
    "react": say("Reactions are played against another player's attack on your cards, not on your own turn."),
    "join": say("Joining is for another player's attack, when you are asked, not for your own turn."),
    "give": say("Only a player whose castle has fallen may give cards away, on their own turn; your castle still "
                "stands."),
    "remove": say("Removing an attack card follows a reaction against an attack, not your own turn."),
}
WRONG = {"act": say("On your turn choose one action: attack, night, defend, takeback, build, explore, buy, academy, "
                    "king, draw (King turns only) or discard. Passing is not allowed."),
         "gift": say("Without a castle your turn is: give a card to a player who still has a castle, or pass."),
         "join": say("You may join this attack with attack cards, or pass."),
         "react": say("You may react with Academy cards, or pass."),
         "remove": say("Choose the attack card your reaction removes: remove <card>.")}


def check_allowed(state: State, kind: str) -> None:
    """Refuse a move the current phase does not ask for, saying what it does ask for (the
    server lists the legal moves beside the error)."""
    phase = state["phase"]
    if phase == "act" and kind == "pass":
        raise IllegalMove("no-pass", say("You cannot pass: every turn has one action (discard a card if nothing "
                                         "else helps)."), "CA-TURN-3")
    if kind in ALLOWED[phase]:
        return
    rule = OUT_OF_PLACE.get(kind, RULE_OF[phase]) if phase == "act" else RULE_OF[phase]
    why = OUT_OF_PLACE_WHY.get(kind) if phase == "act" else None
    raise IllegalMove("wrong-move-now", WRONG[phase] if why is None else say("{why} {what}", why=why, what=WRONG[phase]),
                      rule)


def decide(s: State, seat: int, move: dict, events: list[Event]) -> None:
    """Apply the prompted seat's decision to the working copy `s` (already checked by check_allowed)."""
    phase = s["phase"]
    if phase == "act":
        turn.TURN_ACTIONS[move["type"]](s, seat, move, events)
    elif phase == "gift":
        (gift.give if move["type"] == "give" else gift.gift_pass)(s, seat, move, events)
    elif phase == "join":
        join.join(s, seat, move, events)
    elif phase == "react":
        react.react(s, seat, move, events)
    else:
        remove.remove(s, move, events)
