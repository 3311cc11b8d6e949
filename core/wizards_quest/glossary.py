"""`herald explain wizards-quest THING`: cards, treasures, territories and board symbols.

Card texts come from `cards.KINDS`, territories and borders from `marnon` (the map data),
so a swapped map or card list explains itself. Rule IDs point into the player guide.
"""
from __future__ import annotations

from core.glossary import Entry, Glossary, rule_id
from core.wizards_quest import cards, data as marnon

GAME = "wizards-quest"

# When and how each kind of card is used, beyond the one-line effect of cards.KINDS.
CARD_USE = {
    "BOAT": "Play it in your card window; the man arrives with your reinforcements and the card then lies "
            "before you as a boat, good for one crossing of the Sea of Marnon or the Ammon (`attack ... boat`, "
            "`sail ...`), then discarded (WQ-BOAT-1..3).",
    "SIX": "Units are counted when you play it: men, champion and wizard on the map (WQ-CARD-SIX).",
    "DRAGON": "Play it in your card window with a duchy number (`play C23 3`): a die picks the county and "
              "another how many creatures the dragon eats there; it lands once (WQ-CARD-DRAGON).",
    "PEACE": "Play it with a duchy number (`play C25 4`): a die picks the county; a player's county gets 3 men, "
             "an orc county 3 orcs (never above 4), and the duchy becomes protected (WQ-CARD-PEACE).",
    "TREASURE": "Play it with a treasure and a territory (`play C27 T05 D3C3`): an opponent's treasure still "
                "on the map moves to any territory holding no treasure (WQ-CARD-TREASURE).",
    "MINUS1": "It cannot be kept: it is played the moment it is drawn and cuts only the men your kingdoms "
              "give this turn (WQ-CARD-MINUS1). Drawn for the ring, it is simply discarded.",
    "NOSUPPLY": "It cannot be kept: played when drawn; your kingdoms give no men this turn, card men still "
                "come (WQ-CARD-NOSUPPLY). Drawn for the ring, it is simply discarded.",
}
CARD_USE["MINUS2"] = CARD_USE["MINUS1"].replace("MINUS1", "MINUS2")
DEFAULT_USE = ("Draw at the start of your turn (`draw`), then play it (`play Cnn`) in that card window or keep "
               "it (at most 2 cards in hand). Men come with your reinforcements; extra campaigns follow your "
               "normal one (WQ-CARDS-1..7).")

TREASURES = {
    "crown": ("Crown", "Your crown collected: 3 men at once, spread over your territories (WQ-TREASURE-3)."),
    "chest": ("Treasure chest", "Your chest collected: 4 men at once on the territory where it lay "
                                "(WQ-TREASURE-2)."),
    "ring": ("Magic ring", "Your ring collected: draw a card, play it at once or keep it; only that card may "
                           "be played then (WQ-TREASURE-4)."),
    "blank": ("Blank treasure", "Variant blank-treasure only: a worthless decoy; collecting it gives nothing "
                                "(WQ-VAR-BLANK-3)."),
}

SEAT_NOTE = "Seats are numbered from 0; the server writes player names where a text says {P0}."


def card_text(card: str) -> str:
    kind = cards.kind(card)
    return f"{cards.describe(card)}. {CARD_USE.get(kind, DEFAULT_USE)}"


def neighbours(tid: str) -> list[tuple[str, str]]:
    """(neighbour id, link) clockwise from north, the tunnel last (the map data's order)."""
    return [(other, link) for _, other, link in marnon.NEIGHBOURS[tid]]


def territory_rows() -> list[tuple]:
    return list(marnon.TERRITORIES)


def _territory_text(row: tuple) -> str:
    tid, name, terrain, sea, ammon, _ = row
    where = "a castle (no duchy)" if tid.startswith("K") else \
        f"county {tid[3]} of duchy {tid[1]} ({marnon.DUCHIES[int(tid[1])][0]})"
    bonus = {"forest": " Defenders get +1 (forest).", "mountain": " Defenders get +1 (mountain).",
             "castle": " Defenders get +2 (castle)."}.get(terrain, "")
    waters = [w for w, on in (("the Sea of Marnon", sea), ("the Ammon", ammon)) if on]
    links = []
    for other, link in neighbours(tid):
        links.append(other + {"land": "", "tunnel": " (Great Tunnel)"}.get(link, " (bridge)"))
    return (f"{tid} {name}: {where}, {terrain}.{bonus}"
            + (f" On {' and '.join(waters)} (boats)." if waters else "")
            + f" Borders: {', '.join(links)} (WQ-MAP-1, WQ-ADJ-1..3).")


