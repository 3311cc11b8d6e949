"""Legal moves (finite ones listed, subset choices as patterns) and a random player that
prefers moves that make progress, so random games end."""
from __future__ import annotations

from operator import itemgetter

from core.rng import Rng
from core.text import pattern

from . import battle
from .data import ACADEMY_COST, BUILD_CARDS, CARDS
from .flow import prompted_seat
from .notation import MOVES, WORDS
from .options import option
from .state import State, the_battle
from .zones import post_name

STANDING = [{"type": "standing", "pass": answer, "window": window}
            for answer in ("always", "ask") for window in ("all", "join", "react")]

# The moves that choose a set of cards, listed by legal_moves as patterns (beside examples).
PATTERNS = {kind: {"pattern": pattern(MOVES[kind].notation, WORDS), "help": MOVES[kind].help}
            for kind in ("attack", "night", "build", "explore", "academy", "join", "react", "give")}


STANDS = itemgetter(1)  # a post's standing flag

# "<seat>/C", "<seat>/W<n>": a post's target text by seat and post index.
TARGET_TEXT = [[f"{owner}/{post_name(index)}" for index in range(10)] for owner in range(10)]


def targets(s: State, seat: int) -> list[tuple[str, int, bool]]:
    """Every enemy card that could be attacked: (target text, shields, needs an assault weapon)."""
    out = []
    defence = CARDS.defence
    alive = s["alive"]
    for owner, posts in enumerate(s["posts"]):
        if owner == seat or not alive[owner]:
            continue
        walled = any(map(STANDS, posts[1:]))                 # a wall still standing (zones.walls_standing)
        texts = TARGET_TEXT[owner]
        for index, (card, standing, guards) in enumerate(posts):
            if not standing:
                continue
            castle = walled and index == 0
            if not guards:
                out.append((texts[index], defence[card], castle))
                continue
            out.append((texts[index], defence[card] + sum(map(defence.__getitem__, guards)), castle))
            guarded = castle and option(s, "castle-defender") == "castle"
            for guard in guards:
                out.append((guard, defence[guard], guarded))
    return out


def build_sets(hand: list[str]) -> list[str] | None:
    building = list(filter(BUILDING.__contains__, hand))
    if len(building) < BUILD_CARDS:                        # few hands can build: tell them at once
        return None
    builders = list(filter(BUILDERS.__contains__, building))
    if not builders:
        return None
    return (builders + list(filter(GOLD.__contains__, building)))[:BUILD_CARDS]


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


BUILDERS, GOLD = CARDS.of_kind["builder"], CARDS.of_kind["gold"]
BUILDING = BUILDERS | GOLD
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
    return list(map(as_move, useful_turn_items(s, seat)))


def useful_turn_items(s: State, seat: int) -> list[tuple]:
    """useful_turn_moves, each move as a tuple (`as_move` makes it): the random player makes only
    the move it picks (a tuple is made for a fraction of a dict's cost)."""
    hand = s["hands"][seat]
    key = CARDS.key
    items: list[tuple] = []
    king_turn = s["king_turn"]
    for card in filter(SPENDABLE.__contains__, hand):
        kind = key[card]
        if kind == "gold":
            items.append(("buy", card))
        elif kind == "king" and (not king_turn or option(s, "king-action") == "any"):   # CA-ACT-KING-6
            items.append(("king", card))
    if not s["defended"] and not CARDS.defenders.isdisjoint(hand):
        items += defend_items(s, seat, list(filter(CARDS.defenders.__contains__, hand)))
    if not s["defended"] or option(s, "defend-limit") == "placement":    # CA-ACT-DEFEND-6
        for post in s["posts"][seat]:
            for card in post[2]:
                items.append(("takeback", card))
    if king_turn:
        items.append(("draw",))
    return items


def as_move(item: tuple) -> dict:
    """A move of useful_turn_items: ("buy" | "king" | "takeback", card), ("defend", card, post), ("draw",)."""
    if len(item) == 2:
        return {"type": item[0], "card": item[1]}
    if len(item) == 3:
        return {"type": "defend", "card": item[1], "post": item[2]}
    return {"type": "draw"}


SPENDABLE = CARDS.of_kind["gold"] | CARDS.of_kind["king"]    # a Buy or a King action


