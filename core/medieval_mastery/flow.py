"""The driver and the turn: the nine steps (MM-TURN-*), crowns, Fracture windows, conquest.

Everything here mutates a private copy of the state (game.apply copies first). `settle`
runs automatic steps until some seat must decide; the battle's own steps live in battle.py,
and the two that hand play back to the turn (its conquest and its end) are here.
"""
from __future__ import annotations

from typing import Any

from core.medieval_mastery.board import BOARDS
from core.medieval_mastery import battle, data, rules
from core.medieval_mastery.options import option
from core.medieval_mastery.rules import ask_discard, destroy, is_up, open_window
from core.medieval_mastery.state import Battle, Ctx, State, battle_of, window_of
from core.records import new_event
from core.protocol import Event
from core.medieval_mastery.words import (P, TILE, ask_corruption, ask_discard_artefact, ask_discard_conquered,
                                         ask_insight, ask_order, ask_prosperity, ask_top, won_siege)
from core.memo import Memo
from core.text import join, say, say_n, term

__all__ = ["Ctx", "ask_discard", "destroy", "is_up", "open_window", "settle"]  # also kept importable from here


# --- turn steps ---------------------------------------------------------------------------

START_OF_TURN = rules.START_OF_TURN  # why MM-TURN-1's knights come

def start_turn(ctx: Ctx, seat: int) -> None:
    """MM-TURN-1: three knights in the castle, then the resource step."""
    st = ctx.st
    st["active"] = seat
    st["turn"] += 1
    st["step"] = 2
    st["stage"] = ""
    st["crown_used"] = False
    st["normal_done"] = False
    st["manoeuvre"] = ""
    st["phase"] = "main"
    key = (st["turn"], seat)
    event = _TURN_STARTS.get(key)
    if event is None:
        event = _TURN_STARTS.keep(key, new_event((say("Turn {turn}: {player} to play.", turn=st["turn"], player=P(seat)), None, None)))
    ctx.ev.append(event)
    rules.gain(ctx, seat, data.KNIGHTS_PER_TURN, START_OF_TURN)


_TURN_STARTS = Memo(4096)  # (turn, seat) -> start_turn's event (a message and an Event are values: events share them)


def end_turn(ctx: Ctx) -> None:
    """MM-TURN-9 / MM-RESTORE-1..3: restore own artefacts destroyed in earlier turns."""
    st = ctx.st
    seat = st["active"]
    down = st["down"][seat]  # (copied only when an artefact comes back)
    if down != ALL_UP:  # (most turns: every artefact face up, nothing to restore)
        for t in range(3):
            if down[t] != -1 and down[t] < st["turn"]:
                down = ctx.pile("down", seat)
                down[t] = -1
                ctx.ev.append(new_event((say("{player} restores {artefact}.", player=P(seat),
                                             artefact=rules.artefact(st, seat, t)), None, None)))
    # (next_seat, without its frame where no seat has resigned: only such a game has "gone")
    start_turn(ctx, next_seat(st, seat) if "gone" in st else (seat + 1) % st["players"])


ALL_UP = [-1, -1, -1]  # a seat's artefacts all face up (st["down"][seat]): nothing to restore


def next_seat(st: State, seat: int) -> int:
    """The next seat clockwise that still plays: a seat that resigned (`gone`, resign.py) has no
    more turns. Only a game with a resignation of three or more players has `gone`."""
    gone = st.get("gone", ())
    following = (seat + 1) % st["players"]
    while following in gone:
        following = (following + 1) % st["players"]
    return following


def end_manoeuvre(ctx: Ctx) -> None:
    """MM-TURN-10: back to the resource step the Tactical Advance came from, or step 7."""
    st = ctx.st
    if st["win"] is not None:
        return
    if st["manoeuvre"] == "ta":
        st["step"] = st["return_step"]
        card = st.get("ta_card", -1)
        if card >= 0:  # MM-RES-1: its effect applied, the card goes to the discard pile now
            rules.discard(ctx, card)
            st["ta_card"] = -1
    else:
        st["normal_done"] = True
        st["step"] = 7
    st["manoeuvre"] = ""
    st["stage"] = ""
    st["phase"] = "main"


