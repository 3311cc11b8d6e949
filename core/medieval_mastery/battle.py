"""The nine battle steps (MM-COMBAT-1..9, MM-COMBAT-END) as a resumable state machine.

The driver (flow.settle) executes automatic steps from battle["step"] until a seat must
decide (a Fracture window, the face-down conflict cards, the support exchange, an optional
discard) or the battle is over. Strength totals are kept in the battle dict as they grow, step
by step. The two steps that hand play back to the turn, the conquest (step 9) and the end,
live in flow.py, so this module does not depend on the turn.
"""
from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, cast

from core.medieval_mastery.board import BOARDS
from core.medieval_mastery import data, rules
from core.medieval_mastery.options import option
from core.medieval_mastery.state import Battle, Ctx, State, Support, battle_of
from core.memo import Memo
from core.records import new_event
from core.protocol import Event
from core.medieval_mastery.words import ARTEFACT, CARD, SEATS, TILE, P, ask_discard_artefact, ask_sceptre
from core.text import Msg, say, say_n, term

END = 10
SUPPORT_KINDS = frozenset(data.SUPPORT_KINDS)
BATTLE = say("battle")  # why the combatants draw (MM-COMBAT-2)
NO_CONFLICT_CARD = say("no conflict card")
NO_SUPPORT_HERE = say("{tile}: no support cards may be played.", tile=term("Mountains"))


def passes(seat: int) -> Msg:
    return PASSES[seat]


PASSES = tuple(say("{player} passes.", player=P(seat)) for seat in SEATS)
COMMITTED = tuple(say("{player} has committed a conflict card face down.", player=P(seat)) for seat in SEATS)
# Events of a constant sentence, made once: an Event is a tuple of values, which events of many
# moves may share as they share the sentence (none carries data).
PASS_EVENTS = tuple(Event(text) for text in PASSES)
COMMITTED_EVENTS = tuple(Event(text) for text in COMMITTED)


def begin(ctx: Ctx, att: int, node: int, count: int) -> None:
    st = ctx.st
    board = BOARDS[st["players"]]
    siege = node >= board.n_slots
    defender = board.castle_owner[node] if siege else st["owner"][node]
    dk = data.SIEGE_DEFENCE if siege else st["knights"][node]
    st["battle"] = {
        "node": node, "attacker": att, "defender": defender, "attack_knights": count, "siege": siege,
        "attack_strength": count, "defence_strength": dk, "step": 1, "commit": [None, None], "shown": [None, None],
        "table": [], "support": None, "winner": -1, "loser": -1, "margin": 0, "orb_queue": [], "reversed": False,
    }
    st["phase"] = "battle"
    where = board.names[node]
    key = (where, att, count, defender, dk, siege)
    event = _BEGUN.get(key)
    if event is None:
        event = _BEGUN.keep(key, new_event((begun(where, att, count, defender, dk, siege), None, None)))
    ctx.ev.append(event)


def begun(where: str, att: int, count: int, defender: int, dk: int, siege: bool) -> Msg:
    """The sentence of a battle's start (made once per battle of the same sides and numbers)."""
    if siege:
        return say("Battle for {where}: {attacker} attacks with {count}, {defender} defends with {dk} (castle siege).",
                   where=where, attacker=P(att), count=count, defender=P(defender), dk=dk)
    return say("Battle for {where}: {attacker} attacks with {count}, {defender} defends with {dk}.",
               where=where, attacker=P(att), count=count, defender=P(defender), dk=dk)


# Events of a battle made once per key (an Event is a value: events of many moves share it).
_BEGUN = Memo(4096)  # (slot, attacker, count, defender, defence, siege) -> begin's event
_RESULTS = Memo(4096)  # (attack, defence, winner) -> step6_result's event
_LOSSES = Memo(4096)  # (loser, lost, slot, back) -> step8_losses' event


def defender_knights(st: State, b: Battle) -> int:
    """Real knights of the defender in the contested tile (castle knights in a siege)."""
    return st["castle"][b["defender"]] if b["siege"] else st["knights"][b["node"]]




