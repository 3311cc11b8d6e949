"""Building the starting state: the normal setup, or a scenario's exact position."""
from __future__ import annotations

from core.protocol import IllegalMove
from core.rng import Rng
from core.wizards_quest import board, cards
from core.wizards_quest.board import ORC, INDEX
from core.wizards_quest import state as S
from core.wizards_quest.options import state_options


class TableRng(Rng):
    """The engine's dice: scripted values first (scenarios), then the counter-based Rng."""

    __slots__ = ("script",)

    def __init__(self, seed, counter=0, script=None):
        super().__init__(seed, counter)
        self.script = list(script or [])

    def die(self, sides: int = 6) -> int:
        if self.script:
            return self.script.pop(0)
        return super().die(sides)


def new_state(players: int, opts: dict, seed: str) -> dict:
    np = players
    rng = Rng(seed)
    deck = rng.shuffle(list(cards.ALL_CARDS))  # WQ-SETUP-12
    tre = []
    kinds = [0, 1, 2, 3] if opts["blank-treasure"] else [0, 1, 2]
    for owner in range(np):
        order = list(kinds)
        if opts["blank-treasure"]:
            rng.shuffle(order)  # ids must not reveal the secret type (WQ-VAR-BLANK-4)
        for kind in order:
            tre.append([owner, kind, S.HELD, (owner + 1) % np])  # WQ-SETUP-7
    return {
        "seed": seed, "rng": rng.counter, "np": np, "dice": [],
        "opt": state_options(opts),
        "own": [-1] * board.TERRITORIES, "n": [0] * board.TERRITORIES,
        "ch": [-1] * np, "wz": [-1] * np, "out": [False] * np,
        "tre": tre, "dragon": -1, "peace": -1,
        "deck": deck, "disc": [], "hands": [[] for _ in range(np)], "boats": [[] for _ in range(np)],
        "first": 0, "start": 0, "round": 0, "q": [{"k": "setup", "st": "roll"}], "tn": None,
        "std": ["ask"] * np, "win": None, "why": "",
    }


def _fail(message):
    raise IllegalMove("bad-scenario", message, "WQ-SETUP-1")


def apply_scenario(st: dict, sc: dict) -> dict:
    """Overwrite the position with a scenario (format: docs/wizards-quest.md)."""
    if not isinstance(sc, dict):
        _fail("A scenario is a JSON object.")
    np = st["np"]
    if "board" in sc:
        st["own"], st["n"] = [-1] * board.TERRITORIES, [0] * board.TERRITORIES
        st["ch"], st["wz"] = [-1] * np, [-1] * np
        for tid, spec in sc["board"].items():
            if tid not in INDEX or not isinstance(spec, dict):
                _fail(f"Unknown territory {tid!r} in the scenario.")
            t = INDEX[tid]
            if "orcs" in spec:
                st["own"][t], st["n"][t] = ORC, int(spec["orcs"])
                continue
            s = int(spec.get("owner", -1))
            if not 0 <= s < np:
                _fail(f"{tid}: owner must be a seat.")
            st["own"][t], st["n"][t] = s, int(spec.get("men", 0))
            for hero in spec.get("heroes", []):
                st["ch" if hero == "champion" else "wz"][s] = t
    for key in ("dragon", "peace"):
        if key in sc:
            st[key] = INDEX[sc[key]] if sc[key] else -1
    if "treasures" in sc:
        st["tre"] = []
        for item in sc["treasures"]:
            loc = item.get("at")
            place = INDEX[loc] if loc in INDEX else {"taken": S.TAKEN, "gone": S.GONE, "held": S.HELD}[loc]
            st["tre"].append([int(item["owner"]), S.KIND_NAMES.index(item["kind"]), place,
                              int(item.get("placer", (int(item["owner"]) + 1) % np))])
    for key in ("hands", "boats"):
        if key in sc:
            st[key] = [list(h) for h in sc[key]]
    if "deck" in sc:
        st["deck"] = list(sc["deck"])
    else:
        used = {c for h in st["hands"] + st["boats"] for c in h}
        st["deck"] = [c for c in st["deck"] if c not in used]
    st["disc"] = list(sc.get("discard", []))
    st["dice"] = [int(x) for x in sc.get("dice", [])]
    if "standing" in sc:
        st["std"] = list(sc["standing"])
    if "out" in sc:
        st["out"] = [bool(x) for x in sc["out"]]
    phase = sc.get("phase", "setup")
    start = int(sc.get("start", 0))
    st["first"] = st["start"] = start
    if phase == "round":
        st["round"] = int(sc.get("round", 1))
        st["q"] = [{"k": "round", "st": sc.get("step", "breed")}]
    elif phase == "turn":
        st["round"] = int(sc.get("round", 1))
        order = S.active_seats(st, start)
        st["q"] = [{"k": "round", "st": "turns", "order": order, "i": 1},
                   {"k": "turn", "seat": start, "st": "begin"}]
    elif phase != "setup":
        _fail(f"Unknown scenario phase {phase!r} (setup, round or turn).")
    return st
