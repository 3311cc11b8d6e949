"""Wizard's Quest's Marnon as an SVG picture, drawn from a seat's view only.

44 territories on the hex grid of `geometry` (tinted by terrain, duchy borders drawn
thick), the Sea of Marnon with its lanes to the shore, the Ammon with its two bridges, the
tunnel; on each territory its army (colour, men, wizard or champion) or orcs, the dragon,
the Peacemaker and treasures; beside the map the players, the turn and the seat's cards.
Every word is a message (core/picture.py), said in the reader's language by `speak`.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from markupsafe import Markup

from core.picture import (ACCENT, SQRT3, Panel, Speak, draw, hex_points, legend_rows, seat_colour, seat_ink,
                          text_width)
from core.records import message_of
from core.text import join, say, say_n, term
from core.wizards_quest import board as geometry, cards as deck, data as marnon
from core.wizards_quest.board import DUCHY_NAMES
from core.wizards_quest.view import reason_words

SIZE = 36
MARGIN = 14
TOP = 36
TERRAIN_FILLS = {"plain": "#F2E8BF", "forest": "#B9D9A0", "mountain": "#CFC9C2", "castle": "#E3E3E3"}
ORCS_COLOUR, ORCS_INK = "#333333", "#FFFFFF"
WATER = "#7FB2D9"
HERO_LETTERS = {"wizard": "W", "champion": "C"}
# The marks under a territory's army (dragon, Peacemaker, treasure): 7px labels in boxes as wide as
# their words (+ MARK_PAD each side), in two rows (tops MARK_ROWS below the hexagon's centre, under
# the army's token) as wide as the hexagon is there; squeezed (`fit`) only when they fill both.
# Every box and word keeps CLEAR pixels from its hexagon's outline (a duchy's border runs along it);
# on the Ammon's north bank (whose river is 6 pixels wide, and where the bridges' planks reach RAISED
# pixels into the county) the army, its words and marks stand RAISED higher and keep RIVER_CLEAR
# from the banks.
MARK_FONT, MARK_HEIGHT, MARK_PAD, MARK_GAP = 7, 8, 1.5, 1
MARK_ROWS = (12.3, 20.6)
CLEAR, RIVER_CLEAR, RAISED = 1.8, 3.3, 3.5
WORD_FONT, WORD_LEFT = 8, 6  # the orcs' word or the seat after the army's token, from x + WORD_LEFT
BRIDGE = (14, 9)  # a bridge's plank, along the river and across it
APOTHEM = (SIZE - 1) * SQRT3 / 2  # a territory's hexagon, centre to side


def _at(cell: tuple[int, int]) -> tuple[float, float]:
    x, y = geometry.centre(cell, SIZE)
    return round(x + SIZE + MARGIN, 1), round(y + SIZE + TOP, 1)


def _point(xy: tuple[float, float]) -> tuple[float, float]:
    return round(xy[0] + SIZE + MARGIN, 1), round(xy[1] + SIZE + TOP, 1)


def picture(v: dict, seat: int | None, touched: frozenset = frozenset(), speak: Speak | None = None) -> str:
    speak = speak or str
    marks = _markers(v)
    territories = [_territory(t, marks.get(t["id"], []), touched, speak) for t in v["territories"]]
    map_width = round(max(_at(cell)[0] for cell in geometry.CELLS.values()) + SIZE + MARGIN)
    map_height = round(max(_at(cell)[1] for cell in geometry.CELLS.values()) + SIZE * 0.87 + MARGIN)
    panel = _panel(v, seat, map_height, map_width, speak)
    sea = speak(term("Sea of Marnon")).rsplit(" ", 1)  # two lines: "Sea of" / "Marnon"
    words = (*sea[:-1], sea[-1]) if len(sea) == 2 else ("", sea[0])
    return draw("wizards_quest/picture.svg.j2", speak, game="wizards-quest", width=map_width,
                height=panel.bottom + 4, title=_title(v), heading=_title(v), panel=panel,
                territories=territories, sea_layer=_layer("sea", words),
                overlay=_layer("overlay", (speak(say("tunnel")),)), accent=ACCENT)


@lru_cache(maxsize=16)
def _layer(name: str, words: tuple[str, ...]) -> Markup:
    """The map's fixed parts, drawn once in each language (`words`: the layer's labels, spoken):
    they are the same in every picture."""
    return Markup(draw("wizards_quest/overlay.svg.j2", layer=name, borders=_borders(), river=_river(),
                       bridges=_bridges(), sea=_sea(), tunnel=_tunnel(), water=WATER, words=words))


@lru_cache(maxsize=64)
def _ground(tid: str) -> Markup:
    """A territory's hexagon, terrain and name: the same in every picture."""
    x, y = _at(geometry.CELLS[tid])
    ground = {"id": tid, "x": x, "y": y, "points": hex_points(x, y, SIZE - 1, True),
              "fill": TERRAIN_FILLS[_terrain(tid)], "terrain": _terrain(tid)}
    return Markup(draw("wizards_quest/overlay.svg.j2", layer="ground", t=ground))


