"""Placing the pieces a wizard struck: the winner places the loser's (WQ-WIZ-2 to -5)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.text import Msg, P, join, pattern, say, say_n, term
from core.wizards_quest import state as S
from core.wizards_quest.board import ORC, IDS
from core.wizards_quest.effects import collect_here, spots
from core.wizards_quest.notation import WORDS, bad, heroes_map, men_map
from core.phase import Decision
from core.wizards_quest.state import QUIET, Frame, State


def scatter_spots(st: State, f: Frame, at_most: int = 0) -> dict[int, int]:
    """Where the victims may go and how many each spot takes, in the map's order (WQ-WIZ-2,
    WQ-WIZ-5, WQ-STACK-5); with `at_most` (0: all), only the first that many, the map read no further
    (scatter_auto asks after every battle that struck whether there are two)."""
    v, ex = f["victim"], f["excluded"]
    own, n = st["owner"], st["men"]
    out: dict[int, int] = {}
    if v != ORC:  # a player's pieces: any number on his territories and the empty ones
        for t, s in enumerate(own):
            if (s == -1 or s == v) and t not in ex:
                out[t] = 10000
                if len(out) == at_most:
                    break
        return out
    for t, s in enumerate(own):  # orcs: on the empty territories and the orcs' own, at most 4 on one
        if (s == -1 or s == ORC and n[t] < 4) and t not in ex:
            out[t] = 4 if s == -1 else 4 - n[t]
            if len(out) == at_most:
                break
    return out


def scatter_hero_spots(st: State, f: Frame, spots: dict[int, int]) -> list[int]:
    if not f["hero"]:
        return []
    other = S.hero_position(st, f["victim"], S.other_hero(f["hero"]))
    return [t for t in spots if t != other]


def scatter_auto(st: State, f: Frame) -> dict | None:
    if f["men"] and len(scatter_spots(st, f, 2)) > 1:
        return None  # a real choice of places (without listing them all)
    spots = scatter_spots(st, f)
    hspots = scatter_hero_spots(st, f, spots)
    if (f["men"] and len(spots) > 1) or len(hspots) > 1:
        return None  # a real choice of places
    men: dict[str, int] = {}
    heroes: dict[str, str] = {}
    if spots and f["men"]:
        t = next(iter(spots))
        men[IDS[t]] = min(f["men"], spots[t])
    if hspots:
        heroes[f["hero"]] = IDS[hspots[0]]
    return {"type": "scatter", "men": men, "heroes": heroes}


SCATTER_PATTERN = pattern("scatter <territory>:<count> ... [champion@<territory>] [wizard@<territory>]", WORDS)


def scatter_legal(st: State, f: Frame) -> list[dict]:
    return [{"pattern": SCATTER_PATTERN,
             "help": scatter_help(f)}] + scatter_examples(st, f)


def scatter_help(f: Frame) -> Msg:
    """What the scatter pattern places, and where."""
    n, hero = f["men"], f["hero"]
    if f["victim"] == ORC:
        return say_n("Place {n} orc on the loser's other territories or empty ones.",
                     "Place {n} orcs on the loser's other territories or empty ones.", n)
    if hero:
        return say_n("Place {n} man and the {hero} on the loser's other territories or empty ones.",
                     "Place {n} men and the {hero} on the loser's other territories or empty ones.", n, hero=term(hero))
    return say_n("Place {n} man on the loser's other territories or empty ones.",
                 "Place {n} men on the loser's other territories or empty ones.", n)


def scatter_examples(st: State, f: Frame) -> list[dict]:
    """Concrete placements beside the pattern: filling the spots from a few starting points."""
    spots = scatter_spots(st, f)
    order = sorted(spots)
    hspots = scatter_hero_spots(st, f, spots)
    out = []
    for start in range(min(3, len(order)) or 1):
        men, left = {}, f["men"]
        for t in order[start:] + order[:start]:
            if left <= 0:
                break
            k = min(left, spots[t])
            men[IDS[t]] = k
            left -= k
        heroes = {f["hero"]: IDS[hspots[start % len(hspots)]]} if hspots else {}
        move = {"type": "scatter", "men": men, "heroes": heroes}
        if move not in out:
            out.append(move)
    return out


def scatter_text(f: Frame, men: dict[int, int], heroes: dict[str, int]) -> Msg:
    """What the scattering event says: where the struck pieces went, and how many had no place."""
    v = f["victim"]
    parts = spots(men, heroes)
    places = join(", ", parts) if parts else say("nowhere")
    lost = f["men"] - sum(men.values()) + (1 if f["hero"] and not heroes else 0)
    seat = P(f["seat"])
    # (English says "had no place and are removed" for one too, as stored games have it)
    if v == ORC:
        if lost:
            return say_n("{player} places the lost orcs: {places} ({n} had no place and are removed).",
                         "{player} places the lost orcs: {places} ({n} had no place and are removed).", lost,
                         player=seat, places=places)
        return say("{player} places the lost orcs: {places}.", player=seat, places=places)
    if lost:
        return say_n("{player} places the lost {victim}'s pieces: {places} ({n} had no place and are removed).",
                     "{player} places the lost {victim}'s pieces: {places} ({n} had no place and are removed).", lost,
                     player=seat, victim=P(v), places=places)
    return say("{player} places the lost {victim}'s pieces: {places}.", player=seat, victim=P(v), places=places)


def scatter_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    rule = "WQ-WIZ-5"
    men = men_map(mv.get("men", {}), rule)
    heroes = heroes_map(mv.get("heroes"), rule)
    spots = scatter_spots(st, f)
    for t, k in men.items():
        if t not in spots:
            bad(say("{territory} is neither the loser's other territory nor empty.", territory=IDS[t]), "WQ-WIZ-2")
        if k > spots[t]:
            bad(say("{territory} cannot take {n} more orcs (at most 4 on a territory).", territory=IDS[t], n=k), "WQ-STACK-5")
    capacity = sum(spots.values())
    must = min(f["men"], capacity)
    if sum(men.values()) != must:
        bad(say("Place exactly {n} of the lost pieces.", n=must), rule)
    hspots = scatter_hero_spots(st, f, spots)
    if set(heroes) - ({f["hero"]} if f["hero"] else set()):
        bad(say("That hero is not among the lost pieces."), rule)
    if hspots and not heroes:
        bad(say("The {hero} must be placed too.", hero=term(f["hero"])), rule)
    for hero, t in heroes.items():
        if t not in hspots:
            bad(say("The {hero} cannot go to {territory}.", hero=term(hero), territory=IDS[t]), "WQ-STACK-2")
    st["frames"].pop()
    v = f["victim"]
    fresh = [t for t in list(men) + list(heroes.values()) if st["owner"][t] == -1]
    for t, k in men.items():
        st["owner"][t] = v
        st["men"][t] += k
    for hero, t in heroes.items():
        S.put_hero(st, v, hero, t)
    if ev is not QUIET:
        ev.append(Event(scatter_text(f, men, heroes)))
    if v != ORC:
        for t in sorted(set(fresh)):
            collect_here(st, v, t, rng, ev)  # WQ-TREASURE-5
            if st["winners"] is not None:
                return



DECISION = Decision("scatter", moves=frozenset({"scatter"}), rule="WQ-WIZ-2", prompt="scatter",
                    text=say("Place the pieces your wizard struck."), legal=scatter_legal, resolve=scatter_resolve,
                    auto=scatter_auto)
