"""`herald explain castle-assault THING`: cards, posts, decks and board symbols.

Card texts are built from the card list in `cards` (swords, shields, torches, effects), so
the reconstructed numbers explain themselves when swapped. Rule IDs point into
the player guide, server/guides/castle-assault.md.
"""
from __future__ import annotations

from core.castle_assault.data import CARDS, DECK_NAMES, said_shields, said_swords
from core.glossary import Entry, Glossary
from core.text import join, say, say_n, term

GAME = "castle-assault"

USE = {
    "castle": say("Your castle: it can be attacked only when all your walls are destroyed, or by an attack holding "
                  "an assault weapon; lose it and you are out (CA-ACT-ATTACK-4, CA-END-1)."),
    "wall": say("A wall: any standing wall of any opponent may be attacked (CA-ACT-ATTACK-3)."),
    "soldier": say("Attack card, or stationed on your castle (blue) with `defend` (CA-ACT-DEFEND-1)."),
    "archer": say("Attack card, or stationed on one of your walls (green) with `defend` (CA-ACT-DEFEND-1)."),
    "gold": say("Pays: `buy` (1 Gold: draw 2 Village cards), `build` (with Builders), `academy` (1 Duke + 2 Gold) "
                "(CA-ACT-BUY-1, CA-ACT-BUILD-1, CA-ACT-ACADEMY-1)."),
    "builder": say("`build` with exactly 4 Builders or Gold, at least one Builder: take the top Siege card "
                   "(CA-ACT-BUILD-1)."),
    "king": say("Playing it is an action that gives 2 more actions (two attacks allowed); then discarded "
                "(CA-ACT-KING-1..9)."),
    "duke": say("With 2 Gold: `academy` takes the top Academy card (CA-ACT-ACADEMY-1)."),
    "night": say("A night attack: your attack cards go face down under it; the victim reacts without seeing them "
                 "(CA-ACT-NIGHT-1..9)."),
}
DECK_USE = {
    "S": say("A siege weapon, gained by building; an attack card, discarded after its attack (CA-ACT-BUILD-3)."),
    "D": say("A dungeon card, turned up by `explore`: more torches than its danger win its treasure in Village "
             "cards (CA-ACT-EXPLORE-2)."),
    "A": say("A reaction card: only the player attacked may play it, against that one attack, then it is "
             "discarded (CA-ACT-REACT-1..10)."),
}
DECK_TITLE = {"F": say("Fortress deck"), "V": say("Village deck"), "S": say("Siege deck"), "D": say("Dungeon deck"),
              "A": say("Academy deck")}  # one message each: languages name each deck in their own way
EXPLORER_USE = say("Explorers: `explore` with them against the top Dungeon card (CA-ACT-EXPLORE-1).")
COLOUR = {"blue": say("blue"), "green": say("green")}


def effect_text(effect: str, amount: str) -> str:
    """What a reaction card does, its amount (swords or shields) said."""
    if effect == "fewer-swords":
        return say("the attack loses {amount}", amount=amount)
    if effect == "more-shields":
        return say("the attacked card gains {amount} for this battle", amount=amount)
    if effect == "remove-siege":
        return say("you remove one Siege card of your choice from the attack")
    return say("you remove one Soldier or Archer of your choice from the attack")


