"""`herald explain medieval-mastery THING`: cards, artefacts, tiles, map slots and board symbols.

Texts are built from `data` (card kinds, artefact effects, tile abilities and the map layouts),
so reconstructed data swapped in later explains itself. Rule IDs point into the player guide.
"""
from __future__ import annotations

from core.glossary import Entry, Glossary, rule_id
from core.medieval_mastery import data
from core.text import join, say, say_n, term

GAME = "medieval-mastery"

CARD_USE = {
    "AU": say("Never kept: played the moment it is drawn; finish the draw, then draw 2 more (MM-RES-AUTHORITY)."),
    "CA": say("Your turn, before or after your manoeuvre (`play cta`): 2 more knights in your castle "
              "(MM-RES-CALLTOARMS)."),
    "TA": say("Your turn, before or after your manoeuvre (`play ta`): one extra redistribution, advance and battle "
              "(MM-RES-TACTICAL)."),
    "FR": say("Destroy (turn face down) another player's face-up artefact: in your own turn, or in the Fracture "
              "window of a crown being used, of the combatants' sceptres or of their orbs (MM-RES-FRACTURE)."),
    "AM": say("A conflict card: played face down in a battle; on the reveal a die gives its value, 1 to 6 "
              "(MM-COMBAT-4)."),
}
CATEGORY_USE: dict[str, str] = {
    "conflict": say("A conflict card: each combatant must play one face down at battle step 4 if they hold one; "
                    "both are revealed together and add their value (MM-COMBAT-4)."),
    "support": say("A support card: played face up at battle step 5, the weaker side first, adding its value; "
                   "none in Mountains (MM-COMBAT-5)."),
}
WHEN = {
    "crown": say("A crown is used once in your own turn, before or after your manoeuvre (`crown ...`), after a "
                 "Fracture window for it (MM-CROWN-1..3)."),
    "sceptre": say("A sceptre applies at battle step 3, after the sceptre Fracture window, when you attack "
                   "(Rage, Fear, Influence) or defend (Loyalty, Vigour, Defiance) (MM-COMBAT-3)."),
    "orb": say("An orb applies at battle step 7, after the orb Fracture window, when you win (Brutality, Greed, "
               "Preparation) or lose (Devotion, Resurgence, Cleansing) (MM-COMBAT-7)."),
}
KIND_TITLE = {"crown": say("Crown"), "sceptre": say("Sceptre"), "orb": say("Orb")}
KIND_NAME = {"crown": say("crown"), "sceptre": say("sceptre"), "orb": say("orb")}
CATEGORY = {"resource": say("resource card"), "conflict": say("conflict card"), "support": say("support card")}
TILE_RULE = {name: rule_id("MM", "TERR", name) for name in data.TILES}
# The data's words said as messages (a text the data gains later reads in English until it is here).
SAID: dict[str, str] = {text: said for text, said in (
    ("destroy a face-up artefact of any player", say("destroy a face-up artefact of any player")),
    ("look at the top card of any deck; keep it there or discard it",
     say("look at the top card of any deck; keep it there or discard it")),
    ("you may discard a card", say("you may discard a card")),
    ("look at your top 4 cards and reorder them", say("look at your top 4 cards and reorder them")),
    ("shuffle a card discarded in an earlier turn back into your deck",
     say("shuffle a card discarded in an earlier turn back into your deck")),
    ("redistribute once more (no advance)", say("redistribute once more (no advance)")),
    ("attacking: +1", say("attacking: +1")),
    ("attacking: count as many knights as the defender", say("attacking: count as many knights as the defender")),
    ("attacking: the defender discards a random card", say("attacking: the defender discards a random card")),
    ("defending: +1", say("defending: +1")),
    ("defending: count as many knights as the attacker", say("defending: count as many knights as the attacker")),
    ("defending: the attacker discards a random card", say("defending: the attacker discards a random card")),
    ("win: the loser removes 1 knight", say("win: the loser removes 1 knight")),
    ("win: draw until you hold 6", say("win: draw until you hold 6")),
    ("win: you may discard a card", say("win: you may discard a card")),
    ("lose: +1 knight in your castle", say("lose: +1 knight in your castle")),
    ("lose: draw until you hold 6", say("lose: draw until you hold 6")),
    ("lose: you may discard a card", say("lose: you may discard a card")),
    ("starting knights", say("starting knights")),
    ("attacker +1", say("attacker +1")),
    ("no ability", say("no ability")),
    ("conqueror loses 1 knight", say("conqueror loses 1 knight")),
    ("conquest: +1 knight", say("conquest: +1 knight")),
    ("defender +1", say("defender +1")),
    ("conquest: +1 knight, may discard", say("conquest: +1 knight, may discard")),
    ("conquest: may discard", say("conquest: may discard")),
    ("capacity 3", say("capacity 3")),
    ("no support cards", say("no support cards")),
    ("roll-off at battle start", say("roll-off at battle start")),
    ("defender +1; conquest: +1 knight", say("defender +1; conquest: +1 knight")),
    ("defender +1; conquest: may discard", say("defender +1; conquest: may discard")),
    ("capacity 4", say("capacity 4")),
)}


