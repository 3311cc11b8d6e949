"""Territory abilities (TERR area, territory icons, conquest losses)."""
import pytest

from core.medieval_mastery import data
from core.protocol import IllegalMove
from tests.core.medieval_mastery.battles import attack, conflicts, pass_support, position
from tests.core.medieval_mastery.helpers import G, do, kinds, knights, prompted, start, texts

FOREST = {f"S{i:02d}": "Forest" for i in range(1, 11)}


def conquer_empty(tile, knights_in=3, hands=None):
    st = start(2, tiles=dict(FOREST, S08=tile), board={"S10": [0, 1], "S01": [1, 1]}, castle=[6, 6],
               arts=[["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]],
               hands=hands or [["2", "3"], ["2", "3"]], active=0)
    return do(st, 0, f"advance S08 {knights_in}")


def win_battle(tile, a=4, d=2):
    st, _ = attack(a, d, tile=tile)
    st, _ = conflicts(st, "5", "2")
    return pass_support(st)


@pytest.mark.rule("MM-TERR-GRASSLANDS")
@pytest.mark.rule("MM-ICON-ATK1")
@pytest.mark.rule("MM-COMBAT-1")
def test_grasslands_attacker_plus_one():
    st, ev = attack(4, 2, tile="Grasslands")
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (5, 2)


@pytest.mark.rule("MM-TERR-FORT")
@pytest.mark.rule("MM-ICON-DEF1")
def test_fort_defender_plus_one():
    st, _ = attack(4, 2, tile="Fort")
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (4, 3)


@pytest.mark.rule("MM-TERR-CITY")
def test_city_defender_plus_one_and_a_knight_on_conquest():
    st, _ = attack(4, 2, tile="City")
    assert st["battle"]["defence_strength"] == 3
    st, _ = conquer_empty("City")
    assert st["castle"][0] == 3 + 1


@pytest.mark.rule("MM-TERR-FORTRESS")
def test_fortress_defender_plus_one_and_may_discard():
    st, _ = attack(4, 2, tile="Fortress")
    assert st["battle"]["defence_strength"] == 3
    st, _ = conquer_empty("Fortress")
    assert st["phase"] == "choice" and prompted(st) == [0]
    st, _ = do(st, 0, "discard 3")
    assert kinds(st, 0, "discard") == ["3"] and st["step"] == 7


@pytest.mark.rule("MM-TERR-VILLAGE")
@pytest.mark.rule("MM-ADV-4")
def test_village_knight_on_conquest_by_advance_and_by_battle():
    st, _ = conquer_empty("Village")
    assert st["castle"][0] == 4
    st, _ = win_battle("Village")
    assert st["castle"][0] == 1


@pytest.mark.rule("MM-TERR-ABBEY")
@pytest.mark.rule("MM-DIFF-1")
@pytest.mark.rule("MM-TERR-SHRINE")
def test_abbey_knight_and_may_discard():
    st, _ = conquer_empty("Abbey")
    assert st["castle"][0] == 4 and st["phase"] == "choice"
    st, _ = do(st, 0, "discard none")
    assert st["discard"][0] == [] and st["phase"] == "main"
    assert "Shrine" not in data.TILES, "Shrine is read as Abbey, not a tile of its own"
    assert "Abbey" in data.CONQUEST_KNIGHT and "Abbey" in data.CONQUEST_DISCARD


@pytest.mark.rule("MM-TERR-RUINS")
def test_ruins_may_discard():
    st, _ = conquer_empty("Ruins")
    assert st["phase"] == "choice" and st["castle"][0] == 3
    st, _ = conquer_empty("Ruins", hands=[[], ["2"]])
    assert st["phase"] == "main", "nothing to discard: no question"


@pytest.mark.rule("MM-TERR-MARSHLANDS")
@pytest.mark.rule("MM-LOSS-4")
@pytest.mark.rule("MM-ICON-MINUSKNIGHT")
def test_marshlands_conqueror_loses_a_knight():
    st, _ = conquer_empty("Marshlands", 3)
    assert knights(st, "S08") == (0, 2)
    st, ev = conquer_empty("Marshlands", 1)
    assert knights(st, "S08") == (-1, 0), "left empty: uncontrolled"
    assert any("uncontrolled" in t for t in texts(ev))


@pytest.mark.rule("MM-TERR-MOUNTAINS")
@pytest.mark.rule("MM-ICON-NOSUPPORT")
def test_mountains_no_support_step():
    st, _ = attack(4, 2, tile="Mountains")
    st, ev = conflicts(st, "2", "5")
    assert st["phase"] != "support" and any("no support cards" in t for t in texts(ev))
    with pytest.raises(IllegalMove):
        do(st, 0, "support +1")


@pytest.mark.rule("MM-TERR-CAVE")
@pytest.mark.rule("MM-TERR-BATTLEFIELD")
def test_cave_and_battlefield_capacity():
    st = start(2, tiles=dict(FOREST, S08="Cave", S09="Battlefield"), board={"S10": [0, 1], "S01": [1, 1]},
               castle=[8, 6], active=0)
    advances = {(m["to"], m["n"]) for m in G.legal_moves(st, 0) if m.get("type") == "advance"}
    assert max(n for t, n in advances if t == "S08") == 3
    assert max(n for t, n in advances if t == "S09") == 4
    st, _ = attack(3, 2, tile="Cave")
    assert st["battle"]["attack_strength"] == 3, "capacity has no battle effect"


@pytest.mark.rule("MM-TERR-FOREST")
def test_forest_has_no_ability():
    st, _ = attack(4, 2, tile="Forest")
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (4, 2)
    st, _ = conquer_empty("Forest")
    assert st["castle"][0] == 3 and st["phase"] == "main" and knights(st, "S08") == (0, 3)


@pytest.mark.rule("MM-TERR-ARENA")
@pytest.mark.rule("MM-ICON-ARENA")
@pytest.mark.rule("MM-EDGE-8")
@pytest.mark.rule("MM-LOSS-5")
def test_arena_roll_off_outcomes():
    outcomes = {}
    for seed in range(60):
        for a, d in ((1, 1), (2, 2)):
            st = position(a, d, tile="Arena", seed=f"arena{seed}")
            st, ev = do(st, 0, f"advance S08 {a}")
            roll = next(e.data["dice"] for e in ev if e.data and "dice" in e.data)
            owner, left = knights(st, "S08")
            if st["battle"] is not None:
                kind = "continue"
                assert st["battle"]["attack_knights"] == a - (roll[0] <= roll[1]) and left == d - (roll[1] <= roll[0])
            elif owner == 1:
                kind = "defender"
                assert roll[0] < roll[1] and st["step"] == 7 and len(st["hand"][0]) == 5, "no draw, no retreat"
            elif owner == 0:
                kind = "attacker"
                assert roll[1] < roll[0] and left == 1
            else:
                kind = "empty"
                assert roll[0] == roll[1] and left == 0
            outcomes[kind] = True
    assert set(outcomes) == {"continue", "defender", "attacker", "empty"}
    # An Arena left empty may be taken without a battle.
    for seed in range(60):
        st = position(1, 1, tile="Arena", seed=f"arena{seed}")
        st, _ = do(st, 0, "advance S08 1")
        if knights(st, "S08") == (-1, 0):
            st, _ = do(st, 0, "end")
            st, _ = do(st, 1, "end")
            st, _ = do(st, 0, "advance S08 2")
            assert knights(st, "S08") == (0, 2) and st["battle"] is None
            break
