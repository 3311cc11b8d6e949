"""Decisions inside campaigns and battles: losses, a wizard's placing, taking, fleeing,
fighting on (WQ-LOSS-2, WQ-WIZ-2, WQ-CAMP-3..5, WQ-SPECIAL-7)."""
from __future__ import annotations

from core.protocol import Event
from core.wizards_quest import board
from core.wizards_quest.board import ORC, IDS
from core.wizards_quest import state as S
from core.wizards_quest import flow
from core.wizards_quest.decisions import KINDS
from core.wizards_quest.flow import men as count_men, name
from core.wizards_quest.moves import bad, count, men_map, heroes_map, hero_name, duchy


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


def loss_refusal(st, f, hero, options):
    """Why this loss is refused: the pieces the player really has in this battle and what they may lose."""
    t, k, seat = f["t"], f["n"], f["seat"]
    men = st["n"][t]
    heroes = [h for h, where in (("champion", st["ch"][seat]), ("wizard", st["wz"][seat])) if where == t]
    have = " and ".join(([count_men(men)] if men or not heroes else []) + [f"your {h}" for h in heroes])
    allowed = " or ".join("lose " + (h or "men") for h in options)
    if hero and hero not in heroes:
        return (f"There is no {hero} of yours in this battle: on {IDS[t]} you have {have}. "
                f"You lose {count_men(k, 'piece')}: {allowed}.")
    if not hero:
        return (f"You lose {count_men(k, 'piece')} on {IDS[t]} but have only {count_men(men)}, so your "
                f"{heroes[0] if heroes else 'hero'} must be among them: {allowed}.")
    return f"On {IDS[t]} you have {have}; you lose {count_men(k, 'piece')}: {allowed}."


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
        bad(loss_refusal(st, f, hero, options), "WQ-LOSS-2", legal=["lose " + (h or "men") for h in options])
    t, seat = f["t"], f["seat"]
    lost = min(f["n"], S.pieces(st, t))
    men = lost - (1 if hero else 0)
    st["q"].pop()
    S.remove(st, t, men, hero or None)
    lost_text = " and ".join(([count_men(men)] if men or not hero else []) + ([f"their {hero}"] if hero else []))
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
    moved = " and ".join(([count_men(k)] if k else []) + ([f"their {hero}"] if hero else []))
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


KINDS["loss"] = (loss_legal, loss_auto, loss_resolve, "loss", "Choose which of your pieces are lost.")
KINDS["scatter"] = (scatter_legal, scatter_auto, scatter_resolve, "scatter", "Place the pieces your wizard struck.")
KINDS["take"] = (take_options, take_auto, take_resolve, "take", "Move pieces into the conquered territory.")
KINDS["flee"] = (flee_legal, None, flee_resolve, "flee", "Choose the duchy the beaten creature flees to.")
KINDS["go"] = (go_legal, None, go_resolve, "campaign", "Fight on (moving men in if you like) or break off.")
