"""Build, explore, buy, Academy (CA-ACT-BUILD, CA-ACT-EXPLORE, CA-ACT-BUY, CA-ACT-ACADEMY)."""
import pytest

from core.protocol import IllegalMove
from core.castle_assault import GAME
from core.castle_assault.data import CARDS

from .helpers import hand, kinds, make, of_kind, play, refused, said


def me(cards, players=2, **scenario):
    sc = {"turn": 0, "skip_draw": True, "hands": {"0": list(cards), "1": ["gold"]}}
    sc.update(scenario)
    return make(players, sc)


@pytest.mark.rule("CA-ACT-BUILD-1")
@pytest.mark.parametrize("mix", [(4, 0), (3, 1), (2, 2), (1, 3)])
def test_every_builder_gold_mix_with_a_builder_builds(mix):
    s = me(["builder"] * mix[0] + ["gold"] * mix[1], siege_top=["catapult"])
    s, events = play(s, 0, "build " + " ".join(hand(s, 0)))
    assert kinds(hand(s, 0)) == ["catapult"] and len(s["discard"]) == 4


@pytest.mark.rule("CA-ACT-BUILD-2")
def test_the_top_siege_card_goes_unseen_to_the_hand_and_an_empty_deck_forbids_building():
    s = me(["builder"] * 4, siege_top=["trebuchet"])
    s, events = play(s, 0, "build " + " ".join(hand(s, 0)))
    weapon = hand(s, 0)[0]
    assert CARDS.key[weapon] == "trebuchet" and weapon in GAME.hidden_from(s, 1)
    assert said(events, "Trebuchet", 0) and not said(events, "Trebuchet", 1)
    s = me(["builder"] * 4)
    s["hands"][1] += s["siege"]
    s["siege"] = []
    refused(s, 0, "build " + " ".join(hand(s, 0)), "CA-ACT-BUILD-2")


@pytest.mark.rule("CA-ACT-BUILD-3")
def test_a_siege_card_adds_its_swords_and_an_assault_weapon_opens_the_castle():
    s = me(["tower", "archer"])
    s, events = play(s, 0, "attack 1/C tower archer")
    assert said(events, "4 swords against 4 shields")


@pytest.mark.rule("CA-ACT-BUILD-4")
def test_a_siege_card_is_discarded_after_its_attack():
    s = me(["catapult"])
    cat = hand(s, 0)[0]
    s, _ = play(s, 0, f"attack 1/W1 {cat}")
    assert cat in s["discard"]


@pytest.mark.rule("CA-ACT-BUILD-5")
def test_a_siege_card_cannot_defend_but_can_be_discarded():
    s = me(["ram"])
    refused(s, 0, "defend ram C", "CA-ACT-DEFEND-7")
    s, _ = play(s, 0, "discard ram")
    assert CARDS.key[s["discard"][-1]] == "ram"


@pytest.mark.rule("CA-ACT-EXPLORE-1")
def test_explorers_are_committed_then_the_top_dungeon_card_turns_up():
    s = me(["explorer1", "explorer2", "gold"], dungeon_top=["troll"])
    refused(s, 0, "explore gold", "CA-ACT-EXPLORE-1")
    refused(s, 0, {"type": "explore", "cards": []}, "CA-ACT-EXPLORE-1")
    s, events = play(s, 0, "explore explorer1 explorer2")
    assert said(events, "explores with 3 torches and turns up Troll (danger 4, treasure 3)")
    assert kinds(hand(s, 0)) == ["gold"]


@pytest.mark.rule("CA-ACT-EXPLORE-2")
def test_more_torches_than_the_danger_wins_the_treasure():
    s = me(["explorer3", "explorer2"], dungeon_top=["troll"], village_top=["gold", "duke", "king", "night"])
    s, events = play(s, 0, "explore explorer3 explorer2")
    assert kinds(hand(s, 0)) == ["duke", "gold", "king"] and said(events, "wins the exploration")


@pytest.mark.rule("CA-ACT-EXPLORE-3")
def test_a_tie_gains_nothing_and_the_dungeon_card_goes_to_the_bottom():
    s = me(["explorer2"], dungeon_top=["goblins"])
    goblins = s["dungeon"][-1]
    s, events = play(s, 0, "explore explorer2")
    assert hand(s, 0) == [] and said(events, "gains nothing")
    assert s["dungeon"][0] == goblins and len(s["dungeon"]) == 12
    assert GAME.view(s, 1)["last_dungeon"] == "goblins" and goblins not in str(GAME.view(s, 1))


