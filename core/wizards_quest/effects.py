"""Changes several rules share: rolling off, drawing a card, men from cards, collecting a
treasure, eliminating players, the creatures sent somewhere. A module of its own so that the
decisions (phases/), the battles and the driver (flow.py) can all use them without importing
each other. Every die roll goes into an event (WQ-TABLE-2: the engine rolls the neutral dice).
"""
from __future__ import annotations

from core.protocol import Event
from core.memo import Memo
from core.rng import Rng
from core.text import Msg, P, join, say, say_n, term
from core.wizards_quest import board, cards
from core.wizards_quest import state as S
from core.wizards_quest.board import ORC, name
from core.wizards_quest.state import QUIET, State, ask
from core.records import new_event


# Messages the events say again and again with the same few arguments, each said once and kept by
# them (a message is a value: the same English and form, whichever event holds it; only exact int
# arguments are keys, so that True is never taken for 1).
MEN = Memo(256)  # count -> men(count)
PIECES = Memo(256)  # count -> pieces(count)
SPOTS = Memo(4096)  # (count or hero, territory) -> a placing's part
LOSSES = Memo(4096)  # (seat, count, territory, hero lost or "") -> the event of that loss


def men(k: int) -> Msg:
    """'1 man', '3 men' (kept in MEN by an exact int count: True is never taken for 1)."""
    said = MEN.get(k) if type(k) is int else None
    return said if said is not None else _counted(MEN, k, say_n("{n} man", "{n} men", k))


def pieces(k: int) -> Msg:
    """'1 piece', '3 pieces' (kept in PIECES as men's are in MEN)."""
    said = PIECES.get(k) if type(k) is int else None
    return said if said is not None else _counted(PIECES, k, say_n("{n} piece", "{n} pieces", k))


def _counted(memo: Memo, k: int, said: Msg) -> Msg:
    """`said`, the message of the count `k`, kept in `memo` where `k` is an exact int."""
    return memo.keep(k, said) if type(k) is int else said


def spots(men: dict[int, int], heroes: dict[str, int]) -> list[Msg]:
    """Where a placing or scattering put pieces, "2 on D1C1", "champion on D1C1": men by
    territory, then the heroes."""
    parts = []
    for t, k in sorted(men.items()):
        part = SPOTS.get((k, t)) if type(k) is int else None
        if part is None:
            part = say("{n} on {where}", n=k, where=board.IDS[t])
            if type(k) is int:
                SPOTS.keep((k, t), part)
        parts.append(part)
    for h, t in heroes.items():
        part = SPOTS.get((h, t))
        parts.append(part if part is not None else SPOTS.keep((h, t), say("{hero} on {where}", hero=term(h),
                                                                            where=board.IDS[t])))
    return parts


def dice_off(seats: list[int], rng: Rng, ev: list[Event], first: bool) -> int:
    """Everyone rolls two dice; ties for the highest roll again (WQ-TABLE-4): for the first
    player (`first`) or the starting player."""
    while True:
        rolls = [(rng.die() + rng.die(), s) for s in seats]
        if ev is not QUIET:
            said = join(", ", [S.TOLD.get(("rolled", s, r)) or S.TOLD.keep(("rolled", s, r), say(
                "{player} {roll}", player=P(s), roll=r)) for r, s in rolls])
            ev.append(Event(say("Rolling for first player: {rolls}.", rolls=said) if first
                            else say("Rolling for starting player: {rolls}.", rolls=said),
                            data={"rolls": [[s, r] for r, s in rolls]}))
        top = max(r for r, _ in rolls)
        best = [s for r, s in rolls if r == top]
        if len(best) == 1:
            return best[0]
        seats = best


def draw_card(st: State, rng: Rng, ev: list[Event]) -> str | None:
    """Top card of the deck; the discards are shuffled in when it runs out (WQ-CARDS-5)."""
    if not st["deck"]:
        if not st["discard"]:
            return None
        st["deck"] = rng.shuffle(st["discard"][:])
        st["discard"] = []
        if ev is not QUIET:
            ev.append(Event(say("The discard pile is shuffled into a new deck.")))
    return S.own(st, "deck").pop(0)


def give_men(st: State, seat: int, k: int, ev: list[Event]) -> None:
    """Men from a card: with the reinforcements, or at once after them (WQ-CARDS-6, WQ-TREASURE-4)."""
    tn = st["turn"]
    if tn is not None and tn["seat"] == seat and not tn["reinforced"]:
        tn["card_men"] += k
    elif k > 0:
        ask(st, "place", seat, total=k, single=-1, max_heroes=2, why="men from a card")


