"""Labels and marks of the pictures that must not run into each other, in any of the six languages:
the geometry is read from the SVG (coordinates, `textLength` where a label is squeezed) and a
text's width is guessed as core/picture.py guesses it (`text_width`), its height from its font
size (ascent 0.76, descent 0.24 of it, DejaVu Sans's).

- Wizard's Quest: the dragon's, the Peacemaker's and the treasures' marks hold their labels, stay
  inside their hexagon and clear of each other and of the army's token, hero box and seat mark,
  whatever stands in one territory; each treasure names its owner's seat (P0...); the tunnel's
  word lies in open space, crossing no hexagon, lane, bridge nor the tunnel itself.
- Medieval Mastery: a territory's worth ("3VP max 4") stays inside its hexagon, clear of its
  thick owner's border and of the knights' token.
"""
from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET
from itertools import product

import pytest

from core import games
from core.picture import text_width
from tests.core.test_pictures import SVG, picture_of

LANGUAGES = ("en", "sv", "ru", "nl", "es", "hu")
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def speaker(language: str, ruleset: str):
    from server.web.i18n.gamewords import said

    return lambda text: said(text, language, ruleset)


def tag(element) -> str:
    return element.tag.rpartition("}")[2]


def text_box(element) -> Box:
    """Where a <text> is drawn: its width squeezed to textLength, else guessed glyph by glyph."""
    x, y, size = float(element.get("x")), float(element.get("y")), float(element.get("font-size"))
    words = "".join(element.itertext())
    width = float(element.get("textLength") or text_width(words, size))
    anchor = element.get("text-anchor", "start")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return left, y - 0.76 * size, left + width, y + 0.24 * size


def rect_box(element) -> Box:
    x, y = float(element.get("x")), float(element.get("y"))
    return x, y, x + float(element.get("width")), y + float(element.get("height"))


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def inside(inner: Box, outer: Box, slack: float = 0.0) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def circle_meets(cx: float, cy: float, r: float, box: Box) -> bool:
    nearest_x, nearest_y = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return math.hypot(cx - nearest_x, cy - nearest_y) < r


def corners(box: Box) -> list[tuple[float, float]]:
    return [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]


def polygon(element) -> list[tuple[float, float]]:
    return [tuple(float(n) for n in pair.split(",")) for pair in element.get("points").split()]


def hexagon(cx: float, cy: float, radius: float, flat: bool) -> list[tuple[float, float]]:
    start = 0 if flat else 30
    return [(cx + radius * math.cos(math.radians(start + 60 * i)), cy + radius * math.sin(math.radians(start + 60 * i)))
            for i in range(6)]


def within_polygon(box: Box, points, margin: float) -> bool:
    """Every corner of `box` inside the convex polygon, at least `margin` from each side."""
    clockwise = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1])) > 0
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        length = math.hypot(x2 - x1, y2 - y1)
        for px, py in corners(box):
            cross = ((x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)) / length
            if (cross if clockwise else -cross) < margin:
                return False
    return True


def meets_polygon(box: Box, points, margin: float) -> bool:
    """Whether `box` grown by `margin` and the convex polygon overlap (separating axes)."""
    grown = [(box[0] - margin, box[1] - margin), (box[2] + margin, box[1] - margin),
             (box[2] + margin, box[3] + margin), (box[0] - margin, box[3] + margin)]
    for shape in (grown, points):
        for (x1, y1), (x2, y2) in zip(shape, shape[1:] + shape[:1]):
            nx, ny = y1 - y2, x2 - x1
            a = [nx * x + ny * y for x, y in grown]
            b = [nx * x + ny * y for x, y in points]
            if max(a) <= min(b) or max(b) <= min(a):
                return False
    return True


def distance_to_box(px: float, py: float, box: Box) -> float:
    return math.hypot(max(box[0] - px, 0, px - box[2]), max(box[1] - py, 0, py - box[3]))


# --- Wizard's Quest: the marks on a territory ------------------------------------------------------

ARMIES = {"none": dict(owner=None, men=0, orcs=0, hero=None), "army": dict(owner=4, men=12, orcs=0, hero=None),
          "hero": dict(owner=1, men=10, orcs=0, hero="wizard"), "orcs": dict(owner="orcs", men=0, orcs=4, hero=None)}
