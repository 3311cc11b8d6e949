"""Wizard's Quest's printed components as plain data: the map of Marnon (spec section 18,
WQ-MAPDATA-3 to WQ-MAPDATA-8) and the 35 petition cards (spec section 15). No logic lives here.

Everything about the board the rules use lives here and nowhere else, so the RECONSTRUCTED map
can be swapped for the real board without touching the rules (WQ-MAPDATA-10): replace this
module's values and redo the map examples. `board.py` derives the index tables from it.

IDs: county ``D<duchy>C<county>``, castle ``K<number>``.
TERRITORIES rows: (id, name, terrain, on the Sea of Marnon, on the Ammon, hex (col, row)).
NEIGHBOURS: for each territory, its neighbours clockwise from north as
(direction, id, link) where link is "land", "bridge-A", "bridge-B" or "tunnel";
the tunnel entry is not part of the clockwise ring (WQ-ORC-RAID-4).
The hexes are [RECONSTRUCTED] like the map: flat-topped, odd columns half a hex lower (the
directions of NEIGHBOURS are this grid's; the tests check every land link against it).
"""
from __future__ import annotations

DUCHIES = {
    1: ("Golden Dunes", "plain"),
    2: ("Whispery Meadow", "plain"),
    3: ("Misty Forest", "forest"),
    4: ("Crystal Mountains", "mountain"),
    5: ("Ancient Forest", "forest"),
    6: ("Field of Fallen", "plain"),
}


CASTLES = 8


TERRITORIES = (
    ('D1C1', 'Melting Sands', 'plain', False, True, (0, 5)),
    ('D1C2', 'Dewbury', 'plain', False, True, (0, 4)),
    ('D1C3', 'Heartlerlawan', 'plain', False, True, (1, 5)),
    ('D1C4', 'Sheep Meade', 'plain', False, True, (2, 5)),
    ('D1C5', 'Golden Dunes 5', 'plain', False, False, (3, 5)),
    ('D1C6', 'Red Dunes', 'plain', False, False, (4, 5)),
    ('D2C1', 'Whispery Meadow 1', 'plain', False, False, (2, 3)),
    ('D2C2', 'Whispery Meadow 2', 'plain', False, False, (1, 3)),
    ('D2C3', 'Cattle Meade', 'plain', True, False, (3, 3)),
    ('D2C4', 'Haven', 'plain', False, True, (2, 4)),
    ('D2C5', 'Hidden Hollow', 'plain', False, True, (1, 4)),
    ('D2C6', 'Porston Moor', 'plain', False, True, (3, 4)),
    ('D3C1', 'Misty Forest 1', 'forest', False, False, (6, 1)),
    ('D3C2', 'Misty Forest 2', 'forest', False, False, (7, 1)),
    ('D3C3', 'Misty Forest 3', 'forest', False, False, (6, 2)),
    ('D3C4', 'Pembroke', 'forest', False, False, (6, 3)),
    ('D3C5', 'Sadbury', 'forest', True, False, (5, 2)),
    ('D3C6', 'Misty Forest 6', 'forest', False, False, (7, 3)),
    ('D4C1', 'Crystal Mountains 1', 'mountain', False, False, (1, 0)),
    ('D4C2', 'Crystal Mountains 2', 'mountain', False, False, (2, 0)),
    ('D4C3', 'Crystal Mountains 3', 'mountain', False, False, (3, 0)),
    ('D4C4', 'Earthen Pass', 'mountain', False, False, (4, 0)),
    ('D4C5', 'Crystal Mountains 5', 'mountain', False, False, (5, 0)),
    ('D4C6', 'Brecknock', 'mountain', True, False, (4, 1)),
    ('D5C1', 'Ancient Forest 1', 'forest', False, False, (0, 1)),
    ('D5C2', 'Ancient Forest 2', 'forest', False, False, (1, 1)),
    ('D5C3', 'Windfor', 'forest', True, False, (3, 1)),
    ('D5C4', 'Ancient Forest 4', 'forest', False, False, (0, 2)),
    ('D5C5', 'Ancient Forest 5', 'forest', False, False, (2, 2)),
    ('D5C6', 'Ancient Forest 6', 'forest', False, False, (1, 2)),
    ('D6C1', 'Radner Fen', 'plain', True, False, (5, 3)),
    ('D6C2', 'Dread Moor', 'plain', True, False, (4, 4)),
    ('D6C3', 'Field of Fallen 3', 'plain', False, False, (6, 4)),
    ('D6C4', 'Field of Fallen 4', 'plain', False, False, (5, 4)),
    ('D6C5', 'Field of Fallen 5', 'plain', False, False, (5, 5)),
    ('D6C6', 'Marls Gate', 'plain', False, False, (4, 6)),
    ('K1', 'Castle 1', 'castle', False, False, (0, 3)),
    ('K2', 'Castle 2', 'castle', False, False, (2, 1)),
    ('K3', 'Castle 3', 'castle', False, False, (7, 2)),
    ('K4', 'Castle 4', 'castle', False, False, (6, 0)),
    ('K5', 'Castle 5', 'castle', True, False, (3, 2)),
    ('K6', 'Castle 6', 'castle', False, False, (6, 5)),
    ('K7', 'Castle 7', 'castle', True, False, (5, 1)),
    ('K8', 'Castle 8', 'castle', False, False, (2, 6)),
)


