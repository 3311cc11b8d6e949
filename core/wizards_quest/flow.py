"""The automatic parts of the game as resumable frames on a stack (state["q"]).

A frame is a small dict; its handler does one step and returns. Frames whose kind
starts with "ask-" wait for a player's decision (see decisions.py). Handlers follow one
discipline: pop themselves before pushing follow-ups that must run after them.
Every die roll goes into an event (WQ-TABLE-2: the engine rolls the neutral dice).
"""
from __future__ import annotations

from core.protocol import Event
from core.wizards_quest import board, cards
from core.wizards_quest.board import ORC, IDS, DUCHY_NAMES
from core.wizards_quest import state as S


def name(t: int) -> str:
    return f"{IDS[t]} {board.NAMES[t]}"


def men(k: int, word: str = "man", plural: str | None = None) -> str:
    """'1 man', '3 men', '1 orc', '2 orcs', '1 orc army', '0 orc armies'."""
    plural = plural or ("men" if word == "man" else word + "s")
    return f"{k} {word if k == 1 else plural}"


def ask(st, kind, seat, **kw):
    frame = {"k": "ask-" + kind, "seat": seat}
    frame.update(kw)
    st["q"].append(frame)


def dice_off(seats, rng, ev, why):
    """Everyone rolls two dice; ties for the highest roll again (WQ-TABLE-4)."""
    while True:
        rolls = [(rng.die() + rng.die(), s) for s in seats]
        ev.append(Event(f"{why}: " + ", ".join(f"{{P{s}}} {r}" for r, s in rolls) + ".",
                        data={"rolls": [[s, r] for r, s in rolls]}))
        top = max(r for r, _ in rolls)
        best = [s for r, s in rolls if r == top]
        if len(best) == 1:
            return best[0]
        seats = best


# ----------------------------------------------------------------- the round --------

def round_step(st, f, rng, ev):
    stage = f["st"]
    if stage == "breed":
        breed(st, rng, ev)
        f["st"] = "raids"
    elif stage == "raids":
        f["st"] = "new"
        sources = [t for t in range(board.TERRITORIES) if st["own"][t] == ORC and st["n"][t] == 4]
        if sources:  # WQ-ORC-RAID-1, WQ-ORC-RAID-2: index order is duchy/county, then castles
            st["q"].append({"k": "raids", "src": sources, "i": 0})
    elif stage == "new":  # WQ-ORC-NEW-1
        fresh = [t for t in range(board.TERRITORIES) if st["own"][t] == -1]
        for t in fresh:
            st["own"][t], st["n"][t] = ORC, 1
        if fresh:
            ev.append(Event(f"New orcs appear on {len(fresh)} empty territories."))
        f["st"] = "peace"
        st["q"].append({"k": "dragon", "mode": "step", "st": "start", "single": False, "duchy": 0})
    elif stage == "peace":  # WQ-PEACE-1
        d, c = rng.die(), rng.die()
        t = (d - 1) * 6 + c - 1
        ev.append(Event(f"The Peacemaker moves: rolled {d} and {c}, to {name(t)}.", data={"dice": [d, c]}))
        f["st"] = "start"
        peace_arrive(st, t, False, ev)
    elif stage == "start":  # WQ-START-1
        seats = S.active_seats(st, st["start"])
        st["start"] = dice_off(seats, rng, ev, "Rolling for starting player")
        ev.append(Event(f"{{P{st['start']}}} is the starting player."))
        f["st"], f["order"], f["i"] = "turns", S.active_seats(st, st["start"]), 0
    elif stage == "turns":  # WQ-START-2
        if f["i"] < len(f["order"]):
            seat = f["order"][f["i"]]
            f["i"] += 1
            if not st["out"][seat]:
                st["q"].append({"k": "turn", "seat": seat, "st": "begin"})
        else:
            st["round"] += 1
            f["st"] = "breed"
            ev.append(Event(f"Round {st['round']} begins."))


def breed(st, rng, ev):
    """WQ-ORC-BREED-1 to -5: one roll per player still in, from the starting player."""
    own, n = st["own"], st["n"]
    for s in S.active_seats(st, st["start"]):
        d = rng.die()
        grown = 0
        for t in board.DUCHY_COUNTIES[d] + board.BREED_CASTLES[d]:
            if own[t] == ORC and n[t] < 4:
                n[t] += 1
                grown += 1
        ev.append(Event(f"Orc breeding: {{P{s}}} rolled {d} ({DUCHY_NAMES[d]}); {men(grown, 'orc army', 'orc armies')} grow{'s' if grown == 1 else ''}.",
                        data={"seat": s, "die": d}))


def raid_targets(st, src):
    """Eligible targets of a raid, in attack order (WQ-ORC-RAID-3, WQ-ORC-RAID-4)."""
    ring = board.RING[src]
    ok = [t for t in ring if raid_eligible(st, t)]
    out = []
    if ok:
        first = min(ok)  # counties by duchy/county, castles after all counties
        i = ring.index(first)
        out = [t for t in ring[i:] + ring[:i] if t in ok]
    tun = board.TUNNEL_END[src]
    if tun >= 0 and raid_eligible(st, tun):
        out.append(tun)
    return out


