"""The state model: a plain JSON dict (it IS its own JSON form), copied, never mutated, by
every move. Draw decks list their TOP card LAST.

State format 2 (issue 15) gave the keys readable names. Games stored before keep the short
keys of format 1 in their snapshots and hashes: `FORMAT_1` declares that layout once, and the
game lifts an old state with it (`upgrade_state`) and writes a state in it (`downgrade_state`)
so that every hash stored in format 1 stays checkable."""
from __future__ import annotations

from typing import Literal, TypedDict

from core.options import rng_scheme
from core.protocol import IllegalMove, option_value
from core.text import say
from core.rng import Rng
from core.statekeys import Keys

from .data import CARDS, SETUP
from .options import OPTIONS

Phase = Literal["act", "gift", "join", "react", "remove", "over"]
DeckName = Literal["village", "siege", "academy", "dungeon"]
# A post: [fortress card id, still standing, [ids of the cards stationed on it]].
Post = list


class Battle(TypedDict):
    """The battle in progress (battle.py), from declaration to resolution."""

    attacker: int           # the active player
    victim: int             # the owner of the target
    target: str             # "<seat>/C", "<seat>/W<n>" or a stationed card's id
    night_card: str | None  # the Night card's id, or None for a daytime attack
    contributions: list[list]  # [[seat, [attack card ids]], ...]: the attacker's first, then joiners'
    to_ask: list[int]       # seats still to decide whether to join, in turn order (CA-MULTI-5)
    joined: list[int]       # seats that added at least one card
    reactions: list[str]    # the Academy cards the victim committed
    pending_removals: list[str]  # removal reactions still waiting for the victim's choice
    removed: list[str]      # attack cards taken out by Sabotage / Boiling Oil (no swords)
    revealed: bool          # the attack cards are visible to all: by day, or at night after the reveal


class State(TypedDict):
    """A whole game."""

    seed: str               # the secret seed of the game's random stream
    rng: int                # draws made from that stream so far (core.rng counter)
    players: int            # number of players
    options: dict           # the normalized options (options.py)
    village: list[str]      # Village draw deck
    siege: list[str]        # Siege deck
    academy: list[str]      # Academy deck
    dungeon: list[str]      # Dungeon deck
    discard: list[str]      # the shared face-up discard pile (CA-GEN-10)
    out_of_game: list[str]  # cards out of the game
    hands: list[list[str]]  # per seat: the hand
    loot: list[list[str]]   # per seat: the secret loot pile (3-4 players, CA-LOOT-3)
    posts: list[list[Post]]  # per seat: its posts, index 0 the castle, 1.. the walls W1..
    alive: list[bool]       # per seat: still has a castle
    turn: int               # the active seat
    actions: int            # actions left this turn (2 in a King turn, CA-ACT-KING-1; one more per King played in it, CA-ACT-KING-6)
    king_turn: bool         # inside a King turn
    defended: bool          # a card was placed in defence this turn (CA-ACT-DEFEND-6)
    phase: Phase            # what is being decided now
    battle: Battle | None   # the battle in progress, if any
    standing: list[list[int]]  # per seat: [always pass join windows, always pass reactions] as 0/1
    quiet_turns: int        # finished turns since the last won battle (V-STALL; -1 during that turn)
    turns: int              # turns played
    dungeon_shown: str | None  # the kind of the Dungeon card last turned up (public)
    winner: int | None      # once over: the winner, or None for no winner
    reason: str | None      # once over: why, as a sentence


DECKS: tuple[DeckName, ...] = ("village", "siege", "academy", "dungeon")

# The keys of state format 1 (stored games before issue 15), each with its name since format 2.
FORMAT_1 = Keys({
    "n": "players", "opt": "options", "out": "out_of_game", "acts": "actions", "king": "king_turn",
    "quiet": "quiet_turns", "shown": "dungeon_shown",
    "battle": ("battle", Keys({"by": "attacker", "night": "night_card", "cards": "contributions", "todo": "to_ask",
                               "react": "reactions", "need": "pending_removals", "open": "revealed"})),
})


def clone(s: State) -> State:
    """A copy deep enough that a move may change any zone without touching the input.

    Most moves change the Village deck, the discard pile and hands only; every other zone is
    copied on write: the clone shares it, and whoever changes it takes `own` first, or for a
    seat's row `own_posts` (one post: `own_post`), `own_loot`, `own_standing` (most of the
    cost of a move was copying)."""
    c = s.copy()
    c["village"] = s["village"][:]
    c["discard"] = s["discard"][:]
    c["hands"] = [*map(list.copy, s["hands"])]
    b = s["battle"]
    if b is not None:
        b = b.copy()
        b["contributions"] = [[seat, ids[:]] for seat, ids in b["contributions"]]
        b["to_ask"] = b["to_ask"][:]
        b["reactions"] = b["reactions"][:]
        b["removed"] = b["removed"][:]
        b["pending_removals"] = b["pending_removals"][:]
        b["joined"] = b["joined"][:]
        c["battle"] = b
    return c


# The zones a clone shares with the state it was made from until a move changes them (see clone).
Shared = Literal["siege", "academy", "dungeon", "out_of_game", "alive", "loot", "posts", "standing"]


