"""What a seat may see (view, hidden_from) and the terminal picture drawn from a view only."""
from __future__ import annotations

from core.medieval_mastery import battle as battle_mod
from core.medieval_mastery import data, rules
from core.medieval_mastery.options import option
from core.medieval_mastery.rules import board_of
from core.medieval_mastery.state import Battle, State
from core.protocol import seat_legend
from core.text import count

STEP_TEXT = {2: "step 2 (resource cards, crown, then redistribute/advance)", 4: "step 4 (redistribute/advance)",
             7: "step 7 (resource cards, crown, end)"}
STAGE_TEXT = {"m1": "manoeuvre: redistribute or advance", "m2": "manoeuvre: advance or skip",
              "vit": "Crown of Vitality: redistribute or skip", "battle": "battle"}


def _card(c: int) -> dict:
    return {"id": rules.card_id(c), "card": data.NAME_OF_KIND[rules.kind(c)], "title": rules.title(c)}


def view(st: State, seat: int | None) -> dict:
    """What `seat` may see (None: an onlooker): the board, public seat facts, its own hand."""
    out = {
        "game": "medieval-mastery", "players": st["players"], "you": seat, "options": dict(st["options"]),
        "target": rules.target_vp(st), "teams": rules.teams(st),
        "turn": {"active": st["active"], "number": st["turn"], "step": st["step"], "stage": st["stage"],
                 "crown_used": st["crown_used"]},
        "phase": st["phase"], **_map_view(st), "seats": [_seat_view(st, p) for p in range(st["players"])],
        "hand": None, "battle": None, "window": None, "choice": None, "result": st["win"],
    }
    if seat is not None:
        out["hand"] = [_card(c) for c in st["hand"][seat]]
        out["standing"] = st["standing"][seat]
    if st["battle"] is not None:
        out["battle"] = _battle_view(st, st["battle"], seat)
    w = st["window"]
    if w is not None:
        out["window"] = {"kind": w["kind"]}
        if option(st, "windows") == "strict" or seat == w["asked"]:
            out["window"]["asked"] = w["asked"]
    ch = st["choice"]
    if ch is not None:
        out["choice"] = {"kind": ch["kind"], "seat": ch["seat"]}
        if seat == ch["seat"]:
            out["choice"]["text"] = ch["text"]
            if "cards" in ch:
                out["choice"]["cards"] = [_card(c) for c in ch["cards"]]
    return out


def _map_view(st: State) -> dict:
    """Territories, lakes and castles with their coordinates."""
    board = board_of(st)
    territories = []
    for s in range(board.n_slots):
        tile = st["tile"][s]
        q, r = board.coords[s]
        territories.append({"slot": board.names[s], "q": q, "r": r, "tile": tile, "vp": rules.slot_vp(st, s),
                            "capacity": rules.capacity(st, s), "ability": data.TILES[tile][3],
                            "owner": st["owner"][s], "knights": st["knights"][s]})
    lakes = [{"name": board.names[n], "q": board.coords[n][0], "r": board.coords[n][1]} for n in board.lakes]
    castles = [{"name": board.names[n], "seat": k, "q": board.coords[n][0], "r": board.coords[n][1],
                "knights": st["castle"][k]} for k, n in enumerate(board.castle_node)]
    return {"territories": territories, "lakes": lakes, "castles": castles}


def _seat_view(st: State, p: int) -> dict:
    """A seat's public facts; a card committed face down still counts in the hand ('none' must not show)."""
    hand = len(st["hand"][p])
    b = st["battle"]
    if b is not None and st["phase"] == "commit" and p in (b["attacker"], b["defender"]):
        c = b["commit"][0 if p == b["attacker"] else 1]
        hand += 1 if c is not None and c >= 0 else 0
    return {
        "seat": p,
        "artefacts": [{"type": data.ARTEFACT_TYPES[t], "name": data.ART_TITLE[st["artefacts"][p][t]],
                       "text": data.ART_TEXT[st["artefacts"][p][t]], "up": st["down"][p][t] == -1}
                      for t in range(3)],
        "vp": rules.vp(st, p), "hand": hand, "deck": len(st["deck"][p]),
        "discard": [_card(c) for c in st["discard"][p]],
        "in_play": [_card(c) for c in (st.get("ta_card", -1),) if c >= 0 and rules.owner(c) == p],
        "dice_free": data.DICE_PER_PLAYER - rules.dice_used(st, p),
    }


