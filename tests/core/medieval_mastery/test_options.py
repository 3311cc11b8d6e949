"""Optional rules as game options (OPT area)."""
import pytest

from core.medieval_mastery import GAME, battle, rules
from core.medieval_mastery.state import Ctx
from core.protocol import IllegalMove
from tests.core.medieval_mastery.battles import conflicts, pass_support, pass_windows, position
from tests.core.medieval_mastery.helpers import G, do, knights, node, prompted, start, texts

FOREST4 = {f"S{i:02d}": "Forest" for i in range(1, 21)}
ARTS4 = [["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"], ["Order", "Vigour", "Cleansing"],
         ["Vitality", "Fear", "Brutality"]]
DOWN4 = [[-1, -1, 0]] * 4
HAND = ["2", "3", "4", "5", "+1"]


@pytest.mark.rule("MM-OPT-ALLIANCE")
@pytest.mark.rule("MM-OPT-ALLIANCE-1")
@pytest.mark.rule("MM-OPT-ALLIANCE-7")
def test_team_option_player_counts_and_exclusions():
    for players, teams in ((2, "2"), (3, "2"), (5, "2"), (4, "3")):
        with pytest.raises(IllegalMove) as err:
            G.setup(players, {"teams": teams}, "x")
        assert err.value.rule == "MM-OPT-ALLIANCE-1"
    with pytest.raises(IllegalMove) as err:
        G.setup(4, {"teams": "2", "siege": True}, "x")
    assert err.value.rule == "MM-OPT-ALLIANCE-7"
    # Changed in rules version 2 (issue 9): Alliance with Skirmish is allowed (no rulebook forbids it;
    # test_original_rulings.py); a version-1 game could not be created with it.
    assert G.setup(4, {"teams": "2", "skirmish": True}, "x")["options"]["skirmish"] is True
    for players, teams in ((4, "2"), (6, "2"), (6, "3")):
        assert G.setup(players, {"teams": teams}, "x")["options"]["teams"] == teams


@pytest.mark.rule("MM-OPT-ALLIANCE-2")
def test_team_seating():
    st = G.setup(4, G.normalize_options({"teams": "2"}), "x")
    assert rules.teams(st) == [[0, 2], [1, 3]], "partners opposite: C1/C3, C2/C4"
    st = G.setup(6, G.normalize_options({"teams": "2"}), "x")
    assert rules.teams(st) == [[0, 3], [1, 4], [2, 5]]
    st = G.setup(6, G.normalize_options({"teams": "3"}), "x")
    assert rules.teams(st) == [[0, 2, 4], [1, 3, 5]], "alternating seats"


@pytest.mark.rule("MM-OPT-ALLIANCE-3")
@pytest.mark.rule("MM-DIFF-8")
@pytest.mark.rule("MM-WIN-4")
def test_team_wins_at_twenty():
    # Slot values (1-VP S06; 3-VP S09, S10, S11, S12; 2-VP S04, S14; 1-VP S15): 1+3+3+2 + 3+3+2+1 = 18.
    board = {"S06": [0, 1], "S09": [0, 1], "S10": [0, 1], "S04": [0, 1],
             "S11": [2, 1], "S12": [2, 1], "S14": [2, 1], "S15": [2, 1], "S01": [3, 1]}
    st = start(4, {"teams": "2"}, board=board, castle=[6, 6, 6, 6], active=0)
    vp = [rules.vp(st, s) for s in range(4)]
    assert vp[0] + vp[2] == 18 and rules.target_vp(st) == 20 and G.result(st) is None
    st, ev = do(st, 0, "advance S05 1")
    assert G.result(st).winners == (0, 2) and "20 VP (target 20)" in G.result(st).reason
    assert G.result(st).code == "team-target"


@pytest.mark.rule("MM-OPT-ALLIANCE-4")
@pytest.mark.rule("MM-DIFF-9")
def test_no_advance_into_a_teammates_territory():
    st = start(4, {"teams": "2"}, board={"S06": [0, 1], "S05": [2, 1], "S08": [1, 1]}, castle=[6, 6, 6, 6], active=0)
    targets = {m["to"] for m in G.legal_moves(st, 0) if m.get("type") == "advance"}
    assert "S05" not in targets and "S08" in targets
    with pytest.raises(IllegalMove) as err:
        do(st, 0, "advance S05 2")
    assert err.value.rule == "MM-OPT-ALLIANCE-4"


