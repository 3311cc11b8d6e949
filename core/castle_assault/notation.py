"""Move shapes (MOVES) and the text notation (format, parse). parse(format(m)) == m for every
well-formed move.

JSON moves are dicts with a "type" and exactly the fields MOVES lists. Notation:

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
from typing import Callable

from core.movespec import Field, MoveSpec, check_move
from core.protocol import IllegalMove
from core.text import pattern, say, term

from .data import CARDS, DECK_NAMES

CARD_ID = re.compile(r"^[FVSDA](0|[1-9][0-9]{0,2})$")
TARGET = re.compile(r"^[0-9]/(C|W[1-9])$")
POST = re.compile(r"^(C|W[1-9])$")
KNOWN = frozenset(CARDS.kind_of)   # every card id: the common case is checked by one lookup
POST_TARGETS = frozenset(f"{seat}/{post}" for seat in range(10) for post in ["C"] + [f"W{n}" for n in range(1, 10)])
assert len(POST_TARGETS) == 100 and all(TARGET.match(text) for text in POST_TARGETS)  # all TARGET matches

CARD = Field(name="card")
CARDS_FIELD = Field(name="cards", kind=list, items=str, maximum=40)
TARGET_FIELD = Field(name="target")

# The words of the move patterns' placeholders (legal_moves lists a pattern beside examples where
# a set of cards is chosen; a refusal shows the form to write), said in each reader's language:
# core/text.py `pattern`.
WORDS = {"seat": say("seat"), "card": say("card"), "stationed card": say("stationed card"),
         "night card": say("night card"), "duke": say("duke"), "gold": say("gold"), "explorer": say("explorer"),
         "cards": say("cards"), "4 cards": say("4 cards"), "explorers": say("explorers"), "target": say("target")}


def spec(kind: str, notation: str, help: str, *fields: Field) -> MoveSpec:
    return MoveSpec(type=kind, fields=fields, notation=notation, help=help)


MOVES: dict[str, MoveSpec] = {s.type: s for s in (
    spec("attack", "attack <seat>/<C|W1..|stationed card> <card> [<card>...]",
         say("Attack one enemy card with Soldiers, Archers and Siege cards from your hand."), TARGET_FIELD, CARDS_FIELD),
    spec("night", "night <night card> <seat>/<C|W1..|stationed card> [<card>...]",
         say("Night attack: your attack cards go face down under the Night card (none = a bluff)."),
         Field(name="night"), TARGET_FIELD, CARDS_FIELD),
    spec("defend", "defend <card> <C|W1..>", say("Station an Archer on a wall or a Soldier on your castle (once a turn)."),
         CARD, Field(name="post")),
    spec("takeback", "takeback <card>", say("Take a card stationed in your fortress back into your hand."), CARD),
    spec("build", "build <card> <card> <card> <card>",
         say("Exactly 4 Builders or Gold, at least one Builder: take the top Siege card."), CARDS_FIELD),
    spec("explore", "explore <explorer> [<explorer>...]",
         say("Turn up the top Dungeon card; more torches than its danger wins its treasure."), CARDS_FIELD),
    spec("buy", "buy <gold>", say("Spend one Gold to draw 2 Village cards."), CARD),
    spec("academy", "academy <duke> <gold> <gold>", say("Take the top Academy card."), CARDS_FIELD),
    spec("king", "king <king>", say("Play a King: two actions this turn."), CARD),
    spec("draw", "draw", say("Inside a King turn: draw a Village card as an action.")),
    spec("discard", "discard <card>", say("Discard a card for no effect."), CARD),
    spec("give", "give <seat> <card> [<card>...]", say("Give cards to a player who has a castle."),
         Field(name="to", kind=int, minimum=0, maximum=9), CARDS_FIELD),
    spec("pass", "pass", say("Pass a join or reaction window, or a turn without a castle.")),
    spec("join", "join <card> [<card>...]", say("Add Soldiers, Archers or Siege cards to the attack."), CARDS_FIELD),
    spec("react", "react <card> [<card>...]", say("Play Academy cards against this attack."), CARDS_FIELD),
    spec("remove", "remove <card>", say("Choose the attack card your Sabotage or Boiling Oil removes."), CARD),
    spec("standing", "standing always-pass|ask [join|react]",
         say("Pass every join or reaction window ahead, or be asked again (any time)."),
         Field(name="pass", choices=("always", "ask")), Field(name="window", choices=("all", "join", "react"))),
)}

# What a player is asked to do, per phase: the rule a notation error points to.
PHASE_RULE = {"act": "CA-TURN-5", "gift": "CA-MULTI-9", "join": "CA-MULTI-1", "react": "CA-ACT-REACT-1",
              "remove": "CA-ACT-REACT-8", "over": "CA-END-1"}

FORMS = pattern("attack <seat>/<C|W1..> <cards>; night <night card> <target> [<cards>]; defend <card> <C|W1..>; "
                "takeback <card>; build <4 cards>; explore <explorers>; buy <gold>; academy <duke> <gold> <gold>; "
                "king <card>; draw; discard <card>; give <seat> <card>; pass; join <cards>; react <cards>; "
                "remove <card>; standing always-pass|ask [join|react]", WORDS)


def check_shape(move: object, rule: str = "CA-TURN-5") -> dict:
    """Refuse anything that is not a well-formed move, before any rule is looked at: the MOVES
    table, then what a table cannot say (card ids, targets and posts as written). A well-formed
    move passes one quick test (`well_formed`); any other gets the full check and its error."""
    if well_formed(move):
        return move  # type: ignore[return-value]
    if isinstance(move, dict) and move.get("type") in ("attack", "night", "defend"):
        check_place(move)
    check_move(MOVES, move, rule)
    assert isinstance(move, dict)
    for name in ("card", "night"):
        if name in move and move[name] not in KNOWN:
            check_card(move[name], rule)
    for card in move.get("cards", ()):
        if card not in KNOWN:
            check_card(card, rule)
    return move


def well_formed(move: object) -> bool:
    """Exactly the moves check_shape accepts, tested without building an error (the shape check
    runs on every move: this is most of its cost saved): the type's SHAPE test."""
    if type(move) is not dict:
        return False
    kind = move.get("type")
    test = SHAPES.get(kind) if type(kind) is str else None
    return test is not None and test(move)


