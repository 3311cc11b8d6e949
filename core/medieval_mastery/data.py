"""Medieval Mastery component data: every [RECONSTRUCTED] table of the spec in one place.

The spec (shared/rules/medieval-mastery.md, section 18) marks the deck mix, the tile list,
the capacity numbers and the map layouts as reconstructed: they are data, swappable without
touching the rules code. No logic here: a few lookup tables are derived from the printed
ones below them (card names, categories, values); board.py derives the map's tables.
"""
from __future__ import annotations

# --- cards (MM-DATA-DECK) -------------------------------------------------------------
# Card kinds: code -> (notation name, category, value). Categories: resource, conflict, support.
CARD_KINDS = {
    "AU": ("authority", "resource", 0),
    "CA": ("cta", "resource", 0),
    "TA": ("ta", "resource", 0),
    "FR": ("fracture", "resource", 0),
    "C2": ("2", "conflict", 2),
    "C3": ("3", "conflict", 3),
    "C4": ("4", "conflict", 4),
    "C5": ("5", "conflict", 5),
    "AM": ("ambush", "conflict", 0),
    "S1": ("+1", "support", 1),
    "S2": ("+2", "support", 2),
}
CARD_TITLES = {
    "AU": "Authority", "CA": "Call to Arms", "TA": "Tactical Advance", "FR": "Fracture",
    "C2": "Conflict 2", "C3": "Conflict 3", "C4": "Conflict 4", "C5": "Conflict 5",
    "AM": "Ambush (d6)", "S1": "Support +1", "S2": "Support +2",
}
# One player deck, 18 cards, identical for every colour (MM-COMP-1, MM-DATA-DECK).
DECK = ("AU", "CA", "TA", "FR",
        "C2", "C2", "C3", "C3", "C4", "C4", "C5", "C5", "AM", "AM",
        "S1", "S1", "S2", "S2")
DECK_SIZE = len(DECK)
NAME_OF_KIND = {code: spec[0] for code, spec in CARD_KINDS.items()}   # C5 -> "5"
KIND_OF_NAME = {spec[0]: code for code, spec in CARD_KINDS.items()}   # "5" -> C5
CONFLICT_KINDS = tuple(code for code, spec in CARD_KINDS.items() if spec[1] == "conflict")
SUPPORT_KINDS = tuple(code for code, spec in CARD_KINDS.items() if spec[1] == "support")
CARD_VALUE = {code: spec[2] for code, spec in CARD_KINDS.items()}

# --- artefacts (MM-COMP-5, section 15) ------------------------------------------------
ARTEFACT_TYPES = ("crown", "sceptre", "orb")
CROWNS = ("Corruption", "Prosperity", "Fury", "Insight", "Order", "Vitality")
SCEPTRES = ("Rage", "Fear", "Influence", "Loyalty", "Vigour", "Defiance")
ORBS = ("Brutality", "Greed", "Preparation", "Devotion", "Resurgence", "Cleansing")
ARTEFACTS = (CROWNS, SCEPTRES, ORBS)
SCEPTRE_ATTACK = ("Rage", "Fear", "Influence")
SCEPTRE_DEFEND = ("Loyalty", "Vigour", "Defiance")
ORB_WIN = ("Brutality", "Greed", "Preparation")
ORB_LOSE = ("Devotion", "Resurgence", "Cleansing")
ART_TITLE = {**{n: "Crown of " + n for n in CROWNS}, **{n: "Sceptre of " + n for n in SCEPTRES},
             **{n: "Orb of " + n for n in ORBS}}
ART_TEXT = {
    "Corruption": "destroy a face-up artefact of any player",
    "Prosperity": "look at the top card of any deck; keep it there or discard it",
    "Fury": "you may discard a card",
    "Insight": "look at your top 4 cards and reorder them",
    "Order": "shuffle a card discarded in an earlier turn back into your deck",
    "Vitality": "redistribute once more (no advance)",
    "Rage": "attacking: +1",
    "Fear": "attacking: count as many knights as the defender",
    "Influence": "attacking: the defender discards a random card",
    "Loyalty": "defending: +1",
    "Vigour": "defending: count as many knights as the attacker",
    "Defiance": "defending: the attacker discards a random card",
    "Brutality": "win: the loser removes 1 knight",
    "Greed": "win: draw until you hold 6",
    "Preparation": "win: you may discard a card",
    "Devotion": "lose: +1 knight in your castle",
    "Resurgence": "lose: draw until you hold 6",
    "Cleansing": "lose: you may discard a card",
}

