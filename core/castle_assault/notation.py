"""Move shapes and the text notation (format, parse). parse(format(m)) == m for every well-formed move.

JSON moves are dicts with a "type" and exactly the fields listed in FIELDS. Notation:

  attack 1/W2 V3 V17        night V60 1/C S2 V3      night V60 1/W1   (a bluff)
  defend V17 W1             takeback V17              build V40 V41 V50 V51
  explore V58 V62           buy V40                   academy V66 V40 V41
  king V64                  draw                      discard V3
  give 2 V3                 pass                      join V5 V9
  react A1 A4               remove S3                 standing always-pass [join|react]
                                                      standing ask [join|react]
"""
from __future__ import annotations

import re

from core.protocol import IllegalMove

from .data import CARDS, DECK_NAMES

CARD_ID = re.compile(r"^[FVSDA](0|[1-9][0-9]{0,2})$")
TARGET = re.compile(r"^[0-9]/(C|W[1-9])$")
POST = re.compile(r"^(C|W[1-9])$")

FIELDS: dict[str, dict[str, str]] = {
    "attack": {"target": "target", "cards": "cards"},
    "night": {"night": "card", "target": "target", "cards": "cards"},
    "defend": {"card": "card", "post": "post"},
    "takeback": {"card": "card"},
    "build": {"cards": "cards"},
    "explore": {"cards": "cards"},
    "buy": {"card": "card"},
    "academy": {"cards": "cards"},
    "king": {"card": "card"},
    "draw": {},
    "discard": {"card": "card"},
    "give": {"to": "seat", "cards": "cards"},
    "pass": {},
    "join": {"cards": "cards"},
    "react": {"cards": "cards"},
    "remove": {"card": "card"},
    "standing": {"pass": "answer", "window": "window"},
}
ANSWERS = ("always", "ask")
WINDOWS = ("all", "join", "react")

# What a player is asked to do, per phase: the rule a notation error points to.
PHASE_RULE = {"act": "CA-TURN-5", "gift": "CA-MULTI-9", "join": "CA-MULTI-1", "react": "CA-ACT-REACT-1",
              "remove": "CA-ACT-REACT-8", "over": "CA-END-1"}

FORMS = ("attack <seat>/<C|W1..> <cards>; night <night card> <target> [<cards>]; defend <card> <C|W1..>; "
         "takeback <card>; build <4 cards>; explore <explorers>; buy <gold>; academy <duke> <gold> <gold>; "
         "king <card>; draw; discard <card>; give <seat> <card>; pass; join <cards>; react <cards>; "
         "remove <card>; standing always-pass|ask [join|react]")


def bad(message: str, rule: str = "CA-TURN-5") -> IllegalMove:
    return IllegalMove("bad-move", message, rule)


def check_shape(move, rule: str = "CA-TURN-5") -> dict:
    """Refuse anything that is not a well-formed move, before any rule is looked at."""
    if not isinstance(move, dict):
        raise bad("A move is a JSON object with a \"type\".", rule)
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise bad(f"Unknown move type {kind!r}; known types: {', '.join(FIELDS)}.", rule)
    fields = FIELDS[kind]
    extra = set(move) - set(fields) - {"type"}
    if extra:
        raise bad(f"A {kind} move has no field {sorted(extra)[0]!r}.", rule)
    for name, shape in fields.items():
        if name not in move:
            raise bad(f"A {kind} move needs the field {name!r}.", rule)
        value = move[name]
        if shape == "card":
            if not isinstance(value, str) or value not in KNOWN:
                check_card(value, rule)
        elif shape == "cards":
            if not isinstance(value, list) or len(value) > 40:
                raise bad(f"{name!r} must be a list of card ids.", rule)
            for card in value:
                if not isinstance(card, str) or card not in KNOWN:
                    check_card(card, rule)
        elif shape == "target":
            if not isinstance(value, str) or not (TARGET.match(value) or (CARD_ID.match(value)
                                                                          and value in CARDS.kind_of)):
                raise bad("A target is <seat>/C, <seat>/W<n> or a stationed card's id.", "CA-ACT-ATTACK-1")
        elif shape == "post":
            if not isinstance(value, str) or not POST.match(value):
                raise bad("A post is C (the castle) or W1, W2, W3 (a wall).", "CA-ACT-DEFEND-1")
        elif shape == "seat":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
                raise bad("A seat is a number 0..3.", rule)
        elif shape == "answer":
            if value not in ANSWERS:
                raise bad("A standing answer is 'always' (pass) or 'ask'.", rule)
        elif shape == "window":
            if value not in WINDOWS:
                raise bad("A standing answer's window is all, join or react.", rule)
    return move


