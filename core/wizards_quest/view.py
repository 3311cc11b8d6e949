"""What each seat may see (WQ-TABLE-9) and the terminal picture drawn from it."""
from __future__ import annotations

from typing import Any

from core.protocol import Prompt
from core.records import message_of
from core.layout import listed, sentence
from core.text import ROW, Flow, Joined, Msg, P, join, say, term
from core.wizards_quest import board, cards
from core.wizards_quest.board import ORC, IDS, DUCHY_NAMES
from core.wizards_quest import state as S
from core.wizards_quest.options import option
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
    secret = option(st, "blank-treasure")
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
        "hand_cards": [str(cards.describe(c)) for c in st["hands"][seat]] if seat is not None else None,
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


def _occupant(e: dict) -> str | Msg:
    if e["owner"] is None:
        return "."
    if e["owner"] == "orcs":
        return say("orcs {n}", n=e["orcs"])
    hero = {"champion": "+C", "wizard": "+W"}.get(e["hero"], "")
    return f"P{e['owner']} {e['men']}{hero}"


def legend() -> list[Msg]:
    """The legend's lines (the symbols stay as the board writes them)."""
    return [say("Legend: D1C2 county 2 of duchy 1, K1 castle 1; P0 3+C seat 0: 3 men and the champion (+W wizard);"),
            say("  orcs 2 two orcs; . empty; s4 defence strength; $1cr seat 1's hidden crown (ch chest, ri ring);"),
            say("  DRAGON / PEACE the dragon / the Peacemaker. `herald explain wizards-quest THING` says more.")]


def render_view(view: dict, seat: int | None) -> Joined:
    """The terminal picture: duchies and castles with their armies, then the rest of the table."""
    title = term("Wizard's Quest")
    lines: list = [say("{game}, round {round}, starting player P{start}, P{turn} to act", game=title,
                       round=view["round"], start=view["start"], turn=view["turn"])
                   if view["turn"] is not None and view["winners"] is None else  # (nobody acts once it is over)
                   say("{game}, round {round}, starting player P{start}", game=title, round=view["round"],
                       start=view["start"]),
                   players_line(view["players"], seat)]
    lines += _map_lines(view)
    lines += _table_lines(view, seat)
    lines += legend()
    if view["winners"] is not None:
        winners = ", ".join(f"P{w}" for w in view["winners"])
        lines.append(sentence(ROW, say("Game over: {winners} ({reason}).", winners=winners or say("nobody"),
                                       reason=reason_words(view["reason"] or "")), indent=2))
    return join("\n", lines)


def resigned(why: str) -> int | None:
    """The seat of a stored reason "{P2} resigned", else None."""
    seat = why[2:-10] if why.startswith("{P") and why.endswith("} resigned") else ""
    return int(seat) if seat.isdigit() else None


def reason_words(why: str) -> Msg:
    """The stored reason as the board's words ("Game over: P0 (collected all three treasures).")."""
    if why == "collected all three treasures":
        return say("collected all three treasures")
    if why == "last player standing":
        return say("last player standing")
    if why == "every player was eliminated":
        return say("every player was eliminated")
    seat = resigned(why)
    return say("{player} resigned", player=P(seat)) if seat is not None else say("{reason}", reason=why)


def players_line(players: int, seat: int | None) -> Flow:
    """'Players: P0 {P0}, P1 {P1}; you are P1' (core.protocol.seat_legend, said as a message),
    going on to the next line where the players' names need it."""
    names = [f"P{s} {{P{s}}}" for s in range(players)]
    return listed(names, ", ", say("Players: {players}; you are P{seat}", players=ROW, seat=seat) if seat is not None
                  else say("Players: {players}", players=ROW))


def _treasure(t: dict, at: bool) -> Joined:
    """`T06=P2 crown@D1C1` (at) or `T06=P2 crown`, the kind said by the term lists."""
    return join("", [f"{t['id']}=P{t['owner']} ", term(t["kind"]) if t["kind"] else "?"] + ([f"@{t['at']}"] if at else []))