def build() -> Glossary:
    g = Glossary(GAME)
    for kind, count, *_rest, text in cards.KINDS:
        ids = [c for c in cards.ALL_CARDS if cards.kind(c) == kind]
        g.add(kind, kind, "card", f"{kind} ({count} cards: {', '.join(ids)}): {text}. "
              f"{CARD_USE.get(kind, DEFAULT_USE)}", rule_id("WQ", "CARD", kind))
    for card in cards.ALL_CARDS:
        g.add(card, f"{card} {cards.kind(card)}", "card", card_text(card), rule_id("WQ", "CARD", cards.kind(card)))
    for key, (title, text) in TREASURES.items():
        g.add([key, title, f"${key[:2]}"], title, "artefact",
              f"{title}: one of a player's treasures. {text} Collect all three of your own (crown, chest, ring) "
              "to win (WQ-GOAL-1).", "WQ-TREASURE-1")
    for row in territory_rows():
        g.add([row[0], row[1]], f"{row[0]} {row[1]}", "territory", _territory_text(row), "WQ-MAP-1")
    for d, (name, terrain) in marnon.DUCHIES.items():
        g.add([name, f"duchy {d}", f"D{d}"], f"Duchy {d} {name}", "territory",
              f"Duchy {d}, {name} ({terrain}): counties D{d}C1..D{d}C6. Dice name a duchy then a county "
              "(orcs, dragon, Peacemaker) (WQ-MAP-1).", "WQ-MAP-1")
    _symbols(g)
    g.add_terms(TERMS)
    return g


# Symbols of the board, the view and the log, as (names, title, kind, text, rule).
SYMBOLS = (
    (".", ".", "symbol", "`.` on the board: an empty territory (no men, orcs or heroes; the dragon, "
     "the Peacemaker or a treasure may still stand there) (WQ-STACK-7).", "WQ-STACK-7"),
    ("DRAGON", "DRAGON", "symbol", "DRAGON: the dragon stands here. Strength 6; only an army with a "
     "champion or a wizard may attack it; orcs never raid its territory (WQ-DRAGON-9, WQ-SPECIAL-5).",
     "WQ-DRAGON-1"),
    (["PEACE", "Peacemaker"], "PEACE", "symbol", "PEACE: the Peacemaker stands here. Every county of his "
     "duchy is protected: no campaign, raid or dragon meal there; only a wizard's army may attack him "
     "(WQ-PEACE-3, WQ-PEACE-6).", "WQ-PEACE-3"),
    (["+C", "champion"], "+C (champion)", "piece", "+C / champion: your champion is with this army. "
     "Alone strength 1, with men +1. Only an army with a champion (or the dragon) may attack his "
     "territory; orcs never raid it (WQ-STR-5, WQ-CHAMP-1).", "WQ-CHAMP-1"),
    (["+W", "wizard"], "+W (wizard)", "piece", "+W / wizard: your wizard is with this army. Alone "
     "strength 2, with men +2. An attacking army with a wizard places the pieces it strikes instead of "
     "removing them (`scatter`) (WQ-STR-6, WQ-WIZ-2).", "WQ-WIZ-2"),
)


def _symbols(g: Glossary) -> None:
    g.add_all(SYMBOLS)
    g.pattern(r"s([0-6])", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: the army there defends with "
              f"strength {m.group(1)} (men up to 4, +1 champion, +2 wizard, +1 forest or mountain, +2 castle; "
              "6 at most). A die roll of that number or less hits (WQ-STR-1..12, WQ-BATTLE-3).", "WQ-STR-1"))
    g.pattern(r"orcs (\d+)", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: {m.group(1)} orcs hold the "
              "territory (at most 4). Orc armies of 4 raid their neighbours at the start of a round; breeding "
              "adds orcs (WQ-ORC-BREED-2, WQ-ORC-RAID-1).", "WQ-ORC-RAID-1"))
    g.pattern(r"P(\d) (\d+)(\+[CW])?", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: seat P{m.group(1)} "
              f"holds it with {m.group(2)} {'man' if m.group(2) == '1' else 'men'}" + {"+C": " and the champion", "+W": " and the wizard"}.get(
                  m.group(3) or "", "") + ". " + SEAT_NOTE, "WQ-STACK-6"))
    g.pattern(r"\$(\d)(cr|ch|ri|bl|\?)", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: a hidden treasure "
              f"of seat P{m.group(1)}: " + {"cr": "its crown", "ch": "its chest", "ri": "its ring",
                                            "bl": "its blank treasure", "?": "of a type kept secret "
                                            "(blank-treasure variant)"}[m.group(2)]
              + ". It stays put when the territory changes hands; only its owner collects it by taking the "
              "territory (WQ-TREASURE-1).", "WQ-TREASURE-1"))
    g.pattern(r"T(\d\d)", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: a treasure's id, as the view's "
              "`Treasures:` line lists them (`T05=P1 ring@D3C3`: seat 1's ring hidden on D3C3). Used by the "
              "treasure card: `play C27 T05 D3C3` (WQ-CARD-TREASURE).", "WQ-CARD-TREASURE"))
    g.pattern(r"(\d)/3", lambda m: Entry(m.group(0), "symbol", f"{m.group(0)}: treasures collected out of the "
              "three needed to win (WQ-GOAL-1).", "WQ-GOAL-1"))


NAME = {row[0]: row[1] for row in marnon.TERRITORIES}
BRIDGE_LIST = ", ".join(f"{a}-{b}" for a, b in marnon.BRIDGES.values())
TUNNEL_ENDS = " and ".join(f"{NAME[t]} ({t})" for t in marnon.TUNNEL)