def has_fields(names: tuple[str, ...]) -> Callable[[dict], bool]:
    """A move of a type with these fields: exactly them (and "type"), each passing its FIELD_OK test."""
    tests = tuple((name, FIELD_OK[name]) for name in names)

    def test(move: dict) -> bool:
        if len(move) != len(tests) + 1:
            return False
        for name, ok in tests:
            if name not in move or not ok(move[name]):
                return False
        return True
    return test


# has_fields of the commonest field lists, each test inlined (a missing field reads as None, which
# no test passes); tests/core/castle_assault/test_notation.py compares them with has_fields.

def only_type(move: dict) -> bool:
    return len(move) == 1


def one_card(move: dict) -> bool:
    card = move.get("card")
    return len(move) == 2 and type(card) is str and card in KNOWN


def card_list(move: dict) -> bool:
    cards = move.get("cards")
    return len(move) == 2 and type(cards) is list and len(cards) <= 40 and ONLY_STR.issuperset(map(type, cards)) \
        and KNOWN.issuperset(cards)


def target_and_cards(move: dict) -> bool:
    target, cards = move.get("target"), move.get("cards")
    return len(move) == 3 and type(target) is str and (target in KNOWN or target in POST_TARGETS) \
        and type(cards) is list and len(cards) <= 40 and ONLY_STR.issuperset(map(type, cards)) \
        and KNOWN.issuperset(cards)


INLINED = {(): only_type, ("card",): one_card, ("cards",): card_list, ("target", "cards"): target_and_cards}


def is_card(value: object) -> bool:
    return type(value) is str and value in KNOWN


def is_card_list(value: object) -> bool:
    # (C-level: the types of the items are all str, and the ids all known)
    return type(value) is list and len(value) <= 40 and ONLY_STR.issuperset(map(type, value)) \
        and KNOWN.issuperset(value)


ONLY_STR = frozenset((str,))


def is_target(value: object) -> bool:
    return type(value) is str and (value in KNOWN or value in POST_TARGETS)


# One test per field name of MOVES (a field name means the same in every move).
FIELD_OK = {"card": is_card, "night": is_card, "cards": is_card_list, "target": is_target,
            "post": lambda value: type(value) is str and POST.match(value) is not None,
            "to": lambda value: type(value) is int and 0 <= value <= 9,
            "pass": lambda value: value in ("always", "ask"),
            "window": lambda value: value in ("all", "join", "react")}
FIELD_NAMES = {kind: tuple(f.name for f in spec.fields) for kind, spec in MOVES.items()}
SHAPES = {kind: INLINED.get(names) or has_fields(names) for kind, names in FIELD_NAMES.items()}
assert {f.name for spec in MOVES.values() for f in spec.fields} == set(FIELD_OK)


def check_place(move: dict) -> None:
    """A target or a post written wrong names the rule of the action that aims at it."""
    if "target" in move:
        target = move["target"]
        if not isinstance(target, str) or not (TARGET.match(target) or target in KNOWN):
            raise IllegalMove("bad-move", say("A target is <seat>/C, <seat>/W<n> or a stationed card's id."),
                              "CA-ACT-ATTACK-1")
    if "post" in move and not (isinstance(move["post"], str) and POST.match(move["post"])):
        raise IllegalMove("bad-move", say("A post is C (the castle) or W1, W2, W3 (a wall)."), "CA-ACT-DEFEND-1")


