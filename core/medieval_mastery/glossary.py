"""`herald explain medieval-mastery THING`: cards, artefacts, tiles, map slots and board symbols.

Texts are built from `data` (card kinds, artefact effects, tile abilities and the map layouts),
so reconstructed data swapped in later explains itself. Rule IDs point into the player guide.
"""
from __future__ import annotations

from core.glossary import Entry, Glossary, rule_id
from core.medieval_mastery import data

GAME = "medieval-mastery"

CARD_USE = {
    "AU": "Never kept: played the moment it is drawn; finish the draw, then draw 2 more (MM-RES-AUTHORITY).",
    "CA": "Your turn, before or after your manoeuvre (`play cta`): 2 more knights in your castle (MM-RES-CALLTOARMS).",
    "TA": "Your turn, before or after your manoeuvre (`play ta`): one extra redistribution, advance and battle "
          "(MM-RES-TACTICAL).",
    "FR": "Destroy (turn face down) another player's face-up artefact: in your own turn, or in the Fracture "
          "window of a crown being used, of the combatants' sceptres or of their orbs (MM-RES-FRACTURE).",
    "AM": "A conflict card: played face down in a battle; on the reveal a die gives its value, 1 to 6 "
          "(MM-COMBAT-4).",
}
CATEGORY_USE = {
    "conflict": "A conflict card: each combatant must play one face down at battle step 4 if they hold one; "
                "both are revealed together and add their value (MM-COMBAT-4).",
    "support": "A support card: played face up at battle step 5, the weaker side first, adding its value; "
               "none in Mountains (MM-COMBAT-5).",
}
WHEN = {
    "crown": "A crown is used once in your own turn, before or after your manoeuvre (`crown ...`), after a "
             "Fracture window for it (MM-CROWN-1..3).",
    "sceptre": "A sceptre applies at battle step 3, after the sceptre Fracture window, when you attack "
               "(Rage, Fear, Influence) or defend (Loyalty, Vigour, Defiance) (MM-COMBAT-3).",
    "orb": "An orb applies at battle step 7, after the orb Fracture window, when you win (Brutality, Greed, "
           "Preparation) or lose (Devotion, Resurgence, Cleansing) (MM-COMBAT-7).",
}
TILE_RULE = {name: rule_id("MM", "TERR", name) for name in data.TILES}


def card_text(code: str) -> str:
    name, category, value = data.CARD_KINDS[code]
    use = CARD_USE.get(code) or CATEGORY_USE.get(category, "")
    count = data.DECK.count(code)
    return (f"{data.CARD_TITLES[code]} ({category} card, notation `{name}`, {count} in each 18-card deck"
            + (f", value {value}" if value else "") + f"). {use}")


def artefact_text(kind: str, name: str) -> str:
    return (f"{data.ART_TITLE[name]} ({kind}): {data.ART_TEXT[name]}. {WHEN[kind]} A destroyed artefact is "
            "turned face down and comes back at the end of its owner's next turn (MM-RESTORE-1).")


def tile_text(name: str) -> str:
    vp, count, capacity, ability = data.TILES[name]
    return (f"{name}: a territory worth {vp} VP ({count} tiles), capacity {capacity} knights per player; "
            f"ability: {ability} ({TILE_RULE[name]}).")


def slot_text(slot: str) -> str:
    """A map slot in each layout it appears in: its VP value and its neighbours."""
    lines = []
    for players, rows in sorted(data.LAYOUTS.items()):
        for name, _q, _r, vp, adjacent in rows:
            if name == slot:
                worth = f"a {vp}-VP slot, " if vp else ""
                lines.append(f"{players} players: {worth}next to {adjacent.replace(' ', ', ')}")
    kind = {"S": "territory slot", "C": "castle (seat {0})", "L": "lake"}[slot[0]]
    if slot[0] == "C":
        kind = kind.format(int(slot[1:]) - 1)
    extra = {"S": " Which tile lies there is dealt at random by VP value (MM-SETUP-2).",
             "C": " Your castle takes the 3 knights of each turn; only its knights advance (MM-TERM-CASTLE).",
             "L": " Never entered; it connects all tiles around it for supply and reach (MM-TERM-LAKE)."}[slot[0]]
    return f"{slot}: {kind}.{extra} " + "; ".join(lines) + "."


def all_slots() -> list[str]:
    return sorted({row[0] for rows in data.LAYOUTS.values() for row in rows})


def build() -> Glossary:
    g = Glossary(GAME)
    for code, (name, _category, _value) in data.CARD_KINDS.items():
        g.add([data.CARD_TITLES[code], name], data.CARD_TITLES[code], "card", card_text(code),
              "MM-COMP-2")
    g.add(["Ambush", "Ambush (d6)"], data.CARD_TITLES["AM"], "card", card_text("AM"), "MM-COMBAT-4")
    g.pattern(r"K(\d{3})", lambda m: Entry(m.group(0), "card", f"{m.group(0)}: the unique id of one card in the "
              f"views, card {int(m.group(1)) % data.DECK_SIZE + 1} of seat P{int(m.group(1)) // data.DECK_SIZE}'s "
              f"deck: {data.CARD_TITLES[data.DECK[int(m.group(1)) % data.DECK_SIZE]]}. "
              + card_text(data.DECK[int(m.group(1)) % data.DECK_SIZE]), "MM-COMP-1")
              if int(m.group(1)) < 6 * data.DECK_SIZE else None)
    for kind, names in zip(data.ARTEFACT_TYPES, data.ARTEFACTS):
        for name in names:
            g.add([data.ART_TITLE[name], name], data.ART_TITLE[name], "artefact", artefact_text(kind, name),
                  rule_id("MM", "ART", name))
        g.add(kind, kind.capitalize(), "term", WHEN[kind], "MM-COMP-5")
    for name in data.TILES:
        g.add(name, name, "territory", tile_text(name), TILE_RULE[name])
    for slot in all_slots():
        g.add(slot, slot, "territory", slot_text(slot), "MM-MAP-2P")
    _symbols(g)
    g.add_terms((names, names[0].capitalize(), text, rule) for names, text, rule in TERMS)
    return g


