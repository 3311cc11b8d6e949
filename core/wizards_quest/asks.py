"""Decisions the rules give to players (WQ-TABLE-5, WQ-TABLE-6, WQ-TABLE-7).

Each ask kind has: `legal` (moves or patterns), `auto` (the move the engine makes
by itself when there is no real choice, or a standing order applies; else None),
and `resolve` (check the move, carry it out, pop the ask frame).
"""
from __future__ import annotations

from core.protocol import Event
from core.wizards_quest import board
from core.wizards_quest.board import ORC, IDS
from core.wizards_quest import state as S
from core.wizards_quest import flow
from core.wizards_quest.flow import men as count_men, name
from core.wizards_quest.moves import bad, terr, count, men_map, heroes_map, hero_name, duchy

PLACE_RULES = {"starting forces": "WQ-SETUP-11", "reinforcements": "WQ-SUPPLY-4", "the chest": "WQ-TREASURE-2",
               "the crown": "WQ-TREASURE-3", "the Peacemaker's gift": "WQ-PEACE-2", "men from a card": "WQ-CARDS-6",
               "slaying the dragon": "WQ-SPECIAL-6", "the two-player bonus": "WQ-VAR-2P-1"}


# ------------------------------------------------------------------ setup ----------

def castle_legal(st, f):
    return [{"type": "castle", "at": IDS[k]} for k in board.CASTLE_IDS if st["own"][k] == -1]


def castle_resolve(st, f, mv, rng, ev):
    t = terr(mv.get("at"), "WQ-SETUP-3")
    if not board.IS_CASTLE[t] or st["own"][t] != -1:
        bad(f"{IDS[t]} is not an empty castle.", "WQ-SETUP-3", legal=[f"castle {m['at']}" for m in castle_legal(st, f)])
    st["q"].pop()
    S.add_men(st, f["seat"], t, 1)
    ev.append(Event(f"{{P{f['seat']}}} puts a man on {name(t)}."))


def county_legal(st, f):
    return [{"type": "county", "at": IDS[t]} for t in range(board.COUNTIES) if st["own"][t] == -1]


def county_auto(st, f):
    legal = county_legal(st, f)
    return legal[0] if len(legal) == 1 else None


def county_resolve(st, f, mv, rng, ev):
    t = terr(mv.get("at"), "WQ-SETUP-6")
    if board.IS_CASTLE[t] or st["own"][t] != -1:
        bad(f"{IDS[t]} is not an empty county.", "WQ-SETUP-6")
    st["q"].pop()
    S.add_men(st, f["seat"], t, 1)
    ev.append(Event(f"{{P{f['seat']}}} puts a man on {name(t)}."))


def hide_spots(st, f, owner):
    """Where the seat may hide a treasure of `owner` this round (WQ-SETUP-8..10, WQ-VAR-BLANK-2)."""
    castle_round = f["round"] == 0
    blank = st["opt"]["blank"]
    out = []
    hidden = {tr[2] for tr in st["tre"]}
    for t in (board.CASTLE_IDS if castle_round else range(board.COUNTIES)):
        o = st["own"][t]
        if o == owner or t in hidden:
            continue
        if blank and o != f["seat"]:
            continue
        out.append(t)
    return out


def hide_legal(st, f):
    out = []
    for i, tr in enumerate(st["tre"]):
        if tr[2] == S.HELD and tr[3] == f["seat"]:
            for t in hide_spots(st, f, tr[0]):
                out.append({"type": "hide", "treasure": S.treasure_id(i), "at": IDS[t]})
    return out


