"""The state model: a plain JSON dict, copied (never mutated) by every move.

Layout (all lists, ints, strings, bools -- it IS its own JSON form):
  seed, rng          the secret seed and the Rng counter (all chance comes from core.rng)
  n, opt             player count and the normalized options
  village, siege, academy, dungeon   draw decks, TOP = LAST element
  discard, out       the shared face-up discard pile (CA-GEN-10); cards out of the game
  hands, loot        per seat: hand, secret loot pile (3-4 players, CA-LOOT-3)
  posts              per seat: [[fortress card id, standing, [stationed ids]], ...]; index 0 is
                     the castle, 1.. the walls W1..
  alive              per seat: still has a castle
  turn, acts, king, defended   active seat, actions left this turn, inside a King turn, Defend used
  phase              act | gift | join | react | remove | over
  battle             None or the battle in progress (see battle.py)
  standing           per seat: [always pass join windows, always pass reaction windows] as 0/1
  quiet, turns       finished turns since the one with the last won battle (V-STALL; -1 during
                     that turn); turns played
  shown              the Dungeon card kind last turned up (public), or None
  winner, reason     the result once phase is over (winner None = no winner)
"""
from __future__ import annotations

from core.protocol import Event, IllegalMove
from core.rng import Rng

from .cards import CARDS, SETUP
from .cards import count as count_of
from .options import option

DECKS = ("village", "siege", "academy", "dungeon")


def clone(s: dict) -> dict:
    """A copy deep enough that a move may change any zone without touching the input.

    Posts, loot piles and standing answers change in few moves, so they are copied on write:
    the clone gets new outer lists, and whoever changes a seat's row takes `own_posts`,
    `own_loot` or `own_standing` first (half the cost of a move was this copy)."""
    c = s.copy()
    c["village"] = s["village"][:]
    c["siege"] = s["siege"][:]
    c["academy"] = s["academy"][:]
    c["dungeon"] = s["dungeon"][:]
    c["discard"] = s["discard"][:]
    c["out"] = s["out"][:]
    c["hands"] = [h[:] for h in s["hands"]]
    c["loot"] = s["loot"][:]
    c["posts"] = s["posts"][:]
    c["alive"] = s["alive"][:]
    c["standing"] = s["standing"][:]
    b = s["battle"]
    if b is not None:
        b = b.copy()
        b["cards"] = [[seat, ids[:]] for seat, ids in b["cards"]]
        b["todo"] = b["todo"][:]
        b["react"] = b["react"][:]
        b["removed"] = b["removed"][:]
        b["need"] = b["need"][:]
        b["joined"] = b["joined"][:]
        c["battle"] = b
    return c


def own_posts(s: dict, seat: int) -> list:
    """A seat's posts, copied so that this (cloned) state may change them (see clone)."""
    posts = s["posts"][seat] = [[p[0], p[1], p[2][:]] for p in s["posts"][seat]]
    return posts


def own_loot(s: dict, seat: int) -> list:
    pile = s["loot"][seat] = s["loot"][seat][:]
    return pile


def own_standing(s: dict, seat: int) -> list:
    row = s["standing"][seat] = s["standing"][seat][:]
    return row


def new_state(players: int, options: dict, seed: str) -> dict:
    """Setup per CA-SETUP-1..9: posts laid out, decks shuffled, hands dealt."""
    rng = Rng(seed)
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
    decks = {name: rng.shuffle(list(ids[letter]))            # CA-SETUP-5, CA-SETUP-6
             for name, letter in (("village", "V"), ("siege", "S"), ("academy", "A"), ("dungeon", "D"))}
    hands = [[] for _ in range(players)]
    for seat in range(players):
        for _ in range(numbers["village"]):
            hands[seat].append(decks["village"].pop())
        for _ in range(numbers["academy"]):
            hands[seat].append(decks["academy"].pop())
    first = options.get("first-player", -1)
    if first >= players:
        raise IllegalMove("bad-option", f"Option first-player must be a seat 0..{players - 1} or -1 (random).",
                          "CA-SETUP-7")
    if first < 0:
        first = rng.below(players)                          # CA-SETUP-7
    return {
        "seed": seed, "rng": rng.counter, "n": players, "opt": dict(options),
        "village": decks["village"], "siege": decks["siege"], "academy": decks["academy"],
        "dungeon": decks["dungeon"], "discard": [], "out": out,
        "hands": hands, "loot": [[] for _ in range(players)], "posts": posts,
        "alive": [True] * players, "turn": first, "acts": 1, "king": False, "defended": False,
        "phase": "act", "battle": None, "standing": [[0, 0] for _ in range(players)],
        "quiet": 0, "turns": 0, "shown": None, "winner": None, "reason": None,
    }


