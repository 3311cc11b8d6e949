"""What every decision module shares: the rule a seat is asked under, and the refusals."""
from __future__ import annotations

from core.medieval_mastery import rules
from core.medieval_mastery.notation import ARTEFACT_WORDS
from core.medieval_mastery.state import State, choice_of
from core.medieval_mastery.words import seat_word
from core.protocol import IllegalMove
from core.text import say, term

ART = {w: i for i, w in enumerate(ARTEFACT_WORDS)}  # crown 0, sceptre 1, orb 2
PHASE_RULE = {"window": "MM-RES-FRACTURE", "commit": "MM-COMBAT-4", "support": "MM-COMBAT-5", "over": "MM-WIN-2"}
CHOICE_RULE = {"discard": "MM-ICON-MAYDISCARD", "insight": "MM-ART-INSIGHT", "order": "MM-ART-ORDER",
               "top": "MM-ART-PROSPERITY", "target": "MM-ICON-ANY", "sceptre": "MM-ICON-EQUAL"}


# Who is asked outside the active player's turn, and the rule that says so.
ASKED_RULE = {"window": "MM-ASYNC-2", "commit": "MM-ASYNC-1", "support": "MM-ASYNC-4"}


def asked_rule(st: State) -> str:
    """The rule that decides who is asked now, for a seat that is not: a Fracture window asks
    seat by seat (MM-ASYNC-2), conflict cards the two combatants (MM-ASYNC-1), support the sides
    in turn (MM-ASYNC-4), a choice only its chooser (the rule of that choice); otherwise it is
    another player's turn (MM-TURN-9)."""
    ph = st["phase"]
    if ph == "choice":
        return CHOICE_RULE[choice_of(st)["kind"]]
    return ASKED_RULE.get(ph, "MM-TURN-9")


def current_rule(st: State, seat: int) -> str:
    """The rule of what `seat` is asked to do now (for notation errors)."""
    ph = st["phase"]
    if ph in PHASE_RULE:
        return PHASE_RULE[ph]
    if ph == "choice":
        return CHOICE_RULE[choice_of(st)["kind"]]
    stage = st["stage"]
    if stage in ("m1", "m2"):
        return "MM-TURN-10"
    if stage == "vit":
        return "MM-ART-VITALITY"
    return "MM-TURN-2" if st["step"] in (2, 7) else "MM-TURN-4"


def not_now(what: str, rule: str) -> IllegalMove:
    """A move of a kind not asked now; `what` (a message) says what is."""
    return IllegalMove("not-now", what, rule)


def check_fracture(st: State, seat: int, move: dict) -> tuple[int, int]:
    """A Fracture in hand against another player's face-up artefact (MM-RES-FRACTURE, MM-EDGE-10)."""
    target, t = move["player"], ART[move["artefact"]]
    if not rules.has(st["hand"][seat], "FR"):
        raise IllegalMove("not-in-hand", say("You hold no {card}.", card=term("Fracture")), "MM-TERM-HAND")
    if target >= st["players"]:
        raise IllegalMove("no-such-player", say("There is no player {player}.", player=seat_word(target)), "MM-RES-FRACTURE")
    if target == seat:
        raise IllegalMove("own-artefact", say("{card} cannot target your own artefact.", card=term("Fracture")),
                          "MM-EDGE-10")
    if not rules.is_up(st, target, t):
        raise IllegalMove("face-down", say("That artefact is already destroyed."), "MM-EDGE-10")
    return target, t