def hide_resolve(st, f, mv, rng, ev):
    rule = "WQ-SETUP-8" if f["round"] == 0 else "WQ-SETUP-9"
    i = treasure_index(st, mv.get("treasure"), rule)
    tr = st["tre"][i]
    if tr[2] != S.HELD or tr[3] != f["seat"]:
        bad("You can only hide a treasure you were handed and still hold.", "WQ-SETUP-7")
    t = terr(mv.get("at"), rule)
    if t not in hide_spots(st, f, tr[0]):
        if S.treasure_at(st, t) >= 0:
            bad(f"{IDS[t]} already holds a treasure.", "WQ-SETUP-10")
        if st["opt"]["blank"] and st["own"][t] != f["seat"]:
            bad("In this variant treasures are hidden on your own territories.", "WQ-VAR-BLANK-2")
        if st["own"][t] == tr[0]:
            bad("A treasure may not be hidden on its owner's territory.", rule)
        bad("This round's treasure goes on a castle." if f["round"] == 0 else
            "After the first round treasures go on counties.", rule)
    st["q"].pop()
    tr[2] = t
    kind = "" if st["opt"]["blank"] else S.KIND_NAMES[tr[1]] + " "
    ev.append(Event(f"{{P{f['seat']}}} hides {{P{tr[0]}}}'s {kind}treasure ({S.treasure_id(i)}) on {name(t)}."))
    if st["np"] == 2 and st["opt"]["two_player"] and st["own"][t] == f["seat"]:  # WQ-VAR-2P-1
        ev.append(Event(f"{{P{f['seat']}}} receives 5 men on {IDS[t]}."))
        flow.ask(st, "place", f["seat"], total=5, single=t, maxh=1, why="the two-player bonus")


def treasure_index(st, value, rule):
    if not isinstance(value, str) or len(value) != 3 or value[0] != "T" or not value[1:].isdigit() \
            or int(value[1:]) >= len(st["tre"]):
        bad(f"{value!r} is not a treasure (T00, T01, ...).", rule, "bad-treasure")
    return int(value[1:])


# ------------------------------------------------------------------ placing men ----

def place_allowed(st, f):
    if f["single"] >= 0:
        return [f["single"]]
    return S.territories(st, f["seat"])


def hero_spots(st, seat, hero, allowed):
    other = st["wz" if hero == "champion" else "ch"][seat]
    if st["ch" if hero == "champion" else "wz"][seat] >= 0:
        return []
    return [t for t in allowed if t != other]


def place_auto(st, f):
    allowed = place_allowed(st, f)
    if not allowed:
        return {"type": "place", "men": {}, "heroes": {}}
    if f["total"] >= 2 and f["maxh"] and any(hero_spots(st, f["seat"], h, allowed) for h in S.HEROES):
        return None
    if len(allowed) == 1:
        return {"type": "place", "men": {IDS[allowed[0]]: f["total"]}, "heroes": {}}
    return None


def place_legal(st, f):
    allowed = place_allowed(st, f)
    names = ", ".join(IDS[t] for t in allowed)
    return [{"pattern": "place <territory>:<men> ... [champion@<territory>] [wizard@<territory>]",
             "help": f"Place {f['total']} men ({f['why']}) on: {names}. A hero takes the place of 2 men."}] \
        + place_examples(st, f, allowed)


def place_examples(st, f, allowed):
    """Concrete placements beside the pattern: everything on one territory, or with a hero."""
    if not allowed:
        return [{"type": "place", "men": {}, "heroes": {}}]
    mine = [tr[2] for tr in st["tre"] if tr[0] == f["seat"] and tr[2] >= 0]
    ranked = sorted(allowed, key=lambda t: (min((board.DIST[t][g] for g in mine), default=0), t))[:4]
    out = [{"type": "place", "men": {IDS[t]: f["total"]}, "heroes": {}} for t in ranked]
    if f["total"] >= 2 and f["maxh"]:
        for hero in S.HEROES:
            spots = [t for t in hero_spots(st, f["seat"], hero, allowed) if t in ranked] or \
                hero_spots(st, f["seat"], hero, allowed)[:1]
            if spots:
                t = spots[0]
                men = {IDS[t]: f["total"] - 2} if f["total"] > 2 else {}
                out.append({"type": "place", "men": men, "heroes": {hero: IDS[t]}})
    return out


def place_resolve(st, f, mv, rng, ev):
    rule = PLACE_RULES.get(f["why"], "WQ-SUPPLY-4")
    seat = f["seat"]
    allowed = place_allowed(st, f)
    men = men_map(mv.get("men", {}), rule)
    heroes = heroes_map(mv.get("heroes"), rule)
    if not allowed:
        if men or heroes:
            bad("You have no territory to place men on.", rule)
    else:
        check_batch(st, seat, f["total"], allowed, f["maxh"], men, heroes, rule)
    st["q"].pop()
    for t, k in men.items():
        S.add_men(st, seat, t, k)
    for hero, t in heroes.items():
        S.put_hero(st, seat, hero, t)
    parts = [f"{k} on {IDS[t]}" for t, k in sorted(men.items())] + [f"{h} on {IDS[t]}" for h, t in heroes.items()]
    ev.append(Event(f"{{P{seat}}} places {', '.join(parts) or 'nothing'} ({f['why']})."))