# Symbols of the board, the view and the log, as (names, title, kind, text, rule).
SYMBOLS = (
    ("..", "..", "symbol", "`..` after a slot on the map: nobody controls that territory; advancing "
     "into it conquers it at once (MM-ADV-4).", "MM-ADV-4"),
    ("--", "--", "symbol", "`--`: no player (MM-TERM-CONTROL).", "MM-TERM-CONTROL"),
    ("(destroyed)", "(destroyed)", "symbol", "(destroyed): the artefact is face down and does nothing until "
     "the end of its owner's next turn (MM-TERM-DESTROY, MM-RESTORE-1).", "MM-RESTORE-1"),
    (["VP", "victory points"], "VP", "term", "Victory points: the sum of the VP of the territories you "
     "control; 13 wins at once (11 in skirmish, 20/30 for teams) (MM-WIN-1, MM-WIN-2).", "MM-WIN-2"),
)


def _symbols(g: Glossary) -> None:
    g.pattern(r"P(\d)x(\d)", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: seat P{m.group(1)} controls "
              f"the territory with {m.group(2)} knight{'s' if m.group(2) != '1' else ''} (one die) "
              "(MM-TERM-CONTROL).", "MM-TERM-CONTROL"))
    g.pattern(r"x(\d)", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: {m.group(1)} knights in the "
              "territory (MM-TERM-KNIGHT).", "MM-TERM-KNIGHT"))
    g.pattern(r"\[C(\d):(\d+)\]", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: castle C{m.group(1)} "
              f"(seat P{int(m.group(1)) - 1}) with {m.group(2)} knights. Castles hold any number and cannot be "
              "attacked in the base game (MM-TERM-CASTLE).", "MM-TERM-CASTLE"))
    g.pattern(r"~(L\d)~", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: lake {m.group(1)}: never entered; "
              "it links every tile around it for supply and reach (MM-SUPPLY-2, MM-ADV-2).", "MM-TERM-LAKE"))
    g.pattern(r"free dice (\d+)", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: {m.group(1)} of the "
              f"player's {data.DICE_PER_PLAYER} dice are in reserve. Every die on the map shows 1 to 6 knights; "
              "knights that need a die when none is free are lost (MM-TURN-1, MM-EDGE-6).", "MM-COMP-9"))
    g.pattern(r"(\d)VP", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: the territory is worth "
              f"{m.group(1)} victory points to whoever controls it (MM-WIN-1).", "MM-WIN-1"))
    g.pattern(r"cap (\d)", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: at most {m.group(1)} knights "
              "of one player in this territory (6 elsewhere) (MM-ICON-CAP).", "MM-ICON-CAP"))
    g.add_all(SYMBOLS)


TERMS = (
    (("knight", "knights"), "Each pip of a die on the map is one knight (MM-TERM-KNIGHT).", "MM-TERM-KNIGHT"),
    (("castle",), "Your home tile: the 3 knights of each turn arrive there, only its knights advance, a loser's "
     "knights retreat there (MM-TERM-CASTLE).", "MM-TERM-CASTLE"),
    (("supply", "supply line"), "A territory is supplied when a chain of your territories and lakes joins it to "
     "your castle. Unsupplied: no redistribution from or to it, no reach from it, still counts for VP "
     "(MM-SUPPLY-1..3).", "MM-SUPPLY-1"),
    (("redistribute", "redistribution"), "Once a turn before your advance: move knights among your castle and "
     "supplied territories, each keeping 1 to capacity (MM-REDIS-1..5).", "MM-REDIS-1"),
    (("advance",), "Once a turn: knights from your castle into one territory you do not control that you reach "
     "(next to your castle, a supplied territory, or a lake beside one) (MM-ADV-1..6).", "MM-ADV-1"),
    (("battle",), "An advance into another player's territory: territory abilities, draw to 5, sceptres, "
     "conflict cards, support cards, result (tie: the defender wins by 1), orbs, losses by the margin and "
     "retreat, conquest abilities (MM-COMBAT-1..9).", "MM-COMBAT-0"),
    (("margin",), "Winner's strength minus loser's; the loser removes that many knights from the contested "
     "territory (MM-COMBAT-6, MM-LOSS-1).", "MM-COMBAT-6"),
    (("fracture window", "window"), "A moment when every player in turn may play Fracture against a crown being "
     "used, or the combatants' sceptres or orbs (MM-RES-FRACTURE).", "MM-RES-FRACTURE"),
    (("deck", "discard", "hand"), "Your 18 cards: the deck face down, the hand hidden, the discard pile face up "
     "and public; an empty deck is rebuilt from the discard pile (MM-TERM-DRAW, MM-TERM-DISCARD, MM-TERM-HAND).",
     "MM-TERM-DISCARD"),
    (("manoeuvre",), "Redistribute, then advance, then the battle that causes; one a turn, one more per "
     "Tactical Advance (MM-TURN-10).", "MM-TURN-10"),
)



GLOSSARY = build()