def said(text: str) -> str:
    return SAID.get(text, text)


def card_text(code: str) -> str:
    name, category, value = data.CARD_KINDS[code]
    use = CARD_USE.get(code) or CATEGORY_USE.get(category, "")
    count = data.DECK.count(code)
    if value:
        return say("{title} ({category}, notation `{name}`, {count} in each 18-card deck, value {value}). {use}",
                   title=term(data.CARD_TITLES[code]), category=CATEGORY[category], name=name, count=count,
                   value=value, use=use)
    return say("{title} ({category}, notation `{name}`, {count} in each 18-card deck). {use}",
               title=term(data.CARD_TITLES[code]), category=CATEGORY[category], name=name, count=count, use=use)


def artefact_text(kind: str, name: str) -> str:
    return say("{title} ({kind}): {effect}. {when} A destroyed artefact is turned face down and comes back at the end "
               "of its owner's next turn (MM-RESTORE-1).", title=term(data.ART_TITLE[name]), kind=KIND_NAME[kind],
               effect=said(data.ART_TEXT[name]), when=WHEN[kind])


def tile_text(name: str) -> str:
    vp, count, capacity, ability = data.TILES[name]
    return say_n("{name}: a territory worth {vp} VP ({n} tile), capacity {capacity} knights per player; "
                 "ability: {ability} ({rule}).", "{name}: a territory worth {vp} VP ({n} tiles), capacity "
                 "{capacity} knights per player; ability: {ability} ({rule}).", count, name=term(name), vp=vp,
                 capacity=capacity, ability=said(ability), rule=TILE_RULE[name])


SLOT_KIND = {"S": say("territory slot"), "L": say("lake")}
SLOT_EXTRA = {"S": say("Which tile lies there is dealt at random by VP value (MM-SETUP-2)."),
              "C": say("Your castle takes the 3 knights of each turn; only its knights advance (MM-TERM-CASTLE)."),
              "L": say("Never entered; it connects all tiles around it for supply and reach (MM-TERM-LAKE).")}


def slot_text(slot: str) -> str:
    """A map slot in each layout it appears in: its VP value and its neighbours."""
    lines = []
    for players, rows in sorted(data.LAYOUTS.items()):
        for name, _q, _r, vp, adjacent in rows:
            if name == slot:
                near = adjacent.replace(" ", ", ")
                lines.append(say("{players} players: a {vp}-VP slot, next to {near}", players=players, vp=vp,
                                 near=near) if vp else
                             say("{players} players: next to {near}", players=players, near=near))
    kind = say("castle (seat {seat})", seat=int(slot[1:]) - 1) if slot[0] == "C" else SLOT_KIND[slot[0]]
    return say("{slot}: {kind}. {extra} {layouts}.", slot=slot, kind=kind, extra=SLOT_EXTRA[slot[0]],
               layouts=join("; ", lines))


def all_slots() -> list[str]:
    return sorted({row[0] for rows in data.LAYOUTS.values() for row in rows})


