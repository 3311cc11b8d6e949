"""What each seat may see (CA-GEN-11), the ids it may not, and the terminal picture.

Hidden: every draw deck, other seats' hands, EVERY loot pile (even its owner's, CA-LOOT-3),
and before a night attack's reveal, the cards other seats put under the Night.
In fast window mode the view never says which seat a window is waiting for.
"""
from __future__ import annotations

from .battle import target_label
from .data import CARDS, count, half_text
from .options import option
from .state import State
from .zones import post_name, post_shields


def hidden_from(s: State | dict, seat: int | None) -> list[str]:
    hidden = s["village"] + s["siege"] + s["academy"] + s["dungeon"]
    for other, hand in enumerate(s["hands"]):
        if other != seat:
            hidden += hand
    for pile in s["loot"]:
        hidden += pile
    b = s["battle"]
    if b is not None and not b["revealed"]:
        for who, ids in b["contributions"]:
            if who != seat:
                hidden += ids
    return hidden


def battle_view(s: State, seat: int | None) -> dict | None:
    b = s["battle"]
    if b is None:
        return None
    count_public = option(s, "night-count") == "public"
    contributions = []
    for who, ids in b["contributions"]:
        entry = {"seat": who}
        if b["revealed"] or who == seat:
            entry["cards"] = list(ids)
        if b["revealed"] or who == seat or count_public:
            entry["count"] = len(ids)
        contributions.append(entry)
    strict = option(s, "windows") == "strict"
    stage: str = s["phase"]
    waiting = None
    if stage in ("join", "react"):
        if strict:
            waiting = b["to_ask"][0] if stage == "join" else b["victim"]
        else:
            stage = "window"          # fast mode: never tell who is being asked
    elif stage == "remove":
        waiting = b["victim"]
    return {"attacker": b["attacker"], "victim": b["victim"], "target": b["target"],
            "target_text": target_label(s, b["target"]), "night": b["night_card"], "open": b["revealed"],
            "cards": contributions, "reactions": list(b["reactions"]), "removed": list(b["removed"]),
            "stage": stage, "waiting": waiting}


def view(s: State, seat: int | None) -> dict:
    forts = []
    for owner in range(s["players"]):
        posts = []
        for index, post in enumerate(s["posts"][owner]):
            posts.append({"post": post_name(index), "card": post[0], "standing": post[1],
                          "defenders": list(post[2]), "shields": post_shields(post) if post[1] else 0})
        forts.append({"seat": owner, "castle": s["alive"][owner], "posts": posts})
    phase = "battle" if s["phase"] in ("join", "react", "remove") else s["phase"]
    mine = seat if seat is not None and 0 <= seat < s["players"] else None
    return {
        "game": "castle-assault", "players": s["players"], "seat": mine,
        "turn": s["turn"], "phase": phase, "actions_left": s["actions"], "king_turn": s["king_turn"],
        "defended": s["defended"], "fortresses": forts,
        "hand_sizes": [len(h) for h in s["hands"]], "loot_sizes": [len(p) for p in s["loot"]],
        "decks": {name: len(s[name]) for name in ("village", "siege", "academy", "dungeon")},
        "discard": list(s["discard"]), "out": list(s["out_of_game"]),
        "hand": sorted(s["hands"][mine], key=card_order) if mine is not None else None,
        "standing": standing_view(s["standing"][mine]) if mine is not None else None,
        "battle": battle_view(s, mine), "last_dungeon": s["dungeon_shown"],
        "options": dict(s["options"]),
        "winner": s["winner"], "over": s["phase"] == "over", "reason": s["reason"],
    }


def standing_view(row: list[int]) -> dict[str, str]:
    return {"join": "always-pass" if row[0] else "ask", "react": "always-pass" if row[1] else "ask"}


def card_order(card: str) -> tuple:
    return ("FVSAD".index(card[0]), CARDS.key[card], int(card[1:]))


def who(seat: int) -> str:
    """A seat as the server shows it: '{P1}' becomes the player's name."""
    return f"{{P{seat}}}"