def check_batch(st, seat, total, allowed, maxh, men, heroes, rule):
    """WQ-HERO-SUB-1, WQ-HERO-SUB-2: a hero replaces 2 men, only if off the map, kept apart."""
    allowed = set(allowed)
    for t in list(men) + list(heroes.values()):
        if t not in allowed:
            bad(f"You may not place pieces on {IDS[t]} here.", rule)
    if len(heroes) > maxh:
        bad("At most one hero can come from a batch that goes on one territory.", "WQ-HERO-SUB-2")
    for hero, t in heroes.items():
        if st["ch" if hero == "champion" else "wz"][seat] >= 0:
            bad(f"Your {hero} is already on the map.", "WQ-HERO-SUB-2")
        if st["wz" if hero == "champion" else "ch"][seat] == t or (len(heroes) == 2 and
                                                                   heroes["champion"] == heroes["wizard"]):
            bad("Champion and wizard may never stand on the same territory.", "WQ-STACK-2")
    placed = sum(men.values()) + 2 * len(heroes)
    if placed != total:
        bad(f"Place exactly {total} men (a hero counts as 2); you placed {placed}.", "WQ-HERO-SUB-1")


# ------------------------------------------------------------------ losses ---------

def loss_options(st, f):
    t, k, seat = f["t"], f["n"], f["seat"]
    hero = S.hero_at(st, seat, t)
    men = st["n"][t]
    if k >= men + (1 if hero else 0):
        return [hero or ""]  # everything is lost: no choice
    out = []
    if men >= k:
        out.append("")
    if hero and men >= k - 1:
        out.append(hero)
    return out


def loss_legal(st, f):
    return [{"type": "lose", "hero": h} for h in loss_options(st, f)]


def loss_auto(st, f):
    options = loss_options(st, f)
    if len(options) == 1:
        return {"type": "lose", "hero": options[0]}
    if st["std"][f["seat"]] == "men-first" and "" in options:  # a standing order (WQ-TABLE-5)
        return {"type": "lose", "hero": ""}
    return None


def loss_resolve(st, f, mv, rng, ev):
    hero = hero_name(mv.get("hero"), "WQ-LOSS-2")
    options = loss_options(st, f)
    if hero not in options:
        bad("You cannot lose those pieces here.", "WQ-LOSS-2",
            legal=["lose " + (h or "men") for h in options])
    t, seat = f["t"], f["seat"]
    lost = min(f["n"], S.pieces(st, t))
    men = lost - (1 if hero else 0)
    st["q"].pop()
    S.remove(st, t, men, hero or None)
    lost_text = " and ".join(([count_men(men)] if men or not hero else []) + ([f"his {hero}"] if hero else []))
    ev.append(Event(f"{{P{seat}}} loses {lost_text} on {IDS[t]}."))
    if f["into"]:
        st["q"][-1][f["into"]] = [men, hero]
    elif f["why"] == "the dragon eats":
        flow.check_eliminations(st, ev)


# ------------------------------------------------------------------ wizard placing --

def scatter_spots(st, f):
    """Where the victims may go and how many each spot takes (WQ-WIZ-2, WQ-WIZ-5)."""
    v, ex = f["v"], f["ex"]
    own, n = st["own"], st["n"]
    spots = {}
    for t in range(board.TERRITORIES):
        if t in ex:
            continue
        if own[t] == -1:
            spots[t] = 4 if v == ORC else 10000
        elif own[t] == v:
            if v == ORC:
                if n[t] < 4:
                    spots[t] = 4 - n[t]
            else:
                spots[t] = 10000
    return spots


def scatter_hero_spots(st, f, spots):
    if not f["hero"]:
        return []
    other = st["wz" if f["hero"] == "champion" else "ch"][f["v"]]
    return [t for t in spots if t != other]


def scatter_auto(st, f):
    spots = scatter_spots(st, f)
    hspots = scatter_hero_spots(st, f, spots)
    if (f["men"] and len(spots) > 1) or len(hspots) > 1:
        return None  # a real choice of places
    move = {"type": "scatter", "men": {}, "heroes": {}}
    if spots and f["men"]:
        t = next(iter(spots))
        move["men"][IDS[t]] = min(f["men"], spots[t])
    if hspots:
        move["heroes"][f["hero"]] = IDS[hspots[0]]
    return move


