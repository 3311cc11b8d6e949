"""The game state (a JSON-ready dict of lists, stored as it is: `to_json` is the state itself)
and the small queries and changes every rules module shares: who holds what, strengths, kingdoms.

Layout, per territory index t (see board.py): owner[t] is -1 (empty), a seat, or ORC;
men[t] counts the men (or the orcs) there; heroes are champion[seat] / wizard[seat] = t or -1.
Treasures: treasures[i] = [owner, kind, loc, placer]; kind 0 crown 1 chest 2 ring 3 blank;
loc is a territory, or HELD (with its placer, before hiding), TAKEN (collected),
GONE (removed with an eliminated owner). This is state format 2; games stored before it used
short keys (format 1, declared once in FORMAT_1 below: the game upgrades a stored format-1
state with it and writes one to check a hash stored in format 1).
"""
from __future__ import annotations

from typing import Any, Literal, TypedDict

from core.memo import Memo
from core.options import rng_scheme
from core.rng import Rng
from core.statekeys import Each, Keys
from core.wizards_quest import board, cards
from core.wizards_quest.options import option, stored_options
from core.wizards_quest.board import ORC

HELD, TAKEN, GONE = -1, -2, -3
KIND_NAMES = ("crown", "chest", "ring", "blank")
HEROES = ("champion", "wizard")

# The stored options (key "options"), written by options.stored_options and read by options.option:
# the rules-version-2 options are stored under their own names and only in games created with
# them; a game without the key plays the reading before the option existed (its `legacy`).
Options = TypedDict("Options", {
    "blank": bool,  # option blank-treasure: a blank treasure is hidden too; hidden types are secret
    "two_player": bool,  # option two-player-rules (WQ-VAR-2P-1)
    "bridge": int,  # option bridge-bonus: defence bonus over a bridge (WQ-STR-11)
    "ring-window": str,  # which cards may be played when the ring is collected (WQ-CARDS-4)
    "boat-limit": str,  # how many boats one turn may use (WQ-BOAT-2)
    "rng": int,  # the random stream's scheme (core.rng): 2 from rules version 3, else absent (scheme 1)
}, total=False)


class Turn(TypedDict):
    """The turn in progress (key "turn")."""

    seat: int  # whose turn it is
    cut: int  # men the cutting cards drawn take off the reinforcements (WQ-CARD-MINUS1)
    card_men: int  # men from cards played before the reinforcements, placed with them (WQ-CARDS-6)
    campaigns: int  # campaigns left this turn (WQ-CAMP-1; extra campaigns add to it)
    boat_used: bool  # a boat was used this turn (rules version 1 allowed one a turn)
    reinforced: bool  # the reinforcements were received


class Frame(TypedDict, total=False):
    """One step of the game on the stack "frames": an automatic frame ("setup", "round", "raids", "raid",
    "fight", "dragon", "turn") or a decision put to a player ("ask-<kind>", see phases/)."""

    kind: str  # the frame's kind
    stage: str  # the stage an automatic frame is at
    seat: int  # the seat deciding (ask-) or whose turn it is (turn)
    next: int  # the next index into a frame's list (seats in order, raid sources, raid targets)
    hide_round: int  # setup: the hiding round
    order: list[int]  # round: the seats in turn order
    source: Any  # raids: the orc sources (list); fight, take, go: the attacking territory
    targets: list[int]  # raid: the targets in attack order
    target: int  # fight, take: the attacked territory
    mode: str  # fight: "camp", "special" or "raid"; dragon: "step" or "land"; cards: "turn" or "ring"
    attacker: int  # fight: the attacker (a seat or ORC)
    defender: int  # fight: the defender when the campaign began
    vs: str  # fight: "army", "dragon" or "peace"
    via: int  # fight: how the attack crosses (board.LAND, BRIDGE, TUNNEL, BOAT)
    battles: int  # fight: battles fought so far
    defender_losses: int  # fight: the defender's losses of this battle
    attacker_losses: int  # fight: the attacker's losses of this battle
    both_missed: bool  # fight: both missed (the attacker loses 1, WQ-BATTLE-5)
    lead: str  # fight: the attacker's hero leading ("" none)
    attacker_wizard: bool  # fight: the attacker's wizard fights
    defender_wizard: bool  # fight: the defender's wizard fights
    defender_struck: list  # fight: the defender's pieces the attacker's wizard struck [men, hero]
    attacker_struck: list  # fight: the attacker's pieces the defender's wizard struck [men, hero]
    beat: bool  # fight: the creature fought was beaten in this battle
    won: list[str]  # fight: the creatures beaten in this campaign
    single: Any  # dragon: lands once (bool); place: the one territory allowed, or -1
    duchy: int  # dragon: the duchy it is sent to
    drew: bool  # cards: a card was drawn this turn
    new: str  # cards: the card drawn for the ring
    total: int  # place: men to place
    max_heroes: int  # place: heroes that may replace 2 men each
    why: str  # place, loss: why (shown in the prompt; it names the rule)
    territory: int  # loss: the territory losing pieces
    count: int  # loss: how many pieces
    into: str  # loss: which struck list of the fight frame receives the lost pieces ("dv", "av", see STRUCK), or ""
    victim: int  # scatter: the victim (a seat or ORC)
    men: int  # scatter: men to place
    hero: str  # scatter: the hero to place, or ""
    excluded: list[int]  # scatter: the battle's two territories (excluded)
    who: str  # flee: "dragon" or "peace"
    special: bool  # go: a special campaign (no men may move in)
    boat: bool  # go: the campaign crossed by boat (donors across the water)
    round: int  # hide: the hiding round