GAME = term("Wizard's Quest")


def _title(v: dict) -> Any:
    if v["winners"] is not None:
        return say("{game}: game over", game=GAME)
    return say("{game}, round {round}", game=GAME, round=v["round"])


# What a decision is about (its kind, phases/<kind>.py), as the "To decide" box names it.
DECISIONS = {"camp": say("camp"), "cards": say("cards"), "castle": say("castle"), "county": say("county"),
             "flee": say("flee"), "go": say("go"), "hide": say("hide"), "loss": say("loss"), "place": say("place"),
             "scatter": say("scatter"), "take": say("take")}
# A treasure's mark: the first letters of its kind's name, in the reader's words.
TREASURE_MARKS = {"crown": say("Cr"), "chest": say("Ch"), "ring": say("Ri"), "blank": say("Bl")}


def _markers(v: dict) -> dict[str, list[dict]]:
    """Dragon, Peacemaker and treasures, by the territory they stand on; a treasure's mark says its
    kind and its owner's seat (P0...), as every coloured mark does."""
    marks: dict[str, list[dict]] = {}
    if v["dragon"]:
        marks.setdefault(v["dragon"], []).append({"kind": "dragon", "label": say("Dragon"), "fill": ACCENT,
                                                  "ink": "#000"})
    if v["peacemaker"]:
        marks.setdefault(v["peacemaker"], []).append({"kind": "peacemaker", "label": say("Peace"), "fill": "#FFFFFF",
                                                      "ink": "#000"})
    for tr in v["treasures"]:
        label = TREASURE_MARKS.get(tr["kind"], (tr["kind"] or "?")[:2].title())
        if tr["owner"] is not None:
            label = join(" ", [label, f"P{tr['owner']}"])
        marks.setdefault(tr["at"], []).append({"kind": "treasure", "label": label, "fill": seat_colour(tr["owner"]),
                                               "ink": seat_ink(tr["owner"]), "owner": tr["owner"], "id": tr["id"]})
    return marks


def _half_width(depth: float, clear: float) -> float:
    """Half the width of a territory's hexagon `depth` pixels above or below its centre, `clear`
    pixels inside its slanted sides."""
    return (APOTHEM - clear - abs(depth) / 2) / (SQRT3 / 2)


def _row_room(top: float, clear: float = CLEAR) -> float:
    """How wide a row of marks from `top` to MARK_HEIGHT below it (under a hexagon's centre) may be:
    the hexagon's width at the row's foot, `clear` inside its sides."""
    return 2 * _half_width(top + MARK_HEIGHT, clear)


@lru_cache(maxsize=64)
def _bank(tid: str) -> tuple[float, float]:
    """How high a territory's army, words and marks stand (RAISED on the Ammon's north bank, whose
    south side is the river) and how far they keep from its slanted sides (RIVER_CLEAR where the
    river runs along one of its lower ones)."""
    sides = {_facing(tid, south) for south in marnon.AMMON_SOUTH} if tid in marnon.AMMON_NORTH else set()
    return (RAISED if "S" in sides else 0.0), (RIVER_CLEAR if sides & {"SW", "SE", "NE", "NW"} else CLEAR)