NEIGHBOURS = {
    'D1C1': (('N', 'D1C2', 'bridge-A'), ('SE', 'D1C3', 'land'),),
    'D1C2': (('N', 'K1', 'land'), ('NE', 'D2C2', 'land'), ('SE', 'D2C5', 'land'), ('S', 'D1C1', 'bridge-A'),),
    'D1C3': (('N', 'D2C5', 'bridge-B'), ('NE', 'D1C4', 'land'), ('SE', 'K8', 'land'), ('NW', 'D1C1', 'land'),),
    'D1C4': (('SE', 'D1C5', 'land'), ('S', 'K8', 'land'), ('SW', 'D1C3', 'land'),),
    'D1C5': (('N', 'D2C6', 'land'), ('NE', 'D1C6', 'land'), ('SE', 'D6C6', 'land'), ('SW', 'K8', 'land'), ('NW', 'D1C4', 'land'),),
    'D1C6': (('N', 'D6C2', 'land'), ('NE', 'D6C4', 'land'), ('SE', 'D6C5', 'land'), ('S', 'D6C6', 'land'), ('SW', 'D1C5', 'land'), ('NW', 'D2C6', 'land'),),
    'D2C1': (('N', 'D5C5', 'land'), ('NE', 'K5', 'land'), ('SE', 'D2C3', 'land'), ('S', 'D2C4', 'land'), ('SW', 'D2C2', 'land'), ('NW', 'D5C6', 'land'),),
    'D2C2': (('N', 'D5C6', 'land'), ('NE', 'D2C1', 'land'), ('SE', 'D2C4', 'land'), ('S', 'D2C5', 'land'), ('SW', 'D1C2', 'land'), ('NW', 'K1', 'land'),),
    'D2C3': (('N', 'K5', 'land'), ('SE', 'D6C2', 'land'), ('S', 'D2C6', 'land'), ('SW', 'D2C4', 'land'), ('NW', 'D2C1', 'land'),),
    'D2C4': (('N', 'D2C1', 'land'), ('NE', 'D2C3', 'land'), ('SE', 'D2C6', 'land'), ('SW', 'D2C5', 'land'), ('NW', 'D2C2', 'land'),),
    'D2C5': (('N', 'D2C2', 'land'), ('NE', 'D2C4', 'land'), ('S', 'D1C3', 'bridge-B'), ('NW', 'D1C2', 'land'),),
    'D2C6': (('N', 'D2C3', 'land'), ('NE', 'D6C2', 'land'), ('SE', 'D1C6', 'land'), ('S', 'D1C5', 'land'), ('NW', 'D2C4', 'land'),),
    'D3C1': (('N', 'K4', 'land'), ('SE', 'D3C2', 'land'), ('S', 'D3C3', 'land'), ('SW', 'K7', 'land'), ('NW', 'D4C5', 'land'),),
    'D3C2': (('S', 'K3', 'land'), ('SW', 'D3C3', 'land'), ('NW', 'D3C1', 'land'),),
    'D3C3': (('N', 'D3C1', 'land'), ('NE', 'D3C2', 'land'), ('SE', 'K3', 'land'), ('S', 'D3C4', 'land'), ('SW', 'D3C5', 'land'), ('NW', 'K7', 'land'),),
    'D3C4': (('N', 'D3C3', 'land'), ('NE', 'K3', 'land'), ('SE', 'D3C6', 'land'), ('S', 'D6C3', 'land'), ('SW', 'D6C1', 'land'), ('NW', 'D3C5', 'land'),),
    'D3C5': (('N', 'K7', 'land'), ('NE', 'D3C3', 'land'), ('SE', 'D3C4', 'land'), ('S', 'D6C1', 'land'),),
    'D3C6': (('N', 'K3', 'land'), ('SW', 'D6C3', 'land'), ('NW', 'D3C4', 'land'),),
    'D4C1': (('NE', 'D4C2', 'land'), ('SE', 'K2', 'land'), ('S', 'D5C2', 'land'), ('SW', 'D5C1', 'land'),),
    'D4C2': (('SE', 'D4C3', 'land'), ('S', 'K2', 'land'), ('SW', 'D4C1', 'land'),),
    'D4C3': (('NE', 'D4C4', 'land'), ('SE', 'D4C6', 'land'), ('S', 'D5C3', 'land'), ('SW', 'K2', 'land'), ('NW', 'D4C2', 'land'),),
    'D4C4': (('SE', 'D4C5', 'land'), ('S', 'D4C6', 'land'), ('SW', 'D4C3', 'land'), ('TUNNEL', 'D6C6', 'tunnel'),),
    'D4C5': (('NE', 'K4', 'land'), ('SE', 'D3C1', 'land'), ('S', 'K7', 'land'), ('SW', 'D4C6', 'land'), ('NW', 'D4C4', 'land'),),
    'D4C6': (('N', 'D4C4', 'land'), ('NE', 'D4C5', 'land'), ('SE', 'K7', 'land'), ('SW', 'D5C3', 'land'), ('NW', 'D4C3', 'land'),),
    'D5C1': (('NE', 'D4C1', 'land'), ('SE', 'D5C2', 'land'), ('S', 'D5C4', 'land'),),
    'D5C2': (('N', 'D4C1', 'land'), ('NE', 'K2', 'land'), ('SE', 'D5C5', 'land'), ('S', 'D5C6', 'land'), ('SW', 'D5C4', 'land'), ('NW', 'D5C1', 'land'),),
    'D5C3': (('N', 'D4C3', 'land'), ('NE', 'D4C6', 'land'), ('S', 'K5', 'land'), ('SW', 'D5C5', 'land'), ('NW', 'K2', 'land'),),
    'D5C4': (('N', 'D5C1', 'land'), ('NE', 'D5C2', 'land'), ('SE', 'D5C6', 'land'), ('S', 'K1', 'land'),),
    'D5C5': (('N', 'K2', 'land'), ('NE', 'D5C3', 'land'), ('SE', 'K5', 'land'), ('S', 'D2C1', 'land'), ('SW', 'D5C6', 'land'), ('NW', 'D5C2', 'land'),),
    'D5C6': (('N', 'D5C2', 'land'), ('NE', 'D5C5', 'land'), ('SE', 'D2C1', 'land'), ('S', 'D2C2', 'land'), ('SW', 'K1', 'land'), ('NW', 'D5C4', 'land'),),
    'D6C1': (('N', 'D3C5', 'land'), ('NE', 'D3C4', 'land'), ('SE', 'D6C3', 'land'), ('S', 'D6C4', 'land'), ('SW', 'D6C2', 'land'),),
    'D6C2': (('NE', 'D6C1', 'land'), ('SE', 'D6C4', 'land'), ('S', 'D1C6', 'land'), ('SW', 'D2C6', 'land'), ('NW', 'D2C3', 'land'),),
    'D6C3': (('N', 'D3C4', 'land'), ('NE', 'D3C6', 'land'), ('S', 'K6', 'land'), ('SW', 'D6C4', 'land'), ('NW', 'D6C1', 'land'),),
    'D6C4': (('N', 'D6C1', 'land'), ('NE', 'D6C3', 'land'), ('SE', 'K6', 'land'), ('S', 'D6C5', 'land'), ('SW', 'D1C6', 'land'), ('NW', 'D6C2', 'land'),),
    'D6C5': (('N', 'D6C4', 'land'), ('NE', 'K6', 'land'), ('SW', 'D6C6', 'land'), ('NW', 'D1C6', 'land'),),
    'D6C6': (('N', 'D1C6', 'land'), ('NE', 'D6C5', 'land'), ('NW', 'D1C5', 'land'), ('TUNNEL', 'D4C4', 'tunnel'),),
    'K1': (('N', 'D5C4', 'land'), ('NE', 'D5C6', 'land'), ('SE', 'D2C2', 'land'), ('S', 'D1C2', 'land'),),
    'K2': (('N', 'D4C2', 'land'), ('NE', 'D4C3', 'land'), ('SE', 'D5C3', 'land'), ('S', 'D5C5', 'land'), ('SW', 'D5C2', 'land'), ('NW', 'D4C1', 'land'),),
    'K3': (('N', 'D3C2', 'land'), ('S', 'D3C6', 'land'), ('SW', 'D3C4', 'land'), ('NW', 'D3C3', 'land'),),
    'K4': (('S', 'D3C1', 'land'), ('SW', 'D4C5', 'land'),),
    'K5': (('N', 'D5C3', 'land'), ('S', 'D2C3', 'land'), ('SW', 'D2C1', 'land'), ('NW', 'D5C5', 'land'),),
    'K6': (('N', 'D6C3', 'land'), ('SW', 'D6C5', 'land'), ('NW', 'D6C4', 'land'),),
    'K7': (('N', 'D4C5', 'land'), ('NE', 'D3C1', 'land'), ('SE', 'D3C3', 'land'), ('S', 'D3C5', 'land'), ('NW', 'D4C6', 'land'),),
    'K8': (('N', 'D1C4', 'land'), ('NE', 'D1C5', 'land'), ('NW', 'D1C3', 'land'),),
}


