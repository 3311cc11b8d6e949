"""The worked examples of rules §12, step by step, as scenario tests."""
import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS

from .helpers import hand, kinds, make, of_kind, play, prompted, refused, stationed, standing, texts, view_text


def ex1(players=2, ben_hand=("ambush", "gold"), archer=True, carla_hand=None, **options):
    scenario = {"turn": 0, "skip_draw": True,
                "hands": {"0": ["soldier", "soldier", "gold"], "1": list(ben_hand)},
                "posts": {"1": {"W1": {"defenders": ["archer"] if archer else []}}},
                "village_top": ["builder", "duke", "king"]}
    if carla_hand is not None:
        scenario["hands"]["2"] = list(carla_hand)
    return make(players, scenario, **options)


@pytest.mark.rule("CA-ACT-REACT-6")
def test_ex1_figure_2_ambush_turns_a_win_into_a_loss():
    """EX-1: 4 swords - Ambush 2 = 2 against 2 + 1 shields: the attack loses (CA-ACT-ATTACK-11)."""
    s = ex1()
    soldiers = of_kind(s, 0, "soldier", 2)
    ambush = of_kind(s, 1, "ambush")[0]
    s, events = play(s, 0, f"attack 1/W1 {soldiers[0]} {soldiers[1]}")        # CA-ACT-ATTACK-3: legal
    assert prompted(s) == [1]                                                 # Ben's reaction window
    s, events = play(s, 1, f"react {ambush}")
    assert set(soldiers + [ambush]) <= set(s["discard"])
    assert standing(s, 1, "W1") and kinds(stationed(s, 1, "W1")) == ["archer"]
    assert kinds(hand(s, 0)) == ["gold"]                                      # no loot
    assert s["turn"] == 1                                                     # Ana's turn is over
    assert ambush not in hand(s, 1) and len(hand(s, 1)) == 2                  # gold + Ben's turn draw
    assert any("2 swords against 3 shields: the attack loses" in t for t in texts(events))


@pytest.mark.rule("CA-ACT-ATTACK-13")
def test_ex1_control_without_the_ambush_the_wall_falls_and_ana_loots():
    s = ex1(ben_hand=("gold",))
    archer = stationed(s, 1, "W1")[0]
    s, events = play(s, 0, "attack 1/W1 soldier soldier")
    assert not standing(s, 1, "W1")                                           # turned face down
    assert archer in s["discard"] and stationed(s, 1, "W1") == []              # CA-ACT-ATTACK-14
    assert kinds(hand(s, 0)) == ["builder", "gold"]                           # loot into the hand (2 players)
    assert any("4 swords against 3 shields: the attack WINS" in t for t in texts(events))


@pytest.mark.rule("CA-ACT-ATTACK-11")
def test_ex1_control_ambush_against_a_bare_wall_is_still_a_tie_and_a_loss():
    s = ex1(archer=False)
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    s, events = play(s, 1, "react ambush")
    assert standing(s, 1, "W1")
    assert any("2 swords against 2 shields: the attack loses" in t for t in texts(events))


def test_ex1b_three_players_carla_joins_with_an_archer_and_still_loses():
    """EX-1b: 4 + 1 - 2 = 3, not more than 3 (CA-MULTI-1, CA-MULTI-6)."""
    s = ex1(players=3, carla_hand=["archer", "gold"])
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    assert prompted(s) == [2]                                                 # join window before the reaction
    archer = of_kind(s, 2, "archer")[0]
    s, _ = play(s, 2, f"join {archer}")
    assert prompted(s) == [1]
    s, events = play(s, 1, "react ambush")
    assert standing(s, 1, "W1") and archer in s["discard"]
    assert s["loot"] == [[], [], []]


@pytest.mark.rule("CA-LOOT-5")
def test_ex1b_three_players_carla_joins_with_a_soldier_and_both_loot_face_down():
    """The spec's EX-1b follows `join-loot all`. Changed in rules version 2 (issue 9): the default is now
    'active' (the original: "1 carta de botín por cada batalla vencida"), so the example asks for 'all'."""
    s = ex1(players=3, carla_hand=["soldier", "gold"], join_loot="all")
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    s, _ = play(s, 2, "join soldier")
    s, events = play(s, 1, "react ambush")
    assert not standing(s, 1, "W1")
    # Ana first, then Carla: the two top Village cards, face down on their loot piles (CA-LOOT-3)
    assert kinds(s["loot"][0]) == ["builder"] and kinds(s["loot"][2]) == ["duke"]
    assert len(hand(s, 0)) == 1 and len(hand(s, 2)) == 1
    for seat in range(3):
        assert f'"{s["loot"][0][0]}"' not in view_text(s, seat)


