"""What a seat may see (view, hidden_from) and the terminal picture drawn from a view only."""
from __future__ import annotations

from typing import Any

from core.medieval_mastery import battle as battle_mod
from core.medieval_mastery import data, rules
from core.medieval_mastery.options import option
from core.medieval_mastery.rules import board_of
from core.medieval_mastery.state import Battle, State
from core.medieval_mastery.words import P, reread, seat_word
from core.layout import listed, sentence
from core.text import ROW, join, say, say_n, term

STEP_TEXT = {2: say("step 2 (resource cards, crown, then redistribute/advance)"),
             4: say("step 4 (redistribute/advance)"), 7: say("step 7 (resource cards, crown, end)")}
STAGE_TEXT = {"m1": say("manoeuvre: redistribute or advance"), "m2": say("manoeuvre: advance or skip"),
              "vit": say("{crown}: redistribute or skip", crown=term("Crown of Vitality")), "battle": say("battle")}
# What a territory does (data.TILES' ability column), said for the board.
ABILITY = {
    "Homelands": say("starting knights"), "Grasslands": say("attacker +1"), "Forest": say("no ability"),
    "Marshlands": say("conqueror loses 1 knight"), "Village": say("conquest: +1 knight"),
    "Fort": say("defender +1"), "Abbey": say("conquest: +1 knight, may discard"),
    "Ruins": say("conquest: may discard"), "Cave": say("capacity 3"), "Mountains": say("no support cards"),
    "Arena": say("roll-off at battle start"), "City": say("defender +1; conquest: +1 knight"),
    "Fortress": say("defender +1; conquest: may discard"), "Battlefield": say("capacity 4"),
}
WINDOW_WAIT = {  # a Fracture window under way, for "Now:"
    "crown": lambda who: say("crown {card} window, waiting for {who}", card=term("Fracture"), who=who),
    "sceptre": lambda who: say("sceptre {card} window, waiting for {who}", card=term("Fracture"), who=who),
    "orb": lambda who: say("orb {card} window, waiting for {who}", card=term("Fracture"), who=who),
}
# The standing answer a seat has set, a message each (the value said with its meaning where the
# language's words differ from the notation's)
STANDING_ANSWERS = {"always": say("Your standing answer: always ({card} windows).", card=term("Fracture")),
                    "unless-mine": say("Your standing answer: unless-mine ({card} windows).", card=term("Fracture"))}
WINDOW_OPEN = {
    "crown": say("{card} window open (crown).", card=term("Fracture")),
    "sceptre": say("{card} window open (sceptre).", card=term("Fracture")),
    "orb": say("{card} window open (orb).", card=term("Fracture")),
}


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
        return say("{player}'s turn, {what}", player=seat_word(turn["active"]),
                   what=STAGE_TEXT.get(turn["stage"], STEP_TEXT.get(turn["step"], "")))
    if phase == "commit":
        seats = [f"P{s}" for s, done in zip([b["attacker"], b["defender"]], b["committed"]) if not done]
        both = say("{first} and {second}", first=seats[0], second=seats[1]) if len(seats) == 2 else "".join(seats)
        return say("conflict cards from {seats}", seats=both)
    if phase == "support":
        who = b.get("support_turn")
        if who is not None:
            return say("support cards from {player}", player=seat_word(who))
        return say("support cards from the combatants' sides")
    if phase == "window":
        asked = v["window"].get("asked")
        return WINDOW_WAIT[v["window"]["kind"]](f"P{asked}" if asked is not None else say("the players concerned"))
    if phase == "choice":
        return say("a choice by {player}", player=seat_word(v["choice"]["seat"]))
    return phase


def _who(seat) -> str:
    return "--" if seat is None or seat < 0 else f"P{seat}"


LEGEND = [
    say("Legend: S10 P1x6 territory (as moves name it) of seat 1, 6 knights (.. nobody); [C2:3] castle of"),
    say("  seat 1 with 3 knights; ~L1~ lake; 2VP victory points; cap 4 at most 4 knights; free dice 9 spare"),
    say("  dice. `herald explain medieval-mastery THING` explains a symbol, card, artefact or territory."),
]


TITLE = term("Medieval Mastery")  # the game's name, as the reader's edition or term list gives it


def render(v: dict, seat: int | None) -> str:
    """The terminal picture of a view: the map, the territories, the players, what is going on.
    Each line a message (a line of notation only is plain text); a list longer than WIDTH goes on
    to the next line, and no line is cut (core/layout.py)."""
    turn = v["turn"]
    head = say("{game}, {players} players, target {target} VP. Turn {turn}: {active}", game=TITLE, players=v["players"],
               target=v["target"], turn=turn["number"], active=seat_word(turn["active"]))
    if v["result"]:
        head = say("GAME OVER: {reason}", reason=reread(v["result"]["reason"]))
    lines = [sentence(ROW, head, indent=2), _seat_legend(v["players"], seat)]  # (a reason may name players)
    lines += _map_lines(v) + _table_lines(v) + _now_lines(v, seat)
    return join("\n", lines)


