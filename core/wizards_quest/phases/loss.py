"""Which pieces are lost in a battle or to the dragon (WQ-LOSS-2; standing orders WQ-TABLE-5)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.text import Joined, Msg, join, say, say_n, term
from core.wizards_quest.board import IDS
from core.wizards_quest.effects import forced_loss, lose_pieces, loss_choices, men as count_men, pieces
from core.wizards_quest.notation import bad, hero_name
from core.phase import Decision
from core.wizards_quest import state as S
from core.wizards_quest.state import Frame, State


def loss_options(st: State, f: Frame) -> list[str]:
    return loss_choices(st, f["seat"], f["territory"], f["count"])


def loss_legal(st: State, f: Frame) -> list[dict]:
    return [{"type": "lose", "hero": h} for h in loss_options(st, f)]


def loss_refusal(st: State, f: Frame, hero: str, options: list[str]) -> Msg:
    """Why this loss is refused: the pieces the player really has in this battle and what they may lose."""
    t, k, seat = f["territory"], f["count"], f["seat"]
    men = st["men"][t]
    heroes = [h for h, where in (("champion", st["champion"][seat]), ("wizard", st["wizard"][seat])) if where == t]
    have: Msg | Joined
    if not heroes:
        have = count_men(men)
    elif men:
        have = join(" and ", [count_men(men)] + [say("your {hero}", hero=term(h)) for h in heroes])
    else:
        have = join(" and ", [say("your {hero}", hero=term(h)) for h in heroes])
    moves = ["lose " + (h or "men") for h in options]  # (notation: the moves to write)
    allowed = say("{first} or {second}", first=moves[0], second=moves[1]) if len(moves) == 2 else " or ".join(moves)
    if hero and hero not in heroes:
        return say("There is no {hero} of yours in this battle: on {territory} you have {have}. You lose {pieces}: "
                   "{allowed}.", hero=term(hero), territory=IDS[t], have=have, pieces=pieces(k), allowed=allowed)
    if not hero:
        return say("You lose {pieces} on {territory} but have only {men}, so your {hero} must be among them: "
                   "{allowed}.", pieces=pieces(k), territory=IDS[t], men=count_men(men),
                   hero=term(heroes[0] if heroes else "hero"), allowed=allowed)
    return say("On {territory} you have {have}; you lose {pieces}: {allowed}.", territory=IDS[t], have=have,
               pieces=pieces(k), allowed=allowed)


def loss_auto(st: State, f: Frame) -> dict | None:
    hero = forced_loss(st, f["seat"], f["territory"], f["count"])
    return None if hero is None else {"type": "lose", "hero": hero}


def loss_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    hero = hero_name(mv.get("hero"), "WQ-LOSS-2")
    options = loss_options(st, f)
    if hero not in options:
        bad(loss_refusal(st, f, hero, options), "WQ-LOSS-2", legal=["lose " + (h or "men") for h in options])
    st["frames"].pop()
    lose_pieces(st, f["seat"], f["territory"], f["count"], hero, f["into"], f["why"], ev)


def loss_text(st: State, f: Frame) -> Msg:
    """The prompt's sentence (asked after every move: made once for each count, place and reason)."""
    key = ("loss", f["count"], f["territory"], f["why"])
    said = S.TOLD.get(key) if type(key[1]) is int and type(key[3]) is str else None
    return said if said is not None else _loss_text(f, key)


def _loss_text(f: Frame, key: tuple) -> Msg:
    why = LOSS_WHY.get(f["why"])
    said = say_n("Choose which {n} of your pieces on {territory} are lost ({why}).",
                 "Choose which {n} of your pieces on {territory} are lost ({why}).", f["count"],
                 territory=IDS[f["territory"]], why=why if why is not None else f["why"])
    if type(key[1]) is int and type(key[3]) is str:
        S.TOLD.keep(key, said)
    return said


# Why pieces are lost, as the state keeps it (the frame's "why"): its words in the prompt.
LOSS_WHY = {"the dragon eats": say("the dragon eats"), "defending": say("defending"), "attacking": say("attacking")}


DECISION = Decision("loss", moves=frozenset({"lose"}), rule="WQ-LOSS-2", prompt="loss",
                    text=say("Choose which of your pieces are lost."), legal=loss_legal, resolve=loss_resolve,
                    auto=loss_auto, describe=loss_text)
