"""The game state (a JSON-ready dict of lists, stored as it is: `to_json` is the state itself)
and the small queries and changes every rules module shares: who holds what, strengths, kingdoms.

Layout, per territory index t (see board.py): own[t] is -1 (empty), a seat, or ORC;
n[t] counts the men (or the orcs) there; heroes are ch[seat] / wz[seat] = t or -1.
Treasures: tre[i] = [owner, kind, loc, placer]; kind 0 crown 1 chest 2 ring 3 blank;
loc is a territory, or HELD (with its placer, before hiding), TAKEN (collected),
GONE (removed with an eliminated owner). The short keys are the stored layout (state format 1):
each is explained below, and renaming them would need a state format 2 with an upgrade step.
"""
from __future__ import annotations

from typing import Any, TypedDict

from core.rng import Rng
from core.wizards_quest import board, cards
from core.wizards_quest.board import ORC

HELD, TAKEN, GONE = -1, -2, -3
KIND_NAMES = ("crown", "chest", "ring", "blank")
HEROES = ("champion", "wizard")

# The stored options (key "opt"). The rules-version-2 options are stored under their own names and
# only in games created with them; a game without the key plays the reading before the option
# existed (the `legacy` of its game.OPTIONS entry, which is taken from here).
Options = TypedDict("Options", {
    "blank": bool,  # option blank-treasure: a blank treasure is hidden too; hidden types are secret
    "two_player": bool,  # option two-player-rules (WQ-VAR-2P-1)
    "bridge": int,  # option bridge-bonus: defence bonus over a bridge (WQ-STR-11)
    "ring-window": str,  # which cards may be played when the ring is collected (WQ-CARDS-4)
    "boat-limit": str,  # how many boats one turn may use (WQ-BOAT-2)
    "rng": int,  # the random stream's scheme (core.rng): 2 from rules version 3, else absent (scheme 1)
}, total=False)
LEGACY_READINGS = {"ring-window": "whole-hand", "boat-limit": "one-per-turn"}


class Turn(TypedDict):
    """The turn in progress (key "tn")."""

    seat: int  # whose turn it is
    cut: int  # men the cutting cards drawn take off the reinforcements (WQ-CARD-MINUS1)
    cmen: int  # men from cards played before the reinforcements, placed with them (WQ-CARDS-6)
    camps: int  # campaigns left this turn (WQ-CAMP-1; extra campaigns add to it)
    boat: bool  # a boat was used this turn (rules version 1 allowed one a turn)
    sup: bool  # the reinforcements were received


