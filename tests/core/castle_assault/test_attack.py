"""Attacks (CA-ACT-ATTACK) and the battle order."""
import pytest

from core.protocol import IllegalMove
from core.castle_assault import GAME
from core.castle_assault.data import CARDS

from .helpers import hand, kinds, make, of_kind, play, prompted, refused, stationed, standing, texts


def duel(ana, ben=("gold",), posts=None, players=2, **options):
    """Ana (seat 0) to act after her draw; Ben (seat 1) holds `ben`."""
    hands = {"0": list(ana), "1": list(ben)}
    for seat in range(2, players):
        hands[str(seat)] = ["gold"]
    return make(players, {"turn": 0, "skip_draw": True, "hands": hands, "posts": posts or {},
                          "village_top": ["duke", "duke", "duke"]}, **options)


def outcome(events):
    return next(t for t in texts(events) if " against " in t and "shield" in t)


@pytest.mark.rule("CA-ACT-ATTACK-1")
def test_attack_lays_the_chosen_cards_face_up_against_one_named_card():
    s = duel(["soldier", "archer", "gold"])
    soldier, archer = of_kind(s, 0, "soldier")[0], of_kind(s, 0, "archer")[0]
    s, events = play(s, 0, f"attack 1/W2 {soldier} {archer}")
    assert f"{{P0}} attacks {{P1}}'s wall W2 with {CARDS.label(soldier)}, {CARDS.label(archer)} (3 swords)." \
        in texts(events, 1)
    assert soldier not in hand(s, 0) and archer not in hand(s, 0)
    refused(duel(["soldier"]), 0, "attack 1/W7 soldier", "CA-ACT-ATTACK-1")


@pytest.mark.rule("CA-ACT-ATTACK-2")
def test_a_day_attack_needs_attack_cards_and_only_attack_cards():
    s = duel(["gold", "soldier", "night"])
    refused(s, 0, {"type": "attack", "target": "1/W1", "cards": []}, "CA-ACT-ATTACK-2")
    refused(s, 0, "attack 1/W1 gold", "CA-ACT-ATTACK-2")
    refused(s, 0, "attack 1/W1 soldier night", "CA-ACT-ATTACK-2")
    for kind in ("catapult", "ram", "archer"):
        t = duel([kind])
        t, events = play(t, 0, f"attack 1/W1 {kind}")
        assert " against " in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK-3")
def test_any_standing_wall_of_any_opponent_whatever_its_position():
    for target in ("1/W1", "1/W2", "2/W2", "3/W1"):
        s = duel(["trebuchet"], players=4)
        s, events = play(s, 0, f"attack {target} trebuchet")
        assert "WINS" in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK-4")
def test_castle_attackable_once_all_walls_are_down_or_with_an_assault_weapon():
    down = {"1": {"W1": {"standing": False}, "W2": {"standing": False}, "W3": {"standing": False}}}
    s, events = play(duel(["soldier", "soldier", "archer"], posts=down), 0, "attack 1/C soldier soldier archer")
    assert "5 swords against 4 shields: the attack WINS" in outcome(events)
    refused(duel(["soldier", "catapult"]), 0, "attack 1/C soldier catapult", "CA-ACT-ATTACK-4")
    s, events = play(duel(["soldier", "ram"]), 0, "attack 1/C soldier ram")
    assert "4 swords against 4 shields" in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK-5")
def test_a_stationed_card_can_be_attacked_on_its_own():
    """Changed in rules version 2 (issue 9): the defeated card is turned face down and leaves the game
    ("la carta atacada pierde y se gira sobre la mesa"), no longer discarded; `defeated-defender
    discarded` keeps the old reading."""
    s = duel(["archer"], posts={"1": {"W1": {"defenders": ["archer", "archer"]}}})
    target = stationed(s, 1, "W1")[0]
    s, events = play(s, 0, f"attack {target} archer")           # 1 sword vs 1 shield
    assert "1 sword against 1 shield: the attack loses" in outcome(events)
    s = duel(["soldier"], posts={"1": {"W1": {"defenders": ["archer", "archer"]}}})
    target = stationed(s, 1, "W1")[1]
    s, events = play(s, 0, f"attack {target} soldier")
    assert target in s["out_of_game"] and len(stationed(s, 1, "W1")) == 1 and standing(s, 1, "W1")
    s = duel(["soldier"], posts={"1": {"W1": {"defenders": ["archer"]}}}, defeated_defender="discarded")
    target = stationed(s, 1, "W1")[0]
    s, events = play(s, 0, f"attack {target} soldier")
    assert target in s["discard"] and target not in s["out_of_game"]


