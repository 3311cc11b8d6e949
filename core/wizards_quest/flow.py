"""The driver: automatic frames run until a player must decide; decisions are applied.

The game is a stack of resumable frames (state["frames"]): a frame is a small dict whose handler does
one step and returns; frames whose kind starts with "ask-" wait for a player's decision (phases/).
Handlers follow one discipline: pop themselves before pushing follow-ups that must run after them.
Here: the driver, the round (orcs, dragon, Peacemaker, the turns) and the turn's steps.
Every die roll goes into an event (WQ-TABLE-2: the engine rolls the neutral dice).
"""
from __future__ import annotations

from typing import Callable

from core.options import rng_scheme
from core.protocol import Event, IllegalMove
from core.rng import SCHEMES, Rng
from core.text import P, join, say, say_n, term
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.battle import fight_step, raid_step, raids_step
from core.wizards_quest.board import ORC, DUCHY_NAMES, name
from core.wizards_quest.effects import dice_off, men, peace_arrive, suffer_loss
from core.wizards_quest.notation import FORMS, format_move
from core.wizards_quest.phases import DECISIONS
from core.wizards_quest.setup import setup_step
from core.wizards_quest.state import QUIET, Frame, State, ask
from core.records import new_event

MAX_STEPS = 200000


class TableRng(Rng):
    """The engine's dice: scripted values first (scenarios), then the counter-based Rng."""

    __slots__ = ("script",)

    def __init__(self, seed: str, counter: int = 0, script: list[int] | None = None, *, scheme: int = 1) -> None:
        super().__init__(seed, counter, scheme=scheme)
        self.script = list(script) if script else []

    def die(self, sides: int = 6) -> int:
        if self.script:
            return self.script.pop(0)
        return super().die(sides)


class StreamRng(TableRng):
    """The dice of a state without scripted dice (nearly every move; none are ever added): the
    stream's own die, with no script to look at first."""

    __slots__ = ()
    die = Rng.die


def current(st: State) -> Frame | None:
    """The decision frame waiting for a player, or None."""
    frames = st["frames"]
    if not frames or st["winners"] is not None:
        return None
    top = frames[-1]
    return top if top["kind"] in ASKED else None  # a decision frame (its kind's hash is kept: no slice)


def run(st: State, rng: Rng, ev: list[Event]) -> None:
    """Advance until a real choice is needed or the game is over. (Whatever ends the game in a
    step empties the frames too: effects.collect, effects.check_eliminations; so the winners are
    looked at once, and then only the frames.)"""
    if st["winners"] is not None:
        return
    for _ in range(MAX_STEPS):
        frames = st["frames"]  # (read again each step: a game's end empties it, an elimination filters it)
        if not frames:
            return
        f = frames[-1]
        kind = f["kind"]
        step = PROCESS.get(kind)
        if step is not None:  # an automatic frame
            step(st, f, rng, ev)
            continue
        decision = ASKED[kind]
        auto = decision.auto
        move = auto(st, f) if auto is not None else None
        if move is None:
            return
        decision.resolve(st, f, move, rng, ev)
    raise RuntimeError("the game engine did not settle")  # a bug guard, never a rules outcome


def rng_of(st: State) -> TableRng:
    """The engine's dice where the state left them."""
    options = st["options"]
    scheme = options.get("rng") or rng_scheme(options)  # (rng_scheme's read, its call only for an unset option)
    seed, counter = st["seed"], st["rng"]
    if st["dice"] or scheme not in SCHEMES or type(seed) is not str or type(counter) is not int:
        return TableRng(seed, counter, st["dice"], scheme=scheme)
    rng = StreamRng.resumed(seed, counter, scheme)  # (the values are checked above)
    rng.script = []
    return rng


def settle(st: State, rng: TableRng, ev: list[Event]) -> None:
    """Run on, then store where the dice stand."""
    run(st, rng, ev)
    store_dice(st, rng)


def store_dice(st: State, rng: TableRng) -> None:
    """Where the dice stand, as settle stores them: the stream's counter and the scripted dice left
    (the rules never read them from the state, only rng_of does)."""
    st["rng"] = rng.counter
    if rng.script or st["dice"]:  # (no scripted dice: the state's empty list stays)
        st["dice"] = list(rng.script)