def _marks(view: dict) -> dict[str, list]:
    """What lies on each territory besides its army: treasures, the dragon, the Peacemaker."""
    by_id = {e["id"] for e in view["territories"]}
    marks: dict[str, list] = {}
    for tr in view["treasures"]:
        if tr["at"] in by_id:
            marks.setdefault(tr["at"], []).append(f"${tr['owner']}{(tr['kind'] or '?')[:2]}")
    if view["dragon"]:
        marks.setdefault(view["dragon"], []).append(say("DRAGON"))
    if view["peacemaker"]:
        marks.setdefault(view["peacemaker"], []).append(say("PEACE"))
    return marks


def _wrapped(cells: list) -> Flow:
    """Cells joined by ' | ' in lines of at most WIDTH characters in the reader's words ("orcher 2"
    is longer than "orcs 2"), each line indented."""
    return listed(cells, " | ", "   " + ROW)


def _map_lines(view: dict) -> list:
    by_id = {e["id"]: e for e in view["territories"]}
    marks = _marks(view)

    def cell(tid: str) -> Joined:
        return join(" ", [tid, _occupant(by_id[tid]), f"s{by_id[tid]['strength']}"] + marks.get(tid, []))

    lines: list = []
    for d in range(1, 7):
        if view["protected_duchy"] == d:
            lines.append(say("{number} {duchy} (protected by the Peacemaker):", number=d, duchy=term(DUCHY_NAMES[d])))
        else:
            lines.append(say("{number} {duchy}:", number=d, duchy=term(DUCHY_NAMES[d])))
        lines.append(_wrapped([cell(f"D{d}C{c}") for c in range(1, 7)]))
    lines.append(say("Castles:"))
    lines.append(_wrapped([cell(f"K{k}") for k in range(1, 9)]))
    return lines


def _hand_lines(view: dict, seat: int) -> Flow:
    """'Your cards: ...   your boats: 1   losses: ask', the cards going on to more lines (under
    the first) where they need them, the boats after the last card where there is room."""
    hand = [cards.describe(c) for c in view["hand"] or []] or [say("none")]
    boats = (say("   your boats: {boats}   losses: men-first", boats=view["boats"][seat]) if view["standing"] == "men-first"
             else say("   your boats: {boats}   losses: ask", boats=view["boats"][seat]))  # a message each: said with its meaning
    return listed(hand, "; ", say("Your cards: {cards}", cards=ROW), tail=boats)


def _table_lines(view: dict, seat: int | None) -> list:
    """Creatures, treasures, cards, boats and who is being waited for."""
    on_map = {e["id"] for e in view["territories"]}
    out = ", ".join(f"P{s}" for s, o in enumerate(view["eliminated"]) if o)
    lines: list = [say("Dragon: {dragon}   Peacemaker: {peacemaker}", dragon=view["dragon"] or say("off the map"),
                       peacemaker=view["peacemaker"] or say("off the map")),
                   say("Treasures collected: {collected}   out: {out}",
                       collected=", ".join(f"P{s} {c}/3" for s, c in enumerate(view["collected"])),
                       out=out or say("nobody"))]
    hidden = [_treasure(t, True) for t in view["treasures"] if t["at"] in on_map]
    if hidden:
        lines.append(listed(hidden, "  ", say("Treasures: {treasures}", treasures=ROW)))
    handed = [_treasure(t, False) for t in view["treasures"] if t.get("to_hide")]
    if handed:
        lines.append(listed(handed, "  ", say("To hide (handed to you): {treasures}", treasures=ROW)))
    lines.append(say("Deck {deck}, discards {discard}; boats: {boats}", deck=view["deck"], discard=view["discard"],
                     boats=", ".join(f"P{s} {b}" for s, b in enumerate(view["boats"]))))
    if seat is not None:
        lines.append(_hand_lines(view, seat))
    for p in view["prompts"]:  # (a question may be long: it goes on under itself)
        lines.append(sentence(say("Waiting for P{seat}: {asked}", seat=p["seat"], asked=ROW), message_of(p)))
    return lines
