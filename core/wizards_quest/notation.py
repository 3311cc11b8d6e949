"""Moves as text and as data: the short text form of every move (the player guide server/guides/wizards-quest.md,
parse(format(m)) == m), the fields each move type may carry, and the checks that turn a move's
field values into clean values or raise IllegalMove naming the rule of what is being asked."""
from __future__ import annotations

from typing import Callable, NoReturn

from core.movespec import Field, MoveSpec, check_move
from core.protocol import IllegalMove
from core.text import Msg, join, pattern, say
from core.wizards_quest import board
from core.wizards_quest.board import INDEX
from core.wizards_quest.state import State

# The words of the move patterns' placeholders (legal_moves lists a pattern beside examples where
# a choice is open), said in each reader's language: core/text.py `pattern`.
WORDS = {"from": say("from"), "to": say("to"), "territory": say("territory"), "men": say("men"),
         "count": say("count"), "treasure": say("treasure"), "card": say("card"), "duchy": say("duchy")}

# Values a decision checks itself, naming its own rule (None is read as "none" there): any JSON value.
_CHECKED_LATER = object


def _territory_field(name: str, required: bool = True) -> Field:
    """A territory's ID: any value passes the shape check, and `terr` refuses whatever names no
    territory (a number, null, an unknown ID) with the code players' tools know, bad-territory."""
    return Field(name=name, kind=_CHECKED_LATER, required=required)
HERO = Field(name="hero", kind=_CHECKED_LATER, required=False)
MEN = Field(name="men", kind=_CHECKED_LATER, required=False)
HEROES = Field(name="heroes", kind=_CHECKED_LATER, required=False)

# Every kind of move, its fields and its text form: anything else is refused, so that no move is
# stored (and shown to the other players) with data the rules never read.
MOVES: dict[str, MoveSpec] = {spec.type: spec for spec in (
    MoveSpec(type="castle", fields=(_territory_field("at"),), notation="castle <K>",
             help="Setup: a man on an empty castle."),
    MoveSpec(type="county", fields=(_territory_field("at"),), notation="county <D?C?>",
             help="Setup: a man on an empty county."),
    MoveSpec(type="hide", fields=(Field(name="treasure"), _territory_field("at")), notation="hide <T..> <territory>",
             help="Setup: hide a treasure you were handed."),
    MoveSpec(type="place", fields=(MEN, HEROES), notation="place <territory>:<men> ... [champion@<t>]",
             help="Place men; a hero takes the place of 2 men."),
    MoveSpec(type="scatter", fields=(MEN, HEROES), notation="scatter <territory>:<n> ...",
             help="Place the pieces your wizard struck."),
    MoveSpec(type="lose", fields=(HERO,), notation="lose men|champion|wizard", help="Which pieces are lost."),
    MoveSpec(type="take", fields=(Field(name="men", kind=int), HERO), notation="take <men> [champion|wizard]",
             help="Move pieces into the emptied target."),
    MoveSpec(type="flee", fields=(Field(name="duchy", kind=int),), notation="flee <duchy>",
             help="The duchy a beaten creature flees to."),
    MoveSpec(type="go", fields=(MEN,), notation="go [<territory>:<men> ...]",
             help="Fight on, moving men in first if you like."),
    MoveSpec(type="break", notation="break", help="Break off the campaign."),
    MoveSpec(type="draw", notation="draw", help="Draw your card of the turn."),
    MoveSpec(type="done", notation="done", help="Close your card window."),
    MoveSpec(type="play", fields=(Field(name="card"), Field(name="duchy", kind=int, required=False),
                                  Field(name="treasure", required=False), _territory_field("to", False)),
             notation="play <card> [args]", help="Play a card (a duchy, or a treasure and a territory)."),
    MoveSpec(type="discard", fields=(Field(name="card"),), notation="discard <card>",
             help="Discard the card drawn for the ring."),
    MoveSpec(type="attack", fields=(_territory_field("from"), _territory_field("to"),
                                    Field(name="vs", required=False, choices=("army", "dragon", "peace")),
                                    Field(name="boat", kind=_CHECKED_LATER, required=False), HERO, MEN),
             notation="attack <from> <to> [dragon|peace] [boat] [champion|wizard] [<t>:<men> ...]",
             help="A campaign, with an optional hero move and men moved in first."),
    MoveSpec(type="sail", fields=(_territory_field("from"), _territory_field("to"), Field(name="men", kind=int), HERO),
             notation="sail <from> <to> <men> [champion|wizard]", help="A boat move between your territories."),
    MoveSpec(type="end", notation="end", help="End your turn."),
    MoveSpec(type="standing", fields=(Field(name="losses"),), notation="standing losses men-first|ask",
             help="Your standing order for losses.", rule="WQ-TABLE-5"),
)}
FORMS = tuple(pattern(spec.notation, WORDS) for spec in MOVES.values())  # a refusal shows them