def play_fracture(ctx: Ctx, seat: int, target: int, t: int) -> None:
    st = ctx.st
    card = rules.find(st["hand"][seat], "FR")
    assert card is not None  # checked by the caller
    ctx.pile("hand", seat).remove(card)
    ctx.ev.append(new_event((say("{player} plays {card} on {artefact} of {target}.", player=P(seat), card=term("Fracture"),
                            artefact=rules.artefact(st, target, t), target=P(target)), None, None)))
    destroy(ctx, target, t, term("Fracture"))
    rules.discard(ctx, card)


def play_resource(ctx: Ctx, seat: int, code: str) -> None:
    """MM-RES-1, MM-RES-CALLTOARMS, MM-RES-TACTICAL."""
    st = ctx.st
    card = rules.find(st["hand"][seat], code)
    assert card is not None  # checked by the caller
    ctx.pile("hand", seat).remove(card)
    if code == "CA":
        ctx.ev.append(new_event((say("{player} plays {card}.", player=P(seat), card=term("Call to Arms")), None, None)))
        rules.gain(ctx, seat, data.CALL_TO_ARMS_KNIGHTS, term("Call to Arms"))
        rules.discard(ctx, card)
    else:
        ctx.ev.append(new_event((say("{player} plays {card}: an extra redistribution and advance.", player=P(seat),
                                card=term("Tactical Advance")), None, None)))
        st["ta_card"] = card  # in play until its manoeuvre ends (MM-RES-1), then discarded
        st["manoeuvre"] = "ta"
        st["return_step"] = st["step"]
        st["stage"] = "m1"


# --- redistribution and advance -----------------------------------------------------------

def redistribute(ctx: Ctx, seat: int, deltas: dict, transfers: list) -> None:
    """MM-REDIS-2: already validated by moves.check_redis."""
    st = ctx.st
    for node, delta in deltas.items():
        if node < 0:
            ctx.values("castle")[seat] += delta
        else:
            ctx.values("knights")[node] += delta
    board = BOARDS[st["players"]]
    text = join(", ", [f"{board.names[a]}>{board.names[b]}:{n}" if a >= 0 and b >= 0 else _castle_transfer(board, a, b, n)
                       for a, b, n in transfers])  # a message only where the castle is named
    ctx.ev.append(new_event((say("{player} redistributes knights ({transfers}).", player=P(seat), transfers=text), None, None)))


CASTLE = say("castle")  # one's own castle in a redistribution


def _place(board, node: int) -> Any:
    return CASTLE if node < 0 else board.names[node]


def _castle_transfer(board, a: int, b: int, n: int) -> Any:
    """A transfer from or to the castle, as a message: made once per map, places and count."""
    key = (board.players, a, b, n)
    found = _TRANSFERS.get(key)
    if found is None:
        found = _TRANSFERS.keep(key, say("{source}>{target}:{n}", source=_place(board, a), target=_place(board, b), n=n))
    return found


_TRANSFERS = Memo(4096)  # (players, from, to, n) -> _castle_transfer's message


def advance(ctx: Ctx, seat: int, node: int, count: int) -> None:
    """MM-ADV-1..6: conquest of an empty territory, or a battle."""
    st = ctx.st
    board = BOARDS[st["players"]]
    ctx.values("castle")[seat] -= count
    st["stage"] = "battle"
    key = (seat, count, board.names[node])
    event = _ADVANCES.get(key)
    if event is None:
        event = _ADVANCES.keep(key, new_event((say_n("{player} advances {n} knight into {slot}.",
                                                "{player} advances {n} knights into {slot}.", count, player=P(seat),
                                                slot=board.names[node]), None, None)))
    ctx.ev.append(event)
    if node < board.n_slots and st["owner"][node] == -1:
        ctx.values("owner")[node] = seat
        ctx.values("knights")[node] = count
        free = (seat, board.names[node], st["tile"][node])
        event = _FREE_CONQUESTS.get(free)
        if event is None:
            event = _FREE_CONQUESTS.keep(free, new_event((say("{player} conquers {slot} ({tile}) without a battle.",
                                                        player=P(seat), slot=board.names[node],
                                                        tile=TILE[st["tile"][node]]), None, None)))
        ctx.ev.append(event)
        conquest(ctx, seat, node, then="manoeuvre")
        return
    battle.begin(ctx, seat, node, count)


_ADVANCES = Memo(4096)  # (seat, count, slot) -> advance's event
_FREE_CONQUESTS = Memo(4096)  # (seat, slot, tile) -> the event of a conquest without a battle