def raid_eligible(st, t):
    s = st["own"][t]
    return (0 <= s < ORC and st["dragon"] != t and st["ch"][s] != t and not S.is_protected(st, t))


def raids_step(st, f, rng, ev):
    if f["i"] >= len(f["src"]):
        st["q"].pop()
        return
    src = f["src"][f["i"]]
    f["i"] += 1
    if st["own"][src] == ORC and st["n"][src] >= 2:
        targets = raid_targets(st, src)
        if targets:
            ev.append(Event(f"The orcs of {name(src)} raid: " + ", ".join(IDS[t] for t in targets) + "."))
            st["q"].append({"k": "raid", "src": src, "tg": targets, "i": 0})


def raid_step(st, f, rng, ev):
    """One raid target at a time; eligibility checked again (WQ-ORC-RAID-8)."""
    src = f["src"]
    if st["own"][src] != ORC or st["n"][src] <= 1 or f["i"] >= len(f["tg"]):
        st["q"].pop()  # WQ-ORC-RAID-7
        return
    t = f["tg"][f["i"]]
    f["i"] += 1
    if raid_eligible(st, t):
        st["q"].append(fight_frame("raid", ORC, src, t, "army", board.LINK[(src, t)], st["own"][t]))


def fight_frame(mode, attacker, src, tgt, vs, via, defender):
    return {"k": "fight", "mode": mode, "a": attacker, "src": src, "tgt": tgt, "vs": vs, "via": via,
            "d": defender, "nb": 0, "st": "check", "dl": 0, "al": 0, "bm": False, "lead": "",
            "awiz": False, "dwiz": False, "dv": [], "av": [], "beat": False, "won": []}


# ------------------------------------------------------------ dragon and Peacemaker --

def dragon_step(st, f, rng, ev):
    """WQ-DRAGON-1 to -8; mode "land" lands once in a chosen duchy (cards, fleeing)."""
    if f["st"] == "start":
        f["st"] = "fly"
        if f["mode"] == "step":
            pd = S.protected_duchy(st)
            f["single"] = not any(
                0 <= st["own"][t] < ORC for t in range(board.COUNTIES) if board.DUCHY[t] != pd)  # WQ-DRAGON-7
            if st["dragon"] < 0:
                ev.append(Event("A dragon appears over Marnon."))
    if f["mode"] == "step":
        d, c = rng.die(), rng.die()  # white die = duchy, coloured die = county (WQ-TABLE-3)
        t = (d - 1) * 6 + c - 1
        ev.append(Event(f"The dragon flies: rolled {d} and {c}, landing on {name(t)}.", data={"dice": [d, c]}))
    else:
        d = f["duchy"]
        c = rng.die()
        t = (d - 1) * 6 + c - 1
        ev.append(Event(f"The dragon lands in {DUCHY_NAMES[d]}: rolled {c}, on {name(t)}.", data={"die": c}))
    st["dragon"] = t
    st["q"].pop()
    ate_player = dragon_eat(st, t, rng, ev)
    if f["mode"] == "step" and not f["single"] and not ate_player:  # WQ-DRAGON-5: fly again
        st["q"].append(f)


def dragon_eat(st, t, rng, ev):
    """Eat one die roll of creatures on t; True if a player's pieces are eaten."""
    if S.is_protected(st, t):  # WQ-DRAGON-6
        ev.append(Event("The Peacemaker protects this duchy: the dragon eats nothing."))
        return False
    k = rng.die()
    s = st["own"][t]
    if s == ORC:
        eaten = min(k, st["n"][t])
        st["n"][t] -= eaten
        S.refresh(st, t)
        ev.append(Event(f"The dragon rolls {k} and eats {men(eaten, 'orc')}.", data={"die": k}))
        return False
    if s < 0:
        ev.append(Event(f"The dragon rolls {k}, but there is nothing to eat.", data={"die": k}))
        return False
    eaten = min(k, S.pieces(st, t))
    ev.append(Event(f"The dragon rolls {k} and eats {eaten} of {{P{s}}}'s pieces.", data={"die": k}))
    ask(st, "loss", s, t=t, n=eaten, into="", why="the dragon eats")
    return True


def peace_arrive(st, t, adds_three, ev):
    """WQ-PEACE-2 (normal step) or the card/flee effect (adds_three)."""
    st["peace"] = t
    s = st["own"][t]
    if s == ORC:
        st["n"][t] = min(4, st["n"][t] + 3) if adds_three else 4
        ev.append(Event(f"The orcs there now number {st['n'][t]}."))
    elif s >= 0:
        ev.append(Event(f"{{P{s}}} receives 3 men there."))
        ask(st, "place", s, total=3, single=t, maxh=1, why="the Peacemaker's gift")


# ----------------------------------------------------------------- a player's turn --