def named(cards: list[str]) -> str:
    return ", ".join(CARDS.label(c) for c in cards) or "-"


LEGEND = [
    "Legend: [1] seat 1's fortress; 1/W2 its wall 2, 1/C its castle (as attack targets are written);",
    "  4½ shields defence (an attack needs more swords); a card shows as its id and name.",
    "  `herald explain castle-assault THING` explains a symbol, a card id or a card name.",
]


def render(v: dict, seat: int | None) -> str:
    """Plain text, under 100 columns, from the view only. Seats appear as {P0}..{P3} (the
    server writes the players' names there) with their number, which targets use (1/W2)."""
    lines = [status_line(v), decks_line(v)]
    for fort in v["fortresses"]:
        lines += fortress_lines(v, fort, seat)
    lines += battle_lines(v)
    if v["last_dungeon"]:
        lines.append(f"Last dungeon card turned up: {CARDS.kinds[v['last_dungeon']].name}")
    lines += hand_lines(v)
    lines += LEGEND
    return "\n".join(line[:100] for line in lines)


def status_line(v: dict) -> str:
    if v["over"]:
        status = "Game over. " + (v["reason"] or "")
    else:
        status = f"Turn of {who(v['turn'])}"
        if v["king_turn"]:
            status += f" (King turn, {v['actions_left']} actions left)"
    return f"Castle Assault, {v['players']} players. {status}"


def decks_line(v: dict) -> str:
    decks = v["decks"]
    return (f"Decks: Village {decks['village']}, Siege {decks['siege']}, Academy {decks['academy']}, "
            f"Dungeon {decks['dungeon']}; discard pile {len(v['discard'])}"
            + (f" (top: {CARDS.label(v['discard'][-1])})" if v["discard"] else ""))


def fortress_lines(v: dict, fort: dict, seat: int | None) -> list[str]:
    number = fort["seat"]
    head = f"[{number}] {who(number)}" + (" (you)" if number == seat else "")
    head += f": hand {count(v['hand_sizes'][number], 'card')}"
    if v["players"] > 2:
        head += f", loot pile {v['loot_sizes'][number]}"
    if not fort["castle"]:
        return [head + " -- no castle (eliminated)"]
    lines = [head]
    for post in fort["posts"]:
        name = "Castle" if post["post"] == "C" else "Wall"
        target = f"{number}/{post['post']}"
        if not post["standing"]:
            lines.append(f"   {target:<5} {name:<6} destroyed")
            continue
        guards = ", ".join(CARDS.label(c) for c in post["defenders"])
        lines.append(f"   {target:<5} {name:<6} {half_text(post['shields']):>3} shields"
                     + (f"  defenders: {guards}" if guards else ""))
    return lines


def battle_lines(v: dict) -> list[str]:
    b = v["battle"]
    if b is None:
        return []
    kind = "Night attack" if b["night"] else "Attack"
    lines = [f"{kind} by {who(b['attacker'])} on {b['target_text']}:"]
    for part in b["cards"]:
        if "cards" in part:
            lines.append(f"   {who(part['seat'])}: {named(part['cards'])}")
        else:
            hidden = f"{part['count']} hidden cards" if "count" in part else "hidden cards"
            lines.append(f"   {who(part['seat'])}: {hidden}")
    if b["reactions"]:
        lines.append(f"   reactions: {named(b['reactions'])}")
    if b["removed"]:
        lines.append(f"   removed: {named(b['removed'])}")
    if b["waiting"] is not None:
        lines.append(f"   waiting for {who(b['waiting'])}")
    return lines


def hand_lines(v: dict) -> list[str]:
    if v["hand"] is None:
        return []
    lines, row = ["Your hand:"], ""
    for card in v["hand"]:
        item = CARDS.label(card)
        if row and len(row) + len(item) + 2 > 96:
            lines.append("   " + row)
            row = ""
        row = f"{row}, {item}" if row else item
    lines.append("   " + (row or "(empty)"))
    return lines
