"""Steps 2 and 3: the dragon and the Peacemaker, and the special campaigns against them."""
import pytest

from core.protocol import IllegalMove
from core.wizards_quest.board import ORC
from tests.core.wizards_quest.helpers import G, T, ask, at, make, move, run_frames
from tests.core.wizards_quest.test_battle import _to_campaigns as _plain


def _to_campaigns(st, **kw):
    """Campaign step of seat 0, both seats losing men first so no loss question interrupts."""
    st = _plain(st, **kw)
    st["standing"] = ["men-first"] * st["players"]
    return st

STEP = {"kind": "dragon", "mode": "step", "stage": "start", "single": False, "duchy": 0}


@pytest.mark.rule("WQ-DRAGON-5")
def test_dragon_flies_until_it_eats_a_man():
    """WQ-DRAGON-1, WQ-DRAGON-2 (white die duchy, coloured die county), WQ-DRAGON-3, WQ-TABLE-3."""
    st = make({"D1C3": {"orcs": 2}, "D2C1": {"owner": 0, "men": 3}})
    out, texts, _ = run_frames(st, [STEP], dice=[1, 1, 4, 1, 3, 5, 2, 1, 2])
    flights = [t for t in texts if t.startswith("The dragon flies")]
    assert len(flights) == 3
    assert at(out, "D1C3") == (-1, 0, None)  # ate both orcs, flew on
    assert at(out, "D2C1") == (0, 1, None) and out["dragon"] == T["D2C1"]


@pytest.mark.rule("WQ-DRAGON-4")
def test_owner_chooses_which_eaten_pieces_go():
    """WQ-LOSS-2: with a hero present the owner is asked."""
    st = make({"D2C1": {"owner": 1, "men": 3, "heroes": ["champion"]}})
    out, texts, _ = run_frames(st, [STEP], dice=[2, 1, 2])
    pending = ask(out)
    assert pending["kind"] == "loss" and pending["seat"] == 1 and pending["count"] == 2
    out, _ = move(out, 1, "lose champion")
    assert at(out, "D2C1") == (1, 2, None) and out["dragon"] == T["D2C1"]


@pytest.mark.rule("WQ-DRAGON-6")
def test_dragon_in_the_peacemakers_duchy_eats_nothing_and_flies_on():
    """WQ-AMB-4, WQ-PEACE-3: the protected duchy."""
    st = make({"D2C1": {"owner": 0, "men": 3}, "D3C3": {"owner": 1, "men": 2}}, peace="D2C6")
    out, texts, _ = run_frames(st, [STEP], dice=[2, 1, 3, 3, 1])
    assert at(out, "D2C1") == (0, 3, None) and at(out, "D3C3") == (1, 1, None)
    assert any("protects" in t for t in texts)


@pytest.mark.rule("WQ-DRAGON-7")
def test_one_flight_only_when_no_man_stands_outside_the_protected_duchy():
    """WQ-AMB-3: against an endless loop."""
    st = make({"D2C1": {"owner": 0, "men": 3}, "D1C1": {"orcs": 2}}, reserves=False, peace="D2C2")
    out, texts, _ = run_frames(st, [STEP], dice=[1, 1, 1])
    assert len([t for t in texts if t.startswith("The dragon flies")]) == 1
    assert at(out, "D1C1") == (ORC, 1, None) and out["dragon"] == T["D1C1"]


@pytest.mark.rule("WQ-DRAGON-8")
def test_champion_slays_the_dragon_which_returns_at_the_next_dragon_step():
    """WQ-SPECIAL-6: the champion's player receives 6 men to place; WQ-DRAGON-9: strength 6, one piece."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["champion"]},
                             "D2C4": {"owner": 1, "men": 2}}, dragon="D2C4"))
    st["dice"] = [2, 3]
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon")
    assert any("strength 6" in t for t in texts)
    assert st["dragon"] == -1 and at(st, "D2C1") == (0, 2, "champion")
    pending = ask(st)
    assert pending["kind"] == "place" and pending["total"] == 6
    st, _ = move(st, 0, "place D2C1:6")
    assert at(st, "D2C1") == (0, 8, "champion")
    out, texts, _ = run_frames(st, [STEP], dice=[2, 4, 1])
    assert any("A dragon appears" in t for t in texts) and out["dragon"] == T["D2C4"]


@pytest.mark.rule("WQ-SPECIAL-7")
def test_wizard_drives_the_dragon_to_a_chosen_duchy_where_it_eats_once():
    """WQ-WIZ-6, WQ-AMB-5: no further flight after fleeing, even having eaten only orcs."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["wizard"]},
                             "D2C4": {"owner": 1, "men": 2}, "D3C2": {"orcs": 3}}, dragon="D2C4"))
    st["dice"] = [1, 2]
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon")
    assert ask(st)["kind"] == "flee"
    st["dice"] = [2, 2]
    st, texts = move(st, 0, "flee 3")
    assert st["dragon"] == T["D3C2"] and at(st, "D3C2") == (ORC, 1, None)
    assert not any(t.startswith("The dragon flies") for t in texts)