KNOWN = frozenset(CARDS.kind_of)   # every card id: the common case is checked by one lookup


def check_card(value, rule: str) -> None:
    """A card id must name one of the 120 cards; a well-formed id past its deck's end is told apart
    from a word that is no id at all, since the player's fix differs."""
    if isinstance(value, str) and CARD_ID.match(value) and value not in CARDS.kind_of:
        deck = value[0]
        raise IllegalMove("no-such-card", f"There is no card {value}: {DECK_NAMES[deck]} cards are "
                          f"{deck}0-{deck}{len(CARDS.ids_by_deck[deck]) - 1}.", "CA-GEN-13")
    if not isinstance(value, str) or not CARD_ID.match(value):
        raise IllegalMove("no-such-card", f"{str(value)[:20]!r} is not a card id (like V12, S3 or A7).", rule)


# --- text ------------------------------------------------------------------------------------------

def format_move(move: dict) -> str:
    if "pattern" in move:
        return move["pattern"]
    kind = move["type"]
    cards = " ".join(move.get("cards", []))
    if kind == "attack":
        text = f"attack {move['target']} {cards}"
    elif kind == "night":
        text = f"night {move['night']} {move['target']} {cards}"
    elif kind == "defend":
        text = f"defend {move['card']} {move['post']}"
    elif kind in ("takeback", "buy", "king", "discard", "remove"):
        text = f"{kind} {move['card']}"
    elif kind in ("build", "explore", "academy", "join", "react"):
        text = f"{kind} {cards}"
    elif kind == "give":
        text = f"give {move['to']} {cards}"
    elif kind == "standing":
        answer = "always-pass" if move["pass"] == "always" else "ask"
        text = f"standing {answer}" + ("" if move["window"] == "all" else f" {move['window']}")
    else:
        text = kind
    return text.strip()


KIND_WORDS = {k.key: k.key for k in CARDS.kinds.values()}
KIND_WORDS.update({k.name.lower().split(" (")[0].replace(" ", "-"): k.key for k in CARDS.kinds.values()
                   if k.deck != "D" and not k.key.startswith("explorer")})
KIND_WORDS.update({"explorer": "explorer1", "soldiers": "soldier", "archers": "archer", "boiling-oil": "oil"})


def parse_move(text: object, pools: dict[str, list[str]], rule: str) -> dict:
    """Text -> move. Card ids may be written in any case; a kind name ('soldier') stands for
    the first such card not named yet in the pool of that verb (pools[verb], else pools["hand"]):
    the hand, or for takeback the stationed cards, for remove the attack cards."""
    if not isinstance(text, str):
        raise IllegalMove("bad-notation", "A move in notation is a line of text. Forms: " + FORMS, rule)
    words = text.strip().split()
    if not words or len(words) > 45:
        raise IllegalMove("bad-notation", "Write a move. Forms: " + FORMS, rule)
    verb = words[0].lower()
    reader = PARSERS.get(verb)
    if reader is None:
        raise IllegalMove("bad-notation", f"Unknown move {verb[:20]!r}. Forms: " + FORMS, rule)
    return reader(Words(verb, words[1:], pools.get(verb, pools.get("hand", [])), rule))


