"""Step 1, the orcs: breeding, raids and new orcs (spec section 6, WQ-ACC-9, WQ-ACC-12)."""
import pytest

from core.wizards_quest import battle, flow
from core.wizards_quest import state as S
from core.wizards_quest.board import IDS, ORC
from core.wizards_quest.flow import TableRng
from tests.core.wizards_quest.helpers import T, at, make, run_frames


def breed(st, dice):
    st = S.clone(st)
    ev = []
    flow.breed(st, TableRng("b", 0, dice), ev)
    return st, [e.text for e in ev]


def order(st, src):
    return [IDS[t] for t in battle.raid_targets(st, T[src])]


@pytest.mark.rule("WQ-ACC-12")
def test_a_roll_of_three_breeds_misty_forest_and_its_castles():
    """WQ-ORC-BREED-2: every orc county of the duchy and every orc castle next to it."""
    spec = {f"D3C{c}": {"orcs": 2} for c in range(1, 7)}
    spec.update({"K3": {"orcs": 1}, "K4": {"orcs": 1}, "K7": {"orcs": 1}, "K5": {"orcs": 1},
                 "D2C1": {"orcs": 1}})
    st, texts = breed(make(spec, reserves=False), [3, 6])
    assert all(at(st, f"D3C{c}")[1] == 3 for c in range(1, 7))
    assert [at(st, k)[1] for k in ("K3", "K4", "K7", "K5")] == [2, 2, 2, 1]
    assert at(st, "D2C1")[1] == 1


@pytest.mark.rule("WQ-ORC-BREED-1")
def test_one_roll_per_player_from_the_starting_player():
    """WQ-ORC-BREED-5: eliminated players do not roll."""
    st = make({}, players=4, start=2, out=[False, True, False, False])
    st, texts = breed(st, [1, 2, 3])
    rolls = [t for t in texts if t.startswith("Orc breeding")]
    assert [t.split()[2] for t in rolls] == ["{P2}", "{P3}", "{P0}"]


@pytest.mark.rule("WQ-ORC-BREED-3")
def test_no_territory_breeds_beyond_four():
    """WQ-STACK-5."""
    st, _ = breed(make({"D1C1": {"orcs": 4}, "D1C2": {"orcs": 3}}, reserves=False), [1, 1])
    assert at(st, "D1C1")[1] == 4 and at(st, "D1C2")[1] == 4


@pytest.mark.rule("WQ-ORC-BREED-4")
def test_repeated_duchy_breeds_each_time_and_castles_per_matching_roll():
    st, _ = breed(make({"D1C3": {"orcs": 1}, "K1": {"orcs": 1}}, players=3, reserves=False), [1, 1, 2])
    assert at(st, "D1C3")[1] == 3
    assert at(st, "K1")[1] == 4  # next to duchies 1 and 2: one orc per matching roll


@pytest.mark.rule("WQ-ORC-BREED-5")
def test_peacemaker_protection_does_not_stop_breeding():
    """WQ-PEACE-5, WQ-AMB-34."""
    st, _ = breed(make({"D2C2": {"orcs": 2}}, peace="D2C1"), [2, 5])
    assert at(st, "D2C2")[1] == 3


@pytest.mark.rule("WQ-ACC-9")
def test_raid_order_examples_on_the_reconstructed_map():
    """WQ-ORC-RAID-4, WQ-MAPDATA-6: lowest duchy/county first, then clockwise, tunnel last."""
    spec = {"K5": {"orcs": 4}}
    spec.update({t: {"owner": 0, "men": 1} for t in ("D2C1", "D5C5", "D5C3", "D2C3")})
    assert order(make(spec, reserves=False), "K5") == ["D2C1", "D5C5", "D5C3", "D2C3"]
    spec = {"D4C4": {"orcs": 4}}
    spec.update({t: {"owner": 1, "men": 1} for t in ("D4C3", "D4C5", "D4C6", "D6C6")})
    assert order(make(spec, reserves=False), "D4C4") == ["D4C3", "D4C5", "D4C6", "D6C6"]
    spec = {"D6C4": {"orcs": 4}, "D6C3": {"orcs": 1}, "D6C5": {"owner": 0, "men": 1, "heroes": ["champion"]}}
    spec.update({t: {"owner": 1, "men": 1} for t in ("D6C1", "K6", "D1C6", "D6C2")})
    assert order(make(spec, reserves=False), "D6C4") == ["D1C6", "D6C2", "D6C1", "K6"]
    spec = {"D2C4": {"orcs": 4}, "D2C3": {"owner": 0, "men": 1, "heroes": ["champion"]}, "D2C2": {"orcs": 1}}
    spec.update({t: {"owner": 1, "men": 1} for t in ("D2C1", "D2C6", "D2C5")})
    assert order(make(spec, reserves=False), "D2C4") == ["D2C1", "D2C6", "D2C5"]
    assert order(make(spec, reserves=False, peace="D2C2"), "D2C4") == []


