"""Wizard's Quest's Marnon as an SVG picture, drawn from a seat's view only.

44 territories on the hex grid of `geometry` (tinted by terrain, duchy borders drawn
thick), the Sea of Marnon with its lanes to the shore, the Ammon with its two bridges, the
tunnel; on each territory its army (colour, men, wizard or champion) or orcs, the dragon,
the Peacemaker and treasures; beside the map the players, the turn and the seat's cards.
"""
from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup

from core.picture import ACCENT, Panel, draw, hex_points, legend_rows, seat_colour, seat_ink
from core.wizards_quest import board as geometry, data as marnon, view as view_mod
from core.wizards_quest.board import DUCHY_NAMES

SIZE = 36
MARGIN = 14
TOP = 36
TERRAIN_FILLS = {"plain": "#F2E8BF", "forest": "#B9D9A0", "mountain": "#CFC9C2", "castle": "#E3E3E3"}
ORCS_COLOUR, ORCS_INK = "#333333", "#FFFFFF"
WATER = "#7FB2D9"
HERO_LETTERS = {"wizard": "W", "champion": "C"}


def _at(cell: tuple[int, int]) -> tuple[float, float]:
    x, y = geometry.centre(cell, SIZE)
    return round(x + SIZE + MARGIN, 1), round(y + SIZE + TOP, 1)


def _point(xy: tuple[float, float]) -> tuple[float, float]:
    return round(xy[0] + SIZE + MARGIN, 1), round(xy[1] + SIZE + TOP, 1)


def picture(v: dict, seat: int | None, touched: frozenset = frozenset()) -> str:
    marks = _markers(v)
    territories = [_territory(t, marks.get(t["id"], []), touched) for t in v["territories"]]
    map_width = round(max(_at(cell)[0] for cell in geometry.CELLS.values()) + SIZE + MARGIN)
    map_height = round(max(_at(cell)[1] for cell in geometry.CELLS.values()) + SIZE * 0.87 + MARGIN)
    panel = _panel(v, seat, map_height, map_width)
    return draw("wizards_quest/picture.svg.j2", game="wizards-quest", width=map_width,
                height=panel.bottom + 4, title=_title(v), heading=_title(v), panel=panel,
                territories=territories, sea_layer=_layer("sea"), overlay=_layer("overlay"), accent=ACCENT)


@lru_cache(maxsize=2)
def _layer(name: str) -> Markup:
    """The map's fixed parts, drawn once: they are the same in every picture."""
    return Markup(draw("wizards_quest/overlay.svg.j2", layer=name, borders=_borders(), river=_river(),
                       bridges=_bridges(), sea=_sea(), tunnel=_tunnel(), water=WATER))


@lru_cache(maxsize=64)
def _ground(tid: str) -> Markup:
    """A territory's hexagon, terrain and name: the same in every picture."""
    x, y = _at(geometry.CELLS[tid])
    ground = {"id": tid, "x": x, "y": y, "points": hex_points(x, y, SIZE - 1, True),
              "fill": TERRAIN_FILLS[_terrain(tid)], "terrain": _terrain(tid)}
    return Markup(draw("wizards_quest/overlay.svg.j2", layer="ground", t=ground))


def _title(v: dict) -> str:
    if v["winners"] is not None:
        return "Wizard's Quest: game over"
    return f"Wizard's Quest, round {v['round']}"


def _markers(v: dict) -> dict[str, list[dict]]:
    """Dragon, Peacemaker and treasures, by the territory they stand on."""
    marks: dict[str, list[dict]] = {}
    if v["dragon"]:
        marks.setdefault(v["dragon"], []).append({"kind": "dragon", "label": "Dragon", "fill": ACCENT, "ink": "#000"})
    if v["peacemaker"]:
        marks.setdefault(v["peacemaker"], []).append({"kind": "peacemaker", "label": "Peace", "fill": "#FFFFFF",
                                                      "ink": "#000"})
    for tr in v["treasures"]:
        label = (tr["kind"] or "?")[:2].title()
        marks.setdefault(tr["at"], []).append({"kind": "treasure", "label": label, "fill": seat_colour(tr["owner"]),
                                               "ink": seat_ink(tr["owner"]), "owner": tr["owner"], "id": tr["id"]})
    return marks


