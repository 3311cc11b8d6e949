"""Moving pieces into a territory the campaign emptied (WQ-CAMP-5, WQ-CAMP-8)."""
from __future__ import annotations

from typing import Iterator

from core.protocol import Event
from core.memo import Memo
from core.rng import Rng
from core.text import P, say, term
from core.wizards_quest import state as S
from core.wizards_quest.board import name
from core.wizards_quest.effects import collect_here, men as count_men
from core.wizards_quest.notation import bad, count, hero_name
from core.phase import Decision
from core.wizards_quest.state import QUIET, Frame, State
from core.records import new_event


def take_options(st: State, f: Frame) -> list[dict]:
    return [{"type": "take", "men": k, "hero": h} for k, h in takes(st, f)]


def takes(st: State, f: Frame) -> Iterator[tuple[int, str]]:
    """The (men, hero) of every take take_allowed accepts, lazily, in take_options' order."""
    return ((k, h) for h, moving in take_ranges(st, f) for k in moving)


def take_ranges(st: State, f: Frame) -> tuple[tuple[str, range], tuple[str, range]]:
    """The takes as (hero, men counts) ranges, in takes' order: with no hero, then with the hero on
    the source ("" and an empty range when there is none)."""
    at_src, men = S.hero_at(st, f["seat"], f["source"]), st["men"][f["source"]]
    return ("", _men_moving(men, at_src, "")), (at_src or "", _men_moving(men, at_src, at_src) if at_src else range(0))


def take_allowed(st: State, f: Frame, k: int, hero: str) -> bool:
    """Whether take_resolve accepts moving k men and `hero` in (see _men_moving)."""
    return k in _men_moving(st["men"][f["source"]], S.hero_at(st, f["seat"], f["source"]), hero)


def _men_moving(men: int, at_src: str | None, hero: str) -> range:
    """How many men may move in with `hero` ("": none) from a source of `men` men and `at_src`
    hero: at least one piece moves in and one stays, a hero only the one on the source (WQ-CAMP-5,
    WQ-CAMP-8). The one statement of the rule, which takes lists and take_allowed checks."""
    if hero and hero != at_src:
        return range(0)
    with_hero = 1 if hero else 0
    most = men + (1 if at_src else 0) - with_hero - 1
    return range(1 - with_hero, (men if men < most else most) + 1)  # (min, without its call)


def take_auto(st: State, f: Frame) -> dict | None:
    """The only take, when there is one only (counted from take_ranges: none is listed; asked after
    every conquest)."""
    (_, alone), (hero, led) = take_ranges(st, f)
    if len(alone) + len(led) != 1:
        return None
    return {"type": "take", "men": alone[0], "hero": ""} if alone else {"type": "take", "men": led[0], "hero": hero}


def take_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    k = count(mv.get("men"), "WQ-CAMP-5")
    hero = hero_name(mv.get("hero"), "WQ-CAMP-5")
    src, tgt, seat = f["source"], f["target"], f["seat"]
    if not take_allowed(st, f, k, hero):
        bad(say("Move at least one piece in and leave at least one behind."), "WQ-CAMP-8")
    st["frames"].pop()
    st["men"][src] -= k
    S.add_men(st, seat, tgt, k)
    if hero:
        S.put_hero(st, seat, hero, tgt)
    S.refresh(st, src)
    if ev is not QUIET:
        key = (seat, tgt, k, hero)  # (k is an exact int: count refuses a bool)
        ev.append(TOOK.get(key) or TOOK.keep(key, _took(seat, tgt, k, hero)))
    collect_here(st, seat, tgt, rng, ev)  # WQ-TREASURE-1


def _took(seat: int, tgt: int, k: int, hero: str) -> Event:
    """The event of a territory taken with k men and `hero` ("": none)."""
    if not hero:
        said = say("{player} takes {where} with {men}.", player=P(seat), where=name(tgt), men=count_men(k))
    elif k:
        said = say("{player} takes {where} with {men} and their {hero}.", player=P(seat), where=name(tgt),
                   men=count_men(k), hero=term(hero))
    else:
        said = say("{player} takes {where} with their {hero}.", player=P(seat), where=name(tgt), hero=term(hero))
    return new_event((said, None, None))


TOOK = Memo(4096)  # (seat, territory, men, hero) -> _took's event (a third of the takes repeat one)


DECISION = Decision("take", moves=frozenset({"take"}), rule="WQ-CAMP-5", prompt="take",
                    text=say("Move pieces into the conquered territory."), legal=take_options, resolve=take_resolve,
                    auto=take_auto)