@pytest.mark.rule("WQ-ORC-RAID-3")
def test_raid_skips_orcs_dragon_champion_protected_and_empty():
    """WQ-DRAGON-10, WQ-PEACE-3 (castles are never protected), WQ-STACK-7."""
    spec = {"K5": {"orcs": 4}, "D2C1": {"orcs": 1}, "D5C5": {"owner": 0, "men": 2},
            "D5C3": {"owner": 0, "men": 1, "heroes": ["champion"]}}
    st = make(spec, reserves=False, dragon="D5C5")
    assert order(st, "K5") == []  # D2C3 empty, D2C1 orcs, D5C5 dragon, D5C3 champion
    st = make({"K1": {"orcs": 4}, "D1C2": {"owner": 0, "men": 1}, "D2C2": {"owner": 1, "men": 1}},
              reserves=False, peace="D1C1")
    assert order(st, "K1") == ["D2C2"]
    st = make({"D5C4": {"orcs": 4}, "K1": {"owner": 0, "men": 1}}, reserves=False, peace="D5C1")
    assert order(st, "D5C4") == ["K1"]


@pytest.mark.rule("WQ-ORC-RAID-4")
def test_castles_rank_after_counties_and_the_tunnel_is_never_first():
    """WQ-AMB-9: only castles eligible: the lowest castle starts; the tunnel only alone."""
    st = make({"D5C5": {"orcs": 4}, "K2": {"owner": 0, "men": 1}, "K5": {"owner": 1, "men": 1}}, reserves=False)
    assert order(st, "D5C5") == ["K2", "K5"]
    st = make({"D6C6": {"orcs": 4}, "D4C4": {"owner": 0, "men": 1}, "D6C5": {"owner": 1, "men": 1}},
              reserves=False)
    assert order(st, "D6C6") == ["D6C5", "D4C4"]
    st = make({"D6C6": {"orcs": 4}, "D4C4": {"owner": 0, "men": 1}}, reserves=False)
    assert order(st, "D6C6") == ["D4C4"]


@pytest.mark.rule("WQ-ORC-RAID-1")
def test_only_armies_of_four_raid():
    """WQ-ORC-RAID-2: sources in order, counties by duchy then castles."""
    st = make({"D2C4": {"orcs": 3}, "D2C1": {"owner": 0, "men": 1}, "K5": {"orcs": 4}, "D5C3": {"orcs": 4},
               "D4C3": {"owner": 1, "men": 1}, "D2C3": {"owner": 1, "men": 1}})
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "raids"}], dice=[6, 6] * 30)
    raids = [t for t in texts if "raid:" in t]
    assert [r.split()[3] for r in raids] == ["D5C3", "K5"]
    assert not any("D2C4 Haven raid" in t for t in texts)


@pytest.mark.rule("WQ-ORC-RAID-6")
def test_orcs_take_a_wiped_out_territory_with_one_orc():
    """WQ-ORC-RAID-9: the treasure there stays with the territory."""
    st = make({"D2C4": {"orcs": 4}, "D2C1": {"owner": 0, "men": 1}},
              treasures=[{"owner": 0, "kind": "crown", "at": "D2C1"}, {"owner": 0, "kind": "chest", "at": "K1"},
                         {"owner": 0, "kind": "ring", "at": "K2"}, {"owner": 1, "kind": "crown", "at": "K3"},
                         {"owner": 1, "kind": "chest", "at": "D1C1"}, {"owner": 1, "kind": "ring", "at": "D1C2"}])
    raid = {"kind": "raid", "source": T["D2C4"], "targets": [T["D2C1"]], "next": 0}
    out, texts, _ = run_frames(st, [raid], dice=[1, 6])
    assert at(out, "D2C1") == (ORC, 1, None) and at(out, "D2C4") == (ORC, 3, None)
    assert out["treasures"][0][2] == T["D2C1"]


