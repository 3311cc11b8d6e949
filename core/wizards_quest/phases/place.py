"""Placing a batch of men, with heroes in place of 2 men each (WQ-HERO-SUB, WQ-SUPPLY-4)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.text import Msg, P, join, pattern, say, say_n, term
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.board import IDS
from core.wizards_quest.effects import spots
from core.wizards_quest.notation import WORDS, bad, heroes_map, men_map
from core.phase import Decision
from core.wizards_quest.state import QUIET, Frame, State
from core.records import new_event


PLACE_RULES = {"starting forces": "WQ-SETUP-11", "reinforcements": "WQ-SUPPLY-4", "the chest": "WQ-TREASURE-2",
               "the crown": "WQ-TREASURE-3", "the Peacemaker's gift": "WQ-PEACE-2", "men from a card": "WQ-CARDS-6",
               "slaying the dragon": "WQ-SPECIAL-6", "the two-player bonus": "WQ-VAR-2P-1"}
# Why men are placed, as the state keeps it (the frame's "why"): its words in prompts and events.
PLACE_WHY = {"starting forces": say("starting forces"), "reinforcements": say("reinforcements"),
             "the chest": say("the chest"), "the crown": say("the crown"),
             "the Peacemaker's gift": say("the Peacemaker's gift"), "men from a card": say("men from a card"),
             "slaying the dragon": say("slaying the dragon"), "the two-player bonus": say("the two-player bonus")}


def why_placed(f: Frame) -> Msg | str:
    """The words of the frame's reason for placing (as stored when no message has it)."""
    return PLACE_WHY.get(f["why"], f["why"])


def place_allowed(st: State, f: Frame) -> list[int]:
    if f["single"] >= 0:
        return [f["single"]]
    return S.territories(st, f["seat"])


def hero_spots(st: State, seat: int, hero: str, allowed: list[int]) -> list[int]:
    """Where a hero off the map may be placed: any allowed territory but the other hero's."""
    champion, wizard = st["champion"][seat], st["wizard"][seat]  # (S.hero_position of both, no calls)
    at, other = (champion, wizard) if hero == "champion" else (wizard, champion)
    if at >= 0:
        return []
    return [t for t in allowed if t != other]


def place_auto(st: State, f: Frame) -> dict | None:
    if f["single"] < 0 and st["owner"].count(f["seat"]) > 1:
        return None  # a choice of territories (counted before listing them: asked after every move)
    allowed = place_allowed(st, f)
    if not allowed:
        return {"type": "place", "men": {}, "heroes": {}}
    if f["total"] >= 2 and f["max_heroes"] and any(hero_spots(st, f["seat"], h, allowed) for h in S.HEROES):
        return None
    if len(allowed) == 1:
        return {"type": "place", "men": {IDS[allowed[0]]: f["total"]}, "heroes": {}}
    return None


PLACE_PATTERN = pattern("place <territory>:<men> ... [champion@<territory>] [wizard@<territory>]", WORDS)


def place_legal(st: State, f: Frame) -> list[dict]:
    allowed = place_allowed(st, f)
    names = ", ".join(IDS[t] for t in allowed)
    return [{"pattern": PLACE_PATTERN,
             "help": say_n("Place {n} man ({why}) on: {places}. A hero takes the place of 2 men.",
                           "Place {n} men ({why}) on: {places}. A hero takes the place of 2 men.", f["total"],
                           why=why_placed(f), places=names)}] \
        + place_examples(st, f, allowed)


def place_examples(st: State, f: Frame, allowed: list[int]) -> list[dict]:
    """Concrete placements beside the pattern: everything on one territory, or with a hero."""
    if not allowed:
        return [{"type": "place", "men": {}, "heroes": {}}]
    mine = [tr[2] for tr in st["treasures"] if tr[0] == f["seat"] and tr[2] >= 0]
    ranked = sorted(allowed, key=lambda t: (min((board.DIST[t][g] for g in mine), default=0), t))[:4]
    out = [{"type": "place", "men": {IDS[t]: f["total"]}, "heroes": {}} for t in ranked]
    if f["total"] >= 2 and f["max_heroes"]:
        for hero in S.HEROES:
            spots = [t for t in hero_spots(st, f["seat"], hero, allowed) if t in ranked] or \
                hero_spots(st, f["seat"], hero, allowed)[:1]
            if spots:
                t = spots[0]
                men = {IDS[t]: f["total"] - 2} if f["total"] > 2 else {}
                out.append({"type": "place", "men": men, "heroes": {hero: IDS[t]}})
    return out