@pytest.mark.rule("CA-ACT-ATTACK-6")
def test_castle_defenders_only_when_the_castle_could_be_attacked_unless_the_option_says_always():
    """Changed in rules version 2 (issue 9): 'always' is now the default ("Las cartas añadidas a una
    muralla o castillo pueden ser atacadas de forma independiente"), so the 'castle' reading is
    asked for explicitly here."""
    posts = {"1": {"C": {"defenders": ["soldier"]}}}
    s = duel(["archer"], posts=posts, castle_defender="castle")
    refused(s, 0, f"attack {stationed(s, 1, 'C')[0]} archer", "CA-ACT-ATTACK-6")
    s = duel(["archer", "ram"], posts=posts, castle_defender="castle")
    s, events = play(s, 0, f"attack {stationed(s, 1, 'C')[0]} archer ram")
    assert "WINS" in outcome(events)
    s = duel(["archer"], posts=posts)                                      # the default: always
    s, events = play(s, 0, f"attack {stationed(s, 1, 'C')[0]} archer")
    assert "1 sword against ½ shield: the attack WINS" in outcome(events)
    s = duel(["archer"], posts={"1": {"W2": {"defenders": ["archer"]}}})
    s, events = play(s, 0, f"attack {stationed(s, 1, 'W2')[0]} archer")   # wall defenders: always
    assert " against " in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK-7")
def test_target_legality_uses_only_the_active_players_cards():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "soldier"], "1": ["gold"],
                                                           "2": ["ram", "tower"]}})
    refused(s, 0, "attack 1/C soldier soldier", "CA-ACT-ATTACK-4")     # Carla's assault weapons cannot help
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    s, events = play(s, 2, "join ram")                                   # Ben holds no reaction: resolved
    assert any("6 swords against 2 shields: the attack WINS" in t for t in texts(events))
    assert not standing(s, 1, "W1") and standing(s, 1, "C")             # the joined Ram opened nothing


@pytest.mark.rule("CA-ACT-ATTACK-8")
@pytest.mark.rule("CA-GEN-3")
def test_one_attack_one_target_one_per_turn():
    s = duel(["soldier", "soldier"])
    with pytest.raises(IllegalMove):
        GAME.parse(s, 0, "attack 1/W1 1/W2 soldier")
    refused(s, 0, {"type": "attack", "target": ["1/W1", "1/W2"], "cards": ["V0"]}, "CA-ACT-ATTACK-1")
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert s["turn"] == 1 and s["battle"] is None


@pytest.mark.rule("CA-ACT-ATTACK-9")
def test_defence_is_printed_shields_plus_stationed_values_or_the_card_alone():
    posts = {"1": {"W1": {"defenders": ["archer", "archer"]}, "W2": {"standing": False},
                   "W3": {"standing": False}, "C": {"defenders": ["soldier", "soldier", "soldier"]}}}
    s, events = play(duel(["archer"], posts=posts), 0, "attack 1/W1 archer")
    assert "against 4 shields" in outcome(events)
    s = duel(["ram"], posts=posts)
    s, events = play(s, 0, "attack 1/C ram")
    assert "2 swords against 5½ shields" in outcome(events)
    s = duel(["ram"], posts=posts)
    s, events = play(s, 0, f"attack {stationed(s, 1, 'C')[0]} ram")
    assert "2 swords against ½ shield" in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK-10")
def test_strength_sums_all_attack_cards_after_reactions_and_never_below_zero():
    s = duel(["archer"], ben=["ambush", "ambush"])
    s, _ = play(s, 0, "attack 1/W1 archer")
    s, events = play(s, 1, "react " + " ".join(of_kind(s, 1, "ambush", 2)))
    assert "0 swords against 2 shields" in outcome(events)
    s = duel(["soldier", "catapult", "archer"])
    s, events = play(s, 0, "attack 1/W1 soldier catapult archer")
    assert "6 swords" in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK-11")
def test_only_strictly_more_swords_win():
    s, events = play(duel(["soldier"]), 0, "attack 1/W1 soldier")
    assert "2 swords against 2 shields: the attack loses" in outcome(events) and standing(s, 1, "W1")
    s, events = play(duel(["soldier", "archer"]), 0, "attack 1/W1 soldier archer")
    assert "3 swords against 2 shields: the attack WINS" in outcome(events) and not standing(s, 1, "W1")


@pytest.mark.rule("CA-ACT-ATTACK-12")
def test_declaration_then_join_window_then_reaction_then_resolution():
    s = make(3, {"turn": 0, "skip_draw": True,
                 "hands": {"0": ["soldier"], "1": ["ambush"], "2": ["archer"]}})
    s, events = play(s, 0, "attack 1/W1 soldier")
    assert s["phase"] == "join" and prompted(s) == [2] and not any("shields:" in t for t in texts(events))
    s, events = play(s, 2, "join archer")
    assert s["phase"] == "react" and prompted(s) == [1]
    s, events = play(s, 1, "pass")
    assert "3 swords against 2 shields: the attack WINS" in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK-13")
def test_a_won_battle_turns_the_post_face_down_discards_the_attack_and_loots():
    s = duel(["trebuchet", "gold"])
    treb = of_kind(s, 0, "trebuchet")[0]
    s, _ = play(s, 0, f"attack 1/W3 {treb}")
    assert not standing(s, 1, "W3") and treb in s["discard"]
    assert kinds(hand(s, 0)) == ["duke", "gold"]


