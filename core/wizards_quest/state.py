"""The game state (a JSON-ready dict of lists) and the small queries and changes
every rules module shares: who holds what, strengths, kingdoms, elimination.

Layout, per territory index t (see board.py): own[t] is -1 (empty), a seat, or ORC;
n[t] counts the men (or the orcs) there; heroes are ch[seat] / wz[seat] = t or -1.
Treasures: tre[i] = [owner, kind, loc, placer]; kind 0 crown 1 chest 2 ring 3 blank;
loc is a territory, or HELD (with its placer, before hiding), TAKEN (collected),
GONE (removed with an eliminated owner).
"""
from __future__ import annotations

from core.wizards_quest import board
from core.wizards_quest.board import ORC

HELD, TAKEN, GONE = -1, -2, -3
KIND_NAMES = ("crown", "chest", "ring", "blank")
HEROES = ("champion", "wizard")


def clone(st: dict) -> dict:
    """Copy everything a move may change, without deepcopy (speed, WQ-COMP-6 counts)."""
    new = dict(st)
    for key in ("own", "n", "ch", "wz", "out", "deck", "disc", "std"):
        new[key] = list(st[key])
    new["tre"] = [list(t) for t in st["tre"]]
    new["hands"] = [list(h) for h in st["hands"]]
    new["boats"] = [list(b) for b in st["boats"]]
    # a frame's lists (orders, targets, losses) are replaced, never changed in place: copy the dicts only
    new["q"] = [f.copy() for f in st["q"]]
    if st["tn"] is not None:
        new["tn"] = dict(st["tn"])
    return new


def hero_at(st: dict, s: int, t: int) -> str | None:
    if st["ch"][s] == t:
        return "champion"
    if st["wz"][s] == t:
        return "wizard"
    return None


def pieces(st: dict, t: int) -> int:
    """Pieces of the holder of t: men (or orcs) plus a hero."""
    s = st["own"][t]
    if s < 0:
        return 0
    if s == ORC:
        return st["n"][t]
    return st["n"][t] + (st["ch"][s] == t) + (st["wz"][s] == t)


def army_strength(st: dict, t: int) -> int:
    """Raw strength of the army on t, before terrain (WQ-STR-3 to WQ-STR-6)."""
    s = st["own"][t]
    if s < 0:
        return 0
    if s == ORC:
        return st["n"][t]
    return min(st["n"][t], 4) + (1 if st["ch"][s] == t else 0) + (2 if st["wz"][s] == t else 0)


def defence_bonus(st: dict, t: int, via: int) -> int:
    """Terrain and crossing bonuses of an army defending t (WQ-STR-7 to WQ-STR-11)."""
    bonus = 2 if board.IS_CASTLE[t] else 0
    if via == board.TUNNEL:
        return bonus + 2
    bonus += board.FOREST_BONUS[t]
    if via == board.BRIDGE:
        bonus += st["opt"]["bridge"]
    return bonus


def protected_duchy(st: dict) -> int:
    """The duchy the Peacemaker protects, or 0 (WQ-PEACE-3, WQ-PEACE-7)."""
    p = st["peace"]
    return board.DUCHY[p] if p >= 0 else 0


def is_protected(st: dict, t: int) -> bool:
    p = st["peace"]
    return p >= 0 and t < board.COUNTIES and board.DUCHY[t] == board.DUCHY[p]


def territories(st: dict, s: int) -> list[int]:
    own = st["own"]
    return [t for t in range(board.TERRITORIES) if own[t] == s]


def units(st: dict, s: int) -> int:
    """Men plus heroes on the map (WQ-CARDS-9)."""
    own, n = st["own"], st["n"]
    return sum(n[t] for t in range(board.TERRITORIES) if own[t] == s) + (st["ch"][s] >= 0) + (st["wz"][s] >= 0)


def kingdom_size(st: dict, s: int) -> int:
    """Territories in the seat's kingdoms: connected groups holding a castle (WQ-SUPPLY-1/2)."""
    own = st["own"]
    seen = set()
    total = 0
    for k in board.CASTLE_IDS:
        if own[k] != s or k in seen:
            continue
        group = [k]
        seen.add(k)
        i = 0
        while i < len(group):
            for b in board.ADJ[group[i]]:
                if b not in seen and own[b] == s:
                    seen.add(b)
                    group.append(b)
            i += 1
        total += len(group)
    return total


def reinforcements(st: dict, s: int, cut: int) -> int:
    """Kingdom-based men (WQ-SUPPLY-3) after any cutting card (WQ-CARD-MINUS1)."""
    count = kingdom_size(st, s)
    base = count if count >= 5 else 4
    return max(0, base - cut)


def add_men(st: dict, s: int, t: int, k: int) -> None:
    if k > 0:
        st["own"][t] = s
        st["n"][t] += k


def put_hero(st: dict, s: int, hero: str, t: int) -> None:
    st["ch" if hero == "champion" else "wz"][s] = t
    st["own"][t] = s


def refresh(st: dict, t: int) -> None:
    """Mark t empty when nothing that occupies it is left (WQ-STACK-7)."""
    s = st["own"][t]
    if s < 0:
        return
    if st["n"][t] > 0:
        return
    if s != ORC and (st["ch"][s] == t or st["wz"][s] == t):
        return
    st["own"][t] = -1
    st["n"][t] = 0


def remove(st: dict, t: int, men: int, hero: str | None) -> None:
    """Take pieces off t (losses, eaten, moved away)."""
    s = st["own"][t]
    st["n"][t] -= men
    if hero is not None:
        st["ch" if hero == "champion" else "wz"][s] = -1
    refresh(st, t)


def active_seats(st: dict, start: int) -> list[int]:
    """Seats still in the game, from `start` clockwise (WQ-ROUND-3)."""
    np = st["np"]
    return [(start + i) % np for i in range(np) if not st["out"][(start + i) % np]]


def treasure_at(st: dict, t: int) -> int:
    for i, tr in enumerate(st["tre"]):
        if tr[2] == t:
            return i
    return -1


def own_treasure_at(st: dict, s: int, t: int) -> int:
    for i, tr in enumerate(st["tre"]):
        if tr[2] == t and tr[0] == s:
            return i
    return -1


def collected(st: dict, s: int) -> int:
    """How many of his crown, chest and ring the seat has collected (WQ-GOAL-1)."""
    return sum(1 for tr in st["tre"] if tr[0] == s and tr[2] == TAKEN and tr[1] < 3)


def treasure_id(i: int) -> str:
    return f"T{i:02d}"
