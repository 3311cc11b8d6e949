"""What each seat may see (CA-GEN-11), the ids it may not, and the terminal picture.

Hidden: every draw deck, other seats' hands, EVERY loot pile (even its owner's, CA-LOOT-3),
and before a night attack's reveal, the cards other seats put under the Night.
In fast window mode the view never says which seat a window is waiting for.
"""
from __future__ import annotations

from typing import Any

from core.layout import listed, sentence
from core.text import ROW, Joined, Msg, P, join, say, say_n, term

from .battle import placed_label, target_label
from .data import CARDS, HALF, half_text
from .flow import reason_message
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
        "winner": s["winner"], "over": s["phase"] == "over", "reason": reason_message(s["reason"]) if s["reason"] else s["reason"],
    }


def standing_view(row: list[int]) -> dict[str, str]:
    return {"join": "always-pass" if row[0] else "ask", "react": "always-pass" if row[1] else "ask"}


def card_order(card: str) -> tuple:
    return ("FVSAD".index(card[0]), CARDS.key[card], int(card[1:]))


def who(seat: int) -> str:
    """A seat as the server shows it: '{P1}' becomes the player's name."""
    return P(seat)


def listed_in(cards: list[str]) -> str:
    """Where a line names `cards`: ROW, for `carded` to lay them out, or '-' for none."""
    return ROW if cards else "-"


def carded(line: Any, cards: list[str]) -> Any:
    """`line`, a message naming `cards` where it says `listed_in(cards)`, its cards going on to
    more lines, under the first card, where the reader's words need them."""
    return listed([CARDS.label(card) for card in cards], ", ", line) if cards else line


LEGEND = [
    say("Legend: [1] seat 1's fortress; 1/W2 its wall 2, 1/C its castle (as attack targets are written);"),
    say("  4½ shields defence (an attack needs more swords); a card shows as its id and name."),
    say("  `herald explain castle-assault THING` explains a symbol, a card id or a card name."),
]
TITLE = term("Castle Assault")


def render(v: dict, seat: int | None) -> Joined:
    """Plain text, in lines of about 100 columns (none cut: core/layout.py), from the view only.
    Seats appear as {P0}..{P3} (the server writes the players' names there) with their number,
    which targets use (1/W2).
    Every line is a message (core/text.py), the board the lines joined."""
    lines = [sentence(ROW, status_line(v), indent=3), decks_line(v)]  # (a long title or reason goes on)
    for fort in v["fortresses"]:
        lines += fortress_lines(v, fort, seat)
    lines += battle_lines(v)
    if v["last_dungeon"]:
        lines.append(say("Last dungeon card turned up: {card}", card=term(CARDS.kinds[v["last_dungeon"]].name)))
    lines += hand_lines(v)
    lines += LEGEND
    return join("\n", lines)


def status_line(v: dict) -> Msg:
    if v["over"]:
        return say("{title}, {players} players. Game over. {reason}", title=TITLE, players=v["players"],
                   reason=reason_message(v["reason"] or ""))
    if v["king_turn"]:
        return say("{title}, {players} players. Turn of {player} ({king} turn, {left} actions left)", title=TITLE,
                   players=v["players"], player=who(v["turn"]), king=term("King"), left=v["actions_left"])
    return say("{title}, {players} players. Turn of {player}", title=TITLE, players=v["players"],
               player=who(v["turn"]))


def decks_line(v: dict) -> Any:
    """The decks' sizes; the top of the discard pile on the next line where the reader's words
    need it."""
    decks = v["decks"]
    sizes = {"village": decks["village"], "siege": decks["siege"], "academy": decks["academy"],
             "dungeon": decks["dungeon"], "discard": len(v["discard"])}
    if v["discard"]:
        return sentence(ROW, say("Decks: Village {village}, Siege {siege}, Academy {academy}, Dungeon {dungeon}; "
                                 "discard pile {discard} (top: {card})", card=CARDS.label(v["discard"][-1]), **sizes),
                        indent=3)
    return say("Decks: Village {village}, Siege {siege}, Academy {academy}, Dungeon {dungeon}; discard pile "
               "{discard}", **sizes)