TERMS = (
    (("orcs", "orc"), "Orcs", "Neutral armies run by the dice. Each round they breed, raid (armies of 4) and "
     "appear on every empty territory (WQ-ORC-BREED-1, WQ-ORC-RAID-1, WQ-ORC-NEW-1).", "WQ-ORC-RAID-1"),
    (("breeding", "orc breeding"), "Orc breeding", "Round step 1a: each player still in rolls a die naming a duchy; "
     "every orc county there and every orc castle next to it gets 1 orc, up to 4 (WQ-ORC-BREED-1..5).",
     "WQ-ORC-BREED-1"),
    (("raid", "raids"), "Raid", "Round step 1b: every territory holding 4 orcs attacks each adjacent player "
     "territory without a champion, the dragon or the Peacemaker's protection, lowest duchy and county first, "
     "then clockwise, the tunnel last. Each battle line shows both rolls; the orcs take a territory they empty "
     "(WQ-ORC-RAID-1..9).", "WQ-ORC-RAID-1"),
    (("new orcs",), "New orcs", "Round step 1c: 1 orc on every empty territory (WQ-ORC-NEW-1).", "WQ-ORC-NEW-1"),
    (("dragon",), "The dragon", "Round step 2: it flies (two dice: duchy, county) until it eats at least one man "
     "or hero; on landing a die says how many creatures it eats. Strength 6 (WQ-DRAGON-1..9).", "WQ-DRAGON-1"),
    (("campaign", "attack"), "Campaign", "The army on one of your territories attacks an adjacent territory "
     "(or by boat) in a series of battles until the target is empty (take it), you break off, or you cannot go "
     "on. One normal campaign a turn, plus extra ones from cards, plus special ones against the dragon or the "
     "Peacemaker (WQ-CAMP-1..9).", "WQ-CAMP-1"),
    (("battle", "roll", "rolled"), "Battle", "Each side rolls one die. A roll equal to or below your strength "
     "kills that many enemy pieces; both above: the attacker loses 1 (\"Both miss\"). `Battle at X: A (strength "
     "4) roll 3, B (strength 2) roll 5. Defender loses 3, attacker loses 0.` (WQ-BATTLE-3, WQ-BATTLE-4).",
     "WQ-BATTLE-3"),
    (("both miss",), "Both miss", "Both rolls were above the rollers' strengths: the attacker loses 1 piece "
     "(WQ-BATTLE-4).", "WQ-BATTLE-4"),
    (("kingdom", "reinforcements"), "Kingdom and reinforcements", "A kingdom is a connected group of your "
     "territories holding a castle. You receive as many men as territories in your kingdoms, at least 4, in "
     "your turn's step 5b (WQ-SUPPLY-1..4).", "WQ-SUPPLY-1"),
    (("boat", "sail"), "Boat", "A played boat card: one crossing between two territories on the same water "
     "(Sea of Marnon shore, or the Ammon), as an attack or a move (`sail`) (WQ-BOAT-1..7).", "WQ-BOAT-1"),
    (("bridge", "bridges"), "Bridge", f"Bridges cross the Ammon: {BRIDGE_LIST}. Territories across the river "
     "are adjacent only over a bridge. Defence bonus over a bridge: option bridge-bonus (WQ-ADJ-2, WQ-STR-11).",
     "WQ-ADJ-2"),
    (("tunnel", "great tunnel"), "Great Tunnel", f"Links {TUNNEL_ENDS}. A defender attacked through it gets +2 "
     "instead of the forest/mountain +1; raids take it last (WQ-ADJ-3, WQ-STR-9).", "WQ-ADJ-3"),
    (("protected", "protection"), "Protected duchy", "The duchy where the Peacemaker stands: its counties cannot "
     "be attacked by anyone (WQ-PEACE-3).", "WQ-PEACE-3"),
    (("starting player",), "Starting player", "Round step 4: everyone rolls two dice, highest total plays first "
     "this round (ties roll again) (WQ-START-1).", "WQ-START-1"),
    (("extra campaign",), "Extra campaign", "A campaign from a card, made after your normal one "
     "(WQ-CARDS-7).", "WQ-CARDS-7"),
    (("deck", "discards", "discard"), "Deck and discards", "35 cards, shuffled at the start; played cards go "
     "face down to the discards, which are shuffled into a new deck when it runs out; nobody may look through "
     "them (WQ-CARDS-5).", "WQ-CARDS-5"),
    (("boats",), "Boats", "The `boats:` line counts each player's played boat cards still unused (WQ-BOAT-1).",
     "WQ-BOAT-1"),
    (("out", "eliminated"), "Out", "A player with no piece left on the map is out: skipped from then on, cards "
     "discarded, own hidden treasures removed (WQ-END-1, WQ-END-2).", "WQ-END-1"),
    (("losses", "standing losses", "men-first"), "Losses", "The side hit chooses which pieces go "
     "(`lose men`, `lose champion`); `standing losses men-first` answers this for you (WQ-LOSS-2).",
     "WQ-LOSS-2"),
)



GLOSSARY = build()
