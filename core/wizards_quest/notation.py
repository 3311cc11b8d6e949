"""The short text form of every move (docs/wizards-quest.md); parse(format(m)) == m."""
from __future__ import annotations

from core.protocol import IllegalMove
from core.wizards_quest.board import INDEX

FORMS = ("castle <K>", "county <D?C?>", "hide <T..> <territory>", "place <territory>:<men> ... [champion@<t>]",
         "scatter <territory>:<n> ...", "lose men|champion|wizard", "take <men> [champion|wizard]",
         "flee <duchy>", "go [<territory>:<men> ...]", "break", "draw", "done", "play <card> [args]",
         "discard <card>", "attack <from> <to> [dragon|peace] [boat] [champion|wizard] [<t>:<men> ...]",
         "sail <from> <to> <men> [champion|wizard]", "end", "standing losses men-first|ask")


# The fields each move type may carry besides "type": anything else is refused, so that no
# move is stored (and shown to the other players) with data the rules never read.
FIELDS = {
    "castle": {"at"}, "county": {"at"}, "hide": {"treasure", "at"}, "place": {"men", "heroes"},
    "scatter": {"men", "heroes"}, "lose": {"hero"}, "take": {"men", "hero"}, "flee": {"duchy"},
    "go": {"men"}, "break": set(), "draw": set(), "done": set(), "end": set(),
    "play": {"card", "duchy", "treasure", "to"}, "discard": {"card"},
    "attack": {"from", "to", "vs", "boat", "hero", "men"}, "sail": {"from", "to", "men", "hero"},
    "standing": {"losses"},
}


def _men_text(men: dict) -> list[str]:
    return [f"{t}:{men[t]}" for t in sorted(men, key=lambda x: INDEX.get(x, 99))]


def _hero_text(heroes: dict) -> list[str]:
    return [f"{h}@{heroes[h]}" for h in ("champion", "wizard") if h in heroes]


def format_move(m: dict) -> str:
    kind = m.get("type")
    if kind in ("castle", "county"):
        return f"{kind} {m['at']}"
    if kind == "hide":
        return f"hide {m['treasure']} {m['at']}"
    if kind in ("place", "scatter"):
        words = _men_text(m.get("men", {})) + _hero_text(m.get("heroes", {}))
        return f"{kind} " + (" ".join(words) or "none")
    if kind == "lose":
        return "lose " + (m["hero"] or "men")
    if kind == "take":
        return f"take {m['men']}" + (f" {m['hero']}" if m["hero"] else "")
    if kind == "flee":
        return f"flee {m['duchy']}"
    if kind == "go":
        return " ".join(["go"] + _men_text(m.get("men", {})))
    if kind in ("break", "draw", "done", "end"):
        return kind
    if kind == "play":
        extra = [str(m["duchy"])] if "duchy" in m else [m["treasure"], m["to"]] if "treasure" in m else []
        return " ".join(["play", m["card"]] + extra)
    if kind == "discard":
        return f"discard {m['card']}"
    if kind == "attack":
        words = ["attack", m["from"], m["to"]]
        if m.get("vs", "army") != "army":
            words.append(m["vs"])
        if m.get("boat"):
            words.append("boat")
        if m.get("hero"):
            words.append(m["hero"])
        return " ".join(words + _men_text(m.get("men", {})))
    if kind == "sail":
        return f"sail {m['from']} {m['to']} {m['men']}" + (f" {m['hero']}" if m["hero"] else "")
    if kind == "standing":
        return f"standing losses {m['losses']}"
    return str(m)


class _Bad(Exception):
    pass


def _territory(word: str) -> str:
    word = word.upper()
    if word not in INDEX:
        raise _Bad(f"{word} is not a territory")
    return word


def _number(word: str) -> int:
    if not word.isdigit() or len(word) > 5:
        raise _Bad(f"{word} is not a number")
    return int(word)


