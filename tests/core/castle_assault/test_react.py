"""Reactions with Academy cards (CA-ACT-REACT)."""
import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS

from .helpers import hand, kinds, make, of_kind, play, prompted, refused, standing, texts


def attacked(ana, ben, posts=None, players=2, target="1/W1", **options):
    hands = {"0": list(ana), "1": list(ben)}
    for seat in range(2, players):
        hands[str(seat)] = ["ambush", "archer"]
    s = make(players, {"turn": 0, "skip_draw": True, "hands": hands, "posts": posts or {},
                       "village_top": ["duke"] * 3}, **options)
    cards = [c for c in hand(s, 0) if CARDS.attack[c]]
    s, _ = play(s, 0, {"type": "attack", "target": target, "cards": cards})
    return s


def outcome(events):
    return next(t for t in texts(events) if " against " in t and "shield" in t)


@pytest.mark.rule("CA-ACT-REACT-1")
@pytest.mark.rule("CA-GEN-4")
def test_only_the_victim_reacts_only_to_that_attack_and_each_card_once():
    s = attacked(["soldier", "archer"], ["ambush", "gold"])
    assert prompted(s) == [1]
    ambush = of_kind(s, 1, "ambush")[0]
    refused(s, 0, {"type": "react", "cards": [ambush]}, "CA-TURN-6")
    refused(s, 1, "react gold", "CA-ACT-REACT-1")
    s, _ = play(s, 1, f"react {ambush}")
    assert ambush in s["discard"] and ambush not in hand(s, 1)


@pytest.mark.rule("CA-ACT-REACT-2")
def test_a_reaction_is_discarded_even_when_it_does_not_stop_the_attack():
    s = attacked(["trebuchet"], ["reinforce"])
    reinforce = hand(s, 1)[0]
    s, events = play(s, 1, f"react {reinforce}")
    assert "4 swords against 4 shields: the attack loses" in outcome(events)
    s = attacked(["trebuchet", "soldier"], ["reinforce"])
    reinforce = hand(s, 1)[0]
    s, events = play(s, 1, f"react {reinforce}")
    assert "WINS" in outcome(events) and reinforce in s["discard"]


@pytest.mark.rule("CA-ACT-REACT-3")
@pytest.mark.rule("CA-MULTI-2")
def test_the_reaction_window_opens_after_every_joiner_has_decided():
    s = attacked(["soldier"], ["ambush"], players=4)
    assert prompted(s) == [2]
    s, _ = play(s, 2, "pass")
    assert prompted(s) == [3]
    s, _ = play(s, 3, "pass")
    assert prompted(s) == [1] and s["phase"] == "react"


@pytest.mark.rule("CA-ACT-REACT-4")
def test_several_reactions_together_against_one_attack():
    s = attacked(["trebuchet", "soldier"], ["ambush", "reinforce", "gold"])
    cards = of_kind(s, 1, "ambush") + of_kind(s, 1, "reinforce")
    s, events = play(s, 1, "react " + " ".join(cards))
    assert "4 swords against 4 shields: the attack loses" in outcome(events)
    assert set(cards) <= set(s["discard"])


@pytest.mark.rule("CA-ACT-REACT-5")
def test_one_reaction_window_per_battle_and_no_answer_to_it():
    s = attacked(["soldier"], ["ambush", "ambush"])
    s, _ = play(s, 1, "react " + of_kind(s, 1, "ambush")[0])
    assert s["battle"] is None and s["turn"] == 1                # resolved, nobody asked again
    assert "ambush" in kinds(hand(s, 1))


@pytest.mark.rule("CA-ACT-REACT-6")
def test_removals_then_subtractions_then_additions():
    s = attacked(["catapult", "soldier", "archer"], ["sabotage", "ambush", "reinforce"])
    s, events = play(s, 1, "react " + " ".join(hand(s, 1)))
    # 3 + 2 + 1 = 6; Sabotage removes the Catapult -> 3; Ambush -> 1; Reinforcements: 2 + 2 = 4 shields
    assert "1 sword against 4 shields: the attack loses" in outcome(events)
    posts = {"1": {"W1": {"standing": False}, "W2": {"standing": False}, "W3": {"standing": False}}}
    s = attacked(["trebuchet", "trebuchet"], ["portcullis"], posts=posts, target="1/C")
    s, events = play(s, 1, "react " + hand(s, 1)[0])
    assert "8 swords against 7 shields: the attack WINS" in outcome(events)
    s = attacked(["trebuchet"], ["portcullis"])                 # Portcullis on a wall: no effect
    s, events = play(s, 1, "react " + hand(s, 1)[0])
    assert "4 swords against 2 shields" in outcome(events)


