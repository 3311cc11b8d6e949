"""Turn structure (CA-TURN)."""
import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS

from .helpers import hand, kinds, make, play, prompted, refused, said, stationed, texts


@pytest.mark.rule("CA-TURN")
@pytest.mark.rule("CA-TURN-1")
def test_every_turn_starts_with_a_compulsory_village_draw_even_the_first():
    s = make(2, {"turn": 0, "hands": {"0": ["gold"], "1": ["gold"]}, "village_top": ["king", "duke"]})
    assert kinds(hand(s, 0)) == ["gold", "king"]             # first turn: drew the King
    s, events = play(s, 0, "discard king")
    assert kinds(hand(s, 1)) == ["duke", "gold"]             # next turn: drew the Duke
    assert "{P1}'s turn: {P1} draws a Village card." in texts(events, 0)
    assert any("You drew" in t and "Duke" in t for t in texts(events, 1))
    assert not any("Duke" in t for t in texts(events, 0))    # what was drawn is secret


@pytest.mark.rule("CA-TURN-2")
def test_one_action_may_use_several_cards_and_then_the_turn_is_over():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["builder", "gold", "gold", "gold", "gold"],
                                                           "1": ["gold"]}})
    s, _ = play(s, 0, "build builder gold gold gold")
    assert sorted(CARDS.deck[c] for c in hand(s, 0)) == ["S", "V"]     # one gold + the Siege card
    assert s["turn"] == 1 and prompted(s) == [1]


@pytest.mark.rule("CA-TURN-3")
def test_a_player_cannot_pass_on_their_turn():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"]}})
    refused(s, 0, "pass", "CA-TURN-3")
    assert {m["type"] for m in GAME.legal_moves(s, 0)} - {"standing"} == {"buy", "discard"}


@pytest.mark.rule("CA-TURN-4")
def test_after_the_action_the_turn_ends_so_a_second_attack_is_out_of_turn():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "soldier"], "1": ["gold"]}})
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert s["turn"] == 1
    refused(s, 0, "attack 1/W1 soldier", "CA-TURN-6")


@pytest.mark.rule("CA-TURN-5")
def test_the_turn_actions_and_no_others():
    s = make(2, {"turn": 0, "skip_draw": True,
                 "hands": {"0": ["soldier", "archer", "gold", "gold", "builder", "builder", "explorer2", "king",
                                 "duke", "night"]}})
    types = {m.get("type") or m["pattern"].split()[0] for m in GAME.legal_moves(s, 0)}
    assert types == {"attack", "night", "defend", "build", "explore", "buy", "academy", "king", "discard",
                     "standing"}
    refused(s, 0, "draw", "CA-ACT-KING-3")                   # only inside a King turn
    err = refused(s, 0, "join soldier", "CA-MULTI-1")
    assert err.code == "wrong-move-now"


@pytest.mark.rule("CA-TURN-6")
def test_out_of_turn_a_player_may_only_react_or_join_when_asked():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "gold"], "1": ["gold", "soldier"],
                                                           "2": ["gold", "soldier"]}})
    err = refused(s, 1, "discard gold", "CA-TURN-6")
    assert "waiting for seat 0, on seat 0's turn" in err.message
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert prompted(s) == [2]                                  # the joiner, not the victim yet
    refused(s, 1, "pass", "CA-TURN-6")
    refused(s, 2, "discard gold", "CA-MULTI-4")                # in the join window: join or pass only


@pytest.mark.rule("CA-TURN-7")
def test_an_empty_hand_after_the_draw_is_a_forced_pass():
    s = make(2, {"turn": 1, "skip_draw": True, "hands": {"0": [], "1": ["archer", "archer"]}})
    s["hands"][1] += s["village"]                              # no Village card left to draw anywhere
    s["village"] = []
    s, events = play(s, 1, "defend archer W1")
    assert "{P0} has no card and no possible action: the turn passes." in texts(events)
    assert s["turn"] == 1 and prompted(s) == [1] and hand(s, 0) == []


@pytest.mark.rule("CA-GEN-5")
def test_a_draw_from_an_empty_deck_rebuilds_it_from_the_discard_pile():
    s = make(2, {"turn": 1, "skip_draw": True, "hands": {"0": [], "1": ["gold", "archer"]}})
    s["hands"][1] += s["village"]
    s["village"] = []
    s, events = play(s, 1, "discard gold")
    assert kinds(hand(s, 0)) == ["gold"] and s["discard"] == []
    assert any("Village deck ran out" in t for t in texts(events))


@pytest.mark.rule("CA-TURN-7")
def test_an_empty_hand_is_a_forced_pass_even_with_a_stationed_defender():
    """No card in hand after the draw: no legal action, the turn passes. A stationed defender
    does not oblige the player to take it back (which no-pass would otherwise force)."""
    s = make(2, {"turn": 1, "skip_draw": True, "hands": {"0": [], "1": ["archer", "archer"]},
                 "posts": {"0": {"W1": {"defenders": ["archer"]}}}})
    archer = stationed(s, 0, "W1")[0]
    s["hands"][1] += s["village"]                              # no Village card left to draw anywhere
    s["village"] = []
    s, events = play(s, 1, "defend archer W1")                 # the discard pile stays empty
    assert said(events, "{P0} has no card and no possible action: the turn passes.")
    assert stationed(s, 0, "W1") == [archer] and hand(s, 0) == []
    assert s["turn"] == 1 and prompted(s) == [1]


@pytest.mark.rule("CA-TURN-8")
def test_an_eliminated_players_turn_is_a_gift_or_a_pass_without_a_draw():
    s = make(3, {"turn": 0, "skip_draw": True, "eliminated": [1],
                 "hands": {"0": ["gold"], "1": ["soldier", "gold"], "2": ["gold"]}})
    s, _ = play(s, 0, "discard gold")
    assert s["turn"] == 1 and s["phase"] == "gift" and len(hand(s, 1)) == 2      # no draw
    refused(s, 1, "discard gold", "CA-MULTI-9")
    s, events = play(s, 1, "give 2 soldier")
    assert "soldier" in kinds(hand(s, 2)) and s["turn"] == 2
    assert CARDS.key[hand(s, 1)[0]] == "gold"
