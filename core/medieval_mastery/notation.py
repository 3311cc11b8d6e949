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
from collections.abc import Callable

from core.medieval_mastery.data import KIND_OF_NAME
from core.movespec import Field, MoveSpec, check_move
from core.protocol import IllegalMove
from core.text import say

ARTEFACT_WORDS = ("crown", "sceptre", "orb")
CONFLICT_WORDS = ("2", "3", "4", "5", "ambush", "none")
SUPPORT_WORDS = ("+1", "+2")
CARD_WORDS = tuple(KIND_OF_NAME)  # authority, cta, ta, fracture, 2..5, ambush, +1, +2
STANDING = {"always-pass": "always", "pass-unless-mine": "unless-mine", "off": "off"}
STANDING_WORD = {v: k for k, v in STANDING.items()}
SIMPLE = ("skip", "end", "pass", "crown")

FORMS = say("play cta|ta; fracture P<n> crown|sceptre|orb; crown; target P<n> [crown|sceptre|orb]; "
            "redis <from>><to>:<n> ... (places: C for your castle, S01..S30); advance <tile> <n>; "
            "skip; end; pass; conflict 2|3|4|5|ambush|none; support +1|+2 ...; discard <card>|none; "
            "insight <order>; recycle <card>; top keep|discard; sceptre use|decline; "
            "standing always-pass|pass-unless-mine|off")  # a message: the places' gloss is a sentence

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
        raise IllegalMove("bad-notation", say("A move is a line of text. Expected one of: {forms}", forms=FORMS), rule)
    words = text.strip().split()
    move = None
    if words and len(words) <= 40:
        head, rest = words[0].lower(), [w.lower() for w in words[1:]]
        if head in SIMPLE:
            move = None if rest else {"type": head}
        elif head in READERS:
            move = READERS[head](rest)
    if move is None:
        raise IllegalMove("bad-notation", say("Cannot read {text}. Expected one of: {forms}", text=repr(text.strip()[:40]),
                                              forms=FORMS), rule)
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


# --- moves as data (core.movespec): the shape of every kind of move --------------------------
# A shape error names the rule of what the seat is asked now (game.check_shape), so no spec names one.

_SEAT = Field(name="player", kind=int, minimum=0, maximum=9)
_ARTEFACT = Field(name="artefact", choices=ARTEFACT_WORDS)
MOVES: dict[str, MoveSpec] = {spec.type: spec for spec in (
    MoveSpec(type="play", fields=(Field(name="card", choices=("cta", "ta")),), notation="play cta|ta",
             help="Call to Arms or Tactical Advance, at step 2 or 7"),
    MoveSpec(type="fracture", fields=(_SEAT, _ARTEFACT), notation="fracture P<n> crown|sceptre|orb",
             help="destroy another player's artefact (your turn, or a window)"),
    MoveSpec(type="crown", notation="crown", help="use your crown (step 3 or 8)"),
    MoveSpec(type="target", fields=(_SEAT, Field(name="artefact", choices=ARTEFACT_WORDS, required=False)),
             notation="target P<n> [crown|sceptre|orb]", help="the player (and artefact) a crown is used on"),
    MoveSpec(type="redis", fields=(Field(name="moves", kind=list, items=list, minimum=1, maximum=40),),
             notation="redis <from>><to>:<n> ...", help="move knights among your castle (C) and territories"),
    MoveSpec(type="advance", fields=(Field(name="to"), Field(name="n", kind=int, minimum=0, maximum=99)),
             notation="advance <tile> <n>", help="knights from your castle into a tile"),
    MoveSpec(type="skip", notation="skip", help="no (more) redistribution or advance"),
    MoveSpec(type="end", notation="end", help="end your turn"),
    MoveSpec(type="pass", notation="pass", help="answer a Fracture window or a support opportunity"),
    MoveSpec(type="conflict", fields=(Field(name="card", choices=CONFLICT_WORDS),),
             notation="conflict 2|3|4|5|ambush|none", help="your conflict card, face down"),
    MoveSpec(type="support", fields=(Field(name="cards", kind=list, items=str, minimum=1, maximum=18),),
             notation="support +1|+2 ...", help="support cards"),
    MoveSpec(type="discard", fields=(Field(name="card", choices=CARD_WORDS + ("none",)),),
             notation="discard <card>|none", help="the optional discard"),
    MoveSpec(type="insight", fields=(Field(name="order", kind=list, items=int, minimum=1, maximum=4),),
             notation="insight <order>", help="Crown of Insight: the new order, top first"),
    MoveSpec(type="recycle", fields=(Field(name="card", choices=CARD_WORDS),), notation="recycle <card>",
             help="Crown of Order: a card from your discard pile"),
    MoveSpec(type="top", fields=(Field(name="keep", kind=bool),), notation="top keep|discard",
             help="Crown of Prosperity: keep the top card or discard it"),
    MoveSpec(type="sceptre", fields=(Field(name="use", kind=bool),), notation="sceptre use|decline",
             help="Sceptre of Fear or Vigour, when asked"),
    MoveSpec(type="standing", fields=(Field(name="pass", choices=tuple(STANDING_WORD)),),
             notation="standing always-pass|pass-unless-mine|off", help="a standing answer to Fracture windows"),
)}


