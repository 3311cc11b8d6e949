"""The setup (spec section 4) as one resumable frame, and scenarios: a game started from an
exact position (format: core/wizards_quest/README.md). The state before the setup is state.new_state."""
from __future__ import annotations

from typing import Any, Callable, NoReturn

from core.protocol import Event, IllegalMove
from core.rng import Rng
from core.text import Msg, P, say, term
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.board import ORC, INDEX, DUCHY_NAMES, name
from core.wizards_quest.effects import dice_off
from core.wizards_quest.options import option
from core.wizards_quest.state import QUIET, Frame, State, ask
from core.records import new_event


def setup_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """Each stage either does its automatic work (dice-offs, orcs) or asks the next player in order."""
    SETUP_STAGES[f["stage"]](st, f, rng, ev)


def _roll_first(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-SETUP-2: a dice-off for the first player."""
    first = dice_off(list(range(st["players"])), rng, ev, True)
    st["first"] = st["start"] = first
    if ev is not QUIET:
        ev.append(Event(say("{player} is the first player.", player=P(first))))
    f["stage"], f["next"] = "castles", 0


def _castles(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-SETUP-3: in order, each player puts a man on a castle."""
    if f["next"] < st["players"]:
        f["next"] += 1
        ask(st, "castle", S.active_seats(st, st["first"])[f["next"] - 1])
    else:
        f["stage"] = "orcs"


def _orcs(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-SETUP-4: 2 orcs on each empty castle; WQ-SETUP-5: two orc armies of 2 in each duchy."""
    for k in board.CASTLE_IDS:
        if st["owner"][k] == -1:
            st["owner"][k], st["men"][k] = ORC, 2
    for d in range(1, 7):
        for c in _orc_counties(d, rng, ev):
            t = (d - 1) * 6 + c - 1
            st["owner"][t], st["men"][t] = ORC, 2
    f["stage"], f["next"] = "counties", 0


def _orc_counties(d: int, rng: Rng, ev: list[Event]) -> tuple[int, int]:
    """Two different counties of duchy d, by two dice (a double rolls again)."""
    while True:
        a, b = rng.die(), rng.die()
        if ev is not QUIET:  # (the data stays fresh for each event)
            ev.append(new_event((_orcs_rolled(d, a, b), None, {"duchy": d, "dice": [a, b]})))
        if a != b:
            return a, b


def _orcs_rolled(d: int, a: int, b: int) -> Msg:
    """What the orcs' dice a and b for duchy d say (made once for each: dice are exact ints, a
    scenario's scripted ones read with int())."""
    key = ("orcs rolled", d, a, b)
    said = S.TOLD.get(key)
    if said is None:
        said = S.TOLD.keep(key, say(
            "Orcs of {duchy}: rolled {a} and {b}, so two orc armies of 2 camp on counties {a} and {b} ({first}, "
            "{second}).", duchy=term(DUCHY_NAMES[d]), a=a, b=b, first=name((d - 1) * 6 + a - 1),
            second=name((d - 1) * 6 + b - 1)) if a != b else
            say("Orcs of {duchy}: rolled a double {a}, so they roll again.", duchy=term(DUCHY_NAMES[d]), a=a))
    return said


def _counties(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-SETUP-6: in turn, a man on an empty county until none is left; WQ-SETUP-7: treasures passed on."""
    if -1 in st["owner"][:board.COUNTIES]:  # an empty county (searched in C)
        f["next"] += 1
        ask(st, "county", S.active_seats(st, st["first"])[(f["next"] - 1) % st["players"]])
    else:
        f["stage"], f["hide_round"], f["next"] = "hide", 0, 0
        if ev is not QUIET:
            ev.append(Event(say("Everyone hands their treasures to the player on their left.")))


def _hide(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-SETUP-8, WQ-SETUP-9: rounds of hiding, one treasure each per round, in order."""
    rounds = 4 if option(st, "blank-treasure") else 3
    if f["hide_round"] >= rounds:
        f["stage"], f["next"] = "forces", 0
    elif f["next"] < st["players"]:
        f["next"] += 1
        ask(st, "hide", S.active_seats(st, st["first"])[f["next"] - 1], round=f["hide_round"])
    else:
        f["hide_round"], f["next"] = f["hide_round"] + 1, 0


def _forces(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-SETUP-11, WQ-VAR-2P-2: the starting men, then round 1."""
    order = S.active_seats(st, st["first"])
    if st["players"] == 2 and option(st, "two-player-rules"):
        plan = [(order[0], 10), (order[1], 20), (order[0], 10)]
    else:
        plan = [(s, 10) for s in order]
    if f["next"] < len(plan):
        seat, men = plan[f["next"]]
        f["next"] += 1
        ask(st, "place", seat, total=men, single=-1, max_heroes=2, why="starting forces")
    else:
        st["frames"].pop()
        st["round"] = 1
        if ev is not QUIET:
            ev.append(Event(say("Setup is over. Round 1 begins.")))
        st["frames"].append({"kind": "round", "stage": "breed"})


SETUP_STAGES: dict[str, Callable[[State, Frame, Rng, list[Event]], None]] = {
    "roll": _roll_first, "castles": _castles, "orcs": _orcs, "counties": _counties, "hide": _hide,
    "forces": _forces}


# ------------------------------------------------------------------ scenarios ------

def _fail(message: Msg) -> NoReturn:
    raise IllegalMove("bad-scenario", message, "WQ-SETUP-1")


def apply_scenario(st: State, sc: dict) -> State:
    """Overwrite the position with a scenario (format: core/wizards_quest/README.md)."""
    if not isinstance(sc, dict):
        _fail(say("A scenario is a JSON object."))
    if "board" in sc:
        _scenario_board(st, sc["board"])
    for key in ("dragon", "peace"):
        if key in sc:
            st[key] = INDEX[sc[key]] if sc[key] else -1
    if "treasures" in sc:
        st["treasures"] = [_scenario_treasure(item, st["players"]) for item in sc["treasures"]]
    _scenario_cards(st, sc)
    st["dice"] = [int(x) for x in sc.get("dice", [])]
    if "standing" in sc:
        st["standing"] = list(sc["standing"])
    if "out" in sc:
        st["eliminated"] = [bool(x) for x in sc["out"]]
    _scenario_phase(st, sc)
    return st


def _scenario_board(st: State, spec_by_id: dict) -> None:
    """Every territory the scenario names; the others are empty."""
    np = st["players"]
    st["owner"], st["men"] = [-1] * board.TERRITORIES, [0] * board.TERRITORIES
    st["champion"], st["wizard"] = [-1] * np, [-1] * np
    for tid, spec in spec_by_id.items():
        if tid not in INDEX or not isinstance(spec, dict):
            _fail(say("Unknown territory {territory} in the scenario.", territory=repr(tid)))
        t = INDEX[tid]
        if "orcs" in spec:
            st["owner"][t], st["men"][t] = ORC, int(spec["orcs"])
            continue
        s = int(spec.get("owner", -1))
        if not 0 <= s < np:
            _fail(say("{territory}: owner must be a seat.", territory=tid))
        st["owner"][t], st["men"][t] = s, int(spec.get("men", 0))
        for hero in spec.get("heroes", []):
            S.set_hero(st, s, "champion" if hero == "champion" else "wizard", t)


def _scenario_treasure(item: dict, np: int) -> list[int]:
    loc: Any = item.get("at")
    place = INDEX[loc] if loc in INDEX else {"taken": S.TAKEN, "gone": S.GONE, "held": S.HELD}[loc]
    return [int(item["owner"]), S.KIND_NAMES.index(item["kind"]), place,
            int(item.get("placer", (int(item["owner"]) + 1) % np))]


def _scenario_cards(st: State, sc: dict) -> None:
    """Hands and boats as given; the deck as given, else the shuffled deck less the cards dealt."""
    if "hands" in sc:
        st["hands"] = [list(h) for h in sc["hands"]]
    if "boats" in sc:
        st["boats"] = [list(h) for h in sc["boats"]]
    if "deck" in sc:
        st["deck"] = list(sc["deck"])
    else:
        used = {c for h in st["hands"] + st["boats"] for c in h}
        st["deck"] = [c for c in st["deck"] if c not in used]
    st["discard"] = list(sc.get("discard", []))


def _scenario_phase(st: State, sc: dict) -> None:
    """Where the game starts: the setup, a round's step, or a player's turn."""
    phase = sc.get("phase", "setup")
    start = int(sc.get("start", 0))
    st["first"] = st["start"] = start
    if phase == "round":
        st["round"] = int(sc.get("round", 1))
        st["frames"] = [{"kind": "round", "stage": sc.get("step", "breed")}]
    elif phase == "turn":
        st["round"] = int(sc.get("round", 1))
        order = S.active_seats(st, start)
        st["frames"] = [{"kind": "round", "stage": "turns", "order": order, "next": 1},
                        {"kind": "turn", "seat": start, "stage": "begin"}]
    elif phase != "setup":
        _fail(say("Unknown scenario phase {phase} (setup, round or turn).", phase=repr(phase)))
