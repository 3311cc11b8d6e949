"""Battles (spec section 11): one fight frame runs a whole campaign, raid or special
campaign as a series of battles, asking the players only for their real choices."""
from __future__ import annotations

from core.protocol import Event
from core.wizards_quest import board
from core.wizards_quest.board import ORC, IDS
from core.wizards_quest import state as S
from core.wizards_quest.flow import ask, check_eliminations, name


def hits(roll: int, strength: int) -> int:
    """WQ-BATTLE-3: a roll at or under the strength kills that many; strength over 6 is 6."""
    return roll if roll <= min(strength, 6) else 0


def attack_strength(st, f) -> int:
    """Attackers never get terrain bonuses (WQ-STR-10)."""
    return min(6, S.army_strength(st, f["src"]))


def defence_strength(st, f) -> int:
    if f["vs"] != "army":
        return 6  # WQ-STR-1, WQ-STR-2
    return min(6, S.army_strength(st, f["tgt"]) + S.defence_bonus(st, f["tgt"], f["via"]))


def fight_step(st, f, rng, ev):
    HANDLERS[f["st"]](st, f, rng, ev)


def _end(st, f, ev, text=None):
    st["q"].pop()
    if text:
        ev.append(Event(text))


def _check(st, f, rng, ev):
    a, src, tgt = f["a"], f["src"], f["tgt"]
    own = st["own"]
    if f["mode"] == "raid":
        if own[tgt] != f["d"]:  # WQ-ORC-RAID-6
            st["q"].pop()
            if st["n"][src] >= 2:
                st["n"][src] -= 1
                own[tgt], st["n"][tgt] = ORC, 1
                ev.append(Event(f"The orcs take {name(tgt)}."))
            else:
                ev.append(Event(f"The last orc stays home; {name(tgt)} is left empty." if st["n"][src] == 1
                                else f"No orc is left to move in; {name(tgt)} is left empty."))
            return
        if st["n"][src] <= 1:
            return _end(st, f, ev, f"The raid from {IDS[src]} is spent.")
        f["st"] = "roll"
        return
    if own[src] != a:
        return _end(st, f, ev, "The attacking army is gone; the campaign ends.")
    if f["vs"] != "army":
        won = f.get("won", [])
        if st[f["vs"]] != tgt or f["vs"] in won:  # beaten: even back on this county by the die, its fight is over
            if f["mode"] == "special":
                return _end(st, f, ev)
            left = [c for c in ("dragon", "peace") if st[c] == tgt and c not in won]
            if not left and (st["dragon"] == tgt or st["peace"] == tgt):
                return _end(st, f, ev, f"The beaten creature is back on {name(tgt)}; the campaign ends.")
            f["vs"] = left[0] if left else "army"
        if f["vs"] == "dragon" and S.hero_at(st, a, src) is None:  # WQ-SPECIAL-5, WQ-CHAMP-3
            return _end(st, f, ev, "Without a hero the army cannot fight the dragon; the campaign ends.")
        if f["vs"] == "peace" and st["wz"][a] != src:
            return _end(st, f, ev, "Without the wizard the army cannot fight the Peacemaker; the campaign ends.")
    if f["vs"] == "army" and tgt in (st["dragon"], st["peace"]):  # sent there in mid-campaign by a ring's card
        if own[tgt] != -1:  # WQ-CAMP-9, WQ-SPECIAL-2: not while a creature stands with the army
            return _end(st, f, ev, f"The {'dragon' if st['dragon'] == tgt else 'Peacemaker'} now stands on "
                                   f"{name(tgt)}: the army there cannot be attacked; the campaign ends.")
        f["vs"] = "dragon" if st["dragon"] == tgt else "peace"  # an empty territory: fight it first (WQ-SPECIAL-1)
        return _check(st, f, rng, ev)
    if f["vs"] == "army":
        d = own[tgt]
        if d == -1:  # WQ-CAMP-5: take the target
            st["q"].pop()
            if S.is_protected(st, tgt):
                ev.append(Event(f"{name(tgt)} is protected by the Peacemaker and cannot be taken."))
            elif S.pieces(st, src) >= 2:
                ask(st, "take", a, src=src, tgt=tgt)
            else:
                ev.append(Event(f"One piece cannot take {name(tgt)}; it stays empty."))
            return
        if d == a or S.is_protected(st, tgt):
            return _end(st, f, ev, "The campaign ends.")
        if d != ORC and st["ch"][d] == tgt and st["ch"][a] != src:  # WQ-CHAMP-1, WQ-CHAMP-3
            return _end(st, f, ev, "Without the champion the army cannot attack a champion; the campaign ends.")
    f["st"] = "roll"
    if f["nb"] > 0:
        ask(st, "go", a, special=f["mode"] == "special", src=src, boat=f["via"] == board.BOAT)