def apply_decision(st: State, seat: int, move: dict, ev: list[Event] | None = None) -> tuple[State, list[Event]]:
    """The prompted seat's answer to its decision (the move's shape is checked already); what
    happens goes to `ev` (a new list; S.QUIET: nothing is written)."""
    f = current(st)
    assert f is not None
    return decide(st, f, move, ev)


def decide(st: State, f: Frame, move: dict, ev: list[Event] | None = None) -> tuple[State, list[Event]]:
    """apply_decision on the decision frame `f`, current(st), which the caller found already (apply's
    plain path: the frame is looked up once a move)."""
    decision = ASKED[f["kind"]]
    if move["type"] not in decision.moves:  # with the answers that fit (the game's own error, so its own hints)
        hints = [format_move(m) if "pattern" not in m else m["pattern"] for m in decision.legal(st, f)]
        raise IllegalMove("wrong-move", say("Now: {asked} You can now: {moves}.", asked=decision.text,
                                            moves=legal_now(st, f)), decision.rule, hints[:15] or None)
    new = S.clone(st)
    rng = rng_of(st)
    if ev is None:
        ev = []
    decision.resolve(new, new["frames"][-1], move, rng, ev)
    run(new, rng, ev)  # (settle's two steps)
    store_dice(new, rng)
    return new, ev


def legal_now(st: State, f: Frame) -> str:
    """The kinds of move legal at this decision, as their notation forms ('draw, done', 'castle <K>'),
    in the order of the notation list: only what is legal now, never every kind the decision knows."""
    verbs: list[str] = []
    for m in DECISIONS[f["kind"][4:]].legal(st, f):
        verb = m.get("type") or m["pattern"].split()[0]
        if verb not in verbs:
            verbs.append(verb)
    forms = {form.split()[0]: form for form in FORMS}
    order = list(forms)
    return join(", ", [forms.get(v, v) for v in sorted(verbs, key=lambda v: order.index(v) if v in forms else len(forms))])


def apply_standing(st: State, seat: int, move: dict) -> tuple[State, list[Event]]:
    """A standing order for losses, legal at any time (WQ-TABLE-5)."""
    value = move.get("losses")
    if value not in ("men-first", "ask") or set(move) - {"type", "losses"}:
        raise IllegalMove("bad-move", say("Write 'standing losses men-first' or 'standing losses ask'."), "WQ-TABLE-5")
    new = S.clone(st)
    S.own(new, "standing")[seat] = value
    ev = [Event(say("Standing order: your losses are taken men first.") if value == "men-first"
                else say("Standing order: your losses are asked each time."), (seat,))]
    settle(new, rng_of(st), ev)
    return new, ev


def rule_now(st: State) -> str:
    """The rule of what is being asked now (shape errors name it)."""
    f = current(st)
    return DECISIONS[f["kind"][4:]].rule if f else "WQ-ROUND-1"


# ----------------------------------------------------------------- the round --------

def round_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """One step of the round: breeding, raids, new orcs, dragon, Peacemaker, starting player, turns."""
    stage = f["stage"]
    if stage == "breed":
        breed(st, rng, ev)
        f["stage"] = "raids"
    elif stage == "raids":
        f["stage"] = "new"
        own = st["owner"]
        sources = [t for t in S.indices(st["men"], 4) if own[t] == ORC]  # (the few armies of 4, in map order)
        if sources:  # WQ-ORC-RAID-1, WQ-ORC-RAID-2: index order is duchy/county, then castles
            st["frames"].append({"kind": "raids", "source": sources, "next": 0})
    elif stage == "new":
        new_orcs(st, ev)
        f["stage"] = "peace"
        st["frames"].append({"kind": "dragon", "mode": "step", "stage": "start", "single": False, "duchy": 0})
    elif stage == "peace":
        f["stage"] = "start"
        peace_step(st, rng, ev)
    elif stage == "start":  # WQ-START-1
        seats = S.active_seats(st, st["start"])
        st["start"] = dice_off(seats, rng, ev, False)
        if ev is not QUIET:
            key = ("starts", st["start"])
            ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(say("{player} is the starting player.", player=P(key[1])))))
        f["stage"], f["order"], f["next"] = "turns", S.active_seats(st, st["start"]), 0
    elif stage == "turns":  # WQ-START-2
        if f["next"] < len(f["order"]):
            seat = f["order"][f["next"]]
            f["next"] += 1
            if not st["eliminated"][seat]:
                st["frames"].append({"kind": "turn", "seat": seat, "stage": "begin"})
        else:
            st["round"] += 1
            f["stage"] = "breed"
            if ev is not QUIET:
                key = ("round", st["round"])
                ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(say("Round {round} begins.", round=key[1]))))


