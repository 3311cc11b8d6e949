"""`herald explain castle-assault THING`: cards, posts, decks and board symbols.

Card texts are built from the card list in `cards` (swords, shields, torches, effects), so
the reconstructed numbers explain themselves when swapped. Rule IDs point into
the player guide, server/guides/castle-assault.md.
"""
from __future__ import annotations

from core.castle_assault.data import CARDS, DECK_NAMES, amount
from core.glossary import Entry, Glossary

GAME = "castle-assault"

USE = {
    "castle": "Your castle: it can be attacked only when all your walls are destroyed, or by an attack holding an "
              "assault weapon; lose it and you are out (CA-ACT-ATTACK-4, CA-END-1).",
    "wall": "A wall: any standing wall of any opponent may be attacked (CA-ACT-ATTACK-3).",
    "soldier": "Attack card, or stationed on your castle (blue) with `defend` (CA-ACT-DEFEND-1).",
    "archer": "Attack card, or stationed on one of your walls (green) with `defend` (CA-ACT-DEFEND-1).",
    "gold": "Pays: `buy` (1 Gold: draw 2 Village cards), `build` (with Builders), `academy` (1 Duke + 2 Gold) "
            "(CA-ACT-BUY-1, CA-ACT-BUILD-1, CA-ACT-ACADEMY-1).",
    "builder": "`build` with exactly 4 Builders or Gold, at least one Builder: take the top Siege card "
               "(CA-ACT-BUILD-1).",
    "king": "Playing it is an action that gives 2 more actions (two attacks allowed); then discarded "
            "(CA-ACT-KING-1..9).",
    "duke": "With 2 Gold: `academy` takes the top Academy card (CA-ACT-ACADEMY-1).",
    "night": "A night attack: your attack cards go face down under it; the victim reacts without seeing them "
             "(CA-ACT-NIGHT-1..9).",
}
DECK_USE = {
    "S": "A siege weapon, gained by building; an attack card, discarded after its attack (CA-ACT-BUILD-3).",
    "D": "A dungeon card, turned up by `explore`: more torches than its danger win its treasure in Village "
         "cards (CA-ACT-EXPLORE-2).",
    "A": "A reaction card: only the player attacked may play it, against that one attack, then it is "
         "discarded (CA-ACT-REACT-1..10).",
}
EFFECT_TEXT = {
    "fewer-swords": "the attack loses {amount}",
    "more-shields": "the attacked card gains {amount} for this battle",
    "remove-siege": "you remove one Siege card of your choice from the attack",
    "remove-unit": "you remove one Soldier or Archer of your choice from the attack",
}


def kind_text(kind) -> str:
    facts = []
    if kind.swords:
        facts.append(amount(kind.swords, "sword"))
    if kind.defence:
        facts.append(amount(kind.defence, "shield") + (f" ({kind.colour})" if kind.colour else ""))
    if kind.max_defenders:
        facts.append(f"takes up to {kind.max_defenders} defenders")
    if kind.assault:
        facts.append("assault weapon (may attack a walled castle)")
    if kind.torches:
        facts.append(f"{kind.torches} torch{'es' if kind.torches > 1 else ''}")
    if kind.deck == "D":
        facts.append(f"danger {kind.danger}, treasure {kind.treasure} Village card{'s' if kind.treasure != 1 else ''}")
    if kind.effect:
        effect = EFFECT_TEXT[kind.effect].format(amount=amount(kind.amount, "shield" if "shields" in kind.effect
                                                               else "sword"))
        facts.append(effect + (" (only on the castle or a card stationed on it)" if kind.castle_only else ""))
    use = USE.get(kind.key) or DECK_USE.get(kind.deck) or ("Explorers: `explore` with them against the top "
                                                           "Dungeon card (CA-ACT-EXPLORE-1)." if kind.torches else "")
    ids = [c for c, k in CARDS.kind_of.items() if k is kind]
    return (f"{kind.name} ({DECK_NAMES[kind.deck]} deck, {kind.count} card{'s' if kind.count != 1 else ''}: {ids[0]}{'..' + ids[-1] if len(ids) > 1 else ''}): "
            + ("; ".join(facts) + ". " if facts else "") + use)


def build() -> Glossary:
    g = Glossary(GAME)
    for kind in CARDS.kinds.values():
        g.add([kind.name, kind.spanish] if kind.name.lower() != kind.spanish.lower() else kind.name,
              kind.name, "card", kind_text(kind))
    for cid, kind in CARDS.kind_of.items():
        g.add(cid, CARDS.label(cid), "card", f"{CARDS.label(cid)}: " + kind_text(kind))
    g.add("Explorer", "Explorer", "card", "Explorer: 1, 2 or 3 torches; `explore` with one or more against the "
          "top Dungeon card (CA-ACT-EXPLORE-1).", "CA-ACT-EXPLORE-1")
    for letter, name in DECK_NAMES.items():
        g.add([name, f"{name} deck"], f"{name} deck", "term", f"The {name} deck (card ids {letter}0, {letter}1, "
              "...). " + {"F": "Castles and walls, dealt at setup.", "V": "Drawn each turn; loot and purchases "
                          "come from it; rebuilt from the discard pile when empty (CA-GEN-5).",
                          "S": DECK_USE["S"], "D": DECK_USE["D"], "A": DECK_USE["A"]}[letter], "CA-SETUP-5")
    _symbols(g)
    g.add_terms(TERMS)
    return g


