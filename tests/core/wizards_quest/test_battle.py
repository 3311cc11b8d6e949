"""Battles and combat strength (spec section 11) and the acceptance examples WQ-ACC-1..3, WQ-ACC-11."""
import pytest

from core.protocol import IllegalMove
from core.wizards_quest import battle, board
from core.wizards_quest import state as S
from core.wizards_quest.board import ORC
from tests.core.wizards_quest.helpers import T, ask, at, make, move, run_frames


def fight_strengths(st, src, tgt, via=None, attacker=None, defender=None, mode="camp"):
    """(attack, defence) as the battle code computes them for a fight from src against tgt."""
    via = board.LINK[(T[src], T[tgt])] if via is None else via
    a = st["owner"][T[src]] if attacker is None else attacker
    d = st["owner"][T[tgt]] if defender is None else defender
    fight = battle.fight_frame(mode, a, T[src], T[tgt], "army", via, d)
    return battle.attack_strength(st, fight), battle.defence_strength(st, fight)


@pytest.mark.rule("WQ-ACC-1")
def test_combat_strength_examples_of_the_seed():
    """WQ-STR-3, WQ-STR-4, WQ-STR-5, WQ-STR-6, WQ-STR-7, WQ-STR-9: the seed's table, fought for real."""
    st = make({"D1C3": {"orcs": 3}, "D1C4": {"owner": 1, "men": 7},
               "D6C4": {"owner": 0, "men": 6, "heroes": ["champion"]}, "D6C3": {"owner": 1, "men": 1},
               "D2C2": {"owner": 0, "men": 10, "heroes": ["wizard"]}, "D2C5": {"owner": 1, "men": 1},
               "D4C2": {"owner": 1, "men": 2, "heroes": ["wizard"]}, "D4C3": {"owner": 0, "men": 1},
               "D4C4": {"orcs": 3}, "D6C6": {"owner": 0, "men": 1}})
    assert fight_strengths(st, "D1C3", "D1C4", mode="raid")[0] == 3  # three raiding orcs
    assert fight_strengths(st, "D6C4", "D6C3")[0] == 5  # champion + 6 men (capped at 4)
    assert fight_strengths(st, "D2C2", "D2C5")[0] == 6  # wizard + 10 men
    assert fight_strengths(st, "D1C4", "D1C3")[0] == 4  # 7 men, capped
    assert fight_strengths(st, "D4C3", "D4C2")[1] == 5  # wizard + 2 men + mountain
    assert fight_strengths(st, "D6C6", "D4C4")[1] == 5  # 3 orcs + tunnel, no mountain bonus


@pytest.mark.rule("WQ-STR-10")
def test_the_attacker_never_gets_a_terrain_bonus():
    """From a mountain, a castle or a tunnel end the attack strength is the bare army; orc defenders
    get the same bonuses as players."""
    st = make({"D4C3": {"owner": 0, "men": 3}, "K2": {"owner": 0, "men": 2}, "D4C4": {"owner": 0, "men": 1},
               "D4C2": {"orcs": 1}, "D5C3": {"orcs": 2}, "D6C6": {"orcs": 2}})
    assert fight_strengths(st, "D4C3", "D4C2") == (3, 1 + 1)  # attacker on a mountain: 3, orcs there 1 + 1
    assert fight_strengths(st, "K2", "D5C3") == (2, 2 + 1)  # from a castle: 2, orcs in the forest 2 + 1
    assert fight_strengths(st, "D4C4", "D6C6") == (1, 2 + 2)  # from the tunnel end: 1, orcs defend at +2
    raid = make({"K5": {"orcs": 3}, "D5C3": {"owner": 1, "men": 1}}, reserves=False)
    assert fight_strengths(raid, "K5", "D5C3", mode="raid") == (3, 1 + 1)  # orcs raiding from a castle


