"""What each seat may see (WQ-TABLE-9) and the terminal picture drawn from it."""
from __future__ import annotations

from typing import Any

from core.protocol import Prompt, seat_legend
from core.wizards_quest import board, cards
from core.wizards_quest.board import ORC, IDS, DUCHY_NAMES
from core.wizards_quest import state as S
from core.wizards_quest.state import State

LOC_NAMES = {S.HELD: "held", S.TAKEN: "collected", S.GONE: "removed"}


def make_view(st: State, seat: int | None, prompts: list[Prompt]) -> dict:
    """What `seat` may see (None: a spectator): the map, treasures (secret kinds hidden), own cards."""
    np = st["players"]
    terr = []
    for t in range(board.TERRITORIES):
        s = st["owner"][t]
        entry = {"id": IDS[t], "name": board.NAMES[t], "owner": None if s < 0 else ("orcs" if s == ORC else s),
                 "men": st["men"][t] if 0 <= s < ORC else 0, "orcs": st["men"][t] if s == ORC else 0,
                 "hero": S.hero_at(st, s, t) if 0 <= s < ORC else None,
                 "strength": min(6, S.army_strength(st, t) + (S.defence_bonus(st, t, board.LAND) if s >= 0 else 0))}
        terr.append(entry)
    secret = st["options"]["blank"]
    treasures = []
    for i, tr in enumerate(st["treasures"]):
        visible = not secret or tr[2] == S.TAKEN or seat == tr[3]
        entry = {"id": S.treasure_id(i), "owner": tr[0], "kind": S.KIND_NAMES[tr[1]] if visible else None,
                 "at": IDS[tr[2]] if tr[2] >= 0 else LOC_NAMES[tr[2]]}
        if tr[2] == S.HELD and seat is not None and seat == tr[3]:
            entry["to_hide"] = True  # handed to this seat to hide (WQ-SETUP-7): only its own view says so
        treasures.append(entry)
    tn = st["turn"]
    return {
        "game": "wizards-quest", "players": np, "round": st["round"], "start": st["start"],
        "first": st["first"], "territories": terr,
        "dragon": IDS[st["dragon"]] if st["dragon"] >= 0 else None,
        "peacemaker": IDS[st["peace"]] if st["peace"] >= 0 else None,
        "protected_duchy": S.protected_duchy(st) or None,
        "treasures": treasures, "collected": [S.collected(st, s) for s in range(np)],
        "eliminated": list(st["eliminated"]),
        "hand": list(st["hands"][seat]) if seat is not None else None,
        "hand_cards": [cards.describe(c) for c in st["hands"][seat]] if seat is not None else None,
        "hand_sizes": [len(h) for h in st["hands"]], "boats": [len(b) for b in st["boats"]],
        "deck": len(st["deck"]), "discard": len(st["discard"]),
        "turn": tn["seat"] if tn else None, "campaigns_left": tn["campaigns"] if tn else None,
        "standing": st["standing"][seat] if seat is not None else None,
        "options": dict(st["options"]),
        "prompts": [p.to_json() for p in prompts],
        "decision": _decision(st, seat),
        "winners": st["winners"], "reason": st["reason"] or None,
    }


def _decision(st: State, seat: int | None) -> dict | None:
    """The details of the question put to this seat (only to that seat), territories by ID."""
    f = st["frames"][-1] if st["frames"] and st["winners"] is None else None
    if f is None or not f["kind"].startswith("ask-") or f["seat"] != seat:
        return None
    out: dict = {"kind": f["kind"][4:]}
    details: dict[str, Any] = S.FRAME_1.downgrade(f)  # the view keeps the frame's format-1 keys (docs)
    for key, value in details.items():
        if key in ("k", "seat") or (key == "new" and value not in st["hands"][seat]):
            continue  # a played ring card is in the discard pile: no longer shown
        if key in ("t", "src", "tgt", "single") and isinstance(value, int):
            value = IDS[value] if value >= 0 else None
        elif key == "ex":
            value = [IDS[t] for t in value]
        out[key] = value
    return out


def _occupant(e: dict) -> str:
    if e["owner"] is None:
        return "."
    if e["owner"] == "orcs":
        return f"orcs {e['orcs']}"
    hero = {"champion": "+C", "wizard": "+W"}.get(e["hero"], "")
    return f"P{e['owner']} {e['men']}{hero}"


