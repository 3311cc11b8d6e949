"""The active player's own turn (phase "main"): resource cards and Fracture at step 2 or 7,
the crown, ending the turn; the redistribution and advance are in manoeuvre.py."""
from __future__ import annotations

from collections.abc import Callable

from core.medieval_mastery import data, flow, legal, rules
from core.medieval_mastery.notation import format_move
from core.medieval_mastery.phases import manoeuvre
from core.medieval_mastery.phases.common import check_fracture, not_now
from core.medieval_mastery.phases.manoeuvre import FINISH_MANOEUVRE, IN_MANOEUVRE, resource_step
from core.medieval_mastery.state import Ctx, State
from core.medieval_mastery.view import STAGE_TEXT, STEP_TEXT
from core.medieval_mastery.words import SEATS, P, seat_word
from core.phase import Decision
from core.protocol import Event, IllegalMove
from core.text import Msg, say, term

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


def resolve(ctx: Ctx, seat: int, move: dict) -> None:
    """The active player's move of their turn (a move of another kind `refused` already)."""
    st = ctx.st
    if seat != st["active"]:
        raise IllegalMove("not-your-turn", say("It is {player}'s turn.", player=seat_word(st["active"])), "MM-TURN-9")
    TURN_MOVES[move["type"]](ctx, seat, move)


def refused(st: State, seat: int, move: dict) -> Msg:
    """What a move that is no step of one's turn is told: why not now, and what the turn takes."""
    why = OFF_TURN_ANSWERS.get(move["type"], NOT_THIS_STEP)
    return say("'{move}' is not possible now: {why}. On your turn you play resource cards, use your crown, "
               "'redis', 'advance', 'skip' or 'end'.", move=format_move(move), why=why)


def turn_rule(st: State, seat: int, move: dict | None = None) -> str:
    """The rule of the step the turn is at: a manoeuvre (MM-TURN-10), Vitality's redistribution
    (MM-ART-VITALITY), the resource steps 2 and 7 (MM-TURN-2), else MM-TURN-4."""
    stage = st["stage"]
    if stage in ("m1", "m2"):
        return "MM-TURN-10"
    if stage == "vit":
        return "MM-ART-VITALITY"
    return "MM-TURN-2" if st["step"] in (2, 7) else "MM-TURN-4"


TURN_TEXT = {(stage, step): say("Your turn: {what}.", what=STAGE_TEXT.get(stage, STEP_TEXT.get(step, "")))
             for stage in ("", *STAGE_TEXT) for step in range(1, 10)}


def asked(st: State, seat: int) -> Msg:
    """The turn's prompt: the step it is at."""
    return TURN_TEXT[st["stage"], st["step"]]


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
    ctx.ev.append(END_TURN_EVENTS[seat])
    flow.end_turn(ctx)


ENDS_TURN = tuple(say("{player} ends their turn.", player=P(seat)) for seat in SEATS)
END_TURN_EVENTS = tuple(Event(text) for text in ENDS_TURN)  # (Events are values: moves share them)

TURN_MOVES: dict[str, Callable[[Ctx, int, dict], None]] = {
    "play": play, "fracture": fracture, "crown": crown, "end": end,
    "redis": manoeuvre.redis, "advance": manoeuvre.advance, "skip": manoeuvre.skip}


# The active player's own turn (MM-TURN-1..11): the rule refusing a move is the step's (turn_rule).
DECISION = Decision("main", moves=frozenset(TURN_MOVES), rule="MM-TURN-2", rule_now=turn_rule, prompt="turn",
                    describe=asked, legal=legal.main_moves, resolve=resolve, wrong=refused, code="not-now")