def check_shape(move: object, rule: str | None) -> None:
    """The move's type and fields (core.movespec), naming the rule of what is asked now (None:
    the move type's own rule, else none)."""
    check_move(MOVES, move, rule)


def _men_text(men: dict) -> list[str]:
    return [f"{t}:{men[t]}" for t in sorted(men, key=lambda x: INDEX.get(x, 99))]


def _hero_text(heroes: dict) -> list[str]:
    return [f"{h}@{heroes[h]}" for h in ("champion", "wizard") if h in heroes]


def format_move(m: dict) -> str:
    """The text form of a move (the inverse of parse_text)."""
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
        raise _Bad(say("{word} is not a territory", word=word))
    return word


def _number(word: str) -> int:
    if not word.isdigit() or len(word) > 5:
        raise _Bad(say("{word} is not a number", word=word))
    return int(word)


def _pairs(words: list[str], allow_heroes: bool = True) -> tuple[dict[str, int], dict[str, str]]:
    men: dict[str, int] = {}
    heroes: dict[str, str] = {}
    for w in words:
        if "@" in w and allow_heroes:
            hero, _, where = w.partition("@")
            if hero.lower() not in ("champion", "wizard"):
                raise _Bad(say("{word}: write champion@<territory> or wizard@<territory>", word=w))
            heroes[hero.lower()] = _territory(where)
        elif ":" in w:
            t, _, k = w.partition(":")
            t = _territory(t)
            men[t] = men.get(t, 0) + _number(k)
        else:
            raise _Bad(say("{word}: write <territory>:<count>", word=w))
    return men, heroes



def _parse(words: list[str]) -> dict:
    if not words:
        raise _Bad(say("empty move"))
    head, rest = words[0].lower(), words[1:]
    reader = READERS.get(head)
    if reader is None:
        raise _Bad(say("unknown move {word}", word=repr(head)))
    move = reader(head, rest)
    if move is None:  # a move of this game, its words missing or too many: its form
        raise _Bad(say("{usage}", usage=next(form for form in FORMS if form.split()[0] == head)))
    return move


def _read_at(head: str, rest: list[str]) -> dict | None:
    return {"type": head, "at": _territory(rest[0])} if len(rest) == 1 else None


def _read_hide(head: str, rest: list[str]) -> dict | None:
    return {"type": "hide", "treasure": rest[0].upper(), "at": _territory(rest[1])} if len(rest) == 2 else None


def _read_placing(head: str, rest: list[str]) -> dict | None:
    if rest == ["none"]:
        return {"type": head, "men": {}, "heroes": {}}
    men, heroes = _pairs(rest)
    return {"type": head, "men": men, "heroes": heroes}


def _read_lose(head: str, rest: list[str]) -> dict | None:
    if len(rest) == 1 and rest[0].lower() in ("men", "champion", "wizard"):
        return {"type": "lose", "hero": "" if rest[0].lower() == "men" else rest[0].lower()}
    return None


def _trailing_hero(rest: list[str], fields: int, usage: str) -> str:
    """The optional hero word after a move's `fields` words ("" when there is none)."""
    hero = rest[fields].lower() if len(rest) == fields + 1 else ""
    if hero not in ("", "champion", "wizard"):
        raise _Bad(say("{usage}", usage=usage))  # (the move's form: notation)
    return hero


def _read_take(head: str, rest: list[str]) -> dict | None:
    if len(rest) not in (1, 2):
        return None
    hero = _trailing_hero(rest, 1, "take <men> [champion|wizard]")
    return {"type": "take", "men": _number(rest[0]), "hero": hero}


def _read_flee(head: str, rest: list[str]) -> dict | None:
    return {"type": "flee", "duchy": _number(rest[0])} if len(rest) == 1 else None


def _read_go(head: str, rest: list[str]) -> dict | None:
    return {"type": "go", "men": _pairs(rest, False)[0]}


def _read_word(head: str, rest: list[str]) -> dict | None:
    return {"type": head} if not rest else None