def peace_step(st: State, rng: Rng, ev: list[Event]) -> None:
    """WQ-PEACE-1: the Peacemaker moves to the territory two dice name."""
    d, c = rng.die(), rng.die()
    t = (d - 1) * 6 + c - 1
    if ev is not QUIET:
        said = S.TOLD.get(("peace moves", d, c)) or S.TOLD.keep(("peace moves", d, c), say(
            "The Peacemaker moves: rolled {duchy} and {county}, to {where}.", duchy=d, county=c, where=name(t)))
        ev.append(new_event((said, None, {"dice": [d, c]})))
    peace_arrive(st, t, False, ev)


def new_orcs(st: State, ev: list[Event]) -> None:
    """WQ-ORC-NEW-1: an orc on every empty territory."""
    fresh = S.indices(st["owner"], -1)
    for t in fresh:
        st["owner"][t], st["men"][t] = ORC, 1
    if fresh and ev is not QUIET:  # (English says "territories" for one too, as stored games have it)
        key = ("new orcs", len(fresh))
        ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(say_n(
            "New orcs appear on {n} empty territories.", "New orcs appear on {n} empty territories.", key[1]))))


def breed(st: State, rng: Rng, ev: list[Event]) -> None:
    """WQ-ORC-BREED-1 to -5: one roll per player still in, from the starting player."""
    own, n = st["owner"], st["men"]
    for s in S.active_seats(st, st["start"]):
        d = rng.die()
        grown = 0
        for t in board.DUCHY_COUNTIES[d] + board.BREED_CASTLES[d]:
            if own[t] == ORC and n[t] < 4:
                n[t] += 1
                grown += 1
        if ev is not QUIET:
            said = S.TOLD.get(("breeding", s, d, grown)) or S.TOLD.keep(("breeding", s, d, grown), say_n(
                "Orc breeding: {player} rolled {die} ({duchy}); {n} orc army grows.",
                "Orc breeding: {player} rolled {die} ({duchy}); {n} orc armies grow.", grown,
                player=P(s), die=d, duchy=term(DUCHY_NAMES[d])))
            ev.append(new_event((said, None, {"seat": s, "die": d})))


