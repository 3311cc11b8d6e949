"""What a seat may do now (`legal_moves`), and the random and passive players: `random_move`
draws only legal moves, with a pull towards the seat's own treasures so that random games reach a
real end (a collector wins, WQ-GOAL-1); `default_move` is the most passive answer (deadlines)."""
from __future__ import annotations

from typing import Sequence, TypeVar

from core.rng import Rng
from core.wizards_quest import board, cards, flow
from core.wizards_quest import state as S
from core.wizards_quest.battle import donor_men
from core.wizards_quest.board import DIST, IDS
from core.memo import Memo
from core.wizards_quest.flow import current
from core.wizards_quest.phases import DECISIONS, camp, castle, county, hide, place, scatter, take
from core.wizards_quest.phases import cards as card_window
from core.wizards_quest.state import Frame, State

T = TypeVar("T")
Attack = camp.Attack  # (source, target, "army"|"dragon"|"peace", by boat, hero moved in or "")
STANDING = ({"type": "standing", "losses": "men-first"}, {"type": "standing", "losses": "ask"})


def legal_moves(st: State, seat: int) -> list[dict]:
    """The answers to this seat's current question; a seat with no question is offered its
    standing orders (legal at any time, also while asked, but not listed then)."""
    f = current(st)
    if f is not None and f["seat"] == seat:
        return DECISIONS[f["kind"][4:]].legal(st, f)
    return [dict(m) for m in STANDING]


def random_move(st: State, seat: int, rng: Rng) -> dict:
    f = current(st)
    if f is None or f["seat"] != seat:
        return dict(STANDING[rng.below(2)])
    return PICK_ASKED[f["kind"]](st, f, seat, Draws(rng))  # one pool of draws per move


def default_move(st: State, seat: int) -> dict | None:
    """The answer when a prompted seat's deadline passes: the most passive legal choice."""
    f = current(st)
    if f is None or f["seat"] != seat:
        return None
    kind = f["kind"][4:]
    if kind in ("place", "scatter"):
        return passive_placement(st, f)
    legal = [m for m in DECISIONS[kind].legal(st, f) if "pattern" not in m]
    for wanted in ({"type": "done"}, {"type": "end"}, {"type": "break"}, {"type": "lose", "hero": ""}):
        if wanted in legal:
            return wanted
    if kind == "take":
        return max(legal, key=lambda m: (m["men"], m["hero"] == ""))
    # a forced card choice: give up the ring's card if allowed, else play one that steers nothing
    plays = [m for m in legal if m["type"] == "discard"] + \
        sorted((m for m in legal if m["type"] == "play"), key=lambda m: len(m))
    return (plays or legal)[0]


def goals(st: State, seat: int) -> list[int]:
    return [tr[2] for tr in st["treasures"] if tr[0] == seat and tr[2] >= 0]


NO_TARGET = (20,) * board.TERRITORIES
# DIST's rows packed a byte per territory (steps are below 128): the nearness of several goals is
# their bytewise minimum, worked out on whole rows at once (see nearness).
PACKED = tuple(int.from_bytes(bytes(row), "little") for row in DIST)
HIGH = int.from_bytes(b"\x80" * board.TERRITORIES, "little")
NEARNESS = Memo(1024)  # goals -> their nearness row (a seat's goals change a few times a game)


def nearness(targets: list[int]) -> Sequence[int]:
    """Per territory, the steps to the nearest of `targets` (20 with none): their rows of DIST
    folded with min (DIST is symmetric), as bytes, kept by goals. The min of two rows of bytes
    below 128, a byte at a time in a few big-integer operations: (a | 0x80) - b keeps its 0x80 bit
    exactly where a >= b (no byte borrows from the next), which selects b there and a elsewhere."""
    if not targets:
        return NO_TARGET
    if len(targets) == 1:
        return DIST[targets[0]]
    key = tuple(targets)
    row = NEARNESS.get(key)
    if row is None:
        near = PACKED[targets[0]]
        for g in targets[1:]:
            other = PACKED[g]
            near ^= (near ^ other) & ((((near | HIGH) - other) & HIGH) >> 7) * 255
        row = NEARNESS.keep(key, near.to_bytes(board.TERRITORIES, "little"))
    return row