@lru_cache(maxsize=64)
def _word_room(tid: str) -> float:
    """How wide the word after a territory's army may be: from WORD_LEFT to the hexagon's side
    (RIVER_CLEAR from it where the river runs along any side of the territory)."""
    lift, _ = _bank(tid)
    banks = tid in marnon.AMMON_NORTH or tid in marnon.AMMON_SOUTH
    depth = max(abs(4 - lift - 0.76 * WORD_FONT), abs(4 - lift + 0.24 * WORD_FONT))
    return round(_half_width(depth, RIVER_CLEAR if banks else CLEAR) - WORD_LEFT, 1)


def _place_marks(marks: list[dict], x: float, y: float, speak: Speak, clear: float = CLEAR) -> None:
    """Each mark's label spoken, its box sized from its words and put in one of the rows under the
    army: the rows that hold them all unsqueezed (the first marks in the first row where they can),
    else the ones that squeeze them least, squeezing only the row that needs it. Boxes never
    overlap, nor leave the hexagon."""
    if not marks:
        return
    for mark in marks:
        mark["label"] = speak(mark["label"])
    words = [text_width(mark["label"], MARK_FONT) for mark in marks]

    def scales(rows: tuple[int, ...]) -> list[float]:
        """Each row's squeeze: 1, or what brings its marks' words into its room."""
        out = []
        for row, top in enumerate(MARK_ROWS):
            mine = [w for w, r in zip(words, rows) if r == row]
            room = _row_room(top, clear) - 2 * MARK_PAD * len(mine) - MARK_GAP * (len(mine) - 1)
            out.append(min(1.0, max(room, 0.1) / sum(mine)) if mine else 1.0)
        return out

    rows = min(product(range(len(MARK_ROWS)), repeat=len(marks)),
               key=lambda rows: (-min(scales(rows)), sum(rows), rows))
    for (row, top), scale in zip(enumerate(MARK_ROWS), scales(rows)):
        mine = [(mark, w * scale) for mark, w, r in zip(marks, words, rows) if r == row]
        left = x - (sum(w + 2 * MARK_PAD for _, w in mine) + MARK_GAP * (len(mine) - 1)) / 2
        for mark, w in mine:
            mark.update(x=round(left, 2), y=round(y + top, 2), width=round(w + 2 * MARK_PAD, 2),
                        room=round(w, 2) if scale < 1 else None, height=MARK_HEIGHT, size=MARK_FONT)
            left += w + 2 * MARK_PAD + MARK_GAP


def _territory(t: dict, marks: list[dict], touched: frozenset, speak: Speak = str) -> dict:
    cell = geometry.CELLS[t["id"]]
    x, y = _at(cell)
    owner = t["owner"]
    if owner == "orcs":
        colour, ink, count = ORCS_COLOUR, ORCS_INK, t["orcs"]
    elif owner is not None:
        colour, ink, count = seat_colour(owner), seat_ink(owner), t["men"]
    else:
        colour, ink, count = None, None, 0
    terrain = _terrain(t["id"])
    lift, clear = _bank(t["id"])
    _place_marks(marks, x, y - lift, speak, clear)
    title = say("{territory} {name} ({terrain})", territory=t["id"], name=term(t["name"]), terrain=term(terrain))
    if owner == "orcs":
        title = say_n("{territory}: {n} orcs", "{territory}: {n} orcs", count, territory=title)
    elif owner is not None and t["hero"]:
        title = say_n("{territory}: P{seat} {player}, {n} men and the {hero}",
                      "{territory}: P{seat} {player}, {n} men and the {hero}", count, territory=title, seat=owner,
                      player="{P%d}" % owner, hero=term(t["hero"]))
    elif owner is not None:
        title = say_n("{territory}: P{seat} {player}, {n} men", "{territory}: P{seat} {player}, {n} men", count,
                      territory=title, seat=owner, player="{P%d}" % owner)
    title = say("{territory}; strength {strength}", territory=title, strength=t["strength"])
    word = speak(term("orcs")) if owner == "orcs" else f"P{owner}"
    return {"id": t["id"], "title": title, "x": x, "y": y, "ground": _ground(t["id"]), "lift": lift,
            "word": word, "word_room": _word_room(t["id"]),
            "points": hex_points(x, y, SIZE - 1, True) if t["id"].upper() in touched else None,
            "owner": owner, "count": count, "colour": colour,
            "ink": ink, "hero": HERO_LETTERS.get(t["hero"]), "hero_name": t["hero"], "strength": t["strength"],
            "marks": marks, "touched": t["id"].upper() in touched}