@pytest.mark.rule("CA-ACT-REACT-7")
def test_a_walled_castle_attack_without_its_assault_weapon_loses_automatically():
    s = attacked(["ram", "trebuchet", "trebuchet"], ["sabotage"], target="1/C")
    assert s["phase"] == "react"
    s, events = play(s, 1, "react " + hand(s, 1)[0])
    assert s["phase"] == "remove"                                # two kinds of Siege card: Ben chooses
    ram = [c for c in s["battle"]["contributions"][0][1] if CARDS.key[c] == "ram"][0]
    s, events = play(s, 1, f"remove {ram}")
    assert "8 swords against 4 shields: the attack loses (no assault weapon is left" in outcome(events)
    assert standing(s, 1, "C")


@pytest.mark.rule("CA-ACT-REACT-8")
def test_the_victim_chooses_what_sabotage_or_oil_removes_after_seeing_the_attack():
    s = attacked(["catapult", "trebuchet", "soldier", "archer"], ["sabotage", "oil"])
    s, _ = play(s, 1, "react " + " ".join(hand(s, 1)))
    assert prompted(s) == [1] and GAME.prompts(s)[0].kind == "choice"
    legal = {m["card"] for m in GAME.legal_moves(s, 1) if m["type"] == "remove"}
    assert {CARDS.key[c] for c in legal} == {"catapult", "trebuchet"}
    soldier = [c for c in s["battle"]["contributions"][0][1] if CARDS.key[c] == "soldier"][0]
    refused(s, 1, f"remove {soldier}", "CA-ACT-REACT-8")         # Sabotage removes Siege cards only
    treb = [c for c in legal if CARDS.key[c] == "trebuchet"][0]
    s, _ = play(s, 1, f"remove {treb}")
    legal = {CARDS.key[m["card"]] for m in GAME.legal_moves(s, 1) if m["type"] == "remove"}
    assert legal == {"soldier", "archer"}                        # now Boiling Oil's choice
    s, events = play(s, 1, f"remove {soldier}")
    assert "4 swords against 2 shields: the attack WINS" in outcome(events)   # catapult 3 + archer 1


@pytest.mark.rule("CA-ACT-REACT-9")
def test_only_the_victim_reacts_and_exploring_cannot_be_reacted_to():
    s = attacked(["soldier"], ["gold"], players=3)               # Carla holds an Ambush
    s, _ = play(s, 2, "pass")
    assert s["battle"] is None                                   # Ben has no Academy card: no window
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["explorer3"], "1": ["ambush"],
                                                           "2": ["ambush"]}})
    s, _ = play(s, 0, "explore explorer3")
    assert s["turn"] == 1 and s["battle"] is None


@pytest.mark.rule("CA-ACT-REACT-10")
def test_outside_a_window_an_academy_card_can_only_be_discarded():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["ambush", "gold"]}})
    refused(s, 0, "react ambush", "CA-ACT-REACT-10")
    refused(s, 0, "defend ambush W1", "CA-ACT-DEFEND-7")
    ambush = of_kind(s, 0, "ambush")[0]
    types = {m["type"] for m in GAME.legal_moves(s, 0) if ambush in str(m)}
    assert types == {"discard"}
    s, _ = play(s, 0, "discard ambush")
    assert CARDS.key[s["discard"][-1]] == "ambush"


@pytest.mark.rule("CA-ACT-REACT")
def test_a_reaction_move_needs_at_least_one_card():
    s = attacked(["soldier"], ["ambush"])
    refused(s, 1, {"type": "react", "cards": []}, "CA-ACT-REACT-4")