class Draws:
    """Small uniform draws carved exactly out of few large draws of the caller's stream: each
    value keeps the unused part of the last one (v uniform below R gives v % n uniform below n
    and v // n uniform below R // n), so the random player hashes once or twice a move instead
    of once per choice. The distribution of every choice is what one draw per choice gives."""

    __slots__ = ("rng", "value", "room")
    BITS = 52
    CHUNK = 1 << BITS

    def __init__(self, rng: Rng) -> None:
        self.rng, self.value, self.room = rng, 0, 1

    def below(self, n: int) -> int:
        room, value = self.room, self.value  # (in locals: a few draws every move)
        while True:
            while room < n << 16:  # (seldom: what is left of the last large draw is nearly always enough)
                value = (value << self.BITS) + self.rng.bits(self.BITS)
                room *= self.CHUNK
            cap = room // n  # the whole used is n * cap: value < n * cap exactly when value // n < cap
            rest, digit = divmod(value, n)
            if rest < cap:
                self.room, self.value = cap, rest
                return digit
            value -= cap * n  # the rare remainder: still uniform, below room % n
            room -= cap * n

    def digits(self, base: int, count: int) -> list[int]:
        """`count` independent draws below `base`, from one draw of base ** count."""
        value = self.below(base ** count)
        out = []
        for _ in range(count):
            value, digit = divmod(value, base)
            out.append(digit)
        return out

    def choice(self, items: Sequence[T]) -> T:
        if type(items) is not list:  # (a list is indexed as it is: no copy)
            items = list(items)
        return items[self.below(len(items))]