# A loss frame's "into" names the fight frame's list by its format-1 key: a value stored in every
# game, kept as it was so that stored hashes hold.
STRUCK = {"dv": "defender_struck", "av": "attacker_struck"}


class State(TypedDict):
    """The whole game (the stored JSON)."""

    seed: str  # the secret seed of the random stream
    rng: int  # draws taken from the stream so far
    players: int  # number of players
    dice: list[int]  # scripted die rolls still to come (scenarios), used before the stream
    options: Options  # the options as the game plays them
    owner: list[int]  # per territory: -1 empty, a seat, or ORC
    men: list[int]  # per territory: men (or orcs) there
    champion: list[int]  # per seat: the champion's territory, or -1
    wizard: list[int]  # per seat: the wizard's territory, or -1
    eliminated: list[bool]  # per seat: out of the game
    treasures: list[list[int]]  # [owner, kind, loc, placer] each (see above)
    dragon: int  # the dragon's territory, or -1
    peace: int  # the Peacemaker's territory, or -1
    deck: list[str]  # the draw pile, top first
    discard: list[str]  # the discard pile
    hands: list[list[str]]  # per seat: cards in hand
    boats: list[list[str]]  # per seat: boat cards played and not yet used
    first: int  # the first player (setup order)
    start: int  # this round's starting player
    round: int  # the round (0 during the setup)
    frames: list[Frame]  # the frames still to run, the last on top
    turn: Turn | None  # the turn in progress
    standing: list[str]  # per seat: standing order for losses, "ask" or "men-first" (WQ-TABLE-5)
    winners: list[int] | None  # the winners once the game is over
    reason: str  # how the game ended ("" while it runs)


# State format 1 (every game stored before the readable keys): each old key and its new name.
FRAME_1 = Keys({
    "k": "kind", "st": "stage", "i": "next", "r": "hide_round", "src": "source", "tg": "targets",
    "tgt": "target", "a": "attacker", "d": "defender", "nb": "battles", "dl": "defender_losses",
    "al": "attacker_losses", "bm": "both_missed", "awiz": "attacker_wizard", "dwiz": "defender_wizard",
    "dv": "defender_struck", "av": "attacker_struck", "maxh": "max_heroes", "t": "territory", "n": "count",
    "v": "victim", "ex": "excluded"})
TURN_1 = Keys({"cmen": "card_men", "camps": "campaigns", "boat": "boat_used", "sup": "reinforced"})
FORMAT_1 = Keys({
    "np": "players", "opt": "options", "own": "owner", "n": "men", "ch": "champion", "wz": "wizard",
    "out": "eliminated", "tre": "treasures", "disc": "discard", "std": "standing", "win": "winners",
    "why": "reason", "q": ("frames", Each(FRAME_1)), "tn": ("turn", TURN_1)})


def new_state(players: int, opts: dict, seed: str) -> State:
    """The state before the setup's first step: cards shuffled, treasures handed out (WQ-SETUP-7)."""
    np = players
    opt: Options = stored_options(opts)  # type: ignore[assignment]
    rng = Rng(seed, scheme=rng_scheme(opt))
    deck = rng.shuffle(list(cards.ALL_CARDS))  # WQ-SETUP-12
    tre = []
    kinds = [0, 1, 2, 3] if opts["blank-treasure"] else [0, 1, 2]
    for owner in range(np):
        order = list(kinds)
        if opts["blank-treasure"]:
            rng.shuffle(order)  # ids must not reveal the secret type (WQ-VAR-BLANK-4)
        for kind in order:
            tre.append([owner, kind, HELD, (owner + 1) % np])  # WQ-SETUP-7
    return {
        "seed": seed, "rng": rng.counter, "players": np, "dice": [],
        "options": opt,
        "owner": [-1] * board.TERRITORIES, "men": [0] * board.TERRITORIES,
        "champion": [-1] * np, "wizard": [-1] * np, "eliminated": [False] * np,
        "treasures": tre, "dragon": -1, "peace": -1,
        "deck": deck, "discard": [], "hands": [[] for _ in range(np)], "boats": [[] for _ in range(np)],
        "first": 0, "start": 0, "round": 0, "frames": [{"kind": "setup", "stage": "roll"}], "turn": None,
        "standing": ["ask"] * np, "winners": None, "reason": "",
    }