_TERRAIN = {row[0]: row[2] for row in marnon.TERRITORIES}


def _terrain(tid: str) -> str:
    return _TERRAIN[tid]


def _region(tid: str) -> str:
    """Counties of one duchy share a region; each castle is a region of its own."""
    return tid[:2] if tid.startswith("D") else tid


def _borders() -> list[tuple]:
    """Hex sides between regions (or on the map's edge), each drawn once."""
    by_cell = {cell: tid for tid, cell in geometry.CELLS.items()}
    lines = []
    for tid, cell in geometry.CELLS.items():
        for direction in geometry.DIRECTIONS:
            other = by_cell.get(geometry.neighbour_cell(cell, direction))
            if other is None or (_region(other) != _region(tid) and tid < other):
                lines.append(_segment(geometry.side(cell, SIZE, direction)))
    return lines


def _segment(ends: tuple[tuple[float, float], tuple[float, float]]) -> tuple:
    (x1, y1), (x2, y2) = _point(ends[0]), _point(ends[1])
    return x1, y1, x2, y2


def _facing(a: str, b: str) -> str | None:
    for direction in geometry.DIRECTIONS:
        if geometry.neighbour_cell(geometry.CELLS[a], direction) == geometry.CELLS[b]:
            return direction
    return None


def _river() -> list[tuple]:
    """The Ammon: every side between its north and south banks."""
    sides = []
    for north in marnon.AMMON_NORTH:
        for south in marnon.AMMON_SOUTH:
            direction = _facing(north, south)
            if direction:
                sides.append(_segment(geometry.side(geometry.CELLS[north], SIZE, direction)))
    return sides


def _bridges() -> list[dict]:
    """Each bridge as a plank laid over the river where its two counties meet, its letter on it: it
    reaches only BRIDGE[1] / 2 into each county (its bar across the two counties lay over the
    southern one's name and the northern one's marks). Both bridges cross a south side, so their
    planks lie level."""
    out = []
    for name, (a, b) in sorted(marnon.BRIDGES.items()):
        (x1, y1), (x2, y2) = _at(geometry.CELLS[a]), _at(geometry.CELLS[b])
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out.append({"name": name, "x": round(mx - BRIDGE[0] / 2, 1), "y": round(my - BRIDGE[1] / 2, 1),
                    "width": BRIDGE[0], "height": BRIDGE[1], "lx": round(mx, 1), "ly": round(my + 2.9, 1)})
    return out


def _sea() -> dict:
    centres = [_at(cell) for cell in geometry.SEA_CELLS]
    x = round(sum(c[0] for c in centres) / len(centres), 1)
    y = round(sum(c[1] for c in centres) / len(centres), 1)
    return {"hexes": [hex_points(cx, cy, SIZE, True) for cx, cy in centres], "x": x, "y": y,
            "lanes": [(x, y, *_at(geometry.CELLS[tid])) for tid in marnon.SEA_SHORE]}


def _tunnel() -> dict:
    """The tunnel from D4C4, on the map's north edge, to D6C6, on its south edge: out of the top of
    the one, round the map's east side in its margin and into the bottom of the other, so it crosses
    no county, name nor mark (across the map it lay over D4C4's army, D6C4's marks and D6C6's
    name). Its word lies in the open by its southern mouth, east of that county, under its north-
    eastern neighbour and over the tunnel; `fit` squeezes a word longer than the room to the tunnel."""
    (x1, y1), (x2, y2) = (_at(geometry.CELLS[t]) for t in marnon.TUNNEL)
    edge = SIZE * SQRT3 / 2 + 1.25  # from a county's centre to its border's outer edge
    right = round(max(_at(cell)[0] for cell in geometry.CELLS.values()) + SIZE + MARGIN / 2, 1)
    top, bottom = TOP - 3, round(max(_at(cell)[1] for cell in geometry.CELLS.values()) + edge + 6.5, 1)
    lx = round(x2 + SIZE + 4, 1)
    return {"d": f"M{x1},{round(y1 - edge, 1)} L{x1},{top} L{right},{top} L{right},{bottom} L{x2},{bottom} "
                 f"L{x2},{round(y2 + edge, 1)}",
            "lx": lx, "ly": round(y2 + 13, 1), "room": round(right - 6 - lx, 1)}


