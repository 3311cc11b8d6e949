"""The rules shared by the turn (flow.py) and the battle (battle.py): knights, dice, supply, VP,
victory, the card piles (draws, Authority, reshuffles), artefacts face up or down, and opening a
Fracture window or a discard question. Nothing here knows where play goes next.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any

from core.medieval_mastery import data
from core.medieval_mastery.board import BOARDS, Board, reach
from core.medieval_mastery.data import DECK_SIZE, KIND_OF_NAME
from core.medieval_mastery.options import option
from core.medieval_mastery.state import Ctx, State
from core.records import new_event
from core.memo import Memo
from core.protocol import Event
from core.medieval_mastery.words import ARTEFACT, CARD, P, listing, won_alone, won_pair, won_three
from core.text import Msg, say, say_n, term


def board_of(st: State) -> Board:
    return BOARDS[st["players"]]


def capacity(st: State, slot: int) -> int:
    """MM-TERM-CAPACITY / MM-ICON-CAP: per player; castles take at most 6 attackers (siege)."""
    if slot >= len(st["tile"]):
        return data.SIEGE_MAX_ATTACKERS
    return data.TILES[st["tile"][slot]][2]


def slot_vp(st: State, slot: int) -> int:
    tile = st["tile"][slot]
    if tile == "Homelands" and option(st, "skirmish"):
        return 0  # MM-OPT-SKIRMISH-2
    return data.TILES[tile][0]


def vp(st: State | dict, seat: int) -> int:
    """MM-WIN-1: the VP of the territories `seat` controls (supplied or not, MM-WIN-3)."""
    return sum(points for points, holder in zip(slot_vps(st), st["owner"]) if holder == seat)


def vp_by_seat(st: State | dict) -> list[int]:
    """vp() of every seat. On a map of three VP values, each of two slots or more (every map), the
    holders of each value's slots are read at once (operator.itemgetter) and counted per seat,
    in C: the same sums as the pass over the map below, which any other map takes."""
    vps, groups = _map_vps(st)
    n = st["players"]
    own = st["owner"]
    if groups is not None:
        (a, read_a), (b, read_b), (c, read_c) = groups
        in_a, in_b, in_c = read_a(own), read_b(own), read_c(own)
        return [a * in_a.count(seat) + b * in_b.count(seat) + c * in_c.count(seat) for seat in range(n)]
    totals = [0] * (n + 1)  # the last one takes the uncontrolled slots' (holder -1): no test per slot
    for points, holder in zip(vps, own):
        totals[holder] += points
    del totals[n]
    return totals


_SLOT_VPS = Memo(4096)  # (tiles, skirmish) -> (each slot's VP, vp_by_seat's readers or None)


def slot_vps(st: State | dict) -> tuple[int, ...]:
    """Each slot's VP for the state's tiles (MM-OPT-SKIRMISH-2: Homelands 0), remembered per map."""
    return _map_vps(st)[0]


def _map_vps(st: State | dict) -> tuple[tuple[int, ...], tuple | None]:
    skirmish = option(st, "skirmish")
    key = (tuple(st["tile"]), skirmish)
    found = _SLOT_VPS.get(key)
    if found is None:
        vps = tuple(0 if skirmish and tile == "Homelands" else data.TILE_VP[tile] for tile in st["tile"])
        found = _SLOT_VPS.keep(key, (vps, _readers(vps)))
    return found


def _readers(vps: tuple[int, ...]) -> tuple | None:
    """(VP value, itemgetter of its slots) for each of three values of two slots or more; else None."""
    values = sorted({points for points in vps if points})
    slots = [[slot for slot, points in enumerate(vps) if points == value] for value in values]
    if len(values) != 3 or min(map(len, slots)) < 2:
        return None
    return tuple((value, itemgetter(*where)) for value, where in zip(values, slots))


def castle_dice(knights: int) -> int:
    """MM-EDGE-6: the dice that show `knights` knights at home, six to a die (ceil(knights / 6))."""
    return (knights + 5) // 6


def dice_used(st: State, seat: int, castle: int | None = None) -> int:
    """MM-EDGE-6: one die per territory, castle_dice in the castle, one for an attack force."""
    if castle is None:
        castle = st["castle"][seat]
    used = st["owner"].count(seat) + castle_dice(castle)
    b = st["battle"]
    if b is not None and b["attacker"] == seat and b["attack_knights"] > 0:
        used += 1
    return used


def castle_room(st: State, seat: int) -> int:
    """How many more knights the castle can show with the dice still free."""
    others = dice_used(st, seat, 0)
    return max(0, (data.DICE_PER_PLAYER - others) * 6 - st["castle"][seat])


START_OF_TURN = say("start of turn")  # why MM-TURN-1's knights come


def gain(ctx: Ctx, seat: int, count: int, why: Any) -> int:
    """Knights gained go to the castle; those no die can show are lost (MM-TURN-1, MM-EDGE-6).
    (The sentence of the knights of a turn's start is made once per seat and count.)"""
    st = ctx.st
    placed = min(count, castle_room(st, seat))
    ctx.values("castle")[seat] += placed
    ctx.values("gained")[seat] += placed
    if why is START_OF_TURN:
        key = (seat, placed, count)
        event = _TURN_GAINS.get(key)
        if event is None:
            event = _TURN_GAINS.keep(key, new_event((placed_text(seat, placed, count, why), None, None)))
        ctx.ev.append(event)
    else:
        ctx.ev.append(new_event((placed_text(seat, placed, count, why), None, None)))
    return placed


_TURN_GAINS = Memo(4096)  # (seat, placed, count) -> gain's event at a turn's start


def placed_text(seat: int, placed: int, count: int, why: Any) -> Msg:
    """`placed` of `count` knights gained by `seat` placed in the castle, and why."""
    text = say_n("{player} places {n} knight in their castle ({why}).",
                 "{player} places {n} knights in their castle ({why}).", placed, player=P(seat), why=why)
    if placed < count:
        text = say_n("{placed} {n} cannot be shown: no free dice.", "{placed} {n} cannot be shown: no free dice.",
                     count - placed, placed=text)
    return text


def lose(ctx: Ctx, seat: int, count: int) -> None:
    ctx.values("lost")[seat] += count


def teams(st: State | dict) -> list[list[int]] | None:
    size = option(st, "teams")
    n = st["players"]
    if size == "none":
        return None
    k = int(size)
    groups = n // k
    return [[s for s in range(n) if s % groups == g] for g in range(groups)]


def team_of(st: State | dict, seat: int) -> list[int]:
    groups = teams(st)
    if groups is None:
        return [seat]
    for group in groups:
        if seat in group:
            return group
    return [seat]


def teammates(st: State, a: int, b: int) -> bool:
    """Different seats of one Alliance team (never without teams: team_of is the seat alone)."""
    return a != b and option(st, "teams") != "none" and b in team_of(st, a)


def target_vp(st: State) -> int:
    """MM-WIN-2, MM-OPT-SKIRMISH-1; a team's target (MM-OPT-ALLIANCE-3) is the Alliance rule's, with or
    without Skirmish, unless the table set `team-target`."""
    if option(st, "teams") != "none":
        return option(st, "team-target") or data.TEAM_VP[int(option(st, "teams"))]
    return data.SKIRMISH_VP if option(st, "skirmish") else data.WIN_VP


def check_win(ctx: Ctx) -> bool:
    """MM-WIN-2 (and MM-OPT-ALLIANCE-3): the game ends the moment a target is reached."""
    st = ctx.st
    if st["win"] is not None:
        return True
    goal = target_vp(st)
    groups = teams(st)
    totals = vp_by_seat(st)
    if groups is None:
        if max(totals) < goal:  # (nobody: the loop below finds none)
            return False
        for seat, points in enumerate(totals):
            if points >= goal:
                return declare(ctx, [seat], won_alone(P(seat), points, goal))
        return False
    for group in groups:
        points = sum(totals[s] for s in group)
        if points >= goal:
            names = [P(s) for s in group]  # teams of two or three (MM-OPT-ALLIANCE-1)
            if len(names) == 2:
                return declare(ctx, group, won_pair(names[0], names[1], points, goal))
            return declare(ctx, group, won_three(names[0], names[1], names[2], points, goal))
    return False


def declare(ctx: Ctx, seats: list[int], reason: Msg) -> bool:
    """The game is won; the state keeps the reason's English (words.reread reads it back)."""
    ctx.st["win"] = {"seats": list(seats), "reason": str(reason)}
    ctx.st["phase"] = "over"
    ctx.ev.append(new_event((game_over(reason), None, None)))
    return True


_REACH = Memo(4096)  # (players, seat, owners) -> (supplied territories, their set)


def reach_of(st: State, seat: int) -> tuple[list[int], set[int]]:
    """board.reach for the state's map, remembered per (map, seat, control): the turn asks it
    several times for one position (the random player, then the checks). Callers must not change it."""
    key = (st["players"], seat, tuple(st["owner"]))
    found = _REACH.get(key)
    if found is None:
        found = _REACH.keep(key, reach(BOARDS[st["players"]], st["owner"], seat))
    return found


def supplied(st: State, seat: int) -> list[int]:
    return reach_of(st, seat)[0]


def targets(st: State, seat: int) -> list[int]:
    """Legal advance targets (MM-ADV-2, MM-ADV-6, MM-OPT-ALLIANCE-4, MM-OPT-SIEGE-1), sorted (a new
    list each time: callers may sort it)."""
    return list(targets_kept(st, seat))


def targets_kept(st: State, seat: int) -> list[int]:
    """`targets`, remembered like reach_of: the list itself, which callers must not change (the
    checks of an advance and the random player read it without a copy)."""
    options = st["options"]  # (the stored values: another key for a legacy reading only repeats an entry)
    key = (st["players"], seat, tuple(st["owner"]), options.get("siege"), options.get("teams"))
    found = _TARGETS.get(key)
    if found is None:
        found = _TARGETS.keep(key, _targets(st, seat))
    return found


_TARGETS = Memo(4096)  # (players, seat, owners, siege, teams) -> the advance targets


def _targets(st: State, seat: int) -> list[int]:
    board = BOARDS[st["players"]]
    siege = option(st, "siege")
    found = reach_of(st, seat)[1]
    if option(st, "teams") == "none":  # (no teammate to leave out: the loop below, in one pass)
        n_slots = board.n_slots
        return sorted(found) if siege else sorted([node for node in found if node < n_slots])
    own, out = st["owner"], []
    for node in found:
        if node < board.n_slots:
            holder = own[node]
            if holder >= 0 and teammates(st, seat, holder):
                continue
            out.append(node)
        elif siege:
            out.append(node)
    out.sort()
    return out


def life_and_death(ctx: Ctx) -> None:
    """MM-OPT-LIFEANDDEATH-1: unsupplied territories are cleared (one pass suffices)."""
    st = ctx.st
    if not option(st, "life-and-death") or st["battle"] is not None:
        return
    board = BOARDS[st["players"]]
    for seat in range(st["players"]):
        held = st["owner"].count(seat)
        if not held:
            continue
        supplied = reach_of(st, seat)[0]  # (the seat's territories linked to its castle: a subset of those it holds)
        if len(supplied) == held:
            continue  # every territory supplied: nothing is lost
        mine = [s for s in range(board.n_slots) if st["owner"][s] == seat]
        ok = set(supplied)
        for slot in mine:
            if slot not in ok:
                lost = st["knights"][slot]
                ctx.values("owner")[slot] = -1
                ctx.values("knights")[slot] = 0
                lose(ctx, seat, lost)
                ctx.ev.append(new_event((say_n("{player} loses {slot} and its {n} knight: no supply line ({rule}).",
                                          "{player} loses {slot} and its {n} knights: no supply line ({rule}).",
                                          lost, player=P(seat), slot=board.names[slot],
                                          rule=term("Life and Death")), None, None)))


# --- artefacts and questions --------------------------------------------------------------

def is_up(st: State, seat: int, t: int) -> bool:
    """Is artefact `t` (0 crown, 1 sceptre, 2 orb) of `seat` face up?"""
    return st["down"][seat][t] == -1


def destroy(ctx: Ctx, seat: int, t: int, why: Any) -> None:
    """MM-TERM-DESTROY: face down, remembering the turn (MM-ASYNC-9)."""
    st = ctx.st
    ctx.pile("down", seat)[t] = st["turn"]
    ctx.ev.append(new_event((say("{artefact} of {player} is destroyed ({why}).", artefact=artefact(st, seat, t),
                            player=P(seat), why=why), None, None)))


WINDOW_EVENT = {
    "crown": say("Fracture window: players may play {card} against the crown.", card=term("Fracture")),
    "sceptre": say("Fracture window: players may play {card} against a combatant's sceptre.", card=term("Fracture")),
    "orb": say("Fracture window: players may play {card} against a combatant's orb.", card=term("Fracture")),
}


WINDOW_EVENTS = {kind: Event(text) for kind, text in WINDOW_EVENT.items()}  # made once, shared by moves


def open_window(ctx: Ctx, kind: str, start: int) -> None:
    """A Fracture window on what is being used (MM-RES-FRACTURE), asking from `start` on."""
    st = ctx.st
    n = st["players"]
    order = [*range(start, n), *range(start)]  # (start + i) % n for i in range(n): `start` is a seat, 0..n-1
    st["window"] = {"kind": kind, "order": order, "position": 0, "asked": -1}
    st["phase"] = "window"
    ctx.ev.append(WINDOW_EVENTS[kind])


def ask_discard(ctx: Ctx, seat: int, text: Msg, then: str) -> None:
    """MM-ICON-MAYDISCARD: `seat` may discard one card; play resumes at `then` (flow.continue_after)."""
    ctx.st["choice"] = {"kind": "discard", "seat": seat, "text": str(text), "then": then}
    ctx.st["phase"] = "choice"


# --- cards (small ints: card c belongs to seat c // 18 and is data.DECK[c % 18]) -----------
# Decks are lists with the top card last. Every draw, discard and reshuffle goes through here
# so Authority (MM-RES-AUTHORITY) and empty decks (MM-EDGE-3) behave the same everywhere.

def kind(card: int) -> str:
    return data.DECK[card % DECK_SIZE]


# Every card's kind and public id, made once (cards of six seats: 0..107).
KINDS = tuple(data.DECK[card % DECK_SIZE] for card in range(6 * DECK_SIZE))
CARD_IDS = tuple(f"K{card:03d}" for card in range(6 * DECK_SIZE))
CARDS_OF_KIND = {code: frozenset(card for card, its in enumerate(KINDS) if its == code) for code in data.DECK}
NO_CARDS: frozenset[int] = frozenset()


def owner(card: int) -> int:
    return card // DECK_SIZE


def card_id(card: int) -> str:
    """The public, unique id of a card (views and hidden_from speak in these)."""
    return CARD_IDS[card] if 0 <= card < len(CARD_IDS) else f"K{card:03d}"


def title(card: int) -> str:
    return data.CARD_TITLES[kind(card)]


def card_name(card: int) -> Any:
    """A card's title as a component's name (said from the game's term list)."""
    return CARD[kind(card)]


def card_names(cards: list[int]) -> Any:
    """'Conflict 2, Support +1' as a list of names (a message per pair: made once per list of
    kinds, like the module's constant messages, which events share too)."""
    kinds = tuple([KINDS[c] for c in cards])  # (real cards: 0..107)
    found = _NAMES.get(kinds)
    if found is None:
        found = _NAMES.keep(kinds, listing([CARD[k] for k in kinds]))
    return found


_NAMES = Memo(4096)  # kinds -> card_names' message


def artefact(st: State, seat: int, t: int) -> Any:
    """The name of artefact `t` (0 crown, 1 sceptre, 2 orb) of `seat`: 'Crown of Fury'."""
    return ARTEFACT[st["artefacts"][seat][t]]


def game_over(reason: Any) -> Msg:
    return say("Game over: {reason}", reason=reason)


def deck_cards(seat: int) -> list[int]:
    return list(range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE))


