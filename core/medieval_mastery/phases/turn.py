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
from core.medieval_mastery.words import P, seat_word
from core.protocol import Event, IllegalMove
from core.text import say, term

# Moves that answer something other than one's own turn step: why none is open now.
OFF_TURN_ANSWERS = {
    "conflict": say("there is no battle now"), "support": say("there is no battle now"),
    "pass": say("nothing is waiting for an answer (passing answers a Fracture window or a support opportunity)"),
    "discard": say("no ability is asking you to discard"),
    "insight": say("{crown} is not in use", crown=term("Crown of Insight")),
    "recycle": say("{crown} is not in use", crown=term("Crown of Order")),
    "top": say("{crown} is not in use", crown=term("Crown of Prosperity")),
    "target": say("no crown is waiting for a target"), "sceptre": say("no sceptre is waiting for your choice"),
}
NOT_THIS_STEP = say("it does not belong to this step of your turn")


def decide(ctx: Ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    if seat != st["active"]:
        raise IllegalMove("not-your-turn", say("It is {player}'s turn.", player=seat_word(st["active"])), "MM-TURN-9")
    handler = TURN_MOVES.get(kind)
    if handler is None:
        why = OFF_TURN_ANSWERS.get(kind, NOT_THIS_STEP)
        raise not_now(say("'{move}' is not possible now: {why}. On your turn you play resource cards, use your crown, "
                          "'redis', 'advance', 'skip' or 'end'.", move=format_move(move), why=why),
                      current_rule(st, seat))
    handler(ctx, seat, move)


def refuse_resource(st: State, card: str, rule: str) -> IllegalMove:
    """Why a resource card is refused on one's own turn: inside a manoeuvre, or step 2 is over.
    Fracture, which also answers others' windows, is refused "on your own turn"."""
    name = term(card)
    if st["stage"] in IN_MANOEUVRE:
        back = st["return_step"] if st["manoeuvre"] == "ta" else 7
        finish = FINISH_MANOEUVRE[st["stage"]]
        if card == "Fracture":
            return not_now(say("On your own turn {card} cannot be played during a redistribution or advance: first "
                               "{finish}, then play it at step {step}.", card=name, finish=finish, step=back), rule)
        return not_now(say("{card} cannot be played during a redistribution or advance: first {finish}, then play it "
                           "at step {step}.", card=name, finish=finish, step=back), rule)
    if card == "Fracture":
        return not_now(say("On your own turn {card} is played only at step 2 or 7: step 2 ended when you used your "
                           "crown; play it at step 7, after your advance (or 'skip').", card=name), rule)
    return not_now(say("{card} is played only at step 2 or 7: step 2 ended when you used your crown; play it at "
                       "step 7, after your advance (or 'skip').", card=name), rule)


def play(ctx: Ctx, seat: int, move: dict) -> None:
    """MM-RES-1, MM-RES-TIMING: Call to Arms or Tactical Advance at step 2 or 7."""
    st = ctx.st
    code = "CA" if move["card"] == "cta" else "TA"
    if not resource_step(st):
        raise refuse_resource(st, data.CARD_TITLES[code], "MM-RES-TIMING")
    if not rules.has(st["hand"][seat], code):
        raise IllegalMove("not-in-hand", say("You hold no {card}.", card=term(data.CARD_TITLES[code])), "MM-TERM-HAND")
    flow.play_resource(ctx, seat, code)


def fracture(ctx: Ctx, seat: int, move: dict) -> None:
    st = ctx.st
    if not resource_step(st):
        raise refuse_resource(st, "Fracture", "MM-RES-FRACTURE")
    target, t = check_fracture(st, seat, move)
    flow.play_fracture(ctx, seat, target, t)


def crown(ctx: Ctx, seat: int, move: dict) -> None:
    """MM-CROWN-1..3: once per turn, at step 3 or 8, if face up."""
    st = ctx.st
    stage = st["stage"]
    if not resource_step(st):
        if stage in IN_MANOEUVRE:  # inside a redistribution/advance: a closed window
            raise not_now(say("No crown during a redistribution or advance: first {finish}.",
                              finish=FINISH_MANOEUVRE[stage]), "MM-TURN-11")
        check_crown(st, seat)  # already used this turn: say that, not the step
        raise not_now(say("The crown is used only at step 3 or 8 of your own turn: step 3 is over, so use it at "
                          "step 8, after your advance (or 'skip')."), "MM-CROWN-1")
    check_crown(st, seat)
    flow.use_crown(ctx, seat)


def check_crown(st: State, seat: int) -> None:
    if st["crown_used"]:
        raise IllegalMove("crown-used", say("You have already used your crown this turn."), "MM-CROWN-1")
    if not rules.is_up(st, seat, 0):
        raise IllegalMove("crown-destroyed", say("Your crown is destroyed and cannot be used."), "MM-CROWN-3")


def end(ctx: Ctx, seat: int, move: dict) -> None:
    """MM-TURN-9: only outside a manoeuvre."""
    stage = ctx.st["stage"]
    if stage != "":
        raise not_now(say("Finish the current manoeuvre first: {finish}.", finish=FINISH_MANOEUVRE.get(stage, "skip")),
                      "MM-TURN-10")
    ctx.ev.append(Event(say("{player} ends their turn.", player=P(seat))))
    flow.end_turn(ctx)


TURN_MOVES: dict[str, Callable[[Ctx, int, dict], None]] = {
    "play": play, "fracture": fracture, "crown": crown, "end": end,
    "redis": manoeuvre.redis, "advance": manoeuvre.advance, "skip": manoeuvre.skip}
