"""Shared helpers for the Medieval Mastery tests: scenarios, moves by notation, event texts."""
from __future__ import annotations

from core.medieval_mastery import GAME
from core.medieval_mastery.board import BOARDS

G = GAME


def start(players: int = 2, options: dict | None = None, seed: str = "test", **scenario):
    """A position from a scenario (see core/medieval_mastery/README.md). The positions of these tests, and
    the dice and shuffles they rely on, were worked out on the first random stream: `rng` 1 unless
    a test asks for the other one."""
    return G.setup(players, G.normalize_options({"rng": 1, **(options or {})}), seed, scenario)


def do(state, seat: int, text: str):
    """Apply a move written in notation; returns (state, list of event texts visible to all)."""
    move = G.parse(state, seat, text)
    new, events = G.apply(state, seat, move)
    return new, events


def texts(events, seat=None) -> list[str]:
    return [e.text for e in events if e.visible_to(seat)]


def run(state, *steps):
    """Apply (seat, text) pairs in order; return the final state and all events."""
    events = []
    for seat, text in steps:
        state, ev = do(state, seat, text)
        events += ev
    return state, events


def node(players: int, name: str) -> int:
    return BOARDS[players].index[name]


def knights(state, name: str) -> tuple[int, int]:
    """(owner, knights) of a slot."""
    i = node(state["players"], name)
    return state["owner"][i], state["knights"][i]


def kinds(state, seat: int, pile: str = "hand") -> list[str]:
    from core.medieval_mastery import data, rules
    return sorted(data.NAME_OF_KIND[rules.kind(c)] for c in state[pile][seat])


def prompted(state) -> list[int]:
    return [p.seat for p in G.prompts(state)]


def total_cards(state, seat: int) -> int:
    """Cards of `seat` across deck, hand, discard pile and the battle table (MM-COMP-1)."""
    from core.medieval_mastery import rules
    count = len(state["deck"][seat]) + len(state["hand"][seat]) + len(state["discard"][seat])
    ta = state.get("ta_card", -1)  # a Tactical Advance in play during its manoeuvre (MM-RES-1)
    count += 1 if ta >= 0 and rules.owner(ta) == seat else 0
    b = state["battle"]
    if b is not None:
        count += sum(1 for c in b["table"] if rules.owner(c) == seat)
        count += sum(1 for c in b["commit"] if c is not None and c >= 0 and rules.owner(c) == seat)
    return count
