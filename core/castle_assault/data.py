"""The card list of Castle Assault (rules §3) and every RECONSTRUCTED number, as data.

Everything the rulebook v0.5 does not state (per-card counts, swords, shields, torches,
treasures, the Academy effects' sizes, the castle's printed shields) lives here and only
here, so the real values can be swapped in when they turn up (rules §14, "Card list").

Strength is counted in HALF points everywhere (CA-ACT-ATTACK-19): one sword = 2, a wall = 4,
a castle = 8, an Archer defender = 2, a Soldier defender = 1. No fractions, no floats.

Each physical card gets a unique id: its deck letter and a running number
(F0..F11, V0..V69, S0..S11, D0..D11, A0..A13). The id never changes during a game.
"""
from __future__ import annotations

from dataclasses import dataclass

from core.memo import Memo
from core.text import Msg, Term, say, say_n, term

HALF = 2  # half points per whole sword or shield


@dataclass(frozen=True)
class Kind:
    """One kind of card, with everything the engine needs to know about it."""

    key: str            # engine key, e.g. "soldier"
    deck: str           # F (fortress), V (village), S (siege), D (dungeon), A (academy)
    name: str           # English name shown to players
    spanish: str        # name in the rulebook
    count: int
    banner: str = ""    # red (action), gold, purple (reaction), "" (none) -- CA-GEN-9
    swords: int = 0     # attack strength, half points
    defence: int = 0    # shields when stationed or printed on a post, half points
    colour: str = ""    # green / blue -- for defence matching (CA-ACT-DEFEND-2)
    max_defenders: int = 0   # posts only: how many cards may be stationed (CA-ACT-DEFEND-3)
    torches: int = 0    # explorers
    danger: int = 0     # dungeon cards
    treasure: int = 0   # dungeon cards: Village cards won
    assault: bool = False    # siege: castle icon (CA-ACT-ATTACK-4)
    attack: bool = False     # Soldier, Archer, Siege: may be an attack card (CA-ACT-ATTACK-2)
    effect: str = ""    # academy: one of EFFECTS below
    amount: int = 0     # academy: swords removed or shields added, half points
    castle_only: bool = False   # academy: works only on a castle or a card stationed on it


# Rules §3, in deck order. The order fixes the card ids.
CARD_LIST_V05: tuple[Kind, ...] = (
    # Fortress deck (12) -- §3.2
    Kind("castle", "F", "Castle", "Castillo", 4, defence=4 * HALF, colour="blue", max_defenders=4),
    Kind("wall", "F", "Wall", "Muralla", 8, defence=2 * HALF, colour="green", max_defenders=2),
    # Village deck (70) -- §3.3
    Kind("soldier", "V", "Soldier", "Soldado", 16, "red", swords=2 * HALF, defence=1, colour="blue", attack=True),
    Kind("archer", "V", "Archer", "Arquero", 14, "red", swords=1 * HALF, defence=1 * HALF, colour="green",
         attack=True),
    Kind("gold", "V", "Gold", "Oro", 12, "gold"),
    Kind("builder", "V", "Builder", "Constructor", 10, "red"),
    Kind("explorer1", "V", "Explorer (1 torch)", "Explorador", 4, "red", torches=1),
    Kind("explorer2", "V", "Explorer (2 torches)", "Explorador", 3, "red", torches=2),
    Kind("explorer3", "V", "Explorer (3 torches)", "Explorador", 1, "red", torches=3),
    Kind("king", "V", "King", "Rey", 2, "red"),
    Kind("duke", "V", "Duke", "Duque", 4, "red"),
    Kind("night", "V", "Night", "Noche", 4, "red"),
    # Siege deck (12) -- §3.4
    Kind("catapult", "S", "Catapult", "Catapulta", 4, "red", swords=3 * HALF, attack=True),
    Kind("trebuchet", "S", "Trebuchet", "Trabuquete", 3, "red", swords=4 * HALF, attack=True),
    Kind("ram", "S", "Battering Ram", "Ariete", 3, "red", swords=2 * HALF, assault=True, attack=True),
    Kind("tower", "S", "Siege Tower", "Torre de asedio", 2, "red", swords=3 * HALF, assault=True, attack=True),
    # Dungeon deck (12) -- §3.5
    Kind("crypt", "D", "Empty Crypt", "Cripta vacia", 2, danger=0, treasure=1),
    Kind("rats", "D", "Giant Rats", "Ratas gigantes", 2, danger=1, treasure=1),
    Kind("goblins", "D", "Goblin Band", "Banda de goblins", 2, danger=2, treasure=2),
    Kind("skeletons", "D", "Skeleton Guard", "Guardia esqueleto", 2, danger=3, treasure=2),
    Kind("troll", "D", "Troll", "Trol", 2, danger=4, treasure=3),
    Kind("dragon", "D", "Dragon", "Dragon", 1, danger=5, treasure=4),
    Kind("cavein", "D", "Cave-in", "Derrumbe", 1, danger=2, treasure=0),
    # Academy deck (14) -- §3.6
    Kind("ambush", "A", "Ambush", "Emboscada", 4, "purple", effect="fewer-swords", amount=2 * HALF),
    Kind("reinforce", "A", "Reinforcements", "Refuerzos", 3, "purple", effect="more-shields", amount=2 * HALF),
    Kind("sabotage", "A", "Sabotage", "Sabotaje", 3, "purple", effect="remove-siege"),
    Kind("oil", "A", "Boiling Oil", "Aceite hirviendo", 2, "purple", effect="remove-unit"),
    Kind("portcullis", "A", "Portcullis", "Rastrillo", 2, "purple", effect="more-shields", amount=3 * HALF,
         castle_only=True),
)