class Frame(TypedDict, total=False):
    """One step of the game on the stack "q": an automatic frame ("setup", "round", "raids", "raid",
    "fight", "dragon", "turn") or a decision put to a player ("ask-<kind>", see phases/)."""

    k: str  # the frame's kind
    st: str  # the stage an automatic frame is at
    seat: int  # the seat deciding (ask-) or whose turn it is (turn)
    i: int  # the next index into a frame's list (seats in order, raid sources, raid targets)
    r: int  # setup: the hiding round
    order: list[int]  # round: the seats in turn order
    src: Any  # raids: the orc sources (list); fight, take, go: the attacking territory
    tg: list[int]  # raid: the targets in attack order
    tgt: int  # fight, take: the attacked territory
    mode: str  # fight: "camp", "special" or "raid"; dragon: "step" or "land"; cards: "turn" or "ring"
    a: int  # fight: the attacker (a seat or ORC)
    d: int  # fight: the defender when the campaign began
    vs: str  # fight: "army", "dragon" or "peace"
    via: int  # fight: how the attack crosses (board.LAND, BRIDGE, TUNNEL, BOAT)
    nb: int  # fight: battles fought so far
    dl: int  # fight: the defender's losses of this battle
    al: int  # fight: the attacker's losses of this battle
    bm: bool  # fight: both missed (the attacker loses 1, WQ-BATTLE-5)
    lead: str  # fight: the attacker's hero leading ("" none)
    awiz: bool  # fight: the attacker's wizard fights
    dwiz: bool  # fight: the defender's wizard fights
    dv: list  # fight: the defender's pieces the attacker's wizard struck [men, hero]
    av: list  # fight: the attacker's pieces the defender's wizard struck [men, hero]
    beat: bool  # fight: the creature fought was beaten in this battle
    won: list[str]  # fight: the creatures beaten in this campaign
    single: Any  # dragon: lands once (bool); place: the one territory allowed, or -1
    duchy: int  # dragon: the duchy it is sent to
    drew: bool  # cards: a card was drawn this turn
    new: str  # cards: the card drawn for the ring
    total: int  # place: men to place
    maxh: int  # place: heroes that may replace 2 men each
    why: str  # place, loss: why (shown in the prompt; it names the rule)
    t: int  # loss: the territory losing pieces
    n: int  # loss: how many pieces
    into: str  # loss: the fight frame's key ("dv" or "av") that receives the lost pieces, or ""
    v: int  # scatter: the victim (a seat or ORC)
    men: int  # scatter: men to place
    hero: str  # scatter: the hero to place, or ""
    ex: list[int]  # scatter: the battle's two territories (excluded)
    who: str  # flee: "dragon" or "peace"
    special: bool  # go: a special campaign (no men may move in)
    boat: bool  # go: the campaign crossed by boat (donors across the water)
    round: int  # hide: the hiding round


class State(TypedDict):
    """The whole game (the stored JSON)."""

    seed: str  # the secret seed of the random stream
    rng: int  # draws taken from the stream so far
    np: int  # number of players
    dice: list[int]  # scripted die rolls still to come (scenarios), used before the stream
    opt: Options  # the options as the game plays them
    own: list[int]  # per territory: -1 empty, a seat, or ORC
    n: list[int]  # per territory: men (or orcs) there
    ch: list[int]  # per seat: the champion's territory, or -1
    wz: list[int]  # per seat: the wizard's territory, or -1
    out: list[bool]  # per seat: eliminated
    tre: list[list[int]]  # treasures: [owner, kind, loc, placer] (see above)
    dragon: int  # the dragon's territory, or -1
    peace: int  # the Peacemaker's territory, or -1
    deck: list[str]  # the draw pile, top first
    disc: list[str]  # the discard pile
    hands: list[list[str]]  # per seat: cards in hand
    boats: list[list[str]]  # per seat: boat cards played and not yet used
    first: int  # the first player (setup order)
    start: int  # this round's starting player
    round: int  # the round (0 during the setup)
    q: list[Frame]  # the frames still to run, the last on top
    tn: Turn | None  # the turn in progress
    std: list[str]  # per seat: standing order for losses, "ask" or "men-first" (WQ-TABLE-5)
    win: list[int] | None  # the winners once the game is over
    why: str  # how the game ended ("" while it runs)


def state_options(opts: dict) -> Options:
    """The state's "opt" entry for normalised options (rules-version-2 options only when present,
    so that a game created under rules version 1 keeps its exact state)."""
    out: Options = {"blank": opts["blank-treasure"], "two_player": opts["two-player-rules"],
                    "bridge": opts["bridge-bonus"]}
    for name in LEGACY_READINGS:
        if name in opts:
            out[name] = opts[name]  # type: ignore[literal-required]
    if "rng" in opts:
        out["rng"] = opts["rng"]
    return out


def rng_scheme(opt: Options) -> int:
    """The random stream's scheme: games created before rules version 3 have no "rng" and keep 1."""
    return opt.get("rng", 1)


def option(st: State, name: str) -> str:
    """An option introduced by rules version 2 as the game plays it: its value, or its legacy
    reading for a game created before it existed."""
    value = st["opt"].get(name)
    return LEGACY_READINGS[name] if value is None else str(value)


