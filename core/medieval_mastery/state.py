"""The game state: its JSON layout (TypedDicts, one comment per key), a new one, a cheap clone,
and `Ctx`, the state being changed by one move with the events it produces and its Rng.

The state is plain JSON (lists, dicts, ints, strings) with readable keys (state_format 2).
Games stored before kept short keys (state_format 1): `FORMAT_1` declares that layout once,
and the game lifts such a state with it and writes its own in it to check an old hash. Cards
are ints: card c belongs to seat c // 18 and is data.DECK[c % 18]. Nodes are board numbers
(board.py): territory slots first, then lakes, then castles.
"""
from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import NotRequired, TypedDict, cast

from core.medieval_mastery.board import BOARDS
from core.medieval_mastery.options import option
from core.protocol import Event
from core.rng import Rng
from core.statehash import PartHasher
from core.statekeys import Keys


class Support(TypedDict):
    """The support exchange of a battle (MM-COMBAT-5)."""
    order: list[int]       # seats asked in turn, the lower strength's side first
    given: int             # how many opportunities have been given (order[given % len(order)] is asked)
    quiet: int             # opportunities in a row without a card played
    played: bool           # the seat asked now has played a card in this opportunity


class Battle(TypedDict):
    """A battle under way (MM-COMBAT-1..9), a resumable state machine (battle.py)."""
    node: int              # contested node: a territory slot, or a castle in a siege
    attacker: int          # attacker's seat
    defender: int          # defender's seat
    attack_knights: int    # attacking knights still in the contested tile
    siege: bool            # the node is a castle (Castle Siege)
    attack_strength: int   # attacker's strength so far
    defence_strength: int  # defender's strength so far
    step: int              # next battle step (battle.STEPS; 31/32 sceptres, 71 orbs, 10 the end)
    commit: list           # face-down conflict card per side (attacker, defender); -1 'none', None not yet
    shown: list            # revealed [card or -1, value] per side, None before the reveal
    table: list            # cards played into the battle, discarded at its end
    support: Support | None  # the support exchange, once it has started
    winner: int            # winning seat, -1 before step 6
    loser: int             # losing seat, -1 before step 6
    margin: int            # winning margin (at least 1)
    orb_queue: list        # seats whose orbs are still to be applied (step 7)
    reversed: bool         # Mayhem wiped the winner out: the result is reversed (MM-OPT-MAYHEM-3)


class Window(TypedDict):
    """An open Fracture window (MM-RES-FRACTURE, MM-ASYNC-2)."""
    kind: str              # what is being used: crown, sceptre or orb
    order: list[int]       # seats in answering order, starting with the user
    position: int          # index in order of the seat being considered
    asked: int             # seat asked now, -1 while none


class Choice(TypedDict):
    """A question to one seat: a discard, a crown's target or order, a sceptre's use."""
    kind: str              # discard, target, insight, order, top or sceptre
    seat: int              # who chooses
    text: str              # the question, for that seat only
    then: str              # where play resumes: manoeuvre, battle or crown
    cards: NotRequired[list[int]]   # the cards looked at (insight, top)
    player: NotRequired[int]        # whose deck the top card is from (top)
    name: NotRequired[str]          # the sceptre (Fear or Vigour)
    count: NotRequired[int]         # the knights the sceptre would count
    real: NotRequired[int]          # the holder's real knights


class Win(TypedDict):
    seats: list[int]       # the winners
    reason: str            # why, for players ({Pn} names seats)


