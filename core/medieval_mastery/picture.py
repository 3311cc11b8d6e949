"""Medieval Mastery's map as an SVG picture, drawn from a seat's view only.

The hexes stand where the map data puts them (axial pointy-top coordinates `q`, `r` of
`data.LAYOUTS`, which the view carries): territories tinted by type with their VP, the
owner's colour and knight count, castles with their garrison, lakes, the battle under way,
and beside the map the players, the battle and the seat's own hand. Every word is a message
(core/picture.py), said in the reader's language by `speak`.
"""
from __future__ import annotations

import math
from typing import Any

from core.medieval_mastery import data, view as view_mod
from core.medieval_mastery.data import TILES
from core.medieval_mastery.words import reread
from core.picture import ACCENT, SQRT3, Panel, Speak, draw, hex_points, legend_rows, seat_colour, seat_ink
from core.text import join, say, say_n, term

SIZE = 40  # hex radius
MARGIN = 12
MIN_WIDTH = 420  # room for the panel under a small map
TILE_FILLS = {
    "Homelands": "#F4ECD6", "Grasslands": "#DDEBC3", "Forest": "#BBD8AA", "Marshlands": "#CADBD2",
    "Village": "#F0E1C5", "Fort": "#DCD2C6", "Abbey": "#E9E0F0", "Ruins": "#DAD4CA", "Cave": "#CBC4BA",
    "Mountains": "#CCCCCC", "Arena": "#EFDCC8", "City": "#E8D6B6", "Fortress": "#CFC3B3",
    "Battlefield": "#E6CFC6",
}
LAKE_FILL = "#9DC8E8"
# A territory's words and token, top to bottom: its slot, its tile's name (NAME_FONT at NAME_BASELINE,
# squeezed by `fit` into NAME_ROOM, the hexagon's width there less the owner's 4-pixel border and
# CLEAR more each side: "Родные земли" ran across the border), the knights' token (KNIGHTS: its
# centre's offset and radius, CLEAR from the name and the worth) and the worth ("3VP max 4") in the
# hexagon's bottom corner. The worth's room is the hexagon's width at the words' foot (their
# descent, a quarter of the font), CLEAR inside the border across the corner's shallow sides:
# English's words fit it, longer ones (Russian "2ПО макс. 3", Spanish "3PV máx. 4") are squeezed
# into it.
CLEAR = 1.5
NAME_FONT, NAME_BASELINE = 9, -9.5
NAME_ROOM = math.floor(2 * ((SIZE - 1) * SQRT3 / 2 - 2 - CLEAR))
KNIGHTS = (-6, 4.5, 10)  # dx, dy, r
WORTH_FONT, WORTH_BASELINE = 7, 21.5
WORTH_ROOM = math.floor(2 * ((SIZE - 1) * SQRT3 / 2 - 2 - CLEAR - (WORTH_BASELINE + 0.24 * WORTH_FONT) * SQRT3 / 2) * 2)


def _centre(q: int, r: int) -> tuple[float, float]:
    return SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r


def _placed(items, key_q="q", key_r="r"):
    return [(item, *_centre(item[key_q], item[key_r])) for item in items]


def picture(v: dict, seat: int | None, touched: frozenset = frozenset(), speak: Speak | None = None) -> str:
    speak = speak or str
    cells = _placed(v["territories"]) + _placed(v["lakes"]) + _placed(v["castles"])
    xs = [x for _, x, _ in cells]
    ys = [y for _, _, y in cells]
    map_width = max(xs) - min(xs) + 2 * SIZE + 2 * MARGIN
    dx = MARGIN + SIZE - min(xs) + max(0, MIN_WIDTH - map_width) / 2
    dy = MARGIN + SIZE + 30 - min(ys)
    battle_tile = v["battle"]["tile"] if v["battle"] else None
    territories = [_territory(t, x + dx, y + dy, touched, battle_tile) for t, x, y in _placed(v["territories"])]
    lakes = [{"name": lake["name"], "label": say("{lake} lake", lake=lake["name"]), "x": x + dx, "y": y + dy, "points": hex_points(x + dx, y + dy, SIZE - 1, False)}
             for lake, x, y in _placed(v["lakes"])]
    castles = [_castle(c, x + dx, y + dy, touched) for c, x, y in _placed(v["castles"])]
    map_height = max(ys) - min(ys) + 2 * SIZE + 2 * MARGIN + 30
    width = max(map_width, MIN_WIDTH)
    panel = _panel(v, seat, map_height, width, speak)
    return draw("medieval_mastery/picture.svg.j2", speak, game="medieval-mastery", width=round(width),
                height=panel.bottom + 4, title=_title(v), heading=_title(v), territories=territories, lakes=lakes,
                castles=castles, panel=panel, accent=ACCENT, worth={"size": WORTH_FONT, "dy": WORTH_BASELINE,
                                                                    "room": WORTH_ROOM},
                name={"size": NAME_FONT, "dy": NAME_BASELINE, "room": NAME_ROOM},
                knights={"dx": KNIGHTS[0], "dy": KNIGHTS[1], "r": KNIGHTS[2]})


GAME = term("Medieval Mastery")


def _title(v: dict) -> Any:
    turn = v["turn"]
    if v["result"]:
        return say("{game}: game over", game=GAME)
    return say("{game}, turn {turn}, target {target} VP", game=GAME, turn=turn["number"], target=v["target"])


# The tiles whose one ability is their capacity (the data's "capacity 3"): said once in a title.
ONLY_CAPACITY = frozenset(tile for tile, (_vp, _count, capacity, ability) in TILES.items()
                          if ability == f"capacity {capacity}")