def kind_text(kind) -> str:
    facts: list[str] = []
    if kind.swords:
        facts.append(said_swords(kind.swords))
    if kind.defence:
        shields = said_shields(kind.defence)
        facts.append(say("{shields} ({colour})", shields=shields, colour=COLOUR[kind.colour]) if kind.colour
                     else shields)
    if kind.max_defenders:
        facts.append(say_n("takes up to {n} defender", "takes up to {n} defenders", kind.max_defenders))
    if kind.assault:
        facts.append(say("assault weapon (may attack a walled castle)"))
    if kind.torches:
        facts.append(say_n("{n} torch", "{n} torches", kind.torches))
    if kind.deck == "D":
        facts.append(say_n("danger {danger}, treasure {n} Village card", "danger {danger}, treasure {n} Village cards",
                           kind.treasure, danger=kind.danger))
    if kind.effect:
        effect = effect_text(kind.effect, said_shields(kind.amount) if "shields" in kind.effect
                             else said_swords(kind.amount))
        facts.append(say("{effect} (only on the castle or a card stationed on it)", effect=effect)
                     if kind.castle_only else effect)
    use = USE.get(kind.key) or DECK_USE.get(kind.deck) or (EXPLORER_USE if kind.torches else "")
    ids = [c for c, k in CARDS.kind_of.items() if k is kind]
    cards = ids[0] + (".." + ids[-1] if len(ids) > 1 else "")
    if facts:
        return say_n("{name} ({deck}, {n} card: {cards}): {facts}. {use}",
                     "{name} ({deck}, {n} cards: {cards}): {facts}. {use}", kind.count,
                     name=term(kind.name), deck=DECK_TITLE[kind.deck], cards=cards, facts=join("; ", facts), use=use)
    return say_n("{name} ({deck}, {n} card: {cards}): {use}", "{name} ({deck}, {n} cards: {cards}): {use}",
                 kind.count, name=term(kind.name), deck=DECK_TITLE[kind.deck], cards=cards, use=use)


DECK_TEXT = {
    "F": say("Castles and walls, dealt at setup."),
    "V": say("Drawn each turn; loot and purchases come from it; rebuilt from the discard pile when empty (CA-GEN-5)."),
    **DECK_USE,
}


def build() -> Glossary:
    g = Glossary(GAME)
    said = {}
    for kind in CARDS.kinds.values():
        said[kind.key] = kind_text(kind)
        g.add([kind.name, kind.spanish] if kind.name.lower() != kind.spanish.lower() else kind.name,
              term(kind.name), "card", said[kind.key])
    for cid, kind in CARDS.kind_of.items():
        g.add(cid, CARDS.label(cid), "card", say("{label}: {text}", label=CARDS.label(cid), text=said[kind.key]))
    g.add("Explorer", term("Explorer"), "card", say("{name}: 1, 2 or 3 torches; `explore` with one or more against "
          "the top Dungeon card (CA-ACT-EXPLORE-1).", name=term("Explorer")), "CA-ACT-EXPLORE-1")
    for letter, name in DECK_NAMES.items():
        g.add([name, f"{name} deck"], DECK_TITLE[letter], "term",
              say("The {deck} (card ids {letter}0, {letter}1, ...). {text}", deck=DECK_TITLE[letter], letter=letter,
                  text=DECK_TEXT[letter]), "CA-SETUP-5")
    _symbols(g)
    g.add_terms(TERMS)
    return g


def _post(m) -> Entry:
    seat, post, symbol = m.group(1), m.group(2).upper(), m.group(0)
    if post == "C":
        what = say("seat {seat}'s castle", seat=seat)
    else:
        what = say("seat {seat}'s wall {wall}", seat=seat, wall=post[1:])
    return Entry(symbol, "symbol", say("{symbol}: {what}, as targets are written (`attack {symbol} V3`). Number "
                                       "before the slash: the seat; C the castle, W1.. the walls (CA-ACT-ATTACK-1).",
                                       symbol=symbol, what=what), "CA-ACT-ATTACK-1")