# --- zones ------------------------------------------------------------------------------

def draw_village(s: dict, events: list, seat_for_rebuild_note: int | None = None) -> str | None:
    """Top Village card, rebuilding the deck from the discard pile when empty (CA-GEN-5).

    Returns None when no Village card exists to draw (the draw is skipped, CA-LOOT-8)."""
    if not s["village"]:
        rebuild_village(s, events)
        if not s["village"]:
            return None
    return s["village"].pop()


def rebuild_village(s: dict, events: list) -> None:
    """CA-GEN-5: take the other decks' cards out of the discard pile, shuffle the rest."""
    if not s["discard"]:
        return
    village, siege, academy, dungeon, fortress = [], [], [], [], []
    own_deck = option(s, "rebuild") == "own-deck"      # rules version 1 sent every other card to the Academy
    for card in s["discard"]:
        deck = CARDS.deck[card]
        if deck == "V":
            village.append(card)
        elif deck == "S":
            siege.append(card)
        elif deck == "A" or not own_deck:
            academy.append(card)
        else:
            (dungeon if deck == "D" else fortress).append(card)
    rng = Rng(s["seed"], s["rng"])
    s["discard"] = []
    returned = ""
    if s["opt"].get("reshuffle", "bottom") == "bottom":
        if siege:
            s["siege"] = rng.shuffle(siege) + s["siege"]
        if academy:
            s["academy"] = rng.shuffle(academy) + s["academy"]
        if dungeon:
            s["dungeon"] = rng.shuffle(dungeon) + s["dungeon"]
        if siege or academy:
            returned = f" {len(siege)} Siege and {len(academy)} Academy cards went under their own decks."
        if dungeon:
            returned += f" {count_of(len(dungeon), 'Dungeon card')} went under the Dungeon deck."
    else:
        s["out"].extend(siege + academy + dungeon)
        if siege or academy:
            returned = f" {len(siege)} Siege and {len(academy)} Academy cards left the game."
        if dungeon:
            returned += f" {count_of(len(dungeon), 'Dungeon card')} left the game."
    if fortress:                                       # a Fortress card has no deck: it leaves the game
        s["out"].extend(fortress)
        returned += f" {count_of(len(fortress), 'Fortress card')} left the game."
    s["village"] = rng.shuffle(village)
    s["rng"] = rng.counter
    events.append(Event(f"The Village deck ran out: {len(village)} discarded Village cards were shuffled "
                        f"into a new deck.{returned}"))


# --- posts and targets ---------------------------------------------------------------------

def post_name(index: int) -> str:
    return "C" if index == 0 else f"W{index}"


def post_index(name: str, count: int) -> int | None:
    if name == "C":
        return 0 if count > 0 else None
    if len(name) >= 2 and name[0] == "W" and name[1:].isdigit() and name[1] != "0":
        i = int(name[1:])
        return i if i < count else None
    return None


def walls_standing(s: dict, seat: int) -> bool:
    return any(p[1] for p in s["posts"][seat][1:])


def post_shields(post: list) -> int:
    """Printed shields plus every stationed card's defence, in half points (CA-ACT-ATTACK-9)."""
    total = CARDS.defence[post[0]]
    for card in post[2]:
        total += CARDS.defence[card]
    return total


def find_stationed(s: dict, card: str) -> tuple[int, int] | None:
    """(owner seat, post index) of a stationed card, or None."""
    for seat, posts in enumerate(s["posts"]):
        for i, post in enumerate(posts):
            if card in post[2]:
                return seat, i
    return None


def resolve_target(s: dict, target: str) -> tuple[int, int, str | None] | None:
    """A target text -> (owner, post index, stationed card or None); None if no such card.

    Targets are written "<seat>/C", "<seat>/W<n>" for posts, or a stationed card's id."""
    if "/" in target:
        seat_text, _, post = target.partition("/")
        if not seat_text.isdigit() or len(seat_text) > 1:
            return None
        seat = int(seat_text)
        if seat >= s["n"]:
            return None
        index = post_index(post, len(s["posts"][seat]))
        if index is None:
            return None
        return seat, index, None
    where = find_stationed(s, target)
    if where is None:
        return None
    return where[0], where[1], target
