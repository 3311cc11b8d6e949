"""The battle (COMBAT area), losses and retreat (LOSS area), and battle edge cases."""
import pytest

from core.protocol import IllegalMove
from tests.core.medieval_mastery.battles import attack, conflicts, pass_support, pass_windows, position
from tests.core.medieval_mastery.helpers import G, do, kinds, knights, prompted, texts


@pytest.mark.rule("MM-COMBAT-0")
@pytest.mark.rule("MM-TERM-STRENGTH")
@pytest.mark.rule("MM-TERM-RESULT")
@pytest.mark.rule("MM-TERM-MARGIN")
@pytest.mark.rule("MM-COMBAT-6")
def test_strength_is_knights_plus_cards_and_higher_wins():
    st, _ = attack(4, 2)
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (4, 2)
    st, _ = conflicts(st, "3", "5")
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (7, 7)
    st, ev = pass_support(st)
    assert any("7 to 7; {P1} wins by 1" in t for t in texts(ev)), "tie: defender by 1"
    st, _ = attack(4, 2)
    st, _ = conflicts(st, "5", "2")
    st, ev = pass_support(st)
    assert any("9 to 4; {P0} wins by 5" in t for t in texts(ev))


@pytest.mark.rule("MM-COMBAT-2")
def test_both_draw_up_to_five_attacker_first():
    st, ev = attack(4, 2, hands=[["2"], ["3", "4"]], decks=[["5", "+1", "+2", "4"], ["5", "ambush", "+2"]])
    assert len(st["hand"][0]) == 5 and len(st["hand"][1]) == 5
    log = texts(ev)
    first = next(i for i, t in enumerate(log) if "{P0} drew 4 cards" in t)
    second = next(i for i, t in enumerate(log) if "{P1} drew 3 cards" in t)
    assert first < second


@pytest.mark.rule("MM-RES-AUTHORITY")
@pytest.mark.rule("MM-EDGE-4")
@pytest.mark.rule("MM-EDGE-3")
def test_authority_in_battle_draw_with_a_reshuffle():
    """Deck = [Authority]: draw it, play it, reshuffle the discards for the 2 extra cards."""
    rest = ["2", "3", "4", "5", "ambush", "ambush", "+1", "+1", "+2", "+2", "cta", "ta", "fracture"]
    st, ev = attack(4, 2, hands=[["2", "3", "4", "5"], None], decks=[["authority"], None], discards=[rest, None])
    assert len(st["deck"][0]) == 11 and len(st["hand"][0]) == 6
    assert kinds(st, 0, "discard") == ["authority"], "Authority is discarded only after the extra draw"
    assert any("shuffled their discard pile" in t for t in texts(ev))


@pytest.mark.rule("MM-EDGE-3")
def test_drawing_stops_when_deck_and_discard_are_empty():
    all_but = ["2", "2", "3", "3", "4", "4", "5", "5", "ambush", "ambush", "+1", "+1", "+2", "+2", "cta", "ta",
               "fracture"]
    st, _ = attack(4, 2, hands=[all_but[:3], None], decks=[all_but[3:] + ["authority"], None])
    assert len(st["hand"][0]) == 5
    # Deck with no cards at all and an empty discard pile: nothing to draw.
    st, _ = attack(4, 2, hands=[all_but + ["authority"], None])
    assert len(st["hand"][0]) == 18 and st["deck"][0] == []