def team_battle(tile="Forest", windows="fast"):
    st = start(4, {"teams": "2", "windows": windows}, tiles=dict(FOREST4, S08=tile), board={"S06": [0, 1], "S08": [1, 2]},
               castle=[4, 3, 3, 3], arts=ARTS4, down=DOWN4, hands=[list(HAND)] * 4, active=0)
    st, _ = do(st, 0, "advance S08 4")
    st, _ = pass_windows(st)
    return conflicts_(st)


def conflicts_(st):
    st, _ = do(st, 0, "conflict 2")
    st, _ = do(st, 1, "conflict 5")  # 6 vs 7: P0 is lower
    return st


@pytest.mark.rule("MM-OPT-ALLIANCE-5")
@pytest.mark.rule("MM-ASYNC-4")
def test_team_support_goes_round_clockwise():
    st = team_battle(windows="strict")  # strict: every member holding cards is asked, as at a table
    assert prompted(st) == [0]
    st, _ = do(st, 0, "pass")
    assert prompted(st) == [1]
    st, _ = do(st, 1, "pass")
    st, _ = do(st, 2, "support +1")  # P0's partner helps the attacker
    assert st["battle"]["attack_strength"] == 7
    st, _ = do(st, 2, "pass")
    st, _ = do(st, 3, "support +1")  # P1's partner helps the defender
    assert st["battle"]["defence_strength"] == 8
    st, _ = do(st, 3, "pass")
    for seat in (0, 1, 2):
        st, _ = do(st, seat, "pass")
        assert st["phase"] == "support"
    st, ev = do(st, 3, "pass")  # a full round with nothing played
    assert st["phase"] != "support" and any("7 to 8" in t for t in texts(ev))
    assert "+1" in [c["card"] for c in G.view(st, None)["seats"][2]["discard"]], "to its owner's pile"
    st = team_battle("Mountains")
    assert st["phase"] != "support", "Mountains forbids all support, teammates' too"


@pytest.mark.rule("MM-OPT-SIEGE")
@pytest.mark.rule("MM-OPT-SIEGE-1")
@pytest.mark.rule("MM-OPT-SIEGE-2")
@pytest.mark.rule("MM-OPT-SIEGE-3")
@pytest.mark.rule("MM-OPT-SIEGE-4")
@pytest.mark.rule("MM-OPT-SIEGE-5")
def test_castle_siege():
    def siege(castle_p1=0, sceptre="Fear"):
        return start(2, {"siege": True}, board={"S10": [0, 1], "S08": [0, 1], "S03": [0, 1], "S01": [0, 1]},
                     castle=[9, castle_p1],
                     arts=[["Fury", sceptre, "Devotion"], ["Insight", "Vigour", "Greed"]], down=[[-1, -1, 0]] * 2,
                     hands=[["5", "+2", "+2", "+1", "4"], ["2", "3", "4", "+1", "+1"]], active=0)
    st = siege()
    assert "C2" in {m["to"] for m in G.legal_moves(st, 0) if m.get("type") == "advance"}
    plain = start(2, board={"S10": [0, 1], "S08": [0, 1], "S03": [0, 1], "S01": [0, 1]}, castle=[9, 3], active=0)
    assert "C2" not in {m["to"] for m in G.legal_moves(plain, 0) if "to" in m}
    with pytest.raises(IllegalMove) as err:
        do(st, 0, "advance C2 7")
    assert err.value.rule == "MM-OPT-SIEGE-3"
    st, _ = do(st, 0, "advance C2 2")
    # Changed in rules version 2 (issue 9): the Fear holder is asked ("kan välja"); Vigour is not (useless)
    assert st["phase"] == "choice" and st["choice"]["kind"] == "sceptre" and prompted(st) == [0]
    st, _ = do(st, 0, "sceptre use")
    b = st["battle"]
    assert b["siege"] and b["defence_strength"] == 8, "an empty castle defends as 8"
    assert b["attack_strength"] == 8, "Fear equals the defender's 8; Vigour does nothing"
    st, _ = do(st, 0, "conflict 5")
    st, _ = do(st, 1, "conflict 2")
    st, _ = pass_support(st)
    assert G.result(st).winners == (0,) and "Castle Siege" in G.result(st).reason
    assert G.result(st).code == "castle-conquered"
    # The defender holds: the attacker loses the margin and retreats; the castle is untouched.
    st = siege(castle_p1=4, sceptre="Rage")
    st, _ = do(st, 0, "advance C2 2")
    st, _ = do(st, 0, "conflict 4")
    st, _ = do(st, 1, "conflict 3")  # 2 + 1 (Rage) + 4 = 7 vs 8 + 3 = 11: margin 4
    st, _ = pass_support(st)
    assert G.result(st) is None and st["castle"][1] == 4
    assert st["castle"][0] == 7 and st["lost"][0] == 2, "2 knights lost (margin 4 > 2), none retreat"