def turn_step(st, f, rng, ev):
    seat = f["seat"]
    if st["out"][seat]:
        st["q"].pop()
        st["tn"] = None
        return
    stage = f["st"]
    if stage == "begin":
        st["tn"] = {"seat": seat, "cut": 0, "cmen": 0, "camps": 1, "boat": False, "sup": False}
        ev.append(Event(f"{{P{seat}}}'s turn."))
        f["st"] = "supply"
        ask(st, "cards", seat, mode="turn", drew=False, new="")
    elif stage == "supply":  # WQ-SUPPLY-3, WQ-CARDS-6
        tn = st["tn"]
        base = S.reinforcements(st, seat, tn["cut"])
        total = base + tn["cmen"]
        tn["sup"], tn["cmen"] = True, 0
        ev.append(Event(f"{{P{seat}}} receives {men(total)} ({base} as reinforcements)."))
        f["st"] = "camp"
        if total:
            ask(st, "place", seat, total=total, single=-1, maxh=2, why="reinforcements")
    elif stage == "camp":
        ask(st, "camp", seat)
    else:
        st["q"].pop()
        st["tn"] = None


# ----------------------------------------------------------------- shared effects ---

def draw_card(st, rng, ev):
    """Top card of the deck; the discards are shuffled in when it runs out (WQ-CARDS-5)."""
    if not st["deck"]:
        if not st["disc"]:
            return None
        st["deck"] = rng.shuffle(st["disc"])
        st["disc"] = []
        ev.append(Event("The discard pile is shuffled into a new deck."))
    return st["deck"].pop(0)


def give_men(st, seat, k, ev):
    """Men from a card: with the reinforcements, or at once after them (WQ-CARDS-6, WQ-TREASURE-4)."""
    tn = st["tn"]
    if tn is not None and tn["seat"] == seat and not tn["sup"]:
        tn["cmen"] += k
    elif k > 0:
        ask(st, "place", seat, total=k, single=-1, maxh=2, why="men from a card")


def give_extra(st, seat, ev):
    tn = st["tn"]
    if tn is not None and tn["seat"] == seat:
        tn["camps"] += 1
    else:
        ev.append(Event(f"{{P{seat}}} cannot use an extra campaign outside their own turn."))


def collect(st, seat, i, t, rng, ev):
    """WQ-TREASURE-1 to -6."""
    tr = st["tre"][i]
    tr[2] = S.TAKEN
    kind = tr[1]
    ev.append(Event(f"{{P{seat}}} collects their {S.KIND_NAMES[kind]} on {name(t)}."))
    if S.collected(st, seat) == 3:  # WQ-TREASURE-6
        st["win"], st["why"] = [seat], "collected all three treasures"
        st["q"] = []
        ev.append(Event(f"{{P{seat}}} has all three treasures and wins!"))
        return
    if kind == 1:
        ask(st, "place", seat, total=4, single=t, maxh=1, why="the chest")
    elif kind == 0:
        ask(st, "place", seat, total=3, single=-1, maxh=2, why="the crown")
    elif kind == 2:
        card = draw_card(st, rng, ev)
        if card is None:
            ev.append(Event("The deck is empty: no card for the ring."))
        elif cards.immediate(card):
            st["disc"].append(card)
            ev.append(Event(f"{{P{seat}}} draws {cards.describe(card)} for the ring; it is discarded."))
        else:
            st["hands"][seat].append(card)
            ev.append(Event(f"{{P{seat}}} draws a card for the ring."))
            ev.append(Event(f"You drew {cards.describe(card)}.", (seat,)))
            ask(st, "cards", seat, mode="ring", drew=True, new=card)


def collect_here(st, seat, t, rng, ev):
    """Collect a treasure the seat reached on t in any way (WQ-TREASURE-5)."""
    i = S.own_treasure_at(st, seat, t)
    if i >= 0 and st["own"][t] == seat:
        collect(st, seat, i, t, rng, ev)


def check_eliminations(st, ev):
    """WQ-END-1, WQ-END-2, WQ-END-4."""
    if st["round"] < 1 or st["win"] is not None:
        return
    own = st["own"]
    alive = set(own)
    for s in range(st["np"]):
        if st["out"][s] or s in alive:
            continue
        st["out"][s] = True
        st["disc"].extend(st["hands"][s])
        st["disc"].extend(st["boats"][s])
        st["hands"][s], st["boats"][s] = [], []
        for tr in st["tre"]:
            if tr[0] == s and tr[2] >= 0:
                tr[2] = S.GONE
        # a question still waiting for him (his own card window) is withdrawn: he does nothing more
        st["q"] = [f for f in st["q"] if not (f["k"].startswith("ask-") and f.get("seat") == s)]
        ev.append(Event(f"{{P{s}}} has no pieces left and is out of the game."))
    left = [s for s in range(st["np"]) if not st["out"][s]]
    if len(left) == 1:
        st["win"], st["why"] = left, "last player standing"
        st["q"] = []
        ev.append(Event(f"{{P{left[0]}}} is the last player standing and wins."))
    elif not left:
        st["win"], st["why"] = [], "every player was eliminated"
        st["q"] = []
        ev.append(Event("Every player has been eliminated: nobody wins."))