def clone(st: State) -> State:
    """Copy what most moves change, without deepcopy (speed, WQ-COMP-6 counts): the map, the frames
    and the turn. The rest (`Shared`: the cards, the treasures, the heroes, who is out, standing orders) is
    copied on write: the clone shares it, and whoever changes it takes `own`, `own_pile` or
    `own_treasure` first. What a move leaves alone keeps its identity, which the hash relies on."""
    new = st.copy()
    new["owner"], new["men"] = st["owner"].copy(), st["men"].copy()  # (copy(): no slice object made)
    # a frame's lists (orders, targets, losses) are replaced, never changed in place: copy the dicts
    # only (with map: no Python loop per frame)
    new["frames"] = list(map(dict.copy, st["frames"]))  # type: ignore[arg-type]  # (a Frame's copy is a Frame)
    tn = st["turn"]
    if tn is not None:
        new["turn"] = tn.copy()
    return new


# The parts a clone shares with the state it was made from until a move changes them (see clone).
Shared = Literal["deck", "discard", "hands", "boats", "treasures", "champion", "wizard", "eliminated", "standing"]


def own(st: State, key: Shared) -> list:
    """A shared part (its outer list: a seat's pile or a treasure stays shared), copied so that
    this cloned state may change it."""
    part = st[key] = st[key][:]
    return part


def own_pile(st: State, key: Literal["hands", "boats"], seat: int) -> list[str]:
    """A seat's hand or boats, copied so that this cloned state may change them."""
    pile = own(st, key)[seat] = st[key][seat][:]
    return pile


def own_treasure(st: State, i: int) -> list[int]:
    """Treasure i, copied so that this cloned state may change it."""
    treasure = own(st, "treasures")[i] = st["treasures"][i][:]
    return treasure


def hero_position(st: State, seat: int, hero: str) -> int:
    """Where the seat's champion or wizard stands, or -1."""
    return st["champion"][seat] if hero == "champion" else st["wizard"][seat]


def other_hero(hero: str) -> str:
    return "wizard" if hero == "champion" else "champion"


def set_hero(st: State, seat: int, hero: str, t: int) -> None:
    """Move the seat's champion or wizard to t (-1: off the map), nothing else."""
    own(st, "champion" if hero == "champion" else "wizard")[seat] = t


class Quiet(list):
    """The events of a move nobody reads (a random playout's): what is appended is not kept, and
    where an event's text costs something to build, the rules do not build it for QUIET
    (`if ev is not QUIET:`; never where building it draws or changes anything)."""

    __slots__ = ()

    def append(self, event: Any) -> None:
        """Keep nothing."""

    def extend(self, events: Any) -> None:
        """Keep nothing."""


QUIET = Quiet()
# Events and prompts said alike every time for their key (a site's name and the seats, counts and
# territories they name; events with no data, to everyone), made once: an event or a message is an
# immutable value, whichever move holds it.
TOLD = Memo(8192)


ASK_KINDS: dict[str, str] = {}  # "loss": "ask-loss", one string per kind (not one joined per frame)


def ask(st: State, kind: str, seat: int, **details: Any) -> None:
    """Put a decision to a seat: push its frame "ask-<kind>" (see phases/)."""
    frame_kind = ASK_KINDS.get(kind) or ASK_KINDS.setdefault(kind, "ask-" + kind)
    st["frames"].append({"kind": frame_kind, "seat": seat, **details})  # type: ignore[typeddict-item]


def hero_at(st: State, s: int, t: int) -> str | None:
    if st["champion"][s] == t:
        return "champion"
    if st["wizard"][s] == t:
        return "wizard"
    return None


def pieces(st: State, t: int) -> int:
    """Pieces of the holder of t: men (or orcs) plus a hero."""
    s = st["owner"][t]
    if s < 0:
        return 0
    if s == ORC:
        return st["men"][t]
    return st["men"][t] + (st["champion"][s] == t) + (st["wizard"][s] == t)


def army_strength(st: State, t: int) -> int:
    """Raw strength of the army on t, before terrain (WQ-STR-3 to WQ-STR-6)."""
    s = st["owner"][t]
    if s < 0:
        return 0
    if s == ORC:
        return st["men"][t]
    k = st["men"][t]  # (at most 4 count: no min() call, asked for every battle and by the random player's scores)
    return (k if k < 4 else 4) + (1 if st["champion"][s] == t else 0) + (2 if st["wizard"][s] == t else 0)