LISTING = "{first}, {second}"  # words.listing's message: a list's separator in the reader's language


def _hand_lines(titles: list) -> list:
    """'Your hand: a, b, c', going on to more lines (under the first card, each line but the last
    ending with the list's comma) where the hand needs them in the reader's words."""
    if not titles:
        return [say("Your hand: {cards}", cards=EMPTY)]
    return [listed(titles, ", ", say("Your hand: {cards}", cards=ROW), pair=LISTING, carry=True)]


def artefact_name(artefact: dict, kind: int) -> Any:
    """A seat's crown (kind 0), sceptre (1) or orb (2) by name, "(destroyed)" beside it once it is:
    a message for each kind, since the word agrees with it in some languages (Корона ...
    разрушена, Скипетр ... разрушен; Cetro ... destruido)."""
    name = term(artefact["name"])
    if artefact["up"]:
        return name
    if kind == 0:
        return say("{crown} (destroyed)", crown=name)
    if kind == 1:
        return say("{sceptre} (destroyed)", sceptre=name)
    return say("{orb} (destroyed)", orb=name)


def _seat_legend(players: int, seat: int | None) -> Any:
    """core.protocol.seat_legend as a message: 'Players: P0 {P0}, P1 {P1}; you are P1', going
    on to the next line where the players' names need it."""
    names = [f"P{s} {{P{s}}}" for s in range(players)]
    if seat is None:
        return listed(names, ", ", say("Players: {names}", names=ROW))
    return listed(names, ", ", say("Players: {names}; you are {you}", names=ROW, you=seat_word(seat)))


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
    lines: list[str] = [say("Territories:")]
    for t in v["territories"]:
        owner = f"{_who(t['owner'])} x{t['knights']}" if t["owner"] >= 0 else EMPTY
        cap = say(" cap {capacity}", capacity=t["capacity"]) if t["capacity"] != 6 else ""
        ability = ABILITY.get(t["tile"], t["ability"])
        lines.append(say("  {slot} {tile:<11} {vp}VP{cap:<6} {owner:<8} {ability}", slot=t["slot"], tile=term(t["tile"]),
                         vp=t["vp"], cap=cap, owner=owner, ability=ability))
    lines.append(say("Players:"))
    for p in v["seats"]:
        arts = [artefact_name(a, kind) for kind, a in enumerate(p["artefacts"])]
        castle = v["castles"][p["seat"]]
        lines.append(say("  P{seat} {castle}: {vp} VP, castle {knights}, hand {hand}, deck {deck}, discard {discard}, "
                         "free dice {dice}", seat=p["seat"], castle=castle["name"], vp=p["vp"], knights=castle["knights"],
                         hand=p["hand"], deck=p["deck"], discard=len(p["discard"]), dice=p["dice_free"]))
        lines.append(sentence(ROW, say("     {crown}, {sceptre}, {orb}", crown=arts[0], sceptre=arts[1], orb=arts[2])))
    return lines


EMPTY = say("empty")


def _now_lines(v: dict, seat: int | None) -> list[str]:
    """The battle, the window, the seat's hand and question, who is waited for, the legend."""
    lines: list[str] = []
    b = v["battle"]
    if b:
        lines.append(sentence(ROW, say_n(
            "Battle for {tile}: {attacker} attacks with {n} knight, strength {attack}; {defender} defends, strength "
            "{defence}.",
            "Battle for {tile}: {attacker} attacks with {n} knights, strength {attack}; {defender} defends, strength "
            "{defence}.", b["attacker_knights"], tile=b["tile"], attacker=P(b["attacker"]), attack=b["attacker_strength"],
            defender=P(b["defender"]), defence=b["defender_strength"]), indent=2))
    if v["window"]:
        lines.append(WINDOW_OPEN[v["window"]["kind"]])
    if seat is not None and v["hand"] is not None:
        lines += _hand_lines([term(c["title"]) for c in v["hand"]])
        if v["choice"] and v["choice"].get("text"):
            lines.append(sentence(say("To decide: {text}", text=ROW), reread(v["choice"]["text"])))
            if v["choice"].get("cards"):
                lines.append(listed([say("{position}={card}", position=i + 1, card=term(c["title"]))
                                     for i, c in enumerate(v["choice"]["cards"])],
                                    ", ", say("  Cards: {cards}", cards=ROW), pair=LISTING, carry=True))
    if not v["result"]:
        lines.append(say("Now: {what}", what=_waiting(v)))
    lines += LEGEND
    if seat is not None and v.get("standing", "off") != "off":
        lines.append(STANDING_ANSWERS[v["standing"]])
    return lines
