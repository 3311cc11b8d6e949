"""Where Marnon is drawn: the hex grid behind `marnon.TERRITORIES` and what lies between.

[RECONSTRUCTED] like the map data it follows (WQ-MAPDATA-10): each territory's `(col, row)`
in `marnon.TERRITORIES` is a flat-topped hex, odd columns half a hex lower (the directions
N, NE, SE, S, SW, NW of `marnon.NEIGHBOURS` are this grid's, and the tests check that
every land link is a grid neighbour in its direction). Added here, for the picture only:
the Sea of Marnon's two hexes, in the middle of its eight shore territories.
"""
from __future__ import annotations

import math

from core.wizards_quest import marnon

CELLS: dict[str, tuple[int, int]] = {row[0]: tuple(row[5]) for row in marnon.TERRITORIES}
SEA_CELLS = ((4, 2), (4, 3))
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
