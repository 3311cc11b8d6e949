"""What a seat may do now: the answers of each decision (finite lists, patterns for
redistribution), which its record in phases/ offers (phases.legal_moves), and a random_move sampler that only returns legal moves and prefers progress, so random games end."""
from __future__ import annotations

from itertools import permutations

from core.medieval_mastery.board import BOARDS
from core.medieval_mastery import battle, data, flow, rules
from core.medieval_mastery.notation import ARTEFACT_WORDS, STANDING_WORD
from core.medieval_mastery.state import State, choice_of
from core.rng import Rng
from core.text import pattern, say

# Its placeholders' words and its help are messages the edge says in the reader's language.
REDIS_PATTERN = {"pattern": pattern("redis <from>><to>:<n> ...", {"from": say("from"), "to": say("to")}),
                 "help": say("Move knights among your castle (C) and your supplied territories; every territory "
                             "keeps 1..capacity knights (MM-REDIS-2..4).")}


def standing_moves(st: State, seat: int) -> list[dict]:
    return [{"type": "standing", "pass": p} for p in STANDING_WORD if p != st["standing"][seat]]


def fracture_targets(st: State, seat: int) -> list[tuple[int, int]]:
    return [(p, t) for p in range(st["players"]) if p != seat for t in range(3) if rules.is_up(st, p, t)]


def crown_moves(st: State, seat: int) -> list[dict]:
    if st["crown_used"] or not rules.is_up(st, seat, 0):
        return []
    return [{"type": "crown"}]


def target_moves(st: State) -> list[dict]:
    """MM-ICON-ANY, chosen after the crown window: any player (Corruption: a face-up artefact)."""
    if st["artefacts"][st["active"]][0] == "Corruption":
        return [{"type": "target", "player": p, "artefact": ARTEFACT_WORDS[t]}
                for p in range(st["players"]) for t in range(3) if rules.is_up(st, p, t)]
    return [{"type": "target", "player": p} for p in range(st["players"])]


def advance_moves(st: State, seat: int) -> list[dict]:
    board = BOARDS[st["players"]]
    have = st["castle"][seat]
    if have < 1:
        return []
    out = []
    for node in rules.targets_kept(st, seat):
        top = min(have, rules.capacity(st, node))
        for count in range(1, top + 1):
            if rules.dice_used(st, seat, have - count) + 1 <= data.DICE_PER_PLAYER:
                out.append({"type": "advance", "to": board.names[node], "n": count})
    return out


def main_moves(st: State, seat: int) -> list[dict]:
    stage, step = st["stage"], st["step"]
    hand = st["hand"][seat]
    out: list[dict] = []
    if stage == "" and step in (2, 7):
        if rules.has(hand, "CA"):
            out.append({"type": "play", "card": "cta"})
        if rules.has(hand, "TA"):
            out.append({"type": "play", "card": "ta"})
        if rules.has(hand, "FR"):
            out += [{"type": "fracture", "player": p, "artefact": ARTEFACT_WORDS[t]}
                    for p, t in fracture_targets(st, seat)]
        out += crown_moves(st, seat)
    start = stage == "" and step in (2, 4) and not st["normal_done"]
    if start or stage in ("m1", "vit"):
        out.append(REDIS_PATTERN)
    if start or stage in ("m1", "m2"):
        out += advance_moves(st, seat)
    if start or stage in ("m1", "m2", "vit"):
        out.append({"type": "skip"})
    if stage == "":
        out.append({"type": "end"})
    return out


def conflict_moves(st: State, seat: int) -> list[dict]:
    kinds = conflict_kinds(st, seat)
    if not kinds:
        return [{"type": "conflict", "card": "none"}]
    return [{"type": "conflict", "card": data.NAME_OF_KIND[k]} for k in kinds]


def conflict_kinds(st: State, seat: int) -> list[str]:
    """The kinds of conflict card in the seat's hand, sorted (conflict_moves, one move each)."""
    kind_of = rules.KINDS
    return sorted({kind_of[c] for c in st["hand"][seat] if kind_of[c] in data.CONFLICT_KINDS})


def support_moves(st: State, seat: int) -> list[dict]:
    hand = [rules.KINDS[c] for c in st["hand"][seat]]
    ones, twos = hand.count("S1"), hand.count("S2")
    out = []
    for a in range(ones + 1):
        for b in range(twos + 1):
            if a or b:
                out.append({"type": "support", "cards": ["+1"] * a + ["+2"] * b})
    return out + [{"type": "pass"}]


def discard_moves(st: State, seat: int) -> list[dict]:
    kind_of = rules.KINDS
    kinds = sorted({kind_of[c] for c in st["hand"][seat]})
    return [{"type": "discard", "card": data.NAME_OF_KIND[k]} for k in kinds] + [{"type": "discard", "card": "none"}]


def random_discard_move(st: State, seat: int, rng: Rng) -> dict:
    """discard_moves' move drawn as random_move draws it (die of their number), made alone."""
    kind_of = rules.KINDS
    kinds = sorted({kind_of[c] for c in st["hand"][seat]})
    pick = rng.die(len(kinds) + 1) - 1
    return {"type": "discard", "card": data.NAME_OF_KIND[kinds[pick]] if pick < len(kinds) else "none"}