def _card_id(m) -> Entry | None:
    number = int(m.group(1))
    if number >= 6 * data.DECK_SIZE:
        return None
    code = data.DECK[number % data.DECK_SIZE]
    return Entry(m.group(0), "card", say("{card}: the unique id of one card in the views, card {number} of seat "
                                         "P{seat}'s deck: {title}. {text}", card=m.group(0),
                                         number=number % data.DECK_SIZE + 1, seat=number // data.DECK_SIZE,
                                         title=term(data.CARD_TITLES[code]), text=card_text(code)), "MM-COMP-1")


def build() -> Glossary:
    g = Glossary(GAME)
    for code, (name, _category, _value) in data.CARD_KINDS.items():
        g.add([data.CARD_TITLES[code], name], term(data.CARD_TITLES[code]), "card", card_text(code),
              "MM-COMP-2")
    g.add(["Ambush", "Ambush (d6)"], term(data.CARD_TITLES["AM"]), "card", card_text("AM"), "MM-COMBAT-4")
    g.pattern(r"K(\d{3})", _card_id)
    for kind, names in zip(data.ARTEFACT_TYPES, data.ARTEFACTS):
        for name in names:
            g.add([data.ART_TITLE[name], name], term(data.ART_TITLE[name]), "artefact", artefact_text(kind, name),
                  rule_id("MM", "ART", name))
        g.add(kind, KIND_TITLE[kind], "term", WHEN[kind], "MM-COMP-5")
    for name in data.TILES:
        g.add(name, term(name), "territory", tile_text(name), TILE_RULE[name])
    for slot in all_slots():
        g.add(slot, slot, "territory", slot_text(slot), "MM-MAP-2P")
    _symbols(g)
    g.add_terms(TERMS)
    return g


# Symbols of the board, the view and the log, as (names, title, kind, text, rule).
SYMBOLS = (
    ("..", "..", "symbol", say("`..` after a slot on the map: nobody controls that territory; advancing "
     "into it conquers it at once (MM-ADV-4)."), "MM-ADV-4"),
    ("--", "--", "symbol", say("`--`: no player (MM-TERM-CONTROL)."), "MM-TERM-CONTROL"),
    ("(destroyed)", say("(destroyed)"), "symbol", say("(destroyed): the artefact is face down and does nothing "
     "until the end of its owner's next turn (MM-TERM-DESTROY, MM-RESTORE-1)."), "MM-RESTORE-1"),
    (["VP", "victory points"], term("VP"), "term", say("Victory points: the sum of the VP of the territories you "
     "control; 13 wins at once (11 in skirmish, 20/30 for teams) (MM-WIN-1, MM-WIN-2)."), "MM-WIN-2"),
)


