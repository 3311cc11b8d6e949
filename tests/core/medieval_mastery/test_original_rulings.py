"""Rules version 2: where the engine now follows the rulebooks (Swedish 000, Russian 001, Dutch 002)
instead of a reading of the English spec that they contradict (issue 9, points 9 and 10). Each test
quotes the passage; games created under rules version 1 keep the old reading (they must replay as
they were played)."""
import pytest

from core.medieval_mastery import rules
from core.protocol import IllegalMove
from tests.core.medieval_mastery.battles import position
from tests.core.medieval_mastery.helpers import G, do, kinds, prompted, start, texts
from tests.core.medieval_mastery.test_turn import refused

FOREST = {f"S{i:02d}": "Forest" for i in range(1, 11)}
ARTS = [["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]]


def turn(options=None, rules_version=None, hand=("cta", "ta", "2", "3", "4")):
    """P0 to play with Crown of Fury, Call to Arms and Tactical Advance in hand."""
    scenario = dict(tiles=FOREST, board={"S10": [0, 2], "S09": [0, 1], "S01": [1, 2], "S02": [1, 1]},
                    castle=[6, 6], arts=ARTS, hands=[list(hand), ["2", "3", "4", "5", "+1"]], active=0)
    return G.setup(2, G.normalize_options(options or {}, rules_version), "test", scenario,
                   rules_version=rules_version)


@pytest.mark.rule("MM-RES-TIMING")
@pytest.mark.rule("MM-CROWN-1")
def test_the_crown_does_not_close_the_window_for_resource_cards():
    """Swedish: "Korten call to arms och tactical advance kan bara spelas ut före eller efter det att du
    omfördelar dina riddare och gör din framryckning under din egen omgång" (only before or after you
    redistribute and advance); Russian "только до или уже после", Dutch "enkel ... voor of na". The
    numbered turn summary is an order of play: a crown used first leaves "before" open."""
    st = turn()
    st, _ = do(st, 0, "crown")                       # Crown of Fury at step 3
    st, _ = do(st, 0, "discard none")
    st, ev = do(st, 0, "play cta")                    # still before the redistribution: allowed
    assert st["castle"][0] == 8 and kinds(st, 0, "discard") == ["cta"]
    st, _ = do(st, 0, "redis S10>S09:1")
    st, _ = do(st, 0, "advance S08 2")
    assert st["step"] == 7 and st["active"] == 0


@pytest.mark.rule("MM-RES-TIMING")
@pytest.mark.rule("MM-TURN-8")
def test_a_crown_at_step_8_does_not_end_the_turn():
    """"före eller efter": after the advance the cards stay playable, whether the crown came first or
    not; the turn ends when the player says 'end'. A Tactical Advance after a step-8 crown gives its
    extra manoeuvre."""
    st = turn()
    st, _ = do(st, 0, "skip")
    st, _ = do(st, 0, "crown")
    st, _ = do(st, 0, "discard none")
    assert st["active"] == 0 and st["step"] == 7
    st, _ = do(st, 0, "play ta")
    assert st["stage"] == "m1"
    st, _ = do(st, 0, "skip")
    st, _ = do(st, 0, "play cta")
    assert st["castle"][0] == 8
    assert refused(st, 0, "crown").rule == "MM-CROWN-1", "still once per turn"
    st, _ = do(st, 0, "end")
    assert st["active"] == 1


@pytest.mark.rule("MM-RES-TIMING")
@pytest.mark.rule("MM-RES-FRACTURE")
def test_the_turn_order_option_and_rules_version_1_keep_the_strict_order():
    """`resource-timing turn-order` (offered to tables) and every game created under rules version 1:
    a crown at step 3 ends step 2, a crown at step 8 ends the turn."""
    for st in (turn({"resource-timing": "turn-order"}), turn(rules_version=1)):
        after, _ = do(st, 0, "crown")
        after, _ = do(after, 0, "discard none")
        err = refused(after, 0, "play cta")
        assert err.rule == "MM-RES-TIMING" and "step 2 ended when you used your crown" in err.message
        late, _ = do(st, 0, "skip")
        late, _ = do(late, 0, "crown")
        late, _ = do(late, 0, "discard none")
        assert late["active"] == 1
    assert "resource-timing" not in turn(rules_version=1)["options"]


def sceptre_battle(att_sceptre, def_sceptre, a_kn, d_kn, options=None):
    arts = [["Fury", att_sceptre, "Greed"], ["Insight", def_sceptre, "Devotion"]]
    st = position(a_kn, d_kn, arts=arts, castle=[a_kn, 3], options=options)
    st, _ = do(st, 0, f"advance S08 {a_kn}")
    return st


@pytest.mark.rule("MM-ART-FEAR")
@pytest.mark.rule("MM-ICON-EQUAL")
def test_fear_asks_its_holder():
    """Swedish: "Den påverkade spelaren kan välja att utkämpa en strid som om båda sidor hade lika många
    riddare som spelarens rival" — the player *may choose*. Declining can matter: a stronger attack
    is not always wanted (a player who means to lose, for his "when you lose" orb, or who wants the
    first support opportunity), so the holder is asked whenever it changes his strength."""
    st = sceptre_battle("Fear", "Loyalty", 2, 5)
    assert st["phase"] == "choice" and prompted(st) == [0]
    assert "as if with 5 knights instead of 2 (strength +3)" in G.prompts(st)[0].text
    assert sorted(G.format(m) for m in G.legal_moves(st, 0) if m["type"] == "sceptre") == \
        ["sceptre decline", "sceptre use"]
    used, ev = do(st, 0, "sceptre use")
    assert (used["battle"]["attack_strength"], used["battle"]["defence_strength"]) == (5, 6) and used["phase"] == "commit"
    declined, ev = do(st, 0, "sceptre decline")
    assert declined["battle"]["attack_strength"] == 2 and any("does not use the Sceptre of Fear" in t for t in texts(ev))
    weaker = sceptre_battle("Fear", "Loyalty", 4, 2)              # it would lower him: still his choice
    assert "strength -2" in G.prompts(weaker)[0].text
    assert G.default_move(weaker, 0) == {"type": "sceptre", "use": False}
    assert G.default_move(st, 0) == {"type": "sceptre", "use": True}
    even = sceptre_battle("Fear", "Loyalty", 3, 3)                 # no change: nothing to ask
    assert even["phase"] == "commit"


@pytest.mark.rule("MM-ART-VIGOUR")
@pytest.mark.rule("MM-ART-SCEPTRE-NOTE")
def test_vigour_asks_its_holder_after_the_attackers_sceptre():
    """The same card text for Vigour; the attacker's sceptre is applied (and answered) first, each uses
    the rival's real knights."""
    st = sceptre_battle("Fear", "Vigour", 2, 5)
    st, _ = do(st, 0, "sceptre use")
    assert st["phase"] == "choice" and prompted(st) == [1]
    assert "as if with 2 knights instead of 5 (strength -3)" in G.prompts(st)[0].text
    st, _ = do(st, 1, "sceptre decline")
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (5, 5)
    st = sceptre_battle("Loyalty", "Vigour", 5, 2)
    st, _ = do(st, 1, "sceptre use")
    assert st["battle"]["defence_strength"] == 5 and st["knights"][7] == 2, "no dice change"


@pytest.mark.rule("MM-ICON-EQUAL")
def test_auto_and_rules_version_1_apply_fear_without_asking():
    """`sceptre-choice auto` (a table that wants fewer pauses) and games created under rules version 1:
    used exactly when it raises the holder's strength."""
    st = sceptre_battle("Fear", "Loyalty", 2, 5, options={"sceptre-choice": "auto"})
    assert st["phase"] == "commit" and st["battle"]["attack_strength"] == 5
    assert "sceptre-choice" not in G.normalize_options({}, 1)
    old = G.setup(2, G.normalize_options({}, 1), "test", dict(
        tiles=dict(FOREST), board={"S10": [0, 1], "S08": [1, 5], "S01": [1, 1]}, castle=[2, 3],
        arts=[["Fury", "Fear", "Greed"], ["Insight", "Loyalty", "Devotion"]],
        hands=[["2", "3", "4", "5", "+1"]] * 2, active=0), rules_version=1)
    old, _ = do(old, 0, "advance S08 2")
    assert old["phase"] == "commit" and old["battle"]["attack_strength"] == 2 + 3


@pytest.mark.rule("MM-OPT-ALLIANCE-3")
@pytest.mark.rule("MM-OPT-SKIRMISH-2")
def test_alliance_with_skirmish_is_allowed():
    """No rulebook forbids the pair: the Swedish Alliance text excludes only the siege rule ("Den kan inte
    kombineras med regeln för belägring nedan"). Both rules apply as written: Skirmish's "11 or more"
    replaces the single player's 13, which teams do not use, so a team needs the Alliance rule's 20
    (or 30); Homelands count 0. `team-target` lets a table set a lower target."""
    board = {"S06": [0, 1], "S09": [0, 1], "S10": [0, 1], "S04": [0, 1],
             "S11": [2, 1], "S12": [2, 1], "S14": [2, 1], "S15": [2, 1], "S01": [3, 1]}
    homes = {"S06": "Homelands", "S15": "Homelands"}
    st = start(4, {"teams": "2", "skirmish": True}, board=board, castle=[6, 6, 6, 6], active=0, tiles=homes)
    assert rules.target_vp(st) == 20
    team = rules.vp(st, 0) + rules.vp(st, 2)
    plain = start(4, {"teams": "2"}, board=board, castle=[6, 6, 6, 6], active=0, tiles=homes)
    assert rules.vp(plain, 0) + rules.vp(plain, 2) == team + 2, "Homelands are worth 0 with Skirmish"
    low = start(4, {"teams": "2", "skirmish": True, "team-target": team + 1}, board=board,
                castle=[6, 6, 6, 6], active=0, tiles=homes)
    low, _ = do(low, 0, "advance S05 1")
    assert low["win"]["seats"] == [0, 2] and f"(target {team + 1})" in G.result(low).reason
    with pytest.raises(IllegalMove):
        G.setup(4, {"team-target": 15}, "x")                        # a team target needs teams
    with pytest.raises(IllegalMove) as err:
        G.setup(4, {"teams": "2", "team-target": 40}, "x")
    assert "cannot be reached: the 4-player map holds 36 VP" in err.value.message