def scatter_legal(st, f):
    return [{"pattern": "scatter <territory>:<count> ... [champion@<territory>] [wizard@<territory>]",
             "help": f"Place {f['men']} {'orcs' if f['v'] == ORC else 'men'}"
                     + (f" and the {f['hero']}" if f["hero"] else "")
                     + " on the loser's other territories or empty ones."}] + scatter_examples(st, f)


def scatter_examples(st, f):
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


def scatter_resolve(st, f, mv, rng, ev):
    rule = "WQ-WIZ-5"
    men = men_map(mv.get("men", {}), rule)
    heroes = heroes_map(mv.get("heroes"), rule)
    spots = scatter_spots(st, f)
    for t, k in men.items():
        if t not in spots:
            bad(f"{IDS[t]} is neither the loser's other territory nor empty.", "WQ-WIZ-2")
        if k > spots[t]:
            bad(f"{IDS[t]} cannot take {k} more orcs (at most 4 on a territory).", "WQ-STACK-5")
    capacity = sum(spots.values())
    must = min(f["men"], capacity)
    if sum(men.values()) != must:
        bad(f"Place exactly {must} of the lost pieces.", rule)
    hspots = scatter_hero_spots(st, f, spots)
    if set(heroes) - ({f["hero"]} if f["hero"] else set()):
        bad("That hero is not among the lost pieces.", rule)
    if hspots and not heroes:
        bad(f"The {f['hero']} must be placed too.", rule)
    for hero, t in heroes.items():
        if t not in hspots:
            bad(f"The {hero} cannot go to {IDS[t]}.", "WQ-STACK-2")
    st["q"].pop()
    v = f["v"]
    fresh = [t for t in list(men) + list(heroes.values()) if st["own"][t] == -1]
    for t, k in men.items():
        st["own"][t] = v
        st["n"][t] += k
    for hero, t in heroes.items():
        S.put_hero(st, v, hero, t)
    who = "orcs" if v == ORC else f"{{P{v}}}'s pieces"
    parts = [f"{k} on {IDS[t]}" for t, k in sorted(men.items())] + [f"{h} on {IDS[t]}" for h, t in heroes.items()]
    lost = f["men"] - sum(men.values()) + (1 if f["hero"] and not heroes else 0)
    ev.append(Event(f"{{P{f['seat']}}} places the lost {who}: {', '.join(parts) or 'nowhere'}"
                    + (f" ({lost} had no place and are removed)." if lost else ".")))
    if v != ORC:
        for t in sorted(set(fresh)):
            flow.collect_here(st, v, t, rng, ev)  # WQ-TREASURE-5
            if st["win"] is not None:
                return


# ------------------------------------------------------------------ taking ---------

def take_options(st, f):
    src, seat = f["src"], f["seat"]
    men = st["n"][src]
    hero = S.hero_at(st, seat, src)
    total = men + (1 if hero else 0)
    out = []
    for h in ([""] + ([hero] if hero else [])):
        for k in range(0, men + 1):
            moved = k + (1 if h else 0)
            if moved >= 1 and total - moved >= 1:
                out.append({"type": "take", "men": k, "hero": h})
    return out


def take_auto(st, f):
    options = take_options(st, f)
    return options[0] if len(options) == 1 else None


def take_resolve(st, f, mv, rng, ev):
    k = count(mv.get("men"), "WQ-CAMP-5")
    hero = hero_name(mv.get("hero"), "WQ-CAMP-5")
    src, tgt, seat = f["src"], f["tgt"], f["seat"]
    if {"type": "take", "men": k, "hero": hero} not in take_options(st, f):
        bad("Move at least one piece in and leave at least one behind.", "WQ-CAMP-8")
    st["q"].pop()
    st["n"][src] -= k
    S.add_men(st, seat, tgt, k)
    if hero:
        S.put_hero(st, seat, hero, tgt)
    S.refresh(st, src)
    moved = " and ".join(([count_men(k)] if k else []) + ([f"his {hero}"] if hero else []))
    ev.append(Event(f"{{P{seat}}} takes {name(tgt)} with {moved}."))
    flow.collect_here(st, seat, tgt, rng, ev)  # WQ-TREASURE-1