@pytest.mark.rule("WQ-PEACE-1")
def test_peacemaker_moves_by_two_dice_and_may_stay():
    """WQ-PEACE-2: on an orc county the orcs are made up to 4; on an empty county nothing."""
    st = make({"D1C2": {"orcs": 1}}, peace="D1C2")
    f = {"kind": "round", "stage": "peace"}
    out, texts, _ = run_frames(st, [f], dice=[1, 2] + [6] * 12)
    assert out["peace"] == T["D1C2"] and at(out, "D1C2") == (ORC, 4, None)
    st = make({}, peace="D1C2")
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "peace"}], dice=[3, 3] + [6] * 12)
    assert out["peace"] == T["D3C3"] and at(out, "D3C3")[0] == -1


@pytest.mark.rule("WQ-PEACE-2")
def test_peacemaker_gives_three_men_on_a_players_county():
    """WQ-HERO-SUB-2, WQ-AMB-28: only one hero from a batch for one territory."""
    st = make({"D2C1": {"owner": 0, "men": 1}})
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "peace"}], dice=[2, 1] + [6] * 12)
    pending = ask(out)
    assert pending["kind"] == "place" and pending["total"] == 3 and pending["max_heroes"] == 1
    with pytest.raises(IllegalMove) as err:
        move(out, 0, "place champion@D2C1 wizard@D2C1")
    assert err.value.rule == "WQ-HERO-SUB-2"
    done, _ = move(out, 0, "place D2C1:1 champion@D2C1")
    assert at(done, "D2C1") == (0, 2, "champion")
    # no hero off the map: nothing to ask, the 3 men go there at once
    st = make({"D2C1": {"owner": 0, "men": 1, "heroes": ["champion"]}, "D2C2": {"owner": 0, "men": 1,
                                                                             "heroes": ["wizard"]}})
    out, _, _ = run_frames(st, [{"kind": "round", "stage": "peace"}], dice=[2, 1] + [6] * 12)
    assert at(out, "D2C1") == (0, 4, "champion")


@pytest.mark.rule("WQ-PEACE-3")
def test_no_campaign_against_a_county_of_the_protected_duchy():
    """WQ-PEACE-5, WQ-CAMP-9, WQ-AMB-22: even an empty county; armies inside may attack out."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5}, "D2C4": {"owner": 1, "men": 2},
                             "D5C5": {"owner": 1, "men": 1}}, peace="D2C6"))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4")
    assert err.value.rule == "WQ-PEACE-3"
    with pytest.raises(IllegalMove):
        move(st, 0, "attack D2C1 D2C2")
    st2, texts = move(st, 0, "attack D2C1 D5C5")
    assert any("starts a campaign" in t for t in texts)
    st3 = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5}, "K5": {"owner": 1, "men": 1}}, peace="D2C6"))
    st3, texts = move(st3, 0, "attack D2C1 K5")  # castles are never protected
    assert any("starts a campaign" in t for t in texts)


@pytest.mark.rule("WQ-PEACE-4")
def test_protection_moves_with_the_peacemaker_at_once():
    """WQ-PEACE-6: only a wizard's army attacks him; he is driven off, never killed."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["wizard"]},
                             "D2C4": {"owner": 1, "men": 2}}, peace="D2C4"), camps=1)
    st["dice"] = [1, 2]
    st, _ = move(st, 0, "attack D2C1 D2C4 peace")
    assert ask(st)["kind"] == "flee"
    st["dice"] = [1]
    st, texts = move(st, 0, "flee 4")
    assert st["peace"] == T["D4C1"]
    st, texts = move(st, 0, "attack D2C1 D2C4")  # no longer protected
    assert any("starts a campaign" in t for t in texts)