def find(hand: list[int], code: str | None) -> int | None:
    """A card of kind `code` in `hand` (cards of one kind are interchangeable)."""
    deck = data.DECK
    for card in hand:
        if deck[card % DECK_SIZE] == code:
            return card
    return None


def find_named(hand: list[int], word: str) -> int | None:
    """A card named as in the notation ("5", "ambush", "+1", "fracture") in `hand`."""
    return find(hand, KIND_OF_NAME.get(word))


def has(hand: list[int], code: str) -> bool:
    """find(hand, code) is not None, in one C call: the cards of that kind (of six seats) against the hand."""
    return not CARDS_OF_KIND.get(code, NO_CARDS).isdisjoint(hand)


def discard(ctx: Ctx, card: int) -> None:
    """Face up on its owner's discard pile, remembering the turn (Crown of Order)."""
    seat = card // DECK_SIZE
    ctx.pile("discard", seat).append(card)
    ctx.pile("discard_turn", seat).append(ctx.st["turn"])


def reshuffle(ctx: Ctx, seat: int) -> bool:
    """MM-EDGE-3: the discard pile becomes the new deck. False when there is nothing."""
    st = ctx.st
    pile = st["discard"][seat]
    if not pile:
        return False
    deck = ctx.rng.shuffle(list(pile))
    ctx.piles("deck")[seat] = deck + st["deck"][seat]
    ctx.piles("discard")[seat] = []
    ctx.piles("discard_turn")[seat] = []
    ctx.ev.append(new_event((say_n("{player} shuffled their discard pile ({n} card) into a new deck.",
                              "{player} shuffled their discard pile ({n} cards) into a new deck.", len(deck),
                              player=P(seat)), None, None)))
    return True