def give_extra(st: State, seat: int, ev: list[Event]) -> None:
    tn = st["turn"]
    if tn is not None and tn["seat"] == seat:
        tn["campaigns"] += 1
    elif ev is not QUIET:
        ev.append(Event(say("{player} cannot use an extra campaign outside their own turn.", player=P(seat))))


def collect(st: State, seat: int, i: int, t: int, rng: Rng, ev: list[Event]) -> None:
    """WQ-TREASURE-1 to -6."""
    tr = S.own_treasure(st, i)
    tr[2] = S.TAKEN
    kind = tr[1]
    if ev is not QUIET:
        key = ("collects", seat, kind, t)
        ev.append(S.TOLD.get(key) or S.TOLD.keep(key, new_event((say(
            "{player} collects their {treasure} on {where}.", player=P(seat), treasure=term(S.KIND_NAMES[kind]),
            where=name(t)), None, None))))
    if S.collected(st, seat) == 3:  # WQ-TREASURE-6
        st["winners"], st["reason"] = [seat], "collected all three treasures"
        st["frames"] = []
        if ev is not QUIET:
            ev.append(Event(say("{player} has all three treasures and wins!", player=P(seat))))
        return
    if kind == 1:
        ask(st, "place", seat, total=4, single=t, max_heroes=1, why="the chest")
    elif kind == 0:
        ask(st, "place", seat, total=3, single=-1, max_heroes=2, why="the crown")
    elif kind == 2:
        card = draw_card(st, rng, ev)
        if card is None:
            if ev is not QUIET:
                ev.append(Event(say("The deck is empty: no card for the ring.")))
        elif cards.immediate(card):
            S.own(st, "discard").append(card)
            if ev is not QUIET:
                ev.append(Event(say("{player} draws {card} for the ring; it is discarded.", player=P(seat),
                                    card=cards.describe(card))))
        else:
            S.own_pile(st, "hands", seat).append(card)
            if ev is not QUIET:
                ev.append(Event(say("{player} draws a card for the ring.", player=P(seat))))
                ev.append(Event(say("You drew {card}.", card=cards.describe(card)), (seat,)))
            ask(st, "cards", seat, mode="ring", drew=True, new=card)


def collect_here(st: State, seat: int, t: int, rng: Rng, ev: list[Event]) -> None:
    """Collect a treasure the seat reached on t in any way (WQ-TREASURE-5)."""
    i = S.own_treasure_at(st, seat, t)
    if i >= 0 and st["owner"][t] == seat:
        collect(st, seat, i, t, rng, ev)


def check_eliminations(st: State, ev: list[Event]) -> None:
    """WQ-END-1, WQ-END-2, WQ-END-4."""
    if st["round"] < 1 or st["winners"] is not None:
        return
    own, out = st["owner"], st["eliminated"]  # (`out` as it was: a seat put out below is not looked at again)
    champion = st["champion"]
    for s in range(st["players"]):
        # (where the seat's champion stands is usually the seat's: then it holds a territory, seen without
        # scanning the map; a champion off the map, -1, looks at the last territory, a territory all the same)
        if out[s] or own[champion[s]] == s or s in own:
            continue
        S.own(st, "eliminated")[s] = True
        S.own(st, "discard").extend(st["hands"][s])
        st["discard"].extend(st["boats"][s])
        S.own(st, "hands")[s], S.own(st, "boats")[s] = [], []
        for i, tr in enumerate(st["treasures"]):
            if tr[0] == s and tr[2] >= 0:
                S.own_treasure(st, i)[2] = S.GONE
        # a question still waiting for him (his own card window) is withdrawn: he does nothing more
        st["frames"] = [f for f in st["frames"] if not (f["kind"].startswith("ask-") and f.get("seat") == s)]
        if ev is not QUIET:
            ev.append(Event(say("{player} has no pieces left and is out of the game.", player=P(s))))
    if st["eliminated"].count(False) > 1:  # (the usual answer, without listing who is left)
        return
    left = [s for s in range(st["players"]) if not st["eliminated"][s]]
    if len(left) == 1:
        st["winners"], st["reason"] = left, "last player standing"
        st["frames"] = []
        if ev is not QUIET:
            ev.append(Event(say("{player} is the last player standing and wins.", player=P(left[0]))))
    elif not left:
        st["winners"], st["reason"] = [], "every player was eliminated"
        st["frames"] = []
        if ev is not QUIET:
            ev.append(Event(say("Every player has been eliminated: nobody wins.")))