@pytest.mark.rule("WQ-PEACE-7")
def test_no_protection_before_the_peacemaker_appears():
    """WQ-SETUP-12, WQ-AMB-7: both creatures start off the map."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5}, "D2C4": {"owner": 1, "men": 2}}))
    assert st["peace"] == -1 and st["dragon"] == -1
    st, texts = move(st, 0, "attack D2C1 D2C4")
    assert any("starts a campaign" in t for t in texts)


@pytest.mark.rule("WQ-PEACE-5")
def test_attacks_on_creatures_inside_the_protected_duchy_are_allowed():
    """WQ-AMB-21, WQ-AMB-34: the dragon or the Peacemaker himself may be attacked there."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["champion"]},
                             "D2C4": {"owner": 1, "men": 2}}, peace="D2C6", dragon="D2C4"))
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon")
    assert any("special campaign" in t for t in texts)


@pytest.mark.rule("WQ-SPECIAL-1")
def test_creature_on_an_empty_territory_costs_a_campaign_then_the_territory_is_taken():
    """WQ-CAMP-6: no battle without a creature; WQ-CAMP-5 afterwards."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["champion"]}}, dragon="D2C4"))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4")
    assert err.value.rule == "WQ-SPECIAL-1"
    assert "The dragon stands on D2C4" in err.value.message and "'attack D2C1 D2C4 dragon'" in err.value.message
    st["dice"] = [1, 2]
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon")
    assert st["turn"]["campaigns"] == 0
    assert ask(st)["kind"] == "place"  # the champion's 6 men first
    st, _ = move(st, 0, "place D2C1:6")
    assert ask(st)["kind"] == "take"
    st, _ = move(st, 0, "take 3")
    assert at(st, "D2C4") == (0, 3, None)


@pytest.mark.rule("WQ-SPECIAL-2")
def test_special_campaign_first_then_a_normal_one_against_the_army():
    """WQ-CAMP-9: the army under the dragon is off limits until the dragon is gone; WQ-CAMP-1."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["champion"]},
                             "D2C4": {"owner": 1, "men": 2}}, dragon="D2C4"))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4")
    assert err.value.rule == "WQ-SPECIAL-2"
    assert "drive it off first ('attack D2C1 D2C4 dragon')" in err.value.message
    st["dice"] = [1, 2]
    st, _ = move(st, 0, "attack D2C1 D2C4 dragon")
    st, _ = move(st, 0, "place D2C1:6")
    assert st["turn"]["campaigns"] == 1  # the special campaign cost nothing
    st, texts = move(st, 0, "attack D2C1 D2C4")
    assert any("starts a campaign" in t for t in texts)


@pytest.mark.rule("WQ-SPECIAL-3")
def test_creature_on_own_territory_only_the_army_there_attacks():
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["wizard"]},
                             "D2C4": {"owner": 0, "men": 2}}, dragon="D2C1"))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C4 D2C1 dragon")
    assert err.value.rule == "WQ-SPECIAL-3"
    st, texts = move(st, 0, "attack D2C1 D2C1 dragon")
    assert any("special campaign" in t for t in texts)
    hero = _to_campaigns(make({"D2C1": {"owner": 0, "men": 3}, "D2C4": {"owner": 0, "men": 2,
                                                                       "heroes": ["wizard"]}}, dragon="D2C1"))
    with pytest.raises(IllegalMove) as err:
        move(hero, 0, "attack D2C1 D2C1 dragon D2C4:1")
    assert err.value.rule == "WQ-SPECIAL-3"
    hero, texts = move(hero, 0, "attack D2C1 D2C1 dragon wizard")  # the hero move is allowed (WQ-SPECIAL-4)
    assert any("moves their wizard to D2C1" in t for t in texts)


