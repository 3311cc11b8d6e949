"""Fracture windows in slow play: fast and strict modes, standing answers, hidden commitments
(MM-RES-FRACTURE b-d, MM-ASYNC-2, MM-ASYNC-7)."""
import pytest

from core.protocol import IllegalMove
from tests.core.medieval_mastery.helpers import G, do, prompted, start, texts

ARTS = [["Corruption", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"], ["Fury", "Fear", "Cleansing"]]
NO_FR = ["2", "3", "4", "5", "+1"]
FURY_ARTS = [["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"], ["Corruption", "Fear", "Cleansing"]]


def three(hands, windows="fast", **kw):
    """3 players: P0 (C1) attacks P1's S12 from S13; P2 watches."""
    return start(3, {"windows": windows}, board={"S13": [0, 1], "S12": [1, 2], "S09": [2, 1]}, castle=[4, 3, 3],
                 arts=kw.pop("arts", ARTS), hands=hands, active=0,
                 tiles={f"S{i:02d}": "Forest" for i in range(1, 16)}, **kw)


@pytest.mark.rule("MM-RES-FRACTURE")
@pytest.mark.rule("MM-ASYNC-2")
@pytest.mark.rule("MM-EDGE-11")
def test_fast_sceptre_window_asks_only_fracture_holders_clockwise_from_the_attacker():
    st = three([NO_FR, NO_FR, ["fracture", "2", "3", "4", "5"]])
    st, _ = do(st, 0, "advance S12 4")
    assert st["phase"] == "window" and prompted(st) == [2], "a bystander may fracture a combatant's sceptre"
    targets = {(m["player"], m["artefact"]) for m in G.legal_moves(st, 2) if m["type"] == "fracture"}
    assert targets == {(0, "sceptre"), (1, "sceptre")}, "even the attacker's defend-only Loyalty"
    assert "asked" not in G.view(st, 0)["window"] and G.view(st, 2)["window"]["asked"] == 2
    assert G.public_move(st, 2, {"type": "pass"}) is False
    st2, ev = do(st, 2, "fracture P1 sceptre")
    assert st2["down"][1][1] != -1 and st2["phase"] == "commit"
    assert st2["battle"]["attack_strength"] == 4, "Rage was destroyed before it could apply"
    with pytest.raises(IllegalMove) as err:
        do(st, 2, "fracture P2 sceptre")
    assert err.value.rule == "MM-EDGE-10"


@pytest.mark.rule("MM-ASYNC-2")
def test_strict_window_asks_everyone_except_visible_fractures():
    st = three([NO_FR, NO_FR, NO_FR], windows="strict", discards=[None, ["fracture"], None])
    st, _ = do(st, 0, "advance S12 4")
    assert prompted(st) == [0]
    assert [m for m in G.legal_moves(st, 0) if m["type"] != "standing"] == [{"type": "pass"}], \
        "asked, though holding no Fracture"
    assert {m["pass"] for m in G.legal_moves(st, 1) if m["type"] == "standing"} == {"always", "unless-mine"}, \
        "a seat not asked may still set a standing answer"
    st, _ = do(st, 0, "pass")
    assert prompted(st) == [2], "P1's Fracture lies face up in its discard pile: skipped"
    assert G.view(st, 0)["window"]["asked"] == 2
    assert G.public_move(st, 2, {"type": "pass"}) is True
    st, _ = do(st, 2, "pass")
    assert st["phase"] == "commit"


@pytest.mark.rule("MM-RES-FRACTURE")
def test_crown_window_starts_with_the_user_and_targets_only_that_crown():
    st = three([NO_FR, ["fracture", "2"], ["fracture", "3"]], windows="strict")
    st, _ = do(st, 0, "crown")
    assert prompted(st) == [1], "the user cannot target its own crown: next clockwise"
    with pytest.raises(IllegalMove) as err:
        do(st, 1, "fracture P0 orb")
    assert err.value.rule == "MM-RES-FRACTURE"
    st, _ = do(st, 1, "pass")
    assert prompted(st) == [2]
    st, ev = do(st, 2, "fracture P0 crown")
    assert st["down"][2][2] == -1 and st["down"][0][0] != -1 and st["phase"] == "main"


@pytest.mark.rule("MM-COMBAT-7")
@pytest.mark.rule("MM-RES-FRACTURE")
def test_orb_window_targets_combatants_orbs():
    st = three([["5", "2"], ["2", "3"], ["fracture", "3"]], decks=[["+1", "+1", "+2"], ["4", "4", "+1"], None])
    st, _ = do(st, 0, "advance S12 4")
    st, _ = do(st, 2, "pass")
    st, _ = do(st, 0, "conflict 5")
    st, _ = do(st, 1, "conflict 2")
    while st["phase"] == "support":
        st, _ = do(st, prompted(st)[0], "pass")
    assert st["phase"] == "window" and prompted(st) == [2]
    targets = {(m["player"], m["artefact"]) for m in G.legal_moves(st, 2) if m["type"] == "fracture"}
    assert targets == {(0, "orb"), (1, "orb")}
    st, _ = do(st, 2, "fracture P1 orb")
    assert st["castle"][1] == 3, "Greed/Devotion of a destroyed orb do not apply"


@pytest.mark.rule("MM-ASYNC-2")
def test_standing_always_pass():
    st = three([NO_FR, NO_FR, ["fracture", "2", "3", "4", "5"]])
    move = {"type": "standing", "pass": "always"}
    assert G.public_move(st, 2, move) is False
    st, ev = G.apply(st, 2, move)  # legal at any time, even when not prompted
    assert [e.to for e in ev] == [(2,)]
    assert G.format(move) == "standing always-pass"
    st, _ = do(st, 0, "advance S12 4")
    assert st["phase"] == "commit", "P2 passed automatically"


@pytest.mark.rule("MM-ASYNC-2")
def test_standing_pass_unless_a_crown_may_be_turned_on_me():
    """pass-unless-mine passes every window except a Crown of Corruption's, whose target is
    chosen only after the window (MM-ICON-ANY) and so may be any of your artefacts."""
    hands = [NO_FR, NO_FR, ["fracture", "2", "3", "4", "5"]]
    st = three(hands, standing=["off", "off", "unless-mine"])
    st2, _ = do(st, 0, "advance S12 4")
    assert st2["phase"] == "commit", "battle windows: passed for P2"
    st4, _ = do(st, 0, "crown")
    assert prompted(st4) == [2], "Corruption announced: P2 is asked"
    st5, _ = do(st4, 2, "fracture P0 crown")
    assert st5["down"][0][0] != -1 and st5["phase"] == "main", "cancelled before any target was named"
    st6, _ = do(st4, 2, "pass")
    assert st6["phase"] == "choice" and prompted(st6) == [0]
    st7, _ = do(st6, 0, "target P2 orb")
    assert st7["down"][2][2] != -1
    fury = three(hands, standing=["off", "off", "unless-mine"], arts=FURY_ARTS)
    fury, _ = do(fury, 0, "crown")
    assert fury["phase"] != "window", "Crown of Fury cannot touch P2: passed"


@pytest.mark.rule("MM-ASYNC-2")
def test_setting_a_standing_answer_while_asked_answers_the_window():
    st = three([NO_FR, NO_FR, ["fracture", "2", "3", "4", "5"]])
    st, _ = do(st, 0, "advance S12 4")
    assert prompted(st) == [2]
    st, _ = do(st, 2, "standing always-pass")
    assert st["phase"] == "commit"
    st, _ = do(st, 2, "standing off")
    assert st["standing"][2] == "off"


@pytest.mark.rule("MM-ASYNC-7")
def test_information_rules():
    st = three([NO_FR, NO_FR, ["fracture", "2", "3", "4", "5"]], discards=[["ta"], None, None])
    for seat in (None, 0, 1):
        v = G.view(st, seat)
        assert [p["hand"] for p in v["seats"]] == [5, 5, 5] and all(isinstance(p["deck"], int) for p in v["seats"])
        assert [c["card"] for c in v["seats"][0]["discard"]] == ["ta"]
        assert all(a["up"] for p in v["seats"] for a in p["artefacts"])
    hidden = set(G.hidden_from(st, 1))
    assert {f"K{c:03d}" for c in st["hand"][2]} <= hidden
    assert {f"K{c:03d}" for c in st["deck"][1]} <= hidden, "not even one's own deck order"
    assert not ({f"K{c:03d}" for c in st["hand"][1]} & hidden)
    assert "seed" not in str(G.view(st, None)) and "test" not in [str(x) for x in G.view(st, None).values()]


@pytest.mark.rule("MM-ASYNC-2")
def test_fast_pass_leaves_no_trace_strict_pass_is_announced():
    st = three([NO_FR, NO_FR, ["fracture", "2", "3", "4", "5"]])
    st, _ = do(st, 0, "advance S12 4")
    _, ev = do(st, 2, "pass")
    assert not any("{P2}" in t for t in texts(ev)), "nobody learns who was asked"
    st = three([NO_FR, NO_FR, NO_FR], windows="strict")
    st, _ = do(st, 0, "advance S12 4")
    _, ev = do(st, 0, "pass")
    assert "{P0} passes." in texts(ev)


@pytest.mark.rule("MM-ASYNC-2")
@pytest.mark.rule("MM-RES-FRACTURE")
def test_fast_battle_windows_go_clockwise_from_an_attacker_who_is_not_seat_0():
    """P1 attacks P2's S07 (next to its S10): the sceptre window asks P1, then P2, then P0, each once;
    in fast mode only the Fracture holders among them are asked."""
    fr = ["fracture", "2", "3", "4", "5"]
    st = start(3, {"windows": "fast"}, board={"S10": [1, 1], "S07": [2, 2], "S02": [2, 1], "S13": [0, 1]},
               castle=[3, 4, 3], arts=ARTS, hands=[fr, NO_FR, fr], active=1,
               tiles={f"S{i:02d}": "Forest" for i in range(1, 16)})
    st, _ = do(st, 1, "advance S07 4")
    assert prompted(st) == [2], "P1 (attacker, first) holds none: P2 is next clockwise"
    st, _ = do(st, 2, "pass")
    assert prompted(st) == [0], "then P0, the bystander"
    st, _ = do(st, 0, "pass")
    assert st["phase"] == "commit", "one pass round only"
