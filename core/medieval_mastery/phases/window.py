"""A Fracture window (phase "window", MM-RES-FRACTURE, MM-ASYNC-2): fracture or pass."""
from __future__ import annotations

from core.medieval_mastery import flow
from core.medieval_mastery.phases.common import check_fracture, not_now
from core.medieval_mastery.state import Ctx, window_of
from core.protocol import IllegalMove


def decide(ctx: Ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    if seat != window_of(st)["asked"]:
        raise IllegalMove("not-your-turn", "Another player is answering the Fracture window.", "MM-ASYNC-2")
    if kind == "pass":
        flow.answer_window(ctx, seat, None, None)
        return
    if kind != "fracture":
        raise not_now("A Fracture window is open: play 'fracture P<n> <artefact>' or 'pass'.", "MM-TURN-11")
    target, t = check_fracture(st, seat, move)
    if (target, t) not in flow.window_targets(st, seat):
        raise IllegalMove("bad-target", "In this window Fracture may target only the artefact being used "
                          "(a combatant's sceptre or orb in battle).", "MM-RES-FRACTURE")
    flow.answer_window(ctx, seat, target, t)
