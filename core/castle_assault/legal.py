"""Legal moves (finite ones listed, subset choices as patterns) and a random player that
prefers moves that make progress, so random games end."""
from __future__ import annotations

from core.rng import Rng

from . import battle
from .data import ACADEMY_COST, BUILD_CARDS, CARDS
from .flow import prompted_seat
from .notation import MOVES
from .options import option
from .state import State, the_battle
from .zones import post_name

STANDING = [{"type": "standing", "pass": answer, "window": window}
            for answer in ("always", "ask") for window in ("all", "join", "react")]

# The moves that choose a set of cards, listed by legal_moves as patterns (beside examples).
PATTERNS = {kind: {"pattern": MOVES[kind].notation, "help": MOVES[kind].help}
            for kind in ("attack", "night", "build", "explore", "academy", "join", "react", "give")}


# "<seat>/C", "<seat>/W<n>": a post's target text by seat and post index.
TARGET_TEXT = [[f"{owner}/{post_name(index)}" for index in range(10)] for owner in range(10)]


def targets(s: State, seat: int) -> list[tuple[str, int, bool]]:
    """Every enemy card that could be attacked: (target text, shields, needs an assault weapon)."""
    out = []
    defence = CARDS.defence
    defenders_need_assault = option(s, "castle-defender") == "castle"
    alive = s["alive"]
    for owner, posts in enumerate(s["posts"]):
        if owner == seat or not alive[owner]:
            continue
        walled = False
        for post in posts[1:]:
            if post[1]:
                walled = True
                break
        texts = TARGET_TEXT[owner]
        for index, (card, standing, guards) in enumerate(posts):
            if not standing:
                continue
            castle = walled and index == 0
            if not guards:
                out.append((texts[index], defence[card], castle))
                continue
            out.append((texts[index], defence[card] + sum(defence[g] for g in guards), castle))
            guarded = castle and defenders_need_assault
            out += [(guard, defence[guard], guarded) for guard in guards]
    return out


def build_sets(hand: list[str]) -> list[str] | None:
    if len(BUILDING.intersection(hand)) < BUILD_CARDS:    # few hands can build: tell them at once
        return None
    builders = cards_of("builder", hand)
    gold = cards_of("gold", hand)
    if not builders or len(builders) + len(gold) < BUILD_CARDS:
        return None
    return (builders + gold)[:BUILD_CARDS]


def academy_set(hand: list[str]) -> list[str] | None:
    if SCARCE_FOR_ACADEMY.isdisjoint(hand):               # most hands hold no Duke: tell them at once
        return None
    picked = []
    for key, count in ACADEMY_COST.items():
        have = cards_of(key, hand)
        if len(have) < count:
            return None
        picked += have[:count]
    return picked


BUILDING = CARDS.of_kind["builder"] | CARDS.of_kind["gold"]
SCARCE_FOR_ACADEMY = CARDS.of_kind[min(ACADEMY_COST, key=lambda kind: len(CARDS.of_kind[kind]))]


def cards_of(kind: str, hand: list[str]) -> list[str]:
    """The hand's cards of one kind, in hand order."""
    return list(filter(CARDS.of_kind[kind].__contains__, hand))


def turn_moves(s: State, seat: int, all_targets: list | None = None) -> list[dict]:
    """The turn's set-choosing patterns, then every concrete turn move."""
    return turn_patterns(s, seat, all_targets) + useful_turn_moves(s, seat) + discards(s["hands"][seat])


def turn_patterns(s: State, seat: int, all_targets: list | None = None) -> list[dict]:
    hand = s["hands"][seat]
    moves: list[dict] = []
    attackers = [c for c in hand if CARDS.attack[c]]
    has_assault = any(CARDS.assault[c] for c in attackers)
    if all_targets is None:
        all_targets = targets(s, seat)
    aims = [t for t in all_targets if has_assault or not t[2]]
    if attackers and aims:
        moves.append(PATTERNS["attack"])
    if aims and any(CARDS.key[c] == "night" for c in hand):
        moves.append(PATTERNS["night"])
    if build_sets(hand) and s["siege"]:
        moves.append(PATTERNS["build"])
    if any(CARDS.torches[c] for c in hand):
        moves.append(PATTERNS["explore"])
    if academy_set(hand) and s["academy"]:
        moves.append(PATTERNS["academy"])
    return moves


