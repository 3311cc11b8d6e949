"""Castle Assault's table as an SVG picture, drawn from a seat's view only.

One fortress per seat (castle in the middle, walls either side, each with its shields and
stationed defenders; destroyed posts drawn as ruins), the draw piles and the discard pile,
the attack under way, and the seat's own hand.
"""
from __future__ import annotations

from core.castle_assault.data import CARDS, half_text
from core.castle_assault.view import status_line
from core.picture import ACCENT, Panel, draw, legend_rows, seat_colour, seat_ink

FORT_W, FORT_GAP = 360, 14
CASTLE_W, CASTLE_H, WALL_W, WALL_H = 96, 70, 78, 52
POST_GAP = 8
CHIP_H = 17
BASE = 112  # where the posts stand in a fortress box


def picture(v: dict, seat: int | None, touched: frozenset = frozenset()) -> str:
    forts, y = [], 40
    for fort in v["fortresses"]:  # one column: the picture stays narrow enough for a phone
        drawn = _fortress(v, fort, seat, touched)
        drawn.update(x=FORT_GAP, y=y, box_height=drawn["height"])
        forts.append(drawn)
        y += drawn["height"] + FORT_GAP
    width = FORT_W + 2 * FORT_GAP
    hand, hand_height = _hand(v, y, width)
    panel = _panel(v, seat, y + hand_height, width)
    return draw("castle_assault/picture.svg.j2", game="castle-assault", width=width, height=panel.bottom + 4,
                title=_title(v), heading=_title(v), forts=forts, hand=hand, hand_y=y, panel=panel, accent=ACCENT)


def _title(v: dict) -> str:
    return "Castle Assault: game over" if v["over"] else f"Castle Assault, {v['players']} players"


def _posts_in_order(fort: dict) -> list[dict]:
    """Walls either side of the castle: W1 C W2, then further walls to the right."""
    if not fort["posts"]:
        return []  # an eliminated seat's fortress is gone
    castle, walls = fort["posts"][0], fort["posts"][1:]
    return walls[:1] + [castle] + walls[1:]


def _fortress(v: dict, fort: dict, seat: int | None, touched: frozenset) -> dict:
    owner = fort["seat"]
    battle_target = v["battle"]["target"] if v["battle"] else None
    posts, x = [], 12
    tallest_defenders = 0
    walls = max(1, len(fort["posts"]) - 1)
    wall_w = min(WALL_W, (FORT_W - 24 - CASTLE_W - walls * POST_GAP) // walls)  # more walls, narrower
    for post in _posts_in_order(fort):
        is_castle = post["post"] == "C"
        width, height = (CASTLE_W, CASTLE_H) if is_castle else (wall_w, WALL_H)
        target = f"{owner}/{post['post']}"
        defenders = [{"label": CARDS.label(c), "touched": c.upper() in touched, "y": BASE + 6 + i * (CHIP_H + 2)}
                     for i, c in enumerate(post["defenders"])]
        tallest_defenders = max(tallest_defenders, len(defenders))
        posts.append({"id": target, "name": "Castle" if is_castle else f"Wall {post['post'][1:]}",
                      "x": x, "y": BASE - height, "width": width, "height": height, "standing": post["standing"],
                      "shields": half_text(post["shields"]), "defenders": defenders,
                      "touched": target.upper() in touched, "battle": target == battle_target})
        x += width + POST_GAP
    return {"seat": owner, "colour": seat_colour(owner), "ink": seat_ink(owner), "you": owner == seat,
            "alive": fort["castle"], "posts": posts, "hand": v["hand_sizes"][owner],
            "loot": v["loot_sizes"][owner] if v["players"] > 2 else None,
            "height": BASE + 12 + tallest_defenders * (CHIP_H + 2)}


def _hand(v: dict, y: int, width: int) -> tuple[list[dict], int]:
    if v["hand"] is None:
        return [], 0
    chips, x, row = [], FORT_GAP, 0
    for card in v["hand"]:
        label = CARDS.label(card)
        chip_w = 12 + 6 * len(label)
        if x + chip_w > width - FORT_GAP:
            x, row = FORT_GAP, row + 1
        chips.append({"label": label, "x": x, "y": y + 26 + row * 24, "width": chip_w})
        x += chip_w + 6
    return chips, 30 + (row + 1) * 24


def _panel(v: dict, seat: int | None, y: float, width: float) -> Panel:
    legend = legend_rows(v["players"], seat, lambda s: f"hand {v['hand_sizes'][s]}, loot pile {v['loot_sizes'][s]}"
                         + (" (out)" if v["fortresses"][s]["castle"] is False else ""))
    panel = Panel(FORT_GAP, y, width - 2 * FORT_GAP, legend)
    decks = v["decks"]
    status = [status_line(v),
              f"Village {decks['village']}, Siege {decks['siege']}, Academy {decks['academy']}, Dungeon {decks['dungeon']}",
              f"Discard pile {len(v['discard'])}" + (f", top {CARDS.label(v['discard'][-1])}" if v["discard"] else "")]
    if v["last_dungeon"]:
        status.append(f"Last dungeon card: {CARDS.kinds[v['last_dungeon']].name}")
    panel.box("Status", status, "status")
    b = v["battle"]
    if b:
        lines = [b["target_text"]]
        for part in b["cards"]:
            if "cards" in part:
                lines.append(f"P{part['seat']}: " + ", ".join(CARDS.label(c) for c in part["cards"]))
            else:
                lines.append(f"P{part['seat']}: " + (f"{part['count']} hidden cards" if "count" in part else "hidden"))
        if b["reactions"]:
            lines.append("Reactions: " + ", ".join(CARDS.label(c) for c in b["reactions"]))
        if b["waiting"] is not None:
            lines.append(f"Waiting for P{b['waiting']}")
        panel.box(f"{'Night attack' if b['night'] else 'Attack'} by P{b['attacker']}", lines, "battle", fill="#F6E6F0")
    return panel