# Symbols of the board, the view and the log, as (names, title, kind, text, rule).
SYMBOLS = (
    ("destroyed", say("destroyed"), "symbol", say("destroyed: the wall or castle is face down for the rest of the "
     "game; its defenders were discarded (CA-ACT-ATTACK-14)."), "CA-ACT-ATTACK-14"),
    ("defenders", say("defenders"), "symbol", say("defenders: Village cards stationed under the post, each adding "
     "its shields; each may also be attacked on its own (CA-ACT-DEFEND-1..8, CA-ACT-ATTACK-5)."),
     "CA-ACT-DEFEND-4"),
    (["loot pile", "loot"], say("Loot"), "term", say("Loot: one Village card for each battle won; in 2-player games "
     "into the hand, in 3-4 player games face down in a pile nobody may look at until its owner loses the "
     "castle (CA-LOOT-1..8)."), "CA-LOOT-1"),
    (["discard pile", "discard"], say("Discard pile"), "term", say("One shared, public discard pile; `discard V3` "
     "spends a card for no effect as your action (CA-GEN-10, CA-ACT-DISCARD-1)."), "CA-GEN-10"),
    (["King turn", "actions left"], say("King turn"), "term", say("A turn in which the King was played: 2 further "
     "actions, `draw` allowed as one of them; another King played as one of them gives 2 more (CA-ACT-KING-1..3, "
     "CA-ACT-KING-6)."), "CA-ACT-KING-1"),
    ("hidden cards", say("hidden cards"), "symbol", say("hidden cards: cards under a Night card, shown only after "
     "the victim has reacted (CA-ACT-NIGHT-2, CA-ACT-NIGHT-5)."), "CA-ACT-NIGHT-5"),
)


def _symbols(g: Glossary) -> None:
    g.pattern(r"(\d)/(C|W\d)", _post)
    g.pattern(r"([0-9]+½?|½) shields?", lambda m: Entry(m.group(0), "symbol", say("{symbol}: the post's "
              "defence: its printed shields plus its defenders (Archer 1, Soldier ½). An attack wins only with "
              "more swords than that: 4½ shields need 5 swords (CA-ACT-ATTACK-9, CA-ACT-ATTACK-11, "
              "CA-ACT-ATTACK-19).", symbol=m.group(0)), "CA-ACT-ATTACK-11"))
    g.pattern(r"\[(\d)\]", lambda m: Entry(m.group(0), "symbol", say("{symbol}: seat {seat}'s fortress "
              "(the number used in targets such as 1/W2).", symbol=m.group(0), seat=m.group(1)), "CA-SETUP-2"))
    g.add_all(SYMBOLS)


TERMS = (
    (("sword", "swords"), say("Sword"), say("Attack strength, printed on Soldiers, Archers and Siege cards "
     "(CA-ACT-ATTACK-10)."), "CA-ACT-ATTACK-10"),
    (("shield",), say("Shield"), say("Defence strength of posts and defenders, halves allowed (CA-ACT-ATTACK-9)."),
     "CA-ACT-ATTACK-9"),
    (("torch", "torches"), say("Torch"), say("Exploring power on Explorers and danger on Dungeon cards "
     "(CA-ACT-EXPLORE-2)."), "CA-ACT-EXPLORE-2"),
    (("post",), say("Post"), say("A standing castle or wall (CA-ACT-DEFEND-1)."), "CA-ACT-DEFEND-1"),
    (("join", "joiner"), say("Join"), say("In 3-4 player games the other players may add attack cards to an attack, "
     "in turn order. If it wins, only the attacker draws loot; with option `join-loot all` every joiner draws a "
     "loot card too (CA-MULTI-1..6, CA-LOOT-5)."), "CA-MULTI-1"),
    (("react", "reaction"), say("Reaction"), say("The victim's one chance to play Academy cards against an attack "
     "(CA-ACT-REACT-1..10)."), "CA-ACT-REACT-5"),
    (("assault weapon",), say("Assault weapon"), say("A Siege card with the castle icon (Battering Ram, Siege "
     "Tower): lets an attack target a castle whose walls still stand (CA-ACT-ATTACK-4)."), "CA-ACT-ATTACK-4"),
    (("eliminated", "no castle"), say("Eliminated"), say("A player who lost the castle (3-4 players): keeps hand and "
     "loot, may give cards on their turn to a player with a castle (any number; one a turn with option `gift one`), "
     "may still join attacks (CA-MULTI-7..11)."), "CA-MULTI-7"),
)


GLOSSARY = build()