def own(s: State, name: Shared) -> list:
    """A shared zone (its outer list: per-seat rows stay shared), copied so that this cloned
    state may change it."""
    zone = s[name] = s[name][:]
    return zone


def own_posts(s: State, seat: int) -> list:
    """A seat's posts, copied so that this (cloned) state may change them (see clone)."""
    posts = own(s, "posts")[seat] = [[p[0], p[1], p[2][:]] for p in s["posts"][seat]]
    return posts


def own_post(s: State, seat: int, index: int) -> list:
    """One post of a seat, copied so that this (cloned) state may change it; the seat's other
    posts stay shared until someone takes them with own_post or own_posts (see clone)."""
    posts = own(s, "posts")[seat] = s["posts"][seat][:]
    p = posts[index]
    post = posts[index] = [p[0], p[1], p[2][:]]
    return post


def own_loot(s: State, seat: int) -> list:
    pile = own(s, "loot")[seat] = s["loot"][seat][:]
    return pile


def own_standing(s: State, seat: int) -> list:
    row = own(s, "standing")[seat] = s["standing"][seat][:]
    return row


def new_state(players: int, options: dict, seed: str) -> State:
    """Setup per CA-SETUP-1..9: posts laid out, decks shuffled, hands dealt."""
    rng = Rng(seed, scheme=rng_scheme(options))
    ids = CARDS.ids_by_deck
    castles = [c for c in ids["F"] if CARDS.key[c] == "castle"]
    walls = [c for c in ids["F"] if CARDS.key[c] == "wall"]
    numbers = SETUP[players]
    posts, used = [], []
    for seat in range(players):
        mine = [castles[seat]] + walls[seat * numbers["walls"]:(seat + 1) * numbers["walls"]]
        used += mine
        posts.append([[card, True, []] for card in mine])
    out = [c for c in ids["F"] if c not in used]          # CA-SETUP-4
    decks = {name: shuffle(rng, list(ids[letter]))            # CA-SETUP-5, CA-SETUP-6
             for name, letter in (("village", "V"), ("siege", "S"), ("academy", "A"), ("dungeon", "D"))}
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat in range(players):
        for _ in range(numbers["village"]):
            hands[seat].append(decks["village"].pop())
        for _ in range(numbers["academy"]):
            hands[seat].append(decks["academy"].pop())
    first = option_value(OPTIONS, options, "first-player")
    if first >= players:
        raise IllegalMove("bad-option", say("Option first-player must be a seat 0..{last} or -1 (random).",
                                            last=players - 1), "CA-SETUP-7")
    if first < 0:
        first = rng.below(players)                          # CA-SETUP-7
    return {
        "seed": seed, "rng": rng.counter, "players": players, "options": dict(options),
        "village": decks["village"], "siege": decks["siege"], "academy": decks["academy"],
        "dungeon": decks["dungeon"], "discard": [], "out_of_game": out,
        "hands": hands, "loot": [[] for _ in range(players)], "posts": posts,
        "alive": [True] * players, "turn": first, "actions": 1, "king_turn": False, "defended": False,
        "phase": "act", "battle": None, "standing": [[0, 0] for _ in range(players)],
        "quiet_turns": 0, "turns": 0, "dungeon_shown": None, "winner": None, "reason": None,
    }


def the_battle(s: State) -> Battle:
    """The battle in progress, in the phases that have one (join, react, remove)."""
    b = s["battle"]
    assert b is not None, "no battle in progress"
    return b


def shuffle(rng: Rng, items: list) -> list:
    """Fisher-Yates in place. With the random stream of rules version 3 (scheme 2) several swap
    positions come from one draw: for positions i, i-1, ... the mixed-radix digits of one number
    drawn uniformly below (i+1)·i·… (kept under 2^64, where Rng.below is exact), so a 70-card
    deck takes 7 draws instead of 69. Games of scheme 1 shuffle with one draw per position."""
    if rng.scheme == 1:
        return rng.shuffle(items)
    i = len(items) - 1
    for span, radices in shuffle_plan(len(items)):
        value = rng.below(span)
        for radix in radices:
            value, j = divmod(value, radix)
            items[i], items[j] = items[j], items[i]
            i -= 1
    return items


def shuffle_plan(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The draws of a scheme-2 shuffle of `size` items: (span, radices) per draw, radices for the
    positions i, i-1, ... as long as their product stays within 2^64. It depends on the size
    alone, so it is worked out once per size."""
    plan = PLANS.get(size)
    if plan is not None:
        return plan
    draws = []
    i = size - 1
    while i > 0:
        span, radices = 1, list[int]()
        while i - len(radices) > 0 and span * (i - len(radices) + 1) <= 1 << 64:
            radices.append(i - len(radices) + 1)
            span *= radices[-1]
        draws.append((span, tuple(radices)))
        i -= len(radices)
    PLANS[size] = plan = tuple(draws)
    return plan


PLANS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}  # by size: at most the 120 cards of the game
for _size in range(121):  # worked out at import: a deal and every Village rebuild shuffles
    shuffle_plan(_size)


def game_rng(s: State) -> Rng:
    """The game's random stream where the state left it (its counter is s["rng"])."""
    return Rng(s["seed"], s["rng"], scheme=rng_scheme(s["options"]))