def insight_moves(st: State, seat: int) -> list[dict]:
    return [{"type": "insight", "order": list(p)} for p in _perms(len(choice_of(st)["cards"]))]


def recycle_moves(st: State, seat: int) -> list[dict]:
    return [{"type": "recycle", "card": data.NAME_OF_KIND[k]} for k in flow.recyclable(st, seat)]


def sceptre_moves(st: State, seat: int) -> list[dict]:
    return [{"type": "sceptre", "use": True}, {"type": "sceptre", "use": False}]


def top_moves(st: State, seat: int) -> list[dict]:
    return [{"type": "top", "keep": True}, {"type": "top", "keep": False}]


# The answers to a choice, by its kind (phases/choice.py's records offer them).
CHOICE_MOVES = {"discard": discard_moves, "insight": insight_moves, "order": recycle_moves,
                "target": lambda st, _seat: target_moves(st), "sceptre": sceptre_moves, "top": top_moves}


def choice_moves(st: State, seat: int) -> list[dict]:
    return CHOICE_MOVES[choice_of(st)["kind"]](st, seat)


def _perms(n: int) -> list[tuple]:
    return list(permutations(range(1, n + 1)))


def prompted(st: State) -> list[int]:
    ph = st["phase"]
    if ph == "main":
        return [st["active"]]
    if ph == "window":  # (window_of, choice_of and battle_of inlined: every move asks)
        w = st["window"]
        assert w is not None
        return [w["asked"]]
    if ph == "choice":
        ch = st["choice"]
        assert ch is not None
        return [ch["seat"]]
    b = st["battle"]
    if ph == "support":
        assert b is not None
        return [battle.support_seat(b)]
    if ph == "commit":
        assert b is not None
        commit = b["commit"]  # (the combatants yet to commit, attacker first; no comprehension: a frame)
        return ([b["attacker"]] if commit[0] is None else []) + ([b["defender"]] if commit[1] is None else [])
    return []


def window_moves(st: State, seat: int) -> list[dict]:
    """A Fracture against the artefact in use (a Fracture in hand), or pass."""
    return [{"type": "fracture", "player": p, "artefact": ARTEFACT_WORDS[t]}
            for p, t in flow.window_targets(st, seat)
            if rules.has(st["hand"][seat], "FR")] + [{"type": "pass"}]


# --- the random player ----------------------------------------------------------------------
# It draws `rng.die(n) - 1` where it means `rng.below(n)`: Rng.die is below(n) + 1 on the same
# draws (core/rng.py), without below's two frames (the random player draws a few times a move).

def random_move(state: State, seat: int, rng: Rng) -> dict:
    """The random player's move (Game.random_move: the game's is this function itself)."""
    st = state
    ph = st["phase"]
    if ph == "main":
        return random_main(st, seat, rng)
    if ph == "window":
        targets = flow.window_targets(st, seat) if rules.has(st["hand"][seat], "FR") else []
        if targets and rng.die(3) == 1:
            p, t = targets[rng.die(len(targets)) - 1]
            return {"type": "fracture", "player": p, "artefact": ARTEFACT_WORDS[t]}
        return {"type": "pass"}
    if ph == "commit":  # (conflict_moves' move drawn from their number, made alone)
        held = conflict_kinds(st, seat)
        pick = rng.die(len(held) or 1) - 1
        return {"type": "conflict", "card": data.NAME_OF_KIND[held[pick]] if held else "none"}
    if ph == "support":
        kinds = rules.KINDS
        sup = [kinds[c] for c in st["hand"][seat] if kinds[c] in data.SUPPORT_KINDS]
        if sup and rng.die(2) == 1:
            return {"type": "support", "cards": [data.NAME_OF_KIND[sup[rng.die(len(sup)) - 1]]]}
        return {"type": "pass"}
    if choice_of(st)["kind"] == "discard":
        return random_discard_move(st, seat, rng)
    moves = choice_moves(st, seat)
    return moves[rng.die(len(moves)) - 1]


def random_main(st: State, seat: int, rng: Rng) -> dict:
    stage, step = st["stage"], st["step"]
    hand = st["hand"][seat]
    if stage == "" and step in (2, 7):
        roll = rng.die(10) - 1
        if roll == 0 and rules.has(hand, "CA"):
            return {"type": "play", "card": "cta"}
        if roll == 1 and rules.has(hand, "TA"):
            return {"type": "play", "card": "ta"}
        if roll == 2 and rules.has(hand, "FR"):
            targets = fracture_targets(st, seat)
            if targets:
                p, t = targets[rng.die(len(targets)) - 1]
                return {"type": "fracture", "player": p, "artefact": ARTEFACT_WORDS[t]}
        if roll == 3:
            crowns = crown_moves(st, seat)
            if crowns:
                return crowns[rng.die(len(crowns)) - 1]
    start = stage == "" and step in (2, 4) and not st["normal_done"]
    if start or stage in ("m1", "vit"):
        if rng.die(3) != 1:
            move = random_redis(st, seat, rng, gather=stage != "vit")
            if move is not None:
                return move
    if start or stage in ("m1", "m2"):
        move = random_advance(st, seat, rng)
        if move is not None:
            return move
    if start or stage in ("m1", "m2", "vit"):
        return {"type": "skip"}
    return {"type": "end"}