def _read_play(head: str, rest: list[str]) -> dict | None:
    if not rest:
        return None
    move: dict = {"type": "play", "card": rest[0].upper()}
    if len(rest) == 2:
        move["duchy"] = _number(rest[1])
    elif len(rest) == 3:
        move["treasure"], move["to"] = rest[1].upper(), _territory(rest[2])
    elif len(rest) > 3:
        raise _Bad(say("{usage}", usage="play <card> [duchy | treasure territory]"))
    return move


def _read_discard(head: str, rest: list[str]) -> dict | None:
    return {"type": "discard", "card": rest[0].upper()} if len(rest) == 1 else None


def _read_attack(head: str, rest: list[str]) -> dict | None:
    if len(rest) < 2:
        return None
    move: dict = {"type": "attack", "from": _territory(rest[0]), "to": _territory(rest[1]), "vs": "army",
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


def _read_sail(head: str, rest: list[str]) -> dict | None:
    if len(rest) not in (3, 4):
        return None
    hero = _trailing_hero(rest, 3, "sail <from> <to> <men> [champion|wizard]")
    return {"type": "sail", "from": _territory(rest[0]), "to": _territory(rest[1]), "men": _number(rest[2]),
            "hero": hero}


def _read_standing(head: str, rest: list[str]) -> dict | None:
    if len(rest) == 2 and rest[0].lower() == "losses":
        return {"type": "standing", "losses": rest[1].lower()}
    return None


READERS: dict[str, Callable[[str, list[str]], dict | None]] = {
    "castle": _read_at, "county": _read_at, "hide": _read_hide, "place": _read_placing, "scatter": _read_placing,
    "lose": _read_lose, "take": _read_take, "flee": _read_flee, "go": _read_go, "break": _read_word,
    "draw": _read_word, "done": _read_word, "end": _read_word, "play": _read_play, "discard": _read_discard,
    "attack": _read_attack, "sail": _read_sail, "standing": _read_standing,
}


def parse_text(text: object, rule: str) -> dict:
    if not isinstance(text, str):
        raise IllegalMove("bad-notation", say("A move in notation is a line of text."), rule)
    try:
        return _parse(text.split())
    except _Bad as err:
        raise IllegalMove("bad-notation", say("Cannot read {text} ({why}). Forms: {forms}.", text=repr(text.strip()[:60]),
                                              why=err.args[0], forms=join("; ", FORMS)), rule) from None



# ------------------------------------------------------ field values of moves ------

def bad(message: Msg, rule: str, code: str = "bad-move", legal: list[str] | None = None) -> NoReturn:
    raise IllegalMove(code, message, rule, legal)


def terr(value: object, rule: str) -> int:
    if not isinstance(value, str) or value not in board.INDEX:
        bad(say("{value} is not a territory of Marnon (write D<duchy>C<county> or K<castle>).", value=repr(value)),
            rule, "bad-territory")
    return board.INDEX[value]


def count(value: object, rule: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or value > 10000:
        bad(say("{value} is not a valid number here.", value=repr(value)), rule)
    return value


def men_map(value: object, rule: str) -> dict[int, int]:
    """{"D1C2": 3, ...} -> {index: 3}; every count at least 1."""
    if not isinstance(value, dict):
        bad(say("Men must be given as territory: count pairs."), rule)
    out: dict[int, int] = {}
    for key, k in value.items():
        out[terr(key, rule)] = count(k, rule, 1)
    return out


def hero_name(value: object, rule: str, allow_none: bool = True) -> str:
    if value in ("champion", "wizard") or (allow_none and value in ("", None)):
        return value or ""
    bad(say("{value} is not a hero (champion or wizard).", value=repr(value)), rule)


def heroes_map(value: object, rule: str) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        bad(say("Heroes must be given as hero: territory pairs."), rule)
    out: dict[str, int] = {}
    for key, where in value.items():
        out[hero_name(key, rule, False)] = terr(where, rule)
    return out


def flag(value: object, rule: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        bad(say("{value} must be true or false.", value=repr(value)), rule)
    return value


def duchy(value: object, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        bad(say("{value} is not a duchy number (1 to 6).", value=repr(value)), rule)
    return value



def treasure_index(st: State, value: object, rule: str) -> int:
    """"T05" -> 5, a treasure of this game."""
    if not isinstance(value, str) or len(value) != 3 or value[0] != "T" or not value[1:].isdigit() \
            or int(value[1:]) >= len(st["treasures"]):
        bad(say("{value} is not a treasure (T00, T01, ...).", value=repr(value)), rule, "bad-treasure")
    return int(value[1:])