# --- territories (MM-DATA-TILES, MM-DATA-CAPACITY) ----------------------------------------
# name -> (VP, how many tiles, capacity, ability text)
TILES = {
    "Homelands": (1, 4, 6, "starting knights"),
    "Grasslands": (1, 2, 6, "attacker +1"),
    "Forest": (1, 2, 6, "no ability"),
    "Marshlands": (1, 2, 6, "conqueror loses 1 knight"),
    "Village": (1, 2, 6, "conquest: +1 knight"),
    "Fort": (2, 2, 6, "defender +1"),
    "Abbey": (2, 2, 6, "conquest: +1 knight, may discard"),
    "Ruins": (2, 2, 6, "conquest: may discard"),
    "Cave": (2, 2, 3, "capacity 3"),
    "Mountains": (2, 2, 6, "no support cards"),
    "Arena": (2, 2, 6, "roll-off at battle start"),
    "City": (3, 2, 6, "defender +1; conquest: +1 knight"),
    "Fortress": (3, 2, 6, "defender +1; conquest: may discard"),
    "Battlefield": (3, 2, 4, "capacity 4"),
}
TILE_VP = {name: spec[0] for name, spec in TILES.items()}
# Ability groups (section 14.4).
ATTACKER_PLUS1 = ("Grasslands",)
DEFENDER_PLUS1 = ("Fort", "City", "Fortress")
CONQUEST_KNIGHT = ("Village", "Abbey", "City")
CONQUEST_DISCARD = ("Ruins", "Abbey", "Fortress")
CONQUEST_MINUS_KNIGHT = ("Marshlands",)
NO_SUPPORT = ("Mountains",)
ROLL_OFF = ("Arena",)

# --- rules numbers --------------------------------------------------------------------
STARTING_KNIGHTS = 6          # MM-SETUP-6
MAYHEM_EXTRA_KNIGHTS = 6      # MM-OPT-MAYHEM-1
KNIGHTS_PER_TURN = 3          # MM-TURN-1
CALL_TO_ARMS_KNIGHTS = 2      # MM-RES-CALLTOARMS
DICE_PER_PLAYER = 10          # MM-COMP-9, MM-EDGE-6
HAND_DRAW = 5                 # MM-SETUP-7, MM-COMBAT-2
GREED_DRAW = 6                # MM-ICON-DRAW6
WIN_VP = 13                   # MM-WIN-2
SKIRMISH_VP = 11              # MM-OPT-SKIRMISH-1
TEAM_VP = {2: 20, 3: 30}      # MM-OPT-ALLIANCE-3
SIEGE_DEFENCE = 8             # MM-OPT-SIEGE-2
SIEGE_MAX_ATTACKERS = 6       # MM-OPT-SIEGE-3
MAX_CAPACITY = 6              # MM-TERM-CAPACITY