class State(TypedDict):
    seed: str              # the game's secret seed
    rng: int               # draws made so far from the seed's stream
    players: int           # number of players
    options: dict          # the options the game was created with
    tile: list[str]        # tile name per territory slot
    owner: list[int]       # controlling seat per slot, -1 none
    knights: list[int]     # knights per slot
    castle: list[int]      # knights in each seat's castle
    deck: list[list[int]]  # each seat's deck, top card last
    hand: list[list[int]]  # each seat's hand
    discard: list[list[int]]  # each seat's discard pile
    discard_turn: list[list[int]]  # the turn each discard-pile card was discarded in (Crown of Order)
    artefacts: list[list[str]]  # each seat's [crown, sceptre, orb] names
    down: list[list[int]]  # per seat and artefact: turn it was destroyed, -1 face up
    active: int            # seat whose turn it is
    turn: int              # turn number, from 1
    step: int              # turn step: 2 (resources, crown), 4 (manoeuvre), 7 (after it)
    stage: str             # inside the step: "" , m1/m2 (before/after redistribution), vit, battle
    crown_used: bool       # the crown was used this turn
    normal_done: bool      # this turn's normal manoeuvre is over
    manoeuvre: str         # manoeuvre under way: "", normal or ta (Tactical Advance)
    return_step: int       # step a Tactical Advance returns to
    after_crown: int       # step after the crown's use: 4 (from step 2) or 9 (from step 7)
    ta_card: NotRequired[int]  # the Tactical Advance in play, -1 none
    phase: str             # who is asked: main, window, commit, support, choice, battle (automatic), over
    win: Win | None        # the result, once over
    battle: Battle | None  # the battle under way
    window: Window | None  # the Fracture window open
    choice: Choice | None  # the question open
    standing: list[str]    # each seat's standing answer to windows: off, always, unless-mine
    gained: list[int]      # knights each seat gained (accounting, tests)
    lost: list[int]        # knights each seat lost (accounting, tests)
    gone: NotRequired[list[int]]  # seats that resigned with 3+ players (resign.py): no more turns
    start_knights: list[int]  # knights each seat started with (accounting, tests)


# The layout of state_format 1 (games stored before the keys were readable): each short key
# with its readable name. Keys not named here were already readable and are the same in both.
FORMAT_1 = Keys({
    "n": "players", "opts": "options", "own": "owner", "kn": "knights", "disc": "discard",
    "dturn": "discard_turn", "arts": "artefacts", "tno": "turn", "mano": "manoeuvre", "ret": "return_step",
    "ph": "phase", "k0": "start_knights",
    "battle": ("battle", Keys({
        "att": "attacker", "def": "defender", "ak": "attack_knights", "astr": "attack_strength",
        "dstr": "defence_strength", "orbq": "orb_queue", "sup": ("support", Keys({"i": "given"}))})),
    "window": ("window", Keys({"i": "position"})),
    "choice": ("choice", Keys({"own": "real"})),
})


# The battle under way, the open Fracture window, the open question: where the caller knows
# there is one. Each is the state's own lookup (operator.itemgetter: a C call, no Python frame;
# most moves read one or more).
battle_of = cast(Callable[[State], Battle], itemgetter("battle"))
window_of = cast(Callable[[State], Window], itemgetter("window"))
choice_of = cast(Callable[[State], Choice], itemgetter("choice"))


def new_state(players: int, options: dict, seed: str) -> State:
    """An empty table before the deal (MM-SETUP-1): step 2 of turn 0."""
    slots = BOARDS[players].n_slots
    return {
        "seed": seed, "rng": 0, "players": players, "options": dict(options),
        "tile": [""] * slots, "owner": [-1] * slots, "knights": [0] * slots,
        "castle": [0] * players, "deck": [], "hand": [[] for _ in range(players)],
        "discard": [[] for _ in range(players)], "discard_turn": [[] for _ in range(players)],
        "artefacts": [], "down": [[-1, -1, -1] for _ in range(players)],
        "active": 0, "turn": 0, "step": 2, "stage": "", "crown_used": False, "normal_done": False,
        "manoeuvre": "", "return_step": 2, "after_crown": 4, "ta_card": -1, "phase": "main", "win": None,
        "battle": None, "window": None, "choice": None,
        "standing": ["off"] * players, "gained": [0] * players, "lost": [0] * players, "start_knights": [0] * players,
    }


PILES = ("deck", "hand", "discard", "discard_turn", "down")  # per-seat lists: st[key][seat]
VALUES = ("owner", "knights", "castle", "standing", "gained", "lost")  # short lists a move may change

