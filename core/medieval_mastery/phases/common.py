"""What the decision modules share: the artefact words, a refusal of a move not asked now, and
the checks of a Fracture."""
from __future__ import annotations

from core.medieval_mastery import rules
from core.medieval_mastery.notation import ARTEFACT_WORDS
from core.medieval_mastery.state import State
from core.medieval_mastery.words import seat_word
from core.protocol import IllegalMove
from core.text import say, term

ART = {w: i for i, w in enumerate(ARTEFACT_WORDS)}  # crown 0, sceptre 1, orb 2


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