def draw(ctx: Ctx, seat: int, count: int) -> list[int]:
    """Draw up to `count` cards, reshuffling when the deck runs out (no Authority handling).
    (The cards join the hand together, in the order drawn: a reshuffle leaves the hand alone.)"""
    st = ctx.st
    if len(st["deck"][seat]) >= count > 0:  # (the deck holds them all: the loop below, in one slice)
        cards = ctx.pile("deck", seat)
        taken = cards[-count:][::-1]  # (the top card first, as pop() takes them)
        del cards[-count:]
        ctx.pile("hand", seat).extend(taken)
        return taken
    drawn: list[int] = []
    deck = None  # the seat's deck, copied for this move at its first draw
    while len(drawn) < count:
        if not st["deck"][seat]:
            if not reshuffle(ctx, seat):
                break
            deck = None  # a new deck
        if deck is None:
            deck = ctx.pile("deck", seat)
        drawn.append(deck.pop())
    if drawn:
        ctx.pile("hand", seat).extend(drawn)
    return drawn


def draw_to(ctx: Ctx, seat: int, target: int, why: Any, told: bool = True) -> None:
    """Draw until the hand holds `target` (MM-EDGE-1), then play a drawn Authority
    (MM-RES-AUTHORITY): 2 extra cards, and only then Authority goes to the discard pile.
    told=False: the same draws without their events (the deal's, which nobody reads)."""
    st = ctx.st
    need = target - len(st["hand"][seat])
    if need <= 0:
        return
    drawn = draw(ctx, seat, need)
    if told:
        _announce(ctx, seat, drawn, why)
    authority = find(drawn, "AU")
    if authority is not None:
        ctx.pile("hand", seat).remove(authority)
        if told:
            ctx.ev.append(new_event((say("{player} drew {card} and plays it: 2 extra cards.", player=P(seat),
                                    card=term("Authority")), None, None)))
        extra = draw(ctx, seat, 2)
        if told:
            _announce(ctx, seat, extra, term("Authority"))
        discard(ctx, authority)