TREASURES = [(0, "crown"), (1, "chest"), (2, "ring"), (3, "blank"), (4, None), (5, "chest")]
CREATURES = [(True, True), (True, False), (False, True), (False, False)]


def crowded_view(base: dict, army: str, dragon: bool, peacemaker: bool, treasure: tuple, at: str = "D1C5") -> dict:
    """`base` with `at` (D1C5 unless told) holding the army of kind `army`, the dragon and the
    Peacemaker if asked and one treasure; every other territory a treasure of its own (owners and
    kinds in turn) and an army of the kinds in turn (a territory holds one treasure at most:
    WQ-SETUP-10, WQ-AMB-24)."""
    v = copy.deepcopy(base)
    v["players"] = 6
    v["dragon"], v["peacemaker"] = (at if dragon else None), (at if peacemaker else None)
    v["treasures"] = [{"id": "T90", "owner": treasure[0], "kind": treasure[1], "at": at}]
    kinds = list(ARMIES)
    for n, t in enumerate(v["territories"]):
        t.update(ARMIES[army] if t["id"] == at else ARMIES[kinds[n % len(kinds)]])
        if t["id"] != at:
            owner, kind = TREASURES[n % len(TREASURES)]
            v["treasures"].append({"id": f"T{n:02d}", "owner": owner, "kind": kind, "at": t["id"]})
    return v


@pytest.fixture(scope="module")
def marnon_view():
    view, _ = picture_of("wizards-quest", 6, 40)
    view["collected"], view["hand_sizes"], view["boats"] = [0] * 6, [0] * 6, [0] * 6
    view["eliminated"] = [False] * 6
    return view


def marnon_pictures(base: dict, language: str):
    game = games["wizards-quest"]
    for (dragon, peacemaker), army in product(CREATURES, ARMIES):
        treasure = TREASURES[(len(army) + 2 * dragon + peacemaker) % len(TREASURES)]
        svg = game.picture(crowded_view(base, army, dragon, peacemaker, treasure), 0,
                           speak=speaker(language, "wizards-quest"))
        yield (dragon, peacemaker, army), ET.fromstring(svg)