@pytest.mark.rule("WQ-SPECIAL-4")
def test_no_men_moved_into_a_special_campaign_but_a_hero_may_come():
    """WQ-AMB-16: the hero move is allowed before a special campaign."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5}, "D2C2": {"owner": 0, "men": 2},
                             "D1C2": {"owner": 0, "men": 2, "heroes": ["champion"]},
                             "D2C4": {"owner": 1, "men": 2}}, dragon="D2C4"))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4 dragon champion D2C2:1")
    assert err.value.rule == "WQ-SPECIAL-4"
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon champion")
    assert any("moves their champion" in t for t in texts)


@pytest.mark.rule("WQ-SPECIAL-5")
def test_only_hero_armies_may_attack_the_dragon():
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5}, "D2C4": {"owner": 1, "men": 2}}, dragon="D2C4"))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4 dragon")
    assert err.value.rule == "WQ-SPECIAL-5"
    plain = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5}, "D2C4": {"owner": 1, "men": 2}}, peace="D2C4"))
    with pytest.raises(IllegalMove) as err:  # no hero at all: the rule is WQ-SPECIAL-5, not the champion's
        move(plain, 0, "attack D2C1 D2C4 peace")
    assert err.value.rule == "WQ-SPECIAL-5"


@pytest.mark.rule("WQ-SPECIAL-6")
def test_slain_dragon_gives_no_men_if_the_champion_died_too():
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 0, "heroes": ["champion"]},
                             "D2C4": {"owner": 1, "men": 2}}, dragon="D2C4"))
    st["men"][T["D2C1"]] = 1
    st["dice"] = [1, 2]
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon")
    assert st["dragon"] == -1 and st["champion"][0] == -1
    assert ask(st) is None or ask(st)["kind"] != "place"


@pytest.mark.rule("WQ-SPECIAL-8")
def test_special_campaigns_use_the_battle_rules():
    """Both miss is impossible against strength 6; the engine rolls for the creature (WQ-TABLE-2)."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["wizard"]},
                             "D2C4": {"owner": 1, "men": 2}}, dragon="D2C4"))
    st["dice"] = [6, 3]
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon")
    battle = next(t for t in texts if t.startswith("Battle"))
    assert "the dragon (strength 6) rolls 3" in battle and "attacker loses 3" in battle


@pytest.mark.rule("WQ-CARD-PEACE")
def test_peace_card_adds_three_and_fleeing_peacemaker_gives_nothing_on_empty():
    """WQ-AMB-6: on an empty county he adds nothing; on orcs never more than 4."""
    from core.wizards_quest.effects import send_creature
    from core.wizards_quest import state as S
    from core.wizards_quest.flow import TableRng
    st = S.clone(make({"D3C1": {"orcs": 2}}))
    ev = []
    send_creature(st, "peace", 3, TableRng("p", 0, [1]), ev)
    assert st["peace"] == T["D3C1"] and at(st, "D3C1") == (ORC, 4, None)
    st = S.clone(make({}))
    send_creature(st, "peace", 3, TableRng("p", 0, [2]), ev)
    assert st["peace"] == T["D3C2"] and at(st, "D3C2")[0] == -1


@pytest.mark.rule("WQ-AMB-22")
def test_peacemaker_driven_into_the_same_duchy_keeps_the_county_protected():
    """Beaten on an empty county and fled within his duchy: the county cannot be taken."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["wizard"]}}, peace="D2C4"))
    st["dice"] = [1, 2]
    st, _ = move(st, 0, "attack D2C1 D2C4 peace")
    st["dice"] = [2]
    st, texts = move(st, 0, "flee 2")
    assert st["peace"] == T["D2C2"]
    assert any("protected by the Peacemaker and cannot be taken" in t for t in texts)
    assert at(st, "D2C4")[0] == -1


def test_wizard_may_place_struck_pieces_in_the_protected_duchy():
    """WQ-PEACE-5: a wizard's redistribution may use empty counties of the Peacemaker's duchy."""
    from core.wizards_quest import battle, board
    from tests.core.wizards_quest.helpers import run_frames
    st = make({"D5C5": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D5C3": {"owner": 1, "men": 4}},
              peace="D2C6")
    fight = battle.fight_frame("camp", 0, T["D5C5"], T["D5C3"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, _, _ = run_frames(st, [fight], dice=[1, 6])
    out, _ = move(out, 0, "scatter D2C4:1")
    assert at(out, "D2C4") == (1, 1, None)


@pytest.mark.rule("WQ-SPECIAL-1")
def test_dragon_and_peacemaker_on_one_empty_county_dragon_first_then_taken():
    """Docs, choices: one campaign fights the creature chosen, then the other, then takes."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 6, "heroes": ["wizard"]}}, dragon="D5C5",
                            peace="D5C5"))
    st["dice"] = [1, 1]
    st, _ = move(st, 0, "attack D2C1 D5C5 dragon")
    st["dice"] = [3, 1]
    st, _ = move(st, 0, "flee 3")  # the dragon lands on D3C3 and eats there
    assert st["dragon"] == T["D3C3"]
    assert ask(st)["kind"] == "go"
    st["dice"] = [1, 1]
    st, texts = move(st, 0, "go")
    assert any("the Peacemaker (strength 6)" in t for t in texts)
    st["dice"] = [4]
    st, texts = move(st, 0, "flee 4")
    assert st["peace"] == T["D4C4"] and ask(st)["kind"] == "take"


