"""Castle Assault's table as an SVG picture, drawn from a seat's view only.

One fortress per seat (castle in the middle, walls either side, each with its shields and
stationed defenders; destroyed posts drawn as ruins), the draw piles and the discard pile,
the attack under way, and the seat's own hand. Every word is a message (core/picture.py),
said in the reader's language by `speak`.
"""
from __future__ import annotations

from typing import Any

from core.castle_assault.data import CARDS, HALF, half_text
from core.castle_assault.view import status_line
from core.picture import ACCENT, Panel, Speak, draw, legend_rows, seat_colour, seat_ink, seat_label
from core.text import P, join, say, say_n, term

FORT_W, FORT_GAP = 360, 14
CASTLE_W, CASTLE_H, WALL_W, WALL_H = 96, 70, 78, 52
POST_GAP = 8
CHIP_H = 17
BASE = 112  # where the posts stand in a fortress box


def picture(v: dict, seat: int | None, touched: frozenset = frozenset(), speak: Speak | None = None) -> str:
    speak = speak or str
    forts, y = [], 40
    for fort in v["fortresses"]:  # one column: the picture stays narrow enough for a phone
        drawn = _fortress(v, fort, seat, touched)
        drawn.update(x=FORT_GAP, y=y, box_height=drawn["height"])
        forts.append(drawn)
        y += drawn["height"] + FORT_GAP
    width = FORT_W + 2 * FORT_GAP
    hand, hand_height = _hand(v, y, width, speak)
    panel = _panel(v, seat, y + hand_height, width, speak)
    return draw("castle_assault/picture.svg.j2", speak, game="castle-assault", width=width, height=panel.bottom + 4,
                title=_title(v), heading=_title(v), forts=forts, hand=hand, hand_y=y, panel=panel, accent=ACCENT,
                words={"hand": say("Your hand"), "ruined": say("ruined"), "eliminated": say("eliminated")})


GAME = term("Castle Assault")


def _title(v: dict) -> Any:
    if v["over"]:
        return say("{game}: game over", game=GAME)
    return say_n("{game}, {n} player", "{game}, {n} players", v["players"], game=GAME)


def _card(cid: str) -> Any:
    """'V3 Soldier': the card's id and its kind's name (a term)."""
    name = CARDS.name(cid)
    return say("{card} {name}", card=cid, name=term(name) if name != cid else cid)


def _cards(cids) -> Any:
    return join(", ", [_card(c) for c in cids])


def _shields(points: int) -> int:
    """The count a sentence about `points` half shields takes its plural form from: a half
    amount is said as 2 (1 for '½')."""
    return points // HALF if points % HALF == 0 else (1 if points == 1 else HALF)


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
        defenders = [{"label": _card(c), "touched": c.upper() in touched, "y": BASE + 6 + i * (CHIP_H + 2)}
                     for i, c in enumerate(post["defenders"])]
        tallest_defenders = max(tallest_defenders, len(defenders))
        name = term("Castle") if is_castle else say("{wall} {number}", wall=term("Wall"), number=post["post"][1:])
        if post["standing"]:
            title = say_n("{post}: {name} of P{seat}, {shields} shields", "{post}: {name} of P{seat}, {shields} shields",
                          _shields(post["shields"]), post=target, name=name, seat=owner,
                          shields=half_text(post["shields"]))
        else:
            title = say("{post}: {name} of P{seat}, destroyed", post=target, name=name, seat=owner)
        posts.append({"id": target, "title": title,
                      "x": x, "y": BASE - height, "width": width, "height": height, "standing": post["standing"],
                      "shields": half_text(post["shields"]), "defenders": defenders,
                      "touched": target.upper() in touched, "battle": target == battle_target})
        x += width + POST_GAP
    hand, loot = v["hand_sizes"][owner], v["loot_sizes"][owner]
    return {"seat": owner, "colour": seat_colour(owner), "ink": seat_ink(owner), "name": seat_label(owner, owner == seat),
            "alive": fort["castle"], "posts": posts,
            "sizes": say("hand {hand}, loot {loot}", hand=hand, loot=loot) if v["players"] > 2
            else say("hand {hand}", hand=hand),
            "height": BASE + 12 + tallest_defenders * (CHIP_H + 2)}