def defend_items(s: State, seat: int, defenders: list[str]) -> list[tuple]:
    """Per defender, each standing post of its colour with room (CA-ACT-DEFEND-2, -3), in post
    order: ("defend", card, post name)."""
    if not defenders:
        return []
    colour = CARDS.colour
    room: dict[str, list[str]] = {}       # the names of the posts with room, by their card's colour
    for index, (card, standing, guards) in enumerate(s["posts"][seat]):
        if standing and len(guards) < MAX_DEFENDERS[card]:
            names = room.get(colour[card])
            if names is None:
                room[colour[card]] = [POST_NAMES[index]]
            else:
                names.append(POST_NAMES[index])
    items = []
    for card in defenders:
        for name in room.get(colour[card], ()):
            items.append(("defend", card, name))
    return items


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


FRESH_ROOM_400 = (1 << 62) // 400  # a fresh Dice's room after its first draw, below(400)
new_dice = object.__new__  # a Dice without its __init__ (random_move sets its three fields)


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
    """A target and a set of cards that beats it if one exists, castles first; else None.

    The first winnable castle is the answer (no draw); a target is winnable exactly when all the
    cards beat its shields (with an assault weapon among them where needed), as winning_set adds
    cards until they do, so a target that is not is told without calling it."""
    ordered = by_strength(cards)
    total = sum(map(CARDS.swords.__getitem__, ordered))
    has_assault = any(map(CARDS.assault.__getitem__, ordered))
    winnable = []
    for target, shields, needs in all_targets:
        if total <= shields or (needs and not has_assault):
            continue
        chosen = winning_set(ordered, shields, needs)
        assert chosen is not None                        # (winnable: see above)
        if target.endswith("/C"):
            return target, chosen
        winnable.append((target, chosen))
    if not winnable:
        return None
    return winnable[rng.below(len(winnable))]


def pick_attack_on(s: State, seat: int, cards: list[str], rng: Dice) -> tuple[str, list[str]] | None:
    """pick_attack(targets(s, seat), cards, rng), the same answer and draws, in one pass over the
    posts that makes no target it cannot win (the random player attacks on most turns);
    tests/core/castle_assault/test_random_player.py compares the two."""
    ordered = by_strength(cards)
    total = sum(map(CARDS.swords.__getitem__, ordered))
    has_assault = any(map(CARDS.assault.__getitem__, ordered))
    defence = CARDS.defence
    alive = s["alive"]
    winnable: list[tuple[str, list[str]]] = []
    for owner, posts in enumerate(s["posts"]):
        if owner == seat or not alive[owner]:
            continue
        walled = any(map(STANDS, posts[1:]))
        for index, (card, standing, guards) in enumerate(posts):
            if not standing:
                continue
            castle = walled and index == 0
            shields = defence[card] + sum(map(defence.__getitem__, guards)) if guards else defence[card]
            if total > shields and (has_assault or not castle):
                chosen = winning_set(ordered, shields, castle)
                assert chosen is not None                # (winnable: see pick_attack)
                if index == 0:                            # a castle: the answer, no draw
                    return TARGET_TEXT[owner][0], chosen
                winnable.append((TARGET_TEXT[owner][index], chosen))
            if guards:
                guarded = castle and option(s, "castle-defender") == "castle"
                for guard in guards:
                    if total > defence[guard] and (has_assault or not guarded):
                        chosen = winning_set(ordered, defence[guard], guarded)
                        assert chosen is not None
                        winnable.append((guard, chosen))
    if not winnable:
        return None
    return winnable[rng.below(len(winnable))]


def open_targets(every: list) -> list:
    """The targets an attack without an assault weapon may hit."""
    return [t for t in every if not t[2]]