def _symbols(g: Glossary) -> None:
    g.pattern(r"P(\d)x(\d)", lambda m: Entry(m.group(0), "symbol", say_n(
              "{symbol}: seat P{seat} controls the territory with {n} knight (one die) (MM-TERM-CONTROL).",
              "{symbol}: seat P{seat} controls the territory with {n} knights (one die) (MM-TERM-CONTROL).",
              int(m.group(2)), symbol=m.group(0), seat=m.group(1)), "MM-TERM-CONTROL"))
    g.pattern(r"x(\d)", lambda m: Entry(m.group(0), "symbol", say_n(
              "{symbol}: {n} knights in the territory (MM-TERM-KNIGHT).",
              "{symbol}: {n} knights in the territory (MM-TERM-KNIGHT).", int(m.group(1)), symbol=m.group(0)),
              "MM-TERM-KNIGHT"))
    g.pattern(r"\[C(\d):(\d+)\]", lambda m: Entry(m.group(0), "symbol", say_n(
              "{symbol}: castle C{castle} (seat P{seat}) with {n} knights. Castles hold any number and cannot be "
              "attacked in the base game (MM-TERM-CASTLE).",
              "{symbol}: castle C{castle} (seat P{seat}) with {n} knights. Castles hold any number and cannot be "
              "attacked in the base game (MM-TERM-CASTLE).", int(m.group(2)), symbol=m.group(0), castle=m.group(1),
              seat=int(m.group(1)) - 1), "MM-TERM-CASTLE"))
    g.pattern(r"~(L\d)~", lambda m: Entry(m.group(0), "symbol", say("{symbol}: lake {lake}: never entered; it links "
              "every tile around it for supply and reach (MM-SUPPLY-2, MM-ADV-2).", symbol=m.group(0),
              lake=m.group(1)), "MM-TERM-LAKE"))
    g.pattern(r"free dice (\d+)", lambda m: Entry(m.group(0), "symbol", say("{symbol}: {free} of the player's "
              "{dice} dice are in reserve. Every die on the map shows 1 to 6 knights; knights that need a die when "
              "none is free are lost (MM-TURN-1, MM-EDGE-6).", symbol=m.group(0), free=m.group(1),
              dice=data.DICE_PER_PLAYER), "MM-COMP-9"))
    g.pattern(r"(\d)VP", lambda m: Entry(m.group(0), "symbol", say("{symbol}: the territory is worth {vp} victory "
              "points to whoever controls it (MM-WIN-1).", symbol=m.group(0), vp=m.group(1)), "MM-WIN-1"))
    g.pattern(r"cap (\d)", lambda m: Entry(m.group(0), "symbol", say("{symbol}: at most {cap} knights of one "
              "player in this territory (6 elsewhere) (MM-ICON-CAP).", symbol=m.group(0), cap=m.group(1)),
              "MM-ICON-CAP"))
    g.add_all(SYMBOLS)


# Words of the rules, as (names, title, text, rule).
TERMS = (
    (("knight", "knights"), say("Knight"), say("Each pip of a die on the map is one knight (MM-TERM-KNIGHT)."),
     "MM-TERM-KNIGHT"),
    (("castle",), say("Castle"), say("Your home tile: the 3 knights of each turn arrive there, only its knights "
     "advance, a loser's knights retreat there (MM-TERM-CASTLE)."), "MM-TERM-CASTLE"),
    (("supply", "supply line"), say("Supply"), say("A territory is supplied when a chain of your territories and "
     "lakes joins it to your castle. Unsupplied: no redistribution from or to it, no reach from it, still counts "
     "for VP (MM-SUPPLY-1..3)."), "MM-SUPPLY-1"),
    (("redistribute", "redistribution"), say("Redistribute"), say("Once a turn before your advance: move knights "
     "among your castle and supplied territories, each keeping 1 to capacity (MM-REDIS-1..5)."), "MM-REDIS-1"),
    (("advance",), say("Advance"), say("Once a turn: knights from your castle into one territory you do not control "
     "that you reach (next to your castle, a supplied territory, or a lake beside one) (MM-ADV-1..6)."), "MM-ADV-1"),
    (("battle",), say("Battle"), say("An advance into another player's territory: territory abilities, draw to 5, "
     "sceptres, conflict cards, support cards, result (tie: the defender wins by 1), orbs, losses by the margin "
     "and retreat, conquest abilities (MM-COMBAT-1..9)."), "MM-COMBAT-0"),
    (("margin",), say("Margin"), say("Winner's strength minus loser's; the loser removes that many knights from the "
     "contested territory (MM-COMBAT-6, MM-LOSS-1)."), "MM-COMBAT-6"),
    (("fracture window", "window"), say("Fracture window"), say("A moment when every player in turn may play "
     "Fracture against a crown being used, or the combatants' sceptres or orbs (MM-RES-FRACTURE)."),
     "MM-RES-FRACTURE"),
    (("deck", "discard", "hand"), say("Deck"), say("Your 18 cards: the deck face down, the hand hidden, the discard "
     "pile face up and public; an empty deck is rebuilt from the discard pile (MM-TERM-DRAW, MM-TERM-DISCARD, "
     "MM-TERM-HAND)."), "MM-TERM-DISCARD"),
    (("manoeuvre",), say("Manoeuvre"), say("Redistribute, then advance, then the battle that causes; one a turn, one "
     "more per Tactical Advance (MM-TURN-10)."), "MM-TURN-10"),
)


GLOSSARY = build()
