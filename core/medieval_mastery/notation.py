"""Move notation: text <-> move dict, shape checks. No rules here (see game.py).

    play cta | play ta            fracture P1 sceptre        crown | target P2 | target P2 orb
    redis S03>S04:2 C>S06:1       advance S05 4              skip | end | pass
    conflict 5 | conflict ambush | conflict none             support +1 +2
    discard 3 | discard none      insight 2 1 3 4            recycle fracture
    top keep | top discard        standing always-pass | standing pass-unless-mine | standing off
    sceptre use | sceptre decline (Fear or Vigour, when asked)
"""
from __future__ import annotations

import re

from core.medieval_mastery.data import KIND_OF_NAME
from core.protocol import IllegalMove

ARTEFACT_WORDS = ("crown", "sceptre", "orb")
CONFLICT_WORDS = ("2", "3", "4", "5", "ambush", "none")
SUPPORT_WORDS = ("+1", "+2")
CARD_WORDS = tuple(KIND_OF_NAME)  # authority, cta, ta, fracture, 2..5, ambush, +1, +2
STANDING = {"always-pass": "always", "pass-unless-mine": "unless-mine", "off": "off"}
STANDING_WORD = {v: k for k, v in STANDING.items()}
SIMPLE = ("skip", "end", "pass", "crown")

FORMS = ("play cta|ta; fracture P<n> crown|sceptre|orb; crown; target P<n> [crown|sceptre|orb]; "
         "redis <from>><to>:<n> ... (places: C for your castle, S01..S30); advance <tile> <n>; "
         "skip; end; pass; conflict 2|3|4|5|ambush|none; support +1|+2 ...; discard <card>|none; "
         "insight <order>; recycle <card>; top keep|discard; sceptre use|decline; "
         "standing always-pass|pass-unless-mine|off")

_PLACE = re.compile(r"^(c|castle|[st][0-9]{1,2}|[cl][0-9])$")
_TRANSFER = re.compile(r"^([a-z]+[0-9]*)>([a-z]+[0-9]*):([0-9]{1,2})$")


def place(word: str) -> str | None:
    """Canonical place name: C (own castle), C<k> (a castle), L<k> (a lake), S<nn> (a territory slot)."""
    w = word.lower()
    if not _PLACE.match(w):
        return None
    if w in ("c", "castle"):
        return "C"
    if w[0] in "cl":
        return w[0].upper() + w[1:]
    number = int(w[1:])
    return f"S{number:02d}" if 1 <= number <= 99 else None


DIGITS = "0123456789"


def _small(word: str) -> bool:
    return 1 <= len(word) <= 2 and all(ch in DIGITS for ch in word)


def _player(word: str) -> int | None:
    w = word.lower()
    if w.startswith("p"):
        w = w[1:]
    return int(w) if len(w) == 1 and w in DIGITS else None


def parse(text: str, rule: str | None) -> dict:
    """A line of notation as a move; anything unreadable is an IllegalMove listing the forms."""
    if not isinstance(text, str):
        raise IllegalMove("bad-notation", "A move is a line of text. Expected one of: " + FORMS, rule)
    words = text.strip().split()
    move = None
    if words and len(words) <= 40:
        head, rest = words[0].lower(), [w.lower() for w in words[1:]]
        if head in SIMPLE:
            move = None if rest else {"type": head}
        elif head in READERS:
            move = READERS[head](rest)
    if move is None:
        raise IllegalMove("bad-notation", f"Cannot read {text.strip()[:40]!r}. Expected one of: {FORMS}", rule)
    return move


def _one(rest: list[str], allowed) -> str | None:
    """The single word after the head, if it is one of `allowed`."""
    return rest[0] if len(rest) == 1 and rest[0] in allowed else None


def _read_fracture(rest: list[str]) -> dict | None:
    if len(rest) == 2 and rest[1] in ARTEFACT_WORDS and _player(rest[0]) is not None:
        return {"type": "fracture", "player": _player(rest[0]), "artefact": rest[1]}
    return None


def _read_target(rest: list[str]) -> dict | None:
    if not rest or _player(rest[0]) is None or len(rest) > 2:
        return None
    if len(rest) == 1:
        return {"type": "target", "player": _player(rest[0])}
    return {"type": "target", "player": _player(rest[0]), "artefact": rest[1]} if rest[1] in ARTEFACT_WORDS else None


def _read_redis(rest: list[str]) -> dict | None:
    moves = []
    for word in rest:
        m = _TRANSFER.match(word)
        if not m or place(m.group(1)) is None or place(m.group(2)) is None:
            return None
        moves.append([place(m.group(1)), place(m.group(2)), int(m.group(3))])
    return {"type": "redis", "moves": moves} if moves else None


def _read_advance(rest: list[str]) -> dict | None:
    if len(rest) == 2 and place(rest[0]) and _small(rest[1]):
        return {"type": "advance", "to": place(rest[0]), "n": int(rest[1])}
    return None


def _field(kind: str, name: str, allowed, convert=lambda word: word):
    """A reader for `<kind> <word>` with one word among `allowed`, stored under `name`."""
    def read(rest: list[str]) -> dict | None:
        word = _one(rest, allowed)
        return None if word is None else {"type": kind, name: convert(word)}
    return read