def _territory(t: dict, marks: list[dict], touched: frozenset) -> dict:
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
    for i, mark in enumerate(marks):
        mark.update(x=round(x - 16 + 11 * (i % 4), 1), y=round(y + 13 + 9 * (i // 4), 1))
    return {"id": t["id"], "name": t["name"], "x": x, "y": y, "ground": _ground(t["id"]), "terrain": terrain,
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
    out = []
    for name, (a, b) in sorted(marnon.BRIDGES.items()):
        (x1, y1), (x2, y2) = _at(geometry.CELLS[a]), _at(geometry.CELLS[b])
        out.append({"name": name, "x1": round(x1 + (x2 - x1) * 0.3, 1), "y1": round(y1 + (y2 - y1) * 0.3, 1),
                    "x2": round(x1 + (x2 - x1) * 0.7, 1), "y2": round(y1 + (y2 - y1) * 0.7, 1),
                    "lx": round((x1 + x2) / 2 + 8, 1), "ly": round((y1 + y2) / 2 + 4, 1)})
    return out


def _sea() -> dict:
    centres = [_at(cell) for cell in geometry.SEA_CELLS]
    x = round(sum(c[0] for c in centres) / len(centres), 1)
    y = round(sum(c[1] for c in centres) / len(centres), 1)
    return {"hexes": [hex_points(cx, cy, SIZE, True) for cx, cy in centres], "x": x, "y": y,
            "lanes": [(x, y, *_at(geometry.CELLS[tid])) for tid in marnon.SEA_SHORE]}


def _tunnel() -> dict:
    (x1, y1), (x2, y2) = (_at(geometry.CELLS[t]) for t in marnon.TUNNEL)
    # Bowed out to the east of the sea, so it does not hide the sea's lanes.
    return {"d": f"M{x1},{y1 + 12} C{x1 + 3.2 * SIZE},{y1 + 60} {x2 + 3.2 * SIZE},{y2 - 60} {x2},{y2 - 12}",
            "lx": round(x1 + 2.5 * SIZE, 1), "ly": round((y1 + y2) / 2, 1)}


def _panel(v: dict, seat: int | None, y: float, width: float) -> Panel:
    def facts(s: int) -> str:
        out = " (out)" if v["eliminated"][s] else ""
        return f"{v['collected'][s]}/3 treasures, {v['hand_sizes'][s]} cards, {v['boats'][s]} boats{out}"

    panel = Panel(MARGIN, y, width - 2 * MARGIN, legend_rows(v["players"], seat, facts))
    status = []
    if v["winners"] is not None:
        status.append("Game over: " + (", ".join(f"P{w}" for w in v["winners"]) or "nobody") + " won.")
        if v["reason"]:
            status.append(v["reason"])
    else:
        status.append(f"Round {v['round']}, starting player P{v['start']}"
                      + (f"; P{v['turn']} to act" if v["turn"] is not None else "")
                      + (f", {v['campaigns_left']} campaigns left" if v["campaigns_left"] is not None else ""))
        status += [f"Waiting for P{prompt['seat']}: {prompt['text']}" for prompt in v["prompts"]]
    status.append(f"Dragon: {v['dragon'] or 'off the map'}; Peacemaker: {v['peacemaker'] or 'off the map'}"
                  + (f" (protects duchy {v['protected_duchy']})" if v["protected_duchy"] else "")
                  + f"; deck {v['deck']}, discards {v['discard']}")
    panel.box("Status", status, "status")
    panel.box("Duchies (counties DnC1..DnC6)", ["; ".join(f"D{d} {DUCHY_NAMES[d]} ({marnon.DUCHIES[d][1]})"
                                                          for d in sorted(DUCHY_NAMES))], "duchies")
    if v["hand_cards"] is not None:
        panel.box(f"Your cards (losses: {v['standing']})", v["hand_cards"] or ["(none)"], "hand", fill="#FFFBEA")
    handed = view_mod.to_hide(v)
    if handed:
        panel.box("To hide (handed to you)", ["  ".join(handed)], "to-hide", fill="#FFFBEA")
    if v["decision"]:
        panel.box("To decide", [v["decision"]["kind"]], "choice")
    return panel
