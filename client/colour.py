"""Terminal pictures in colour: each seat in its player colour, when writing to a terminal.

The colours are the Okabe-Ito palette, the same the SVG board uses for seats 0-5, chosen
because they stay distinguishable with the common forms of colour blindness. The pictures
come from the server as plain text (`GET /games/{id}/render`), so the client paints what
names a seat in them: the players' names, seat markers `[0]`, seat tokens `P0`..`P5` and
Castle Assault's places `1/W1`. Plain text, byte for byte, when stdout is not a terminal,
when NO_COLOR is set (https://no-color.org) or TERM is dumb.
"""
from __future__ import annotations

import os
import re
import sys

SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00")
"""Okabe-Ito: orange, sky blue, bluish green, yellow, blue, vermillion, for seats 0-5."""

RESET = "\x1b[0m"
SEAT_MARKS = re.compile(r"\[(?P<b>\d)\]|\bP(?P<p>\d)(?!\d)|\b(?P<c>\d)/(?:C|W\d+)\b")


def enabled(stream=None) -> bool:
    """Colour only for a person at a terminal that wants it."""
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def escape(hex_colour: str) -> str:
    """24-bit foreground colour, bold."""
    red, green, blue = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"\x1b[1;38;2;{red};{green};{blue}m"


def seat_colour(seat: int) -> str:
    return escape(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def paint(text: str, game: dict, stream=None) -> str:
    """`text` with every mention of a seat in that seat's colour (unchanged when colour is off)."""
    if not text or not enabled(stream):
        return text
    names = {entry["name"]: entry["seat"] for entry in game.get("seats") or []
             if entry.get("name") and entry.get("seat") is not None}
    patterns = [SEAT_MARKS.pattern]
    if names:
        patterns.append(r"(?<![\w-])(?P<name>" + "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
                        + r")(?![\w-])")

    def colour(match: re.Match) -> str:
        if match.group("name"):
            seat = names[match.group("name")]
        else:
            seat = int(match.group("b") or match.group("p") or match.group("c"))
        return f"{seat_colour(seat)}{match.group(0)}{RESET}"

    return re.sub("|".join(patterns), colour, text)