class Words:
    """The words after a move's verb, read as cards, targets and counts."""

    def __init__(self, verb: str, args: list[str], pool: list[str], rule: str):
        self.verb, self.args, self.pool, self.rule = verb, args, pool, rule
        self.used: list[str] = []

    def card(self, word: str) -> str:
        upper = word.upper()
        if CARD_ID.match(upper):
            self.used.append(upper)
            return upper
        key = KIND_WORDS.get(word.lower())
        if key is None:
            raise IllegalMove("bad-notation", f"{word[:20]!r} is not a card (write its id, like V12).", self.rule)
        for c in self.pool:
            if CARDS.key[c] == key and c not in self.used:
                self.used.append(c)
                return c
        raise IllegalMove("not-in-hand", f"You hold no (further) {CARDS.kinds[key].name}.", self.rule)

    def cards(self, words: list[str]) -> list[str]:
        return [self.card(word) for word in words]

    def need(self, count: int) -> None:
        if len(self.args) != count:
            raise IllegalMove("bad-notation", f"'{self.verb}' takes {count} argument(s). Forms: " + FORMS,
                              self.rule)

    def target(self, word: str) -> str:
        upper = word.upper()
        if TARGET.match(upper) or CARD_ID.match(upper):
            return upper
        raise IllegalMove("bad-notation", f"{word[:20]!r} is not a target: write <seat>/C, <seat>/W<n> "
                          "or a stationed card's id.", "CA-ACT-ATTACK-1")


def read_attack(w: Words) -> dict:
    if len(w.args) < 2:
        raise IllegalMove("bad-notation", "Write: attack <seat>/<C|W1..> <card> [<card>...]", "CA-ACT-ATTACK-1")
    return {"type": "attack", "target": w.target(w.args[0]), "cards": w.cards(w.args[1:])}


def read_night(w: Words) -> dict:
    if len(w.args) < 2:
        raise IllegalMove("bad-notation", "Write: night <night card> <seat>/<C|W1..> [<card>...]", "CA-ACT-NIGHT-1")
    return {"type": "night", "night": w.card(w.args[0]), "target": w.target(w.args[1]), "cards": w.cards(w.args[2:])}


def read_defend(w: Words) -> dict:
    w.need(2)
    post = w.args[1].upper()
    if not POST.match(post):
        raise IllegalMove("bad-notation", "Write: defend <card> <C|W1|W2|W3>", "CA-ACT-DEFEND-1")
    return {"type": "defend", "card": w.card(w.args[0]), "post": post}


def read_one_card(w: Words) -> dict:
    w.need(1)
    return {"type": w.verb, "card": w.card(w.args[0])}


def read_card_set(w: Words) -> dict:
    if not w.args:
        raise IllegalMove("bad-notation", f"Write: {w.verb} <card> [<card>...]", w.rule)
    return {"type": w.verb, "cards": w.cards(w.args)}


def read_give(w: Words) -> dict:
    if len(w.args) < 2 or not w.args[0].isdigit() or len(w.args[0]) > 1:
        raise IllegalMove("bad-notation", "Write: give <seat> <card>", "CA-MULTI-9")
    return {"type": "give", "to": int(w.args[0]), "cards": w.cards(w.args[1:])}


def read_bare(w: Words) -> dict:
    w.need(0)
    return {"type": w.verb}


def read_standing(w: Words) -> dict:
    args = [word.lower() for word in w.args]
    if not 1 <= len(args) <= 2 or args[0] not in ("always-pass", "ask") \
            or (len(args) == 2 and args[1] not in ("join", "react", "all")):
        raise IllegalMove("bad-notation", "Write: standing always-pass|ask [join|react]", w.rule)
    return {"type": "standing", "pass": "always" if args[0] == "always-pass" else "ask",
            "window": args[1] if len(args) == 2 else "all"}


PARSERS = {"attack": read_attack, "night": read_night, "defend": read_defend, "give": read_give,
           "standing": read_standing, "draw": read_bare, "pass": read_bare,
           **{verb: read_one_card for verb in ("takeback", "buy", "king", "discard", "remove")},
           **{verb: read_card_set for verb in ("build", "explore", "academy", "join", "react")}}
