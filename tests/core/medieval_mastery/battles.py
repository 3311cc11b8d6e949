"""A standard battle position: P0 attacks S08 (held by P1) from its castle, on a Forest map."""
from tests.core.medieval_mastery.helpers import do, prompted, start

FOREST = {f"S{i:02d}": "Forest" for i in range(1, 11)}
# Sceptres whose triggers never match (defend-only on the attacker and the reverse); the orbs
# start face down unless a test deals its own artefacts, so a plain battle has no artefact effect.
NEUTRAL = [["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]]
HAND = ["2", "3", "4", "5", "+1"]


def position(att=4, dfd=2, tile="Forest", arts=None, hands=None, decks=None, discards=None, options=None,
             castle=None, players=2, **kw):
    if arts is None and "down" not in kw:
        kw["down"] = [[-1, -1, 0], [-1, -1, 0]]
    return start(players, options, tiles=dict(FOREST, S08=tile),
                 board={"S10": [0, 1], "S08": [1, dfd], "S01": [1, 1]},
                 castle=castle or [att, 3], arts=arts or NEUTRAL, hands=hands or [list(HAND), list(HAND)],
                 decks=decks, discards=discards, active=0, **kw)


def attack(att=4, dfd=2, **kw):
    st = position(att, dfd, **kw)
    st, ev = do(st, 0, f"advance S08 {att}")
    return st, ev


def conflicts(st, a="none", d="none"):
    events = []
    st, ev = do(st, 0, f"conflict {a}")
    events += ev
    st, ev = do(st, 1, f"conflict {d}")
    return st, events + ev


def pass_support(st):
    events = []
    while st["phase"] == "support":
        st, ev = do(st, prompted(st)[0], "pass")
        events += ev
    return st, events


def pass_windows(st):
    events = []
    while st["phase"] == "window":
        st, ev = do(st, prompted(st)[0], "pass")
        events += ev
    return st, events