def random_redis(st: State, seat: int, rng: Rng, gather: bool) -> dict | None:
    """Mostly pull spare knights home to build an attack force; sometimes shuffle at random."""
    board = BOARDS[st["players"]]
    supplied = rules.reach_of(st, seat)[0]  # (rules.supplied, without its frame)
    if not supplied:
        return None
    kn = st["knights"]
    if gather and rng.die(4) != 1:
        home = [s for s in supplied if kn[s] > 1]
        moves = [[board.names[s], "C", kn[s] - 1] for s in home]
        if moves and rules.dice_used(st, seat, st["castle"][seat] + sum(map(kn.__getitem__, home)) - len(home)) <= data.DICE_PER_PLAYER:
            return {"type": "redis", "moves": moves}
        return None
    places = [-1] + supplied
    src = places[rng.die(len(places)) - 1]
    dst = places[rng.die(len(places)) - 1]
    if src == dst:
        return None
    spare = st["castle"][seat] if src < 0 else kn[src] - 1
    room = 10 ** 6 if dst < 0 else rules.capacity(st, dst) - kn[dst]
    top = min(spare, room)
    if top < 1:
        return None
    count = rng.die(top)
    castle = st["castle"][seat] + (count if dst < 0 else 0) - (count if src < 0 else 0)
    if rules.dice_used(st, seat, castle) > data.DICE_PER_PLAYER:
        return None
    name = lambda node: "C" if node < 0 else board.names[node]  # noqa: E731
    return {"type": "redis", "moves": [[name(src), name(dst), count]]}


def random_advance(st: State, seat: int, rng: Rng) -> dict | None:
    """Prefer empty or weakly held targets, with as many knights as allowed."""
    have = st["castle"][seat]
    if have < 1:
        return None
    board = BOARDS[st["players"]]
    found = rules.targets_kept(st, seat)  # (not to be changed: sorted into a new list)
    if not found:
        return None
    own, kn, n_slots = st["owner"], st["knights"], board.n_slots
    # The targets weakest first: by weakness (a castle 8, an empty slot 0, else its knights), ties
    # in `found`'s order, which is ascending, so sorting (weakness, node) pairs is the same order
    # as sorted(found, key=weakness), without a key function's frame per target; the weakest
    # alone is their min. Castles (the last nodes: `found` ascending) in that order too.
    weakest = [(8 if node >= n_slots else 0 if own[node] < 0 else kn[node], node) for node in found]
    castles = [n for n in found if n >= n_slots] if found[-1] >= n_slots else ()
    if castles and have >= 6 and rng.die(2) == 1:
        node = castles[rng.die(len(castles)) - 1]  # a siege wins the game outright
    elif rng.die(3) != 1:
        node = min(weakest)[1]
    else:
        node = sorted(weakest)[rng.die(len(weakest)) - 1][1]
    top = min(have, rules.capacity(st, node))
    # dice_used(st, seat, castle) is dice_used(st, seat, 0) + castle_dice(castle) (MM-EDGE-6): worked out once
    others, most = rules.dice_used(st, seat, 0), data.DICE_PER_PLAYER - 1  # (an attack force takes one more)
    if others + rules.castle_dice(have - top) > most:
        return None
    if node < n_slots and own[node] >= 0 and top <= kn[node] and rng.die(2) == 2:
        return None  # too weak to attack: wait for more knights
    count = top if rng.die(4) != 1 else rng.die(top)
    while others + rules.castle_dice(have - count) > most:
        count += 1  # fewer knights left at home need fewer castle dice
    return {"type": "advance", "to": board.names[node], "n": count}


def _conflict_worth(move: dict) -> int:
    """Twice a conflict card's expected value: an Ambush die averages 3.5, 'none' is 0."""
    card = move["card"]
    if card == "none":
        return 0
    return 7 if card == "ambush" else 2 * int(card)


def default_move(st: State, seat: int) -> dict | None:
    """The answer applied when a deadline passes: pass, the weakest conflict card, no discard."""
    ph = st["phase"]
    if seat not in prompted(st):
        return None
    if ph in ("window", "support"):
        return {"type": "pass"}
    if ph == "commit":
        return min(conflict_moves(st, seat), key=_conflict_worth)
    if ph == "choice":
        moves = choice_moves(st, seat)
        ch = choice_of(st)
        if ch["kind"] == "target":  # never turn a crown on its own user by default
            return next((m for m in moves if m["player"] != seat), moves[0])
        if ch["kind"] == "sceptre":  # Fear / Vigour: used exactly when it raises the strength
            return {"type": "sceptre", "use": ch["count"] > ch["real"]}
        return moves[-1] if ch["kind"] == "discard" else moves[0]
    return None