def territory_parts(g) -> dict:
    """A territory's hexagon, army token, hero box, seat or orcs word, name and marks."""
    parts: dict = {"marks": [], "boxes": []}
    for child in g:
        kind = tag(child)
        if kind == "polygon" and "hexagon" not in parts:
            parts["hexagon"] = polygon(child)
        elif kind == "circle":
            parts["token"] = (float(child.get("cx")), float(child.get("cy")), float(child.get("r")) + 0.5)
        elif kind == "rect":
            parts["boxes"].append(("hero box", rect_box(child)))
        elif kind == "text" and child.get("class") != "army-count":
            parts["boxes"].append((f"word {''.join(child.itertext())!r}", text_box(child)))
        elif kind == "g" and child.get("class") in ("dragon", "peacemaker", "treasure"):
            rect, text = child.find(f"{SVG}rect"), child.find(f"{SVG}text")
            parts["marks"].append((child.get("class"), "".join(text.itertext()), rect_box(rect), text_box(text),
                                   rect.get("fill")))
    return parts


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_mark_holds_its_label(marnon_view, language):
    """The dragon's box holds 'Dragon' (it ran out of its 22 pixels: 'Dragón', 'Sárkány'), and so
    does every other mark its label."""
    for case, root in marnon_pictures(marnon_view, language):
        for g in root.iter(f"{SVG}g"):
            if g.get("class") != "territory":
                continue
            for kind, words, rect, text, _ in territory_parts(g)["marks"]:
                assert inside(text, rect, 0.2), (language, case, g.get("data-id"), kind, words, rect, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_marks_stay_in_their_hexagon_clear_of_each_other_and_of_the_army(marnon_view, language):
    """Whatever stands in a territory (an army or orcs, a hero, a treasure, the dragon, the
    Peacemaker), its marks lie inside its hexagon and overlap neither each other nor the army's
    token, hero box, seat mark or the territory's name (a treasure hid 'Peace' in D1C5)."""
    for case, root in marnon_pictures(marnon_view, language):
        for g in root.iter(f"{SVG}g"):
            if g.get("class") != "territory":
                continue
            parts, tid = territory_parts(g), g.get("data-id")
            where = (language, case, tid)
            for n, (kind, words, rect, _, _) in enumerate(parts["marks"]):
                assert within_polygon(rect, parts["hexagon"], 0.5), (*where, kind, words, rect)
                if "token" in parts:
                    assert not circle_meets(*parts["token"], rect), (*where, kind, words, "token")
                for name, box in parts["boxes"]:
                    assert not overlap(rect, box), (*where, kind, words, name, box)
                for other_kind, other_words, other, _, _ in parts["marks"][n + 1:]:
                    assert not overlap(rect, other), (*where, kind, words, other_kind, other_words)


@pytest.mark.parametrize("language", ("en", "ru"))
def test_a_treasure_names_its_owners_seat(marnon_view, language):
    """docs/pictures.md: every coloured mark carries the seat number too (P0...), so no reader has
    to tell colours apart: a treasure's mark is its owner's colour and says its owner."""
    from core.picture import SEAT_COLOURS

    for _, root in marnon_pictures(marnon_view, language):
        for g in root.iter(f"{SVG}g"):
            if g.get("class") != "territory":
                continue
            for kind, words, _, _, fill in territory_parts(g)["marks"]:
                if kind == "treasure":
                    assert f"P{SEAT_COLOURS.index(fill)}" in words.split(), (language, g.get("data-id"), words)


# --- Wizard's Quest: the tunnel's word -------------------------------------------------------------

def path_points(d: str, steps: int = 60) -> list[tuple[float, float]]:
    """The points along an SVG path of absolute moves, lines and cubic curves (M, L, C): `steps` to
    a line, 60 to a curve."""
    points: list[tuple[float, float]] = []
    for command, numbers in re.findall(r"([MLC])([^MLC]*)", d):
        values = [float(n) for n in re.findall(r"-?[\d.]+", numbers)]
        pairs = list(zip(values[::2], values[1::2]))
        if command == "M":
            points.append(pairs[0])
            pairs = pairs[1:]
            command = "L"
        if command == "L":
            for x, y in pairs:
                (x0, y0) = points[-1]
                points += [(x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps) for i in range(1, steps + 1)]
        else:
            for n in range(0, len(pairs), 3):
                (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points[-1], *pairs[n:n + 3]
                for i in range(1, 61):
                    t = i / 60
                    a, b, c, e = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
                    points.append((a * x0 + b * x1 + c * x2 + e * x3, a * y0 + b * y1 + c * y2 + e * y3))
    return points


def line_points(element, steps: int = 60) -> list[tuple[float, float]]:
    x1, y1, x2, y2 = (float(element.get(name)) for name in ("x1", "y1", "x2", "y2"))
    return [(x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps) for i in range(steps + 1)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tunnels_word_lies_in_open_space(marnon_view, language):
    """The tunnel's word crosses no hexagon (a territory's, with its border, or the sea's), no sea
    lane, bridge, river nor the tunnel's own dashed line, and stays on the map, above the panel (it
    lay across the tunnel and D6C1), in every language; a word twice as long as any of theirs, too."""
    from core.wizards_quest import board as geometry, picture as wq_picture

    svg = games["wizards-quest"].picture(marnon_view, 0, speak=speaker(language, "wizards-quest"))
    root = ET.fromstring(svg)
    tunnel = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "tunnel")
    word = tunnel.find(f"{SVG}text")
    said = "".join(word.itertext())
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    panel_top = float(re.search(r'class="panel" transform="translate\([\d.]+,([\d.]+)\)', svg).group(1))
    longer = copy.copy(word)
    longer.text = said * 2
    for element in (word, longer):
        box = text_box(element)
        assert box[0] >= 4 and box[2] <= width - 4 and box[1] >= 36 and box[3] <= panel_top - 2, (said, box)
        for tid, cell in geometry.CELLS.items():  # the hexagon at its border's outer edge (2.5 px wide)
            assert not meets_polygon(box, hexagon(*wq_picture._at(cell), wq_picture.SIZE + 1.3, True), 1), \
                (language, tid, box)
        for g in root.iter(f"{SVG}g"):
            if g.get("class") == "sea":
                for sea in g.iter(f"{SVG}polygon"):
                    assert not meets_polygon(box, polygon(sea), 1), (language, "sea", box)
            if g.get("class") in ("sea-lanes", "river", "bridge", "borders"):
                for line in g.iter(f"{SVG}line"):
                    assert all(distance_to_box(x, y, box) > 4 for x, y in line_points(line)), (language, g.get("class"))
        path = tunnel.find(f"{SVG}path")
        assert all(distance_to_box(x, y, box) > 3 for x, y in path_points(path.get("d"))), (language, "tunnel", box)


# --- Wizard's Quest: the map's lines against what stands in a territory -----------------------------

_SPREAD: dict = {}


def spread_pictures(base: dict, language: str) -> list:
    """Every territory in turn crowded (orcs or a hero's army, the dragon, the Peacemaker and a
    treasure: two rows of marks in most languages), all the others holding an army and a treasure:
    whatever lies by a bridge, the river or the tunnel is drawn somewhere (drawn once a language)."""
    from core.wizards_quest import board as geometry

    if language not in _SPREAD:
        game, pictures = games["wizards-quest"], []
        for n, tid in enumerate(sorted(geometry.CELLS)):
            for army in ("orcs", "hero"):
                view = crowded_view(base, army, True, True, TREASURES[n % len(TREASURES)], at=tid)
                pictures.append(((tid, army),
                                 ET.fromstring(game.picture(view, 0, speak=speaker(language, "wizards-quest")))))
        _SPREAD[language] = pictures
    return _SPREAD[language]


def things_in(g) -> list[tuple[str, str, tuple]]:
    """What a territory shows, each as (name, "box" or "circle", its geometry): its name and words,
    the hero's box, the marks' boxes and the army's token."""
    parts = territory_parts(g)
    things = [(name, "box", box) for name, box in parts["boxes"]]
    things += [(f"{kind} {words!r}", "box", rect) for kind, words, rect, _, _ in parts["marks"]]
    if "token" in parts:
        things.append(("token", "circle", parts["token"]))
    return things


def segment_to_point(a, b, p) -> float:
    (ax, ay), (bx, by), (px, py) = a, b, p
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if not length else min(1.0, max(0.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    return math.hypot(ax + t * (bx - ax) - px, ay + t * (by - ay) - py)


def segment_to_box(a, b, box: Box) -> float:
    """How far a segment stays from a box: 0 where it enters it (clipped to it, Liang-Barsky)."""
    (ax, ay), (bx, by) = a, b
    low, high = 0.0, 1.0
    for p, q in ((ax - bx, ax - box[0]), (bx - ax, box[2] - ax), (ay - by, ay - box[1]), (by - ay, box[3] - ay)):
        if p == 0:
            if q < 0:
                break
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    else:
        if low <= high:
            return 0.0
    return min([distance_to_box(ax, ay, box), distance_to_box(bx, by, box)]
               + [segment_to_point(a, b, c) for c in corners(box)])


def clearance(points, half_width: float, kind: str, shape) -> float:
    """How far a line of `half_width` through `points` (a polyline) stays from a box or circle
    (below 0: it crosses it)."""
    pieces = list(zip(points, points[1:])) or [(points[0], points[0])]
    if kind == "circle":
        cx, cy, r = shape
        return min(segment_to_point(a, b, (cx, cy)) for a, b in pieces) - r - half_width
    return min(segment_to_box(a, b, shape) for a, b in pieces) - half_width


def near(line: tuple, kind: str, shape, room: float) -> bool:
    """Whether a shape comes within `room` of a line's bounding box (else the line clears it)."""
    box = (shape[0] - shape[2], shape[1] - shape[2], shape[0] + shape[2], shape[1] + shape[2]) \
        if kind == "circle" else shape
    return overlap(box, (line[0] - room, line[1] - room, line[2] + room, line[3] + room))


def stroked(element, default: float = 1.0) -> float:
    return float(element.get("stroke-width") or default) / 2


def map_lines(root) -> list[tuple[str, list, float, Box]]:
    """The lines drawn over the territories, each as (what, its points, half its width, its points'
    bounding box): duchy borders, the river, the bridges' lines and the tunnel."""
    lines: list = []
    for g in root.iter(f"{SVG}g"):
        cls = g.get("class")
        if cls in ("borders", "river", "bridge"):
            for line in g.iter(f"{SVG}line"):
                lines.append((f"{cls} {g.get('data-id') or ''}", line_points(line, 1), stroked(line, 2 * stroked(g))))
        if cls == "tunnel":
            path = g.find(f"{SVG}path")
            lines.append(("tunnel", path_points(path.get("d"), 1), stroked(path)))
    return [(what, points, half, (min(x for x, _ in points), min(y for _, y in points),
                                  max(x for x, _ in points), max(y for _, y in points)))
            for what, points, half in lines]


def bridge_boxes(root) -> list[tuple[str, Box]]:
    """A bridge's letter and plank (where it is drawn as a box)."""
    boxes = []
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "bridge":
            boxes += [(f"{g.get('data-id')} {tag(e)}", text_box(e) if tag(e) == "text" else rect_box(e))
                      for e in g if tag(e) in ("text", "rect")]
    return boxes


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_line_nor_bridge_crosses_what_stands_in_a_territory(marnon_view, language):
    """The bridges' marks lay over D1C1's and D1C3's names and over a treasure's mark in D2C5, the
    tunnel's dashed line over the Peacemaker's mark in D6C4 and over D6C6's name, the river over
    the lower marks by its banks: no duchy border, river, bridge nor tunnel comes within a pixel of
    a territory's name, army, hero, words or marks (a bridge's letter neither), wherever they stand."""
    pictures = list(marnon_pictures(marnon_view, language)) + spread_pictures(marnon_view, language)
    lines, boxes = map_lines(pictures[0][1]), bridge_boxes(pictures[0][1])  # the same in every picture
    by_territory: dict = {}
    for case, root in pictures:
        for g in root.iter(f"{SVG}g"):
            if g.get("class") != "territory":
                continue
            if g.get("data-id") not in by_territory:  # the lines that come near its hexagon
                points = territory_parts(g)["hexagon"]
                extent = (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points),
                          max(y for _, y in points))
                by_territory[g.get("data-id")] = [line for line in lines if near(line[3], "box", extent, 6)]
            for name, kind, shape in things_in(g):
                where = (language, case, g.get("data-id"), name)
                for what, points, half, extent in by_territory[g.get("data-id")]:
                    if near(extent, kind, shape, half + 2):
                        assert clearance(points, half, kind, shape) >= 1, (*where, what)
                for what, box in boxes:
                    met = circle_meets(shape[0], shape[1], shape[2] + 1, box) if kind == "circle" else \
                        overlap((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), shape)
                    assert not met, (*where, what, box)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_territorys_words_stay_inside_its_hexagon(marnon_view, language):
    """'orkok' after the orcs' token ran into its hexagon's side: a territory's name, the word or
    seat after its army, the hero's box and the marks lie inside its hexagon, a pixel and a half
    clear of its outline, wherever they stand."""
    for case, root in list(marnon_pictures(marnon_view, language)) + spread_pictures(marnon_view, language):
        for g in root.iter(f"{SVG}g"):
            if g.get("class") != "territory":
                continue
            hexagon_points = territory_parts(g)["hexagon"]
            for name, kind, shape in things_in(g):
                box = (shape[0] - shape[2], shape[1] - shape[2], shape[0] + shape[2], shape[1] + shape[2]) \
                    if kind == "circle" else shape
                assert within_polygon(box, hexagon_points, 1.5), (language, case, g.get("data-id"), name, box)


# --- Medieval Mastery: a territory's worth ----------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_territorys_worth_stays_inside_its_hexagon(players, language):
    """'3PV máx. 4', '3VP, max. 4' (and English's '3VP max 4' too) crossed their hexagon's sides
    at the bottom: each worth lies inside its hexagon, clear of the owner's 4-pixel border, and
    below the knights' token (itself below the tile's name), on every map, in every language;
    English's worth is not squeezed."""
    game = games["medieval-mastery"]
    state = game.setup(players, {}, f"worth-{players}")
    view = copy.deepcopy(game.view(state, 0))
    for t in view["territories"]:  # every territory owned: its border is the thick one
        t["owner"], t["knights"] = 0, 12
    root = ET.fromstring(game.picture(view, 0, speak=speaker(language, "medieval-mastery")))
    checked = 0
    for g in root.iter(f"{SVG}g"):
        if g.get("class") != "territory":
            continue
        hexagon_points = polygon(g.find(f"{SVG}polygon"))
        worth = next(e for e in g.iter(f"{SVG}text") if e.get("class") == "vp")
        box = text_box(worth)
        said = "".join(worth.itertext())
        assert within_polygon(box, hexagon_points, 2.5), (language, g.get("data-id"), said, box)
        token = g.find(f"{SVG}circle")
        cx, cy, r = (float(token.get(name)) for name in ("cx", "cy", "r"))
        assert not circle_meets(cx, cy, r + 0.5, box), (language, g.get("data-id"), said, box)
        name = list(g.iter(f"{SVG}text"))[1]  # the tile's name, over the token
        assert not circle_meets(cx, cy, r + 0.5, text_box(name)), (language, g.get("data-id"), "".join(name.itertext()))
        assert language != "en" or not worth.get("textLength"), said
        checked += 1
    assert checked == len(view["territories"])


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_territorys_words_fit_inside_its_outline(players, language):
    """'Родные земли' ran across its hexagon's sides, '2ПО макс. 3' touched them and the knights'
    token sat on '1ПО': every text of a territory (slot, tile, seat, worth) lies inside its hexagon
    a pixel and a half clear of its outline's inner edge (the owner's 4-pixel border), and a pixel
    and a half clear of the knights' token, on every map, in every language."""
    game = games["medieval-mastery"]
    state = game.setup(players, {}, f"worth-{players}")
    view = copy.deepcopy(game.view(state, 0))
    for n, t in enumerate(view["territories"]):  # owned (the thick border) or not, in turn
        t["owner"], t["knights"] = (0, 12) if n % 3 else (-1, 0)
    root = ET.fromstring(game.picture(view, 0, speak=speaker(language, "medieval-mastery")))
    for g in root.iter(f"{SVG}g"):
        if g.get("class") != "territory":
            continue
        outline = g.find(f"{SVG}polygon")
        margin = float(outline.get("stroke-width")) / 2 + 1.5
        token = g.find(f"{SVG}circle")
        for text in g.iter(f"{SVG}text"):
            if text.get("class") == "knights-count":
                continue
            box, said = text_box(text), "".join(text.itertext())
            assert within_polygon(box, polygon(outline), margin), (language, g.get("data-id"), said, box)
            if token is not None:
                cx, cy, r = (float(token.get(name)) for name in ("cx", "cy", "r"))
                assert not circle_meets(cx, cy, r + 1.5, box), (language, g.get("data-id"), said, "token")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_battles_revealed_cards_are_named_in_the_readers_words(language):
    """The battle box wrote a revealed card by its kind's bare name: 'P1 jugó ambush (3)',
    'P0 jugó 5 (5)', in every language. It names each card by its title in the reader's words,
    as the hand does ('Emboscada', 'Conflicto 5')."""
    from core.text import term

    game = games["medieval-mastery"]
    view = copy.deepcopy(game.view(game.setup(2, {}, "revealed"), 0))
    view["battle"] = {"tile": "S04", "attacker": 0, "defender": 1, "attacker_knights": 3, "siege": False,
                      "attacker_strength": 8, "defender_strength": 6, "committed": [True, True],
                      "revealed": [{"card": "5", "value": 5}, {"card": "ambush", "value": 3}], "table": [],
                      "winner": None, "margin": None, "your_commit": "ambush"}
    root = ET.fromstring(game.picture(view, 0, speak=speaker(language, "medieval-mastery")))
    box = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "battle")
    lines = ["".join(text.itertext()) for text in box.iter(f"{SVG}text")]
    words = lambda english: speaker(language, "medieval-mastery")(term(english))  # noqa: E731
    assert any(line.endswith(f"{words('Conflict 5')} (5)") for line in lines), lines
    assert any(line.endswith(f"{words('Ambush')} (3)") for line in lines), lines
    assert not [line for line in lines if "ambush" in line or line.endswith(" 5 (5)")
                and words("Conflict 5") not in line], lines