LEGEND = [
    "Legend: D1C2 county 2 of duchy 1, K1 castle 1; P0 3+C seat 0: 3 men and the champion (+W wizard);",
    "  orcs 2 two orcs; . empty; s4 defence strength; $1cr seat 1's hidden crown (ch chest, ri ring);",
    "  DRAGON / PEACE the dragon / the Peacemaker. `herald explain wizards-quest THING` says more.",
]


def render_view(view: dict, seat: int | None) -> str:
    """The terminal picture: duchies and castles with their armies, then the rest of the table."""
    lines = [f"Wizard's Quest, round {view['round']}, starting player P{view['start']}"
             + (f", P{view['turn']} to act" if view["turn"] is not None else ""),
             seat_legend(view["players"], seat)]
    lines += _map_lines(view)
    lines += _table_lines(view, seat)
    lines += LEGEND
    if view["winners"] is not None:
        lines.append("Game over: " + (", ".join(f"P{w}" for w in view["winners"]) or "nobody")
                     + f" ({view['reason']}).")
    return "\n".join(line[:100] for line in lines)


def to_hide(view: dict) -> list[str]:
    """The treasures this seat was handed to hide, and whose they are: `T06=P2 crown`."""
    return [f"{t['id']}=P{t['owner']} {t['kind'] or '?'}" for t in view["treasures"] if t.get("to_hide")]


def _marks(view: dict) -> dict[str, list[str]]:
    """What lies on each territory besides its army: treasures, the dragon, the Peacemaker."""
    by_id = {e["id"] for e in view["territories"]}
    marks: dict[str, list[str]] = {}
    for tr in view["treasures"]:
        if tr["at"] in by_id:
            marks.setdefault(tr["at"], []).append(f"${tr['owner']}{(tr['kind'] or '?')[:2]}")
    if view["dragon"]:
        marks.setdefault(view["dragon"], []).append("DRAGON")
    if view["peacemaker"]:
        marks.setdefault(view["peacemaker"], []).append("PEACE")
    return marks


def _wrapped(cells: list[str]) -> list[str]:
    """Cells joined by ' | ' in lines of at most 100 characters."""
    lines, row = [], ""
    for c in cells:
        if row and len(row) + 3 + len(c) > 97:
            lines.append("   " + row)
            row = ""
        row = f"{row} | {c}" if row else c
    if row:
        lines.append("   " + row)
    return lines


def _map_lines(view: dict) -> list[str]:
    by_id = {e["id"]: e for e in view["territories"]}
    marks = _marks(view)

    def cell(tid: str) -> str:
        extra = " " + " ".join(marks[tid]) if tid in marks else ""
        return f"{tid} {_occupant(by_id[tid])} s{by_id[tid]['strength']}{extra}"

    lines = []
    for d in range(1, 7):
        prot = " (protected by the Peacemaker)" if view["protected_duchy"] == d else ""
        lines.append(f"{d} {DUCHY_NAMES[d]}{prot}:")
        lines += _wrapped([cell(f"D{d}C{c}") for c in range(1, 7)])
    lines.append("Castles:")
    lines += _wrapped([cell(f"K{k}") for k in range(1, 9)])
    return lines


def _table_lines(view: dict, seat: int | None) -> list[str]:
    """Creatures, treasures, cards, boats and who is being waited for."""
    on_map = {e["id"] for e in view["territories"]}
    lines = [f"Dragon: {view['dragon'] or 'off the map'}   Peacemaker: {view['peacemaker'] or 'off the map'}",
             "Treasures collected: " + ", ".join(f"P{s} {c}/3" for s, c in enumerate(view["collected"]))
             + "   out: " + (", ".join(f"P{s}" for s, o in enumerate(view["eliminated"]) if o) or "nobody")]
    hidden = [f"{t['id']}=P{t['owner']} {t['kind'] or '?'}@{t['at']}" for t in view["treasures"] if t["at"] in on_map]
    for i in range(0, len(hidden), 5):
        lines.append(("Treasures: " if i == 0 else "           ") + "  ".join(hidden[i:i + 5]))
    handed = to_hide(view)
    if handed:
        lines.append("To hide (handed to you): " + "  ".join(handed))
    lines.append(f"Deck {view['deck']}, discards {view['discard']}; boats: "
                 + ", ".join(f"P{s} {b}" for s, b in enumerate(view["boats"])))
    if seat is not None:
        lines.append("Your cards: " + ("; ".join(view["hand_cards"]) or "none")
                     + f"   your boats: {view['boats'][seat]}   losses: {view['standing']}")
    for p in view["prompts"]:
        lines.append(f"Waiting for P{p['seat']}: {p['text']}")
    return lines
