"""scatter_auto's early look (phases/scatter.py two_spots) answers as scatter_spots does: the
spots where a wizard's victims may go (WQ-WIZ-2, WQ-WIZ-5)."""
import random

import pytest

from core.rng import Rng
from core.wizards_quest import GAME as G
from core.wizards_quest.board import ORC, TERRITORIES
from core.wizards_quest.phases.scatter import scatter_spots, two_spots
from core.wizards_quest.state import Frame, State


def _positions():
    """Maps of real games, then the same maps thinned out (few spots left, none, one)."""
    pick = random.Random(7)
    for seed in ("s1", "s2", "s3"):
        st = G.setup(4, G.normalize_options({}), seed)
        rng = Rng("t:" + seed, scheme=2)
        for step in range(260):
            if G.result(st) is not None:
                break
            seat = G.prompts(st)[0].seat
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))
            if step % 20 == 0:
                yield st
                for keep in (0.0, 0.05, 0.2):
                    owner, men = list(st["owner"]), list(st["men"])
                    for t in range(TERRITORIES):
                        if pick.random() > keep:
                            owner[t], men[t] = pick.choice([(0, 1), (ORC, 4), (1, 2)])
                    yield State(st, owner=owner, men=men)  # type: ignore[misc]


@pytest.mark.rule("WQ-WIZ-2", "WQ-WIZ-5")
def test_two_spots_is_scatter_spots_with_more_than_one():
    for st in _positions():
        for victim in (0, 1, 2, ORC):
            for excluded in ([0, 1], [5, 40], [], [3]):
                f = Frame(kind="ask-scatter", seat=3, victim=victim, men=2, hero="", excluded=excluded)
                assert two_spots(st, f) == (len(scatter_spots(st, f)) > 1)