@pytest.mark.rule("WQ-ACC-11")
def test_defence_bonuses_on_the_reconstructed_map():
    """WQ-STR-8, WQ-STR-9, WQ-STR-11, WQ-BOAT-4, WQ-AMB-1: the example's numbers (docs/rules/
    wizards-quest.md, WQ-ACC-11), each the defence the battle code works out for a real attack.

    Changed in rules version 2 (issue 9): the +1 over a bridge was the default; the battle chapter
    of the original gives no bridge bonus, so it is now asked for with `bridge-bonus 1`."""
    spots = {"D4C4": {"owner": 0, "men": 3}, "K7": {"owner": 0, "men": 2}, "D1C1": {"owner": 1, "men": 2},
             "D6C6": {"owner": 1, "men": 1}, "D4C3": {"owner": 1, "men": 1}, "D3C3": {"owner": 1, "men": 1},
             "D1C2": {"owner": 0, "men": 1}}
    st = make(spots, options={"bridge-bonus": 1})
    assert fight_strengths(st, "D6C6", "D4C4")[1] == 5  # 3 men on Earthen Pass, attacked through the tunnel
    assert fight_strengths(st, "D4C3", "D4C4")[1] == 4  # ... and by land from D4C3
    assert fight_strengths(st, "D3C3", "K7")[1] == 4  # 2 men in K7
    assert fight_strengths(st, "D1C2", "D1C1")[1] == 3  # 2 men on Melting Sands, over Bridge A
    assert fight_strengths(st, "D1C2", "D1C1", via=board.BOAT)[1] == 2  # ... and by boat
    literal = make(spots)  # the default now: the battle chapter to the letter
    assert fight_strengths(literal, "D1C2", "D1C1")[1] == 2


