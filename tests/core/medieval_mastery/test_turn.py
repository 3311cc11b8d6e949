"""The nine-step turn, resource cards, crowns and restoring (TURN, RES, CROWN, RESTORE)."""
import pytest

from core.protocol import IllegalMove
from tests.core.medieval_mastery.helpers import G, do, kinds, knights, prompted, run, start, texts

FOREST = {f"S{i:02d}": "Forest" for i in range(1, 11)}
ARTS = [["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]]


def base(hands=None, arts=None, castle=None, board=None, **kw):
    return start(2, tiles=FOREST, board=board or {"S10": [0, 2], "S09": [0, 1], "S01": [1, 2], "S02": [1, 1]},
                 castle=castle or [6, 6], arts=arts or ARTS,
                 hands=hands or [["2", "3", "4", "5", "+1"], ["2", "3", "4", "5", "+1"]], active=0, **kw)


def refused(state, seat, text):
    with pytest.raises(IllegalMove) as err:
        do(state, seat, text)
    return err.value


@pytest.mark.rule("MM-TURN-1")
@pytest.mark.rule("MM-EDGE-6")
def test_three_knights_each_turn_limited_by_dice():
    st = base()
    st, ev = do(st, 0, "end")
    assert st["castle"][1] == 9 and any("places 3 knights" in t for t in texts(ev))
    st = base(castle=[6, 59], board={"S10": [0, 1]})
    st, ev = do(st, 0, "end")
    assert st["castle"][1] == 60, "10 dice show at most 60 knights"
    assert any("2 cannot be shown" in t for t in texts(ev))


@pytest.mark.rule("MM-TURN-2")
@pytest.mark.rule("MM-TURN-7")
@pytest.mark.rule("MM-RES-TIMING")
@pytest.mark.rule("MM-RES-CALLTOARMS")
@pytest.mark.rule("MM-RES-1")
@pytest.mark.rule("MM-TERM-PLAY")
def test_call_to_arms_only_at_steps_2_and_7():
    st = base(hands=[["cta", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]])
    st2, ev = do(st, 0, "play cta")
    assert st2["castle"][0] == 8 and kinds(st2, 0, "discard") == ["cta"]
    assert any("plays Call to Arms" in t for t in texts(ev, 1)), "shown to all"
    st, _ = do(st, 0, "redis S10>C:1")
    assert refused(st, 0, "play cta").rule == "MM-RES-TIMING"
    st, _ = do(st, 0, "skip")
    assert st["step"] == 7
    st, _ = do(st, 0, "play cta")
    assert st["castle"][0] == 9


@pytest.mark.rule("MM-TURN-3")
@pytest.mark.rule("MM-TURN-8")
@pytest.mark.rule("MM-CROWN-1")
@pytest.mark.rule("MM-ICON-ONCE")
def test_crown_once_per_turn_at_step_3_or_8():
    """Changed in rules version 2 (issue 9): using the crown no longer closes step 2 nor ends the turn at
    step 8 (MM-RES-TIMING: the rulebooks' timing rule, not the turn summary's order); it stays once a
    turn. Version 1 moved on to step 4 and ended the turn after a step-8 crown."""
    st = base(hands=[["2", "3", "4", "5", "+1"], ["2", "3", "4", "5", "+1"]])
    st, _ = do(st, 0, "crown")  # Fury at step 3
    st, _ = do(st, 0, "discard none")
    assert st["step"] == 2 and st["crown_used"]
    assert refused(st, 0, "crown").rule == "MM-CROWN-1", "once per own turn"
    st, _ = do(st, 0, "skip")
    assert refused(st, 0, "crown").rule == "MM-CROWN-1"
    # Unused at step 3: usable at step 8; the turn then goes on until 'end'.
    st = base()
    st, _ = do(st, 0, "skip")
    st, _ = do(st, 0, "crown")
    st, _ = do(st, 0, "discard 2")
    assert st["active"] == 0 and st["step"] == 7 and kinds(st, 0, "discard") == ["2"]
    st, _ = do(st, 0, "end")
    # Never on another player's turn.
    err = refused(st, 0, "crown")
    assert err.code == "not-your-turn" and "(waiting for P1, turn of P1)" in err.message


@pytest.mark.rule("MM-TURN-4")
@pytest.mark.rule("MM-REDIS-1")
@pytest.mark.rule("MM-TURN-5")
def test_one_redistribution_then_one_advance():
    st = base()
    st, _ = do(st, 0, "redis S10>C:1")
    assert refused(st, 0, "redis C>S10:1").rule == "MM-REDIS-1"
    st, _ = do(st, 0, "advance S08 3")
    assert st["step"] == 7 and knights(st, "S08") == (0, 3)
    assert refused(st, 0, "advance S07 1").rule == "MM-TURN-5"
    assert refused(st, 0, "redis C>S10:1").rule == "MM-REDIS-1"


@pytest.mark.rule("MM-TURN-6")
@pytest.mark.rule("MM-ADV-4")
@pytest.mark.rule("MM-TERM-CONQUER")
def test_battle_only_against_another_player():
    st = base()
    st, ev = do(st, 0, "advance S08 2")
    assert st["battle"] is None and knights(st, "S08") == (0, 2)
    assert any("without a battle" in t for t in texts(ev))
    st = base(board={"S10": [0, 2], "S08": [1, 1], "S01": [1, 1]})
    st, _ = do(st, 0, "advance S08 2")
    assert st["battle"] is not None


@pytest.mark.rule("MM-TURN-9")
@pytest.mark.rule("MM-RESTORE-2")
@pytest.mark.rule("MM-RESTORE-3")
@pytest.mark.rule("MM-RESTORE-1")
@pytest.mark.rule("MM-DIFF-11")
def test_restoring_at_step_9():
    """Destroyed in an earlier turn: restored at the end of the owner's turn, only the owner's."""
    st = base(down=[[-1, 0, -1], [-1, 0, -1]], tno=1)
    st, ev = do(st, 0, "end")
    assert st["down"][0][1] == -1, "P0's sceptre was destroyed in an earlier turn"
    assert st["down"][1][1] == 0, "P1's sceptre is restored only at the end of P1's own turn"
    st, ev = do(st, 1, "end")
    assert st["down"][1][1] == -1
    # Destroyed during the owner's own current turn: waits for the next one.
    st = base(hands=[["2", "3", "4", "5", "+1"], ["fracture", "3", "4", "5", "+1"]])
    st, _ = do(st, 0, "end")
    st, _ = do(st, 1, "fracture P0 sceptre")
    st, _ = do(st, 1, "end")
    st, _ = do(st, 0, "end")
    assert st["down"][0][1] == -1, "destroyed in P1's turn, restored at the end of P0's next turn"
    st = base(arts=[["Corruption", "Loyalty", "Devotion"], ARTS[1]])
    st, _ = run(st, (0, "crown"), (0, "target P0 orb"))  # Corruption aimed at its own user (MM-ICON-ANY)
    st, _ = do(st, 0, "end")
    assert st["down"][0][2] != -1, "destroyed this turn: still down after this turn"
    st, _ = do(st, 1, "end")
    st, _ = do(st, 0, "end")
    assert st["down"][0][2] == -1


@pytest.mark.rule("MM-TURN-10")
@pytest.mark.rule("MM-RES-TACTICAL")
def test_tactical_advance_gives_a_manoeuvre_and_returns():
    st = base(hands=[["ta", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]])
    st, _ = do(st, 0, "play ta")
    assert st["stage"] == "m1"
    st, _ = do(st, 0, "redis S10>C:1")
    st, _ = do(st, 0, "advance S08 3")
    assert st["step"] == 2 and st["stage"] == "", "back to the resource step where it was played"
    st, _ = do(st, 0, "advance S07 4")
    assert st["step"] == 7 and knights(st, "S07") == (0, 4)
    st = base(hands=[["ta", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]])
    st, _ = do(st, 0, "skip")
    st, _ = do(st, 0, "play ta")
    st, _ = do(st, 0, "skip")
    assert st["step"] == 7


@pytest.mark.rule("MM-TURN-11")
def test_closed_windows_during_manoeuvres():
    st = base(hands=[["fracture", "cta", "2", "3", "4"], ["2", "3", "4", "5", "+1"]])
    st, _ = do(st, 0, "redis S10>C:1")
    assert refused(st, 0, "crown").rule == "MM-TURN-11"
    assert refused(st, 0, "fracture P1 orb").rule == "MM-RES-FRACTURE"


@pytest.mark.rule("MM-RES-FRACTURE")
@pytest.mark.rule("MM-DIFF-13")
@pytest.mark.rule("MM-EDGE-10")
@pytest.mark.rule("MM-TERM-DESTROY")
def test_fracture_on_own_turn():
    """Window (a): steps 2 and 7, any other player's face-up artefact."""
    st = base(hands=[["fracture", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]])
    assert refused(st, 0, "fracture P0 orb").rule == "MM-EDGE-10"
    st2, _ = do(st, 0, "fracture P1 orb")
    assert st2["down"][1][2] == st2["turn"] and G.view(st2, None)["seats"][1]["artefacts"][2]["up"] is False
    st = base(hands=[["fracture", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]], down=[[-1, -1, -1], [-1, -1, 0]])
    assert refused(st, 0, "fracture P1 orb").rule == "MM-EDGE-10"
    st, _ = do(st, 0, "skip")
    st, _ = do(st, 0, "fracture P1 crown")
    assert st["down"][1][0] != -1


@pytest.mark.rule("MM-CROWN-2")
@pytest.mark.rule("MM-TERM-CANCEL")
@pytest.mark.rule("MM-EDGE-16")
def test_crown_announced_then_fractured_is_cancelled():
    st = base(arts=[["Corruption", "Loyalty", "Devotion"], ARTS[1]],
              hands=[["2", "3", "4", "5", "+1"], ["fracture", "3", "4", "5", "+1"]])
    st, ev = do(st, 0, "crown")
    assert st["phase"] == "window" and prompted(st) == [1], "the crown window comes before the effect"
    assert st["down"][1][2] == -1
    st, ev = do(st, 1, "fracture P0 crown")
    assert st["down"][1][2] == -1, "Corruption was cancelled"
    assert st["down"][0][0] != -1 and any("cancelled" in t for t in texts(ev))
    assert st["crown_used"] and st["step"] == 2  # rules version 2: the crown closes no window (was 4)
    st, _ = do(st, 0, "skip")
    assert refused(st, 0, "crown").rule in ("MM-CROWN-1", "MM-CROWN-3")


@pytest.mark.rule("MM-CROWN-3")
def test_destroyed_crown_cannot_be_used():
    st = base(down=[[1, -1, -1], [-1, -1, -1]], tno=1)
    assert refused(st, 0, "crown").rule == "MM-CROWN-3"
    assert not any(m["type"] == "crown" for m in G.legal_moves(st, 0) if "type" in m)


@pytest.mark.rule("MM-CROWN-5")
@pytest.mark.rule("MM-ART-INSIGHT")
@pytest.mark.rule("MM-ICON-LOOK4")
@pytest.mark.rule("MM-TERM-LOOK")
def test_insight_short_deck_puts_discards_underneath():
    deck_rest = ["2", "2", "3", "3", "4", "4", "5", "5", "ambush", "+1", "+2", "+2", "cta"]
    st = start(2, tiles=FOREST, board={"S10": [0, 1], "S01": [1, 1]}, castle=[3, 3],
               arts=[["Insight", "Loyalty", "Devotion"], ARTS[1]],
               hands=[["fracture", "ta"], None], decks=[["ambush", "+1"], None], discards=[deck_rest, None], active=0)
    assert len(st["deck"][0]) == 3  # ambush, +1 and the authority nobody listed
    st, ev = do(st, 0, "crown")
    assert st["phase"] == "choice" and len(st["choice"]["cards"]) == 4
    assert st["discard"][0] == [] and len(st["deck"][0]) == 16
    seen = [c["card"] for c in G.view(st, 0)["choice"]["cards"]]
    assert seen[:2] == ["ambush", "+1"], "the old deck stays on top"
    assert "cards" not in (G.view(st, 1)["choice"] or {}), "only the user looks"
    st, _ = do(st, 0, "insight 4 3 2 1")
    from core.medieval_mastery import data, rules
    top = [data.NAME_OF_KIND[rules.kind(c)] for c in reversed(st["deck"][0][-4:])]
    assert top == list(reversed(seen))


@pytest.mark.rule("MM-CROWN-4")
@pytest.mark.rule("MM-ART-VITALITY")
@pytest.mark.rule("MM-ICON-REDIS")
def test_vitality_redistributes_without_advance():
    st = base(arts=[["Vitality", "Loyalty", "Devotion"], ARTS[1]])
    st, _ = do(st, 0, "advance S08 4")
    st, _ = do(st, 0, "crown")  # step 8, as the rulebook advises
    assert st["stage"] == "vit"
    assert not any(m.get("type") == "advance" for m in G.legal_moves(st, 0))
    st, _ = do(st, 0, "redis S08>S10:3")
    # Changed in rules version 2 (issue 9): a step-8 crown no longer ends the turn (MM-RES-TIMING)
    assert knights(st, "S10") == (0, 5) and st["active"] == 0 and st["step"] == 7
    st, _ = do(st, 0, "end")
    assert st["active"] == 1


@pytest.mark.rule("MM-EDGE-1")
@pytest.mark.rule("MM-EDGE-2")
@pytest.mark.rule("MM-TERM-DRAW")
def test_no_draw_at_turn_start_and_no_hand_limit():
    st = base(hands=[["2", "3", "4", "5", "+1", "+2", "+2", "ambush"], ["2", "3"]])
    st, _ = do(st, 0, "end")
    assert len(st["hand"][1]) == 2, "no draw at the start of a turn"
    st, _ = do(st, 1, "end")
    assert len(st["hand"][0]) == 8, "no hand limit, no discard"
    st = base(hands=[["2", "3", "4", "5", "+1", "+2", "+2"], ["2"]], board={"S10": [0, 2], "S08": [1, 1], "S01": [1, 1]},
              decks=[None, ["3", "4", "5", "+1"]])
    st, ev = do(st, 0, "advance S08 4")
    assert len(st["hand"][0]) == 7, "draw up to 5 draws nothing above 5"
    assert len(st["hand"][1]) == 5
    assert any("You drew" in t for t in texts(ev, 1)) and not any("You drew" in t for t in texts(ev, 0))


@pytest.mark.rule("MM-EDGE-20")
def test_conquered_territory_reinforced_by_a_later_redistribution():
    st = base(hands=[["ta", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]], castle=[8, 6])
    st, _ = do(st, 0, "advance S08 2")
    assert refused(st, 0, "redis C>S08:2").rule == "MM-REDIS-1"
    st, _ = do(st, 0, "play ta")
    st, _ = do(st, 0, "redis C>S08:2")
    assert knights(st, "S08") == (0, 4)


@pytest.mark.rule("MM-TERM-DISCARD")
@pytest.mark.rule("MM-TERM-HAND")
def test_discards_public_hands_hidden():
    st = base(hands=[["cta", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]])
    st, _ = do(st, 0, "play cta")
    other = G.view(st, 1)
    assert [c["card"] for c in other["seats"][0]["discard"]] == ["cta"]
    assert other["seats"][0]["hand"] == 4 and "cta" not in str(other["hand"])
    hidden = G.hidden_from(st, 1)
    assert all(f'"{h}"' not in str(other).replace("'", '"') for h in hidden)
    assert set(G.hidden_from(st, 1)) >= {f"K{c:03d}" for c in st["hand"][0]}


@pytest.mark.rule("MM-ASYNC-6")
def test_active_player_decides_crown_targets_layouts_advances_and_conquest_discards():
    st = start(2, tiles=dict(FOREST, S08="Ruins"), board={"S10": [0, 2], "S01": [1, 2]}, castle=[6, 6],
               arts=[["Corruption", "Loyalty", "Devotion"], ARTS[1]],
               hands=[["2", "3", "4", "5", "+1"], ["2", "3", "4", "5", "+1"]], active=0)
    assert prompted(st) == [0]
    moves = G.legal_moves(st, 0)
    assert {"type": "crown"} in moves
    assert any("pattern" in m and m["pattern"].startswith("redis") for m in moves), "layouts are the user's"
    assert {(m["to"], m["n"]) for m in moves if m.get("type") == "advance"} >= {("S08", 1), ("S08", 6)}
    st, _ = do(st, 0, "crown")
    assert {"type": "target", "player": 1, "artefact": "orb"} in G.legal_moves(st, 0), \
        "the user names player and artefact"
    st, _ = do(st, 0, "target P1 sceptre")
    assert st["down"][1] == [-1, st["turn"], -1]
    st, _ = do(st, 0, "advance S08 3")
    assert st["phase"] == "choice" and prompted(st) == [0], "Ruins: the conqueror may discard"
    st, _ = do(st, 0, "discard none")
    assert st["step"] == 7 and st["discard"][0] == []


@pytest.mark.rule("MM-RES-1")
@pytest.mark.rule("MM-TERM-PLAY")
def test_tactical_advance_reaches_the_discard_pile_only_after_its_manoeuvre():
    """Apply the effect, then discard: a reshuffle during the Tactical Advance's own battle cannot
    take the card back into the deck, and it lies on the pile once the manoeuvre is over."""
    others = ["authority", "cta", "fracture", "2", "3", "3", "4", "4", "5", "5", "ambush", "ambush",
              "+1", "+1", "+2", "+2"]
    st = start(2, tiles=FOREST, board={"S10": [0, 1], "S08": [1, 1], "S01": [1, 1]}, castle=[4, 3],
               arts=ARTS, hands=[["ta", "2"], None], discards=[others, None], active=0)
    assert st["deck"][0] == []
    st, ev = do(st, 0, "play ta")
    assert any("plays Tactical Advance" in t for t in texts(ev, 1)), "shown to all at once"
    assert "ta" not in kinds(st, 0) and "ta" not in kinds(st, 0, "discard"), "in play, not yet discarded"
    assert "ta" in [c["card"] for c in G.view(st, 1)["seats"][0]["in_play"]]
    st, ev = do(st, 0, "advance S08 4")  # battle step 2: P0 reshuffles its discard pile to draw
    assert any("{P0} shuffled their discard pile" in t for t in texts(ev))
    assert "ta" not in kinds(st, 0, "deck") and "ta" not in kinds(st, 0)
    while st["battle"] is not None:
        p = prompted(st)[0]
        st, _ = G.apply(st, p, G.default_move(st, p))
    assert st["step"] == 2 and st["stage"] == ""
    assert "ta" in kinds(st, 0, "discard") and G.view(st, 1)["seats"][0]["in_play"] == []


@pytest.mark.rule("MM-EDGE-20")
@pytest.mark.rule("MM-REDIS-1")
def test_tactical_advance_at_step_7_reinforces_the_fresh_conquest_once():
    """After the normal manoeuvre conquers S08, a Tactical Advance at step 7 brings a second
    redistribution that may reinforce S08 (EDGE-20); a third one is refused (REDIS-1)."""
    st = base(hands=[["ta", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]])
    st, _ = do(st, 0, "advance S08 2")
    assert st["step"] == 7 and knights(st, "S08") == (0, 2)
    assert refused(st, 0, "redis C>S08:1").rule == "MM-REDIS-1", "the turn's redistribution is spent"
    st, _ = do(st, 0, "play ta")
    st, _ = do(st, 0, "redis C>S08:3 S10>S08:1")
    assert knights(st, "S08") == (0, 6) and knights(st, "S10") == (0, 1) and st["castle"][0] == 1
    assert refused(st, 0, "redis S08>C:1").rule == "MM-REDIS-1", "one redistribution per manoeuvre"
    st, _ = do(st, 0, "skip")
    assert st["step"] == 7 and st["stage"] == ""
    assert refused(st, 0, "redis S08>C:1").rule == "MM-REDIS-1"


@pytest.mark.rule("MM-REDIS-1")
def test_a_second_redistribution_is_refused_as_already_done():
    """The refusal names the real reason (you already redistributed), not the step order."""
    st = base()
    st, _ = do(st, 0, "redis S10>C:1")
    err = refused(st, 0, "redis C>S10:1")
    assert err.rule == "MM-REDIS-1" and "already redistributed in this turn" in err.message
    assert "advance" in err.message and "skip" in err.message
    st, _ = do(st, 0, "skip")
    err = refused(st, 0, "redis C>S10:1")
    assert err.rule == "MM-REDIS-1" and "already advanced or skipped" in err.message
    assert "Tactical Advance" in err.message


@pytest.mark.rule("MM-TURN-5")
def test_a_second_advance_is_refused_as_already_done():
    st = base()
    st, _ = do(st, 0, "advance S08 3")
    err = refused(st, 0, "advance S07 1")
    assert err.rule == "MM-TURN-5" and "already advanced" in err.message and "Tactical Advance" in err.message


@pytest.mark.rule("MM-RES-TIMING")
@pytest.mark.rule("MM-CROWN-1")
def test_resource_and_crown_refusals_say_what_blocks_them():
    """Inside a manoeuvre a resource card is refused because of the manoeuvre (and says how to end
    it); a crown already used at step 3 is refused as used, not as 'wrong step'."""
    st = base(hands=[["cta", "2", "3", "4", "5"], ["2", "3", "4", "5", "+1"]])
    st, _ = do(st, 0, "redis S10>C:1")
    err = refused(st, 0, "play cta")
    assert err.rule == "MM-RES-TIMING" and "during a redistribution or advance" in err.message
    assert "skip" in err.message and "step 7" in err.message
    st = base()
    st, _ = do(st, 0, "crown")
    st, _ = do(st, 0, "discard none")
    err = refused(st, 0, "crown")
    assert err.rule == "MM-CROWN-1" and "already used your crown" in err.message
