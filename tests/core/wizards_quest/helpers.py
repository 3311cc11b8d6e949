"""Shared helpers for the Wizard's Quest tests: exact positions, scripted dice, invariants."""
from __future__ import annotations

from core.wizards_quest import GAME, board, cards
from core.wizards_quest import flow as engine
from core.wizards_quest import state as S
from core.wizards_quest.board import INDEX, ORC
from core.wizards_quest.flow import TableRng

G = GAME
T = INDEX


RESERVES = ("K4", "K6", "K3", "K8", "K2", "K1")


def make(board_spec=None, players=2, options=None, reserves=True, **scenario):
    """A game at the start of seat `start`'s turn (phase "turn") unless told otherwise.

    With `reserves`, every seat also holds one man on a far castle so that losing the
    territory under test does not eliminate him (and end a two-player game)."""
    board_spec = dict(board_spec or {})
    if reserves:
        for seat in range(players):
            if RESERVES[seat] not in board_spec:
                board_spec[RESERVES[seat]] = {"owner": seat, "men": 1}
    sc = {"phase": "turn", "board": board_spec}
    sc.update(scenario)
    return G.setup(players, options or {}, "test-seed", sc)


def move(st, seat, text):
    """Apply a move written in notation; returns (state, event texts)."""
    new, events = G.apply(st, seat, G.parse(st, seat, text))
    return new, [e.text for e in events]


def ask(st):
    """The pending decision frame (kind without 'ask-'), or None."""
    f = engine.current(st)
    return None if f is None else dict(f, kind=f["kind"][4:])


def run_frames(st, frames, dice=(), seed="frames"):
    """Run engine frames directly on a copy of st, with scripted dice first."""
    st = S.clone(st)
    st["frames"] = [dict(f) for f in frames]
    rng = TableRng(seed, 0, list(dice))
    ev = []
    engine.run(st, rng, ev)
    return st, [e.text for e in ev], rng


def at(st, tid):
    """(owner, count, hero) on a territory: owner -1 empty, 6 orcs."""
    t = T[tid]
    s = st["owner"][t]
    return s, st["men"][t], (S.hero_at(st, s, t) if 0 <= s < ORC else None)


def check_invariants(st):
    """Stacking, orc limit, occupancy bookkeeping, treasures and cards conserved."""
    np = st["players"]
    own, n = st["owner"], st["men"]
    for t in range(board.TERRITORIES):
        s = own[t]
        assert s in (-1, ORC) or 0 <= s < np, f"bad owner on {board.IDS[t]}"
        heroes = [x for x in range(np) if st["champion"][x] == t or st["wizard"][x] == t]
        if s == -1:
            assert n[t] == 0 and not heroes, f"{board.IDS[t]} marked empty but holds pieces"
        elif s == ORC:
            assert 1 <= n[t] <= 4, f"{board.IDS[t]} holds {n[t]} orcs"  # WQ-STACK-5
            assert not heroes  # WQ-STACK-3
        else:
            assert n[t] >= 0 and (n[t] > 0 or heroes), f"{board.IDS[t]} held by nobody's pieces"
            assert heroes in ([], [s]), "pieces of two players on one territory"  # WQ-STACK-1
    for s in range(np):
        if st["champion"][s] >= 0 and st["wizard"][s] >= 0:
            assert st["champion"][s] != st["wizard"][s]  # WQ-STACK-2
        for pos in (st["champion"][s], st["wizard"][s]):
            assert pos < 0 or own[pos] == s
    per = 4 if st["options"]["blank"] else 3
    assert len(st["treasures"]) == np * per
    places = [tr[2] for tr in st["treasures"] if tr[2] >= 0]
    assert len(places) == len(set(places)), "two treasures on one territory"
    every = st["deck"] + st["discard"] + [c for h in st["hands"] for c in h] + [c for b in st["boats"] for c in b]
    assert sorted(every) == sorted(cards.ALL_CARDS), "cards not conserved"
    assert all(len(h) <= 3 for h in st["hands"])
    for creature in (st["dragon"], st["peace"]):
        assert creature < board.COUNTIES  # never on a castle