# The Sea of Marnon's shore, clockwise from north (WQ-MAPDATA-7).
SEA_SHORE = ("D4C6", "K7", "D3C5", "D6C1", "D6C2", "D2C3", "K5", "D5C3")


# The Ammon's banks, from the mouth upstream (WQ-MAPDATA-7).
AMMON_NORTH = ("D1C2", "D2C5", "D2C4", "D2C6")


AMMON_SOUTH = ("D1C1", "D1C3", "D1C4")


# Pairs facing each other across the Ammon with no bridge: not adjacent.
AMMON_UNBRIDGED = (("D1C1", "D2C5"), ("D2C5", "D1C4"), ("D2C4", "D1C4"), ("D1C4", "D2C6"))


BRIDGES = {"A": ("D1C2", "D1C1"), "B": ("D2C5", "D1C3")}


TUNNEL = ("D4C4", "D6C6")


# Castles that breed with each duchy (WQ-MAPDATA-8); must agree with NEIGHBOURS.
BREEDING_CASTLES = {
    1: ("K1", "K8"),
    2: ("K1", "K5"),
    3: ("K3", "K4", "K7"),
    4: ("K2", "K4", "K7"),
    5: ("K1", "K2", "K5"),
    6: ("K6",),
}


# The Sea of Marnon's two hexes, in the middle of its eight shore territories (for the picture only).
SEA_CELLS = ((4, 2), (4, 3))

