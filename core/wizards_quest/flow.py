"""The driver: automatic frames run until a player must decide; decisions are applied.

The game is a stack of resumable frames (state["q"]): a frame is a small dict whose handler does
one step and returns; frames whose kind starts with "ask-" wait for a player's decision (phases/).
Handlers follow one discipline: pop themselves before pushing follow-ups that must run after them.
Here: the driver, the round (orcs, dragon, Peacemaker, the turns) and the turn's steps.
Every die roll goes into an event (WQ-TABLE-2: the engine rolls the neutral dice).
"""
from __future__ import annotations

from typing import Callable

from core.protocol import Event, IllegalMove
from core.rng import Rng
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.battle import fight_step, raid_step, raids_step
from core.wizards_quest.board import ORC, DUCHY_NAMES, name
from core.wizards_quest.effects import dice_off, men, peace_arrive
from core.wizards_quest.notation import FORMS, format_move
from core.wizards_quest.phases import DECISIONS
from core.wizards_quest.setup import setup_step
from core.wizards_quest.state import Frame, State, ask

MAX_STEPS = 200000


class TableRng(Rng):
    """The engine's dice: scripted values first (scenarios), then the counter-based Rng."""

    __slots__ = ("script",)

    def __init__(self, seed: str, counter: int = 0, script: list[int] | None = None, *, scheme: int = 1) -> None:
        super().__init__(seed, counter, scheme=scheme)
        self.script = list(script or [])

    def die(self, sides: int = 6) -> int:
        if self.script:
            return self.script.pop(0)
        return super().die(sides)



def current(st: State) -> Frame | None:
    """The decision frame waiting for a player, or None."""
    if st["win"] is not None or not st["q"]:
        return None
    top = st["q"][-1]
    return top if top["k"].startswith("ask-") else None


def run(st: State, rng: Rng, ev: list[Event]) -> None:
    """Advance until a real choice is needed or the game is over."""
    for _ in range(MAX_STEPS):
        if st["win"] is not None or not st["q"]:
            return
        f = st["q"][-1]
        k = f["k"]
        if k.startswith("ask-"):
            decision = DECISIONS[k[4:]]
            move = decision.auto(st, f) if decision.auto is not None else None
            if move is None:
                return
            decision.resolve(st, f, move, rng, ev)
            continue
        PROCESS[k](st, f, rng, ev)
    raise RuntimeError("the game engine did not settle")  # a bug guard, never a rules outcome


def rng_of(st: State) -> TableRng:
    """The engine's dice where the state left them."""
    return TableRng(st["seed"], st["rng"], st["dice"], scheme=S.rng_scheme(st["opt"]))


def settle(st: State, rng: TableRng, ev: list[Event]) -> None:
    """Run on, then store where the dice stand."""
    run(st, rng, ev)
    st["rng"] = rng.counter
    st["dice"] = list(rng.script)


def apply_decision(st: State, seat: int, move: dict) -> tuple[State, list[Event]]:
    """The prompted seat's answer to its decision (the move's shape is checked already)."""
    f = current(st)
    assert f is not None
    decision = DECISIONS[f["k"][4:]]
    if move["type"] not in decision.moves:  # with the answers that fit (the game's own error, so its own hints)
        hints = [format_move(m) if "pattern" not in m else m["pattern"] for m in decision.legal(st, f)]
        raise IllegalMove("wrong-move", f"Now: {decision.text} You can now: {legal_now(st, f)}.", decision.rule,
                          hints[:15] or None)
    new = S.clone(st)
    rng = rng_of(st)
    ev: list[Event] = []
    decision.resolve(new, new["q"][-1], move, rng, ev)
    settle(new, rng, ev)
    return new, ev


def legal_now(st: State, f: Frame) -> str:
    """The kinds of move legal at this decision, as their notation forms ('draw, done', 'castle <K>'),
    in the order of the notation list: only what is legal now, never every kind the decision knows."""
    verbs: list[str] = []
    for m in DECISIONS[f["k"][4:]].legal(st, f):
        verb = m.get("type") or m["pattern"].split()[0]
        if verb not in verbs:
            verbs.append(verb)
    forms = {form.split()[0]: form for form in FORMS}
    order = list(forms)
    return ", ".join(forms.get(v, v) for v in sorted(verbs, key=lambda v: order.index(v) if v in forms else len(forms)))


def apply_standing(st: State, seat: int, move: dict) -> tuple[State, list[Event]]:
    """A standing order for losses, legal at any time (WQ-TABLE-5)."""
    value = move.get("losses")
    if value not in ("men-first", "ask") or set(move) - {"type", "losses"}:
        raise IllegalMove("bad-move", "Write 'standing losses men-first' or 'standing losses ask'.", "WQ-TABLE-5")
    new = S.clone(st)
    new["std"][seat] = value
    ev = [Event(f"Standing order: your losses are {'taken men first' if value == 'men-first' else 'asked each time'}.",
                (seat,))]
    settle(new, rng_of(st), ev)
    return new, ev


def rule_now(st: State) -> str:
    """The rule of what is being asked now (shape errors name it)."""
    f = current(st)
    return DECISIONS[f["k"][4:]].rule if f else "WQ-ROUND-1"


# ----------------------------------------------------------------- the round --------

def round_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """One step of the round: breeding, raids, new orcs, dragon, Peacemaker, starting player, turns."""
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


def breed(st: State, rng: Rng, ev: list[Event]) -> None:
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


def dragon_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
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


def dragon_eat(st: State, t: int, rng: Rng, ev: list[Event]) -> bool:
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


def turn_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """A player's turn: the card window, the reinforcements, the campaigns (WQ-START-2, step 5)."""
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
        assert tn is not None
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



PROCESS: dict[str, Callable[[State, Frame, Rng, list[Event]], None]] = {
    "setup": setup_step, "round": round_step, "raids": raids_step, "raid": raid_step, "fight": fight_step,
    "dragon": dragon_step, "turn": turn_step}