def defence_bonus(st: State, t: int, via: int) -> int:
    """Terrain and crossing bonuses of an army defending t (WQ-STR-7 to WQ-STR-11)."""
    bonus = 2 if board.IS_CASTLE[t] else 0
    if via == board.TUNNEL:
        return bonus + 2
    bonus += board.FOREST_BONUS[t]
    if via == board.BRIDGE:
        bonus += option(st, "bridge-bonus")
    return bonus


def protected_duchy(st: State) -> int:
    """The duchy the Peacemaker protects, or 0 (WQ-PEACE-3, WQ-PEACE-7)."""
    p = st["peace"]
    return board.DUCHY[p] if p >= 0 else 0


def is_protected(st: State, t: int) -> bool:
    p = st["peace"]
    return p >= 0 and t < board.COUNTIES and board.DUCHY[t] == board.DUCHY[p]


def territories(st: State, s: int) -> list[int]:
    """The territories seat `s` holds, in the map's order (a seat holds a few of the 44)."""
    return indices(st["owner"], s)


def indices(values: list[int], value: int) -> list[int]:
    """The indices of `value` in `values`, in order, found by list.index (in C: the map's 44
    territories are not looked at one by one in Python)."""
    out, i = [], -1
    for _ in range(values.count(value)):
        i = values.index(value, i + 1)
        out.append(i)
    return out


def units(st: State, s: int) -> int:
    """Men plus heroes on the map (WQ-CARDS-9)."""
    own, n = st["owner"], st["men"]
    return sum(n[t] for t in range(board.TERRITORIES) if own[t] == s) + (st["champion"][s] >= 0) + (st["wizard"][s] >= 0)


def kingdom_size(st: State, s: int) -> int:
    """Territories in the seat's kingdoms: connected groups holding a castle (WQ-SUPPLY-1/2)."""
    own, adj = st["owner"], board.ADJ
    seen: set[int] = set()  # every territory of the kingdoms found so far
    for k in board.CASTLE_IDS:
        if own[k] == s and k not in seen:
            seen.add(k)
            group = [k]
            for t in group:  # (walked while it grows: each territory added is visited in turn)
                for b in adj[t]:
                    if own[b] == s and b not in seen:  # (the owner first: most neighbours are another's)
                        seen.add(b)
                        group.append(b)
    return len(seen)


def reinforcements(st: State, s: int, cut: int) -> int:
    """Kingdom-based men (WQ-SUPPLY-3) after any cutting card (WQ-CARD-MINUS1)."""
    count = kingdom_size(st, s)
    base = count if count >= 5 else 4
    return max(0, base - cut)


def add_men(st: State, s: int, t: int, k: int) -> None:
    if k > 0:
        st["owner"][t] = s
        st["men"][t] += k


def put_hero(st: State, s: int, hero: str, t: int) -> None:
    set_hero(st, s, hero, t)
    st["owner"][t] = s


def refresh(st: State, t: int) -> None:
    """Mark t empty when nothing that occupies it is left (WQ-STACK-7)."""
    s = st["owner"][t]
    if s < 0:
        return
    if st["men"][t] > 0:
        return
    if s != ORC and (st["champion"][s] == t or st["wizard"][s] == t):
        return
    st["owner"][t] = -1
    st["men"][t] = 0


def remove(st: State, t: int, men: int, hero: str | None) -> None:
    """Take pieces off t (losses, eaten, moved away)."""
    s = st["owner"][t]
    st["men"][t] -= men
    if hero is not None:
        set_hero(st, s, hero, -1)
    refresh(st, t)


def active_seats(st: State, start: int) -> list[int]:
    """Seats still in the game, from `start` clockwise (WQ-ROUND-3)."""
    np, out = st["players"], st["eliminated"]
    if not any(out) and 0 <= start < np:  # (nobody out, the usual case: the seats in order, no test each)
        return [*range(start, np), *range(start)]
    return [(start + i) % np for i in range(np) if not out[(start + i) % np]]


def treasure_at(st: State, t: int) -> int:
    for i, tr in enumerate(st["treasures"]):
        if tr[2] == t:
            return i
    return -1


def own_treasure_at(st: State, s: int, t: int) -> int:
    for i, tr in enumerate(st["treasures"]):
        if tr[2] == t and tr[0] == s:
            return i
    return -1


def collected(st: State, s: int) -> int:
    """How many of his crown, chest and ring the seat has collected (WQ-GOAL-1)."""
    return sum(1 for tr in st["treasures"] if tr[0] == s and tr[2] == TAKEN and tr[1] < 3)


# treasure_id(i): treasure i as the notation names it, "T05" (made once: the notation's two digits
# number at most 100 treasures, and a game has at most 24). The ids' own lookup, a C call.
TREASURE_IDS: tuple[str, ...] = tuple(f"T{i:02d}" for i in range(100))
treasure_id = TREASURE_IDS.__getitem__
