"""The spots where a wizard's victims may go (phases/scatter.py scatter_spots, WQ-WIZ-2, WQ-WIZ-5,
WQ-STACK-5), against the rules written out plainly, and its early stop (`at_most`, scatter_auto's
look for a second spot) against the whole list."""
import random

import pytest

from core.rng import Rng
from core.wizards_quest import GAME as G
from core.wizards_quest.board import ORC, TERRITORIES
from core.wizards_quest.phases.scatter import scatter_spots
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


def room(st, victim: int, excluded: list[int], t: int) -> int:
    """The rules, plainly: how many struck pieces t takes (0: none). A player's go on his other
    territories or empty ones, any number (WQ-WIZ-2); orcs on orc or empty territories, never
    more than 4 on one (WQ-WIZ-5, WQ-STACK-5); never where the battle was (`excluded`)."""
    holder, men = st["owner"][t], st["men"][t]
    if t in excluded or holder not in (-1, victim):
        return 0
    if victim != ORC:
        return 10000
    return 4 - (men if holder == ORC else 0)


@pytest.mark.rule("WQ-WIZ-2", "WQ-WIZ-5", "WQ-STACK-5")
def test_the_scattering_spots_are_the_rules_and_at_most_stops_early():
    for st in _positions():
        for victim in (0, 1, 2, ORC):
            for excluded in ([0, 1], [5, 40], [], [3]):
                f = Frame(kind="ask-scatter", seat=3, victim=victim, men=2, hero="", excluded=excluded)
                spots = scatter_spots(st, f)
                rooms = {t: room(st, victim, excluded, t) for t in range(TERRITORIES)}
                assert list(spots.items()) == [(t, k) for t, k in rooms.items() if k > 0]
                for at_most in (1, 2, 3):
                    assert list(scatter_spots(st, f, at_most).items()) == list(spots.items())[:at_most]
