"""The map as lookup tables, built once per player count from data.LAYOUTS.

Node numbering (used everywhere in the state): territory slots first (S01 = 0, ...), then
lakes, then castles (castle of seat k = castle_node[k]). Supply and reach are one breadth-first
search over the player's castle, lakes and own territories (MM-SUPPLY-1, MM-ADV-2).
"""
from __future__ import annotations

from core.medieval_mastery import data


class Board:
    """Static geometry of one layout."""

    def __init__(self, players: int):
        rows = data.LAYOUTS[players]
        slots = sorted((r for r in rows if r[0].startswith("S")), key=lambda r: r[0])
        lakes = sorted((r for r in rows if r[0].startswith("L")), key=lambda r: r[0])
        castles = sorted((r for r in rows if r[0].startswith("C")), key=lambda r: int(r[0][1:]))
        ordered = slots + lakes + castles
        self.players = players
        self.names = [r[0] for r in ordered]
        self.index = {name: i for i, name in enumerate(self.names)}
        self.coords = [(r[1], r[2]) for r in ordered]
        self.n_slots = len(slots)
        self.lakes = list(range(len(slots), len(slots) + len(lakes)))
        self.castle_node = list(range(len(slots) + len(lakes), len(ordered)))
        self.slot_vp = [r[3] for r in slots]
        self.adj = [[self.index[a] for a in r[4].split()] for r in ordered]
        self.is_lake = [False] * len(ordered)
        for lake in self.lakes:
            self.is_lake[lake] = True
        self.castle_owner = {node: seat for seat, node in enumerate(self.castle_node)}
        self.slots_by_vp = {v: [i for i in range(self.n_slots) if self.slot_vp[i] == v] for v in (1, 2, 3)}

    def node(self, name: str) -> int | None:
        return self.index.get(name)


BOARDS = {n: Board(n) for n in data.LAYOUTS}


def reach(board: Board, own: list, seat: int):
    """(supplied territories, advance targets) for `seat`.

    Visits the castle, lakes and the seat's own territories connected to the castle; the
    visited territories are exactly the supplied ones, and the targets are every non-lake
    neighbour of a visited node that the seat does not control.
    """
    start = board.castle_node[seat]
    n_slots = board.n_slots
    is_lake = board.is_lake
    adj = board.adj
    seen = {start}
    stack = [start]
    supplied = []
    targets = set()
    while stack:
        node = stack.pop()
        for nb in adj[node]:
            if nb in seen:
                continue
            if nb < n_slots:
                if own[nb] == seat:
                    seen.add(nb)
                    supplied.append(nb)
                    stack.append(nb)
                else:
                    targets.add(nb)
            elif is_lake[nb]:
                seen.add(nb)
                stack.append(nb)
            else:
                targets.add(nb)  # another castle: a target only under Castle Siege
    return supplied, targets