def _announce(ctx: Ctx, seat: int, drawn: list[int], why: Any) -> None:
    """Who drew how many and why, for all; which cards, for the drawer. (The first event, when the
    reason is a sentence without arguments, as a battle's and the setup's are, is made once:
    events share it. Such a sentence is its template alone.)"""
    if not drawn:
        return
    if type(why) is Msg and not why.args and why.n is None:
        key = (seat, len(drawn), why.id)
        event = _DRAWS.get(key)
        if event is None:
            event = _DRAWS.keep(key, new_event((drew_text(seat, len(drawn), why), None, None)))
        ctx.ev.append(event)
    else:
        ctx.ev.append(new_event((drew_text(seat, len(drawn), why), None, None)))
    kinds = tuple([KINDS[c] for c in drawn])  # (real cards: 0..107)
    told = _DREW.get(kinds)
    if told is None:
        told = _DREW.keep(kinds, say("You drew {cards}.", cards=card_names(drawn)))
    ctx.ev.append(Event(told, (seat,), {"cards": [CARD_IDS[c] for c in drawn]}))  # (card_id of real cards)


def drew_text(seat: int, n: int, why: Any) -> Msg:
    return say_n("{player} drew {n} card ({why}).", "{player} drew {n} cards ({why}).", n, player=P(seat), why=why)


_DRAWS = Memo(4096)  # (seat, cards, reason's template) -> the event of a draw
_DREW = Memo(4096)  # the kinds drawn -> the drawer's own sentence (its cards' names: card_names)
