"""Which pieces are lost in a battle or to the dragon (WQ-LOSS-2; standing orders WQ-TABLE-5)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.wizards_quest.board import IDS
from core.wizards_quest.effects import forced_loss, lose_pieces, loss_choices, men as count_men
from core.wizards_quest.notation import bad, hero_name
from core.wizards_quest.phases.decision import Decision
from core.wizards_quest.state import Frame, State


def loss_options(st: State, f: Frame) -> list[str]:
    return loss_choices(st, f["seat"], f["territory"], f["count"])


def loss_legal(st: State, f: Frame) -> list[dict]:
    return [{"type": "lose", "hero": h} for h in loss_options(st, f)]


def loss_refusal(st: State, f: Frame, hero: str, options: list[str]) -> str:
    """Why this loss is refused: the pieces the player really has in this battle and what they may lose."""
    t, k, seat = f["territory"], f["count"], f["seat"]
    men = st["men"][t]
    heroes = [h for h, where in (("champion", st["champion"][seat]), ("wizard", st["wizard"][seat])) if where == t]
    have = " and ".join(([count_men(men)] if men or not heroes else []) + [f"your {h}" for h in heroes])
    allowed = " or ".join("lose " + (h or "men") for h in options)
    if hero and hero not in heroes:
        return (f"There is no {hero} of yours in this battle: on {IDS[t]} you have {have}. "
                f"You lose {count_men(k, 'piece')}: {allowed}.")
    if not hero:
        return (f"You lose {count_men(k, 'piece')} on {IDS[t]} but have only {count_men(men)}, so your "
                f"{heroes[0] if heroes else 'hero'} must be among them: {allowed}.")
    return f"On {IDS[t]} you have {have}; you lose {count_men(k, 'piece')}: {allowed}."


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


def loss_text(st: State, f: Frame) -> str:
    return f"Choose which {f['count']} of your pieces on {IDS[f['territory']]} are lost ({f['why']})."


DECISION = Decision("loss", moves=frozenset({"lose"}), rule="WQ-LOSS-2", prompt="loss",
                    text="Choose which of your pieces are lost.", legal=loss_legal, resolve=loss_resolve,
                    auto=loss_auto, describe=loss_text)