# The petition cards: kind, count, men received, extra campaigns, played at once when drawn, text.
# Card ids are "C01".."C35" in this order (cards.py), so replays and views agree.
CARD_KINDS = (
    ("BOAT", 3, 1, 0, False, "1 man, then a boat for one crossing"),
    ("MEN2", 2, 2, 0, False, "2 men"),
    ("MEN3", 2, 3, 0, False, "3 men"),
    ("MEN4", 2, 4, 0, False, "4 men"),
    ("SIX", 3, 0, 0, False, "6 men if you have fewer than 7 units, else an extra campaign"),
    ("MAN-EXTRA", 3, 1, 1, False, "1 man and an extra campaign"),
    ("2MEN-EXTRA", 3, 2, 1, False, "2 men and an extra campaign"),
    ("EXTRA", 4, 0, 1, False, "an extra campaign"),
    ("DRAGON", 2, 0, 0, False, "send the dragon to a duchy"),
    ("PEACE", 2, 0, 0, False, "send the Peacemaker to a duchy"),
    ("TREASURE", 3, 0, 0, False, "move an opponent's treasure"),
    ("MINUS1", 2, 0, 0, True, "1 man fewer in reinforcements"),
    ("MINUS2", 2, 0, 0, True, "2 men fewer in reinforcements"),
    ("NOSUPPLY", 2, 0, 0, True, "no reinforcements"),
)

# How many men of the reinforcements each cutting card takes away (WQ-CARD-MINUS1, -MINUS2, -NOSUPPLY).
CUT = {"MINUS1": 1, "MINUS2": 2, "NOSUPPLY": 99}
