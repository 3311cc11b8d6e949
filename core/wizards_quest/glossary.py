"""`herald explain wizards-quest THING`: cards, treasures, territories and board symbols.

Card texts come from `cards.KINDS`, territories and borders from `marnon` (the map data),
so a swapped map or card list explains itself. Rule IDs point into the player guide.
"""
from __future__ import annotations

from core.glossary import Entry, Glossary, rule_id
from core.text import join, say, say_n, term
from core.wizards_quest import cards, data as marnon

GAME = "wizards-quest"

# When and how each kind of card is used, beyond the one-line effect of cards.KINDS.
CARD_USE = {
    "BOAT": say("Play it in your card window; the man arrives with your reinforcements and the card then lies "
                "before you as a boat, good for one crossing of the Sea of Marnon or the Ammon (`attack ... boat`, "
                "`sail ...`), then discarded (WQ-BOAT-1..3)."),
    "SIX": say("Units are counted when you play it: men, champion and wizard on the map (WQ-CARD-SIX)."),
    "DRAGON": say("Play it in your card window with a duchy number (`play C23 3`): a die picks the county and "
                  "another how many creatures the dragon eats there; it lands once (WQ-CARD-DRAGON)."),
    "PEACE": say("Play it with a duchy number (`play C25 4`): a die picks the county; a player's county gets 3 men, "
                 "an orc county 3 orcs (never above 4), and the duchy becomes protected (WQ-CARD-PEACE)."),
    "TREASURE": say("Play it with a treasure and a territory (`play C27 T05 D3C3`): an opponent's treasure still "
                    "on the map moves to any territory holding no treasure (WQ-CARD-TREASURE)."),
    "MINUS1": say("It cannot be kept: it is played the moment it is drawn and cuts only the men your kingdoms "
                  "give this turn (WQ-CARD-MINUS1). Drawn for the ring, it is simply discarded."),
    "MINUS2": say("It cannot be kept: it is played the moment it is drawn and cuts only the men your kingdoms "
                  "give this turn (WQ-CARD-MINUS2). Drawn for the ring, it is simply discarded."),
    "NOSUPPLY": say("It cannot be kept: played when drawn; your kingdoms give no men this turn, card men still "
                    "come (WQ-CARD-NOSUPPLY). Drawn for the ring, it is simply discarded."),
}
DEFAULT_USE = say("Draw at the start of your turn (`draw`), then play it (`play Cnn`) in that card window or keep "
                  "it (at most 2 cards in hand). Men come with your reinforcements; extra campaigns follow your "
                  "normal one (WQ-CARDS-1..7).")

TREASURES = {
    "crown": (say("Crown"), say("Your crown collected: 3 men at once, spread over your territories "
                                "(WQ-TREASURE-3).")),
    "chest": (say("Treasure chest"), say("Your chest collected: 4 men at once on the territory where it lay "
                                         "(WQ-TREASURE-2).")),
    "ring": (say("Magic ring"), say("Your ring collected: draw a card, play it at once or keep it; only that card "
                                    "may be played then (WQ-TREASURE-4).")),
    "blank": (say("Blank treasure"), say("Variant blank-treasure only: a worthless decoy; collecting it gives "
                                         "nothing (WQ-VAR-BLANK-3).")),
}

SEAT_NOTE = say("Seats are numbered from 0; the server writes player names where a text says {P0}.")


def card_text(card: str) -> str:
    kind = cards.kind(card)
    return say("{card}. {use}", card=cards.describe(card), use=CARD_USE.get(kind, DEFAULT_USE))


def neighbours(tid: str) -> list[tuple[str, str]]:
    """(neighbour id, link) clockwise from north, the tunnel last (the map data's order)."""
    return [(other, link) for _, other, link in marnon.NEIGHBOURS[tid]]


def territory_rows() -> list[tuple]:
    return list(marnon.TERRITORIES)


BONUS = {"forest": say("Defenders get +1 (forest)."), "mountain": say("Defenders get +1 (mountain)."),
         "castle": say("Defenders get +2 (castle).")}
WATERS = {(True, False): say("On the Sea of Marnon (boats)."), (False, True): say("On the Ammon (boats)."),
          (True, True): say("On the Sea of Marnon and the Ammon (boats).")}