def new_state(players: int, opts: dict, seed: str) -> State:
    """The state before the setup's first step: cards shuffled, treasures handed out (WQ-SETUP-7)."""
    np = players
    opt = state_options(opts)
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
        "seed": seed, "rng": rng.counter, "np": np, "dice": [],
        "opt": opt,
        "own": [-1] * board.TERRITORIES, "n": [0] * board.TERRITORIES,
        "ch": [-1] * np, "wz": [-1] * np, "out": [False] * np,
        "tre": tre, "dragon": -1, "peace": -1,
        "deck": deck, "disc": [], "hands": [[] for _ in range(np)], "boats": [[] for _ in range(np)],
        "first": 0, "start": 0, "round": 0, "q": [{"k": "setup", "st": "roll"}], "tn": None,
        "std": ["ask"] * np, "win": None, "why": "",
    }


def clone(st: State) -> State:
    """Copy everything a move may change, without deepcopy (speed, WQ-COMP-6 counts)."""
    new = st.copy()
    new["own"], new["n"], new["ch"], new["wz"] = list(st["own"]), list(st["n"]), list(st["ch"]), list(st["wz"])
    new["out"], new["deck"], new["disc"], new["std"] = list(st["out"]), list(st["deck"]), list(st["disc"]), list(st["std"])
    new["tre"] = [list(t) for t in st["tre"]]
    new["hands"] = [list(h) for h in st["hands"]]
    new["boats"] = [list(b) for b in st["boats"]]
    # a frame's lists (orders, targets, losses) are replaced, never changed in place: copy the dicts only
    new["q"] = [f.copy() for f in st["q"]]
    tn = st["tn"]
    if tn is not None:
        new["tn"] = tn.copy()
    return new


def hero_position(st: State, seat: int, hero: str) -> int:
    """Where the seat's champion or wizard stands, or -1."""
    return st["ch"][seat] if hero == "champion" else st["wz"][seat]


def other_hero(hero: str) -> str:
    return "wizard" if hero == "champion" else "champion"


def set_hero(st: State, seat: int, hero: str, t: int) -> None:
    """Move the seat's champion or wizard to t (-1: off the map), nothing else."""
    (st["ch"] if hero == "champion" else st["wz"])[seat] = t


def ask(st: State, kind: str, seat: int, **details: Any) -> None:
    """Put a decision to a seat: push its frame "ask-<kind>" (see phases/)."""
    frame: Frame = {"k": "ask-" + kind, "seat": seat}
    frame.update(details)  # type: ignore[typeddict-item]
    st["q"].append(frame)


def hero_at(st: State, s: int, t: int) -> str | None:
    if st["ch"][s] == t:
        return "champion"
    if st["wz"][s] == t:
        return "wizard"
    return None


def pieces(st: State, t: int) -> int:
    """Pieces of the holder of t: men (or orcs) plus a hero."""
    s = st["own"][t]
    if s < 0:
        return 0
    if s == ORC:
        return st["n"][t]
    return st["n"][t] + (st["ch"][s] == t) + (st["wz"][s] == t)


def army_strength(st: State, t: int) -> int:
    """Raw strength of the army on t, before terrain (WQ-STR-3 to WQ-STR-6)."""
    s = st["own"][t]
    if s < 0:
        return 0
    if s == ORC:
        return st["n"][t]
    return min(st["n"][t], 4) + (1 if st["ch"][s] == t else 0) + (2 if st["wz"][s] == t else 0)


def army_strengths(st: State) -> list[int]:
    """army_strength of every territory at once (the random player scores many campaigns)."""
    own, n, ch, wz = st["own"], st["n"], st["ch"], st["wz"]
    return [0 if s < 0 else n[t] if s == ORC else min(n[t], 4) + (ch[s] == t) + 2 * (wz[s] == t)
            for t, s in enumerate(own)]