def ex2(hidden=("soldier", "catapult"), reactions=("ambush", "sabotage")):
    return make(2, {"turn": 0, "skip_draw": True,
                    "hands": {"0": ["night"] + list(hidden) + ["gold"], "1": list(reactions) + ["gold"]},
                    "posts": {"1": {"W1": {"defenders": ["archer"]}}},
                    "village_top": ["builder"]})


def declare_night(s):
    night = of_kind(s, 0, "night")[0]
    cards = [c for c in hand(s, 0) if CARDS.attack[c]]
    s, events = play(s, 0, {"type": "night", "night": night, "target": "1/W1", "cards": cards})
    return s, events, night, cards


@pytest.mark.rule("CA-ACT-NIGHT-2")
def test_ex2_night_attack_sabotage_blind_then_reveal():
    s = ex2()
    s, events, night, cards = declare_night(s)
    ben_view = view_text(s, 1)
    for card in cards:                                                        # Ben sees only Night, 2 cards, W1
        assert f'"{card}"' not in ben_view
    assert GAME.view(s, 1)["battle"]["cards"] == [{"seat": 0, "count": 2}]
    assert any("plays Night" in t and "2 hidden cards" in t for t in texts(events, 1))
    sabotage = of_kind(s, 1, "sabotage")[0]
    s, events = play(s, 1, f"react {sabotage}")
    catapult = [c for c in cards if CARDS.key[c] == "catapult"][0]
    assert any("revealed" in t for t in texts(events, 1))
    assert any(f"removes {CARDS.label(catapult)}" in t for t in texts(events))
    assert set(cards + [night, sabotage]) <= set(s["discard"])
    assert standing(s, 1, "W1") and len(stationed(s, 1, "W1")) == 1
    assert kinds(hand(s, 0)) == ["gold"]
    assert "ambush" in kinds(hand(s, 1))


def test_ex2a_sabotage_with_nothing_to_remove_is_still_spent():
    s = ex2(hidden=("soldier", "soldier"))
    s, _, _, _ = declare_night(s)
    sabotage = of_kind(s, 1, "sabotage")[0]
    s, events = play(s, 1, f"react {sabotage}")
    assert sabotage in s["discard"]
    assert not standing(s, 1, "W1") and kinds(hand(s, 0)) == ["builder", "gold"]


def test_ex2b_ambush_instead_makes_five_into_three_a_loss():
    s = ex2()
    s, _, _, _ = declare_night(s)
    s, events = play(s, 1, "react ambush")
    assert standing(s, 1, "W1")
    assert any("3 swords against 3 shields" in t for t in texts(events))


@pytest.mark.rule("CA-ACT-NIGHT-6")
def test_ex2c_bluff_night_with_no_cards_always_loses_but_spends_the_reaction():
    s = ex2(hidden=())
    s, events, night, cards = declare_night(s)
    assert cards == []
    assert GAME.view(s, 1)["battle"]["cards"] == [{"seat": 0, "count": 0}]
    s, events = play(s, 1, "react ambush")
    assert standing(s, 1, "W1") and night in s["discard"]
    assert "ambush" not in kinds(hand(s, 1)) and any(CARDS.key[c] == "ambush" for c in s["discard"])
    assert any("0 swords against 3 shields: the attack loses" in t for t in texts(events))


def ex3(castle_soldiers=2, with_king=True):
    ana = (["king"] if with_king else []) + ["soldier", "soldier", "archer", "archer", "gold"]
    return make(2, {"turn": 0, "skip_draw": True,
                    "hands": {"0": ana, "1": ["gold", "builder"]},
                    "posts": {"1": {"W1": {"standing": False}, "W2": {"standing": False},
                                    "C": {"defenders": ["soldier"] * castle_soldiers}}},
                    "village_top": ["soldier", "soldier", "gold"]})