def random_turn(s: State, seat: int, rng: Dice) -> dict:
    """A turn's action. Build, Academy, Explore with every Explorer and now and then a random
    night attack are its special moves. The turn's targets are found only when first needed
    (many turns never need them)."""
    hand = s["hands"][seat]
    if not hand:
        if s["king_turn"]:
            return {"type": "draw"}
        backs = useful_turn_items(s, seat)       # only take-backs: the compulsory action (CA-TURN-7)
        return as_move(backs[rng.below(len(backs))])
    attackers = list(filter(CARDS.attackers.__contains__, hand))
    night = None if NIGHTS.isdisjoint(hand) else next(filter(NIGHTS.__contains__, hand))  # the first Night card
    every = None                                        # the turn's targets, once found
    if attackers and rng.below(100) < 55:
        plan = pick_attack_on(s, seat, attackers, rng)  # (pick_attack(targets(s, seat), ...))
        if plan is not None:
            if night is not None and rng.below(4) == 0:
                return {"type": "night", "night": night, "target": plan[0], "cards": plan[1]}
            return {"type": "attack", "target": plan[0], "cards": plan[1]}
    special, every = turn_specials(s, seat, attackers, night, every, rng)
    if special and rng.below(2) == 0:
        return special[rng.below(len(special))]
    useful = useful_turn_items(s, seat)                 # (useful_turn_moves, made only when picked)
    if useful and rng.below(4) != 0:
        return as_move(useful[rng.below(len(useful))])
    if attackers:
        if every is None:
            every = targets(s, seat)
        if (aims := open_targets(every)) and rng.below(2) == 0:
            return {"type": "attack", "target": aims[rng.below(len(aims))][0], "cards": [attackers[0]]}
    pick = rng.below(len(useful) + len(hand))            # any concrete move, a discard included
    return as_move(useful[pick]) if pick < len(useful) else {"type": "discard", "card": hand[pick - len(useful)]}


NIGHTS = CARDS.of_kind["night"]


def turn_specials(s: State, seat: int, attackers: list, night: str | None, every, rng: Dice) -> tuple[list, list | None]:
    """A turn's special moves: Build, Academy, Explore with every Explorer, and now and then a
    random night attack; with the turn's targets if they had to be found for it."""
    hand = s["hands"][seat]
    special = []
    # (a hand without a Builder has no build set, one without an Explorer no exploration: told at once)
    if s["siege"] and not BUILDERS.isdisjoint(hand) and (builds := build_sets(hand)):
        special.append({"type": "build", "cards": builds})
    if s["academy"] and not SCARCE_FOR_ACADEMY.isdisjoint(hand) and (study := academy_set(hand)):
        special.append({"type": "academy", "cards": study})
    if not CARDS.explorers.isdisjoint(hand):
        special.append({"type": "explore", "cards": list(filter(CARDS.explorers.__contains__, hand))})
    if night is not None and rng.below(3) == 0:
        if every is None:
            every = targets(s, seat)
        if aims := open_targets(every):
            aim = aims[rng.below(len(aims))][0]
            cards = [c for c in attackers if rng.below(2)]
            special.append({"type": "night", "night": night, "target": aim, "cards": cards})
    return special, every


def random_move(state: State, seat: int, rng: Rng) -> dict:
    """Game.random_move (game.py binds it as it is: the protocol's parameter names): the
    prompted seat's answer, now and then a standing answer, drawn with Dice."""
    s = state
    phase = s["phase"]
    if (s["turn"] if phase == "act" else prompted_seat(s)) != seat:
        dice = Dice(rng)
        return dict(STANDING[dice.below(len(STANDING))])
    # Dice(rng).below(400), as a fresh Dice draws it: from a new pool of 62 bits (Dice.__init__
    # and Dice.below, inlined)
    dice = new_dice(Dice)
    dice.rng = rng
    dice.pool, standing = divmod(rng.bits(62), 400)
    dice.room = FRESH_ROOM_400
    if standing == 0:
        return dict(STANDING[dice.below(len(STANDING))])
    if phase == "act":
        return random_turn(s, seat, dice)
    hand = s["hands"][seat]
    if phase == "gift":
        alive = [to for to in range(s["players"]) if s["alive"][to] and to != seat]
        if hand and alive and dice.below(4):
            return {"type": "give", "to": alive[dice.below(len(alive))], "cards": [hand[dice.below(len(hand))]]}
        return {"type": "pass"}
    if phase == "join":
        cards = [c for c in filter(CARDS.attackers.__contains__, hand) if dice.below(2)]
        return {"type": "join", "cards": cards} if cards and dice.below(2) else {"type": "pass"}
    if phase == "react":
        cards = [c for c in filter(CARDS.academy.__contains__, hand) if dice.below(2)]
        return {"type": "react", "cards": cards} if cards and dice.below(3) else {"type": "pass"}
    b = the_battle(s)
    options = battle.removal_candidates(b, b["pending_removals"][0])
    return {"type": "remove", "card": options[dice.below(len(options))]}

