"""Board-level rules shared by the turn and the battle: knights, dice, supply, VP, victory."""
from __future__ import annotations

from core.medieval_mastery import data
from core.medieval_mastery.options import option
from core.medieval_mastery.board import BOARDS, reach
from core.protocol import Event
from core.text import count


def board_of(st: dict):
    return BOARDS[st["n"]]


def capacity(st: dict, slot: int) -> int:
    """MM-TERM-CAPACITY / MM-ICON-CAP: per player; castles take at most 6 attackers (siege)."""
    if slot >= len(st["tile"]):
        return data.SIEGE_MAX_ATTACKERS
    return data.TILES[st["tile"][slot]][2]


def slot_vp(st: dict, slot: int) -> int:
    tile = st["tile"][slot]
    if tile == "Homelands" and st["opts"]["skirmish"]:
        return 0  # MM-OPT-SKIRMISH-2
    return data.TILES[tile][0]


TILE_VP = {name: spec[0] for name, spec in data.TILES.items()}


def vp(st: dict, seat: int) -> int:
    """MM-WIN-1: the VP of the territories `seat` controls (supplied or not, MM-WIN-3)."""
    skirmish = st["opts"]["skirmish"]  # MM-OPT-SKIRMISH-2: Homelands are worth 0
    return sum(0 if skirmish and tile == "Homelands" else TILE_VP[tile]
               for tile, holder in zip(st["tile"], st["own"]) if holder == seat)


def dice_used(st: dict, seat: int, castle: int | None = None) -> int:
    """MM-EDGE-6: one die per territory, ceil(castle / 6) in the castle, one for an attack force."""
    if castle is None:
        castle = st["castle"][seat]
    used = st["own"].count(seat) + (castle + 5) // 6
    b = st["battle"]
    if b is not None and b["att"] == seat and b["ak"] > 0:
        used += 1
    return used


def castle_room(st: dict, seat: int) -> int:
    """How many more knights the castle can show with the dice still free."""
    others = dice_used(st, seat, 0)
    return max(0, (data.DICE_PER_PLAYER - others) * 6 - st["castle"][seat])


def gain(ctx, seat: int, count: int, why: str) -> int:
    """Knights gained go to the castle; those no die can show are lost (MM-TURN-1, MM-EDGE-6)."""
    st = ctx.st
    placed = min(count, castle_room(st, seat))
    st["castle"][seat] += placed
    st["gained"][seat] += placed
    text = f"{{P{seat}}} places {placed} knight{'s' if placed != 1 else ''} in their castle ({why})."
    if placed < count:
        text += f" {count - placed} cannot be shown: no free dice."
    ctx.ev.append(Event(text))
    return placed


def lose(st: dict, seat: int, count: int) -> None:
    st["lost"][seat] += count


def teams(st: dict) -> list[list[int]] | None:
    size = st["opts"]["teams"]
    n = st["n"]
    if size == "none":
        return None
    k = int(size)
    groups = n // k
    return [[s for s in range(n) if s % groups == g] for g in range(groups)]


def team_of(st: dict, seat: int) -> list[int]:
    groups = teams(st)
    if groups is None:
        return [seat]
    for group in groups:
        if seat in group:
            return group
    return [seat]


def teammates(st: dict, a: int, b: int) -> bool:
    return a != b and b in team_of(st, a)


def target_vp(st: dict) -> int:
    """MM-WIN-2, MM-OPT-SKIRMISH-1; a team's target (MM-OPT-ALLIANCE-3) is the Alliance rule's, with or
    without Skirmish, unless the table set `team-target`."""
    if st["opts"]["teams"] != "none":
        return option(st, "team-target") or data.TEAM_VP[int(st["opts"]["teams"])]
    return data.SKIRMISH_VP if st["opts"]["skirmish"] else data.WIN_VP


def check_win(ctx) -> bool:
    """MM-WIN-2 (and MM-OPT-ALLIANCE-3): the game ends the moment a target is reached."""
    st = ctx.st
    if st["win"] is not None:
        return True
    goal = target_vp(st)
    groups = teams(st)
    if groups is None:
        for seat in range(st["n"]):
            points = vp(st, seat)
            if points >= goal:
                return declare(ctx, [seat], f"{{P{seat}}} controls {points} VP (target {goal}).")
        return False
    for group in groups:
        points = sum(vp(st, s) for s in group)
        if points >= goal:
            names = " and ".join(f"{{P{s}}}" for s in group)
            return declare(ctx, group, f"The team of {names} controls {points} VP (target {goal}).")
    return False


def declare(ctx, seats: list[int], reason: str) -> bool:
    ctx.st["win"] = {"seats": list(seats), "reason": reason}
    ctx.st["ph"] = "over"
    ctx.ev.append(Event("Game over: " + reason))
    return True


_REACH: dict[tuple, tuple[list[int], set[int]]] = {}


def reach_of(st: dict, seat: int) -> tuple[list[int], set[int]]:
    """board.reach for the state's map, remembered per (map, seat, control): the turn asks it
    several times for one position (the random player, then the checks). Callers must not change it."""
    key = (st["n"], seat, tuple(st["own"]))
    found = _REACH.get(key)
    if found is None:
        if len(_REACH) >= 4096:
            _REACH.clear()
        found = _REACH[key] = reach(board_of(st), st["own"], seat)
    return found


def supplied(st: dict, seat: int) -> list[int]:
    return reach_of(st, seat)[0]


def targets(st: dict, seat: int) -> list[int]:
    """Legal advance targets (MM-ADV-2, MM-ADV-6, MM-OPT-ALLIANCE-4, MM-OPT-SIEGE-1)."""
    board = board_of(st)
    found = reach_of(st, seat)[1]
    out = []
    own = st["own"]
    siege = st["opts"]["siege"]
    for node in found:
        if node < board.n_slots:
            holder = own[node]
            if holder >= 0 and teammates(st, seat, holder):
                continue
            out.append(node)
        elif siege:
            out.append(node)
    out.sort()
    return out


def life_and_death(ctx) -> None:
    """MM-OPT-LIFEANDDEATH-1: unsupplied territories are cleared (one pass suffices)."""
    st = ctx.st
    if not st["opts"]["life-and-death"] or st["battle"] is not None:
        return
    board = board_of(st)
    own = st["own"]
    for seat in range(st["n"]):
        mine = [s for s in range(board.n_slots) if own[s] == seat]
        if not mine:
            continue
        ok = set(reach_of(st, seat)[0])
        for slot in mine:
            if slot not in ok:
                lost = st["kn"][slot]
                own[slot] = -1
                st["kn"][slot] = 0
                lose(st, seat, lost)
                ctx.ev.append(Event(f"{{P{seat}}} loses {board.names[slot]} and its {count(lost, 'knight')}: "
                                    f"no supply line (Life and Death)."))