def _roll(st, f, rng, ev):
    """WQ-BATTLE-2 to -6: both dice together, strengths fixed before the roll."""
    a, src, tgt = f["a"], f["src"], f["tgt"]
    sa, sd = attack_strength(st, f), defence_strength(st, f)
    ra, rd = rng.die(), rng.die()
    hd, ha = hits(ra, sa), hits(rd, sd)
    f["nb"] += 1
    f["bm"] = hd == 0 and ha == 0
    d_pieces = 1 if f["vs"] != "army" else S.pieces(st, tgt)
    f["dl"] = min(hd, d_pieces)
    f["al"] = 1 if f["bm"] else min(ha, S.pieces(st, src))
    f["al"] = min(f["al"], S.pieces(st, src))
    f["lead"] = "" if a == ORC else (S.hero_at(st, a, src) or "")
    f["awiz"] = a != ORC and st["wz"][a] == src
    d = st["own"][tgt]
    f["dwiz"] = f["vs"] == "army" and 0 <= d < ORC and st["wz"][d] == tgt
    who_a = "The orcs" if a == ORC else f"{{P{a}}}"
    who_d = {"dragon": "the dragon", "peace": "the Peacemaker"}.get(f["vs"]) or (
        "the orcs" if d == ORC else f"{{P{d}}}")
    note = " Both miss: the attacker loses 1." if f["bm"] else ""
    ev.append(Event(f"Battle at {name(tgt)}: {who_a} (strength {sa}) {rolls(who_a)} {ra}, {who_d} (strength {sd}) "
                    f"{rolls(who_d)} {rd}. Defender loses {f['dl']}, attacker loses {f['al']}.{note}",
                    data={"attacker": [sa, ra], "defender": [sd, rd]}))
    f["st"] = "dloss"


def _dloss(st, f, rng, ev):
    f["st"] = "aloss"
    if f["dl"] <= 0:
        return
    if f["vs"] != "army":
        f["beat"] = True
        return
    tgt = f["tgt"]
    d = st["own"][tgt]
    if d == ORC:
        st["n"][tgt] -= f["dl"]
        S.refresh(st, tgt)
        if f["awiz"]:
            f["dv"] = [f["dl"], ""]
    else:
        ask(st, "loss", d, t=tgt, n=f["dl"], into="dv" if f["awiz"] else "", why="defending")


def _aloss(st, f, rng, ev):
    f["st"] = "scatter"
    if f["al"] <= 0:
        return
    src = f["src"]
    if f["a"] == ORC:
        st["n"][src] -= f["al"]
        S.refresh(st, src)
    else:
        # WQ-WIZ-3, WQ-WIZ-4: placed only when both armies have a wizard; the both-miss loss is removed
        into = "av" if f["dwiz"] and f["awiz"] and not f["bm"] else ""
        ask(st, "loss", f["a"], t=src, n=f["al"], into=into, why="attacking")


def _scatter(st, f, rng, ev):
    """WQ-WIZ-2, WQ-WIZ-4: the attacker places first, then the defender."""
    f["st"] = "post"
    ex = [f["src"], f["tgt"]]
    if f["av"]:
        ask(st, "scatter", f["d"], v=f["a"], men=f["av"][0], hero=f["av"][1], ex=ex)
    if f["dv"]:
        ask(st, "scatter", f["a"], v=f["d"], men=f["dv"][0], hero=f["dv"][1], ex=ex)
    f["dv"], f["av"] = [], []


def _post(st, f, rng, ev):
    f["st"] = "check"
    check_eliminations(st, ev)
    if st["win"] is not None or not f["beat"]:
        return
    f["beat"] = False
    f["won"] = f.get("won", []) + [f["vs"]]
    a = f["a"]
    if f["vs"] == "dragon" and f["lead"] == "champion":  # WQ-SPECIAL-6, WQ-DRAGON-8
        st["dragon"] = -1
        ev.append(Event(f"{{P{a}}}'s champion slays the dragon; it is out until the next dragon step."))
        if st["ch"][a] >= 0 and not st["out"][a]:
            ask(st, "place", a, total=6, single=-1, maxh=2, why="slaying the dragon")
    else:  # WQ-SPECIAL-7
        who = "dragon" if f["vs"] == "dragon" else "Peacemaker"
        ev.append(Event(f"{{P{a}}}'s wizard drives off the {who}."))
        ask(st, "flee", a, who=f["vs"])


HANDLERS = {"check": _check, "roll": _roll, "dloss": _dloss, "aloss": _aloss, "scatter": _scatter, "post": _post}


def rolls(who: str) -> str:
    """The verb agreeing with a side: the orcs roll, a player, the dragon or the Peacemaker rolls."""
    return "roll" if who.lower() == "the orcs" else "rolls"