@pytest.mark.rule("MM-COMBAT-3")
@pytest.mark.rule("MM-EDGE-13")
@pytest.mark.rule("MM-ICON-ATTACK")
@pytest.mark.rule("MM-ICON-DEFEND")
@pytest.mark.rule("MM-EDGE-11")
def test_sceptres_attacker_first_only_matching_triggers():
    arts = [["Fury", "Rage", "Devotion"], ["Insight", "Loyalty", "Greed"]]
    st, ev = attack(4, 2, arts=arts)
    log = texts(ev)
    assert log.index(next(t for t in log if "Rage" in t)) < log.index(next(t for t in log if "Loyalty" in t))
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (5, 3)
    # Mismatched triggers do nothing: a defending sceptre on the attacker, an attacking one on the defender.
    st, ev = attack(4, 2, arts=[["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]])
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (4, 2)


@pytest.mark.rule("MM-COMBAT-4")
@pytest.mark.rule("MM-ASYNC-1")
@pytest.mark.rule("MM-EDGE-5")
def test_conflict_cards_face_down_then_revealed():
    st, _ = attack(4, 2, hands=[["5", "2", "+1"], ["+1", "+2"]], decks=[["+2", "+2"], ["cta", "ta", "4"]])
    assert st["phase"] == "commit" and sorted(prompted(st)) == [0, 1]
    with pytest.raises(IllegalMove) as err:
        do(st, 0, "conflict none")
    assert err.value.rule == "MM-EDGE-5"
    assert "only for a player with no conflict card" in err.value.message and "'conflict 5'" in err.value.message
    assert "'conflict 2'" in err.value.message
    with pytest.raises(IllegalMove) as err:
        do(st, 1, "conflict 3")
    assert err.value.rule == "MM-COMBAT-4" and "your conflict cards: 4." in err.value.message
    st1, ev = do(st, 0, "conflict 5")
    assert G.public_move(st, 0, {"type": "conflict", "card": "5"}) is False
    assert any("committed a conflict card" in t for t in texts(ev, 1))
    assert not any("5" in t for t in texts(ev, 1)), "which card is not told"
    assert G.view(st1, 1)["battle"]["committed"] == [True, False]
    assert G.view(st1, 1)["seats"][0]["hand"] == 5, "hand size unchanged until the reveal"
    assert "your_commit" not in G.view(st1, 1)["battle"] and G.view(st1, 0)["battle"]["your_commit"] == "5"
    st2, ev = do(st1, 1, "conflict 4")
    assert any("{P0} Conflict 5; {P1} Conflict 4" in t for t in texts(ev)), "revealed together"
    assert (st2["battle"]["attack_strength"], st2["battle"]["defence_strength"]) == (9, 6)
    # A hand without conflict cards commits "none" (and only then), counting 0.
    st, _ = attack(4, 2, hands=[["5", "2", "+1"], ["+1", "+2"]], decks=[["+2", "+2"], ["cta", "ta", "+1"]])
    st1, _ = do(st, 0, "conflict 5")
    assert G.view(st1, 0)["seats"][1]["hand"] == 5
    st2, ev = do(st1, 1, "conflict none")
    assert G.view(st1, 1)["seats"][0]["hand"] == 5 and G.view(st2, 0)["seats"][1]["hand"] == 5
    assert any("{P0} Conflict 5; {P1} no conflict card" in t for t in texts(ev))
    assert (st2["battle"]["attack_strength"], st2["battle"]["defence_strength"]) == (9, 2)


@pytest.mark.rule("MM-COMP-3")
@pytest.mark.rule("MM-ASYNC-3")
def test_ambush_rolls_one_die_after_the_reveal():
    values = set()
    for seed in range(12):
        st = position(4, 2, hands=[["ambush"], ["2"]], decks=[["+1", "+1", "+2", "+2"], ["2", "3", "4", "+1"]],
                      seed=f"amb{seed}")
        st, _ = do(st, 0, "advance S08 4")
        counter = st["rng"]
        st, _ = do(st, 0, "conflict ambush")
        assert st["rng"] == counter, "no roll before both are in"
        st, ev = do(st, 1, "conflict 2")
        roll = st["battle"]["shown"][0][1]
        assert 1 <= roll <= 6 and st["battle"]["attack_strength"] == 4 + roll
        assert any(f"Ambush, rolling {roll}" in t for t in texts(ev))
        values.add(roll)
    assert len(values) >= 3


@pytest.mark.rule("MM-COMBAT-5")
@pytest.mark.rule("MM-ASYNC-4")
@pytest.mark.rule("MM-DIFF-7")
def test_support_alternates_from_the_lower_strength():
    st, _ = attack(4, 2, hands=[["2", "+1", "+2", "+2"], ["5", "+1", "+2", "+1"]], decks=[["3"], ["4"]])
    st, _ = conflicts(st, "2", "5")  # 6 vs 7: the attacker is lower and starts
    assert prompted(st) == [0]
    st, _ = do(st, 0, "support +1")
    st, _ = do(st, 0, "support +2")  # several cards in one opportunity
    assert prompted(st) == [0] and st["battle"]["attack_strength"] == 9
    st, _ = do(st, 0, "pass")
    assert prompted(st) == [1]
    st, _ = do(st, 1, "support +2 +1")
    st, _ = do(st, 1, "pass")
    st, _ = do(st, 0, "pass")  # first empty opportunity
    assert st["phase"] == "support"
    st, _ = do(st, 1, "support +1")  # the exchange goes on; P1's last support card ends its opportunity
    assert prompted(st) == [0]
    st, ev = do(st, 0, "pass")  # P1 now holds no support card and cannot play: the step ends
    assert st["phase"] != "support"
    assert any("9 to 11" in t for t in texts(ev))
    with pytest.raises(IllegalMove):
        do(attack(4, 2, hands=[["2", "+1"], ["5"]], decks=[["3", "4", "3", "4"], ["4", "2", "3", "4"]])[0], 1,
           "pass")


@pytest.mark.rule("MM-COMBAT-7")
@pytest.mark.rule("MM-ICON-WIN")
@pytest.mark.rule("MM-ICON-LOSE")
@pytest.mark.rule("MM-EDGE-12")
def test_orbs_winner_win_trigger_loser_lose_trigger_also_on_others_turns():
    arts = [["Fury", "Rage", "Greed"], ["Insight", "Loyalty", "Devotion"]]
    st, _ = attack(4, 2, arts=arts, hands=[["5", "2", "3"], ["2", "3", "4", "+1", "+2"]],
                   decks=[["3", "4", "+1", "+2"], ["5"]])
    st, _ = conflicts(st, "5", "2")
    st, ev = pass_support(st)
    log = texts(ev)
    assert any("Orb of Greed" in t for t in log) and len(st["hand"][0]) >= 6
    assert any("Orb of Devotion" in t or "(Orb of Devotion)" in t for t in log), "the defender's lose orb fires"
    assert st["castle"][1] == 3 + 1, "2 knights lost to a margin of 5, none retreat, +1 from Devotion"


@pytest.mark.rule("MM-COMBAT-8")
@pytest.mark.rule("MM-LOSS-1")
@pytest.mark.rule("MM-LOSS-2")
@pytest.mark.rule("MM-TERM-RETREAT")
def test_losses_only_in_the_contested_tile_then_retreat():
    st, _ = attack(4, 2)
    st, _ = conflicts(st, "5", "2")
    st, ev = pass_support(st)
    assert any("loses 2 knights in S08 and retreats 0" in t for t in texts(ev)), "margin 5 > 2 knights"
    assert st["castle"][1] == 3 and knights(st, "S01") == (1, 1), "nothing taken elsewhere"
    st, _ = attack(4, 2)
    st, _ = conflicts(st, "2", "5")
    st, ev = pass_support(st)
    assert any("{P0} loses 1 knight in S08 and retreats 3" in t for t in texts(ev))
    assert st["castle"][0] == 3 and knights(st, "S08") == (1, 2)


@pytest.mark.rule("MM-COMBAT-9")
@pytest.mark.rule("MM-EDGE-14")
def test_conquest_abilities_only_for_a_winning_attacker():
    st, _ = attack(4, 2, tile="Village")
    st, _ = conflicts(st, "2", "5")
    st, ev = pass_support(st)
    assert st["castle"][1] == 3, "the defender holds: no Village knight"
    st, _ = attack(4, 2, tile="Village")
    st, _ = conflicts(st, "5", "2")
    st, ev = pass_support(st)
    assert st["castle"][0] == 1 and knights(st, "S08") == (0, 4)


@pytest.mark.rule("MM-COMBAT-END")
def test_end_of_battle_discards_and_returns_to_step_7():
    st, _ = attack(4, 2, hands=[["5", "+1", "2", "3", "4"], ["2", "+2", "3", "4", "5"]])
    st, _ = conflicts(st, "5", "2")
    st, _ = do(st, 1, "support +2")
    st, ev = do(st, 0, "support +1")  # neither holds another support card: the step ends
    assert kinds(st, 0, "discard") == ["+1", "5"] and kinds(st, 1, "discard") == ["+2", "2"]
    assert st["battle"] is None and st["step"] == 7 and st["phase"] == "main"
    assert any("The battle is over" in t for t in texts(ev))


@pytest.mark.rule("MM-LOSS-3")
def test_brutality_before_margin():
    arts = [["Fury", "Rage", "Brutality"], ["Insight", "Loyalty", "Greed"]]
    st, _ = attack(6, 5, arts=arts, castle=[6, 3])
    st, _ = conflicts(st, "5", "2")
    st, ev = pass_support(st)
    log = texts(ev)
    i = next(i for i, t in enumerate(log) if "Brutality" in t)
    j = next(i for i, t in enumerate(log) if "{P1} loses" in t)
    assert i < j and st["lost"][1] == 5


@pytest.mark.rule("MM-ASYNC-5")
def test_non_active_defender_decides_support_and_optional_discards():
    arts = [["Fury", "Rage", "Greed"], ["Insight", "Loyalty", "Cleansing"]]
    st, _ = attack(4, 2, arts=arts)
    st, _ = conflicts(st, "5", "2")
    st, _ = do(st, 1, "pass")  # the defender (lower) decides in the attacker's turn
    st, _ = do(st, 0, "pass")
    assert st["phase"] == "choice" and prompted(st) == [1] and st["active"] == 0
    st, _ = do(st, 1, "discard 4")
    assert "4" in kinds(st, 1, "discard")


@pytest.mark.rule("MM-COMBAT-10")
@pytest.mark.rule("MM-ASYNC-11")
def test_mandatory_abilities_apply_unasked_optional_ones_are_asked_at_their_step():
    """City +1, Rage, Loyalty, Brutality and the City knight need no answer; Cleansing (optional)
    is asked of its owner at step 7, after Brutality and before the margin losses of step 8."""
    arts = [["Fury", "Rage", "Brutality"], ["Insight", "Loyalty", "Cleansing"]]
    st, _ = attack(5, 3, tile="City", arts=arts, castle=[5, 3])
    assert st["phase"] == "commit", "steps 1-3 ran without asking anyone (nobody holds a Fracture)"
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (5 + 1, 3 + 1 + 1)
    st, _ = conflicts(st, "5", "2")
    st, ev = pass_support(st)
    assert any("Orb of Brutality" in t for t in texts(ev)), "applied with no prompt"
    assert st["phase"] == "choice" and prompted(st) == [1] and st["choice"]["kind"] == "discard"
    assert knights(st, "S08") == (1, 2), "asked after Brutality (3 -> 2), before the margin losses"
    assert st["castle"][0] == 0, "the City knight (step 9) is not placed yet"
    st, ev = do(st, 1, "discard 4")
    assert knights(st, "S08") == (0, 5) and st["castle"] == [1, 3], "steps 8-9 then ran unasked"
    assert st["phase"] == "main" and prompted(st) == [0]


@pytest.mark.rule("MM-ASYNC-8")
def test_authority_and_restoring_need_no_prompt():
    """The defender draws Authority during the attacker's turn: played at once, nobody is asked;
    step 9 restores the active player's artefact on its own."""
    st = position(4, 2, hands=[None, ["3", "4"]], decks=[None, ["authority", "5", "+1", "+2", "2"]])
    assert st["down"][0][2] == 0, "P0's orb was destroyed in an earlier turn"
    st, ev = do(st, 0, "advance S08 4")
    assert st["phase"] == "commit" and sorted(prompted(st)) == [0, 1]
    assert len(st["hand"][1]) == 6 and kinds(st, 1, "discard") == ["authority"]
    assert any("{P1} drew Authority and plays it" in t for t in texts(ev, 0))
    st, _ = conflicts(st, "5", "2")
    st, _ = pass_support(st)
    st, ev = do(st, 0, "end")
    assert st["down"][0][2] == -1 and any("{P0} restores Orb of" in t for t in texts(ev))
    assert st["active"] == 1 and prompted(st) == [1]


@pytest.mark.rule("MM-COMBAT-5")
@pytest.mark.rule("MM-ASYNC-4")
def test_support_opportunity_of_a_seat_without_support_cards_follows_the_window_mode():
    """The step ends when nobody 'wants to, or can' play. fast: a seat holding no support card
    is passed for silently, and nobody else's view says whose opportunity it is; strict: every
    seat holding cards is asked, as at a table, and its pass is public."""
    hands = [["2", "3", "4", "5", "4"], ["5", "+1", "3", "4", "2"]]
    fast, _ = attack(4, 2, hands=[list(h) for h in hands])
    fast, ev = conflicts(fast, "2", "5")  # 6 vs 7: the attacker opens but has no support card
    assert prompted(fast) == [1] and not any("passes" in t for t in texts(ev))
    assert "support_turn" not in G.view(fast, 0)["battle"] and G.view(fast, 1)["battle"]["support_turn"] == 1
    assert G.public_move(fast, 1, {"type": "pass"}) is False
    fast, ev = do(fast, 1, "pass")
    assert fast["phase"] != "support" and not any("passes" in t for t in texts(ev))
    strict, _ = attack(4, 2, hands=[list(h) for h in hands], options={"windows": "strict"})
    strict, _ = pass_windows(strict)
    strict, _ = conflicts(strict, "2", "5")
    assert prompted(strict) == [0] and G.view(strict, 1)["battle"]["support_turn"] == 0
    assert G.public_move(strict, 0, {"type": "pass"}) is True
    strict, ev = do(strict, 0, "pass")
    assert prompted(strict) == [1] and any("{P0} passes" in t for t in texts(ev))


@pytest.mark.rule("MM-EDGE-3")
@pytest.mark.rule("MM-ART-GREED")
def test_greed_reshuffle_mid_battle_leaves_the_table_cards_out():
    """Greed draws at step 7 from an empty deck: the discard pile is shuffled into a new deck,
    but the conflict card still on the table is not in it; it is discarded at the battle's end."""
    rest = ["2", "3", "4", "ambush", "ambush", "+1", "+1", "+2", "+2", "cta", "ta", "fracture", "authority"]
    arts = [["Fury", "Rage", "Greed"], ["Insight", "Rage", "Devotion"]]
    st, _ = attack(4, 2, arts=arts, hands=[["5", "5", "2", "3", "4"], None], discards=[rest, None])
    assert st["deck"][0] == []
    st, ev = conflicts(st, "5", "2")
    st, more = pass_support(st)
    log = texts(ev + more)
    greed = next(i for i, t in enumerate(log) if "Orb of Greed" in t)
    assert any("{P0} shuffled their discard pile (13 cards)" in t for t in log[greed:])
    assert "5" not in kinds(st, 0, "deck"), "the tabled 5 was not in the discard pile at the reshuffle"
    assert kinds(st, 0, "discard").count("5") == 1 and kinds(st, 0, "hand").count("5") == 1
