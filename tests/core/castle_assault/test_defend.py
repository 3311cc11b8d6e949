"""Defend: station or take back a defender (CA-ACT-DEFEND)."""
import pytest

from core.castle_assault import GAME

from .helpers import hand, kinds, make, of_kind, play, refused, stationed, view_text


def mine(cards, posts=None, king=False):
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": list(cards), "1": ["gold"]}, "posts": posts or {}})
    return s


def shields(s, seat, post):
    return {p["post"]: p["shields"] for p in GAME.view(s, 1 - seat)["fortresses"][seat]["posts"]}[post]


@pytest.mark.rule("CA-ACT-DEFEND-1")
def test_an_archer_on_a_wall_or_a_soldier_on_the_castle_is_an_action():
    s = mine(["archer", "soldier"])
    archer = of_kind(s, 0, "archer")[0]
    s, events = play(s, 0, f"defend {archer} W2")
    assert stationed(s, 0, "W2") == [archer] and archer not in hand(s, 0) and s["turn"] == 1
    assert any("stations" in e.text and "now 3 shields" in e.text for e in events)
    s = mine(["soldier"])
    s, _ = play(s, 0, "defend soldier C")
    assert kinds(stationed(s, 0, "C")) == ["soldier"]


@pytest.mark.rule("CA-ACT-DEFEND-2")
@pytest.mark.rule("CA-GEN-7")
def test_the_defenders_colour_must_match_the_post():
    s = mine(["archer", "soldier"])
    refused(s, 0, "defend archer C", "CA-ACT-DEFEND-2")
    refused(s, 0, "defend soldier W1", "CA-ACT-DEFEND-2")


@pytest.mark.rule("CA-ACT-DEFEND-3")
def test_no_more_defenders_than_the_posts_printed_shields():
    s = mine(["archer"], {"0": {"W1": {"defenders": ["archer", "archer"]}}})
    refused(s, 0, "defend archer W1", "CA-ACT-DEFEND-3")
    s = mine(["soldier"], {"0": {"C": {"defenders": ["soldier"] * 4}}})
    refused(s, 0, "defend soldier C", "CA-ACT-DEFEND-3")
    s = mine(["soldier"], {"0": {"C": {"defenders": ["soldier"] * 3}}})
    s, _ = play(s, 0, "defend soldier C")
    assert len(stationed(s, 0, "C")) == 4


@pytest.mark.rule("CA-ACT-DEFEND-4")
def test_each_archer_adds_one_shield_each_soldier_half():
    s = mine(["archer", "soldier"])
    assert shields(s, 0, "W1") == 4 and shields(s, 0, "C") == 8
    s, _ = play(s, 0, "defend archer W1")
    assert shields(s, 0, "W1") == 6
    s = mine(["soldier"])
    s, _ = play(s, 0, "defend soldier C")
    assert shields(s, 0, "C") == 9                          # 4 1/2 shields, in half points


@pytest.mark.rule("CA-ACT-DEFEND-5")
def test_taking_a_stationed_card_back_is_an_action():
    s = mine(["gold"], {"0": {"W1": {"defenders": ["archer"]}}})
    archer = stationed(s, 0, "W1")[0]
    s, events = play(s, 0, f"takeback {archer}")
    assert archer in hand(s, 0) and stationed(s, 0, "W1") == [] and s["turn"] == 1
    refused(mine(["gold"], {"1": {"W1": {"defenders": ["archer"]}}}), 0, "takeback V20", "CA-ACT-DEFEND-5")


@pytest.mark.rule("CA-ACT-DEFEND-6")
@pytest.mark.rule("CA-ACT-KING-8")
def test_one_defend_per_turn_even_with_the_king():
    """Changed in rules version 2 (issue 9): the limit is on placing only ("Sólo se puede colocar una por
    turno"); a take-back no longer uses up the turn's placement. Version 1 refused the defend below."""
    s = mine(["king", "archer", "archer"], {"0": {"C": {"defenders": ["soldier"]}}})
    s, _ = play(s, 0, "king king")
    soldier = stationed(s, 0, "C")[0]
    s, _ = play(s, 0, f"takeback {soldier}")
    assert any(m.get("type") == "defend" for m in GAME.legal_moves(s, 0))
    s, _ = play(s, 0, "defend archer W1")
    assert len(stationed(s, 0, "W1")) == 1 and soldier in s["hands"][0]
    s = mine(["king", "archer", "archer"], {"0": {"C": {"defenders": ["soldier"]}}})
    s, _ = play(s, 0, "king king")
    s, _ = play(s, 0, "defend archer W1")
    refused(s, 0, "defend archer W2", "CA-ACT-DEFEND-6")                 # the second placement
    assert not any(m.get("type") == "defend" for m in GAME.legal_moves(s, 0))
    assert any(m.get("type") == "takeback" for m in GAME.legal_moves(s, 0))


@pytest.mark.rule("CA-ACT-DEFEND-7")
def test_only_own_standing_posts_and_never_siege_or_academy_cards():
    s = mine(["archer", "catapult", "ambush", "gold"], {"0": {"W3": {"standing": False}}})
    refused(s, 0, "defend archer W3", "CA-ACT-DEFEND-7")
    refused(s, 0, "defend catapult W1", "CA-ACT-DEFEND-7")
    refused(s, 0, "defend ambush C", "CA-ACT-DEFEND-7")
    refused(s, 0, "defend gold W1", "CA-ACT-DEFEND-7")
    three = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["archer"]}})
    refused(three, 0, "defend archer W3", "CA-ACT-DEFEND-7")        # 3 players have two walls


@pytest.mark.rule("CA-ACT-DEFEND-8")
def test_stationed_cards_stay_and_are_public():
    s = mine(["archer", "gold"])
    archer = of_kind(s, 0, "archer")[0]
    s, _ = play(s, 0, f"defend {archer} W1")
    assert f'"{archer}"' in view_text(s, 1) and f'"{archer}"' in view_text(s, None)
    for _ in range(3):                                        # turns pass; it stays put
        seat = s["turn"]
        s, _ = play(s, seat, "discard " + hand(s, seat)[0])
    assert stationed(s, 0, "W1") == [archer]


@pytest.mark.rule("CA-ACT-DEFEND")
def test_legal_defences_are_listed_exactly():
    s = mine(["archer", "soldier"], {"0": {"W1": {"defenders": ["archer", "archer"]}}})
    archer, soldier = of_kind(s, 0, "archer")[0], of_kind(s, 0, "soldier")[0]
    defs = sorted(GAME.format(m) for m in GAME.legal_moves(s, 0) if m.get("type") == "defend")
    assert defs == sorted([f"defend {archer} W2", f"defend {archer} W3", f"defend {soldier} C"])
