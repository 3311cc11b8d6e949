"""The driver: run automatic frames until a player must decide, and apply decisions."""
from __future__ import annotations

from core.protocol import Event, IllegalMove
from core.wizards_quest.newgame import TableRng
from core.wizards_quest import combat, flow, setup_steps
from core.wizards_quest import battle_asks, place_asks, setup_asks, turnasks  # noqa: F401  (they fill KINDS)
from core.wizards_quest import state as S
from core.wizards_quest.decisions import KINDS
from core.wizards_quest.notation import FIELDS, FORMS

PROCESS = {"setup": setup_steps.setup_step, "round": flow.round_step, "raids": flow.raids_step, "raid": flow.raid_step,
           "fight": combat.fight_step, "dragon": flow.dragon_step, "turn": flow.turn_step}

ASK_RULES = {"castle": "WQ-SETUP-3", "county": "WQ-SETUP-6", "hide": "WQ-SETUP-8", "place": "WQ-HERO-SUB-1",
             "loss": "WQ-LOSS-2", "scatter": "WQ-WIZ-2", "take": "WQ-CAMP-5", "flee": "WQ-SPECIAL-7",
             "go": "WQ-CAMP-3", "cards": "WQ-CARDS-1", "camp": "WQ-CAMP-1"}

MAX_STEPS = 200000


def current(st):
    """The decision frame waiting for a player, or None."""
    if st["win"] is not None or not st["q"]:
        return None
    top = st["q"][-1]
    return top if top["k"].startswith("ask-") else None


def run(st, rng, ev):
    """Advance until a real choice is needed or the game is over."""
    for _ in range(MAX_STEPS):
        if st["win"] is not None or not st["q"]:
            return
        f = st["q"][-1]
        k = f["k"]
        if k.startswith("ask-"):
            kind = KINDS[k[4:]]
            move = kind[1](st, f) if kind[1] else None
            if move is None:
                return
            kind[2](st, f, move, rng, ev)
            continue
        PROCESS[k](st, f, rng, ev)
    raise RuntimeError("the game engine did not settle")  # a bug guard, never a rules outcome


def apply_move(st, seat, move):
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("bad-move", "A move is a JSON object with a \"type\".", rule_now(st))
    unknown = sorted(set(move) - {"type"} - FIELDS.get(move["type"], set()), key=str)
    if unknown:
        raise IllegalMove("bad-move", f"A {move['type']!r} move has no field {unknown[0]!r}.", rule_now(st))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st["np"]:
        raise IllegalMove("bad-seat", f"There is no seat {seat!r} in this game.", "WQ-TABLE-1")
    if st["win"] is not None:
        raise IllegalMove("game-over", "The game is over.", "WQ-END-3")
    if move["type"] == "standing":
        return standing(st, seat, move)
    f = current(st)
    if f is None or f["seat"] != seat:
        waiting = f" (waiting for seat {f['seat']})" if f is not None else ""
        raise IllegalMove("not-your-turn", f"You are not being asked to decide anything now{waiting}.", "WQ-START-2")
    kind = f["k"][4:]
    expected = MOVE_TYPES[kind]
    if move["type"] not in expected:
        raise IllegalMove("wrong-move", f"Now: {KINDS[kind][4]} You can now: {legal_now(st, f)}.", rule_now(st))
    new = S.clone(st)
    rng = TableRng(st["seed"], st["rng"], st["dice"])
    ev: list[Event] = []
    KINDS[kind][2](new, new["q"][-1], move, rng, ev)
    settle(new, rng, ev)
    return new, ev


def legal_now(st, f):
    """The kinds of move legal at this decision, as their notation forms ('draw, done', 'castle <K>'),
    in the order of the notation list: only what is legal now, never every kind the decision knows."""
    verbs = []
    for m in KINDS[f["k"][4:]][0](st, f):
        verb = m.get("type") or m["pattern"].split()[0]
        if verb not in verbs:
            verbs.append(verb)
    forms = {form.split()[0]: form for form in FORMS}
    return ", ".join(forms.get(v, v) for v in sorted(verbs, key=lambda v: list(forms).index(v)
                                                      if v in forms else len(forms)))


def settle(st, rng, ev):
    """Run on, then store where the dice stand."""
    run(st, rng, ev)
    st["rng"] = rng.counter
    st["dice"] = list(rng.script)


def standing(st, seat, move):
    """A standing order for losses, legal at any time (WQ-TABLE-5)."""
    value = move.get("losses")
    if value not in ("men-first", "ask") or set(move) - {"type", "losses"}:
        raise IllegalMove("bad-move", "Write 'standing losses men-first' or 'standing losses ask'.", "WQ-TABLE-5")
    new = S.clone(st)
    new["std"][seat] = value
    ev = [Event(f"Standing order: your losses are {'taken men first' if value == 'men-first' else 'asked each time'}.",
                (seat,))]
    settle(new, TableRng(st["seed"], st["rng"], st["dice"]), ev)
    return new, ev


def rule_now(st):
    f = current(st)
    return ASK_RULES[f["k"][4:]] if f else "WQ-ROUND-1"


MOVE_TYPES = {"castle": {"castle"}, "county": {"county"}, "hide": {"hide"}, "place": {"place"},
              "loss": {"lose"}, "scatter": {"scatter"}, "take": {"take"}, "flee": {"flee"},
              "go": {"go", "break"}, "cards": {"draw", "play", "discard", "done"},
              "camp": {"attack", "sail", "end"}}