def discards(hand: list[str]) -> list[dict]:
    return [{"type": "discard", "card": card} for card in hand]


def useful_turn_moves(s: State, seat: int) -> list[dict]:
    """Buy, King, Defend, Take back and Draw moves, in that order (the random player's stream
    depends on the order); Discard moves come after them."""
    hand = s["hands"][seat]
    key = CARDS.key
    moves: list[dict] = []
    king_turn = s["king_turn"]
    for card in filter(SPENDABLE.__contains__, hand):
        kind = key[card]
        if kind == "gold":
            moves.append({"type": "buy", "card": card})
        elif kind == "king" and not king_turn:
            moves.append({"type": "king", "card": card})
    if not s["defended"]:
        moves += defend_moves(s, seat, list(filter(CARDS.defenders.__contains__, hand)))
    if not s["defended"] or option(s, "defend-limit") == "placement":    # CA-ACT-DEFEND-6
        moves += [{"type": "takeback", "card": card} for post in s["posts"][seat] for card in post[2]]
    if king_turn:
        moves.append({"type": "draw"})
    return moves


SPENDABLE = CARDS.of_kind["gold"] | CARDS.of_kind["king"]    # a Buy or a King action


def defend_moves(s: State, seat: int, defenders: list[str]) -> list[dict]:
    """Per defender, each standing post of its colour with room (CA-ACT-DEFEND-2, -3), in post order."""
    if not defenders:
        return []
    colour = CARDS.colour
    room: dict[str, list[str]] = {}       # the names of the posts with room, by their card's colour
    for index, post in enumerate(s["posts"][seat]):
        if post[1] and len(post[2]) < MAX_DEFENDERS[post[0]]:
            room.setdefault(colour[post[0]], []).append(POST_NAMES[index])
    return [{"type": "defend", "card": card, "post": name} for card in defenders for name in room.get(colour[card], ())]


MAX_DEFENDERS = {card: kind.max_defenders for card, kind in CARDS.kind_of.items()}
POST_NAMES = [post_name(index) for index in range(10)]


def suggestions(s: State, seat: int) -> list[dict]:
    """Concrete examples of the set-choosing turn moves, beside their patterns, so that a script
    (or a player reading `herald moves`) can act without composing sets: per target, every
    attack card, and the smallest strongest-first set that wins; the same at night; each
    Builder/Gold mix; all Explorers; the Academy."""
    hand = s["hands"][seat]
    attackers = by_strength([c for c in hand if CARDS.attack[c]])
    has_assault = any(CARDS.assault[c] for c in attackers)
    nights = [c for c in hand if CARDS.key[c] == "night"]
    moves: list[dict] = []
    for target, shields, needs in targets(s, seat):
        if needs and not has_assault:
            continue
        if attackers:
            moves.append({"type": "attack", "target": target, "cards": list(attackers)})
            win = winning_set(attackers, shields, needs)
            if win is not None and len(win) < len(attackers):
                moves.append({"type": "attack", "target": target, "cards": win})
        if nights:
            moves.append({"type": "night", "night": nights[0], "target": target, "cards": list(attackers)})
    builders = [c for c in hand if CARDS.key[c] == "builder"]
    gold = [c for c in hand if CARDS.key[c] == "gold"]
    if s["siege"]:
        for count in range(1, BUILD_CARDS + 1):
            if count <= len(builders) and BUILD_CARDS - count <= len(gold):
                moves.append({"type": "build", "cards": builders[:count] + gold[:BUILD_CARDS - count]})
    explorers = [c for c in hand if CARDS.torches[c]]
    if explorers:
        moves.append({"type": "explore", "cards": explorers})
    study = academy_set(hand)
    if study and s["academy"]:
        moves.append({"type": "academy", "cards": study})
    return moves


