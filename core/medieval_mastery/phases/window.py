"""A Fracture window (phase "window", MM-RES-FRACTURE, MM-ASYNC-2): fracture or pass."""
from __future__ import annotations

from core.medieval_mastery import flow
from core.medieval_mastery.phases.common import check_fracture, not_now
from core.medieval_mastery.state import Ctx, window_of
from core.protocol import IllegalMove
from core.text import say, term


def decide(ctx: Ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    if seat != window_of(st)["asked"]:
        raise IllegalMove("not-your-turn", say("Another player is answering the {card} window.", card=term("Fracture")),
                          "MM-ASYNC-2")
    if kind == "pass":
        flow.answer_window(ctx, seat, None, None)
        return
    if kind != "fracture":
        raise not_now(say("A {card} window is open: play 'fracture P<n> <artefact>' or 'pass'.", card=term("Fracture")),
                      "MM-TURN-11")
    target, t = check_fracture(st, seat, move)
    if (target, t) not in flow.window_targets(st, seat):
        raise IllegalMove("bad-target", say("In this window {card} may target only the artefact being used (a "
                                            "combatant's sceptre or orb in battle).", card=term("Fracture")),
                          "MM-RES-FRACTURE")
    flow.answer_window(ctx, seat, target, t)
