"""The manoeuvre of the active player's turn: redistribution (MM-REDIS-*), advance (MM-ADV-*),
skip; also a Tactical Advance's extra one and Crown of Vitality's redistribution."""
from __future__ import annotations

from core.medieval_mastery.board import BOARDS, Board
from core.medieval_mastery import data, flow, rules
from core.medieval_mastery.options import option
from core.medieval_mastery.phases.common import not_now
from core.medieval_mastery.state import Ctx, State
from core.protocol import Event, IllegalMove
from core.medieval_mastery.words import SEATS, P
from core.text import say, say_n, term

IN_MANOEUVRE = ("m1", "m2", "vit")
FINISH_MANOEUVRE = {"m1": say("redistribute ('redis ...'), advance ('advance <tile> <knights>') or 'skip'"),
                    "m2": say("advance ('advance <tile> <knights>') or 'skip'"),
                    "vit": say("redistribute ('redis ...') or 'skip'")}


def resource_step(st: State) -> bool:
    """Step 2 or 7 with no manoeuvre under way: resource cards and the crown."""
    return st["stage"] == "" and st["step"] in (2, 7)


def manoeuvre_start(st: State) -> bool:
    """The turn's normal manoeuvre may begin (step 2 or 4, not yet made)."""
    return st["stage"] == "" and st["step"] in (2, 4) and not st["normal_done"]


def manoeuvre_over(st: State) -> bool:
    """The turn's normal manoeuvre is spent and no extra one is under way: step 7 or later."""
    return st["stage"] == "" and st["normal_done"]


def refuse_redis(st: State) -> IllegalMove:
    """Why a redistribution is refused, from where the turn stands (MM-REDIS-1)."""
    if st["stage"] == "m2":
        if st["manoeuvre"] == "ta":
            return not_now(say("You have already redistributed in this {card}: one redistribution per manoeuvre, "
                               "before its advance. Now advance ('advance <tile> <knights>') or 'skip'.",
                               card=term("Tactical Advance")), "MM-REDIS-1")
        return not_now(say("You have already redistributed in this turn: one redistribution per manoeuvre, before "
                           "its advance. Now advance ('advance <tile> <knights>') or 'skip'."), "MM-REDIS-1")
    if manoeuvre_over(st):
        return not_now(say("This turn's redistribution is over: it comes only before the advance, and you have "
                           "already advanced or skipped. A {card} (step 2 or 7) gives another one; otherwise 'end'.",
                           card=term("Tactical Advance")), "MM-REDIS-1")
    return not_now(say("You may redistribute only before your advance (step 4), after a {card} or with {crown}.",
                       card=term("Tactical Advance"), crown=term("Crown of Vitality")), "MM-REDIS-1")


def refuse_advance(st: State) -> IllegalMove:
    """Why an advance is refused, from where the turn stands."""
    if st["stage"] == "vit":
        return not_now(say("{crown} gives a redistribution without an advance: redistribute ('redis ...') or 'skip'.",
                           crown=term("Crown of Vitality")), "MM-ART-VITALITY")
    if manoeuvre_over(st):
        return not_now(say("You have already advanced (or skipped) this turn: one advance per manoeuvre. A {card} "
                           "(step 2 or 7) gives another one; otherwise 'end'.", card=term("Tactical Advance")),
                       "MM-TURN-5")
    return not_now(say("You may advance once per manoeuvre, at step 5."), "MM-TURN-5")


def redis(ctx: Ctx, seat: int, move: dict) -> None:
    st = ctx.st
    stage = st["stage"]
    if not (manoeuvre_start(st) or stage in ("m1", "vit")):
        raise refuse_redis(st)
    deltas, transfers = check_redis(st, seat, move["moves"])
    if stage == "":
        st["manoeuvre"] = "normal"
    flow.redistribute(ctx, seat, deltas, transfers)
    if stage == "vit":
        flow.finish_crown(ctx)
    else:
        st["stage"] = "m2"


def advance(ctx: Ctx, seat: int, move: dict) -> None:
    st = ctx.st
    stage = st["stage"]
    if not (manoeuvre_start(st) or stage in ("m1", "m2")):
        raise refuse_advance(st)
    node, count = check_advance(st, seat, move)
    if stage == "":
        st["manoeuvre"] = "normal"
    flow.advance(ctx, seat, node, count)


def skip(ctx: Ctx, seat: int, move: dict) -> None:
    st = ctx.st
    stage = st["stage"]
    if stage in ("m1", "m2"):
        ctx.ev.append(NO_ADVANCE_EVENTS[seat])
        flow.end_manoeuvre(ctx)
    elif stage == "vit":
        flow.finish_crown(ctx)
    elif manoeuvre_start(st):
        ctx.ev.append(NO_MANOEUVRE_EVENTS[seat])
        flow.end_manoeuvre(ctx)
    else:
        raise not_now(say("There is nothing to skip now; write 'end' to end your turn."), "MM-TURN-9")


NO_ADVANCE = tuple(say("{player} does not advance.", player=P(seat)) for seat in SEATS)
NO_MANOEUVRE = tuple(say("{player} makes no redistribution or advance.", player=P(seat)) for seat in SEATS)
NO_ADVANCE_EVENTS = tuple(Event(text) for text in NO_ADVANCE)  # (Events are values: moves share them)
NO_MANOEUVRE_EVENTS = tuple(Event(text) for text in NO_MANOEUVRE)


