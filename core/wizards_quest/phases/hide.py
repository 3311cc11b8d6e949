"""Setup: hiding the treasures handed over, castles first, then counties (WQ-SETUP-7 to -10)."""
from __future__ import annotations

from typing import Sequence

from core.protocol import Event
from core.memo import Memo
from core.rng import Rng
from core.text import Msg, P, say, term
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.board import IDS, name
from core.wizards_quest.notation import bad, terr, treasure_index
from core.wizards_quest.options import option
from core.phase import Decision
from core.wizards_quest.state import HELD, QUIET, Frame, State, ask
from core.records import new_event


# A treasure's hiding, said once for each seat, treasure and place (about half repeat in a long run; a
# memo of their own, as there are a few thousand of them and TOLD's others repeat more).
HID = Memo(4096)


def hide_spots(st: State, f: Frame, owner: int, only: int = -1) -> list[int]:
    """Where the seat may hide a treasure of `owner` this round (WQ-SETUP-8..10, WQ-VAR-BLANK-2);
    with `only`, just that territory if it is one of them (hide_resolve's check of the one a move
    names, without listing the others)."""
    return _spots(st, f, owner, {tr[2] for tr in st["treasures"]}, only)


def _spots(st: State, f: Frame, owner: int, hidden: set[int], only: int = -1) -> list[int]:
    """hide_spots, with the territories already holding a treasure given."""
    own = st["owner"]
    spots: Sequence[int] = board.CASTLE_IDS if f["round"] == 0 else range(board.COUNTIES)  # WQ-SETUP-8, -9
    if only >= 0:
        spots = (only,) if only in spots else ()
    if option(st, "blank-treasure"):  # only on the seat's own territories (WQ-VAR-BLANK-2)
        seat = f["seat"]
        return [t for t in spots if own[t] == seat and own[t] != owner and t not in hidden]
    return [t for t in spots if own[t] != owner and t not in hidden]  # WQ-SETUP-8..10


def hide_options(st: State, f: Frame) -> list[tuple[int, list[int]]]:
    """(treasure, its spots) for every treasure the seat holds, in the treasures' order. The spots
    depend on the treasure's owner only (a seat is handed one owner's treasures, WQ-SETUP-7): they
    are listed once per owner, and treasures of one owner share that list (read, never changed)."""
    hidden, seat = {tr[2] for tr in st["treasures"]}, f["seat"]
    spots_of: dict[int, list[int]] = {}
    out = []
    for i, tr in enumerate(st["treasures"]):
        if tr[2] == HELD and tr[3] == seat:
            owner = tr[0]
            spots = spots_of.get(owner)
            if spots is None:
                spots = spots_of[owner] = _spots(st, f, owner, hidden)
            out.append((i, spots))
    return out


def hide_choices(st: State, f: Frame) -> list[tuple[int, int]]:
    """(treasure, territory) for every treasure the seat holds and every spot it may go to."""
    return [(i, t) for i, spots in hide_options(st, f) for t in spots]


def hide_move(choice: tuple[int, int]) -> dict:
    return {"type": "hide", "treasure": S.treasure_id(choice[0]), "at": IDS[choice[1]]}


def hide_legal(st: State, f: Frame) -> list[dict]:
    return [hide_move(choice) for choice in hide_choices(st, f)]


def hide_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    rule = "WQ-SETUP-8" if f["round"] == 0 else "WQ-SETUP-9"
    i = treasure_index(st, mv.get("treasure"), rule)
    tr = st["treasures"][i]
    if tr[2] != S.HELD or tr[3] != f["seat"]:
        bad(say("You can only hide a treasure you were handed and still hold."), "WQ-SETUP-7")
    t = terr(mv.get("at"), rule)
    if not hide_spots(st, f, tr[0], only=t):
        if S.treasure_at(st, t) >= 0:
            bad(say("{territory} already holds a treasure.", territory=IDS[t]), "WQ-SETUP-10")
        if option(st, "blank-treasure") and st["owner"][t] != f["seat"]:
            bad(say("In this variant treasures are hidden on your own territories."), "WQ-VAR-BLANK-2")
        if st["owner"][t] == tr[0]:
            bad(say("A treasure may not be hidden on its owner's territory."), rule)
        bad(say("This round's treasure goes on a castle.") if f["round"] == 0 else
            say("After the first round treasures go on counties."), rule)
    st["frames"].pop()
    tr = S.own_treasure(st, i)
    tr[2] = t
    if ev is not QUIET:
        blank = option(st, "blank-treasure")
        key = ("hides", bool(blank), f["seat"], tr[0], tr[1], i, t)
        ev.append(HID.get(key) or HID.keep(key, new_event((_hid(f["seat"], tr, i, t, blank), None, None))))
    if st["players"] == 2 and option(st, "two-player-rules") and st["owner"][t] == f["seat"]:  # WQ-VAR-2P-1
        if ev is not QUIET:
            ev.append(Event(say("{player} receives 5 men on {where}.", player=P(f["seat"]), where=IDS[t])))
        ask(st, "place", f["seat"], total=5, single=t, max_heroes=1, why="the two-player bonus")



def _hid(seat: int, tr: list[int], i: int, t: int, blank: bool) -> Msg:
    """What hiding treasure i (`tr`) on t says: its kind too, unless the blank treasure keeps kinds secret."""
    if blank:
        return say("{player} hides {owner}'s treasure ({treasure}) on {where}.", player=P(seat), owner=P(tr[0]),
                   treasure=S.treasure_id(i), where=name(t))
    return say("{player} hides {owner}'s {kind} treasure ({treasure}) on {where}.", player=P(seat),
               owner=P(tr[0]), kind=term(S.KIND_NAMES[tr[1]]), treasure=S.treasure_id(i), where=name(t))


DECISION = Decision("hide", moves=frozenset({"hide"}), rule="WQ-SETUP-8", prompt="setup",
                    text=say("Hide one of the treasures you were handed."), legal=hide_legal, resolve=hide_resolve)