def _territory(t: dict, x: float, y: float, touched: frozenset, battle_tile: str | None) -> dict:
    owner = t["owner"] if t["owner"] >= 0 else None
    tile = term(t["tile"])
    if t["tile"] in ONLY_CAPACITY:  # its ability is its capacity, said once
        title = say("{territory} {tile}: {vp} VP, capacity {capacity}", territory=t["slot"], tile=tile, vp=t["vp"],
                    capacity=t["capacity"])
    else:  # the ability as the text board says it, in the reader's words
        title = say("{territory} {tile}: {vp} VP, capacity {capacity}, {ability}", territory=t["slot"], tile=tile,
                    vp=t["vp"], capacity=t["capacity"], ability=view_mod.ABILITY.get(t["tile"], t["ability"]))
    if owner is not None:
        title = say_n("{territory}; P{seat} {player} with {n} knights", "{territory}; P{seat} {player} with {n} knights",
                      t["knights"], territory=title, seat=owner, player="{P%d}" % owner)
    return {"id": t["slot"], "x": round(x, 1), "y": round(y, 1), "points": hex_points(x, y, SIZE - 1, False),
            "fill": TILE_FILLS.get(t["tile"], "#EEEEEE"), "tile": tile, "title": title, "vp": t["vp"],
            "worth": say("{vp}VP", vp=t["vp"]) if t["capacity"] == 6 else
            say("{vp}VP max {capacity}", vp=t["vp"], capacity=t["capacity"]),
            "owner": owner, "knights": t["knights"],
            "colour": seat_colour(owner), "ink": seat_ink(owner), "touched": t["slot"].upper() in touched,
            "battle": t["slot"] == battle_tile}


def _castle(c: dict, x: float, y: float, touched: frozenset) -> dict:
    return {"id": c["name"], "seat": c["seat"], "x": round(x, 1), "y": round(y, 1), "knights": c["knights"],
            "title": say_n("Castle {castle} of P{seat} {player}: {n} knights", "Castle {castle} of P{seat} {player}: {n} knights",
                           c["knights"], castle=c["name"], seat=c["seat"], player="{P%d}" % c["seat"]),
            "points": hex_points(x, y, SIZE - 1, False), "colour": seat_colour(c["seat"]),
            "ink": seat_ink(c["seat"]), "touched": c["name"].upper() in touched}


def _artefact_lines(v: dict, columns: int, speak: Speak) -> list[str]:
    """Each seat's crown, sceptre and orb, a name never broken over two lines (in the reader's
    words: the fit is measured on them)."""
    lines = []
    for p in v["seats"]:
        line = f"P{p['seat']}:"
        for kind, a in enumerate(p["artefacts"]):
            name = speak(view_mod.artefact_name(a, kind))
            if len(line) + 1 + len(name) > columns and line.strip().endswith(","):
                lines.append(line)
                line = "    "
            line = f"{line} {name}," if line.strip() else f"{line}{name},"
        lines.append(line.rstrip(","))
    return lines


def _card_name(name: str) -> Any:
    """A conflict card's name as the battle shows it, from the view's name of its kind ('5',
    'ambush'; 'none': no card): its title, a component name said in the reader's words ('P1
    played Emboscada (3)', where the kind's own name stayed 'ambush' in every language)."""
    if name == "none":
        return say("none")
    code = data.KIND_OF_NAME.get(name)
    if code == "AM":
        return term("Ambush")  # (its title's "(d6)" would stand beside the value rolled)
    return term(data.CARD_TITLES[code]) if code in data.CARD_TITLES else term(name)


def _panel(v: dict, seat: int | None, y: float, width: float, speak: Speak) -> Panel:
    """The legend, the status, the battle and my hand, under the map."""
    castles = {c["seat"]: c for c in v["castles"]}

    def facts(s):
        p = v["seats"][s]
        return say("{vp} VP, castle {knights}, hand {hand}, deck {deck}, dice {dice}", vp=p["vp"],
                   knights=castles[s]["knights"], hand=p["hand"], deck=p["deck"], dice=p["dice_free"])

    panel = Panel(MARGIN, y, width - 2 * MARGIN, legend_rows(v["players"], seat, facts), legend_columns=1,
                  speak=speak)
    panel.box(say("Artefacts"), _artefact_lines(v, panel.columns, speak), "artefacts")
    panel.box(say("Status"), [say("Game over: {reason}", reason=reread(v["result"]["reason"]))] if v["result"]
              else [say("Now: {what}", what=view_mod._waiting(v))], "status")
    b = v["battle"]
    if b:
        lines = [say_n("P{seat} attacks with {n} knights: strength {strength}",
                       "P{seat} attacks with {n} knights: strength {strength}", b["attacker_knights"],
                       seat=b["attacker"], strength=b["attacker_strength"]),
                 say("P{seat} defends: strength {strength}", seat=b["defender"], strength=b["defender_strength"])]
        for who, shown in zip((b["attacker"], b["defender"]), b["revealed"]):
            if shown:
                lines.append(say("P{seat} played {card} ({value})", seat=who, card=_card_name(shown["card"]),
                                 value=shown["value"]))
        if b.get("your_commit"):
            lines.append(say("Your conflict card: {card}", card=_card_name(b["your_commit"])))
        panel.box(say("Battle for {territory}", territory=b["tile"]), lines, "battle", fill="#F6E6F0")
    if v["hand"] is not None:
        panel.box(say("Your hand"), [join(", ", [term(c["title"]) for c in v["hand"]]) if v["hand"] else say("(empty)")],
                  "hand", fill="#FFFBEA")
        choice = v.get("choice") or {}
        if choice.get("text"):
            panel.box(say("To decide"), [reread(choice["text"])] + [join(": ", [str(i + 1), term(c["title"])])
                                                             for i, c in enumerate(choice.get("cards", []))],
                      "choice")
    return panel
