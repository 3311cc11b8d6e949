"""The setup sequence (spec section 4) as one resumable frame: each stage either
does its automatic work (dice-offs, orcs) or asks the next player in order."""
from __future__ import annotations

from core.protocol import Event
from core.wizards_quest import board
from core.wizards_quest.board import ORC, DUCHY_NAMES
from core.wizards_quest import state as S
from core.wizards_quest.flow import ask, dice_off, name


def setup_step(st, f, rng, ev):
    np = st["np"]
    stage = f["st"]
    order = S.active_seats(st, st["first"]) if stage != "roll" else None
    if stage == "roll":  # WQ-SETUP-2
        first = dice_off(list(range(np)), rng, ev, "Rolling for first player")
        st["first"] = st["start"] = first
        ev.append(Event(f"{{P{first}}} is the first player."))
        f["st"], f["i"] = "castles", 0
    elif stage == "castles":  # WQ-SETUP-3
        if f["i"] < np:
            f["i"] += 1
            ask(st, "castle", order[f["i"] - 1])
        else:
            f["st"] = "orcs"
    elif stage == "orcs":
        for k in board.CASTLE_IDS:  # WQ-SETUP-4
            if st["own"][k] == -1:
                st["own"][k], st["n"][k] = ORC, 2
        for d in range(1, 7):  # WQ-SETUP-5
            while True:
                a, b = rng.die(), rng.die()
                if a != b:
                    ev.append(Event(f"Orcs of {DUCHY_NAMES[d]}: rolled {a} and {b}, so two orc armies of 2 camp on "
                                    f"counties {a} and {b} ({name((d - 1) * 6 + a - 1)}, {name((d - 1) * 6 + b - 1)}).",
                                    data={"duchy": d, "dice": [a, b]}))
                    break
                ev.append(Event(f"Orcs of {DUCHY_NAMES[d]}: rolled a double {a}, so they roll again.",
                                data={"duchy": d, "dice": [a, b]}))
            for c in (a, b):
                t = (d - 1) * 6 + c - 1
                st["own"][t], st["n"][t] = ORC, 2
        f["st"], f["i"] = "counties", 0
    elif stage == "counties":  # WQ-SETUP-6
        if any(st["own"][t] == -1 for t in range(board.COUNTIES)):
            f["i"] += 1
            ask(st, "county", order[(f["i"] - 1) % np])
        else:
            f["st"], f["r"], f["i"] = "hide", 0, 0
            ev.append(Event("Everyone hands their treasures to the player on their left."))  # WQ-SETUP-7
    elif stage == "hide":  # WQ-SETUP-8, WQ-SETUP-9
        rounds = 4 if st["opt"]["blank"] else 3
        if f["r"] >= rounds:
            f["st"], f["i"] = "forces", 0
        elif f["i"] < np:
            f["i"] += 1
            ask(st, "hide", order[f["i"] - 1], round=f["r"])
        else:
            f["r"], f["i"] = f["r"] + 1, 0
    elif stage == "forces":  # WQ-SETUP-11, WQ-VAR-2P-2
        if np == 2 and st["opt"]["two_player"]:
            plan = [(order[0], 10), (order[1], 20), (order[0], 10)]
        else:
            plan = [(s, 10) for s in order]
        if f["i"] < len(plan):
            seat, men = plan[f["i"]]
            f["i"] += 1
            ask(st, "place", seat, total=men, single=-1, maxh=2, why="starting forces")
        else:
            st["q"].pop()
            st["round"] = 1
            ev.append(Event("Setup is over. Round 1 begins."))
            st["q"].append({"k": "round", "st": "breed"})