def conquest(ctx: Ctx, seat: int, node: int, then: str) -> None:
    """MM-ADV-4 / MM-COMBAT-9: the conqueror applies the territory's conquest abilities.

    "Conquers it and applies its abilities" is one act in every source, so victory (MM-WIN-2)
    is judged once the mandatory abilities are applied: a Marshlands taken with its last knight
    is uncontrolled again (MM-LOSS-4) and gives no VP. Only the optional discard is left
    unasked when the conquest wins the game."""
    st = ctx.st
    tile = st["tile"][node]
    board = BOARDS[st["players"]]
    if tile in data.CONQUEST_KNIGHT:
        rules.gain(ctx, seat, 1, CONQUERED[tile])
    if tile in data.CONQUEST_MINUS_KNIGHT:
        ctx.values("knights")[node] -= 1
        rules.lose(ctx, seat, 1)
        ctx.ev.append(new_event((say("{player} loses 1 knight in {slot} ({tile}).", player=P(seat), slot=board.names[node],
                                tile=TILE[tile]), None, None)))
        if st["knights"][node] == 0:
            ctx.values("owner")[node] = -1  # MM-LOSS-4
            ctx.ev.append(new_event((say("{slot} is left empty and uncontrolled.", slot=board.names[node]), None, None)))
    if rules.check_win(ctx):
        continue_after(ctx, then)
        return
    if tile in data.CONQUEST_DISCARD and st["hand"][seat]:
        ask_discard(ctx, seat, ask_discard_conquered(TILE[tile]), then)
        return
    continue_after(ctx, then)


CONQUERED = {tile: say("{tile} conquered", tile=TILE[tile]) for tile in data.CONQUEST_KNIGHT}  # why a knight comes


def continue_after(ctx: Ctx, then: str) -> None:
    """Where play resumes after a choice or a conquest (the caller settles afterwards)."""
    st = ctx.st
    st["choice"] = None
    if st["win"] is not None:
        st["phase"] = "over"
        return
    if then == "manoeuvre":
        rules.life_and_death(ctx)
        end_manoeuvre(ctx)
    elif then == "battle":
        st["phase"] = "battle"
    elif then == "crown":
        finish_crown(ctx)


# --- crowns -------------------------------------------------------------------------------

def use_crown(ctx: Ctx, seat: int) -> None:
    """MM-CROWN-2: announce, open the crown window, then resolve if the crown survived.

    The announcement names no target: "when this ability is applied, you choose any player"
    (MM-ICON-ANY, in all three originals), so Corruption and Prosperity pick theirs only once
    the crown has survived its window (`apply_target`)."""
    st = ctx.st
    st["crown_used"] = True
    st["after_crown"] = 4 if st["step"] == 2 else 9
    ctx.ev.append(new_event((say("{player} uses {crown}.", player=P(seat), crown=rules.artefact(st, seat, 0)), None, None)))
    open_window(ctx, "crown", seat)


def resolve_crown(ctx: Ctx) -> None:
    """The crown survived its window (or not): apply its ability (MM-CROWN-2, section 15)."""
    st = ctx.st
    seat = st["active"]
    if not is_up(st, seat, 0):
        ctx.ev.append(new_event((say("The crown was destroyed: its ability is cancelled."), None, None)))
        finish_crown(ctx)
        return
    CROWNS[st["artefacts"][seat][0]](ctx, seat)


def crown_target(ctx: Ctx, seat: int) -> None:
    """Corruption and Prosperity: the target is chosen now (MM-ICON-ANY), see apply_target."""
    st = ctx.st
    name = st["artefacts"][seat][0]
    ask = ask_corruption if name == "Corruption" else ask_prosperity
    st["choice"] = {"kind": "target", "seat": seat, "then": "crown", "text": str(ask(term("Crown of " + name)))}
    st["phase"] = "choice"


def crown_fury(ctx: Ctx, seat: int) -> None:
    if ctx.st["hand"][seat]:
        ask_discard(ctx, seat, ask_discard_artefact(term("Crown of Fury")), "crown")
    else:
        finish_crown(ctx)