def _castle(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    return {"type": "castle", "at": IDS[rng.choice(castle.empty_castles(st))]}


def _county(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    return {"type": "county", "at": IDS[rng.choice(county.empty_counties(st))]}


def _hide(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    """One of hide_choices, by the same draw below their number, without listing every pair."""
    options = hide.hide_options(st, f)
    k = rng.below(sum(len(spots) for _, spots in options))
    for i, spots in options:
        if k < len(spots):
            return hide.hide_move((i, spots[k]))
        k -= len(spots)
    raise AssertionError("a draw below the number of choices")


def _any(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    return rng.choice(DECISIONS[f["kind"][4:]].legal(st, f))


def _place(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    allowed = place.place_allowed(st, f)
    total = f["total"]
    if not allowed:
        return {"type": "place", "men": {}, "heroes": {}}
    near = nearness(goals(st, seat))
    salt = rng.below(64)  # ties in nearness in an order of this draw's (t * 37 is one to one mod 64)
    front = _front(allowed, near, salt)
    heroes: dict[str, str] = {}
    if f["max_heroes"] and total >= 2:
        for hero in ("champion", "wizard"):
            if len(heroes) >= f["max_heroes"] or total - 2 * len(heroes) < 2 or rng.below(3) == 0:
                continue
            spots = place.hero_spots(st, seat, hero, allowed)
            if spots and heroes:  # (not where the other hero goes)
                spots = [t for t in spots if IDS[t] not in heroes.values()]
            if spots:
                heroes[hero] = IDS[spots[0] if rng.below(2) else rng.choice(spots)]
    left = total - 2 * len(heroes)
    men: dict[str, int] = {}
    below, nearest, anywhere = rng.below, len(front), len(allowed)  # (rng.choice's draw, without its call)
    while left > 0:
        at = IDS[front[below(nearest)] if below(4) else allowed[below(anywhere)]]
        k = 1 + below(left)
        men[at] = men.get(at, 0) + k
        left -= k
    return {"type": "place", "men": men, "heroes": heroes}


def _front(allowed: list[int], near: Sequence[int], salt: int) -> list[int]:
    """The first two of `allowed` (one if alone) by the key near[t] * 64 + (t * 37 + salt) % 64,
    nearest to the seat's treasures first: sorted(allowed, key=...)[:2] in one pass without a call
    per territory (every key differs: t * 37 + salt is one to one mod 64 and t < 64)."""
    first = second = -1
    key1 = key2 = 1 << 30
    for t in allowed:
        key = near[t] * 64 + (t * 37 + salt) % 64
        if key < key1:
            first, second, key1, key2 = t, first, key, key1
        elif key < key2:
            second, key2 = t, key
    return [first] if second < 0 else [first, second]


def _scatter(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    spots = scatter.scatter_spots(st, f)
    men: dict[str, int] = {}
    left = f["men"]
    keys = list(spots)
    room = dict(spots)
    while left > 0 and keys:
        t = rng.choice(keys)
        k = min(left, room[t], 1 + rng.below(left))
        men[IDS[t]] = men.get(IDS[t], 0) + k
        room[t] -= k
        left -= k
        if room[t] == 0:
            keys.remove(t)
    heroes = {}
    hspots = scatter.scatter_hero_spots(st, f, spots)
    if hspots:
        heroes[f["hero"]] = IDS[rng.choice(hspots)]
    return {"type": "scatter", "men": men, "heroes": heroes}


def _take(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    """The best take (most pieces moved in) four times in five, else any, by the same draws as
    from the list of take.takes: its (men, hero) pairs are `take.take_ranges`' men counts in order,
    indexed where they stand (a take's worth is its men and its hero: the last of each range is
    the best of it)."""
    (_, alone), (hero, led) = take.take_ranges(st, f)
    best = max(alone[-1] if alone else -1, led[-1] + 1 if led else -1)
    top = ([(alone[-1], "")] if alone and alone[-1] == best else []) + \
        ([(led[-1], hero)] if led and led[-1] + 1 == best else [])
    if rng.below(5):
        k, hero = top[rng.below(len(top))]
        return {"type": "take", "men": k, "hero": hero}
    i = rng.below(len(alone) + len(led))
    return {"type": "take", "men": alone[i], "hero": ""} if i < len(alone) else \
        {"type": "take", "men": led[i - len(alone)], "hero": hero}


def _cards(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    if card_window.may_draw(st, f):  # always the turn's card first (before listing the plays)
        return {"type": "draw"}
    hand = st["hands"][seat]
    playable = card_window.playable(st, f, hand)  # (the cards cards_legal lists a play or a pattern for)
    movable = None  # (the opponents' treasures on the map: looked for once, and only for a treasure card)
    for card in hand:
        if card in playable and cards.kind(card) == "TREASURE":
            if movable is None:
                movable = card_window.movable_treasures(st, seat)
            if movable and (len(hand) > 2 or rng.below(2)):
                i = rng.choice(movable)
                taken = {tr[2] for tr in st["treasures"]}
                free = [t for t in range(board.TERRITORIES) if t not in taken]
                return {"type": "play", "card": card, "treasure": S.treasure_id(i), "to": IDS[rng.choice(free)]}
    legal = card_window.cards_legal(st, f)
    simple = [m for m in legal if "pattern" not in m]
    plays = [m for m in simple if m["type"] == "play"]
    if plays and (len(hand) > 2 or rng.below(3)):
        return rng.choice(plays)
    if {"type": "done"} in simple:
        return {"type": "done"}
    return rng.choice([m for m in simple if m["type"] != "done"])


def _go(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    src = f["source"]
    if rng.below(8) == 0 or S.pieces(st, src) <= 1 and rng.below(2):
        return {"type": "break"}
    men = {}
    if not f["special"]:
        for t, k in donor_men(st, seat, src, f["boat"]).items():  # (each donor in order, a draw each)
            if rng.below(2):
                men[IDS[t]] = k
    return {"type": "go", "men": men}


def _camp(st: State, f: Frame, seat: int, rng: Draws) -> dict:
    """A campaign pulled towards the seat's treasures, with the neighbours' men moved in: looked
    for from one source first (lazily: listing every declaration was a third of a random game),
    else from anywhere."""
    with_heroes = rng.below(3) == 0
    mine = S.territories(st, seat)
    targets = goals(st, seat)
    near = nearness(targets)
    tn = st["turn"]
    if mine and (tn is None or tn["campaigns"] < 1):
        # Only the creatures may be attacked: the few declarations against them are listed at once,
        # and those from the source drawn are the same as listed from it alone (the list goes by
        # source, in the map's order); the source's score is only worked out when there is a
        # choice (the first and last declarations come from different sources).
        every = camp.attack_options(st, seat, with_heroes, False, mine)
        src = _source(st, mine, near, rng, len(every) > 1 and every[0][0] != every[-1][0])
        options = [option for option in every if option[0] == src] or every
    else:
        options = camp.attack_options(st, seat, with_heroes, False, (_source(st, mine, near, rng),)) if mine else []
        if not options:
            options = camp.attack_options(st, seat, with_heroes, False, mine)  # (mine: the map's order, as without)
    if not options:
        sails = camp.simple_sails(st, seat)
        if sails and rng.below(3) == 0:
            return rng.choice(sails)
        return {"type": "end"}
    score, best = _best_attack(st, targets, near, options, rng)
    if score < 0 and rng.below(3) == 0:
        return {"type": "end"}
    if rng.below(6) == 0:
        best = rng.choice(options)
    src, tgt, vs, by_boat, hero = best
    move = {"type": "attack", "from": IDS[src], "to": IDS[tgt], "vs": vs, "boat": by_boat, "hero": hero, "men": {}}
    if vs == "army" and (not hero and S.hero_at(st, seat, src) is None or rng.below(2)):
        men = donor_men(st, seat, src, by_boat)
        if men and not men_refused(st, seat, src, hero, men):
            move["men"] = {IDS[t]: k for t, k in men.items()}
    return move


def men_refused(st: State, seat: int, src: int, hero: str, men: dict[int, int]) -> bool:
    """Whether camp.attack_check refuses a listed army declaration (camp.attack_options) with all its
    donors' men (`donor_men`) moved in: only when the hero moved in comes from a donor and takes
    no place in a swap (no hero on src), which leaves that donor empty (WQ-CAMP-8)."""
    if not hero or S.hero_at(st, seat, src) is not None:
        return False
    return S.hero_position(st, seat, hero) in men


def _source(st: State, mine: list[int], near: Sequence[int], rng: Draws, scored: bool = True) -> int:
    """Where a campaign starts: the seat's strongest army (S.army_strength, the rules' own) for how
    near it stands to the seat's treasures (`near`: their nearness row), or (one time in four) any
    of its territories (`mine`). Not `scored` (when the caller has no choice to make), only the
    draws are made and the strongest is not looked for (-1)."""
    if rng.below(4) == 0:
        return rng.choice(mine)
    if not scored:
        return -1
    strength = S.army_strength
    worth = [3 * strength(st, t) - 10 * near[t] for t in mine]
    return mine[worth.index(max(worth))]  # the first best, as max(mine, key=...) gave


def _best_attack(st: State, targets: list[int], near: Sequence[int], options: list[Attack],
                 rng: Draws) -> tuple[int, Attack]:
    """The best-scored declaration: towards the seat's treasures (`targets`, `near` their nearness
    row), strong against weak (S.army_strength, the rules' own), a die of luck (0 to 5, drawn only
    for the declarations within 5 of the best: no other can win with it)."""
    strength = S.army_strength
    scores = []
    last = last_target = -1
    for src, tgt, vs, _, _ in options:
        if src != last:  # (a source's declarations come together: its part of the score once)
            last, last_target, base = src, -1, 10 * near[src] + 3 * strength(st, src)
        if tgt != last_target:  # (and a target's, one per hero moved in: the source's and target's part once)
            last_target = tgt
            pair = base + (100 - 10 * near[src] if tgt in targets else -10 * near[tgt]) - 2 * strength(st, tgt)
        scores.append(pair if vs == "army" else pair - 5)
    top = max(scores)
    least = top - 5
    close = [i for i, score in enumerate(scores) if score >= least]
    if len(close) == 1:
        return top, options[close[0]]
    lucky = [scores[i] + jitter for i, jitter in zip(close, rng.digits(6, len(close)), strict=True)]
    best = max(lucky)
    return best, options[close[lucky.index(best)]]


PICK: dict = {"castle": _castle, "county": _county, "hide": _hide, "place": _place, "loss": _any, "scatter": _scatter,
        "take": _take, "flee": _any, "go": _go, "cards": _cards, "camp": _camp}
PICK_ASKED: dict = {frame_kind: PICK[decision.kind] for frame_kind, decision in flow.ASKED.items()}  # by frame kind


def passive_placement(st: State, f: Frame) -> dict:
    """Every piece on the first allowed territory (used when a deadline passes)."""
    if f["kind"] == "ask-scatter":
        spots = scatter.scatter_spots(st, f)
        men, left = {}, f["men"]
        for t in sorted(spots):
            if left <= 0:
                break
            k = min(left, spots[t])
            men[IDS[t]] = k
            left -= k
        hspots = scatter.scatter_hero_spots(st, f, spots)
        return {"type": "scatter", "men": men, "heroes": {f["hero"]: IDS[hspots[0]]} if hspots else {}}
    allowed = place.place_allowed(st, f)
    if not allowed:
        return {"type": "place", "men": {}, "heroes": {}}
    return {"type": "place", "men": {IDS[allowed[0]]: f["total"]}, "heroes": {}}



def random_playout(st: State, rng: Rng, limit: int) -> tuple[State, list[tuple[int, dict]]]:
    """Game.random_playout, on one clone: the same moves and last state as `apply`'s loop. The
    clone is the private copy (every later change copies what it shares first, as in any move),
    so each move is only the random player's pick, its decision's resolve and the driver's run,
    with one engine Rng kept across the moves. Only one seat is ever asked at a time, so drawing
    the seat (`rng.below(1)`) takes no draw; the random player's moves are legal by construction,
    which is why `apply`'s checks are left out (a bug in it still raises, from `resolve`). What
    happens is not written down: the rules' events go to state.QUIET, which builds none. Where
    the dice stand is stored once, at the end (nothing reads it from the state in between)."""
    st = S.clone(st)
    dice = flow.rng_of(st)
    moves: list[tuple[int, dict]] = []
    draws = Draws(rng)
    while len(moves) < limit:
        f = current(st)
        if f is None:
            break  # the game is over (a running game always has its decision waiting)
        seat, decision = f["seat"], flow.ASKED[f["kind"]]
        draws.value, draws.room = 0, 1  # a fresh pool for every move, as Draws(rng) starts one
        move = PICK[decision.kind](st, f, seat, draws)
        decision.resolve(st, f, move, dice, S.QUIET)
        flow.run(st, dice, S.QUIET)
        moves.append((seat, move))
    if moves:
        flow.store_dice(st, dice)
    return st, moves
