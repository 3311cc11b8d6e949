"""Victory (WIN area): VP, the immediate end, and when it is checked."""
import pytest

from core.medieval_mastery import rules
from core.protocol import IllegalMove
from tests.core.medieval_mastery.helpers import G, do, start

TILES = {"S05": "City", "S06": "Fortress", "S03": "Fort", "S04": "Fort", "S07": "Ruins", "S08": "Abbey",
         "S09": "Village", "S10": "Forest", "S01": "Forest", "S02": "Forest"}


def near_win():
    """P0 holds 12 VP (S02 unsupplied but counting) and can take the Village S09 (1 VP)."""
    return start(2, tiles=TILES, board={"S10": [0, 1], "S08": [0, 1], "S05": [0, 1], "S06": [0, 1], "S02": [0, 1],
                                        "S03": [0, 1], "S01": [1, 1]},
                 castle=[6, 6], hands=[["2", "3", "4"], ["2", "3", "4"]], active=0)


@pytest.mark.rule("MM-WIN-1")
def test_vp_is_the_sum_of_controlled_territories():
    st = near_win()
    assert rules.vp(st, 0) == 1 + 2 + 3 + 3 + 1 + 2 and rules.vp(st, 1) == 1
    assert [s["vp"] for s in G.view(st, None)["seats"]] == [13 - 1, 1]


@pytest.mark.rule("MM-WIN-2")
@pytest.mark.rule("MM-EDGE-19")
def test_game_ends_at_once_in_the_middle_of_a_turn():
    st = near_win()
    st, ev = do(st, 0, "advance S09 1")  # Village: its +1 knight is part of the conquest
    result = G.result(st)
    assert result.winners == (0,) and "13 VP" in result.reason and result.code == "vp-target"
    assert G.prompts(st) == [] and st["castle"][0] == 6
    with pytest.raises(IllegalMove) as err:
        do(st, 0, "end")
    assert err.value.rule == "MM-WIN-2"


@pytest.mark.rule("MM-EDGE-19")
def test_victory_checked_after_an_arena_roll_off():
    for seed in range(60):
        st = start(2, tiles=dict(TILES, S07="Arena"),
                   board={"S10": [0, 1], "S08": [0, 1], "S05": [0, 1], "S06": [0, 1], "S03": [0, 1],
                          "S07": [1, 1], "S01": [1, 1]},
                   castle=[6, 6], hands=[["2", "3", "4"], ["2", "3", "4"]], active=0, seed=f"arena-win{seed}")
        st, ev = do(st, 0, "advance S07 2")
        if st["owner"][6] == 0 and st["battle"] is not None and G.result(st) is not None:
            assert G.result(st).winners == (0,)
            return
    pytest.fail("no roll-off won outright")


@pytest.mark.rule("MM-WIN-5")
def test_one_winner_no_tie_break():
    """Control changes one territory at a time: every finished game has exactly one winner."""
    from tests.core.playout import play
    for i in range(10):
        out = play(G, 2 + i % 5, f"tiebreak-{i}", full_checks=False)
        assert len(G.result(out.state).winners) == 1


@pytest.mark.rule("MM-WIN-2")
@pytest.mark.rule("MM-LOSS-4")
def test_marshlands_taken_with_its_last_knight_is_no_win():
    """Conquering and applying the conquest abilities is one act (MM-ADV-4: 'conquer it at once
    and must apply'): a 12-VP player whose single knight sinks in the Marshlands controls
    nothing there and has not won; with two knights the conquest does win."""
    st = start(2, tiles=dict(TILES, S09="Marshlands"),
               board={"S10": [0, 1], "S08": [0, 1], "S05": [0, 1], "S06": [0, 1], "S02": [0, 1],
                      "S03": [0, 1], "S01": [1, 1]},
               castle=[6, 6], hands=[["2", "3", "4"], ["2", "3", "4"]], active=0)
    lost, _ = do(st, 0, "advance S09 1")
    assert G.result(lost) is None and rules.vp(lost, 0) == 12
    assert lost["owner"][8] == -1 and G.prompts(lost)[0].seat == 0
    won, _ = do(st, 0, "advance S09 2")
    assert G.result(won).winners == (0,) and won["knights"][8] == 1


@pytest.mark.rule("MM-COMBAT-9")
@pytest.mark.rule("MM-WIN-2")
def test_ruins_conquest_that_wins_asks_no_discard():
    """The optional discard is never asked once the conquest has ended the game."""
    st = start(2, tiles=dict(TILES, S09="Ruins"),
               board={"S10": [0, 1], "S08": [0, 1], "S05": [0, 1], "S06": [0, 1], "S02": [0, 1],
                      "S03": [0, 1], "S01": [1, 1]},
               castle=[6, 6], hands=[["2", "3", "4"], ["2", "3", "4"]], active=0)
    st, _ = do(st, 0, "advance S09 2")
    assert G.result(st).winners == (0,) and st["choice"] is None and G.prompts(st) == []


@pytest.mark.rule("MM-WIN-2")
def test_a_two_player_resignation_is_reported_with_its_code():
    st = near_win()
    over, _ = G.apply(st, 0, {"type": "resign"})
    assert G.result(over).winners == (1,) and G.result(over).code == "resigned"
