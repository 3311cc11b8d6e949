"""A Fracture window (phase "window", MM-RES-FRACTURE, MM-ASYNC-2): fracture or pass."""
from __future__ import annotations

from core.medieval_mastery import flow, legal
from core.medieval_mastery.notation import MOVES
from core.medieval_mastery.phases.common import check_fracture
from core.medieval_mastery.state import Ctx, State, window_of
from core.phase import Decision, OutOfPlace
from core.protocol import IllegalMove
from core.text import Msg, say, term

WINDOW_TEXT = {"crown": say("A crown is being used: play {card} against it, or pass.", card=term("Fracture")),
               "sceptre": say("Sceptre window: play {card} against a combatant's sceptre, or pass.", card=term("Fracture")),
               "orb": say("Orb window: play {card} against a combatant's orb, or pass.", card=term("Fracture"))}


def resolve(ctx: Ctx, seat: int, move: dict) -> None:
    st = ctx.st
    if seat != window_of(st)["asked"]:
        raise IllegalMove("not-your-turn", say("Another player is answering the {card} window.", card=term("Fracture")),
                          "MM-ASYNC-2")
    if move["type"] == "pass":
        flow.answer_window(ctx, seat, None, None)
        return
    target, t = check_fracture(st, seat, move)
    if (target, t) not in flow.window_targets(st, seat):
        raise IllegalMove("bad-target", say("In this window {card} may target only the artefact being used (a "
                                            "combatant's sceptre or orb in battle).", card=term("Fracture")),
                          "MM-RES-FRACTURE")
    flow.answer_window(ctx, seat, target, t)


def asked(st: State, seat: int) -> Msg:
    """The window's prompt: the artefact in use."""
    return WINDOW_TEXT[window_of(st)["kind"]]


ANSWERS = frozenset({"fracture", "pass"})
# Any other move waits for the window to close: nothing else while a battle or crown is under way (MM-TURN-11).
CLOSED = OutOfPlace("MM-TURN-11", say("A {card} window is open: play 'fracture P<n> <artefact>' or 'pass'.",
                                      card=term("Fracture")), alone=True)

# The seat asked in a Fracture window (MM-ASYNC-2); a notation error names MM-RES-FRACTURE.
DECISION = Decision("window", moves=ANSWERS, rule="MM-RES-FRACTURE", prompt="reaction", describe=asked,
                    legal=legal.window_moves, resolve=resolve, code="not-now", wrong=CLOSED.why,
                    out_of_place={kind: CLOSED for kind in MOVES if kind not in ANSWERS})