def window_suggestions(hand: list[str], verb: str) -> list[dict]:
    """Join with every attack card; react with every Academy card, or with one of each kind."""
    if verb == "join":
        cards = [c for c in hand if CARDS.attack[c]]
        return [{"type": "join", "cards": cards}] if cards else []
    cards = [c for c in hand if CARDS.deck[c] == "A"]
    if not cards:
        return []
    singles, seen = [], set()
    for card in cards:
        if CARDS.key[card] not in seen:
            seen.add(CARDS.key[card])
            singles.append({"type": "react", "cards": [card]})
    return ([{"type": "react", "cards": cards}] if len(cards) > 1 else []) + singles


# The answers of each decision (its record's `legal`, phases/): phases.legal_moves adds the standing answers.

def act_moves(s: State, seat: int) -> list[dict]:
    """The turn's set-choosing patterns, their examples, then every concrete turn move."""
    listed = turn_moves(s, seat)
    return [m for m in listed if "pattern" in m] + suggestions(s, seat) + [m for m in listed if "pattern" not in m]


def gift_moves(s: State, seat: int) -> list[dict]:
    hand = s["hands"][seat]
    moves: list[dict] = [{"type": "give", "to": to, "cards": [card]} for card in hand
             for to in range(s["players"]) if to != seat and s["alive"][to]]
    if option(s, "gift") == "any" and len(hand) > 1:
        moves.append(PATTERNS["give"])
    moves.append({"type": "pass"})
    return moves


def window_moves(s: State, seat: int) -> list[dict]:
    """A join or reaction window: the pattern and its examples when the hand can answer, or pass."""
    offers = window_suggestions(s["hands"][seat], s["phase"])
    return ([PATTERNS[s["phase"]]] if offers else []) + offers + [{"type": "pass"}]


def remove_moves(s: State, seat: int) -> list[dict]:
    b = the_battle(s)
    return [{"type": "remove", "card": c} for c in battle.removal_candidates(b, b["pending_removals"][0])]


# --- the random player -------------------------------------------------------------------------

class Dice:
    """Many small random choices from one draw of the game-independent Rng (one SHA-256 per
    few choices instead of one per choice: the random player is the playouts' hot path)."""

    __slots__ = ("rng", "pool", "room")

    def __init__(self, rng: Rng):
        self.rng, self.pool, self.room = rng, 0, 1

    def below(self, n: int) -> int:
        if n <= 1:
            return 0
        if self.room < n << 10:  # (rng.bits(62) is rng.below(1 << 62): the same draw, without its arithmetic)
            self.pool, self.room = self.rng.bits(62), 1 << 62
        self.pool, value = divmod(self.pool, n)
        self.room //= n
        return value


def winning_set(ordered: list[str], shields: int, needs: bool) -> list[str] | None:
    """Strongest-first cards (an assault weapon first when needed) until they beat `shields`."""
    chosen, swords = [], 0
    if needs:
        assault = next((c for c in ordered if CARDS.assault[c]), None)
        if assault is None:
            return None
        chosen.append(assault)
        swords = CARDS.swords[assault]
    for card in ordered:
        if swords > shields:
            break
        if card not in chosen:
            chosen.append(card)
            swords += CARDS.swords[card]
    return chosen if swords > shields else None


def by_strength(cards: list[str]) -> list[str]:
    return sorted(cards, key=FEWER_SWORDS.__getitem__)


FEWER_SWORDS = {card: -swords for card, swords in CARDS.swords.items()}  # sorts the strongest first


def pick_attack(all_targets: list, cards: list[str], rng: Dice) -> tuple[str, list[str]] | None:
    """A target and a set of cards that beats it if one exists, castles first; else None."""
    ordered = by_strength(cards)
    winnable = []
    for target, shields, needs in all_targets:
        chosen = winning_set(ordered, shields, needs)
        if chosen is not None:
            winnable.append((target, chosen))
    if not winnable:
        return None
    castles = [w for w in winnable if w[0].endswith("/C")]
    return castles[0] if castles else winnable[rng.below(len(winnable))]


