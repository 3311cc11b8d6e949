"""The texts random games do not reach are messages too (issue 27, core/text.py): resigning
(WQ-END-2, WQ-END-4), the scenario's refusals (WQ-SETUP-1), standing orders (WQ-TABLE-5), the
boards of an ended game. tests/core/test_messages.py checks what random games say."""
from __future__ import annotations

import pytest

from core.protocol import IllegalMove
from tests.core.test_messages import said
from tests.core.wizards_quest.helpers import G, make


def test_resigning_says_messages_and_so_does_the_game_it_ends():
    """WQ-END-4: the other player of a two-player game wins; the board says why."""
    st = make({"D2C1": {"owner": 0, "men": 3}})
    st, events = G.apply(st, 1, {"type": "resign"})
    for event in events:
        said(event.text)
    result = G.result(st)
    said(result.reason)
    assert result.reason == "{P1} resigned."
    board = G.render(G.view(st, 0), 0)
    said(board)
    assert "Game over: P0 ({P1} resigned)." in board


@pytest.mark.rule("WQ-END-2")
def test_resigning_with_more_players_says_messages_and_so_do_its_refusals():
    st = make({"D2C1": {"owner": 0, "men": 3}}, players=3)
    st, events = G.apply(st, 2, {"type": "resign"})
    assert [e.text for e in events][:2] == ["{P2} resigns.", "{P2}'s men and heroes leave the map."]
    for event in events:
        said(event.text)
    with pytest.raises(IllegalMove) as refusal:
        G.apply(st, 2, {"type": "resign"})
    said(refusal.value.message)
    with pytest.raises(IllegalMove) as refusal:
        G.apply(G.setup(3, {}, "setup"), 1, {"type": "resign"})
    assert refusal.value.code == "in-setup"
    said(refusal.value.message)


@pytest.mark.rule("WQ-SETUP-1")
@pytest.mark.parametrize("scenario", ["no", {"board": {"D9C9": {}}}, {"board": {"D1C1": {"owner": 7}}},
                                      {"phase": "later"}, {"board": {"D1C1": {"owner": "x"}}}])
def test_a_scenario_refused_says_a_message(scenario):
    with pytest.raises(IllegalMove) as refusal:
        G.setup(2, {}, "scenario", scenario)
    assert refusal.value.code == "bad-scenario"
    said(refusal.value.message)


@pytest.mark.rule("WQ-TABLE-5")
def test_standing_orders_say_messages():
    st = make({"D2C1": {"owner": 0, "men": 3}})
    for losses in ("men-first", "ask"):
        st, events = G.apply(st, 1, {"type": "standing", "losses": losses})
        for event in events:
            said(event.text)
    with pytest.raises(IllegalMove) as refusal:
        G.apply(st, 1, {"type": "standing", "losses": "never"})
    said(refusal.value.message)