# --- map layouts (MM-MAP-2P .. MM-MAP-6P) -------------------------------------------------
# Per player count: (name, q, r, VP, adjacent tiles). Castles Cn (seat n-1), lakes Ln, slots Snn.
# Axial pointy-top coordinates; the adjacency lists are the spec's, and must agree with them.
LAYOUTS = {
    2: (
        ('C1', -1, 3, 0, 'S09 S10'),
        ('C2', 1, -3, 0, 'S01 S02'),
        ('L1', 0, 0, 0, 'S03 S04 S05 S06 S07 S08'),
        ('S01', 0, -2, 1, 'C2 S02 S03'),
        ('S02', 1, -2, 1, 'C2 S01 S03 S04'),
        ('S03', 0, -1, 2, 'L1 S01 S02 S04 S05'),
        ('S04', 1, -1, 2, 'L1 S02 S03 S06'),
        ('S05', -1, 0, 3, 'L1 S03 S07'),
        ('S06', 1, 0, 3, 'L1 S04 S08'),
        ('S07', -1, 1, 2, 'L1 S05 S08 S09'),
        ('S08', 0, 1, 2, 'L1 S06 S07 S09 S10'),
        ('S09', -1, 2, 1, 'C1 S07 S08 S10'),
        ('S10', 0, 2, 1, 'C1 S08 S09'),
    ),
    3: (
        ('C1', 2, 1, 0, 'S13 S15'),
        ('C2', -3, 2, 0, 'S09 S10'),
        ('C3', 1, -3, 0, 'S01 S02'),
        ('L1', 0, 0, 0, 'S04 S05 S07 S08 S11 S12'),
        ('S01', 2, -3, 1, 'C3 S02'),
        ('S02', 1, -2, 1, 'C3 S01 S04 S05'),
        ('S03', -1, -1, 3, 'S04 S07'),
        ('S04', 0, -1, 2, 'L1 S02 S03 S05 S07'),
        ('S05', 1, -1, 2, 'L1 S02 S04 S06 S08'),
        ('S06', 2, -1, 3, 'S05 S08'),
        ('S07', -1, 0, 2, 'L1 S03 S04 S10 S11'),
        ('S08', 1, 0, 2, 'L1 S05 S06 S12 S13'),
        ('S09', -3, 1, 1, 'C2 S10'),
        ('S10', -2, 1, 1, 'C2 S07 S09 S11'),
        ('S11', -1, 1, 2, 'L1 S07 S10 S12 S14'),
        ('S12', 0, 1, 2, 'L1 S08 S11 S13 S14'),
        ('S13', 1, 1, 1, 'C1 S08 S12 S15'),
        ('S14', -1, 2, 3, 'S11 S12'),
        ('S15', 1, 2, 1, 'C1 S13'),
    ),
    4: (
        ('C1', 4, -3, 0, 'S02 S06'),
        ('C2', 1, 3, 0, 'S18 S20'),
        ('C3', -3, 3, 0, 'S15 S19'),
        ('C4', 0, -3, 0, 'S01 S03'),
        ('L1', 1, -1, 0, 'S04 S05 S07 S08 S10 S11'),
        ('L2', 0, 1, 0, 'S10 S11 S13 S14 S16 S17'),
        ('S01', 1, -3, 1, 'C4 S03 S04'),
        ('S02', 3, -3, 1, 'C1 S05 S06'),
        ('S03', 0, -2, 1, 'C4 S01 S04 S07'),
        ('S04', 1, -2, 2, 'L1 S01 S03 S05 S07'),
        ('S05', 2, -2, 2, 'L1 S02 S04 S06 S08'),
        ('S06', 3, -2, 1, 'C1 S02 S05 S08'),
        ('S07', 0, -1, 2, 'L1 S03 S04 S09 S10'),
        ('S08', 2, -1, 2, 'L1 S05 S06 S11 S12'),
        ('S09', -1, 0, 3, 'S07 S10 S13'),
        ('S10', 0, 0, 3, 'L1 L2 S07 S09 S11 S13'),
        ('S11', 1, 0, 3, 'L1 L2 S08 S10 S12 S14'),
        ('S12', 2, 0, 3, 'S08 S11 S14'),
        ('S13', -1, 1, 2, 'L2 S09 S10 S15 S16'),
        ('S14', 1, 1, 2, 'L2 S11 S12 S17 S18'),
        ('S15', -2, 2, 1, 'C3 S13 S16 S19'),
        ('S16', -1, 2, 2, 'L2 S13 S15 S17 S19'),
        ('S17', 0, 2, 2, 'L2 S14 S16 S18 S20'),
        ('S18', 1, 2, 1, 'C2 S14 S17 S20'),
        ('S19', -2, 3, 1, 'C3 S15 S16'),
        ('S20', 0, 3, 1, 'C2 S17 S18'),
    ),
    5: (
        ('C1', 3, -3, 0, 'S02 S05'),
        ('C2', 3, 0, 0, 'S10 S17'),
        ('C3', 0, 3, 0, 'S23 S25'),
        ('C4', -4, 4, 0, 'S21 S24'),
        ('C5', -1, -3, 0, 'S01 S03'),
        ('L1', 0, -1, 0, 'S04 S07 S08 S12 S13'),
        ('L2', -2, 1, 0, 'S11 S12 S15 S18 S19'),
        ('L3', 0, 1, 0, 'S13 S14 S15 S16 S20'),
        ('S01', 0, -3, 1, 'C5 S03'),
        ('S02', 2, -3, 1, 'C1 S04'),
        ('S03', -1, -2, 1, 'C5 S01 S06 S07'),
        ('S04', 1, -2, 2, 'L1 S02 S08'),
        ('S05', 3, -2, 1, 'C1 S09 S10'),
        ('S06', -2, -1, 2, 'S03 S07 S11'),
        ('S07', -1, -1, 2, 'L1 S03 S06 S11 S12'),
        ('S08', 1, -1, 3, 'L1 S04 S09 S13 S14'),
        ('S09', 2, -1, 2, 'S05 S08 S10 S14'),
        ('S10', 3, -1, 1, 'C2 S05 S09'),
        ('S11', -2, 0, 2, 'L2 S06 S07 S12'),
        ('S12', -1, 0, 3, 'L1 L2 S07 S11 S13 S15'),
        ('S13', 0, 0, 3, 'L1 L3 S08 S12 S14 S15'),
        ('S14', 1, 0, 2, 'L3 S08 S09 S13 S16'),
        ('S15', -1, 1, 3, 'L2 L3 S12 S13 S19 S20'),
        ('S16', 1, 1, 2, 'L3 S14 S17'),
        ('S17', 2, 1, 1, 'C2 S16'),
        ('S18', -3, 2, 2, 'L2 S19 S21'),
        ('S19', -2, 2, 3, 'L2 S15 S18 S20 S22'),
        ('S20', -1, 2, 2, 'L3 S15 S19 S22 S23'),
        ('S21', -4, 3, 1, 'C4 S18'),
        ('S22', -2, 3, 2, 'S19 S20 S23 S24'),
        ('S23', -1, 3, 1, 'C3 S20 S22 S25'),
        ('S24', -3, 4, 1, 'C4 S22'),
        ('S25', -1, 4, 1, 'C3 S23'),
    ),
    6: (
        ('C1', 4, -3, 0, 'S02 S06'),
        ('C2', 4, 0, 0, 'S12 S21'),
        ('C3', 0, 4, 0, 'S28 S30'),
        ('C4', -3, 4, 0, 'S26 S29'),
        ('C5', -3, 0, 0, 'S07 S17'),
        ('C6', 0, -3, 0, 'S01 S03'),
        ('L1', 1, -1, 0, 'S04 S05 S09 S10 S14 S15'),
        ('L2', -1, 1, 0, 'S13 S14 S18 S19 S22 S23'),
        ('L3', 1, 1, 0, 'S15 S16 S19 S20 S24 S25'),
        ('S01', 1, -3, 1, 'C6 S04'),
        ('S02', 3, -3, 1, 'C1 S05'),
        ('S03', -1, -2, 1, 'C6 S07 S08'),
        ('S04', 1, -2, 2, 'L1 S01 S05 S09'),
        ('S05', 2, -2, 2, 'L1 S02 S04 S10'),
        ('S06', 4, -2, 1, 'C1 S11 S12'),
        ('S07', -2, -1, 1, 'C5 S03 S08'),
        ('S08', -1, -1, 2, 'S03 S07 S09 S13'),
        ('S09', 0, -1, 3, 'L1 S04 S08 S13 S14'),
        ('S10', 2, -1, 3, 'L1 S05 S11 S15 S16'),
        ('S11', 3, -1, 2, 'S06 S10 S12 S16'),
        ('S12', 4, -1, 1, 'C2 S06 S11'),
        ('S13', -1, 0, 3, 'L2 S08 S09 S14 S18'),
        ('S14', 0, 0, 2, 'L1 L2 S09 S13 S15 S19'),
        ('S15', 1, 0, 2, 'L1 L3 S10 S14 S16 S19'),
        ('S16', 2, 0, 3, 'L3 S10 S11 S15 S20'),
        ('S17', -3, 1, 1, 'C5 S18'),
        ('S18', -2, 1, 2, 'L2 S13 S17 S22'),
        ('S19', 0, 1, 2, 'L2 L3 S14 S15 S23 S24'),
        ('S20', 2, 1, 2, 'L3 S16 S21 S25'),
        ('S21', 3, 1, 1, 'C2 S20'),
        ('S22', -2, 2, 2, 'L2 S18 S23 S26'),
        ('S23', -1, 2, 3, 'L2 S19 S22 S24 S27'),
        ('S24', 0, 2, 3, 'L3 S19 S23 S25 S27'),
        ('S25', 1, 2, 2, 'L3 S20 S24 S28'),
        ('S26', -3, 3, 1, 'C4 S22'),
        ('S27', -1, 3, 2, 'S23 S24 S29 S30'),
        ('S28', 1, 3, 1, 'C3 S25'),
        ('S29', -2, 4, 1, 'C4 S27 S30'),
        ('S30', -1, 4, 1, 'C3 S27 S29'),
    ),
}
