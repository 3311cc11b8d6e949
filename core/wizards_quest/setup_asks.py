"""Setup decisions: a castle, a county, where to hide each treasure (WQ-SETUP-3..10)."""
from __future__ import annotations

from core.protocol import Event
from core.wizards_quest import board
from core.wizards_quest.board import IDS
from core.wizards_quest import state as S
from core.wizards_quest import flow
from core.wizards_quest.decisions import KINDS
from core.wizards_quest.flow import name
from core.wizards_quest.moves import bad, terr


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


KINDS["castle"] = (castle_legal, None, castle_resolve, "setup", "Put a man on an empty castle.")
KINDS["county"] = (county_legal, county_auto, county_resolve, "setup", "Put a man on an empty county.")
KINDS["hide"] = (hide_legal, None, hide_resolve, "setup", "Hide one of the treasures you were handed.")