# What an Academy card can do to the one attack it is played against (CA-ACT-REACT-6):
# remove one attack card of a sort (the victim chooses), take swords off, add shields.
EFFECTS = ("remove-siege", "remove-unit", "fewer-swords", "more-shields")
REMOVES = {"remove-siege": "siege", "remove-unit": "unit"}

# Setup numbers (CA-SETUP-2, CA-SETUP-3, CA-SETUP-6): walls, Village cards, Academy cards dealt.
SETUP = {2: {"walls": 3, "village": 4, "academy": 1},
         3: {"walls": 2, "village": 5, "academy": 0},
         4: {"walls": 2, "village": 5, "academy": 0}}

BUY_DRAWS = 2                   # CA-ACT-BUY-1
BUILD_CARDS = 4                 # CA-ACT-BUILD-1
ACADEMY_COST = {"duke": 1, "gold": 2}   # CA-ACT-ACADEMY-1
KING_ACTIONS = 2                # CA-ACT-KING-1
TOTAL_CARDS = 120               # CA-GEN-13

CARD_LISTS = {"v05": CARD_LIST_V05}
DECK_NAMES = {"F": "Fortress", "V": "Village", "S": "Siege", "D": "Dungeon", "A": "Academy"}


class CardTable:
    """Lookup tables built once from a card list: id -> Kind and the hot per-id numbers."""

    def __init__(self, kinds: tuple[Kind, ...]):
        self.kinds = {k.key: k for k in kinds}
        self.kind_of: dict[str, Kind] = {}
        self.ids_by_deck: dict[str, list[str]] = {d: [] for d in "FVSDA"}
        counters = {d: 0 for d in "FVSDA"}
        for kind in kinds:
            for _ in range(kind.count):
                cid = f"{kind.deck}{counters[kind.deck]}"
                counters[kind.deck] += 1
                self.kind_of[cid] = kind
                self.ids_by_deck[kind.deck].append(cid)
        self.total = len(self.kind_of)
        k = self.kind_of
        self.key = {c: k[c].key for c in k}
        self.deck = {c: k[c].deck for c in k}
        self.swords = {c: k[c].swords for c in k}
        self.defence = {c: k[c].defence for c in k}
        self.colour = {c: k[c].colour for c in k}
        self.attack = {c: k[c].attack for c in k}
        self.assault = {c: k[c].assault for c in k}
        self.torches = {c: k[c].torches for c in k}
        self.effect = {c: k[c].effect for c in k}
        # A Village card that may be stationed somewhere: it has a defence value and a colour.
        self.labels = {c: card_label(c, k[c].name) for c in k}
        self.names = {c: term(k[c].name) for c in k}
        self.defender = {c: k[c].deck == "V" and k[c].defence > 0 and bool(k[c].colour) for c in k}
        # The same questions as sets of ids, so that a hand is sorted by C code (filter, isdisjoint)
        # rather than a Python loop: the random player and the windows ask them on every move.
        self.attackers = frozenset(c for c in k if k[c].attack)
        self.defenders = frozenset(c for c in k if self.defender[c])
        self.explorers = frozenset(c for c in k if k[c].torches)
        self.academy = frozenset(c for c in k if k[c].deck == "A")
        self.of_kind = {kind.key: frozenset(c for c in k if k[c] is kind) for kind in kinds}

    def name(self, cid: str) -> Term | str:
        """The card's kind name, as a component name (core.text.term); an unknown id as it is."""
        return self.names.get(cid, cid)

    def label(self, cid: str) -> Msg:
        """'V3 Soldier' -- how a card is shown to players: its id and its kind's name."""
        label = self.labels.get(cid)
        return label if label is not None else card_label(cid, cid)


def card_label(cid: str, name: str) -> Msg:
    """A card as players read it, 'V3 Soldier': the id (notation) and the kind's name (a term)."""
    return say("{card} {name}", card=cid, name=term(name) if name != cid else cid)


TABLES = {name: CardTable(kinds) for name, kinds in CARD_LISTS.items()}
CARDS = TABLES["v05"]


def half_text(points: int) -> str:
    """Half points as players read them: 9 -> '4½'."""
    whole, half = divmod(points, HALF)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def swords(points: int) -> Msg:
    """'1 sword', '0 swords', '4 swords' (half points: '½ sword', '1½ swords'); made once per
    amount (every battle says two)."""
    said = SAID_SWORDS.get(points)
    return said if said is not None else SAID_SWORDS.keep(points, said_swords(points))


def shields(points: int) -> Msg:
    """'1 shield', '0 shields', '4½ shields' (see said_shields); made once per amount."""
    said = SAID_SHIELDS.get(points)
    return said if said is not None else SAID_SHIELDS.keep(points, said_shields(points))


SAID_SWORDS, SAID_SHIELDS = Memo(256), Memo(256)


def said_swords(points: int) -> Msg:
    if points % HALF == 0:
        return say_n("{n} sword", "{n} swords", points // HALF)
    return say_n("{amount} sword", "{amount} swords", 1 if points == 1 else HALF, amount=half_text(points))


def said_shields(points: int) -> Msg:
    """'1 shield', '0 shields', '4½ shields' (half points: '½ shield', '1½ shields'). A half amount
    takes the plural form of 2 (1 for '½'), whatever its whole part: the languages with more
    than two forms say a fraction as they say 2-4."""
    if points % HALF == 0:
        return say_n("{n} shield", "{n} shields", points // HALF)
    return say_n("{amount} shield", "{amount} shields", 1 if points == 1 else HALF, amount=half_text(points))


def amount(points: int, unit: str) -> str:
    """'1 sword', '½ shield', '4½ shields', '0 swords': half points with their unit (the
    glossary's English; the engine's texts say `swords` and `shields`)."""
    return f"{half_text(points)} {unit}" + ("" if points in (1, HALF) else "s")