@pytest.mark.rule("CA-ACT-KING-4")
def test_ex3_king_turn_two_attacks_second_ties_on_two_halves():
    s = ex3()
    king = of_kind(s, 0, "king")[0]
    s, _ = play(s, 0, f"king {king}")
    assert king in s["discard"] and s["actions"] == 2 and s["turn"] == 0
    s, events = play(s, 0, "attack 1/W3 soldier archer")                      # 3 > 2: win
    assert not standing(s, 1, "W3")
    assert kinds(hand(s, 0)) == ["archer", "gold", "soldier", "soldier"]      # the loot Soldier is usable
    assert prompted(s) == [0] and s["actions"] == 1                              # CA-ACT-KING-5
    s, events = play(s, 0, "attack 1/C soldier soldier archer")               # castle now a legal target
    assert any("5 swords against 5 shields: the attack loses" in t for t in texts(events))
    assert standing(s, 1, "C") and s["turn"] == 1                             # Ana's turn ended


@pytest.mark.rule("CA-ACT-KING-9")
def test_ex3a_one_soldier_on_the_castle_the_same_attack_wins_the_game():
    s = ex3(castle_soldiers=1)
    s, _ = play(s, 0, "king king")
    s, _ = play(s, 0, "attack 1/W3 soldier archer")
    s, events = play(s, 0, "attack 1/C soldier soldier archer")
    assert GAME.result(s).winners == (0,) and GAME.prompts(s) == []           # game over, turn ends at once


def test_ex3b_second_action_against_one_stationed_soldier():
    """Changed in rules version 2 (issue 9): the defeated Soldier is turned face down, out of the game
    ("se gira sobre la mesa"), where the spec's example discarded it."""
    s = ex3()
    s, _ = play(s, 0, "king king")
    s, _ = play(s, 0, "attack 1/W3 soldier archer")
    soldier = stationed(s, 1, "C")[0]
    s, events = play(s, 0, f"attack {soldier} archer")                        # 1 > 1/2
    assert soldier in s["out_of_game"] and len(stationed(s, 1, "C")) == 1
    assert GAME.view(s, 0)["fortresses"][1]["posts"][0]["shields"] == 9       # 4 1/2 in half points
    assert kinds(hand(s, 0)) == ["gold", "soldier", "soldier", "soldier"]     # looted again


def test_ex3c_without_the_king_the_walled_castle_needs_an_assault_weapon():
    s = ex3(with_king=False)
    refused(s, 0, "attack 1/C soldier soldier archer", "CA-ACT-ATTACK-4")


def test_ex3d_king_actions_cannot_station_two_defenders():
    s = ex3()
    s, _ = play(s, 0, "king king")
    s, _ = play(s, 0, "defend archer W1")
    refused(s, 0, "defend archer W2", "CA-ACT-DEFEND-6")


def ex4():
    return make(2, {"turn": 0, "skip_draw": True,
                    "hands": {"0": ["builder", "builder", "gold", "gold", "soldier"], "1": ["sabotage", "duke"]},
                    "posts": {"1": {"C": {"defenders": ["soldier"]}}},
                    "siege_top": ["tower"], "village_top": ["gold", "archer"]})


@pytest.mark.rule("CA-ACT-BUILD-1")
def test_ex4_build_then_assault_the_walled_castle_and_sabotage():
    s = ex4()
    spent = of_kind(s, 0, "builder", 2) + of_kind(s, 0, "gold", 2)
    s, events = play(s, 0, "build " + " ".join(spent))
    assert set(spent) <= set(s["discard"])
    tower = [c for c in hand(s, 0) if CARDS.key[c] == "tower"]
    assert tower and s["turn"] == 1
    assert CARDS.label(tower[0]) not in " ".join(texts(events, 1))            # unseen by Ben (CA-ACT-BUILD-2)
    s, _ = play(s, 1, "discard duke")
    s, _ = play(s, 0, f"attack 1/C {tower[0]} soldier")                        # legal: assault weapon
    s, events = play(s, 1, "react sabotage")
    assert any("no assault weapon is left against a walled castle" in t for t in texts(events))
    assert standing(s, 1, "C") and GAME.result(s) is None
    assert tower[0] in s["discard"] and any(CARDS.key[c] == "sabotage" for c in s["discard"])


@pytest.mark.parametrize("cards", [["gold"] * 4, ["builder", "builder", "gold"],
                                   ["builder", "builder", "gold", "gold", "gold"],
                                   ["builder", "gold", "gold", "soldier"]])