def _hand(v: dict, y: int, width: int, speak: Speak) -> tuple[list[dict], int]:
    if v["hand"] is None:
        return [], 0
    chips, x, row = [], FORT_GAP, 0
    for card in v["hand"]:
        label = speak(_card(card))  # a chip is as wide as its words
        chip_w = 12 + 6 * len(label)
        if x + chip_w > width - FORT_GAP:
            x, row = FORT_GAP, row + 1
        chips.append({"label": label, "x": x, "y": y + 26 + row * 24, "width": chip_w})
        x += chip_w + 6
    return chips, 30 + (row + 1) * 24


def _target(v: dict, target: str) -> Any:
    """The attack's target as the view's `target_text` says it ('{P1}'s wall W1', '{P1}'s castle',
    'V20 Archer stationed on {P1}'s W1'), said from the fortresses; the view's text where they
    do not name it."""
    found: Any = target
    owner, _, post = target.partition("/")
    if owner.isdigit() and post:
        found = say("{player}'s castle", player=P(int(owner))) if post == "C" else \
            say("{player}'s wall {post}", player=P(int(owner)), post=post)
    for fort in v["fortresses"]:
        for place in fort["posts"]:
            if target in place["defenders"]:
                found = say("{card} stationed on {player}'s {post}", card=_card(target), player=P(fort["seat"]),
                            post=place["post"])
    return found if str(found) == v["battle"]["target_text"] else v["battle"]["target_text"]


def _panel(v: dict, seat: int | None, y: float, width: float, speak: Speak) -> Panel:
    def facts(s: int) -> Any:
        said = say("hand {hand}, loot pile {loot}", hand=v["hand_sizes"][s], loot=v["loot_sizes"][s])
        return say("{facts} (out)", facts=said) if v["fortresses"][s]["castle"] is False else said

    panel = Panel(FORT_GAP, y, width - 2 * FORT_GAP, legend_rows(v["players"], seat, facts), speak=speak)
    decks = v["decks"]
    discard = len(v["discard"])
    status = [status_line(v),
              join(", ", [say("{deck} {size}", deck=term(name), size=decks[name.lower()])
                          for name in ("Village", "Siege", "Academy", "Dungeon")]),
              say("Discard pile {size}, top {card}", size=discard, card=_card(v["discard"][-1])) if v["discard"]
              else say("Discard pile {size}", size=discard)]
    if v["last_dungeon"]:
        status.append(say("Last dungeon card: {card}", card=term(CARDS.kinds[v["last_dungeon"]].name)))
    panel.box(say("Status"), status, "status")
    b = v["battle"]
    if b:
        lines = [_target(v, b["target"])]
        for part in b["cards"]:
            if "cards" in part:
                lines.append(say("P{seat}: {cards}", seat=part["seat"], cards=_cards(part["cards"])))
            elif "count" in part:
                lines.append(say_n("P{seat}: {n} hidden cards", "P{seat}: {n} hidden cards", part["count"],
                                   seat=part["seat"]))
            else:
                lines.append(say("P{seat}: hidden", seat=part["seat"]))
        if b["reactions"]:
            lines.append(say("Reactions: {cards}", cards=_cards(b["reactions"])))
        if b["waiting"] is not None:
            lines.append(say("Waiting for P{seat}", seat=b["waiting"]))
        heading = say("Night attack by P{seat}", seat=b["attacker"]) if b["night"] else \
            say("Attack by P{seat}", seat=b["attacker"])
        panel.box(heading, lines, "battle", fill="#F6E6F0")
    return panel