def crown_insight(ctx: Ctx, seat: int) -> None:
    """MM-ART-INSIGHT: look at the top four cards and put them back in any order."""
    st = ctx.st
    deck = st["deck"][seat]
    if len(deck) < 4 and st["discard"][seat]:  # MM-CROWN-5: the discard pile goes under the deck
        under = ctx.rng.shuffle(list(st["discard"][seat]))
        ctx.piles("deck")[seat] = deck = under + deck
        ctx.piles("discard")[seat] = []
        ctx.piles("discard_turn")[seat] = []
        ctx.ev.append(new_event((say("{player} shuffles their discard pile under their deck.", player=P(seat)), None, None)))
    top = list(reversed(deck[-4:]))
    if len(top) < 2:
        finish_crown(ctx)
        return
    ctx.ev.append(new_event((say_n("{player} looks at the top {n} card of their deck.",
                              "{player} looks at the top {n} cards of their deck.", len(top), player=P(seat)), None, None)))
    ctx.ev.append(new_event((say("Top first: {cards}.", cards=rules.card_names(top)), (seat,), None)))
    st["choice"] = {"kind": "insight", "seat": seat, "cards": top, "then": "crown",
                    "text": str(ask_insight(term("Crown of Insight"), len(top)))}
    st["phase"] = "choice"