def _territory_text(row: tuple) -> str:
    tid, name, terrain, sea, ammon, _ = row
    if tid.startswith("K"):
        where = say("a castle (no duchy)")
    else:
        where = say("county {county} of duchy {duchy} ({name})", county=tid[3], duchy=tid[1],
                    name=term(marnon.DUCHIES[int(tid[1])][0]))
    facts = [f for f in (BONUS.get(terrain), WATERS.get((bool(sea), bool(ammon)))) if f]
    links = []
    for other, link in neighbours(tid):
        links.append(other if link == "land" else say("{id} (Great Tunnel)", id=other) if link == "tunnel"
                     else say("{id} (bridge)", id=other))
    return say("{id} {name}: {where}, {terrain}.{facts} Borders: {links} (WQ-MAP-1, WQ-ADJ-1..3).", id=tid,
               name=term(name), where=where, terrain=term(terrain),
               facts=join("", [join("", (" ", f)) for f in facts]),
               links=join(", ", links))


def build() -> Glossary:
    g = Glossary(GAME)
    for kind, count, *_rest, text in cards.KINDS:
        ids = [c for c in cards.ALL_CARDS if cards.kind(c) == kind]
        g.add(kind, term(kind), "card", say("{kind} ({count} cards: {ids}): {text}. {use}", kind=term(kind),
                                            count=count, ids=", ".join(ids), text=term(text),
                                            use=CARD_USE.get(kind, DEFAULT_USE)), rule_id("WQ", "CARD", kind))
    for card in cards.ALL_CARDS:
        g.add(card, say("{card} {kind}", card=card, kind=term(cards.kind(card))), "card", card_text(card),
              rule_id("WQ", "CARD", cards.kind(card)))
    for key, (title, text) in TREASURES.items():
        g.add([key, str(title), f"${key[:2]}"], title, "artefact",
              say("{title}: one of a player's treasures. {text} Collect all three of your own (crown, chest, ring) "
                  "to win (WQ-GOAL-1).", title=title, text=text), "WQ-TREASURE-1")
    for row in territory_rows():
        g.add([row[0], row[1]], say("{id} {name}", id=row[0], name=term(row[1])), "territory", _territory_text(row),
              "WQ-MAP-1")
    for d, (name, terrain) in marnon.DUCHIES.items():
        g.add([name, f"duchy {d}", f"D{d}"], say("Duchy {d} {name}", d=d, name=term(name)), "territory",
              say("Duchy {d}, {name} ({terrain}): counties D{d}C1..D{d}C6. Dice name a duchy then a county "
                  "(orcs, dragon, Peacemaker) (WQ-MAP-1).", d=d, name=term(name), terrain=term(terrain)), "WQ-MAP-1")
    _symbols(g)
    g.add_terms(TERMS)
    return g


# Symbols of the board, the view and the log, as (names, title, kind, text, rule).
SYMBOLS = (
    (".", ".", "symbol", say("`.` on the board: an empty territory (no men, orcs or heroes; the dragon, "
     "the Peacemaker or a treasure may still stand there) (WQ-STACK-7)."), "WQ-STACK-7"),
    ("DRAGON", "DRAGON", "symbol", say("DRAGON: the dragon stands here. Strength 6; only an army with a "
     "champion or a wizard may attack it; orcs never raid its territory (WQ-DRAGON-9, WQ-SPECIAL-5)."),
     "WQ-DRAGON-1"),
    (["PEACE", "Peacemaker"], "PEACE", "symbol", say("PEACE: the Peacemaker stands here. Every county of his "
     "duchy is protected: no campaign, raid or dragon meal there; only a wizard's army may attack him "
     "(WQ-PEACE-3, WQ-PEACE-6)."), "WQ-PEACE-3"),
    (["+C", "champion"], say("+C (champion)"), "piece", say("+C / champion: your champion is with this army. "
     "Alone strength 1, with men +1. Only an army with a champion (or the dragon) may attack his "
     "territory; orcs never raid it (WQ-STR-5, WQ-CHAMP-1)."), "WQ-CHAMP-1"),
    (["+W", "wizard"], say("+W (wizard)"), "piece", say("+W / wizard: your wizard is with this army. Alone "
     "strength 2, with men +2. An attacking army with a wizard places the pieces it strikes instead of "
     "removing them (`scatter`) (WQ-STR-6, WQ-WIZ-2)."), "WQ-WIZ-2"),
)
HIDDEN = {"cr": say("its crown"), "ch": say("its chest"), "ri": say("its ring"), "bl": say("its blank treasure"),
          "?": say("of a type kept secret (blank-treasure variant)")}


