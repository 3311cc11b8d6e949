"""Setup: hiding the treasures handed over, castles first, then counties (WQ-SETUP-7 to -10)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.board import IDS, name
from core.wizards_quest.notation import bad, terr, treasure_index
from core.wizards_quest.phases.decision import Decision
from core.wizards_quest.state import Frame, State, ask


def hide_spots(st: State, f: Frame, owner: int) -> list[int]:
    """Where the seat may hide a treasure of `owner` this round (WQ-SETUP-8..10, WQ-VAR-BLANK-2)."""
    castle_round = f["round"] == 0
    blank = st["options"]["blank"]
    out: list[int] = []
    hidden = {tr[2] for tr in st["treasures"]}
    for t in (board.CASTLE_IDS if castle_round else range(board.COUNTIES)):
        o = st["owner"][t]
        if o == owner or t in hidden:
            continue
        if blank and o != f["seat"]:
            continue
        out.append(t)
    return out


def hide_choices(st: State, f: Frame) -> list[tuple[int, int]]:
    """(treasure, territory) for every treasure the seat holds and every spot it may go to."""
    return [(i, t) for i, tr in enumerate(st["treasures"]) if tr[2] == S.HELD and tr[3] == f["seat"]
            for t in hide_spots(st, f, tr[0])]


def hide_move(choice: tuple[int, int]) -> dict:
    return {"type": "hide", "treasure": S.treasure_id(choice[0]), "at": IDS[choice[1]]}


def hide_legal(st: State, f: Frame) -> list[dict]:
    return [hide_move(choice) for choice in hide_choices(st, f)]


def hide_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    rule = "WQ-SETUP-8" if f["round"] == 0 else "WQ-SETUP-9"
    i = treasure_index(st, mv.get("treasure"), rule)
    tr = st["treasures"][i]
    if tr[2] != S.HELD or tr[3] != f["seat"]:
        bad("You can only hide a treasure you were handed and still hold.", "WQ-SETUP-7")
    t = terr(mv.get("at"), rule)
    if t not in hide_spots(st, f, tr[0]):
        if S.treasure_at(st, t) >= 0:
            bad(f"{IDS[t]} already holds a treasure.", "WQ-SETUP-10")
        if st["options"]["blank"] and st["owner"][t] != f["seat"]:
            bad("In this variant treasures are hidden on your own territories.", "WQ-VAR-BLANK-2")
        if st["owner"][t] == tr[0]:
            bad("A treasure may not be hidden on its owner's territory.", rule)
        bad("This round's treasure goes on a castle." if f["round"] == 0 else
            "After the first round treasures go on counties.", rule)
    st["frames"].pop()
    tr = S.own_treasure(st, i)
    tr[2] = t
    kind = "" if st["options"]["blank"] else S.KIND_NAMES[tr[1]] + " "
    ev.append(Event(f"{{P{f['seat']}}} hides {{P{tr[0]}}}'s {kind}treasure ({S.treasure_id(i)}) on {name(t)}."))
    if st["players"] == 2 and st["options"]["two_player"] and st["owner"][t] == f["seat"]:  # WQ-VAR-2P-1
        ev.append(Event(f"{{P{f['seat']}}} receives 5 men on {IDS[t]}."))
        ask(st, "place", f["seat"], total=5, single=t, max_heroes=1, why="the two-player bonus")



DECISION = Decision("hide", moves=frozenset({"hide"}), rule="WQ-SETUP-8", prompt="setup",
                    text="Hide one of the treasures you were handed.", legal=hide_legal, resolve=hide_resolve)
