"""The map's geometry, derived once from the map data in `data`: index tables for fast rules
code (adjacency, clockwise rings, links, boat reach, land distances) and the hex grid the picture
draws. A module of its own because Wizard's Quest is played on a map (the other games' boards
are tracks or grids that need no such tables).

Territories are numbered 0..43: county D<d>C<c> is (d-1)*6 + (c-1), castle K<n> is 35 + n.
Nothing here knows the map by heart; swapping `data` swaps the board (WQ-MAPDATA-10).
"""
from __future__ import annotations

import math
from collections import deque

from core.text import Joined, join, term
from core.wizards_quest import data as marnon

COUNTIES = 36
TERRITORIES = COUNTIES + marnon.CASTLES
ORC = 6  # owner code for orc-held territories; seats are 0..5; -1 is empty

IDS: tuple[str, ...] = tuple([f"D{d}C{c}" for d in range(1, 7) for c in range(1, 7)]
                             + [f"K{k}" for k in range(1, marnon.CASTLES + 1)])
INDEX: dict[str, int] = {tid: i for i, tid in enumerate(IDS)}

_ROWS = {row[0]: row for row in marnon.TERRITORIES}
NAMES: tuple[str, ...] = tuple(_ROWS[t][1] for t in IDS)
TERRAIN: tuple[str, ...] = tuple(_ROWS[t][2] for t in IDS)
ON_SEA: tuple[bool, ...] = tuple(_ROWS[t][3] for t in IDS)
ON_AMMON: tuple[bool, ...] = tuple(_ROWS[t][4] for t in IDS)
HEX: tuple[tuple[int, int], ...] = tuple((_ROWS[t][5][0], _ROWS[t][5][1]) for t in IDS)

DUCHY: tuple[int, ...] = tuple(i // 6 + 1 if i < COUNTIES else 0 for i in range(TERRITORIES))
NUMBER: tuple[int, ...] = tuple(i % 6 + 1 if i < COUNTIES else i - COUNTIES + 1 for i in range(TERRITORIES))
IS_CASTLE: tuple[bool, ...] = tuple(i >= COUNTIES for i in range(TERRITORIES))
CASTLE_IDS: tuple[int, ...] = tuple(range(COUNTIES, TERRITORIES))
FOREST_BONUS: tuple[int, ...] = tuple(1 if TERRAIN[i] in ("forest", "mountain") else 0 for i in range(TERRITORIES))
DUCHY_COUNTIES: dict[int, tuple[int, ...]] = {d: tuple(range((d - 1) * 6, d * 6)) for d in range(1, 7)}
DUCHY_NAMES: dict[int, str] = {d: marnon.DUCHIES[d][0] for d in marnon.DUCHIES}

LAND, BRIDGE, TUNNEL, BOAT = 0, 1, 2, 3


def _links() -> tuple[tuple[tuple[int, ...], ...], dict[tuple[int, int], int], tuple[int, ...]]:
    ring: list[tuple[int, ...]] = []
    link: dict[tuple[int, int], int] = {}
    tunnel = [-1] * TERRITORIES
    for i, tid in enumerate(IDS):
        order = []
        for _direction, other, kind in marnon.NEIGHBOURS[tid]:
            j = INDEX[other]
            if kind == "tunnel":
                tunnel[i] = j
                link[(i, j)] = TUNNEL
            else:
                order.append(j)
                link[(i, j)] = BRIDGE if kind.startswith("bridge") else LAND
        ring.append(tuple(order))
    return tuple(ring), link, tuple(tunnel)


RING, LINK, TUNNEL_END = _links()  # RING: clockwise from north, tunnel left out
ADJ: tuple[tuple[int, ...], ...] = tuple(RING[i] + ((TUNNEL_END[i],) if TUNNEL_END[i] >= 0 else ())
                                         for i in range(TERRITORIES))
ADJ_SET = tuple(frozenset(a) for a in ADJ)

SEA = frozenset(INDEX[t] for t in marnon.SEA_SHORE)
AMMON = frozenset(INDEX[t] for t in marnon.AMMON_NORTH + marnon.AMMON_SOUTH)


def waters(i: int) -> tuple[frozenset, ...]:
    """The waters a boat may use from territory i (WQ-BOAT-2)."""
    return tuple(w for w in (SEA, AMMON) if i in w)


BOAT_REACH: tuple[frozenset, ...] = tuple(
    frozenset().union(*waters(i)) - {i} if waters(i) else frozenset() for i in range(TERRITORIES))


def same_water(a: int, b: int) -> frozenset:
    """The territories on the water shared by a and b (empty when they share none)."""
    for w in (SEA, AMMON):
        if a in w and b in w:
            return w
    return frozenset()


def _breeding() -> dict[int, tuple[int, ...]]:
    out = {}
    for d, counties in DUCHY_COUNTIES.items():
        out[d] = tuple(k for k in CASTLE_IDS if any(c in ADJ_SET[k] for c in counties))
    return out


BREED_CASTLES: dict[int, tuple[int, ...]] = _breeding()  # derived from adjacency (WQ-ORC-BREED-2)


def _distances() -> tuple[tuple[int, ...], ...]:
    table = []
    for start in range(TERRITORIES):
        dist = [99] * TERRITORIES
        dist[start] = 0
        todo = deque([start])
        while todo:
            a = todo.popleft()
            for b in ADJ[a]:
                if dist[b] == 99:
                    dist[b] = dist[a] + 1
                    todo.append(b)
        table.append(tuple(dist))
    return tuple(table)


DIST = _distances()  # land steps between territories, used by the random player


def duchy_of_id(tid: str) -> int:
    return DUCHY[INDEX[tid]]


# A territory as the texts name it: its ID (notation) and its name (a term, said in the reader's language).
LABELS: tuple[Joined, ...] = tuple(join(" ", (IDS[t], term(NAMES[t]))) for t in range(TERRITORIES))


# name(t): 'D1C1 Melting Sands', territory t as the event texts name it (made once per territory).
# It is the labels' own lookup (a C call, no Python frame: events name a territory nearly every move).
name = LABELS.__getitem__


# --- the hex grid the picture draws (the directions N, NE, SE, S, SW, NW of data.NEIGHBOURS) ---

CELLS: dict[str, tuple[int, int]] = {row[0]: (row[5][0], row[5][1]) for row in marnon.TERRITORIES}
SEA_CELLS = marnon.SEA_CELLS
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
# The two corners (0 = east, counted clockwise with y downwards) bounding each side.
EDGE_CORNERS = {"N": (4, 5), "NE": (5, 0), "SE": (0, 1), "S": (1, 2), "SW": (2, 3), "NW": (3, 4)}
_STEPS = {
    0: {"N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 0), "NW": (-1, -1)},
    1: {"N": (0, -1), "NE": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0)},
}


def neighbour_cell(cell: tuple[int, int], direction: str) -> tuple[int, int]:
    col, row = cell
    step = _STEPS[col % 2][direction]
    return col + step[0], row + step[1]


def centre(cell: tuple[int, int], size: float) -> tuple[float, float]:
    col, row = cell
    return size * 1.5 * col, size * math.sqrt(3) * (row + 0.5 * (col % 2))


def corner(cell: tuple[int, int], size: float, index: int) -> tuple[float, float]:
    x, y = centre(cell, size)
    angle = math.radians(60 * index)
    return x + size * math.cos(angle), y + size * math.sin(angle)


def side(cell: tuple[int, int], size: float, direction: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of the hex side facing `direction`."""
    a, b = EDGE_CORNERS[direction]
    return corner(cell, size, a), corner(cell, size, b)