def check_shape(move) -> str:
    """Validate a move's JSON shape (MOVES, then what a table cannot say); return its type.
    (check_move's compiled test passes the usual well-formed move cheaply.)"""
    kind = check_move(MOVES, move).type
    extra = CROSS_CHECKS.get(kind)
    if extra is not None and not extra(move):
        raise IllegalMove("bad-move", say("That {kind} move is malformed: {help}.", kind=repr(kind), help=SHAPE_HELP[kind]))
    return kind




def plain_shape(move: dict) -> bool:
    """True for a move check_shape passes at a glance: a decision's kind (not "standing", which
    the preamble takes itself, nor a resignation, no kind here), its spec's cheap test
    (MoveSpec.plain) and the cross-check. False: check_shape decides (it may pass it too).
    The kinds the random player makes most have a test of their own in PLAIN_TESTS, one frame
    where the spec's test and the cross-check take three or four: each says exactly what the
    table and the cross-check say (tests/core/medieval_mastery/test_apply_paths.py compares the
    two on many shapes of every kind)."""
    kind = move.get("type")
    if type(kind) is not str:
        return False
    test = PLAIN_TESTS.get(kind)
    if test is not None:
        return test(move)
    return reference_plain_shape(move)


def reference_plain_shape(move: dict) -> bool:
    """plain_shape by the MOVES table's own cheap test (MoveSpec.plain) and the cross-check."""
    kind = move.get("type")
    spec = PLAIN_SPECS.get(kind) if type(kind) is str else None
    if spec is None or not spec(move):
        return False
    extra = CROSS_CHECKS.get(move["type"])
    return extra is None or extra(move)


def _int(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _transfers_ok(move: dict) -> bool:
    return all(len(item) == 3 and isinstance(item[0], str) and isinstance(item[1], str) and _int(item[2], 1, 99)
               and item[0] in CANONICAL_PLACES and item[1] in CANONICAL_PLACES for item in move["moves"])


# The place names `place` leaves as they are (place(w) == w): its canonical spellings, C, C<k>,
# L<k> and S<nn>, found by asking `place` itself of every name it can return.
CANONICAL_PLACES = frozenset(name for name in ["C", *(f"{c}{k}" for c in "CL" for k in range(10)),
                                               *(f"S{k:02d}" for k in range(100))] if place(name) == name)


CROSS_CHECKS = {
    "redis": _transfers_ok,
    "advance": lambda move: move["to"] in CANONICAL_PLACES,
    "support": lambda move: all(card in SUPPORT_WORDS for card in move["cards"]),
    "insight": lambda move: all(1 <= i <= 4 for i in move["order"]),
}
# The cheap shape test of each decision's kind (every kind but "standing": the preamble's own).
PLAIN_SPECS = {kind: spec.plain for kind, spec in MOVES.items() if kind != "standing" and spec.plain is not None}

def _bare(move: dict) -> bool:
    """skip, end, pass, crown: a kind with no fields, so only its "type"."""
    return len(move) == 1


def _advance_plain(move: dict) -> bool:
    """advance: "to" a canonical place (the cross-check) and "n" a whole number 0..99."""
    to, n = move.get("to"), move.get("n")
    return len(move) == 3 and type(n) is int and 0 <= n <= 99 and type(to) is str and to in CANONICAL_PLACES


def _word_plain(words: tuple) -> Callable[[dict], bool]:
    """A kind whose one field, "card", is one of `words` (conflict, discard)."""
    allowed = frozenset(words)

    def test(move: dict) -> bool:
        card = move.get("card")
        return len(move) == 2 and type(card) is str and card in allowed
    return test


def _redis_plain(move: dict) -> bool:
    """redis: 1..40 transfers, each [from, to, n], places canonical and n a whole number 1..99."""
    transfers = move.get("moves")
    if len(move) != 2 or type(transfers) is not list or not 1 <= len(transfers) <= 40:
        return False
    for item in transfers:
        if type(item) is not list or len(item) != 3:
            return False
        a, b, n = item
        if (type(a) is not str or type(b) is not str or type(n) is not int or not 1 <= n <= 99
                or a not in CANONICAL_PLACES or b not in CANONICAL_PLACES):
            return False
    return True


def _support_plain(move: dict) -> bool:
    """support: 1..18 cards, each +1 or +2."""
    cards = move.get("cards")
    if len(move) != 2 or type(cards) is not list or not 1 <= len(cards) <= 18:
        return False
    for card in cards:
        if type(card) is not str or card not in SUPPORT_WORDS:
            return False
    return True


# plain_shape's own tests of the kinds most moves are (each equal to reference_plain_shape).
PLAIN_TESTS: dict[str, Callable[[dict], bool]] = {
    "skip": _bare, "end": _bare, "pass": _bare, "crown": _bare, "advance": _advance_plain,
    "conflict": _word_plain(CONFLICT_WORDS), "discard": _word_plain(CARD_WORDS + ("none",)), "redis": _redis_plain,
    "support": _support_plain}
SHAPE_HELP = {
    "redis": say("each transfer is [from, to, n] with places like C or S03 and n >= 1"),
    "advance": say("it takes a tile like S05 and a number of knights"),
    "support": say("it takes a list of +1 and +2"),
    "insight": say("it takes the new order as positions 1..4"),
}
