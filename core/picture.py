"""What the three games' SVG pictures share: seat colours, hexagons, the last move's marks,
and the Jinja2 environment that draws them (core/picture_base.svg.j2 holds the shared
legend, text-box and token macros).

A picture is drawn from a view only, never from the state, so it can show nothing the
view does not. Seats appear as {P0}..{P5} slots like `render`'s text; the server writes
the players' names there (escaped for XML).

Every word of a picture is a message (core/text.py): its labels, titles and legends are said
with `say`/`say_n`/`term` in Python (never written in the templates), and the picture is drawn
with `speak`, the reader's way of turning a message into text (the default `str`: English, the
message's own value). The server passes the reader's language's `speak`; the engine never
knows a language. A label whose width matters (a wrapped box line, a card chip) is spoken
before it is measured. The sentences of every game's picture (here and in core/<game>/picture.py)
go into the catalog every game reads, catalogs/core/<lang>.po (server/web/i18n/extract.py):
one set of words for the three pictures, many of them shared.
"""
from __future__ import annotations

import math
import re
import textwrap
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from core.layout import packed
from core.text import Joined, Msg, Term, say

Speak = Callable[[Any], str]  # a message in the reader's language (the server's `render`)

# Okabe & Ito's colour-blind-safe palette; each seat's number is written beside its colour
# too, so no reader has to tell colours apart.
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00")
DARK_COLOURS = {"#0072B2"}  # white text reads better on these
NEUTRAL = "#FFFFFF"
ACCENT = "#CC79A7"  # the palette's seventh colour, used by no seat: battles, the dragon

SQRT3 = math.sqrt(3)
# Glyph widths in font sizes, a little above DejaVu Sans's (what cairosvg and the browsers here
# draw with): narrow glyphs (spaces, punctuation, i, l, t, r...), wide ones (m, w, capitals and
# Cyrillic's broad letters), and the rest; a label's width is guessed from them.
GLYPH_WIDTH = 0.6
NARROW, WIDE = set(" .,:;'!|/()[]{}-ilIjftr1"), set("mwMWшщыюжфмЖШЩЫЮФМ")
_TOKEN = re.compile(r"[A-Za-z0-9/]+")
FIT_SLACK = 0.95  # a squeezed text's font, under the guess: real glyphs run up to 5% wider than it


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


def seat_label(seat: int, you: bool) -> Msg | str:
    """The seat's name slot, '{P1} (you)' for the reader's own."""
    return say("{player} (you)", player=seat_name(seat)) if you else seat_name(seat)


def legend_rows(players: int, seat: int | None, facts) -> list[dict]:
    """One legend row per seat: colour, number, name slot, and a line of facts."""
    return [{"seat": s, "colour": seat_colour(s), "ink": seat_ink(s), "name": seat_label(s, s == seat),
             "facts": facts(s)} for s in range(players)]


def spoken(value: Any, speak: Speak) -> Any:
    """`value` (a template's context: dicts, lists, tuples of labels) with every message in it
    said by `speak`; everything else as it is."""
    if isinstance(value, (Msg, Term, Joined)):
        return speak(value)
    if isinstance(value, dict):
        return {key: spoken(item, speak) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(spoken(item, speak) for item in value)
    return value


class Panel:
    """The legend and text boxes under a map, stacked top to bottom (macro `ui.panel`). Its
    texts are spoken as they come, since a box's lines wrap at the width of the reader's words."""

    ROW = 36  # one legend row
    GAP = 8

    def __init__(self, x: float, y: float, width: float, legend: list[dict], legend_columns: int = 2,
                 speak: Speak = str):
        self.x, self.y, self.width = round(x), round(y), round(width)
        self.speak = speak
        self.legend, self.legend_columns = spoken(legend, speak), legend_columns
        self.boxes: list[dict] = []
        self.height = self.ROW * -(-len(legend) // legend_columns) + self.GAP

    @property
    def columns(self) -> int:
        """Characters a box line holds at its 11px text."""
        return max(20, int((self.width - 16) / 6.4))

    def box(self, heading: Any, lines: list[Any], cls: str, fill: str = "#F7F7F7") -> None:
        wrapped = [part for line in lines for part in self.wrapped(line)]
        self.boxes.append({"y": self.height, "heading": self.speak(heading), "lines": wrapped, "cls": cls,
                           "fill": fill})
        self.height += 24 + 14 * len(wrapped) + self.GAP

    def wrapped(self, line: Any) -> list[str]:
        """A box line spoken and wrapped at the box's width: a list (pieces joined by ', ' or '; ')
        goes on between its pieces, so a name is never broken over two lines ('Конфликт 3', 'Crown
        of Corruption'); a piece wider than the box, and any other text, wraps at its words."""
        if not (isinstance(line, Joined) and line.sep in (", ", "; ")):
            return wrap(self.speak(line), self.columns)
        rows = packed([self.speak(item) for item in line.items], line.sep, self.columns - 1)
        texts = [line.sep.join(row) + (line.sep.rstrip() if number < len(rows) - 1 else "")
                 for number, row in enumerate(rows)]
        return [part for text in texts for part in wrap(text, self.columns)] or [""]

    @property
    def bottom(self) -> int:
        return self.y + self.height


def text_width(text: str, size: float) -> float:
    """A text's width in pixels at font `size`, guessed glyph by glyph (NARROW, WIDE, the rest;
    capitals wider than lower case)."""
    ems = 0.0
    for glyph in text:
        ems += 0.36 if glyph in NARROW else 0.9 if glyph in WIDE else 0.72 if glyph.isupper() else GLYPH_WIDTH
    return ems * size


def fit(text: str, size: float, room: float) -> Markup:
    """A <text>'s attributes that squeeze `text`, at font `size`, into `room` pixels where it would
    run past them (a hexagon's label in a language with longer words: "Tierras natales" where
    English says "Homelands"); nothing where it fits. Used in a template after the label is
    spoken, since only then is its length known.

    cairosvg (the mails' PNGs) ignores `textLength`, so the squeezed text's font is made smaller
    too (a `style`, which outranks the `font-size` attribute), by what brings its guessed width a
    little under `room`: browsers stretch it back to `room` exactly, cairosvg draws it that small
    ("Родные земли" ran across its hexagon's border in the mails)."""
    width = text_width(text, size)
    if width <= room:
        return Markup("")
    return Markup(f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"'
                  f' style="font-size:{size * room / width * FIT_SLACK:.2f}px"')


@lru_cache(maxsize=1)
def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(Path(__file__).parent)), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals.update(seat_name=seat_name, fit=fit)
    return env


def draw(template: str, speak: Speak | None = None, **context) -> str:
    """Render a game's picture template (a path under core/, e.g. 'wizards_quest/picture.svg.j2'),
    every message in `context` said by `speak` (None: English, which a message is already)."""
    return _environment().get_template(template).render(**(context if speak is None else spoken(context, speak)))