@pytest.mark.rule("WQ-SPECIAL-1")
def test_dragon_and_peacemaker_on_one_empty_county_the_player_may_drive_off_the_peacemaker_first():
    """The seed: an attack "against one of them" takes the normal campaign; the player picks
    which. Driving the Peacemaker off first, the campaign then faces the dragon (or breaks off)."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 6, "heroes": ["wizard"]}}, dragon="D5C5",
                            peace="D5C5"))
    legal = G.legal_moves(st, 0)
    assert {"type": "attack", "from": "D2C1", "to": "D5C5", "vs": "peace", "boat": False, "hero": "",
            "men": {}} in legal
    st["dice"] = [1, 1]
    st, texts = move(st, 0, "attack D2C1 D5C5 peace")
    assert any("the Peacemaker (strength 6)" in t for t in texts)
    st["dice"] = [4]
    st, _ = move(st, 0, "flee 4")
    assert st["peace"] == T["D4C4"] and st["dragon"] == T["D5C5"]
    assert ask(st)["kind"] == "go" and st["turn"]["campaigns"] == 0
    st, texts = move(st, 0, "break")
    assert at(st, "D5C5") == (-1, 0, None)
    assert "{P0} ends their turn." in texts and ask(st)["seat"] == 1  # no campaign was left


@pytest.mark.rule("WQ-BATTLE-1")
def test_a_dragon_that_flees_back_onto_the_same_county_ends_the_special_campaign():
    """The campaign against the dragon ends once it is beaten (WQ-SPECIAL-7): when the die sends
    it back onto the very county it fled from, it eats there and the campaign does not go on."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["wizard"]}}, dragon="D2C1"))
    st["dice"] = [1, 1]
    st, texts = move(st, 0, "attack D2C1 D2C1 dragon")
    assert ask(st)["kind"] == "flee"
    st["dice"] = [1, 1]  # county 1 of duchy 2 again, then it eats one
    st, texts = move(st, 0, "flee 2")
    assert st["dragon"] == T["D2C1"] and at(st, "D2C1") == (0, 3, "wizard")
    assert ask(st)["kind"] == "camp"


@pytest.mark.rule("WQ-SPECIAL-1")
def test_a_peacemaker_driven_back_onto_the_empty_county_ends_the_campaign_untaken():
    """Driving the Peacemaker off an empty county ends that fight; if the die puts him back there,
    the county is still his (protected, WQ-PEACE-5) and the campaign is over, not fought again."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5, "heroes": ["wizard"]}}, peace="D5C5"))
    st["dice"] = [1, 1]
    st, _ = move(st, 0, "attack D2C1 D5C5 peace")
    st["dice"] = [5]
    st, texts = move(st, 0, "flee 5")
    assert st["peace"] == T["D5C5"] and at(st, "D5C5") == (-1, 0, None)
    assert ask(st)["kind"] != "go"


@pytest.mark.rule("WQ-SPECIAL-6")
def test_a_champion_dying_in_the_battle_that_beats_the_dragon_still_slays_it_but_earns_no_men():
    """Both results apply together (WQ-BATTLE-5): the champion-led army beat the dragon, which is
    out of the game; the seed's "if his champion survived" withholds the 6 men."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 0, "heroes": ["champion"]},
                             "D2C4": {"owner": 1, "men": 2}}, dragon="D2C4"))
    st["dice"] = [1, 1]
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon")
    assert st["dragon"] == -1 and st["champion"][0] == -1
    assert any("slays the dragon" in t for t in texts) and ask(st)["kind"] != "place"