def dragon_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-DRAGON-1 to -8; mode "land" lands once in a chosen duchy (cards, fleeing)."""
    if f["stage"] == "start":
        f["stage"] = "fly"
        if f["mode"] == "step":
            pd, own = S.protected_duchy(st), st["owner"]
            f["single"] = not any(0 <= own[t] < ORC for t in range(board.COUNTIES) if board.DUCHY[t] != pd)  # WQ-DRAGON-7
            if st["dragon"] < 0:
                if ev is not QUIET:
                    ev.append(Event(say("A dragon appears over Marnon.")))
    if f["mode"] == "step":
        d, c = rng.die(), rng.die()  # white die = duchy, coloured die = county (WQ-TABLE-3)
        t = (d - 1) * 6 + c - 1
        if ev is not QUIET:
            said = S.TOLD.get(("flies", d, c)) or S.TOLD.keep(("flies", d, c), say(
                "The dragon flies: rolled {duchy} and {county}, landing on {where}.", duchy=d, county=c, where=name(t)))
            ev.append(new_event((said, None, {"dice": [d, c]})))
    else:
        d = f["duchy"]
        c = rng.die()
        t = (d - 1) * 6 + c - 1
        if ev is not QUIET:
            said = S.TOLD.get(("lands", d, c)) or S.TOLD.keep(("lands", d, c), say(
                "The dragon lands in {duchy}: rolled {die}, on {where}.", duchy=term(DUCHY_NAMES[d]), die=c, where=name(t)))
            ev.append(new_event((said, None, {"die": c})))
    st["dragon"] = t
    st["frames"].pop()
    ate_player = dragon_eat(st, t, rng, ev)
    if f["mode"] == "step" and not f["single"] and not ate_player:  # WQ-DRAGON-5: fly again
        st["frames"].append(f)


def dragon_eat(st: State, t: int, rng: Rng, ev: list[Event]) -> bool:
    """Eat one die roll of creatures on t; True if a player's pieces are eaten."""
    if S.is_protected(st, t):  # WQ-DRAGON-6
        if ev is not QUIET:
            ev.append(PROTECTED)
        return False
    k = rng.die()
    s = st["owner"][t]
    if s == ORC:
        eaten = min(k, st["men"][t])
        st["men"][t] -= eaten
        S.refresh(st, t)
        if ev is not QUIET:
            said = S.TOLD.get(("eats orcs", k, eaten)) or S.TOLD.keep(("eats orcs", k, eaten), say_n(
                "The dragon rolls {die} and eats {n} orc.", "The dragon rolls {die} and eats {n} orcs.", eaten, die=k))
            ev.append(new_event((said, None, {"die": k})))
        return False
    if s < 0:
        if ev is not QUIET:
            ev.append(Event(say("The dragon rolls {die}, but there is nothing to eat.", die=k), data={"die": k}))
        return False
    eaten = min(k, S.pieces(st, t))
    if ev is not QUIET:
        said = S.TOLD.get(("eats pieces", k, eaten, s)) or S.TOLD.keep(("eats pieces", k, eaten, s), say(
            "The dragon rolls {die} and eats {n} of {player}'s pieces.", die=k, n=eaten, player=P(s)))
        ev.append(new_event((said, None, {"die": k})))
    suffer_loss(st, s, t, eaten, "", "the dragon eats", ev)
    return True


PROTECTED = Event(say("The Peacemaker protects this duchy: the dragon eats nothing."))  # (made once: a value)


def turn_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """A player's turn: the card window, the reinforcements, the campaigns (WQ-START-2, step 5)."""
    seat = f["seat"]
    if st["eliminated"][seat]:
        st["frames"].pop()
        st["turn"] = None
        return
    stage = f["stage"]
    if stage == "begin":
        st["turn"] = {"seat": seat, "cut": 0, "card_men": 0, "campaigns": 1, "boat_used": False,
                       "reinforced": False}
        if ev is not QUIET:
            told = S.TOLD.get(("turn", seat))
            ev.append(told or S.TOLD.keep(("turn", seat), Event(say("{player}'s turn.", player=P(seat)))))
        f["stage"] = "supply"
        ask(st, "cards", seat, mode="turn", drew=False, new="")
    elif stage == "supply":  # WQ-SUPPLY-3, WQ-CARDS-6
        tn = st["turn"]
        assert tn is not None
        base = S.reinforcements(st, seat, tn["cut"])
        total = base + tn["card_men"]
        tn["reinforced"], tn["card_men"] = True, 0
        if ev is not QUIET:
            key = ("receives", seat, total, base)
            ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(say("{player} receives {men} ({base} as reinforcements).",
                                                                    player=P(seat), men=men(total), base=base))))
        f["stage"] = "camp"
        if total:
            ask(st, "place", seat, total=total, single=-1, max_heroes=2, why="reinforcements")
    elif stage == "camp":
        ask(st, "camp", seat)
    else:
        st["frames"].pop()
        st["turn"] = None



ASKED = {"ask-" + kind: decision for kind, decision in DECISIONS.items()}  # the frame's kind: its decision
PROCESS: dict[str, Callable[[State, Frame, Rng, list[Event]], None]] = {
    "setup": setup_step, "round": round_step, "raids": raids_step, "raid": raid_step, "fight": fight_step,
    "dragon": dragon_step, "turn": turn_step}