def place_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    rule = PLACE_RULES.get(f["why"], "WQ-SUPPLY-4")
    seat = f["seat"]
    allowed = place_allowed(st, f)
    men = men_map(mv.get("men", {}), rule)
    heroes = heroes_map(mv.get("heroes"), rule)
    if not allowed:
        if men or heroes:
            bad(say("You have no territory to place men on."), rule)
    else:
        check_batch(st, seat, f["total"], allowed, f["max_heroes"], men, heroes, rule)
    st["frames"].pop()
    for t, k in men.items():
        S.add_men(st, seat, t, k)
    for hero, t in heroes.items():
        S.put_hero(st, seat, hero, t)
    if ev is not QUIET:
        parts = spots(men, heroes)
        ev.append(new_event((say("{player} places {places} ({why}).", player=P(seat),
                                   places=join(", ", parts) if parts else say("nothing"), why=why_placed(f)), None, None)))


def where_allowed(st: State, seat: int, allowed: set[int]) -> Msg:
    """The territories this placing may use, as a player reads them (the first few when there are many)."""
    names = sorted(IDS[t] for t in allowed)
    if len(names) == 1:
        return say("these pieces go on {territory}.", territory=names[0])
    shown = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
    return say("place them on territories you hold: {territories}.", territories=shown)


def check_batch(st: State, seat: int, total: int, allowed: list[int], maxh: int, men: dict[int, int],
                heroes: dict[str, int], rule: str) -> None:
    """WQ-HERO-SUB-1, WQ-HERO-SUB-2: a hero replaces 2 men, only if off the map, kept apart."""
    allowed_set = set(allowed)
    if not (allowed_set.issuperset(men) and allowed_set.issuperset(heroes.values())):  # (in C; the first named)
        t = next(t for t in [*men, *heroes.values()] if t not in allowed_set)
        bad(say("You may not place pieces on {territory} here: {allowed}", territory=IDS[t],
                allowed=where_allowed(st, seat, allowed_set)), rule)
    if len(heroes) > maxh:
        bad(say("At most one hero can come from a batch that goes on one territory."), "WQ-HERO-SUB-2")
    for hero, t in heroes.items():
        if S.hero_position(st, seat, hero) >= 0:
            bad(say("Your {hero} is already on the map.", hero=term(hero)), "WQ-HERO-SUB-2")
        if S.hero_position(st, seat, S.other_hero(hero)) == t or (len(heroes) == 2 and
                                                                   heroes["champion"] == heroes["wizard"]):
            bad(say("Champion and wizard may never stand on the same territory."), "WQ-STACK-2")
    placed = sum(men.values()) + 2 * len(heroes)
    if placed != total:
        bad(say_n("Place exactly {n} men (a hero counts as 2); you placed {placed}.",
                  "Place exactly {n} men (a hero counts as 2); you placed {placed}.", total, placed=placed),
            "WQ-HERO-SUB-1")



def place_text(st: State, f: Frame) -> Msg:  # (English says "men" for one too, as stored games have it)
    """The prompt's sentence (asked after every move: made once for each count and reason)."""
    key = ("place", f["total"], f["why"])
    said = S.TOLD.get(key) if type(key[1]) is int and type(key[2]) is str else None
    if said is None:
        said = say_n("Place {n} men ({why}).", "Place {n} men ({why}).", f["total"], why=why_placed(f))
        if type(key[1]) is int and type(key[2]) is str:
            S.TOLD.keep(key, said)
    return said


DECISION = Decision("place", moves=frozenset({"place"}), rule="WQ-HERO-SUB-1", prompt="place",
                    text=say("Place your men."), legal=place_legal, resolve=place_resolve, auto=place_auto,
                    describe=place_text)