@pytest.mark.rule("CA-ACT-ATTACK-14")
def test_a_destroyed_post_loses_its_defenders_and_is_never_attacked_or_defended_again():
    s = duel(["trebuchet", "soldier", "archer"], posts={"1": {"W1": {"defenders": ["archer"]}}})
    guard = stationed(s, 1, "W1")[0]
    s, _ = play(s, 0, "attack 1/W1 trebuchet")
    assert guard in s["discard"] and stationed(s, 1, "W1") == []
    s, _ = play(s, 1, "discard gold")
    refused(s, 0, "attack 1/W1 soldier", "CA-ACT-ATTACK-14")
    t = duel(["archer"], posts={"0": {"W1": {"standing": False}}})
    refused(t, 0, "defend archer W1", "CA-ACT-DEFEND-7")


@pytest.mark.rule("CA-ACT-ATTACK-15")
def test_a_lost_battle_discards_the_attack_leaves_the_target_and_gives_no_loot():
    s = duel(["archer", "gold"], posts={"1": {"W1": {"defenders": ["archer"]}}})
    s, _ = play(s, 0, "attack 1/W1 archer")
    assert standing(s, 1, "W1") and len(stationed(s, 1, "W1")) == 1
    assert kinds(hand(s, 0)) == ["gold"] and s["turn"] == 1
    assert CARDS.key[s["discard"][-1]] == "archer"


@pytest.mark.rule("CA-ACT-ATTACK-16")
@pytest.mark.parametrize("cards,won", [(["archer"], False), (["trebuchet"], True)])
def test_attack_cards_never_return_to_the_hand(cards, won):
    s = duel(cards + ["gold"])
    ids = [c for c in hand(s, 0) if CARDS.attack[c]]
    s, events = play(s, 0, "attack 1/W1 " + " ".join(ids))
    assert ("WINS" in outcome(events)) is won
    assert not set(ids) & set(hand(s, 0)) and set(ids) <= set(s["discard"])


@pytest.mark.rule("CA-ACT-ATTACK-17")
@pytest.mark.rule("CA-END-2")
def test_a_fallen_castle_ends_a_two_player_game_for_the_attacker():
    down = {"1": {"W1": {"standing": False}, "W2": {"standing": False}, "W3": {"standing": False}}}
    s, events = play(duel(["trebuchet", "archer"], posts=down), 0, "attack 1/C trebuchet archer")
    result = GAME.result(s)
    assert result.winners == (0,) and GAME.prompts(s) == [] and "{P0} wins the game." in texts(events)
    assert result.code == "last-castle"


@pytest.mark.rule("CA-ACT-ATTACK-17")
def test_a_fallen_castle_eliminates_its_owner_with_more_players():
    down = {"1": {"W1": {"standing": False}, "W2": {"standing": False}}}
    s, events = play(duel(["trebuchet", "archer"], posts=down, players=3), 0, "attack 1/C trebuchet archer")
    assert GAME.result(s) is None and s["alive"] == [True, False, True]


@pytest.mark.rule("CA-ACT-ATTACK-18")
def test_never_your_own_cards_nor_an_eliminated_players():
    s = duel(["soldier"])
    refused(s, 0, "attack 0/W1 soldier", "CA-ACT-ATTACK-18")
    s = make(3, {"turn": 0, "skip_draw": True, "eliminated": [2], "hands": {"0": ["soldier"]}})
    refused(s, 0, "attack 2/C soldier", "CA-ACT-ATTACK-1")            # its cards have left play
    s["posts"][2] = [["F2", True, []]]                        # even if a card were still lying there
    refused(s, 0, "attack 2/C soldier", "CA-ACT-ATTACK-18")


@pytest.mark.rule("CA-ACT-ATTACK-19")
def test_half_shields_compare_exactly_three_and_a_half_needs_four():
    posts = {"1": {"W1": {"standing": False}, "W2": {"standing": False}, "W3": {"standing": False},
                   "C": {"defenders": ["soldier"]}}}
    s, events = play(duel(["soldier", "soldier"], posts=posts), 0, "attack 1/C soldier soldier")
    assert "4 swords against 4½ shields: the attack loses" in outcome(events)
    s, events = play(duel(["soldier", "soldier", "archer"], posts=posts), 0, "attack 1/C soldier soldier archer")
    assert "5 swords against 4½ shields: the attack WINS" in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK-20")
def test_a_hopeless_attack_is_still_legal():
    posts = {"1": {"W1": {"defenders": ["archer", "archer"]}}}
    s, events = play(duel(["archer"], posts=posts), 0, "attack 1/W1 archer")
    assert "1 sword against 4 shields: the attack loses" in outcome(events)


@pytest.mark.rule("CA-ACT-ATTACK")
def test_attack_patterns_are_offered_only_with_attack_cards():
    assert any("attack" in m.get("pattern", "") for m in GAME.legal_moves(duel(["soldier"]), 0))
    assert not any("attack" in m.get("pattern", "") for m in GAME.legal_moves(duel(["gold"]), 0))
