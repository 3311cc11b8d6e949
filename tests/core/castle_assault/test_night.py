"""Night attacks (CA-ACT-NIGHT)."""
import json

import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS

from .helpers import hand, make, said, of_kind, play, prompted, refused, standing, texts, view_text


def night_game(ana, ben=("ambush",), carla=None, **options):
    hands = {"0": ["night"] + list(ana), "1": list(ben)}
    players = 2
    if carla is not None:
        hands["2"] = list(carla)
        players = 3
    return make(players, {"turn": 0, "skip_draw": True, "hands": hands, "village_top": ["duke"] * 3}, **options)


def night(s, target="1/W1", cards=None):
    n = of_kind(s, 0, "night")[0]
    if cards is None:
        cards = [c for c in hand(s, 0) if CARDS.attack[c]]
    return play(s, 0, {"type": "night", "night": n, "target": target, "cards": cards}) + (n, cards)


@pytest.mark.rule("CA-ACT-NIGHT-1")
def test_the_night_card_is_played_with_cards_face_down_and_a_named_target():
    s = night_game(["soldier", "archer"])
    s, events, n, cards = night(s)
    assert s["battle"]["night_card"] == n and s["battle"]["target"] == "1/W1"
    assert "{P0} plays Night (" + n + ") with 2 hidden cards against {P1}'s wall W1." in texts(events, 1)
    assert any(CARDS.label(cards[0]) in t for t in texts(events, 0))
    assert not any(cards[0] in t for t in texts(events, 1))


@pytest.mark.rule("CA-ACT-NIGHT-2")
def test_the_victim_decides_blind():
    s = night_game(["trebuchet"])
    s, events, n, cards = night(s)
    text = view_text(s, 1)
    assert f'"{cards[0]}"' not in text and cards[0] in GAME.hidden_from(s, 1)
    assert "Trebuchet" not in GAME.prompts(s)[0].text
    assert GAME.prompts(s)[0].text.endswith("night attack (cards hidden): react with Academy cards, or pass.")


@pytest.mark.rule("CA-ACT-NIGHT-3")
def test_after_the_decision_the_cards_are_revealed_and_resolved_like_a_day_attack():
    s = night_game(["trebuchet"])
    s, _, n, cards = night(s)
    s, events = play(s, 1, "pass")
    assert any("revealed" in t and CARDS.label(cards[0]) in t for t in texts(events, 1))
    assert said(events, "4 swords against 2 shields: the attack WINS")
    assert not standing(s, 1, "W1")


@pytest.mark.rule("CA-ACT-NIGHT-4")
def test_a_night_attack_is_the_turns_one_attack_with_the_same_target_rules():
    s = night_game(["soldier", "soldier"])
    s, _, _, _ = night(s)
    s, _ = play(s, 1, "pass")
    assert s["turn"] == 1
    refused(night_game(["soldier"]), 0, "night night 0/W1 soldier", "CA-ACT-ATTACK-18")


@pytest.mark.rule("CA-ACT-NIGHT-5")
def test_the_number_of_hidden_cards_is_public_unless_the_option_hides_it():
    s, events, _, _ = night(night_game(["soldier", "archer", "catapult"]))
    assert GAME.view(s, 1)["battle"]["cards"] == [{"seat": 0, "count": 3}]
    s, events, _, cards = night(night_game(["soldier", "archer", "catapult"], night_count="hidden"))
    assert GAME.view(s, 1)["battle"]["cards"] == [{"seat": 0}]
    assert any("with hidden cards against" in t for t in texts(events, 1))
    assert GAME.view(s, 0)["battle"]["cards"] == [{"seat": 0, "cards": cards, "count": 3}]


@pytest.mark.rule("CA-ACT-NIGHT-6")
def test_a_bluff_with_no_card_is_legal_and_always_loses():
    s = night_game([], ben=["gold"])
    s, events, n, cards = night(s, cards=[])
    assert said(events, "0 swords against 2 shields: the attack loses")     # no window: Ben holds none
    assert n in s["discard"] and standing(s, 1, "W1")


@pytest.mark.rule("CA-ACT-NIGHT-7")
def test_joiners_add_cards_face_down_without_seeing_the_others():
    s = night_game(["soldier"], ben=["ambush"], carla=["archer", "gold"])
    s, _, n, cards = night(s)
    assert prompted(s) == [2]
    assert f'"{cards[0]}"' not in view_text(s, 2)                                  # Carla cannot see Ana's card
    archer = of_kind(s, 2, "archer")[0]
    assert GAME.public_move(s, 2, {"type": "join", "cards": [archer]}) is False
    s, events = play(s, 2, f"join {archer}")
    assert f'"{archer}"' not in view_text(s, 1) and f'"{archer}"' not in view_text(s, 0)
    assert "{P2} joins the night attack with 1 card face down." in texts(events, 1)
    s, events = play(s, 1, "pass")
    assert said(events, "3 swords against 2 shields: the attack WINS")


@pytest.mark.rule("CA-ACT-NIGHT-7")
def test_option_forbids_joining_night_attacks():
    s = night_game(["soldier"], ben=["ambush"], carla=["archer"], night_join=False)
    s, _, _, _ = night(s)
    assert prompted(s) == [1]


@pytest.mark.rule("CA-ACT-NIGHT-8")
def test_a_night_attack_on_a_walled_castle_needs_a_hidden_assault_weapon():
    s = night_game(["soldier", "ram"])
    refused(s, 0, "night night 1/C soldier", "CA-ACT-NIGHT-8")
    s, events, _, _ = night(s, target="1/C")
    assert s["battle"]["target"] == "1/C"


@pytest.mark.rule("CA-ACT-NIGHT-9")
def test_the_night_card_is_discarded_after_the_battle_and_otherwise_has_no_effect():
    s, _, n, _ = night(night_game(["soldier"]))
    s, _ = play(s, 1, "pass")
    assert n in s["discard"]
    s = night_game(["gold"])
    n = of_kind(s, 0, "night")[0]
    s, events = play(s, 0, f"discard {n}")
    assert n in s["discard"] and s["battle"] is None and s["turn"] == 1


@pytest.mark.rule("CA-ACT-NIGHT")
def test_night_cards_must_be_a_night_and_attack_cards():
    s = night_game(["gold", "soldier"])
    gold = of_kind(s, 0, "gold")[0]
    refused(s, 0, {"type": "night", "night": gold, "target": "1/W1", "cards": []}, "CA-ACT-NIGHT-1")
    n = of_kind(s, 0, "night")[0]
    refused(s, 0, {"type": "night", "night": n, "target": "1/W1", "cards": [gold]}, "CA-ACT-NIGHT-1")
    json.dumps(GAME.view(s, 0))
