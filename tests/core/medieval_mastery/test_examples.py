"""The worked examples of section 17 (MM-EX-1 .. MM-EX-5) as scenario tests."""
import pytest

from core.protocol import IllegalMove

from tests.core.medieval_mastery.helpers import G, do, kinds, knights, prompted, start, texts

FOREST_2P = {f"S{i:02d}": "Forest" for i in range(1, 11)}


def ex1_start():
    tiles = dict(FOREST_2P, S09="City")
    return start(2, tiles=tiles, board={"S09": [1, 5], "S10": [0, 1], "S01": [1, 1]}, castle=[6, 0],
                 arts=[["Insight", "Rage", "Brutality"], ["Fury", "Defiance", "Preparation"]],
                 hands=[["fracture", "5", "+2", "2", "4"], ["3", "+1", "+2", "2", "4"]], active=0)


@pytest.mark.rule("MM-EX-1")
@pytest.mark.rule("MM-DIFF-6")
def test_ex1_rulebook_battle_every_total():
    """MM-EX-1: City, Rage vs Defiance (fractured), 5 vs 3, supports, 14 to 12, Brutality, City knight."""
    st = ex1_start()
    vp_before = G.result(st), st["castle"][0]
    st, ev = do(st, 0, "advance S09 6")
    b = st["battle"]
    # Step 1: City gives the defender +1: 6 vs 5+1.
    assert (b["attack_strength"], b["defence_strength"]) == (6, 6)
    assert any("City: defender +1" in t for t in texts(ev))
    # Step 2: both already hold 5: nothing drawn.
    assert len(st["hand"][0]) == 5 and len(st["hand"][1]) == 5
    # Step 3: the sceptre window starts with the attacker.
    assert st["phase"] == "window" and prompted(st) == [0]
    st, ev = do(st, 0, "fracture P1 sceptre")
    b = st["battle"]
    assert st["down"][1][1] != -1, "Defiance is face down"
    assert not any("Defiance" in t and "discards" in t for t in texts(ev)), "Defiance must not fire"
    assert (b["attack_strength"], b["defence_strength"]) == (7, 6), "Rage +1"
    assert len(st["hand"][0]) == 4, "no random discard from the attacker"
    # Step 4: conflict cards face down, revealed together.
    assert st["phase"] == "commit" and sorted(prompted(st)) == [0, 1]
    st, ev = do(st, 0, "conflict 5")
    assert st["battle"]["attack_strength"] == 7, "nothing revealed before both are in"
    st, ev = do(st, 1, "conflict 3")
    b = st["battle"]
    assert (b["attack_strength"], b["defence_strength"]) == (12, 9)
    # Step 5: the lower (defender) goes first: +1 and +2; the attacker answers +2.
    assert prompted(st) == [1]
    st, _ = do(st, 1, "support +1 +2")
    assert st["battle"]["defence_strength"] == 12
    assert prompted(st) == [0], "no support card left: the defender's opportunity is over"
    st, ev = do(st, 0, "support +2")  # 14; both then pass: neither holds another support card
    log = texts(ev)
    # Step 6: 14 to 12, the attacker wins by 2.
    assert any("14 to 12" in t and "wins by 2" in t for t in log)
    # Step 7: Brutality before the margin (5 -> 4), Preparation does not fire.
    brut = next(i for i, t in enumerate(log) if "Orb of Brutality" in t)
    loss = next(i for i, t in enumerate(log) if "loses 2 knights in S09 and retreats 2" in t)
    assert brut < loss
    assert not any("Preparation" in t for t in log)
    # Steps 8-9 and the end.
    assert knights(st, "S09") == (0, 6)
    assert st["castle"][0] == 1, "the City's extra knight"
    assert st["castle"][1] == 2, "2 knights retreated"
    assert st["lost"][1] == 3
    assert len(st["hand"][0]) == 2 and len(st["hand"][1]) == 2
    assert kinds(st, 0, "discard") == sorted(["fracture", "5", "+2"])
    assert kinds(st, 1, "discard") == sorted(["3", "+1", "+2"])
    assert G.view(st, None)["seats"][0]["vp"] == 3 + 1
    assert vp_before[0] is None and st["battle"] is None and st["step"] == 7


@pytest.mark.rule("MM-EX-1")
def test_ex1_defiance_returns_after_the_defenders_next_turn():
    """MM-EX-1 end state / MM-RESTORE-1: face down through the defender's next turn."""
    st = ex1_start()
    for seat, text in [(0, "advance S09 6"), (0, "fracture P1 sceptre"), (0, "conflict 5"), (1, "conflict 3"),
                       (1, "support +1 +2"), (0, "support +2")]:
        st, _ = do(st, seat, text)
    st, _ = do(st, 0, "end")
    assert st["active"] == 1 and st["down"][1][1] != -1
    st, ev = do(st, 1, "end")
    assert st["down"][1][1] == -1
    assert any("restores Sceptre of Defiance" in t for t in texts(ev))


