"""hide_resolve's check of one territory (phases/hide.py hide_allowed) answers as the list of
spots does (hide_spots): where a treasure may be hidden (WQ-SETUP-8, WQ-SETUP-9, WQ-SETUP-10,
WQ-VAR-BLANK-2)."""
import random

import pytest

from core.rng import Rng
from core.wizards_quest import GAME as G
from core.wizards_quest.board import ORC, TERRITORIES
from core.wizards_quest.phases.hide import hide_allowed, hide_spots
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


@pytest.mark.rule("WQ-SETUP-8", "WQ-SETUP-9", "WQ-SETUP-10", "WQ-VAR-BLANK-2")
@pytest.mark.parametrize("blank", [False, True])
def test_hide_allowed_is_membership_of_hide_spots(blank):
    for st in _positions(blank):
        for seat in range(4):
            for hide_round in (0, 1):
                f = Frame(kind="ask-hide", seat=seat, round=hide_round)
                for owner in range(4):
                    spots = hide_spots(st, f, owner)
                    assert [t for t in range(TERRITORIES) if hide_allowed(st, f, owner, t)] == spots
