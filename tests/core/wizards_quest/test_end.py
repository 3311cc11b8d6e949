"""Elimination and the end of the game (spec section 12)."""
import pytest

from core.wizards_quest import battle, board
from core.wizards_quest import state as S
from tests.core.wizards_quest.helpers import G, T, make, run_frames

TRE = [{"owner": 0, "kind": "crown", "at": "D3C3"}, {"owner": 0, "kind": "chest", "at": "K1"},
       {"owner": 0, "kind": "ring", "at": "K2"}, {"owner": 1, "kind": "crown", "at": "K3"},
       {"owner": 1, "kind": "chest", "at": "D1C1"}, {"owner": 1, "kind": "ring", "at": "D1C2"},
       {"owner": 2, "kind": "crown", "at": "D5C5"}, {"owner": 2, "kind": "chest", "at": "D6C6"},
       {"owner": 2, "kind": "ring", "at": "taken"}]


def fight_out(st, src, tgt, dice, defender):
    fight = battle.fight_frame("camp", st["owner"][T[src]], T[src], T[tgt], "army", board.LAND, defender)
    fight["stage"] = "roll"
    return run_frames(st, [fight], dice=dice)


@pytest.mark.rule("WQ-END-1")
def test_a_player_with_no_pieces_left_is_out():
    """WQ-END-2, WQ-AMB-27: cards and boats discarded, his treasures removed, those he hid stay."""
    st = make({"D2C1": {"owner": 0, "men": 4}, "D2C4": {"owner": 1, "men": 1}, "D5C5": {"owner": 2, "men": 2}},
              players=3, reserves=False, treasures=TRE, hands=[[], ["C04", "C05"], []], boats=[[], ["C01"], []])
    out, texts, _ = fight_out(st, "D2C1", "D2C4", [1, 6], 1)
    assert out["eliminated"] == [False, True, False]
    assert "{P1} has no pieces left and is out of the game." in texts
    assert out["hands"][1] == [] and out["boats"][1] == [] and {"C04", "C05", "C01"} <= set(out["discard"])
    assert [tr[2] for tr in out["treasures"][3:6]] == [S.GONE] * 3
    assert out["treasures"][0][2] == T["D3C3"]  # P0's crown, hidden by P1, stays
    assert G.result(out) is None


@pytest.mark.rule("WQ-END-4")
def test_last_player_standing_wins_and_everyone_out_means_no_winner():
    st = make({"D2C1": {"owner": 0, "men": 4}, "D2C4": {"owner": 1, "men": 1}}, reserves=False, treasures=TRE[:6])
    out, texts, _ = fight_out(st, "D2C1", "D2C4", [1, 6], 1)
    assert G.result(out).winners == (0,) and G.prompts(out) == []
    st = make({"D2C1": {"owner": 0, "men": 1}, "D2C4": {"owner": 1, "men": 1}}, reserves=False, treasures=TRE[:6])
    out, texts, _ = fight_out(st, "D2C1", "D2C4", [1, 1], 1)
    assert G.result(out).winners == () and "eliminated" in G.result(out).reason


@pytest.mark.rule("WQ-END-2")
def test_eliminated_players_are_skipped_in_every_sequence():
    """WQ-ROUND-3: breeding rolls and turns skip him."""
    st = make({"D2C1": {"owner": 0, "men": 1}, "D5C5": {"owner": 2, "men": 1}}, players=3, reserves=False,
              out=[False, True, False], start=0)
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "breed"}])
    assert len([t for t in texts if t.startswith("Orc breeding")]) == 2
    assert "{P1}" not in " ".join(t for t in texts if t.startswith("Rolling for starting"))


@pytest.mark.rule("WQ-END-2")
def test_a_player_eliminated_in_his_own_card_window_is_asked_nothing_more():
    """His own dragon card eats his last men: he is out, his card window closes, the next seat plays."""
    from tests.core.wizards_quest.helpers import ask, move
    st = make({"D3C1": {"owner": 0, "men": 2}, "D2C4": {"owner": 1, "men": 2}, "D5C5": {"owner": 2, "men": 2}},
              players=3, reserves=False, hands=[["C23", "C04"], [], []])
    st["dice"] = [1, 6]  # the dragon lands on D3C1 and eats 6
    st, texts = move(st, 0, "play C23 3")
    assert "{P0} has no pieces left and is out of the game." in texts
    assert st["eliminated"][0] and st["hands"][0] == [] and "C04" in st["discard"]
    assert all(p.seat != 0 for p in G.prompts(st))
    assert ask(st)["seat"] == 1


def test_a_wizard_beating_the_peacemaker_while_his_army_dies_still_chooses_where_he_flees():
    """Docs, choices: both results of the battle apply together (WQ-BATTLE-5), so the player who is
    out after that battle still sends the beaten Peacemaker away; then the next player's turn."""
    from tests.core.wizards_quest.helpers import ask, move
    from tests.core.wizards_quest.test_battle import _to_campaigns
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 1, "heroes": ["wizard"]}, "D2C4": {"owner": 1, "men": 2},
                             "D5C5": {"owner": 2, "men": 1}}, players=3, reserves=False, peace="D2C4"))
    st["standing"] = ["men-first"] * 3
    st["dice"] = [1, 6]
    st, texts = move(st, 0, "attack D2C1 D2C4 peace")
    assert st["eliminated"][0] and "{P0}'s wizard drives off the Peacemaker." in texts
    assert ask(st)["kind"] == "flee" and ask(st)["seat"] == 0
    st["dice"] = [1]
    st, texts = move(st, 0, "flee 5")
    assert st["peace"] == T["D5C1"] and ask(st)["seat"] == 1


@pytest.mark.rule("WQ-END-4")
def test_a_resignation_ends_a_two_player_game_with_its_code():
    st = make({"D2C1": {"owner": 0, "men": 3}, "D2C4": {"owner": 1, "men": 3}})
    st, _ = G.apply(st, 1, {"type": "resign"})
    result = G.result(st)
    assert result.winners == (0,) and result.code == "resigned" and G.prompts(st) == []


@pytest.mark.rule("WQ-END-3")
def test_the_last_board_names_nobody_to_act():
    """Once the game is over nobody acts: the board's first line names the round and the starting
    player, not 'P1 to act' (it did, from the turn the winning move was made in), and its last
    line says who won."""
    from core.rng import Rng

    state, rng = G.setup(2, G.normalize_options({}), "over"), Rng("over", scheme=2)
    while G.result(state) is None:
        seat = G.prompts(state)[0].seat
        state, _ = G.apply(state, seat, G.random_move(state, seat, rng))
    for seat in (0, 1, None):
        lines = str(G.render(G.view(state, seat), seat)).splitlines()
        assert "to act" not in lines[0] and lines[-1].startswith("Game over: ")