def loss_choices(st: State, seat: int, t: int, k: int) -> list[str]:
    """What a loss of k pieces on t may take besides men: "" (men only) and/or the hero there
    (WQ-LOSS-2); one entry when everything is lost."""
    return _loss_options(S.hero_at(st, seat, t), st["men"][t], k)


def _loss_options(hero: str | None, n: int, k: int) -> list[str]:
    """loss_choices for the hero on the territory (or None) and its n men."""
    if k >= n + (1 if hero else 0):
        return [hero or ""]  # everything is lost: no choice
    out: list[str] = []
    if n >= k:
        out.append("")
    if hero and n >= k - 1:
        out.append(hero)
    return out


def forced_loss(st: State, seat: int, t: int, k: int) -> str | None:
    """The hero lost ("": men only) when the rules or the seat's standing order leave no choice
    (WQ-LOSS-2, WQ-TABLE-5), else None: the seat is asked."""
    hero = S.hero_at(st, seat, t)
    if hero is None:  # men only, whatever the count (_loss_options' one entry: "")
        return ""
    options = _loss_options(hero, st["men"][t], k)
    if len(options) == 1:
        return options[0]
    if st["standing"][seat] == "men-first" and "" in options:
        return ""
    return None


def lose_pieces(st: State, seat: int, t: int, k: int, hero: str, into: str, why: str, ev: list[Event]) -> None:
    """Carry out a loss of k pieces on t, `hero` among them (its frame, if it had one, gone): a
    wizard's victims go to the fight frame's struck list `into`; the dragon's may eliminate."""
    lost = S.pieces(st, t)
    if k < lost:  # (min, without its call)
        lost = k
    n = lost - (1 if hero else 0)
    S.remove(st, t, n, hero or None)
    if ev is not QUIET:
        where = board.IDS[t]
        told = LOSSES.get((seat, n, t, hero))
        if told is None:
            told = LOSSES.keep((seat, n, t, hero), new_event((
                say("{player} loses {men} on {where}.", player=P(seat), men=men(n), where=where) if not hero else
                say("{player} loses {men} and their {hero} on {where}.", player=P(seat), men=men(n), hero=term(hero),
                    where=where) if n else
                say("{player} loses their {hero} on {where}.", player=P(seat), hero=term(hero), where=where), None, None)))
        ev.append(told)
    if into:
        st["frames"][-1][S.STRUCK[into]] = [n, hero]  # type: ignore[literal-required]
    elif why == "the dragon eats":
        check_eliminations(st, ev)


def suffer_loss(st: State, seat: int, t: int, k: int, into: str, why: str, ev: list[Event]) -> None:
    """A loss of k pieces on t: carried out at once when nobody has a choice (what the loss
    decision's automatic answer does, without pushing its frame for the driver to pop), else
    put to the seat (phases/loss.py)."""
    hero = forced_loss(st, seat, t, k)
    if hero is None:
        ask(st, "loss", seat, territory=t, count=k, into=into, why=why)
    else:
        lose_pieces(st, seat, t, k, hero, into, why, ev)


def peace_arrive(st: State, t: int, adds_three: bool, ev: list[Event]) -> None:
    """WQ-PEACE-2 (normal step) or the card/flee effect (adds_three)."""
    st["peace"] = t
    s = st["owner"][t]
    if s == ORC:
        st["men"][t] = min(4, st["men"][t] + 3) if adds_three else 4
        if ev is not QUIET:
            key = ("orcs number", st["men"][t])
            ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(say("The orcs there now number {n}.", n=key[1]))))
    elif s >= 0:
        if ev is not QUIET:
            key = ("receives 3", s)
            ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(say("{player} receives 3 men there.", player=P(s)))))
        ask(st, "place", s, total=3, single=t, max_heroes=1, why="the Peacemaker's gift")



def send_creature(st: State, who: str, d: int, rng: Rng, ev: list[Event]) -> None:
    """A creature flees or is sent by card to a duchy; a die picks the county."""
    if who == "dragon":
        st["frames"].append({"kind": "dragon", "mode": "land", "stage": "start", "single": True, "duchy": d})
        return
    c = rng.die()
    t = (d - 1) * 6 + c - 1
    if ev is not QUIET:
        said = S.TOLD.get(("peace goes", d, c)) or S.TOLD.keep(("peace goes", d, c), say(
            "The Peacemaker goes to {duchy}: rolled {die}, to {where}.", duchy=term(board.DUCHY_NAMES[d]), die=c,
            where=name(t)))
        ev.append(new_event((said, None, {"die": c})))
    peace_arrive(st, t, True, ev)