def _status_lines(v: dict) -> list[Any]:
    """The status box: the ending or the round and who acts, the pieces off the map, the decks."""
    status: list[Any] = []
    if v["winners"] is not None:
        winners = ", ".join(f"P{w}" for w in v["winners"])
        if v["reason"]:  # (the stored English reason, said as the board says it, in one sentence)
            status.append(say("Game over: {winners} ({reason}).", winners=winners or say("nobody"),
                              reason=reason_words(v["reason"])))
        else:
            status.append(say("Game over: {winners} won.", winners=winners or say("nobody")))
    else:
        line = say("Round {round}, starting player P{start}", round=v["round"], start=v["start"])
        if v["turn"] is not None:
            line = say("{status}; P{seat} to act", status=line, seat=v["turn"])
        if v["campaigns_left"] is not None:
            line = say_n("{status}, {n} campaigns left", "{status}, {n} campaigns left", v["campaigns_left"],
                         status=line)
        status.append(line)
        status += [say("Waiting for P{seat}: {text}", seat=prompt["seat"], text=message_of(prompt))
                   for prompt in v["prompts"]]
    off = say("off the map")
    line = say("Dragon: {dragon}; Peacemaker: {peacemaker}", dragon=v["dragon"] or off, peacemaker=v["peacemaker"] or off)
    if v["protected_duchy"]:
        line = say("{status} (protects duchy {duchy})", status=line, duchy=v["protected_duchy"])
    status.append(say("{status}; deck {deck}, discards {discard}", status=line, deck=v["deck"], discard=v["discard"]))
    return status


def _panel(v: dict, seat: int | None, y: float, width: float, speak: Speak) -> Panel:
    def facts(s: int) -> Any:
        said = join(", ", [say_n("{n}/3 treasures", "{n}/3 treasures", v["collected"][s]),
                           say_n("{n} cards", "{n} cards", v["hand_sizes"][s]),
                           say_n("{n} boats", "{n} boats", v["boats"][s])])
        return say("{facts} (out)", facts=said) if v["eliminated"][s] else said

    panel = Panel(MARGIN, y, width - 2 * MARGIN, legend_rows(v["players"], seat, facts), speak=speak)
    status = _status_lines(v)
    panel.box(say("Status"), status, "status")
    panel.box(say("Duchies (counties DnC1..DnC6)"),
              [join("; ", [say("D{duchy} {name} ({terrain})", duchy=d, name=term(DUCHY_NAMES[d]),
                               terrain=term(marnon.DUCHIES[d][1])) for d in sorted(DUCHY_NAMES)])], "duchies")
    if v["hand_cards"] is not None:
        cards = [deck.describe(card) for card in v["hand"]] if len(v["hand"]) == len(v["hand_cards"]) else \
            v["hand_cards"]
        title = say("Your cards (losses: men-first)") if v["standing"] == "men-first" else say("Your cards (losses: ask)")
        panel.box(title, cards or [say("(none)")], "hand", fill="#FFFBEA")  # (the order said with its meaning)
    handed = [join("", [f"{t['id']}=P{t['owner']} ", term(t["kind"]) if t["kind"] else "?"])
              for t in v["treasures"] if t.get("to_hide")]
    if handed:
        panel.box(say("To hide (handed to you)"), [join("  ", handed)], "to-hide", fill="#FFFBEA")
    if v["decision"]:
        kind = v["decision"]["kind"]
        panel.box(say("To decide"), [DECISIONS.get(kind, kind)], "choice")
    return panel