def test_ex4_illegal_builds_are_refused(cards):
    s = make(2, {"turn": 0, "skip_draw": True,
                 "hands": {"0": ["builder", "builder", "gold", "gold", "gold", "gold", "soldier"]}})
    refused(s, 0, "build " + " ".join(cards), "CA-ACT-BUILD-1")


def ex5():
    return make(2, {"turn": 1, "skip_draw": True,
                    "hands": {"0": ["soldier", "archer", "archer", "ram", "soldier", "soldier", "archer"],
                              "1": ["soldier", "archer", "gold"]},
                    "posts": {"0": {"W1": {"defenders": ["archer", "archer"]}, "W2": {"defenders": ["archer"]},
                                    "W3": {"standing": False}, "C": {"defenders": ["soldier"]}}}})


@pytest.mark.rule("CA-ACT-ATTACK-19")
def test_ex5_figure_3_defence_totals_and_legal_defences():
    s = ex5()
    posts = {p["post"]: p for p in GAME.view(s, 1)["fortresses"][0]["posts"]}
    assert [posts[p]["shields"] for p in ("C", "W1", "W2")] == [9, 8, 6]      # 4 1/2, 4, 3 in half points
    assert not posts["W3"]["standing"]
    s0 = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "archer"]},
                  "posts": {"0": {"W1": {"defenders": ["archer", "archer"]}, "W2": {"defenders": ["archer"]},
                                  "W3": {"standing": False}, "C": {"defenders": ["soldier"]}}}})
    legal = [GAME.format(m) for m in GAME.legal_moves(s0, 0) if "pattern" not in m]
    soldier, archer = of_kind(s0, 0, "soldier")[0], of_kind(s0, 0, "archer")[0]
    assert f"defend {soldier} C" in legal and f"defend {archer} W2" in legal
    assert f"defend {archer} W1" not in legal and f"defend {archer} W3" not in legal
    refused(s0, 0, f"defend {archer} W1", "CA-ACT-DEFEND-3")
    refused(s0, 0, f"defend {archer} W3", "CA-ACT-DEFEND-7")
    assert legal.count(f"defend {soldier} C") == 1


@pytest.mark.parametrize("target,cards,wins", [
    ("0/W1", ["soldier", "soldier"], False), ("0/W1", ["soldier", "soldier", "archer"], True),
    ("0/W2", ["soldier", "archer"], False), ("0/W2", ["soldier", "soldier"], True),
    ("archer", ["archer"], False), ("archer", ["soldier"], True),
    ("0/C", ["ram", "soldier"], False), ("0/C", ["ram", "soldier", "archer"], True),
])
def test_ex5_swords_needed_for_each_part_of_the_fortress(target, cards, wins):
    """W1 needs 5, W2 4, a wall's Archer alone 2, the castle (with an assault weapon) 5."""
    s = make(2, {"turn": 1, "skip_draw": True, "hands": {"0": ["gold"], "1": cards},
                 "posts": {"0": {"W1": {"defenders": ["archer", "archer"]}, "W2": {"defenders": ["archer"]},
                                 "W3": {"standing": False}, "C": {"defenders": ["soldier"]}}}})
    if target == "archer":
        target = stationed(s, 0, "W2")[0]
    s, events = play(s, 1, f"attack {target} " + " ".join(cards))
    assert s["battle"] is None                     # no reaction possible: resolved at once
    won = any("the attack WINS" in t for t in texts(events))
    assert won is wins


def test_ex5_castle_and_its_soldier_are_not_targets_while_walls_stand_without_assault():
    """The spec's EX-5 follows `castle-defender castle`. Changed in rules version 2 (issue 9): the default
    is now 'always' (the original: castle defenders "pueden ser atacadas de forma independiente"), so
    the example asks for 'castle'."""
    s = make(2, {"turn": 1, "skip_draw": True, "hands": {"1": ["soldier", "soldier", "soldier"]},
                 "posts": {"0": {"W1": {"defenders": ["archer", "archer"]}, "W2": {"defenders": ["archer"]},
                                 "W3": {"standing": False}, "C": {"defenders": ["soldier"]}}}},
             castle_defender="castle")
    refused(s, 1, "attack 0/C soldier soldier soldier", "CA-ACT-ATTACK-4")
    refused(s, 1, f"attack {stationed(s, 0, 'C')[0]} soldier", "CA-ACT-ATTACK-6")