def _pairs(words, allow_heroes=True):
    men, heroes = {}, {}
    for w in words:
        if "@" in w and allow_heroes:
            hero, _, where = w.partition("@")
            if hero.lower() not in ("champion", "wizard"):
                raise _Bad(f"{w}: write champion@<territory> or wizard@<territory>")
            heroes[hero.lower()] = _territory(where)
        elif ":" in w:
            t, _, k = w.partition(":")
            t = _territory(t)
            men[t] = men.get(t, 0) + _number(k)
        else:
            raise _Bad(f"{w}: write <territory>:<count>")
    return men, heroes


def _parse(words: list[str]) -> dict:
    if not words:
        raise _Bad("empty move")
    head, rest = words[0].lower(), words[1:]
    if head in ("castle", "county") and len(rest) == 1:
        return {"type": head, "at": _territory(rest[0])}
    if head == "hide" and len(rest) == 2:
        return {"type": "hide", "treasure": rest[0].upper(), "at": _territory(rest[1])}
    if head in ("place", "scatter"):
        if rest == ["none"]:
            return {"type": head, "men": {}, "heroes": {}}
        men, heroes = _pairs(rest)
        return {"type": head, "men": men, "heroes": heroes}
    if head == "lose" and len(rest) == 1 and rest[0].lower() in ("men", "champion", "wizard"):
        return {"type": "lose", "hero": "" if rest[0].lower() == "men" else rest[0].lower()}
    if head == "take" and len(rest) in (1, 2):
        hero = rest[1].lower() if len(rest) == 2 else ""
        if hero not in ("", "champion", "wizard"):
            raise _Bad("take <men> [champion|wizard]")
        return {"type": "take", "men": _number(rest[0]), "hero": hero}
    if head == "flee" and len(rest) == 1:
        return {"type": "flee", "duchy": _number(rest[0])}
    if head == "go":
        return {"type": "go", "men": _pairs(rest, False)[0]}
    if head in ("break", "draw", "done", "end") and not rest:
        return {"type": head}
    if head == "play" and rest:
        move = {"type": "play", "card": rest[0].upper()}
        if len(rest) == 2:
            move["duchy"] = _number(rest[1])
        elif len(rest) == 3:
            move["treasure"], move["to"] = rest[1].upper(), _territory(rest[2])
        elif len(rest) > 3:
            raise _Bad("play <card> [duchy | treasure territory]")
        return move
    if head == "discard" and len(rest) == 1:
        return {"type": "discard", "card": rest[0].upper()}
    if head == "attack" and len(rest) >= 2:
        move = {"type": "attack", "from": _territory(rest[0]), "to": _territory(rest[1]), "vs": "army",
                "boat": False, "hero": "", "men": {}}
        pairs = []
        for w in rest[2:]:
            lw = w.lower()
            if lw in ("dragon", "peace"):
                move["vs"] = lw
            elif lw == "boat":
                move["boat"] = True
            elif lw in ("champion", "wizard"):
                move["hero"] = lw
            else:
                pairs.append(w)
        move["men"] = _pairs(pairs, False)[0]
        return move
    if head == "sail" and len(rest) in (3, 4):
        hero = rest[3].lower() if len(rest) == 4 else ""
        if hero not in ("", "champion", "wizard"):
            raise _Bad("sail <from> <to> <men> [champion|wizard]")
        return {"type": "sail", "from": _territory(rest[0]), "to": _territory(rest[1]), "men": _number(rest[2]),
                "hero": hero}
    if head == "standing" and len(rest) == 2 and rest[0].lower() == "losses":
        return {"type": "standing", "losses": rest[1].lower()}
    raise _Bad(f"unknown move {head!r}")


def parse_text(text, rule: str) -> dict:
    if not isinstance(text, str):
        raise IllegalMove("bad-notation", "A move in notation is a line of text.", rule)
    try:
        return _parse(text.split())
    except _Bad as err:
        raise IllegalMove("bad-notation", f"Cannot read {text.strip()[:60]!r} ({err}). Forms: "
                          + "; ".join(FORMS) + ".", rule) from None