def _battle_view(st: State, b: Battle, seat: int | None) -> dict:
    """The battle; who is asked for support only when that shows nothing (strict, or the one asked)."""
    vb = {"tile": board_of(st).names[b["node"]], "attacker": b["attacker"], "defender": b["defender"],
          "attacker_knights": b["attack_knights"], "siege": b["siege"], "attacker_strength": b["attack_strength"],
          "defender_strength": b["defence_strength"], "committed": [c is not None for c in b["commit"]],
          "revealed": [None if x is None else {"card": "none" if x[0] < 0 else data.NAME_OF_KIND[rules.kind(x[0])],
                                               "value": x[1]} for x in b["shown"]],
          "table": [_card(c) for c in b["table"]],
          "winner": b["winner"] if b["winner"] >= 0 else None, "margin": b["margin"] or None}
    if st["phase"] == "support" and (option(st, "windows") == "strict" or seat == battle_mod.support_seat(b)):
        vb["support_turn"] = battle_mod.support_seat(b)  # fast: asking reveals a support card
    if seat in (b["attacker"], b["defender"]):
        mine = b["commit"][0 if seat == b["attacker"] else 1]
        if mine is not None:
            vb["your_commit"] = "none" if mine < 0 else data.NAME_OF_KIND[rules.kind(mine)]
    return vb


def hidden_from(st: State | dict, seat: int | None) -> list[str]:
    """Every deck card, other hands, others' face-down commitments; minus what `seat` peeks at."""
    hidden: list[int] = []
    for p in range(st["players"]):
        hidden += st["deck"][p]
        if p != seat:
            hidden += st["hand"][p]
    b = st["battle"]
    if b is not None:
        for side, p in ((0, b["attacker"]), (1, b["defender"])):
            c = b["commit"][side]
            if c is not None and c >= 0 and p != seat:
                hidden.append(c)
    ch = st["choice"]
    if ch is not None and ch["seat"] == seat and "cards" in ch:
        peeked = set(ch["cards"])
        hidden = [c for c in hidden if c not in peeked]
    return [rules.card_id(c) for c in hidden]


# --- render -------------------------------------------------------------------------------

def _waiting(v: dict) -> str:
    """Who the game waits for, from public facts only (a fast window does not say who)."""
    turn, phase, b = v["turn"], v["phase"], v["battle"]
    if phase == "main":
        return f"P{turn['active']}'s turn, " + STAGE_TEXT.get(turn["stage"], STEP_TEXT.get(turn["step"], ""))
    if phase == "commit":
        seats = [b["attacker"], b["defender"]]
        return "conflict cards from " + " and ".join(f"P{s}" for s, done in zip(seats, b["committed"]) if not done)
    if phase == "support":
        who = b.get("support_turn")
        return "support cards from " + (f"P{who}" if who is not None else "the combatants' sides")
    if phase == "window":
        asked = v["window"].get("asked")
        who = f"P{asked}" if asked is not None else "the players concerned"
        return f"{v['window']['kind']} Fracture window, waiting for {who}"
    if phase == "choice":
        return f"a choice by P{v['choice']['seat']}"
    return phase


def _who(seat) -> str:
    return "--" if seat is None or seat < 0 else f"P{seat}"


LEGEND = [
    "Legend: S10 P1x6 territory (as moves name it) of seat 1, 6 knights (.. nobody); [C2:3] castle of",
    "  seat 1 with 3 knights; ~L1~ lake; 2VP victory points; cap 4 at most 4 knights; free dice 9 spare",
    "  dice. `herald explain medieval-mastery THING` explains a symbol, card, artefact or territory.",
]


