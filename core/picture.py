"""What the three games' SVG pictures share: seat colours, hexagons, the last move's marks,
and the Jinja2 environment that draws them (core/picture_base.svg.j2 holds the shared
legend, text-box and token macros).

A picture is drawn from a view only, never from the state, so it can show nothing the
view does not. Seats appear as {P0}..{P5} slots like `render`'s text; the server writes
the players' names there (escaped for XML).
"""
from __future__ import annotations

import math
import re
import textwrap
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

# Okabe & Ito's colour-blind-safe palette; each seat's number is written beside its colour
# too, so no reader has to tell colours apart.
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00")
DARK_COLOURS = {"#0072B2"}  # white text reads better on these
NEUTRAL = "#FFFFFF"
ACCENT = "#CC79A7"  # the palette's seventh colour, used by no seat: battles, the dragon

SQRT3 = math.sqrt(3)
_TOKEN = re.compile(r"[A-Za-z0-9/]+")


def seat_colour(seat: int | None) -> str:
    return NEUTRAL if seat is None or seat < 0 else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int | None) -> str:
    """The text colour that reads on `seat_colour(seat)`."""
    return "#FFFFFF" if seat_colour(seat) in DARK_COLOURS else "#000000"


def seat_name(seat: int) -> str:
    """The name slot the server fills, as in `render`."""
    return f"{{P{seat}}}"


def hex_points(cx: float, cy: float, size: float, flat: bool) -> str:
    """The corners of a hexagon for a `points` attribute (flat-top or pointy-top)."""
    start = 0 if flat else 30
    return " ".join(f"{cx + size * math.cos(math.radians(start + 60 * i)):.1f},"
                    f"{cy + size * math.sin(math.radians(start + 60 * i)):.1f}" for i in range(6))


def touched_tokens(texts) -> frozenset[str]:
    """The words of the last move's notation ("attack 1/W1 V10" -> {"attack", "1/W1", "V10"}):
    a picture marks every place whose id is one of them."""
    return frozenset(token.upper() for text in texts or () for token in _TOKEN.findall(text or ""))


def wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width) or [""]


def legend_rows(players: int, seat: int | None, facts) -> list[dict]:
    """One legend row per seat: colour, number, name slot, and a line of facts."""
    return [{"seat": s, "colour": seat_colour(s), "ink": seat_ink(s), "name": seat_name(s),
             "you": s == seat, "facts": facts(s)} for s in range(players)]


class Panel:
    """The legend and text boxes under a map, stacked top to bottom (macro `ui.panel`)."""

    ROW = 36  # one legend row
    GAP = 8

    def __init__(self, x: float, y: float, width: float, legend: list[dict], legend_columns: int = 2):
        self.x, self.y, self.width = round(x), round(y), round(width)
        self.legend, self.legend_columns = legend, legend_columns
        self.boxes: list[dict] = []
        self.height = self.ROW * -(-len(legend) // legend_columns) + self.GAP

    @property
    def columns(self) -> int:
        """Characters a box line holds at its 11px text."""
        return max(20, int((self.width - 16) / 6.4))

    def box(self, heading: str, lines: list[str], cls: str, fill: str = "#F7F7F7") -> None:
        wrapped = [part for line in lines for part in wrap(line, self.columns)]
        self.boxes.append({"y": self.height, "heading": heading, "lines": wrapped, "cls": cls, "fill": fill})
        self.height += 24 + 14 * len(wrapped) + self.GAP

    @property
    def bottom(self) -> int:
        return self.y + self.height


@lru_cache(maxsize=1)
def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(Path(__file__).parent)), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals.update(seat_name=seat_name)
    return env


def draw(template: str, **context) -> str:
    """Render a game's picture template (a path under core/, e.g. 'wizards_quest/picture.svg.j2')."""
    return _environment().get_template(template).render(**context)