# ------------------------------------------------------------------ fleeing --------

def flee_legal(st, f):
    return [{"type": "flee", "duchy": d} for d in range(1, 7)]


def flee_resolve(st, f, mv, rng, ev):
    d = duchy(mv.get("duchy"), "WQ-SPECIAL-7")
    st["q"].pop()
    send_creature(st, f["who"], d, rng, ev)


def send_creature(st, who, d, rng, ev):
    """A creature flees or is sent by card to a duchy; a die picks the county."""
    if who == "dragon":
        st["q"].append({"k": "dragon", "mode": "land", "st": "start", "single": True, "duchy": d})
        return
    c = rng.die()
    t = (d - 1) * 6 + c - 1
    ev.append(Event(f"The Peacemaker goes to {board.DUCHY_NAMES[d]}: rolled {c}, to {name(t)}.", data={"die": c}))
    flow.peace_arrive(st, t, True, ev)


# ------------------------------------------------------------------ continue -------

def go_legal(st, f):
    out = [{"type": "go", "men": {}}, {"type": "break"}]
    if not f["special"]:
        out.append({"pattern": "go <territory>:<men> ...", "help": "Move men into the source, then fight on."})
        men = all_donor_men(st, f["seat"], f["src"], f["boat"])
        if men:
            out.append({"type": "go", "men": men})
    return out


def all_donor_men(st, seat, src, boat):
    """Every man the neighbours can send while keeping a piece each (as notation keys)."""
    men = {}
    for t in donors(st, seat, src, boat):
        k = min(st["n"][t], S.pieces(st, t) - 1)
        if k > 0:
            men[IDS[t]] = k
    return men


def go_resolve(st, f, mv, rng, ev):
    if mv.get("type") == "break":
        st["q"].pop()
        st["q"].pop()
        ev.append(Event(f"{{P{f['seat']}}} breaks off the campaign."))
        return
    men = men_map(mv.get("men", {}), "WQ-CAMP-4")
    if men and f["special"]:
        bad("No men may be moved in during a special campaign.", "WQ-SPECIAL-4")
    check_donors(st, f["seat"], f["src"], f["boat"], men)
    st["q"].pop()
    move_in(st, f["seat"], f["src"], men, ev)


def donors(st, seat, src, boat):
    """Territories that may send men into src (WQ-CAMP-4, WQ-BOAT-5)."""
    near = board.BOAT_REACH[src] if boat else board.ADJ_SET[src]
    return [t for t in near if st["own"][t] == seat]


def check_donors(st, seat, src, boat, men):
    ok = set(donors(st, seat, src, boat))
    for t, k in men.items():
        if t not in ok:
            bad(f"{IDS[t]} cannot send men to {IDS[src]}.", "WQ-BOAT-5" if boat else "WQ-CAMP-4")
        if S.pieces(st, t) - k < 1 or k > st["n"][t]:
            bad(f"{IDS[t]} must keep at least one piece.", "WQ-CAMP-8")


def move_in(st, seat, src, men, ev):
    for t, k in men.items():
        st["n"][t] -= k
        st["n"][src] += k
    if men:
        ev.append(Event(f"{{P{seat}}} moves {count_men(sum(men.values()))} into {IDS[src]}."))


# ------------------------------------------------------------------ registry -------

KINDS = {
    "castle": (castle_legal, None, castle_resolve, "setup", "Put a man on an empty castle."),
    "county": (county_legal, county_auto, county_resolve, "setup", "Put a man on an empty county."),
    "hide": (hide_legal, None, hide_resolve, "setup", "Hide one of the treasures you were handed."),
    "place": (place_legal, place_auto, place_resolve, "place", "Place your men."),
    "loss": (loss_legal, loss_auto, loss_resolve, "loss", "Choose which of your pieces are lost."),
    "scatter": (scatter_legal, scatter_auto, scatter_resolve, "scatter", "Place the pieces your wizard struck."),
    "take": (take_options, take_auto, take_resolve, "take", "Move pieces into the conquered territory."),
    "flee": (flee_legal, None, flee_resolve, "flee", "Choose the duchy the beaten creature flees to."),
    "go": (go_legal, None, go_resolve, "campaign", "Fight on (moving men in if you like) or break off."),
}