def crown_order(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    if recyclable(st, seat):
        st["choice"] = {"kind": "order", "seat": seat, "then": "crown",
                        "text": str(ask_order(term("Crown of Order")))}
        st["phase"] = "choice"
    else:
        ctx.ev.append(new_event((say("{crown} has no effect: no card was discarded in an earlier turn.",
                                crown=term("Crown of Order")), None, None)))
        finish_crown(ctx)


def crown_vitality(ctx: Ctx, seat: int) -> None:
    """MM-ART-VITALITY: one extra redistribution, no advance."""
    ctx.st["stage"] = "vit"
    ctx.st["phase"] = "main"


CROWNS = {"Corruption": crown_target, "Prosperity": crown_target, "Fury": crown_fury,
          "Insight": crown_insight, "Order": crown_order, "Vitality": crown_vitality}


def apply_target(ctx: Ctx, seat: int, aim: int, t: int) -> None:
    """MM-ART-CORRUPTION / MM-ART-PROSPERITY once the target is chosen (validated by the caller)."""
    st = ctx.st
    st["choice"] = None
    if st["artefacts"][seat][0] == "Corruption":
        ctx.ev.append(new_event((say("{player} chooses {artefact} of {target}.", player=P(seat),
                                artefact=rules.artefact(st, aim, t), target=P(aim)), None, None)))
        destroy(ctx, aim, t, term("Crown of Corruption"))
        finish_crown(ctx)
        return
    if not st["deck"][aim]:
        rules.reshuffle(ctx, aim)
    if not st["deck"][aim]:
        ctx.ev.append(new_event((say("{player} has no cards to look at.", player=P(aim)), None, None)))
        finish_crown(ctx)
        return
    card = st["deck"][aim][-1]
    looks = say("{player} looks at the top card of their own deck.", player=P(seat)) if aim == seat else \
        say("{player} looks at the top card of {target}'s deck.", player=P(seat), target=P(aim))
    ctx.ev.append(new_event((looks, None, None)))
    ctx.ev.append(new_event((say("The top card is {card}.", card=rules.card_name(card)), (seat,), None)))
    st["choice"] = {"kind": "top", "seat": seat, "player": aim, "cards": [card], "then": "crown",
                    "text": str(ask_top(term("Crown of Prosperity")))}
    st["phase"] = "choice"


def recyclable(st: State, seat: int) -> list[str]:
    """Kinds in the discard pile discarded before this turn (MM-ICON-RECYCLE)."""
    now = st["turn"]
    return sorted({rules.kind(c) for c, t in zip(st["discard"][seat], st["discard_turn"][seat]) if t < now})


def finish_crown(ctx: Ctx) -> None:
    """Back to the turn. The rulebooks' timing rule (MM-RES-TIMING): resource cards go before or after
    the redistribution and advance, so the crown closes no window and the turn goes on at the step it
    was used in. Games created under rules version 1 follow the turn summary's order instead: a crown at
    step 3 ends step 2, a crown at step 8 ends the turn."""
    st = ctx.st
    st["choice"] = None
    st["stage"] = ""
    st["phase"] = "main"
    if option(st, "resource-timing") == "before-or-after":
        return
    if st["after_crown"] == 9:
        end_turn(ctx)
    else:
        st["step"] = 4


# --- Fracture windows (MM-RES-FRACTURE, MM-ASYNC-2) ---------------------------------------

def window_targets(st: State, seat: int) -> list[tuple[int, int]]:
    """(player, artefact type) pairs `seat` may fracture in the open window."""
    w = window_of(st)
    kind = w["kind"]
    if kind == "crown":
        user = st["active"]
        return [(user, 0)] if user != seat and is_up(st, user, 0) else []
    t = 1 if kind == "sceptre" else 2
    b = battle_of(st)
    down, att, dfd = st["down"], b["attacker"], b["defender"]  # (is_up, inlined; no comprehension: a frame)
    found = [(att, t)] if att != seat and down[att][t] == -1 else []
    if dfd != seat and down[dfd][t] == -1:
        found.append((dfd, t))
    return found


def must_ask(st: State, seat: int) -> bool:
    """Is `seat` prompted in the open window? fast: only Fracture holders; strict: all but
    those whose Fracture is visibly discarded. Standing answers pass for them."""
    fast = option(st, "windows") == "fast"
    if fast and not rules.has(st["hand"][seat], "FR"):  # (the usual answer, the cheapest test first)
        return False
    if not window_targets(st, seat):
        return False
    standing = st["standing"][seat]
    if standing == "always":
        return False
    if standing == "unless-mine":  # only a Crown of Corruption may still be turned on you
        if not (window_of(st)["kind"] == "crown" and st["artefacts"][st["active"]][0] == "Corruption"):
            return False
    return fast or not rules.has(st["discard"][seat], "FR")


def step_window(ctx: Ctx) -> bool:
    """Move the window to the next seat that must answer. False when it closed."""
    st = ctx.st
    w = window_of(st)
    order = w["order"]
    # must_ask's first test, here: in a fast window a seat without a Fracture is never asked.
    fast = option(st, "windows") == "fast"
    hands, fractures = st["hand"], rules.CARDS_OF_KIND["FR"]
    while w["position"] < len(order):
        seat = order[w["position"]]
        if (not fast or not fractures.isdisjoint(hands[seat])) and must_ask(st, seat):
            w["asked"] = seat
            return True
        w["position"] += 1
    kind = w["kind"]
    st["window"] = None
    if kind == "crown":
        resolve_crown(ctx)
    else:
        st["phase"] = "battle"
    return False


def answer_window(ctx: Ctx, seat: int, target: int | None, t: int | None) -> None:
    st = ctx.st
    w = window_of(st)
    if target is not None and t is not None:
        play_fracture(ctx, seat, target, t)
    elif option(st, "windows") == "strict":
        ctx.ev.append(battle.PASS_EVENTS[seat])  # in fast mode a pass leaves no trace
    w["position"] += 1
    w["asked"] = -1


# --- the driver ---------------------------------------------------------------------------

def settle(ctx: Ctx) -> None:
    """Run automatic steps until a seat must decide or the game is over: a window's next seat,
    a battle's automatic steps (BATTLE_STEPS, by battle["step"])."""
    st = ctx.st
    while True:
        if st["win"] is not None:
            st["phase"] = "over"
            return
        ph = st["phase"]
        if ph == "window":
            if step_window(ctx):
                return
            continue
        if ph == "battle":
            b = battle_of(st)
            BATTLE_STEPS[b["step"]](ctx, b)
            continue
        return


def battle_conquest(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-9: a winning attacker conquers and applies the conquest abilities."""
    st = ctx.st
    b["step"] = battle.END
    if b["winner"] != b["attacker"]:
        return
    node, att = b["node"], b["attacker"]
    if b["siege"]:
        rules.declare(ctx, [att], won_siege(P(att), P(b["defender"]), term("Castle Siege")))
        return
    ctx.values("owner")[node] = att
    ctx.values("knights")[node] = b["attack_knights"]
    b["attack_knights"] = 0
    key = (att, BOARDS[st["players"]].names[node], st["tile"][node])
    event = _CONQUESTS.get(key)
    if event is None:
        event = _CONQUESTS.keep(key, new_event((say("{player} conquers {slot} ({tile}).", player=P(att), slot=key[1],
                                                    tile=TILE[key[2]]), None, None)))
    ctx.ev.append(event)
    conquest(ctx, att, node, then="battle")


_CONQUESTS = Memo(4096)  # (seat, slot, tile) -> battle_conquest's event


def battle_end(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-END: table cards to their owners' discard piles; the attacker goes on."""
    st = ctx.st
    for card in b["table"]:
        rules.discard(ctx, card)
    st["battle"] = None
    ctx.ev.append(BATTLE_OVER)
    rules.life_and_death(ctx)
    end_manoeuvre(ctx)


BATTLE_OVER = Event(say("The battle is over."))  # (an Event made once, like its sentence)

BATTLE_STEPS = {**battle.STEPS, 9: battle_conquest, battle.END: battle_end}