# The state's hash reuses the text of what moves share (core/statehash.py), in both formats:
# the deal and options never change, and the short lists (VALUES) and piles are shared until a
# move changes one (Ctx.values, Ctx.pile).
HASHER = PartHasher(shared=frozenset({"seed", "options", "tile", "artefacts", "opts", "arts", *VALUES, "start_knights",
                                      "own", "kn", "k0"}),
                    piles=frozenset({*PILES, "disc", "dturn"}))


def clone(st: State | dict) -> State:
    """Copy what a move may change; the static parts (tiles, artefacts, options) are shared."""
    new = cast(dict, clone_for_move(st))
    old = cast(dict, st)
    b = new["battle"]
    if b is not None:  # (clone_for_move shares its lists: battle.py replaces them, never changes them)
        b["commit"], b["shown"], b["table"], b["orb_queue"] = (
            list(b["commit"]), list(b["shown"]), list(b["table"]), list(b["orb_queue"]))
    for key in PILES:
        new[key] = list(map(list.copy, old[key]))
    for key in VALUES:
        new[key] = list(old[key])
    return cast(State, new)


def clone_for_move(st: State | dict) -> State:
    """`clone`, except that the piles (PILES) and the short lists (VALUES) stay shared with `st`
    until the move changes one: code under a Ctx changes them only through `Ctx.values`,
    `Ctx.piles` and `Ctx.pile`, which copy first. What a move leaves alone keeps its identity,
    which the state's hash relies on (HASHER)."""
    old: dict = st  # type: ignore[assignment]  # (no cast: a call on every move)
    new = dict.copy(old)  # (a plain dict, as dict(old) made, without dict()'s constructor call)
    if st["battle"] is not None:
        b: dict = dict.copy(old["battle"])  # (its lists stay shared: battle.py replaces them, never changes them)
        new["battle"] = b
        if b["support"] is not None:
            b["support"] = dict.copy(b["support"])  # its seat order never changes once set
    if st["window"] is not None:
        new["window"] = dict.copy(old["window"])  # likewise its order
    if st["choice"] is not None:
        new["choice"] = dict.copy(old["choice"])  # its card list is never changed in place
    return new  # type: ignore[return-value]  # the same keys as `st`


class Ctx:
    """The state being changed, the events produced, and the Rng (created on first use, with the
    game's random scheme: 1 for games created before rules version 3, option `rng`).

    `before` is the state the move began from, which `st` (its clone_for_move) shares piles and
    short lists with: a list of `st` that is still the very list of `before` is not this move's
    to change, so `piles` and `pile` copy it first. Without `before` (a new state, or a caller's
    own copy), the state as it is now is that baseline."""

    __slots__ = ("st", "ev", "_rng", "_before", "_data")

    def __init__(self, st: State, before: State | None = None):
        self.st = st
        self._data: dict = st  # type: ignore[assignment]  # the same dict, indexed by any key
        self.ev: list[Event] = []
        self._rng: Rng | None = None
        self._before: dict = dict.copy(st) if before is None else before  # type: ignore[arg-type,assignment]

    def piles(self, key: str) -> list:
        """st[key] (key in PILES or VALUES), to be changed: copied the first time, since the state
        before the move may still share it (clone_for_move)."""
        data = self._data
        found = data[key]
        if found is self._before[key]:
            data[key] = found = list(found)
        return found

    values = piles  # st[key] for a key in VALUES (owner, knights, castle, ...), copied on first change

    def pile(self, key: str, seat: int) -> list:
        """st[key][seat] (key in PILES) to be changed: copied the first time, like `piles`."""
        data = self._data
        piles = data[key]
        before = self._before[key]
        if piles is before:  # (piles(key), inlined)
            data[key] = piles = list(piles)
        mine = piles[seat]
        try:
            shared = mine is before[seat]
        except IndexError:  # (st[key] replaced by a longer list since: a new state's deal)
            shared = False
        if shared:
            piles[seat] = mine = list(mine)
        return mine

    @property
    def rng(self) -> Rng:
        if self._rng is None:
            self._rng = Rng(self.st["seed"], self.st["rng"], scheme=option(self.st, "rng"))
        return self._rng

    def close(self) -> None:
        if self._rng is not None:
            self.st["rng"] = self._rng.counter