def check_redis(st: State, seat: int, transfers: list) -> tuple[dict, list]:
    """MM-REDIS-2..4 and the dice limit (MM-EDGE-6): the net change per place, and the transfers."""
    board = BOARDS[st["players"]]
    ok = set(rules.supplied(st, seat))
    deltas: dict[int, int] = {}
    parsed = []
    for src, dst, count in transfers:
        a, b = _own_place(st, board, seat, src, ok), _own_place(st, board, seat, dst, ok)
        if a == b:
            raise IllegalMove("same-place", say("A transfer needs two different places."), "MM-REDIS-2")
        deltas[a] = deltas.get(a, 0) - count
        deltas[b] = deltas.get(b, 0) + count
        parsed.append((a, b, count))
    for node, delta in deltas.items():
        _check_after(st, board, seat, node, delta)
    castle = st["castle"][seat] + deltas.get(-1, 0)
    if rules.dice_used(st, seat, castle) > data.DICE_PER_PLAYER:
        raise IllegalMove("dice", say("That would need more than your 10 dice."), "MM-EDGE-6")
    return deltas, parsed


def _own_place(st: State, board: Board, seat: int, name: str, supplied: set[int]) -> int:
    """The castle or a supplied territory of `seat` (MM-REDIS-2, MM-REDIS-4)."""
    node = -1 if name == "C" else board.index.get(name)  # (node_of, inlined)
    if node is None or (node >= 0 and (node >= board.n_slots or st["owner"][node] != seat)):
        raise IllegalMove("not-yours", say("{place} is neither your castle nor a territory you control.", place=name),
                          "MM-REDIS-2")
    if node >= 0 and node not in supplied:
        raise IllegalMove("no-supply", say("{place} has no supply line: it may not give or receive knights.",
                                           place=name), "MM-REDIS-4")
    return node


def _check_after(st: State, board: Board, seat: int, node: int, delta: int) -> None:
    """The castle never goes below 0; a territory keeps 1..capacity knights (MM-REDIS-2, -3)."""
    if node < 0:
        if st["castle"][seat] + delta < 0:
            raise IllegalMove("too-few", say_n("Your castle holds {n} knights; this redistribution takes {taken} out of it.",
                                               "Your castle holds {n} knights; this redistribution takes {taken} out of it.",
                                               st["castle"][seat], taken=-delta), "MM-REDIS-2")
        return
    name = board.names[node]
    after = st["knights"][node] + delta
    cap = rules.capacity(st, node)
    if after < 1:
        raise IllegalMove("abandon", say_n("{place} has {n} knights and would keep {after}: a territory must keep at "
                                           "least 1 knight.", "{place} has {n} knights and would keep {after}: a "
                                           "territory must keep at least 1 knight.", st["knights"][node], place=name,
                                           after=after), "MM-REDIS-3")
    if after > cap:
        raise IllegalMove("capacity", say_n("{place} holds at most {n} knights.", "{place} holds at most {n} knights.",
                                            cap, place=name), "MM-REDIS-3")


def check_advance(st: State, seat: int, move: dict) -> tuple[int, int]:
    """MM-ADV-1..6, MM-EDGE-6, MM-EDGE-7, options."""
    board = BOARDS[st["players"]]
    name, count = move["to"], move["n"]
    node = _advance_target(st, seat, name)
    if count < 1:
        raise IllegalMove("no-knights", say("An advance moves at least one knight."), "MM-EDGE-7")
    if count > st["castle"][seat]:
        raise IllegalMove("too-few", say_n("Your castle holds only {n} knights; knights advance only from the castle.",
                                           "Your castle holds only {n} knights; knights advance only from the castle.",
                                           st["castle"][seat]), "MM-ADV-1")
    cap = rules.capacity(st, node)
    if count > cap:
        rule = "MM-OPT-SIEGE-3" if node >= board.n_slots else "MM-ADV-3"
        raise IllegalMove("capacity", say_n("At most {n} knights may advance into {place}.",
                                            "At most {n} knights may advance into {place}.", cap, place=name), rule)
    if rules.dice_used(st, seat, st["castle"][seat] - count) + 1 > data.DICE_PER_PLAYER:
        raise IllegalMove("dice", say("That advance would need more than your 10 dice."), "MM-EDGE-6")
    return node, count


def _advance_target(st: State, seat: int, name: str) -> int:
    """The node an advance may enter (MM-ADV-2, MM-ADV-6, MM-OPT-ALLIANCE-4, MM-OPT-SIEGE-1)."""
    board = BOARDS[st["players"]]
    if name == "C":
        raise IllegalMove("bad-target", say("Knights advance from your castle into a territory."), "MM-ADV-6")
    node = board.index.get(name)  # (board.node, without its frame)
    if node is None:
        raise IllegalMove("no-such-tile", say("There is no tile {place} on this map.", place=name), "MM-ADV-2")
    if board.is_lake[node]:
        raise IllegalMove("lake", say("Lakes can never be entered."), "MM-ADV-6")
    if node >= board.n_slots:
        if board.castle_owner[node] == seat:
            raise IllegalMove("own-castle", say("You cannot advance into your own castle."), "MM-ADV-6")
        if not option(st, "siege"):
            raise IllegalMove("castle", say("Castles can be attacked only with the {option} option.",
                                            option=term("Castle Siege")), "MM-ADV-6")
    elif st["owner"][node] == seat:
        raise IllegalMove("own-territory", say("You already control it: reinforce it by redistribution."), "MM-ADV-6")
    elif st["owner"][node] >= 0 and rules.teammates(st, seat, st["owner"][node]):
        raise IllegalMove("teammate", say("You may not advance into a teammate's territory."), "MM-OPT-ALLIANCE-4")
    if node not in rules.targets_kept(st, seat):
        raise IllegalMove("out-of-reach", say("{place} is not adjacent to your castle, a supplied territory of yours, "
                                              "or a lake next to one.", place=name), "MM-ADV-2")
    return node