@pytest.mark.rule("CA-ACT-EXPLORE-4")
def test_treasure_goes_to_the_hand_even_with_more_players_and_danger_zero_loses_to_any_explorer():
    s = me(["explorer1"], players=3, dungeon_top=["crypt"], village_top=["gold"])
    s, _ = play(s, 0, "explore explorer1")
    assert kinds(hand(s, 0)) == ["gold"] and s["loot"][0] == []
    s = me(["explorer3"], dungeon_top=["cavein"])
    s, events = play(s, 0, "explore explorer3")
    assert hand(s, 0) == [] and said(events, "draws 0 Village cards")


@pytest.mark.rule("CA-ACT-EXPLORE-5")
@pytest.mark.rule("CA-LOOT-6")
def test_exploring_is_not_an_attack_no_window_no_loot():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["explorer3"], "1": ["soldier"],
                                                           "2": ["soldier"]}, "dungeon_top": ["rats"]})
    s, events = play(s, 0, "explore explorer3")
    assert s["turn"] == 1 and s["phase"] == "act" and s["loot"] == [[], [], []]


@pytest.mark.rule("CA-ACT-BUY-1")
def test_one_gold_buys_two_village_cards():
    s = me(["gold", "soldier"], village_top=["king", "night"])
    gold = of_kind(s, 0, "gold")[0]
    refused(s, 0, "buy soldier", "CA-ACT-BUY-1")
    s, events = play(s, 0, f"buy {gold}")
    assert gold in s["discard"] and kinds(hand(s, 0)) == ["king", "night", "soldier"]


@pytest.mark.rule("CA-ACT-BUY-2")
def test_one_buy_spends_exactly_one_gold():
    s = me(["gold", "gold"])
    with pytest.raises(IllegalMove):
        GAME.parse(s, 0, "buy gold gold")
    s, _ = play(s, 0, "buy gold")
    assert kinds(hand(s, 0)).count("gold") >= 1 and s["turn"] == 1


@pytest.mark.rule("CA-ACT-ACADEMY-1")
def test_academy_costs_one_duke_and_two_gold_exactly():
    s = me(["duke", "gold", "gold", "gold", "duke"], academy_top=["portcullis"])
    err = refused(s, 0, "academy duke gold", "CA-ACT-ACADEMY-1")
    assert "you offered" in err.message and "Duke" in err.message and err.message.count("Gold") == 2
    refused(s, 0, "academy duke gold gold gold", "CA-ACT-ACADEMY-1")
    refused(s, 0, "academy duke duke gold", "CA-ACT-ACADEMY-1")
    s, events = play(s, 0, "academy duke gold gold")
    assert kinds(hand(s, 0)) == ["duke", "gold", "portcullis"]


@pytest.mark.rule("CA-ACT-ACADEMY-2")
def test_the_academy_card_is_secret_and_an_empty_deck_forbids_the_academy():
    s = me(["duke", "gold", "gold"], academy_top=["oil"])
    s, events = play(s, 0, "academy duke gold gold")
    oil = hand(s, 0)[0]
    assert oil in GAME.hidden_from(s, 1) and not said(events, "Boiling Oil", 1) and said(events, "Boiling Oil", 0)
    s = me(["duke", "gold", "gold"])
    s["hands"][1] += s["academy"]
    s["academy"] = []
    refused(s, 0, "academy duke gold gold", "CA-ACT-ACADEMY-2")


@pytest.mark.rule("CA-ACT-BUILD")
@pytest.mark.rule("CA-ACT-EXPLORE")
@pytest.mark.rule("CA-ACT-BUY")
@pytest.mark.rule("CA-ACT-ACADEMY")
def test_economic_actions_are_offered_exactly_when_their_cards_are_held():
    def offered(cards):
        s = me(cards)
        return {(m.get("type") or m["pattern"].split()[0]) for m in GAME.legal_moves(s, 0)} - {"discard", "standing"}
    assert offered(["builder", "gold", "gold", "gold"]) == {"build", "buy"}
    assert offered(["builder", "builder", "builder"]) == set()
    assert offered(["explorer1"]) == {"explore"}
    assert offered(["duke", "gold", "gold"]) == {"academy", "buy"}
    assert offered(["duke", "gold"]) == {"buy"}


@pytest.mark.rule("CA-ACT-BUILD-1")
def test_a_refused_build_says_what_is_wrong_with_the_cards():
    s = me(["builder", "builder", "gold", "soldier", "gold", "gold", "gold"], siege_top=["catapult"])
    soldier = [c for c in hand(s, 0) if CARDS.key[c] == "soldier"][0]
    err = refused(s, 0, "build builder builder gold soldier", "CA-ACT-BUILD-1")
    assert f"{soldier} Soldier cannot be used to build" in err.message
    err = refused(s, 0, "build builder gold gold", "CA-ACT-BUILD-1")
    assert "You named 3 cards" in err.message
    err = refused(s, 0, "build gold gold gold gold", "CA-ACT-BUILD-1")
    assert "no Builder" in err.message