@pytest.mark.rule("WQ-ORC-RAID-7")
def test_the_last_orc_stays_home_and_the_raid_ends():
    """WQ-ORC-RAID-6: with one orc left the conquered territory stays empty."""
    st = make({"D2C1": {"orcs": 4}, "K5": {"owner": 0, "men": 1}, "D2C3": {"owner": 0, "men": 1}})
    raid = {"kind": "raid", "source": T["D2C1"], "targets": [T["K5"], T["D2C3"]], "next": 0}
    out, texts, _ = run_frames(st, [raid], dice=[1, 3])  # 1 man in a castle defends at 3
    assert at(out, "D2C1") == (ORC, 1, None) and at(out, "K5")[0] == -1
    assert at(out, "D2C3") == (0, 1, None)  # never attacked


@pytest.mark.rule("WQ-ORC-RAID-5")
def test_orcs_never_break_off_and_a_surviving_target_stays():
    """The raid fights on until the defenders are gone or one orc is left."""
    st = make({"D2C4": {"orcs": 4}, "D2C1": {"owner": 0, "men": 3}})
    raid = {"kind": "raid", "source": T["D2C4"], "targets": [T["D2C1"]], "next": 0}
    out, texts, _ = run_frames(st, [raid], dice=[6, 1, 6, 1, 6, 1])
    assert len([t for t in texts if t.startswith("Battle")]) == 3
    assert at(out, "D2C4") == (ORC, 1, None) and at(out, "D2C1") == (0, 3, None)


@pytest.mark.rule("WQ-ORC-RAID-8")
def test_targets_are_checked_again_before_each_attack():
    """WQ-AMB-10: a listed target that has become ineligible is skipped."""
    st = make({"D2C4": {"orcs": 4}, "D2C1": {"owner": 0, "men": 1}, "D2C6": {"owner": 1, "men": 1}},
              dragon="D2C1")
    raid = {"kind": "raid", "source": T["D2C4"], "targets": [T["D2C1"], T["D2C6"]], "next": 0}
    out, texts, _ = run_frames(st, [raid], dice=[1, 6])
    assert at(out, "D2C1") == (0, 1, None) and at(out, "D2C6") == (ORC, 1, None)


@pytest.mark.rule("WQ-ORC-NEW-1")
def test_new_orcs_on_every_empty_territory():
    """Castles, the Peacemaker's duchy and territories with only the dragon/Peacemaker/treasures count."""
    st = make({"D1C1": {"owner": 0, "men": 1}}, peace="D2C2", dragon="D3C3")
    st = S.clone(st)
    ev = []
    f = {"kind": "round", "stage": "new"}
    st["frames"] = [f]
    flow.round_step(st, f, TableRng("n"), ev)
    assert at(st, "D1C1") == (0, 1, None)
    for tid in ("D2C2", "D3C3", "K5", "D6C6"):
        assert at(st, tid) == (ORC, 1, None)


@pytest.mark.rule("WQ-ORC-RAID")
def test_a_whole_orc_step_runs_breeding_then_raids_then_new_orcs():
    """WQ-ROUND-1 step 1: 1a, 1b, 1c in order."""
    st = make({"D2C4": {"orcs": 4}, "D2C1": {"owner": 0, "men": 1}})
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "breed"}], dice=[6, 6, 1, 6])
    i_breed = next(i for i, t in enumerate(texts) if t.startswith("Orc breeding"))
    i_raid = next(i for i, t in enumerate(texts) if "raid:" in t)
    i_new = next(i for i, t in enumerate(texts) if t.startswith("New orcs"))
    assert i_breed < i_raid < i_new


@pytest.mark.rule("WQ-ORC-RAID-6")
def test_a_raid_that_dies_with_its_target_leaves_both_empty():
    """Orcs and defenders fall in the same battle: no orc can move in, both territories are empty."""
    st = make({"D2C4": {"orcs": 4}, "D2C1": {"owner": 0, "men": 4}, "D2C6": {"owner": 0, "men": 1}})
    raid = {"kind": "raid", "source": T["D2C4"], "targets": [T["D2C1"], T["D2C6"]], "next": 0}
    out, texts, _ = run_frames(S.clone(dict(st, std=["men-first", "men-first"])), [raid], dice=[4, 4])
    assert at(out, "D2C4")[0] == -1 and at(out, "D2C1")[0] == -1
    assert at(out, "D2C6") == (0, 1, None)  # the raid is over: nothing left to attack with
    assert any("No orc is left to move in" in t for t in texts)