def _army(m) -> Entry:
    symbol, seat, men, hero = m.group(0), m.group(1), int(m.group(2)), m.group(3) or ""
    if hero == "+C":
        said = say_n("{symbol}: seat P{seat} holds it with {n} man and the champion.",
                     "{symbol}: seat P{seat} holds it with {n} men and the champion.", men, symbol=symbol, seat=seat)
    elif hero == "+W":
        said = say_n("{symbol}: seat P{seat} holds it with {n} man and the wizard.",
                     "{symbol}: seat P{seat} holds it with {n} men and the wizard.", men, symbol=symbol, seat=seat)
    else:
        said = say_n("{symbol}: seat P{seat} holds it with {n} man.", "{symbol}: seat P{seat} holds it with {n} men.",
                     men, symbol=symbol, seat=seat)
    return Entry(symbol, "symbol", say("{said} {note}", said=said, note=SEAT_NOTE), "WQ-STACK-6")


def _symbols(g: Glossary) -> None:
    g.add_all(SYMBOLS)
    g.pattern(r"s([0-6])", lambda m: Entry(m.group(0), "symbol", say("{symbol}: the army there defends with "
              "strength {strength} (men up to 4, +1 champion, +2 wizard, +1 forest or mountain, +2 castle; "
              "6 at most). A die roll of that number or less hits (WQ-STR-1..12, WQ-BATTLE-3).", symbol=m.group(0),
              strength=m.group(1)), "WQ-STR-1"))
    g.pattern(r"orcs (\d+)", lambda m: Entry(m.group(0), "symbol", say("{symbol}: {orcs} orcs hold the territory "
              "(at most 4). Orc armies of 4 raid their neighbours at the start of a round; breeding adds orcs "
              "(WQ-ORC-BREED-2, WQ-ORC-RAID-1).", symbol=m.group(0), orcs=m.group(1)), "WQ-ORC-RAID-1"))
    g.pattern(r"P(\d) (\d+)(\+[CW])?", _army)
    g.pattern(r"\$(\d)(cr|ch|ri|bl|\?)", lambda m: Entry(m.group(0), "symbol", say("{symbol}: a hidden treasure "
              "of seat P{seat}: {which}. It stays put when the territory changes hands; only its owner collects it "
              "by taking the territory (WQ-TREASURE-1).", symbol=m.group(0), seat=m.group(1),
              which=HIDDEN[m.group(2)]), "WQ-TREASURE-1"))
    g.pattern(r"T(\d\d)", lambda m: Entry(m.group(0), "symbol", say("{symbol}: a treasure's id, as the view's "
              "`Treasures:` line lists them (`T05=P1 ring@D3C3`: seat 1's ring hidden on D3C3). Used by the "
              "treasure card: `play C27 T05 D3C3` (WQ-CARD-TREASURE).", symbol=m.group(0)), "WQ-CARD-TREASURE"))
    g.pattern(r"(\d)/3", lambda m: Entry(m.group(0), "symbol", say("{symbol}: treasures collected out of the "
              "three needed to win (WQ-GOAL-1).", symbol=m.group(0)), "WQ-GOAL-1"))


NAME = {row[0]: row[1] for row in marnon.TERRITORIES}
BRIDGE_LIST = ", ".join(f"{a}-{b}" for a, b in marnon.BRIDGES.values())
TUNNEL_ENDS = say("{one} ({one_id}) and {other} ({other_id})", one=term(NAME[marnon.TUNNEL[0]]),
                  one_id=marnon.TUNNEL[0], other=term(NAME[marnon.TUNNEL[1]]), other_id=marnon.TUNNEL[1])