def fortress_lines(v: dict, fort: dict, seat: int | None) -> list[Any]:
    number = fort["seat"]
    who_line: Msg | str = say("[{seat}] {player} (you)", seat=number, player=who(number)) if number == seat \
        else f"[{number}] {who(number)}"
    head = say_n("{who}: hand {n} card", "{who}: hand {n} cards", v["hand_sizes"][number], who=who_line)
    if v["players"] > 2:
        head = say("{head}, loot pile {loot}", head=head, loot=v["loot_sizes"][number])
    if not fort["castle"]:  # (a player's name may be long: the line goes on under it)
        return [sentence(ROW, say("{head} -- no castle (eliminated)", head=head), indent=4)]
    lines: list[Any] = [sentence(ROW, head, indent=4)]
    for post in fort["posts"]:
        name = CASTLE if post["post"] == "C" else WALL
        target = f"{number}/{post['post']}"
        if not post["standing"]:  # a message for each: "destroyed" agrees with the piece (разрушен, разрушена)
            lines.append(say("   {target:<5} {castle:<6} destroyed", target=target, castle=name) if post["post"] == "C"
                         else say("   {target:<5} {wall:<6} destroyed", target=target, wall=name))
            continue
        points = post["shields"]
        many = points // HALF if points % HALF == 0 else (1 if points == 1 else HALF)  # as data.shields says it
        if post["defenders"]:
            lines.append(carded(say_n("   {target:<5} {name:<6} {shields:>3} shields  defenders: {cards}",
                                      "   {target:<5} {name:<6} {shields:>3} shields  defenders: {cards}", many,
                                      target=target, name=name, shields=half_text(points),
                                      cards=listed_in(post["defenders"])), post["defenders"]))
        else:
            lines.append(say_n("   {target:<5} {name:<6} {shields:>3} shields", "   {target:<5} {name:<6} {shields:>3} shields",
                               many, target=target, name=name, shields=half_text(points)))
    return lines


CASTLE, WALL = term("Castle"), term("Wall")


def battle_target(v: dict, b: dict) -> Msg | str:
    """The battle's target said from the view (the view keeps its `target_text` message)."""
    target = b["target"]
    found: Msg | None = None
    for fort in v["fortresses"]:
        for index, post in enumerate(fort["posts"]):
            if f"{fort['seat']}/{post['post']}" == target:
                found = placed_label(fort["seat"], index, None)
            elif target in post["defenders"]:
                found = placed_label(fort["seat"], index, target)
    return found if found is not None and found == b["target_text"] else b["target_text"]


def battle_lines(v: dict) -> list[Any]:
    b = v["battle"]
    if b is None:
        return []
    target = battle_target(v, b)
    lines: list[Any]
    if b["night"]:
        lines = [sentence(ROW, say("Night attack by {player} on {target}:", player=who(b["attacker"]), target=target),
                          indent=3)]
    else:
        lines = [sentence(ROW, say("Attack by {player} on {target}:", player=who(b["attacker"]), target=target),
                          indent=3)]
    for part in b["cards"]:
        if "cards" in part:
            lines.append(carded(say("   {player}: {cards}", player=who(part["seat"]), cards=listed_in(part["cards"])),
                                part["cards"]))
        elif "count" in part:
            lines.append(say_n("   {player}: {n} hidden cards", "   {player}: {n} hidden cards", part["count"],
                               player=who(part["seat"])))
        else:
            lines.append(say("   {player}: hidden cards", player=who(part["seat"])))
    if b["reactions"]:
        lines.append(carded(say("   reactions: {cards}", cards=listed_in(b["reactions"])), b["reactions"]))
    if b["removed"]:
        lines.append(carded(say("   removed: {cards}", cards=listed_in(b["removed"])), b["removed"]))
    if b["waiting"] is not None:
        lines.append(say("   waiting for {player}", player=who(b["waiting"])))
    return lines


def hand_lines(v: dict) -> list[Any]:
    """'Your hand:' and the cards under it, in as many lines as the reader's words need."""
    if v["hand"] is None:
        return []
    if not v["hand"]:
        return [say("Your hand:"), say("   (empty)")]
    return [say("Your hand:"), listed([CARDS.label(card) for card in v["hand"]], ", ", say("   {cards}", cards=ROW))]
