"""The active player's own turn (phase "main"): resource cards and Fracture at step 2 or 7,
the crown, ending the turn; the redistribution and advance are in manoeuvre.py."""
from __future__ import annotations

from collections.abc import Callable

from core.medieval_mastery import data, flow, rules
from core.medieval_mastery.notation import format_move
from core.medieval_mastery.phases import manoeuvre
from core.medieval_mastery.phases.common import check_fracture, current_rule, not_now
from core.medieval_mastery.phases.manoeuvre import FINISH_MANOEUVRE, IN_MANOEUVRE, resource_step
from core.medieval_mastery.state import Ctx, State
from core.protocol import Event, IllegalMove

# Moves that answer something other than one's own turn step: why none is open now.
OFF_TURN_ANSWERS = {
    "conflict": "there is no battle now", "support": "there is no battle now",
    "pass": "nothing is waiting for an answer (passing answers a Fracture window or a support opportunity)",
    "discard": "no ability is asking you to discard", "insight": "Crown of Insight is not in use",
    "recycle": "Crown of Order is not in use", "top": "Crown of Prosperity is not in use",
    "target": "no crown is waiting for a target", "sceptre": "no sceptre is waiting for your choice",
}


def decide(ctx: Ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    if seat != st["active"]:
        raise IllegalMove("not-your-turn", f"It is P{st['active']}'s turn.", "MM-TURN-9")
    handler = TURN_MOVES.get(kind)
    if handler is None:
        why = OFF_TURN_ANSWERS.get(kind, "it does not belong to this step of your turn")
        raise not_now(f"'{format_move(move)}' is not possible now: {why}. On your turn you play resource cards, "
                      "use your crown, 'redis', 'advance', 'skip' or 'end'.", current_rule(st, seat))
    handler(ctx, seat, move)


def refuse_resource(st: State, what: str, rule: str) -> IllegalMove:
    """Why a resource card is refused on one's own turn: inside a manoeuvre, or step 2 is over."""
    if st["stage"] in IN_MANOEUVRE:
        back = st["return_step"] if st["manoeuvre"] == "ta" else 7
        return not_now(f"{what} cannot be played during a redistribution or advance: first "
                       f"{FINISH_MANOEUVRE[st['stage']]}, then play it at step {back}.", rule)
    return not_now(f"{what} is played only at step 2 or 7: step 2 ended when you used your crown; play it at "
                   "step 7, after your advance (or 'skip').", rule)


def play(ctx: Ctx, seat: int, move: dict) -> None:
    """MM-RES-1, MM-RES-TIMING: Call to Arms or Tactical Advance at step 2 or 7."""
    st = ctx.st
    code = "CA" if move["card"] == "cta" else "TA"
    if not resource_step(st):
        raise refuse_resource(st, data.CARD_TITLES[code], "MM-RES-TIMING")
    if not rules.has(st["hand"][seat], code):
        raise IllegalMove("not-in-hand", f"You hold no {data.CARD_TITLES[code]}.", "MM-TERM-HAND")
    flow.play_resource(ctx, seat, code)


def fracture(ctx: Ctx, seat: int, move: dict) -> None:
    st = ctx.st
    if not resource_step(st):
        raise refuse_resource(st, "On your own turn Fracture", "MM-RES-FRACTURE")
    target, t = check_fracture(st, seat, move)
    flow.play_fracture(ctx, seat, target, t)


def crown(ctx: Ctx, seat: int, move: dict) -> None:
    """MM-CROWN-1..3: once per turn, at step 3 or 8, if face up."""
    st = ctx.st
    stage = st["stage"]
    if not resource_step(st):
        if stage in IN_MANOEUVRE:  # inside a redistribution/advance: a closed window
            raise not_now(f"No crown during a redistribution or advance: first {FINISH_MANOEUVRE[stage]}.",
                          "MM-TURN-11")
        check_crown(st, seat)  # already used this turn: say that, not the step
        raise not_now("The crown is used only at step 3 or 8 of your own turn: step 3 is over, so use it at "
                      "step 8, after your advance (or 'skip').", "MM-CROWN-1")
    check_crown(st, seat)
    flow.use_crown(ctx, seat)


def check_crown(st: State, seat: int) -> None:
    if st["crown_used"]:
        raise IllegalMove("crown-used", "You have already used your crown this turn.", "MM-CROWN-1")
    if not rules.is_up(st, seat, 0):
        raise IllegalMove("crown-destroyed", "Your crown is destroyed and cannot be used.", "MM-CROWN-3")


def end(ctx: Ctx, seat: int, move: dict) -> None:
    """MM-TURN-9: only outside a manoeuvre."""
    stage = ctx.st["stage"]
    if stage != "":
        raise not_now(f"Finish the current manoeuvre first: {FINISH_MANOEUVRE.get(stage, 'skip')}.", "MM-TURN-10")
    ctx.ev.append(Event(f"{{P{seat}}} ends their turn."))
    flow.end_turn(ctx)


TURN_MOVES: dict[str, Callable[[Ctx, int, dict], None]] = {
    "play": play, "fracture": fracture, "crown": crown, "end": end,
    "redis": manoeuvre.redis, "advance": manoeuvre.advance, "skip": manoeuvre.skip}