@pytest.mark.rule("MM-OPT-LIFEANDDEATH")
@pytest.mark.rule("MM-OPT-LIFEANDDEATH-1")
@pytest.mark.rule("MM-OPT-LIFEANDDEATH-2")
@pytest.mark.rule("MM-DIFF-17")
@pytest.mark.rule("MM-DIFF-14")
def test_life_and_death_clears_unsupplied_territories_after_the_battle():
    st = start(2, {"life-and-death": True}, tiles={f"S{i:02d}": "Forest" for i in range(1, 11)},
               board={"S10": [0, 1], "S08": [0, 1], "S01": [1, 1], "S03": [1, 1], "S05": [1, 2]}, castle=[4, 3],
               arts=[["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]], down=[[-1, -1, 0]] * 2,
               hands=[list(HAND), list(HAND)], active=0)
    free = G.view(st, None)["seats"][1]["dice_free"]
    st, _ = do(st, 0, "advance S03 4")
    st, _ = do(st, 0, "conflict 5")
    assert knights(st, "S05") == (1, 2), "a battle in progress cuts no supply"
    st, _ = do(st, 1, "conflict 2")
    st, ev = pass_support(st)
    assert knights(st, "S05") == (-1, 0) and any("Life and Death" in t for t in texts(ev))
    assert st["castle"][1] == 3, "removed, not retreated"
    assert G.view(st, None)["seats"][1]["dice_free"] == free + 2, "dice back to the reserve"
    assert "supply" in GAME.options["life-and-death"].help and "roll" in GAME.options["mayhem"].help


@pytest.mark.rule("MM-OPT-SKIRMISH")
@pytest.mark.rule("MM-OPT-SKIRMISH-1")
@pytest.mark.rule("MM-OPT-SKIRMISH-2")
def test_skirmish_target_eleven_and_homelands_worth_nothing():
    st = start(2, {"skirmish": True}, tiles={"S10": "Homelands", "S05": "City", "S06": "City", "S04": "Fort",
                                               "S08": "Fort", "S07": "Fort"},
               board={"S10": [0, 1], "S05": [0, 1], "S06": [0, 1], "S04": [0, 1], "S08": [0, 1], "S01": [1, 1]},
               castle=[6, 3], active=0)
    assert rules.vp(st, 0) == 3 + 3 + 2 + 2 and rules.target_vp(st) == 11
    st, _ = do(st, 0, "advance S07 1")
    assert G.result(st).winners == (0,) and "target 11" in G.result(st).reason


def mayhem_battle(seed, a=1, d=2, att_wins=True, arts=None):
    st = position(a, d, options={"mayhem": True}, seed=seed, arts=arts,
                  hands=[["5", "2", "3", "4", "+1"], ["5", "2", "3", "4", "+1"]])
    st, _ = do(st, 0, f"advance S08 {a}")
    st, _ = conflicts(st, "5" if att_wins else "2", "2" if att_wins else "5")
    return pass_support(st)


@pytest.mark.rule("MM-OPT-MAYHEM")
@pytest.mark.rule("MM-OPT-MAYHEM-2")
@pytest.mark.rule("MM-OPT-MAYHEM-3")
@pytest.mark.rule("MM-OPT-MAYHEM-5")
def test_mayhem_winner_rolls_and_may_lose_instead():
    seen = set()
    for i in range(80):
        st, ev = mayhem_battle(f"may{i}", a=1, d=2, arts=[["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]])
        rolls = next(e.data["dice"] for e in ev if e.data and "dice" in e.data and "Mayhem" in e.text)
        assert len(rolls) == 1, "one die per winning knight in the territory"
        if rolls == [1]:
            # The attacker was wiped out: the defender wins instead, keeps S08 and does not retreat.
            assert knights(st, "S08") == (1, 2) and st["castle"][1] == 3
            assert any("loses the battle instead" in t for t in texts(ev))
            assert st["castle"][0] == 1, "P0 now lost: its Devotion orb applies (reversed result)"
            seen.add("reversed")
        else:
            assert knights(st, "S08") == (0, 1)
            seen.add("kept")
    assert seen == {"reversed", "kept"}
    for i in range(80):
        st, ev = mayhem_battle(f"mayd{i}", a=3, d=1, att_wins=False)
        if any("loses the battle instead" in t for t in texts(ev)):
            assert knights(st, "S08") == (0, 3), "the beaten attacker conquers without losses"
            break
    else:
        pytest.fail("no reversal found")


@pytest.mark.rule("MM-OPT-MAYHEM-4")
def test_mayhem_empty_territory_ends_the_battle_uncontrolled():
    st = position(2, 1, options={"mayhem": True})
    st, _ = do(st, 0, "advance S08 2")
    st = dict(st, knights=list(st["knights"]))
    b = st["battle"]
    b.update(winner=1, loser=0, margin=1)
    b["attack_knights"] = 0  # the attacker has nothing left in the tile
    st["knights"][node(2, "S08")] = 1
    for i in range(40):
        ctx = Ctx(dict(st, rng=i, knights=list(st["knights"]), owner=list(st["owner"]), lost=list(st["lost"]),
                       battle=dict(b)))
        battle.mayhem(ctx, ctx.st["battle"])
        if ctx.st["knights"][node(2, "S08")] == 0:
            assert ctx.st["owner"][node(2, "S08")] == -1 and ctx.st["battle"]["step"] == battle.END
            return
    pytest.fail("no wipe-out roll found")


def siege_mayhem_win(seed):
    """P0 storms C2 with a single knight and wins 12 to 10; Mayhem then rolls its one die."""
    st = start(2, {"siege": True, "mayhem": True}, tiles={f"S{i:02d}": "Forest" for i in range(1, 11)},
               board={"S10": [0, 1], "S08": [0, 1], "S03": [0, 1], "S01": [0, 1], "S02": [1, 1]}, castle=[6, 4],
               arts=[["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]],
               hands=[["5", "+2", "+2", "+1", "+1"], ["2", "3", "4", "5", "+1"]], active=0, seed=seed)
    st, _ = do(st, 0, "advance C2 1")
    st, _ = conflicts(st, "5", "2")
    st, _ = do(st, 0, "support +2 +2 +1 +1")
    return pass_support(st)


@pytest.mark.rule("MM-OPT-MAYHEM-3")
@pytest.mark.rule("MM-OPT-SIEGE-5")
def test_mayhem_wiping_out_a_castle_attacker_reverses_the_result():
    """The castle is never left empty: the wiped-out attacker loses instead, the orbs follow the new result."""
    for i in range(60):
        st, ev = siege_mayhem_win(f"siege-mayhem-{i}")
        log = texts(ev)
        assert any("12 to 10; {P0} wins by 2" in t for t in log)
        rolls = next(e.data["dice"] for e in ev if e.data and "Mayhem" in e.text)
        if rolls != [1]:
            assert G.result(st).winners == (0,), "the attacker kept a knight: the castle falls"
            continue
        assert G.result(st) is None, "no castle conquered"
        assert any("loses the battle instead" in t for t in log)
        assert not any("uncontrolled" in t for t in log), "a castle never becomes uncontrolled"
        assert st["castle"][1] == 4, "the defender keeps its castle and its knights"
        assert st["castle"][0] == 5 + 1, "P0, now the loser, gets its Orb of Devotion knight"
        assert any("Orb of Greed" in t for t in log), "P1, now the winner, applies its Orb of Greed"
        assert st["battle"] is None and st["step"] == 7 and st["active"] == 0
        return
    pytest.fail("no wiped-out roll found")


@pytest.mark.rule("MM-OPT-SIEGE-5")
@pytest.mark.rule("MM-OPT-MAYHEM-2")
def test_a_castle_defender_who_wins_rolls_no_mayhem():
    """Mayhem rolls for the winner's knights in the contested *territory* ('betwist gebied'); a
    castle is not a territory, its defender fights as a fixed 8 and 'the defender's castle
    knights are unaffected' when it wins (MM-OPT-SIEGE-5): no roll, its castle stays whole."""
    for i in range(8):
        st = start(2, {"siege": True, "mayhem": True}, tiles={f"S{i:02d}": "Forest" for i in range(1, 11)},
                   board={"S10": [0, 1], "S08": [0, 1], "S03": [0, 1], "S01": [0, 1], "S02": [1, 1]},
                   castle=[6, 4], arts=[["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]],
                   hands=[["2", "3", "4", "2", "3"], ["5", "3", "4", "5", "4"]], active=0, seed=f"siege-hold-{i}")
        st, _ = do(st, 0, "advance C2 3")
        st, ev = conflicts(st, "2", "5")  # nobody holds a support card: the step passes at once
        st, more = pass_support(st)
        log = texts(ev + more)
        assert any("{P1} wins by" in t for t in log)
        assert not any(t.startswith("Mayhem") for t in log) and st["castle"][1] == 4
        assert G.result(st) is None and st["battle"] is None