def check_card(value: str, rule: str) -> None:
    """A card id must name one of the 120 cards; a well-formed id past its deck's end is told apart
    from a word that is no id at all, since the player's fix differs."""
    if CARD_ID.match(value):
        deck = value[0]
        first, last = deck + "0", deck + str(len(CARDS.ids_by_deck[deck]) - 1)
        raise IllegalMove("no-such-card", say("There is no card {card}: {deck} cards are {first}-{last}.", card=value,
                                              deck=term(DECK_NAMES[deck]), first=first, last=last), "CA-GEN-13")
    raise IllegalMove("no-such-card", say("{word} is not a card id (like V12, S3 or A7).", word=repr(value[:20])), rule)


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
        raise IllegalMove("bad-notation", say("A move in notation is a line of text. Forms: {forms}", forms=FORMS), rule)
    words = text.strip().split()
    if not words or len(words) > 45:
        raise IllegalMove("bad-notation", say("Write a move. Forms: {forms}", forms=FORMS), rule)
    verb = words[0].lower()
    reader = PARSERS.get(verb)
    if reader is None:
        raise IllegalMove("bad-notation", say("Unknown move {verb}. Forms: {forms}", verb=repr(verb[:20]), forms=FORMS),
                          rule)
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
            raise IllegalMove("bad-notation", say("{word} is not a card (write its id, like V12).", word=repr(word[:20])),
                              self.rule)
        for c in self.pool:
            if CARDS.key[c] == key and c not in self.used:
                self.used.append(c)
                return c
        raise IllegalMove("not-in-hand", say("You hold no (further) {card}.", card=term(CARDS.kinds[key].name)),
                          self.rule)

    def cards(self, words: list[str]) -> list[str]:
        return [self.card(word) for word in words]

    def need(self, count: int) -> None:
        if len(self.args) != count:
            raise IllegalMove("bad-notation", say("'{verb}' takes {count} argument(s). Forms: {forms}", verb=self.verb,
                                                  count=count, forms=FORMS), self.rule)

    def target(self, word: str) -> str:
        upper = word.upper()
        if TARGET.match(upper) or CARD_ID.match(upper):
            return upper
        raise IllegalMove("bad-notation", say("{word} is not a target: write <seat>/C, <seat>/W<n> or a stationed "
                                              "card's id.", word=repr(word[:20])), "CA-ACT-ATTACK-1")


def read_attack(w: Words) -> dict:
    if len(w.args) < 2:
        raise IllegalMove("bad-notation", say("Write: {form}", form=pattern("attack <seat>/<C|W1..> <card> [<card>...]", WORDS)),
                          "CA-ACT-ATTACK-1")
    return {"type": "attack", "target": w.target(w.args[0]), "cards": w.cards(w.args[1:])}


def read_night(w: Words) -> dict:
    if len(w.args) < 2:
        raise IllegalMove("bad-notation", say("Write: {form}", form=pattern("night <night card> <seat>/<C|W1..> [<card>...]", WORDS)),
                          "CA-ACT-NIGHT-1")
    return {"type": "night", "night": w.card(w.args[0]), "target": w.target(w.args[1]), "cards": w.cards(w.args[2:])}


def read_defend(w: Words) -> dict:
    w.need(2)
    post = w.args[1].upper()
    if not POST.match(post):
        raise IllegalMove("bad-notation", say("Write: {form}", form=pattern("defend <card> <C|W1|W2|W3>", WORDS)), "CA-ACT-DEFEND-1")
    return {"type": "defend", "card": w.card(w.args[0]), "post": post}


def read_one_card(w: Words) -> dict:
    w.need(1)
    return {"type": w.verb, "card": w.card(w.args[0])}


def read_card_set(w: Words) -> dict:
    if not w.args:
        raise IllegalMove("bad-notation", say("Write: {form}", form=pattern(w.verb + " <card> [<card>...]", WORDS)), w.rule)
    return {"type": w.verb, "cards": w.cards(w.args)}


def read_give(w: Words) -> dict:
    if len(w.args) < 2 or not w.args[0].isdigit() or len(w.args[0]) > 1:
        raise IllegalMove("bad-notation", say("Write: {form}", form=pattern("give <seat> <card>", WORDS)), "CA-MULTI-9")
    return {"type": "give", "to": int(w.args[0]), "cards": w.cards(w.args[1:])}


def read_bare(w: Words) -> dict:
    w.need(0)
    return {"type": w.verb}


def read_standing(w: Words) -> dict:
    args = [word.lower() for word in w.args]
    if not 1 <= len(args) <= 2 or args[0] not in ("always-pass", "ask") \
            or (len(args) == 2 and args[1] not in ("join", "react", "all")):
        raise IllegalMove("bad-notation", say("Write: {form}", form="standing always-pass|ask [join|react]"), w.rule)
    return {"type": "standing", "pass": "always" if args[0] == "always-pass" else "ask",
            "window": args[1] if len(args) == 2 else "all"}


PARSERS = {"attack": read_attack, "night": read_night, "defend": read_defend, "give": read_give,
           "standing": read_standing, "draw": read_bare, "pass": read_bare,
           **{verb: read_one_card for verb in ("takeback", "buy", "king", "discard", "remove")},
           **{verb: read_card_set for verb in ("build", "explore", "academy", "join", "react")}}