def defence_bonus(st: State, t: int, via: int) -> int:
    """Terrain and crossing bonuses of an army defending t (WQ-STR-7 to WQ-STR-11)."""
    bonus = 2 if board.IS_CASTLE[t] else 0
    if via == board.TUNNEL:
        return bonus + 2
    bonus += board.FOREST_BONUS[t]
    if via == board.BRIDGE:
        bonus += st["opt"]["bridge"]
    return bonus


def protected_duchy(st: State) -> int:
    """The duchy the Peacemaker protects, or 0 (WQ-PEACE-3, WQ-PEACE-7)."""
    p = st["peace"]
    return board.DUCHY[p] if p >= 0 else 0


def is_protected(st: State, t: int) -> bool:
    p = st["peace"]
    return p >= 0 and t < board.COUNTIES and board.DUCHY[t] == board.DUCHY[p]


def territories(st: State, s: int) -> list[int]:
    own = st["own"]
    return [t for t in range(board.TERRITORIES) if own[t] == s]


def units(st: State, s: int) -> int:
    """Men plus heroes on the map (WQ-CARDS-9)."""
    own, n = st["own"], st["n"]
    return sum(n[t] for t in range(board.TERRITORIES) if own[t] == s) + (st["ch"][s] >= 0) + (st["wz"][s] >= 0)


def kingdom_size(st: State, s: int) -> int:
    """Territories in the seat's kingdoms: connected groups holding a castle (WQ-SUPPLY-1/2)."""
    own = st["own"]
    seen: set[int] = set()
    total = 0
    for k in board.CASTLE_IDS:
        if own[k] != s or k in seen:
            continue
        group = [k]
        seen.add(k)
        i = 0
        while i < len(group):
            for b in board.ADJ[group[i]]:
                if b not in seen and own[b] == s:
                    seen.add(b)
                    group.append(b)
            i += 1
        total += len(group)
    return total


def reinforcements(st: State, s: int, cut: int) -> int:
    """Kingdom-based men (WQ-SUPPLY-3) after any cutting card (WQ-CARD-MINUS1)."""
    count = kingdom_size(st, s)
    base = count if count >= 5 else 4
    return max(0, base - cut)


def add_men(st: State, s: int, t: int, k: int) -> None:
    if k > 0:
        st["own"][t] = s
        st["n"][t] += k


def put_hero(st: State, s: int, hero: str, t: int) -> None:
    set_hero(st, s, hero, t)
    st["own"][t] = s


def refresh(st: State, t: int) -> None:
    """Mark t empty when nothing that occupies it is left (WQ-STACK-7)."""
    s = st["own"][t]
    if s < 0:
        return
    if st["n"][t] > 0:
        return
    if s != ORC and (st["ch"][s] == t or st["wz"][s] == t):
        return
    st["own"][t] = -1
    st["n"][t] = 0


def remove(st: State, t: int, men: int, hero: str | None) -> None:
    """Take pieces off t (losses, eaten, moved away)."""
    s = st["own"][t]
    st["n"][t] -= men
    if hero is not None:
        set_hero(st, s, hero, -1)
    refresh(st, t)


def active_seats(st: State, start: int) -> list[int]:
    """Seats still in the game, from `start` clockwise (WQ-ROUND-3)."""
    np = st["np"]
    return [(start + i) % np for i in range(np) if not st["out"][(start + i) % np]]


def treasure_at(st: State, t: int) -> int:
    for i, tr in enumerate(st["tre"]):
        if tr[2] == t:
            return i
    return -1


def own_treasure_at(st: State, s: int, t: int) -> int:
    for i, tr in enumerate(st["tre"]):
        if tr[2] == t and tr[0] == s:
            return i
    return -1


def collected(st: State, s: int) -> int:
    """How many of his crown, chest and ring the seat has collected (WQ-GOAL-1)."""
    return sum(1 for tr in st["tre"] if tr[0] == s and tr[2] == TAKEN and tr[1] < 3)


def treasure_id(i: int) -> str:
    return f"T{i:02d}"