@pytest.mark.rule("WQ-STR-12")
def test_strength_above_six_works_as_six():
    """WQ-AMB-33, the rulebook's example: a wizard and 4 men in a castle is 8, treated as 6, so
    every roll hits; fought for real, the defender's 6 takes six of the attacker's pieces."""
    st = make({"K1": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D1C2": {"owner": 1, "men": 8}})
    assert S.army_strength(st, T["K1"]) + S.defence_bonus(st, T["K1"], board.LAND) == 8
    assert fight_strengths(st, "D1C2", "K1")[1] == 6
    for roll in range(1, 7):  # every roll hits, for as many as it shows
        fight = battle.fight_frame("camp", 1, T["D1C2"], T["K1"], "army", board.LAND, 0)
        fight["stage"] = "roll"
        trial = make({"K1": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D1C2": {"owner": 1, "men": 8}})
        trial["standing"] = ["men-first", "men-first"]
        _, texts, _ = run_frames(trial, [fight], dice=[6, roll])
        assert any(f"attacker loses {roll}." in t for t in texts), (roll, texts)


ROWS = [  # attacker strength, defender strength, attacker roll, defender loses, defender roll, attacker loses
    (4, 4, 2, 2, 3, 3), (4, 4, 4, 4, 5, 0), (4, 4, 5, 0, 5, 1), (5, 3, 6, 0, 3, 3), (6, 2, 2, 2, 2, 2),
    (6, 6, 6, 6, 6, 6)]


ARMIES = {  # strength on plain ground -> (men, hero), with pieces enough for every loss in the table
    2: (2, None), 3: (3, None), 4: (8, None), 5: (7, "champion"), 6: (7, "wizard")}


@pytest.mark.rule("WQ-ACC-2")
@pytest.mark.parametrize("sa,sd,ra,dl,rd,al", ROWS)
def test_battle_table_of_the_seed(sa, sd, ra, dl, rd, al):
    """WQ-AMB-2 (columns read as losses inflicted), WQ-BATTLE-4, WQ-BATTLE-5, played as real battles."""
    (am, ah), (dm, dh) = ARMIES[sa], ARMIES[sd]
    st = make({"D2C1": {"owner": 0, "men": am, "heroes": [ah] if ah else []},
               "D2C4": {"owner": 1, "men": dm, "heroes": [dh] if dh else []}})
    st["standing"] = ["men-first", "men-first"]
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    assert battle.attack_strength(st, fight) == sa and battle.defence_strength(st, fight) == sd
    before_a, before_d = S.pieces(st, T["D2C1"]), S.pieces(st, T["D2C4"])
    out, texts, _ = run_frames(st, [fight], dice=[ra, rd])
    assert any(f"Defender loses {dl}, attacker loses {al}." in t for t in texts)
    assert before_d - S.pieces(out, T["D2C4"]) == dl
    assert before_a - S.pieces(out, T["D2C1"]) == al


@pytest.mark.rule("WQ-ACC-3")
def test_hit_rule_and_losses_capped_at_pieces_present():
    """WQ-BATTLE-3: strength 3 hits on 1-3 for that many, misses on 4-6; a 3 against one man kills 1."""
    assert [battle.hits(r, 3) for r in range(1, 7)] == [1, 2, 3, 0, 0, 0]
    st = make({"D2C1": {"owner": 0, "men": 3}, "D2C4": {"owner": 1, "men": 1}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[3, 6])
    assert any("Defender loses 1, attacker loses 0" in t for t in texts)
    assert at(out, "D2C4")[0] == -1  # wiped out: empty, to be taken (WQ-CAMP-5)
    assert ask(out)["kind"] == "take"


@pytest.mark.rule("WQ-BATTLE-4")
def test_both_miss_costs_the_attacker_one_piece():
    st = make({"D2C1": {"owner": 0, "men": 2}, "D2C4": {"owner": 1, "men": 1}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[5, 6])
    assert at(out, "D2C1")[1] == 1 and at(out, "D2C4")[1] == 1
    assert any("Both miss" in t for t in texts)


@pytest.mark.rule("WQ-BATTLE-6")
def test_strength_is_worked_out_again_before_every_battle():
    """WQ-ORC-RAID-5: a raid that began with 4 orcs fights at 3 after losing one."""
    st = make({"D2C4": {"orcs": 4}, "D2C1": {"owner": 1, "men": 6}})
    raid = {"kind": "raid", "source": T["D2C4"], "targets": [T["D2C1"]], "next": 0}
    out, texts, _ = run_frames(st, [raid], dice=[6, 1, 2, 6, 6, 6, 1, 6])
    battles = [t for t in texts if t.startswith("Battle")]
    assert "strength 4" in battles[0] and "strength 3" in battles[1]


@pytest.mark.rule("WQ-BATTLE-1")
def test_campaign_is_a_series_of_battles_until_the_defender_is_gone():
    """WQ-BATTLE-2 (the engine rolls for the neutral side), WQ-CAMP-3, WQ-CAMP-5."""
    st = make({"D2C1": {"owner": 0, "men": 6}, "D2C4": {"owner": 1, "men": 3}}, dice=[])
    st["frames"][-1:] = []  # drop the cards window: go straight to campaigns
    st["frames"].append({"kind": "ask-camp", "seat": 0})
    st["turn"] = {"seat": 0, "cut": 0, "card_men": 0, "campaigns": 1, "boat_used": False, "reinforced": True}
    st["dice"] = [1, 6, 2, 6]
    st, texts = move(st, 0, "attack D2C1 D2C4")
    assert at(st, "D2C4") == (1, 2, None)
    assert ask(st)["kind"] == "go"
    st, texts = move(st, 0, "go")
    assert at(st, "D2C4")[0] == -1 and ask(st)["kind"] == "take"
    st, texts = move(st, 0, "take 5")
    assert at(st, "D2C4") == (0, 5, None) and at(st, "D2C1") == (0, 1, None)


@pytest.mark.rule("WQ-BATTLE-5")
def test_both_results_apply_together():
    """WQ-AMB-32, WQ-TABLE-8: a defender wiped out still hits back in the same battle."""
    st = make({"D2C1": {"owner": 0, "men": 4}, "D2C4": {"owner": 1, "men": 2}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[2, 2])
    # 2 attackers survive; with no choice left the engine moves one in (WQ-CAMP-5)
    assert any("Defender loses 2, attacker loses 2" in t for t in texts)
    assert at(out, "D2C4") == (0, 1, None) and at(out, "D2C1") == (0, 1, None)


@pytest.mark.rule("WQ-LOSS-2")
def test_the_loser_chooses_his_losses_when_a_hero_could_go():
    """WQ-LOSS-1, WQ-TABLE-5: a hero counts as one piece; the owner is asked, never the attacker."""
    st = make({"D2C1": {"owner": 0, "men": 4}, "D2C4": {"owner": 1, "men": 3, "heroes": ["wizard"]}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[2, 6])
    pending = ask(out)
    assert pending["kind"] == "loss" and pending["seat"] == 1 and pending["count"] == 2
    done, _ = move(out, 1, "lose wizard")
    assert at(done, "D2C4") == (1, 2, None) and done["wizard"][1] == -1
    with pytest.raises(IllegalMove) as err:
        move(out, 0, "lose men")
    assert err.value.rule == "WQ-START-2"


@pytest.mark.rule("WQ-TABLE-5")
def test_standing_loss_order_is_applied_automatically():
    """A seat's standing order 'men-first' answers loss choices for him."""
    st = make({"D2C1": {"owner": 0, "men": 4}, "D2C4": {"owner": 1, "men": 3, "heroes": ["wizard"]}})
    st, _ = move(st, 1, "standing losses men-first")
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[2, 6])
    assert at(out, "D2C4") == (1, 1, "wizard")


@pytest.mark.rule("WQ-LOSS-3")
def test_lost_heroes_return_to_supply_and_can_come_back():
    """WQ-HERO-SUB-3: a wizard killed in battle is placed again later in place of 2 men."""
    st = make({"D2C1": {"owner": 0, "men": 4}, "D2C4": {"owner": 1, "men": 1, "heroes": ["wizard"]},
               "D2C6": {"owner": 1, "men": 2}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[2, 6])  # both of P1's pieces on D2C4 fall
    assert out["wizard"][1] == -1 and at(out, "D2C4")[0] == -1
    out = S.clone(out)
    out["frames"] = [{"kind": "ask-place", "seat": 1, "total": 4, "single": -1, "max_heroes": 2, "why": "reinforcements"}]
    out, _ = move(out, 1, "place D2C6:2 wizard@D2C6")
    assert at(out, "D2C6") == (1, 4, "wizard")


@pytest.mark.rule("WQ-WIZ-2")
def test_attacking_wizard_places_the_defenders_losses():
    """WQ-WIZ-1, WQ-WIZ-5, WQ-AMB-17, WQ-AMB-18: the defender picks, the attacker places; not removed."""
    st = make({"D2C1": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D2C4": {"owner": 1, "men": 5},
               "D1C1": {"owner": 1, "men": 1}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[3, 6])
    pending = ask(out)
    assert pending["kind"] == "scatter" and pending["seat"] == 0 and pending["men"] == 3
    with pytest.raises(IllegalMove) as err:
        move(out, 0, "scatter D2C1:3")  # the attacker's own territory
    assert err.value.rule == "WQ-WIZ-2"
    done, _ = move(out, 0, "scatter D1C1:2 D5C1:1")
    assert at(done, "D1C1") == (1, 3, None) and at(done, "D5C1") == (1, 1, None)
    assert at(done, "D2C4") == (1, 2, None)


@pytest.mark.rule("WQ-WIZ-3")
def test_a_defending_wizard_alone_removes_losses_as_usual():
    st = make({"D2C1": {"owner": 0, "men": 4}, "D2C4": {"owner": 1, "men": 5, "heroes": ["wizard"]}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[6, 2])
    assert at(out, "D2C1") == (0, 2, None) and ask(out)["kind"] == "go"


@pytest.mark.rule("WQ-WIZ-4")
def test_both_wizards_attacker_places_first_then_defender():
    st = make({"D2C1": {"owner": 0, "men": 4, "heroes": ["wizard"]},
               "D2C4": {"owner": 1, "men": 5, "heroes": ["wizard"]}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    st["standing"] = ["men-first", "men-first"]
    out, texts, _ = run_frames(st, [fight], dice=[1, 2])
    first = ask(out)
    assert first["kind"] == "scatter" and first["seat"] == 0 and first["victim"] == 1
    out, _ = move(out, 0, "scatter D5C1:1")
    second = ask(out)
    assert second["kind"] == "scatter" and second["seat"] == 1 and second["victim"] == 0 and second["men"] == 2
    out, _ = move(out, 1, "scatter D6C3:2")
    assert at(out, "D6C3") == (0, 2, None) and at(out, "D5C1") == (1, 1, None)


@pytest.mark.rule("WQ-WIZ-5")
def test_orcs_struck_by_a_wizard_obey_the_four_orc_limit():
    """WQ-STACK-5, WQ-AMB-11: placed orcs may not exceed 4; the both-miss loss is removed."""
    st = make({"D2C1": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D2C4": {"orcs": 4},
               "D2C2": {"orcs": 3}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, ORC)
    fight["stage"] = "roll"
    out, texts, _ = run_frames(st, [fight], dice=[2, 6])
    assert ask(out)["kind"] == "scatter" and ask(out)["victim"] == ORC
    with pytest.raises(IllegalMove) as err:
        move(out, 0, "scatter D2C2:2")
    assert err.value.rule == "WQ-STACK-5"
    done, _ = move(out, 0, "scatter D2C2:1 D5C1:1")
    assert at(done, "D2C2") == (ORC, 4, None) and at(done, "D5C1") == (ORC, 1, None)
    # both miss: the attacker's single loss is removed, never placed
    st2 = make({"D2C1": {"owner": 0, "men": 2, "heroes": ["wizard"]},
                "D2C4": {"owner": 1, "men": 1, "heroes": ["wizard"]}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    st2["standing"] = ["men-first", "men-first"]
    out2, texts2, _ = run_frames(st2, [fight], dice=[6, 6])
    assert at(out2, "D2C1") == (0, 1, "wizard") and ask(out2)["kind"] == "go"


@pytest.mark.rule("WQ-CHAMP-1")
def test_only_a_champion_led_army_may_attack_a_champion():
    """WQ-CAMP-9 (a territory holding a champion), WQ-ORC-RAID-3 (c)."""
    st = make({"D2C1": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D2C4": {"owner": 1, "men": 1,
                                                                            "heroes": ["champion"]},
               "D2C2": {"owner": 0, "men": 2, "heroes": ["champion"]}}, phase="turn")
    st = _to_campaigns(st)
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4")
    assert err.value.rule == "WQ-CHAMP-1"
    st, _ = move(st, 0, "attack D2C2 D2C4")
    assert ask(st) is not None


@pytest.mark.rule("WQ-CHAMP-3")
def test_campaign_ends_when_the_needed_champion_falls():
    """WQ-AMB-19: the attacking champion dies, so the attack on a champion stops at once."""
    st = make({"D2C1": {"owner": 0, "men": 0, "heroes": ["champion"]},
               "D2C4": {"owner": 1, "men": 2, "heroes": ["champion"]}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    st["men"][T["D2C1"]] = 3
    st["standing"] = ["ask", "men-first"]
    out, texts, _ = run_frames(st, [fight], dice=[6, 1])
    assert ask(out)["kind"] == "loss"
    out, texts = move(out, 0, "lose champion")
    assert any("Without the champion" in t for t in texts)
    assert ask(out) is None or ask(out)["kind"] != "go"


@pytest.mark.rule("WQ-CHAMP-2")
def test_a_champion_led_army_never_attacks_the_peacemaker():
    """WQ-PEACE-6, WQ-SPECIAL-5: only a wizard's army may attack the Peacemaker."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 3, "heroes": ["champion"]},
                             "D2C4": {"owner": 1, "men": 2}}, peace="D2C4"))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4 peace")
    assert err.value.rule == "WQ-CHAMP-2"


@pytest.mark.rule("WQ-CHAMP-4")
def test_wizard_may_attack_the_dragon_standing_with_a_champion():
    """WQ-AMB-20: the champion protects the army, not the dragon on its territory."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 3, "heroes": ["wizard"]},
                             "D2C4": {"owner": 1, "men": 2, "heroes": ["champion"]}}, dragon="D2C4"))
    st, texts = move(st, 0, "attack D2C1 D2C4 dragon")
    assert any("special campaign" in t for t in texts)


def _to_campaigns(st, seat=0, camps=1):
    """Skip the cards and reinforcement steps of the current turn."""
    st = dict(st)
    st["frames"] = [f for f in st["frames"] if not f["kind"].startswith("ask-")]
    st["frames"][-1] = dict(st["frames"][-1], stage="camp")
    st["frames"].append({"kind": "ask-camp", "seat": seat})
    st["turn"] = {"seat": seat, "cut": 0, "card_men": 0, "campaigns": camps, "boat_used": False, "reinforced": True}
    return st


@pytest.mark.rule("WQ-TREASURE-5")
def test_pieces_placed_by_an_enemy_wizard_onto_their_treasure_collect_it():
    """The struck defender's man lands on his own chest: he collects it and places the 4 men there."""
    tre = [{"owner": 0, "kind": "crown", "at": "K7"}, {"owner": 0, "kind": "chest", "at": "K8"},
           {"owner": 0, "kind": "ring", "at": "D6C6"}, {"owner": 1, "kind": "crown", "at": "K3"},
           {"owner": 1, "kind": "chest", "at": "D5C1"}, {"owner": 1, "kind": "ring", "at": "D1C2"}]
    st = make({"D2C1": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D2C4": {"owner": 1, "men": 5}},
              treasures=tre)
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, _, _ = run_frames(st, [fight], dice=[1, 6])
    out, texts = move(out, 0, "scatter D5C1:1")
    assert "{P1} collects their chest on D5C1 Ancient Forest 1." in texts
    pending = ask(out)
    assert pending["kind"] == "place" and pending["seat"] == 1 and pending["single"] == T["D5C1"]


@pytest.mark.rule("WQ-WIZ-2")
def test_a_wizard_killed_in_the_battle_still_places_the_pieces_it_struck():
    """WQ-BATTLE-5: strengths and who is in the battle are fixed before the roll, so the
    attacker whose lone wizard falls still places the man his roll struck."""
    st = make({"D5C5": {"owner": 0, "men": 0, "heroes": ["wizard"]}, "D5C3": {"owner": 1, "men": 4}})
    st = _to_campaigns(st)
    st["dice"] = [1, 5]  # Windfor defends at 4 + 1 (forest)
    st, texts = move(st, 0, "attack D5C5 D5C3")
    assert st["wizard"][0] == -1
    pending = ask(st)
    assert pending["kind"] == "scatter" and pending["seat"] == 0 and pending["men"] == 1
    st, _ = move(st, 0, "scatter D2C2:1")
    assert at(st, "D2C2") == (1, 1, None) and at(st, "D5C3") == (1, 3, None)


@pytest.mark.rule("WQ-SPECIAL-2")
def test_a_dragon_sent_onto_the_target_in_mid_campaign_stops_the_attack_on_the_army_there():
    """WQ-CAMP-9: the army on a territory that holds the dragon cannot be attacked until the dragon
    is removed. The defender, put on his ring by the attacker's wizard, draws the dragon card for it
    and sends the dragon onto his own besieged county: the campaign may not fight on."""
    from core.wizards_quest import cards
    tre = [{"owner": 0, "kind": "crown", "at": "K7"}, {"owner": 0, "kind": "chest", "at": "K8"},
           {"owner": 0, "kind": "ring", "at": "D6C6"}, {"owner": 1, "kind": "crown", "at": "K3"},
           {"owner": 1, "kind": "chest", "at": "D5C1"}, {"owner": 1, "kind": "ring", "at": "D2C2"}]
    deck = ["C23"] + [c for c in cards.ALL_CARDS if c != "C23"]
    st = _to_campaigns(make({"D5C5": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D5C3": {"owner": 1, "men": 4}},
                            treasures=tre, deck=deck))
    st["standing"] = ["men-first", "men-first"]
    st["dice"] = [1, 6]
    st, _ = move(st, 0, "attack D5C5 D5C3")
    st, texts = move(st, 0, "scatter D2C2:1")
    assert any("collects their ring" in t for t in texts) and ask(st)["seat"] == 1
    st["dice"] = [3, 1]
    st, texts = move(st, 1, "play C23 5")
    assert st["dragon"] == T["D5C3"] and at(st, "D5C3") == (1, 2, None)
    assert ask(st) is None or ask(st)["kind"] != "go"
    assert at(st, "D5C3")[0] == 1 and st["frames"] and not any(f["kind"] == "fight" for f in st["frames"])


@pytest.mark.rule("WQ-LOSS-2")
def test_losing_a_hero_that_is_not_in_the_battle_says_what_is_there():
    """The refusal names the pieces the player has in this battle, says there is no wizard in it,
    and lists the losses that are allowed."""
    st = make({"D2C1": {"owner": 0, "men": 4}, "D2C4": {"owner": 1, "men": 3, "heroes": ["champion"]}})
    fight = battle.fight_frame("camp", 0, T["D2C1"], T["D2C4"], "army", board.LAND, 1)
    fight["stage"] = "roll"
    out, _, _ = run_frames(st, [fight], dice=[2, 6])
    assert ask(out)["kind"] == "loss" and ask(out)["count"] == 2
    with pytest.raises(IllegalMove) as err:
        move(out, 1, "lose wizard")
    message = err.value.message
    assert err.value.rule == "WQ-LOSS-2"
    assert "no wizard" in message and "3 men and your champion" in message and "D2C4" in message
    assert "lose men or lose champion" in message