def step1_territory(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-1: Grasslands, Fort/City/Fortress, Arena."""
    st = ctx.st
    b["step"] = 2
    if b["siege"]:
        return
    tile = st["tile"][b["node"]]
    if tile in data.ATTACKER_PLUS1:
        b["attack_strength"] += 1
        ctx.ev.append(new_event((say("{tile}: attacker +1 (attacker {attack}, defender {defence}).", tile=TILE[tile],
                                attack=b["attack_strength"], defence=b["defence_strength"]), None, None)))
    if tile in data.DEFENDER_PLUS1:
        b["defence_strength"] += 1
        ctx.ev.append(new_event((say("{tile}: defender +1 (attacker {attack}, defender {defence}).", tile=TILE[tile],
                                attack=b["attack_strength"], defence=b["defence_strength"]), None, None)))
    if tile in data.ROLL_OFF:
        arena(ctx, b)


def arena(ctx: Ctx, b: Battle) -> None:
    """MM-TERR-ARENA / MM-ICON-ARENA: one die each; the lower (both on a tie) loses a knight."""
    st = ctx.st
    node = b["node"]
    att, dfd = b["attacker"], b["defender"]
    ra, rd = ctx.rng.die(), ctx.rng.die()
    hit_a, hit_d = ra <= rd, rd <= ra
    if hit_a:
        b["attack_knights"] -= 1
        b["attack_strength"] -= 1
        rules.lose(ctx, att, 1)
    if hit_d:
        ctx.values("knights")[node] -= 1
        b["defence_strength"] -= 1
        rules.lose(ctx, dfd, 1)
    ctx.ev.append(Event(say("{arena} roll-off: {attacker} rolls {ra}, {defender} rolls {rd}.", arena=term("Arena"),
                            attacker=P(att), ra=ra, defender=P(dfd), rd=rd), data={"dice": [ra, rd]}))
    ak, dk = b["attack_knights"], st["knights"][node]
    if ak and dk:
        return
    name = BOARDS[st["players"]].names[node]
    if dk:
        ctx.ev.append(new_event((say("{player} keeps {slot}: the battle ends.", player=P(dfd), slot=name), None, None)))
    elif ak:
        ctx.values("owner")[node] = att
        ctx.values("knights")[node] = ak
        b["attack_knights"] = 0
        ctx.ev.append(new_event((say("{player} now controls {slot}: the battle ends.", player=P(att), slot=name), None, None)))
        rules.check_win(ctx)
    else:
        ctx.values("owner")[node] = -1
        ctx.ev.append(new_event((say("{slot} is left empty and uncontrolled: the battle ends.", slot=name), None, None)))
    b["step"] = END


def step2_draw(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-2: attacker then defender draw up to five."""
    rules.draw_to(ctx, b["attacker"], data.HAND_DRAW, BATTLE)
    rules.draw_to(ctx, b["defender"], data.HAND_DRAW, BATTLE)
    b["step"] = 3


def step3_window(ctx: Ctx, b: Battle) -> None:
    b["step"] = 31
    rules.open_window(ctx, "sceptre", b["attacker"])


def real_counts(st: State, b: Battle) -> tuple[int, int]:
    """The real knights of attacker and defender for Fear and Vigour (MM-ART-SCEPTRE-NOTE); 8 in a siege."""
    return b["attack_knights"], data.SIEGE_DEFENCE if b["siege"] else defender_knights(st, b)


def step3_sceptres(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-3: attacker's sceptre first, then the defender's (MM-EDGE-13)."""
    st = ctx.st
    att, dfd = b["attacker"], b["defender"]
    real_a, real_d = real_counts(st, b)
    if rules.is_up(st, att, 1):
        name = st["artefacts"][att][1]
        if name == "Rage":
            b["attack_strength"] += 1
            ctx.ev.append(new_event((say("{sceptre}: {player} +1 (attacker {attack}, defender {defence}).",
                                    sceptre=ARTEFACT["Rage"], player=P(att), attack=b["attack_strength"],
                                    defence=b["defence_strength"]), None, None)))
        elif name == "Fear" and equal_knights(ctx, b, att, "Fear", real_d, real_a):
            b["step"] = 32  # the attacker is asked; the defender's sceptre follows the answer
            return
        elif name == "Influence":
            random_discard(ctx, dfd, term("Sceptre of Influence"))
    step3_defender_sceptre(ctx, b)


def step3_defender_sceptre(ctx: Ctx, b: Battle) -> None:
    st = ctx.st
    att, dfd = b["attacker"], b["defender"]
    real_a, real_d = real_counts(st, b)
    b["step"] = 4
    if rules.is_up(st, dfd, 1):
        name = st["artefacts"][dfd][1]
        if name == "Loyalty":
            b["defence_strength"] += 1
            ctx.ev.append(new_event((say("{sceptre}: {player} +1 (attacker {attack}, defender {defence}).",
                                    sceptre=ARTEFACT["Loyalty"], player=P(dfd), attack=b["attack_strength"],
                                    defence=b["defence_strength"]), None, None)))
        elif name == "Vigour" and not b["siege"]:
            equal_knights(ctx, b, dfd, "Vigour", real_a, real_d)
        elif name == "Defiance":
            random_discard(ctx, att, term("Sceptre of Defiance"))


def equal_knights(ctx: Ctx, b: Battle, seat: int, name: str, rival: int, own: int) -> bool:
    """Fear / Vigour (MM-ICON-EQUAL): "kan välja" — the holder may fight as if with the rival's knights.
    With `sceptre-choice ask` the holder is asked whenever it changes their strength (True: asked);
    with `auto` (and in games created under rules version 1) it is used exactly when it raises it."""
    if rival == own:
        return False
    if option(ctx.st, "sceptre-choice") == "ask":
        change = f"+{rival - own}" if rival > own else f"-{own - rival}"
        ctx.st["choice"] = {"kind": "sceptre", "seat": seat, "then": "battle", "name": name, "count": rival, "real": own,
                            "text": str(ask_sceptre(ARTEFACT[name], rival, own, change))}
        ctx.st["phase"] = "choice"
        return True
    if rival > own:
        use_equal_knights(ctx, b, seat, name, rival)
    return False


def use_equal_knights(ctx: Ctx, b: Battle, seat: int, name: str, rival: int) -> None:
    real_a, real_d = real_counts(ctx.st, b)
    if seat == b["attacker"]:
        b["attack_strength"] += rival - real_a
    else:
        b["defence_strength"] += rival - real_d
    ctx.ev.append(new_event((say_n("{sceptre}: {player} fights as if with {n} knight (attacker {attack}, defender {defence}).",
                              "{sceptre}: {player} fights as if with {n} knights (attacker {attack}, defender {defence}).",
                              rival, sceptre=ARTEFACT[name], player=P(seat), attack=b["attack_strength"],
                              defence=b["defence_strength"]), None, None)))


def random_discard(ctx: Ctx, seat: int, why: Any) -> None:
    """MM-ICON-RANDOMDISCARD: uniform over the hand; the card becomes public (MM-EDGE-18)."""
    if not ctx.st["hand"][seat]:
        ctx.ev.append(new_event((say("{why}: {player} has no card to discard.", why=why, player=P(seat)), None, None)))
        return
    hand = ctx.pile("hand", seat)
    card = hand.pop(ctx.rng.below(len(hand)))
    rules.discard(ctx, card)
    ctx.ev.append(new_event((say("{why}: {player} discards {card} at random.", why=why, player=P(seat),
                            card=rules.card_name(card)), None, None)))


def step4_commit(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-4: both commit face down; apply() reveals when both are in."""
    ctx.st["phase"] = "commit"


def commit(ctx: Ctx, seat: int, card: int) -> None:
    """`card` is -1 for 'no conflict card' (MM-EDGE-5)."""
    st = ctx.st
    b = battle_of(st)
    side = 0 if seat == b["attacker"] else 1
    if card >= 0:
        ctx.pile("hand", seat).remove(card)
    b["commit"] = [card, b["commit"][1]] if side == 0 else [b["commit"][0], card]  # (replaced: clone_for_move shares it)
    ctx.ev.append(COMMITTED_EVENTS[seat])
    if b["commit"][0] is None or b["commit"][1] is None:
        return
    shown: list[Any] = []
    revealed: list[Any] = []  # b["shown"], replaced once both are in (a battle's lists are never changed in place)
    for side in (0, 1):
        c = b["commit"][side]
        label: Any
        if c < 0:
            value, label = 0, NO_CONFLICT_CARD
        else:
            code = rules.KINDS[c]
            b["table"] = [*b["table"], c]
            if code == "AM":
                value = ctx.rng.die()
                label = say("{card}, rolling {value}", card=term("Ambush"), value=value)
            else:
                value = data.CARD_VALUE[code]
                label = CARD[code]
        if side == 0:
            b["attack_strength"] += value
        else:
            b["defence_strength"] += value
        revealed.append([c if c >= 0 else -1, value])
        shown.append(label)
    b["commit"], b["shown"] = [None, None], revealed
    ctx.ev.append(new_event((say("Conflict cards revealed: {attacker} {attack_card}; {defender} {defence_card} (attacker "
                            "{attack}, defender {defence}).", attacker=P(b["attacker"]), attack_card=shown[0],
                            defender=P(b["defender"]), defence_card=shown[1], attack=b["attack_strength"],
                            defence=b["defence_strength"]), None, None)))
    b["step"] = 5
    st["phase"] = "battle"


def step5_support(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-5 / MM-OPT-ALLIANCE-5: lower strength first, the attacker on a tie."""
    st = ctx.st
    if not b["siege"] and st["tile"][b["node"]] in data.NO_SUPPORT:
        ctx.ev.append(new_event((NO_SUPPORT_HERE, None, None)))
        b["step"] = 6
        return
    first = b["attacker"] if b["attack_strength"] <= b["defence_strength"] else b["defender"]
    n = st["players"]
    members = set(rules.team_of(st, b["attacker"])) | set(rules.team_of(st, b["defender"]))
    order = [(first + i) % n for i in range(n) if (first + i) % n in members]
    b["support"] = {"order": order, "given": 0, "quiet": 0, "played": False}
    st["phase"] = "support"
    skip_unable(ctx)


# The support exchange under way (step 5 on): the battle's own lookup (a C call, no Python frame).
support_state = cast(Callable[[Battle], Support], itemgetter("support"))


def support_seat(b: Battle) -> int:
    sup = support_state(b)
    return sup["order"][sup["given"] % len(sup["order"])]


def can_support(st: State, seat: int) -> bool:
    """Is `seat` asked for its opportunity? strict: anyone holding cards (an empty hand is
    public); fast: only a seat holding a support card, as in the Fracture windows."""
    hand = st["hand"][seat]
    if option(st, "windows") == "strict":
        return bool(hand)
    return not SUPPORT_CARDS.isdisjoint(hand)


SUPPORT_CARDS = frozenset().union(*(rules.CARDS_OF_KIND[kind] for kind in SUPPORT_KINDS))  # of six seats


def skip_unable(ctx: Ctx) -> None:
    """MM-COMBAT-5 ends when neither side 'wants to, or can' play: pass for those who cannot."""
    st = ctx.st
    b = battle_of(st)
    while st["phase"] == "support":
        sup = b["support"]
        assert sup is not None
        if can_support(st, sup["order"][sup["given"] % len(sup["order"])]):  # (support_seat)
            return
        support_pass(ctx, silent=True)


def support_play(ctx: Ctx, seat: int, chosen: list[int]) -> None:
    st = ctx.st
    b = battle_of(st)
    total = 0
    for card in chosen:
        ctx.pile("hand", seat).remove(card)
        b["table"] = [*b["table"], card]
        total += data.CARD_VALUE[rules.KINDS[card]]
    if seat in rules.team_of(st, b["attacker"]):
        b["attack_strength"] += total
    else:
        b["defence_strength"] += total
    support_state(b)["played"] = True
    ctx.ev.append(new_event((say("{player} plays {cards} (attacker {attack}, defender {defence}).", player=P(seat),
                            cards=rules.card_names(chosen), attack=b["attack_strength"], defence=b["defence_strength"]), None, None)))


def support_pass(ctx: Ctx, silent: bool = False) -> None:
    st = ctx.st
    b = battle_of(st)
    sup = support_state(b)
    seat = support_seat(b)
    if sup["played"]:
        sup["quiet"] = 0
    else:
        sup["quiet"] += 1
        if not silent and option(st, "windows") == "strict":  # fast: no trace of who was asked
            ctx.ev.append(PASS_EVENTS[seat])
    sup["played"] = False
    sup["given"] += 1
    if sup["quiet"] >= len(sup["order"]):
        b["step"] = 6
        st["phase"] = "battle"


def step6_result(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-6: higher total wins; the defender wins ties with a margin of 1."""
    a, d = b["attack_strength"], b["defence_strength"]
    if a > d:
        b["winner"], b["loser"], b["margin"] = b["attacker"], b["defender"], a - d
    else:
        b["winner"], b["loser"], b["margin"] = b["defender"], b["attacker"], max(1, d - a)
    key = (a, d, b["winner"])  # (the margin follows from the strengths)
    event = _RESULTS.get(key)
    if event is None:
        event = _RESULTS.keep(key, new_event((say("Battle result: {attack} to {defence}; {player} wins by {margin}.",
                                                  attack=a, defence=d, player=P(b["winner"]), margin=b["margin"]),
                                              None, None)))
    ctx.ev.append(event)
    b["step"] = 7


def step7_mayhem_and_window(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-7.1 (MM-OPT-MAYHEM-2..4), then the orb Fracture window."""
    st = ctx.st
    if option(st, "mayhem") and not (b["siege"] and b["winner"] == b["defender"]):
        mayhem(ctx, b)
        if b["step"] == END:
            return
    b["orb_queue"] = [b["attacker"], b["defender"]]
    b["step"] = 71
    rules.open_window(ctx, "orb", b["attacker"])


def mayhem(ctx: Ctx, b: Battle) -> None:
    st = ctx.st
    w = b["winner"]
    node = b["node"]
    mine = b["attack_knights"] if w == b["attacker"] else st["knights"][node]
    rolls = [ctx.rng.die() for _ in range(mine)]
    ones = rolls.count(1)
    if w == b["attacker"]:
        b["attack_knights"] -= ones
    else:
        ctx.values("knights")[node] -= ones
    rules.lose(ctx, w, ones)
    ctx.ev.append(Event(say_n("{mayhem}: {player} rolls {rolls} and loses {n} knight.",
                              "{mayhem}: {player} rolls {rolls} and loses {n} knights.", ones, mayhem=term("Mayhem"),
                              player=P(w), rolls=" ".join(map(str, rolls))), data={"dice": rolls}))
    left = b["attack_knights"] if w == b["attacker"] else st["knights"][node]
    if left:
        return
    # A besieged castle is never left empty: its defender fights as 8 (MM-OPT-SIEGE-2), so a
    # wiped-out attacker always loses to it instead (MM-OPT-MAYHEM-3); only a territory can empty.
    other = b["attack_knights"] + (data.SIEGE_DEFENCE if b["siege"] else st["knights"][node])
    if other == 0:  # MM-OPT-MAYHEM-4
        ctx.values("owner")[node] = -1
        ctx.ev.append(new_event((say("No knights remain in {slot}: it is uncontrolled.", slot=BOARDS[st["players"]].names[node]), None, None)))
        b["step"] = END
        return
    b["winner"], b["loser"] = b["loser"], w  # MM-OPT-MAYHEM-3
    b["reversed"] = True
    ctx.ev.append(new_event((say("{mayhem}: {player} is wiped out and loses the battle instead.", mayhem=term("Mayhem"),
                            player=P(w)), None, None)))


def step7_orbs(ctx: Ctx, b: Battle) -> None:
    """MM-COMBAT-7.3: attacker's orb, then the defender's; win orbs on the winner only."""
    st = ctx.st
    while b["orb_queue"]:
        seat, *rest = b["orb_queue"]
        b["orb_queue"] = rest
        if not rules.is_up(st, seat, 2):
            continue
        name = st["artefacts"][seat][2]
        won = seat == b["winner"]
        if won and name == "Brutality":
            loser = b["loser"]
            if loser == b["attacker"] and b["attack_knights"] > 0:
                b["attack_knights"] -= 1
                rules.lose(ctx, loser, 1)
            elif loser == b["defender"] and not b["siege"] and st["knights"][b["node"]] > 0:
                ctx.values("knights")[b["node"]] -= 1
                rules.lose(ctx, loser, 1)
            else:
                continue
            ctx.ev.append(new_event((say("{player}'s {orb}: {loser}, who lost, removes 1 knight from the contested tile.",
                                    player=P(seat), orb=term("Orb of Brutality"), loser=P(loser)), None, None)))
        elif won and name == "Greed":
            ctx.ev.append(new_event((say("{orb}: {player} draws up to six.", orb=term("Orb of Greed"), player=P(seat)), None, None)))
            rules.draw_to(ctx, seat, data.GREED_DRAW, term("Orb of Greed"))
        elif not won and name == "Resurgence":
            ctx.ev.append(new_event((say("{orb}: {player} draws up to six.", orb=term("Orb of Resurgence"), player=P(seat)), None, None)))
            rules.draw_to(ctx, seat, data.GREED_DRAW, term("Orb of Resurgence"))
        elif not won and name == "Devotion":
            rules.gain(ctx, seat, 1, term("Orb of Devotion"))
        elif ((won and name == "Preparation") or (not won and name == "Cleansing")) and st["hand"][seat]:
            rules.ask_discard(ctx, seat, ask_discard_artefact(ARTEFACT[name]), "battle")
            return
    b["step"] = 8


def step8_losses(ctx: Ctx, b: Battle) -> None:
    """MM-LOSS-1, MM-LOSS-2: the loser loses the margin in the contested tile, then retreats."""
    st = ctx.st
    loser, margin = b["loser"], b["margin"]
    name = BOARDS[st["players"]].names[b["node"]]
    b["step"] = 9
    if b["reversed"]:
        return
    if loser == b["attacker"]:
        here = b["attack_knights"]
        lost = min(margin, here)
        b["attack_knights"] = 0
    else:
        if b["siege"]:
            return  # MM-OPT-SIEGE-5: the castle's knights are unaffected
        here = st["knights"][b["node"]]
        lost = min(margin, here)
        ctx.values("knights")[b["node"]] = 0
    rules.lose(ctx, loser, lost)
    back = here - lost
    ctx.values("castle")[loser] += back
    key = (loser, lost, name, back)
    event = _LOSSES.get(key)
    if event is None:
        event = _LOSSES.keep(key, new_event((say_n("{player} loses {n} knight in {slot} and retreats {back} to their castle.",
                                                   "{player} loses {n} knights in {slot} and retreats {back} to their "
                                                   "castle.", lost, player=P(loser), slot=name, back=back), None, None)))
    ctx.ev.append(event)


# The automatic steps by battle["step"]; flow.py adds 9 (conquest) and END (back to the turn).
STEPS = {1: step1_territory, 2: step2_draw, 3: step3_window, 31: step3_sceptres, 32: step3_defender_sceptre,
         4: step4_commit, 5: step5_support, 6: step6_result, 7: step7_mayhem_and_window, 71: step7_orbs,
         8: step8_losses}
