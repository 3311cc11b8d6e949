"""Where a treasure may be hidden (phases/hide.py hide_spots, WQ-SETUP-8, WQ-SETUP-9, WQ-SETUP-10,
WQ-VAR-BLANK-2), against the rules written out plainly, and hide_spots' check of the one territory
a move names (`only`, hide_resolve's) against the whole list."""
import random

import pytest

from core.rng import Rng
from core.wizards_quest import GAME as G
from core.wizards_quest.board import IS_CASTLE, ORC, TERRITORIES
from core.wizards_quest.phases.hide import hide_spots
from core.wizards_quest.state import Frame, State


def _positions(blank: bool):
    """Setups of real games (treasures being hidden), and the same maps shuffled about."""
    pick = random.Random(11)
    for seed in ("h1", "h2"):
        st = G.setup(4, G.normalize_options({"blank-treasure": blank}), seed)
        rng = Rng("t:" + seed, scheme=2)
        for _ in range(60):
            seat = G.prompts(st)[0].seat
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))
            owner = list(st["owner"])
            for t in range(TERRITORIES):
                if pick.random() < 0.3:
                    owner[t] = pick.choice([-1, 0, 1, 2, 3, ORC])
            yield st
            yield State(st, owner=owner)  # type: ignore[misc]


def hidable(st, seat: int, hide_round: int, owner: int, blank: bool, t: int) -> bool:
    """The rules, plainly: a castle in the first round, a county after (WQ-SETUP-8, -9); one
    treasure a territory (WQ-SETUP-10); never on the owner's (WQ-SETUP-8..10); in the blank
    variant only on the placer's own territories (WQ-VAR-BLANK-2)."""
    if IS_CASTLE[t] != (hide_round == 0):
        return False
    if any(tr[2] == t for tr in st["treasures"]):
        return False
    if st["owner"][t] == owner:
        return False
    return not blank or st["owner"][t] == seat


@pytest.mark.rule("WQ-SETUP-8", "WQ-SETUP-9", "WQ-SETUP-10", "WQ-VAR-BLANK-2")
@pytest.mark.parametrize("blank", [False, True])
def test_the_hiding_spots_are_the_rules_and_only_checks_one_of_them(blank):
    for st in _positions(blank):
        for seat in range(4):
            for hide_round in (0, 1):
                f = Frame(kind="ask-hide", seat=seat, round=hide_round)
                for owner in range(4):
                    spots = hide_spots(st, f, owner)
                    assert spots == [t for t in range(TERRITORIES) if hidable(st, seat, hide_round, owner, blank, t)]
                    for t in range(TERRITORIES):
                        assert hide_spots(st, f, owner, only=t) == ([t] if t in spots else [])