READERS = {
    "play": _field("play", "card", ("cta", "ta")),
    "fracture": _read_fracture,
    "target": _read_target,
    "redis": _read_redis,
    "advance": _read_advance,
    "conflict": _field("conflict", "card", CONFLICT_WORDS),
    "support": lambda rest: {"type": "support", "cards": rest} if rest and all(
        w in SUPPORT_WORDS for w in rest) else None,
    "discard": _field("discard", "card", CARD_WORDS + ("none",)),
    "insight": lambda rest: {"type": "insight", "order": [int(w) for w in rest]} if rest and all(
        len(w) == 1 and w in DIGITS for w in rest) else None,
    "recycle": _field("recycle", "card", CARD_WORDS),
    "top": _field("top", "keep", ("keep", "discard"), lambda word: word == "keep"),
    "sceptre": _field("sceptre", "use", ("use", "decline"), lambda word: word == "use"),
    "standing": _field("standing", "pass", tuple(STANDING), lambda word: STANDING[word]),
}


def format_move(move: dict) -> str:
    kind = move["type"]
    if kind in SIMPLE:
        return kind
    if kind == "play":
        return f"play {move['card']}"
    if kind == "fracture":
        return f"fracture P{move['player']} {move['artefact']}"
    if kind == "target":
        parts = ["target"]
        if "player" in move:
            parts.append(f"P{move['player']}")
        if "artefact" in move:
            parts.append(move["artefact"])
        return " ".join(parts)
    if kind == "redis":
        return "redis " + " ".join(f"{a}>{b}:{n}" for a, b, n in move["moves"])
    if kind == "advance":
        return f"advance {move['to']} {move['n']}"
    if kind == "conflict":
        return f"conflict {move['card']}"
    if kind == "support":
        return "support " + " ".join(move["cards"])
    if kind == "discard":
        return f"discard {move['card']}"
    if kind == "insight":
        return "insight " + " ".join(str(i) for i in move["order"])
    if kind == "recycle":
        return f"recycle {move['card']}"
    if kind == "top":
        return "top keep" if move["keep"] else "top discard"
    if kind == "sceptre":
        return "sceptre use" if move["use"] else "sceptre decline"
    if kind == "standing":
        return f"standing {STANDING_WORD[move['pass']]}"
    raise ValueError(kind)


def _int(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _word(value, allowed) -> bool:
    return isinstance(value, str) and value in allowed


def check_shape(move, rule: str | None) -> str:
    """Validate a move's JSON shape; return its type. Anything malformed is an IllegalMove."""
    def bad(why: str):
        return IllegalMove("bad-move", f"That move is malformed ({why}). Moves look like: {FORMS}", rule)

    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise bad("a move is an object with a 'type'")
    kind = move["type"]
    keys = set(move) - {"type"}
    expect = {
        "skip": set(), "end": set(), "pass": set(), "crown": set(), "play": {"card"}, "fracture": {"player", "artefact"},
        "redis": {"moves"}, "advance": {"to", "n"}, "conflict": {"card"}, "support": {"cards"},
        "discard": {"card"}, "insight": {"order"}, "recycle": {"card"}, "top": {"keep"}, "sceptre": {"use"}, "standing": {"pass"},
    }
    if kind == "target":
        if keys not in ({"player"}, {"player", "artefact"}):
            raise bad("target takes a player and, for Corruption, an artefact")
        if "player" in move and not _int(move["player"], 0, 9):
            raise bad("player is a seat number")
        if "artefact" in move and not _word(move["artefact"], ARTEFACT_WORDS):
            raise bad("artefact is crown, sceptre or orb")
        return kind
    if kind not in expect:
        raise bad(f"unknown type {kind[:20]!r}")
    if keys != expect[kind]:
        raise bad(f"{kind} takes the fields {sorted(expect[kind])}")
    if kind == "play" and move["card"] not in ("cta", "ta"):
        raise bad("play takes cta or ta")
    if kind == "fracture" and not (_int(move["player"], 0, 9) and _word(move["artefact"], ARTEFACT_WORDS)):
        raise bad("fracture takes a seat and crown, sceptre or orb")
    if kind == "redis":
        moves = move["moves"]
        if not isinstance(moves, list) or not 1 <= len(moves) <= 40:
            raise bad("redis takes a list of [from, to, n] transfers")
        for item in moves:
            if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
                    and isinstance(item[1], str) and _int(item[2], 1, 99)
                    and place(item[0]) == item[0] and place(item[1]) == item[1]):
                raise bad("each transfer is [from, to, n] with places like C or S03 and n >= 1")
    if kind == "advance" and not (isinstance(move["to"], str) and place(move["to"]) == move["to"]
                                  and _int(move["n"], 0, 99)):
        raise bad("advance takes a tile like S05 and a number of knights")
    if kind == "conflict" and not _word(move["card"], CONFLICT_WORDS):
        raise bad("conflict takes 2, 3, 4, 5, ambush or none")
    if kind == "support" and not (isinstance(move["cards"], list) and 1 <= len(move["cards"]) <= 18
                                  and all(_word(c, SUPPORT_WORDS) for c in move["cards"])):
        raise bad("support takes a list of +1 and +2")
    if kind == "discard" and not _word(move["card"], CARD_WORDS + ("none",)):
        raise bad("discard takes a card name or none")
    if kind == "insight" and not (isinstance(move["order"], list) and 1 <= len(move["order"]) <= 4
                                  and all(_int(i, 1, 4) for i in move["order"])):
        raise bad("insight takes the new order as positions 1..4")
    if kind == "recycle" and not _word(move["card"], CARD_WORDS):
        raise bad("recycle takes a card name")
    if kind == "top" and not isinstance(move["keep"], bool):
        raise bad("top takes keep true or false")
    if kind == "sceptre" and not isinstance(move["use"], bool):
        raise bad("sceptre takes use true or false")
    if kind == "standing" and not _word(move["pass"], STANDING_WORD):
        raise bad("standing takes always, unless-mine or off")
    return kind