class Aims:
    """The targets of a turn (`targets`), and those an attack without an assault weapon may
    hit, found only when the random player first asks: many of its turns never do."""

    __slots__ = ("s", "seat", "found", "without_assault")

    def __init__(self, s: State, seat: int):
        self.s, self.seat = s, seat
        self.found: list | None = None
        self.without_assault: list | None = None

    def every(self) -> list:
        if self.found is None:
            self.found = targets(self.s, self.seat)
        return self.found

    def open(self) -> list:
        if self.without_assault is None:
            self.without_assault = [t for t in self.every() if not t[2]]
        return self.without_assault


def random_turn(s: State, seat: int, rng: Dice) -> dict:
    hand = s["hands"][seat]
    if not hand:
        return {"type": "draw"}                  # only a King turn asks a seat with an empty hand
    attackers = list(filter(CARDS.attackers.__contains__, hand))
    nights = list(filter(NIGHTS.__contains__, hand))     # (cards_of("night", hand), without its frame)
    aims = Aims(s, seat)
    if attackers and rng.below(100) < 55:
        plan = pick_attack(aims.every(), attackers, rng)
        if plan is not None:
            if nights and rng.below(4) == 0:
                return {"type": "night", "night": nights[0], "target": plan[0], "cards": plan[1]}
            return {"type": "attack", "target": plan[0], "cards": plan[1]}
    special = special_moves(s, hand, attackers, nights, aims, rng)
    if special and rng.below(2) == 0:
        return special[rng.below(len(special))]
    useful = useful_turn_moves(s, seat)
    if useful and rng.below(4) != 0:
        return useful[rng.below(len(useful))]
    if attackers and (open_targets := aims.open()) and rng.below(2) == 0:
        return {"type": "attack", "target": open_targets[rng.below(len(open_targets))][0], "cards": [attackers[0]]}
    pick = rng.below(len(useful) + len(hand))            # any concrete move, a discard included
    return useful[pick] if pick < len(useful) else {"type": "discard", "card": hand[pick - len(useful)]}


NIGHTS = CARDS.of_kind["night"]


def special_moves(s: State, hand: list[str], attackers: list[str], nights: list[str], aims: Aims,
                  rng: Dice) -> list[dict]:
    """Build, Academy, Explore with every Explorer, and now and then a random night attack."""
    special = []
    if s["siege"] and (builds := build_sets(hand)):
        special.append({"type": "build", "cards": builds})
    if s["academy"] and (study := academy_set(hand)):
        special.append({"type": "academy", "cards": study})
    explorers = list(filter(CARDS.explorers.__contains__, hand))
    if explorers:
        special.append({"type": "explore", "cards": explorers})
    if nights and rng.below(3) == 0 and (open_targets := aims.open()):
        aim = open_targets[rng.below(len(open_targets))][0]
        cards = [c for c in attackers if rng.below(2)]
        special.append({"type": "night", "night": nights[0], "target": aim, "cards": cards})
    return special


def random_move(state: State, seat: int, rng: Rng) -> dict:
    """Game.random_move (game.py binds it as it is: the protocol's parameter names)."""
    return random_answer(state, seat, Dice(rng))


def random_answer(s: State, seat: int, rng: Dice) -> dict:
    if prompted_seat(s) != seat or rng.below(400) == 0:
        return dict(STANDING[rng.below(len(STANDING))])
    phase = s["phase"]
    hand = s["hands"][seat]
    if phase == "act":
        return random_turn(s, seat, rng)
    if phase == "gift":
        alive = [to for to in range(s["players"]) if s["alive"][to] and to != seat]
        if hand and alive and rng.below(4):
            return {"type": "give", "to": alive[rng.below(len(alive))], "cards": [hand[rng.below(len(hand))]]}
        return {"type": "pass"}
    if phase == "join":
        cards = [c for c in filter(CARDS.attackers.__contains__, hand) if rng.below(2)]
        return {"type": "join", "cards": cards} if cards and rng.below(2) else {"type": "pass"}
    if phase == "react":
        cards = [c for c in filter(CARDS.academy.__contains__, hand) if rng.below(2)]
        return {"type": "react", "cards": cards} if cards and rng.below(3) else {"type": "pass"}
    b = the_battle(s)
    options = battle.removal_candidates(b, b["pending_removals"][0])
    return {"type": "remove", "card": options[rng.below(len(options))]}