def _post(m) -> Entry:
    seat, post = m.group(1), m.group(2).upper()
    what = "castle" if post == "C" else f"wall {post[1:]}"
    return Entry(m.group(0), "symbol", f"{m.group(0)}: seat {seat}'s {what}, as targets are written "
                 f"(`attack {m.group(0)} V3`). Number before the slash: the seat; C the castle, W1.. the walls "
                 "(CA-ACT-ATTACK-1).", "CA-ACT-ATTACK-1")


# Symbols of the board, the view and the log, as (names, title, kind, text, rule).
SYMBOLS = (
    ("destroyed", "destroyed", "symbol", "destroyed: the wall or castle is face down for the rest of the "
     "game; its defenders were discarded (CA-ACT-ATTACK-14).", "CA-ACT-ATTACK-14"),
    ("defenders", "defenders", "symbol", "defenders: Village cards stationed under the post, each adding "
     "its shields; each may also be attacked on its own (CA-ACT-DEFEND-1..8, CA-ACT-ATTACK-5).",
     "CA-ACT-DEFEND-4"),
    (["loot pile", "loot"], "Loot", "term", "Loot: one Village card for each battle won; in 2-player games "
     "into the hand, in 3-4 player games face down in a pile nobody may look at until its owner loses the "
     "castle (CA-LOOT-1..8).", "CA-LOOT-1"),
    (["discard pile", "discard"], "Discard pile", "term", "One shared, public discard pile; `discard V3` "
     "spends a card for no effect as your action (CA-GEN-10, CA-ACT-DISCARD-1).", "CA-GEN-10"),
    (["King turn", "actions left"], "King turn", "term", "A turn in which the King was played: 2 further "
     "actions, `draw` allowed as one of them (CA-ACT-KING-1..3).", "CA-ACT-KING-1"),
    ("hidden cards", "hidden cards", "symbol", "hidden cards: cards under a Night card, shown only after "
     "the victim has reacted (CA-ACT-NIGHT-2, CA-ACT-NIGHT-5).", "CA-ACT-NIGHT-5"),
)


def _symbols(g: Glossary) -> None:
    g.pattern(r"(\d)/(C|W\d)", _post)
    g.pattern(r"([0-9]+½?|½) shields?", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: the post's "
              "defence: its printed shields plus its defenders (Archer 1, Soldier ½). An attack wins only with "
              "more swords than that: 4½ shields need 5 swords (CA-ACT-ATTACK-9, CA-ACT-ATTACK-11, "
              "CA-ACT-ATTACK-19).", "CA-ACT-ATTACK-11"))
    g.pattern(r"\[(\d)\]", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: seat {m.group(1)}'s fortress "
              "(the number used in targets such as 1/W2).", "CA-SETUP-2"))
    g.add_all(SYMBOLS)


TERMS = (
    (("sword", "swords"), "Sword", "Attack strength, printed on Soldiers, Archers and Siege cards "
     "(CA-ACT-ATTACK-10).", "CA-ACT-ATTACK-10"),
    (("shield",), "Shield", "Defence strength of posts and defenders, halves allowed (CA-ACT-ATTACK-9).",
     "CA-ACT-ATTACK-9"),
    (("torch", "torches"), "Torch", "Exploring power on Explorers and danger on Dungeon cards "
     "(CA-ACT-EXPLORE-2).", "CA-ACT-EXPLORE-2"),
    (("post",), "Post", "A standing castle or wall (CA-ACT-DEFEND-1).", "CA-ACT-DEFEND-1"),
    (("join", "joiner"), "Join", "In 3-4 player games the other players may add attack cards to an attack, "
     "in turn order, and share the loot if it wins (CA-MULTI-1..6, CA-LOOT-5).", "CA-MULTI-1"),
    (("react", "reaction"), "Reaction", "The victim's one chance to play Academy cards against an attack "
     "(CA-ACT-REACT-1..10).", "CA-ACT-REACT-5"),
    (("assault weapon",), "Assault weapon", "A Siege card with the castle icon (Battering Ram, Siege Tower): "
     "lets an attack target a castle whose walls still stand (CA-ACT-ATTACK-4).", "CA-ACT-ATTACK-4"),
    (("eliminated", "no castle"), "Eliminated", "A player who lost the castle (3-4 players): keeps hand and "
     "loot, may give one card a turn to a player with a castle, may still join attacks (CA-MULTI-7..11).",
     "CA-MULTI-7"),
)



GLOSSARY = build()