# Words of the rules, as (names, title, text, rule).
TERMS = (
    (("orcs", "orc"), say("Orcs"), say("Neutral armies run by the dice. Each round they breed, raid (armies of 4) "
     "and appear on every empty territory (WQ-ORC-BREED-1, WQ-ORC-RAID-1, WQ-ORC-NEW-1)."), "WQ-ORC-RAID-1"),
    (("breeding", "orc breeding"), say("Orc breeding"), say("Round step 1a: each player still in rolls a die naming "
     "a duchy; every orc county there and every orc castle next to it gets 1 orc, up to 4 (WQ-ORC-BREED-1..5)."),
     "WQ-ORC-BREED-1"),
    (("raid", "raids"), say("Raid"), say("Round step 1b: every territory holding 4 orcs attacks each adjacent player "
     "territory without a champion, the dragon or the Peacemaker's protection, lowest duchy and county first, "
     "then clockwise, the tunnel last. Each battle line shows both rolls; the orcs take a territory they empty "
     "(WQ-ORC-RAID-1..9)."), "WQ-ORC-RAID-1"),
    (("new orcs",), say("New orcs"), say("Round step 1c: 1 orc on every empty territory (WQ-ORC-NEW-1)."),
     "WQ-ORC-NEW-1"),
    (("dragon",), say("The dragon"), say("Round step 2: it flies (two dice: duchy, county) until it eats at least "
     "one man or hero; on landing a die says how many creatures it eats. Strength 6 (WQ-DRAGON-1..9)."),
     "WQ-DRAGON-1"),
    (("campaign", "attack"), say("Campaign"), say("The army on one of your territories attacks an adjacent "
     "territory (or by boat) in a series of battles until the target is empty (take it), you break off, or you "
     "cannot go on. One normal campaign a turn, plus extra ones from cards, plus special ones against the dragon "
     "or the Peacemaker (WQ-CAMP-1..9)."), "WQ-CAMP-1"),
    (("battle", "roll", "rolled"), say("Battle"), say("Each side rolls one die. A roll equal to or below your "
     "strength kills that many enemy pieces; both above: the attacker loses 1 (\"Both miss\"). `Battle at X: A "
     "(strength 4) roll 3, B (strength 2) roll 5. Defender loses 3, attacker loses 0.` (WQ-BATTLE-3, "
     "WQ-BATTLE-4)."), "WQ-BATTLE-3"),
    (("both miss",), say("Both miss"), say("Both rolls were above the rollers' strengths: the attacker loses 1 piece "
     "(WQ-BATTLE-4)."), "WQ-BATTLE-4"),
    (("kingdom", "reinforcements"), say("Kingdom and reinforcements"), say("A kingdom is a connected group of your "
     "territories holding a castle. You receive as many men as territories in your kingdoms, at least 4, in "
     "your turn's step 5b (WQ-SUPPLY-1..4)."), "WQ-SUPPLY-1"),
    (("boat", "sail"), say("Boat"), say("A played boat card: one crossing between two territories on the same water "
     "(Sea of Marnon shore, or the Ammon), as an attack or a move (`sail`) (WQ-BOAT-1..7)."), "WQ-BOAT-1"),
    (("bridge", "bridges"), say("Bridge"), say("Bridges cross the Ammon: {bridges}. Territories across the river "
     "are adjacent only over a bridge. Defence bonus over a bridge: option bridge-bonus (WQ-ADJ-2, WQ-STR-11).",
     bridges=BRIDGE_LIST), "WQ-ADJ-2"),
    (("tunnel", "great tunnel"), term("Great Tunnel"), say("Links {ends}. A defender attacked through it gets +2 "
     "instead of the forest/mountain +1; raids take it last (WQ-ADJ-3, WQ-STR-9).", ends=TUNNEL_ENDS), "WQ-ADJ-3"),
    (("protected", "protection"), say("Protected duchy"), say("The duchy where the Peacemaker stands: its counties "
     "cannot be attacked by anyone (WQ-PEACE-3)."), "WQ-PEACE-3"),
    (("starting player",), say("Starting player"), say("Round step 4: everyone rolls two dice, highest total plays "
     "first this round (ties roll again) (WQ-START-1)."), "WQ-START-1"),
    (("extra campaign",), say("Extra campaign"), say("A campaign from a card, made after your normal one "
     "(WQ-CARDS-7)."), "WQ-CARDS-7"),
    (("deck", "discards", "discard"), say("Deck and discards"), say("35 cards, shuffled at the start; played cards "
     "go face down to the discards, which are shuffled into a new deck when it runs out; nobody may look through "
     "them (WQ-CARDS-5)."), "WQ-CARDS-5"),
    (("boats",), say("Boats"), say("The `boats:` line counts each player's played boat cards still unused "
     "(WQ-BOAT-1)."), "WQ-BOAT-1"),
    (("out", "eliminated"), say("Out"), say("A player with no piece left on the map is out: skipped from then on, "
     "cards discarded, own hidden treasures removed (WQ-END-1, WQ-END-2)."), "WQ-END-1"),
    (("losses", "standing losses", "men-first"), say("Losses"), say("The side hit chooses which pieces go "
     "(`lose men`, `lose champion`); `standing losses men-first` answers this for you (WQ-LOSS-2)."),
     "WQ-LOSS-2"),
)


GLOSSARY = build()