@pytest.mark.rule("MM-EX-2")
def test_ex2_tie_defender_wins_by_one():
    """MM-EX-2: 11 to 11; the attacker with 4 knights loses 1 and retreats 3."""
    st = start(2, tiles=FOREST_2P, board={"S09": [1, 4], "S10": [0, 1], "S01": [1, 1]}, castle=[4, 0],
               arts=[["Insight", "Loyalty", "Greed"], ["Fury", "Rage", "Devotion"]],
               hands=[["5", "+2", "2", "3", "4"], ["5", "+2", "2", "3", "4"]], active=0)
    for seat, text in [(0, "advance S09 4"), (0, "conflict 5"), (1, "conflict 5")]:
        st, _ = do(st, seat, text)
    assert prompted(st) == [0], "equal strength: the attacker goes first (MM-DIFF-7)"
    st, _ = do(st, 0, "support +2")  # its last support card: its opportunity ends
    st, ev = do(st, 1, "support +2")  # neither holds another support card: the step ends
    assert any("11 to 11" in t and "{P1} wins by 1" in t for t in texts(ev))
    assert st["castle"][0] == 3 and st["lost"][0] == 1
    assert knights(st, "S09") == (1, 4)


@pytest.mark.rule("MM-EX-3")
def test_ex3_redistribution():
    """MM-EX-3: 3 from the 1-VP and 1 from the 3-VP; castle 3 -> 6, 2-VP 4 -> 5."""
    st = start(2, board={"S10": [0, 4], "S08": [0, 4], "S06": [0, 3], "S01": [1, 1]}, castle=[3, 3], active=0)
    st, _ = do(st, 0, "redis S10>C:3 S06>S08:1")
    assert st["castle"][0] == 6
    assert [knights(st, s)[1] for s in ("S10", "S06", "S08")] == [1, 2, 5]
    assert st["stage"] == "m2", "after the redistribution comes the advance"


def ex4_start():
    return start(2, tiles=FOREST_2P, board={"S02": [1, 1], "S04": [1, 2], "S09": [0, 1], "S07": [0, 1],
                                            "S03": [0, 1]},
                 castle=[6, 4], arts=[["Insight", "Loyalty", "Devotion"], ["Fury", "Rage", "Greed"]],
                 hands=[["5", "2", "3", "4", "ambush"], ["2", "3", "4", "5", "ambush"]], active=0)


@pytest.mark.rule("MM-EX-4")
def test_ex4_supply_cut():
    """MM-EX-4: Yellow (P0) takes B (S02); Red's A (S04) loses its supply line."""
    st = ex4_start()
    from core.medieval_mastery import rules
    from tests.core.medieval_mastery.helpers import node
    assert node(2, "S04") in rules.supplied(st, 1)
    for seat, text in [(0, "advance S02 6"), (0, "conflict 5"), (1, "conflict 2")]:
        st, _ = do(st, seat, text)
    while st["phase"] == "support":
        st, _ = do(st, prompted(st)[0], "pass")
    assert knights(st, "S02")[0] == 0
    # Red's A has no supply line now, but still counts.
    assert node(2, "S04") not in rules.supplied(st, 1)
    assert G.view(st, None)["seats"][1]["vp"] == 1, "A (a 1-VP Forest) still counts (MM-WIN-3)"
    # Yellow's B is supplied through S03, the lake and S07.
    assert node(2, "S02") in rules.supplied(st, 0)
    # Red on its turn: no redistribution into or out of A, and A gives no reach.
    st, _ = do(st, 0, "end")
    with pytest.raises(IllegalMove) as err:
        do(st, 1, "redis C>S04:1")
    assert err.value.rule == "MM-REDIS-4"
    targets = {m["to"] for m in G.legal_moves(st, 1) if m.get("type") == "advance"}
    assert targets == {"S01", "S02"}


@pytest.mark.rule("MM-EX-5")
def test_ex5_lake_reach():
    """MM-EX-5: C2 with S01 and S03 reaches S02, S04..S08 but not S09/S10; with S03 only, S01/S02."""
    st = start(2, board={"S01": [1, 1], "S03": [1, 1], "S10": [0, 1]}, castle=[3, 3], active=1)
    targets = {m["to"] for m in G.legal_moves(st, 1) if m.get("type") == "advance"}
    assert targets == {"S02", "S04", "S05", "S06", "S07", "S08"}
    st = start(2, board={"S03": [1, 1], "S10": [0, 1]}, castle=[3, 3], active=1)
    targets = {m["to"] for m in G.legal_moves(st, 1) if m.get("type") == "advance"}
    assert targets == {"S01", "S02"}


@pytest.mark.rule("MM-EX-1")
def test_ex1_in_strict_windows_same_totals():
    """MM-EX-1 with strict windows: both players are asked in each window; the totals are the same."""
    st = ex1_start()
    st = dict(st, options=dict(st["options"], windows="strict"))
    st, _ = do(st, 0, "advance S09 6")
    st, _ = do(st, 0, "fracture P1 sceptre")
    assert prompted(st) == [1], "the defender is asked too, holding no Fracture"
    st, _ = do(st, 1, "pass")
    log = []
    for seat, text in [(0, "conflict 5"), (1, "conflict 3"), (1, "support +1 +2"), (1, "pass"), (0, "support +2"),
                       (0, "pass"), (1, "pass"), (0, "pass")]:
        st, ev = do(st, seat, text)
        log += texts(ev)
    assert any("14 to 12" in t for t in log)
    assert st["phase"] == "window" and prompted(st) == [1], "orb window: P0's Fracture is visibly discarded"
    st, ev = do(st, 1, "pass")
    assert knights(st, "S09") == (0, 6) and st["castle"] == [1, 2]