def render(v: dict, seat: int | None) -> str:
    """The terminal picture of a view: the map, the territories, the players, what is going on."""
    turn = v["turn"]
    head = f"Medieval Mastery, {v['players']} players, target {v['target']} VP. Turn {turn['number']}: P{turn['active']}"
    if v["result"]:
        head = "GAME OVER: " + v["result"]["reason"]
    lines = [head, seat_legend(v["players"], seat)]
    lines += _map_lines(v) + _table_lines(v) + _now_lines(v, seat)
    return "\n".join(line[:100] for line in lines)


def _map_lines(v: dict) -> list[str]:
    """The hex map, one text row per board row."""
    cells = {}
    for t in v["territories"]:
        mark = t["slot"] + (f" {_who(t['owner'])}x{t['knights']}" if t["owner"] >= 0 else " ..")
        cells[(t["q"], t["r"])] = mark.ljust(9)
    for lake in v["lakes"]:
        cells[(lake["q"], lake["r"])] = f"~{lake['name']}~".ljust(9)
    for c in v["castles"]:
        cells[(c["q"], c["r"])] = f"[{c['name']}:{c['knights']}]".ljust(9)
    rows: dict[int, list[tuple[int, str]]] = {}
    for (q, r), text in cells.items():
        rows.setdefault(r, []).append((2 * q + r, text))  # column of a hex: 2q + r half-cells
    low = min(x for row in rows.values() for x, _ in row)
    lines = []
    for r in sorted(rows):
        line = ""
        for x, text in sorted(rows[r]):
            line = line.ljust((x - low) * 5) + text
        lines.append("  " + line.rstrip())
    return lines


def _table_lines(v: dict) -> list[str]:
    """Territories and players, one line (two for a player) each."""
    lines = ["Territories:"]
    for t in v["territories"]:
        owner = f"{_who(t['owner'])} x{t['knights']}" if t["owner"] >= 0 else "empty"
        cap = f" cap {t['capacity']}" if t["capacity"] != 6 else ""
        lines.append(f"  {t['slot']} {t['tile']:<11} {t['vp']}VP{cap:<6} {owner:<8} {t['ability']}")
    lines.append("Players:")
    for p in v["seats"]:
        arts = ", ".join(a["name"] + ("" if a["up"] else " (destroyed)") for a in p["artefacts"])
        castle = v["castles"][p["seat"]]
        lines.append(f"  P{p['seat']} {castle['name']}: {p['vp']} VP, castle {castle['knights']}, hand {p['hand']}, "
                     f"deck {p['deck']}, discard {len(p['discard'])}, free dice {p['dice_free']}")
        lines.append(f"     {arts}")
    return lines


def _now_lines(v: dict, seat: int | None) -> list[str]:
    """The battle, the window, the seat's hand and question, who is waited for, the legend."""
    lines = []
    b = v["battle"]
    if b:
        lines.append(f"Battle for {b['tile']}: {{P{b['attacker']}}} attacks with {count(b['attacker_knights'], 'knight')}, "
                     f"strength {b['attacker_strength']}; {{P{b['defender']}}} defends, strength {b['defender_strength']}.")
    if v["window"]:
        lines.append(f"Fracture window open ({v['window']['kind']}).")
    if seat is not None and v["hand"] is not None:
        lines.append("Your hand: " + (", ".join(c["title"] for c in v["hand"]) or "empty"))
        if v["choice"] and v["choice"].get("text"):
            lines.append("To decide: " + v["choice"]["text"])
            if v["choice"].get("cards"):
                lines.append("  Cards: " + ", ".join(f"{i + 1}={c['title']}" for i, c in enumerate(v["choice"]["cards"])))
    if not v["result"]:
        lines.append("Now: " + _waiting(v))
    lines += LEGEND
    if seat is not None and v.get("standing", "off") != "off":
        lines.append(f"Your standing answer: {v['standing']} (Fracture windows).")
    return lines
